package layout

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"

	"druckreif/internal/tooltest"
)

// testCards are n cards whose faces print their own name (F0, B0 …) 5 mm
// from the card's top left corner and a QR code of it.
func testCards(n int) []Card {
	var cards []Card
	for i := 0; i < n; i++ {
		front, back := fmt.Sprintf("F%d", i), fmt.Sprintf("B%d", i)
		mk := func(name string, bg Color) *Face {
			return &Face{ID: name, QR: name, Background: bg, Draw: func(c *Canvas) error {
				c.Text(5, 5, name, "B", 10, Black, Left)
				return c.QR(c.W-15, c.H-15, 12, "ID-"+name)
			}}
		}
		cards = append(cards, Card{Front: mk(front, RGB(200, 30, 30)), Back: mk(back, RGB(30, 30, 200))})
	}
	return cards
}

func TestPlanGrid(t *testing.T) {
	for _, c := range []struct {
		paper      Paper
		w, h, gut  float64
		mode       Mode
		cols, rows int
		landscape  bool
	}{
		// A4: three columns of 63 mm leave 10.5 mm a side, too little for
		// bleed and 5 mm crop marks inside the printable area; landscape 4 × 2.
		{A4, 63, 88, 0, Duplex, 4, 2, true},
		{Letter, 63, 88, 0, Duplex, 4, 2, true},    // Letter: 3 × 88 leaves no room for marks; landscape 4 × 2
		{Universal, 63, 88, 0, Duplex, 4, 2, true}, // fits A4 and Letter
		{A4, 88, 126, 0, Duplex, 2, 2, false},      // the dativ card
		{Letter, 88, 126, 0, Duplex, 2, 2, false},  // on Letter too
		{A4, 63, 88, 8, Duplex, 2, 2, false},       // a gutter costs the marks' room: 2 × 2
		{A4, 63, 88, 0, Gutterfold, 2, 2, true},    // two fronts and two backs per half
		// Letter: two upright columns per half leave no room for the marks;
		// the cards are turned, four fronts above each other left of the fold.
		{Letter, 63, 88, 0, Gutterfold, 1, 4, false},
		{Universal, 63, 88, 0, Gutterfold, 1, 4, false},
	} {
		g, err := PlanGrid(c.paper, c.w, c.h, c.gut, c.mode)
		if err != nil {
			t.Fatal(err)
		}
		if g.Cols != c.cols || g.Rows != c.rows || g.Landscape != c.landscape {
			t.Errorf("%s %v×%v gutter %v %v: got %d×%d landscape=%v, want %d×%d landscape=%v",
				c.paper.Name, c.w, c.h, c.gut, c.mode, g.Cols, g.Rows, g.Landscape, c.cols, c.rows, c.landscape)
		}
		// Everything printed stays inside the printable area: cards, bleed
		// and crop marks.
		gridW := span(g.Cols, g.CardW, g.Gutter)
		gridH := span(g.Rows, g.CardH, g.Gutter)
		right := g.X0 + gridW
		if g.Fold {
			right = g.MirrorX(g.X0) + g.CardW
		}
		if g.X0-Bleed-MarkOffset-g.MarkX < PrintableMargin-1e-9 || right+Bleed+MarkOffset+g.MarkX > g.PageW-PrintableMargin+1e-9 ||
			g.Y0-Bleed-MarkOffset-g.MarkY < PrintableMargin-1e-9 || g.Y0+gridH+Bleed+MarkOffset+g.MarkY > g.PageH-PrintableMargin+1e-9 {
			t.Errorf("%s %v: marks leave the printable area: %+v", c.paper.Name, c.mode, g)
		}
		if g.MarkX < MinMark || g.MarkY < MinMark || g.MarkX > MaxMark || g.MarkY > MaxMark {
			t.Errorf("%s: crop marks %.1f and %.1f mm long, want %.0f–%.0f: %+v", c.paper.Name, g.MarkX, g.MarkY, MinMark, MaxMark, g)
		}
	}
	if _, err := PlanGrid(A4, 63, 88, 4, Duplex); err == nil {
		t.Error("a gutter below 6 mm cannot hold two bleeds")
	}
	if _, err := PlanGrid(A4, 300, 88, 0, Duplex); err == nil {
		t.Error("a card wider than the paper must fail")
	}
}

// cell finds the grid cell a point (mm) lies in.
func cell(g Grid, x, y float64) (int, int) {
	return int(math.Floor((x - g.X0) / (g.CardW + g.Gutter))), int(math.Floor((y - g.Y0) / (g.CardH + g.Gutter)))
}

