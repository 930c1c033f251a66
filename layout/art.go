package layout

import (
	"math"
	"strconv"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/sfnt"

	"druckreif/layout/raster"
)

// Art is a drawing made once and printed many times — a card back, an
// ornament — as filled shapes in its own millimetres (y down), letters
// included as outlines, so it needs no font. A PDF holds it once, as a form
// object, and every card that shows it refers to it: a deck's backs cost
// one drawing, not one per card.
type Art struct {
	W, H float64
	ops  []byte
	fill Color
	inks []Color // its colours designed in process inks
	// shapes is the same drawing as paths, for the raster backend.
	shapes []artShape
}

// artShape is one filled shape of an Art in its millimetres.
type artShape struct {
	path raster.Path
	fill Color
}

// shape starts a new filled shape for the raster side.
func (a *Art) shape(fill Color) *raster.Path {
	a.shapes = append(a.shapes, artShape{fill: fill})
	return &a.shapes[len(a.shapes)-1].path
}

// NewArt starts a drawing of w × h mm.
func NewArt(w, h float64) *Art {
	a := &Art{W: w, H: h}
	// Millimetres with y down, from the form's bottom left in points.
	a.ops = append(a.ops, "q "...)
	a.num(72 / 25.4)
	a.ops = append(a.ops, "0 0 "...)
	a.num(-72 / 25.4)
	a.ops = append(a.ops, "0 "...)
	a.num(h * 72 / 25.4)
	a.ops = append(a.ops, "cm\n"...)
	return a
}

func (a *Art) num(v float64) {
	a.ops = strconv.AppendFloat(a.ops, math.Round(v*1000)/1000, 'f', -1, 64)
	a.ops = append(a.ops, ' ')
}

func (a *Art) pt(x, y float64, op string) {
	a.num(x)
	a.num(y)
	a.ops = append(a.ops, op...)
	a.ops = append(a.ops, '\n')
}

func (a *Art) setFill(c Color) {
	if c == a.fill {
		return
	}
	a.fill = c
	if c.Ink.Set {
		a.inks = append(a.inks, c)
	}
	a.num(float64(c.R) / 255)
	a.num(float64(c.G) / 255)
	a.num(float64(c.B) / 255)
	a.ops = append(a.ops, "rg\n"...)
}

// Rect fills a rectangle.
func (a *Art) Rect(x, y, w, h float64, fill Color) {
	a.setFill(fill)
	a.num(x)
	a.num(y)
	a.num(w)
	a.num(h)
	a.ops = append(a.ops, "re f\n"...)
	a.shape(fill).Rect(x, y, w, h)
}

// Polygon fills a polygon given as x, y pairs.
func (a *Art) Polygon(fill Color, xy ...float64) {
	if len(xy) < 6 {
		return
	}
	a.setFill(fill)
	a.pt(xy[0], xy[1], "m")
	p := a.shape(fill)
	p.MoveTo(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		a.pt(xy[i], xy[i+1], "l")
		p.LineTo(xy[i], xy[i+1])
	}
	p.Close()
	a.ops = append(a.ops, "h f\n"...)
}

// Circle fills a circle.
func (a *Art) Circle(cx, cy, r float64, fill Color) {
	a.setFill(fill)
	a.ellipse(cx, cy, r)
	a.ops = append(a.ops, "f\n"...)
	a.shape(fill).Circle(cx, cy, r, false)
}

// Ring fills the band between two circles.
func (a *Art) Ring(cx, cy, r0, r1 float64, fill Color) {
	a.setFill(fill)
	a.ellipse(cx, cy, r1)
	a.ellipse(cx, cy, r0)
	a.ops = append(a.ops, "f*\n"...)
	// Even-odd in the PDF; as pixels (non-zero) the inner circle runs the
	// other way round.
	p := a.shape(fill)
	p.Circle(cx, cy, r1, false)
	p.Circle(cx, cy, r0, true)
}

