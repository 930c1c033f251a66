package board

import (
	"math"
	"reflect"
	"testing"
)

// lengths are the boards the tests build: the shortest, two players', the
// default and the longest.
var lengths = []int{MinLength, TwoPlayerLength, DefaultLength, MaxLength}

func TestBoardModel(t *testing.T) {
	for _, length := range append(lengths, 0) {
		b, err := New(7, length)
		if err != nil {
			t.Fatal(err)
		}
		want := length
		if want == 0 {
			want = DefaultLength
		}
		m := b.Maze
		if b.Length != want || len(b.Fields) != want+Behind+1 || len(m.Thread) != want || len(m.Behind) != Behind {
			t.Fatalf("length %d: %d fields, %d thread cells, %d behind", b.Length, len(b.Fields), len(m.Thread), len(m.Behind))
		}
		if b.Field(0) != (Point{0, 0}) {
			t.Errorf("the start field is not in the centre: %v", b.Field(0))
		}
		// Three Lingutaurus fields near 25, 50, 75 % of the way.
		for i, f := range []float64{0.25, 0.5, 0.75} {
			if math.Abs(float64(b.Bulls[i])-f*float64(want)) > 1 {
				t.Errorf("bull %d on field %d of %d", i, b.Bulls[i], want)
			}
		}
		// Six niches in the hub, open only to the start.
		if len(m.Niches) != Niches || m.Cells(0) != Niches+2 {
			t.Fatalf("%d niches, %d hub cells", len(m.Niches), m.Cells(0))
		}
		for _, n := range m.Niches {
			for l := range m.Links {
				if (l.A == n || l.B == n) && l != link(Centre, n) {
					t.Errorf("niche %v has a passage %v", n, l)
				}
			}
		}
		// Every field has a cell of its own, and the thread runs from
		// cell to cell through passages: start → forward gate → field 1 …,
		// and start → behind gate → −1 … −4.
		seen := map[Cell]int{}
		for pos := -Behind; pos <= want; pos++ {
			c := m.fieldCell(pos)
			if p, dup := seen[c]; dup {
				t.Fatalf("fields %d and %d share cell %v", p, pos, c)
			}
			seen[c] = pos
			if pos < want && pos != 0 && pos != -1 && !m.Linked(c, m.fieldCell(pos+1)) {
				t.Errorf("no passage from field %d to %d", pos, pos+1)
			}
		}
		if !m.Linked(m.Gates[0], m.Thread[0]) || !m.Linked(m.Gates[1], m.Behind[0]) ||
			!m.Linked(Centre, m.Gates[0]) || !m.Linked(Centre, m.Gates[1]) {
			t.Error("the gates do not lead from the start to fields 1 and −1")
		}
		// The exit lies on the outer ring, and the thread ends in a dead
		// end behind the start.
		if exit := m.Thread[want-1]; exit.Ring != m.Rings {
			t.Errorf("exit in ring %d of %d", exit.Ring, m.Rings)
		}
		last := m.Behind[Behind-1]
		for l := range m.Links {
			if (l.A == last || l.B == last) && l != link(last, m.Behind[Behind-2]) {
				t.Errorf("the last field behind the start is no dead end: %v", l)
			}
		}
	}
}

// The maze is perfect: every cell is reachable from the start, by exactly
// one way (a tree: one passage fewer than cells).
func TestMazeIsPerfect(t *testing.T) {
	for _, length := range lengths {
		for seed := uint64(1); seed <= 5; seed++ {
			b, _ := New(seed, length)
			m := b.Maze
			cells := 1 // the centre
			for k := 0; k <= m.Rings; k++ {
				cells += m.Cells(k)
			}
			reached := map[Cell]bool{Centre: true}
			queue := []Cell{Centre}
			for len(queue) > 0 {
				c := queue[0]
				queue = queue[1:]
				for l := range m.Links {
					for _, pair := range [][2]Cell{{l.A, l.B}, {l.B, l.A}} {
						if pair[0] == c && !reached[pair[1]] {
							reached[pair[1]] = true
							queue = append(queue, pair[1])
						}
					}
				}
			}
			if len(reached) != cells || len(m.Links) != cells-1 {
				t.Fatalf("seed %d, %d fields: %d of %d cells reached, %d passages", seed, length, len(reached), cells, len(m.Links))
			}
		}
	}
}

func TestSameSeedSameBoard(t *testing.T) {
	a, _ := New(42, 0)
	b, _ := New(42, 0)
	c, _ := New(43, 0)
	a.Maze.adjacent, b.Maze.adjacent = nil, nil
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed, different boards")
	}
	if reflect.DeepEqual(a.Maze.Links, c.Maze.Links) {
		t.Fatal("different seeds, same maze")
	}
}

