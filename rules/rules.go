// Package rules is the common frame of the rules engines (one package per
// game below it). An engine is pure — no I/O, no clock, randomness only
// from the seed in the setup — and event-sourced: a game is its setup plus
// the list of actions taken, and every state is the fold of that list. So
// undo is replaying all actions but the last, and amending an earlier
// action replays the rest and reports the first that no longer holds.
package rules

import (
	"bytes"
	"encoding/json"
	"fmt"

	"druckreif/i18n"
)

// Action is one thing a player (or the table) did, as recorded: its type
// and its fields, kept as JSON so the log is the same in files, in the
// scorer's store and in tests.
type Action struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data,omitempty"`
}

// NewAction builds an action from a typed payload.
func NewAction(typ string, data any) Action {
	b, err := json.Marshal(data)
	if err != nil {
		panic(err) // payloads are plain structs; this is a programming error
	}
	return Action{Type: typ, Data: b}
}

// Decode reads an action's fields into v — the whole recorded line, so v
// should have a Type field — refusing unknown fields: in a hand-written
// game file they are usually typos, and a typo silently ignored changes
// the game.
func (a Action) Decode(v any) error {
	if err := DecodeStrict(a.Data, v); err != nil {
		return Forbid("bad-action", "Die Aktion „%s“ ist nicht lesbar: %v", "The action %q cannot be read: %v", a.Type, err)
	}
	return nil
}

