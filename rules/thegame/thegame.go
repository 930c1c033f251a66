// Package thegame is the rules engine of The Game (Steffen Benndorf): one
// to five players lay the cards 2–99 together on two ascending piles
// (starting at 1) and two descending piles (starting at 100).
//
// The engine is first of all the table's assistant as the rulebook's FAQ
// describes it: the hands are secret, so it tracks how many cards each
// player holds, the values it has been told, the size of the draw pile and
// the piles' top cards. A card may be entered with its value (fully
// checked) or without it (the player confirms it was legal; the pile's
// value is unknown until a later card with value). In "full" mode the
// engine deals from the seed and knows every card; the property tests play
// whole games that way.
package thegame

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
)

// Modes.
const (
	Assistant = "assistant" // hands secret; the players enter what they play
	Full      = "full"      // the engine deals from the seed and knows every card
)

// Phases.
const (
	PhaseTurn    = "turn"    // the active player lays cards
	PhaseConfirm = "confirm" // a blockade was reported; the result awaits confirmation
	PhaseOver    = "over"
)

// Checks of a played card.
const (
	CheckFull    = "full"    // value entered on a pile of known value: fully checked
	CheckPartial = "partial" // value entered on a pile of unknown value: direction unchecked
	CheckManual  = "manual"  // no value entered: the player confirmed it was legal
)

// Setup is the game's setup line.
type Setup struct {
	Game    string   `json:"game"`
	Players []string `json:"players"`
	Seed    int64    `json:"seed"`
	// Mode is "assistant" (default) or "full".
	Mode string `json:"mode,omitempty"`
	// Profi: at least three cards a turn while the draw pile lasts.
	Profi bool `json:"profi,omitempty"`
	// SmallHands: the Profi variant's optional hands one card smaller
	// (solo 7, two players 6, three to five 5). Only with Profi.
	SmallHands bool `json:"small_hands,omitempty"`
	// Starter is the start player the table chose; default the first.
	Starter string `json:"starter,omitempty"`
}

// State is a game in progress. Everything is plain data; Apply never
// changes the state it gets.
type State struct {
	Players    []string `json:"players"`
	Mode       string   `json:"mode"`
	Profi      bool     `json:"profi,omitempty"`
	SmallHands bool     `json:"small_hands,omitempty"`
	HandSize   int      `json:"hand_size"`
	Piles      []Pile   `json:"piles"`
	Hands      []Hand   `json:"hands"`
	// DrawCount is the number of cards in the draw pile.
	DrawCount int `json:"draw_count"`
	// DrawPile is the draw pile, next card first (full mode only).
	DrawPile []int `json:"draw_pile,omitempty"`
	Active   int   `json:"active"` // index into Players
	Turn     int   `json:"turn"`   // 1-based, counts turns taken
	// TurnPlays is the number of cards the active player has laid this turn.
	TurnPlays int     `json:"turn_plays"`
	Phase     string  `json:"phase"`
	Plays     []Play  `json:"plays,omitempty"`
	Draws     []Draw  `json:"draws,omitempty"`
	Result    *Result `json:"result,omitempty"`
	// Doubles are cards laid by one player while another's entered hand
	// held them. A hand entry is checked only against its own hand and the
	// cards laid, never against another's (that would tell one player the
	// other's cards), so such a slip shows only when the card is laid; the
	// table learns of it at the result, as it would at a real table.
	Doubles []Double `json:"doubles,omitempty"`
}

// Double is a card entered in two hands: laid by Laid, entered (wrongly,
// as it turned out) in Entered's hand — or, at the result, entered in
// both and laid by neither.
type Double struct {
	Value   int      `json:"value"`
	Laid    string   `json:"laid,omitempty"`
	Entered []string `json:"entered"`
}

// Pile is one of the four piles.
type Pile struct {
	Name  string `json:"name"` // 1A, 1B (ascending), 100A, 100B (descending)
	Up    bool   `json:"up"`
	Top   int    `json:"top"`   // value of the top card, when Known
	Known bool   `json:"known"` // false after a card laid without value
	Cards int    `json:"cards"` // cards laid on it (start card not counted)
}

// Hand is what the engine knows about a player's hand.
type Hand struct {
	Count int   `json:"count"`
	Known []int `json:"known,omitempty"` // values known to be in it, ascending (full mode: all)
}

// Unknown is the number of cards in the hand whose value the engine does
// not know.
func (h Hand) Unknown() int { return h.Count - len(h.Known) }

// Play is one laid card.
type Play struct {
	Turn   int    `json:"turn"`
	Player string `json:"player"`
	Pile   string `json:"pile"`
	Value  int    `json:"value,omitempty"` // 0: entered without value
	Trick  bool   `json:"trick,omitempty"` // backwards trick (exactly ten back)
	Check  string `json:"check"`
}

// Draw is one refill at the end of a turn.
type Draw struct {
	Turn   int    `json:"turn"`
	Player string `json:"player"`
	Count  int    `json:"count"`
	Known  []int  `json:"known,omitempty"` // values of drawn cards entered or dealt (full mode: all)
}

