package cards

import (
	"fmt"
	"strings"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/typeset"
)

// The kinds of labyrinth cards the kit's checklist counts.
const (
	KindRisk        = "Risikokarten"
	KindLingutaurus = "Lingutaurus-Karten"
)

var labyrinthNeeds = [2][]string{
	{"green", "yellow", "panel", "text", "muted", "risk", "bull"},
	{"question", "answer", "correct", "letter", "small", "hint"},
}

// Labyrinth draws the question cards of Das große Spiel: the green side on
// the front and the yellow side on the back, each a full question with
// answers A, B, C; the correct answer in bold with its letter white in a
// black circle, as the rulebook describes; risk cards marked "!",
// Lingutaurus cards with a bull.
func Labyrinth(set []*decks.LabyrinthCard, st *layout.Style) (*Set, error) {
	if err := st.Require(labyrinthNeeds[0], labyrinthNeeds[1]); err != nil {
		return nil, err
	}
	out := &Set{Game: decks.Labyrinth, Width: st.Card.Width, Height: st.Card.Height}
	for _, card := range set {
		card := card
		face := func(f decks.LabyrinthFace) *layout.Face {
			side := card.Sides[f]
			bg := st.Color("green")
			if f == decks.Yellow {
				bg = st.Color("yellow")
			}
			lf := &layout.Face{ID: side.ID, QR: decks.QRPayload(side.ID, card.Deck.Version), Background: bg,
				Key: lookKey("labyrinth", card, f)}
			lf.Draw = func(c *layout.Canvas) error { return drawLabyrinthSide(c, st, card, side, lf) }
			return lf
		}
		kind := ""
		switch card.Kind {
		case decks.Risk:
			kind = KindRisk
		case decks.Lingutaurus:
			kind = KindLingutaurus
		}
		out.Cards = append(out.Cards, layout.Card{Front: face(decks.Green), Back: face(decks.Yellow), Kind: kind})
	}
	return out, nil
}

func drawLabyrinthSide(c *layout.Canvas, st *layout.Style, card *decks.LabyrinthCard, side decks.LabyrinthSide, f *layout.Face) error {
	m := st.Margin
	fg := ground(c)
	if side.Face == decks.Yellow {
		fg = st.Color("text")
	}
	// Header on the coloured ground: the kind, the card number, the region.
	hy := m
	switch card.Kind {
	case decks.Risk:
		c.Circle(m+3, hy+3, 3, st.Color("risk"), layout.White, 0.4)
		c.Mark(m+3, hy+3, 0, "!", "B", 11, layout.White)
	case decks.Lingutaurus:
		c.Circle(m+3, hy+3, 3, st.Color("bull"), layout.White, 0.4)
		c.Mark(m+3, hy+3, 0, "♉", "B", 9.5, layout.White)
	}
	label := fmt.Sprintf("%s · Nr. %d", side.Face, card.Number)
	x := badge(c, c.W-m, hy+1.2, regionShort(card.Region), layout.White, st.Color("text"))
	c.Text(x, hy+1.4, label, "B", 6.5, fg, layout.Right)

	// The question and answers on a white panel.
	swiss := swissCard(card.Region)
	q := cellBlock(st.Font("question"), regionalQuotes(side.Question, swiss && !side.Verbatim), side.ID, side.Origin, "Frage")
	q.Verbatim = side.Verbatim
	q.Names = attributions(side.Question)
	blocks := []typeset.Block{q}
	for i, a := range side.Answers {
		ts := st.Font("answer")
		if i == side.Correct {
			ts = st.Font("correct")
		}
		b := cellBlock(ts, regionalQuotes(a, swiss && !side.Verbatim), side.ID, side.Origin, string(rune('A'+i)))
		b.Hyphenate = false // answers are never hyphenated
		b.Verbatim = side.Verbatim
		b.Indent, b.Gap = 6, 2.5
		blocks = append(blocks, b)
	}
	text := st.Color("text")
	var hint func(x, bottom, w float64) (float64, error)
	if side.ReadingHint != "" {
		// The reading hint stands at the bottom of the panel, under the
		// answers the reader reads out; its label in the side's green, or
		// dark on the yellow side, whose colour is too light for text.
		accent := st.Color("green")
		if side.Face == decks.Yellow {
			accent = text
		}
		b := cellBlock(st.Font("hint"), side.ReadingHint, side.ID, side.Origin, decks.ReadingHintColumn)
		hint = func(x, bottom, w float64) (float64, error) { return drawReadingHint(c, st, b, accent, x, bottom, w, 2) }
	}
	err := questionPanelAbove(c, st, blocks, hint, func(i int, s typeset.SetBlock, x, y float64) {
		// The correct answer's letter white in a black circle.
		letter := string(rune('A' + i))
		cy := y + s.LineHeight()/2
		const r = 2.3
		if i == side.Correct {
			c.Circle(x+r, cy, r, layout.Black, layout.Color{}, 0)
			c.Mark(x+r, cy, 0, letter, "B", st.Font("letter").Size, layout.White)
		} else {
			c.Circle(x+r, cy, r, layout.White, text, 0.3)
			c.Mark(x+r, cy, 0, letter, "B", st.Font("letter").Size, text)
		}
	})
	if err != nil {
		return err
	}
	// The side is named in the header; the footer's line is the deck's.
	// Swiss spelling has no ß, also in the game's name on a Swiss card.
	title := "Das große Spiel"
	if swiss {
		title = "Das grosse Spiel"
	}
	return footer(c, m, f, title, card.Deck, fg)
}

// swissCard reports whether a card's region is Switzerland (de-CH and its
// cantons, de-CH-BE …).
func swissCard(region string) bool { return region == "de-CH" || strings.HasPrefix(region, "de-CH-") }

// swissQuotes turns German quotation marks into the Swiss guillemets,
// which point outwards: „…“ becomes «…» and ‚…‘ becomes ‹…›.
var swissQuotes = strings.NewReplacer("„", "«", "“", "»", "‚", "‹", "‘", "›")

// regionalQuotes sets a Swiss card's quotation marks as Swiss print does
// (the CH deck teaches «…» on card 16); a Wörtlich side keeps its marks,
// since it may show the German ones on purpose.
func regionalQuotes(text string, swiss bool) string {
	if !swiss {
		return text
	}
	return swissQuotes.Replace(text)
}
