// Package cards draws the cards of every game on the print engine: one
// renderer per card kind, all built from the same decks model, so the ID
// and QR code on paper name the same card in the app.
package cards

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/layout"
	"druckreif/layout/typeset"
)

// Set is a game's cards ready for the engine, with their size.
type Set struct {
	Game          decks.Game
	Cards         []layout.Card
	Width, Height float64
	// Warnings are things the build should say (e.g. a missing decoder).
	Warnings []string
}

const (
	qrSize    = 11.0 // mm, with its quiet zone: 0.4 mm modules for version 1
	footerH   = 12.0 // mm kept for QR code and small print at the bottom
	smallSize = 5.0
)

// cellBlock is a text block that knows its card and deck cell, so a text
// that does not fit is reported as "card ID (file: sheet: row: column)".
func cellBlock(st layout.TextStyle, text, id string, o decks.Origin, column string) typeset.Block {
	b := textBlock(st, text, o.Cell(column).String())
	b.Card = id
	return b
}

// fitError keeps typesetting failures as they are: they already name the
// card and the cell.
func fitError(err error) error {
	var oe *typeset.OverflowError
	if errors.As(err, &oe) {
		return oe
	}
	return fmt.Errorf("%w", err)
}

// ground is the colour of text printed straight on a face's background:
// white on the full-colour grounds, near black on the light tints of
// --low-ink.
func ground(c *layout.Canvas) layout.Color {
	if c.LowInk {
		return layout.RGB(26, 26, 26)
	}
	return layout.White
}

// regionShort is the badge text of a region: AT, CH, BY …
func regionShort(region string) string {
	if region == "" {
		return ""
	}
	parts := strings.Split(region, "-")
	return parts[len(parts)-1]
}

// badge draws a small rounded label, right-aligned at x.
func badge(c *layout.Canvas, xRight, y float64, text string, fill, fg layout.Color) float64 {
	if text == "" {
		return xRight
	}
	w := c.TextWidth(text, "B", 6) + 2.4
	c.RoundRect(xRight-w, y, w, 3.6, 1, fill, layout.Color{}, 0)
	c.Text(xRight-w/2, y+0.6, text, "B", 6, fg, layout.Center)
	return xRight - w - 1
}

// footer prints the QR code at the bottom right and, beside it, the face ID
// and the deck's name and version: small, but every card says where it
// came from.
func footer(c *layout.Canvas, margin float64, f *layout.Face, lines []string, fg layout.Color, d *decks.DeckInfo) error {
	y := c.H - margin - qrSize
	if err := c.QR(c.W-margin-qrSize, y, qrSize, f.QR); err != nil {
		return err
	}
	ty := c.H - margin - float64(len(lines)+1)*2.3
	c.Text(margin, ty, f.ID, "B", smallSize, fg, layout.Left)
	for i, l := range lines {
		if err := smallLine(c, margin, ty+float64(i+1)*2.3, c.W-margin-qrSize-1, l, fg, f, d); err != nil {
			return err
		}
	}
	return nil
}

func deckLine(d *decks.DeckInfo) string {
	return d.Name + " · " + d.Version
}

// smallLine prints a line of small print that must end before xMax (where
// the QR code begins). The lines hold the deck's name, so a line too long
// fails with the deck's Name cell: small print never runs under the QR
// code, which would make it unreadable.
func smallLine(c *layout.Canvas, x, y, xMax float64, s string, fg layout.Color, f *layout.Face, d *decks.DeckInfo) error {
	if w := c.TextWidth(s, "", smallSize); x+w > xMax {
		return &typeset.OverflowError{Card: f.ID, Source: d.NameCell.String(), Reason: i18n.Sprintf(
			"der Deckname ist zu lang für die Kartenzeile neben dem QR-Code (%.0f mm, Platz ist für %.0f mm): bitte kürzen",
			"the deck name is too long for the card's line beside the QR code (%.0f mm, there is room for %.0f mm): please shorten it", w, xMax-x)}
	}
	c.Text(x, y, s, "", smallSize, fg, layout.Left)
	return nil
}

