package layout

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-pdf/fpdf"
	qrcode "github.com/skip2/go-qrcode"

	"druckreif/layout/press"
	"druckreif/layout/raster"
	"druckreif/layout/typeset"
)

// Color is an sRGB colour; the zero value means "none".
type Color struct {
	R, G, B uint8
	Set     bool
	// Ink is the colour in process inks when it was designed in them (the
	// Decoder's band for print shops): files for print shops print it as
	// this ink, whatever their conversion would make of R, G, B.
	Ink Ink
}

// Ink is a colour's value in process inks.
type Ink struct {
	CMYK press.CMYK
	Set  bool
}

// RGB makes a colour.
func RGB(r, g, b uint8) Color { return Color{R: r, G: g, B: b, Set: true} }

// Black and White are used everywhere.
var (
	Black = RGB(0, 0, 0)
	White = RGB(255, 255, 255)
)

// ParseColor reads "#rrggbb".
func ParseColor(s string) (Color, error) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) != 6 {
		return Color{}, fmt.Errorf("Farbe %q: erwartet #rrggbb", s)
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return Color{}, fmt.Errorf("Farbe %q: erwartet #rrggbb", s)
	}
	return RGB(uint8(v>>16), uint8(v>>8), uint8(v)), nil
}

// Tint mixes a colour with white: t = 0 is the colour, 1 is white.
func (c Color) Tint(t float64) Color {
	mix := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*t + 0.5) }
	return RGB(mix(c.R), mix(c.G), mix(c.B))
}

// Align is horizontal text alignment.
type Align int

const (
	Left Align = iota
	Center
	Right
)

// Canvas draws one card face in card-local millimetres: (0, 0) is the top
// left corner of the trimmed card. A canvas without a PDF only measures
// (the preflight that `check` runs).
type Canvas struct {
	pdf *fpdf.Fpdf
	// px is the raster backend's canvas when the face is drawn as pixels
	// (pdf is then nil; see pixels.go); pxs is its text state.
	px     *raster.Canvas
	pxs    *pixelState
	X, Y   float64 // trim corner on the page
	W, H   float64 // trimmed card size
	Setter typeset.Setter
	LowInk bool
	qr     *qrCache // codes encoded ahead, in parallel
	stamps *stamps  // the document's form objects (Stamp)
	font   *fontState
	inks   *inkClaims // colours designed in process inks, for the press pass
	// errs collects failures of drawing code that cannot return an error
	// (a piece's text that does not fit): the page's renderer fails with
	// them, so nothing is ever silently left out.
	errs *[]error
	// sizes, when set (by Measure), records every block the canvas sets,
	// with the size it was set at.
	sizes *[]TextSize
}

// TextSize is a block of text as a card sets it: the card's ID, the deck
// cell the text came from and the size in points.
type TextSize struct {
	Card, Source string
	Size         float64
	Lines        []string // as set, for tests of line breaking
}

// fontState is the font a document's content last selected, so that text
// in the same font does not select it again (fpdf writes a font switch at
// every selection, and most lines of a card share two or three fonts).
// Restoring the graphics state (the end of a transform or a clip) restores
// the font of before, so it forgets.
type fontState struct {
	face face
	size float64
	ok   bool
	// set holds, per face, the runes fpdf has set in the document, so they
	// are in its font subset (see rotatedText).
	set map[face]map[rune]bool
	// log, for a face drawn to be kept (facecache.go), records every
	// character it sets, in which face.
	log runeLog
}

// logText records, when the canvas draws a kept face, that s is set in f.
func (c *Canvas) logText(f face, s string) {
	if c.font != nil && c.font.log != nil {
		c.font.log.add(f, s)
	}
}

// known reports whether every rune of s has been set in face f before,
// and s can be written directly.
func (fs *fontState) known(f face, s string) bool {
	set := fs.set[f]
	if set == nil {
		return false
	}
	for _, r := range s {
		if !set[r] || r > 0xFFFF {
			return false
		}
	}
	return true
}

// learn records that fpdf has set the runes of s in face f.
func (fs *fontState) learn(f face, s string) {
	if fs.set == nil {
		fs.set = map[face]map[rune]bool{}
	}
	set := fs.set[f]
	if set == nil {
		set = map[rune]bool{}
		fs.set[f] = set
	}
	for _, r := range s {
		set[r] = true
	}
}

func (c *Canvas) useFont(f face, sizePt float64) {
	if fs := c.font; fs != nil && fs.ok && fs.face == f && fs.size == sizePt {
		return
	}
	setFace(c.pdf, f, sizePt)
	if fs := c.font; fs != nil {
		fs.face, fs.size, fs.ok = f, sizePt, true
	}
}

