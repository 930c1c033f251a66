// Package raster paints filled and stroked paths into an sRGB image: the
// pixel backend of the layout. golang.org/x/image/vector only fills
// (non-zero winding, like PDF's f); this package adds what a card face
// needs beyond that — an affine transform per group, a stroker with caps,
// joins and dashes, clip masks intersected per nesting, and the Multiply
// blend mode.
package raster

import (
	"encoding/binary"
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// Color is an opaque sRGB colour.
type Color struct{ R, G, B uint8 }

// Matrix is an affine transform: x' = A·x + C·y + E, y' = B·x + D·y + F.
type Matrix struct{ A, B, C, D, E, F float64 }

// Identity is the transform that changes nothing.
var Identity = Matrix{A: 1, D: 1}

// Scale makes a scaling transform.
func Scale(s float64) Matrix { return Matrix{A: s, D: s} }

// Translate makes a translation.
func Translate(x, y float64) Matrix { return Matrix{A: 1, D: 1, E: x, F: y} }

// RotateAbout turns by deg degrees about (cx, cy), anticlockwise as seen on
// a page whose y axis points down.
func RotateAbout(deg, cx, cy float64) Matrix {
	s, c := math.Sincos(deg * math.Pi / 180)
	// In y-down coordinates a visual anticlockwise turn is (x, y) →
	// (x·cos + y·sin, −x·sin + y·cos) about the centre.
	m := Matrix{A: c, B: -s, C: s, D: c}
	m.E = cx - (m.A*cx + m.C*cy)
	m.F = cy - (m.B*cx + m.D*cy)
	return m
}

// ScaleAbout scales by f about (cx, cy).
func ScaleAbout(f, cx, cy float64) Matrix {
	return Matrix{A: f, D: f, E: cx - f*cx, F: cy - f*cy}
}

// Then returns the transform that applies m first, then n.
func (m Matrix) Then(n Matrix) Matrix {
	return Matrix{
		A: n.A*m.A + n.C*m.B, B: n.B*m.A + n.D*m.B,
		C: n.A*m.C + n.C*m.D, D: n.B*m.C + n.D*m.D,
		E: n.A*m.E + n.C*m.F + n.E, F: n.B*m.E + n.D*m.F + n.F,
	}
}

// Apply maps a point.
func (m Matrix) Apply(x, y float64) (float64, float64) {
	return m.A*x + m.C*y + m.E, m.B*x + m.D*y + m.F
}

// scale is the length factor of the transform (its mean for a skewed one).
func (m Matrix) scale() float64 { return math.Sqrt(math.Abs(m.A*m.D - m.B*m.C)) }

type segOp uint8

const (
	opMove segOp = iota
	opLine
	opCube
	opClose
)

type seg struct {
	op  segOp
	pts [3][2]float64
}

// Path is a sequence of subpaths in the user's units.
type Path struct{ segs []seg }

// MoveTo starts a subpath.
func (p *Path) MoveTo(x, y float64) {
	p.segs = append(p.segs, seg{op: opMove, pts: [3][2]float64{{x, y}}})
}

// LineTo adds a straight segment.
func (p *Path) LineTo(x, y float64) {
	p.segs = append(p.segs, seg{op: opLine, pts: [3][2]float64{{x, y}}})
}

// CubeTo adds a cubic Bézier segment.
func (p *Path) CubeTo(x1, y1, x2, y2, x, y float64) {
	p.segs = append(p.segs, seg{op: opCube, pts: [3][2]float64{{x1, y1}, {x2, y2}, {x, y}}})
}

// Close closes the current subpath.
func (p *Path) Close() { p.segs = append(p.segs, seg{op: opClose}) }

// Empty reports whether the path has no segments.
func (p *Path) Empty() bool { return len(p.segs) == 0 }

// Rect adds a closed rectangle.
func (p *Path) Rect(x, y, w, h float64) {
	p.MoveTo(x, y)
	p.LineTo(x+w, y)
	p.LineTo(x+w, y+h)
	p.LineTo(x, y+h)
	p.Close()
}

// kappa is the Bézier control distance of a quarter circle of radius 1,
// as fpdf draws circles.
const kappa = 0.5523

// Circle adds a closed circle, clockwise on the page when reverse is false.
func (p *Path) Circle(cx, cy, r float64, reverse bool) {
	k := r * kappa
	if !reverse {
		p.MoveTo(cx+r, cy)
		p.CubeTo(cx+r, cy+k, cx+k, cy+r, cx, cy+r)
		p.CubeTo(cx-k, cy+r, cx-r, cy+k, cx-r, cy)
		p.CubeTo(cx-r, cy-k, cx-k, cy-r, cx, cy-r)
		p.CubeTo(cx+k, cy-r, cx+r, cy-k, cx+r, cy)
	} else {
		p.MoveTo(cx+r, cy)
		p.CubeTo(cx+r, cy-k, cx+k, cy-r, cx, cy-r)
		p.CubeTo(cx-k, cy-r, cx-r, cy-k, cx-r, cy)
		p.CubeTo(cx-r, cy+k, cx-k, cy+r, cx, cy+r)
		p.CubeTo(cx+k, cy+r, cx+r, cy+k, cx+r, cy)
	}
	p.Close()
}

// Cap is how a stroke's open ends are drawn.
type Cap uint8

// Join is how a stroke's corners are drawn.
type Join uint8

const (
	ButtCap Cap = iota
	RoundCap
	SquareCap
)

const (
	MiterJoin Join = iota
	RoundJoin
	BevelJoin
)

// Stroke is a line style: width, ends, corners and dashes (on and off
// lengths) in the user's units.
type Stroke struct {
	Width float64
	Cap   Cap
	Join  Join
	Dash  []float64
}

// group is one level of the graphics state.
type group struct {
	m Matrix
	// The clip: rectangles clip at the level of Splash's samples (rect,
	// the samples kept, inclusive), other paths through a mask (nil when
	// there is none). limit is the pixels the clip leaves anything of,
	// inner those it leaves wholly open: painting that stays in inner
	// needs no clipping.
	rect         sampleRect
	mask         *image.Alpha
	limit, inner image.Rectangle
	multiply     bool
}

// sampleRect is a rectangle of Splash samples, x0 … x1 and y0 … y1
// inclusive.
type sampleRect struct{ x0, y0, x1, y1 int }

// pixels are the pixels the samples touch.
func (r sampleRect) pixels() image.Rectangle {
	if r.x0 > r.x1 || r.y0 > r.y1 {
		return image.Rectangle{}
	}
	return image.Rect(floorDiv(r.x0, aaSize), floorDiv(r.y0, aaSize), floorDiv(r.x1, aaSize)+1, floorDiv(r.y1, aaSize)+1)
}

// whole are the pixels all of whose samples are in the rectangle.
func (r sampleRect) whole() image.Rectangle {
	return image.Rect(-floorDiv(-r.x0, aaSize), -floorDiv(-r.y0, aaSize), floorDiv(r.x1+1, aaSize), floorDiv(r.y1+1, aaSize)).Canon()
}

func (r sampleRect) intersect(o sampleRect) sampleRect {
	return sampleRect{max(r.x0, o.x0), max(r.y0, o.y0), min(r.x1, o.x1), min(r.y1, o.y1)}
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// Canvas paints into an RGBA image.
type Canvas struct {
	img   *image.RGBA
	stack []group
	cov   image.Alpha // a path's coverage, sized to its bounds
	sc    scanner
	// Buffers of flatten, reused from path to path.
	flatPts   [][2]float64
	flatPolys []polyline
}

// New makes a white canvas of w × h pixels whose user units map to
// pixels by base.
func New(w, h int, base Matrix) *Canvas {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	all := img.Bounds()
	return &Canvas{img: img, stack: []group{{m: base, limit: all, inner: all,
		rect: sampleRect{0, 0, aaSize*w - 1, aaSize*h - 1}}}}
}

// Image is what has been painted.
func (c *Canvas) Image() *image.RGBA { return c.img }

func (c *Canvas) top() *group { return &c.stack[len(c.stack)-1] }

// Push starts a group whose drawing is transformed by m (applied before
// the enclosing groups' transforms).
func (c *Canvas) Push(m Matrix) {
	g := *c.top()
	g.m = m.Then(g.m)
	c.stack = append(c.stack, g)
}

// PushClip starts a group painting only inside p (non-zero winding). A
// rectangle clips as Splash clips it, sample by sample across and by
// pixel rows down, and needs no mask; another path's mask covers only its bounds (within the enclosing
// clip's): a clip around one word costs that word's pixels, not the
// face's.
func (c *Canvas) PushClip(p *Path) {
	g := *c.top()
	polys := c.flatten(p, g.m)
	if x0, y0, x1, y1, ok := singleRect(polys); ok {
		// Splash keeps, across, the samples from the one the rectangle's
		// near edge falls in to the one its far edge falls in, and down
		// every pixel row the rectangle touches (measured: the Decoder
		// band's lower edge).
		g.rect = g.rect.intersect(sampleRect{int(math.Floor(x0 * aaSize)), aaSize * int(math.Floor(y0)),
			int(math.Floor(x1 * aaSize)), aaSize*int(math.Ceil(y1)) - 1})
		g.limit = g.limit.Intersect(g.rect.pixels())
		g.inner = g.inner.Intersect(g.rect.whole())
		c.stack = append(c.stack, g)
		return
	}
	b, ok := pathBounds(polys, g.limit)
	mask := &image.Alpha{Rect: b}
	if ok {
		c.splashCoverage(polys, b, &g)
		mask.Pix = append([]uint8(nil), c.cov.Pix...)
		mask.Stride = b.Dx()
		if g.mask != nil {
			for y := b.Min.Y; y < b.Max.Y; y++ {
				row := mask.Pix[(y-b.Min.Y)*mask.Stride : (y-b.Min.Y+1)*mask.Stride]
				parent := g.mask.Pix[g.mask.PixOffset(b.Min.X, y):]
				for x, v := range row {
					row[x] = uint8((uint16(v)*uint16(parent[x]) + 127) / 255)
				}
			}
		}
	} else {
		mask.Rect = image.Rectangle{}
	}
	g.mask = mask
	g.limit, g.inner = mask.Rect, image.Rectangle{}
	c.stack = append(c.stack, g)
}

// singleRect is the extent of polylines that are one axis-aligned
// rectangle.
func singleRect(polys []polyline) (x0, y0, x1, y1 float64, ok bool) {
	var rect []polyline
	for i, pl := range polys {
		if len(pl.pts) >= 3 {
			if rect != nil {
				return 0, 0, 0, 0, false
			}
			rect = polys[i : i+1]
		}
	}
	if rect == nil {
		return 0, 0, 0, 0, false
	}
	return axisRect(rect[0].pts)
}

// PushMultiply starts a group painting with the Multiply blend mode.
func (c *Canvas) PushMultiply() {
	g := *c.top()
	g.multiply = true
	c.stack = append(c.stack, g)
}

// Pop ends the innermost group.
func (c *Canvas) Pop() {
	if len(c.stack) > 1 {
		c.stack = c.stack[:len(c.stack)-1]
	}
}

// Fill paints the inside of p (non-zero winding).
func (c *Canvas) Fill(p *Path, col Color) {
	g := c.top()
	polys := c.flatten(p, g.m)
	if c.fillRect(polys, col) {
		return
	}
	c.paint(polys, col)
}

// fillRect paints a fill that is one axis-aligned rectangle — the
// grounds of faces and boxes, the largest fills of a card — adjusted to
// whole pixels (adjust.go), by setting its pixels directly where the clip
// leaves them all open. It reports false for other shapes.
func (c *Canvas) fillRect(polys []polyline, col Color) bool {
	x0, y0, x1, y1, ok := singleRect(polys)
	if !ok {
		return false
	}
	r := snappedRect(x0, y0, x1, y1)
	g := c.top()
	in := r.Intersect(g.inner)
	if g.multiply || in != r.Intersect(g.limit) {
		c.paint([]polyline{rectPolyline(r)}, col)
		return true
	}
	if in.Empty() {
		return true
	}
	px := [4]uint8{col.R, col.G, col.B, 255}
	row := c.img.Pix[c.img.PixOffset(in.Min.X, in.Min.Y):]
	first := row[:4*in.Dx()]
	for i := 0; i < len(first); i += 4 {
		copy(first[i:i+4], px[:])
	}
	for y := in.Min.Y + 1; y < in.Max.Y; y++ {
		copy(c.img.Pix[c.img.PixOffset(in.Min.X, y):], first)
	}
	return true
}

// StrokePath paints a line of style s along p.
func (c *Canvas) StrokePath(p *Path, s Stroke, col Color) {
	g := c.top()
	k := g.m.scale()
	dev := s
	dev.Width = s.Width * k
	if len(s.Dash) > 0 {
		dev.Dash = make([]float64, len(s.Dash))
		for i, d := range s.Dash {
			dev.Dash[i] = d * k
		}
	}
	polys := strokePolylines(c.flatten(p, g.m), dev)
	adjustStroke(polys)
	c.paint(polys, col)
}

// polyline is a flattened subpath in device pixels.
type polyline struct {
	pts    [][2]float64
	closed bool
}

// flatten maps p to device space and turns its curves into short lines:
// as Splash flattens paths, or finely (for glyphs filled as FreeType
// fills them).
func (c *Canvas) flatten(p *Path, m Matrix) []polyline { return c.flattenAs(p, m, false) }

func (c *Canvas) flattenAs(p *Path, m Matrix, fine bool) []polyline {
	// The points of all subpaths go into one buffer the canvas keeps from
	// path to path (the result is read before the next path is
	// flattened); each subpath is a slice of it, capped so that appending
	// to it copies.
	pts := c.flatPts[:0]
	out := c.flatPolys[:0]
	first, open := 0, false
	var start [2]float64
	end := func(closed bool) {
		if open {
			out = append(out, polyline{pts: pts[first:len(pts):len(pts)], closed: closed})
		}
		first, open = len(pts), false
	}
	for _, s := range p.segs {
		switch s.op {
		case opMove:
			end(false)
			x, y := m.Apply(s.pts[0][0], s.pts[0][1])
			pts = append(pts, [2]float64{x, y})
			start, open = [2]float64{x, y}, true
		case opLine:
			if !open {
				continue
			}
			x, y := m.Apply(s.pts[0][0], s.pts[0][1])
			pts = append(pts, [2]float64{x, y})
		case opCube:
			if !open {
				continue
			}
			p0 := pts[len(pts)-1]
			var q [3][2]float64
			for i := range q {
				q[i][0], q[i][1] = m.Apply(s.pts[i][0], s.pts[i][1])
			}
			if fine {
				// Segments of at most about a third of a pixel of sagitta.
				l := dist(p0, q[0]) + dist(q[0], q[1]) + dist(q[1], q[2])
				n := int(math.Ceil(math.Sqrt(l / 0.6)))
				n = max(1, min(n, 200))
				for i := 1; i <= n; i++ {
					t := float64(i) / float64(n)
					u := 1 - t
					a, b, cc, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
					pts = append(pts, [2]float64{
						a*p0[0] + b*q[0][0] + cc*q[1][0] + d*q[2][0],
						a*p0[1] + b*q[0][1] + cc*q[1][1] + d*q[2][1]})
				}
			} else {
				pts = splashFlatten(pts, p0, q[0], q[1], q[2])
			}
		case opClose:
			if !open {
				continue
			}
			end(true)
			// A drawing that goes on after a close starts from the
			// subpath's first point.
			pts = append(pts, start)
			open = true
		}
	}
	end(false)
	c.flatPts, c.flatPolys = pts, out
	return out
}

func dist(a, b [2]float64) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

// pathBounds is the device pixels closed polylines touch, within limit.
func pathBounds(polys []polyline, limit image.Rectangle) (image.Rectangle, bool) {
	b, ok := pixelBounds(polys)
	b = b.Intersect(limit)
	return b, ok && !b.Empty()
}

// pixelBounds is the pixels that closed polylines touch.
func pixelBounds(polys []polyline) (image.Rectangle, bool) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, pl := range polys {
		if len(pl.pts) < 3 {
			continue
		}
		for _, p := range pl.pts {
			minX, maxX = math.Min(minX, p[0]), math.Max(maxX, p[0])
			minY, maxY = math.Min(minY, p[1]), math.Max(maxY, p[1])
		}
	}
	if minX > maxX {
		return image.Rectangle{}, false
	}
	return image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1), true
}