// The back of every card lands behind its front for the printer's flip.
func TestDuplexBacksMirror(t *testing.T) {
	for _, c := range []struct {
		paper Paper
		short bool
	}{{A4, false}, {A4, true}, {Letter, false}, {Letter, true}} {
		cards := testCards(9)
		pdf, st, err := Render(cards, 63, 88, Options{Paper: c.paper, Mode: Duplex, ShortEdge: c.short, Title: "T"})
		if err != nil {
			t.Fatal(err)
		}
		pages := words(t, pdf)
		g := st.Grid
		rotated := backRotated(g, Options{ShortEdge: c.short})
		for i := 0; i < min(9, g.PerSheet()); i++ {
			f := find(t, pages[0], fmt.Sprintf("F%d", i))
			b := find(t, pages[1], fmt.Sprintf("B%d", i))
			fc, fr := cell(g, (f.XMin+f.XMax)/2, (f.YMin+f.YMax)/2)
			bc, br := cell(g, (b.XMin+b.XMax)/2, (b.YMin+b.YMax)/2)
			wantC, wantR := g.Cols-1-fc, fr
			if rotated {
				wantC, wantR = fc, g.Rows-1-fr
			}
			if fc != i%g.Cols || fr != i/g.Cols || bc != wantC || br != wantR {
				t.Errorf("%s short=%v card %d: front in %d,%d, back in %d,%d, want back in %d,%d",
					c.paper.Name, c.short, i, fc, fr, bc, br, wantC, wantR)
			}
			// Card-local positions are exact: the text sits 5 mm from the
			// card's corner on the front; on a long-edge back the mirrored
			// card's corner is at W − x − w.
			fx, _ := g.CardPos(i%g.Cols, i/g.Cols)
			if math.Abs(f.XMin-(fx+5)) > 0.3 {
				t.Errorf("front text at %.2f, card at %.2f", f.XMin, fx)
			}
			if !rotated && math.Abs(b.XMin-(g.MirrorX(fx)+5)) > 0.3 {
				t.Errorf("back text at %.2f, mirrored card at %.2f", b.XMin, g.MirrorX(fx))
			}
		}
	}
}

// paperView is where a point of a page (mm, y down) lies on the sheet of
// paper, seen from its front in portrait: a landscape page is turned onto
// the paper a quarter turn anticlockwise (its top to the paper's left
// edge), as print dialogs turn landscape pages; a back page's point is
// seen through the paper after the flip, and lands shifted by the
// printer's duplex error (mm, right and down seen from the front).
func paperView(x, y float64, p Paper, landscape, back, shortEdge bool, printerError [2]float64) (u, v float64) {
	u, v = x, y
	if landscape {
		u, v = y, p.H-x
	}
	if back {
		if shortEdge {
			v = p.H - v
		} else {
			u = p.W - u
		}
		u, v = u+printerError[0], v+printerError[1]
	}
	return u, v
}

func centre(w word) (float64, float64) { return (w.XMin + w.XMax) / 2, (w.YMin + w.YMax) / 2 }

// TestBackOffsetUndoesThePrintersShift: a printer whose back side lands
// (1.5, −0.5) mm off, as read on the portrait calibration sheet, gets that
// --back-offset, and every back then lies where it would without the
// error — on portrait sheets (88 × 126 mm cards, 2 × 2 on A4) and
// landscape ones (63 × 88 mm, 4 × 2), flipped on the long and the short
// edge, measured from the PDF.
func TestBackOffsetUndoesThePrintersShift(t *testing.T) {
	printerError := [2]float64{1.5, -0.5}
	for _, c := range []struct {
		w, h      float64
		landscape bool
	}{{88, 126, false}, {63, 88, true}} {
		for _, short := range []bool{false, true} {
			cards := testCards(4)
			plain, st, err := Render(cards, c.w, c.h, Options{Paper: A4, Mode: Duplex, ShortEdge: short})
			if err != nil {
				t.Fatal(err)
			}
			if st.Grid.Landscape != c.landscape {
				t.Fatalf("%v × %v cards: landscape %v", c.w, c.h, st.Grid.Landscape)
			}
			fixed, _, err := Render(cards, c.w, c.h, Options{Paper: A4, Mode: Duplex, ShortEdge: short, BackOffset: printerError})
			if err != nil {
				t.Fatal(err)
			}
			pw, fw := words(t, plain), words(t, fixed)
			for i := 0; i < 4; i++ {
				name := fmt.Sprintf("B%d", i)
				// Where the back belongs: printed without error.
				bx, by := centre(find(t, pw[1], name))
				wantU, wantV := paperView(bx, by, A4, c.landscape, true, short, [2]float64{})
				// Where it lands with the error, and with the error and
				// the offset.
				eu, ev := paperView(bx, by, A4, c.landscape, true, short, printerError)
				fx, fy := centre(find(t, fw[1], name))
				gotU, gotV := paperView(fx, fy, A4, c.landscape, true, short, printerError)
				if math.Hypot(eu-wantU, ev-wantV) < 1 {
					t.Fatal("the printer's error moved nothing: the test measures nothing")
				}
				if math.Hypot(gotU-wantU, gotV-wantV) > 0.05 {
					t.Errorf("landscape %v, short edge %v: %s lands at %.2f, %.2f on the paper, belongs at %.2f, %.2f",
						c.landscape, short, name, gotU, gotV, wantU, wantV)
				}
				if f1, f2 := find(t, pw[0], fmt.Sprintf("F%d", i)), find(t, fw[0], fmt.Sprintf("F%d", i)); f1 != f2 {
					t.Error("the offset must not move fronts")
				}
			}
		}
	}
}

