package identity

import (
	"math"
	"testing"

	"druckreif/decks"
	"druckreif/layout"
)

// Every game of the kit has a scheme, and each scheme its own ground and
// ornament: the five games are told apart from their backs.
func TestEveryGameHasItsOwnScheme(t *testing.T) {
	grounds := map[layout.Color]decks.Game{}
	ornaments := map[Ornament]decks.Game{}
	for _, g := range decks.Games {
		s, ok := Of(g)
		if !ok {
			t.Fatalf("no scheme for %s", g)
		}
		if other, dup := grounds[s.Ground]; dup {
			t.Errorf("%s and %s share the ground %v", g, other, s.Ground)
		}
		if other, dup := ornaments[s.Ornament]; dup {
			t.Errorf("%s and %s share the ornament %s", g, other, s.Ornament.Name())
		}
		grounds[s.Ground], ornaments[s.Ornament] = g, g
	}
}

// The title's letters are legible on the cartouche's field and the
// ornament stands out from it (WCAG contrast ratios: 7 for text, 3 for
// graphics).
func TestCartoucheContrast(t *testing.T) {
	for _, g := range decks.Games {
		s := MustOf(g)
		if r := contrast(s.Letters, s.Deep); r < 7 {
			t.Errorf("%s: letters on the field have contrast %.1f, want ≥ 7", g, r)
		}
		if r := contrast(s.Accent, s.Deep); r < 3 {
			t.Errorf("%s: accent on the field has contrast %.1f, want ≥ 3", g, r)
		}
		if r := contrast(s.Letters, s.Ground); r < 4.5 {
			t.Errorf("%s: white text on the ground has contrast %.1f, want ≥ 4.5", g, r)
		}
	}
}

// The cartouche's text stays inside its field at every size the kit uses
// (a card back, a box lid, a cover), and on a card back it is large enough
// to read across the table.
func TestCartoucheTextFitsItsField(t *testing.T) {
	sizes := [][2]float64{{48, 30}, {53, 33}, {120, 60}, {170, 95}}
	for _, g := range decks.Games {
		s := MustOf(g)
		for _, sz := range sizes {
			w, h := sz[0], sz[1]
			fx, fy, fw, fh := Field(0, 0, w, h)
			lines := s.Lines(0, 0, w, h)
			if len(lines) == 0 {
				t.Fatalf("%s: no lines", g)
			}
			for _, l := range lines {
				x0, y0, x1, y1 := layout.InkExtent(l.Text, l.Style, l.SizePt)
				lx0, lx1 := l.CX-(x1-x0)/2, l.CX+(x1-x0)/2
				ly0, ly1 := l.CY-(y1-y0)/2, l.CY+(y1-y0)/2
				const eps = 0.01
				if lx0 < fx-eps || lx1 > fx+fw+eps || ly0 < fy-eps || ly1 > fy+fh+eps {
					t.Errorf("%s %v×%v: %q ink %.1f–%.1f × %.1f–%.1f leaves the field %.1f–%.1f × %.1f–%.1f",
						g, w, h, l.Text, lx0, lx1, ly0, ly1, fx, fx+fw, fy, fy+fh)
				}
			}
			if w <= 53 && lines[0].SizePt < 7 {
				t.Errorf("%s %v×%v: title at %.1f pt, want ≥ 7", g, w, h, lines[0].SizePt)
			}
		}
	}
}

func contrast(a, b layout.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(c layout.Color) float64 {
	ch := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}
