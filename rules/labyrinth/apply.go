package labyrinth

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"druckreif/decks"
	"druckreif/rules"
)

// Payloads. The replay line carries "type" beside the fields; unknown
// fields are refused, so a typo does not pass silently.
type drawData struct {
	Type string `json:"type"`
	Card string `json:"card"` // a card or card side ID (LAB-STD-3 or LAB-STD-3-GR)
	Kind string `json:"kind"` // without an ID: normal, risk (or lingutaurus)
}

type betData struct {
	Type   string `json:"type"`
	Player string `json:"player"`
	Chip   int    `json:"chip"`
}

type tipData struct {
	Type   string `json:"type"`
	Player string `json:"player"`
	Tip    string `json:"tip"`
}

// placeData is "place": one player's tip and bet chip at once (what one
// phone enters in secret), or every player's at once ("tips", "bets": all
// turned over together). The whole action is checked: one bad entry
// refuses all of it.
type placeData struct {
	Type   string            `json:"type"`
	Player string            `json:"player,omitempty"`
	Tip    string            `json:"tip,omitempty"`
	Chip   int               `json:"chip,omitempty"`
	Tips   map[string]string `json:"tips,omitempty"`
	Bets   map[string]int    `json:"bets,omitempty"`
}

type revealData struct {
	Type    string `json:"type"`
	Correct string `json:"correct"`
}

func decode(a rules.Action, v any) error {
	if len(a.Data) == 0 {
		return nil
	}
	if err := rules.DecodeStrict(a.Data, v); err != nil {
		return rules.Forbid("bad-action", "Die Aktion „%s“ ist nicht lesbar: %v", "the action %q cannot be read: %v", a.Type, err)
	}
	return nil
}

// actionType is the action's type, from the Action or from the line.
func actionType(a rules.Action) string {
	if a.Type != "" {
		return a.Type
	}
	var t struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(a.Data, &t)
	return t.Type
}

func (e *engine) Apply(in State, a rules.Action) (State, []rules.Event, error) {
	if in.Phase == PhaseOver {
		return in, nil, rules.Forbid("game-over", "Das Spiel ist schon zu Ende.", "the game is already over")
	}
	typ := actionType(a)
	s := in.clone()
	var ev []rules.Event
	var err error
	switch typ {
	case ActDraw:
		var d drawData
		if err = decode(a, &d); err == nil {
			ev, err = e.draw(&s, d)
		}
	case ActBet:
		var d betData
		if err = decode(a, &d); err == nil {
			ev, err = bet(&s, d)
		}
	case ActTip:
		var d tipData
		if err = decode(a, &d); err == nil {
			ev, err = tip(&s, d)
		}
	case ActPlace:
		var d placeData
		if err = decode(a, &d); err == nil {
			ev, err = placeAll(&s, d)
		}
	case ActReveal:
		var d revealData
		if err = decode(a, &d); err == nil {
			ev, err = reveal(&s, d)
		}
	default:
		err = rules.Forbid("unknown-action", "Unbekannte Aktion „%s“ (erlaubt: draw, bet, tip, place, reveal).", "unknown action %q (allowed: draw, bet, tip, place, reveal)", typ)
	}
	if err != nil {
		return in, nil, err
	}
	return s, ev, nil
}

// ---------------------------------------------------------------- draw

func (e *engine) draw(s *State, d drawData) ([]rules.Event, error) {
	switch s.Phase {
	case PhaseDraw:
		return e.drawQuestion(s, d)
	case PhaseLingutaurus:
		if s.Ling.Card != nil {
			return nil, rules.Forbid("card-drawn", "Die Lingutaurus-Karte liegt schon auf dem Tisch.", "the Lingutaurus card has already been drawn")
		}
		return e.drawLing(s, d)
	}
	return nil, rules.Forbid("card-drawn", "Die Frage läuft noch; erst nach der Auflösung wird die nächste Karte gezogen.", "the question is still open; the next card is drawn after the answer")
}

