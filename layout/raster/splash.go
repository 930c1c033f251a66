package raster

import (
	"image"
	"math"
	"slices"
)

// Paths are antialiased as poppler's Splash (pdftoppm) does it, so that
// their edges get the pixel values of the PDF's render: every pixel is
// split into 4 × 4 samples; in each row of samples a path covers every
// sample that one of its edges passes through, from the sample column of
// the edge's leftmost point in that row to the one of its rightmost, and
// the samples between edges where the winding number (taken at the row's
// top) is not zero; a pixel's opacity is then (n/16)^1.5 of its n covered
// samples (Splash's aaGamma). That is darker than the exact area on most
// edge pixels (an edge's samples count whole) and lighter on a few.
// Filled glyphs are not paths there (FreeType's own antialiasing, exact
// area coverage as golang.org/x/image/vector computes it).

// aaSize is Splash's samples per pixel along each axis.
const aaSize = 4

// splashGamma is the opacity of n of aaSize² covered samples.
var splashGamma [aaSize*aaSize + 1]uint8

func init() {
	for n := range splashGamma {
		splashGamma[n] = uint8(math.Round(math.Pow(float64(n)/(aaSize*aaSize), 1.5) * 255))
	}
}

// splashFlatten appends the cubic Bézier p0 … p3 (device pixels) as
// Splash flattens it: halved until both control points lie within one
// pixel (its flatness) of the chord's midpoint, at most 2¹⁰ pieces; the
// end point p0 is already in pts.
func splashFlatten(pts [][2]float64, p0, p1, p2, p3 [2]float64) [][2]float64 {
	return splashFlattenDepth(pts, p0, p1, p2, p3, 10)
}

func splashFlattenDepth(pts [][2]float64, p0, p1, p2, p3 [2]float64, depth int) [][2]float64 {
	mx, my := (p0[0]+p3[0])/2, (p0[1]+p3[1])/2
	d1 := (p1[0]-mx)*(p1[0]-mx) + (p1[1]-my)*(p1[1]-my)
	d2 := (p2[0]-mx)*(p2[0]-mx) + (p2[1]-my)*(p2[1]-my)
	if depth == 0 || (d1 <= 1 && d2 <= 1) {
		return append(pts, p3)
	}
	mid := func(a, b [2]float64) [2]float64 { return [2]float64{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2} }
	l1, h, r2 := mid(p0, p1), mid(p1, p2), mid(p2, p3)
	l2, r1 := mid(l1, h), mid(h, r2)
	m := mid(l2, r1)
	pts = splashFlattenDepth(pts, p0, l1, l2, m, depth-1)
	return splashFlattenDepth(pts, m, r1, r2, p3, depth-1)
}

// span is an edge's extent in one row of samples (x0 ≤ x1, sample
// columns) and its winding contribution there.
type span struct {
	x0, x1 int32
	count  int32
}

// scanner holds the rows of spans of one path, reused from path to path.
type scanner struct {
	rows [][]span
	diff []int32
}