// TestCalibrationSheetsApplyTheOffset: both calibration sheets, the
// portrait one and the landscape one printed as the card sheets are, are
// printed with the offset, so that with the right one their crosses
// coincide; the portrait front tells the one sign convention.
func TestCalibrationSheetsApplyTheOffset(t *testing.T) {
	printerError := [2]float64{-1, 2}
	for _, short := range []bool{false, true} {
		plain, err := Calibration(Options{Paper: A4, Mode: Duplex, ShortEdge: short})
		if err != nil {
			t.Fatal(err)
		}
		fixed, err := Calibration(Options{Paper: A4, Mode: Duplex, ShortEdge: short, BackOffset: printerError})
		if err != nil {
			t.Fatal(err)
		}
		pw, fw := words(t, plain), words(t, fixed)
		if len(pw) != 4 {
			t.Fatalf("%d pages, want a portrait and a landscape sheet", len(pw))
		}
		for _, back := range []int{1, 3} {
			landscape := back == 3
			bx, by := centre(find(t, pw[back], "Duplex-Kalibrierung"))
			wantU, wantV := paperView(bx, by, A4, landscape, true, short, [2]float64{})
			fx, fy := centre(find(t, fw[back], "Duplex-Kalibrierung"))
			gotU, gotV := paperView(fx, fy, A4, landscape, true, short, printerError)
			if math.Hypot(gotU-wantU, gotV-wantV) > 0.05 {
				t.Errorf("short edge %v, page %d: the back lands %.2f, %.2f off", short, back+1, gotU-wantU, gotV-wantV)
			}
		}
		var front strings.Builder
		for _, w := range fw[0] {
			front.WriteString(w.Text + " ")
		}
		for _, want := range []string{"X nach rechts, Y nach unten", "--back-offset X,Y", "von vorn gesehen"} {
			if !strings.Contains(front.String(), want) {
				t.Errorf("the portrait front does not say %q: %s", want, front.String())
			}
		}
	}
}

func TestGutterfoldMirrorsAcrossTheFold(t *testing.T) {
	pdf, st, err := Render(testCards(4), 63, 88, Options{Paper: A4, Mode: Gutterfold})
	if err != nil {
		t.Fatal(err)
	}
	page := words(t, pdf)[0]
	g := st.Grid
	for i := 0; i < 4; i++ {
		f := find(t, page, fmt.Sprintf("F%d", i))
		b := find(t, page, fmt.Sprintf("B%d", i))
		// Folded along the centre line, the back's card corner meets the
		// front's: front card x and back card x are mirror images.
		fx, _ := g.CardPos(i%g.Cols, i/g.Cols)
		if f.XMax > g.PageW/2 || b.XMin < g.PageW/2 {
			t.Errorf("card %d: front must be left of the fold, back right", i)
		}
		if math.Abs(b.XMin-(g.MirrorX(fx)+5)) > 0.3 || math.Abs(f.YMin-b.YMin) > 0.3 {
			t.Errorf("card %d: back at %.1f,%.1f, want %.1f,%.1f", i, b.XMin, b.YMin, g.MirrorX(fx)+5, f.YMin)
		}
	}
}

func TestQRCodesDecodeToIDs(t *testing.T) {
	pdf, st, err := Render(testCards(9), 63, 88, Options{Paper: A4, Mode: Duplex})
	if err != nil {
		t.Fatal(err)
	}
	for page, prefix := range map[int]string{1: "ID-F", 2: "ID-B"} {
		codes := zbar(t, pdf, page)
		got := map[string]bool{}
		for _, c := range codes {
			got[c] = true
		}
		for i := 0; i < st.PerSheet; i++ {
			if !got[fmt.Sprintf("%s%d", prefix, i)] {
				t.Errorf("page %d: QR %s%d not decoded (got %v)", page, prefix, i, codes)
			}
		}
	}
}

// A QR code is drawn module for module where its grid puts it: the same
// page drawn with one white square and a black square per dark module
// looks the same, also on a canvas away from the page's corner and turned.
func TestQRModulesSitOnTheirGrid(t *testing.T) {
	const size, quiet = 30.0, 3
	payloads := []string{"GEN-STD-1/1", "LAB-STD-300G/2026-1", "DAT-STD-12A/1"}
	place := func(i int) (float64, float64) { return 5 + float64(i)*31, 10 + float64(i)*20 }
	byCanvas := func(c *Canvas) error {
		c.X, c.Y = 1.7, 2.3
		for i, p := range payloads {
			x, y := place(i)
			var err error
			c.Rotated(float64(i)*90, x+size/2, y+size/2, func() { err = c.QR(x, y, size, p) })
			if err != nil {
				return err
			}
		}
		return nil
	}
	byModule := func(c *Canvas) error {
		c.X, c.Y = 1.7, 2.3
		for i, p := range payloads {
			x, y := place(i)
			bm, err := encodeQR(p)
			if err != nil {
				return err
			}
			m := size / float64(len(bm)+2*quiet)
			c.Rotated(float64(i)*90, x+size/2, y+size/2, func() {
				c.Rect(x, y, size, size, White)
				for r, row := range bm {
					for col, dark := range row {
						if dark {
							c.Rect(x+float64(quiet+col)*m, y+float64(quiet+r)*m, m, m, Black)
						}
					}
				}
			})
		}
		return nil
	}
	pdf, err := Pages(100, 100, "T", []func(*Canvas) error{byCanvas, byModule})
	if err != nil {
		t.Fatal(err)
	}
	// Every module's centre, and the quiet zone's, reads the same on both
	// pages (the grid maps onto itself when turned by quarters, so the
	// centres are the same points); edges may be anti-aliased differently.
	a, b := rasterize(t, pdf, 1, 200), rasterize(t, pdf, 2, 200)
	dark := func(img image.Image, x, y float64) bool {
		r, _, _, _ := img.At(int(x/25.4*200), int(y/25.4*200)).RGBA()
		return r < 0x8000
	}
	for i, p := range payloads {
		bm, _ := encodeQR(p)
		n := len(bm) + 2*quiet
		m := size / float64(n)
		x, y := place(i)
		darkModules, darkCentres := 0, 0
		for _, row := range bm {
			for _, d := range row {
				if d {
					darkModules++
				}
			}
		}
		for r := 0; r < n; r++ {
			for col := 0; col < n; col++ {
				cx, cy := 1.7+x+(float64(col)+0.5)*m, 2.3+y+(float64(r)+0.5)*m
				da, db := dark(a, cx, cy), dark(b, cx, cy)
				if da != db {
					t.Errorf("%s: module %d,%d is dark %v, want %v", p, r, col, da, db)
				}
				if db {
					darkCentres++
				}
			}
		}
		if darkCentres != darkModules {
			t.Errorf("%s: %d dark modules on the reference page, want %d", p, darkCentres, darkModules)
		}
	}
}