// addPolylines adds closed polylines to a rasterizer whose (0, 0) is the
// device pixel origin.
func addPolylines(z *vector.Rasterizer, polys []polyline, origin image.Point) {
	ox, oy := float64(origin.X), float64(origin.Y)
	for _, pl := range polys {
		if len(pl.pts) < 3 {
			continue
		}
		z.MoveTo(float32(pl.pts[0][0]-ox), float32(pl.pts[0][1]-oy))
		for _, p := range pl.pts[1:] {
			z.LineTo(float32(p[0]-ox), float32(p[1]-oy))
		}
		z.ClosePath()
	}
}

// splashCoverage writes the coverage of closed polylines over b into
// c.cov, as Splash antialiases paths (splash.go).
func (c *Canvas) splashCoverage(polys []polyline, b image.Rectangle, g *group) {
	w, h := b.Dx(), b.Dy()
	if cap(c.cov.Pix) < w*h {
		c.cov.Pix = make([]uint8, w*h)
	}
	c.cov.Pix = c.cov.Pix[:w*h]
	c.cov.Stride, c.cov.Rect = w, image.Rect(0, 0, w, h)
	c.sc.coverage(polys, b, g.rect, c.cov.Pix)
}

// paint fills closed polylines with col through the group's clip and
// blend mode.
func (c *Canvas) paint(polys []polyline, col Color) {
	g := c.top()
	b, ok := pathBounds(polys, g.limit)
	if !ok {
		return
	}
	c.splashCoverage(polys, b, g)
	c.composite(b, func(y int) []uint8 { return c.cov.Pix[(y-b.Min.Y)*c.cov.Stride:] }, col)
}

