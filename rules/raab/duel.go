package raab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/rules/raab/mini"
)

// The duel: once it is settled who plays and who begins, the game's
// mini-game is played on the evening's table with the duel engine
// (package mini). Its actions are the duel engine's, as in a mini-game's
// own log; the evening adds the host's questions ("ask"), the duel's
// options ("duel") and the players' own picks (one side's chips, guess or
// stake, collected until both are in), and takes the duel's winner as the
// game's result.

// Action types of the duel phase besides the duel engine's own.
const (
	ActAsk  = "ask"  // {"card": "RAAB-STD-EO-1", "task": 2}: the host asks a question (or takes a card)
	ActDuel = "duel" // {"variant": 2} / {"map": "EU"}: the host sets the duel up, before its first action
)

// DuelActionTypes are the duel engine's action types (docs/replay/raab-mini.md).
var DuelActionTypes = []string{"buzz", "point", "skip", "grab", "choose", "guess", "hits", "bet", "answer", "allnamed", "tally", "count", "spell", "pass", "time"}

// Steps of a question: what happens until it is scored.
const (
	StepBuzz  = "buzz"  // the players' phones are buzzers; the host judges the answer
	StepChips = "chips" // both lay their chips: on their phones in secret, or the host enters the printed ones
	StepGuess = "guess" // both write a guess, in secret
	StepBet   = "bet"   // Zocken: both set their stake on the risk disc, in secret
	StepPlace = "place" // Wo liegt was?: both place their die on the map, openly, one after the other
	StepHost  = "host"  // the host enters what happened
	StepDone  = "done"  // scored: the next question
)

var steps = []string{StepBuzz, StepChips, StepGuess, StepBet, StepPlace, StepHost}

// Question is what the host has asked, or the card he holds.
type Question struct {
	Card string `json:"card,omitempty"` // the card (or card side) ID
	// Task is the question's 1-based number on the card; 0 while the host
	// only holds the card (Buchstabieren's terms are read in order).
	Task int `json:"task,omitempty"`
	// Answer is the solution of a question without a card, as the host
	// entered it. Only the host sees it.
	Answer json.RawMessage `json:"answer,omitempty"`
	Step   string          `json:"step,omitempty"`
	Number int             `json:"number,omitempty"` // questions asked in this duel
	Reader string          `json:"reader,omitempty"` // two players: who reads it out (they take turns)
	// Revealed are both sides' chips, guesses or dice once turned over,
	// for every phone to see.
	Revealed *Picks `json:"revealed,omitempty"`
}

// Picks are what the players have chosen for the question so far: chips,
// guesses and stakes stay hidden until both are in; dice on the map are
// seen by all.
type Picks struct {
	Kind   string          `json:"kind"` // bet, choose, guess
	Red    json.RawMessage `json:"red,omitempty"`
	Blue   json.RawMessage `json:"blue,omitempty"`
	Chosen []string        `json:"chosen,omitempty"` // the sides ("red", "blue") that have picked
}

// duelSide maps the duel's colours to the evening's sides: the candidate
// (team) plays red, Stefan blue.
func duelSide(colour string) string {
	if colour == "blue" {
		return SideStefan
	}
	return SideTeam
}

func colourOf(side string) string {
	if side == SideStefan {
		return "blue"
	}
	return "red"
}

type askPayload struct {
	Type   string          `json:"type"`
	Card   string          `json:"card"`
	Task   int             `json:"task"`
	Answer json.RawMessage `json:"answer"`
	Step   string          `json:"step"`
}

type duelPayload struct {
	Type    string `json:"type"`
	Variant int    `json:"variant"`
	Map     string `json:"map"`
}

// pickPayload is one player's part of a choice both make: a chip (or
// chips, an order, true/false), a guess (a number, a square) or a stake.
type pickPayload struct {
	Type   string          `json:"type"`
	Player string          `json:"player"`
	Side   string          `json:"side"`
	Pick   json.RawMessage `json:"pick"`
}

