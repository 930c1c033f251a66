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
	back := genialBack(st)
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

// genialBack is the back all question cards share: the letters a, b, c
// tone on tone across the whole card, under an emblem with the game's
// name and the asterisk that marks the right answer. Backs carry no QR
// code and no ID: they must be identical, so no one can tell cards apart
// from behind; and nothing lies near the cut, where a duplex shift would
// show.
func genialBack(st *layout.Style) *layout.Face {
	w, h := st.Card.Width, st.Card.Height
	bg := st.Color("back")
	art := layout.NewArt(w, h)
	tone := bg.Tint(0.1)
	letters := []string{"a", "b", "c"}
	for row := 0; row*11 < int(h)+11; row++ {
		for col := -1; col*12 < int(w)+12; col++ {
			x := float64(col)*12 + float64(row%2)*6
			art.Mark(x, float64(row)*11, 20, letters[(row+col+3)%3], "B", 17, tone)
		}
	}
	cx, cy := w/2, h/2
	art.Circle(cx, cy, 22, bg)
	art.Circle(cx, cy, 20, st.Color("face"))
	art.Ring(cx, cy, 17.6, 18.4, layout.White)
	art.Mark(cx, cy-10.5, 0, "*", "B", 22, layout.White)
	art.Mark(cx, cy-1.8, 0, "Genial", "B", 13, layout.White)
	art.Mark(cx, cy+3.9, 0, "daneben", "B", 13, layout.White)
	art.Mark(cx, cy+11, 0, "a · b · c", "B", 7, bg)
	return &layout.Face{Background: bg, Draw: func(c *layout.Canvas) error {
		if c.LowInk {
			lowInkBack(c, "Genial daneben", st.Font("title"))
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