// composite blends col into the device rectangle b through a coverage
// whose row y (from b.Min.X on) cov gives, and the group's clip and blend
// mode.
func (c *Canvas) composite(b image.Rectangle, cov func(y int) []uint8, col Color) {
	g := c.top()
	sr, sg, sb := uint32(col.R), uint32(col.G), uint32(col.B)
	if g.mask == nil && !g.multiply {
		c.compositePlain(b, cov, col)
		return
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		cov := cov(y)[:b.Dx()]
		row := c.img.Pix[y*c.img.Stride+4*b.Min.X:]
		var clip []uint8
		if g.mask != nil {
			clip = g.mask.Pix[g.mask.PixOffset(b.Min.X, y):]
		}
		for x, a := range cov {
			if a == 0 {
				continue
			}
			av := uint32(a)
			if clip != nil {
				av = (av*uint32(clip[x]) + 127) / 255
				if av == 0 {
					continue
				}
			}
			px := row[4*x : 4*x+3 : 4*x+3]
			tr, tg, tb := sr, sg, sb
			if g.multiply {
				tr = (uint32(px[0])*sr + 127) / 255
				tg = (uint32(px[1])*sg + 127) / 255
				tb = (uint32(px[2])*sb + 127) / 255
			}
			if av == 255 {
				px[0], px[1], px[2] = uint8(tr), uint8(tg), uint8(tb)
				continue
			}
			px[0] = uint8((uint32(px[0])*(255-av) + tr*av + 127) / 255)
			px[1] = uint8((uint32(px[1])*(255-av) + tg*av + 127) / 255)
			px[2] = uint8((uint32(px[2])*(255-av) + tb*av + 127) / 255)
		}
	}
}

// compositePlain is composite without a mask or a blend mode, the common
// case: it skips eight uncovered pixels at a time and sets eight covered
// ones at once (the image is opaque).
func (c *Canvas) compositePlain(b image.Rectangle, cov func(y int) []uint8, col Color) {
	sr, sg, sb := uint32(col.R), uint32(col.G), uint32(col.B)
	w := b.Dx()
	var eight [32]uint8 // eight pixels of col
	for i := 0; i < len(eight); i += 4 {
		eight[i], eight[i+1], eight[i+2], eight[i+3] = col.R, col.G, col.B, 255
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		cov := cov(y)[:w]
		row := c.img.Pix[y*c.img.Stride+4*b.Min.X:][:4*w]
		for x := 0; x < w; x++ {
			if x+8 <= w {
				switch binary.LittleEndian.Uint64(cov[x:]) {
				case 0:
					x += 7
					continue
				case math.MaxUint64:
					copy(row[4*x:4*x+32], eight[:])
					x += 7
					continue
				}
			}
			a := cov[x]
			if a == 0 {
				continue
			}
			px := row[4*x : 4*x+3 : 4*x+3]
			if a == 255 {
				px[0], px[1], px[2] = col.R, col.G, col.B
				continue
			}
			av := uint32(a)
			px[0] = uint8((uint32(px[0])*(255-av) + sr*av + 127) / 255)
			px[1] = uint8((uint32(px[1])*(255-av) + sg*av + 127) / 255)
			px[2] = uint8((uint32(px[2])*(255-av) + sb*av + 127) / 255)
		}
	}
}