// Result is the common result: the cards not laid.
type Result struct {
	Remaining int  `json:"remaining"` // hands + draw pile
	InHands   int  `json:"in_hands"`
	InDraw    int  `json:"in_draw"`
	Won       bool `json:"won"`       // all 98 cards laid
	Excellent bool `json:"excellent"` // fewer than ten left
	// Rating is "won", "excellent" (lost, but under ten) or "lost".
	Rating string `json:"rating"`
	// Blocked is the player who reported the blockade ("" when won).
	Blocked string `json:"blocked,omitempty"`
	// Partial: some cards were entered without value or on a pile of
	// unknown value, so the assistant could not check everything.
	Partial bool `json:"partial,omitempty"`
	// Doubles are the cards entered in two hands (see State.Doubles),
	// shown to everyone with the result.
	Doubles []Double `json:"doubles,omitempty"`
}

// Engine is The Game's rules engine.
type Engine struct {
	set *decks.Set
}

// Version is the version of these rules. It changes whenever a change to
// the engine could give a recorded game another state, so that a stored
// table can tell it was played under other rules.
const Version = "1"

// New returns the engine. set may be nil: card IDs (TG-57) are still
// understood, since The Game's deck is generated and the same everywhere.
func New(set *decks.Set) rules.Engine[State] { return Engine{set: set} }

var pileNames = []string{"1A", "1B", "100A", "100B"}

// HandSize is the number of cards per hand for n players.
func HandSize(n int, small bool) int {
	size := 6
	switch n {
	case 1:
		size = 8
	case 2:
		size = 7
	}
	if small {
		size--
	}
	return size
}

// Start deals.
func (e Engine) Start(raw json.RawMessage) (State, error) {
	var su Setup
	if err := rules.DecodeStrict(raw, &su); err != nil {
		return State{}, forbid("setup", "Aufstellung unlesbar: %v", "setup unreadable: %v", err)
	}
	if su.Game != "" && su.Game != string(decks.TheGame) {
		return State{}, forbid("setup", "Aufstellung für %q, nicht für The Game", "setup is for %q, not The Game", su.Game)
	}
	n := len(su.Players)
	if n < 1 || n > 5 {
		return State{}, forbid("players", "The Game spielen 1 bis 5 Personen, nicht %d", "The Game is for 1 to 5 players, not %d", n)
	}
	seen := map[string]bool{}
	for _, p := range su.Players {
		if strings.TrimSpace(p) == "" {
			return State{}, forbid("players", "Spielername fehlt", "player name missing")
		}
		if seen[p] {
			return State{}, forbid("players", "%s steht zweimal in der Spielerliste", "%s is listed twice", p)
		}
		seen[p] = true
	}
	switch su.Mode {
	case "":
		su.Mode = Assistant
	case Assistant, Full:
	default:
		return State{}, forbid("setup", "Modus %q unbekannt (assistant oder full)", "unknown mode %q (assistant or full)", su.Mode)
	}
	if su.SmallHands && !su.Profi {
		return State{}, forbid("small-hands", "Kleinere Hände gibt es nur in der Profi-Variante", "smaller hands belong to the Profi variant")
	}
	s := State{
		Players:    append([]string(nil), su.Players...),
		Mode:       su.Mode,
		Profi:      su.Profi,
		SmallHands: su.SmallHands,
		HandSize:   HandSize(n, su.SmallHands),
		Turn:       1,
		Phase:      PhaseTurn,
	}
	if su.Starter != "" {
		i := slices.Index(s.Players, su.Starter)
		if i < 0 {
			return State{}, forbid("starter", "Startspieler %s spielt nicht mit", "start player %s is not playing", su.Starter)
		}
		s.Active = i
	}
	for i, name := range pileNames {
		p := Pile{Name: name, Up: i < 2, Top: 1, Known: true}
		if !p.Up {
			p.Top = 100
		}
		s.Piles = append(s.Piles, p)
	}
	s.Hands = make([]Hand, n)
	s.DrawCount = 98 - n*s.HandSize
	if s.Mode == Full {
		cards := make([]int, 0, 98)
		for v := 2; v <= 99; v++ {
			cards = append(cards, v)
		}
		r := rand.New(rand.NewPCG(uint64(su.Seed), 0x74686567616d65)) // "thegame"
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		// Dealt one at a time around the table, as at a real table.
		for k := 0; k < s.HandSize; k++ {
			for i := range s.Hands {
				s.Hands[i].Known = append(s.Hands[i].Known, cards[0])
				cards = cards[1:]
			}
		}
		for i := range s.Hands {
			slices.Sort(s.Hands[i].Known)
		}
		s.DrawPile = cards
	}
	for i := range s.Hands {
		s.Hands[i].Count = s.HandSize
	}
	return s, nil
}

