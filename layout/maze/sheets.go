package maze

import (
	"fmt"
	"math"

	"druckreif/board"
	"druckreif/layout"
)

// OnePage draws the board on one sheet of A2 (full scale) or A3.
func OnePage(b *board.Board, paper layout.Paper) ([]byte, error) {
	scale := paper.W / BoardW
	p := NewPlan(b, scale)
	return layout.Pages(paper.W, paper.H, "Spielplan "+paper.Name, []func(*layout.Canvas) error{
		func(c *layout.Canvas) error { p.Draw(c, 0, 0); return nil },
	})
}

// Tiling cuts the full-scale board into tiles that fit the area printable
// on both A4 and Letter, with glue overlaps.
type Tiling struct {
	TileW, TileH float64 // the part of the board on one sheet
	Overlap      float64
	Cols, Rows   int
	OffX, OffY   float64 // where the board sits in the tiled area
}

// Printable on both A4 and Letter with 5 mm margins, and the overlap.
const (
	tileW   = 190.0
	tileH   = 259.0
	overlap = 12.0
	// seamClear is how far every field must stay from a cut.
	seamClear = 5.0
)

// Cuts are the x and y positions (board mm) where a tile's edge lies on
// the tile below it: the left edges of columns 1… and top edges of rows 1….
func (t Tiling) Cuts() (xs, ys []float64) {
	for c := 1; c < t.Cols; c++ {
		xs = append(xs, float64(c)*(t.TileW-t.Overlap)-t.OffX)
	}
	for r := 1; r < t.Rows; r++ {
		ys = append(ys, float64(r)*(t.TileH-t.Overlap)-t.OffY)
	}
	return xs, ys
}

// PlanTiles finds the tile grid, shifts the board within it, and slides
// fields that would still lie within seamClear mm of a cut along the
// thread until they are clear (the order of the fields and the path stay
// the same; only where a loop sits on the thread changes).
func PlanTiles(p *Plan) (Tiling, error) {
	t := Tiling{TileW: tileW, TileH: tileH, Overlap: overlap}
	t.Cols = int(math.Ceil((BoardW - overlap) / (tileW - overlap)))
	t.Rows = int(math.Ceil((BoardH - overlap) / (tileH - overlap)))
	spareX := float64(t.Cols)*(tileW-overlap) + overlap - BoardW
	spareY := float64(t.Rows)*(tileH-overlap) + overlap - BoardH
	var lastErr error
	for rot := 0; rot < 360; rot += 10 {
		p.Rot = float64(rot) * math.Pi / 180
		for dy := 0.0; dy <= spareY; dy += 3 {
			for dx := 0.0; dx <= spareX; dx += 3 {
				t.OffX, t.OffY = dx, dy
				if lastErr = slideFields(p, t); lastErr == nil {
					return t, nil
				}
			}
		}
	}
	p.Rot = 0
	return t, lastErr
}

