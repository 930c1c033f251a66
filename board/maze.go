package board

import (
	"math"
	"math/rand/v2"
	"sort"
)

// Maze is a polar maze: ring 0 is the hub of six cells around the centre
// (the niches); ring r has Cells[r] cells, doubling outward whenever the
// cells would grow too wide (Jamis Buck, Mazes for Programmers, ch. 7).
// Passages are carved by a recursive backtracker from the hub.
type Maze struct {
	Rings int
	Cells []int // cells per ring
	// Links holds the carved passages between neighbouring cells.
	Links map[Link]bool
	// Thread is the route of the Ariadne thread from the start field in
	// the centre out to the exit on the outer ring; Behind is the dead-end
	// branch from the centre that holds the fields behind the start.
	Thread, Behind []Cell
}

// Cell is a cell of the maze.
type Cell struct{ Ring, Index int }

// Link is an unordered pair of neighbouring cells.
type Link struct{ A, B Cell }

func link(a, b Cell) Link {
	if b.Ring < a.Ring || (b.Ring == a.Ring && b.Index < a.Index) {
		a, b = b, a
	}
	return Link{a, b}
}

// Linked reports whether a passage joins two cells.
func (m *Maze) Linked(a, b Cell) bool { return m.Links[link(a, b)] }

// ringInner and ringOuter are the radii of a ring in maze units: the hub
// ring starts at a small centre disc (the start field).
func (m *Maze) ringInner(r int) float64 { return hubRadius + (1-hubRadius)*float64(r)/float64(m.Rings) }
func (m *Maze) ringOuter(r int) float64 { return m.ringInner(r + 1) }

// Radii returns the inner and outer radius of a ring.
func (m *Maze) Radii(r int) (inner, outer float64) { return m.ringInner(r), m.ringOuter(r) }

// hubRadius is the radius of the central start disc.
const hubRadius = 0.07

// Angles returns the angular span of a cell in radians, clockwise from
// north.
func (m *Maze) Angles(c Cell) (from, to float64) {
	w := 2 * math.Pi / float64(m.Cells[c.Ring])
	return float64(c.Index) * w, float64(c.Index+1) * w
}

func generate(rings int, r *rand.Rand) *Maze {
	m := &Maze{Rings: rings, Links: map[Link]bool{}}
	m.Cells = make([]int, rings)
	m.Cells[0] = Niches
	for i := 1; i < rings; i++ {
		prev := m.Cells[i-1]
		width := 2 * math.Pi * (m.ringInner(i) + m.ringOuter(i)) / 2 / float64(prev)
		height := m.ringOuter(i) - m.ringInner(i)
		ratio := math.Round(width / height)
		if ratio >= 2 {
			m.Cells[i] = prev * 2
		} else {
			m.Cells[i] = prev
		}
	}
	// Recursive backtracker (iterative) from a hub cell.
	start := Cell{0, r.IntN(Niches)}
	visited := map[Cell]bool{start: true}
	stack := []Cell{start}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		var options []Cell
		for _, n := range m.Neighbours(cur) {
			if !visited[n] {
				options = append(options, n)
			}
		}
		if len(options) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		next := options[r.IntN(len(options))]
		m.Links[link(cur, next)] = true
		visited[next] = true
		stack = append(stack, next)
	}
	return m
}

// Neighbours lists the cells adjacent to c: clockwise and counter-clockwise
// in its ring, the cell inward and the cells outward (one or two).
func (m *Maze) Neighbours(c Cell) []Cell {
	n := m.Cells[c.Ring]
	out := []Cell{{c.Ring, (c.Index + 1) % n}, {c.Ring, (c.Index + n - 1) % n}}
	if c.Ring > 0 {
		ratio := m.Cells[c.Ring] / m.Cells[c.Ring-1]
		out = append(out, Cell{c.Ring - 1, c.Index / ratio})
	}
	if c.Ring+1 < m.Rings {
		ratio := m.Cells[c.Ring+1] / m.Cells[c.Ring]
		for k := 0; k < ratio; k++ {
			out = append(out, Cell{c.Ring + 1, c.Index*ratio + k})
		}
	}
	return out
}

// route finds the thread: from the centre through a hub cell to the
// outer-ring cell whose path is the shortest that still gives every one of
// `fields` fields a cell of its own; and, through another hub cell, a dead-end
// branch for the fields behind the start.
func (m *Maze) route(fields int) (thread, behind []Cell, ok bool) {
	for i := 0; i < Niches; i++ {
		start := Cell{0, i}
		parent := m.tree(start)
		var paths [][]Cell
		for k := 0; k < m.Cells[m.Rings-1]; k++ {
			paths = append(paths, pathTo(parent, Cell{m.Rings - 1, k}))
		}
		sort.Slice(paths, func(a, b int) bool { return len(paths[a]) < len(paths[b]) })
		for _, p := range paths {
			if len(p) >= fields && (thread == nil || len(p) < len(thread)) {
				thread = p
				break
			}
		}
	}
	if thread == nil {
		return nil, nil, false
	}
	on := map[Cell]bool{}
	for _, c := range thread {
		on[c] = true
	}
	for i := 0; i < Niches; i++ {
		h := Cell{0, i}
		if on[h] {
			continue
		}
		b := append([]Cell{h}, m.deadEnd(h, on)...)
		if len(b) > len(behind) {
			behind = b
		}
	}
	return thread, behind, len(behind) >= 2
}

