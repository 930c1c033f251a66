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

// Runner replays a log without knowing the engine's state type; the
// replay command and the scorer use it.
type Runner interface {
	// Replay folds the log; trace, when set, sees the state after every
	// action. It returns the final state and the prompt for what comes next.
	Replay(l Log, trace func(i int, state any, events []Event)) (any, Prompt, error)
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
