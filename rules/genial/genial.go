// Package genial is the rules engine of „Genial daneben: Das Spiel“: the
// questioner reads a question with three answers, every other player
// answers a, b or c, a correct answer is worth 10 points (20 when it is the
// only correct one) and the questioner gets 10 points for every wrong
// answer. Ties at the end are broken with new cards.
//
// A question goes through the phases "ask" (the questioner reads the top
// card of their stack), "answer" (every answering player picks a letter)
// and — only when the correct answer is not known yet — "reveal" (the
// questioner reads out the answer marked with the asterisk). Rule
// decisions are documented in docs/replay/genial.md.
package genial

import (
	"encoding/json"
	"fmt"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
)

// Phases of a question.
const (
	PhaseAsk    = "ask"
	PhaseAnswer = "answer"
	PhaseReveal = "reveal"
	PhaseOver   = "over"
)

// Action types.
const (
	ActAsk    = "ask"
	ActAnswer = "answer"
	ActReveal = "reveal"
)

// Points of the rulebook.
const (
	PointsShared = 10 // a correct answer shared with other correct players
	PointsAlone  = 20 // the only correct answer
	PointsWrong  = 10 // to the questioner, for every wrong answer
)

// CardsEach is how many cards each player is dealt for n players (0 for a
// player count the game does not support).
func CardsEach(n int) int {
	switch n {
	case 2:
		return 9
	case 3:
		return 6
	case 4:
		return 5
	}
	return 0
}

// Setup is the first line of a replay file.
type Setup struct {
	Game    string   `json:"game"`
	Players []string `json:"players"`         // in clockwise seating order
	Seed    int64    `json:"seed"`            // only used with deal
	First   string   `json:"first,omitempty"` // first questioner (the youngest); default players[0]
	Deal    bool     `json:"deal,omitempty"`  // the engine deals the stacks from the decks
	// Cards is a house rule: cards dealt to each player instead of the
	// rulebook's 9 / 6 / 5 (a shorter or a longer game).
	Cards int `json:"cards,omitempty"`
}

// Question is the card being asked.
type Question struct {
	Card     string   `json:"card,omitempty"`     // card ID, when given
	Text     string   `json:"text,omitempty"`     // the question, when looked up
	Answers  []string `json:"answers,omitempty"`  // a, b, c, when looked up
	Correct  string   `json:"correct,omitempty"`  // "a", "b" or "c"; empty until known
	Answerer []string `json:"answerer,omitempty"` // who answers this question
}

// State is the whole game.
type State struct {
	Players    []string   `json:"players"` // clockwise
	Scores     []int      `json:"scores"`
	Dealt      int        `json:"dealt"` // cards dealt to each player
	Left       []int      `json:"left"`  // cards left in each player's stack
	Asked      int        `json:"asked"` // questions asked so far, tie-breaks included
	Questioner int        `json:"questioner"`
	Phase      string     `json:"phase"`
	Question   *Question  `json:"question,omitempty"`
	Answers    []string   `json:"answers"`              // per player: "", "a", "b", "c"
	TieBreak   int        `json:"tie_break"`            // 0 in the main game, n in the n-th tie-break round
	Contenders []int      `json:"contenders,omitempty"` // the tied leaders in a tie-break
	TieQueue   []int      `json:"tie_queue,omitempty"`  // who still asks in this tie-break round, the current questioner first
	Used       []string   `json:"used,omitempty"`       // IDs of the cards asked
	Deal       bool       `json:"deal,omitempty"`
	Stacks     [][]string `json:"stacks,omitempty"`  // with deal: each player's stack, top first
	Reserve    []string   `json:"reserve,omitempty"` // with deal: the undealt cards, for tie-breaks
	Winner     string     `json:"winner,omitempty"`
}

type engine struct{ set *decks.Set }

// Version is the version of these rules. It changes whenever a change to
// the engine could give a recorded game another state, so that a stored
// table can tell it was played under other rules.
const Version = "1"

// New returns the engine. set may be nil: then ask actions (or a later
// reveal) carry the correct answer printed on the card.
func New(set *decks.Set) rules.Engine[State] { return engine{set} }

