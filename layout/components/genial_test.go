package components

import (
	"math"
	"strings"
	"testing"

	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/layout/pieces"
)

// The board has the abc field the rules send the answer tiles to, with a
// place for every colour, on every paper.
func TestGenialBoardHasTheABCField(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		pdf, err := layout.Pages(p.W, p.H, "Spielplan", []func(*layout.Canvas) error{GenialTrack})
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		text := pdfText(t, pdf)
		for _, want := range []string{"abc-Feld", "verdeckt", "300"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q not printed", p.Name, want)
			}
		}
		for _, pc := range pieces.Players {
			if !strings.Contains(text, pc.Name) {
				t.Errorf("%s: no place for %s", p.Name, pc.Name)
			}
		}
	}
}

// The board fills its page: the track's loop spans the printable area
// (at least 95 % of its width or height, the other as far as square fields
// allow), every field holds a figure's base (22 × 18 mm, see standUp) with
// 2 mm to spare beside the number's strip, the loop closes (each field
// beside the next, the last beside START) and START is the lap mark, 0 and
// 300 at once, with a lap tile per colour.
func TestGenialBoardFillsItsPage(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		fields := genialTrack(p.W, p.H)
		if len(fields) != trackFields {
			t.Fatalf("%s: %d fields", p.Name, len(fields))
		}
		x0, y0, x1, y1 := fields[0].X, fields[0].Y, fields[0].X, fields[0].Y
		for i, f := range fields {
			x0, y0, x1, y1 = min(x0, f.X), min(y0, f.Y), max(x1, f.X+f.S), max(y1, f.Y+f.S)
			next := fields[(i+1)%len(fields)]
			if d := math.Abs(next.X-f.X) + math.Abs(next.Y-f.Y); math.Abs(d-f.S) > 1e-9 {
				t.Errorf("%s: field %d is not beside field %d", p.Name, (i+1)%len(fields), i)
			}
			if f.S < 22+2 || f.S-trackNumberH < 18+2 {
				t.Errorf("%s: field %d of %.1f mm holds no figure's base beside its number", p.Name, i, f.S)
			}
		}
		availW, availH := p.W-2*layout.PrintableMargin, p.H-2*layout.PrintableMargin
		fw, fh := (x1-x0)/availW, (y1-y0)/availH
		if max(fw, fh) < 0.95 || min(fw, fh) < 0.85 {
			t.Errorf("%s: the board covers %.0f %% × %.0f %% of the printable area", p.Name, 100*fw, 100*fh)
		}
		pdf, err := layout.Pages(p.W, p.H, "Spielplan", []func(*layout.Canvas) error{GenialTrack})
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(pdfText(t, pdf)), " ")
		for _, want := range []string{"0 · 300", "START", "Rundenplättchen (+300)", "290"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q not on the board", p.Name, want)
			}
		}
	}
	laps := 0
	for _, pc := range Genial()[0].Pieces {
		if strings.HasPrefix(pc.Name, "Rundenplättchen") {
			laps++
		}
	}
	if laps != len(pieces.Players) {
		t.Errorf("%d lap tiles for %d colours", laps, len(pieces.Players))
	}
}
