// Package dativ is the rules engine of „Der Dativ ist dem Genitiv sein Tod“,
// the card game: a reader reads one variant of a sentence aloud, everyone
// (the reader included) votes secretly whether it is right, the players who
// voted correctly take a chip each from the pot, and the reader takes the
// rest when their own vote was right.
//
// The engine follows one turn through three phases: "read" (the reader
// names card, side and variant), "vote" (every player, the reader included,
// votes RICHTIG or FALSCH) and — only when the correctness of the read
// sentence is not known yet — "reveal" (the reader states it after reading
// the card through the Decoder). Scoring happens as soon as all votes and
// the solution are known. Rule decisions are documented in
// docs/replay/dativ.md.
package dativ

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
)

// Phases of a turn.
const (
	PhaseRead   = "read"   // the reader draws a card and reads a variant
	PhaseVote   = "vote"   // everyone votes secretly
	PhaseReveal = "reveal" // the reader reveals whether the sentence was right
	PhaseOver   = "over"   // the draw pile is used up
)

// Action types.
const (
	ActRead   = "read"
	ActVote   = "vote"
	ActReveal = "reveal"
)

// Vote values as stored in the state.
const (
	Richtig = "richtig"
	Falsch  = "falsch"
)

// DefaultChips is the supply of point chips in the box.
const DefaultChips = 100

// PileSize is the number of cards in the draw pile for n players, as the
// rulebook lists it (0 for a player count the game does not support).
func PileSize(n int) int {
	switch n {
	case 5:
		return 20
	case 4, 3:
		return 24
	case 2:
		return 26
	}
	return 0
}

// Setup is the first line of a replay file.
type Setup struct {
	Game    string   `json:"game"`
	Players []string `json:"players"`         // in clockwise seating order
	Seed    int64    `json:"seed"`            // only used with deal
	First   string   `json:"first,omitempty"` // first reader (the youngest); default players[0]
	Cards   int      `json:"cards,omitempty"` // draw-pile size; default by player count
	Chips   *int     `json:"chips,omitempty"` // chips in the supply; default 100
	Deal    bool     `json:"deal,omitempty"`  // the engine shuffles the pile from the decks
}

// Reading is the sentence the reader read aloud in the current turn.
type Reading struct {
	Card     string `json:"card,omitempty"`     // card ID, when given
	Side     string `json:"side,omitempty"`     // "vorne" or "hinten", when known
	Option   string `json:"option,omitempty"`   // the variant read aloud: "a"…"d", when known
	Category string `json:"category,omitempty"` // from the card, when looked up
	Sentence string `json:"sentence,omitempty"` // the sentence read aloud, when looked up
	Right    *bool  `json:"right"`              // whether the read variant is correct; null until known
}

// LastTurn is a scored turn, everything on the table.
type LastTurn struct {
	Reader  string   `json:"reader"`
	Reading Reading  `json:"reading"`
	Votes   []string `json:"votes"`
}

// State is the whole game.
type State struct {
	Players    []string `json:"players"`     // clockwise
	Chips      []int    `json:"chips"`       // chips won, per player
	Supply     int      `json:"supply"`      // chips still in the box
	Pot        int      `json:"pot"`         // chips in the middle of the table
	TotalChips int      `json:"total_chips"` // supply + pot + players, constant
	Cards      int      `json:"cards"`       // draw-pile size at the start
	Drawn      int      `json:"drawn"`       // cards drawn so far, the current one included
	Reader     int      `json:"reader"`      // index of the current reader
	Phase      string   `json:"phase"`
	Reading    *Reading `json:"reading,omitempty"`
	// Last is the turn scored last: what was read, whether it was right,
	// every vote — all revealed — for the reader to read out the solution.
	Last    *LastTurn `json:"last,omitempty"`
	Votes   []string  `json:"votes"`          // per player: "", "richtig" or "falsch" (secret until scored)
	Used    []string  `json:"used,omitempty"` // IDs of the cards read so far (back in the box)
	Deal    bool      `json:"deal,omitempty"`
	Pile    []string  `json:"pile,omitempty"`    // with deal: the rest of the draw pile, top first
	Winners []string  `json:"winners,omitempty"` // when over
}

