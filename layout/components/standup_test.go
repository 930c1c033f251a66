package components

import (
	"math"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/layout/pieces"
)

// allPieces are the punch-out pieces of every game.
func allPieces(t *testing.T) []pieces.Piece {
	set, probs := decks.LoadSet(decks.Options{})
	if set == nil {
		t.Fatal(probs)
	}
	raab, _ := Raab(SortStrips(set))
	var out []pieces.Piece
	for _, sh := range append(append(append(Labyrinth(), Dativ()...), Genial()...), raab...) {
		out = append(out, sh.Pieces...)
	}
	return out
}

// Every stand-up stands on its own: a folded double base, the panels over
// its middle, so it tips over only when leaned by more than 20° (on one
// foot glued under one side it tipped backwards at once). The strip is as
// long as its parts, and a labyrinth pawn's base is the 18 × 14 mm the
// board's loops are measured against.
func TestStandUpsStandOnTheirOwn(t *testing.T) {
	n := 0
	for _, pc := range allPieces(t) {
		isFigure := strings.HasPrefix(pc.Name, "Spielfigur") || strings.HasPrefix(pc.Name, "Aufsteller") || strings.HasSuffix(strings.Fields(pc.Name)[0], "anzeiger")
		if pc.Stand == nil {
			if isFigure {
				t.Errorf("%s stands without a base", pc.Name)
			}
			continue
		}
		n++
		st := pc.Stand
		if got := 2*st.Panel + 2*st.Foot; math.Abs(got-pc.H) > 1e-9 {
			t.Errorf("%s: strip %.1f mm, parts %.1f mm", pc.Name, pc.H, got)
		}
		// The centre of mass sits at half the panel's height over the
		// middle of the base; it topples when tilted past atan(foot / h).
		tip := math.Atan(st.Foot/(st.Panel/2)) * 180 / math.Pi
		if tip < 20 {
			t.Errorf("%s: topples at %.0f°, want ≥ 20°", pc.Name, tip)
		}
		for _, set := range []PieceSet{PiecesA2, PiecesA3} {
			if strings.HasPrefix(pc.Name, "Spielfigur") && strings.Contains(pc.Name, "Rot") && pc.W == set.PawnW {
				if d := 2 * st.Foot; d != set.PawnD {
					t.Errorf("%s: base %.0f × %.0f mm, want %.0f × %.0f", pc.Name, pc.W, d, set.PawnW, set.PawnD)
				}
			}
		}
	}
	if n < 6+6+2+4 {
		t.Errorf("only %d stand-ups", n)
	}
}