// lookup finds a card by ID in the engine's set and returns the side ID for
// the face played and the card.
func (e *engine) lookup(s *State, id string) (*decks.LabyrinthCard, string, []rules.Event, error) {
	if e.set == nil {
		return nil, "", nil, rules.Forbid("no-deck", "Ohne Kartensatz kann die Karte „%s“ nicht nachgeschlagen werden; bitte die Art der Karte (kind) und bei der Auflösung die richtige Antwort angeben.",
			"without a card set the card %q cannot be looked up; give the kind of card and, at the reveal, the correct answer", id)
	}
	f, warn := e.set.Find(decks.ParseRef(id))
	if f == nil || f.Labyrinth == nil {
		return nil, "", nil, rules.Forbid("unknown-card", "Die Karte „%s“ gehört zu keinem Labyrinth-Deck.", "card %q is not in any labyrinth deck", id)
	}
	face := decks.Green
	if s.Face == decks.Yellow.String() {
		face = decks.Yellow
	}
	if f.Side >= 0 && f.Side != int(face) {
		return nil, "", nil, rules.Forbid("wrong-face", "Gespielt wird mit der %s Seite; „%s“ ist die andere Seite.", "the game uses the %s side; %q is the other side",
			map[string]string{"grün": "grünen", "gelb": "gelben"}[s.Face], id)
	}
	var ev []rules.Event
	if warn != nil {
		ev = append(ev, rules.Event{Text: *warn})
	}
	return f.Labyrinth, f.Labyrinth.Sides[face].ID, ev, nil
}

func kindName(k decks.LabyrinthKind) string {
	return [...]string{KindNormal, KindRisk, KindLingutaurus}[k]
}

func parseKind(k string) (string, bool) {
	switch strings.ToLower(strings.TrimSpace(k)) {
	case "normal":
		return KindNormal, true
	case "risk", "risiko":
		return KindRisk, true
	case "lingutaurus":
		return KindLingutaurus, true
	}
	return "", false
}

// drawnCard reads what a draw action says: a card from its ID, or its kind.
func (e *engine) drawnCard(s *State, d drawData) (*Card, string, []rules.Event, error) {
	var kind string
	if d.Kind != "" {
		k, ok := parseKind(d.Kind)
		if !ok {
			return nil, "", nil, rules.Forbid("card-kind", "„%s“ ist keine Kartenart (normal, risk, lingutaurus).", "%q is not a kind of card (normal, risk, lingutaurus)", d.Kind)
		}
		kind = k
	}
	if d.Card == "" {
		return &Card{Kind: kind}, "", nil, nil
	}
	c, sideID, ev, err := e.lookup(s, d.Card)
	if err != nil {
		return nil, "", nil, err
	}
	if kind != "" && kind != kindName(c.Kind) {
		return nil, "", nil, rules.Forbid("card-kind", "Die Karte %s ist eine %s-Karte, nicht %s.", "card %s is a %s card, not %s", c.ID, kindName(c.Kind), kind)
	}
	face := decks.Green
	if s.Face == decks.Yellow.String() {
		face = decks.Yellow
	}
	return &Card{ID: sideID, Kind: kindName(c.Kind), Correct: c.Sides[face].CorrectLetter()}, c.ID, ev, nil
}