type engine struct{ set *decks.Set }

// Version is the version of these rules. It changes whenever a change to
// the engine could give a recorded game another state, so that a stored
// table can tell it was played under other rules.
const Version = "2" // 2: the state keeps the last scored turn

// New returns the engine. set may be nil: then read actions carry the facts
// of the printed card (whether the read variant is right) instead of, or in
// addition to, a card ID.
func New(set *decks.Set) rules.Engine[State] { return engine{set} }

// Start builds the initial state: chips out of the box, the pot topped up
// for the first reader.
func (e engine) Start(raw json.RawMessage) (State, error) {
	var su Setup
	if err := rules.DecodeStrict(raw, &su); err != nil {
		return State{}, rules.ForbidSetup("Die Einrichtung ist nicht lesbar (%v). Erlaubt sind game, players, seed, first, cards, chips, deal.",
			"The setup cannot be read (%v). Allowed fields: game, players, seed, first, cards, chips, deal.", err)
	}
	if su.Game != "" && su.Game != string(decks.Dativ) {
		return State{}, rules.ForbidSetup("Diese Einrichtung ist für „%s“, nicht für das Dativ-Kartenspiel.", "This setup is for %q, not for the Dativ card game.", su.Game)
	}
	n := len(su.Players)
	if n < 2 || n > 5 {
		return State{}, rules.Forbid("player-count", "Das Kartenspiel ist für 2 bis 5 Personen (es gibt je 5 Tippkarten RICHTIG und FALSCH), nicht für %d.",
			"The card game is for 2 to 5 players (there are 5 RIGHT and 5 WRONG guess cards), not %d.", n)
	}
	players, err := rules.SeatNames(su.Players)
	if err != nil {
		return State{}, err
	}
	s := State{Players: players, Chips: make([]int, n), Votes: make([]string, n), Phase: PhaseRead, Deal: su.Deal}
	if s.Reader, err = rules.FirstSeat(players, su.First); err != nil {
		return State{}, err
	}
	s.Cards = PileSize(n)
	if su.Cards != 0 {
		if su.Cards < 1 {
			return State{}, rules.ForbidSetup("Der Nachziehstapel braucht mindestens eine Karte (cards = %d).", "The draw pile needs at least one card (cards = %d).", su.Cards)
		}
		s.Cards = su.Cards
	}
	s.TotalChips = DefaultChips
	if su.Chips != nil {
		if *su.Chips < 0 {
			return State{}, rules.ForbidSetup("Der Vorrat kann nicht negativ sein (chips = %d).", "The supply cannot be negative (chips = %d).", *su.Chips)
		}
		s.TotalChips = *su.Chips
	}
	s.Supply = s.TotalChips
	if su.Deal {
		if e.set == nil {
			return State{}, rules.ForbidSetup("Zum Mischen durch das Programm (deal) werden die Kartendecks gebraucht.", "Dealing by the program (deal) needs the card decks.")
		}
		var ids []string
		for _, c := range e.set.Dativ() {
			ids = append(ids, c.ID)
		}
		if len(ids) < s.Cards {
			return State{}, rules.ForbidSetup("Die geladenen Decks haben nur %d Dativ-Karten, gebraucht werden %d.", "The loaded decks have only %d Dativ cards, %d are needed.", len(ids), s.Cards)
		}
		rules.Shuffle(su.Seed, ids)
		s.Pile = ids[:s.Cards]
	}
	s.topUp()
	return s, nil
}

// index finds a player by name (case and surrounding spaces ignored).
func (s *State) index(name string) int { return rules.SeatOf(s.Players, name) }

// clone deep-copies the state, so Apply never changes the state it got.
func (s State) clone() State {
	c := s
	c.Players = append([]string(nil), s.Players...)
	c.Chips = append([]int(nil), s.Chips...)
	c.Votes = append([]string(nil), s.Votes...)
	c.Used = append([]string(nil), s.Used...)
	c.Pile = append([]string(nil), s.Pile...)
	c.Winners = append([]string(nil), s.Winners...)
	if len(s.Used) == 0 {
		c.Used = nil
	}
	if len(s.Pile) == 0 {
		c.Pile = nil
	}
	if len(s.Winners) == 0 {
		c.Winners = nil
	}
	if s.Reading != nil {
		r := *s.Reading
		if s.Reading.Right != nil {
			v := *s.Reading.Right
			r.Right = &v
		}
		c.Reading = &r
	}
	return c
}

