package web

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"druckreif/board"
	"druckreif/layout/maze"
)

// mazeDrawing is a labyrinth board as the phone draws it: the same board
// model the print uses (walls, thread, fields), in maze units (the rim has
// radius 1), ready for an SVG.
type mazeDrawing struct {
	Walls  string // one SVG path of every wall
	Thread string // the red thread from the last field behind the start to the exit
	Exit   [2]float64
	Loop   float64 // a field's loop radius
	Fields []fieldMark
	Niches [][2]float64
}

// fieldMark is one field: where it is, its number, what it is.
type fieldMark struct {
	X, Y  float64
	Label string
	Pos   int
	Bull  bool
	Start bool
	Exit  bool
}

var drawings sync.Map // [2]int{seed, length} → *mazeDrawing

// drawMaze builds (once per board) the drawing of the board with the
// given seed and length.
func drawMaze(seed uint64, length int) (*mazeDrawing, error) {
	key := [2]uint64{seed, uint64(length)}
	if d, ok := drawings.Load(key); ok {
		return d.(*mazeDrawing), nil
	}
	b, err := board.New(seed, length)
	if err != nil {
		return nil, err
	}
	d := &mazeDrawing{}
	var w strings.Builder
	for _, line := range maze.Walls(b.Maze) {
		w.WriteString(pathOf(line))
	}
	d.Walls = w.String()
	var t strings.Builder
	for pos := -board.Behind; pos < b.Length; pos++ {
		t.WriteString(pathOf(b.Maze.Line(pos)))
	}
	exit := b.Maze.ExitLine(0.06)
	t.WriteString(pathOf(exit))
	d.Thread = t.String()
	d.Exit = [2]float64{exit[1].X, exit[1].Y}
	d.Loop = math.Inf(1)
	for pos := -board.Behind; pos <= b.Length; pos++ {
		if pos != 0 {
			d.Loop = math.Min(d.Loop, b.Room(pos))
		}
	}
	d.Loop *= 0.72
	for pos := -board.Behind; pos <= b.Length; pos++ {
		p := b.Field(pos)
		label := fmt.Sprint(pos)
		if pos < 0 {
			label = fmt.Sprintf("−%d", -pos)
		}
		d.Fields = append(d.Fields, fieldMark{X: p.X, Y: p.Y, Label: label, Pos: pos, Bull: b.IsBull(pos), Start: pos == 0, Exit: pos == b.Length})
	}
	for i := 0; i < board.Niches; i++ {
		p := b.NicheCentre(i)
		d.Niches = append(d.Niches, [2]float64{p.X, p.Y})
	}
	drawings.Store(key, d)
	return d, nil
}

// pathOf is an SVG path of a polyline.
func pathOf(pts []board.Point) string {
	var b strings.Builder
	for i, p := range pts {
		if i == 0 {
			fmt.Fprintf(&b, "M%.4f %.4f", p.X, p.Y)
		} else {
			fmt.Fprintf(&b, "L%.4f %.4f", p.X, p.Y)
		}
	}
	return b.String()
}

// pieceMark is a piece on the board: its place and its marker.
type pieceMark struct {
	X, Y   float64
	R      float64
	Colour string
	Glyph  string
	Name   string
}

// placePieces puts the pieces on their fields (or niches), side by side
// when several share one.
func (d *mazeDrawing) placePieces(positions []int, niche func(i int) bool, colours, glyphs, names []string) []pieceMark {
	at := map[int][]int{} // position → players on it
	var inNiche []int
	for i, pos := range positions {
		if niche(i) {
			inNiche = append(inNiche, i)
			continue
		}
		at[pos] = append(at[pos], i)
	}
	r := d.Loop * 0.78
	var out []pieceMark
	var taken []int
	for pos := range at {
		taken = append(taken, pos)
	}
	slices.Sort(taken)
	for _, pos := range taken {
		players := at[pos]
		f := d.Fields[pos+board.Behind]
		for k, i := range players {
			x, y := f.X, f.Y
			if n := len(players); n > 1 {
				a := 2 * math.Pi * float64(k) / float64(n)
				x += math.Sin(a) * d.Loop * 0.7
				y -= math.Cos(a) * d.Loop * 0.7
			}
			out = append(out, pieceMark{X: x, Y: y, R: r, Colour: colours[i], Glyph: glyphs[i], Name: names[i]})
		}
	}
	for k, i := range inNiche {
		n := d.Niches[k%len(d.Niches)]
		out = append(out, pieceMark{X: n[0], Y: n[1], R: r, Colour: colours[i], Glyph: glyphs[i], Name: names[i]})
	}
	return out
}