func near(c color.Color, r, g, b uint8) bool {
	cr, cg, cb, _ := c.RGBA()
	d := func(a uint32, b uint8) bool { return math.Abs(float64(a>>8)-float64(b)) < 40 }
	return d(cr, r) && d(cg, g) && d(cb, b)
}

// Backgrounds run 3 mm into the bleed at the grid's outer edges and stop
// there; crop marks start just outside.
func TestBleed(t *testing.T) {
	pdf, st, _ := Render(testCards(9), 63, 88, Options{Paper: A4, Mode: Duplex})
	img := rasterize(t, pdf, 1, 254) // 10 pixels per mm
	g := st.Grid
	px := func(x, y float64) color.Color { return img.At(int(x*10), int(y*10)) }
	midY := g.Y0 + g.CardH/2
	for _, c := range []struct {
		x, y     float64
		r, gg, b uint8
		what     string
	}{
		{g.X0 - 2.6, midY, 200, 30, 30, "2.6 mm into the left bleed"},
		{g.X0 - 3.5, midY, 255, 255, 255, "beyond the left bleed"},
		{g.X0 + 30, g.Y0 - 2.6, 200, 30, 30, "2.6 mm into the top bleed"},
		{g.X0 + 30, g.Y0 - 3.4, 255, 255, 255, "beyond the top bleed"},
	} {
		if !near(px(c.x, c.y), c.r, c.gg, c.b) {
			t.Errorf("%s (%.1f, %.1f): %v", c.what, c.x, c.y, px(c.x, c.y))
		}
	}
}

func TestSingleSetsPageBoxes(t *testing.T) {
	tooltest.Need(t, "pdfinfo")
	pdf, st, err := Render(testCards(2), 63, 88, Options{Paper: A4, Mode: Single})
	if err != nil || st.Pages != 4 {
		t.Fatalf("%v, %d pages", err, st.Pages)
	}
	path := t.TempDir() + "/s.pdf"
	writeFile(t, path, pdf)
	out := string(tooltest.Run(t, "pdfinfo", "-box", "-f", "1", "-l", "4", path))
	mm := func(s string) string {
		// "TrimBox:  8.50  8.50 187.09 257.95" in points.
		m := regexp.MustCompile(`Page\s+1 ` + s + `:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no %s in\n%s", s, out)
		}
		var v []string
		for _, x := range m[1:] {
			f, _ := strconv.ParseFloat(x, 64)
			v = append(v, strconv.FormatFloat(f*25.4/72, 'f', 1, 64))
		}
		return strings.Join(v, " ")
	}
	if got := mm("TrimBox"); got != "3.0 3.0 66.0 91.0" {
		t.Errorf("TrimBox %s", got)
	}
	if got := mm("BleedBox"); got != "0.0 0.0 69.0 94.0" {
		t.Errorf("BleedBox %s", got)
	}
	if got := mm("MediaBox"); got != "0.0 0.0 69.0 94.0" {
		t.Errorf("MediaBox %s", got)
	}
}

func TestFontsAreEmbedded(t *testing.T) {
	tooltest.Need(t, "pdffonts")
	pdf, _, _ := Render(testCards(1), 63, 88, Options{Paper: A4, Mode: Duplex, Title: "Täst"})
	path := t.TempDir() + "/f.pdf"
	writeFile(t, path, pdf)
	out := string(tooltest.Run(t, "pdffonts", path))
	lines := strings.Split(strings.TrimSpace(out), "\n")[2:]
	if len(lines) == 0 {
		t.Fatal("no fonts")
	}
	for _, l := range lines {
		f := strings.Fields(l)
		// name type encoding emb sub uni object ID
		if len(f) < 7 || f[len(f)-5] != "yes" || f[len(f)-4] != "yes" {
			t.Errorf("font not embedded as subset: %s", l)
		}
	}
}

// The incremental update that adds viewer preferences must leave a file
// whose newest xref section points exactly at the new catalog.
func TestViewerPreferences(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Paper: A4, Mode: Duplex}, "/PrintScaling /None /Duplex /DuplexFlipLongEdge"},
		{Options{Paper: A4, Mode: Duplex, ShortEdge: true}, "/PrintScaling /None /Duplex /DuplexFlipShortEdge"},
		{Options{Paper: A4, Mode: Gutterfold}, "/PrintScaling /None /Duplex /Simplex"},
	} {
		pdf, _, err := Render(testCards(1), 63, 88, c.o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(pdf, []byte("/ViewerPreferences << "+c.want+" >>")) {
			t.Errorf("%v: preferences missing", c.o.Mode)
		}
		sx := regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`).FindSubmatch(pdf)
		off, _ := strconv.Atoi(string(sx[1]))
		if !bytes.HasPrefix(pdf[off:], []byte("xref\n")) {
			t.Fatalf("startxref does not point at an xref section")
		}
		entry := regexp.MustCompile(`xref\n(\d+) 1\n(\d{10}) 00000 n`).FindSubmatch(pdf[off:])
		obj, _ := strconv.Atoi(string(entry[2]))
		if !bytes.HasPrefix(pdf[obj:], append(entry[1], []byte(" 0 obj")...)) {
			t.Fatalf("xref entry does not point at object %s", entry[1])
		}
		if !bytes.Contains(pdf[off:], []byte("/Prev ")) {
			t.Fatal("trailer lacks /Prev")
		}
	}
	if tooltestHas("pdfinfo") {
		pdf, _, _ := Render(testCards(3), 63, 88, Options{Paper: A4, Mode: Duplex})
		path := t.TempDir() + "/v.pdf"
		writeFile(t, path, pdf)
		if out := string(tooltest.Run(t, "pdfinfo", path)); !strings.Contains(out, "Pages:           2") {
			t.Fatalf("poppler cannot read the updated file:\n%s", out)
		}
	}
}

