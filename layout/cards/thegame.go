package cards

import (
	"fmt"
	"strconv"

	"druckreif/decks"
	"druckreif/layout"
)

var theGameNeeds = [2][]string{
	{"low", "mid", "high", "start", "back", "panel", "text"},
	{"value", "index", "title", "small"},
}

// TheGame draws The Game's 98 number cards and four start cards: a large
// number with corner indices (the lower one upside down, so a card reads
// from both ends), numbers that read as another number upside down
// underlined, the QR tag at the top right, and a common back.
func TheGame(st *layout.Style) (*Set, error) {
	if err := st.Require(theGameNeeds[0], theGameNeeds[1]); err != nil {
		return nil, err
	}
	out := &Set{Game: decks.TheGame, Width: st.Card.Width, Height: st.Card.Height}
	back := theGameBack(st)
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
		f := &layout.Face{ID: card.ID, QR: card.ID, Background: col, Key: lookKey("thegame", card)}
		f.Draw = func(c *layout.Canvas) error {
			m := st.Margin
			c.RoundRect(m, m, c.W-2*m, c.H-2*m, 3, st.Color("panel"), layout.Color{}, 0)
			v := fmt.Sprint(card.Value)
			vs, is := st.Font("value"), st.Font("index")
			numeral(c, c.W/2, c.H/2-ptToMMc(vs.Size)*0.55, v, vs.Style, vs.Size, col, layout.Center)
			numeral(c, m+2.5, m+2, v, is.Style, is.Size, col, layout.Left)
			// The lower index upside down, as on playing cards.
			c.Rotated(180, c.W-m-2.5, c.H-m-2, func() {
				numeral(c, c.W-m-2.5, c.H-m-2, v, is.Style, is.Size, col, layout.Left)
			})
			if card.Start {
				label := "▲ aufsteigend: 1 → 99"
				if card.Value == 100 {
					label = "▼ absteigend: 100 → 2"
				}
				c.Text(c.W/2, c.H/2+8, label, "B", 7, st.Color("text"), layout.Center)
			}
			return idTag(c, c.W-m-2, m+1, m, f, nil, st.Color("text"))
		}
		out.Cards = append(out.Cards, layout.Card{Front: f, Back: back})
	}
	return out, nil
}

// Turned upside down, 6 reads as 9, 16 as 91, 68 as 89: the digits 0, 1, 6,
// 8, 9 have a turned form that is a digit again.
var turnedDigit = map[rune]rune{'0': '0', '1': '1', '6': '9', '8': '8', '9': '6'}

// Misreadable reports whether a card value reads as another card value
// upside down (6 and 9, 16 and 91, 18 and 81, 19 and 61, 66 and 99, 68
// and 89, 86 and 98): those are underlined, as on pool balls and bingo
// balls, so the line shows which way up the number stands.
func Misreadable(v int) bool {
	s := strconv.Itoa(v)
	turned := make([]rune, 0, len(s))
	for i := len(s) - 1; i >= 0; i-- {
		t, ok := turnedDigit[rune(s[i])]
		if !ok {
			return false
		}
		turned = append(turned, t)
	}
	if turned[0] == '0' {
		return false // "09" is no card
	}
	w, _ := strconv.Atoi(string(turned))
	return w != v && w >= 1 && w <= 100
}

// numeral sets a card value like Canvas.Text and underlines it when it is
// misreadable upside down.
func numeral(c *layout.Canvas, x, y float64, v, style string, sizePt float64, col layout.Color, align layout.Align) {
	c.Text(x, y, v, style, sizePt, col, align)
	n, _ := strconv.Atoi(v)
	if !Misreadable(n) {
		return
	}
	x0, _, x1, _ := c.InkBox(v, style, sizePt)
	start := x
	switch align {
	case layout.Center:
		start -= c.TextWidth(v, style, sizePt) / 2
	case layout.Right:
		start -= c.TextWidth(v, style, sizePt)
	}
	em := ptToMMc(sizePt)
	baseline := y + em*0.76
	c.Rect(start+x0, baseline+em*0.07, x1-x0, em*0.075, col)
}

// theGameBack is the common back in the game's identity (see genialBack).
func theGameBack(st *layout.Style) *layout.Face {
	return identityBack(st, decks.TheGame, "The Game")
}