func (e *engine) drawQuestion(s *State, d drawData) ([]rules.Event, error) {
	var card *Card
	var cardID string
	var ev []rules.Event
	if s.Deal {
		top := s.Stack[0]
		got, id, w, err := e.drawnCard(s, drawData{Card: top})
		if err != nil {
			return nil, err
		}
		if d.Card != "" && !strings.EqualFold(decks.ParseRef(d.Card).ID, got.ID) && !strings.EqualFold(decks.ParseRef(d.Card).ID, id) {
			return nil, rules.Forbid("not-top-card", "Oben auf dem ausgeteilten Stapel liegt %s, nicht %s.", "the top card of the dealt stack is %s, not %s", got.ID, d.Card)
		}
		if d.Kind != "" {
			if k, _ := parseKind(d.Kind); k != got.Kind {
				return nil, rules.Forbid("card-kind", "Die oberste Karte ist eine %s-Karte, nicht %s.", "the top card is a %s card, not %s", got.Kind, d.Kind)
			}
		}
		card, cardID, ev = got, id, w
		s.Stack = s.Stack[1:]
	} else {
		got, id, w, err := e.drawnCard(s, d)
		if err != nil {
			return nil, err
		}
		if got.Kind == "" {
			return nil, rules.Forbid("card-missing", "Welche Karte wurde gezogen? Bitte die Karten-ID (card) oder die Art (kind: normal oder risk) angeben.",
				"which card was drawn? Give the card ID (card) or its kind (kind: normal or risk)")
		}
		card, cardID, ev = got, id, w
	}
	switch card.Kind {
	case KindLingutaurus:
		return nil, rules.Forbid("wrong-stack", "Das ist eine Lingutaurus-Karte; sie gehört nicht in den Fragenstapel.", "that is a Lingutaurus card; it does not belong in the question stack")
	case KindNormal:
		if s.DrawnNormal >= s.Normal {
			return nil, rules.Forbid("stack-composition", "Im Fragenstapel sind nur %d normale Fragen, alle sind gezogen.", "the question stack holds only %d normal questions, all drawn", s.Normal)
		}
		s.DrawnNormal++
	case KindRisk:
		if s.DrawnRisk >= s.Risk {
			return nil, rules.Forbid("stack-composition", "Im Fragenstapel sind nur %d Risikofragen, alle sind gezogen.", "the question stack holds only %d risk questions, all drawn", s.Risk)
		}
		s.DrawnRisk++
	}
	if cardID != "" {
		if slices.Contains(s.Seen, cardID) {
			return nil, rules.Forbid("card-used", "Die Karte %s wurde in diesem Spiel schon gezogen.", "card %s has already been drawn in this game", cardID)
		}
		s.Seen = grow(s.Seen, cardID)
	}
	s.Question++
	s.Card = card
	s.Phase = PhaseQuestion
	for i := range s.Players {
		s.Players[i].Tip, s.Players[i].Bet = "", 0
	}
	r := s.Players[s.Reader].Name
	label := ""
	if card.ID != "" {
		label = " (" + card.ID + ")"
	}
	if card.Kind == KindRisk {
		ev = append(ev, rules.Eventf("%s zieht Frage %d von %d%s: eine Risikofrage! Alle außer %s setzen zuerst einen Einsatzchip, dann wird die Frage vorgelesen.",
			"%s draws question %d of %d%s: a risk question! Everyone but %s places a bet chip first, then the question is read.",
			r, s.Question, s.stackSize(), label, r))
	} else {
		ev = append(ev, rules.Eventf("%s zieht Frage %d von %d%s und liest sie vor.", "%s draws question %d of %d%s and reads it.",
			r, s.Question, s.stackSize(), label))
	}
	return ev, nil
}

func (e *engine) drawLing(s *State, d drawData) ([]rules.Event, error) {
	var card *Card
	var ev []rules.Event
	if d.Kind != "" {
		if k, ok := parseKind(d.Kind); !ok || k != KindLingutaurus {
			return nil, rules.Forbid("wrong-stack", "Jetzt wird eine Lingutaurus-Karte gezogen, keine Frage aus dem Fragenstapel.", "now a Lingutaurus card is drawn, not a question card")
		}
	}
	if s.Deal {
		if len(s.LingStack) == 0 {
			// All Lingutaurus cards used: they are shuffled and reused.
			s.LingShuffles++
			s.LingStack = shuffledLings(e.lingIDs(), s.Seed, s.LingShuffles)
			ev = append(ev, rules.Eventf("Der Lingutaurus-Stapel ist aufgebraucht und wird neu gemischt.", "the Lingutaurus stack is used up and is reshuffled"))
		}
		top := s.LingStack[0]
		got, id, w, err := e.drawnCard(s, drawData{Card: top})
		if err != nil {
			return nil, err
		}
		if d.Card != "" && !strings.EqualFold(decks.ParseRef(d.Card).ID, got.ID) && !strings.EqualFold(decks.ParseRef(d.Card).ID, id) {
			return nil, rules.Forbid("not-top-card", "Oben auf dem Lingutaurus-Stapel liegt %s, nicht %s.", "the top Lingutaurus card is %s, not %s", got.ID, d.Card)
		}
		s.LingStack = s.LingStack[1:]
		card = got
		ev = append(ev, w...)
	} else {
		if d.Card == "" {
			card = &Card{Kind: KindLingutaurus}
		} else {
			got, id, w, err := e.drawnCard(s, drawData{Card: d.Card})
			if err != nil {
				return nil, err
			}
			if got.Kind != KindLingutaurus {
				return nil, rules.Forbid("wrong-stack", "Die Karte %s ist keine Lingutaurus-Karte.", "card %s is not a Lingutaurus card", got.ID)
			}
			if n := len(e.lingIDs()); n > 0 && len(s.LingSeen) >= n {
				s.LingSeen = nil // all used: the stack was reshuffled
			}
			if slices.Contains(s.LingSeen, id) {
				return nil, rules.Forbid("card-used", "Die Lingutaurus-Karte %s wurde schon gezogen.", "Lingutaurus card %s has already been drawn", id)
			}
			s.LingSeen = grow(s.LingSeen, id)
			card = got
			ev = append(ev, w...)
		}
	}
	s.Ling.Card = card
	s.Ling.Attempt++
	for i := range s.Players {
		s.Players[i].Tip = ""
	}
	reader := s.Players[s.Ling.Reader].Name
	var names []string
	for _, i := range s.answerers() {
		names = append(names, s.Players[i].Name)
	}
	ev = append(ev, rules.Eventf("%s liest die Lingutaurus-Frage vor; es tippen: %s.", "%s reads the Lingutaurus question; tipping: %s.",
		reader, strings.Join(names, ", ")))
	return ev, nil
}

