package maze

import (
	"fmt"
	"math"

	"druckreif/layout"
)

// The A2 board tiled across A4 or Letter sheets: three rows of three.
//
// Seams never cut a field. Inside the maze they run along the cells'
// boundaries — mostly along walls, where the cut hides — and outside it
// straight, between the places for cards and chips. The middle row seam
// runs through the hub around the start; the lower one in the gap between
// the maze and the card places. Every tile is printed with glue strips
// beyond its right and bottom seams; the next tiles, cut exactly along
// their left and top seams, go on top, row by row from the top left.
const (
	tileRows = 3
	tileCols = 3
	// Overlap is the width of a glue strip beyond a seam.
	Overlap = 12.0
	// sheetMargin is kept free around a tile on its sheet: printers
	// print to about 5 mm of the edge, and the margin carries the tile's
	// label and the note which edge goes on top.
	sheetMargin = 8.0
)

// Tile is one sheet's part of the board, in A2 board mm.
type Tile struct {
	Row, Col int
	// Region is the part of the board this tile shows once glued; Print
	// adds the glue strips the later tiles cover.
	Region, Print path
	// Window is the rectangle of the board printed on the sheet.
	Window box
	// Left and Top are the seams along which the tile is cut exactly and
	// laid onto the tiles before it, Right and Bottom those the later
	// tiles are laid onto (nil at the board's edge).
	Left, Top, Right, Bottom path
}

// Name is the tile's label, R1C1 … R3C3.
func (t Tile) Name() string { return fmt.Sprintf("R%dC%d", t.Row+1, t.Col+1) }

// Tiling is the board cut into tiles for one paper.
type Tiling struct {
	Sheet layout.Paper
	Rows  int
	Cols  int
	Tiles []Tile // in gluing order
	// H are the seams between the rows (from the left edge to the right),
	// V[r] the seams between the columns of row r (from top to bottom).
	H [tileRows - 1]path
	V [tileRows][tileCols - 1]path
}

// Tile returns the tile at a row and column.
func (t *Tiling) Tile(r, c int) *Tile { return &t.Tiles[r*t.Cols+c] }

// Seams lists every seam.
func (t *Tiling) Seams() []path {
	out := append([]path{}, t.H[:]...)
	for r := range t.V {
		out = append(out, t.V[r][:]...)
	}
	return out
}