// Start deals (or counts) the cards.
func (e engine) Start(raw json.RawMessage) (State, error) {
	var su Setup
	if err := rules.DecodeStrict(raw, &su); err != nil {
		return State{}, rules.ForbidSetup("Die Einrichtung ist nicht lesbar (%v). Erlaubt sind game, players, seed, first, deal, cards.",
			"The setup cannot be read (%v). Allowed fields: game, players, seed, first, deal, cards.", err)
	}
	if su.Game != "" && su.Game != string(decks.Genial) {
		return State{}, rules.ForbidSetup("Diese Einrichtung ist für „%s“, nicht für Genial daneben.", "This setup is for %q, not for Genial daneben.", su.Game)
	}
	n := len(su.Players)
	if CardsEach(n) == 0 {
		return State{}, rules.Forbid("player-count", "Genial daneben ist für 2 bis 4 Personen, nicht für %d.", "Genial daneben is for 2 to 4 players, not %d.", n)
	}
	players, err := rules.SeatNames(su.Players)
	if err != nil {
		return State{}, err
	}
	dealt := CardsEach(n)
	if su.Cards != 0 {
		if su.Cards < 1 || su.Cards > 50 {
			return State{}, rules.ForbidSetup("Jeder bekommt 1 bis 50 Karten, nicht %d.", "Everyone gets 1 to 50 cards, not %d.", su.Cards)
		}
		dealt = su.Cards
	}
	s := State{Players: players, Scores: make([]int, n), Dealt: dealt, Left: make([]int, n), Answers: make([]string, n), Phase: PhaseAsk, Deal: su.Deal}
	for i := range s.Left {
		s.Left[i] = s.Dealt
	}
	if s.Questioner, err = rules.FirstSeat(players, su.First); err != nil {
		return State{}, err
	}
	if su.Deal {
		if e.set == nil {
			return State{}, rules.ForbidSetup("Zum Austeilen durch das Programm (deal) werden die Kartendecks gebraucht.", "Dealing by the program (deal) needs the card decks.")
		}
		var ids []string
		for _, c := range e.set.Genial() {
			ids = append(ids, c.ID)
		}
		if len(ids) < n*s.Dealt {
			return State{}, rules.ForbidSetup("Die geladenen Decks haben nur %d Genial-daneben-Karten, gebraucht werden %d.", "The loaded decks have only %d Genial daneben cards, %d are needed.", len(ids), n*s.Dealt)
		}
		rules.Shuffle(su.Seed, ids)
		s.Stacks = make([][]string, n)
		for i := range s.Stacks {
			s.Stacks[i] = ids[i*s.Dealt : (i+1)*s.Dealt : (i+1)*s.Dealt]
		}
		if rest := ids[n*s.Dealt:]; len(rest) > 0 {
			s.Reserve = rest
		}
	}
	return s, nil
}

func (s *State) index(name string) int { return rules.SeatOf(s.Players, name) }

func nilIfEmpty[T any](xs []T) []T {
	if len(xs) == 0 {
		return nil
	}
	return xs
}

// clone deep-copies the state, so Apply never changes the state it got.
func (s State) clone() State {
	c := s
	c.Players = append([]string(nil), s.Players...)
	c.Scores = append([]int(nil), s.Scores...)
	c.Left = append([]int(nil), s.Left...)
	c.Answers = append([]string(nil), s.Answers...)
	c.Contenders = nilIfEmpty(append([]int(nil), s.Contenders...))
	c.TieQueue = nilIfEmpty(append([]int(nil), s.TieQueue...))
	c.Used = nilIfEmpty(append([]string(nil), s.Used...))
	c.Reserve = nilIfEmpty(append([]string(nil), s.Reserve...))
	if s.Stacks != nil {
		c.Stacks = make([][]string, len(s.Stacks))
		for i, st := range s.Stacks {
			c.Stacks[i] = nilIfEmpty(append([]string(nil), st...))
		}
	}
	if s.Question != nil {
		q := *s.Question
		q.Answers = nilIfEmpty(append([]string(nil), s.Question.Answers...))
		q.Answerer = nilIfEmpty(append([]string(nil), s.Question.Answerer...))
		c.Question = &q
	}
	return c
}

