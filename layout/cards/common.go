// Package cards draws the cards of every game on the print engine: one
// renderer per card kind, all built from the same decks model, so the ID
// and QR code on paper name the same card in the app.
package cards

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
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
	// qrSize is the QR code with its quiet zone: 0.33 mm modules for the
	// version 1 codes of the default decks, which phones read at a glance
	// from 30 cm.
	qrSize  = 9.0
	footerH = qrSize + 1 // mm kept for QR code and small print at the bottom
	// smallSize is the card's small print (ID, deck name and version):
	// layout.MetaFloor, the smallest size that stays legible on a card
	// held in the hand.
	smallSize = layout.MetaFloor
	tagGap    = 1.2 // between the QR code and the ID beside it
)

// lookKey is a face's Key (layout.Face.Key): the hash of the name of its
// drawing and of what the drawing reads, as JSON — a card whole, with its
// deck's name and version, and its side. The style, the card size and the
// build's options are the kit's part of the key; what a drawing reads is
// the caller's to name, so a drawing that comes to read more must say so
// here.
func lookKey(drawing string, reads ...any) string {
	data, err := json.Marshal(reads)
	if err != nil {
		return "" // not kept: drawn every time
	}
	sum := sha256.Sum256(append([]byte(drawing+"\x00"), data...))
	return hex.EncodeToString(sum[:])
}

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

// footer prints the card's corner tag at the bottom right (see idTag) and
// the game's name at the bottom left, on the same baseline.
func footer(c *layout.Canvas, margin float64, f *layout.Face, game string, d *decks.DeckInfo, fg layout.Color) error {
	bottom := c.H - margin
	xMin := margin
	if game != "" {
		c.Text(margin, bottom-ptToMMc(smallSize+0.5)*1.05, game, "B", smallSize+0.5, fg, layout.Left)
		xMin += c.TextWidth(game, "B", smallSize+0.5) + 2*tagGap
	}
	return idTag(c, c.W-margin, bottom-qrSize, xMin, f, d, fg)
}

// idTag is the same on every card face with content: the QR code with its
// top right corner at (right, top), and beside it, right-aligned and level
// with the code's bottom, the face's ID over the deck's name and version —
// small, always in the same place, and naming the same card as in the
// scorer. The small print must begin after xMin (where the card's own text
// on that line ends): a deck name too long for the line fails with the
// deck's Name cell rather than running into other text.
func idTag(c *layout.Canvas, right, top, xMin float64, f *layout.Face, d *decks.DeckInfo, fg layout.Color) error {
	if err := c.QR(right-qrSize, top, qrSize, f.QR); err != nil {
		return err
	}
	x := right - qrSize - tagGap
	lh := ptToMMc(smallSize) * 1.15
	y := top + qrSize - 0.4
	if d != nil {
		line := deckLine(d)
		if w := c.TextWidth(line, "", smallSize); x-w < xMin {
			return &typeset.OverflowError{Card: f.ID, Source: d.NameCell.String(), Reason: i18n.Sprintf(
				"der Deckname ist zu lang für die Kartenzeile neben dem QR-Code (%.0f mm, Platz ist für %.0f mm): bitte kürzen",
				"the deck name is too long for the card's line beside the QR code (%.0f mm, there is room for %.0f mm): please shorten it", w, x-xMin)}
		}
		y -= lh
		c.Text(x, y, line, "", smallSize, fg, layout.Right)
	}
	c.Text(x, y-lh, f.ID, "B", smallSize, fg, layout.Right)
	return nil
}

func deckLine(d *decks.DeckInfo) string {
	return d.Name + " · " + d.Version
}

// attributionRe finds a quotation's attribution, „(Goethe, Faust I)“: the
// author before the comma.
var attributionRe = regexp.MustCompile(`\(([^(),]+),[^()]*\)`)

// attributions are the authors a text names in its quotations'
// attributions: proper names, never hyphenated.
func attributions(text string) []string {
	var out []string
	for _, m := range attributionRe.FindAllStringSubmatch(text, -1) {
		out = append(out, strings.TrimSpace(m[1]))
	}
	return out
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
	// Fewer lines before smaller type: first every line count at no less
	// than the typographic floor, then below it (a user's long hint).
	var set []typeset.SetBlock
	floored := hint
	floored.Min = max(hint.Min, min(layout.TextFloor, hint.Size))
	for _, b := range []typeset.Block{floored, hint} {
		for n := 1; n <= maxLines; n++ {
			if set, err = c.Setter.Fit([]typeset.Block{b}, w, float64(n)*lineH); err == nil {
				break
			}
		}
		if err == nil {
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