// textBlock builds a typesetting block from a style entry.
func textBlock(st layout.TextStyle, text, source string) typeset.Block {
	return typeset.Block{Text: text, Style: st.Style, Size: st.Size, Min: st.Min, Source: source, Hyphenate: true}
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }

// questionPanel sets a question and its answers on a white panel, spreads
// the space left over between them, and lets mark draw each answer's
// letter (answer i's block starts at y). Labyrinth and Genial daneben
// cards share it.
func questionPanel(c *layout.Canvas, st *layout.Style, blocks []typeset.Block, mark func(i int, s typeset.SetBlock, x, y float64)) error {
	return questionPanelAbove(c, st, blocks, nil, mark)
}

// questionPanelAbove is questionPanel with foot drawn first at the bottom
// of the panel (a reading hint): foot gets the panel's inner left edge, its
// bottom edge and its inner width and returns the top of what it drew; the
// question and answers are set above it.
func questionPanelAbove(c *layout.Canvas, st *layout.Style, blocks []typeset.Block, foot func(x, bottom, w float64) (top float64, err error), mark func(i int, s typeset.SetBlock, x, y float64)) error {
	m := st.Margin
	px, py := m, m+7.5
	pw, ph := c.W-2*m, c.H-m-footerH-1-py
	c.RoundRect(px, py, pw, ph, 2, st.Color("panel"), layout.Color{}, 0)
	const pad = 2.5
	room := ph - 2*pad
	if foot != nil {
		top, err := foot(px+pad, py+ph, pw-2*pad)
		if err != nil {
			return err
		}
		room = top - 1.5 - (py + pad) // the answers end 1.5 mm above it
	}
	set, err := c.Setter.Fit(blocks, pw-2*pad, room)
	if err != nil {
		return fitError(err)
	}
	used := 0.0
	for _, s := range set {
		used += s.Gap + s.Height
	}
	extra := (room - used) / float64(len(set))
	y := py + pad
	for i, s := range set {
		if i > 0 {
			y += s.Gap + extra
		}
		c.Block(s, px+pad, y, pw-2*pad, st.Color("text"), layout.Left)
		if i > 0 {
			mark(i-1, s, px+pad, y)
		}
		y += s.Height
	}
	return nil
}

// hintLabel introduces the reading hint on the card.
const hintLabel = "Beim Vorlesen:"

// drawReadingHint prints a side's reading hint (the Vorlesehinweis) above
// bottom, under a thin rule: the label in accent, then the hint, on one line
// if it fits there at its smallest size, else on up to maxLines lines beside
// the label. It returns where the rule is.
func drawReadingHint(c *layout.Canvas, st *layout.Style, hint typeset.Block, accent layout.Color, x, bottom, w float64, maxLines int) (ruleY float64, err error) {
	font := st.Font("hint")
	labelW := c.TextWidth(hintLabel+" ", "B", font.Size)
	hint.Hyphenate = false
	hint.Indent = labelW
	lineH := font.Size * 25.4 / 72 * 1.2
	var set []typeset.SetBlock
	for n := 1; n <= maxLines; n++ {
		if set, err = c.Setter.Fit([]typeset.Block{hint}, w, float64(n)*lineH); err == nil {
			break
		}
	}
	if err != nil {
		return 0, fitError(err)
	}
	s := set[0]
	const padBelow, ruleGap = 2.2, 1.0
	h := max(lineH, s.Height)
	y := bottom - padBelow - h
	ruleY = y - ruleGap
	c.Line(x, ruleY, x+w, ruleY, 0.2, st.Color("muted"))
	// The label is shrunk with the hint and the hint moves up to it, so
	// both stay on one baseline.
	shrink := s.SizePt / font.Size
	top := y + (h-s.Height)/2
	c.Text(x, top+(s.LineHeight()-s.SizePt*25.4/72)/2, hintLabel, "B", s.SizePt, accent, layout.Left)
	c.Block(s, x-labelW*(1-shrink), top, w, st.Color("text"), layout.Left)
	return ruleY, nil
}