// clone copies what Apply changes in place: the piles, the hands and the
// result. The other slices are shared, so Apply never writes into them:
// Players never change, the draw pile is only cut from the front, and
// Plays, Draws and a hand's Known grow only through grow, which always
// copies.
func (s State) clone() State {
	c := s
	c.Piles = slices.Clone(s.Piles)
	c.Hands = slices.Clone(s.Hands)
	if s.Result != nil {
		r := *s.Result
		c.Result = &r
	}
	return c
}

// grow appends to a slice that may be shared with another state, always
// into a fresh array.
func grow[T any](list []T, more ...T) []T {
	out := make([]T, 0, len(list)+len(more))
	return append(append(out, list...), more...)
}

// Minimum is the number of cards the active player must lay this turn:
// two (three in Profi) while the draw pile lasts, one once it is empty.
func (s State) Minimum() int {
	if s.DrawCount == 0 {
		return 1
	}
	if s.Profi {
		return 3
	}
	return 2
}

// ToDraw is the number of cards the active player refills at the end of
// the turn: up to the hand size, as far as the draw pile goes.
func (s State) ToDraw() int {
	return max(0, min(s.HandSize-s.Hands[s.Active].Count, s.DrawCount))
}

// Remaining is the number of cards not laid yet: hands and draw pile.
func (s State) Remaining() int {
	n := s.DrawCount
	for _, h := range s.Hands {
		n += h.Count
	}
	return n
}

// Played reports whether a card of value v has been laid (entered with
// its value).
func (s State) Played(v int) bool {
	for _, p := range s.Plays {
		if p.Value == v {
			return true
		}
	}
	return false
}

// Fits reports whether v may be laid on pile p (whose top is known):
// higher on an ascending pile, lower on a descending one, or exactly ten
// back (the backwards trick).
func Fits(p Pile, v int) bool {
	if p.Up {
		return v > p.Top || v == p.Top-10
	}
	return v < p.Top || v == p.Top+10
}

func (p Pile) describe() i18n.Text {
	if p.Up {
		return i18n.Sprintf("aufsteigenden Stapel %s", "ascending pile %s", p.Name)
	}
	return i18n.Sprintf("absteigenden Stapel %s", "descending pile %s", p.Name)
}

func (p Pile) topText() i18n.Text {
	if !p.Known {
		return i18n.Text{DE: p.Name + ": unbekannt", EN: p.Name + ": unknown"}
	}
	t := p.Name + ": " + strconv.Itoa(p.Top)
	return i18n.Text{DE: t, EN: t}
}

func pileIndex(name string) int {
	n := strings.ToUpper(strings.TrimSpace(name))
	n = strings.TrimPrefix(n, "TG-")
	return slices.Index(pileNames, n)
}

func (s State) result(blocked string) *Result {
	r := &Result{InDraw: s.DrawCount, Blocked: blocked}
	for _, h := range s.Hands {
		r.InHands += h.Count
	}
	r.Remaining = r.InHands + r.InDraw
	r.Won = r.Remaining == 0
	r.Excellent = r.Remaining < 10
	switch {
	case r.Won:
		r.Rating = "won"
	case r.Excellent:
		r.Rating = "excellent"
	default:
		r.Rating = "lost"
	}
	for _, p := range s.Plays {
		if p.Check != CheckFull {
			r.Partial = true
		}
	}
	r.Doubles = slices.Clone(s.Doubles)
	seen := map[int][]string{}
	for i, h := range s.Hands {
		for _, v := range h.Known {
			seen[v] = append(seen[v], s.Players[i])
		}
	}
	for v := 1; v <= 100; v++ {
		if len(seen[v]) > 1 {
			r.Doubles = append(r.Doubles, Double{Value: v, Entered: seen[v]})
		}
	}
	return r
}

func resultText(r *Result) i18n.Text {
	switch r.Rating {
	case "won":
		return i18n.Sprintf("Gewonnen! Alle 98 Karten liegen.", "Won! All 98 cards are laid.")
	case "excellent":
		return text("Verloren, aber ausgezeichnet: %s übrig (%d auf der Hand, %d im Nachziehstapel).",
			"Lost, but excellent: %s left (%d in hands, %d in the draw pile).", cards(r.Remaining), r.InHands, r.InDraw)
	}
	return text("Verloren: %s übrig (%d auf der Hand, %d im Nachziehstapel).",
		"Lost: %s left (%d in hands, %d in the draw pile).", cards(r.Remaining), r.InHands, r.InDraw)
}

