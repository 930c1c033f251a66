package cards

import (
	"fmt"
	"strings"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/typeset"
)

var dativNeeds = [2][]string{
	{"front", "back", "panel", "text", "muted", "gap"},
	{"category", "sentence", "option", "letter", "solution", "explanation", "small", "hint"},
}

// SolutionBand draws what the bottom band of a dativ side shows. The
// decoder (issue "The Decoder") replaces the plain band with hidden ink;
// until then the solution is printed in plain text and the build warns.
type SolutionBand func(c *layout.Canvas, st *layout.Style, side decks.DativSide, x, y, w, h float64) error

// Dativ draws the cards of the Dativ card game: category, the sentence with
// a visible gap, the options a–d, and at the bottom the band with the
// solution (every correct filled-in sentence) and the explanation.
func Dativ(set []*decks.DativCard, st *layout.Style, band SolutionBand) (*Set, error) {
	if err := st.Require(dativNeeds[0], dativNeeds[1]); err != nil {
		return nil, err
	}
	out := &Set{Game: decks.Dativ, Width: st.Card.Width, Height: st.Card.Height}
	if band == nil {
		band = plainBand
		out.Warnings = append(out.Warnings, "Dativ-Kartenspiel: der Decoder fehlt noch – die Lösungen stehen im Klartext auf den Karten")
	}
	for _, card := range set {
		card := card
		face := func(f decks.DativFace) *layout.Face {
			side := card.Sides[f]
			bg := st.Color("front")
			if f == decks.Back {
				bg = st.Color("back")
			}
			lf := &layout.Face{ID: side.ID, QR: decks.QRPayload(side.ID, card.Deck.Version), Background: bg,
				Key: lookKey("dativ", card, f)}
			lf.Draw = func(c *layout.Canvas) error { return drawDativSide(c, st, card, side, lf, band) }
			return lf
		}
		out.Cards = append(out.Cards, layout.Card{Front: face(decks.Front), Back: face(decks.Back)})
	}
	return out, nil
}

// gapShown is how the gap is printed: a line long enough to write in.
const gapShown = "______"

func drawDativSide(c *layout.Canvas, st *layout.Style, card *decks.DativCard, side decks.DativSide, f *layout.Face, band SolutionBand) error {
	m := st.Margin
	fg := ground(c)
	// Header: category, side and number, region; QR code at the top right
	// (the bottom belongs to the solution band).
	c.Text(m, m, side.Category, st.Font("category").Style, st.Font("category").Size, fg, layout.Left)
	c.Text(m, m+4, fmt.Sprintf("%s · Nr. %d", side.Face, card.Number), "", 5.5, fg, layout.Left)
	const game = "Der Dativ ist dem Genitiv sein Tod"
	c.Text(m, m+6.5, game, "B", 5.5, fg, layout.Left)
	badge(c, c.W-m-qrSize-tagGap, m, regionShort(card.Region), layout.White, st.Color("text"))
	if err := idTag(c, c.W-m, m, m+c.TextWidth(game, "B", 5.5)+2*tagGap, f, card.Deck, fg); err != nil {
		return err
	}

	bandH := st.Band.Height
	py := m + qrSize + 1.5
	pw := c.W - 2*m
	ph := c.H - m - bandH - 1.5 - py
	c.RoundRect(m, py, pw, ph, 2, st.Color("panel"), layout.Color{}, 0)
	pad := 3.0
	if side.ReadingHint != "" {
		// The reading hint takes a line at the bottom of the panel,
		// right under the options the reader chooses from; a second line
		// only where one line would need type below the floor.
		accent := st.Color("front")
		if side.Face == decks.Back {
			accent = st.Color("back")
		}
		hint := cellBlock(st.Font("hint"), side.ReadingHint, side.ID, side.Origin, decks.ReadingHintColumn)
		ruleY, err := drawReadingHint(c, st, hint, accent, m+pad, py+ph, pw-2*pad, 2)
		if err != nil {
			return err
		}
		ph = ruleY - 1.5 + pad - py // the options end 1.5 mm above the rule
	}
	sentence := cellBlock(st.Font("sentence"), strings.Replace(side.Sentence, gapOf(side.Sentence), gapShown, 1),
		side.ID, side.Origin, "Satz")
	sentence.Verbatim = side.Verbatim
	blocks := []typeset.Block{sentence}
	for i, o := range side.Options {
		b := cellBlock(st.Font("option"), o, side.ID, side.Origin, fmt.Sprintf("Option %d", i+1))
		b.Hyphenate, b.Verbatim = false, true // options stay exactly as written
		b.Indent, b.Gap = 6.5, 2.2
		if i == 0 {
			b.Gap = 4
		}
		blocks = append(blocks, b)
	}
	set, err := c.Setter.Fit(blocks, pw-2*pad, ph-2*pad)
	if err != nil {
		return fitError(err)
	}
	// Centre the sentence and options in the panel.
	used := 0.0
	for _, s := range set {
		used += s.Gap + s.Height
	}
	y := py + pad + (ph-2*pad-used)/2
	text := st.Color("text")
	for i, s := range set {
		y += s.Gap
		c.Block(s, m+pad, y, pw-2*pad, text, layout.Left)
		if i > 0 {
			r := 2.4
			cy := y + s.LineHeight()/2
			c.Circle(m+pad+r, cy, r, layout.White, text, 0.3)
			c.Mark(m+pad+r, cy, 0, decks.OptionLetter(i-1), "B", st.Font("letter").Size, text)
		}
		y += s.Height
	}
	return band(c, st, side, m, c.H-m-bandH, pw, bandH)
}

// gapOf returns the gap as written in the sentence (three or more
// underscores).
func gapOf(sentence string) string {
	start := strings.Index(sentence, "___")
	if start < 0 {
		return "___"
	}
	end := start
	for end < len(sentence) && sentence[end] == '_' {
		end++
	}
	return sentence[start:end]
}

// plainBand prints the solution in plain text.
func plainBand(c *layout.Canvas, st *layout.Style, side decks.DativSide, x, y, w, h float64) error {
	c.RoundRect(x, y, w, h, 2, st.Color("panel"), layout.Color{}, 0)
	blocks := SolutionBlocks(st, side)
	// The panel's inner margin gives way before the text does: a long
	// explanation with two correct versions still fits in its smallest
	// type with a narrower margin.
	var set []typeset.SetBlock
	var err error
	var pad float64
	for _, pad = range []float64{3, 1.5} {
		if set, err = c.Setter.Fit(blocks, w-2*pad, h-2*pad); err == nil {
			break
		}
	}
	if err != nil {
		return fitError(err)
	}
	cy := y + pad
	for _, s := range set {
		cy += s.Gap
		c.Block(s, x+pad, cy, w-2*pad, st.Color("text"), layout.Left)
		cy += s.Height
	}
	return nil
}

// SolutionBlocks are the texts of the solution band: every correct version
// of the sentence (the reader reads them all aloud) and the explanation.
func SolutionBlocks(st *layout.Style, side decks.DativSide) []typeset.Block {
	var blocks []typeset.Block
	for i, s := range side.Solutions() {
		b := cellBlock(st.Font("solution"), "✔ "+s, side.ID, side.Origin, "Satz")
		b.Verbatim = side.Verbatim
		b.Indent = 0
		if i > 0 {
			b.Gap = 1
		}
		blocks = append(blocks, b)
	}
	e := cellBlock(st.Font("explanation"), side.Explanation, side.ID, side.Origin, "Erklärung")
	e.Gap = 2
	blocks = append(blocks, e)
	return blocks
}
