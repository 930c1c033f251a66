package layout

import (
	"image"
	"math"

	"golang.org/x/image/font/sfnt"

	"druckreif/layout/raster"
)

// The pixel side of Canvas. A face is laid out by the same drawing code
// for both backends: every Canvas method decides where things go (text by
// the typesetter's lines and fpdf's widths, shapes in card millimetres) and
// then paints either PDF operators or, on a raster canvas, filled and
// stroked paths through layout/raster. Glyphs are the embedded fonts'
// outlines (glyphs.go) placed at the advances the PDF uses, so text lands
// where the PDF viewer puts it.

// pixelState is what the closures of a raster canvas set for the drawing
// inside them and that raster.Canvas does not know: the text rendering
// mode of TextOutline and TextStroke.
type pixelState struct {
	textMode    int // 0 fill, 1 stroke, 2 fill then stroke
	textStroke  raster.Color
	strokeWidth float64
	pageH       float64 // mm, for positions rounded as the PDF writes them
}

func rgb(col Color) raster.Color { return raster.Color{R: col.R, G: col.G, B: col.B} }

// FacePixels draws a face with its bleed (Bleed on every side, as the
// single-face PDF has it) at dpi dots per inch.
func FacePixels(f *Face, w, h, dpi float64, lowInk bool) (*image.RGBA, error) {
	return facePixels(f, w, h, dpi, lowInk, nil)
}

// FacePixelsSized draws a face centred on an image of pw × ph pixels at
// dpi, its background filling all of it: for card printers whose images
// have a bleed other than 3 mm.
func FacePixelsSized(f *Face, w, h, dpi float64, pw, ph int, lowInk bool) (*image.RGBA, error) {
	return drawPixels(f, w, h, dpi, pw, ph, lowInk, nil)
}

func facePixels(f *Face, w, h, dpi float64, lowInk bool, qr *qrCache) (*image.RGBA, error) {
	pw, ph := PixelSize(w, h, dpi)
	return drawPixels(f, w, h, dpi, pw, ph, lowInk, qr)
}

func drawPixels(f *Face, w, h, dpi float64, pw, ph int, lowInk bool, qr *qrCache) (*image.RGBA, error) {
	k := dpi / 25.4
	px := raster.New(pw, ph, raster.Scale(k))
	pageW, pageH := float64(pw)/k, float64(ph)/k
	bx, by := (pageW-w)/2, (pageH-h)/2
	if pw == int(math.Round((w+2*Bleed)*k)) && ph == int(math.Round((h+2*Bleed)*k)) {
		bx, by, pageH = Bleed, Bleed, h+2*Bleed // the single-face PDF's page
	}
	var errs []error
	c := &Canvas{px: px, pxs: &pixelState{pageH: pageH}, X: bx, Y: by, W: w, H: h, Setter: Setter(),
		LowInk: lowInk, qr: qr, errs: &errs}
	if f.Background.Set {
		if lowInk {
			c.Rect(0, 0, w, h, f.Background.Tint(0.85))
			c.RoundRect(0.6, 0.6, w-1.2, h-1.2, 2, Color{}, f.Background, 0.6)
		} else {
			c.Rect(-bx, -by, pageW+1, pageH+1, f.Background)
		}
	}
	if f.Draw != nil {
		var err error
		c.Clip(0, 0, w, h, func() { err = f.Draw(c) })
		if err != nil {
			return nil, err
		}
	}
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return px.Image(), nil
}

// PixelSize is the size in pixels of a face of w × h mm with its bleed at
// dpi: the page size rounded to whole pixels, as pdftoppm renders it.
func PixelSize(w, h, dpi float64) (int, int) {
	k := dpi / 25.4
	return int(math.Round((w + 2*Bleed) * k)), int(math.Round((h + 2*Bleed) * k))
}

// pxPoint is a card-local point in the raster canvas's millimetres.
func (c *Canvas) pxRect(x, y, w, h float64) *raster.Path {
	var p raster.Path
	p.Rect(c.X+x, c.Y+y, w, h)
	return &p
}

// roundRectPath is RoundRect's outline at page position (x, y), as the
// PDF side draws it.
func roundRectPath(x, y, w, h, r float64) *raster.Path {
	var p raster.Path
	k := r * 0.5523
	p.MoveTo(x+r, y)
	p.LineTo(x+w-r, y)
	p.CubeTo(x+w-r+k, y, x+w, y+r-k, x+w, y+r)
	p.LineTo(x+w, y+h-r)
	p.CubeTo(x+w, y+h-r+k, x+w-r+k, y+h, x+w-r, y+h)
	p.LineTo(x+r, y+h)
	p.CubeTo(x+r-k, y+h, x, y+h-r+k, x, y+h-r)
	p.LineTo(x, y+r)
	p.CubeTo(x, y+r-k, x+r-k, y, x+r, y)
	p.Close()
	return &p
}

