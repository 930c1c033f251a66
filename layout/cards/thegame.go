package cards

import (
	"fmt"

	"druckreif/decks"
	"druckreif/layout"
)

var theGameNeeds = [2][]string{
	{"low", "mid", "high", "start", "back", "panel", "text"},
	{"value", "index", "title", "small"},
}

// TheGame draws The Game's 98 number cards and four start cards: a large
// number with corner indices (the lower one upside down, so a card reads
// from both ends), and a common back.
func TheGame(st *layout.Style) (*Set, error) {
	if err := st.Require(theGameNeeds[0], theGameNeeds[1]); err != nil {
		return nil, err
	}
	out := &Set{Game: decks.TheGame, Width: st.Card.Width, Height: st.Card.Height}
	back := commonBack(st, "back", "The Game", "")
	for _, card := range decks.TheGameDeck() {
		card := card
		col := st.Color("mid")
		switch {
		case card.Start:
			col = st.Color("start")
		case card.Value < 34:
			col = st.Color("low")
		case card.Value > 66:
			col = st.Color("high")
		}
		f := &layout.Face{ID: card.ID, QR: card.ID, Background: col}
		f.Draw = func(c *layout.Canvas) error {
			m := st.Margin
			c.RoundRect(m, m, c.W-2*m, c.H-2*m, 3, st.Color("panel"), layout.Color{}, 0)
			v := fmt.Sprint(card.Value)
			vs, is := st.Font("value"), st.Font("index")
			c.Text(c.W/2, c.H/2-ptToMMc(vs.Size)*0.55, v, vs.Style, vs.Size, col, layout.Center)
			c.Text(m+2.5, m+2, v, is.Style, is.Size, col, layout.Left)
			// The lower index upside down, as on playing cards.
			c.Rotated(180, c.W-m-2.5, c.H-m-2, func() {
				c.Text(c.W-m-2.5, c.H-m-2, v, is.Style, is.Size, col, layout.Left)
			})
			if card.Start {
				label := "▲ aufsteigend: 1 → 99"
				if card.Value == 100 {
					label = "▼ absteigend: 100 → 2"
				}
				c.Text(c.W/2, c.H/2+8, label, "B", 7, st.Color("text"), layout.Center)
			}
			c.Text(m+2.5, c.H-m-8, card.ID, "", 5, st.Color("text"), layout.Left)
			return c.QR(c.W/2-qrSize/2, c.H-m-qrSize-1.5, qrSize, f.QR)
		}
		out.Cards = append(out.Cards, layout.Card{Front: f, Back: back})
	}
	return out, nil
}