// topUp refills the pot from the supply until there is one chip per player
// in it; when the supply runs dry, what is left goes in. It reports how
// many chips were added and whether the supply fell short.
func (s *State) topUp() (added int, short bool) {
	need := len(s.Players) - s.Pot
	if need < 0 {
		need = 0
	}
	added = min(need, s.Supply)
	s.Supply -= added
	s.Pot += added
	return added, added < need
}

// Apply plays one action.
func (e engine) Apply(s State, a rules.Action) (State, []rules.Event, error) {
	if s.Phase == PhaseOver {
		return s, nil, rules.Forbid("game-over", "Das Spiel ist schon vorbei: der Nachziehstapel ist aufgebraucht.", "The game is already over: the draw pile is used up.")
	}
	return phases.Apply(e, s, a)
}

// phases is the turn's table: which action is taken in which phase.
var phases = rules.Phases[engine, State]{
	In: i18n.T("im Kartenspiel", "in the card game"),
	Steps: []rules.Step[engine, State]{
		{Type: ActRead, Phase: PhaseRead, Do: engine.read},
		{Type: ActVote, Phase: PhaseVote, Do: engine.vote},
		{Type: ActReveal, Phase: PhaseReveal, Do: engine.reveal},
	},
	Phase: func(s State) string { return s.Phase },
	Clone: State.clone,
	Next:  engine.Next,
}

// ReadAction is the reader's turn: which card, which side, which variant,
// and (when there is no card to look up) whether that variant is right.
type ReadAction struct {
	Type   string `json:"type,omitempty"`
	Player string `json:"player,omitempty"` // optional check: must be the reader
	Card   string `json:"card,omitempty"`   // card or side ID as printed or scanned
	Side   string `json:"side,omitempty"`   // vorne/hinten (front/back)
	Option string `json:"option,omitempty"` // a, b, c or d
	// Right is whether the read variant is right, for a card the app does
	// not know (a game recorded from paper); for a known card it is ignored.
	Right *bool `json:"right,omitempty"`
}

var sideNames = map[string]string{"vorne": "vorne", "front": "vorne", "v": "vorne", "hinten": "hinten", "back": "hinten", "h": "hinten"}

var sideIDPattern = regexp.MustCompile(`^(.+-\d+)-(V|H)$`)

