package components

import (
	"testing"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/pieces"
)

// --chips square turns every round chip into a square of its diameter
// with straight edges, and leaves the tiles that must fit a board's field
// round.
func TestSquareChips(t *testing.T) {
	all := append(append(Labyrinth(), Dativ()...), Genial()...)
	chips := 0
	for _, sh := range WithChips(all, SquareChips) {
		for _, pc := range sh.Pieces {
			switch {
			case IsChip(pc):
				chips++
				if pc.Round || pc.Corner != 0 || pc.W != pc.H {
					t.Errorf("%s: round %v, corner %.1f, %.0f × %.0f", pc.Name, pc.Round, pc.Corner, pc.W, pc.H)
				}
			case pc.Name == "Lingutaurus-Plättchen 1" && !pc.Round:
				t.Errorf("%s made square", pc.Name)
			}
		}
	}
	if chips != 30+100 {
		t.Errorf("%d chips, want 30 bet chips and 100 point chips", chips)
	}
	for _, sh := range WithChips(Labyrinth(), RoundChips) {
		for _, pc := range sh.Pieces {
			if IsChip(pc) && !pc.Round {
				t.Errorf("%s square without --chips square", pc.Name)
			}
		}
	}
}

// Square chips are cut with straight lines across the sheet, as with a
// guillotine: no line along the top or bottom of a chip runs through any
// piece, so each row of chips comes off as a strip, and no line along a
// chip's side runs through another piece of its strip. The one-sided point
// chips of one colour are butted and share their cuts.
func TestSquareChipsCutStraightAcrossTheSheet(t *testing.T) {
	set, probs := decks.LoadSet(decks.Options{})
	if set == nil {
		t.Fatal(probs)
	}
	raab, _ := Raab(SortStrips(set))
	for _, sh := range WithChips(append(append(Labyrinth(), Dativ()...), raab...), SquareChips) {
		hasChips := false
		for _, pc := range sh.Pieces {
			hasChips = hasChips || IsChip(pc)
		}
		if !hasChips {
			continue
		}
		for _, p := range []layout.Paper{layout.A4, layout.Letter} {
			places, _ := pieces.Layout(p, sh.Pieces)
			const eps = 1e-6
			for _, a := range places {
				if !IsChip(*a.Piece) {
					continue
				}
				for _, b := range places {
					if a.Page != b.Page || a == b {
						continue
					}
					for _, y := range []float64{a.Y, a.Y + a.Piece.H} {
						if b.Y < y-eps && y < b.Y+b.Piece.H-eps {
							t.Fatalf("%s on %s: the cut at y = %.1f along %s runs through %s", sh.Name, p.Name, y, a.Piece.Name, b.Piece.Name)
						}
					}
					inStrip := b.Y < a.Y+a.Piece.H-eps && b.Y+b.Piece.H > a.Y+eps
					for _, x := range []float64{a.X, a.X + a.Piece.W} {
						if inStrip && b.X < x-eps && x < b.X+b.Piece.W-eps {
							t.Fatalf("%s on %s: the cut at x = %.1f along %s runs through %s", sh.Name, p.Name, x, a.Piece.Name, b.Piece.Name)
						}
					}
				}
			}
			if sh.Name == "punktechips" {
				if gap := pieces.GapFor(sh.Pieces); gap != 0 {
					t.Errorf("point chips %.0f mm apart, want butted", gap)
				}
				if n := places[1].X - places[0].X; n != sh.Pieces[0].W {
					t.Errorf("point chips %.1f mm from one to the next, want %.0f (shared cuts)", n, sh.Pieces[0].W)
				}
			}
		}
	}
}