// Next tells who acts and what is allowed.
func (e Engine) Next(s State) rules.Prompt {
	switch s.Phase {
	case PhaseOver:
		t := i18n.Sprintf("Spiel vorbei.", "Game over.")
		if s.Result != nil {
			t = resultText(s.Result)
		}
		return rules.Prompt{Text: t, Over: true}
	case PhaseConfirm:
		r := s.Result
		return rules.Prompt{
			Actors:  slices.Clone(s.Players),
			Allowed: []string{"confirm"},
			Text: text("%s meldet eine Blockade. %s Bitte bestätigen.",
				"%s reports a blockade. %s Please confirm.", r.Blocked, resultText(r)),
		}
	}
	name := s.Players[s.Active]
	h := s.Hands[s.Active]
	minimum := s.Minimum()
	var allowed []string
	canPlay := h.Count > 0
	if s.Mode == Full {
		canPlay = len(Moves(s)) > 0
	}
	if canPlay {
		allowed = append(allowed, "play")
	}
	var txt i18n.Text
	if s.TurnPlays < minimum {
		if s.Mode == Assistant || !CanReach(s, minimum-s.TurnPlays) {
			allowed = append(allowed, "block")
		}
		txt = text("%s ist am Zug: mindestens %s ablegen (gelegt: %d). Stapel %s.",
			"%s's turn: lay at least %s (laid: %d). Piles %s.", name, cards(minimum), s.TurnPlays, s.pilesText())
	} else {
		more := i18n.Text{DE: "darf weitere Karten ablegen oder", EN: "may lay more cards or"}
		if !canPlay {
			more = i18n.Text{DE: "kann nichts mehr ablegen:", EN: "can lay nothing more:"}
		}
		if d := s.ToDraw(); d > 0 {
			allowed = append(allowed, "draw")
			txt = text("%s %s %s nachziehen und das Nachziehen bestätigen. Stapel %s.",
				"%s %s draw %s and confirm the draw. Piles %s.", name, more, cards(d), s.pilesText())
		} else {
			allowed = append(allowed, "end")
			txt = text("%s %s den Zug beenden. Stapel %s.", "%s %s end the turn. Piles %s.", name, more, s.pilesText())
		}
	}
	if s.Mode == Assistant {
		allowed = append(allowed, "hand")
	}
	return rules.Prompt{Actors: []string{name}, Allowed: allowed, Text: txt}
}

func (s State) pilesText() i18n.Text {
	var de, en []string
	for _, p := range s.Piles {
		t := p.topText()
		de, en = append(de, t.DE), append(en, t.EN)
	}
	return i18n.Text{DE: strings.Join(de, ", "), EN: strings.Join(en, ", ")}
}

// cards is "1 Karte" / "1 card", "2 Karten" / "2 cards".
func cards(n int) i18n.Text {
	if n == 1 {
		return i18n.Text{DE: "1 Karte", EN: "1 card"}
	}
	return i18n.Sprintf("%d Karten", "%d cards", n)
}

// Payloads.

type playData struct {
	Type      string   `json:"type,omitempty"`
	Player    string   `json:"player,omitempty"`
	Pile      string   `json:"pile"`
	Card      *CardRef `json:"card,omitempty"`
	Value     *int     `json:"value,omitempty"`
	Confirmed bool     `json:"confirmed,omitempty"`
}

type drawData struct {
	Type   string    `json:"type,omitempty"`
	Player string    `json:"player,omitempty"`
	Count  *int      `json:"count,omitempty"`
	Cards  []CardRef `json:"cards,omitempty"`
}

type turnData struct {
	Type   string `json:"type,omitempty"`
	Player string `json:"player,omitempty"`
}

type confirmData struct {
	Type      string `json:"type,omitempty"`
	Player    string `json:"player,omitempty"`
	Remaining *int   `json:"remaining,omitempty"`
}

type handData struct {
	Type   string    `json:"type,omitempty"`
	Player string    `json:"player"`
	Cards  []CardRef `json:"cards"`
}

// text formats a message in both languages; i18n.Text arguments are used
// in their own language.
func text(de, en string, args ...any) i18n.Text {
	deArgs, enArgs := make([]any, len(args)), make([]any, len(args))
	for i, a := range args {
		deArgs[i], enArgs[i] = a, a
		if t, ok := a.(i18n.Text); ok {
			deArgs[i], enArgs[i] = t.DE, t.EN
		}
	}
	return i18n.Text{DE: fmt.Sprintf(de, deArgs...), EN: fmt.Sprintf(en, enArgs...)}
}

// forbid is rules.Forbid that also takes i18n.Text arguments (the same
// *rules.RuleError).
func forbid(rule, de, en string, args ...any) *rules.RuleError {
	return &rules.RuleError{Rule: rule, Msg: text(de, en, args...)}
}

// event is rules.Eventf that also takes i18n.Text arguments.
func event(de, en string, args ...any) rules.Event {
	return rules.Event{Text: text(de, en, args...)}
}

func badData(typ string, err error) error {
	return forbid("bad-action", "Aktion „%s“ unlesbar: %v", "action %q unreadable: %v", typ, err)
}

