package components

import (
	"strings"

	"druckreif/layout"
	"druckreif/layout/pieces"
)

// ChipShape is how the kit prints its round chips (--chips).
type ChipShape int

const (
	RoundChips  ChipShape = iota // discs, as in the published games
	SquareChips                  // squares of the discs' diameter, cut with straight lines
)

// ParseChipShape reads a --chips value.
func ParseChipShape(s string) (ChipShape, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "round", "rund":
		return RoundChips, true
	case "square", "eckig", "quadratisch":
		return SquareChips, true
	}
	return 0, false
}

// IsChip reports whether a piece is a chip (its name's first word ends in
// "chip": Einsatzchip, Punktechip, Buchstabenchip, Stimmt’s?-Chip), the
// round pieces --chips square makes square. Tiles that must fit a board's
// field (the Lingutaurus tiles) are no chips and stay round.
func IsChip(pc pieces.Piece) bool {
	first := strings.ToLower(strings.Fields(pc.Name + " ")[0])
	return strings.HasSuffix(first, "chip")
}

// WithChips returns the sheets with their round chips in the shape asked
// for. A square chip is as wide as the disc was: the face's edge colour
// fills the square, the disc's drawing lies on it unchanged, and the cut is
// four straight lines — on a sheet of one-sided chips of one colour shared
// by the neighbours (pieces.GapFor), so a ruler and a cutter run across the
// whole sheet.
func WithChips(sheets []Sheet, shape ChipShape) []Sheet {
	if shape != SquareChips {
		return sheets
	}
	out := make([]Sheet, len(sheets))
	for i, sh := range sheets {
		sh.Pieces = append([]pieces.Piece(nil), sh.Pieces...)
		for j, pc := range sh.Pieces {
			switch {
			case pc.Round && IsChip(pc):
				sh.Pieces[j] = square(pc)
			case j > 0 && IsChip(sh.Pieces[j-1]):
				// What follows the chips starts a row of its own: the cuts
				// along the chips' rows run clear across the sheet.
				sh.Pieces[j].NewRow = true
			}
		}
		out[i] = sh
	}
	return out
}

func square(pc pieces.Piece) pieces.Piece {
	pc.Round, pc.Corner = false, 0
	on := func(edge layout.Color, draw func(c *layout.Canvas)) func(c *layout.Canvas) {
		if draw == nil {
			return nil
		}
		return func(c *layout.Canvas) {
			c.Rect(0, 0, c.W, c.H, edge)
			draw(c)
		}
	}
	pc.Front, pc.Back = on(pc.Edge, pc.Front), on(pc.BackEdge, pc.Back)
	return pc
}
