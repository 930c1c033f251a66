package layout

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/go-pdf/fpdf"

	"druckreif/layout/press"
)

// ShopPage is one page of a print shop's file: a trimmed part — a card
// face, a chip, a board — of W × H mm, printed with Bleed mm all round.
type ShopPage struct {
	Label string // the card's ID or the part's name, the page's label
	W, H  float64
	// Ground fills the whole bleed box before the part is drawn: a face's
	// background, the colour at a part's edge, which its bleed continues.
	Ground Color
	// Draw draws the part with (0, 0) at its top left trim corner; nothing
	// outside the trim shows (the ground is the bleed).
	Draw func(c *Canvas) error
}

// ShopOptions say which PDF/X file to make.
type ShopOptions struct {
	Title    string
	Standard press.Standard
	Intent   press.OutputIntent
	Colours  press.Colours
}

// RenderShop writes pages as a PDF/X file for a print shop: every page its
// part with 3 mm bleed, MediaBox = BleedBox = the trim plus bleed, TrimBox
// the part, labelled with its ID, no marks; every colour in process inks.
func RenderShop(pages []ShopPage, o ShopOptions) ([]byte, error) {
	if len(pages) == 0 {
		return nil, fmt.Errorf("keine Seiten")
	}
	first := pages[0]
	pdf := newDoc(first.W+2*Bleed, first.H+2*Bleed)
	pdf.SetTitle(o.Title, true)
	res := docRes{qr: newQRCache(nil, nil), stamps: &stamps{}, font: &fontState{}, inks: &inkClaims{}}
	var described []press.Page
	const k = 72 / 25.4
	for _, p := range pages {
		pw, ph := p.W+2*Bleed, p.H+2*Bleed
		pdf.AddPageFormat("P", fpdf.SizeType{Wd: pw, Ht: ph})
		res.font.ok = false
		var errs []error
		c := &Canvas{pdf: pdf, X: Bleed, Y: Bleed, W: p.W, H: p.H, Setter: Setter(), qr: res.qr, stamps: res.stamps,
			font: res.font, inks: res.inks, errs: &errs}
		if p.Ground.Set {
			c.Rect(-Bleed, -Bleed, pw, ph, p.Ground)
		}
		if p.Draw != nil {
			var err error
			c.Clip(0, 0, p.W, p.H, func() { err = p.Draw(c) })
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p.Label, err)
			}
		}
		if len(errs) > 0 {
			return nil, fmt.Errorf("%s: %w", p.Label, errs[0])
		}
		described = append(described, press.Page{Label: p.Label,
			Bleed: press.Box{0, 0, pw * k, ph * k},
			Trim:  press.Box{Bleed * k, Bleed * k, (Bleed + p.W) * k, (Bleed + p.H) * k}})
	}
	if err := pdf.Error(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	converted, err := press.Convert(buf.Bytes(), press.Document{Standard: o.Standard, Intent: o.Intent, Title: o.Title,
		Created: epoch, Pages: described, Colours: o.Colours, Inks: res.inks.table()})
	if err != nil {
		return nil, err
	}
	tagSubsetFonts(converted)
	return compressStreams(converted)
}

// inkClaims collects, per document, the colours drawn that were designed
// in process inks (Color.Ink): the press pass prints their sRGB value as
// that ink. Forms drawn for the document claim into the same table.
type inkClaims struct {
	mu    sync.Mutex
	claim map[[3]uint8]press.CMYK
}

func (ic *inkClaims) add(c Color) {
	if ic == nil || !c.Ink.Set {
		return
	}
	ic.mu.Lock()
	defer ic.mu.Unlock()
	if ic.claim == nil {
		ic.claim = map[[3]uint8]press.CMYK{}
	}
	ic.claim[[3]uint8{c.R, c.G, c.B}] = c.Ink.CMYK
}

func (ic *inkClaims) table() map[[3]uint8]press.CMYK {
	if ic == nil {
		return nil
	}
	ic.mu.Lock()
	defer ic.mu.Unlock()
	return ic.claim
}