// walkThread calls visit for points every few tenths of a millimetre (on
// A2) along the whole thread, from the last field behind the start to the
// exit and out through the rim.
func walkThread(b *Board, visit func(from int, p Point)) {
	for pos := -Behind; pos <= b.Length; pos++ {
		line := b.Maze.ExitLine(0.03)
		if pos < b.Length {
			line = b.Maze.Line(pos)
		}
		for i := 1; i < len(line); i++ {
			n := int(math.Ceil(dist(line[i-1], line[i])/0.001)) + 1
			for k := 0; k <= n; k++ {
				f := float64(k) / float64(n)
				visit(pos, Point{line[i-1].X + f*(line[i].X-line[i-1].X), line[i-1].Y + f*(line[i].Y-line[i-1].Y)})
			}
		}
	}
}

// The thread never crosses a wall: walking along it, every step stays in
// its cell or passes into a cell a passage joins it to; and it runs only
// through the cells of the two fields it joins (and the gates of the
// start), so it stays in the maze's corridors.
func TestThreadNeverCrossesAWall(t *testing.T) {
	for _, length := range lengths {
		for seed := uint64(1); seed <= 12; seed++ {
			b, err := New(seed, length)
			if err != nil {
				t.Fatal(err)
			}
			m := b.Maze
			var prev Cell
			started := false
			walkThread(b, func(from int, p Point) {
				c, ok := m.CellAt(p)
				if !ok { // beyond the rim: only the way out
					if from != b.Length {
						t.Fatalf("seed %d: the thread leaves the maze after field %d at %v", seed, from, p)
					}
					return
				}
				if started && c != prev && !m.Linked(c, prev) {
					t.Fatalf("seed %d, %d fields: the thread crosses the wall between %v and %v after field %d", seed, length, prev, c, from)
				}
				allowed := map[Cell]bool{m.fieldCell(from): true, m.Gates[0]: from == 0, m.Gates[1]: from == -1}
				if from < b.Length {
					allowed[m.fieldCell(from+1)] = true
				}
				if !allowed[c] {
					t.Fatalf("seed %d: the thread from field %d passes through cell %v", seed, from, c)
				}
				prev, started = c, true
			})
			// The way out passes the rim where the exit cell opens.
			if out := m.ExitLine(0.03); math.Hypot(out[1].X, out[1].Y) <= 1 {
				t.Errorf("seed %d: the thread does not leave the maze", seed)
			}
		}
	}
}

// The thread runs through the whole maze: every maze cell lies on it or
// next to it, it passes every ring and every sixth of the maze, and what
// it leaves empty comes in small pockets (measured over 30 seeds).
func TestThreadCoversTheMaze(t *testing.T) {
	for _, length := range []int{TwoPlayerLength, DefaultLength, MaxLength} {
		var worstCov float64 = 1
		worstGap := 0
		for seed := uint64(1); seed <= 30; seed++ {
			b, _ := New(seed, length)
			m := b.Maze
			cov, gap := m.Coverage(), m.LargestGap()
			worstCov, worstGap = math.Min(worstCov, cov), max(worstGap, gap)
			rings := map[int]bool{}
			var sixths [6]int
			for _, c := range m.Thread {
				rings[c.Ring] = true
				a0, a1 := m.Angles(c)
				sixths[int(math.Mod((a0+a1)/2, 2*math.Pi)/(math.Pi/3))%6]++
			}
			if len(rings) != m.Rings {
				t.Errorf("seed %d, %d fields: the thread passes %d of %d rings", seed, length, len(rings), m.Rings)
			}
			for i, n := range sixths {
				if n < length/12 {
					t.Errorf("seed %d, %d fields: only %d fields in sixth %d of the maze", seed, length, n, i)
				}
			}
		}
		t.Logf("%d fields: coverage ≥ %.2f, largest empty part ≤ %d cells", length, worstCov, worstGap)
		if worstCov < 0.88 || worstGap > 20 {
			t.Errorf("%d fields: coverage %.2f, an empty part of %d cells", length, worstCov, worstGap)
		}
	}
}

// Every field's cell holds a loop: the start chamber and the smallest cell
// leave the same room, which the renderer turns into a loop a piece fits.
func TestFieldsHaveRoom(t *testing.T) {
	for _, length := range lengths {
		b, _ := New(1, length)
		for pos := -Behind; pos <= b.Length; pos++ {
			if r := b.Room(pos); r < 0.085 {
				t.Errorf("%d fields: field %d has room %.3f", length, pos, r)
			}
		}
		for i := 0; i < Niches; i++ {
			if r := b.Maze.Room(b.Maze.Niches[i]); r < 0.06 {
				t.Errorf("niche %d has room %.3f", i, r)
			}
		}
	}
}

func TestLengthLimits(t *testing.T) {
	for _, bad := range []int{5, MinLength - 1, MaxLength + 1, 200} {
		if _, err := New(1, bad); err == nil {
			t.Errorf("a board of %d fields must be refused", bad)
		}
	}
}

func BenchmarkNew(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := New(uint64(i%20+1), DefaultLength); err != nil {
			b.Fatal(err)
		}
	}
}