// Apply carries out one action.
func (e Engine) Apply(s State, a rules.Action) (State, []rules.Event, error) {
	if s.Phase == PhaseOver {
		return s, nil, forbid("game-over", "Das Spiel ist vorbei.", "The game is over.")
	}
	if s.Phase == PhaseConfirm && a.Type != "confirm" {
		return s, nil, forbid("blockade-reported",
			"Eine Blockade ist gemeldet: erst das Ergebnis bestätigen (oder die Meldung zurücknehmen).",
			"A blockade was reported: confirm the result first (or undo the report).")
	}
	var (
		next State
		ev   []rules.Event
		err  error
	)
	switch a.Type {
	case "play":
		var d playData
		if err := rules.DecodeStrict(a.Data, &d); err != nil {
			return s, nil, badData(a.Type, err)
		}
		next, ev, err = e.play(s, d)
	case "draw":
		var d drawData
		if err := rules.DecodeStrict(a.Data, &d); err != nil {
			return s, nil, badData(a.Type, err)
		}
		next, ev, err = e.draw(s, d)
	case "end":
		var d turnData
		if err := rules.DecodeStrict(a.Data, &d); err != nil {
			return s, nil, badData(a.Type, err)
		}
		next, ev, err = e.end(s, d)
	case "block":
		var d turnData
		if err := rules.DecodeStrict(a.Data, &d); err != nil {
			return s, nil, badData(a.Type, err)
		}
		next, ev, err = e.block(s, d)
	case "confirm":
		var d confirmData
		if err := rules.DecodeStrict(a.Data, &d); err != nil {
			return s, nil, badData(a.Type, err)
		}
		next, ev, err = e.confirm(s, d)
	case "hand":
		var d handData
		if err := rules.DecodeStrict(a.Data, &d); err != nil {
			return s, nil, badData(a.Type, err)
		}
		next, ev, err = e.hand(s, d)
	default:
		return s, nil, forbid("unknown-action", "Unbekannte Aktion „%s“", "unknown action %q", a.Type)
	}
	if err != nil {
		return s, nil, err
	}
	return next, ev, nil
}

// checkActor makes sure the action comes from the active player (when it
// names one).
func (s State) checkActor(name string) error {
	if name == "" {
		return nil
	}
	if !slices.Contains(s.Players, name) {
		return forbid("unknown-player", "%s spielt nicht mit.", "%s is not playing.", name)
	}
	if name != s.Players[s.Active] {
		return forbid("not-your-turn", "%s ist nicht am Zug, sondern %s.", "It is %[2]s's turn, not %[1]s's.", name, s.Players[s.Active])
	}
	return nil
}

func (e Engine) play(s State, d playData) (State, []rules.Event, error) {
	if err := s.checkActor(d.Player); err != nil {
		return s, nil, err
	}
	name := s.Players[s.Active]
	if s.Hands[s.Active].Count == 0 {
		return s, nil, forbid("hand-empty", "%s hat keine Karten mehr.", "%s has no cards left.", name)
	}
	pi := pileIndex(d.Pile)
	if pi < 0 {
		return s, nil, forbid("unknown-pile", "Stapel „%s“ gibt es nicht (1A, 1B, 100A, 100B).", "there is no pile %q (1A, 1B, 100A, 100B)", d.Pile)
	}
	v := 0
	if d.Card != nil {
		cv, err := resolve(e.set, *d.Card)
		if err != nil {
			return s, nil, err
		}
		v = cv
	}
	if d.Value != nil {
		vv, err := checkValue(*d.Value)
		if err != nil {
			return s, nil, err
		}
		if v != 0 && v != vv {
			return s, nil, forbid("card-mismatch", "Karte %s hat den Wert %d, nicht %d.", "card %s has value %d, not %d", d.Card.String(), v, vv)
		}
		v = vv
	}
	n := s.clone()
	h := &n.Hands[n.Active]
	p := &n.Piles[pi]
	play := Play{Turn: n.Turn, Player: name, Pile: p.Name, Value: v}
	var ev []rules.Event
	if v == 0 {
		if n.Mode == Full {
			return s, nil, forbid("value-required", "Im Vollmodus bitte den Kartenwert angeben.", "In full mode, give the card's value.")
		}
		if !d.Confirmed {
			return s, nil, forbid("confirm-legal",
				"Ohne Kartenwert kann der Assistent nicht prüfen: bitte bestätigen, dass die Karte auf %s passt (confirmed).",
				"Without the card's value the assistant cannot check: please confirm that the card fits on %s (confirmed).", p.Name)
		}
		if h.Unknown() == 0 {
			return s, nil, forbid("value-required",
				"Alle Handkarten von %s sind bekannt: bitte angeben, welche gelegt wurde.",
				"All of %s's cards are known: please say which one was laid.", name)
		}
		h.Count--
		play.Check = CheckManual
		p.Known = false
		ev = append(ev, event("%s legt eine Karte ohne Wert auf den %s (bestätigt; Stapelwert unbekannt, Prüfung teilweise).",
			"%s lays a card without value on the %s (confirmed; pile value unknown, check partial).", name, p.describe()))
	} else {
		if n.Played(v) {
			return s, nil, forbid("already-played", "Die %d liegt schon.", "The %d has already been laid.", v)
		}
		known := slices.Index(h.Known, v)
		if n.Mode == Full && known < 0 {
			return s, nil, forbid("not-in-hand", "%s hat die %d nicht auf der Hand.", "%s does not hold the %d.", name, v)
		}
		for i := range n.Hands {
			// Another hand was entered with this card: that entry was a
			// slip. The card leaves that hand (the one who laid it learns
			// nothing of it now) and is reported at the result.
			if i != n.Active && slices.Contains(n.Hands[i].Known, v) {
				n.Hands[i].Known = slices.DeleteFunc(slices.Clone(n.Hands[i].Known), func(k int) bool { return k == v })
				n.Doubles = grow(n.Doubles, Double{Value: v, Laid: name, Entered: []string{n.Players[i]}})
			}
		}
		if known < 0 && h.Unknown() == 0 {
			return s, nil, forbid("not-in-hand", "%s hat die %d nicht auf der Hand (alle Handkarten sind bekannt).",
				"%s does not hold the %d (all their cards are known).", name, v)
		}
		if p.Known {
			if !Fits(*p, v) {
				if p.Up {
					return s, nil, forbid("pile-order",
						"Auf den aufsteigenden Stapel %s (oben %d) passt nur eine höhere Karte oder genau %d (Rückwärtstrick), nicht %d.",
						"The ascending pile %s (top %d) takes only a higher card or exactly %d (backwards trick), not %d.", p.Name, p.Top, p.Top-10, v)
				}
				return s, nil, forbid("pile-order",
					"Auf den absteigenden Stapel %s (oben %d) passt nur eine niedrigere Karte oder genau %d (Rückwärtstrick), nicht %d.",
					"The descending pile %s (top %d) takes only a lower card or exactly %d (backwards trick), not %d.", p.Name, p.Top, p.Top+10, v)
			}
			play.Check = CheckFull
			play.Trick = p.Up && v == p.Top-10 || !p.Up && v == p.Top+10
		} else {
			play.Check = CheckPartial
		}
		if known >= 0 {
			h.Known = slices.Delete(slices.Clone(h.Known), known, known+1)
		}
		h.Count--
		switch {
		case play.Trick:
			ev = append(ev, event("Rückwärtstrick! %s legt die %d auf den %s (vorher %d).",
				"Backwards trick! %s lays the %d on the %s (was %d).", name, v, p.describe(), p.Top))
		case play.Check == CheckPartial:
			ev = append(ev, event("%s legt die %d auf den %s; der Stapelwert ist wieder bekannt (Richtung ungeprüft).",
				"%s lays the %d on the %s; the pile's value is known again (direction unchecked).", name, v, p.describe()))
		default:
			ev = append(ev, event("%s legt die %d auf den %s.", "%s lays the %d on the %s.", name, v, p.describe()))
		}
		p.Top = v
		p.Known = true
	}
	p.Cards++
	n.TurnPlays++
	n.Plays = grow(n.Plays, play)
	if n.Remaining() == 0 {
		n.Phase = PhaseOver
		n.Result = n.result("")
		ev = append(ev, rules.Event{Text: resultText(n.Result)})
	}
	return n, ev, nil
}

