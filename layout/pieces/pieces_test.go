package pieces

import (
	"fmt"
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
			if a.X < b.X+b.Piece.W+Gap-1e-9 && b.X < a.X+a.Piece.W+Gap-1e-9 &&
				a.Y < b.Y+b.Piece.H+Gap-1e-9 && b.Y < a.Y+a.Piece.H+Gap-1e-9 {
				t.Errorf("%s and %s are closer than the %v mm gap", a.Piece.Name, b.Piece.Name, Gap)
			}
		}
	}
}

// A piece's back is printed behind its front for a long-edge flip.
func TestBacksMirrorFronts(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	ps := testPieces(8)
	pdf, pages, err := Sheets(layout.A4, "Test", "", ps)
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
		if math.Abs(f[0]-(pl.X+2)) > 0.3 || math.Abs(f[1]-b[1]) > 0.3 {
			t.Errorf("%s: front at %v, placed at %.1f", pl.Piece.Name, f, pl.X)
		}
		if want := layout.A4.W - pl.X - pl.Piece.W + 2; math.Abs(b[0]-want) > 0.3 {
			t.Errorf("%s: back at x %.1f, want %.1f (mirrored)", pl.Piece.Name, b[0], want)
		}
	}
}
