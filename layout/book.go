package layout

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"

	"druckreif/layout/hyph"
	"druckreif/layout/typeset"
)

// Face is one printed side of a card.
type Face struct {
	ID         string // printed small on the face
	QR         string // the QR code's content (ID/VERSION)
	Background Color  // runs into the bleed; a light tint under --low-ink
	Draw       func(c *Canvas) error
	// Look, for a face made of no one card of a deck (a Raab host card),
	// is everything besides its game's style that its drawing shows:
	// what tells a redrawn face from an unchanged one (the preview's
	// hashes). Faces of a card leave it empty: the card's content says it.
	Look string
	// Key, when set, names everything the face's drawing shows besides
	// what the rendering's options and the program decide: two faces of
	// one Key draw the same, and a rendering with a FaceStore keeps what
	// the drawing wrote and writes it again wherever the Key comes back
	// (see facecache.go). A face with a Key draws no images and no blend
	// modes.
	Key string
}

// Card is a physical card: a front and a back face.
type Card struct {
	Front, Back *Face
	// Kind names a kind of card the kit's checklist counts apart (risk
	// cards, Lingutaurus cards); "" for the ordinary ones.
	Kind string
}

// Options choose paper, arrangement and printer corrections.
type Options struct {
	Paper     Paper
	Mode      Mode
	ShortEdge bool    // duplex flipped on the short edge
	Gutter    float64 // mm between cards; 0 = butted with shared cuts
	// BackOffset is the printer's duplex shift as read on the calibration
	// sheet, mm (see BackShift).
	BackOffset [2]float64
	LowInk     bool
	Title      string // PDF title and page footer
	// QR, when set, holds QR codes of earlier renderings (see QRStore).
	QR QRStore
	// Faces, when set, holds the drawings of faces with a Key of the
	// file's earlier rendering (see FaceStore).
	Faces FaceStore
}

// Stats describes a rendered file.
type Stats struct {
	Pages, Sheets, Cards, PerSheet int
	Grid                           Grid
	Faces                          FaceCounts // with Options.Faces
}

// Setter is the typesetter every renderer uses.
func Setter() typeset.Setter { return typeset.Setter{M: sharedMetrics, Hyph: hyph.German()} }

// Preflight draws every face on a measuring canvas: text that does not fit
// and missing glyphs are reported without writing a PDF.
func Preflight(cards []Card, w, h float64) []error {
	_, errs := Measure(cards, w, h)
	return errs
}

