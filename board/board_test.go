package board

import (
	"math"
	"reflect"
	"testing"
)

func TestBoardModel(t *testing.T) {
	for _, length := range []int{0, 30, 60} {
		b, err := New(7, length)
		if err != nil {
			t.Fatal(err)
		}
		want := length
		if want == 0 {
			want = DefaultLength
		}
		if b.Length != want || len(b.Fields) != want+Behind+1 {
			t.Fatalf("length %d: %d fields", b.Length, len(b.Fields))
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
		if b.Maze.Cells[0] != Niches {
			t.Errorf("%d niches", b.Maze.Cells[0])
		}
		// Fields are spread evenly along the way out.
		step := b.Spacing()
		for p := 1; p <= want; p++ {
			d := dist(b.Field(p-1), b.Field(p))
			if d > step*1.05 {
				t.Errorf("fields %d→%d are %.3f apart, spacing %.3f", p-1, p, d, step)
			}
		}
		// The exit lies on the outer ring.
		if r := math.Hypot(b.Field(want).X, b.Field(want).Y); r < 1-1.0/float64(b.Maze.Rings) {
			t.Errorf("exit at radius %.2f", r)
		}
	}
}

func TestSameSeedSameBoard(t *testing.T) {
	a, _ := New(42, 0)
	b, _ := New(42, 0)
	c, _ := New(43, 0)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed, different boards")
	}
	if reflect.DeepEqual(a.Maze.Links, c.Maze.Links) {
		t.Fatal("different seeds, same maze")
	}
}

// The thread never crosses a wall: walking along it in small steps, every
// step stays in one cell or passes into a cell linked to it.
func TestThreadNeverCrossesAWall(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		b, err := New(seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		m := b.Maze
		for _, route := range [][]Cell{m.Thread, m.Behind} {
			line := m.Polyline(route)
			var prev Cell
			inside := false
			for i := 1; i < len(line); i++ {
				for k := 0; k <= 20; k++ {
					f := float64(k) / 20
					p := Point{line[i-1].X + f*(line[i].X-line[i-1].X), line[i-1].Y + f*(line[i].Y-line[i-1].Y)}
					c, ok := m.CellAt(p)
					if !ok { // the centre disc opens into every hub cell
						inside = false
						continue
					}
					if inside && c != prev && !m.Linked(c, prev) {
						t.Fatalf("seed %d: the thread crosses the wall between %v and %v at %v", seed, prev, c, p)
					}
					prev, inside = c, true
				}
			}
		}
	}
}

// Every field lies in a cell of the thread (or the behind branch), in order.
func TestFieldsLieOnTheRoute(t *testing.T) {
	b, _ := New(3, 0)
	on := map[Cell]bool{}
	for _, c := range append(append([]Cell{}, b.Maze.Thread...), b.Maze.Behind...) {
		on[c] = true
	}
	for pos := -Behind; pos <= b.Length; pos++ {
		c, ok := b.Maze.CellAt(b.Field(pos))
		if pos == 0 {
			continue // the centre
		}
		if ok && !on[c] {
			t.Errorf("field %d lies in cell %v, off the thread", pos, c)
		}
	}
}

func TestLengthLimits(t *testing.T) {
	if _, err := New(1, 5); err == nil {
		t.Error("a 5-field board must be refused")
	}
	if _, err := New(1, 200); err == nil {
		t.Error("a 200-field board must be refused")
	}
}