// Where two upright columns do not fit a half sheet with their marks
// (Letter), the cards are turned: every front in its cell left of the
// fold with its top towards the sheet's left edge, its back in the
// mirrored cell with its top towards the right edge, so that folded, the
// back's top edge lies behind the front's top edge and the back's top left
// corner behind the front's top right corner, as when a card is turned
// over like a page.
func TestTurnedGutterfold(t *testing.T) {
	pdf, st, err := Render(testCards(4), 63, 88, Options{Paper: Letter, Mode: Gutterfold})
	if err != nil {
		t.Fatal(err)
	}
	g := st.Grid
	if !g.Turned || g.PerSheet() != 4 {
		t.Fatalf("grid %+v", g)
	}
	page := words(t, pdf)[0]
	for i := 0; i < 4; i++ {
		f := find(t, page, fmt.Sprintf("F%d", i))
		b := find(t, page, fmt.Sprintf("B%d", i))
		x, y := g.CardPos(0, i)
		// The text sits 5 mm from the card's top left corner: on the front,
		// turned anticlockwise, that corner is the cell's bottom left.
		if math.Abs(f.XMin-(x+5)) > 1 || math.Abs(f.YMax-(y+g.CardH-5)) > 1 {
			t.Errorf("front %d at %.1f,%.1f, want near the bottom left of its cell %.1f,%.1f", i, f.XMin, f.YMax, x, y+g.CardH)
		}
		// On the back, turned clockwise, it is the mirrored cell's top right;
		// mirrored over the fold: the front cell's top left, behind the
		// front's top right corner.
		bx := g.MirrorX(x)
		if math.Abs(b.XMax-(bx+g.CardW-5)) > 1 || math.Abs(b.YMin-(y+5)) > 1 {
			t.Errorf("back %d at %.1f,%.1f, want near the top right of its cell %.1f,%.1f", i, b.XMax, b.YMin, bx+g.CardW, y)
		}
	}
}

