package mini

import (
	"druckreif/decks"
	"druckreif/rules"
)

// Players answering in turn: Wer weiß mehr?, the two-player variants and
// Buchstabieren.

type answerP struct {
	base
	Side    string `json:"side"`
	Correct *bool  `json:"correct"`
	Hint    int    `json:"hint"`  // two-player hint games: after which hint (translation, show) the answer came
	Total   int    `json:"total"` // Wer weiß mehr?: how many correct answers the question has
	Card    string `json:"card"`
	Task    int    `json:"task"`
}

func (st *step) answer(p answerP) error {
	s := st.s
	if err := notHere("total", p.Total != 0 && s.Code != "WM", s); err != nil {
		return err
	}
	if err := notHere("hint", p.Hint != 0 && !(s.twoRules() != nil && s.twoRules().hintPts > 0), s); err != nil {
		return err
	}
	correct, err := need(p.Correct, "correct")
	if err != nil {
		return err
	}
	if s.Code == "WM" {
		return st.answerInTurn(p, correct)
	}
	return st.twoAnswer(p, correct, false)
}

// nextAsked is the side to be asked next in a two-player round: the
// players alternate, the opponent of the first questioner first.
func (s State) nextAsked() int {
	fa := other(s.first())
	switch {
	case s.Asked[fa] >= s.Quota:
		return other(fa)
	case s.Asked[other(fa)] >= s.Quota:
		return fa
	case s.Asked[fa] <= s.Asked[other(fa)]:
		return fa
	}
	return other(fa)
}

// asked reads and checks the side answering a two-player task.
func (st *step) asked(v string) (int, error) {
	s := st.s
	side, err := st.side(v, s.nextAsked())
	if err != nil {
		return 0, err
	}
	if s.Asked[side] >= s.Quota {
		return 0, forbid("quota-done", "%s hat in dieser Runde schon alle %d Aufgaben bekommen; jetzt fragt %s", "%s already had all %d tasks of this round; now %s is asked",
			s.name(side), s.Quota, s.name(other(side)))
	}
	return side, nil
}

// twoAnswer is one task of a two-player round: Autokennzeichen's plates
// (right: a point, wrong: a point for the reader) or the hint games (5…1
// or 3…1 points by hint, a wrong answer takes the task out).
func (st *step) twoAnswer(p answerP, correct, skipped bool) error {
	s := st.s
	tr := s.twoRules()
	side, err := st.asked(p.Side)
	if err != nil {
		return err
	}
	t, key, err := st.cardTask(p.Card, p.Task)
	if err != nil {
		return err
	}
	switch {
	case tr.hintPts > 0:
		hints, err := st.hintsOf(t)
		if err != nil {
			return err
		}
		if p.Hint != 0 && (p.Hint < 1 || p.Hint > hints) {
			return forbid("hint-range", "Die Aufgabe hat %d Tipps: „hint“ ist 1 bis %d, nicht %d", "the task has %d hints: \"hint\" is 1 to %d, not %d", hints, hints, p.Hint)
		}
		if err := st.use(key); err != nil {
			return err
		}
		switch {
		case skipped:
			st.say("%s antwortet nicht: 0 Punkte.", "%s does not answer: 0 points.", s.name(side))
		case !correct:
			st.say("%s antwortet falsch: die Aufgabe ist aus dem Spiel, 0 Punkte.", "%s answers wrongly: the task is out, 0 points.", s.name(side))
		case p.Hint == 0:
			return forbid("missing-field", "Nach dem wievielten Tipp kam die richtige Antwort? („hint“: 1 bis %d)", "after which hint came the right answer? (\"hint\": 1 to %d)", hints)
		default:
			pts := tr.hintPts + 1 - p.Hint
			st.award(side, pts, text("richtig nach Tipp %d", "right after hint %d", p.Hint))
		}
	default: // Autokennzeichen for two
		if err := st.use(key); err != nil {
			return err
		}
		if correct {
			st.award(side, 1, st.why(side, "richtig", "right"))
		} else {
			st.award(other(side), 1, st.why(side, "falsch oder keine Antwort", "wrong or no answer"))
		}
	}
	s.Asked[side]++
	s.Tasks++
	st.settleRound()
	return nil
}

