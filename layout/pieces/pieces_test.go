package pieces

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"druckreif/internal/tooltest"
	"druckreif/layout"
)

func testPieces(n int) []Piece {
	var out []Piece
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("P%d", i)
		w := 20.0 + float64(i%3)*10
		out = append(out, Piece{Name: name, W: w, H: 30, Round: i%4 == 0,
			Front: func(c *layout.Canvas) { c.Text(2, 2, "F"+name, "B", 7, layout.Black, layout.Left) },
			Back:  func(c *layout.Canvas) { c.Text(2, 2, "B"+name, "B", 7, layout.Black, layout.Left) },
		})
	}
	return out
}

// No piece overlaps another, with its gap, and all stay printable.
func TestPiecesKeepApart(t *testing.T) {
	places, sheets := Layout(layout.A4, testPieces(60))
	if sheets < 2 {
		t.Fatalf("%d sheets for 60 pieces", sheets)
	}
	for i, a := range places {
		if a.X < layout.PrintableMargin || a.Y < layout.PrintableMargin ||
			a.X+a.Piece.W > layout.A4.W-layout.PrintableMargin || a.Y+a.Piece.H > layout.A4.H-layout.PrintableMargin {
			t.Errorf("%s leaves the printable area", a.Piece.Name)
		}
		for _, b := range places[i+1:] {
			if a.Page != b.Page {
				continue
			}
			// Two-sided pieces keep room for both backs' bleed.
			gap := 2 * BackBleed
			if a.X < b.X+b.Piece.W+gap-1e-9 && b.X < a.X+a.Piece.W+gap-1e-9 &&
				a.Y < b.Y+b.Piece.H+gap-1e-9 && b.Y < a.Y+a.Piece.H+gap-1e-9 {
				t.Errorf("%s and %s are closer than the %v mm gap", a.Piece.Name, b.Piece.Name, gap)
			}
		}
	}
}

// A piece's back is printed behind its front for a long-edge flip, and
// moved against the printer's duplex shift: a back side that lands 1 mm
// right and 2 mm down (seen from the front, as the calibration sheet
// reads) is printed 1 mm further right on the back page — which, turned
// over, is 1 mm further left — and 2 mm higher.
func TestBacksMirrorFronts(t *testing.T) {
	for _, off := range [][2]float64{{0, 0}, {1, 2}} {
		backsMirrorFronts(t, off)
	}
}