// PlanTiles cuts the A2 plan's board into tiles for a sheet.
func PlanTiles(p *Plan, sheet layout.Paper) (*Tiling, error) {
	W, H := p.Paper.W, p.Paper.H
	maxW, maxH := sheet.W-2*sheetMargin, sheet.H-2*sheetMargin
	g := newBoundaryGraph(p)
	t := &Tiling{Sheet: sheet, Rows: tileRows, Cols: tileCols}
	// Things outside the maze a straight seam must not cut.
	var keep []box
	for _, a := range p.Areas {
		keep = append(keep, box{a.X - 1, a.Y - 9, a.X + a.W + 1, a.Y + a.H + 1})
	}
	clearLeg := func(a, b xy) bool {
		for _, k := range keep {
			if segmentHitsBox(a, b, k, 1) {
				return false
			}
		}
		return true
	}

	// The lower row seam: straight, between the maze and the card places.
	low := p.CY + p.R + p.wallWidth()/2 + 4
	t.H[1] = path{{0, low}, {W, low}}
	if H-low > maxH {
		return nil, fmt.Errorf("Kacheln: die unterste Reihe ist %.0f mm hoch, das Blatt fasst %.0f mm", H-low, maxH)
	}

	// The middle row seam, through the maze within the band that keeps
	// both maze rows on a sheet.
	lo, hi := low+Overlap-maxH, maxH-Overlap
	sources, targets := map[int]float64{}, map[int]float64{}
	for v, pt := range g.pos {
		if !g.rim[v] || pt.Y < lo || pt.Y > hi {
			continue
		}
		if pt.X < p.CX && clearLeg(xy{0, pt.Y}, pt) {
			sources[v] = pt.X
		}
		if pt.X > p.CX && clearLeg(pt, xy{W, pt.Y}) {
			targets[v] = W - pt.X
		}
	}
	mid, midVerts, ok := g.route(sources, targets, func(_ int, e edge) bool { return inBand(e.pts, lo, hi, false) })
	if !ok {
		return nil, fmt.Errorf("Kacheln: keine Naht durch die Mitte des Labyrinths gefunden")
	}
	t.H[0] = append(append(path{{0, mid[0].Y}}, mid...), xy{W, mid[len(mid)-1].Y})
	onMid := map[int]bool{}
	for _, v := range midVerts {
		onMid[v] = true
	}

	// The column seams of the two maze rows: from the top edge (or the
	// middle seam) to the middle seam (or the lower seam), through the
	// maze within bands that keep every tile on a sheet.
	above := append(path{{0, 0}, {W, 0}}, reversed(t.H[0])...)
	below := append(append(path{}, t.H[0]...), xy{W, low}, xy{0, low})
	for r := 0; r < 2; r++ {
		region := above
		if r == 1 {
			region = below
		}
		// The first seam's band: as far right as the first tile allows,
		// reaching further left until both seams are found.
		var err error
		for reach := 60.0; reach <= maxW; reach += 20 {
			if err = t.routeColumns(g, r, region, onMid, reach, maxW, low, clearLeg, p); err == nil {
				break
			}
		}
		if err != nil {
			return nil, err
		}
	}

	// The column seams of the bottom row: straight, in the gaps between
	// the card places and the chip fields.
	var prevX float64
	for c := 0; c < 2; c++ {
		best := math.NaN()
		for x := 1.0; x < W; x += 0.5 {
			if !clearLeg(xy{x, low}, xy{x, H}) {
				continue
			}
			if c == 0 && x+Overlap <= maxW || c == 1 && x-prevX+Overlap <= maxW && W-x <= maxW {
				best = x // the last that fits: the widest first columns
			}
		}
		if math.IsNaN(best) {
			return nil, fmt.Errorf("Kacheln: keine gerade Naht zwischen den Kartenfeldern für Spalte %d", c+2)
		}
		if c == 0 {
			// The first seam as far right as the second still allows.
			for x := best; x > 0; x -= 0.5 {
				if clearLeg(xy{x, low}, xy{x, H}) && secondFits(x, W, maxW, low, H, clearLeg) {
					best = x
					break
				}
			}
		}
		t.V[2][c] = path{{best, low}, {best, H}}
		prevX = best
	}

	// The tiles.
	hs := []path{{{0, 0}, {W, 0}}, t.H[0], t.H[1], {{0, H}, {W, H}}}
	for r := 0; r < tileRows; r++ {
		vs := []path{{{0, hs[r][0].Y}, {0, hs[r+1][0].Y}}}
		vs = append(vs, t.V[r][:]...)
		vs = append(vs, path{{W, hs[r][len(hs[r])-1].Y}, {W, hs[r+1][len(hs[r+1])-1].Y}})
		for c := 0; c < tileCols; c++ {
			tl := Tile{Row: r, Col: c}
			left, right := vs[c], vs[c+1]
			top := between(hs[r], left[0], right[0])
			bottom := between(hs[r+1], left[len(left)-1], right[len(right)-1])
			tl.Region = append(append(append(append(path{}, top...), right...), reversed(bottom)...), reversed(left)...)
			// What is printed: this tile and everything the later tiles
			// will cover: the rows below, and in this row what lies right
			// of the left seam.
			tl.Print = append(append(append(append(append(path{}, between(hs[r], left[0], hs[r][len(hs[r])-1])...),
				xy{W, H}), xy{0, H}), between(hs[r+1], hs[r+1][0], left[len(left)-1])...), reversed(left)...)
			b := bounds(tl.Region)
			if c < tileCols-1 {
				b.X1 = math.Min(W, b.X1+Overlap)
			}
			if r < tileRows-1 {
				b.Y1 = math.Min(H, b.Y1+Overlap)
			}
			tl.Window = b
			if b.W() > maxW+1e-6 || b.H() > maxH+1e-6 {
				return nil, fmt.Errorf("Kachel %s: %.0f × %.0f mm passt nicht auf %s (%.0f × %.0f mm)", tl.Name(), b.W(), b.H(), sheet.Name, maxW, maxH)
			}
			if c > 0 {
				tl.Left = left
			}
			if r > 0 {
				tl.Top = top
			}
			if c < tileCols-1 {
				tl.Right = right
			}
			if r < tileRows-1 {
				tl.Bottom = bottom
			}
			t.Tiles = append(t.Tiles, tl)
		}
	}
	return t, nil
}