func (a *Art) ellipse(cx, cy, r float64) {
	k := r * 0.5523
	a.pt(cx+r, cy, "m")
	a.curve(cx+r, cy+k, cx+k, cy+r, cx, cy+r)
	a.curve(cx-k, cy+r, cx-r, cy+k, cx-r, cy)
	a.curve(cx-r, cy-k, cx-k, cy-r, cx, cy-r)
	a.curve(cx+k, cy-r, cx+r, cy-k, cx+r, cy)
	a.ops = append(a.ops, "h\n"...)
}

func (a *Art) curve(x1, y1, x2, y2, x3, y3 float64) {
	a.num(x1)
	a.num(y1)
	a.num(x2)
	a.num(y2)
	a.pt(x3, y3, "c")
}

// Mark fills the outlines of a short text with the middle of its ink on
// (cx, cy), turned by deg degrees anticlockwise (as Canvas.Mark).
func (a *Art) Mark(cx, cy, deg float64, s, style string, sizePt float64, fill Color) {
	em := ptToMM(sizePt)
	m := sharedMetrics
	// The ink box, as Canvas.InkBox measures it.
	x0, y0, x1, y1 := inkExtent(s, style, sizePt)
	ox, oy := -(x0+x1)/2, (y0+y1)/2 // pen start relative to the centre, y down
	sin, cos := math.Sincos(deg * math.Pi / 180)
	// A point (u, v) of the text (mm, y down, from the centre) on the page:
	// turned anticlockwise on the page is clockwise in y-down terms.
	place := func(u, v float64) (float64, float64) {
		return cx + u*cos + v*sin, cy - u*sin + v*cos
	}
	a.setFill(fill)
	p := a.shape(fill)
	pen := 0.0
	for _, r := range s {
		for _, seg := range glyphOutline(style, r) {
			var xy [6]float64
			for i := 0; i < 3; i++ {
				xy[2*i], xy[2*i+1] = place(ox+pen+seg.args[2*i]*em, oy+seg.args[2*i+1]*em)
			}
			switch seg.op {
			case sfnt.SegmentOpMoveTo:
				a.pt(xy[0], xy[1], "m")
				if !p.Empty() {
					p.Close()
				}
				p.MoveTo(xy[0], xy[1])
			case sfnt.SegmentOpLineTo:
				a.pt(xy[0], xy[1], "l")
				p.LineTo(xy[0], xy[1])
			case sfnt.SegmentOpCubeTo:
				a.curve(xy[0], xy[1], xy[2], xy[3], xy[4], xy[5])
				p.CubeTo(xy[0], xy[1], xy[2], xy[3], xy[4], xy[5])
			}
		}
		pen += m.Width(style, sizePt, string(r))
	}
	a.ops = append(a.ops, "f\n"...)
}

// inkExtent is Canvas.InkBox without a canvas.
func inkExtent(s, style string, sizePt float64) (x0, y0, x1, y1 float64) {
	c := Canvas{Setter: Setter()}
	return c.InkBox(s, style, sizePt)
}

// content is the drawing's content stream.
func (a *Art) content() string { return string(a.ops) + "Q\n" }

// stamps holds the form objects of one PDF: one per drawing (Art) and one
// per form (Form) placed in it.
type stamps struct {
	art  map[*Art]stamp
	form map[*Form]formStamp
	// shared, for a face drawn to be kept (facecache.go), holds the forms
	// the document's earlier kept faces drew: a face places them without
	// drawing them again.
	shared *stamps
	// placed, for a kept face, lists the forms it places: the kept face
	// names them as the forms it needs, and the document registers them
	// (instead of fpdf's registration, which draws each once more,
	// invisibly, in every face).
	placed []fpdf.Template
}

// keeping reports whether the canvas draws a face to be kept.
func (c *Canvas) keeping() bool { return c.stamps != nil && c.stamps.shared != nil }

// stamp is a form object with its name computed once (fpdf names a form by
// the hash of its content and would hash it again at every use).
type stamp struct {
	fpdf.Template
	id string
}

func (s stamp) ID() string { return s.id }

