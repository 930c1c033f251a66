package board

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Maze is a round maze in maze units (outer radius 1, origin at the
// centre, angles in radians clockwise from north, y down).
//
// In the centre lies the start chamber (the start field). Around it the hub
// ring holds the six niches and two gates: the forward gate leads to the
// thread's first field, the opposite one to the fields behind the start.
// Around the hub lie the maze rings 1 … Rings of nearly square cells, each
// big enough for one field's loop. Passages join neighbouring cells of the
// rings; the thread runs from cell to cell through them.
type Maze struct {
	Rings int // maze rings around the hub; the hub is ring 0
	// Radius[k] is the inner radius of ring k: Radius[0] is the start
	// chamber's radius, Radius[Rings+1] = 1 the rim.
	Radius []float64
	// Spans[k] are the angles of ring k's cell boundaries: cell i spans
	// Spans[k][i] … Spans[k][i+1]. Maze rings start at 0; the hub starts at
	// its forward gate.
	Spans [][]float64
	// Niches are the six hub cells that hold pieces sent back past the
	// fields behind the start; Gates are the forward and the behind gate.
	Niches []Cell
	Gates  [2]Cell
	// Links holds the passages between neighbouring cells (the centre is
	// linked to every hub cell, each gate to the ring cell outside it).
	Links map[Link]bool
	// Thread are the cells of fields 1 … Length in order (the last one
	// opens onto the rim: the exit); Behind are the cells of fields
	// −1 … −Behind.
	Thread, Behind []Cell

	adjacent map[Cell][]Cell // Neighbours, worked out once
}

// Cell is a cell of the maze: ring 0 is the hub, rings 1 … Rings the maze.
type Cell struct{ Ring, Index int }

// Centre is the start chamber in the middle of the maze.
var Centre = Cell{Ring: -1}

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

// Geometry of the maze, in maze units. The sizes follow from the pieces:
// on A2 (radius 195 mm) the chamber holds a loop of 27 mm inside, a niche
// a piece's base, and the cells of a four-ring maze are 36.6 mm deep.
const (
	chamberRadius = 0.09
	hubRadius     = 0.25
	// gateAngle is the widest a gate of the hub is: narrower than a
	// cell of the first ring, so the six niches between the gates are
	// wide enough for a piece and a finger (docs/board.md).
	gateAngle = 2 * math.Pi / 14
	// doorMin is the narrowest passage between rings, as a share of a
	// ring's depth: cells that overlap less are not neighbours.
	doorMin = 0.5
)

// Cells returns how many cells ring k has.
func (m *Maze) Cells(k int) int { return len(m.Spans[k]) - 1 }

// Angles returns the angular span of a cell (the hub's last spans may run
// past 2π).
func (m *Maze) Angles(c Cell) (from, to float64) {
	return m.Spans[c.Ring][c.Index], m.Spans[c.Ring][c.Index+1]
}

func (m *Maze) mid(k int) float64 { return (m.Radius[k] + m.Radius[k+1]) / 2 }

func (m *Maze) theta(c Cell) float64 {
	a0, a1 := m.Angles(c)
	return (a0 + a1) / 2
}

// CentreOf returns the point where a cell's field (or a niche's place)
// lies: the middle of the cell.
func (m *Maze) CentreOf(c Cell) Point {
	if c == Centre {
		return Point{}
	}
	if c.Ring == 0 {
		r, _ := m.nichePlace(c)
		return polar(r, m.theta(c))
	}
	return polar(m.mid(c.Ring), m.theta(c))
}

// nichePlace is where in a hub cell the largest round place fits: the
// radius of its centre and its room. The cell is a wedge open towards the
// start; the place touches the wedge's sides and its outer wall.
func (m *Maze) nichePlace(c Cell) (r, room float64) {
	a0, a1 := m.Angles(c)
	sin := math.Sin((a1 - a0) / 2)
	r = m.Radius[1] / (1 + sin)
	return r, r * sin
}

// Room is the distance from the middle of a cell to its nearest boundary:
// the largest loop (or piece) that fits in it.
func (m *Maze) Room(c Cell) float64 {
	if c == Centre {
		return m.Radius[0]
	}
	if c.Ring == 0 {
		_, room := m.nichePlace(c)
		return room
	}
	a0, a1 := m.Angles(c)
	r := m.mid(c.Ring)
	half := (a1 - a0) / 2
	side := r * math.Sin(half)
	if half >= math.Pi/2 {
		side = r
	}
	return math.Min(side, (m.Radius[c.Ring+1]-m.Radius[c.Ring])/2)
}

func polar(r, a float64) Point { return Point{r * math.Sin(a), -r * math.Cos(a)} }

// grid lays out the rings: the hub, then rings of cells about as wide as
// deep, the first with an even count so the two gates face each other.
// forward is the cell of ring 1 behind the forward gate.
func grid(rings, forward int) *Maze {
	m := &Maze{Rings: rings, Links: map[Link]bool{}}
	m.Radius = []float64{chamberRadius, hubRadius}
	h := (1 - hubRadius) / float64(rings)
	for k := 1; k <= rings; k++ {
		m.Radius = append(m.Radius, hubRadius+h*float64(k))
	}
	m.Spans = make([][]float64, rings+1)
	for k := 1; k <= rings; k++ {
		n := int(math.Round(2 * math.Pi * m.mid(k) / h))
		if k == 1 {
			n = 2 * int(math.Round(math.Pi*m.mid(k)/h))
		}
		for i := 0; i <= n; i++ {
			m.Spans[k] = append(m.Spans[k], 2*math.Pi*float64(i)/float64(n))
		}
	}
	// The hub: the forward gate in line with its ring cell, three niches,
	// the behind gate opposite, three niches.
	// A gate is centred on its ring cell and at most gateAngle wide, so
	// the niches are as wide on every board, whatever the first ring's
	// count: a piece's place in them does not shrink on short boards.
	n1 := m.Cells(1)
	w := 2 * math.Pi / float64(n1)
	g := math.Min(w, gateAngle)
	a := float64(forward)*w + (w-g)/2
	niche := (math.Pi - g) / 3
	hub := []float64{a}
	for half := 0; half < 2; half++ {
		a += g
		hub = append(hub, a)
		for i := 0; i < 3; i++ {
			a += niche
			hub = append(hub, a)
		}
	}
	m.Spans[0] = hub
	m.Gates = [2]Cell{{0, 0}, {0, 4}}
	for _, i := range []int{1, 2, 3, 5, 6, 7} {
		m.Niches = append(m.Niches, Cell{0, i})
	}
	for i := 0; i < m.Cells(0); i++ {
		m.Links[link(Centre, Cell{0, i})] = true
	}
	m.Links[link(m.Gates[0], Cell{1, forward})] = true
	m.Links[link(m.Gates[1], Cell{1, (forward + n1/2) % n1})] = true
	return m
}

// Neighbours lists the maze cells (rings 1 …) next to c that a passage
// could join: clockwise and counter-clockwise in its ring, and the cells
// of the rings inside and outside that share a boundary at least doorMin
// of a ring's depth long.
func (m *Maze) Neighbours(c Cell) []Cell {
	if m.adjacent == nil {
		m.adjacent = map[Cell][]Cell{}
		for k := 1; k <= m.Rings; k++ {
			for i := 0; i < m.Cells(k); i++ {
				x := Cell{k, i}
				m.adjacent[x] = m.neighbours(x)
			}
		}
	}
	return m.adjacent[c]
}

func (m *Maze) neighbours(c Cell) []Cell {
	n := m.Cells(c.Ring)
	out := []Cell{{c.Ring, (c.Index + 1) % n}, {c.Ring, (c.Index + n - 1) % n}}
	for _, k := range []int{c.Ring - 1, c.Ring + 1} {
		if k < 1 || k > m.Rings {
			continue
		}
		for j := 0; j < m.Cells(k); j++ {
			if _, ok := m.door(c, Cell{k, j}); ok {
				out = append(out, Cell{k, j})
			}
		}
	}
	return out
}

// door is the angular span of the boundary between cells of neighbouring
// maze rings, if it is wide enough for a passage.
func (m *Maze) door(a, b Cell) (span [2]float64, ok bool) {
	if a.Ring > b.Ring {
		a, b = b, a
	}
	a0, a1 := m.Angles(a)
	b0, b1 := m.Angles(b)
	lo, hi := math.Max(a0, b0), math.Min(a1, b1)
	h := m.Radius[b.Ring+1] - m.Radius[b.Ring]
	return [2]float64{lo, hi}, (hi-lo)*m.Radius[b.Ring] >= doorMin*h-1e-9
}

// route is the thread's way between two linked maze cells: along the inner
// cell's ring to the door, through it, and along the outer cell's ring;
// within a ring along its middle circle. It starts after a's centre and
// ends at b's.
func (m *Maze) route(a, b Cell) []Point {
	if a.Ring == b.Ring {
		var pts []Point
		arc(&pts, m.mid(a.Ring), m.theta(a), m.theta(b))
		return pts
	}
	in, out, outward := a, b, true
	if a.Ring > b.Ring {
		in, out, outward = b, a, false
	}
	span, _ := m.door(in, out)
	delta := (span[0] + span[1]) / 2
	// inner leg, radial leg, outer leg (reversed when travelling inward)
	var legs []Point
	arc(&legs, m.mid(in.Ring), m.theta(in), delta)
	legs = append(legs, polar(m.mid(out.Ring), delta))
	arc(&legs, m.mid(out.Ring), delta, m.theta(out))
	if outward {
		return legs
	}
	// Inward: the same points backwards, ending in the inner cell.
	full := append([]Point{m.CentreOf(in)}, legs...)
	for i, j := 0, len(full)-1; i < j; i, j = i+1, j-1 {
		full[i], full[j] = full[j], full[i]
	}
	return full[1:]
}

// arc appends points along a circle from angle a to angle b the short way
// (not including a).
func arc(pts *[]Point, r, a, b float64) {
	d := math.Remainder(b-a, 2*math.Pi)
	steps := int(math.Ceil(math.Abs(d) / (math.Pi / 120)))
	for k := 1; k <= steps; k++ {
		*pts = append(*pts, polar(r, a+d*float64(k)/float64(steps)))
	}
}

// CellAt finds the cell containing a point: Centre in the start chamber,
// false outside the rim.
func (m *Maze) CellAt(p Point) (Cell, bool) {
	r := math.Hypot(p.X, p.Y)
	if r < m.Radius[0] {
		return Centre, true
	}
	if r >= 1 {
		return Cell{}, false
	}
	k := 0
	for k < m.Rings && r >= m.Radius[k+1] {
		k++
	}
	a := math.Atan2(p.X, -p.Y)
	if a < 0 {
		a += 2 * math.Pi
	}
	s := m.Spans[k]
	if a < s[0] {
		a += 2 * math.Pi
	}
	for i := 0; i+1 < len(s); i++ {
		if a < s[i+1] {
			return Cell{k, i}, true
		}
	}
	return Cell{k, len(s) - 2}, true
}

// behindBranch picks the cells of the fields behind the start: from the
// ring cell outside the behind gate, a short walk that stays near the
// centre.
func (m *Maze) behindBranch(r *rand.Rand, avoid map[Cell]bool) []Cell {
	first := Cell{1, (m.forward() + m.Cells(1)/2) % m.Cells(1)}
	for try := 0; try < 50; try++ {
		path := []Cell{first}
		on := map[Cell]bool{first: true}
		for len(path) < Behind {
			var opts []Cell
			for _, n := range m.Neighbours(path[len(path)-1]) {
				if !on[n] && !avoid[n] && n.Ring <= 2 {
					opts = append(opts, n)
				}
			}
			if len(opts) == 0 {
				break
			}
			n := opts[r.IntN(len(opts))]
			path = append(path, n)
			on[n] = true
		}
		if len(path) == Behind {
			return path
		}
	}
	return nil
}

// forward is the index of the ring-1 cell outside the forward gate.
func (m *Maze) forward() int {
	n1 := m.Cells(1)
	return int(math.Round(m.Spans[0][0]/(2*math.Pi/float64(n1)))) % n1
}

// threadSearch looks for the thread: a path of exactly `length` cells from
// the cell outside the forward gate to a cell of the outer ring, through
// cells not in avoid. It is a depth-first search in random order that
// prefers the neighbour with the fewest ways on (Warnsdorff's rule, which
// makes a path hug what it has already covered and so fill the maze
// instead of leaving holes), counting a step within the ring as meander
// ways more (so the path goes in and out rather than round and round), and
// gives up after budget steps. The exit cell must face away from the card
// places (exitAllowed).
func (m *Maze) threadSearch(r *rand.Rand, length int, avoid map[Cell]bool, budget, meander int) []Cell {
	// The search runs on cell numbers: maps were most of its time.
	var cells []Cell
	id := map[Cell]int{}
	for k := 1; k <= m.Rings; k++ {
		for i := 0; i < m.Cells(k); i++ {
			id[Cell{k, i}] = len(cells)
			cells = append(cells, Cell{k, i})
		}
	}
	adj := make([][]int, len(cells))
	for i, c := range cells {
		for _, n := range m.Neighbours(c) {
			adj[i] = append(adj[i], id[n])
		}
	}
	blocked := make([]bool, len(cells)) // on the path or avoided
	for c := range avoid {
		if i, ok := id[c]; ok {
			blocked[i] = true
		}
	}
	start := id[Cell{1, m.forward()}]
	blocked[start] = true
	path := []int{start}
	seen := make([]int, len(cells)) // flood-fill marks, by generation
	generation := 0
	queue := make([]int, 0, len(cells))
	// reachable counts the free cells connected to c and whether one is on
	// the outer ring: a branch that cannot hold the rest of the thread, or
	// cannot reach the rim, is cut off.
	reachable := func(c int) (int, bool) {
		generation++
		seen[c] = generation
		queue = append(queue[:0], c)
		rim := false
		for h := 0; h < len(queue); h++ {
			x := queue[h]
			rim = rim || cells[x].Ring == m.Rings
			for _, n := range adj[x] {
				if seen[n] != generation && !blocked[n] {
					seen[n] = generation
					queue = append(queue, n)
				}
			}
		}
		return len(queue), rim
	}
	onward := func(c int) int {
		k := 0
		for _, n := range adj[c] {
			if !blocked[n] {
				k++
			}
		}
		return k
	}
	steps := 0
	var walk func() bool
	walk = func() bool {
		steps++
		if steps > budget {
			return false
		}
		cur := path[len(path)-1]
		left := length - len(path)
		if left == 0 {
			return cells[cur].Ring == m.Rings && m.exitAllowed(cells[cur])
		}
		if m.Rings-cells[cur].Ring > left {
			return false
		}
		var opts []int
		for _, n := range adj[cur] {
			if !blocked[n] {
				opts = append(opts, n)
			}
		}
		r.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
		// Fewest ways on first (a stable sort: ties keep their random
		// order); staying in the ring costs `meander` ways, so a meandering
		// search prefers to change rings.
		key := make([]int, len(opts))
		for i, o := range opts {
			blocked[o] = true
			key[i] = onward(o)
			if cells[o].Ring == cells[cur].Ring {
				key[i] += meander
			}
			blocked[o] = false
		}
		for i := 1; i < len(opts); i++ {
			for j := i; j > 0 && key[j] < key[j-1]; j-- {
				opts[j], opts[j-1] = opts[j-1], opts[j]
				key[j], key[j-1] = key[j-1], key[j]
			}
		}
		for _, n := range opts {
			blocked[n] = true
			path = append(path, n)
			if left == 1 {
				if walk() {
					return true
				}
			} else if k, rim := reachable(n); k >= left && rim && walk() {
				return true
			}
			path = path[:len(path)-1]
			blocked[n] = false
			if steps > budget {
				return false
			}
		}
		return false
	}
	if !walk() {
		return nil
	}
	out := make([]Cell, len(path))
	for i, c := range path {
		out[i] = cells[c]
	}
	return out
}

// exitAllowed reports whether an outer cell may hold the exit: not in the
// bottom 80° of the rim, which faces the card places below the maze.
func (m *Maze) exitAllowed(c Cell) bool {
	return math.Abs(m.theta(c)-math.Pi) > 40*math.Pi/180
}

// Coverage is the share of the maze's cells (rings 1 …) that the thread
// (or the branch behind the start) passes through or lies next to: how
// evenly the thread spreads over the whole maze.
func (m *Maze) Coverage() float64 {
	near := map[Cell]bool{}
	for _, c := range append(append([]Cell{}, m.Thread...), m.Behind...) {
		near[c] = true
		for _, n := range m.touching(c) {
			near[n] = true
		}
	}
	total := 0
	for k := 1; k <= m.Rings; k++ {
		total += m.Cells(k)
	}
	return float64(len(near)) / float64(total)
}

// spread is the fewest fields of the thread in any sixth of the maze.
func (m *Maze) spread() int {
	var sixths [6]int
	for _, c := range m.Thread {
		sixths[int(math.Mod(m.theta(c), 2*math.Pi)/(math.Pi/3))%6]++
	}
	return slices.Min(sixths[:])
}

// LargestGap is the number of cells in the largest connected group of maze
// cells the thread does not pass through: the biggest part of the maze
// left empty.
func (m *Maze) LargestGap() int {
	on := map[Cell]bool{}
	for _, c := range append(append([]Cell{}, m.Thread...), m.Behind...) {
		on[c] = true
	}
	seen := map[Cell]bool{}
	largest := 0
	for k := 1; k <= m.Rings; k++ {
		for i := 0; i < m.Cells(k); i++ {
			c := Cell{k, i}
			if on[c] || seen[c] {
				continue
			}
			size, queue := 0, []Cell{c}
			seen[c] = true
			for len(queue) > 0 {
				x := queue[0]
				queue = queue[1:]
				size++
				for _, n := range m.touching(x) {
					if !on[n] && !seen[n] {
						seen[n] = true
						queue = append(queue, n)
					}
				}
			}
			largest = max(largest, size)
		}
	}
	return largest
}

// touching lists the maze cells that share a boundary with c.
func (m *Maze) touching(c Cell) []Cell {
	n := m.Cells(c.Ring)
	out := []Cell{{c.Ring, (c.Index + 1) % n}, {c.Ring, (c.Index + n - 1) % n}}
	a0, a1 := m.Angles(c)
	for _, k := range []int{c.Ring - 1, c.Ring + 1} {
		if k < 1 || k > m.Rings {
			continue
		}
		for j := 0; j < m.Cells(k); j++ {
			b0, b1 := m.Angles(Cell{k, j})
			if math.Min(a1, b1)-math.Max(a0, b0) > 1e-9 {
				out = append(out, Cell{k, j})
			}
		}
	}
	return out
}

// carve joins the cells: the thread and the branch behind the start as
// corridors, every other cell by a growing tree (half newest, half random
// cells: winding dead ends of mixed length) onto them, so the maze is
// perfect: exactly one way between any two cells.
func (m *Maze) carve(r *rand.Rand) {
	in := map[Cell]bool{}
	for _, route := range [][]Cell{m.Thread, m.Behind} {
		for i, c := range route {
			in[c] = true
			if i > 0 {
				m.Links[link(route[i-1], c)] = true
			}
		}
	}
	// The last field behind the start stays a dead end: the thread ends
	// there.
	var active []Cell
	for _, route := range [][]Cell{m.Thread, m.Behind[:len(m.Behind)-1]} {
		active = append(active, route...)
	}
	for len(active) > 0 {
		i := len(active) - 1
		if r.IntN(2) == 0 {
			i = r.IntN(len(active))
		}
		cur := active[i]
		var opts []Cell
		for _, n := range m.Neighbours(cur) {
			if !in[n] {
				opts = append(opts, n)
			}
		}
		if len(opts) == 0 {
			active = append(active[:i], active[i+1:]...)
			continue
		}
		n := opts[r.IntN(len(opts))]
		m.Links[link(cur, n)] = true
		in[n] = true
		active = append(active, n)
	}
}

// Line is the thread from field from to field from+1 (from −Behind …
// Length−1), starting at field from's centre.
func (m *Maze) Line(from int) []Point {
	a, b := m.fieldCell(from), m.fieldCell(from+1)
	return append([]Point{m.CentreOf(a)}, m.via(a, b)...)
}

// via is the route between the cells of neighbouring fields, through a
// gate when one of them is the start.
func (m *Maze) via(a, b Cell) []Point {
	switch {
	case a == Centre:
		return []Point{polar(m.Radius[1], m.theta(b)), m.CentreOf(b)}
	case b == Centre:
		return []Point{polar(m.Radius[1], m.theta(a)), {}}
	}
	return m.route(a, b)
}

// ExitLine is the thread from the last field out through the rim.
func (m *Maze) ExitLine(beyond float64) []Point {
	c := m.Thread[len(m.Thread)-1]
	return []Point{m.CentreOf(c), polar(1+beyond, m.theta(c))}
}

// fieldCell is the cell holding a position's field.
func (m *Maze) fieldCell(pos int) Cell {
	switch {
	case pos == 0:
		return Centre
	case pos < 0:
		return m.Behind[-pos-1]
	}
	return m.Thread[pos-1]
}