// ---------------------------------------------------------------- bet and tip

func (s *State) player(name string) (int, error) {
	i := s.index(strings.TrimSpace(name))
	if i < 0 {
		return -1, rules.Forbid("unknown-player", "„%s“ spielt nicht mit.", "%q is not a player", name)
	}
	return i, nil
}

func bet(s *State, d betData) ([]rules.Event, error) {
	i, err := s.player(d.Player)
	if err != nil {
		return nil, err
	}
	name := s.Players[i].Name
	switch s.Phase {
	case PhaseLingutaurus:
		return nil, rules.Forbid("lingutaurus-no-bet", "Bei der Lingutaurus-Frage wird nicht gesetzt.", "no bets on a Lingutaurus question")
	case PhaseDraw:
		return nil, rules.Forbid("no-card", "Es liegt noch keine Frage auf dem Tisch; erst zieht %s eine Karte.", "no question on the table yet; %s draws a card first", s.Players[s.Reader].Name)
	}
	if i == s.Reader {
		return nil, rules.Forbid("reader-does-not-answer", "%s liest vor und setzt diesmal nicht.", "%s is the reader and does not bet this time", name)
	}
	p := &s.Players[i]
	if p.Bet != 0 {
		return nil, rules.Forbid("bet-placed", "%s hat schon den Chip %d gesetzt.", "%s has already placed chip %d", name, p.Bet)
	}
	if d.Chip < 1 || d.Chip > Chips {
		return nil, rules.Forbid("chip-value", "Einsatzchips zeigen 1 bis 5, nicht %d.", "bet chips show 1 to 5, not %d", d.Chip)
	}
	k := slices.Index(p.Board, d.Chip)
	if k < 0 {
		return nil, rules.Forbid("bet-chip-cycle", "%s hat den Chip %d schon benutzt; er kommt erst zurück, wenn alle fünf gesetzt sind (übrig: %s).",
			"%s has already used chip %d; it comes back only after all five have been placed (left: %s)", name, d.Chip, chipList(p.Board))
	}
	p.Board = slices.Delete(p.Board, k, k+1)
	p.Bet = d.Chip
	// Bet chips lie face up.
	return []rules.Event{rules.Eventf("%s setzt den Chip %d.", "%s places chip %d.", name, d.Chip)}, nil
}

func chipList(c []int) string {
	var parts []string
	for _, v := range c {
		parts = append(parts, fmt.Sprint(v))
	}
	return strings.Join(parts, ", ")
}

func tip(s *State, d tipData) ([]rules.Event, error) {
	i, err := s.player(d.Player)
	if err != nil {
		return nil, err
	}
	name := s.Players[i].Name
	letter, ok := normLetter(d.Tip)
	if s.Phase == PhaseDraw {
		return nil, rules.Forbid("no-card", "Es liegt noch keine Frage auf dem Tisch; erst zieht %s eine Karte.", "no question on the table yet; %s draws a card first", s.Players[s.Reader].Name)
	}
	if s.Phase == PhaseLingutaurus && s.Ling.Card == nil {
		return nil, rules.Forbid("no-card", "Erst zieht %s die Lingutaurus-Karte.", "%s draws the Lingutaurus card first", s.Players[s.Ling.Reader].Name)
	}
	if !slices.Contains(s.answerers(), i) {
		return nil, rules.Forbid("reader-does-not-answer", "%s liest diese Karte vor und kennt die Antwort; %s tippt nicht.", "%s reads this card and sees the answer; %s does not tip", name, name)
	}
	p := &s.Players[i]
	if p.Tip != "" {
		return nil, rules.Forbid("tip-placed", "%s hat schon getippt.", "%s has already tipped", name)
	}
	if !ok {
		return nil, rules.Forbid("tip-letter", "Getippt wird A, B oder C, nicht „%s“.", "tip A, B or C, not %q", d.Tip)
	}
	if s.Phase == PhaseQuestion && s.Card.Kind == KindRisk {
		for _, j := range s.answerers() {
			if s.Players[j].Bet == 0 {
				return nil, rules.Forbid("risk-bets-first", "Risikofrage: Erst wenn alle gesetzt haben, wird die Frage vorgelesen und getippt (%s hat noch nicht gesetzt).",
					"risk question: the question is read and tipped only after everyone has bet (%s has not bet yet)", s.Players[j].Name)
			}
		}
	}
	p.Tip = letter
	return []rules.Event{rules.Eventf("%s legt eine Tippkarte verdeckt hin.", "%s places a tip card face down.", name)}, nil
}

