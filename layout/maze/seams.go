package maze

import (
	"container/heap"
	"math"
	"sort"

	"druckreif/board"
)

// xy is a point on the A2 board in mm.
type xy struct{ X, Y float64 }

// path is a polyline on the board.
type path []xy

// boundaryGraph is the net of the maze's cell boundaries on the A2 board:
// its vertices are the cells' corners, its edges the arcs and radial
// lines between them. A seam that runs along it never cuts through a cell,
// so never through a field, a niche or the start; where a wall is, the cut
// even hides in it.
type boundaryGraph struct {
	pos   []xy
	rim   []bool // the vertex lies on the rim
	edges [][]edge
	index map[[2]int64]int
}

type edge struct {
	to   int
	cost float64
	pts  path // from the vertex to `to`, both included
}

// The cost of a seam along a wall is half that of one across a corridor:
// a cut in the middle of a wall does not show once glued.
const (
	wallCost     = 0.5
	corridorCost = 1.0
	chamberCost  = 1.3
	// turnCost is added for every piece of boundary: of two seams of
	// about the same length the one with fewer corners is easier to cut.
	turnCost = 6.0
)

func (g *boundaryGraph) vertex(k int, a float64, p xy, rim bool) int {
	key := [2]int64{int64(k), int64(math.Round(math.Mod(a+4*math.Pi, 2*math.Pi) * 1e7))}
	if key[1] == int64(math.Round(2*math.Pi*1e7)) {
		key[1] = 0
	}
	if i, ok := g.index[key]; ok {
		return i
	}
	g.pos = append(g.pos, p)
	g.rim = append(g.rim, rim)
	g.edges = append(g.edges, nil)
	g.index[key] = len(g.pos) - 1
	return len(g.pos) - 1
}

func (g *boundaryGraph) join(a, b int, cost float64, pts path) {
	l := pts.length()*cost + turnCost
	g.edges[a] = append(g.edges[a], edge{b, l, pts})
	rev := make(path, len(pts))
	for i, q := range pts {
		rev[len(pts)-1-i] = q
	}
	g.edges[b] = append(g.edges[b], edge{a, l, rev})
}

func (q path) length() float64 {
	l := 0.0
	for i := 1; i < len(q); i++ {
		l += math.Hypot(q[i].X-q[i-1].X, q[i].Y-q[i-1].Y)
	}
	return l
}

// newBoundaryGraph builds the net for a plan.
func newBoundaryGraph(p *Plan) *boundaryGraph {
	m := p.B.Maze
	g := &boundaryGraph{index: map[[2]int64]int{}}
	at := func(r, a float64) xy { x, y := p.XY(polar(r, a)); return xy{x, y} }
	norm := func(a float64) float64 { return math.Mod(a+4*math.Pi, 2*math.Pi) }
	spans := func(k int) []float64 {
		s := m.Spans[k]
		out := make([]float64, 0, len(s)-1)
		for _, a := range s[:len(s)-1] {
			out = append(out, norm(a))
		}
		return out
	}
	exit := m.Thread[len(m.Thread)-1]
	for k := 0; k <= m.Rings+1; k++ {
		var angles []float64
		if k <= m.Rings {
			angles = append(angles, spans(k)...)
		}
		if k > 0 {
			angles = append(angles, spans(k-1)...)
		}
		sort.Float64s(angles)
		var uniq []float64
		for _, a := range angles {
			if len(uniq) == 0 || a-uniq[len(uniq)-1] > 1e-7 {
				uniq = append(uniq, a)
			}
		}
		if len(uniq) > 1 && 2*math.Pi-uniq[len(uniq)-1]+uniq[0] < 1e-7 {
			uniq = uniq[:len(uniq)-1]
		}
		r := m.Radius[k]
		for i, a := range uniq {
			b := uniq[(i+1)%len(uniq)]
			if b <= a {
				b += 2 * math.Pi
			}
			mid := (a + b) / 2
			cost := corridorCost
			switch {
			case k == 0:
				cost = chamberCost
			case k == 1:
				hub, _ := m.CellAt(polar((m.Radius[0]+m.Radius[1])/2, mid))
				if hub != m.Gates[0] && hub != m.Gates[1] {
					cost = wallCost
				}
			case k == m.Rings+1:
				out, _ := m.CellAt(polar((m.Radius[k-1]+1)/2, mid))
				if out != exit {
					cost = wallCost
				}
			default:
				in, _ := m.CellAt(polar((m.Radius[k-1]+r)/2, mid))
				out, _ := m.CellAt(polar((r+m.Radius[k+1])/2, mid))
				if !m.Linked(in, out) {
					cost = wallCost
				}
			}
			var pts path
			n := int(math.Ceil((b-a)*r*p.R/1.5)) + 1
			for s := 0; s <= n; s++ {
				pts = append(pts, at(r, a+(b-a)*float64(s)/float64(n)))
			}
			va := g.vertex(k, a, pts[0], k == m.Rings+1)
			vb := g.vertex(k, b, pts[len(pts)-1], k == m.Rings+1)
			g.join(va, vb, cost, pts)
		}
	}
	// Radial boundaries between the cells of each ring.
	for k := 0; k <= m.Rings; k++ {
		n := m.Cells(k)
		for i := 0; i < n; i++ {
			a := m.Spans[k][i]
			cost := wallCost
			if k > 0 && m.Linked(board.Cell{Ring: k, Index: i}, board.Cell{Ring: k, Index: (i + n - 1) % n}) {
				cost = corridorCost
			}
			p0, p1 := at(m.Radius[k], a), at(m.Radius[k+1], a)
			va := g.vertex(k, a, p0, false)
			vb := g.vertex(k+1, a, p1, k+1 == m.Rings+1)
			g.join(va, vb, cost, path{p0, p1})
		}
	}
	return g
}

