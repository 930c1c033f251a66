package decoder

import (
	"encoding/xml"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"druckreif/internal/tooltest"
	"druckreif/layout"
)

// The Decoder sleeve measured from the printed page, as a user would cut
// and fold it: the black cut line, the blue fold lines, the grey flaps.
func TestSleeveHoldsTheCard(t *testing.T) {
	tooltest.Need(t, "pdftoppm", "pdftotext")
	st, err := layout.LoadStyle("dativ", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter, layout.Universal} {
		t.Run(paper.Name, func(t *testing.T) {
			pdf, err := Sheets(paper, st, DefaultStrength)
			if err != nil {
				t.Fatal(err)
			}
			const dpi = 200
			img := renderPages(t, pdf, dpi)[0]
			px := dpi / 25.4 // pixels per mm
			mmOf := func(p int) float64 { return float64(p) / px }
			isCut := func(c color.RGBA) bool { return c.R < 12 && c.G < 12 && c.B < 12 }
			isFold := func(c color.RGBA) bool { return near(c, foldColor, 40) }

			// The cut-out is the first group of cut-line columns from the
			// left; the pictures of how to build it stand apart on the right.
			cols := columnsWith(img, isCut)
			x0 := firstSet(cols)
			x1 := x0
			for x := x0; x < len(cols) && (cols[x] || gapBelow(cols, x, int(3*px))); x++ {
				if cols[x] {
					x1 = x
				}
			}
			piece := image.Rect(x0, 0, x1+1, img.Rect.Dy())
			y0, y1 := rowsSpan(img, piece, isCut)
			// Measure to the middle of the cut lines.
			half := int(math.Round(cutWidth / 2 * px))
			x0, x1, y0, y1 = x0+half, x1-half, y0+half, y1-half
			w, h := mmOf(x1-x0), mmOf(y1-y0)
			for _, v := range []float64{mmOf(x0), mmOf(y0), mmOf(img.Rect.Dx() - x1), mmOf(img.Rect.Dy() - y1)} {
				if v < layout.PrintableMargin {
					t.Errorf("the cut line comes %.1f mm to the paper's edge, closer than the printable margin", v)
				}
			}

			// Folds: one across between the panels, two down the flaps.
			foldY := longestRun(img, piece, isFold, true)
			xl := longestRunIn(img, image.Rect(x0, foldY+2, x0+(x1-x0)/2, y1), isFold)
			xr := longestRunIn(img, image.Rect(x0+(x1-x0)/2, foldY+2, x1+1, y1), isFold)
			flapL, flapR := mmOf(xl-x0), mmOf(x1-xr)
			if flapL < 6 || flapR < 6 || math.Abs(flapL-flapR) > 0.5 {
				t.Errorf("glue flaps %.1f and %.1f mm wide, want two of at least 6 mm", flapL, flapR)
			}
			insideW := mmOf(xr-xl) - flapL - flapR
			insideH := mmOf(foldY - y0)
			backH := mmOf(y1 - foldY)
			if math.Abs(insideW-(st.Card.Width+2)) > 0.4 || math.Abs(insideH-(st.Card.Height+2)) > 0.4 || math.Abs(backH-insideH) > 0.4 {
				t.Errorf("inside %.1f × %.1f mm (back panel %.1f mm tall), want the card %.0f × %.0f mm plus 2 mm each way",
					insideW, insideH, backH, st.Card.Width, st.Card.Height)
			}
			if math.Abs(w-(mmOf(xr-xl)+flapL+flapR)) > 0.4 || math.Abs(h-insideH-backH) > 0.4 {
				t.Errorf("cut-out %.1f × %.1f mm does not add up", w, h)
			}
			// The flaps are marked as glue areas.
			grey := 0
			for y := foldY + int(10*px); y < y1-int(10*px); y++ {
				if near(img.RGBAAt(x0+int(flapL*px/2), y), glueColor, 6) {
					grey++
				}
			}
			if float64(grey) < 0.8*(float64(y1-foldY)-20*px) {
				t.Errorf("left flap not marked as a glue area")
			}

			// Windows: cut rectangles inside each panel.
			for _, panel := range []struct {
				name   string
				area   image.Rectangle
				toFold func(top, bottom int) float64
			}{
				{"front", image.Rect(xl+int(px), y0+int(20*px), xr-int(px), foldY-int(px)), func(top, bottom int) float64 { return mmOf(foldY - bottom) }},
				{"back", image.Rect(xl+int(px), foldY+int(px), xr-int(px), y1-int(20*px)), func(top, bottom int) float64 { return mmOf(top - foldY) }},
			} {
				win, ok := cutRect(img, panel.area, isCut, int(40*px))
				if !ok {
					t.Errorf("%s panel: no window", panel.name)
					continue
				}
				win = win.Inset(half)
				left, right := mmOf(win.Min.X-xl), mmOf(xr-win.Max.X)
				fold := panel.toFold(win.Min.Y, win.Max.Y)
				if left < math.Max(MinFrame, flapL+1) || right < math.Max(MinFrame, flapR+1) || fold < MinFrame {
					t.Errorf("%s window: frame %.1f mm left, %.1f mm right, %.1f mm at the fold, want ≥ %.0f mm (and clear of the flaps)", panel.name, left, right, fold, MinFrame)
				}
				// With the card resting on the fold, centred, the band's
				// text shows whole in the window.
				textW := st.Card.Width - 2*st.Margin - 2*pad
				textH := st.Band.Height - 2*pad
				textFromFold := st.Margin + pad
				sideGap := (mmOf(xr-xl) - textW) / 2
				if left > sideGap+0.3 || right > sideGap+0.3 || fold > textFromFold+0.3 || mmOf(win.Dy()) < textH+(textFromFold-fold)-0.3 {
					t.Errorf("%s window %.1f × %.1f mm, %.1f mm from the fold, does not show the band's text (%.1f × %.1f mm, %.1f mm from the fold)",
						panel.name, mmOf(win.Dx()), mmOf(win.Dy()), fold, textW, textH, textFromFold)
				}
			}

			// The drawing of how to fold and glue stands beside the piece:
			// its pictures carry cut lines too, and its captions name the steps.
			pictures := 0
			for x := x1 + int(3*px); x < len(cols); x++ {
				if cols[x] && !cols[x-1] {
					pictures++
				}
			}
			if pictures == 0 {
				t.Error("no pictures of how to build the sleeve beside it")
			}
			captions := map[string]bool{}
			for _, wd := range pageWords(t, pdf)[0] {
				if wd.x > mmOf(x1) {
					captions[wd.text] = true
				}
			}
			for _, want := range []string{"1", "2", "3", "4", "5", "ausschneiden", "Folie", "Laschen", "falzen,", "Kleber", "einschieben"} {
				if !captions[want] {
					t.Errorf("the building instructions lack %q", want)
				}
			}
		})
	}
}