// isPick reports whether an action is one player's pick (it has "pick").
func isPick(a rules.Action) bool {
	if a.Type != "bet" && a.Type != "choose" && a.Type != "guess" {
		return false
	}
	var head map[string]json.RawMessage
	if json.Unmarshal(a.Data, &head) != nil {
		return false
	}
	_, ok := head["pick"]
	return ok
}

// startDuel sets the duel up as the evening has it: the mini-game, the
// candidate (red) against Stefan's player (blue), the host, who begins.
func (e engine) startDuel(s *State, variant int, mapKey string) error {
	c := s.Current
	su := mini.Setup{Game: "raab-mini", MiniGame: c.Code, Two: s.Mode == ModeDuo,
		Players: []string{c.Candidate, c.StefanPlayer}, First: colourOf(c.Begins), Variant: variant, Map: mapKey}
	if s.Mode != ModeDuo {
		su.Host = s.Host
	}
	raw, _ := json.Marshal(su)
	d, err := e.duels.Start(raw)
	if err != nil {
		return err
	}
	c.Duel, c.Moves, c.Question, c.Picks = &d, 0, nil, nil
	return nil
}

// duelAction applies an action of the duel phase: a question, the duel's
// options, a player's pick, or the duel engine's own action.
func (e engine) duelAction(s *State, a rules.Action) ([]rules.Event, error) {
	c := s.Current
	if c.Duel == nil {
		return nil, s.outOfTurn(a.Type)
	}
	if c.Duel.Winner != "" {
		w := duelSide(c.Duel.Winner)
		return nil, forbid("duel-over", fmt.Sprintf("„%s“ ist entschieden: %s gewinnt – jetzt das Ergebnis eintragen (result)", c.Name, s.sideDE(w, false)),
			fmt.Sprintf("%q is decided: %s wins – now record the result (result)", c.Name, s.sideEN(w)))
	}
	switch {
	case a.Type == ActDuel:
		var p duelPayload
		if err := decode(a, &p, &p.Type); err != nil {
			return nil, err
		}
		if c.Moves > 0 {
			return nil, rules.Forbid("duel-started", "„%s“ läuft schon; die Einstellungen gelten ab dem ersten Zug", "%q is under way; its options are set before the first move", c.Name)
		}
		if err := e.startDuel(s, p.Variant, p.Map); err != nil {
			return nil, err
		}
		return []rules.Event{e.duelOptionsEvent(c)}, nil
	case a.Type == ActAsk:
		var p askPayload
		if err := decode(a, &p, &p.Type); err != nil {
			return nil, err
		}
		return e.ask(s, p)
	case isPick(a):
		var p pickPayload
		if err := decode(a, &p, &p.Type); err != nil {
			return nil, err
		}
		return e.pick(s, p)
	}
	next, ev, err := e.duels.Apply(*c.Duel, a)
	if err != nil {
		return nil, err
	}
	e.afterDuel(c, a.Type, next)
	if a.Type == "choose" || a.Type == "guess" {
		var both struct{ Red, Blue json.RawMessage }
		if json.Unmarshal(a.Data, &both) == nil {
			revealAll(c, a.Type, both.Red, both.Blue)
		}
	}
	return ev, nil
}

// revealAll keeps the turned-over chips, guesses or dice with the question.
func revealAll(c *Game, typ string, red, blue json.RawMessage) {
	if c.Question == nil {
		return
	}
	q := *c.Question
	q.Revealed = &Picks{Kind: typ, Red: red, Blue: blue}
	c.Question = &q
}