// DecodeStrict reads JSON into v and refuses fields v does not have. Empty
// data leaves v as it is.
func DecodeStrict(data []byte, v any) error {
	if len(data) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// Event is what happened, in words for the players ("David zieht 3 Felder
// zurück").
type Event struct {
	Text i18n.Text `json:"text"`
}

// Eventf makes an event in both languages.
func Eventf(de, en string, args ...any) Event { return Event{Text: i18n.Sprintf(de, en, args...)} }

// RuleError is an action the rules forbid, with the reason a player
// understands.
type RuleError struct {
	Rule string    // short rule name, e.g. "bet-chip-cycle"
	Msg  i18n.Text // the reason
}

func (e *RuleError) Error() string { return e.Msg.DE }

// Reject makes a rule error from texts that differ between the languages
// in more than their arguments (a pile is "aufsteigend" or "ascending").
func Reject(rule string, msg i18n.Text) *RuleError { return &RuleError{Rule: rule, Msg: msg} }

// Forbid makes a rule error in both languages.
func Forbid(rule, de, en string, args ...any) *RuleError {
	return &RuleError{Rule: rule, Msg: i18n.Sprintf(de, en, args...)}
}

// ForbidSetup refuses a game's setup (the first line of a replay file, a
// table's settings) under the one rule name "setup".
func ForbidSetup(de, en string, args ...any) *RuleError { return Forbid("setup", de, en, args...) }

// Prompt says what may happen next: who must act and which action types
// are allowed. The scorer builds its screens from it.
type Prompt struct {
	Actors  []string  `json:"actors"`  // players who must act now
	Allowed []string  `json:"allowed"` // action types allowed now
	Text    i18n.Text `json:"text"`
	Over    bool      `json:"over"`
}

// Engine is one game's rules over its state type S.
type Engine[S any] interface {
	// Start builds the initial state from the setup.
	Start(setup json.RawMessage) (S, error)
	// Apply returns the state after the action, or a *RuleError; it must
	// not change s.
	Apply(s S, a Action) (S, []Event, error)
	// Next tells what may happen next.
	Next(s S) Prompt
}

// Log is a recorded game: the setup and every action in order.
type Log struct {
	Setup   json.RawMessage `json:"setup"`
	Actions []Action        `json:"actions"`
}

// StepError is a replay that stopped at an action.
type StepError struct {
	Index int // 0-based index of the action that failed
	Err   error
}

func (e *StepError) Error() string { return fmt.Sprintf("Aktion %d: %v", e.Index+1, e.Err) }
func (e *StepError) Unwrap() error { return e.Err }

// Replay folds a log into its final state, collecting every event. It stops
// at the first action the rules refuse.
func Replay[S any](e Engine[S], l Log) (S, []Event, error) {
	s, err := e.Start(l.Setup)
	if err != nil {
		return s, nil, err
	}
	var events []Event
	for i, a := range l.Actions {
		next, ev, err := e.Apply(s, a)
		if err != nil {
			return s, events, &StepError{Index: i, Err: err}
		}
		s = next
		events = append(events, ev...)
	}
	return s, events, nil
}

// Undo is the log without its last action.
func Undo(l Log) Log {
	if len(l.Actions) == 0 {
		return l
	}
	return Log{Setup: l.Setup, Actions: append([]Action(nil), l.Actions[:len(l.Actions)-1]...)}
}

// Amend replaces action i and replays: the amended log, or a StepError
// naming the first later action that no longer holds.
func Amend[S any](e Engine[S], l Log, i int, a Action) (Log, error) {
	if i < 0 || i >= len(l.Actions) {
		return l, fmt.Errorf("keine Aktion %d", i+1)
	}
	out := Log{Setup: l.Setup, Actions: append([]Action(nil), l.Actions...)}
	out.Actions[i] = a
	if _, _, err := Replay(e, out); err != nil {
		return l, err
	}
	return out, nil
}

// Viewer is who looks at a game: the table (the phone that acts for
// everyone), one player's seat, or a spectator. What the rulebook hides
// (tip cards, votes, answer tiles, bids, hand cards) is hidden from every
// viewer but its owner until the rulebook reveals it — from the table too.
type Viewer struct {
	Role   string // RoleTable, RolePlayer or RoleSpectator
	Player string // the seat's player, for RolePlayer
}

// The roles at a table.
const (
	RoleTable     = "table"
	RolePlayer    = "player"
	RoleSpectator = "spectator"
)

// Redactor is implemented by engines whose state holds secrets: View
// returns the state less what v may not see. It must not change s.
type Redactor[S any] interface {
	View(s S, v Viewer) S
}

// Speaker is implemented by engines whose actions name players in fields
// other than "player": Speakers returns every player an action speaks for
// (its "player", the names in a batch of votes …). A player's seat may
// post only actions that speak for that player alone.
type Speaker[S any] interface {
	Speakers(s S, a Action) []string
}

// Deciders is implemented by engines in which some actions are a group's
// decision, any one of whom may post it (a team naming who plays for it):
// Deciders returns the players who may (none: no such restriction, the
// prompt's actors decide).
type Deciders[S any] interface {
	Deciders(s S, a Action) []string
}

// Secrets is implemented by engines in which players choose in secret and
// reveal together (tip cards, guess cards, answer tiles, bids). When each
// phone enters its own choice, the choices wait outside the log until all
// are in and then become the engine's one action.
type Secrets[S any] interface {
	// Secret reports whether a is such a secret choice and whose it is.
	Secret(s S, a Action) (player string, ok bool)
	// Collect combines one secret choice per player, all of the same
	// type, into the one action that reveals them together.
	Collect(s S, choices []Action) (Action, error)
}

// Splitter is implemented by engines whose secret choices can also be
// posted as one batch (the table's phone entering the printed tips or
// guess cards of several players): Split returns the batch's single
// choices, each of them one Secret would accept, so that a batch adds to
// the choices made on the phones instead of replacing them.
type Splitter[S any] interface {
	Split(s S, a Action) ([]Action, bool)
}

// Rounds is implemented by engines with secret choices: Round names the
// choosing round the state is in (the question, the card read, the duel's
// task and step), so that a choice made in one round never counts in
// another, even where the same players choose the same kind of thing.
type Rounds[S any] interface {
	Round(s S) string
}

// Private is implemented by engines with actions that hold one player's
// secret for the whole game (The Game's entered hand cards): Private
// returns that player and the action as others may read it in a record
// before the game's end (ok false: the action holds no one's secret; a
// nil Data in the returned action: leave the action out).
type Private[S any] interface {
	Private(s S, a Action) (player string, redacted Action, ok bool)
}

// Outcome is how a finished game ended, for histories and statistics.
type Outcome struct {
	Winners []string       `json:"winners"`          // every winner (all players when a cooperative game is won)
	Points  map[string]int `json:"points,omitempty"` // final count per player, where the game counts one: points, chips, the field reached
	// Remaining is The Game's result: cards not laid (−1 for other games).
	Remaining int `json:"remaining"`
}

// Outcomer is implemented by engines that can say who won a finished game.
type Outcomer[S any] interface {
	Outcome(s S) Outcome
}

// Runner plays a game without the caller knowing the engine's state type;
// the replay command and the scorer use it. States are the engine's own
// values (they marshal to the JSON the replay command prints).
type Runner interface {
	// Replay folds the log; trace, when set, sees the state after every
	// action. It returns the final state and the prompt for what comes next.
	Replay(l Log, trace func(i int, state any, events []Event)) (any, Prompt, error)
	// Start builds the initial state from the setup.
	Start(setup json.RawMessage) (any, error)
	// Apply is one step: the state after a, without replaying the log.
	Apply(state any, a Action) (any, []Event, error)
	// Next tells what may happen next.
	Next(state any) Prompt
	// View is the state less what v may not see.
	View(state any, v Viewer) any
	// Speakers are the players action a speaks for.
	Speakers(state any, a Action) []string
	// Deciders are the players of whom any one may post a (none: no
	// restriction beyond the prompt's actors).
	Deciders(state any, a Action) []string
	// Secret reports whether a is a secret choice to collect, and whose.
	Secret(state any, a Action) (player string, ok bool)
	// Collect combines collected secret choices into one action.
	Collect(state any, choices []Action) (Action, error)
	// HasSecrets reports whether the engine collects secret choices at all.
	HasSecrets() bool
	// Split returns the single secret choices of a batch (ok false: a is
	// no batch of secret choices).
	Split(state any, a Action) ([]Action, bool)
	// Round names the choosing round the state is in (see Rounds).
	Round(state any) string
	// Reveal is the reveal action a brought from before to after (see
	// Revealer).
	Reveal(before, after any, a Action) (Reveal, bool)
	// Private returns the player whose lasting secret a holds and a as
	// others may read it (see Private).
	Private(state any, a Action) (player string, redacted Action, ok bool)
	// Outcome is the result of a finished game.
	Outcome(state any) Outcome
	// Scoreboard is where the players stand (ok false: the engine does
	// not count them; see Scoreboards).
	Scoreboard(state any) (board Scoreboard, ok bool)
}

// Run adapts an engine to a Runner.
func Run[S any](e Engine[S]) Runner { return runner[S]{e} }

type runner[S any] struct{ e Engine[S] }

func (r runner[S]) Replay(l Log, trace func(int, any, []Event)) (any, Prompt, error) {
	s, err := r.e.Start(l.Setup)
	if err != nil {
		return nil, Prompt{}, err
	}
	for i, a := range l.Actions {
		next, ev, err := r.e.Apply(s, a)
		if err != nil {
			return s, r.e.Next(s), &StepError{Index: i, Err: err}
		}
		s = next
		if trace != nil {
			trace(i, s, ev)
		}
	}
	return s, r.e.Next(s), nil
}

func (r runner[S]) Start(setup json.RawMessage) (any, error) {
	s, err := r.e.Start(setup)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (r runner[S]) Apply(state any, a Action) (any, []Event, error) {
	s, ok := state.(S)
	if !ok {
		return state, nil, fmt.Errorf("rules: state of type %T given to an engine of %T", state, s)
	}
	next, ev, err := r.e.Apply(s, a)
	if err != nil {
		return state, nil, err
	}
	return next, ev, nil
}

func (r runner[S]) Next(state any) Prompt { return r.e.Next(state.(S)) }

func (r runner[S]) View(state any, v Viewer) any {
	if red, ok := r.e.(Redactor[S]); ok {
		return red.View(state.(S), v)
	}
	return state
}

func (r runner[S]) Speakers(state any, a Action) []string {
	if sp, ok := r.e.(Speaker[S]); ok {
		return sp.Speakers(state.(S), a)
	}
	return ActionPlayer(a)
}

func (r runner[S]) Deciders(state any, a Action) []string {
	if d, ok := r.e.(Deciders[S]); ok {
		return d.Deciders(state.(S), a)
	}
	return nil
}

func (r runner[S]) Secret(state any, a Action) (string, bool) {
	if sc, ok := r.e.(Secrets[S]); ok {
		return sc.Secret(state.(S), a)
	}
	return "", false
}

func (r runner[S]) Collect(state any, choices []Action) (Action, error) {
	if sc, ok := r.e.(Secrets[S]); ok {
		return sc.Collect(state.(S), choices)
	}
	return Action{}, Forbid("no-secrets", "Dieses Spiel sammelt keine geheimen Eingaben", "this game collects no secret choices")
}

func (r runner[S]) HasSecrets() bool {
	_, ok := r.e.(Secrets[S])
	return ok
}

func (r runner[S]) Split(state any, a Action) ([]Action, bool) {
	if sp, ok := r.e.(Splitter[S]); ok {
		return sp.Split(state.(S), a)
	}
	return nil, false
}

func (r runner[S]) Reveal(before, after any, a Action) (Reveal, bool) {
	if rv, ok := r.e.(Revealer[S]); ok {
		b, ok1 := before.(S)
		n, ok2 := after.(S)
		if ok1 && ok2 {
			return rv.Reveal(b, n, a)
		}
	}
	return Reveal{}, false
}

func (r runner[S]) Round(state any) string {
	if ro, ok := r.e.(Rounds[S]); ok {
		return ro.Round(state.(S))
	}
	return ""
}

func (r runner[S]) Private(state any, a Action) (string, Action, bool) {
	if p, ok := r.e.(Private[S]); ok {
		return p.Private(state.(S), a)
	}
	return "", a, false
}

func (r runner[S]) Outcome(state any) Outcome {
	if o, ok := r.e.(Outcomer[S]); ok {
		return o.Outcome(state.(S))
	}
	return Outcome{Remaining: -1}
}

// ActionPlayer is the action's "player" field, the one player most actions
// speak for (none when the field is absent).
func ActionPlayer(a Action) []string {
	var head struct {
		Player string `json:"player"`
	}
	if json.Unmarshal(a.Data, &head) != nil || head.Player == "" {
		return nil
	}
	return []string{head.Player}
}