// Measure is Preflight that also returns every block of text the faces set,
// with its size, for the typographic floor (TextFloor).
func Measure(cards []Card, w, h float64) ([]TextSize, []error) {
	var errs []error
	var sizes []TextSize
	for _, card := range cards {
		for _, f := range []*Face{card.Front, card.Back} {
			if f == nil || f.Draw == nil {
				continue
			}
			c := &Canvas{W: w, H: h, Setter: Setter(), sizes: &sizes}
			if err := f.Draw(c); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return sizes, errs
}

// Render imposes cards of w × h mm and writes the PDF.
func Render(cards []Card, w, h float64, o Options) ([]byte, Stats, error) {
	if o.Mode == Single {
		return renderSingle(cards, w, h, o)
	}
	imp, err := Impose(cards, w, h, o)
	if err != nil {
		return nil, Stats{}, err
	}
	g := imp.Grid
	faces := newDocFaces(o.Faces)
	res := docRes{qr: newQRCache(payloads(cards, faces), o.QR), stamps: &stamps{}, font: &fontState{}, faces: faces}
	pdf := newDoc(o.Paper.W, o.Paper.H)
	pdf.SetTitle(o.Title, true)
	orientation := "P"
	if g.Landscape {
		orientation = "L"
	}
	per := g.PerSheet()
	sheets := len(imp.Sheets)
	st := Stats{Sheets: sheets, Cards: len(cards), PerSheet: per, Grid: g}
	if err := faces.prepare(pdf, res, cards, w, h, o.LowInk); err != nil {
		return nil, st, err
	}
	for s := 0; s < sheets; s++ {
		chunk := imp.Sheets[s]
		pdf.AddPageFormat(orientation, fpdf.SizeType{Wd: o.Paper.W, Ht: o.Paper.H})
		res.font.ok = false // the footer selected its own
		for i, card := range chunk {
			col, row := i%g.Cols, i/g.Cols
			x, y := g.CardPos(col, row)
			if err := drawFace(pdf, res, card.Front, g, x, y, col, row, false, o); err != nil {
				return nil, st, err
			}
			if g.Fold {
				if err := drawFace(pdf, res, card.Back, g, g.MirrorX(x), y, g.Cols-1-col, row, true, o); err != nil {
					return nil, st, err
				}
			}
		}
		drawCropMarks(pdf, g, len(chunk))
		if g.Fold {
			drawFoldLine(pdf, g)
		}
		footer(pdf, g, o, s+1, sheets, false)
		if o.Mode == Duplex {
			pdf.AddPageFormat(orientation, fpdf.SizeType{Wd: o.Paper.W, Ht: o.Paper.H})
			res.font.ok = false
			pdf.TransformBegin()
			pdf.TransformTranslate(BackShift(o.BackOffset, g.Landscape, o.ShortEdge))
			if backRotated(g, o) {
				pdf.TransformRotate(180, g.PageW/2, g.PageH/2)
			}
			for i, card := range chunk {
				col, row := i%g.Cols, i/g.Cols
				x, y := g.CardPos(col, row)
				if err := drawFace(pdf, res, card.Back, g, g.MirrorX(x), y, g.Cols-1-col, row, true, o); err != nil {
					return nil, st, err
				}
			}
			pdf.TransformEnd()
			res.font.ok = false
			footer(pdf, g, o, s+1, sheets, true)
		}
	}
	st.Pages = pdf.PageCount()
	faces.finish(pdf)
	out, err := finish(pdf, o)
	if err == nil {
		res.qr.save()
		faces.save()
	}
	st.Faces = faces.countsOf()
	return out, st, err
}

// Imposition is how cards are laid on sheets: the grid and the cards of
// each sheet, in the grid's cell order.
type Imposition struct {
	Grid   Grid
	Sheets [][]Card
}

// ForgivingGutter is the gutter cards get when neighbours of different
// background would otherwise share a cut: each card its own bleed, so a
// cut a little off shows more of its own colour, never a sliver of the
// neighbour's.
const ForgivingGutter = 2 * Bleed

// Impose lays the cards on sheets. Butted cards (no --gutter) share their
// cuts, which is only forgiving where the neighbours share their
// background: when the cards have more than one (The Game's start cards and
// number ranges), either each background gets sheets of its own, or the
// cards are spaced as with --gutter 6 — whichever needs fewer sheets, and
// on a tie the gutter (it keeps the deck's order and forgives every cut).
func Impose(cards []Card, w, h float64, o Options) (Imposition, error) {
	g, err := PlanGrid(o.Paper, w, h, o.Gutter, o.Mode)
	if err != nil {
		return Imposition{}, err
	}
	chunks := func(cs []Card, per int) [][]Card {
		var out [][]Card
		for s := 0; s*per < len(cs); s++ {
			out = append(out, cs[s*per:min(len(cs), (s+1)*per)])
		}
		return out
	}
	groups := byGround(cards)
	if o.Gutter > 0 || len(groups) < 2 {
		return Imposition{Grid: g, Sheets: chunks(cards, g.PerSheet())}, nil
	}
	var sorted [][]Card
	for _, grp := range groups {
		sorted = append(sorted, chunks(grp, g.PerSheet())...)
	}
	spaced, err := PlanGrid(o.Paper, w, h, ForgivingGutter, o.Mode)
	if err == nil {
		if n := (len(cards) + spaced.PerSheet() - 1) / spaced.PerSheet(); n <= len(sorted) {
			return Imposition{Grid: spaced, Sheets: chunks(cards, spaced.PerSheet())}, nil
		}
	}
	return Imposition{Grid: g, Sheets: sorted}, nil
}

// SharedCutsBetweenGrounds lists the butted neighbours of different
// background in an imposition: cards that share a cut, where a cut a
// little off leaves a sliver of the neighbour's colour.
func SharedCutsBetweenGrounds(imp Imposition) []string {
	if imp.Grid.Gutter > 0 {
		return nil
	}
	var out []string
	g := imp.Grid
	for s, sheet := range imp.Sheets {
		for i := range sheet {
			col, row := i%g.Cols, i/g.Cols
			for _, j := range []int{i + 1, i + g.Cols} {
				if j >= len(sheet) || (j == i+1 && col == g.Cols-1) {
					continue
				}
				if groundOf(sheet[i]) != groundOf(sheet[j]) {
					out = append(out, fmt.Sprintf("sheet %d: cell %d,%d and its neighbour %d", s+1, col, row, j))
				}
			}
		}
	}
	return out
}

// ground is what a cut between two butted cards must match: the
// backgrounds of both faces.
type ground struct{ front, back Color }

func groundOf(c Card) ground {
	var gr ground
	if c.Front != nil {
		gr.front = c.Front.Background
	}
	if c.Back != nil {
		gr.back = c.Back.Background
	}
	return gr
}

// byGround groups cards by their backgrounds, the groups in the order
// their first card comes in the deck and each in the deck's order.
func byGround(cards []Card) [][]Card {
	index := map[ground]int{}
	var out [][]Card
	for _, c := range cards {
		gr := groundOf(c)
		i, ok := index[gr]
		if !ok {
			i = len(out)
			index[gr] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], c)
	}
	return out
}

// backRotated reports whether back pages are drawn upside down: a printer
// that flips the sheet on its short edge (portrait) or long edge
// (landscape) turns the back by 180° relative to turning a card over
// sideways.
func backRotated(g Grid, o Options) bool {
	return o.ShortEdge != g.Landscape
}

// drawFace paints a face's background (into the bleed on the grid's outer
// edges, or all round with a gutter) and then its content, clipped to the
// card so nothing spills onto a neighbour. In a turned grid the face is
// drawn upright and turned into its cell: a front a quarter turn
// anticlockwise (its top towards the sheet's left edge), a back clockwise.
func drawFace(pdf *fpdf.Fpdf, res docRes, f *Face, g Grid, x, y float64, col, row int, back bool, o Options) error {
	if f == nil {
		return nil
	}
	left, top, right, bottom := 0.0, 0.0, 0.0, 0.0
	if g.Gutter > 0 || col == 0 {
		left = Bleed
	}
	if g.Gutter > 0 || col == g.Cols-1 {
		right = Bleed
	}
	if g.Gutter > 0 || row == 0 {
		top = Bleed
	}
	if g.Gutter > 0 || row == g.Rows-1 {
		bottom = Bleed
	}
	if !g.Turned {
		return paintFace(pdf, res, f, x, y, g.CardW, g.CardH, left, top, right, bottom, o.LowInk)
	}
	// The card's own width and height, and its sides' bleeds named as the
	// card sees them once turned.
	w, h := g.CardH, g.CardW
	cx, cy := x+g.CardW/2, y+g.CardH/2
	deg := 90.0
	l, t, r, b := bottom, left, top, right // anticlockwise: the card's top lies on the cell's left
	if back {
		deg = -90
		l, t, r, b = top, right, bottom, left
	}
	pdf.TransformBegin()
	pdf.TransformRotate(deg, cx, cy)
	err := paintFace(pdf, res, f, cx-w/2, cy-h/2, w, h, l, t, r, b, o.LowInk)
	pdf.TransformEnd()
	res.font.ok = false
	return err
}

// docRes is what the faces of one PDF share: their QR codes, encoded
// ahead, and the form objects of their drawings.
type docRes struct {
	qr     *qrCache
	stamps *stamps
	font   *fontState
	inks   *inkClaims // nil: no press pass
	faces  *docFaces  // nil: no face is kept
}

// payloads lists the QR contents of the faces to draw (a kept face's
// code is in its drawing).
func payloads(cards []Card, kept *docFaces) []string {
	var out []string
	for _, c := range cards {
		for _, f := range []*Face{c.Front, c.Back} {
			if f != nil && f.QR != "" && !kept.has(f) {
				out = append(out, f.QR)
			}
		}
	}
	return out
}

func paintFace(pdf *fpdf.Fpdf, res docRes, f *Face, x, y, w, h, left, top, right, bottom float64, lowInk bool) error {
	c := &Canvas{pdf: pdf, X: x, Y: y, W: w, H: h, Setter: Setter(), LowInk: lowInk, qr: res.qr, stamps: res.stamps, font: res.font}
	if f.Background.Set {
		if lowInk {
			c.Rect(0, 0, w, h, f.Background.Tint(0.85))
			c.RoundRect(0.6, 0.6, w-1.2, h-1.2, 2, Color{}, f.Background, 0.6)
		} else {
			c.fill(f.Background)
			pdf.Rect(x-left, y-top, w+left+right, h+top+bottom, "F")
		}
	}
	if res.faces != nil && f.Key != "" {
		// Its form's box clips it to the card.
		return res.faces.paint(c, res, f)
	}
	pdf.ClipRect(x, y, w, h, false)
	defer c.restored()
	defer pdf.ClipEnd()
	if f.Draw != nil {
		if err := f.Draw(c); err != nil {
			return err
		}
	}
	return nil
}

// cutLines are the x (or y) positions of the cuts along one axis.
func cutLines(start, size, gutter float64, n int) []float64 {
	var out []float64
	for i := 0; i < n; i++ {
		a := start + float64(i)*(size+gutter)
		if i == 0 || gutter > 0 {
			out = append(out, a)
		}
		out = append(out, a+size)
	}
	return out
}

// drawCropMarks draws thin marks outside the bleed, never across a card.
func drawCropMarks(pdf *fpdf.Fpdf, g Grid, cards int) {
	rows := (cards + g.Cols - 1) / g.Cols
	rows = max(rows, 1)
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(MarkWidth)
	gridW := span(g.Cols, g.CardW, g.Gutter)
	gridH := span(g.Rows, g.CardH, g.Gutter)
	xs := cutLines(g.X0, g.CardW, g.Gutter, g.Cols)
	if g.Fold {
		for _, x := range cutLines(g.MirrorX(g.X0+gridW-g.CardW), g.CardW, g.Gutter, g.Cols) {
			xs = append(xs, x)
		}
	}
	ys := cutLines(g.Y0, g.CardH, g.Gutter, g.Rows)
	top := g.Y0 - Bleed - MarkOffset
	bottom := g.Y0 + gridH + Bleed + MarkOffset
	if g.MarkY > 0 {
		for _, x := range xs {
			pdf.Line(x, top-g.MarkY, x, top)
			pdf.Line(x, bottom, x, bottom+g.MarkY)
		}
	}
	left := g.X0 - Bleed - MarkOffset
	right := g.X0 + gridW + Bleed + MarkOffset
	if g.Fold {
		right = g.MirrorX(g.X0) + g.CardW + Bleed + MarkOffset
	}
	if g.MarkX > 0 {
		for _, y := range ys {
			pdf.Line(left-g.MarkX, y, left, y)
			pdf.Line(right, y, right+g.MarkX, y)
		}
	}
}

func drawFoldLine(pdf *fpdf.Fpdf, g Grid) {
	pdf.SetDrawColor(120, 120, 120)
	pdf.SetLineWidth(0.2)
	pdf.SetDashPattern([]float64{2, 1.5}, 0)
	pdf.Line(g.PageW/2, PrintableMargin, g.PageW/2, g.PageH-PrintableMargin)
	pdf.SetDashPattern(nil, 0)
	const fold = "falzen · fold"
	setFont(pdf, "", 6, fold)
	pdf.SetTextColor(120, 120, 120)
	pdf.TransformBegin()
	pdf.TransformRotate(90, g.PageW/2-0.8, g.PageH/2)
	pdf.Text(g.PageW/2-0.8-10, g.PageH/2, fold)
	pdf.TransformEnd()
}

// footer labels a sheet inside the printable area when there is room.
func footer(pdf *fpdf.Fpdf, g Grid, o Options, sheet, sheets int, back bool) {
	gridH := span(g.Rows, g.CardH, g.Gutter)
	y := g.PageH - PrintableMargin - 0.5
	if y-2.5 < g.Y0+gridH+Bleed+MarkOffset+g.MarkY {
		return
	}
	side := "Vorderseite · front"
	if back {
		side = "Rückseite · back"
	}
	if o.Mode == Gutterfold {
		side = "Vorder- und Rückseite: in der Mitte falzen · fold in the middle"
	}
	s := fmt.Sprintf("%s · Blatt %d/%d · %s · 100 %% drucken, nicht skalieren", o.Title, sheet, sheets, side)
	setFont(pdf, "", 6, s)
	pdf.SetTextColor(90, 90, 90)
	pdf.Text(g.PageW/2-sharedMetrics.Width("", 6, s)/2, y, s)
}

// renderSingle writes one face per page: the card with its bleed, TrimBox
// and BleedBox set — what print shops ask for.
func renderSingle(cards []Card, w, h float64, o Options) ([]byte, Stats, error) {
	pw, ph := w+2*Bleed, h+2*Bleed
	pdf := newDoc(pw, ph)
	pdf.SetTitle(o.Title, true)
	faces := newDocFaces(o.Faces)
	res := docRes{qr: newQRCache(payloads(cards, faces), o.QR), stamps: &stamps{}, font: &fontState{}, faces: faces}
	if err := faces.prepare(pdf, res, cards, w, h, o.LowInk); err != nil {
		return nil, Stats{}, err
	}
	for _, card := range cards {
		for _, f := range []*Face{card.Front, card.Back} {
			if f == nil {
				continue
			}
			pdf.AddPageFormat("P", fpdf.SizeType{Wd: pw, Ht: ph})
			pdf.SetPageBox("TrimBox", Bleed, Bleed, w, h)
			pdf.SetPageBox("BleedBox", 0, 0, pw, ph)
			if err := paintFace(pdf, res, f, Bleed, Bleed, w, h, Bleed, Bleed, Bleed, Bleed, o.LowInk); err != nil {
				return nil, Stats{}, err
			}
		}
	}
	st := Stats{Pages: pdf.PageCount(), Cards: len(cards), PerSheet: 1, Sheets: pdf.PageCount()}
	faces.finish(pdf)
	out, err := finish(pdf, o)
	if err == nil {
		res.qr.save()
		faces.save()
	}
	st.Faces = faces.countsOf()
	return out, st, err
}

// finish writes the PDF and adds the viewer preferences that make print
// dialogs print at 100 % and flip duplex pages the right way.
func finish(pdf *fpdf.Fpdf, o Options) ([]byte, error) {
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	tagSubsetFonts(buf.Bytes())
	packed, err := compressStreams(buf.Bytes())
	if err != nil {
		return nil, err
	}
	prefs := "/PrintScaling /None"
	switch {
	case o.Mode == Duplex && o.ShortEdge:
		prefs += " /Duplex /DuplexFlipShortEdge"
	case o.Mode == Duplex:
		prefs += " /Duplex /DuplexFlipLongEdge"
	default:
		prefs += " /Duplex /Simplex"
	}
	return withViewerPreferences(packed, prefs)
}

// Pages writes a PDF with one page of w × h mm per drawing function, drawn
// on a canvas covering the page: for sheets that are not cards (the decoder
// frame, calibration strips, test renderings).
func Pages(w, h float64, title string, draws []func(*Canvas) error) ([]byte, error) {
	return pages(w, h, title, false, draws)
}

// PagesDuplex is Pages for sheets printed on both sides (long edge).
func PagesDuplex(w, h float64, title string, draws []func(*Canvas) error) ([]byte, error) {
	return pages(w, h, title, true, draws)
}

func pages(w, h float64, title string, duplex bool, draws []func(*Canvas) error) ([]byte, error) {
	pdf := newDoc(w, h)
	pdf.SetTitle(title, true)
	doc, font := &stamps{}, &fontState{}
	for _, draw := range draws {
		pdf.AddPageFormat("P", fpdf.SizeType{Wd: w, Ht: h})
		var errs []error
		c := &Canvas{pdf: pdf, W: w, H: h, Setter: Setter(), errs: &errs, stamps: doc, font: font}
		if err := draw(c); err != nil {
			return nil, err
		}
		if len(errs) > 0 {
			return nil, errs[0]
		}
	}
	mode := Gutterfold // one-sided
	if duplex {
		mode = Duplex
	}
	return finish(pdf, Options{Mode: mode})
}
