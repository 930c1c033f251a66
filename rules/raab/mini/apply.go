package mini

import (
	"slices"
	"strconv"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
)

// step is one action being applied to a copy of the state.
type step struct {
	e  *Engine
	sp *spec
	s  *State
	ev []rules.Event
}

// Apply returns the state after the action; it does not change s.
func (e *Engine) Apply(s State, a rules.Action) (State, []rules.Event, error) {
	sp := specs[s.Code]
	if sp == nil {
		return s, nil, forbid("unknown-minigame", "Unbekanntes Spiel „%s“", "unknown mini-game %q", s.Code)
	}
	if s.Winner != "" {
		return s, nil, forbid("duel-over", "Das Duell ist entschieden: %s hat gewonnen", "the duel is decided: %s has won", s.name(sideIndex(s.Winner)))
	}
	allowed := s.allowed()
	if !slices.Contains(allowed, a.Type) {
		return s, nil, forbid("not-allowed", "„%s“ ist jetzt nicht erlaubt (erlaubt: %s)", "%q is not allowed now (allowed: %s)",
			a.Type, strings.Join(allowed, ", "))
	}
	n := s.clone()
	st := &step{e: e, sp: sp, s: &n}
	if a.Type != "grab" {
		n.Grab = "" // the grab is only right after the opponent's failure
	}
	var err error
	if do, ok := handlers[a.Type]; ok {
		err = do(st, a)
	} else {
		err = forbid("not-allowed", "Unbekannte Aktion „%s“", "unknown action %q", a.Type)
	}
	if err != nil {
		return s, nil, err
	}
	return n, st.ev, nil
}

// handler carries out one action type on a step.
type handler func(st *step, a rules.Action) error

// withPayload is the handler of a step method that takes its action's
// fields: they are decoded (strictly, as every action is) before it runs,
// so that no method repeats the decoding.
func withPayload[P any](do func(st *step, p P) error) handler {
	return func(st *step, a rules.Action) error {
		var p P
		if err := decode(a, &p); err != nil {
			return err
		}
		return do(st, p)
	}
}

// handlers are the action types of all mini-games; which of them a game
// allows at a moment is the spec's to say (allowed).
var handlers = map[string]handler{
	"buzz":     withPayload((*step).buzz),
	"point":    withPayload((*step).point),
	"grab":     withPayload((*step).grab),
	"skip":     withPayload((*step).skip),
	"choose":   withPayload((*step).choose),
	"guess":    withPayload((*step).guess),
	"hits":     withPayload((*step).hits),
	"bet":      withPayload((*step).bet),
	"answer":   withPayload((*step).answer),
	"allnamed": withPayload((*step).allNamed),
	"tally":    withPayload((*step).tally),
	"count":    withPayload((*step).count),
	// Buchstabieren's three turns share one payload; spell tells them
	// apart by the action's type.
	"spell": (*step).spell,
	"pass":  (*step).spell,
	"time":  (*step).spell,
}

func sideIndex(key string) int {
	i, _ := ParseSide(key)
	return i
}

// side reads an action's side; def is used when it is missing (-1: required).
func (st *step) side(v string, def int) (int, error) {
	if v == "" {
		if def < 0 {
			return 0, forbid("missing-side", "Welche Seite? „side“: red oder blue", "which side? \"side\": red or blue")
		}
		return def, nil
	}
	side, ok := ParseSide(v)
	if !ok {
		return 0, forbid("bad-side", "„side“ muss red oder blue sein, nicht „%s“", "\"side\" must be red or blue, not %q", v)
	}
	return side, nil
}

func need[T any](p *T, field string) (T, error) {
	var zero T
	if p == nil {
		return zero, forbid("missing-field", "Das Feld „%s“ fehlt", "field %q is missing", field)
	}
	return *p, nil
}

func notHere(field string, given bool, s *State) error {
	if given {
		return forbid("field-not-used", "Das Feld „%s“ gibt es bei %s nicht", "field %q does not apply to %s", field, s.Name, s.Name)
	}
	return nil
}

// why is a reason that names the side it is about.
func (st *step) why(side int, de, en string) i18n.Text {
	return text("%s: %s", "%s: %s", st.s.name(side), label{de, en})
}

// award gives points to a side and says so.
func (st *step) award(side, pts int, why i18n.Text) {
	if pts == 0 {
		return
	}
	s := st.s
	s.Score[side] += pts
	unitDE, unitEN := "Punkte", "points"
	if pts == 1 {
		unitDE, unitEN = "Punkt", "point"
	}
	st.ev = append(st.ev, event("%s – %s bekommt %d %s (%d:%d).", "%s – %s gets %d %s (%d:%d).",
		label{why.DE, why.EN}, s.name(side), pts, label{unitDE, unitEN}, s.Score[Red], s.Score[Blue]))
}

