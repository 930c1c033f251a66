// Package geomap draws the three printed maps of "Wo liegt was?"
// (Germany, Europe, World): country outlines from Natural Earth with the
// lettered and numbered grid of package maps, one map per sheet, as large
// as the printable area allows.
//
// The geometry of every sheet is a Sheet value, and the drawing uses only
// its numbers, so a test can check that a place projected onto the printed
// page lies in the square its card names.
package geomap

import (
	"fmt"
	"math"

	"druckreif/layout"
	"druckreif/maps"
)

// Layout of a sheet in mm (sizes of text in pt).
const (
	margin     = layout.PrintableMargin
	titleSize  = 14.0 // pt
	titleBand  = 8.0  // from the title's top to the letter band
	labelSize  = 9.0  // pt, grid letters and numbers
	letterBand = 5.0  // between the map's frame and its letters, above and below
	numberBand = 6.5  // for the row numbers, left and right
	sourceSize = 6.0  // pt
	sourceBand = 3.5  // below the lower letters
	minStep    = 0.1  // outline points closer than this on paper are merged
)

// Colours: land in a light tint, the home country of a map a bit stronger,
// sea pale blue.
var (
	sea       = layout.RGB(222, 237, 248)
	land      = layout.RGB(246, 241, 226)
	home      = layout.RGB(238, 219, 162)
	border    = layout.RGB(125, 125, 125)
	gridLine  = layout.RGB(50, 50, 50)
	ink       = layout.RGB(30, 30, 30)
	faint     = layout.RGB(100, 100, 100)
	homeNames = map[string]string{"D": "Germany"}
)

// Source is printed small on every sheet.
const Source = "Kartendaten: Natural Earth (gemeinfrei)"

// Sheet is the geometry of one printed map, in mm on the sheet as it is
// viewed: PageW × PageH, landscape when PageW > PageH, (0, 0) top left.
// A landscape sheet is drawn turned by 90° on a portrait PDF page that
// carries /Rotate 90, so viewers and printers show it upright.
type Sheet struct {
	Map          *maps.Map
	Landscape    bool
	PageW, PageH float64
	X, Y, W, H   float64 // the map's frame; the grid divides it evenly
	// Col0 and Col1 are the columns the sheet shows, Col0 up to but not
	// including Col1, when it holds part of its map (the world in two
	// halves); both 0 for the whole map.
	Col0, Col1 int
}

// cols are the first column the sheet shows and the one after its last.
func (s Sheet) cols() (int, int) {
	if s.Col1 == 0 {
		return 0, s.Map.Columns
	}
	return s.Col0, s.Col1
}

// Part reports whether the sheet holds part of its map.
func (s Sheet) Part() bool { return s.Col1 != 0 }

// Title is the sheet's heading.
func (s Sheet) Title() string {
	if !s.Part() {
		return "Wo liegt was? – " + s.Map.Name
	}
	c0, c1 := s.cols()
	return fmt.Sprintf("Wo liegt was? – %s, Spalten %c–%c", s.Map.Name, 'A'+c0, 'A'+c1-1)
}

// Plan lays out one map on the paper, in whichever orientation gives the
// larger map.
func Plan(m *maps.Map, p layout.Paper) Sheet {
	var best Sheet
	for _, landscape := range []bool{false, true} {
		s := fit(m, p, landscape)
		if s.W*s.H > best.W*best.H {
			best = s
		}
	}
	return best
}

// PlanPart lays out columns col0 up to col1 of a map on the paper, in
// whichever orientation gives the larger map.
func PlanPart(m *maps.Map, p layout.Paper, col0, col1 int) Sheet {
	var best Sheet
	for _, landscape := range []bool{false, true} {
		s := fitPart(m, p, landscape, col0, col1)
		if s.W*s.H > best.W*best.H {
			best = s
		}
	}
	return best
}

// fit places the map as large as it fits inside the printable margin,
// with room for the title, the grid labels and the source line, and
// centres the whole block on the sheet.
func fit(m *maps.Map, p layout.Paper, landscape bool) Sheet {
	return fitPart(m, p, landscape, 0, 0)
}

func fitPart(m *maps.Map, p layout.Paper, landscape bool, col0, col1 int) Sheet {
	s := Sheet{Map: m, Landscape: landscape, PageW: p.W, PageH: p.H, Col0: col0, Col1: col1}
	if landscape {
		s.PageW, s.PageH = p.H, p.W
	}
	c0, c1 := s.cols()
	aspect := m.Aspect() * float64(c1-c0) / float64(m.Columns)
	availW := s.PageW - 2*margin - 2*numberBand
	availH := s.PageH - 2*margin - titleBand - 2*letterBand - sourceBand
	s.W, s.H = availW, availW/aspect
	if s.H > availH {
		s.W, s.H = availH*aspect, availH
	}
	s.X = (s.PageW - s.W) / 2
	s.Y = (s.PageH-(titleBand+2*letterBand+sourceBand+s.H))/2 + titleBand + letterBand
	return s
}

