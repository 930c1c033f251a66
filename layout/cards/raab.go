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
		front := &layout.Face{ID: card.SideID(false), QR: decks.QRPayload(card.SideID(false), card.Deck.Version), Background: st.Color("face"),
			Key: lookKey("raab", card, false)}
		front.Draw = func(c *layout.Canvas) error { return drawRaab(c, st, card, front, false) }
		back := common
		if card.Game.Sided || solutionsOnBack[card.Game.Code] {
			b := &layout.Face{ID: card.SideID(true), QR: decks.QRPayload(card.SideID(true), card.Deck.Version), Background: st.Color("face"),
				Key: lookKey("raab", card, true)}
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

	top, w, h := raabTextBox(st, c.W, c.H)
	set, err := setRaab(c.Setter, st, card, back, w, h)
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

// raabTextBox is where a Raab card's tasks go: its top edge, width and
// height in mm on a card of w × h mm.
func raabTextBox(st *layout.Style, w, h float64) (top, width, height float64) {
	m := st.Margin
	top = max(m+10.5, RaabCorner-m+1.5) // below the corner's tip
	return top, w - 2*m, h - m - footerH - 1 - top
}

// setRaab sets one side of a Raab card: its tasks in full if they fit at
// the typographic floor; else, for a side of sought terms (Tipp für Tipp),
// the short form — the categories and answers, the hints being on the
// host sheet (RaabHostSheet); else in full below the floor (a user's long
// tasks, which check warns of).
func setRaab(t typeset.Setter, st *layout.Style, card *decks.RaabCard, back bool, w, h float64) ([]typeset.SetBlock, error) {
	full := raabBlocks(st, card, back, false)
	if set, err := t.Fit(floored(full), w, h); err == nil {
		return set, nil
	}
	if hasHints(card, back) {
		if set, err := t.Fit(floored(raabBlocks(st, card, back, true)), w, h); err == nil {
			return set, nil
		}
	}
	return t.Fit(full, w, h)
}

// raabShort reports whether a side is printed in its short form.
func raabShort(t typeset.Setter, st *layout.Style, card *decks.RaabCard, back bool) bool {
	if !hasHints(card, back) {
		return false
	}
	_, w, h := raabTextBox(st, st.Card.Width, st.Card.Height)
	_, err := t.Fit(floored(raabBlocks(st, card, back, false)), w, h)
	return err != nil
}

// RaabHintCards are the cards of set with hints on a side (Tipp für
// Tipp): the cards the host sheet may print, and all it reads of the
// decks.
func RaabHintCards(set *decks.Set) []*decks.RaabCard {
	var out []*decks.RaabCard
	for _, card := range set.Raab() {
		if hasHints(card, false) || hasHints(card, true) {
			out = append(out, card)
		}
	}
	return out
}

func hasHints(card *decks.RaabCard, back bool) bool {
	tasks := card.Tasks
	if card.Game.Sided {
		tasks = card.Side(back)
	}
	for _, t := range tasks {
		if h, ok := t.(decks.Hints); ok && h.Category != "" && !(back && solutionsOnBack[card.Game.Code]) {
			return true
		}
	}
	return false
}

// floored raises the blocks' smallest size to the typographic floor (a
// block whose style is below it keeps its own size).
func floored(blocks []typeset.Block) []typeset.Block {
	out := make([]typeset.Block, len(blocks))
	for i, b := range blocks {
		b.Min = max(b.Min, min(layout.TextFloor, b.Size))
		out[i] = b
	}
	return out
}

// hostSheetName is the host sheet's name as the cards refer to it.
const hostSheetName = "Moderationsblatt „Tipp für Tipp“"

// raabBlocks are the texts of one side of a Raab card; short gives sought
// terms as category and answer only, with a line naming the host sheet.
func raabBlocks(st *layout.Style, card *decks.RaabCard, back, short bool) []typeset.Block {
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
	// named marks the last block's proper names (a sought person or
	// place), which are never hyphenated.
	named := func(names ...string) {
		blocks[len(blocks)-1].Names = append(blocks[len(blocks)-1].Names, names...)
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
			if short && t.Category != "" {
				add("task", fmt.Sprintf("%sKategorie: %s (%d Tipps) → %s", n, t.Category, len(t.Hints), t.Answer), t, gap)
				named(t.Answer)
				continue
			}
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
			named(t.Answer)
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
			named(t.Answers...) // mostly names (presidents, rivers): never divided
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
	if short {
		side := "Vorderseite"
		if back {
			side = "Rückseite"
		}
		b := textBlock(st.Font("task"), fmt.Sprintf("Die Tipps stehen vollständig auf dem %s unter Karte %d, %s.", hostSheetName, card.Serial, side), "")
		b.Style = "I"
		b.Card = card.SideID(back)
		b.Gap = 2.4
		b.Leading = 1.15
		blocks = append(blocks, b)
	}
	return blocks
}

// RaabHostSheet is the host's sheet of the sought terms whose hints do not
// fit their card at the typographic floor: per such side the card's number
// and every task in full — category, the hints in order, the answer —
// flowing in two columns over pages of w × h mm. It is empty when every
// side fits in full.
func RaabHostSheet(hinted []*decks.RaabCard, st *layout.Style, w, h float64) []func(*layout.Canvas) error {
	t := layout.Setter()
	type entry struct {
		head   string
		blocks []typeset.Block
	}
	var entries []entry
	for _, card := range hinted {
		for _, back := range []bool{false, true} {
			if (back && !card.Game.Sided) || !raabShort(t, st, card, back) {
				continue
			}
			side := "Vorderseite"
			if back {
				side = "Rückseite"
			}
			var blocks []typeset.Block
			for i, task := range card.Side(back) {
				hints, ok := task.(decks.Hints)
				if !ok {
					continue
				}
				o := hints.Source()
				src := decks.Location{File: o.File, Sheet: o.Sheet, Row: o.Row}.String()
				head := typeset.Block{Text: fmt.Sprintf("%d. Kategorie: %s", i+1, hints.Category), Style: "B", Size: 9.5, Gap: 1.8, Hyphenate: true, Card: card.SideID(back), Source: src}
				blocks = append(blocks, head)
				for j, hint := range hints.Hints {
					blocks = append(blocks, typeset.Block{Text: fmt.Sprintf("%d) %s", j+1, hint), Size: 9.5, Indent: 4, Gap: 0.4, Hyphenate: true, Card: card.SideID(back), Source: src})
				}
				blocks = append(blocks, typeset.Block{Text: "→ " + hints.Answer, Style: "B", Size: 9.5, Indent: 4, Gap: 0.6, Card: card.SideID(back), Source: src, Names: []string{hints.Answer}})
			}
			entries = append(entries, entry{head: fmt.Sprintf("Karte %d · %s %d · %s · %s", card.Serial, card.Game.Name, card.Number, side, card.SideID(back)), blocks: blocks})
		}
	}
	if len(entries) == 0 {
		return nil
	}
	// Lay the entries out once, to know the pages; an entry never splits.
	const margin, gutter, headH = 12.0, 8.0, 16.0
	colW := (w - 2*margin - gutter) / 2
	type placed struct {
		e      entry
		set    []typeset.SetBlock
		col    int
		y      float64
		height float64
	}
	var pages [][]placed
	var cur []placed
	col, y := 0, margin+headH
	for _, e := range entries {
		var set []typeset.SetBlock
		height := 5.5 // the entry's heading
		for _, b := range e.blocks {
			lines, err := t.Break(b, colW-b.Indent, b.Size)
			if err != nil {
				return []func(*layout.Canvas) error{func(*layout.Canvas) error { return fitError(err) }}
			}
			sb := typeset.SetBlock{Block: b, SizePt: b.Size, Lines: lines}
			sb.Height = float64(len(lines)) * sb.LineHeight()
			set = append(set, sb)
			height += b.Gap + sb.Height
		}
		if y+height > h-margin {
			col, y = col+1, margin+headH
			if col == 2 {
				pages, cur, col = append(pages, cur), nil, 0
			}
		}
		cur = append(cur, placed{e: e, set: set, col: col, y: y, height: height})
		y += height + 5
	}
	pages = append(pages, cur)
	var draws []func(*layout.Canvas) error
	for i, pg := range pages {
		pg, i := pg, i
		draws = append(draws, func(c *layout.Canvas) error {
			text, accent := st.Color("text"), st.Color("accent")
			c.Text(margin, margin, "Moderationsblatt „Tipp für Tipp“", "B", 14, text, layout.Left)
			c.Text(margin, margin+7, fmt.Sprintf("Die Tipps der Karten, auf denen sie nur in Kurzform stehen · Seite %d von %d", i+1, len(pages)), "", 9, st.Color("muted"), layout.Left)
			for _, p := range pg {
				x := margin + float64(p.col)*(colW+gutter)
				c.Rect(x, p.y, colW, 0.5, accent)
				c.Text(x, p.y+1.2, p.e.head, "B", 8.5, accent, layout.Left)
				yy := p.y + 5.5
				for _, sb := range p.set {
					yy += sb.Gap
					c.Block(sb, x, yy, colW, text, layout.Left)
					yy += sb.Height
				}
			}
			return nil
		})
	}
	return draws
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
	return &layout.Face{Background: s.Ground, Key: lookKey("raab-back"), Draw: func(c *layout.Canvas) error {
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