// owes is what player i must still place now: a bet chip, a tip, or both.
func (s *State) owes(i int) (bet, tip bool) {
	if !slices.Contains(s.answerers(), i) {
		return false, false
	}
	p := s.Players[i]
	switch s.Phase {
	case PhaseQuestion:
		bet = p.Bet == 0
		tip = p.Tip == ""
		if s.Card.Kind == KindRisk {
			for _, j := range s.answerers() {
				if s.Players[j].Bet == 0 {
					tip = false // risk: tips only once everyone has bet
				}
			}
		}
	case PhaseLingutaurus:
		tip = s.Ling.Card != nil && p.Tip == ""
	}
	return bet, tip
}

// placeAll lays bets (first) and tips for one player or many.
func placeAll(s *State, d placeData) ([]rules.Event, error) {
	single := d.Player != "" || d.Tip != "" || d.Chip != 0
	if single && (d.Tips != nil || d.Bets != nil) {
		return nil, rules.Forbid("bad-action", "Entweder player mit tip/chip oder tips/bets angeben, nicht beides.", "give either player with tip/chip or tips/bets, not both")
	}
	bets, tips := d.Bets, d.Tips
	if single {
		i, err := s.player(d.Player)
		if err != nil {
			return nil, err
		}
		wantBet, wantTip := s.owes(i)
		name := s.Players[i].Name
		switch {
		case !wantBet && d.Chip != 0:
			return nil, rules.Forbid("place-no-bet", "%s setzt jetzt keinen Einsatzchip.", "%s places no bet chip now", name)
		case !wantTip && d.Tip != "":
			return nil, rules.Forbid("place-no-tip", "%s legt jetzt keine Tippkarte.", "%s places no tip card now", name)
		case wantBet && d.Chip == 0:
			return nil, rules.Forbid("place-incomplete", "%s muss jetzt einen Einsatzchip setzen.", "%s must place a bet chip now", name)
		case wantTip && d.Tip == "":
			return nil, rules.Forbid("place-incomplete", "%s muss jetzt eine Tippkarte legen.", "%s must place a tip card now", name)
		}
		bets, tips = map[string]int{}, map[string]string{}
		if d.Chip != 0 {
			bets[d.Player] = d.Chip
		}
		if d.Tip != "" {
			tips[d.Player] = d.Tip
		}
	}
	if len(bets) == 0 && len(tips) == 0 {
		return nil, rules.Forbid("bad-action", "Nichts gesetzt und nichts getippt.", "nothing bet and nothing tipped")
	}
	// In seating order, so the result does not depend on the maps' order.
	var ev []rules.Event
	for _, name := range sortedNames(s, bets) {
		e, err := bet(s, betData{Player: name, Chip: bets[name]})
		if err != nil {
			return nil, err
		}
		ev = append(ev, e...)
	}
	for _, name := range sortedNames(s, tips) {
		e, err := tip(s, tipData{Player: name, Tip: tips[name]})
		if err != nil {
			return nil, err
		}
		ev = append(ev, e...)
	}
	return ev, nil
}

// sortedNames are a map's player names in seating order; unknown names
// last, so that their refusal names them.
func sortedNames[V any](s *State, m map[string]V) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		ia, ib := s.index(a), s.index(b)
		if ia < 0 {
			ia = len(s.Players)
		}
		if ib < 0 {
			ib = len(s.Players)
		}
		if ia != ib {
			return ia - ib
		}
		return strings.Compare(a, b)
	})
	return names
}