// tree returns the parent of every cell in the spanning tree rooted at s.
func (m *Maze) tree(s Cell) map[Cell]Cell {
	parent := map[Cell]Cell{s: s}
	queue := []Cell{s}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range m.Neighbours(c) {
			if _, seen := parent[n]; !seen && m.Linked(c, n) {
				parent[n] = c
				queue = append(queue, n)
			}
		}
	}
	return parent
}

func pathTo(parent map[Cell]Cell, e Cell) []Cell {
	var p []Cell
	for c := e; ; c = parent[c] {
		p = append(p, c)
		if parent[c] == c {
			break
		}
	}
	return reverse(p)
}

func reverse(p []Cell) []Cell {
	out := make([]Cell, len(p))
	for i, c := range p {
		out[len(p)-1-i] = c
	}
	return out
}

// deadEnd walks from s along passages, away from the cells to avoid, and
// returns the longest such walk of at most three further cells.
func (m *Maze) deadEnd(s Cell, avoid map[Cell]bool) []Cell {
	var best []Cell
	var walk func(c, from Cell, path []Cell)
	walk = func(c, from Cell, path []Cell) {
		if len(path) > len(best) {
			best = append([]Cell(nil), path...)
		}
		if len(path) >= 3 {
			return
		}
		for _, n := range m.Neighbours(c) {
			if n != from && !avoid[n] && m.Linked(c, n) {
				walk(n, c, append(path, n))
			}
		}
	}
	walk(s, s, nil)
	return best
}

// centre is the midpoint of a cell in maze units (y down, angle clockwise
// from north).
func (m *Maze) centre(c Cell) Point {
	a0, a1 := m.Angles(c)
	r := (m.ringInner(c.Ring) + m.ringOuter(c.Ring)) / 2
	return polar(r, (a0+a1)/2)
}

func polar(r, a float64) Point { return Point{r * math.Sin(a), -r * math.Cos(a)} }

// Polyline turns a route of cells that leaves the centre into a line
// through the cell centres, starting at the centre. Steps within a ring
// follow the ring's mid-circle; radial steps run at the outer cell's angle,
// where the passage is, so the line never crosses a wall.
func (m *Maze) Polyline(route []Cell) []Point {
	pts := []Point{{0, 0}}
	add := func(p Point) { pts = append(pts, p) }
	add(m.centre(route[0]))
	for i := 1; i < len(route); i++ {
		a, b := route[i-1], route[i]
		switch {
		case a.Ring == b.Ring:
			r := (m.ringInner(a.Ring) + m.ringOuter(a.Ring)) / 2
			m.arc(&pts, r, m.mid(a), m.mid(b))
		case b.Ring > a.Ring: // outward: along a's ring to b's angle, then out
			r := (m.ringInner(a.Ring) + m.ringOuter(a.Ring)) / 2
			m.arc(&pts, r, m.mid(a), m.mid(b))
			add(m.centre(b))
		default: // inward: in at a's angle, then along b's ring
			rb := (m.ringInner(b.Ring) + m.ringOuter(b.Ring)) / 2
			add(polar(rb, m.mid(a)))
			m.arc(&pts, rb, m.mid(a), m.mid(b))
		}
	}
	return pts
}

func (m *Maze) mid(c Cell) float64 {
	a0, a1 := m.Angles(c)
	return (a0 + a1) / 2
}

// arc appends points along a circle from angle a to angle b the short way.
func (m *Maze) arc(pts *[]Point, r, a, b float64) {
	d := math.Remainder(b-a, 2*math.Pi)
	steps := int(math.Ceil(math.Abs(d) / (math.Pi / 90)))
	for k := 1; k <= steps; k++ {
		*pts = append(*pts, polar(r, a+d*float64(k)/float64(steps)))
	}
}

// CellAt finds the cell containing a point, or false outside the maze (or
// in the centre disc).
func (m *Maze) CellAt(p Point) (Cell, bool) {
	r := math.Hypot(p.X, p.Y)
	if r < hubRadius || r >= 1 {
		return Cell{}, false
	}
	ring := int((r - hubRadius) / (1 - hubRadius) * float64(m.Rings))
	ring = min(ring, m.Rings-1)
	a := math.Atan2(p.X, -p.Y)
	if a < 0 {
		a += 2 * math.Pi
	}
	idx := int(a / (2 * math.Pi) * float64(m.Cells[ring]))
	return Cell{ring, min(idx, m.Cells[ring]-1)}, true
}
