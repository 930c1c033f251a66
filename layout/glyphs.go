package layout

import (
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"druckreif/fonts"
)

var (
	sfntOnce  sync.Once
	sfntFaces map[string]*sfnt.Font
	glyphMu   sync.Mutex
	glyphBuf  sfnt.Buffer
)

// fontHas reports whether the font of a style maps r to a glyph.
func fontHas(style string, r rune) bool {
	sfntOnce.Do(func() {
		sfntFaces = map[string]*sfnt.Font{}
		for st, data := range fonts.Styles {
			f, err := sfnt.Parse(data)
			if err != nil {
				panic("fonts: embedded font unreadable: " + err.Error())
			}
			sfntFaces[st] = f
		}
	})
	f := sfntFaces[style]
	if f == nil {
		f = sfntFaces[""]
	}
	glyphMu.Lock()
	defer glyphMu.Unlock()
	idx, err := f.GlyphIndex(&glyphBuf, r)
	return err == nil && idx != 0
}

// fontBox is the bounding box of a style's font (its head table's), in
// em, y up: what PDF renderers size their glyph caches by.
func fontBox(style string) inkBox {
	fontHas(style, ' ') // parses the fonts once
	f := sfntFaces[style]
	if f == nil {
		f = sfntFaces[""]
	}
	glyphMu.Lock()
	defer glyphMu.Unlock()
	upm := f.UnitsPerEm()
	r, err := f.Bounds(&glyphBuf, fixed.I(int(upm)), font.HintingNone)
	if err != nil {
		return inkBox{}
	}
	u := float64(upm) * 64
	// sfnt's bounds are y down.
	return inkBox{float64(r.Min.X) / u, -float64(r.Max.Y) / u, float64(r.Max.X) / u, -float64(r.Min.Y) / u}
}

// inkBox is the extent of a glyph's outline in em, y up from the baseline,
// x from the pen position.
type inkBox struct{ x0, y0, x1, y1 float64 }

// outlineSeg is a glyph outline's segment in em, y down from the baseline;
// quadratic segments are converted to cubic ones, as PDF has no others.
type outlineSeg struct {
	op   sfnt.SegmentOp
	args [6]float64
}

// glyphShape is what the kit reads of a glyph beyond its width: its
// outline (for drawings that print letters as shapes, see Art) and the
// outline's extent (for centring, see Canvas.Mark).
type glyphShape struct {
	ink     inkBox
	outline []outlineSeg
}

var (
	shapeMu    sync.Mutex
	shapeCache = map[string]map[rune]glyphShape{}
)

func glyphInk(style string, r rune) inkBox           { return shapeOf(style, r).ink }
func glyphOutline(style string, r rune) []outlineSeg { return shapeOf(style, r).outline }

// shapeOf reads a glyph's outline once per style and rune (a glyph without
// outline, such as a space, has none and a zero extent).
func shapeOf(style string, r rune) glyphShape {
	fontHas(style, r) // parses the fonts once
	shapeMu.Lock()
	defer shapeMu.Unlock()
	tab := shapeCache[style]
	if tab == nil {
		tab = map[rune]glyphShape{}
		shapeCache[style] = tab
	}
	if g, ok := tab[r]; ok {
		return g
	}
	f := sfntFaces[style]
	if f == nil {
		f = sfntFaces[""]
	}
	var g glyphShape
	upm := float64(f.UnitsPerEm())
	glyphMu.Lock()
	idx, err := f.GlyphIndex(&glyphBuf, r)
	var segs sfnt.Segments
	if err == nil && idx != 0 {
		// At ppem = units per em the points come in font units.
		segs, err = f.LoadGlyph(&glyphBuf, idx, fixed.I(int(f.UnitsPerEm())), nil)
	}
	if err == nil && len(segs) > 0 {
		conv := func(p fixed.Point26_6) (float64, float64) {
			return float64(p.X) / 64 / upm, float64(p.Y) / 64 / upm
		}
		// The extent of all points, on and off the curve — as the font's
		// own bounding boxes are computed.
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		var lastX, lastY float64
		for _, s := range segs {
			n := map[sfnt.SegmentOp]int{sfnt.SegmentOpMoveTo: 1, sfnt.SegmentOpLineTo: 1, sfnt.SegmentOpQuadTo: 2, sfnt.SegmentOpCubeTo: 3}[s.Op]
			var pts [6]float64
			for i := 0; i < n; i++ {
				pts[2*i], pts[2*i+1] = conv(s.Args[i])
				minX, maxX = min(minX, pts[2*i]), max(maxX, pts[2*i])
				minY, maxY = min(minY, pts[2*i+1]), max(maxY, pts[2*i+1])
			}
			o := outlineSeg{op: s.Op, args: pts}
			if s.Op == sfnt.SegmentOpQuadTo {
				qx, qy, x, y := pts[0], pts[1], pts[2], pts[3]
				o = outlineSeg{op: sfnt.SegmentOpCubeTo, args: [6]float64{lastX + 2*(qx-lastX)/3, lastY + 2*(qy-lastY)/3, x + 2*(qx-x)/3, y + 2*(qy-y)/3, x, y}}
			}
			lastX, lastY = o.args[2*n-2], o.args[2*n-1]
			if o.op == sfnt.SegmentOpCubeTo {
				lastX, lastY = o.args[4], o.args[5]
			}
			g.outline = append(g.outline, o)
		}
		g.ink = inkBox{minX, -maxY, maxX, -minY}
	}
	glyphMu.Unlock()
	tab[r] = g
	return g
}
