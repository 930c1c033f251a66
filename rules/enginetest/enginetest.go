// Package enginetest is what the tests of the rules engines share: replay
// lines and files read as the replay command reads them, the default
// decks, a legal or a refused step checked the same way in every engine,
// and the random-game property check (Apply leaves its input alone, a
// refusal is a rule error in both languages, every state survives JSON,
// undo then redo and replaying the log give the same states). Only tests
// import it; it sits beside the engines because it knows nothing of any
// one game.
package enginetest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"reflect"
	"sync"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
)

// Act turns a replay line into an action the way the replay command does:
// the whole line is the data, its "type" the action's type. A line that is
// no JSON is a mistake in the test and panics.
func Act(line string) rules.Action {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal([]byte(line), &head); err != nil {
		panic(line + ": " + err.Error())
	}
	return rules.Action{Type: head.Type, Data: json.RawMessage(line)}
}

// ReadLog reads a replay file the way `druckreif replay` does: JSON Lines,
// the setup first, blank lines and # comments skipped.
func ReadLog(t testing.TB, path string) rules.Log {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var l rules.Log
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		raw := append(json.RawMessage(nil), line...)
		if l.Setup == nil {
			l.Setup = raw
			continue
		}
		l.Actions = append(l.Actions, Act(string(raw)))
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return l
}

var (
	defaultOnce sync.Once
	defaultSet  *decks.Set
	defaultErr  error
)

// DefaultSet is the embedded default decks, loaded once per test binary:
// every engine only reads them.
func DefaultSet(t testing.TB) *decks.Set {
	t.Helper()
	defaultOnce.Do(func() {
		ds, probs := decks.LoadDefaults()
		if probs.HasErrors() {
			defaultErr = fmt.Errorf("default decks: %v", probs)
			return
		}
		set, probs := decks.Combine(ds...)
		if probs.HasErrors() {
			defaultErr = fmt.Errorf("combine: %v", probs)
			return
		}
		defaultSet = set
	})
	if defaultErr != nil {
		t.Fatal(defaultErr)
	}
	return defaultSet
}

// DeckSet is a test's own decks: each folder of fsys (CSV files, one per
// sheet) loaded as a deck, in the order given, and combined — so that a
// test does not depend on the wording of the default decks.
func DeckSet(t testing.TB, fsys fs.FS, folders ...string) *decks.Set {
	t.Helper()
	var ds []*decks.Deck
	for _, f := range folders {
		d, probs := decks.Load(fsys, f, f)
		if probs.HasErrors() || d == nil {
			t.Fatalf("test deck %s: %v", f, probs)
		}
		ds = append(ds, d)
	}
	set, probs := decks.Combine(ds...)
	if probs.HasErrors() {
		t.Fatalf("combine: %v", probs)
	}
	return set
}

// MustJSON is v as JSON; the engines' states always marshal.
func MustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// RoundTrip is s written as JSON and read back — as the scorer's store
// keeps it — failing the test when the copy does not write the same JSON.
// A test then plays on from both to see that they behave alike.
func RoundTrip[S any](t testing.TB, s S) S {
	t.Helper()
	b := MustJSON(s)
	var back S
	if err := json.Unmarshal([]byte(b), &back); err != nil {
		t.Fatal(err)
	}
	if again := MustJSON(back); again != b {
		t.Fatalf("round trip differs:\n%s\n%s", b, again)
	}
	return back
}

// Start is the engine's state after the setup, which must be valid.
func Start[S any](t testing.TB, e rules.Engine[S], setup string) S {
	t.Helper()
	s, err := e.Start(json.RawMessage(setup))
	if err != nil {
		t.Fatalf("start %s: %v", setup, err)
	}
	return s
}

// Play applies replay lines that must all be legal: the state after the
// last and every event.
func Play[S any](t testing.TB, e rules.Engine[S], s S, lines ...string) (S, []rules.Event) {
	t.Helper()
	var all []rules.Event
	for _, l := range lines {
		next, ev, err := e.Apply(s, Act(l))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		s = next
		all = append(all, ev...)
	}
	return s, all
}

// Forbidden asserts that the rules refuse the line under the named rule,
// give the reason in German and English, and leave the state as it was —
// the one they were given and the one they return.
func Forbidden[S any](t testing.TB, e rules.Engine[S], s S, line, rule string) {
	t.Helper()
	before := MustJSON(s)
	next, _, err := e.Apply(s, Act(line))
	var re *rules.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: want rule %s, got %v", line, rule, err)
	}
	if re.Rule != rule {
		t.Fatalf("%s: want rule %s, got %s (%s)", line, rule, re.Rule, re.Msg.EN)
	}
	if re.Msg.DE == "" || re.Msg.EN == "" {
		t.Fatalf("%s: reason missing in a language: %+v", line, re.Msg)
	}
	if MustJSON(s) != before {
		t.Fatalf("%s: a refused action changed the state", line)
	}
	if MustJSON(next) != before {
		t.Fatalf("%s: a refused action must return the old state", line)
	}
}

