package cards

import (
	"fmt"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/identity"
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
	back := genialBack(st)
	for _, card := range set {
		card := card
		lf := &layout.Face{ID: card.ID, QR: decks.QRPayload(card.ID, card.Deck.Version), Background: st.Color("face"),
			Key: lookKey("genial", card)}
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
		// On the baseline of the answer's first line.
		ly := y + (s.LineHeight()-ptToMMc(s.SizePt))/2 + ptToMMc(s.SizePt-letterSize)*0.76
		if i == card.Correct {
			c.Text(x, ly, string(rune('a'+i))+"*", "B", letterSize, st.Color("star"), layout.Left)
		} else {
			c.Text(x, ly, string(rune('a'+i))+")", "B", letterSize, st.Color("text"), layout.Left)
		}
	})
	if err != nil {
		return err
	}
	return footer(c, m, f, "", card.Deck, fg) // the header names the game
}

func ptToMMc(pt float64) float64 { return pt * 25.4 / 72 }

// genialBack is the back all question cards share: the game's identity
// (its ornament tone on tone, the title cartouche across the middle, see
// layout/identity) on the style's back colour. Backs carry no QR code and
// no ID: they must be identical, so no one can tell cards apart from
// behind; and nothing lies near the cut, where a duplex shift would show.
func genialBack(st *layout.Style) *layout.Face {
	return identityBack(st, decks.Genial, "Genial daneben")
}

// identityBack is a game's common back in its identity, on the style's
// back colour (a user's style may change it; the ornament follows).
func identityBack(st *layout.Style, g decks.Game, title string) *layout.Face {
	s := identity.MustOf(g)
	s.Ground = st.Color("back")
	art := s.Back(st.Card.Width, st.Card.Height)
	return &layout.Face{Background: s.Ground, Key: lookKey("identity-back", g, title), Draw: func(c *layout.Canvas) error {
		if c.LowInk {
			lowInkBack(c, title, st.Font("title"))
			return nil
		}
		c.Stamp(0, 0, art)
		return nil
	}}
}

// lowInkBack is a common back under --low-ink: the game's name on the
// light tint, no pattern.
func lowInkBack(c *layout.Canvas, title string, t layout.TextStyle) {
	c.Text(c.W/2, c.H/2-ptToMMc(t.Size)/2, title, t.Style, t.Size*fitScale(c, title, t, c.W-12), ground(c), layout.Center)
}

// fitScale shrinks a one-line title to the width.
func fitScale(c *layout.Canvas, s string, t layout.TextStyle, w float64) float64 {
	tw := c.TextWidth(s, t.Style, t.Size)
	if tw <= w {
		return 1
	}
	return w / tw
}
