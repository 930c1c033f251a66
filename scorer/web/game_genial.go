package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/genial"
	"druckreif/scorer"
)

// Genial daneben: the questioner's phone shows the card with its asterisk
// answer; every other phone has its answer tiles a, b, c (secret until all
// are laid) or the table's phone enters them; the score track, the
// two-player rule and the tie-break among the tied leaders.
func init() {
	screens["genial"] = screen{view: genialScreen, action: genialAction}
}

type genialView struct {
	Phase      string
	Questioner scorer.Marker
	IsAsker    bool // this phone asks: the questioner's seat or the table's phone
	Players    []genialPlayer
	Question   *genial.Question
	Reveal     string // the asterisk answer for the table's phone, on a tap
	Letters    []string
	CanAsk     bool
	Deal       bool
	Decks      []string
	WantAnswer bool
	Answered   bool
	Entry      []scorer.Marker // the table's phone enters the tiles
	CanReveal  bool
	TieBreak   int
	Two        bool
	Over       bool
	Winner     string
}

type genialPlayer struct {
	Marker  scorer.Marker
	Score   int
	Left    int
	Answer  string
	Chosen  bool
	Acting  bool
	InTie   bool
	Correct bool
}

func genialScreen(d *boardData) any {
	st, ok := d.Snap.State.(genial.State)
	if !ok {
		return nil
	}
	g := &genialView{Phase: st.Phase, Letters: []string{"a", "b", "c"}, Deal: st.Deal, TieBreak: st.TieBreak, Two: len(st.Players) == 2, Over: st.Phase == genial.PhaseOver, Winner: st.Winner}
	q := ""
	if st.Questioner >= 0 && st.Questioner < len(st.Players) {
		q = st.Players[st.Questioner]
		g.Questioner = d.marker(q)
	}
	viewer := d.Snap.Viewer
	g.IsAsker = viewer.Role == rules.RoleTable || (viewer.Role == rules.RolePlayer && viewer.Player == q)
	for i, p := range st.Players {
		gp := genialPlayer{Marker: d.marker(p), Score: st.Scores[i], Left: st.Left[i], Answer: st.Answers[i], Acting: d.Acting(p), InTie: slices.Contains(st.Contenders, i)}
		if pend := d.Snap.Pending; pend != nil && slices.Contains(pend.Chosen, p) {
			gp.Chosen = true
		}
		g.Players = append(g.Players, gp)
	}
	if st.Question != nil {
		qq := *st.Question
		g.Question = &qq
		// The questioner's phone (or the table's, passed to the
		// questioner) keeps the asterisk behind a tap, never inline.
		switch {
		case qq.Correct != "" && g.IsAsker:
			g.Reveal = qq.Correct
		case qq.Correct == "" && viewer.Role == rules.RoleTable && qq.Card != "":
			if f, _ := d.Cards.Find(decks.ParseRef(qq.Card)); f != nil && f.Genial != nil {
				g.Reveal = f.Genial.CorrectLetter()
			}
		}
		if i := strings.Index("abc", g.Reveal); g.Reveal != "" && i >= 0 && i < len(qq.Answers) {
			g.Reveal += ") " + qq.Answers[i]
		}
		g.Question.Correct = ""
	}
	allowed := func(t string) bool { return slices.Contains(d.Snap.Next.Allowed, t) }
	g.CanAsk = d.CanAct && g.IsAsker && allowed(genial.ActAsk)
	if g.CanAsk {
		for _, dk := range d.Cards.Game(decks.Genial) {
			g.Decks = append(g.Decks, dk.Info.Code)
		}
	}
	d.Choosing = allowed(genial.ActAnswer)
	g.WantAnswer, g.Answered, g.Entry = d.secretChoice(allowed(genial.ActAnswer), func(name string) bool {
		i := slices.Index(st.Players, name)
		return i >= 0 && st.Answers[i] != "" && st.Answers[i] != genial.Hidden
	})
	g.CanReveal = d.CanAct && g.IsAsker && allowed(genial.ActReveal)
	return g
}

// genialAction makes Genial's actions from the screen's forms.
func genialAction(r *http.Request, d *boardData) (json.RawMessage, error) {
	f := r.PostFormValue
	a := map[string]any{"type": f("type")}
	switch f("type") {
	case genial.ActAsk:
		if strings.TrimSpace(f("card")) != "" {
			a["card"] = cardID("GEN", f("deck"), f("card"))
		}
		if f("correct") != "" {
			a["correct"] = f("correct")
		}
	case genial.ActAnswer:
		secretFromForm(a, r, d, "answer", "answers")
	case genial.ActReveal:
		a["correct"] = f("correct")
	default:
		return nil, unknownAction(f("type"))
	}
	b, _ := json.Marshal(a)
	return b, nil
}