func (e engine) read(s *State, a rules.Action) ([]rules.Event, error) {
	var p ReadAction
	if err := a.Decode(&p); err != nil {
		return nil, err
	}
	reader := s.Players[s.Reader]
	if p.Player != "" && s.index(p.Player) != s.Reader {
		return nil, rules.Forbid("not-your-turn", "%s liest gerade nicht vor, sondern %s.", "%s is not the reader now, %s is.", p.Player, reader)
	}
	var r Reading
	if p.Side != "" {
		side, ok := sideNames[strings.ToLower(strings.TrimSpace(p.Side))]
		if !ok {
			return nil, rules.Forbid("bad-side", "„%s“ ist keine Kartenseite (vorne oder hinten).", "%q is not a card side (front or back).", p.Side)
		}
		r.Side = side
	}
	option := -1
	if p.Option != "" {
		o := strings.ToLower(strings.TrimSpace(p.Option))
		if len(o) != 1 || o[0] < 'a' || o[0] > 'd' {
			return nil, rules.Forbid("no-such-option", "„%s“ ist keine Möglichkeit (a bis d).", "%q is not an option (a to d).", p.Option)
		}
		option = int(o[0] - 'a')
		r.Option = o
	}
	var ev []rules.Event
	cardID, version := "", ""
	if p.Card == "" && s.Deal && len(s.Pile) > 0 {
		cardID = s.Pile[0]
	}
	if p.Card != "" {
		ref := decks.ParseRef(p.Card)
		cardID, version = ref.ID, ref.Version
		if e.set == nil {
			if m := sideIDPattern.FindStringSubmatch(cardID); m != nil {
				side := map[string]string{"V": "vorne", "H": "hinten"}[m[2]]
				if r.Side != "" && r.Side != side {
					return nil, rules.Forbid("side-mismatch", "Die Kennung %s ist die Seite %s, angegeben ist %s.", "ID %s is the %s side, but %s was given.", cardID, side, r.Side)
				}
				r.Side, cardID = side, m[1]
			}
		}
	}
	if cardID != "" && e.set != nil {
		found, warn := e.set.Find(decks.Ref{ID: cardID, Version: version})
		if found == nil {
			return nil, rules.Forbid("unknown-card", "Die Karte %s ist in den geladenen Decks nicht zu finden. Ohne Kennung eingeben und angeben, ob der Satz richtig ist.",
				"Card %s is not in the loaded decks. Enter it without an ID and state whether the sentence is right.", cardID)
		}
		if found.Dativ == nil {
			return nil, rules.Forbid("wrong-game-card", "%s ist keine Karte des Dativ-Kartenspiels.", "%s is not a card of the Dativ card game.", cardID)
		}
		if warn != nil {
			ev = append(ev, rules.Event{Text: *warn})
		}
		card := found.Dativ
		cardID = card.ID
		if found.Side >= 0 {
			side := decks.DativFace(found.Side).String()
			if r.Side != "" && r.Side != side {
				return nil, rules.Forbid("side-mismatch", "Die Kennung %s ist die Seite %s, angegeben ist %s.", "ID %s is the %s side, but %s was given.", p.Card, side, r.Side)
			}
			r.Side = side
		}
		if r.Side == "" {
			return nil, rules.Forbid("side-missing", "Welche Seite der Karte %s wird vorgelesen (vorne oder hinten)?", "Which side of card %s is read (front or back)?", cardID)
		}
		face := decks.Front
		if r.Side == "hinten" {
			face = decks.Back
		}
		side := card.Sides[face]
		if option < 0 {
			return nil, rules.Forbid("option-missing", "Welche Möglichkeit wird vorgelesen (a bis %s)?", "Which option is read (a to %s)?", decks.OptionLetter(len(side.Options)-1))
		}
		if option >= len(side.Options) {
			return nil, rules.Forbid("no-such-option", "Die Seite %s hat nur die Möglichkeiten a bis %s.", "Side %s only has options a to %s.", side.ID, decks.OptionLetter(len(side.Options)-1))
		}
		// Whether the variant is right comes from the card alone; a
		// "right" the reader sends is neither used nor checked — a
		// refusal of the wrong guess would tell the reader before the
		// votes (the reader votes too).
		right := side.IsCorrect(option)
		r.Right = &right
		r.Category = side.Category
		r.Sentence = side.Filled(option)
	} else if p.Right != nil {
		v := *p.Right
		r.Right = &v
	}
	if s.Deal && len(s.Pile) > 0 && cardID != s.Pile[0] {
		return nil, rules.Forbid("not-top-card", "Oben auf dem Stapel liegt %s, nicht %s.", "The top of the pile is %s, not %s.", s.Pile[0], cardID)
	}
	if cardID != "" {
		for _, u := range s.Used {
			if u == cardID {
				return nil, rules.Forbid("card-used", "Die Karte %s wurde in diesem Spiel schon gespielt und liegt wieder in der Schachtel.", "Card %s has already been played in this game and is back in the box.", cardID)
			}
		}
		s.Used = append(s.Used, cardID)
		r.Card = cardID
	}
	if s.Deal && len(s.Pile) > 0 {
		s.Pile = s.Pile[1:]
		if len(s.Pile) == 0 {
			s.Pile = nil
		}
	}
	s.Drawn++
	s.Reading = &r
	s.Phase = PhaseVote
	ev = append(ev, readEvent(reader, r, s.Drawn, s.Cards))
	return ev, nil
}

func rightWord(right bool) i18n.Text {
	if right {
		return i18n.Text{DE: "richtig", EN: "right"}
	}
	return i18n.Text{DE: "falsch", EN: "wrong"}
}