// routeColumns routes the two column seams of maze row r, the first in
// a band reach mm wide left of where the first tile ends.
func (t *Tiling) routeColumns(g *boundaryGraph, r int, region path, onMid map[int]bool, reach, maxW, low float64, clearLeg func(a, b xy) bool, p *Plan) error {
	W := p.Paper.W
	var prevMin float64
	for c := 0; c < 2; c++ {
		bLo, bHi := maxW-Overlap-reach, maxW-Overlap
		if c == 1 {
			bLo, bHi = W-maxW, prevMin+maxW-Overlap
		}
		sources, targets := map[int]float64{}, map[int]float64{}
		for v, pt := range g.pos {
			if pt.X < bLo || pt.X > bHi {
				continue
			}
			switch {
			case onMid[v] && r == 0:
				targets[v] = 0
			case onMid[v] && r == 1:
				sources[v] = 0
			case g.rim[v] && r == 0 && pt.Y < p.CY && clearLeg(xy{pt.X, 0}, pt):
				sources[v] = pt.Y
			case g.rim[v] && r == 1 && pt.Y > p.CY && clearLeg(pt, xy{pt.X, low}):
				targets[v] = low - pt.Y
			}
		}
		allowed := func(from int, e edge) bool {
			if !inBand(e.pts, bLo, bHi, true) {
				return false
			}
			// Stay in this row: touch the middle seam only at an end.
			if onMid[from] && onMid[e.to] {
				return false
			}
			if (onMid[from] && r == 0) || (onMid[e.to] && r == 1) {
				return false
			}
			return inside(region, e.pts[len(e.pts)/2])
		}
		q, _, ok := g.route(sources, targets, allowed)
		if !ok {
			return fmt.Errorf("Kacheln: keine Naht für Reihe %d, Spalte %d gefunden", r+1, c+2)
		}
		if r == 0 {
			q = append(path{{q[0].X, 0}}, q...)
		} else {
			q = append(q, xy{q[len(q)-1].X, low})
		}
		t.V[r][c] = q
		prevMin = bounds(q).X0
	}
	return nil
}

// inBand reports whether every point of a line lies between lo and hi,
// in x or in y.
func inBand(q path, lo, hi float64, x bool) bool {
	for _, pt := range q {
		v := pt.Y
		if x {
			v = pt.X
		}
		if v < lo || v > hi {
			return false
		}
	}
	return true
}

// secondFits reports whether, with the first bottom seam at x, a second
// straight seam can keep the middle and the last tile on a sheet.
func secondFits(x, W, maxW, low, H float64, clear func(a, b xy) bool) bool {
	for x2 := x + 1; x2 < W; x2 += 0.5 {
		if x2-x+Overlap <= maxW && W-x2 <= maxW && clear(xy{x2, low}, xy{x2, H}) {
			return true
		}
	}
	return false
}

func reversed(q path) path {
	out := make(path, len(q))
	for i, p := range q {
		out[len(q)-1-i] = p
	}
	return out
}

// between is the part of a polyline from the point nearest a to the point
// nearest b (a before b along it).
func between(q path, a, b xy) path {
	ia, ta := locate(q, a)
	ib, tb := locate(q, b)
	lerp := func(i int, t float64) xy {
		if i+1 >= len(q) {
			return q[len(q)-1]
		}
		return xy{q[i].X + t*(q[i+1].X-q[i].X), q[i].Y + t*(q[i+1].Y-q[i].Y)}
	}
	out := path{lerp(ia, ta)}
	for i := ia + 1; i <= ib; i++ {
		out = append(out, q[i])
	}
	if end := lerp(ib, tb); end != out[len(out)-1] {
		out = append(out, end)
	}
	return out
}

// locate finds the segment of a polyline nearest a point and the share of
// the way along it.
func locate(q path, p xy) (int, float64) {
	best, bi, bt := math.Inf(1), 0, 0.0
	for i := 0; i+1 < len(q); i++ {
		a, b := q[i], q[i+1]
		dx, dy := b.X-a.X, b.Y-a.Y
		l2 := dx*dx + dy*dy
		t := 0.0
		if l2 > 0 {
			t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
		}
		if d := math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy); d < best-1e-9 {
			best, bi, bt = d, i, t
		}
	}
	return bi, bt
}