// pxPolyline is a path through card-local x, y pairs.
func (c *Canvas) pxPolyline(xy []float64, closed bool) *raster.Path {
	var p raster.Path
	p.MoveTo(c.X+xy[0], c.Y+xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		p.LineTo(c.X+xy[i], c.Y+xy[i+1])
	}
	if closed {
		p.Close()
	}
	return &p
}

// pxText paints s with its baseline origin at the page position (x, y):
// each glyph's outline at the pen position, the pen moved on by the width
// the PDF's font tables give the rune (fpdf sets no kerning).
func (c *Canvas) pxText(x, y float64, s, style string, sizePt float64, col Color) {
	st := c.pxs
	// The PDF holds a text's origin in points with two decimals (fpdf's
	// Text and directText): the same rounding puts the glyphs on the same
	// side of a pixel as in the PDF's render.
	const k = 72 / 25.4
	x = math.Round(x*k*100) / 100 / k
	y = st.pageH - math.Round((st.pageH-y)*k*100)/100/k
	if st.textMode == 2 {
		// Text both filled and stroked is filled as paths (poppler's
		// Splash fills its glyph outlines, at their exact position).
		pen := x
		for _, r := range s {
			if len(glyphOutline(style, r)) > 0 {
				key := glyphKey{style, r, sizePt}
				c.px.FillShapePath(key, func() *raster.Path { return glyphAt(0, 0, style, r, sizePt) }, pen, y, rgb(col))
			}
			pen += c.Setter.M.Width(style, sizePt, string(r))
		}
	} else if st.textMode != 1 {
		// Filled glyphs sit on the renderers' glyph grid (GlyphOrigin),
		// each drawn from its cached coverage.
		pen := x
		b := fontBox(style)
		frac := c.px.GlyphFraction(b.x0, b.y0, b.x1, b.y1, ptToMM(sizePt))
		for _, r := range s {
			gx, gy := c.px.GlyphOrigin(pen, y, frac)
			key := glyphKey{style, r, sizePt}
			c.px.FillShape(key, func() *raster.Path { return glyphAt(0, 0, style, r, sizePt) }, gx, gy, rgb(col))
			pen += c.Setter.M.Width(style, sizePt, string(r))
		}
	}
	if st.textMode != 0 {
		// Stroked outlines are paths, which renderers place exactly (to
		// an eighth of a pixel here, see raster.FillShape).
		pen := x
		for _, r := range s {
			if len(glyphOutline(style, r)) > 0 {
				key := glyphKey{style, r, sizePt}
				c.px.StrokeShape(key, func() *raster.Path { return glyphAt(0, 0, style, r, sizePt) },
					raster.Stroke{Width: st.strokeWidth, Join: raster.RoundJoin}, pen, y, st.textStroke)
			}
			pen += c.Setter.M.Width(style, sizePt, string(r))
		}
	}
}

// glyphKey names a glyph outline at a size, for raster.FillShape.
type glyphKey struct {
	style string
	r     rune
	size  float64
}

// glyphAt is one glyph's outline with its origin at (x, y).
func glyphAt(x, y float64, style string, r rune, sizePt float64) *raster.Path {
	em := ptToMM(sizePt)
	var p raster.Path
	for _, seg := range glyphOutline(style, r) {
		a := seg.args
		switch seg.op {
		case sfnt.SegmentOpMoveTo:
			if !p.Empty() {
				p.Close()
			}
			p.MoveTo(x+a[0]*em, y+a[1]*em)
		case sfnt.SegmentOpLineTo:
			p.LineTo(x+a[0]*em, y+a[1]*em)
		case sfnt.SegmentOpCubeTo:
			p.CubeTo(x+a[0]*em, y+a[1]*em, x+a[2]*em, y+a[3]*em, x+a[4]*em, y+a[5]*em)
		}
	}
	if !p.Empty() {
		p.Close()
	}
	return &p
}

// pxQR paints a code's dark runs as one path, so neighbouring modules
// meet without anti-aliased seams.
func (c *Canvas) pxQR(x, y, size float64, bm [][]bool) {
	n := len(bm)
	const quiet = 3
	module := size / float64(n+2*quiet)
	c.Rect(x, y, size, size, White)
	ox, oy := c.X+x+quiet*module, c.Y+y+quiet*module
	var p raster.Path
	for r, row := range bm {
		for col := 0; col < n; {
			if !row[col] {
				col++
				continue
			}
			start := col
			for col < n && row[col] {
				col++
			}
			p.Rect(ox+float64(start)*module, oy+float64(r)*module, float64(col-start)*module, module)
		}
	}
	c.px.Fill(&p, rgb(Black))
}

// pxGroup runs draw inside a group of the raster canvas.
func (c *Canvas) pxGroup(push func(), draw func()) {
	push()
	defer c.px.Pop()
	draw()
}
