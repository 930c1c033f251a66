// Package board is the maze of "Der Dativ ist dem Genitiv sein Tod: Das
// große Spiel": one definition of its path that the board renderer draws
// and the rules engine and the scorer use, so a field number on paper is
// the same field in the app.
//
// The topology (fields, their order, the Lingutaurus fields, the fields
// behind the start, the niches) and the maze's geometry are fixed by the
// board; each output size draws the same maze at its own scale.
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

// MinLength and MaxLength bound a board's length: fewer fields make no
// race, more do not fit on A2 with loops a piece stands in.
const (
	MinLength = 12
	MaxLength = 60
)

// Board is the path of one maze.
type Board struct {
	Seed   uint64
	Length int    // fields from the start (0) to the exit (Length)
	Bulls  [3]int // fields with a Lingutaurus tile, ascending
	Maze   *Maze  // the walls and the thread
	// Fields are the centres of positions −Behind … Length, in maze units
	// (the maze's outer radius is 1): one field in the middle of each cell
	// of the thread, the start in the centre.
	Fields []Point
}

// Point is a position in maze units, origin at the centre, y down.
type Point struct{ X, Y float64 }

// Field returns the centre of a position.
func (b *Board) Field(pos int) Point { return b.Fields[pos+Behind] }

// Room is the distance from a field's centre to the nearest boundary of
// its cell, in maze units: the largest loop that fits.
func (b *Board) Room(pos int) float64 { return b.Maze.Room(b.Maze.fieldCell(pos)) }

// NicheCentre is the place of niche i (0 … Niches−1).
func (b *Board) NicheCentre(i int) Point { return b.Maze.CentreOf(b.Maze.Niches[i]) }

// ringsFor is the number of maze rings for a board: the fewest whose cells
// the thread fills to at most about three quarters, so dead ends remain
// and the thread still winds through every part of the maze.
func ringsFor(length int) int {
	for rings := 2; ; rings++ {
		m := grid(rings, 0)
		total := 0
		for k := 1; k <= rings; k++ {
			total += m.Cells(k)
		}
		if float64(length+Behind) <= 0.78*float64(total) || rings == 4 {
			return rings
		}
	}
}

// New builds the board for a seed and a length (0 for the default). The
// same seed and length always give the same board.
//
// Of several threads found for the seed, the one that covers the maze
// best is kept (every cell on it or next to it, and no large part left
// empty); the rest of the maze is then carved around it.
func New(seed uint64, length int) (*Board, error) {
	if length == 0 {
		length = DefaultLength
	}
	if length < MinLength || length > MaxLength {
		return nil, fmt.Errorf("Spielplanlänge %d: erlaubt sind %d bis %d Felder", length, MinLength, MaxLength)
	}
	rings := ringsFor(length)
	r := rand.New(rand.NewPCG(seed, 0x1ab))
	n1 := grid(rings, 0).Cells(1)
	const candidates = 12
	var best *Maze
	bestScore, found := math.Inf(-1), 0
	for attempt := 0; attempt < 100 && found < candidates; attempt++ {
		m := grid(rings, r.IntN(n1))
		behind := m.behindBranch(r, map[Cell]bool{{1, m.forward()}: true})
		if behind == nil {
			continue
		}
		avoid := map[Cell]bool{}
		for _, c := range behind {
			avoid[c] = true
		}
		thread := m.threadSearch(r, length, avoid, 4000, attempt%3)
		if thread == nil {
			continue
		}
		found++
		m.Thread, m.Behind = thread, behind
		// A thread that reaches every sixth of the maze comes first; then
		// every cell next to the thread counts most; then the smaller the
		// largest part of the maze it leaves empty, the better.
		score := m.Coverage() - 0.01*float64(m.LargestGap())
		if m.spread() >= length/12 {
			score++
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	if best == nil {
		return nil, fmt.Errorf("kein Labyrinth für %d Felder gefunden", length)
	}
	best.carve(r)
	b := &Board{Seed: seed, Length: length, Maze: best}
	for pos := -Behind; pos <= length; pos++ {
		b.Fields = append(b.Fields, best.CentreOf(best.fieldCell(pos)))
	}
	// The Lingutaurus tiles lie near a quarter, half and three quarters
	// of the way.
	for i, f := range []float64{0.25, 0.5, 0.75} {
		b.Bulls[i] = int(math.Round(f * float64(length)))
	}
	return b, nil
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

func dist(a, b Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }
