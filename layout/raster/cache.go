package raster

import (
	"image"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/vector"
)

// Shapes drawn again and again — the glyphs of a card's text — are
// rasterized once per size, turn and sub-pixel position and then copied,
// as PDF renderers cache glyph images: most of a card is text, and a
// letter's coverage costs far more to compute than to blend.

// shapeKey names a cached coverage: the caller's key for the shape, the
// transform's linear part and the origin's position within its pixel.
type shapeKey struct {
	key        any
	a, b, c, d float64
	fx, fy     float64
}

// shapeMask is a shape's coverage, Rect relative to the origin's pixel.
type shapeMask struct{ image.Alpha }

var shapeCache struct {
	sync.Mutex
	m map[shapeKey]*shapeMask
}

// maxCachedShapes bounds the cache (a glyph's mask is a few kilobytes).
const maxCachedShapes = 20000

// FillShape fills the shape that outline gives in user units relative to
// the origin (ox, oy), keyed by key (which must name the same outline
// every time): its coverage is taken from the cache when the shape was
// filled before at the same transform and sub-pixel position.
func (c *Canvas) FillShape(key any, outline func() *Path, ox, oy float64, col Color) {
	c.cachedShape(glyphFill{key}, outline, nil, ox, oy, col)
}

// FillShapePath fills a cached shape as a path is filled (with the
// renderers' path antialiasing, at its exact position): glyphs that PDF
// renderers fill as paths, those of text both filled and stroked.
func (c *Canvas) FillShapePath(key any, outline func() *Path, ox, oy float64, col Color) {
	c.cachedShape(key, outline, nil, ox, oy, col)
}

// StrokeShape strokes the outline as FillShape fills it: for outlined
// and stroked text, whose strokes cost many times a glyph's fill.
func (c *Canvas) StrokeShape(key any, outline func() *Path, s Stroke, ox, oy float64, col Color) {
	c.cachedShape(strokeKey{key, s.Width, s.Cap, s.Join}, outline, &s, ox, oy, col)
}

type strokeKey struct {
	key   any
	width float64
	cap   Cap
	join  Join
}

// glyphFill keys a glyph filled as a glyph, not as a path.
type glyphFill struct{ key any }

func (c *Canvas) cachedShape(key any, outline func() *Path, stroke *Stroke, ox, oy float64, col Color) {
	g := c.top()
	dx, dy := g.m.Apply(ox, oy)
	ix, iy := math.Floor(dx), math.Floor(dy)
	// Positions within a pixel to an eighth: finer would only fill the
	// cache (filled glyphs sit on whole pixels already, see GlyphOrigin).
	fx, fy := math.Round((dx-ix)*8)/8, math.Round((dy-iy)*8)/8
	k := shapeKey{key, g.m.A, g.m.B, g.m.C, g.m.D, fx, fy}
	shapeCache.Lock()
	mask := shapeCache.m[k]
	shapeCache.Unlock()
	if mask == nil {
		lin := Matrix{A: g.m.A, B: g.m.B, C: g.m.C, D: g.m.D, E: fx, F: fy}
		_, glyph := key.(glyphFill)
		polys := c.flattenAs(outline(), lin, glyph)
		if stroke != nil {
			dev := *stroke
			dev.Width *= g.m.scale()
			polys = strokePolylines(polys, dev)
		}
		if glyph {
			mask = rasterizeMask(polys)
		} else {
			mask = c.splashMask(polys)
		}
		shapeCache.Lock()
		if shapeCache.m == nil || len(shapeCache.m) >= maxCachedShapes {
			shapeCache.m = map[shapeKey]*shapeMask{}
		}
		shapeCache.m[k] = mask
		shapeCache.Unlock()
	}
	if mask.Rect.Empty() {
		return
	}
	at := image.Pt(int(ix), int(iy))
	b := mask.Rect.Add(at).Intersect(g.limit)
	if b.Empty() {
		return
	}
	c.composite(b, func(y int) []uint8 {
		return mask.Pix[mask.PixOffset(b.Min.X-at.X, y-at.Y):]
	}, col)
}

// rasterizeMask computes the coverage of closed polylines around (0, 0).
func rasterizeMask(polys []polyline) *shapeMask {
	r, ok := pixelBounds(polys)
	if !ok {
		return &shapeMask{}
	}
	z := vector.NewRasterizer(r.Dx(), r.Dy())
	addPolylines(z, polys, r.Min)
	m := &shapeMask{*image.NewAlpha(r)}
	z.DrawOp = draw.Src
	z.Draw(&m.Alpha, r, image.Opaque, image.Point{})
	return m
}

func (c *Canvas) splashMask(polys []polyline) *shapeMask {
	r, ok := pixelBounds(polys)
	if !ok {
		return &shapeMask{}
	}
	m := &shapeMask{*image.NewAlpha(r)}
	c.sc.coverage(polys, r, sampleRect{aaSize * r.Min.X, aaSize * r.Min.Y, aaSize*r.Max.X - 1, aaSize*r.Max.Y - 1}, m.Pix)
	return m
}
