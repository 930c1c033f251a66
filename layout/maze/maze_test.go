package maze

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"druckreif/board"
	"druckreif/internal/tooltest"
	"druckreif/layout"
)

func TestNoFieldNearASeam(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		b, _ := board.New(seed, 0)
		p := NewPlan(b, 1)
		tl, err := PlanTiles(p)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !fieldsClear(p, tl, p.FieldRadius()) {
			t.Fatalf("seed %d: a field lies within %v mm of a cut", seed, seamClear)
		}
		// No two loops overlap, moved or not.
		for a := -board.Behind; a <= b.Length; a++ {
			for c := a + 1; c <= b.Length; c++ {
				if a == 0 || c == 0 {
					continue
				}
				xa, ya := p.FieldXY(a)
				xc, yc := p.FieldXY(c)
				if math.Hypot(xc-xa, yc-ya) < p.RadiusAt(a)+p.RadiusAt(c)-1e-6 {
					t.Errorf("seed %d: fields %d and %d overlap", seed, a, c)
				}
			}
		}
	}
}

// pgm renders a page in grey and returns it.
func pgm(t *testing.T, pdf []byte, page, dpi int) *image.Gray {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	os.WriteFile(in, pdf, 0o644)
	tooltest.Run(t, "pdftoppm", "-r", fmt.Sprint(dpi), "-gray", "-f", fmt.Sprint(page), "-l", fmt.Sprint(page), "-singlefile", in, filepath.Join(dir, "p"))
	data, err := os.ReadFile(filepath.Join(dir, "p.pgm"))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(data[:32]))
	var w, h int
	fmt.Sscan(f[1], &w)
	fmt.Sscan(f[2], &h)
	return &image.Gray{Pix: data[len(data)-w*h:], Stride: w, Rect: image.Rect(0, 0, w, h)}
}

// Neighbouring tiles show the same drawing in their overlap: glued with the
// crosses on each other, the maze continues without a jump.
func TestTilesMeetExactly(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	b, _ := board.New(1, 0)
	pdf, tl, err := Tiles(b, layout.A4)
	if err != nil {
		t.Fatal(err)
	}
	const dpi = 100
	px := dpi / 25.4
	ox, oy := (layout.A4.W-tileW)/2, (layout.A4.H-tileH)/2
	// R2C1 (page 2 + Cols) and R2C2 side by side; R1C2 and R2C2 above each other.
	left := pgm(t, pdf, 2+tl.Cols, dpi)
	right := pgm(t, pdf, 3+tl.Cols, dpi)
	above := pgm(t, pdf, 3, dpi)
	diff := func(a, b *image.Gray, ax, ay, bx, by, w, h float64) float64 {
		total, n := 0.0, 0
		for y := 0.0; y < h; y += 0.25 {
			for x := 0.0; x < w; x += 0.25 {
				// The tiles are drawn at offsets that fall between pixels,
				// so a pixel is compared with its best match within one
				// pixel around.
				va := float64(a.GrayAt(int((ax+x)*px), int((ay+y)*px)).Y)
				best := 255.0
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						vb := float64(b.GrayAt(int((bx+x)*px)+dx, int((by+y)*px)+dy).Y)
						best = math.Min(best, math.Abs(va-vb))
					}
				}
				total += best
				n++
			}
		}
		return total / float64(n)
	}
	// The right overlap of the left tile against the left overlap of the
	// right tile, above and below the label in the middle.
	for _, band := range [][2]float64{{2, 90}, {170, 255}} {
		d := diff(left, right, ox+tileW-overlap+1, oy+band[0], ox+1, oy+band[0], overlap-2, band[1]-band[0])
		if d > 3 {
			t.Errorf("side by side: overlaps differ by %.1f grey levels on average", d)
		}
	}
	// And the bottom overlap of the upper tile against the top of the lower
	// (R1C2 has its label in the right strip, so the bottom strip is clean).
	d := diff(above, right, ox+2, oy+tileH-overlap+1, ox+2, oy+1, tileW-4, overlap-2)
	if d > 3 {
		t.Errorf("above each other: overlaps differ by %.1f grey levels on average", d)
	}
	// Sanity: a wrong pairing must differ, or the test proves nothing.
	if d := diff(left, right, ox, oy+2, ox, oy+2, overlap-1, 80); d < 3 {
		t.Errorf("unrelated strips look alike (%.1f): the comparison is blind", d)
	}
}

// The same seed gives the same board drawing.
func TestSameSeedSameDrawing(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	b1, _ := board.New(9, 0)
	b2, _ := board.New(9, 0)
	p1, _ := OnePage(b1, layout.A3)
	p2, _ := OnePage(b2, layout.A3)
	a, b := pgm(t, p1, 1, 40), pgm(t, p2, 1, 40)
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			t.Fatal("same seed, different drawing")
		}
	}
}
