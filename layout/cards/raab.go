package cards

import (
	"fmt"
	"strings"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/identity"
	"druckreif/layout/typeset"
)

// RaabCorner and HostCorner are the legs of the orange corner triangle of
// the quiz cards and of the host cards, in mm.
const (
	RaabCorner = 15.0
	HostCorner = 11.0
)

var raabNeeds = [2][]string{
	{"face", "corner", "text", "muted", "accent", "back"},
	{"title", "task", "taskBold", "solution", "number", "small"},
}

// solutionsOnBack are the mini-games whose rulebook puts the answers on the
// back of the card. For the others the host reads the answer beside the
// task, and the card has the common back — except the games that use both
// sides for tasks (Buchstabieren, Tipp für Tipp).
var solutionsOnBack = map[string]bool{
	"BS": true, "EN": true, "EO": true, "FZ": true, "FP": true, "SC": true,
	"SQ": true, "SO": true, "ST": true, "WW": true, "WO": true, "ZO": true,
}

// Raab draws the quiz cards of Schlag den Raab – Das Quiz: the orange
// corner with the card's sorting number, the mini-game's name, its tasks,
// and the solutions where the rulebook puts them.
func Raab(set *decks.Set, st *layout.Style) (*Set, error) {
	if err := st.Require(raabNeeds[0], raabNeeds[1]); err != nil {
		return nil, err
	}
	out := &Set{Game: decks.Raab, Width: st.Card.Width, Height: st.Card.Height}
	common := raabCommonBack(st)
	for _, card := range set.Raab() {
		card := card
		front := &layout.Face{ID: card.SideID(false), QR: decks.QRPayload(card.SideID(false), card.Deck.Version), Background: st.Color("face")}
		front.Draw = func(c *layout.Canvas) error { return drawRaab(c, st, card, front, false) }
		back := common
		if card.Game.Sided || solutionsOnBack[card.Game.Code] {
			b := &layout.Face{ID: card.SideID(true), QR: decks.QRPayload(card.SideID(true), card.Deck.Version), Background: st.Color("face")}
			b.Draw = func(c *layout.Canvas) error { return drawRaab(c, st, card, b, true) }
			back = b
		}
		out.Cards = append(out.Cards, layout.Card{Front: front, Back: back})
	}
	return out, nil
}

func drawRaab(c *layout.Canvas, st *layout.Style, card *decks.RaabCard, f *layout.Face, back bool) error {
	m := st.Margin
	text, muted := st.Color("text"), st.Color("muted")
	// The orange corner with the sorting number, as on the original quiz
	// cards, so the cards sort into the sorting aid; the number inside the
	// safe zone, the title clear of the corner.
	c.Polygon(st.Color("corner"), 0, 0, RaabCorner, 0, 0, RaabCorner)
	c.Text(m+0.3, m+0.2, fmt.Sprint(card.Serial), st.Font("number").Style, st.Font("number").Size, layout.White, layout.Left)
	title := card.Game.Name
	if card.Game.ThreePlayers {
		title += " (3)"
	}
	tx := RaabCorner - m + 1.5 // where the corner's edge leaves the title line
	c.Text(tx, m, title, st.Font("title").Style, st.Font("title").Size*fitScale(c, title, st.Font("title"), c.W-tx-m), text, layout.Left)
	sub := fmt.Sprintf("Karte %d", card.Number)
	switch {
	case card.Game.Sided && back:
		sub += " · Rückseite"
	case card.Game.Sided:
		sub += " · Vorderseite"
	case back:
		sub += " · Lösungen"
	}
	if card.Stand != "" {
		sub += " · Stand " + card.Stand
	}
	x := badge(c, c.W-m, m+3.6, regionShort(card.Region), st.Color("accent"), layout.White)
	c.Text(x, m+4, sub, "", 6, muted, layout.Right)

	blocks := raabBlocks(st, card, back)
	top := max(m+10.5, RaabCorner-m+1.5) // below the corner's tip
	h := c.H - m - footerH - 1 - top
	set, err := c.Setter.Fit(blocks, c.W-2*m, h)
	if err != nil {
		return fitError(err)
	}
	y := top
	for _, s := range set {
		y += s.Gap
		c.Block(s, m, y, c.W-2*m, text, layout.Left)
		y += s.Height
	}
	return footer(c, m, f, "Schlag den Raab – Das Quiz", card.Deck, muted)
}