func (e Engine) draw(s State, d drawData) (State, []rules.Event, error) {
	if err := s.checkActor(d.Player); err != nil {
		return s, nil, err
	}
	name := s.Players[s.Active]
	if err := s.checkMinimum(); err != nil {
		return s, nil, err
	}
	need := s.ToDraw()
	if need == 0 {
		return s, nil, forbid("draw-pile-empty", "Der Nachziehstapel ist leer: nichts nachzuziehen, den Zug mit „end“ beenden.",
			"The draw pile is empty: nothing to draw, end the turn with \"end\".")
	}
	if d.Count != nil && *d.Count != need {
		return s, nil, forbid("draw-count", "%s muss %s nachziehen, nicht %d.", "%s must draw %s, not %d.", name, cards(need), *d.Count)
	}
	if len(d.Cards) > need {
		return s, nil, forbid("draw-count", "%s eingetragen, aber nur %d gezogen.", "%s entered, but only %d drawn.", cards(len(d.Cards)), need)
	}
	n := s.clone()
	h := &n.Hands[n.Active]
	var drawn, entered []int
	if n.Mode == Full {
		drawn = slices.Clone(n.DrawPile[:need])
		n.DrawPile = n.DrawPile[need:]
	}
	for _, c := range d.Cards {
		v, err := resolve(e.set, c)
		if err != nil {
			return s, nil, err
		}
		if n.Mode == Full {
			if !slices.Contains(drawn, v) {
				return s, nil, forbid("not-drawn", "%s hat die %d nicht gezogen.", "%s did not draw the %d.", name, v)
			}
			continue
		}
		if err := n.checkOwnEntry(n.Active, v, entered); err != nil {
			return s, nil, err
		}
		entered = append(entered, v)
	}
	if n.Mode == Full {
		entered = drawn
	}
	h.Known = grow(h.Known, entered...)
	slices.Sort(h.Known)
	h.Count += need
	n.DrawCount -= need
	rec := Draw{Turn: n.Turn, Player: name, Count: need}
	if len(entered) > 0 {
		rec.Known = slices.Clone(entered)
		slices.Sort(rec.Known)
	}
	n.Draws = grow(n.Draws, rec)
	ev := []rules.Event{event("%s zieht %s nach (bestätigt); im Nachziehstapel: %d.",
		"%s draws %s (confirmed); left in the draw pile: %d.", name, cards(need), n.DrawCount)}
	if n.DrawCount == 0 {
		ev = append(ev, event("Der Nachziehstapel ist leer: ab jetzt genügt eine Karte je Zug.",
			"The draw pile is empty: from now on one card a turn is enough."))
	}
	n, more := n.passTurn()
	return n, append(ev, more...), nil
}

