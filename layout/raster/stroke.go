package raster

import "math"

// miterLimit is PDF's default: corners sharper than about 11.5° are
// bevelled.
const miterLimit = 10

// strokePolylines turns lines of style s (in device pixels) into closed
// polygons whose union is the stroke. Every polygon is wound the same way,
// so under non-zero filling overlaps add up and never cancel.
func strokePolylines(lines []polyline, s Stroke) []polyline {
	hw := s.Width / 2
	if hw <= 0 {
		return nil
	}
	var out []polyline
	add := func(pts ...[2]float64) {
		if len(pts) < 3 {
			return
		}
		if signedArea(pts) < 0 {
			for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
				pts[i], pts[j] = pts[j], pts[i]
			}
		}
		out = append(out, polyline{pts: pts, closed: true})
	}
	for _, l := range dashed(lines, s.Dash) {
		pts := dedupe(l.pts)
		closed := l.closed && len(pts) > 2
		if closed && pts[0] == pts[len(pts)-1] {
			pts = pts[:len(pts)-1]
		}
		if len(pts) == 1 {
			if s.Cap == RoundCap {
				add(circlePoly(pts[0], hw)...)
			}
			continue
		}
		n := len(pts) - 1
		if closed {
			n = len(pts)
		}
		normal := func(i int) [2]float64 {
			a, b := pts[i%len(pts)], pts[(i+1)%len(pts)]
			d := dist(a, b)
			return [2]float64{-(b[1] - a[1]) / d * hw, (b[0] - a[0]) / d * hw}
		}
		for i := 0; i < n; i++ {
			a, b := pts[i], pts[(i+1)%len(pts)]
			o := normal(i)
			add([2]float64{a[0] + o[0], a[1] + o[1]}, [2]float64{b[0] + o[0], b[1] + o[1]},
				[2]float64{b[0] - o[0], b[1] - o[1]}, [2]float64{a[0] - o[0], a[1] - o[1]})
		}
		// Corners: between segment i-1 and i at point i.
		first, last := 1, len(pts)-1
		if closed {
			first, last = 0, len(pts)
		}
		for i := first; i < last; i++ {
			p := pts[i]
			prev := (i - 1 + len(pts)) % len(pts)
			o1, o2 := normal(prev), normal(i)
			join := s.Join
			if join == RoundJoin {
				// A slight turn (a flattened curve's) leaves a wedge a
				// bevel closes to within hw·θ²/8 of the round join — under
				// a twentieth of a pixel for θ < 0.35 on strokes of a few
				// pixels — at a fraction of a circle's cost.
				if cosT := (o1[0]*o2[0] + o1[1]*o2[1]) / (hw * hw); cosT > 0.94 && hw < 6 {
					join = BevelJoin
				}
			}
			switch join {
			case RoundJoin:
				add(circlePoly(p, hw)...)
			default:
				// The outer side of the turn is where the normals point
				// away from the turn direction.
				cross := o1[0]*o2[1] - o1[1]*o2[0]
				if math.Abs(cross) < 1e-9*hw*hw {
					continue
				}
				side := 1.0
				if cross > 0 {
					side = -1
				}
				a := [2]float64{p[0] + side*o1[0], p[1] + side*o1[1]}
				b := [2]float64{p[0] + side*o2[0], p[1] + side*o2[1]}
				cosT := (o1[0]*o2[0] + o1[1]*o2[1]) / (hw * hw)
				if join == MiterJoin && 1+cosT > 2/(miterLimit*miterLimit) {
					k := side / (1 + cosT)
					m := [2]float64{p[0] + k*(o1[0]+o2[0]), p[1] + k*(o1[1]+o2[1])}
					add(p, a, m, b)
				} else {
					add(p, a, b)
				}
			}
		}
		if closed {
			continue
		}
		for _, end := range [2][2]int{{0, 1}, {len(pts) - 1, len(pts) - 2}} {
			p, q := pts[end[0]], pts[end[1]]
			switch s.Cap {
			case RoundCap:
				add(circlePoly(p, hw)...)
			case SquareCap:
				d := dist(p, q)
				ux, uy := (p[0]-q[0])/d*hw, (p[1]-q[1])/d*hw
				add([2]float64{p[0] - uy, p[1] + ux}, [2]float64{p[0] - uy + ux, p[1] + ux + uy},
					[2]float64{p[0] + uy + ux, p[1] - ux + uy}, [2]float64{p[0] + uy, p[1] - ux})
			}
		}
	}
	return out
}

// dashed cuts lines into their dashes (on, off, on … lengths); the pattern
// starts afresh on every subpath, as in PDF.
func dashed(lines []polyline, dash []float64) []polyline {
	total := 0.0
	for _, d := range dash {
		total += d
	}
	if len(dash) == 0 || total <= 0 {
		return lines
	}
	var out []polyline
	for _, l := range lines {
		pts := l.pts
		if l.closed && len(pts) > 1 {
			pts = append(append([][2]float64{}, pts...), pts[0])
		}
		idx, left, on := 0, dash[0], true
		cur := [][2]float64{}
		if len(pts) > 0 {
			cur = append(cur, pts[0])
		}
		for i := 0; i+1 < len(pts); i++ {
			a, b := pts[i], pts[i+1]
			segLen := dist(a, b)
			pos := 0.0
			for segLen-pos > left {
				pos += left
				t := pos / segLen
				p := [2]float64{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t}
				if on {
					out = append(out, polyline{pts: append(cur, p)})
				}
				cur = [][2]float64{p}
				on = !on
				idx = (idx + 1) % len(dash)
				left = dash[idx]
			}
			left -= segLen - pos
			cur = append(cur, b)
		}
		if on && len(cur) > 1 {
			out = append(out, polyline{pts: cur})
		}
	}
	return out
}

func dedupe(pts [][2]float64) [][2]float64 {
	out := make([][2]float64, 0, len(pts))
	for _, p := range pts {
		if len(out) > 0 && dist(out[len(out)-1], p) < 1e-6 {
			continue
		}
		out = append(out, p)
	}
	return out
}

func signedArea(pts [][2]float64) float64 {
	a := 0.0
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		a += p[0]*q[1] - q[0]*p[1]
	}
	return a / 2
}

// circlePoly is a circle as Splash draws round joins and caps: four
// Bézier quarters, flattened as Splash flattens them.
func circlePoly(c [2]float64, r float64) [][2]float64 {
	k := r * splashKappa
	x, y := c[0], c[1]
	pts := [][2]float64{{x + r, y}}
	pts = splashFlatten(pts, pts[0], [2]float64{x + r, y + k}, [2]float64{x + k, y + r}, [2]float64{x, y + r})
	pts = splashFlatten(pts, [2]float64{x, y + r}, [2]float64{x - k, y + r}, [2]float64{x - r, y + k}, [2]float64{x - r, y})
	pts = splashFlatten(pts, [2]float64{x - r, y}, [2]float64{x - r, y - k}, [2]float64{x - k, y - r}, [2]float64{x, y - r})
	pts = splashFlatten(pts, [2]float64{x, y - r}, [2]float64{x + k, y - r}, [2]float64{x + r, y - k}, [2]float64{x + r, y})
	return pts[:len(pts)-1]
}

// splashKappa is Splash's Bézier control distance of a quarter circle of
// radius 1 (bezierCircle).
const splashKappa = 0.55228475
