package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/rules/dativ"
	"druckreif/scorer"
)

// Der Dativ ist dem Genitiv sein Tod, the card game: the pot and the chips,
// the reader choosing side and variant on their phone (the variants only
// there, never which are right), secret RICHTIG/FALSCH votes on every phone
// — the reader's too — or the printed guess cards entered by the table,
// and after the votes the Decoder: every correct version and the
// explanation, to read aloud.
func init() {
	screens["dativ"] = screen{view: dativScreen, action: dativAction}
}

type dativView struct {
	Phase    string
	Pot      int
	Supply   int
	Drawn    int
	Cards    int
	Reader   scorer.Marker
	Players  []dativPlayer
	IsReader bool // this phone reads: the reader's seat or the table's phone
	// Reading: what was read aloud, for everyone.
	Sentence string
	Category string
	// The reader's choice of card, side and variant.
	CanRead  bool
	Top      string // a dealt pile's top card, the one to draw
	Decks    []string
	Pick     *dativPick
	PickFail string
	// Votes.
	WantVote   bool
	Voted      bool
	VoteEntry  []scorer.Marker // the table's phone enters the printed guess cards
	CanReveal  bool
	NeedsRight bool
	// The Decoder: the last scored turn.
	Last   *dativLast
	Over   bool
	Winner []string
}

type dativPlayer struct {
	Marker scorer.Marker
	Chips  int
	Vote   string
	Chosen bool
	Acting bool
}

// dativPick is a card side the reader has picked, with its variants.
type dativPick struct {
	ID       string
	Card     string
	Side     string
	Category string
	Sentence string
	Options  []dativOption
	Hint     string
}

type dativOption struct {
	Letter string
	Text   string
	Filled string
}

type dativLast struct {
	Reader      string
	Sentence    string
	Right       bool
	Known       bool
	Solutions   []string
	Explanation string
	Votes       []dativPlayer
	IsReader    bool // this phone belongs to the last reader: read the solution aloud
}

func dativScreen(d *boardData) any {
	st, ok := d.Snap.State.(dativ.State)
	if !ok {
		return nil
	}
	v := d.lang()
	g := &dativView{Phase: st.Phase, Pot: st.Pot, Supply: st.Supply, Drawn: st.Drawn, Cards: st.Cards, Over: st.Phase == dativ.PhaseOver, Winner: st.Winners}
	reader := st.Players[st.Reader]
	g.Reader = d.marker(reader)
	viewer := d.Snap.Viewer
	g.IsReader = viewer.Role == rules.RoleTable || (viewer.Role == rules.RolePlayer && viewer.Player == reader)
	for i, p := range st.Players {
		dp := dativPlayer{Marker: d.marker(p), Chips: st.Chips[i], Vote: st.Votes[i], Acting: d.Acting(p)}
		if pend := d.Snap.Pending; pend != nil && slices.Contains(pend.Chosen, p) {
			dp.Chosen = true
		}
		g.Players = append(g.Players, dp)
	}
	if r := st.Reading; r != nil {
		g.Sentence, g.Category = r.Sentence, r.Category
	}
	allowed := func(t string) bool { return slices.Contains(d.Snap.Next.Allowed, t) }
	g.CanRead = d.CanAct && g.IsReader && allowed(dativ.ActRead)
	if g.CanRead {
		if len(st.Pile) > 0 {
			g.Top = st.Pile[0]
		}
		for _, dk := range d.Cards.Game(decks.Dativ) {
			g.Decks = append(g.Decks, dk.Info.Code)
		}
		pick := d.Pick
		if pick == "" && g.Top != "" {
			pick = g.Top
		}
		if pick != "" {
			g.Pick, g.PickFail = dativPickOf(d.Cards, pick, d.PickSide, v)
		}
	}
	d.Choosing = allowed(dativ.ActVote)
	g.WantVote, g.Voted, g.VoteEntry = d.secretChoice(allowed(dativ.ActVote), func(name string) bool {
		i := slices.Index(st.Players, name)
		return i >= 0 && st.Votes[i] != "" && st.Votes[i] != dativ.Hidden
	})
	g.CanReveal = d.CanAct && g.IsReader && allowed(dativ.ActReveal)
	g.NeedsRight = g.CanReveal
	if l := st.Last; l != nil {
		last := &dativLast{Reader: l.Reader, Sentence: l.Reading.Sentence, IsReader: viewer.Role == rules.RoleTable || viewer.Player == l.Reader}
		if l.Reading.Right != nil {
			last.Right = *l.Reading.Right
		}
		if side := dativSideOf(d.Cards, l.Reading.Card, l.Reading.Side); side != nil {
			last.Known = true
			last.Solutions = side.Solutions()
			last.Explanation = side.Explanation
		}
		for i, p := range st.Players {
			last.Votes = append(last.Votes, dativPlayer{Marker: d.marker(p), Vote: l.Votes[i]})
		}
		g.Last = last
	}
	return g
}

