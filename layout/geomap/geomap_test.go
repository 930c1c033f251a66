package geomap

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"druckreif/decks"
	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/maps"
)

var papers = []layout.Paper{layout.A4, layout.Letter, layout.Universal}

// Every place of the default deck, projected with the printed layout,
// falls into the square its card names, read from the grid lines as drawn.
func TestDeckPlacesOnPrintedGrid(t *testing.T) {
	d, probs := decks.LoadDefault("raab")
	if d == nil || probs.HasErrors() {
		t.Fatalf("default raab deck: %v", probs.Errors())
	}
	var places []decks.Place
	for _, c := range d.Raab {
		for _, task := range c.Tasks {
			if p, ok := task.(decks.Place); ok {
				places = append(places, p)
			}
		}
	}
	perMap := map[string]int{}
	for _, p := range places {
		perMap[p.Map.Key]++
	}
	for _, m := range maps.All {
		if perMap[m.Key] == 0 {
			t.Errorf("the default deck has no place on map %s", m.Key)
		}
	}
	for _, paper := range papers {
		plans := map[*maps.Map]Sheet{}
		for _, s := range Plans(paper) {
			plans[s.Map] = s
		}
		for _, p := range places {
			s := plans[p.Map]
			x, y := s.Project(p.Lat, p.Lon)
			got, ok := s.SquareAtMM(x, y)
			if !ok || got != p.Square {
				t.Errorf("%s, %s %s (%.2f, %.2f) at %.1f, %.1f mm: printed square %s %v, card says %s",
					paper.Name, p.Map.Key, p.Name, p.Lat, p.Lon, x, y, got, ok, p.Square)
			}
		}
	}
}

// The grid read back from the page agrees with package maps everywhere,
// not only at the deck's places, including the map's edges.
func TestSquareAtMMMatchesMaps(t *testing.T) {
	for _, m := range maps.All {
		s := Plan(m, layout.A4)
		for i := 0; i <= 200; i++ {
			for j := 0; j <= 200; j++ {
				lat := m.South + (m.North-m.South)*float64(j)/200
				lon := m.West + (m.East-m.West)*float64(i)/200
				if u, v := m.Project(lat, lon); onInnerLine(u, m.Columns) || onInnerLine(v, m.Rows) {
					continue // either side is right
				}
				want, _ := m.SquareAt(lat, lon)
				got, ok := s.SquareAtMM(s.Project(lat, lon))
				if !ok || got != want {
					t.Fatalf("%s (%v, %v): sheet %s %v, maps %s", m.Key, lat, lon, got, ok, want)
				}
			}
		}
		if _, ok := s.SquareAtMM(s.X-0.5, s.Y+1); ok {
			t.Errorf("%s: a point left of the map has a square", m.Key)
		}
	}
}

// onInnerLine reports whether a projected coordinate (0…1) lies on one of
// the n-1 inner grid lines.
func onInnerLine(f float64, n int) bool {
	k := math.Round(f * float64(n))
	return math.Abs(f*float64(n)-k) < 1e-9 && k > 0 && k < float64(n)
}

// Each sheet fits inside the printable margin with its labels, keeps the
// map's proportions and uses the orientation that gives the larger map.
func TestPlanGeometry(t *testing.T) {
	for _, paper := range papers {
		for _, s := range Plans(paper) {
			name := paper.Name + " " + s.Map.Key
			left, right := s.X-numberBand, s.X+s.W+numberBand
			top, bottom := s.Y-letterBand-titleBand, s.Y+s.H+letterBand+sourceBand
			if left < margin-1e-9 || right > s.PageW-margin+1e-9 || top < margin-1e-9 || bottom > s.PageH-margin+1e-9 {
				t.Errorf("%s: %.1f–%.1f × %.1f–%.1f leaves the printable area of %.0f × %.0f", name, left, right, top, bottom, s.PageW, s.PageH)
			}
			if math.Abs(s.W/s.H-s.Map.Aspect()) > 1e-9 {
				t.Errorf("%s: %v × %v distorts the map (aspect %v)", name, s.W, s.H, s.Map.Aspect())
			}
			if s.Landscape != (s.PageW > s.PageH) {
				t.Errorf("%s: landscape %v on %v × %v", name, s.Landscape, s.PageW, s.PageH)
			}
			other := fit(s.Map, paper, !s.Landscape)
			if other.W*other.H > s.W*s.H {
				t.Errorf("%s: the other orientation gives a larger map", name)
			}
			t.Logf("%s: map %.0f × %.0f mm, landscape %v", name, s.W, s.H, s.Landscape)
		}
	}
	if Plan(maps.Germany, layout.A4).Landscape || !Plan(maps.Europe, layout.A4).Landscape || !Plan(maps.World, layout.A4).Landscape {
		t.Error("on A4 Germany should be portrait, Europe and the world landscape")
	}
}

