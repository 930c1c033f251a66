package components

import (
	"fmt"
	"math"

	"druckreif/layout"
	"druckreif/layout/pieces"
)

// ChipDiameter is the size of a labyrinth bet chip; the board's chip fields
// are drawn to fit it.
const ChipDiameter = 18.0

// PieceSet is the size of the pawns and Lingutaurus tiles for one board.
// The maze is one model for every size (the scorer draws from it), so the
// A3 board, whose loops are smaller, comes with its own smaller pieces: on
// each board every loop and niche is at least 2 mm wider inside than a
// pawn's base diagonal and than a tile (layout/maze tests this).
type PieceSet struct {
	Board string // the board's paper: "a2" (also the A4 tiles) or "a3"
	// PawnW × PawnD is a pawn's base, Panel the height of its two faces.
	PawnW, PawnD, Panel float64
	Tile                float64 // a Lingutaurus tile's diameter
}

// PawnDiagonal is the diagonal of a pawn's base: what a loop must hold
// whichever way the pawn stands.
func (s PieceSet) PawnDiagonal() float64 { return math.Hypot(s.PawnW, s.PawnD) }

// The two piece sets: the A2 board's (its loops are 27 mm inside) and the
// A3 board's (18.9 mm).
var (
	PiecesA2 = PieceSet{Board: "a2", PawnW: 18, PawnD: 14, Panel: 26, Tile: 22}
	PiecesA3 = PieceSet{Board: "a3", PawnW: 12, PawnD: 9, Panel: 18, Tile: 15}
)

// PiecesFor is the piece set made for a board's paper.
func PiecesFor(board layout.Paper) PieceSet {
	if board.Name == layout.A3.Name {
		return PiecesA3
	}
	return PiecesA2
}

// Labyrinth are the punch-out components of Das große Spiel: 30 bet chips
// (six colours × 1–5, two-sided), 18 tip cards (six colours × A/B/C, backs
// "TIPP"), 3 Lingutaurus tiles and six pawns.
func Labyrinth() []Sheet {
	var chips, tips []pieces.Piece
	for _, pc := range pieces.Players {
		pc := pc
		for v := 1; v <= 5; v++ {
			v := v
			chips = append(chips, pieces.Piece{
				Name: fmt.Sprintf("Einsatzchip %s %d", pc.Name, v), W: ChipDiameter, H: ChipDiameter, Round: true,
				Edge: pc.Colour, BackEdge: pc.Colour,
				Front: func(c *layout.Canvas) {
					c.Circle(c.W/2, c.H/2, c.W/2, pc.Colour, layout.Color{}, 0)
					c.Circle(c.W/2, c.H/2, 6, layout.White, layout.Color{}, 0)
					c.Mark(c.W/2, c.H/2, 0, fmt.Sprint(v), "B", 16, ink)
					c.Mark(c.W/2, 1.5, 0, pc.Symbol, "B", 6.5, layout.White) // in the ring
				},
				Back: func(c *layout.Canvas) {
					c.Circle(c.W/2, c.H/2, c.W/2, pc.Colour, layout.Color{}, 0)
					c.Mark(c.W/2, c.H/2, 0, pc.Symbol, "B", 16, layout.White)
				},
			})
		}
		for _, l := range []string{"A", "B", "C"} {
			l := l
			tips = append(tips, pieces.Piece{
				Name: "Tippkarte " + pc.Name + " " + l, W: 30, H: 42, Corner: 2,
				Edge: pc.Colour, BackEdge: pc.Colour,
				Front: func(c *layout.Canvas) {
					c.RoundRect(0, 0, c.W, c.H, 2, layout.White, pc.Colour, 2)
					c.Mark(c.W/2, 19.5, 0, l, "B", 40, pc.Colour)
					c.Mark(4.8, 4.8, 0, pc.Symbol, "B", 8, pc.Colour)
					c.Text(c.W/2, c.H-6, pc.Name, "B", 6, ink, layout.Center)
				},
				Back: func(c *layout.Canvas) {
					c.RoundRect(0, 0, c.W, c.H, 2, pc.Colour, layout.Color{}, 0)
					c.Mark(c.W/2, 17, 0, "TIPP", "B", 13, layout.White)
					c.Mark(c.W/2, 27, 0, pc.Symbol, "B", 12, layout.White)
				},
			})
		}
	}
	return []Sheet{
		{Name: "einsatzchips-tippkarten", Title: "Das große Spiel – Einsatzchips und Tippkarten",
			Notes:  "Beidseitig drucken (lange Kante), an den Linien ausschneiden. Jede Farbe hat ihr Zeichen: ● Rot ■ Blau ▲ Grün ◆ Gelb ★ Lila ✚ Orange.",
			Pieces: append(chips, tips...)},
		pieceSheet(PiecesA2),
		pieceSheet(PiecesA3),
	}
}

// pieceSheet is the sheet of pawns and Lingutaurus tiles for one board.
func pieceSheet(set PieceSet) Sheet {
	var ps []pieces.Piece
	for _, pc := range pieces.Players {
		ps = append(ps, pawn(pc, set))
	}
	bull := layout.RGB(120, 65, 30)
	d := set.Tile
	for i := 1; i <= 3; i++ {
		ps = append(ps, pieces.Piece{Name: fmt.Sprintf("Lingutaurus-Plättchen %d", i), W: d, H: d, Round: true, Edge: bull,
			Front: func(c *layout.Canvas) {
				c.Circle(d/2, d/2, d/2, bull, layout.Color{}, 0)
				c.Circle(d/2, d/2, d/2-1.2*d/22, layout.Color{}, layout.White, 0.5)
				c.Mark(d/2, d/2, 0, "♉", "B", 32*d/22, layout.White)
			}})
	}
	base := fmt.Sprintf("%g × %g mm", set.PawnW, set.PawnD)
	if set == PiecesA2 {
		return Sheet{Name: "figuren-plaettchen", Title: "Das große Spiel – Spielfiguren und Lingutaurus-Plättchen",
			Notes:  "Für den A2-Plan und die A4-Kacheln. Einseitig drucken. Figuren falzen, Fuß (" + base + ") unterkleben. Plättchen auf die Stierfelder.",
			Pieces: ps}
	}
	return Sheet{Name: "figuren-plaettchen-" + set.Board, Title: "Das große Spiel – Spielfiguren und Lingutaurus-Plättchen für den A3-Plan",
		Notes:  "Nur für den A3-Plan (kleinere Felder). Einseitig drucken. Figuren falzen, Fuß (" + base + ") unterkleben. Plättchen auf die Stierfelder.",
		Pieces: ps}
}

// pawn is a labyrinth playing piece: a fold-over stand-up whose base fits
// a field's loop on its board. The A3 pawn is the A2 one drawn smaller.
func pawn(pc pieces.PlayerColour, set PieceSet) pieces.Piece {
	w, panel := set.PawnW, set.Panel
	k := w / PiecesA2.PawnW
	side := func(c *layout.Canvas) {
		c.Rect(0, 0, w, panel, pc.Colour)
		c.Circle(w/2, 10*k, 7*k, layout.White, layout.Color{}, 0)
		c.Mark(w/2, 10*k, 0, pc.Symbol, "B", 15*k, pc.Colour)
		c.Text(w/2, 19.5*k, pc.Name, "B", fitLine(c, pc.Name, "B", 6, 4, w-2), layout.White, layout.Center)
	}
	return figure("Spielfigur "+pc.Name, w, panel, set.PawnD, pc.Colour, side, side)
}