func (e engine) duelOptionsEvent(c *Game) rules.Event {
	d := c.Duel
	switch {
	case d.Code == "SM":
		what, whatEN := "möglichst viele Treffer", "as many hits as possible"
		if d.Variant == 2 {
			what, whatEN = "möglichst wenige Treffer (mehr als 0)", "as few hits as possible (more than 0)"
		}
		return event(fmt.Sprintf("Suchmaschinen %d: %s.", d.Variant, what), fmt.Sprintf("Suchmaschinen %d: %s.", d.Variant, whatEN))
	case d.Code == "WO" && d.Map != "":
		return rules.Eventf("Wo liegt was? auf der Karte %s.", "Wo liegt was? on the map %s.", d.Map)
	}
	return rules.Eventf("„%s“ neu aufgestellt.", "%q set up again.", c.Name)
}

// afterDuel takes the duel's new state and moves the question on: scored,
// or (hint games, a grab, Wer weiß mehr?'s answers in turn, Wer lügt?'s
// list of answers) still open; Zocken's stakes lead to the chips.
func (e engine) afterDuel(c *Game, typ string, next mini.State) {
	c.Duel = &next
	c.Moves++
	c.Picks = nil
	q := c.Question
	if q == nil || q.Step == StepDone || (q.Task == 0 && q.Card != "") {
		return
	}
	nq := *q
	switch {
	case next.Winner != "":
		nq.Step = StepDone
	case typ == "bet":
		nq.Step = StepChips
	case next.Task.Active || next.Grab != "":
	case next.Code == "WL" && (typ == "buzz" || typ == "point"):
	default:
		nq.Step = StepDone
	}
	c.Question = &nq
}

// ask is the host's question: a card's task (the solution is on the card),
// a question without a card (its solution given as "answer" where a pick
// needs it), or only a card taken in hand.
func (e engine) ask(s *State, p askPayload) ([]rules.Event, error) {
	c := s.Current
	d := *c.Duel
	prev := c.Question
	q := &Question{Card: p.Card, Task: p.Task}
	var task decks.RaabTask
	if p.Card != "" {
		if e.set == nil {
			return nil, rules.Forbid("no-decks", "Ohne geladene Decks kennt der Punktezähler die Karte %s nicht", "without loaded decks the scorer does not know card %s", p.Card)
		}
		f, _ := e.set.Find(decks.ParseRef(p.Card))
		if f == nil || f.Raab == nil {
			return nil, rules.Forbid("unknown-card", "Die Karte %s gibt es in den Decks nicht", "there is no card %s in the decks", p.Card)
		}
		if f.Raab.Game.Code != c.Code {
			return nil, rules.Forbid("wrong-game", "Die Karte %s gehört zu „%s“, gespielt wird „%s“", "card %s belongs to %q, the game is %q", f.Raab.ID, f.Raab.Game.Name, c.Name)
		}
		q.Card = f.Raab.ID
		if f.Raab.Game.Sided {
			q.Card = f.Raab.SideID(f.Side == 1)
		}
		if len(p.Answer) > 0 {
			return nil, rules.Forbid("answer-on-card", "Die Lösung steht auf der Karte %s", "the solution is on card %s", q.Card)
		}
		if p.Task != 0 {
			t, key, err := e.duels.CardTask(d, q.Card, p.Task)
			if err != nil {
				return nil, err
			}
			if err := d.Usable(key); err != nil {
				return nil, err
			}
			if pl, ok := t.(decks.Place); ok && d.Map != "" && pl.Map.Key != d.Map {
				return nil, rules.Forbid("wrong-map", "Die Karte gehört zur Landkarte %s, gespielt wird auf %s", "the card belongs to map %s, the game is played on %s", pl.Map.Key, d.Map)
			}
			task = t
		}
	} else if p.Task != 0 {
		return nil, rules.Forbid("task-without-card", "„task“ braucht eine Karte („card“)", "\"task\" needs a card (\"card\")")
	}
	if len(p.Answer) > 0 {
		q.Answer = append(json.RawMessage(nil), bytes.TrimSpace(p.Answer)...)
	}
	n := 0
	if prev != nil {
		n = prev.Number
	}
	if q.Task == 0 && q.Card != "" {
		// Only a card taken in hand: no question yet.
		q.Number = n
		if prev != nil && prev.Step != StepDone && prev.Task != 0 {
			return nil, rules.Forbid("question-open", "Erst die laufende Frage zu Ende spielen", "finish the current question first")
		}
		if p.Step != "" {
			return nil, rules.Forbid("step", "„step“ gilt für eine Frage, nicht für eine Karte in der Hand", "\"step\" is for a question, not for a card in hand")
		}
		c.Question, c.Picks = q, nil
		return []rules.Event{rules.Eventf("Der Moderator nimmt die Karte %s.", "The host takes card %s.", q.Card)}, nil
	}
	allowed := e.duels.Next(d).Allowed
	step := p.Step
	if step == "" {
		step = defaultStep(d, task, allowed)
	}
	if err := checkStep(d, task, step, allowed); err != nil {
		return nil, err
	}
	q.Step = step
	q.Number = n + 1
	if prev != nil && prev.Card == q.Card && prev.Task == q.Task && q.Card != "" && prev.Step != StepDone {
		q.Number = n // the same question, asked on in another way (Filmzitate: the answers A–D)
	}
	if s.Mode == ModeDuo {
		first := c.Begins
		if q.Number%2 == 0 {
			first = other(first)
		}
		q.Reader = s.members(first)[0]
	}
	c.Question, c.Picks = q, nil
	what, whatEN := "Frage ohne Karte", "a question without a card"
	if q.Card != "" {
		what, whatEN = fmt.Sprintf("Karte %s, Aufgabe %d", q.Card, q.Task), fmt.Sprintf("card %s, task %d", q.Card, q.Task)
	}
	ev := event(fmt.Sprintf("Frage %d: %s.", q.Number, what), fmt.Sprintf("Question %d: %s.", q.Number, whatEN))
	if q.Reader != "" {
		ev = event(fmt.Sprintf("Frage %d: %s – %s liest vor.", q.Number, what, q.Reader), fmt.Sprintf("Question %d: %s – %s reads it out.", q.Number, whatEN, q.Reader))
	}
	return []rules.Event{ev}, nil
}

