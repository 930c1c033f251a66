package layout

import "testing"

func colouredCards(counts map[Color]int, order []Color) []Card {
	var out []Card
	for _, c := range order {
		for i := 0; i < counts[c]; i++ {
			out = append(out, Card{Front: &Face{Background: c}, Back: &Face{Background: RGB(50, 50, 50)}})
		}
	}
	return out
}

// Cards of several backgrounds never share a cut with a neighbour of
// another: they are spaced (each card its own bleed) or sorted onto sheets
// of one background, whichever takes fewer sheets.
func TestImposeNeverButtsDifferentGrounds(t *testing.T) {
	red, blue, green, black := RGB(229, 57, 53), RGB(30, 136, 229), RGB(67, 160, 71), RGB(33, 33, 33)
	cases := []struct {
		name   string
		counts map[Color]int
		order  []Color
		paper  Paper
		w, h   float64
		spaced bool // expected: the gutter rather than sorting
	}{
		// The Game on A4: 8 a sheet either way, so the gutter wins.
		{"the game a4", map[Color]int{black: 4, blue: 32, green: 33, red: 33}, []Color{black, blue, green, red}, A4, 63, 88, true},
		// A tie keeps the deck's order, spaced.
		{"tie", map[Color]int{blue: 16, red: 16}, []Color{blue, red}, A4, 63, 88, true},
		// On Letter the gutter costs a row or column: sorted onto sheets of
		// one colour, the cards need fewer sheets.
		{"the game letter", map[Color]int{black: 4, blue: 32, green: 33, red: 33}, []Color{black, blue, green, red}, Letter, 63, 88, false},
	}
	for _, tc := range cases {
		for _, mode := range []Mode{Duplex, Gutterfold} {
			cards := colouredCards(tc.counts, tc.order)
			imp, err := Impose(cards, tc.w, tc.h, Options{Paper: tc.paper, Mode: mode})
			if err != nil {
				t.Fatal(err)
			}
			if bad := SharedCutsBetweenGrounds(imp); len(bad) > 0 {
				t.Errorf("%s %v: %d shared cuts between colours, e.g. %s", tc.name, mode, len(bad), bad[0])
			}
			n := 0
			for _, s := range imp.Sheets {
				n += len(s)
			}
			if n != len(cards) {
				t.Errorf("%s %v: %d cards imposed of %d", tc.name, mode, n, len(cards))
			}
			if mode == Duplex && (imp.Grid.Gutter > 0) != tc.spaced {
				t.Errorf("%s: gutter %.0f, want spaced=%v", tc.name, imp.Grid.Gutter, tc.spaced)
			}
		}
	}
	// Colours alternating card by card.
	var mixed []Card
	for i := 0; i < 40; i++ {
		mixed = append(mixed, colouredCards(map[Color]int{red: 1, blue: 1}, []Color{[]Color{red, blue}[i%2]})...)
	}
	for _, p := range []Paper{A4, Letter} {
		imp, _ := Impose(mixed, 63, 88, Options{Paper: p})
		if bad := SharedCutsBetweenGrounds(imp); len(bad) > 0 {
			t.Errorf("alternating on %s: %s", p.Name, bad[0])
		}
	}
	// One background: butted as before.
	imp, _ := Impose(colouredCards(map[Color]int{blue: 20}, []Color{blue}), 63, 88, Options{Paper: A4})
	if imp.Grid.Gutter != 0 || len(imp.Sheets) != 3 {
		t.Errorf("one background: gutter %.0f, %d sheets", imp.Grid.Gutter, len(imp.Sheets))
	}
}