// GlyphOrigin moves a glyph's origin (user units) to where PDF renderers
// put it on the pixel grid: poppler's Splash places filled glyphs a whole
// pixel down and, across, at a quarter pixel — or a whole one for large
// fonts (see GlyphFraction) — rounded down in device space, so that its
// cached glyph images can be reused. Text drawn this way lands on the
// same pixels as in pdftoppm's render.
func (c *Canvas) GlyphOrigin(x, y float64, fraction float64) (float64, float64) {
	m := c.top().m
	det := m.A*m.D - m.B*m.C
	if det == 0 {
		return x, y
	}
	dx, dy := m.Apply(x, y)
	dx = math.Floor(dx*fraction)/fraction - m.E
	dy = math.Floor(dy) - m.F
	return (m.D*dx - m.C*dy) / det, (-m.B*dx + m.A*dy) / det
}

// GlyphFraction is the parts of a pixel across that Splash positions a
// font's glyphs to: 4, or 1 when the font's bounding box (em units, y up:
// x0, y0, x1, y1) drawn at emSize user units is over fontFractionLimit
// pixels high, counted as Splash sizes its glyph cache (corners truncated
// to whole pixels, 3 added). Measured with pdftoppm 22.12: quarters for
// the kit's regular text up to 6.5 pt at 300 dpi (a box of 48 pixels),
// whole pixels from 7 pt (51), bold up to 7 pt (49) and from 7.5 pt.
func (c *Canvas) GlyphFraction(x0, y0, x1, y1, emSize float64) float64 {
	m := c.top().m
	minY, maxY := math.MaxInt, math.MinInt
	for _, p := range [4][2]float64{{x0, y0}, {x0, y1}, {x1, y0}, {x1, y1}} {
		// Device y of the corner (y down) relative to the origin.
		dy := int(emSize * (m.B*p[0] - m.D*p[1]))
		minY, maxY = min(minY, dy), max(maxY, dy)
	}
	if maxY-minY+3 > fontFractionLimit {
		return 1
	}
	return 4
}

// fontFractionLimit is the height of a font's glyph box in pixels above
// which Splash places its glyphs at whole pixels (measured, see
// GlyphFraction).
const fontFractionLimit = 50

// Walk hands the path's segments to the functions of another backend
// (fpdf's path operators), so one outline serves both.
func (p *Path) Walk(moveTo, lineTo func(x, y float64), cubeTo func(x1, y1, x2, y2, x, y float64), closePath func()) {
	for _, s := range p.segs {
		switch s.op {
		case opMove:
			moveTo(s.pts[0][0], s.pts[0][1])
		case opLine:
			lineTo(s.pts[0][0], s.pts[0][1])
		case opCube:
			cubeTo(s.pts[0][0], s.pts[0][1], s.pts[1][0], s.pts[1][1], s.pts[2][0], s.pts[2][1])
		case opClose:
			closePath()
		}
	}
}