// restored forgets the font after the graphics state was restored.
func (c *Canvas) restored() {
	if c.font != nil {
		c.font.ok = false
	}
}

// Fail records that something could not be drawn; the document then fails
// to render with this error.
func (c *Canvas) Fail(err error) {
	if c.errs != nil {
		*c.errs = append(*c.errs, err)
	}
}

// Measuring reports whether the canvas only measures.
func (c *Canvas) Measuring() bool { return c.pdf == nil && c.px == nil }

func (c *Canvas) fill(col Color) {
	c.inks.add(col)
	c.pdf.SetFillColor(int(col.R), int(col.G), int(col.B))
}

func (c *Canvas) stroke(col Color, width float64) {
	c.inks.add(col)
	c.pdf.SetDrawColor(int(col.R), int(col.G), int(col.B))
	c.pdf.SetLineWidth(width)
}

// Rect fills a rectangle.
func (c *Canvas) Rect(x, y, w, h float64, fill Color) {
	if !fill.Set {
		return
	}
	if c.px != nil {
		c.px.Fill(c.pxRect(x, y, w, h), rgb(fill))
		return
	}
	if c.pdf == nil {
		return
	}
	c.fill(fill)
	c.pdf.Rect(c.X+x, c.Y+y, w, h, "F")
}

// RoundRect draws a rounded rectangle, filled and/or stroked.
func (c *Canvas) RoundRect(x, y, w, h, r float64, fill, stroke Color, lineWidth float64) {
	if c.px != nil {
		p := roundRectPath(c.X+x, c.Y+y, w, h, r)
		if fill.Set {
			c.px.Fill(p, rgb(fill))
		}
		if stroke.Set {
			c.px.StrokePath(p, raster.Stroke{Width: lineWidth, Join: raster.RoundJoin}, rgb(stroke))
		}
		return
	}
	if c.pdf == nil {
		return
	}
	style := ""
	if fill.Set {
		c.fill(fill)
		style += "F"
	}
	if stroke.Set {
		c.stroke(stroke, lineWidth)
		style += "D"
	}
	if style == "" {
		return
	}
	// fpdf's RoundedRect opens a graphics state ("q") it never closes,
	// which breaks every clip after it; so the path is drawn here, the
	// same outline as the raster side's.
	p := c.pdf
	roundRectPath(c.X+x, c.Y+y, w, h, r).Walk(p.MoveTo, p.LineTo, p.CurveBezierCubicTo, p.ClosePath)
	// Round joins: the closing point meets the start point, and a mitre
	// there would draw a spike on thick outlines.
	p.SetLineJoinStyle("round")
	p.DrawPath(style)
	p.SetLineJoinStyle("miter")
}

// Circle fills (and optionally strokes) a circle.
func (c *Canvas) Circle(cx, cy, r float64, fill, stroke Color, lineWidth float64) {
	if c.px != nil {
		var p raster.Path
		p.Circle(c.X+cx, c.Y+cy, r, false)
		if fill.Set {
			c.px.Fill(&p, rgb(fill))
		}
		if stroke.Set {
			c.px.StrokePath(&p, raster.Stroke{Width: lineWidth}, rgb(stroke))
		}
		return
	}
	if c.pdf == nil {
		return
	}
	style := ""
	if fill.Set {
		c.fill(fill)
		style += "F"
	}
	if stroke.Set {
		c.stroke(stroke, lineWidth)
		style += "D"
	}
	c.pdf.Circle(c.X+cx, c.Y+cy, r, style)
}

// Line draws a straight line.
func (c *Canvas) Line(x1, y1, x2, y2, width float64, col Color) {
	if c.px != nil {
		c.px.StrokePath(c.pxPolyline([]float64{x1, y1, x2, y2}, false), raster.Stroke{Width: width}, rgb(col))
		return
	}
	if c.pdf == nil {
		return
	}
	c.stroke(col, width)
	c.pdf.Line(c.X+x1, c.Y+y1, c.X+x2, c.Y+y2)
}

// Polygon fills a polygon given as x, y pairs.
//
// The path is written directly, its corners in points with two decimals
// (a 300th of a millimetre): fpdf's Polygon formats every coordinate with
// five decimals through its general float formatting, and the Decoder's
// camouflage, hundreds of polygons a card, spent more time there than in
// anything else of the page.
func (c *Canvas) Polygon(fill Color, xy ...float64) {
	if len(xy) < 6 {
		return
	}
	if c.px != nil {
		c.px.Fill(c.pxPolyline(xy, true), rgb(fill))
		return
	}
	if c.pdf == nil {
		return
	}
	c.fill(fill)
	const k = 72 / 25.4
	_, pageH := c.pdf.GetPageSize()
	buf := make([]byte, 0, 16*len(xy)+8)
	for i := 0; i+1 < len(xy); i += 2 {
		buf = appendFixed2(buf, (c.X+xy[i])*k)
		buf = append(buf, ' ')
		buf = appendFixed2(buf, (pageH-c.Y-xy[i+1])*k)
		if i == 0 {
			buf = append(buf, " m\n"...)
		} else {
			buf = append(buf, " l\n"...)
		}
	}
	buf = append(buf, "h f\n"...)
	c.pdf.RawWriteStr(string(buf))
}