func backsMirrorFronts(t *testing.T, off [2]float64) {
	tooltest.Need(t, "pdftotext")
	ps := testPieces(8)
	pdf, pages, err := Sheets(layout.A4, "Test", "", ps, off)
	if err != nil || pages != 2 {
		t.Fatalf("%v, %d pages", err, pages)
	}
	path := filepath.Join(t.TempDir(), "p.pdf")
	os.WriteFile(path, pdf, 0o644)
	out, err := exec.Command("pdftotext", "-bbox", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([FB]P\d+)<`)
	pos := map[string][2]float64{}
	for _, m := range re.FindAllStringSubmatch(string(out), -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		pos[m[4]] = [2]float64{x * 25.4 / 72, y * 25.4 / 72}
	}
	places, _ := Layout(layout.A4, ps)
	for _, pl := range places {
		f, b := pos["F"+pl.Piece.Name], pos["B"+pl.Piece.Name]
		if math.Abs(f[0]-(pl.X+2)) > 0.3 || math.Abs(f[1]-off[1]-b[1]) > 0.3 {
			t.Errorf("%s: front at %v, placed at %.1f; back at %v", pl.Piece.Name, f, pl.X, b)
		}
		if want := layout.A4.W - pl.X - pl.Piece.W + 2 + off[0]; math.Abs(b[0]-want) > 0.3 {
			t.Errorf("%s: back at x %.1f, want %.1f (mirrored, offset %v)", pl.Piece.Name, b[0], want, off)
		}
	}
}

// A back is printed BackBleed larger than its front on every side, with
// square corners, and only the front carries the cut line: a duplex shift
// of up to 2 mm shows the back's colour, not white, behind the front's
// rounded cut.
func TestBacksBleedBeyondTheCut(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	red, grey := layout.RGB(200, 30, 30), layout.RGB(40, 90, 200)
	ps := []Piece{
		{Name: "card", W: 30, H: 42, Corner: 2.5, Edge: grey, BackEdge: red,
			Front: func(c *layout.Canvas) { c.RoundRect(0, 0, c.W, c.H, 2.5, grey, layout.Color{}, 0) },
			Back:  func(c *layout.Canvas) { c.RoundRect(0, 0, c.W, c.H, 2.5, red, layout.Color{}, 0) }},
		{Name: "chip", W: 20, H: 20, Round: true, Edge: grey, BackEdge: red,
			Front: func(c *layout.Canvas) { c.Circle(10, 10, 10, grey, layout.Color{}, 0) },
			Back:  func(c *layout.Canvas) { c.Circle(10, 10, 10, red, layout.Color{}, 0) }},
	}
	pdf, pages, err := Sheets(layout.A4, "Test", "", ps, [2]float64{})
	if err != nil || pages != 2 {
		t.Fatalf("%v, %d pages", err, pages)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "p.pdf")
	os.WriteFile(path, pdf, 0o644)
	const dpi = 300
	tooltest.Run(t, "pdftoppm", "-r", fmt.Sprint(dpi), "-png", path, filepath.Join(dir, "page"))
	back := readPNG(t, filepath.Join(dir, "page-2.png"))
	front := readPNG(t, filepath.Join(dir, "page-1.png"))
	px := func(mm float64) int { return int(math.Round(mm * dpi / 25.4)) }
	isRed := func(x, y float64) bool {
		r, g, b, _ := back.At(px(x), px(y)).RGBA()
		return r>>8 > 150 && g>>8 < 80 && b>>8 < 80
	}
	places, _ := Layout(layout.A4, ps)
	for _, pl := range places {
		pc := pl.Piece
		x := layout.A4.W - pl.X - pc.W // the back's place on the back page
		if !pc.Round {
			// Square corners 1.8 mm beyond the cut, red; 2.3 mm out, paper.
			for _, corner := range [][2]float64{{x - 1.8, pl.Y - 1.8}, {x + pc.W + 1.8, pl.Y - 1.8}, {x - 1.8, pl.Y + pc.H + 1.8}, {x + pc.W + 1.8, pl.Y + pc.H + 1.8}} {
				if !isRed(corner[0], corner[1]) {
					t.Errorf("%s: back not red at %.1f, %.1f (1.8 mm beyond its corner)", pc.Name, corner[0], corner[1])
				}
			}
			if isRed(x-2.4, pl.Y+pc.H/2) || isRed(x+pc.W+2.4, pl.Y+pc.H/2) {
				t.Errorf("%s: back bleeds more than %v mm", pc.Name, BackBleed)
			}
		} else {
			cx, cy := x+pc.W/2, pl.Y+pc.H/2
			if !isRed(cx, cy-pc.W/2-1.8) || !isRed(cx+pc.W/2+1.8, cy) || isRed(cx, cy-pc.W/2-2.4) {
				t.Errorf("%s: round back not %v mm larger", pc.Name, BackBleed)
			}
		}
	}
	// The cut line (grey 90) is on the front page, none on the back (below
	// the pages' headings).
	below := image.Rect(0, px(20), px(layout.A4.W), px(layout.A4.H))
	if n := countNear(front, 90, below); n == 0 {
		t.Error("no cut line on the front")
	}
	if n := countNear(back, 90, below); n > 0 {
		t.Errorf("%d pixels of cut line on the back page", n)
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
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

// countNear counts the pixels of a grey level (±12) in a region.
func countNear(img image.Image, v uint32, b image.Rectangle) int {
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			if absDiff(r, v) < 12 && absDiff(g, v) < 12 && absDiff(bl, v) < 12 {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