// register makes a form object of the document and returns it: drawn by
// fill (on the form's own fpdf, in its millimetres, y down from its top
// left) and registered with the document, drawn into an empty clip:
// fpdf's own placement takes the page height from the unturned page size
// and misplaces forms on landscape pages, so placements are written
// directly (place).
func (c *Canvas) register(w, h float64, fill func(*fpdf.Tpl)) stamp {
	tpl := c.pdf.CreateTemplateCustom(fpdf.PointType{}, fpdf.SizeType{Wd: w, Ht: h}, fill)
	t := stamp{tpl, tpl.ID()}
	if c.keeping() {
		c.stamps.placed = append(c.stamps.placed, t)
		return t
	}
	c.pdf.RawWriteStr("q 0 0 0 0 re W n\n")
	c.pdf.UseTemplateScaled(t, fpdf.PointType{}, fpdf.SizeType{Wd: w, Ht: h})
	c.pdf.RawWriteStr("Q\n")
	return t
}

// place prints a registered form of height h with its top left corner at
// the card-local (x, y).
func (c *Canvas) place(x, y, h float64, t stamp) {
	const k = 72 / 25.4
	_, pageH := c.pdf.GetPageSize()
	buf := make([]byte, 0, 96)
	buf = append(buf, "q 1 0 0 1 "...)
	buf = strconv.AppendFloat(buf, (c.X+x)*k, 'f', 3, 64)
	buf = append(buf, ' ')
	buf = strconv.AppendFloat(buf, (pageH-c.Y-y-h)*k, 'f', 3, 64)
	buf = append(buf, " cm /TPL"...)
	buf = append(buf, t.id...)
	buf = append(buf, " Do Q\n"...)
	c.pdf.RawWriteStr(string(buf))
}

// Stamp prints a drawing with its top left corner at the card-local
// (x, y), at its own size.
func (c *Canvas) Stamp(x, y float64, a *Art) {
	if c.px != nil {
		c.pxGroup(func() { c.px.Push(raster.Translate(c.X+x, c.Y+y)) }, func() {
			var clip raster.Path
			clip.Rect(0, 0, a.W, a.H)
			c.pxGroup(func() { c.px.PushClip(&clip) }, func() {
				for i := range a.shapes {
					c.px.Fill(&a.shapes[i].path, rgb(a.shapes[i].fill))
				}
			})
		})
		return
	}
	if c.pdf == nil {
		return
	}
	if c.stamps == nil {
		c.stamps = &stamps{}
	}
	for _, col := range a.inks {
		c.inks.add(col)
	}
	t, ok := c.stamps.art[a]
	if !ok {
		if sh := c.stamps.shared; sh != nil && sh.art[a].Template != nil {
			t = sh.art[a]
			c.stamps.placed = append(c.stamps.placed, t)
		} else {
			body := a.content()
			t = c.register(a.W, a.H, func(tpl *fpdf.Tpl) { tpl.RawWriteStr(body) })
			if sh != nil {
				if sh.art == nil {
					sh.art = map[*Art]stamp{}
				}
				sh.art[a] = t
			}
		}
		if c.stamps.art == nil {
			c.stamps.art = map[*Art]stamp{}
		}
		c.stamps.art[a] = t
	}
	c.place(x, y, a.H, t)
}

// InkExtent is the ink box of a text set at sizePt in style, in mm from
// the pen's start on the line's top (y down): what a drawing that places
// letters as outlines (Art.Mark) needs to know to fit them.
func InkExtent(s, style string, sizePt float64) (x0, y0, x1, y1 float64) {
	return inkExtent(s, style, sizePt)
}

// Star fills a star of n points round (cx, cy), its points at r and the
// notches between them at r·inner, the first point straight up.
func (a *Art) Star(cx, cy, r, inner float64, n int, fill Color) {
	xy := make([]float64, 0, 4*n)
	for i := 0; i < 2*n; i++ {
		rr := r
		if i%2 == 1 {
			rr = r * inner
		}
		s, c := math.Sincos(float64(i) * math.Pi / float64(n))
		xy = append(xy, cx+rr*s, cy-rr*c)
	}
	a.Polygon(fill, xy...)
}

// Frame fills a rectangular band of width t just inside the rectangle.
func (a *Art) Frame(x, y, w, h, t float64, fill Color) {
	a.Rect(x, y, w, t, fill)
	a.Rect(x, y+h-t, w, t, fill)
	a.Rect(x, y+t, t, h-2*t, fill)
	a.Rect(x+w-t, y+t, t, h-2*t, fill)
}
