package components

import (
	"testing"

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

// Square chips are cut with straight lines across the sheet: no line
// along the top or bottom of a chip runs through another piece (the chips'
// block comes off in one cut), and no line along a chip's side runs
// through another piece of that block. The one-sided point chips
// of one colour are butted and share their cuts.
func TestSquareChipsCutStraightAcrossTheSheet(t *testing.T) {
	for _, sh := range WithChips(append(Labyrinth(), Dativ()...), SquareChips) {
		var chips []pieces.Piece
		for _, pc := range sh.Pieces {
			if IsChip(pc) {
				chips = append(chips, pc)
			}
		}
		if len(chips) == 0 {
			continue
		}
		for _, p := range []layout.Paper{layout.A4, layout.Letter} {
			places, _ := pieces.Layout(p, sh.Pieces)
			var onChips []pieces.Placement
			for _, pl := range places {
				if IsChip(*pl.Piece) {
					onChips = append(onChips, pl)
				}
			}
			blockTop, blockBottom := map[int]float64{}, map[int]float64{}
			for _, pl := range onChips {
				if top, ok := blockTop[pl.Page]; !ok || pl.Y < top {
					blockTop[pl.Page] = pl.Y
				}
				blockBottom[pl.Page] = max(blockBottom[pl.Page], pl.Y+pl.Piece.H)
			}
			for _, a := range onChips {
				for _, b := range places {
					if a.Page != b.Page {
						continue
					}
					inBlock := b.Y < blockBottom[b.Page] && b.Y+b.Piece.H > blockTop[b.Page]
					for _, x := range []float64{a.X, a.X + a.Piece.W} {
						if inBlock && b.X < x-1e-6 && x < b.X+b.Piece.W-1e-6 {
							t.Fatalf("%s on %s: the cut at x = %.1f along %s runs through %s", sh.Name, p.Name, x, a.Piece.Name, b.Piece.Name)
						}
					}
					for _, y := range []float64{a.Y, a.Y + a.Piece.H} {
						if b.Y < y-1e-6 && y < b.Y+b.Piece.H-1e-6 {
							t.Fatalf("%s on %s: the cut at y = %.1f along %s runs through %s", sh.Name, p.Name, y, a.Piece.Name, b.Piece.Name)
						}
					}
				}
			}
			if sh.Name == "punktechips" {
				if gap := pieces.GapFor(sh.Pieces); gap != 0 {
					t.Errorf("point chips %.0f mm apart, want butted", gap)
				}
				if n := places[1].X - places[0].X; n != chips[0].W {
					t.Errorf("point chips %.1f mm from one to the next, want %.0f (shared cuts)", n, chips[0].W)
				}
			}
		}
	}
}