// defaultStep is how a question of the game is played: Zocken starts with
// the stakes, Showquiz by the card's kind of question, chips and guesses
// where the duel takes them, the buzzer where it has one.
func defaultStep(d mini.State, t decks.RaabTask, allowed []string) string {
	has := func(x string) bool { return slices.Contains(allowed, x) }
	switch d.Code {
	case "ZO":
		if has("bet") {
			return StepBet
		}
		return StepChips
	case "WO":
		return StepPlace
	case "SQ":
		if sq, ok := t.(decks.ShowQuestion); ok {
			switch sq.Kind {
			case decks.ShowChoice:
				return StepChips
			case decks.ShowEstimate:
				return StepGuess
			}
		}
	}
	switch {
	case has("buzz"):
		return StepBuzz
	case has("choose"):
		return StepChips
	case has("guess"):
		return StepGuess
	}
	return StepHost
}

func checkStep(d mini.State, t decks.RaabTask, step string, allowed []string) error {
	if !slices.Contains(steps, step) {
		return rules.Forbid("step", "„step“ ist buzz, chips, guess, bet, place oder host, nicht „%s“", "\"step\" is buzz, chips, guess, bet, place or host, not %q", step)
	}
	need := map[string]string{StepBuzz: "buzz", StepChips: "choose", StepGuess: "guess", StepBet: "bet"}[step]
	ok := need == "" || slices.Contains(allowed, need)
	switch {
	case step == StepPlace:
		ok = d.Code == "WO"
	case step == StepGuess && d.Code == "WO":
		ok = false
	}
	if sq, isSQ := t.(decks.ShowQuestion); isSQ && ok {
		want := map[decks.ShowKind]string{decks.ShowBuzzer: StepBuzz, decks.ShowChoice: StepChips, decks.ShowEstimate: StepGuess}[sq.Kind]
		if step != StepHost && step != want {
			return rules.Forbid("wrong-kind", "Das ist eine %s-Frage", "this is a %s question", sq.Kind)
		}
	}
	if !ok {
		return rules.Forbid("step", "„%s“ gibt es jetzt nicht (erlaubt: %v)", "%q is not possible now (allowed: %v)", step, allowed)
	}
	return nil
}