func readEvent(reader string, r Reading, drawn, cards int) rules.Event {
	var de, en []string
	if r.Card != "" {
		de = append(de, "Karte "+r.Card)
		en = append(en, "card "+r.Card)
	}
	if r.Side != "" {
		de = append(de, "Seite "+r.Side)
		en = append(en, map[string]string{"vorne": "front", "hinten": "back"}[r.Side])
	}
	if r.Category != "" {
		de = append(de, r.Category)
		en = append(en, r.Category)
	}
	if r.Option != "" {
		de = append(de, "Möglichkeit "+r.Option)
		en = append(en, "option "+r.Option)
	}
	t := i18n.Sprintf("Karte %d von %d: %s liest vor", "Card %d of %d: %s reads", drawn, cards, reader)
	if len(de) > 0 {
		t.DE += " (" + strings.Join(de, ", ") + ")"
		t.EN += " (" + strings.Join(en, ", ") + ")"
	}
	if r.Sentence != "" {
		t.DE += ": „" + r.Sentence + "“"
		t.EN += ": “" + r.Sentence + "”"
	} else {
		t.DE += "."
		t.EN += "."
	}
	return rules.Event{Text: t}
}

// VoteAction is one player's secret vote, or several at once.
type VoteAction struct {
	Type   string            `json:"type,omitempty"`
	Player string            `json:"player,omitempty"`
	Vote   string            `json:"vote,omitempty"`  // richtig/falsch (right/wrong)
	Votes  map[string]string `json:"votes,omitempty"` // player → vote
}

// guessCards is the vote as a secret choice: one guess card laid face down,
// or the printed guess cards of several players entered at once.
var guessCards = rules.SecretChoice[VoteAction]{
	Type: ActVote, Field: "vote", Batch: "votes",
	Fields: func(p VoteAction) (string, string, map[string]string) { return p.Player, p.Vote, p.Votes },
	One: func(player, vote string) VoteAction {
		return VoteAction{Type: ActVote, Player: player, Vote: vote}
	},
	Incomplete: i18n.T("Eine Stimme braucht player und vote (richtig oder falsch).", "A vote needs player and vote (right or wrong)."),
	Empty:      i18n.T("Keine Stimme angegeben.", "No vote given."),
}

func parseVote(v string) (string, bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "richtig", "right", "r", "true":
		return Richtig, true
	case "falsch", "wrong", "f", "false":
		return Falsch, true
	}
	return "", false
}

func (e engine) vote(s *State, a rules.Action) ([]rules.Event, error) {
	var p VoteAction
	if err := a.Decode(&p); err != nil {
		return nil, err
	}
	votes, err := guessCards.Given(p)
	if err != nil {
		return nil, err
	}
	// Check every vote before recording any, in seating order (the map's
	// order is random).
	got := make([]string, len(s.Players))
	for name, v := range votes {
		i := s.index(name)
		if i < 0 {
			return nil, rules.Forbid("unknown-player", "„%s“ spielt nicht mit.", "%q is not playing.", name)
		}
		if s.Votes[i] != "" || got[i] != "" {
			return nil, rules.Forbid("already-voted", "%s hat schon abgestimmt; eine Tippkarte liegt schon verdeckt.", "%s has already voted; a guess card is already face down.", s.Players[i])
		}
		val, ok := parseVote(v)
		if !ok {
			return nil, rules.Forbid("bad-vote", "„%s“ ist keine Tippkarte: RICHTIG oder FALSCH.", "%q is not a guess card: RIGHT or WRONG.", v)
		}
		got[i] = val
	}
	var ev []rules.Event
	for i, v := range got {
		if v != "" {
			s.Votes[i] = v
			ev = append(ev, rules.Eventf("%s legt eine Tippkarte verdeckt ab.", "%s places a guess card face down.", s.Players[i]))
		}
	}
	for _, v := range s.Votes {
		if v == "" {
			return ev, nil
		}
	}
	if s.Reading.Right == nil {
		s.Phase = PhaseReveal
		return append(ev, rules.Eventf("Alle haben abgestimmt. %s liest die Lösung mit dem Decoder.", "Everyone has voted. %s reads the solution with the Decoder.", s.Players[s.Reader])), nil
	}
	return append(ev, e.score(s)...), nil
}

// RevealAction is the solution read through the Decoder, when the card
// could not be looked up.
type RevealAction struct {
	Type   string `json:"type,omitempty"`
	Player string `json:"player,omitempty"`
	Right  *bool  `json:"right"`
}