// The crop marks, measured on the rendered sheet: every cut line has a
// mark at both ends at least 5 mm long, starting just outside the bleed
// and ending inside the printable area, on every paper and layout.
func TestCropMarksAreLongAndPrintable(t *testing.T) {
	for _, c := range []struct {
		paper Paper
		w, h  float64
		mode  Mode
	}{
		{A4, 63, 88, Duplex}, {Letter, 63, 88, Duplex}, {Universal, 63, 88, Duplex},
		{A4, 88, 126, Duplex}, {Letter, 88, 126, Duplex},
		{A4, 63, 88, Gutterfold}, {Letter, 63, 88, Gutterfold},
	} {
		cards := testCards(8)
		pdf, st, err := Render(cards, c.w, c.h, Options{Paper: c.paper, Mode: c.mode})
		if err != nil {
			t.Fatal(err)
		}
		img := rasterize(t, pdf, 1, 254) // 10 pixels per mm
		g := st.Grid
		name := fmt.Sprintf("%s %v×%v %v", c.paper.Name, c.w, c.h, c.mode)
		dark := func(x, y int) bool {
			r, gg, b, _ := img.At(x, y).RGBA()
			return r>>8 < 128 && gg>>8 < 128 && b>>8 < 128
		}
		// run measures the dark run nearest the page edge along a line
		// from the edge inwards, up to limit mm: where it starts and ends.
		run := func(at func(d int) (int, int), limit float64) (from, to float64) {
			from, to = -1, -1
			for d := 0; d < int(limit*10); d++ {
				x, y := at(d)
				if dark(x, y) {
					if from < 0 {
						from = float64(d) / 10
					}
					to = float64(d+1) / 10
				} else if from >= 0 {
					break
				}
			}
			return
		}
		check := func(what string, from, to, trimDist float64) {
			if from < 0 {
				t.Errorf("%s: no crop mark %s", name, what)
				return
			}
			if to-from < MinMark-0.15 {
				t.Errorf("%s: crop mark %s only %.1f mm long", name, what, to-from)
			}
			if from < PrintableMargin-0.15 {
				t.Errorf("%s: crop mark %s reaches %.1f mm from the paper's edge", name, what, from)
			}
			if gap := trimDist - to; gap < Bleed+MarkOffset-0.15 {
				t.Errorf("%s: crop mark %s ends %.1f mm from the cut, inside the bleed", name, what, gap)
			}
		}
		gridH := span(g.Rows, g.CardH, g.Gutter)
		var xs []float64
		xs = append(xs, cutLines(g.X0, g.CardW, g.Gutter, g.Cols)...)
		for _, x := range xs {
			px := int(x * 10)
			from, to := run(func(d int) (int, int) { return px, d }, g.Y0)
			check(fmt.Sprintf("at the top of x = %.1f", x), from, to, g.Y0)
			bottom := g.PageH - g.Y0 - gridH
			from, to = run(func(d int) (int, int) { return px, int(g.PageH*10) - 1 - d }, bottom)
			check(fmt.Sprintf("at the bottom of x = %.1f", x), from, to, bottom)
		}
		right := g.PageW - g.X0 - span(g.Cols, g.CardW, g.Gutter)
		if g.Fold {
			right = g.X0 // mirrored
		}
		for _, y := range cutLines(g.Y0, g.CardH, g.Gutter, g.Rows) {
			py := int(y * 10)
			from, to := run(func(d int) (int, int) { return d, py }, g.X0)
			check(fmt.Sprintf("at the left of y = %.1f", y), from, to, g.X0)
			from, to = run(func(d int) (int, int) { return int(g.PageW*10) - 1 - d, py }, right)
			check(fmt.Sprintf("at the right of y = %.1f", y), from, to, right)
		}
	}
}

// The PDF's streams are compressed after fpdf wrote them: every stream
// carries its filter and inflates, and every cross-reference entry points
// at its object.
func TestStreamsAreCompressedAndIndexed(t *testing.T) {
	pdf, st, err := Render(testCards(20), 63, 88, Options{Paper: A4, Mode: Duplex, Title: "T"})
	if err != nil {
		t.Fatal(err)
	}
	body := pdf[:bytes.Index(pdf, []byte("\nxref\n"))+1]
	streams := regexp.MustCompile(`(?s)\n(\d+) 0 obj\n(<<.*?>>)\nstream\n`).FindAllSubmatchIndex(body, -1)
	pages := 0
	for _, m := range streams {
		dict := string(body[m[4]:m[5]])
		if !strings.Contains(dict, "/Filter /FlateDecode") {
			t.Errorf("object %s: stream without filter: %s", body[m[2]:m[3]], dict)
			continue
		}
		l, _ := strconv.Atoi(regexp.MustCompile(`/Length (\d+)`).FindStringSubmatch(dict)[1])
		zr, err := zlib.NewReader(bytes.NewReader(body[m[1] : m[1]+l]))
		if err != nil {
			t.Fatalf("object %s: %v", body[m[2]:m[3]], err)
		}
		data, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("object %s: %v", body[m[2]:m[3]], err)
		}
		if bytes.Contains(data, []byte(" Tj")) {
			pages++
		}
	}
	if pages != st.Pages {
		t.Errorf("%d page contents with text, %d pages", pages, st.Pages)
	}
	// Every entry of the last cross-reference table (the viewer
	// preferences' update) and of the one before it points at its object.
	for _, xref := range regexp.MustCompile(`\nxref\n(\d+) (\d+)\n`).FindAllSubmatchIndex(pdf, -1) {
		first, _ := strconv.Atoi(string(pdf[xref[2]:xref[3]]))
		count, _ := strconv.Atoi(string(pdf[xref[4]:xref[5]]))
		for i := 0; i < count; i++ {
			line := string(pdf[xref[1]+20*i : xref[1]+20*i+20])
			if strings.HasSuffix(line, "f \n") {
				continue
			}
			off, _ := strconv.Atoi(line[:10])
			if want := fmt.Sprintf("%d 0 obj", first+i); !bytes.HasPrefix(pdf[off:], []byte(want)) {
				t.Errorf("xref entry %d points at %q", first+i, pdf[off:off+12])
			}
		}
	}
}