// RandomGame is one game of an engine's property test: random legal
// actions from what Next allows, with random lines (mostly illegal)
// thrown in, checked step by step against what holds in every engine and
// against the engine's own rules (Check).
type RandomGame[S any] struct {
	Game   int // the game's number, for the failure messages
	Engine rules.Engine[S]
	Setup  json.RawMessage
	Rand   *rand.Rand
	// Legal is a random legal action for the prompt p in state s.
	Legal func(s S, p rules.Prompt) rules.Action
	// Junk are replay lines, one of which is tried instead of a legal
	// action at one step in eight.
	Junk []string
	// Check holds a step the rules allowed against the game's rules.
	Check func(prev, next S, a rules.Action)
	// MaxSteps is how many actions a game takes at most before the test
	// calls it endless; UndoWithin bounds the step at which undo then redo
	// is checked (drawn at random per game).
	MaxSteps, UndoWithin int
}

// Play plays the game to its end and returns the final state.
func (g RandomGame[S]) Play(t *testing.T) S {
	t.Helper()
	e, rng := g.Engine, g.Rand
	s, err := e.Start(g.Setup)
	if err != nil {
		t.Fatalf("game %d: %s: %v", g.Game, g.Setup, err)
	}
	log := rules.Log{Setup: g.Setup}
	states := []string{MustJSON(s)}
	// copyOfS is an independent deep copy of s (decoded from its JSON), to
	// see that Apply leaves its input alone.
	var copyOfS S
	if err := json.Unmarshal([]byte(states[0]), &copyOfS); err != nil {
		t.Fatal(err)
	}
	checkAt := rng.IntN(g.UndoWithin)
	for step := 0; ; step++ {
		if step > g.MaxSteps {
			t.Fatalf("game %d does not end", g.Game)
		}
		p := e.Next(s)
		if p.Over {
			break
		}
		if len(p.Actors) == 0 || len(p.Allowed) == 0 || p.Text.DE == "" || p.Text.EN == "" {
			t.Fatalf("game %d: empty prompt %+v", g.Game, p)
		}
		var a rules.Action
		if rng.IntN(8) == 0 {
			a = Act(g.Junk[rng.IntN(len(g.Junk))])
		} else {
			a = g.Legal(s, p)
		}
		next, ev, err := e.Apply(s, a)
		if !reflect.DeepEqual(s, copyOfS) {
			t.Fatalf("game %d: Apply changed its input on %s", g.Game, a.Data)
		}
		if err != nil {
			var re *rules.RuleError
			if !errors.As(err, &re) || re.Rule == "" || re.Msg.DE == "" || re.Msg.EN == "" {
				t.Fatalf("game %d: %s: not a rule error: %v", g.Game, a.Data, err)
			}
			if !reflect.DeepEqual(next, s) {
				t.Fatalf("game %d: a refused action returned a changed state", g.Game)
			}
			continue
		}
		if len(ev) == 0 {
			t.Fatalf("game %d: %s: no event", g.Game, a.Data)
		}
		g.Check(s, next, a)
		// JSON round trip of every state.
		nextJSON := MustJSON(next)
		var back S
		if err := json.Unmarshal([]byte(nextJSON), &back); err != nil || !reflect.DeepEqual(back, next) {
			t.Fatalf("game %d: JSON round trip: %v", g.Game, err)
		}
		log.Actions = append(log.Actions, a)
		s, copyOfS = next, back
		states = append(states, nextJSON)
		// Undo, then redo, at one step of each game.
		if len(log.Actions) == checkAt+1 {
			undone, _, err := rules.Replay(e, rules.Undo(log))
			if err != nil || MustJSON(undone) != states[len(states)-2] {
				t.Fatalf("game %d: undo gives another state: %v", g.Game, err)
			}
			redone, _, err := e.Apply(undone, a)
			if err != nil || MustJSON(redone) != nextJSON {
				t.Fatalf("game %d: redo gives another state: %v", g.Game, err)
			}
		}
	}
	final, _, err := rules.Replay(e, log)
	if err != nil || MustJSON(final) != MustJSON(s) {
		t.Fatalf("game %d: replaying the log: %v", g.Game, err)
	}
	return s
}

// UndoRedo checks the end of a recorded game: undoing its last action
// and applying it again gives the same final state.
func UndoRedo[S any](t testing.TB, e rules.Engine[S], l rules.Log, final S) {
	t.Helper()
	undone, _, err := rules.Replay(e, rules.Undo(l))
	if err != nil {
		t.Fatal(err)
	}
	redone, _, err := e.Apply(undone, l.Actions[len(l.Actions)-1])
	if err != nil || !reflect.DeepEqual(redone, final) {
		t.Fatalf("undo/redo: %v", err)
	}
}