func (st *step) say(de, en string, args ...any) { st.ev = append(st.ev, event(de, en, args...)) }

// win ends the duel.
func (st *step) win(side int) {
	s := st.s
	s.Winner = sideKeys[side]
	s.Task = Task{}
	s.Grab = ""
	s.Bets = [2]int{}
	st.say("%s gewinnt „%s“ (%d:%d).", "%s wins %q (%d:%d).", s.name(side), s.Name, s.Score[Red], s.Score[Blue])
}

// decideOrTie ends the duel for the leader, or, on equal scores, plays on.
func (st *step) decideOrTie() {
	s := st.s
	if s.Score[Red] != s.Score[Blue] {
		st.win(leader(s.Score))
		return
	}
	if !s.Tie {
		s.Tie = true
		st.say("Gleichstand %d:%d – es geht weiter, bis einer vorn liegt.", "Tied %d:%d – play goes on until one side leads.", s.Score[Red], s.Score[Blue])
	}
}

func leader(score [2]int) int {
	if score[Blue] > score[Red] {
		return Blue
	}
	return Red
}

// settle checks a race or best-of game's end after scoring; taskDone
// counts a finished task.
func (st *step) settle(taskDone bool) {
	s := st.s
	if taskDone {
		s.Tasks++
	}
	switch st.sp.end {
	case race:
		if s.Tie || max(s.Score[Red], s.Score[Blue]) >= st.sp.target {
			st.decideOrTie()
		}
	case best:
		if taskDone && (s.Tie || s.Tasks >= st.sp.target) {
			st.decideOrTie()
		}
	}
}

// finishTask closes a task spanning several actions.
func (st *step) finishTask() { st.s.Task = Task{} }

// ---------------------------------------------------------------------------
// Buzzer

type buzzP struct {
	base
	Side    string   `json:"side"`
	Correct *bool    `json:"correct"`
	Hit     *bool    `json:"hit"`    // Wer lügt?
	Item    int      `json:"item"`   // Wer lügt?: the number (1–7) of the answer read out
	Guess   *float64 `json:"guess"`  // Buchstaben zählen: the guess shown
	Answer  *float64 `json:"answer"` // Buchstaben zählen: the letters the word has
	Hint    int      `json:"hint"`   // hint games: after which hint the player buzzed
	Card    string   `json:"card"`
	Task    int      `json:"task"`
}

func (st *step) buzz(p buzzP) error {
	s := st.s
	side, err := st.side(p.Side, -1)
	if err != nil {
		return err
	}
	if err := notHere("hit", p.Hit != nil && s.Code != "WL", s); err != nil {
		return err
	}
	if err := notHere("item", p.Item != 0 && s.Code != "WL", s); err != nil {
		return err
	}
	if err := notHere("guess", p.Guess != nil && s.Code != "BZ", s); err != nil {
		return err
	}
	if err := notHere("answer", p.Answer != nil && s.Code != "BZ", s); err != nil {
		return err
	}
	if err := notHere("hint", p.Hint != 0 && st.sp.hints == 0, s); err != nil {
		return err
	}
	switch {
	case s.Code == "WL":
		return st.buzzWhoLies(p, side)
	case st.sp.hints > 0:
		return st.buzzHint(p, side)
	}
	t, key, err := st.cardTask(p.Card, p.Task)
	if err != nil {
		return err
	}
	var correct bool
	switch s.Code {
	case "BZ":
		if correct, err = st.letterCount(p, t); err != nil {
			return err
		}
	default:
		if s.Code == "SQ" && t != nil {
			if err := showKind(t, "buzz"); err != nil {
				return err
			}
		}
		if correct, err = need(p.Correct, "correct"); err != nil {
			return err
		}
	}
	if err := st.use(key); err != nil {
		return err
	}
	if correct {
		st.award(side, 1, st.why(side, "richtig", "right"))
	} else {
		st.award(other(side), 1, st.why(side, "falsch oder keine Antwort", "wrong or no answer"))
		if s.Code == "BK" {
			s.Grab = sideKeys[other(side)]
		}
	}
	st.settle(true)
	if s.Winner != "" {
		s.Grab = ""
	}
	return nil
}