// answerInTurn is Wer weiß mehr? with a host: the players answer in turn;
// a wrong, repeated or missing answer gives the opponent the point; when
// all answers are named nobody scores. The starting player alternates.
func (st *step) answerInTurn(p answerP, correct bool) error {
	s := st.s
	t, key, err := st.cardTask(p.Card, p.Task)
	if err != nil {
		return err
	}
	total := p.Total
	if t != nil {
		e, ok := t.(decks.Enumeration)
		if !ok {
			return wrongCard(t)
		}
		if total != 0 && total != len(e.Answers) {
			return mismatch("Antworten", len(e.Answers), total)
		}
		total = len(e.Answers)
	}
	if total < 0 {
		return forbid("bad-total", "„total“ kann nicht negativ sein", "\"total\" cannot be negative")
	}
	fresh := !s.Task.Active
	if err := st.openTask(key); err != nil {
		return err
	}
	if fresh {
		starter := s.first()
		if s.Tasks%2 == 1 {
			starter = other(starter)
		}
		s.Task.Turn = sideKeys[starter]
		s.Task.Hint = 0
	}
	if total != 0 {
		if s.Task.Total != 0 && s.Task.Total != total {
			return forbid("total-mismatch", "Die Frage hat %d richtige Antworten, nicht %d", "the question has %d correct answers, not %d", s.Task.Total, total)
		}
		if total <= s.Task.Named {
			return forbid("total-mismatch", "Es wurden schon %d richtige Antworten genannt", "%d correct answers have already been named", s.Task.Named)
		}
		s.Task.Total = total
	}
	turn := sideIndex(s.Task.Turn)
	side, err := st.side(p.Side, turn)
	if err != nil {
		return err
	}
	if side != turn {
		return forbid("not-your-turn", "Jetzt antwortet %s", "%s answers now", s.name(turn))
	}
	if !correct {
		st.award(other(side), 1, st.why(side, "falsche, doppelte oder keine Antwort", "wrong, repeated or no answer"))
		st.finishTask()
		st.settle(true)
		return nil
	}
	s.Task.Named++
	if s.Task.Total != 0 && s.Task.Named >= s.Task.Total {
		st.say("Alle %d Antworten sind genannt: kein Punkt.", "All %d answers are named: no point.", s.Task.Total)
		st.finishTask()
		st.settle(true)
		return nil
	}
	s.Task.Turn = sideKeys[other(side)]
	st.say("%s: richtig (%d genannt), jetzt %s.", "%s: right (%d named), now %s.", s.name(side), s.Task.Named, s.name(other(side)))
	return nil
}

// allNamed closes a Wer weiß mehr? question whose number of answers was
// not given: all are named, nobody scores.
func (st *step) allNamed(p base) error {
	st.say("Alle Antworten sind genannt: kein Punkt.", "All answers are named: no point.")
	st.finishTask()
	st.settle(true)
	return nil
}

type tallyP struct {
	base
	Side   string `json:"side"`
	Right  *int   `json:"right"`
	Wrong  *int   `json:"wrong"`
	Marked []int  `json:"marked"` // Wer lügt? for two with a card: the answers (1–7) marked as lies
	Card   string `json:"card"`
	Task   int    `json:"task"`
}

// tally scores a written two-player task: each right answer (Wer lügt?: a
// lie found) is a point for the asked player, each wrong one a point for
// the questioner.
func (st *step) tally(p tallyP) error {
	s := st.s
	if err := notHere("marked", p.Marked != nil && s.Code != "WL", s); err != nil {
		return err
	}
	side, err := st.asked(p.Side)
	if err != nil {
		return err
	}
	t, key, err := st.cardTask(p.Card, p.Task)
	if err != nil {
		return err
	}
	right, wrong := -1, -1
	if p.Right != nil {
		right = *p.Right
	}
	if p.Wrong != nil {
		wrong = *p.Wrong
	}
	limit := 0 // the most right answers possible (0: no limit known)
	switch c := t.(type) {
	case nil:
		if p.Marked != nil {
			return forbid("task-without-card", "„marked“ braucht eine Karte („card“)", "\"marked\" needs a card (\"card\")")
		}
		if s.Code == "WL" {
			limit = 7
		}
	case decks.WhoLies:
		if p.Marked == nil {
			limit = len(c.False)
			break
		}
		seen := map[int]bool{}
		r, w := 0, 0
		for _, m := range p.Marked {
			if m < 1 || m > len(c.Answers) || seen[m] {
				return forbid("bad-item", "„marked“: verschiedene Antwortnummern 1 bis %d", "\"marked\": distinct answer numbers 1 to %d", len(c.Answers))
			}
			seen[m] = true
			if c.IsFalse(m - 1) {
				r++
			} else {
				w++
			}
		}
		if right >= 0 && right != r || wrong >= 0 && wrong != w {
			return mismatch("Treffer/Fehler", itoa(r)+"/"+itoa(w), itoa(max(right, 0))+"/"+itoa(max(wrong, 0)))
		}
		right, wrong = r, w
	case decks.Enumeration:
		if len(c.Answers) < 7 {
			return forbid("too-few-answers", "Zu zweit nur Aufgaben mit mindestens 7 Antworten; diese hat %d", "with two players only tasks with at least 7 answers; this one has %d", len(c.Answers))
		}
		limit = len(c.Answers)
	default:
		return wrongCard(t)
	}
	if right < 0 || wrong < 0 {
		return forbid("missing-field", "„right“ und „wrong“ (Anzahl) angeben", "give \"right\" and \"wrong\" (counts)")
	}
	if limit > 0 && right > limit {
		return forbid("too-many-right", "Mehr als %d richtige Antworten gibt es nicht", "there are no more than %d right answers", limit)
	}
	if s.Code == "WL" && right+wrong > 7 {
		return forbid("too-many-right", "Es gibt nur 7 Antworten", "there are only 7 answers")
	}
	if err := st.use(key); err != nil {
		return err
	}
	st.award(side, right, text("richtige Antworten", "right answers"))
	st.award(other(side), wrong, st.why(side, "Fehler", "mistakes"))
	if right == 0 && wrong == 0 {
		st.say("%s: nichts notiert, keine Punkte.", "%s: nothing noted, no points.", s.name(side))
	}
	s.Asked[side]++
	s.Tasks++
	st.settleRound()
	return nil
}