// dativSideOf is the side of a Dativ card by card or side ID and side name.
func dativSideOf(set *decks.Set, id, side string) *decks.DativSide {
	if id == "" || set == nil {
		return nil
	}
	f, i := dativFind(set, id, side)
	if f == nil {
		return nil
	}
	return &f.Dativ.Sides[i]
}

// dativFind is the Dativ card an ID names and the index of its side: the
// side the ID names, else the side named ("hinten": the back); nil when the
// ID names no Dativ card.
func dativFind(set *decks.Set, id, side string) (*decks.Found, int) {
	f, _ := set.Find(decks.ParseRef(id))
	if f == nil || f.Dativ == nil {
		return nil, 0
	}
	i := f.Side
	if i < 0 {
		i = 0
		if side == "hinten" {
			i = 1
		}
	}
	return f, i
}

// dativPickOf is the side the reader picked, with its variants — never
// which of them are right.
func dativPickOf(set *decks.Set, id, side string, v *view) (*dativPick, string) {
	f, i := dativFind(set, id, side)
	if f == nil {
		return nil, v.T("Diese Karte kennt der Punktezähler nicht. Nummer prüfen – oder ohne Nummer vorlesen.", "The scorer does not know this card. Check the number – or read without number.")
	}
	s := f.Dativ.Sides[i]
	p := &dativPick{ID: s.ID, Card: f.Dativ.ID, Side: []string{"vorne", "hinten"}[i], Category: s.Category, Sentence: s.Sentence, Hint: s.ReadingHint}
	for k := range s.Options {
		p.Options = append(p.Options, dativOption{Letter: string(rune('a' + k)), Text: s.OptionText(k), Filled: s.Filled(k)})
	}
	return p, ""
}

// dativAction makes the card game's actions from the screen's forms.
func dativAction(r *http.Request, d *boardData) (json.RawMessage, error) {
	f := r.PostFormValue
	a := map[string]any{"type": f("type")}
	switch f("type") {
	case dativ.ActRead:
		if f("card") != "" {
			a["card"] = cardID("DAT", f("deck"), f("card"))
			a["side"] = f("side")
			if f("option") == "" {
				return nil, &scorer.Error{Status: http.StatusBadRequest, Rule: "option-missing", Field: "option", Msg: i18n.T("Bitte die Variante wählen, die du vorliest.", "Please choose the variant you read aloud.")}
			}
			a["option"] = f("option")
		}
	case dativ.ActVote:
		secretFromForm(a, r, d, "vote", "votes")
	case dativ.ActReveal:
		a["right"] = f("right") == "true"
	default:
		return nil, unknownAction(f("type"))
	}
	b, _ := json.Marshal(a)
	return b, nil
}

// dativPicked is the card the reader asked to see (?pick=ID&side=…), or "".
func dativPicked(r *http.Request) (string, string) {
	q := r.URL.Query()
	pick := strings.TrimSpace(q.Get("pick"))
	if pick != "" {
		pick = cardID("DAT", q.Get("deck"), pick)
	}
	return pick, q.Get("side")
}
