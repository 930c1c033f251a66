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

	q := cellBlock(st.Font("question"), card.Question, card.ID, card.Origin, "Frage")
	q.Verbatim = card.Verbatim
	blocks := []typeset.Block{q}
	for i, a := range card.Answers {
		b := cellBlock(st.Font("answer"), a, card.ID, card.Origin, string(rune('a'+i)))
		b.Hyphenate, b.Verbatim = false, card.Verbatim
		b.Indent, b.Gap = 7.5, 2.5
		blocks = append(blocks, b)
	}
	letterSize := st.Font("letter").Size
	err := questionPanel(c, st, blocks, func(i int, s typeset.SetBlock, x, y float64) {
		// The correct answer is marked with an asterisk.
		ly := y + (s.LineHeight()-1.2*ptToMMc(letterSize))/2
		if i == card.Correct {
			c.Text(x, ly, string(rune('a'+i))+"*", "B", letterSize, st.Color("star"), layout.Left)
		} else {
			c.Text(x, ly, string(rune('a'+i))+")", "B", letterSize, st.Color("text"), layout.Left)
		}
	})
	if err != nil {
		return err
	}
	return footer(c, m, f, []string{"Genial daneben", deckLine(card.Deck)}, fg, card.Deck)
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