type countP struct {
	base
	Side  string `json:"side"`
	Count *int   `json:"count"`
	Red   *int   `json:"red"`
	Blue  *int   `json:"blue"`
	Card  string `json:"card"`
}

// count records the result of a written or timed two-player round:
// Buchstabensalat's correct words, Kopfrechnen's and Wörter rückwärts'
// solved tasks in one sand timer.
func (st *step) count(p countP) error {
	s := st.s
	tr := s.twoRules()
	limit, key := tr.maxCnt, ""
	if p.Card != "" {
		if s.Code != "BS" {
			return forbid("field-not-used", "Das Feld „card“ gibt es hier nicht", "field \"card\" does not apply here")
		}
		n, k, err := st.wholeCard(p.Card)
		if err != nil {
			return err
		}
		limit, key = n, k
	}
	var counts [2]*int
	switch {
	case p.Side != "" || p.Count != nil:
		if p.Red != nil || p.Blue != nil {
			return forbid("bad-action", "Entweder „side“ und „count“ oder „red“ und „blue“", "either \"side\" and \"count\" or \"red\" and \"blue\"")
		}
		side, err := st.side(p.Side, -1)
		if err != nil {
			return err
		}
		if p.Count == nil {
			return forbid("missing-field", "Das Feld „count“ fehlt", "field \"count\" is missing")
		}
		counts[side] = p.Count
	default:
		if p.Red == nil && p.Blue == nil {
			return forbid("missing-field", "Ergebnis fehlt: „red“/„blue“ oder „side“ und „count“", "result missing: \"red\"/\"blue\" or \"side\" and \"count\"")
		}
		counts = [2]*int{p.Red, p.Blue}
	}
	for i, c := range counts {
		if c == nil {
			continue
		}
		if s.Counted[i] {
			return forbid("already-counted", "Das Ergebnis von %s steht in dieser Runde schon fest", "%s's result of this round is already in", s.name(i))
		}
		if *c < 0 || limit > 0 && *c > limit {
			return forbid("bad-count", "%s: %d ist kein mögliches Ergebnis (0 bis %d)", "%s: %d is not a possible result (0 to %d)", s.name(i), *c, limit)
		}
	}
	if err := st.use(key); err != nil {
		return err
	}
	for i, c := range counts {
		if c == nil {
			continue
		}
		s.Counted[i] = true
		s.Score[i] = *c
		st.say("%s: %d gelöst.", "%s: %d solved.", s.name(i), *c)
	}
	st.settleRound()
	return nil
}

// wholeCard reads a card named as a whole: its number of tasks.
func (st *step) wholeCard(id string) (int, string, error) {
	if st.e.set == nil {
		return 0, "", forbid("no-decks", "Ohne geladene Decks kann die Karte %s nicht gelesen werden", "without loaded decks card %s cannot be read", id)
	}
	f, _ := st.e.set.Find(decks.ParseRef(id))
	if f == nil || f.Raab == nil {
		return 0, "", forbid("unknown-card", "Die Karte %s gibt es in den Decks nicht", "there is no card %s in the decks", id)
	}
	if f.Raab.Game.Code != st.s.Code {
		return 0, "", forbid("wrong-game", "Die Karte %s gehört zu „%s“, gespielt wird „%s“", "card %s belongs to %q, the game is %q", f.Raab.ID, f.Raab.Game.Name, st.s.Name)
	}
	return len(f.Raab.Tasks), f.Raab.ID, nil
}

