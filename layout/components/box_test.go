package components

import (
	"math"
	"testing"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/pieces"
)

// A deck box holds its deck: the tray's floor takes a sleeved card on its
// long edge with play and the deck's thickness with room for fingers; its
// walls leave the cards' top to grab; the lid slides over the tray and,
// closed, covers the cards. Each net fits its sheet, and its cut line is
// the floor, four walls and four tabs (the polygon's area).
func TestDeckBoxHoldsItsDeck(t *testing.T) {
	const w, h = 63.0, 88.0
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		for _, n := range []int{20, 102, 150, 300, 1205} {
			tray, lid, boxes, err := DeckBoxes(n, w, h, p)
			if err != nil {
				t.Fatalf("%s, %d cards: %v", p.Name, n, err)
			}
			per := (n + boxes - 1) / boxes
			if tray.L < h+sleeveExtra || tray.Depth < float64(per)*SleevedCard+4 {
				t.Errorf("%s, %d cards: a tray of %.0f × %.0f mm for %d sleeved cards", p.Name, n, tray.L, tray.Depth, per)
			}
			cardH := w + sleeveExtra
			if tray.Wall >= cardH-15 {
				t.Errorf("%s: walls of %.0f mm hide cards of %.0f mm", p.Name, tray.Wall, cardH)
			}
			if lid.L < tray.L+1 || lid.Depth < tray.Depth+1 {
				t.Errorf("%s: a lid of %.0f × %.0f mm over a tray of %.0f × %.0f mm", p.Name, lid.L, lid.Depth, tray.L, tray.Depth)
			}
			if tray.Wall+lid.Wall < cardH {
				t.Errorf("%s: closed, the box is %.0f mm high for cards of %.0f mm", p.Name, tray.Wall+lid.Wall, cardH)
			}
			for _, b := range []Box{tray, lid} {
				nw, nh := b.Net()
				places, sheets := pieces.Layout(p, []pieces.Piece{{Name: "x", W: nw, H: nh}})
				if sheets != 1 || places[0].Y+nh > p.H-layout.PrintableMargin {
					t.Errorf("%s: a net of %.0f × %.0f mm does not fit the sheet", p.Name, nw, nh)
				}
				want := b.L*b.Depth + 2*b.Wall*(b.L+b.Depth) + 4*(b.Wall-min(2, b.Wall/4))*b.tab
				if got := polygonArea(b.outline()); math.Abs(got-want) > 1e-6 {
					t.Errorf("%s: the cut line encloses %.1f mm², floor, walls and tabs are %.1f", p.Name, got, want)
				}
			}
			if n <= 102 && boxes != 1 {
				t.Errorf("%s: %d cards in %d boxes", p.Name, n, boxes)
			}
		}
	}
	sh, err := DeckBox(decks.TheGame, 102, w, h, layout.A4)
	if err != nil || len(sh.Pieces) != 2 {
		t.Fatalf("The Game's box: %v, %d pieces", err, len(sh.Pieces))
	}
}

// polygonArea is the shoelace area of a closed polygon of x, y pairs.
func polygonArea(xy []float64) float64 {
	a := 0.0
	n := len(xy) / 2
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		a += xy[2*i]*xy[2*j+1] - xy[2*j]*xy[2*i+1]
	}
	return math.Abs(a) / 2
}

// The box sheets' title and note fit the sheet's width at their sizes.
func TestDeckBoxSheetTextFits(t *testing.T) {
	m := layout.Setter().M
	for _, g := range []decks.Game{decks.Labyrinth, decks.TheGame, decks.Genial} {
		sh, err := DeckBox(g, 300, 63, 88, layout.Letter)
		if err != nil {
			t.Fatal(err)
		}
		room := layout.Letter.W - 2*layout.PrintableMargin - 4
		if w := m.Width("B", 11, sh.Title+" · Blatt 2/2"); w > room {
			t.Errorf("%s: title %.0f mm wide, room for %.0f", g, w, room)
		}
		if w := m.Width("", 7, sh.Notes); w > room {
			t.Errorf("%s: note %.0f mm wide, room for %.0f", g, w, room)
		}
	}
}
