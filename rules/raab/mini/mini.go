// Package mini scores one duel of Schlag den Raab – Das Quiz: a single
// mini-game between the candidate ("red") and Stefan ("blue"), host or
// two-player variant, from its first question to the moment it is decided.
//
// Every mini-game is one line in a table of shared mechanics (specs): a
// race to N points, the best after N tasks, a credit that loses at 0, the
// Zocken bets, the Buchstabieren turns, and the rounds of the two-player
// variants. The actions carry the facts the host judges (who buzzed and
// whether the answer was right, both guesses and the solution, …); when an
// action names a card and task instead, the solution is taken from the
// card. The evening engine (package raab) embeds this engine for the
// game's duel and reads the result with Winner.
//
// The replay format, every action and the rule decisions are described in
// docs/replay/raab-mini.md.
package mini

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
)

// The two sides. The candidate always plays red, Stefan blue.
const (
	Red  = 0
	Blue = 1
)

var sideKeys = [2]string{"red", "blue"}

func other(side int) int { return 1 - side }

// SideKey is the JSON name of a side ("red" or "blue").
func SideKey(side int) string { return sideKeys[side] }

// ParseSide reads a side: "red"/"rot" (the candidate) or "blue"/"blau"
// (Stefan).
func ParseSide(v string) (int, bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "red", "rot":
		return Red, true
	case "blue", "blau":
		return Blue, true
	}
	return 0, false
}

// Setup starts one duel.
type Setup struct {
	Game     string   `json:"game"`                 // "raab-mini" (or "raab", or empty)
	MiniGame string   `json:"minigame"`             // the mini-game's code, e.g. "AK" (decks.MiniGame.Code)
	Two      bool     `json:"two_player,omitempty"` // the two-player variant: no host
	Players  []string `json:"players,omitempty"`    // optional names: [candidate (red), Stefan (blue)]
	Host     string   `json:"host,omitempty"`       // optional name of the host
	First    string   `json:"first,omitempty"`      // the side that begins ("red" by default)
	Variant  int      `json:"variant,omitempty"`    // Suchmaschinen: 1 (most hits, default) or 2 (fewest hits)
	Map      string   `json:"map,omitempty"`        // Wo liegt was?: D, EU or Globus (else the first card's map, else D)
	Seed     uint64   `json:"seed,omitempty"`       // accepted for the common setup; the duel needs no chance
}

// State is a duel in progress or decided.
type State struct {
	Code    string    `json:"minigame"`
	Name    string    `json:"name"`
	Two     bool      `json:"two_player,omitempty"`
	Players [2]string `json:"players"` // names, or "" when not given
	Host    string    `json:"host,omitempty"`
	First   string    `json:"first"`
	Variant int       `json:"variant,omitempty"`
	Map     string    `json:"map,omitempty"`

	// Score is the score track: points, or the credit in Entweder – Oder!,
	// Stimmt's?, Führerscheinprüfung and Zocken, or the correctly spelled
	// terms in Buchstabieren.
	Score   [2]int  `json:"score"`
	Tasks   int     `json:"tasks"`             // tasks (questions, words, songs …) finished in this round
	Round   int     `json:"round"`             // 1, then +1 each time a tie repeats or extends the game
	Earlier []Round `json:"earlier,omitempty"` // the tied rounds before a repeat
	Tie     bool    `json:"tie,omitempty"`     // tied where the game would end: playing on until it is decided
	Winner  string  `json:"winner,omitempty"`  // "red" or "blue" once decided

	Task Task `json:"task,omitzero"` // a task spanning several actions (hint games, Wer weiß mehr?)

	Grab string `json:"grab,omitempty"` // Blamieren oder Kassieren: the side that may grab now

	// Two-player rounds: how many tasks each side has answered this round,
	// of Quota each.
	Asked   [2]int  `json:"asked,omitzero"`
	Quota   int     `json:"quota,omitempty"`
	Counted [2]bool `json:"counted,omitzero"` // counting games: the side's result is in

	Bets [2]int `json:"bets,omitzero"` // Zocken: the stakes set for the current question

	// Buchstabieren: who spells now, how many terms of the turn are played,
	// who has finished the turn, and the mistakes (the opponent's piece).
	Speller  string  `json:"speller,omitempty"`
	Term     int     `json:"term,omitempty"`
	Spelled  [2]bool `json:"spelled,omitzero"`
	Mistakes [2]int  `json:"mistakes,omitzero"`

	Used []string `json:"used,omitempty"` // card tasks already played ("RAAB-STD-EO-1#2")
}

// Task is the task in progress when it spans several actions.
type Task struct {
	Active bool   `json:"active,omitempty"`
	Key    string `json:"key,omitempty"`   // card#task when a card was named
	Hint   int    `json:"hint,omitempty"`  // hint games: the earliest hint the next answer can come at
	Hints  int    `json:"hints,omitempty"` // hint games: hints (translations, shows) on the task
	Turn   string `json:"turn,omitempty"`  // Wer weiß mehr?: who must answer next
	Named  int    `json:"named,omitempty"` // Wer weiß mehr?: correct answers named
	Total  int    `json:"total,omitempty"` // Wer weiß mehr?: correct answers the question has (0 = unknown)
}

// Round is a finished round that ended tied and was repeated.
type Round struct {
	Score    [2]int `json:"score"`
	Mistakes [2]int `json:"mistakes,omitzero"`
}

// Winner is "red", "blue", or "" while the duel is undecided.
func Winner(s State) string { return s.Winner }

// Decided reports whether the duel is over.
func Decided(s State) bool { return s.Winner != "" }