// Text in the font already selected does not select it again, but after a
// transform or a clip — whose end restores the font of before — the font is
// selected anew: every text shows in its own font, followed through the
// content stream's graphics state.
func TestFontSelectionSurvivesRestores(t *testing.T) {
	pdf, err := Pages(100, 100, "T", []func(*Canvas) error{func(c *Canvas) error {
		// The same font before and after a restore, a different one inside.
		c.Text(5, 5, "a1", "B", 10, Black, Left)
		c.Text(5, 10, "a2", "B", 10, Black, Left)
		c.Rotated(90, 50, 50, func() { c.Text(5, 15, "b1", "", 10, Black, Left) })
		c.Text(5, 20, "b2", "", 10, Black, Left)
		c.Clip(0, 0, 50, 50, func() { c.Text(5, 25, "a3", "B", 10, Black, Left) })
		c.Text(5, 30, "a4", "B", 10, Black, Left)
		c.Mark(50, 50, 0, "b3", "", 10, Black)
		c.Text(5, 35, "b4", "", 10, Black, Left)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	var content []byte
	for _, data := range flateStreams(pdf) {
		if bytes.Contains(data, []byte(" Tj")) {
			content = data
		}
	}
	// Follow q/Q and Tf; note the font of each text, by order.
	ops := regexp.MustCompile(`(?s)(/F\w+) [\d.]+ Tf|\bq\b|\bQ\b|\((?:\\.|[^\\)])*\) Tj`).FindAll(content, -1)
	var stack []string
	font := ""
	var fonts []string
	for _, op := range ops {
		switch s := string(op); {
		case s == "q":
			stack = append(stack, font)
		case s == "Q":
			font, stack = stack[len(stack)-1], stack[:len(stack)-1]
		case strings.HasSuffix(s, "Tf"):
			font = strings.Fields(s)[0]
		default:
			fonts = append(fonts, font)
		}
	}
	if len(fonts) != 8 {
		t.Fatalf("%d texts in %q", len(fonts), content)
	}
	bold, regular := fonts[0], fonts[2]
	want := []string{bold, bold, regular, regular, bold, bold, regular, regular}
	if bold == regular || bold == "" || fmt.Sprint(fonts) != fmt.Sprint(want) {
		t.Fatalf("texts in fonts %v, want %v", fonts, want)
	}
	if n := bytes.Count(content, []byte(" Tf")); n >= len(fonts) {
		t.Errorf("%d font selections for %d texts", n, len(fonts))
	}
}

func TestAppendFixed2(t *testing.T) {
	for _, v := range []float64{0, 1, -1, 0.005, 0.004999, 12.345, -0.001, -12.3456, 841.89, 1234567.891, 0.1 + 0.2} {
		want := strconv.FormatFloat(v, 'f', 2, 64)
		if want == "-0.00" {
			want = "0.00"
		}
		if got := string(appendFixed2(nil, v)); got != want {
			t.Errorf("%v: %s, want %s", v, got, want)
		}
	}
}

// Words set directly (rotatedText's fast path, once fpdf has set their
// characters) look exactly as fpdf sets them: the same words, turned, in
// two fonts and colours, with characters a PDF string must escape and
// characters beyond Latin-1, render the same on a page set by fpdf and on
// a page written directly.
func TestDirectTextLooksLikeFpdfs(t *testing.T) {
	words := []string{"Genitiv", "(Dativ)", `a\b`, "Straße", "ÄÖÜ", "€ 5", "ſchön"}
	draw := func(c *Canvas) error {
		for i, w := range words {
			deg := float64(i*37 - 90)
			style := []string{"", "B"}[i%2]
			col := RGB(uint8(30*i), 90, uint8(200-20*i))
			c.Glyph(20+float64(i%3)*30, 15+float64(i)*11, deg, w, style, 9+float64(i), col)
			c.Mark(80, 15+float64(i)*11, -deg, w, style, 8, col)
		}
		return nil
	}
	pdf, err := Pages(100, 100, "T", []func(*Canvas) error{draw, draw})
	if err != nil {
		t.Fatal(err)
	}
	// The first page is set by fpdf (a transform per word) where a word's
	// characters are new, the second takes the direct path throughout:
	// text matrices, no transforms.
	var pages [][]byte
	for _, data := range flateStreams(pdf) {
		if bytes.Contains(data, []byte(" Tj")) {
			pages = append(pages, data)
		}
	}
	if len(pages) != 2 || bytes.Count(pages[0], []byte(" cm")) < len(words) || bytes.Count(pages[1], []byte(" Tm ")) != 2*len(words) || bytes.Contains(pages[1], []byte(" cm")) {
		t.Fatalf("want page 1 set by fpdf, page 2 directly (%d content streams)", len(pages))
	}
	ink, differ := comparePages(t, pdf, 1, 2)
	if ink < 2000 || differ > ink/200 {
		t.Errorf("%d of %d inked pixels differ between fpdf's text and the direct text", differ, ink)
	}
}

// comparePages renders two pages at 200 dpi and counts the first's inked
// pixels and the pixels that differ between them.
func comparePages(t *testing.T, pdf []byte, p, q int) (ink, differ int) {
	t.Helper()
	a, b := rasterize(t, pdf, p, 200), rasterize(t, pdf, q, 200)
	bounds := a.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			if ar&ag&ab < 0xf000 {
				ink++
			}
			d := max(absDiff(ar, br), absDiff(ag, bg), absDiff(ab, bb))
			if d > 0x2000 {
				differ++
			}
		}
	}
	return ink, differ
}

// Polygons written directly look as fpdf's Polygon draws them: irregular
// ones, overlapping, in several colours, on a canvas away from the page's
// corner.
func TestDirectPolygonsLookLikeFpdfs(t *testing.T) {
	var shapes [][]float64
	for i := 0; i < 40; i++ {
		cx, cy := 8+float64(i%6)*13.3, 10+float64(i/6)*11.7
		var xy []float64
		for k := 0; k < 9; k++ {
			a := float64(i) + 2*math.Pi*float64(k)/9
			d := 4 + 3*math.Sin(float64(7*i+3*k))
			xy = append(xy, cx+d*math.Cos(a), cy+d*math.Sin(a))
		}
		shapes = append(shapes, xy)
	}
	colour := func(i int) Color { return RGB(uint8(40*i), uint8(255-13*i), uint8(90+4*i)) }
	direct := func(c *Canvas) error {
		c.X, c.Y = 7.3, 4.1
		for i, xy := range shapes {
			c.Polygon(colour(i), xy...)
		}
		return nil
	}
	byFpdf := func(c *Canvas) error {
		for i, xy := range shapes {
			var pts []fpdf.PointType
			for j := 0; j+1 < len(xy); j += 2 {
				pts = append(pts, fpdf.PointType{X: 7.3 + xy[j], Y: 4.1 + xy[j+1]})
			}
			col := colour(i)
			c.pdf.SetFillColor(int(col.R), int(col.G), int(col.B))
			c.pdf.Polygon(pts, "F")
		}
		return nil
	}
	pdf, err := Pages(100, 100, "T", []func(*Canvas) error{direct, byFpdf})
	if err != nil {
		t.Fatal(err)
	}
	ink, differ := comparePages(t, pdf, 1, 2)
	if ink < 50000 || differ > ink/1000 {
		t.Errorf("%d of %d inked pixels differ between fpdf's polygons and the direct ones", differ, ink)
	}
}

// Text written directly (once fpdf has set its characters in the document)
// is what fpdf writes: the same operators, byte for byte, in colours equal
// to the fill colour and others, grey and coloured, aligned every way,
// with characters a PDF string must escape.
func TestDirectTextIsFpdfs(t *testing.T) {
	lines := []string{"Genitiv (Dativ)", `a\b`, "Straße – „Zitat“", "€ 5,–", "ÄÖÜ äöü"}
	draw := func(c *Canvas) error {
		for i, s := range lines {
			c.Rect(0, 0, 1, 1, RGB(200, 30, 30))
			col := []Color{Black, RGB(90, 90, 90), RGB(200, 30, 30), RGB(10, 120, 240)}[i%4]
			c.Text(50, 10+float64(i)*12, s, []string{"", "B"}[i%2], 8+float64(i), col, Align(i%3))
		}
		return nil
	}
	pdf, err := Pages(100, 100, "T", []func(*Canvas) error{draw, draw})
	if err != nil {
		t.Fatal(err)
	}
	var pages [][]string
	for _, data := range flateStreams(pdf) {
		var texts []string
		for _, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, " Tj") {
				texts = append(texts, line)
			}
		}
		if len(texts) > 0 {
			pages = append(pages, texts)
		}
	}
	if len(pages) != 2 || len(pages[0]) != len(lines) {
		t.Fatalf("want 2 pages of %d texts, got %d", len(lines), len(pages))
	}
	for i := range lines {
		if pages[0][i] != pages[1][i] {
			t.Errorf("text %d: fpdf wrote %q, directly %q", i, pages[0][i], pages[1][i])
		}
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestAppendFixed(t *testing.T) {
	for _, d := range []int{0, 3, 5} {
		for _, v := range []float64{0, 1, -1, 0.70710678, -0.70710678, 0.999999, 12.345678, 841.89, -0.000001, 1234567.25} {
			want := strconv.FormatFloat(v, 'f', d, 64)
			if strings.Trim(want, "-0.") == "" {
				want = strings.TrimPrefix(want, "-")
			}
			if got := string(appendFixed(nil, v, d)); got != want {
				t.Errorf("%v with %d decimals: %s, want %s", v, d, got, want)
			}
		}
	}
}

// TestSubsetTagsAreDistinct: every embedded subset carries a tag of its
// own (six capitals and "+"), made from its glyphs: the regular and bold
// subsets of one file differ, the same style with other glyphs in another
// file differs, the same glyphs give the same tag.
func TestSubsetTagsAreDistinct(t *testing.T) {
	doc := func(text string) []byte {
		pdf, err := Pages(60, 40, "t", []func(*Canvas) error{func(c *Canvas) error {
			c.Text(5, 5, text, "", 10, Black, Left)
			c.Text(5, 15, text, "B", 10, Black, Left)
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		return pdf
	}
	names := func(pdf []byte) map[string]bool {
		out := map[string]bool{}
		for _, m := range regexp.MustCompile(`/BaseFont /(\S+)`).FindAllSubmatch(pdf, -1) {
			out[string(m[1])] = true
		}
		return out
	}
	tagged := regexp.MustCompile(`^[A-Z]{6}\+DejaVuC`)
	a, b, a2 := names(doc("Hallo")), names(doc("Tschüss")), names(doc("Hallo"))
	if len(a) != 2 {
		t.Fatalf("fonts %v, want a regular and a bold subset", a)
	}
	tags := map[string]string{}
	for n := range a {
		if !tagged.MatchString(n) {
			t.Errorf("%s: no subset tag", n)
		}
		if other, ok := tags[n[:6]]; ok {
			t.Errorf("%s and %s share a tag", n, other)
		}
		tags[n[:6]] = n
		if b[n] {
			t.Errorf("%s names subsets of other glyphs in two files", n)
		}
		if !a2[n] {
			t.Errorf("%s: the same glyphs got another tag", n)
		}
	}
}