// letterCount judges a Buchstaben zählen guess: "correct", or the guess
// against the answer given or printed on the card.
func (st *step) letterCount(p buzzP, t decks.RaabTask) (bool, error) {
	if p.Guess == nil {
		if p.Answer != nil {
			return false, forbid("missing-field", "Das Feld „guess“ fehlt", "field \"guess\" is missing")
		}
		return need(p.Correct, "correct") // the host judged the shown guess
	}
	answer := p.Answer
	if t != nil {
		lc, ok := t.(decks.LetterCount)
		if !ok {
			return false, wrongCard(t)
		}
		n := float64(lc.Letters)
		if answer != nil && *answer != n {
			return false, mismatch("Buchstaben", n, *answer)
		}
		answer = &n
	}
	if answer == nil {
		return false, forbid("missing-field", "Zur Schätzung fehlt die Lösung („answer“ oder „card“)", "the guess needs the solution (\"answer\" or \"card\")")
	}
	correct := *p.Guess == *answer
	if p.Correct != nil && *p.Correct != correct {
		return false, forbid("answer-mismatch", "„correct“ widerspricht der Schätzung", "\"correct\" contradicts the guess")
	}
	return correct, nil
}

type point struct {
	base
	Side string `json:"side"`
	Card string `json:"card"`
	Task int    `json:"task"`
}

// point awards the question's point directly, as the host calls it.
func (st *step) point(p point) error {
	side, err := st.side(p.Side, -1)
	if err != nil {
		return err
	}
	t, key, err := st.cardTask(p.Card, p.Task)
	if err != nil {
		return err
	}
	if st.s.Code == "SQ" && t != nil {
		if err := showKind(t, "buzz"); err != nil {
			return err
		}
	}
	if err := st.use(key); err != nil {
		return err
	}
	st.award(side, 1, text("Punkt vom Moderator", "host's point"))
	st.settle(st.s.Code != "WL")
	return nil
}

type grabP struct {
	base
	Side    string `json:"side"`
	Correct *bool  `json:"correct"`
}

// grab is Blamieren oder Kassieren's second chance for the opponent.
func (st *step) grab(p grabP) error {
	s := st.s
	may := sideIndex(s.Grab)
	side, err := st.side(p.Side, may)
	if err != nil {
		return err
	}
	if side != may {
		return forbid("not-your-grab", "Abstauben darf nur %s, dessen Gegner gerade falsch lag", "only %s, whose opponent just failed, may grab", s.name(may))
	}
	correct, err := need(p.Correct, "correct")
	if err != nil {
		return err
	}
	s.Grab = ""
	if correct {
		st.award(side, 1, st.why(side, "staubt ab", "grabs"))
	} else {
		st.award(other(side), 1, st.why(side, "staubt daneben", "grabs wrongly"))
	}
	st.settle(false)
	return nil
}

type skipP struct {
	base
	Side string `json:"side"`
	Card string `json:"card"`
	Task int    `json:"task"`
}

// skip: nobody answers (any more); the task is over without a point. In a
// two-player hint game the asked player gives no answer.
func (st *step) skip(p skipP) error {
	s := st.s
	if t := s.twoRules(); t != nil {
		return st.twoAnswer(answerP{Side: p.Side, Card: p.Card, Task: p.Task}, false, true)
	}
	if p.Side != "" {
		return forbid("field-not-used", "„side“: bei „skip“ antwortet niemand", "\"side\": with \"skip\" nobody answers")
	}
	_, key, err := st.cardTask(p.Card, p.Task)
	if err != nil {
		return err
	}
	if s.Task.Active {
		if key != "" && key != s.Task.Key && s.Task.Key != "" {
			return forbid("task-open", "Erst die laufende Aufgabe %s beenden", "finish the current task %s first", s.Task.Key)
		}
		if key != "" && s.Task.Key == "" {
			if err := st.use(key); err != nil {
				return err
			}
		}
		st.finishTask()
	} else if err := st.use(key); err != nil {
		return err
	}
	st.say("Niemand antwortet: keine Punkte, nächste Aufgabe.", "Nobody answers: no points, next task.")
	st.settle(true)
	return nil
}

// ---------------------------------------------------------------------------
// Hint games with a host: Fremdsprachen, Tipp für Tipp, Wo läuft was?

// hintsOf is how many hints a card task has, or the game's number.
func (st *step) hintsOf(t decks.RaabTask) (int, error) {
	switch h := t.(type) {
	case nil:
		return st.sp.hints, nil
	case decks.Translation:
		return len(h.Clues), nil
	case decks.Hints:
		return len(h.Hints), nil
	}
	return 0, wrongCard(t)
}

