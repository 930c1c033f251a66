package maze

import "math"

// xy is a point on the A2 board in mm.
type xy struct{ X, Y float64 }

// path is a polyline on the board.
type path []xy

func (q path) length() float64 {
	l := 0.0
	for i := 1; i < len(q); i++ {
		l += math.Hypot(q[i].X-q[i-1].X, q[i].Y-q[i-1].Y)
	}
	return l
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

// contains reports whether a point lies in the box (edges included).
func (b box) contains(q xy) bool {
	return q.X >= b.X0-1e-9 && q.X <= b.X1+1e-9 && q.Y >= b.Y0-1e-9 && q.Y <= b.Y1+1e-9
}

func bounds(q path) box {
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range q {
		b.X0, b.Y0 = math.Min(b.X0, p.X), math.Min(b.Y0, p.Y)
		b.X1, b.Y1 = math.Max(b.X1, p.X), math.Max(b.Y1, p.Y)
	}
	return b
}