// ascent is the height of capitals above the baseline as a share of the
// font size (DejaVu: 0.73 em cap height, 0.76 em ascender).
const ascent = 0.76

// Text sets one line; y is the top of the line box, the baseline follows
// from the size.
func (c *Canvas) Text(x, y float64, s, style string, sizePt float64, col Color, align Align) {
	if c.Measuring() || s == "" {
		return
	}
	switch align {
	case Center:
		x -= c.Setter.M.Width(style, sizePt, s) / 2
	case Right:
		x -= c.Setter.M.Width(style, sizePt, s)
	}
	x, y = c.X+x, c.Y+y+ptToMM(sizePt)*ascent
	if c.px != nil {
		c.pxText(x, y, s, style, sizePt, col)
		return
	}
	f := faceFor(style, s)
	c.useFont(f, sizePt)
	c.inks.add(col)
	c.logText(f, s)
	if c.font == nil || !c.font.known(f, s) {
		c.pdf.SetTextColor(int(col.R), int(col.G), int(col.B))
		c.pdf.Text(x, y, s)
		if c.font != nil {
			c.font.learn(f, s)
		}
		return
	}
	c.directText(x, y, s, col)
}

// directText writes what fpdf's Text writes for s at the page position
// (x, y) in col, for text whose characters fpdf has set in the document
// before (so they are in the font's subset): the same operators, written
// without fpdf's formatting through Sprintf, its string replacements and
// its bookkeeping of used characters — text is most of what a card's page
// holds. Like fpdf, it sets the colour only when it is not the fill
// colour, which fpdf's text takes otherwise.
func (c *Canvas) directText(x, y float64, s string, col Color) {
	const k = 72 / 25.4
	_, pageH := c.pdf.GetPageSize()
	r, g, b := c.pdf.GetFillColor()
	own := r != int(col.R) || g != int(col.G) || b != int(col.B)
	buf := make([]byte, 0, 64+4*len(s))
	if own {
		buf = append(buf, "q "...)
		buf = appendColor(buf, col, "g", "rg")
		buf = append(buf, ' ')
	}
	buf = append(buf, "BT "...)
	buf = appendFixed2(buf, x*k)
	buf = append(buf, ' ')
	buf = appendFixed2(buf, (pageH-y)*k)
	buf = append(buf, " Td ("...)
	buf = appendUTF16Escaped(buf, s)
	buf = append(buf, ") Tj ET"...)
	if own {
		buf = append(buf, " Q"...)
	}
	buf = append(buf, '\n')
	c.pdf.RawWriteStr(string(buf))
}

// appendColor appends a colour operator as fpdf writes it: grey levels
// with the grey operator, others with the RGB one, components with three
// decimals.
func appendColor(buf []byte, col Color, grey, rgb string) []byte {
	if col.R == col.G && col.G == col.B {
		buf = appendFixed(buf, float64(col.R)/255, 3)
		buf = append(buf, ' ')
		return append(buf, grey...)
	}
	for _, v := range [3]uint8{col.R, col.G, col.B} {
		buf = appendFixed(buf, float64(v)/255, 3)
		buf = append(buf, ' ')
	}
	return append(buf, rgb...)
}

// TextWidth measures a single line.
func (c *Canvas) TextWidth(s, style string, sizePt float64) float64 {
	return c.Setter.M.Width(style, sizePt, s)
}

// Block draws the lines of a set block from the top y within width w,
// after its indent.
func (c *Canvas) Block(sb typeset.SetBlock, x, y, w float64, col Color, align Align) {
	if c.sizes != nil && len(sb.Lines) > 0 {
		lines := make([]string, len(sb.Lines))
		for i, l := range sb.Lines {
			lines[i] = l.Text
		}
		*c.sizes = append(*c.sizes, TextSize{Card: sb.Card, Source: sb.Source, Size: sb.SizePt, Lines: lines})
	}
	lh := sb.LineHeight()
	for i, l := range sb.Lines {
		lx := x + sb.Indent
		switch align {
		case Center:
			lx = x + sb.Indent + (w-sb.Indent)/2
		case Right:
			lx = x + w
		}
		c.Text(lx, y+float64(i)*lh+(lh-ptToMM(sb.SizePt))/2, l.Text, sb.Style, sb.SizePt, col, align)
	}
}