// slideFields moves fields near a cut along the thread, or fails.
func slideFields(p *Plan, t Tiling) error {
	r := p.FieldRadius()
	xs, ys := t.Cuts()
	clear := func(q board.Point) bool {
		q = p.rotate(q)
		x, y := p.CX+q.X*mazeR*p.Scale, p.CY+q.Y*mazeR*p.Scale
		for _, cx := range xs {
			if math.Abs(x-cx) < seamClear+r {
				return false
			}
		}
		for _, cy := range ys {
			if math.Abs(y-cy) < seamClear+r {
				return false
			}
		}
		return true
	}
	m := p.B.Maze
	p.moved = map[int]board.Point{}
	if !clear(p.B.Field(0)) {
		return fmt.Errorf("das Startfeld liegt auf einer Klebekante")
	}
	// apart keeps a moved field clear of its neighbours on the thread.
	apart := func(pos int, q board.Point) bool {
		for _, n := range []int{pos - 1, pos + 1} {
			if n < -board.Behind || n > p.B.Length {
				continue
			}
			nb := p.B.Field(n)
			if mv, ok := p.moved[n]; ok {
				nb = mv
			}
			if math.Hypot(q.X-nb.X, q.Y-nb.Y)*mazeR*p.Scale < 1.6*r {
				return false
			}
		}
		return true
	}
	slide := func(line []board.Point, first, last, dir int) error {
		// Fields first…last lie at equal steps along line from its start.
		total := pathLength(line)
		n := float64(abs(last-first) + 1)
		step := total / n
		for k := 0; k < abs(last-first)+1; k++ {
			pos := first + k*dir
			at := step * float64(k+1)
			if dir > 0 {
				at = total * float64(pos) / float64(p.B.Length)
				step = total / float64(p.B.Length)
			}
			if clear(pointAt(line, at)) {
				continue
			}
			found := false
			for d := 0.02 * step; d <= 0.45*step && !found; d += 0.02 * step {
				for _, cand := range []float64{at + d, at - d} {
					if q := pointAt(line, cand); cand > 0 && cand < total && clear(q) && apart(pos, q) {
						p.moved[pos] = pointAt(line, cand)
						found = true
						break
					}
				}
			}
			if !found {
				return fmt.Errorf("Feld %d liegt auf einer Klebekante und lässt sich nicht verschieben", pos)
			}
		}
		return nil
	}
	if err := slide(m.Polyline(m.Thread), 1, p.B.Length, 1); err != nil {
		return err
	}
	behind := m.Polyline(m.Behind)
	if l := pathLength(behind); l > p.B.Spacing()*board.Behind {
		behind = cutLine(behind, p.B.Spacing()*board.Behind)
	}
	return slide(behind, -1, -board.Behind, -1)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func pathLength(line []board.Point) float64 {
	l := 0.0
	for i := 1; i < len(line); i++ {
		l += math.Hypot(line[i].X-line[i-1].X, line[i].Y-line[i-1].Y)
	}
	return l
}

// pointAt is the point at arc length l along a polyline.
func pointAt(line []board.Point, l float64) board.Point {
	acc := 0.0
	for i := 1; i < len(line); i++ {
		d := math.Hypot(line[i].X-line[i-1].X, line[i].Y-line[i-1].Y)
		if acc+d >= l && d > 0 {
			t := (l - acc) / d
			return board.Point{X: line[i-1].X + t*(line[i].X-line[i-1].X), Y: line[i-1].Y + t*(line[i].Y-line[i-1].Y)}
		}
		acc += d
	}
	return line[len(line)-1]
}

func cutLine(line []board.Point, l float64) []board.Point {
	out := []board.Point{line[0]}
	acc := 0.0
	for i := 1; i < len(line); i++ {
		d := math.Hypot(line[i].X-line[i-1].X, line[i].Y-line[i-1].Y)
		if acc+d >= l {
			return append(out, pointAt(line, l))
		}
		acc += d
		out = append(out, line[i])
	}
	return out
}

// fieldsClear reports whether every field keeps its distance from the cuts.
func fieldsClear(p *Plan, t Tiling, r float64) bool {
	xs, ys := t.Cuts()
	for pos := -board.Behind; pos <= p.B.Length; pos++ {
		x, y := p.FieldXY(pos)
		for _, cx := range xs {
			if math.Abs(x-cx) < seamClear+r {
				return false
			}
		}
		for _, cy := range ys {
			if math.Abs(y-cy) < seamClear+r {
				return false
			}
		}
	}
	return true
}

// Tiles draws the board across A4 or Letter sheets: an overview page
// first, then one page per tile, each centred on the sheet, with alignment
// crosses at every seam (they lie in the overlap, so both sheets show
// them) and the tile's label and page number in the overlap that the next
// tile covers.
func Tiles(b *board.Board, paper layout.Paper) ([]byte, Tiling, error) {
	p := NewPlan(b, 1)
	t, err := PlanTiles(p)
	if err != nil {
		return nil, t, err
	}
	n := t.Cols * t.Rows
	draws := []func(*layout.Canvas) error{func(c *layout.Canvas) error { return overview(c, p, t) }}
	for r := 0; r < t.Rows; r++ {
		for col := 0; col < t.Cols; col++ {
			r, col := r, col
			draws = append(draws, func(c *layout.Canvas) error {
				ox := (paper.W - tileW) / 2
				oy := (paper.H - tileH) / 2
				// Board position of this tile's window.
				bx := float64(col)*(tileW-overlap) - t.OffX
				by := float64(r)*(tileH-overlap) - t.OffY
				c.Clip(ox, oy, tileW, tileH, func() {
					p.Draw(c, ox-bx, oy-by)
					seamMarks(c, t, ox-bx, oy-by)
					label := fmt.Sprintf("R%dC%d · Seite %d/%d", r+1, col+1, r*t.Cols+col+2, n+1)
					switch {
					case col < t.Cols-1: // in the right overlap, covered by the next tile
						c.Rotated(90, ox+tileW-overlap/2, oy+tileH/2, func() {
							c.Text(ox+tileW-overlap/2, oy+tileH/2-1.5, label, "B", 7, ink, layout.Center)
						})
					case r < t.Rows-1: // in the bottom overlap
						c.Text(ox+tileW/2, oy+tileH-overlap/2-1.5, label, "B", 7, ink, layout.Center)
					default: // the last tile: in the corner
						c.Text(ox+tileW-2, oy+tileH-4, label, "B", 6, ink, layout.Right)
					}
				})
				// Cut guides outside the tile, in the printable margin.
				c.DashedRect(ox, oy, tileW, tileH, 0.15, layout.RGB(150, 150, 150))
				return nil
			})
		}
	}
	data, err := layout.Pages(paper.W, paper.H, "Spielplan in Kacheln ("+paper.Name+")", draws)
	return data, t, err
}

// seamMarks draws alignment crosses along every seam, in board
// coordinates, so neighbouring tiles show the same crosses.
func seamMarks(c *layout.Canvas, t Tiling, bx, by float64) {
	xs, ys := t.Cuts()
	cross := func(x, y float64) {
		c.Line(bx+x-3, by+y, bx+x+3, by+y, 0.2, layout.Black)
		c.Line(bx+x, by+y-3, bx+x, by+y+3, 0.2, layout.Black)
		c.Circle(bx+x, by+y, 1.5, layout.Color{}, layout.Black, 0.15)
	}
	for _, x := range xs {
		mx := x + overlap/2
		for y := 20.0; y < BoardH; y += 60 {
			cross(mx, y)
		}
	}
	for _, y := range ys {
		my := y + overlap/2
		for x := 20.0; x < BoardW; x += 60 {
			cross(x, my)
		}
	}
}

// overview shows the whole tiled area small: the board and the tiles over it.
func overview(c *layout.Canvas, p *Plan, t Tiling) error {
	totalW := float64(t.Cols)*(tileW-overlap) + overlap
	totalH := float64(t.Rows)*(tileH-overlap) + overlap
	scale := math.Min((c.W-30)/totalW, (c.H-50)/totalH)
	small := &Plan{B: p.B, Scale: scale, CX: p.CX * scale, CY: p.CY * scale, Rot: p.Rot, moved: p.moved}
	ax, ay := (c.W-totalW*scale)/2, 34.0
	c.Text(c.W/2, 10, "Spielplan in Kacheln – Übersicht", "B", 14, ink, layout.Center)
	c.Text(c.W/2, 18, fmt.Sprintf("%d × %d Blätter. Jedes Blatt an der gestrichelten Linie ausschneiden; die Kacheln in Lesereihenfolge", t.Cols, t.Rows), "", 8, ink, layout.Center)
	c.Text(c.W/2, 22, "überlappend aufkleben, so dass die Passkreuze übereinanderliegen (R = Reihe, C = Spalte). 100 % drucken.", "", 8, ink, layout.Center)
	c.Text(c.W/2, 26, "Tiles: cut each sheet at the dashed line, glue them overlapping so the crosses meet. Print at 100 %.", "", 7, ink, layout.Center)
	small.Draw(c, ax+t.OffX*scale, ay+t.OffY*scale)
	for r := 0; r < t.Rows; r++ {
		for col := 0; col < t.Cols; col++ {
			x := ax + float64(col)*(tileW-overlap)*scale
			y := ay + float64(r)*(tileH-overlap)*scale
			c.DashedRect(x, y, tileW*scale, tileH*scale, 0.3, layout.RGB(0, 90, 200))
			c.Text(x+3, y+2, fmt.Sprintf("R%dC%d", r+1, col+1), "B", 9, layout.RGB(0, 90, 200), layout.Left)
		}
	}
	return nil
}