// pickStep is the question step a pick of this type belongs to.
func pickStep(code, typ string) string {
	switch {
	case typ == "bet":
		return StepBet
	case typ == "choose":
		return StepChips
	case code == "WO":
		return StepPlace
	}
	return StepGuess
}

// pickSide is the duel colour of the player (or side) a pick names.
func (s State) pickSide(p pickPayload) (string, error) {
	c := s.Current
	switch {
	case p.Player != "" && p.Side != "":
		return "", rules.Forbid("payload", "entweder „player“ oder „side“", "either \"player\" or \"side\"")
	case p.Player != "":
		name, ok := s.find(p.Player)
		switch {
		case ok && name == c.Candidate:
			return "red", nil
		case ok && name == c.StefanPlayer:
			return "blue", nil
		}
		return "", rules.Forbid("not-playing", "%s spielt „%s“ nicht (es spielen %s und %s)", "%s does not play %q (%s and %s do)", p.Player, c.Name, c.Candidate, c.StefanPlayer)
	}
	side, ok := mini.ParseSide(p.Side)
	if !ok {
		return "", rules.Forbid("missing-side", "Wessen Wahl? „player“ oder „side“ (red, blue)", "whose pick? \"player\" or \"side\" (red, blue)")
	}
	return mini.SideKey(side), nil
}

// pick records one player's chips, guess, stake or die. Once both are in,
// they are revealed together as the duel's one action.
func (e engine) pick(s *State, p pickPayload) ([]rules.Event, error) {
	c := s.Current
	q := c.Question
	want := pickStep(c.Code, p.Type)
	if allowed := e.duels.Next(*c.Duel).Allowed; !slices.Contains(allowed, p.Type) {
		return nil, rules.Forbid("not-allowed", "„%s“ ist jetzt nicht erlaubt (erlaubt: %s)", "%q is not allowed now (allowed: %s)", p.Type, strings.Join(allowed, ", "))
	}
	if q == nil || q.Step != want {
		return nil, rules.Forbid("ask-first", "Erst stellt der Moderator die Frage, dann wird gewählt", "the host asks the question first, then the players choose")
	}
	side, err := s.pickSide(p)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(p.Pick)) == 0 || bytes.Equal(bytes.TrimSpace(p.Pick), []byte("null")) {
		return nil, rules.Forbid("missing-field", "Das Feld „pick“ fehlt", "field \"pick\" is missing")
	}
	picks := Picks{Kind: p.Type}
	if c.Picks != nil {
		picks = *c.Picks
		picks.Chosen = slices.Clone(c.Picks.Chosen)
	}
	pick := append(json.RawMessage(nil), bytes.TrimSpace(p.Pick)...)
	otherPick := picks.Blue
	if side == "blue" {
		otherPick = picks.Red
	}
	name := c.Candidate
	if side == "blue" {
		name = c.StefanPlayer
	}
	if want == StepPlace {
		if slices.Contains(picks.Chosen, side) {
			return nil, rules.Forbid("die-placed", "%s hat den Würfel schon gesetzt: er bleibt liegen", "%s has placed the die already: it stays", name)
		}
		if otherPick != nil && sameSquare(pick, otherPick) {
			return nil, rules.Forbid("square-taken", "Auf dem Feld liegt schon der andere Würfel (wer zuerst kommt …)", "the other die is on that square already (first come, first served)")
		}
	}
	// The pick must be one the duel takes: try it against the question with
	// the other side still open (a stake of 1 stands in for the other's).
	trial := e.revealed(c, p.Type, side, pick, nil)
	if _, _, err := e.duels.Apply(*c.Duel, trial); err != nil {
		return nil, err
	}
	if side == "red" {
		picks.Red = pick
	} else {
		picks.Blue = pick
	}
	if !slices.Contains(picks.Chosen, side) {
		picks.Chosen = append(picks.Chosen, side)
	}
	if len(picks.Chosen) < 2 {
		c.Picks = &picks
		if want == StepPlace {
			return []rules.Event{rules.Eventf("%s setzt den Würfel auf %s.", "%s places the die on %s.", name, squareText(pick))}, nil
		}
		return []rules.Event{rules.Eventf("%s hat gewählt.", "%s has chosen.", name)}, nil
	}
	all := e.combined(c, p.Type, picks.Red, picks.Blue)
	next, ev, err := e.duels.Apply(*c.Duel, all)
	if err != nil {
		return nil, err
	}
	e.afterDuel(c, p.Type, next)
	if p.Type != "bet" {
		revealAll(c, p.Type, picks.Red, picks.Blue)
	}
	return ev, nil
}