func TestOutlinesOnMaps(t *testing.T) {
	for _, m := range maps.All {
		rings, err := m.Outlines()
		if err != nil {
			t.Fatal(err)
		}
		inside := 0
		for _, r := range rings {
			for _, p := range r.Points {
				if m.Contains(p.Lat, p.Lon) {
					inside++
				}
			}
		}
		if inside < 100 {
			t.Errorf("%s: only %d outline points on the map", m.Key, inside)
		}
	}
	rings, _ := maps.Germany.Outlines()
	in := func(country string, lat, lon float64) bool {
		found := false
		for _, r := range rings {
			if r.Country == country && !r.Hole && r.Contains(lat, lon) {
				found = true
			}
		}
		return found
	}
	if !in("Germany", 52.52, 13.40) {
		t.Error("Berlin is not inside Germany")
	}
	if !in("Germany", 47.42, 10.98) || !in("Germany", 54.32, 10.13) {
		t.Error("Zugspitze or Kiel is not inside Germany")
	}
	if in("Germany", 52.37, 4.90) || in("Germany", 47.37, 8.54) {
		t.Error("Amsterdam or Zürich is inside Germany")
	}
	if !in("Poland", 52.41, 16.93) {
		t.Error("Poznań is not in Poland")
	}
}

// pages reads the page count and the rotated pages from the PDF.
func pages(t *testing.T, pdf []byte) (count, rotated int) {
	t.Helper()
	m := regexp.MustCompile(`/Type /Pages\s*/Kids \[[^\]]*\]\s*/Count (\d+)`).FindSubmatch(pdf)
	if m == nil {
		t.Fatal("no page tree")
	}
	count, _ = strconv.Atoi(string(m[1]))
	return count, bytes.Count(pdf, []byte("/Rotate 90"))
}

func TestSheetsPDF(t *testing.T) {
	for _, paper := range papers {
		pdf, err := Sheets(paper)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			t.Fatal("not a PDF")
		}
		n, rot := pages(t, pdf)
		if n != 4 || rot != 3 {
			t.Errorf("%s: %d pages, %d rotated; want 4 pages (the world in two halves), 3 rotated", paper.Name, n, rot)
		}
		if len(pdf) > 2<<20 {
			t.Errorf("%s: %d bytes", paper.Name, len(pdf))
		}
	}
}

// The rendered pages show what the geometry says: the right orientation,
// land, the home country and sea where the projection puts them.
func TestSheetsRendered(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	pdf, err := Sheets(layout.A4)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "maps.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	const dpi = 50
	type probe struct {
		name     string
		lat, lon float64
		want     layout.Color
	}
	probes := [][]probe{
		{{"Berlin", 52.52, 13.40, home}, {"Kassel", 51.32, 9.50, home}, {"Vosges", 48.3, 6.6, land}, {"North Sea", 54.4, 6.6, sea}, {"Prague", 50.08, 14.42, land}},
		{{"Madrid", 40.42, -3.70, land}, {"Atlantic", 45, -15, sea}, {"Warsaw", 52.23, 21.01, land}, {"Black Sea", 43.2, 34.0, sea}},
		{{"Atlantic", 0, -30, sea}, {"Pacific", -10, -140, sea}, {"Brazil", -10, -50, land}},
		{{"Australia", -27, 132, land}, {"Sahara", 23, 10, land}, {"Indian Ocean", -20, 75, sea}},
	}
	for i, s := range PrintPlans(layout.A4) {
		prefix := filepath.Join(dir, "p"+strconv.Itoa(i+1))
		page := strconv.Itoa(i + 1)
		tooltest.Run(t, "pdftoppm", "-png", "-singlefile", "-r", strconv.Itoa(dpi), "-f", page, "-l", page, file, prefix)
		img := readPNG(t, prefix+".png")
		b := img.Bounds()
		if (b.Dx() > b.Dy()) != s.Landscape {
			t.Errorf("page %d: %d × %d px, landscape %v", i+1, b.Dx(), b.Dy(), s.Landscape)
		}
		if inked(img) < 0.2 {
			t.Errorf("page %d is almost blank", i+1)
		}
		for _, p := range probes[i] {
			if s.Map.EdgeDistance(p.lat, p.lon) < 0.05 {
				t.Fatalf("%s: probe %s lies on a grid line", s.Map.Key, p.name)
			}
			x, y := s.Project(p.lat, p.lon)
			got := img.At(int(x/25.4*dpi), int(y/25.4*dpi))
			if !near(got, p.want) {
				t.Errorf("%s: %s at %.0f, %.0f mm is %v, want %v", s.Map.Key, p.name, x, y, got, p.want)
			}
		}
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

// inked is the share of pixels that are not white.
func inked(img image.Image) float64 {
	b := img.Bounds()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r>>8 < 250 || g>>8 < 250 || bl>>8 < 250 {
				n++
			}
		}
	}
	return float64(n) / float64(b.Dx()*b.Dy())
}