func (e engine) reveal(s *State, a rules.Action) ([]rules.Event, error) {
	var p RevealAction
	if err := a.Decode(&p); err != nil {
		return nil, err
	}
	if p.Player != "" && s.index(p.Player) != s.Reader {
		return nil, rules.Forbid("not-your-turn", "Die Lösung liest %s vor, nicht %s.", "%s reads the solution, not %s.", s.Players[s.Reader], p.Player)
	}
	if p.Right == nil {
		return nil, rules.Forbid("right-missing", "War der vorgelesene Satz richtig? right: true oder false angeben.", "Was the sentence read aloud right? Give right: true or false.")
	}
	v := *p.Right
	s.Reading.Right = &v
	return e.score(s), nil
}

// score reveals the votes, pays out the pot and moves on to the next turn
// (or ends the game).
func (e engine) score(s *State) []rules.Event {
	n := len(s.Players)
	right := *s.Reading.Right
	want := Falsch
	if right {
		want = Richtig
	}
	var de, en []string
	for i, v := range s.Votes {
		de = append(de, fmt.Sprintf("%s %s", s.Players[i], strings.ToUpper(v)))
		en = append(en, fmt.Sprintf("%s %s", s.Players[i], map[string]string{Richtig: "RIGHT", Falsch: "WRONG"}[v]))
	}
	ev := []rules.Event{{Text: i18n.Text{DE: "Aufgedeckt: " + strings.Join(de, ", ") + ".", EN: "Revealed: " + strings.Join(en, ", ") + "."}}}
	w := rightWord(right)
	ev = append(ev, rules.Event{Text: i18n.Text{DE: "Der vorgelesene Satz ist " + w.DE + ".", EN: "The sentence read aloud is " + w.EN + "."}})
	if s.Reading.Card != "" && e.set != nil {
		if f, _ := e.set.Find(decks.Ref{ID: s.Reading.Card}); f != nil && f.Dativ != nil {
			face := decks.Front
			if s.Reading.Side == "hinten" {
				face = decks.Back
			}
			side := f.Dativ.Sides[face]
			ev = append(ev, rules.Event{Text: i18n.Text{
				DE: "Richtig: „" + strings.Join(side.Solutions(), "“ / „") + "“",
				EN: "Right: “" + strings.Join(side.Solutions(), "” / “") + "”"}})
			if side.Explanation != "" {
				ev = append(ev, rules.Eventf("Erklärung: %s", "Explanation: %s", side.Explanation))
			}
		}
	}
	// Every other player who voted correctly takes one chip, clockwise
	// from the reader's left; the pot only runs short when the supply ran
	// dry.
	for k := 1; k < n; k++ {
		i := (s.Reader + k) % n
		if s.Votes[i] != want {
			continue
		}
		if s.Pot == 0 {
			ev = append(ev, rules.Eventf("%s lag richtig, aber in der Mitte liegt kein Chip mehr.", "%s was right, but there is no chip left in the middle.", s.Players[i]))
			continue
		}
		s.Pot--
		s.Chips[i]++
		ev = append(ev, rules.Eventf("%s lag richtig und erhält 1 Chip.", "%s was right and gets 1 chip.", s.Players[i]))
	}
	reader := s.Players[s.Reader]
	if s.Votes[s.Reader] == want {
		got := s.Pot
		s.Chips[s.Reader] += got
		s.Pot = 0
		ev = append(ev, rules.Eventf("%s hat den eigenen Satz richtig beurteilt und erhält die übrigen %d Chip%s.", "%s judged their own sentence correctly and gets the remaining %d chip%s.", reader, got, plural(got)))
	} else {
		t := i18n.Sprintf("%s hat den eigenen Satz falsch beurteilt und erhält nichts; ", "%s judged their own sentence wrongly and gets nothing; ", reader)
		if s.Pot == 1 {
			t.DE += "1 Chip bleibt in der Mitte."
			t.EN += "1 chip stays in the middle."
		} else {
			t.DE += fmt.Sprintf("%d Chips bleiben in der Mitte.", s.Pot)
			t.EN += fmt.Sprintf("%d chips stay in the middle.", s.Pot)
		}
		ev = append(ev, rules.Event{Text: t})
	}
	var parts []string
	for i, p := range s.Players {
		parts = append(parts, fmt.Sprintf("%s %d", p, s.Chips[i]))
	}
	ev = append(ev, rules.Eventf("Chips: %s (Mitte %d, Vorrat %d).", "Chips: %s (middle %d, supply %d).", strings.Join(parts, ", "), s.Pot, s.Supply))
	s.Last = &LastTurn{Reader: s.Players[s.Reader], Reading: *s.Reading, Votes: slices.Clone(s.Votes)}
	s.Votes = make([]string, n)
	s.Reading = nil
	if s.Drawn >= s.Cards {
		s.Phase = PhaseOver
		s.Winners = winners(s.Players, s.Chips)
		best := s.Chips[s.index(s.Winners[0])]
		if len(s.Winners) == 1 {
			ev = append(ev, rules.Eventf("Der Stapel ist aufgebraucht. %s gewinnt mit %d Chip%s.", "The pile is used up. %s wins with %d chip%s.", s.Winners[0], best, plural(best)))
		} else {
			ev = append(ev, rules.Eventf("Der Stapel ist aufgebraucht. Gleichstand: %s gewinnen mit je %d Chip%s.", "The pile is used up. A tie: %s win with %d chip%s each.", strings.Join(s.Winners, ", "), best, plural(best)))
		}
		return ev
	}
	s.Reader = (s.Reader + 1) % n
	s.Phase = PhaseRead
	added, short := s.topUp()
	if short {
		if added == 1 {
			ev = append(ev, rules.Eventf("Der Vorrat ist leer: nur noch 1 Chip kommt in die Mitte, dort liegen jetzt %d.", "The supply is empty: only 1 more chip goes into the middle, which now holds %d.", s.Pot))
		} else {
			ev = append(ev, rules.Eventf("Der Vorrat ist leer: nur noch %d Chips kommen in die Mitte, dort liegen jetzt %d.", "The supply is empty: only %d more chips go into the middle, which now holds %d.", added, s.Pot))
		}
	}
	ev = append(ev, rules.Eventf("%s ist jetzt mit Vorlesen dran; in der Mitte liegen %d Chip%s.", "%s reads next; there are %d chip%s in the middle.", s.Players[s.Reader], s.Pot, plural(s.Pot)))
	return ev
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// winners are all players with the most chips, in seating order.
func winners(players []string, chips []int) []string {
	best := chips[0]
	for _, c := range chips {
		best = max(best, c)
	}
	var out []string
	for i, c := range chips {
		if c == best {
			out = append(out, players[i])
		}
	}
	return out
}

// Next tells who must act.
func (e engine) Next(s State) rules.Prompt {
	switch s.Phase {
	case PhaseOver:
		return rules.Prompt{Over: true, Text: i18n.Sprintf("Spielende. Es gewinnt: %s.", "Game over. Winner: %s.", strings.Join(s.Winners, ", "))}
	case PhaseRead:
		r := s.Players[s.Reader]
		return rules.Prompt{Actors: []string{r}, Allowed: []string{ActRead},
			Text: i18n.Sprintf("%s zieht Karte %d von %d, wählt Seite und Möglichkeit und liest vor.", "%s draws card %d of %d, chooses side and option and reads aloud.", r, s.Drawn+1, s.Cards)}
	case PhaseVote:
		var open []string
		for i, v := range s.Votes {
			if v == "" {
				open = append(open, s.Players[i])
			}
		}
		return rules.Prompt{Actors: open, Allowed: []string{ActVote},
			Text: i18n.Sprintf("Geheim abstimmen, RICHTIG oder FALSCH: %s.", "Vote secretly, RIGHT or WRONG: %s.", strings.Join(open, ", "))}
	case PhaseReveal:
		r := s.Players[s.Reader]
		return rules.Prompt{Actors: []string{r}, Allowed: []string{ActReveal},
			Text: i18n.Sprintf("%s liest die Lösung mit dem Decoder: war der vorgelesene Satz richtig?", "%s reads the solution with the Decoder: was the sentence read aloud right?", r)}
	}
	return rules.Prompt{}
}