func sameSquare(a, b json.RawMessage) bool {
	var x, y string
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && x != "" && strings.EqualFold(strings.TrimSpace(x), strings.TrimSpace(y))
}

func squareText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// revealedAction is the duel action both picks make, with the question's
// card and task (or its answer); the fields in the order of the duel's
// documentation.
type revealedAction struct {
	Type   string          `json:"type"`
	Red    json.RawMessage `json:"red,omitempty"`
	Blue   json.RawMessage `json:"blue,omitempty"`
	Answer json.RawMessage `json:"answer,omitempty"`
	Card   string          `json:"card,omitempty"`
	Task   int             `json:"task,omitempty"`
}

// revealed is the duel action for one side's pick alone (the other left
// open: no chip, no guess; a stake of 1), used to check a pick.
func (e engine) revealed(c *Game, typ, side string, pick, other json.RawMessage) rules.Action {
	if typ == "bet" && other == nil {
		other = json.RawMessage("1")
	}
	if side == "red" {
		return e.combined(c, typ, pick, other)
	}
	return e.combined(c, typ, other, pick)
}

// combined is the duel action both players' picks make.
func (e engine) combined(c *Game, typ string, red, blue json.RawMessage) rules.Action {
	a := revealedAction{Type: typ, Red: red, Blue: blue}
	if typ != "bet" && c.Question != nil {
		q := c.Question
		a.Card, a.Task, a.Answer = q.Card, q.Task, q.Answer
	}
	return rules.NewAction(typ, a)
}

// Collect turns the players' secret picks over together: with the picks
// already on the table, the duel's one action.
func (e engine) Collect(s State, choices []rules.Action) (rules.Action, error) {
	c := s.Current
	if c == nil || c.Duel == nil {
		return rules.Action{}, s.outOfTurn("collect")
	}
	var red, blue json.RawMessage
	typ := ""
	if c.Picks != nil {
		red, blue, typ = c.Picks.Red, c.Picks.Blue, c.Picks.Kind
	}
	for _, a := range choices {
		var p pickPayload
		if err := decode(a, &p, &p.Type); err != nil {
			return rules.Action{}, err
		}
		if typ != "" && p.Type != typ {
			return rules.Action{}, rules.Forbid("payload", "„%s“ und „%s“ passen nicht zusammen", "%q and %q do not go together", typ, p.Type)
		}
		typ = p.Type
		side, err := s.pickSide(p)
		if err != nil {
			return rules.Action{}, err
		}
		if side == "red" {
			red = bytes.TrimSpace(p.Pick)
		} else {
			blue = bytes.TrimSpace(p.Pick)
		}
	}
	if red == nil || blue == nil {
		return rules.Action{}, rules.Forbid("picks-missing", "Es haben noch nicht beide gewählt", "not both have chosen yet")
	}
	return e.combined(c, typ, red, blue), nil
}