// route finds the cheapest way through the net from any source (with its
// starting cost) to any target (with its final cost), using only edges
// that allowed accepts. It returns the points of the way and the vertices
// it passes.
func (g *boundaryGraph) route(sources, targets map[int]float64, allowed func(from int, e edge) bool) (path, []int, bool) {
	dist := make([]float64, len(g.pos))
	prev := make([]int, len(g.pos))
	via := make([]path, len(g.pos))
	for i := range dist {
		dist[i], prev[i] = math.Inf(1), -1
	}
	q := &queue{}
	for s, c := range sources {
		dist[s] = c
		heap.Push(q, item{s, c})
	}
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		if it.cost > dist[it.v] {
			continue
		}
		for _, e := range g.edges[it.v] {
			if !allowed(it.v, e) {
				continue
			}
			if d := it.cost + e.cost; d < dist[e.to] {
				dist[e.to], prev[e.to], via[e.to] = d, it.v, e.pts
				heap.Push(q, item{e.to, d})
			}
		}
	}
	best, bestCost := -1, math.Inf(1)
	for t, c := range targets {
		if dist[t]+c < bestCost {
			best, bestCost = t, dist[t]+c
		}
	}
	if best < 0 {
		return nil, nil, false
	}
	var verts []int
	for v := best; v >= 0; v = prev[v] {
		verts = append(verts, v)
	}
	for i, j := 0, len(verts)-1; i < j; i, j = i+1, j-1 {
		verts[i], verts[j] = verts[j], verts[i]
	}
	pts := path{g.pos[verts[0]]}
	for _, v := range verts[1:] {
		pts = append(pts, via[v][1:]...)
	}
	return pts, verts, true
}

type item struct {
	v    int
	cost float64
}

type queue []item

func (q queue) Len() int           { return len(q) }
func (q queue) Less(i, j int) bool { return q[i].cost < q[j].cost }
func (q queue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)        { *q = append(*q, x.(item)) }
func (q *queue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

// inside reports whether a point lies inside a polygon (even-odd rule).
func inside(poly path, p xy) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// distToPath is the distance from a point to a polyline.
func distToPath(q path, p xy) float64 {
	best := math.Inf(1)
	for i := 1; i < len(q); i++ {
		best = math.Min(best, distToSegment(p, q[i-1], q[i]))
	}
	return best
}

func distToSegment(p, a, b xy) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

// box is an axis-parallel rectangle.
type box struct{ X0, Y0, X1, Y1 float64 }

func (b box) W() float64 { return b.X1 - b.X0 }
func (b box) H() float64 { return b.Y1 - b.Y0 }

func bounds(q path) box {
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range q {
		b.X0, b.Y0 = math.Min(b.X0, p.X), math.Min(b.Y0, p.Y)
		b.X1, b.Y1 = math.Max(b.X1, p.X), math.Max(b.Y1, p.Y)
	}
	return b
}

// segmentHitsBox reports whether a straight segment passes within margin
// of a box.
func segmentHitsBox(a, b xy, r box, margin float64) bool {
	r = box{r.X0 - margin, r.Y0 - margin, r.X1 + margin, r.Y1 + margin}
	steps := int(math.Ceil(math.Hypot(b.X-a.X, b.Y-a.Y)/0.5)) + 1
	for s := 0; s <= steps; s++ {
		t := float64(s) / float64(steps)
		x, y := a.X+t*(b.X-a.X), a.Y+t*(b.Y-a.Y)
		if x >= r.X0 && x <= r.X1 && y >= r.Y0 && y <= r.Y1 {
			return true
		}
	}
	return false
}