// checkOwnEntry: v may be entered in player i's hand if nobody has laid
// it and it is not in that hand (or in list, the cards entered with it)
// already. Other hands are not looked at: a refusal naming another's card
// would tell it.
func (s State) checkOwnEntry(i, v int, list []int) error {
	if s.Played(v) {
		return forbid("already-played", "Die %d liegt schon.", "The %d has already been laid.", v)
	}
	if slices.Contains(s.Hands[i].Known, v) || slices.Contains(list, v) {
		return forbid("card-twice", "Die %d ist in der Hand von %s schon eingetragen.", "The %d is already entered in %s's hand.", v, s.Players[i])
	}
	return nil
}

func (s State) checkMinimum() error {
	if m := s.Minimum(); s.TurnPlays < m {
		return forbid("minimum", "Mindestens %s ablegen, erst %d gelegt (sonst Blockade melden).",
			"Lay at least %s, only %d laid (or report a blockade).", cards(m), s.TurnPlays)
	}
	return nil
}

func (e Engine) end(s State, d turnData) (State, []rules.Event, error) {
	if err := s.checkActor(d.Player); err != nil {
		return s, nil, err
	}
	if err := s.checkMinimum(); err != nil {
		return s, nil, err
	}
	if need := s.ToDraw(); need > 0 {
		return s, nil, forbid("draw-first", "Erst %s nachziehen und mit „draw“ bestätigen; das beendet den Zug.",
			"Draw %s first and confirm with \"draw\"; that ends the turn.", cards(need))
	}
	n := s.clone()
	n, ev := n.passTurn()
	return n, ev, nil
}

// passTurn ends the active player's turn and hands it on clockwise to the
// next player who still holds cards.
func (s State) passTurn() (State, []rules.Event) {
	var ev []rules.Event
	s.Turn++
	s.TurnPlays = 0
	for k := 1; k <= len(s.Players); k++ {
		i := (s.Active + k) % len(s.Players)
		if s.Hands[i].Count > 0 {
			ev = append(ev, event("%s ist am Zug.", "%s's turn.", s.Players[i]))
			s.Active = i
			return s, ev
		}
		if i != s.Active {
			ev = append(ev, event("%s hat keine Karten mehr und wird übersprungen.", "%s has no cards left and is skipped.", s.Players[i]))
		}
	}
	// Nobody holds a card (cannot happen: the last card laid ends the game).
	s.Phase = PhaseOver
	s.Result = s.result("")
	return s, append(ev, rules.Event{Text: resultText(s.Result)})
}

func (e Engine) block(s State, d turnData) (State, []rules.Event, error) {
	if err := s.checkActor(d.Player); err != nil {
		return s, nil, err
	}
	m := s.Minimum()
	if s.TurnPlays >= m {
		return s, nil, forbid("minimum-reached", "%s liegen schon: das Minimum ist geschafft, keine Blockade.",
			"%s laid already: the minimum is reached, no blockade.", cards(s.TurnPlays))
	}
	if s.Mode == Full && CanReach(s, m-s.TurnPlays) {
		mv := Moves(s)[0]
		return s, nil, forbid("no-blockade", "Keine Blockade: %s kann noch legen, z. B. die %d auf %s.",
			"No blockade: %s can still lay, e.g. the %d on %s.", s.Players[s.Active], mv.Value, mv.Pile)
	}
	n := s.clone()
	n.Phase = PhaseConfirm
	n.Result = n.result(n.Players[n.Active])
	return n, []rules.Event{event("%s meldet eine Blockade: das Minimum von %s ist nicht zu schaffen (gelegt: %d).",
		"%s reports a blockade: the minimum of %s cannot be reached (laid: %d).", n.Players[n.Active], cards(m), n.TurnPlays)}, nil
}

func (e Engine) confirm(s State, d confirmData) (State, []rules.Event, error) {
	if s.Phase != PhaseConfirm {
		return s, nil, forbid("nothing-to-confirm", "Es ist keine Blockade gemeldet.", "No blockade has been reported.")
	}
	if d.Player != "" && !slices.Contains(s.Players, d.Player) {
		return s, nil, forbid("unknown-player", "%s spielt nicht mit.", "%s is not playing.", d.Player)
	}
	if d.Remaining != nil && *d.Remaining != s.Result.Remaining {
		return s, nil, forbid("result-mismatch",
			"Der Assistent zählt %d übrige Karten (%d auf der Hand, %d im Nachziehstapel), nicht %d: bitte nachzählen oder Züge korrigieren.",
			"The assistant counts %d cards left (%d in hands, %d in the draw pile), not %d: please recount or correct the turns.",
			s.Result.Remaining, s.Result.InHands, s.Result.InDraw, *d.Remaining)
	}
	n := s.clone()
	n.Phase = PhaseOver
	return n, []rules.Event{{Text: resultText(n.Result)}}, nil
}