// Secret: a player's chips, guess or stake is laid face down; the die on
// the map is placed openly.
func (e engine) Secret(s State, a rules.Action) (string, bool) {
	c := s.Current
	if s.Phase != PhaseResult || c == nil || c.Duel == nil || c.Question == nil || !isPick(a) || c.Code == "WO" {
		return "", false
	}
	var p pickPayload
	if rules.DecodeStrict(a.Data, &p) != nil || p.Player == "" || c.Question.Step != pickStep(c.Code, p.Type) {
		return "", false
	}
	if _, err := s.pickSide(p); err != nil {
		return "", false
	}
	name, _ := s.find(p.Player)
	return name, true
}

// Speakers: a pick speaks for its player; the duel's other actions, the
// questions and the result are the host's (with two players: whoever is
// asked). Outside the duel the prompt's actors decide.
func (e engine) Speakers(s State, a rules.Action) []string {
	c := s.Current
	if s.Phase != PhaseResult || c == nil {
		return nil
	}
	if isPick(a) {
		var p pickPayload
		if rules.DecodeStrict(a.Data, &p) == nil && p.Player != "" {
			if name, ok := s.find(p.Player); ok {
				return []string{name}
			}
			return []string{p.Player}
		}
	}
	if s.Mode != ModeDuo && s.Host != "" {
		return []string{s.Host}
	}
	return nil
}

// Deciders: in the team game each team names its own player, so from a
// player's seat only a member of the named player's team (not the host)
// names him.
func (e engine) Deciders(s State, a rules.Action) []string {
	if s.Mode != ModeTeams || s.Phase != PhaseCandidate || a.Type != ActCandidate {
		return nil
	}
	var p playerPayload
	if rules.DecodeStrict(a.Data, &p) != nil {
		return nil
	}
	name, ok := s.find(p.Player)
	if !ok || s.sideOf(name) == "" {
		return nil
	}
	return slices.DeleteFunc(slices.Clone(s.members(s.sideOf(name))), func(m string) bool { return m == s.Host })
}

// View hides what a phone may not see: the other side's chips, guess or
// stake before both are in (the table's phone and the host see only who
// has chosen), and the solution of a question without a card from all but
// the host.
func (e engine) View(s State, v rules.Viewer) State {
	c := s.Current
	if c == nil || (c.Question == nil && c.Picks == nil) {
		return s
	}
	out := s.clone()
	oc := out.Current
	host := s.Mode != ModeDuo && v.Role == rules.RolePlayer && v.Player == s.Host
	if q := c.Question; q != nil && q.Answer != nil && !(v.Role == rules.RoleTable || host) {
		nq := *q
		nq.Answer = nil
		oc.Question = &nq
	}
	if p := c.Picks; p != nil && pickStep(c.Code, p.Kind) != StepPlace {
		np := *p
		mine := ""
		if v.Role == rules.RolePlayer {
			switch v.Player {
			case c.Candidate:
				mine = "red"
			case c.StefanPlayer:
				mine = "blue"
			}
		}
		if mine != "red" {
			np.Red = nil
		}
		if mine != "blue" {
			np.Blue = nil
		}
		oc.Picks = &np
	}
	return out
}