// QR draws a QR code as vector squares (merged into runs per row, so a
// code costs a few dozen rectangles), with a white quiet zone of three
// modules around it included in size (cards have coloured grounds, and
// decoders need light around the code).
func (c *Canvas) QR(x, y, size float64, payload string) error {
	bm, err := c.qr.get(payload)
	if err != nil {
		return err
	}
	if c.px != nil {
		c.pxQR(x, y, size, bm)
		return nil
	}
	if c.pdf == nil {
		return nil
	}
	return c.qrBitmap(x, y, size, bm)
}

// encodeQR encodes a payload as a QR code matrix without border.
func encodeQR(payload string) ([][]bool, error) {
	q, err := qrcode.New(payload, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("QR-Code für %q: %w", payload, err)
	}
	q.DisableBorder = true
	return q.Bitmap(), nil
}

// qrCache holds the QR matrices of one rendering. Encoding (its mask
// search) is the costliest step of a card, so Render starts encoding all
// faces' codes on the other cores, in the order the faces are drawn, and
// draws meanwhile: a face waits only for its own code. A code not encoded
// ahead is encoded on demand.
type qrCache struct {
	codes map[string]*qrCode

	store    QRStore
	payloads []string
	encoded  int // codes not known to store
}

// save gives the store the document's codes, if it encoded any.
func (q *qrCache) save() {
	if q == nil || q.store == nil || q.encoded == 0 {
		return
	}
	out := make(map[string][][]bool, len(q.codes))
	for p, c := range q.codes {
		<-c.done
		if c.err != nil {
			return
		}
		out[p] = c.bitmap
	}
	q.store.Store(q.payloads, out)
}

// qrCode is one payload's code, ready once done is closed.
type qrCode struct {
	done   chan struct{}
	bitmap [][]bool
	err    error
}

func (q *qrCache) get(payload string) ([][]bool, error) {
	if q != nil {
		if c, ok := q.codes[payload]; ok {
			<-c.done
			return c.bitmap, c.err
		}
	}
	return encodeQR(payload)
}

// QRStore keeps QR matrices beyond one rendering (the kit's build cache):
// a code is the same for the same payload however often it is drawn, and
// encoding it is a card's costliest step. Render takes the codes Load
// returns instead of encoding them and, when it encoded any, gives Store
// every code of the document.
type QRStore interface {
	Load(payloads []string) map[string][][]bool
	Store(payloads []string, codes map[string][][]bool)
}

// newQRCache starts encoding payloads on every core, returning at once;
// the codes store holds are taken as they are.
func newQRCache(payloads []string, store QRStore) *qrCache {
	c := &qrCache{codes: make(map[string]*qrCode, len(payloads)), store: store, payloads: payloads}
	var known map[string][][]bool
	if store != nil {
		known = store.Load(payloads)
	}
	var order []*qrCode
	var todo []string
	for _, p := range payloads {
		if _, ok := c.codes[p]; ok {
			continue
		}
		code := &qrCode{done: make(chan struct{})}
		c.codes[p] = code
		if bm, ok := known[p]; ok {
			code.bitmap = bm
			close(code.done)
			continue
		}
		order, todo = append(order, code), append(todo, p)
	}
	c.encoded = len(todo)
	workers := runtime.GOMAXPROCS(0)
	var next atomic.Int64
	for w := 0; w < workers; w++ {
		go func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(todo) {
					return
				}
				order[i].bitmap, order[i].err = encodeQR(todo[i])
				close(order[i].done)
			}
		}()
	}
	return c
}

func (c *Canvas) qrBitmap(x, y, size float64, bm [][]bool) error {
	n := len(bm)
	const quiet = 3
	module := size / float64(n+2*quiet)
	c.Rect(x, y, size, size, White)
	c.fill(Black) // outside the q … Q below, so fpdf's idea of the fill holds
	// All dark runs of the code go into one path with one fill operator,
	// written directly, in the code's own grid: a matrix makes one unit a
	// module, y down from the top left module, so each run is four small
	// integers. A code has a hundred or more runs, and they were most of a
	// card's content (page coordinates with decimals took 2.5 times the
	// bytes, to write and to compress); in the grid the runs of adjacent
	// rows also meet exactly. Transforms still apply.
	const k = 72 / 25.4
	_, pageH := c.pdf.GetPageSize()
	buf := make([]byte, 0, 64+12*n*n/4)
	buf = append(buf, "q "...)
	buf = appendFixed(buf, module*k, 5)
	buf = append(buf, " 0 0 "...)
	buf = appendFixed(buf, -module*k, 5)
	buf = append(buf, ' ')
	buf = appendFixed(buf, (c.X+x+quiet*module)*k, 4)
	buf = append(buf, ' ')
	buf = appendFixed(buf, (pageH-c.Y-y-quiet*module)*k, 4)
	buf = append(buf, " cm\n"...)
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
			buf = strconv.AppendInt(buf, int64(start), 10)
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(r), 10)
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(col-start), 10)
			buf = append(buf, " 1 re\n"...)
		}
	}
	buf = append(buf, "f Q\n"...)
	c.pdf.RawWriteStr(string(buf))
	return nil
}