func (e Engine) hand(s State, d handData) (State, []rules.Event, error) {
	if s.Mode == Full {
		return s, nil, forbid("full-mode", "Im Vollmodus kennt der Assistent alle Hände schon.", "In full mode the assistant knows every hand already.")
	}
	i := slices.Index(s.Players, d.Player)
	if i < 0 {
		return s, nil, forbid("unknown-player", "Spieler „%s“ spielt nicht mit.", "player %q is not playing.", d.Player)
	}
	if len(d.Cards) == 0 {
		return s, nil, forbid("bad-action", "Keine Karten angegeben.", "No cards given.")
	}
	var vals []int
	for _, c := range d.Cards {
		v, err := resolve(e.set, c)
		if err != nil {
			return s, nil, err
		}
		if err := s.checkOwnEntry(i, v, vals); err != nil {
			return s, nil, err
		}
		vals = append(vals, v)
	}
	h := s.Hands[i]
	if len(h.Known)+len(vals) > h.Count {
		return s, nil, forbid("hand-count", "%s hat nur %s, %d davon sind schon bekannt.", "%s holds only %s, %d of them known already.", d.Player, cards(h.Count), len(h.Known))
	}
	n := s.clone()
	n.Hands[i].Known = grow(n.Hands[i].Known, vals...)
	slices.Sort(n.Hands[i].Known)
	return n, []rules.Event{event("%d Handkarten von %s eingetragen (nur für den Assistenten).",
		"%d of %s's cards entered (for the assistant only).", len(vals), d.Player)}, nil
}

// CardRef is a card as an action names it: its value as printed (57 or
// "57") or its ID ("TG-57", also as scanned with a version "TG-57/1.0").
type CardRef struct {
	raw string
}

// UnmarshalJSON accepts a number or a string.
func (c *CardRef) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		c.raw = n.String()
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("Karte muss Zahl oder Kennung sein / card must be a number or an ID: %s", b)
	}
	c.raw = s
	return nil
}

// MarshalJSON writes a number when the card was given as one.
func (c CardRef) MarshalJSON() ([]byte, error) {
	if isDigits(c.raw) {
		return []byte(c.raw), nil
	}
	return json.Marshal(c.raw)
}

func (c CardRef) String() string { return c.raw }

// Ref makes a CardRef from a value or an ID.
func Ref(card any) CardRef { return CardRef{raw: fmt.Sprint(card)} }

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// theGameCard is the card with the ID as decks.TheGameDeck makes it (TG-2
// … TG-99, TG-1A, TG-1B, TG-100A, TG-100B), or nil.
func theGameCard(id string) *decks.TheGameCard {
	num, ok := strings.CutPrefix(id, "TG-")
	if !ok {
		return nil
	}
	switch num {
	case "1A", "1B":
		return &decks.TheGameCard{ID: id, Value: 1, Start: true}
	case "100A", "100B":
		return &decks.TheGameCard{ID: id, Value: 100, Start: true}
	}
	if !isDigits(num) || len(num) > 2 || num[0] == '0' {
		return nil
	}
	v := int(num[0] - '0')
	if len(num) == 2 {
		v = v*10 + int(num[1]-'0')
	}
	if v < 2 {
		return nil
	}
	return &decks.TheGameCard{ID: id, Value: v}
}

func checkValue(v int) (int, error) {
	if v == 1 || v == 100 {
		return 0, forbid("start-card", "Die Startkarten 1 und 100 werden nicht gespielt.", "The start cards 1 and 100 are not played.")
	}
	if v < 2 || v > 99 {
		return 0, forbid("card-value", "Karten haben die Werte 2 bis 99, nicht %d.", "cards are 2 to 99, not %d", v)
	}
	return v, nil
}

// resolve turns a card reference into its value. IDs are looked up in the
// set when there is one, else in The Game's generated deck.
func resolve(set *decks.Set, c CardRef) (int, error) {
	raw := strings.TrimSpace(c.raw)
	if isDigits(raw) {
		var v int
		if len(raw) > 3 {
			return 0, forbid("card-value", "Karten haben die Werte 2 bis 99, nicht %s.", "cards are 2 to 99, not %s", raw)
		}
		fmt.Sscan(raw, &v)
		return checkValue(v)
	}
	ref := decks.ParseRef(raw)
	var card *decks.TheGameCard
	if set != nil {
		if f, _ := set.Find(ref); f != nil {
			card = f.TheGame
		}
	} else {
		card = theGameCard(ref.ID)
	}
	if card == nil {
		return 0, forbid("unknown-card", "Karte „%s“ gibt es in The Game nicht.", "there is no card %q in The Game", raw)
	}
	if card.Start {
		return 0, forbid("start-card", "%s ist eine Startkarte; sie wird nicht gespielt.", "%s is a start card; it is not played.", card.ID)
	}
	return card.Value, nil
}