// raabBlocks are the texts of one side of a Raab card.
func raabBlocks(st *layout.Style, card *decks.RaabCard, back bool) []typeset.Block {
	tasks := card.Tasks
	if card.Game.Sided {
		tasks = card.Side(back)
	}
	onBack := solutionsOnBack[card.Game.Code]
	var blocks []typeset.Block
	add := func(font, text string, task decks.RaabTask, gap float64) {
		o := task.Source()
		b := textBlock(st.Font(font), text, decks.Location{File: o.File, Sheet: o.Sheet, Row: o.Row}.String())
		b.Card = card.SideID(back)
		b.Gap = gap
		b.Leading = 1.15
		blocks = append(blocks, b)
	}
	// A card-wide heading where the card has one.
	if len(tasks) > 0 {
		switch t := tasks[0].(type) {
		case decks.Scramble:
			if !back {
				add("taskBold", "Kategorie: "+t.Category, t, 0)
			}
		case decks.Place:
			add("taskBold", "Landkarte: "+t.Map.Name+" ("+t.Map.Key+")", t, 0)
		}
	}
	for i, task := range tasks {
		n := fmt.Sprintf("%d. ", i+1)
		gap := 1.6
		if i == 0 && len(blocks) == 0 {
			gap = 0
		}
		if back && onBack {
			add("solution", n+task.Solution(), task, gap)
			continue
		}
		switch t := task.(type) {
		case decks.Plate:
			add("task", fmt.Sprintf("%s%s (%d Buchst.) → %s", n, t.Code, t.Letters(), t.Place), t, gap)
		case decks.Choice:
			lines := []string{n + t.Question}
			if t.Topic != "" {
				lines[0] = n + "[" + t.Topic + "] " + t.Question
			}
			for j, o := range t.Options {
				lines = append(lines, fmt.Sprintf("   %c: %s", 'A'+j, o))
			}
			add("task", strings.Join(withReadingHint(lines, t.ReadingHint), "\n"), t, gap)
		case decks.MultiChoice:
			lines := []string{n + t.Question}
			for j, o := range t.Options {
				lines = append(lines, fmt.Sprintf("   %c: %s", 'A'+j, o))
			}
			add("task", strings.Join(withReadingHint(lines, t.ReadingHint), "\n"), t, gap)
		case decks.ShowQuestion:
			lines := []string{n + "[" + t.Kind.String() + "] " + t.Question}
			for j, o := range t.Options {
				lines = append(lines, fmt.Sprintf("   %c: %s", 'A'+j, o))
			}
			if t.Kind == decks.ShowEstimate {
				lines[0] += " (Einheit: " + t.Unit + ")"
			}
			add("task", strings.Join(withReadingHint(lines, t.ReadingHint), "\n"), t, gap)
		case decks.Sorting:
			lines := []string{n + t.Task}
			for j, it := range t.Items {
				lines = append(lines, fmt.Sprintf("   %c: %s", 'A'+j, it))
			}
			add("task", strings.Join(lines, "\n"), t, gap)
		case decks.Estimate:
			// "Einheit:", not "in": units are written as the solution
			// prints them ("82 Jahre"), and "in Jahre" is not German.
			add("task", n+t.Question+" (Einheit: "+t.Unit+")", t, gap)
		case decks.Hints:
			lines := []string{}
			if t.Category != "" {
				lines = append(lines, n+"Kategorie: "+t.Category)
			} else {
				lines = append(lines, n+"Gesucht: Sender")
			}
			for j, h := range t.Hints {
				lines = append(lines, fmt.Sprintf("   %d) %s", j+1, h))
			}
			lines = append(lines, "   → "+t.Answer)
			add("task", strings.Join(lines, "\n"), t, gap)
		case decks.WhoLies:
			add("taskBold", n+t.Statement, t, gap)
			var parts []string
			for j, a := range t.Answers {
				mark := ""
				if t.IsFalse(j) {
					mark = " ✘"
				}
				parts = append(parts, a+mark)
			}
			add("task", "   "+strings.Join(parts, " · "), t, 0.3)
		case decks.Enumeration:
			add("task", fmt.Sprintf("%s%s (%d Antworten) → %s", n, t.Question, len(t.Answers), t.Solution()), t, gap)
		case decks.StemWord:
			add("task", n+t.Word, t, gap)
		default:
			if onBack || task.Solution() == "" {
				add("task", n+task.Prompt(), t, gap)
			} else {
				add("task", n+task.Prompt()+" → "+task.Solution(), t, gap)
			}
		}
	}
	return blocks
}

// raabCommonBack is the back of the quiz cards whose back holds no
// solutions: the game's identity (see genialBack) with the orange corner
// at two opposite corners (the rulebook tells the quiz cards apart by it).
// Like every common back it carries no QR code and no ID.
func raabCommonBack(st *layout.Style) *layout.Face {
	w, h := st.Card.Width, st.Card.Height
	orange := st.Color("corner")
	s := identity.MustOf(decks.Raab)
	s.Ground = st.Color("back")
	art := s.Back(w, h)
	art.Polygon(orange, 0, 0, 24, 0, 0, 24)
	art.Polygon(orange, w, h, w-24, h, w, h-24)
	t := layout.TextStyle{Style: "B", Size: 15}
	return &layout.Face{Background: s.Ground, Draw: func(c *layout.Canvas) error {
		if c.LowInk {
			c.Polygon(orange, 0, 0, 16, 0, 0, 16)
			lowInkBack(c, "Schlag den Raab", t)
			return nil
		}
		c.Stamp(0, 0, art)
		return nil
	}}
}

// withReadingHint adds a task's reading hint, for the host, under its
// answers.
func withReadingHint(lines []string, hint string) []string {
	if hint == "" {
		return lines
	}
	return append(lines, "   Vorlesehinweis: "+hint)
}
