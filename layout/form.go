package layout

import (
	"sync"

	"github.com/go-pdf/fpdf"
)

// Form is a drawing made once per document and placed many times, as a PDF
// form object: the document holds its content once, and every placement
// is a reference of a few bytes. Unlike Art it is drawn with the canvas's
// own methods — text, polygons, clips, QR codes, stamps, other forms — so
// drawing code moves into a form unchanged; in it (0, 0) is the form's
// top left corner, and nothing outside w × h shows (the form's bounding
// box clips it).
//
// A form may be shared by the documents of a build, also when they are
// drawn in parallel: each document draws it once, when it is first placed
// there, so the draw function may run in several documents at once and
// must give the same drawing every time (draw from the form's own data,
// not from state it changes).
type Form struct {
	W, H float64
	draw func(*Canvas) error

	measure     sync.Once
	measureErr  error // what drawing it on a measuring canvas reported
	measureFail []error
}

// NewForm makes a form of w × h mm drawn by draw.
func NewForm(w, h float64, draw func(c *Canvas) error) *Form {
	return &Form{W: w, H: h, draw: draw}
}

// formStamp is a form's object in one document, or why it could not be
// drawn.
type formStamp struct {
	stamp
	err error
	// runes, for a form drawn in a kept face (facecache.go), are the
	// characters it sets: a face that places it later sets them too.
	runes runeLog
}

// Place prints the form with its top left corner at the card-local (x, y).
// The first placement in a document draws the form; its error (a text that
// does not fit …) is returned by that placement and every later one. On a
// measuring canvas the form is drawn once per process, and its errors are
// reported the same way.
func (c *Canvas) Place(x, y float64, f *Form) error {
	if c.px != nil {
		// Pixels have no form objects: the form is drawn in place, clipped
		// to its box as the PDF's form is.
		var failed []error
		fc := &Canvas{px: c.px, pxs: c.pxs, X: c.X + x, Y: c.Y + y, W: f.W, H: f.H, Setter: c.Setter,
			LowInk: c.LowInk, qr: c.qr, errs: &failed}
		var err error
		fc.Clip(0, 0, f.W, f.H, func() { err = f.draw(fc) })
		if err != nil {
			return err
		}
		if len(failed) > 0 {
			return failed[0]
		}
		return nil
	}
	if c.pdf == nil {
		f.measure.Do(func() {
			m := &Canvas{W: f.W, H: f.H, Setter: c.Setter, LowInk: c.LowInk, qr: c.qr, errs: &f.measureFail}
			f.measureErr = f.draw(m)
		})
		if f.measureErr != nil {
			return f.measureErr
		}
		if len(f.measureFail) > 0 {
			return f.measureFail[0]
		}
		return nil
	}
	if c.stamps == nil {
		c.stamps = &stamps{}
	}
	t, ok := c.stamps.form[f]
	if !ok {
		sh := c.stamps.shared
		if st, found := sh.formOf(f); found {
			t = st
			if t.err == nil {
				c.stamps.placed = append(c.stamps.placed, t.stamp)
				c.font.log.merge(t.runes)
			}
		} else {
			t = c.drawForm(f)
			if sh != nil {
				if sh.form == nil {
					sh.form = map[*Form]formStamp{}
				}
				sh.form[f] = t
			}
		}
		if c.stamps.form == nil {
			c.stamps.form = map[*Form]formStamp{}
		}
		c.stamps.form[f] = t
	}
	if t.err != nil {
		return t.err
	}
	c.place(x, y, f.H, t.stamp)
	return nil
}

// drawForm draws a form into a new form object of the document. fpdf draws
// it on an fpdf of its own that shares the document's fonts (so text in it
// is embedded with the rest) and begins the form's content by setting the
// colours and line style it copied from the document; its canvas selects
// every font afresh, so nothing in the form depends on where it is placed.
func (c *Canvas) drawForm(f *Form) formStamp {
	var drawErr error
	var failed []error
	var runes runeLog // what the form sets, when it is drawn in a kept face
	if c.font != nil && c.font.log != nil {
		runes = runeLog{}
	}
	t := c.register(f.W, f.H, func(tpl *fpdf.Tpl) {
		doc := &tpl.Fpdf
		fc := &Canvas{pdf: doc, W: f.W, H: f.H, Setter: c.Setter, LowInk: c.LowInk, qr: c.qr,
			stamps: &stamps{}, font: &fontState{log: runes}, inks: c.inks, errs: &failed}
		drawErr = f.draw(fc)
		if drawErr == nil {
			drawErr = doc.Error()
		}
	})
	if drawErr != nil {
		return formStamp{err: drawErr}
	}
	if len(failed) > 0 {
		return formStamp{err: failed[0]}
	}
	if runes != nil {
		c.font.log.merge(runes)
	}
	return formStamp{stamp: t, runes: runes}
}

// formOf is the form f drawn in the document's earlier kept faces.
func (s *stamps) formOf(f *Form) (formStamp, bool) {
	if s == nil {
		return formStamp{}, false
	}
	t, ok := s.form[f]
	return t, ok
}
