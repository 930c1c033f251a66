package components

import (
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/layout/pieces"
)

// renderPage renders page 1 of a PDF at 10 pixels per mm.
func renderPage(t *testing.T, pdf []byte) image.Image {
	t.Helper()
	tooltest.Need(t, "pdftoppm")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-r", "254", "-f", "1", "-l", "1", "-png", "-singlefile", in, filepath.Join(dir, "p")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	f, err := os.Open(filepath.Join(dir, "p.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// inkCentre is the middle of the bounding box of the pixels within r mm of
// (cx, cy) mm that ink accepts.
func inkCentre(img image.Image, cx, cy, r float64, ink func(r, g, b uint8) bool) (x, y float64, ok bool) {
	const px = 10.0
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for j := int((cy - r) * px); j <= int((cy+r)*px); j++ {
		for i := int((cx - r) * px); i <= int((cx+r)*px); i++ {
			mx, my := (float64(i)+0.5)/px, (float64(j)+0.5)/px
			if math.Hypot(mx-cx, my-cy) > r {
				continue
			}
			cr, cg, cb, _ := img.At(i, j).RGBA()
			if ink(uint8(cr>>8), uint8(cg>>8), uint8(cb>>8)) {
				x0, y0, x1, y1 = min(x0, mx), min(y0, my), max(x1, mx), max(y1, my)
			}
		}
	}
	if x0 > x1 {
		return 0, 0, false
	}
	return (x0 + x1) / 2, (y0 + y1) / 2, true
}

func dark(r, g, b uint8) bool { return r < 90 && g < 90 && b < 90 }

// near reports whether a pixel is within 60 of colour c in every channel.
func near(c layout.Color) func(r, g, b uint8) bool {
	d := func(a, b uint8) bool { return math.Abs(float64(a)-float64(b)) < 60 }
	return func(r, g, b uint8) bool { return d(r, c.R) && d(g, c.G) && d(b, c.B) }
}

// The number, letter or symbol on a chip or tile sits in its middle: the
// bounding box of its ink, measured on the rendered sheet, is centred on
// the piece within 0.3 mm both ways.
func TestGlyphsAreCentredOnChipsAndTiles(t *testing.T) {
	type check struct {
		sheet  Sheet
		prefix string                                          // pieces to check
		radius func(pc *pieces.Piece) float64                  // mm around the centre to look at
		ink    func(pc *pieces.Piece) func(r, g, b uint8) bool // what counts as the glyph
	}
	colourOf := func(name string) layout.Color {
		for _, p := range pieces.Players {
			if strings.Contains(name, " "+p.Name+" ") || strings.HasSuffix(name, " "+p.Name) {
				return p.Colour
			}
		}
		t.Fatalf("no colour in %q", name)
		return layout.Color{}
	}
	raab, _ := Raab(SortStrips(defaultRaabSet(t)))
	checks := []check{
		{Labyrinth()[0], "Einsatzchip ", func(*pieces.Piece) float64 { return 5.5 }, func(*pieces.Piece) func(r, g, b uint8) bool { return dark }},
		{Labyrinth()[1], "Lingutaurus-Plättchen ", func(*pieces.Piece) float64 { return 7.5 }, func(*pieces.Piece) func(r, g, b uint8) bool {
			return func(r, g, b uint8) bool { return r > 200 && g > 200 && b > 200 }
		}},
		{Genial()[0], "Antwortplättchen ", func(*pieces.Piece) float64 { return 8.5 }, func(pc *pieces.Piece) func(r, g, b uint8) bool { return near(colourOf(pc.Name)) }},
		{Dativ()[1], "Punktechip ", func(*pieces.Piece) float64 { return 6.5 }, func(*pieces.Piece) func(r, g, b uint8) bool { return dark }},
		{raabSheet(t, raab, "chips-karten"), "Buchstabenchip ", func(*pieces.Piece) float64 { return 6.5 }, func(pc *pieces.Piece) func(r, g, b uint8) bool {
			if strings.Contains(pc.Name, "Rot") {
				return near(raabRed.Col)
			}
			return near(raabBlue.Col)
		}},
	}
	for _, ch := range checks {
		img := renderPage(t, sheetPDF(t, layout.A4, ch.sheet))
		places, _ := pieces.Layout(layout.A4, ch.sheet.Pieces)
		n := 0
		for _, pl := range places {
			if pl.Page != 0 || !strings.HasPrefix(pl.Piece.Name, ch.prefix) {
				continue
			}
			cx, cy := pl.X+pl.Piece.W/2, pl.Y+pl.Piece.H/2
			x, y, ok := inkCentre(img, cx, cy, ch.radius(pl.Piece), ch.ink(pl.Piece))
			if !ok {
				t.Errorf("%s: no glyph found", pl.Piece.Name)
				continue
			}
			if math.Abs(x-cx) > 0.3 || math.Abs(y-cy) > 0.3 {
				t.Errorf("%s: glyph centred at %+.2f, %+.2f mm from the piece's centre", pl.Piece.Name, x-cx, y-cy)
			}
			n++
		}
		if n == 0 {
			t.Errorf("no %s checked", ch.prefix)
		}
	}
}