func near(c color.RGBA, want layout.Color, tol int) bool {
	d := func(a, b uint8) int { return int(math.Abs(float64(a) - float64(b))) }
	return d(c.R, want.R) <= tol && d(c.G, want.G) <= tol && d(c.B, want.B) <= tol
}

// columnsWith reports for each column whether any pixel in it matches.
func columnsWith(img *image.RGBA, match func(color.RGBA) bool) []bool {
	cols := make([]bool, img.Rect.Dx())
	for y := 0; y < img.Rect.Dy(); y++ {
		for x := 0; x < img.Rect.Dx(); x++ {
			if match(img.RGBAAt(x, y)) {
				cols[x] = true
			}
		}
	}
	return cols
}

func firstSet(b []bool) int {
	for i, v := range b {
		if v {
			return i
		}
	}
	return -1
}

// gapBelow reports whether a set column follows x within n columns.
func gapBelow(b []bool, x, n int) bool {
	for i := x + 1; i <= x+n && i < len(b); i++ {
		if b[i] {
			return true
		}
	}
	return false
}

// rowsSpan is the first and last row with a matching pixel inside r.
func rowsSpan(img *image.RGBA, r image.Rectangle, match func(color.RGBA) bool) (int, int) {
	first, last := -1, -1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if match(img.RGBAAt(x, y)) {
				if first < 0 {
					first = y
				}
				last = y
				break
			}
		}
	}
	return first, last
}

// longestRun is the row (across) with the most matching pixels inside r.
func longestRun(img *image.RGBA, r image.Rectangle, match func(color.RGBA) bool, _ bool) int {
	best, at := 0, -1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		n := 0
		for x := r.Min.X; x < r.Max.X; x++ {
			if match(img.RGBAAt(x, y)) {
				n++
			}
		}
		if n > best {
			best, at = n, y
		}
	}
	return at
}

// longestRunIn is the column with the most matching pixels inside r.
func longestRunIn(img *image.RGBA, r image.Rectangle, match func(color.RGBA) bool) int {
	best, at := 0, -1
	for x := r.Min.X; x < r.Max.X; x++ {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			if match(img.RGBAAt(x, y)) {
				n++
			}
		}
		if n > best {
			best, at = n, x
		}
	}
	return at
}

// cutRect finds a rectangle of cut lines inside r: the outermost rows and
// columns that carry a matching run of at least minRun pixels.
func cutRect(img *image.RGBA, r image.Rectangle, match func(color.RGBA) bool, minRun int) (image.Rectangle, bool) {
	var rows, cols []int
	for y := r.Min.Y; y < r.Max.Y; y++ {
		n := 0
		for x := r.Min.X; x < r.Max.X; x++ {
			if match(img.RGBAAt(x, y)) {
				n++
			}
		}
		if n >= minRun {
			rows = append(rows, y)
		}
	}
	for x := r.Min.X; x < r.Max.X; x++ {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			if match(img.RGBAAt(x, y)) {
				n++
			}
		}
		if n >= minRun/2 {
			cols = append(cols, x)
		}
	}
	if len(rows) < 2 || len(cols) < 2 {
		return image.Rectangle{}, false
	}
	return image.Rect(cols[0], rows[0], cols[len(cols)-1], rows[len(rows)-1]), true
}

type pageWord struct {
	text string
	x, y float64 // mm
}

// pageWords reads each page's words with their positions (pdftotext -bbox).
func pageWords(t *testing.T, pdf []byte) [][]pageWord {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out := tooltest.Run(t, "pdftotext", "-bbox", path, "-")
	var doc struct {
		Pages []struct {
			Words []struct {
				XMin string `xml:"xMin,attr"`
				YMin string `xml:"yMin,attr"`
				Text string `xml:",chardata"`
			} `xml:"word"`
		} `xml:"body>doc>page"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	var pages [][]pageWord
	for _, p := range doc.Pages {
		var ws []pageWord
		for _, w := range p.Words {
			x, _ := strconv.ParseFloat(w.XMin, 64)
			y, _ := strconv.ParseFloat(w.YMin, 64)
			ws = append(ws, pageWord{w.Text, x * 25.4 / 72, y * 25.4 / 72})
		}
		pages = append(pages, ws)
	}
	return pages
}