// Playable reports whether a mini-game can be played, as the rulebook's
// two-player rule says: games marked "3" need a host and are left out.
func Playable(code string, two bool) error {
	g := decks.MiniGameByCode(code)
	if g == nil || specs[code] == nil {
		return forbid("unknown-minigame", "Unbekanntes Spiel „%s“ (Kürzel wie AK, EO, ZO)", "unknown mini-game %q (codes such as AK, EO, ZO)", code)
	}
	if two && g.ThreePlayers {
		return forbid("three-players", "„%s“ ist mit „3“ markiert und braucht einen Moderator: zu zweit ein anderes Spiel wählen",
			"%q is marked \"3\" and needs a host: with two players choose another game", g.Name)
	}
	return nil
}

// Engine is the duel engine; New makes one.
type Engine struct{ set *decks.Set }

// Version is the version of these rules. It changes whenever a change to
// the engine could give a recorded game another state, so that a stored
// table can tell it was played under other rules.
const Version = "2"

// New returns the duel engine. set may be nil: then actions must carry the
// solutions themselves instead of card IDs.
func New(set *decks.Set) rules.Engine[State] { return &Engine{set: set} }

// Start builds the initial state from the setup.
func (e *Engine) Start(setup json.RawMessage) (State, error) {
	var su Setup
	if err := rules.DecodeStrict(setup, &su); err != nil {
		return State{}, forbid("bad-setup", "Die Einrichtung ist fehlerhaft: %v", "the setup is malformed: %v", err)
	}
	switch strings.ToLower(su.Game) {
	case "", "raab", "raab-mini":
	default:
		return State{}, forbid("bad-setup", "Falsches Spiel „%s“ (erwartet: raab-mini)", "wrong game %q (expected raab-mini)", su.Game)
	}
	code := strings.ToUpper(strings.TrimSpace(su.MiniGame))
	if g := decks.MiniGameByName(su.MiniGame); g != nil && decks.MiniGameByCode(code) == nil {
		code = g.Code
	}
	if err := Playable(code, su.Two); err != nil {
		return State{}, err
	}
	g := decks.MiniGameByCode(code)
	sp := specs[code]
	s := State{Code: code, Name: g.Name, Two: su.Two, Host: su.Host, Round: 1, First: "red"}
	if len(su.Players) > 2 {
		return State{}, forbid("bad-setup", "Ein Duell hat zwei Spieler: Kandidat (rot) und Stefan (blau)", "a duel has two players: the candidate (red) and Stefan (blue)")
	}
	copy(s.Players[:], su.Players)
	if su.First != "" {
		side, ok := ParseSide(su.First)
		if !ok {
			return State{}, forbid("bad-setup", "„first“ muss red oder blue sein, nicht „%s“", "\"first\" must be red or blue, not %q", su.First)
		}
		s.First = sideKeys[side]
	}
	if su.Variant != 0 && code != "SM" {
		return State{}, forbid("bad-setup", "„variant“ gibt es nur bei Suchmaschinen", "\"variant\" exists only for Suchmaschinen")
	}
	if code == "SM" {
		s.Variant = 1
		if su.Variant != 0 {
			if su.Variant != 1 && su.Variant != 2 {
				return State{}, forbid("bad-setup", "Suchmaschinen: Spiel 1 oder 2, nicht %d", "Suchmaschinen: game 1 or 2, not %d", su.Variant)
			}
			s.Variant = su.Variant
		}
	}
	if su.Map != "" {
		if code != "WO" {
			return State{}, forbid("bad-setup", "„map“ gibt es nur bei Wo liegt was?", "\"map\" exists only for Wo liegt was?")
		}
		m, ok := mapByKey(su.Map)
		if !ok {
			return State{}, forbid("bad-setup", "Unbekannte Landkarte „%s“ (D, EU oder Globus)", "unknown map %q (D, EU or Globus)", su.Map)
		}
		s.Map = m.Key
	}
	switch {
	case sp.end == credit:
		s.Score = [2]int{sp.credit, sp.credit}
	case sp.end == zocken:
		s.Score = [2]int{4, 4}
	case sp.end == spelling:
		s.Speller = s.First
	}
	if s.Two && sp.two != nil && sp.two.quota > 0 {
		s.Quota = sp.two.quota
	}
	return s, nil
}

func (s State) first() int {
	side, _ := ParseSide(s.First)
	return side
}

// name is how events and prompts call a side: the player's name, else the
// colour.
func (s State) name(side int) label {
	if s.Players[side] != "" {
		return label{s.Players[side], s.Players[side]}
	}
	if side == Red {
		return label{"Rot", "Red"}
	}
	return label{"Blau", "Blue"}
}

// clone copies the slices Apply may change.
func (s State) clone() State {
	s.Earlier = slices.Clone(s.Earlier)
	s.Used = slices.Clone(s.Used)
	return s
}

// label is a word in both languages, used as a format argument.
type label struct{ de, en string }

func localize(args []any, en bool) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if l, ok := a.(label); ok {
			if en {
				out[i] = l.en
			} else {
				out[i] = l.de
			}
			continue
		}
		out[i] = a
	}
	return out
}

func text(de, en string, args ...any) i18n.Text {
	return i18n.Text{DE: fmt.Sprintf(de, localize(args, false)...), EN: fmt.Sprintf(en, localize(args, true)...)}
}

func event(de, en string, args ...any) rules.Event { return rules.Event{Text: text(de, en, args...)} }

func forbid(rule, de, en string, args ...any) *rules.RuleError {
	return &rules.RuleError{Rule: rule, Msg: text(de, en, args...)}
}