// answerers are the players who answer the current questioner: everyone
// else in the main game, the other tied leaders in a tie-break.
func (s *State) answerers() []int {
	var out []int
	n := len(s.Players)
	for k := 1; k < n; k++ {
		i := (s.Questioner + k) % n
		if s.TieBreak > 0 && !containsInt(s.Contenders, i) {
			continue
		}
		out = append(out, i)
	}
	return out
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Apply plays one action.
func (e engine) Apply(s State, a rules.Action) (State, []rules.Event, error) {
	if s.Phase == PhaseOver {
		return s, nil, rules.Forbid("game-over", "Das Spiel ist schon vorbei: %s hat gewonnen.", "The game is already over: %s has won.", s.Winner)
	}
	return phases.Apply(e, s, a)
}

// phases is the question's table: which action is taken in which phase.
var phases = rules.Phases[engine, State]{
	In: i18n.T("bei Genial daneben", "in Genial daneben"),
	Steps: []rules.Step[engine, State]{
		{Type: ActAsk, Phase: PhaseAsk, Do: engine.ask},
		{Type: ActAnswer, Phase: PhaseAnswer, Do: engine.answer},
		{Type: ActReveal, Phase: PhaseReveal, Do: engine.reveal},
	},
	Phase: func(s State) string { return s.Phase },
	Clone: State.clone,
	Next:  engine.Next,
}

func parseLetter(v string) (string, bool) {
	l := strings.ToLower(strings.TrimSpace(v))
	if l == "a" || l == "b" || l == "c" {
		return l, true
	}
	return "", false
}

// AskAction is the questioner reading the top card.
type AskAction struct {
	Type    string `json:"type,omitempty"`
	Player  string `json:"player,omitempty"`  // optional check: must be the questioner
	Card    string `json:"card,omitempty"`    // card ID as printed or scanned
	Correct string `json:"correct,omitempty"` // a, b or c (the answer with the asterisk), when stated
}

func (e engine) ask(s *State, a rules.Action) ([]rules.Event, error) {
	var p AskAction
	if err := a.Decode(&p); err != nil {
		return nil, err
	}
	q := s.Players[s.Questioner]
	if p.Player != "" && s.index(p.Player) != s.Questioner {
		return nil, rules.Forbid("not-your-turn", "Jetzt fragt %s, nicht %s.", "%s asks now, not %s.", q, p.Player)
	}
	var question Question
	if p.Correct != "" {
		l, ok := parseLetter(p.Correct)
		if !ok {
			return nil, rules.Forbid("bad-answer", "„%s“ ist keine Antwort (a, b oder c).", "%q is not an answer (a, b or c).", p.Correct)
		}
		question.Correct = l
	}
	// With deal, the card comes from the questioner's stack or, in a
	// tie-break, from the undealt rest.
	var pile *[]string
	if s.Deal {
		if s.TieBreak == 0 {
			pile = &s.Stacks[s.Questioner]
		} else {
			pile = &s.Reserve
		}
		if len(*pile) == 0 {
			pile = nil
		}
	}
	var ev []rules.Event
	ref := decks.ParseRef(p.Card)
	if p.Card == "" && pile != nil {
		ref = decks.Ref{ID: (*pile)[0]}
	}
	if ref.ID != "" && e.set != nil {
		found, warn := e.set.Find(ref)
		if found == nil {
			return nil, rules.Forbid("unknown-card", "Die Karte %s ist in den geladenen Decks nicht zu finden. Ohne Kennung eingeben und die richtige Antwort angeben.",
				"Card %s is not in the loaded decks. Enter it without an ID and state the correct answer.", ref.ID)
		}
		if found.Genial == nil {
			return nil, rules.Forbid("wrong-game-card", "%s ist keine Karte von Genial daneben.", "%s is not a Genial daneben card.", ref.ID)
		}
		if warn != nil {
			ev = append(ev, rules.Event{Text: *warn})
		}
		c := found.Genial
		if question.Correct != "" && question.Correct != c.CorrectLetter() {
			return nil, rules.Forbid("correct-mismatch", "Laut Karte %s ist %s richtig, angegeben ist %s.", "According to card %s, %s is correct; %s was given.", c.ID, c.CorrectLetter(), question.Correct)
		}
		ref.ID = c.ID
		question.Text = c.Question
		question.Answers = []string{c.Answers[0], c.Answers[1], c.Answers[2]}
		question.Correct = c.CorrectLetter()
	}
	if pile != nil && ref.ID != (*pile)[0] {
		return nil, rules.Forbid("not-top-card", "Oben auf dem Stapel liegt %s, nicht %s.", "The top of the stack is %s, not %s.", (*pile)[0], ref.ID)
	}
	if ref.ID != "" {
		for _, u := range s.Used {
			if u == ref.ID {
				return nil, rules.Forbid("card-used", "Die Karte %s wurde in diesem Spiel schon gefragt.", "Card %s has already been asked in this game.", ref.ID)
			}
		}
		s.Used = append(s.Used, ref.ID)
		question.Card = ref.ID
	}
	if pile != nil {
		*pile = nilIfEmpty((*pile)[1:])
	}
	if s.TieBreak == 0 {
		s.Left[s.Questioner]--
	}
	s.Asked++
	for _, i := range s.answerers() {
		question.Answerer = append(question.Answerer, s.Players[i])
	}
	s.Question = &question
	s.Phase = PhaseAnswer
	t := i18n.Sprintf("Frage %d: %s fragt", "Question %d: %s asks", s.Asked, q)
	if s.TieBreak > 0 {
		t = i18n.Sprintf("Stechen, Runde %d: %s fragt", "Tie-break, round %d: %s asks", s.TieBreak, q)
	}
	if question.Card != "" {
		t.DE += " (" + question.Card + ")"
		t.EN += " (" + question.Card + ")"
	}
	if question.Text != "" {
		body := fmt.Sprintf(": %s a) %s b) %s c) %s", question.Text, question.Answers[0], question.Answers[1], question.Answers[2])
		t.DE += body
		t.EN += body
	} else {
		t.DE += "."
		t.EN += "."
	}
	ev = append(ev, rules.Event{Text: t})
	return ev, nil
}

// AnswerAction is one player's answer tile, or several at once.
type AnswerAction struct {
	Type    string            `json:"type,omitempty"`
	Player  string            `json:"player,omitempty"`
	Answer  string            `json:"answer,omitempty"`  // a, b or c
	Answers map[string]string `json:"answers,omitempty"` // player → letter
}

// answerTiles is the answer as a secret choice: one tile laid face down, or
// the printed tiles of several players entered at once.
var answerTiles = rules.SecretChoice[AnswerAction]{
	Type: ActAnswer, Field: "answer", Batch: "answers",
	Fields: func(p AnswerAction) (string, string, map[string]string) { return p.Player, p.Answer, p.Answers },
	One: func(player, answer string) AnswerAction {
		return AnswerAction{Type: ActAnswer, Player: player, Answer: answer}
	},
	Incomplete: i18n.T("Eine Antwort braucht player und answer (a, b oder c).", "An answer needs player and answer (a, b or c)."),
	Empty:      i18n.T("Keine Antwort angegeben.", "No answer given."),
}

func (e engine) answer(s *State, a rules.Action) ([]rules.Event, error) {
	var p AnswerAction
	if err := a.Decode(&p); err != nil {
		return nil, err
	}
	given, err := answerTiles.Given(p)
	if err != nil {
		return nil, err
	}
	answerers := s.answerers()
	got := make([]string, len(s.Players))
	for name, v := range given {
		i := s.index(name)
		if i < 0 {
			return nil, rules.Forbid("unknown-player", "„%s“ spielt nicht mit.", "%q is not playing.", name)
		}
		if i == s.Questioner {
			return nil, rules.Forbid("questioner-answers", "%s stellt die Frage und antwortet nicht selbst.", "%s asks the question and does not answer it.", s.Players[i])
		}
		if !containsInt(answerers, i) {
			return nil, rules.Forbid("not-in-tiebreak", "%s ist nicht im Stechen: nur die punktgleichen Führenden spielen weiter.", "%s is not in the tie-break: only the tied leaders play on.", s.Players[i])
		}
		if s.Answers[i] != "" || got[i] != "" {
			return nil, rules.Forbid("already-answered", "%s hat schon geantwortet.", "%s has already answered.", s.Players[i])
		}
		l, ok := parseLetter(v)
		if !ok {
			return nil, rules.Forbid("bad-answer", "„%s“ ist keine Antwort (a, b oder c).", "%q is not an answer (a, b or c).", v)
		}
		got[i] = l
	}
	var ev []rules.Event
	for i, l := range got {
		if l != "" {
			s.Answers[i] = l
			ev = append(ev, rules.Eventf("%s hat geantwortet.", "%s has answered.", s.Players[i]))
		}
	}
	for _, i := range answerers {
		if s.Answers[i] == "" {
			return ev, nil
		}
	}
	if s.Question.Correct == "" {
		s.Phase = PhaseReveal
		return append(ev, rules.Eventf("Alle haben geantwortet. %s liest die richtige Antwort vor.", "Everyone has answered. %s reads out the correct answer.", s.Players[s.Questioner])), nil
	}
	return append(ev, e.score(s)...), nil
}

// RevealAction is the correct answer read out from the card, when it
// could not be looked up.
type RevealAction struct {
	Type    string `json:"type,omitempty"`
	Player  string `json:"player,omitempty"`
	Correct string `json:"correct"`
}

func (e engine) reveal(s *State, a rules.Action) ([]rules.Event, error) {
	var p RevealAction
	if err := a.Decode(&p); err != nil {
		return nil, err
	}
	if p.Player != "" && s.index(p.Player) != s.Questioner {
		return nil, rules.Forbid("not-your-turn", "Die Antwort liest %s vor, nicht %s.", "%s reads out the answer, not %s.", s.Players[s.Questioner], p.Player)
	}
	if p.Correct == "" {
		return nil, rules.Forbid("correct-missing", "Welche Antwort ist richtig? correct: a, b oder c angeben.", "Which answer is correct? Give correct: a, b or c.")
	}
	l, ok := parseLetter(p.Correct)
	if !ok {
		return nil, rules.Forbid("bad-answer", "„%s“ ist keine Antwort (a, b oder c).", "%q is not an answer (a, b or c).", p.Correct)
	}
	s.Question.Correct = l
	return e.score(s), nil
}

// Points is the scoring of one question: what each answering player gets
// for a correct answer and what the questioner gets for the wrong ones.
// answerers is how many players answered, correct how many of them were
// right.
func Points(answerers, correct int) (perCorrect, questioner int) {
	switch {
	case correct == 0:
		perCorrect = 0
	case answerers == 1: // two players (or two in a tie-break): always 10
		perCorrect = PointsShared
	case correct == 1:
		perCorrect = PointsAlone
	default:
		perCorrect = PointsShared
	}
	return perCorrect, PointsWrong * (answerers - correct)
}

// score turns the answers face up, scores and moves on.
func (e engine) score(s *State) []rules.Event {
	answerers := s.answerers()
	correct := s.Question.Correct
	var parts []string
	var right []int
	for _, i := range answerers {
		parts = append(parts, s.Players[i]+" "+s.Answers[i])
		if s.Answers[i] == correct {
			right = append(right, i)
		}
	}
	ev := []rules.Event{rules.Eventf("Richtig ist %s. Aufgedeckt: %s.", "%s is correct. Revealed: %s.", correct, strings.Join(parts, ", "))}
	if s.Question.Answers != nil {
		ans := s.Question.Answers[correct[0]-'a']
		ev[0] = rules.Eventf("Richtig ist %s) %s. Aufgedeckt: %s.", "%s) %s is correct. Revealed: %s.", correct, ans, strings.Join(parts, ", "))
	}
	per, qpts := Points(len(answerers), len(right))
	for _, i := range right {
		s.Scores[i] += per
		switch {
		case len(answerers) == 1:
			ev = append(ev, rules.Eventf("%s hat richtig geantwortet: %d Punkte.", "%s answered correctly: %d points.", s.Players[i], per))
		case len(right) == 1:
			ev = append(ev, rules.Eventf("%s lag als einzige Person richtig: %d Punkte.", "%s was the only one right: %d points.", s.Players[i], per))
		default:
			ev = append(ev, rules.Eventf("%s lag mit anderen zusammen richtig: %d Punkte.", "%s was right together with others: %d points.", s.Players[i], per))
		}
	}
	if wrong := len(answerers) - len(right); wrong > 0 {
		s.Scores[s.Questioner] += qpts
		ev = append(ev, rules.Event{Text: i18n.Text{
			DE: fmt.Sprintf("%s erhält %d Punkte für %d falsche Antwort%s.", s.Players[s.Questioner], qpts, wrong, map[bool]string{true: "", false: "en"}[wrong == 1]),
			EN: fmt.Sprintf("%s gets %d points for %d wrong answer%s.", s.Players[s.Questioner], qpts, wrong, map[bool]string{true: "", false: "s"}[wrong == 1]),
		}})
	}
	ev = append(ev, standings(s.Players, s.Scores))
	last := s.Questioner
	s.Answers = make([]string, len(s.Players))
	s.Question = nil
	s.Phase = PhaseAsk
	if s.TieBreak == 0 {
		// Clockwise to the next player with cards left.
		n := len(s.Players)
		for k := 1; k <= n; k++ {
			i := (last + k) % n
			if s.Left[i] > 0 {
				s.Questioner = i
				return ev
			}
		}
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		return append(ev, s.decide(all, last)...)
	}
	s.TieQueue = nilIfEmpty(s.TieQueue[1:])
	if len(s.TieQueue) > 0 {
		s.Questioner = s.TieQueue[0]
		return ev
	}
	return append(ev, s.decide(s.Contenders, last)...)
}

// standings is the score line after a question.
func standings(players []string, scores []int) rules.Event {
	var parts []string
	for i, p := range players {
		parts = append(parts, fmt.Sprintf("%s %d", p, scores[i]))
	}
	return rules.Eventf("Punktestand: %s.", "Score: %s.", strings.Join(parts, ", "))
}

// decide ends the game when one player of group leads alone; otherwise the
// tied leaders go into (another) tie-break round, asking clockwise from
// the player after the last questioner.
func (s *State) decide(group []int, last int) []rules.Event {
	best := s.Scores[group[0]]
	for _, i := range group {
		best = max(best, s.Scores[i])
	}
	var tied []int
	n := len(s.Players)
	for k := 1; k <= n; k++ {
		i := (last + k) % n
		if containsInt(group, i) && s.Scores[i] == best {
			tied = append(tied, i)
		}
	}
	if len(tied) == 1 {
		s.Phase = PhaseOver
		s.Winner = s.Players[tied[0]]
		s.Contenders, s.TieQueue = nil, nil
		if s.TieBreak > 0 {
			return []rules.Event{rules.Eventf("%s gewinnt das Stechen und das Spiel mit %d Punkten.", "%s wins the tie-break and the game with %d points.", s.Winner, best)}
		}
		return []rules.Event{rules.Eventf("Alle Fragen sind beantwortet. %s gewinnt mit %d Punkten.", "All questions are answered. %s wins with %d points.", s.Winner, best)}
	}
	s.TieBreak++
	s.Contenders = append([]int(nil), tied...)
	s.TieQueue = append([]int(nil), tied...)
	s.Questioner = tied[0]
	var names []string
	for _, i := range tied {
		names = append(names, s.Players[i])
	}
	return []rules.Event{rules.Eventf("Gleichstand mit %d Punkten: %s. Stechen, Runde %d: alle Punktgleichen nehmen je eine neue Karte.",
		"A tie at %d points: %s. Tie-break, round %d: each of them takes a new card.", best, strings.Join(names, ", "), s.TieBreak)}
}

// Next tells who must act.
func (e engine) Next(s State) rules.Prompt {
	q := ""
	if s.Questioner >= 0 && s.Questioner < len(s.Players) {
		q = s.Players[s.Questioner]
	}
	switch s.Phase {
	case PhaseOver:
		return rules.Prompt{Over: true, Text: i18n.Sprintf("Spielende. %s gewinnt.", "Game over. %s wins.", s.Winner)}
	case PhaseAsk:
		if s.TieBreak > 0 {
			return rules.Prompt{Actors: []string{q}, Allowed: []string{ActAsk},
				Text: i18n.Sprintf("Stechen, Runde %d: %s nimmt eine neue Karte und liest Frage und Antworten vor.", "Tie-break, round %d: %s takes a new card and reads the question and answers.", s.TieBreak, q)}
		}
		return rules.Prompt{Actors: []string{q}, Allowed: []string{ActAsk},
			Text: i18n.Sprintf("%s nimmt die oberste Karte (noch %d) und liest Frage und Antworten vor.", "%s takes the top card (%d left) and reads the question and answers.", q, s.Left[s.Questioner])}
	case PhaseAnswer:
		var open []string
		for _, i := range s.answerers() {
			if s.Answers[i] == "" {
				open = append(open, s.Players[i])
			}
		}
		return rules.Prompt{Actors: open, Allowed: []string{ActAnswer},
			Text: i18n.Sprintf("Antworten a, b oder c: %s.", "Answer a, b or c: %s.", strings.Join(open, ", "))}
	case PhaseReveal:
		return rules.Prompt{Actors: []string{q}, Allowed: []string{ActReveal},
			Text: i18n.Sprintf("%s liest die richtige Antwort (mit Sternchen) vor.", "%s reads out the correct answer (the one with the asterisk).", q)}
	}
	return rules.Prompt{}
}