// duelPrompt is the prompt while the duel is played.
func (e engine) duelPrompt(s State, game, gameEN string) rules.Prompt {
	c := s.Current
	d := *c.Duel
	head := i18n.Text{
		DE: fmt.Sprintf("%s: „%s“ (%s) – %s gegen %s", game, c.Name, pointsDE(c.Points), c.Candidate, c.StefanPlayer),
		EN: fmt.Sprintf("%s: %q (%s) – %s against %s", gameEN, c.Name, pointsEN(c.Points), c.Candidate, c.StefanPlayer)}
	if d.Winner != "" {
		w := duelSide(d.Winner)
		actors := []string{s.Host}
		if s.Mode == ModeDuo {
			actors = []string{s.Team[0], s.Stefan}
		}
		return rules.Prompt{Actors: actors, Allowed: []string{ActResult}, Text: i18n.Text{
			DE: fmt.Sprintf("%s – %s gewinnt %d:%d und bekommt %s: Ergebnis eintragen.", head.DE, s.sideDE(w, true), d.Score[0], d.Score[1], pointsDE(c.Points)),
			EN: fmt.Sprintf("%s – %s wins %d:%d and gets %s: record the result.", head.EN, s.sideEN(w, true), d.Score[0], d.Score[1], pointsEN(c.Points))}}
	}
	dp := e.duels.Next(d)
	allowed := append([]string{ActAsk}, dp.Allowed...)
	if c.Moves == 0 {
		allowed = append(allowed, ActDuel, ActResult)
	}
	actors := slices.Clone(dp.Actors)
	text := i18n.Text{DE: head.DE + " – " + dp.Text.DE, EN: head.EN + " – " + dp.Text.EN}
	if q := c.Question; q != nil && q.Step != StepDone {
		var open []string
		for i, side := range []string{"red", "blue"} {
			if c.Picks == nil || !slices.Contains(c.Picks.Chosen, side) {
				open = append(open, []string{c.Candidate, c.StefanPlayer}[i])
			}
		}
		var de, en string
		switch q.Step {
		case StepBet:
			de, en = "Einsätze setzen (geheim)", "set the stakes (in secret)"
		case StepChips:
			de, en = "Chips legen (verdeckt)", "lay the chips (face down)"
		case StepGuess:
			de, en = "Tipp aufschreiben (geheim)", "write down a guess (in secret)"
		case StepPlace:
			de, en = "Würfel auf die Landkarte setzen", "place the die on the map"
		case StepBuzz:
			de, en = "Buzzer frei", "buzzers open"
		}
		if de != "" {
			text.DE += " – " + de
			text.EN += " – " + en
		}
		if q.Step == StepBet || q.Step == StepChips || q.Step == StepGuess || q.Step == StepPlace {
			actors = open
		}
	}
	return rules.Prompt{Actors: actors, Allowed: allowed, Text: text}
}

// Split: both sides' picks posted at once (the host entering the printed
// chips, guesses or stakes after they were turned) are one secret pick
// per player, so that a pick already made on a phone is kept. Only where
// the batch says nothing the question does not (its card, task, answer).
func (e engine) Split(s State, a rules.Action) ([]rules.Action, bool) {
	c := s.Current
	if c == nil || c.Duel == nil || c.Question == nil || isPick(a) || (a.Type != "bet" && a.Type != "choose" && a.Type != "guess") {
		return nil, false
	}
	var r revealedAction
	if rules.DecodeStrict(a.Data, &r) != nil || (r.Red == nil && r.Blue == nil) {
		return nil, false
	}
	want := e.combined(c, a.Type, nil, nil)
	var q revealedAction
	json.Unmarshal(want.Data, &q)
	if (r.Card != "" && r.Card != q.Card) || (r.Task != 0 && r.Task != q.Task) || (len(r.Answer) > 0 && !bytes.Equal(bytes.TrimSpace(r.Answer), bytes.TrimSpace(q.Answer))) {
		return nil, false
	}
	var out []rules.Action
	for _, side := range []struct {
		player string
		pick   json.RawMessage
	}{{c.Candidate, r.Red}, {c.StefanPlayer, r.Blue}} {
		if side.pick == nil {
			continue
		}
		pick := rules.NewAction(a.Type, pickPayload{Type: a.Type, Player: side.player, Pick: side.pick})
		if _, ok := e.Secret(s, pick); !ok {
			return nil, false
		}
		out = append(out, pick)
	}
	return out, len(out) > 0
}

// Round: the picks of one step of one question of one game.
func (e engine) Round(s State) string {
	c := s.Current
	if c == nil {
		return ""
	}
	q := c.Question
	if q == nil {
		return fmt.Sprintf("%d:%s", c.Number, c.Code)
	}
	return fmt.Sprintf("%d:%s:%d:%s:%d:%s", c.Number, c.Code, q.Number, q.Card, q.Task, q.Step)
}