func ptToMM(pt float64) float64 { return pt * 25.4 / 72 }

// appendFixed2 appends v with two decimals, as strconv.AppendFloat(buf, v,
// 'f', 2, 64) would for the coordinates of a page (|v| < 10⁷), but by
// integer arithmetic: a QR code writes some five hundred numbers, and the
// general float formatting was the costliest part of drawing one.
func appendFixed2(buf []byte, v float64) []byte { return appendFixed(buf, v, 2) }

// pow10 are the scales of appendFixed.
var pow10 = [...]int64{1, 10, 100, 1000, 10000, 100000}

// appendFixed appends v with 0 to 5 decimals, as strconv.AppendFloat(buf,
// v, 'f', decimals, 64) would for |v| < 10⁷ (a rounding half-way case may
// differ in the last digit).
func appendFixed(buf []byte, v float64, decimals int) []byte {
	scale := pow10[decimals]
	n := int64(math.Round(v * float64(scale)))
	if n < 0 {
		buf = append(buf, '-')
		n = -n
	}
	buf = strconv.AppendInt(buf, n/scale, 10)
	if decimals == 0 {
		return buf
	}
	buf = append(buf, '.')
	frac := n % scale
	for d := scale / 10; d > 0; d /= 10 {
		buf = append(buf, byte('0'+frac/d%10))
	}
	return buf
}

// Rotated runs draw with the drawing rotated by deg degrees
// (counter-clockwise) about the card-local point (x, y).
func (c *Canvas) Rotated(deg, x, y float64, draw func()) {
	if c.px != nil {
		c.pxGroup(func() { c.px.Push(raster.RotateAbout(deg, c.X+x, c.Y+y)) }, draw)
		return
	}
	if c.pdf == nil {
		draw()
		return
	}
	c.pdf.TransformBegin()
	c.pdf.TransformRotate(deg, c.X+x, c.Y+y)
	draw()
	c.pdf.TransformEnd()
	c.restored()
}

// Blend runs draw with a PDF blend mode ("Multiply" …), then restores
// normal painting.
func (c *Canvas) Blend(mode string, draw func()) {
	if c.px != nil && mode == "Multiply" {
		c.pxGroup(c.px.PushMultiply, draw)
		return
	}
	if c.pdf == nil {
		draw()
		return
	}
	if c.font != nil && c.font.log != nil {
		// fpdf gives a form no graphics states of its own: a blend mode in
		// a kept face's form would be lost.
		c.Fail(fmt.Errorf("layout: Blend %q in a face with a Key: leave its Key empty", mode))
	}
	c.pdf.SetAlpha(1, mode)
	draw()
	c.pdf.SetAlpha(1, "Normal")
}

// Glyph sets a short text centred on (cx, cy), rotated by deg degrees.
func (c *Canvas) Glyph(cx, cy, deg float64, s, style string, sizePt float64, col Color) {
	if c.Measuring() || s == "" {
		return
	}
	w := c.Setter.M.Width(style, sizePt, s)
	c.rotatedText(cx, cy, deg, cx-w/2, cy+ptToMM(sizePt)*0.36, s, style, sizePt, col)
}

// Mark sets a short text — a number, a letter, a symbol — with the middle
// of its ink (the outlines' bounding box, not the line box) on (cx, cy),
// rotated by deg degrees: what a chip or a tile shows sits in its centre,
// whatever the glyphs' height above the baseline.
func (c *Canvas) Mark(cx, cy, deg float64, s, style string, sizePt float64, col Color) {
	if c.Measuring() || s == "" {
		return
	}
	x0, y0, x1, y1 := c.InkBox(s, style, sizePt)
	c.rotatedText(cx, cy, deg, cx-(x0+x1)/2, cy+(y0+y1)/2, s, style, sizePt, col)
}