func near(c color.Color, want layout.Color) bool {
	r, g, b, _ := c.RGBA()
	d := func(v uint32, w uint8) bool { return math.Abs(float64(v>>8)-float64(w)) <= 8 }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// The world, half a page as a whole, is printed in two halves that fill
// their pages: both at one scale and height, so they meet at the middle
// column line row for row, and every place of the deck lies in its card's
// square on the half that shows it.
func TestWorldInTwoHalvesFillsThePages(t *testing.T) {
	d, probs := decks.LoadDefault("raab")
	if d == nil || probs.HasErrors() {
		t.Fatalf("default raab deck: %v", probs.Errors())
	}
	for _, paper := range papers {
		whole := Plan(maps.World, paper)
		var halves []Sheet
		for _, s := range PrintPlans(paper) {
			if s.Map == maps.World {
				halves = append(halves, s)
			} else if s.Part() {
				t.Errorf("%s: %s split", paper.Name, s.Map.Key)
			}
		}
		if len(halves) != 2 {
			t.Fatalf("%s: the world on %d sheets", paper.Name, len(halves))
		}
		l, r := halves[0], halves[1]
		if l.Col0 != 0 || l.Col1 != r.Col0 || r.Col1 != maps.World.Columns {
			t.Errorf("%s: halves %d–%d and %d–%d", paper.Name, l.Col0, l.Col1, r.Col0, r.Col1)
		}
		if l.H != r.H || l.Y != r.Y || l.W != r.W {
			t.Errorf("%s: the halves differ: %.1f × %.1f at y %.1f, %.1f × %.1f at y %.1f", paper.Name, l.W, l.H, l.Y, r.W, r.H, r.Y)
		}
		availH := l.PageH - 2*margin - titleBand - 2*letterBand - sourceBand
		if l.H < 0.99*availH {
			t.Errorf("%s: a half is %.0f mm high of %.0f", paper.Name, l.H, availH)
		}
		if scale := l.W / (whole.W / 2); scale < 1.5 {
			t.Errorf("%s: the halves print the world only %.2f times as large", paper.Name, scale)
		}
		t.Logf("%s: world %.0f × %.0f mm whole, halves %.0f × %.0f mm each (×%.2f)", paper.Name, whole.W, whole.H, l.W, l.H, l.W/(whole.W/2))
		for _, c := range d.Raab {
			for _, task := range c.Tasks {
				p, ok := task.(decks.Place)
				if !ok || p.Map != maps.World {
					continue
				}
				found := 0
				for _, h := range halves {
					if got, ok := h.SquareAtMM(h.Project(p.Lat, p.Lon)); ok {
						found++
						if got != p.Square {
							t.Errorf("%s: %s on half %c–%c in %s, card says %s", paper.Name, p.Name, 'A'+h.Col0, 'A'+h.Col1-1, got, p.Square)
						}
					}
				}
				if found == 0 {
					t.Errorf("%s: %s on neither half", paper.Name, p.Name)
				}
			}
		}
	}
}
