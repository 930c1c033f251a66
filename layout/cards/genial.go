package cards

import (
	"fmt"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/typeset"
)

var genialNeeds = [2][]string{
	{"face", "back", "panel", "text", "muted", "star"},
	{"question", "answer", "letter", "title", "small"},
}

// Genial draws the question cards of Genial daneben: question, answers
// a/b/c, the correct one marked with an asterisk, and a common back.
func Genial(set []*decks.GenialCard, st *layout.Style) (*Set, error) {
	if err := st.Require(genialNeeds[0], genialNeeds[1]); err != nil {
		return nil, err
	}
	out := &Set{Game: decks.Genial, Width: st.Card.Width, Height: st.Card.Height}
	back := commonBack(st, "back", "Genial daneben", "Das Spiel")
	for _, card := range set {
		card := card
		lf := &layout.Face{ID: card.ID, QR: decks.QRPayload(card.ID, card.Deck.Version), Background: st.Color("face")}
		lf.Draw = func(c *layout.Canvas) error { return drawGenial(c, st, card, lf) }
		out.Cards = append(out.Cards, layout.Card{Front: lf, Back: back})
	}
	return out, nil
}

func drawGenial(c *layout.Canvas, st *layout.Style, card *decks.GenialCard, f *layout.Face) error {
	m := st.Margin
	fg := ground(c)
	c.Text(m, m+1.2, "Genial daneben", "B", 7, fg, layout.Left)
	x := badge(c, c.W-m, m+1, regionShort(card.Region), layout.White, st.Color("text"))
	c.Text(x, m+1.2, fmt.Sprintf("Nr. %d", card.Number), "B", 6.5, fg, layout.Right)

	px, py := m, m+7.5
	pw, ph := c.W-2*m, c.H-m-footerH-1-py
	c.RoundRect(px, py, pw, ph, 2, st.Color("panel"), layout.Color{}, 0)
	pad := 2.5
	q := cellBlock(st.Font("question"), card.Question, card.ID, card.Origin, "Frage")
	q.Verbatim = card.Verbatim
	blocks := []typeset.Block{q}
	for i, a := range card.Answers {
		b := cellBlock(st.Font("answer"), a, card.ID, card.Origin, string(rune('a'+i)))
		b.Hyphenate, b.Verbatim = false, card.Verbatim
		b.Indent, b.Gap = 7.5, 2.5
		blocks = append(blocks, b)
	}
	set, err := c.Setter.Fit(blocks, pw-2*pad, ph-2*pad)
	if err != nil {
		return fitError(err)
	}
	used := 0.0
	for _, s := range set {
		used += s.Gap + s.Height
	}
	extra := (ph - 2*pad - used) / float64(len(set))
	y := py + pad
	text := st.Color("text")
	for i, s := range set {
		if i > 0 {
			y += s.Gap + extra
		}
		c.Block(s, px+pad, y, pw-2*pad, text, layout.Left)
		if i > 0 {
			letter := string(rune('a' + i - 1))
			if i-1 == card.Correct {
				letter += "*"
				c.Text(px+pad, y+(s.LineHeight()-1.2*ptToMMc(st.Font("letter").Size))/2, letter, "B", st.Font("letter").Size, st.Color("star"), layout.Left)
			} else {
				c.Text(px+pad, y+(s.LineHeight()-1.2*ptToMMc(st.Font("letter").Size))/2, letter+")", "B", st.Font("letter").Size, text, layout.Left)
			}
		}
		y += s.Height
	}
	return footer(c, m, f, []string{"Genial daneben", deckLine(card.Deck)}, fg)
}

func ptToMMc(pt float64) float64 { return pt * 25.4 / 72 }

// commonBack is the back every card of a game shares. It carries no QR
// code and no ID: backs must be identical, so no one can tell cards apart
// from behind.
func commonBack(st *layout.Style, color, title, subtitle string) *layout.Face {
	return &layout.Face{ID: "", Background: st.Color(color), Draw: func(c *layout.Canvas) error {
		t := st.Font("title")
		w := c.W - 8
		fg := ground(c)
		c.RoundRect(4, 4, w, c.H-8, 3, layout.Color{}, fg, 0.6)
		c.Text(c.W/2, c.H/2-ptToMMc(t.Size), title, t.Style, t.Size*fitScale(c, title, t, w-6), fg, layout.Center)
		c.Text(c.W/2, c.H/2+2, subtitle, "", 8, fg, layout.Center)
		return nil
	}}
}

// fitScale shrinks a one-line title to the width.
func fitScale(c *layout.Canvas, s string, t layout.TextStyle, w float64) float64 {
	tw := c.TextWidth(s, t.Style, t.Size)
	if tw <= w {
		return 1
	}
	return w / tw
}
