// Package maps defines the three maps of "Wo liegt was?" (Germany, Europe,
// World): their extent, projection and the lettered/numbered grid.
//
// It is the single definition that both the decks (a card's solution square
// is derived from the place's coordinates) and the print engine (which
// draws the map and its grid) use, so the square printed on a card is the
// square on the printed map.
package maps

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Map is one printed map with its grid. Columns are lettered A, B, … from
// west to east, rows numbered 1, 2, … from north to south.
type Map struct {
	Key     string // D, EU or Globus: the card's "license plate"
	Name    string // printed title
	West    float64
	East    float64
	South   float64
	North   float64
	RefLat  float64 // standard parallel of the equirectangular projection
	Columns int
	Rows    int
}

// The three maps. Equirectangular projection around a standard parallel:
// simple, so that squares are easy to check, and close enough to true
// shapes at these extents.
var (
	Germany = &Map{Key: "D", Name: "Deutschland", West: 5.5, East: 15.5, South: 47.2, North: 55.1,
		RefLat: 51, Columns: 8, Rows: 10}
	Europe = &Map{Key: "EU", Name: "Europa", West: -25, East: 45, South: 34, North: 71.5,
		RefLat: 52, Columns: 12, Rows: 10}
	World = &Map{Key: "Globus", Name: "Welt", West: -180, East: 180, South: -58, North: 78,
		RefLat: 0, Columns: 16, Rows: 8}
)

// All lists the maps in the rulebook's order.
var All = []*Map{Germany, Europe, World}

// ByKey finds a map by its key (case-insensitive; "DE" and "Welt" are
// accepted too).
func ByKey(s string) (*Map, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "d", "de", "deutschland", "germany":
		return Germany, true
	case "eu", "europa", "europe":
		return Europe, true
	case "globus", "welt", "world", "globe":
		return World, true
	}
	return nil, false
}

// Project maps a coordinate to the unit square of the map: x from 0 (west)
// to 1 (east), y from 0 (north) to 1 (south).
func (m *Map) Project(lat, lon float64) (x, y float64) {
	return (lon - m.West) / (m.East - m.West), (m.North - lat) / (m.North - m.South)
}

// Aspect is the map's width divided by its height in the projection.
func (m *Map) Aspect() float64 {
	return (m.East - m.West) * math.Cos(m.RefLat*math.Pi/180) / (m.North - m.South)
}

// Contains reports whether a coordinate lies on the map.
func (m *Map) Contains(lat, lon float64) bool {
	return lat >= m.South && lat <= m.North && lon >= m.West && lon <= m.East
}

// Square is a grid square: Col 0 = A, Row 0 = 1.
type Square struct{ Col, Row int }

func (s Square) String() string { return fmt.Sprintf("%c%d", 'A'+s.Col, s.Row+1) }

// SquareAt returns the grid square that holds a coordinate.
func (m *Map) SquareAt(lat, lon float64) (Square, bool) {
	if !m.Contains(lat, lon) {
		return Square{}, false
	}
	x, y := m.Project(lat, lon)
	col := min(int(x*float64(m.Columns)), m.Columns-1)
	row := min(int(y*float64(m.Rows)), m.Rows-1)
	return Square{col, row}, true
}

// ParseSquare reads "C4".
func (m *Map) ParseSquare(s string) (Square, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) < 2 || s[0] < 'A' || int(s[0]-'A') >= m.Columns {
		return Square{}, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 1 || n > m.Rows {
		return Square{}, false
	}
	return Square{int(s[0] - 'A'), n - 1}, true
}

// Distance counts squares between two squares, not diagonally, as the
// rulebook says: horizontal steps plus vertical steps.
func Distance(a, b Square) int {
	return abs(a.Col-b.Col) + abs(a.Row-b.Row)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// EdgeDistance is how far a coordinate lies from the nearest grid line, as
// a fraction of a square's size (0 on a line, 0.5 in the middle). A place
// very close to a line is ambiguous to players looking at the printed map.
func (m *Map) EdgeDistance(lat, lon float64) float64 {
	x, y := m.Project(lat, lon)
	fx := x * float64(m.Columns)
	fy := y * float64(m.Rows)
	dx := math.Min(fx-math.Floor(fx), math.Ceil(fx)-fx)
	dy := math.Min(fy-math.Floor(fy), math.Ceil(fy)-fy)
	if fx == math.Floor(fx) {
		dx = 0
	}
	if fy == math.Floor(fy) {
		dy = 0
	}
	return math.Min(dx, dy)
}
