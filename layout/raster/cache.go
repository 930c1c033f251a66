package raster

import (
	"image"
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
	g := c.top()
	dx, dy := g.m.Apply(ox, oy)
	ix, iy := math.Floor(dx), math.Floor(dy)
	// Positions within a pixel to an eighth: finer would only fill the
	// cache (text origins sit on quarters already, see GlyphOrigin).
	fx, fy := math.Round((dx-ix)*8)/8, math.Round((dy-iy)*8)/8
	k := shapeKey{key, g.m.A, g.m.B, g.m.C, g.m.D, fx, fy}
	shapeCache.Lock()
	mask := shapeCache.m[k]
	shapeCache.Unlock()
	if mask == nil {
		lin := Matrix{A: g.m.A, B: g.m.B, C: g.m.C, D: g.m.D, E: fx, F: fy}
		mask = rasterizeMask(c.flatten(outline(), lin))
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
	b := mask.Rect.Add(at).Intersect(c.limit(g))
	if b.Empty() {
		return
	}
	c.composite(b, func(y int) []uint8 {
		return mask.Pix[mask.PixOffset(b.Min.X-at.X, y-at.Y):]
	}, col)
}

// rasterizeMask computes the coverage of closed polylines around (0, 0).
func rasterizeMask(polys []polyline) *shapeMask {
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
		return &shapeMask{}
	}
	r := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1)
	z := vector.NewRasterizer(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
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
	m := &shapeMask{*image.NewAlpha(r)}
	z.DrawOp = drawSrc
	z.Draw(&m.Alpha, r, image.Opaque, image.Point{})
	return m
}
