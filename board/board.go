// Package board is the maze of "Der Dativ ist dem Genitiv sein Tod: Das
// große Spiel": one definition of its path that the board renderer draws
// and the rules engine and the scorer use, so a field number on paper is
// the same field in the app.
//
// The topology (fields, their order, the Lingutaurus fields, the fields
// behind the start) is fixed by the board; its geometry is laid out for
// each output size by scaling the same maze.
package board

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Positions on the path are whole numbers: the start field is 0, the
// movement fields are 1 … Length (Length is the exit), the fields behind
// the start are −1 … −Behind. A piece in a niche has no field.
const Behind = 4

// Niches is how many niches around the centre hold pieces.
const Niches = 6

// DefaultLength is the number of fields from the start to the exit. See
// docs/board.md for why: simulated 20-question games with 2–6 players put
// the leader near, but rarely past, the exit.
const DefaultLength = 50

// TwoPlayerLength suits a game of two, where each player answers only every
// other question.
const TwoPlayerLength = 30

// Board is the path of one maze.
type Board struct {
	Seed   uint64
	Length int    // fields from the start (0) to the exit (Length)
	Bulls  [3]int // fields with a Lingutaurus tile, ascending
	Maze   *Maze  // the walls and the thread
	// Fields are the centres of positions −Behind … Length along the
	// thread, in maze units (the maze's outer radius is 1).
	Fields []Point
	// Step is the distance along the thread from one field to the next.
	Step float64
}

// Point is a position in maze units, origin at the centre, y down.
type Point struct{ X, Y float64 }

// Field returns the centre of a position.
func (b *Board) Field(pos int) Point { return b.Fields[pos+Behind] }

// New builds the board for a seed and a length (0 for the default). The
// same seed and length always give the same board.
func New(seed uint64, length int) (*Board, error) {
	if length == 0 {
		length = DefaultLength
	}
	if length < 12 || length > 150 {
		return nil, fmt.Errorf("Spielplanlänge %d: erlaubt sind 12 bis 150 Felder", length)
	}
	// Enough rings that the thread can hold the fields at a comfortable
	// spacing; a larger board gets more rings.
	rings := 5 + int(math.Ceil(math.Sqrt(float64(length+Behind))/1.5))
	r := rand.New(rand.NewPCG(seed, 0x1ab))
	for attempt := 0; attempt < 50; attempt++ {
		m := generate(rings, r)
		thread, behind, ok := m.route(length + 1)
		if !ok {
			continue
		}
		m.Thread, m.Behind = thread, behind
		b := &Board{Seed: seed, Length: length, Maze: m}
		line := m.Polyline(thread)
		forward := placeFields(line, length+1)
		step := length1(line) / float64(length)
		back := m.Polyline(behind)
		// The fields behind the start at the same spacing where the dead
		// end is long enough, else closer together.
		backFields := placeFields(back, Behind+1)
		if l := length1(back); l > step*Behind {
			backFields = placeFields(cut(back, step*Behind), Behind+1)
		}
		for i := Behind; i >= 1; i-- {
			b.Fields = append(b.Fields, backFields[i])
		}
		b.Fields = append(b.Fields, forward...)
		b.Step = step
		// The Lingutaurus tiles lie near a quarter, half and three quarters
		// of the way.
		for i, f := range []float64{0.25, 0.5, 0.75} {
			b.Bulls[i] = int(math.Round(f * float64(length)))
		}
		return b, nil
	}
	return nil, fmt.Errorf("kein Labyrinth für %d Felder gefunden", length)
}

// length1 is the length of a polyline.
func length1(line []Point) float64 {
	l := 0.0
	for i := 1; i < len(line); i++ {
		l += dist(line[i-1], line[i])
	}
	return l
}

// cut shortens a polyline to a length.
func cut(line []Point, l float64) []Point {
	out := []Point{line[0]}
	acc := 0.0
	for i := 1; i < len(line); i++ {
		d := dist(line[i-1], line[i])
		if acc+d >= l {
			t := (l - acc) / d
			return append(out, Point{line[i-1].X + t*(line[i].X-line[i-1].X), line[i-1].Y + t*(line[i].Y-line[i-1].Y)})
		}
		acc += d
		out = append(out, line[i])
	}
	return out
}

// IsBull reports whether a field carries a Lingutaurus tile at the start.
func (b *Board) IsBull(pos int) bool {
	for _, f := range b.Bulls {
		if f == pos {
			return true
		}
	}
	return false
}

// placeFields puts n points at equal distances along a polyline, the first
// at its start and the last at its end.
func placeFields(line []Point, n int) []Point {
	var total float64
	seg := make([]float64, len(line)-1)
	for i := range seg {
		seg[i] = dist(line[i], line[i+1])
		total += seg[i]
	}
	out := make([]Point, 0, n)
	step := total / float64(n-1)
	i, acc := 0, 0.0
	for k := 0; k < n; k++ {
		target := step * float64(k)
		for i < len(seg)-1 && acc+seg[i] < target {
			acc += seg[i]
			i++
		}
		t := 0.0
		if seg[i] > 0 {
			t = math.Min(1, (target-acc)/seg[i])
		}
		out = append(out, Point{line[i].X + t*(line[i+1].X-line[i].X), line[i].Y + t*(line[i+1].Y-line[i].Y)})
	}
	return out
}

func dist(a, b Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// Spacing is the distance along the thread between neighbouring fields, in
// maze units.
func (b *Board) Spacing() float64 { return b.Step }