// settleRound ends a two-player round once every side has had its tasks
// (or its count): the leader wins; a tie repeats the game from 0 or adds
// one more task each.
func (st *step) settleRound() {
	s := st.s
	tr := s.twoRules()
	if tr.quota > 0 {
		if s.Asked[Red] < s.Quota || s.Asked[Blue] < s.Quota {
			return
		}
	} else if !s.Counted[Red] || !s.Counted[Blue] {
		return
	}
	if s.Score[Red] != s.Score[Blue] {
		st.win(leader(s.Score))
		return
	}
	s.Round++
	s.Asked = [2]int{}
	s.Counted = [2]bool{}
	if tr.tie == repeatGame {
		s.Earlier = append(s.Earlier, Round{Score: s.Score})
		st.say("Gleichstand %d:%d: das Spiel wird mit neuen Aufgaben wiederholt.", "Tied %d:%d: the game is repeated with new tasks.", s.Score[Red], s.Score[Blue])
		s.Score = [2]int{}
		s.Tasks = 0
		s.Quota = tr.quota
		return
	}
	s.Tie = true
	s.Quota = 1
	st.say("Gleichstand %d:%d: jeder stellt noch eine Aufgabe.", "Tied %d:%d: each poses one more task.", s.Score[Red], s.Score[Blue])
}

// ---------------------------------------------------------------------------
// Buchstabieren

type spellP struct {
	base
	Side    string `json:"side"`
	Correct *bool  `json:"correct"`
}

// spell handles Buchstabieren's turns: "spell" (right or wrong), "pass"
// (the player says "next") and "time" (the sand timer ran out).
func (st *step) spell(a rules.Action) error {
	var p spellP
	if err := decode(a, &p); err != nil {
		return err
	}
	s := st.s
	sp := sideIndex(s.Speller)
	side, err := st.side(p.Side, sp)
	if err != nil {
		return err
	}
	if side != sp {
		return forbid("not-your-turn", "Jetzt buchstabiert %s", "%s is spelling now", s.name(sp))
	}
	switch a.Type {
	case "spell":
		correct, err := need(p.Correct, "correct")
		if err != nil {
			return err
		}
		s.Term++
		if correct {
			s.Score[sp]++
			st.say("%s buchstabiert Begriff %d richtig (%d richtig).", "%s spells term %d right (%d right).", s.name(sp), s.Term, s.Score[sp])
		} else {
			s.Mistakes[sp]++
			st.say("%s: Begriff %d falsch (%d %s).", "%s: term %d wrong (%d %s).", s.name(sp), s.Term, s.Mistakes[sp],
				plural(s.Mistakes[sp], "Fehler", "Fehler", "mistake", "mistakes"))
		}
	case "pass":
		if p.Correct != nil {
			return forbid("field-not-used", "„pass“ hat kein „correct“", "\"pass\" has no \"correct\"")
		}
		s.Term++
		st.say("%s: „weiter“ – Begriff %d ausgelassen.", "%s: \"next\" – term %d skipped.", s.name(sp), s.Term)
	case "time":
		if p.Correct != nil {
			return forbid("field-not-used", "„time“ hat kein „correct“", "\"time\" has no \"correct\"")
		}
		st.say("Die Sanduhr ist abgelaufen.", "The sand timer has run out.")
		st.endSpelling(sp)
		return nil
	}
	if s.Term >= 10 {
		st.endSpelling(sp)
	}
	return nil
}

// endSpelling ends a player's turn; after both, more correct terms win,
// then fewer mistakes, else the game is repeated with new terms.
func (st *step) endSpelling(sp int) {
	s := st.s
	s.Spelled[sp] = true
	s.Term = 0
	st.say("%s ist fertig: %d richtig, %d %s.", "%s is done: %d right, %d %s.", s.name(sp), s.Score[sp], s.Mistakes[sp],
		plural(s.Mistakes[sp], "Fehler", "Fehler", "mistake", "mistakes"))
	if !s.Spelled[other(sp)] {
		s.Speller = sideKeys[other(sp)]
		return
	}
	s.Tasks++
	switch {
	case s.Score[Red] != s.Score[Blue]:
		st.win(leader(s.Score))
	case s.Mistakes[Red] != s.Mistakes[Blue]:
		w := Red
		if s.Mistakes[Blue] < s.Mistakes[Red] {
			w = Blue
		}
		st.say("Gleich viele richtig (%d): %s hat weniger Fehler.", "Equally many right (%d): %s made fewer mistakes.", s.Score[Red], s.name(w))
		st.win(w)
	default:
		s.Earlier = append(s.Earlier, Round{Score: s.Score, Mistakes: s.Mistakes})
		st.say("Gleich viele richtig und gleich viele Fehler: das Spiel wird mit neuen Begriffen wiederholt.",
			"Equally many right and equally many mistakes: the game is repeated with new terms.")
		s.Score, s.Mistakes, s.Spelled = [2]int{}, [2]int{}, [2]bool{}
		s.Round++
		s.Speller = s.First
	}
}