// rotatedText sets s with its baseline origin at the card-local (x, y),
// the whole rotated by deg degrees about (cx, cy).
//
// The Decoder's clutter sets thousands of such words per sheet, and fpdf's
// way — save the state, a rotation matrix, a font selection, the text,
// restore — formats a dozen floats per word and selects the font again
// after every restore. So the font is selected outside (it stays selected),
// and once fpdf has set a text's characters in this document (which puts
// them into the embedded font subset), the same characters are written
// directly as one text object whose text matrix does the rotation and the
// size.
func (c *Canvas) rotatedText(cx, cy, deg, x, y float64, s, style string, sizePt float64, col Color) {
	if c.px != nil {
		c.pxGroup(func() { c.px.Push(raster.RotateAbout(deg, c.X+cx, c.Y+cy)) }, func() {
			c.pxText(c.X+x, c.Y+y, s, style, sizePt, col)
		})
		return
	}
	c.inks.add(col)
	f := faceFor(style, s)
	c.logText(f, s)
	if c.font == nil || !c.font.known(f, s) {
		c.useFont(f, sizePt)
		c.pdf.SetTextColor(int(col.R), int(col.G), int(col.B))
		c.pdf.TransformBegin()
		c.pdf.TransformRotate(deg, c.X+cx, c.Y+cy)
		c.pdf.Text(c.X+x, c.Y+y, s)
		c.pdf.TransformEnd()
		if c.font != nil {
			c.font.learn(f, s)
		}
		return
	}
	// The font at 1 pt, scaled by the text matrix: the clutter's words come
	// in every size, and one selection serves them all.
	c.useFont(f, 1)
	const k = 72 / 25.4
	_, pageH := c.pdf.GetPageSize()
	rad := deg * math.Pi / 180
	cos, sin := math.Cos(rad), math.Sin(rad)
	// The text's origin, turned about the centre, in PDF points (y up).
	px, py := (c.X+cx)*k, (pageH-c.Y-cy)*k
	dx, dy := (x-cx)*k, (cy-y)*k
	ox, oy := px+cos*dx-sin*dy, py+sin*dx+cos*dy
	buf := make([]byte, 0, 96+4*len(s))
	buf = append(buf, "q "...)
	for _, v := range [3]uint8{col.R, col.G, col.B} {
		buf = appendFixed(buf, float64(v)/255, 3)
		buf = append(buf, ' ')
	}
	buf = append(buf, "rg BT "...)
	for _, v := range [4]float64{cos, sin, -sin, cos} {
		buf = appendFixed(buf, v*sizePt, 4)
		buf = append(buf, ' ')
	}
	buf = appendFixed(buf, ox, 2)
	buf = append(buf, ' ')
	buf = appendFixed(buf, oy, 2)
	buf = append(buf, " Tm ("...)
	buf = appendUTF16Escaped(buf, s)
	buf = append(buf, ") Tj ET Q\n"...)
	c.pdf.RawWriteStr(string(buf))
}

// appendUTF16Escaped appends s as the UTF-16 big-endian bytes fpdf writes
// for its Unicode fonts, escaped for a PDF string. s holds only runes of
// the Basic Multilingual Plane (known guarantees it).
func appendUTF16Escaped(buf []byte, s string) []byte {
	for _, r := range s {
		for _, b := range [2]byte{byte(r >> 8), byte(r)} {
			switch b {
			case '\\', '(', ')':
				buf = append(buf, '\\', b)
			case '\r':
				buf = append(buf, '\\', 'r')
			default:
				buf = append(buf, b)
			}
		}
	}
	return buf
}

// InkBox is the extent in mm of the outlines of s set at sizePt, relative
// to its start on the baseline: x to the right, y upwards.
func (c *Canvas) InkBox(s, style string, sizePt float64) (x0, y0, x1, y1 float64) {
	em := ptToMM(sizePt)
	pen, first := 0.0, true
	for _, r := range s {
		b := glyphInk(style, r)
		if b != (inkBox{}) {
			bx0, bx1 := pen+b.x0*em, pen+b.x1*em
			if first {
				x0, y0, x1, y1, first = bx0, b.y0*em, bx1, b.y1*em, false
			} else {
				x0, y0, x1, y1 = min(x0, bx0), min(y0, b.y0*em), max(x1, bx1), max(y1, b.y1*em)
			}
		}
		pen += c.Setter.M.Width(style, sizePt, string(r))
	}
	return x0, y0, x1, y1
}

// TextOutline runs draw with text filled and then stroked along its
// outlines in stroke at a line width in mm: half the line lies inside each
// glyph, half outside.
func (c *Canvas) TextOutline(stroke Color, width float64, draw func()) {
	c.textMode(2, stroke, width, draw)
}

// TextStroke runs draw with text only stroked along its outlines.
func (c *Canvas) TextStroke(stroke Color, width float64, draw func()) {
	c.textMode(1, stroke, width, draw)
}

