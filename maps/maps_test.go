package maps

import "testing"

func TestSquares(t *testing.T) {
	for _, c := range []struct {
		m        *Map
		lat, lon float64
		want     string
	}{
		{Germany, 52.52, 13.40, "G4"},  // Berlin
		{Germany, 47.42, 10.99, "E10"}, // Zugspitze
		{Germany, 54.32, 10.13, "D1"},  // Kiel
		{Europe, 48.86, 2.35, "E7"},    // Paris
		{World, -33.87, 151.21, "O7"},  // Sydney
		{World, 40.71, -74.01, "E3"},   // New York
	} {
		sq, ok := c.m.SquareAt(c.lat, c.lon)
		if !ok || sq.String() != c.want {
			t.Errorf("%s %v,%v: got %s %v, want %s", c.m.Key, c.lat, c.lon, sq, ok, c.want)
		}
		back, ok := c.m.ParseSquare(c.want)
		if !ok || back != sq {
			t.Errorf("ParseSquare(%s) = %v", c.want, back)
		}
	}
	if _, ok := Germany.SquareAt(48.86, 2.35); ok {
		t.Error("Paris is not on the Germany map")
	}
	// The corners belong to the outermost squares, not beyond them.
	if sq, ok := World.SquareAt(World.South, World.East); !ok || sq.String() != "P8" {
		t.Errorf("south-east corner: %s", sq)
	}
}

func TestDistanceNotDiagonal(t *testing.T) {
	a, _ := Germany.ParseSquare("B2")
	b, _ := Germany.ParseSquare("D5")
	if d := Distance(a, b); d != 5 {
		t.Fatalf("B2–D5 = %d, want 2 across + 3 down = 5", d)
	}
}

func TestEdgeDistance(t *testing.T) {
	// A point in the middle of a square is half a square from every line.
	x := Germany.West + (Germany.East-Germany.West)/float64(Germany.Columns)*2.5
	y := Germany.North - (Germany.North-Germany.South)/float64(Germany.Rows)*3.5
	if d := Germany.EdgeDistance(y, x); d < 0.49 || d > 0.51 {
		t.Errorf("middle: %v", d)
	}
	lineLon := Germany.West + (Germany.East-Germany.West)/float64(Germany.Columns)*3
	if d := Germany.EdgeDistance(50, lineLon); d > 1e-9 {
		t.Errorf("on a line: %v", d)
	}
}