// Plans lays out the three maps in the rulebook's order.
func Plans(p layout.Paper) []Sheet {
	out := make([]Sheet, len(maps.All))
	for i, m := range maps.All {
		out[i] = Plan(m, p)
	}
	return out
}

// PrintPlans are the sheets the kit prints: each map whole on a sheet of
// its own, but a map that would fill less than splitHeight of its sheet's
// height (the world, twice as wide as it is high) in two halves side by
// side, each a sheet filling its page, laid edge to edge at the middle
// column line.
func PrintPlans(p layout.Paper) []Sheet {
	var out []Sheet
	for _, s := range Plans(p) {
		availH := s.PageH - 2*margin - titleBand - 2*letterBand - sourceBand
		if s.H >= splitHeight*availH || s.Map.Columns%2 != 0 {
			out = append(out, s)
			continue
		}
		half := s.Map.Columns / 2
		out = append(out, PlanPart(s.Map, p, 0, half), PlanPart(s.Map, p, half, s.Map.Columns))
	}
	return out
}

// splitHeight is the share of its sheet's height below which a map is
// printed in two halves.
const splitHeight = 0.75

// Project maps a coordinate to the sheet, with the map's own projection
// (outside the frame for a place on the other part of the map).
func (s Sheet) Project(lat, lon float64) (x, y float64) {
	u, v := s.Map.Project(lat, lon)
	c0, c1 := s.cols()
	return s.X + s.W*(u*float64(s.Map.Columns)-float64(c0))/float64(c1-c0), s.Y + s.H*v
}

// ColX is the x of the grid line left of column i, counted over the whole
// map (i = Columns: the right edge).
func (s Sheet) ColX(i int) float64 {
	c0, c1 := s.cols()
	return s.X + s.W*float64(i-c0)/float64(c1-c0)
}

// RowY is the y of the grid line above row j (j = Rows: the bottom edge).
func (s Sheet) RowY(j int) float64 { return s.Y + s.H*float64(j)/float64(s.Map.Rows) }

// SquareAtMM reads the grid square under a point of the sheet from the
// grid lines as drawn; points on the map's edge belong to the outer
// squares.
func (s Sheet) SquareAtMM(x, y float64) (maps.Square, bool) {
	c0, c1 := s.cols()
	if x < s.ColX(c0) || x > s.ColX(c1) || y < s.RowY(0) || y > s.RowY(s.Map.Rows) {
		return maps.Square{}, false
	}
	col, row := c0, 0
	for i := c0 + 1; i < c1; i++ {
		if s.ColX(i) <= x {
			col = i
		}
	}
	for j := 1; j < s.Map.Rows; j++ {
		if s.RowY(j) <= y {
			row = j
		}
	}
	return maps.Square{Col: col, Row: row}, true
}

// Sheets writes the maps as PrintPlans lays them out, one sheet per page.
func Sheets(p layout.Paper) ([]byte, error) {
	plans := PrintPlans(p)
	draws := make([]func(*layout.Canvas) error, len(plans))
	var rotated []int
	for i, s := range plans {
		if s.Landscape {
			rotated = append(rotated, i)
		}
		draws[i] = func(c *layout.Canvas) error {
			if !s.Landscape {
				return s.draw(c)
			}
			// The portrait page shows the landscape sheet turned a quarter
			// counter-clockwise: sheet point (u, v) lies at page (v, H−u);
			// /Rotate 90 turns it back for viewing and printing.
			var err error
			c.Rotated(90, 0, p.H, func() {
				f := *c
				f.Y += p.H
				f.W, f.H = s.PageW, s.PageH
				err = s.draw(&f)
			})
			return err
		}
	}
	pdf, err := layout.Pages(p.W, p.H, "Wo liegt was? – Landkarten", draws)
	if err != nil {
		return nil, err
	}
	return rotatePages(pdf, rotated)
}

// Draw paints the sheet on a canvas of its own size (PageW × PageH), as a
// print shop's page holds it, landscape or not.
func (s Sheet) Draw(c *layout.Canvas) error { return s.draw(c) }