// coverage writes the Splash opacity of closed polylines (device pixels)
// for the pixels of b into dst (row-major, stride b.Dx()), keeping only
// the samples of clip.
func (s *scanner) coverage(polys []polyline, b image.Rectangle, clip sampleRect, dst []uint8) {
	subY0 := aaSize * b.Min.Y
	nRows := aaSize * b.Dy()
	w := b.Dx()
	clear(dst[:w*b.Dy()])
	if cap(s.rows) < nRows {
		s.rows = append(s.rows[:cap(s.rows)], make([][]span, nRows-cap(s.rows))...)
	}
	rows := s.rows[:nRows]
	for i := range rows {
		rows[i] = rows[i][:0]
	}
	add := func(y int, x0, x1 float64, count int32) {
		a, b := int32(math.Floor(x0)), int32(math.Floor(x1))
		if a > b {
			a, b = b, a
		}
		rows[y-subY0] = append(rows[y-subY0], span{a, b, count})
	}
	lastRow := subY0 + nRows - 1
	for _, pl := range polys {
		pts := pl.pts
		if len(pts) < 3 {
			continue
		}
		for i := range pts {
			p, q := pts[i], pts[(i+1)%len(pts)]
			x0, y0, x1, y1 := p[0]*aaSize, p[1]*aaSize, q[0]*aaSize, q[1]*aaSize
			var count int32 = -1
			if y0 > y1 {
				x0, y0, x1, y1 = x1, y1, x0, y0
				count = 1
			}
			if y0 == y1 {
				if y := int(math.Floor(y0)); y >= subY0 && y <= lastRow {
					add(y, x0, x1, 0)
				}
				continue
			}
			ya, yb := max(int(math.Floor(y0)), subY0), min(int(math.Floor(y1)), lastRow)
			if ya > yb {
				continue
			}
			sxMin, sxMax := min(x0, x1), max(x0, x1)
			dxdy := (x1 - x0) / (y1 - y0)
			xb := x0 + (float64(ya)-y0)*dxdy
			for y := ya; y <= yb; y++ {
				xa := xb
				xb = x0 + (float64(y+1)-y0)*dxdy
				c := count
				if fy := float64(y); !(y0 <= fy && fy < y1) {
					c = 0
				}
				add(y, min(max(xa, sxMin), sxMax), min(max(xb, sxMin), sxMax), c)
			}
		}
	}
	// Covered samples per pixel, as differences from the pixel before
	// (a span adds a constant number to a run of pixels in a few writes).
	if cap(s.diff) < w+1 {
		s.diff = make([]int32, w+1)
	}
	diff := s.diff[:w+1]
	subX0, subX1 := int32(aaSize*b.Min.X), int32(aaSize*b.Max.X)
	// Samples clip.x0 … clip.x1 of b, from its first.
	keep0, keep1 := max(subX0, int32(clip.x0)), min(subX1, int32(clip.x1)+1)
	for py := 0; py < b.Dy(); py++ {
		clear(diff)
		empty := true
		for yy := 0; yy < aaSize; yy++ {
			row := rows[py*aaSize+yy]
			if sy := subY0 + py*aaSize + yy; len(row) == 0 || sy < clip.y0 || sy > clip.y1 {
				continue
			}
			sortSpans(row)
			winding := int32(0)
			for i := 0; i < len(row); {
				xx0, xx1 := row[i].x0, row[i].x1
				winding += row[i].count
				i++
				for i < len(row) && (row[i].x0 <= xx1 || winding != 0) {
					xx1 = max(xx1, row[i].x1)
					winding += row[i].count
					i++
				}
				// Samples xx0 … xx1, within b.
				xx0, xx1 = max(xx0, keep0)-subX0, min(xx1+1, keep1)-subX0
				if xx0 >= xx1 {
					continue
				}
				empty = false
				p0, p1 := xx0/aaSize, (xx1-1)/aaSize
				if p0 == p1 {
					diff[p0] += xx1 - xx0
					diff[p0+1] -= xx1 - xx0
					continue
				}
				// The first pixel's samples, the whole ones between, the
				// last one's.
				first, last := aaSize*(p0+1)-xx0, xx1-aaSize*p1
				diff[p0] += first
				diff[p0+1] += aaSize - first
				diff[p1] += last - aaSize
				diff[p1+1] -= last
			}
		}
		if empty {
			continue
		}
		out := dst[py*w : (py+1)*w]
		n := int32(0)
		for x := range out {
			n += diff[x]
			out[x] = splashGamma[n]
		}
	}
}

// sortSpans orders a row's spans by their first sample: insertion sort,
// as most rows hold a few.
func sortSpans(row []span) {
	if len(row) > 16 {
		slices.SortFunc(row, func(a, b span) int { return int(a.x0 - b.x0) })
		return
	}
	for i := 1; i < len(row); i++ {
		v := row[i]
		j := i
		for j > 0 && row[j-1].x0 > v.x0 {
			row[j] = row[j-1]
			j--
		}
		row[j] = v
	}
}