func (c *Canvas) textMode(mode int, stroke Color, width float64, draw func()) {
	if c.px != nil {
		saved := *c.pxs
		c.pxs.textMode, c.pxs.textStroke, c.pxs.strokeWidth = mode, rgb(stroke), width
		defer func() { *c.pxs = saved }()
		draw()
		return
	}
	if c.pdf == nil {
		draw()
		return
	}
	c.stroke(stroke, width)
	c.pdf.SetLineJoinStyle("round")
	c.pdf.SetTextRenderingMode(mode)
	draw()
	c.pdf.SetTextRenderingMode(0)
	c.pdf.SetLineJoinStyle("miter")
}

// Clip runs draw with painting limited to a card-local rectangle.
func (c *Canvas) Clip(x, y, w, h float64, draw func()) {
	if c.px != nil {
		c.pxGroup(func() { c.px.PushClip(c.pxRect(x, y, w, h)) }, draw)
		return
	}
	if c.pdf == nil {
		draw()
		return
	}
	c.pdf.ClipRect(c.X+x, c.Y+y, w, h, false)
	draw()
	c.pdf.ClipEnd()
	c.restored()
}

// DashedRect strokes a dashed rectangle (cut and fold lines).
func (c *Canvas) DashedRect(x, y, w, h, width float64, col Color) {
	if c.px != nil {
		c.px.StrokePath(c.pxRect(x, y, w, h), raster.Stroke{Width: width, Dash: []float64{2, 1.2}}, rgb(col))
		return
	}
	if c.pdf == nil {
		return
	}
	c.stroke(col, width)
	c.pdf.SetDashPattern([]float64{2, 1.2}, 0)
	c.pdf.Rect(c.X+x, c.Y+y, w, h, "D")
	c.pdf.SetDashPattern(nil, 0)
}

// DashedLine strokes a dashed line.
func (c *Canvas) DashedLine(x1, y1, x2, y2, width float64, col Color) {
	if c.px != nil {
		c.px.StrokePath(c.pxPolyline([]float64{x1, y1, x2, y2}, false), raster.Stroke{Width: width, Dash: []float64{2, 1.2}}, rgb(col))
		return
	}
	if c.pdf == nil {
		return
	}
	c.stroke(col, width)
	c.pdf.SetDashPattern([]float64{2, 1.2}, 0)
	c.pdf.Line(c.X+x1, c.Y+y1, c.X+x2, c.Y+y2)
	c.pdf.SetDashPattern(nil, 0)
}

// Arc strokes a circular arc around a card-local centre, from angle a0 to
// a1 (radians, clockwise from north, as the board's maze counts them).
func (c *Canvas) Arc(cx, cy, r, a0, a1, width float64, col Color) {
	if c.px != nil {
		// Short chords: a hundredth of a turn is 0.0005 r off the circle.
		n := max(2, int(math.Ceil(math.Abs(a1-a0)/(2*math.Pi)*100)))
		xy := make([]float64, 0, 2*n+2)
		for i := 0; i <= n; i++ {
			a := a0 + (a1-a0)*float64(i)/float64(n)
			xy = append(xy, cx+r*math.Sin(a), cy-r*math.Cos(a))
		}
		c.px.StrokePath(c.pxPolyline(xy, false), raster.Stroke{Width: width}, rgb(col))
		return
	}
	if c.pdf == nil {
		return
	}
	c.stroke(col, width)
	// fpdf's Arc counts degrees counter-clockwise from east.
	deg := func(a float64) float64 { return 90 - a*180/3.141592653589793 }
	c.pdf.Arc(c.X+cx, c.Y+cy, r, r, 0, deg(a1), deg(a0), "D")
}

// Polyline strokes a line through points given as x, y pairs.
func (c *Canvas) Polyline(width float64, col Color, xy ...float64) {
	if len(xy) < 4 {
		return
	}
	if c.px != nil {
		c.px.StrokePath(c.pxPolyline(xy, false), raster.Stroke{Width: width, Cap: raster.RoundCap, Join: raster.RoundJoin}, rgb(col))
		return
	}
	if c.pdf == nil {
		return
	}
	c.stroke(col, width)
	c.pdf.SetLineCapStyle("round")
	c.pdf.SetLineJoinStyle("round")
	c.pdf.MoveTo(c.X+xy[0], c.Y+xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		c.pdf.LineTo(c.X+xy[i], c.Y+xy[i+1])
	}
	c.pdf.DrawPath("D")
	c.pdf.SetLineCapStyle("butt")
	c.pdf.SetLineJoinStyle("miter")
}