// draw paints the sheet on a canvas in sheet coordinates.
func (s Sheet) draw(c *layout.Canvas) error {
	rings, err := s.Map.Outlines()
	if err != nil {
		return err
	}
	m := s.Map
	top := s.Y - letterBand - titleBand
	c.Text(s.X, top, s.Title(), "B", titleSize, ink, layout.Left)
	c.Text(s.X+s.W, top+1.2, "Landkarte "+m.Key, "", labelSize, faint, layout.Right)

	c.Clip(s.X, s.Y, s.W, s.H, func() {
		c.Rect(s.X, s.Y, s.W, s.H, sea)
		homeName := homeNames[m.Key]
		paths := make([][][]float64, len(rings))
		for i, r := range rings {
			paths[i] = s.runs(r)
		}
		// Land in one tint, then the home country over it. Holes in Natural
		// Earth's countries are enclaves that are countries themselves, so
		// filling outer rings only is exact; the outlines come after all
		// fills so that none is covered.
		for pass := 0; pass < 2; pass++ {
			for i, r := range rings {
				isHome := r.Country == homeName
				if r.Hole || len(paths[i]) != 1 || len(paths[i][0]) < 6 || isHome != (pass == 1) {
					continue
				}
				fill := land
				if isHome {
					fill = home
				}
				c.Polygon(fill, paths[i][0]...)
			}
		}
		width := 0.12
		if m == maps.Germany {
			width = 0.2
		}
		for i := range rings {
			for _, run := range paths[i] {
				if len(paths[i]) == 1 {
					run = append(run, run[0], run[1]) // close the ring
				}
				c.Polyline(width, border, run...)
			}
		}
	})

	c0, c1 := s.cols()
	for i := c0; i <= c1; i++ {
		c.Line(s.ColX(i), s.Y, s.ColX(i), s.Y+s.H, 0.2, gridLine)
	}
	for j := 0; j <= m.Rows; j++ {
		c.Line(s.X, s.RowY(j), s.X+s.W, s.RowY(j), 0.2, gridLine)
	}
	c.Line(s.X, s.Y, s.X+s.W, s.Y, 0.4, ink)
	c.Line(s.X, s.Y+s.H, s.X+s.W, s.Y+s.H, 0.4, ink)
	c.Line(s.X, s.Y, s.X, s.Y+s.H, 0.4, ink)
	c.Line(s.X+s.W, s.Y, s.X+s.W, s.Y+s.H, 0.4, ink)

	// Letters above and below, numbers left and right, centred on their
	// squares. Text's y is the top of the line box; capitals are centred
	// 0.395 em below it.
	size := labelSize * 25.4 / 72
	for i := c0; i < c1; i++ {
		x := (s.ColX(i) + s.ColX(i+1)) / 2
		l := string(rune('A' + i))
		c.Text(x, s.Y-letterBand/2-0.395*size, l, "B", labelSize, ink, layout.Center)
		c.Text(x, s.Y+s.H+letterBand/2-0.395*size, l, "B", labelSize, ink, layout.Center)
	}
	for j := 0; j < m.Rows; j++ {
		y := (s.RowY(j)+s.RowY(j+1))/2 - 0.395*size
		n := fmt.Sprint(j + 1)
		c.Text(s.X-numberBand/2, y, n, "B", labelSize, ink, layout.Center)
		c.Text(s.X+s.W+numberBand/2, y, n, "B", labelSize, ink, layout.Center)
	}
	c.Text(s.X+s.W, s.Y+s.H+letterBand+0.6, Source, "", sourceSize, faint, layout.Right)
	if s.Part() {
		// How the halves go together: the right half is cut at its left
		// frame line and laid onto the left half's, the rows lining up.
		note := fmt.Sprintf("linke Hälfte: rechts an Spalte %c die rechte Hälfte anlegen", 'A'+c1)
		if c1 == m.Columns {
			note = fmt.Sprintf("rechte Hälfte: an der linken Rahmenlinie (vor %c) abschneiden und bündig an die linke Hälfte legen, die Zeilen in einer Linie", 'A'+c0)
		}
		c.Text(s.X, s.Y+s.H+letterBand+0.6, note, "", sourceSize, faint, layout.Left)
	}
	return nil
}

// runs projects a ring onto the sheet as x, y pairs, merging points closer
// than minStep. A ring whose longitude jumps by more than 180° between two
// points would wrap around the whole map; it is cut there into several
// runs, which are stroked but not filled (the generator already splits
// such rings, so this is a safeguard). Rings far off the map give nothing.
func (s Sheet) runs(r maps.Ring) [][]float64 {
	var out [][]float64
	var cur []float64
	minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i, p := range r.Points {
		if i > 0 && math.Abs(p.Lon-r.Points[i-1].Lon) > 180 {
			out = append(out, cur)
			cur = nil
		}
		x, y := s.Project(p.Lat, p.Lon)
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
		if n := len(cur); n >= 2 && math.Hypot(x-cur[n-2], y-cur[n-1]) < minStep {
			continue
		}
		cur = append(cur, x, y)
	}
	out = append(out, cur)
	if n := len(r.Points); len(out) > 1 && math.Abs(r.Points[0].Lon-r.Points[n-1].Lon) <= 180 {
		// The ring closes across its start: join the last run to the first.
		out[0] = append(out[len(out)-1], out[0]...)
		out = out[:len(out)-1]
	}
	if maxX < s.X || minX > s.X+s.W || maxY < s.Y || minY > s.Y+s.H {
		return nil
	}
	return out
}