func (st *step) buzzHint(p buzzP, side int) error {
	s := st.s
	correct, err := need(p.Correct, "correct")
	if err != nil {
		return err
	}
	t, key, err := st.cardTask(p.Card, p.Task)
	if err != nil {
		return err
	}
	hints, err := st.hintsOf(t)
	if err != nil {
		return err
	}
	if err := st.openTask(key); err != nil {
		return err
	}
	if s.Task.Hints == 0 || t != nil {
		s.Task.Hints = hints
	}
	hint := p.Hint
	if hint == 0 {
		hint = s.Task.Hint
	}
	if hint < s.Task.Hint {
		return forbid("hint-passed", "Tipp %d ist vorbei: nach der falschen Antwort kommt frühestens Tipp %d", "hint %d is past: after the wrong answer the earliest is hint %d", hint, s.Task.Hint)
	}
	if hint > s.Task.Hints {
		return forbid("hint-range", "Die Aufgabe hat nur %d Tipps, nicht %d", "the task has only %d hints, not %d", s.Task.Hints, hint)
	}
	done := true
	if correct {
		st.award(side, 1, st.why(side, "richtig", "right"))
	} else {
		st.award(other(side), 1, st.why(side, "falsch oder keine Antwort", "wrong or no answer"))
		if hint < s.Task.Hints {
			s.Task.Hint = hint + 1
			done = false
		}
	}
	if done {
		st.finishTask()
	}
	st.settle(done)
	return nil
}

// openTask starts a task spanning several actions, or checks that an
// action names the task in progress.
func (st *step) openTask(key string) error {
	s := st.s
	if !s.Task.Active {
		if err := st.use(key); err != nil {
			return err
		}
		s.Task = Task{Active: true, Key: key, Hint: 1}
		return nil
	}
	if key == "" || key == s.Task.Key {
		return nil
	}
	if s.Task.Key != "" {
		return forbid("task-open", "Erst die laufende Aufgabe %s beenden", "finish the current task %s first", s.Task.Key)
	}
	if err := st.use(key); err != nil {
		return err
	}
	s.Task.Key = key
	return nil
}

// ---------------------------------------------------------------------------
// Wer lügt? with a host

func (st *step) buzzWhoLies(p buzzP, side int) error {
	if p.Correct != nil {
		return forbid("field-not-used", "Bei Wer lügt? heißt es „hit“ (Treffer: die Antwort ist falsch), nicht „correct“",
			"in Wer lügt? it is \"hit\" (the answer is indeed wrong), not \"correct\"")
	}
	t, key, err := st.cardTask(p.Card, p.Task)
	if err != nil {
		return err
	}
	var hit bool
	if t != nil {
		w, ok := t.(decks.WhoLies)
		if !ok {
			return wrongCard(t)
		}
		n := len(w.Answers)
		if p.Item < 1 || p.Item > n {
			return forbid("bad-item", "„item“: die Nummer der vorgelesenen Antwort, 1 bis %d", "\"item\": the number of the answer read out, 1 to %d", n)
		}
		hit = w.IsFalse(p.Item - 1)
		if p.Hit != nil && *p.Hit != hit {
			return mismatch("Treffer", hit, *p.Hit)
		}
		if err := st.use(key + "/" + strconv.Itoa(p.Item)); err != nil {
			return err
		}
	} else {
		if p.Item != 0 {
			return forbid("task-without-card", "„item“ braucht eine Karte („card“)", "\"item\" needs a card (\"card\")")
		}
		if hit, err = need(p.Hit, "hit"); err != nil {
			return err
		}
	}
	if hit {
		st.award(side, 1, st.why(side, "Treffer", "hit"))
	} else {
		st.award(other(side), 1, st.why(side, "daneben, die Antwort stimmt", "miss, the answer is true"))
	}
	st.settle(false)
	return nil
}

// showKind checks that a Showquiz card's question is of the kind the
// action scores.
func showKind(t decks.RaabTask, action string) error {
	q, ok := t.(decks.ShowQuestion)
	if !ok {
		return wrongCard(t)
	}
	want := map[string]decks.ShowKind{"buzz": decks.ShowBuzzer, "choose": decks.ShowChoice, "guess": decks.ShowEstimate}[action]
	if q.Kind != want {
		return forbid("wrong-kind", "Das ist eine %s-Frage, keine %s-Frage", "this is a %s question, not a %s question", q.Kind, want)
	}
	return nil
}