// Cut strokes a piece's cut line: a rectangle with rounded corners, or a
// circle when round.
func (c *Canvas) Cut(x, y, w, h, radius float64, round bool) {
	if c.Measuring() {
		return
	}
	if round {
		c.Circle(x+w/2, y+h/2, w/2, Color{}, RGB(90, 90, 90), 0.2)
		return
	}
	if radius > 0 {
		c.RoundRect(x, y, w, h, radius, Color{}, RGB(90, 90, 90), 0.2)
		return
	}
	if c.px != nil {
		c.px.StrokePath(c.pxRect(x, y, w, h), raster.Stroke{Width: 0.2}, rgb(RGB(90, 90, 90)))
		return
	}
	c.stroke(RGB(90, 90, 90), 0.2)
	c.pdf.Rect(c.X+x, c.Y+y, w, h, "D")
}

// Sub returns a canvas for a region of this one: (0, 0) at (x, y).
func (c *Canvas) Sub(x, y, w, h float64) *Canvas {
	s := *c
	s.X, s.Y, s.W, s.H = c.X+x, c.Y+y, w, h
	return &s
}

// ClipPolygon runs draw with painting limited to a polygon given as
// card-local x, y pairs (non-zero winding).
func (c *Canvas) ClipPolygon(xy []float64, draw func()) {
	if c.px != nil {
		if len(xy) < 6 {
			c.pxGroup(func() { c.px.PushClip(&raster.Path{}) }, draw)
			return
		}
		c.pxGroup(func() { c.px.PushClip(c.pxPolyline(xy, true)) }, draw)
		return
	}
	if c.pdf == nil {
		draw()
		return
	}
	pts := make([]fpdf.PointType, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		pts = append(pts, fpdf.PointType{X: c.X + xy[i], Y: c.Y + xy[i+1]})
	}
	c.pdf.ClipPolygon(pts, false)
	draw()
	c.pdf.ClipEnd()
	c.restored()
}

// DashedPolyline strokes a dashed line through x, y pairs; the dashes run
// on across the corners.
func (c *Canvas) DashedPolyline(width float64, col Color, dash []float64, xy ...float64) {
	if len(xy) < 4 {
		return
	}
	if c.px != nil {
		c.px.StrokePath(c.pxPolyline(xy, false), raster.Stroke{Width: width, Dash: dash}, rgb(col))
		return
	}
	if c.pdf == nil {
		return
	}
	c.stroke(col, width)
	c.pdf.SetDashPattern(dash, 0)
	c.pdf.MoveTo(c.X+xy[0], c.Y+xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		c.pdf.LineTo(c.X+xy[i], c.Y+xy[i+1])
	}
	c.pdf.DrawPath("D")
	c.pdf.SetDashPattern(nil, 0)
}

// Scaled runs draw with the drawing scaled by factor about the
// card-local point (x, y).
func (c *Canvas) Scaled(factor, x, y float64, draw func()) {
	if c.px != nil {
		c.pxGroup(func() { c.px.Push(raster.ScaleAbout(factor, c.X+x, c.Y+y)) }, draw)
		return
	}
	if c.pdf == nil {
		draw()
		return
	}
	c.pdf.TransformBegin()
	c.pdf.TransformScale(factor*100, factor*100, c.X+x, c.Y+y)
	draw()
	c.pdf.TransformEnd()
	c.restored()
}

// Process makes a colour designed in process inks (each 0–1): print
// shops' files print it as exactly this ink. Its sRGB value is a preview
// (the inks' complements, as if they were ideal) and the key by which the
// press pass knows it: each ink gets a value no other ink of the process
// has, so two inks are never printed as one.
func Process(c, m, y, k float64) Color {
	ink := press.CMYK{c, m, y, k}
	processInks.Lock()
	defer processInks.Unlock()
	if col, ok := processInks.byInk[ink]; ok {
		return col
	}
	if processInks.byInk == nil {
		processInks.byInk = map[press.CMYK]Color{}
		processInks.taken = map[[3]uint8]bool{}
	}
	v := func(x float64) float64 { return 255 * (1 - x) * (1 - k) }
	rgb := [3]uint8{uint8(math.Round(v(c))), uint8(math.Round(v(m))), uint8(math.Round(v(y)))}
	blue := int(rgb[2])
	for step := 0; processInks.taken[rgb]; step++ {
		// Another ink previews alike: nudge the blue channel, which the
		// preview least depends on, by 1, −1, 2, −2 …
		d := (step/2 + 1) * (1 - 2*(step%2))
		rgb[2] = uint8(max(0, min(255, blue+d)))
	}
	processInks.taken[rgb] = true
	col := Color{R: rgb[0], G: rgb[1], B: rgb[2], Set: true, Ink: Ink{CMYK: ink, Set: true}}
	processInks.byInk[ink] = col
	return col
}

var processInks struct {
	sync.Mutex
	byInk map[press.CMYK]Color
	taken map[[3]uint8]bool
}
