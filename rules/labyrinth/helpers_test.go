package labyrinth

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
)

// line turns a replay line into an action, as the replay command does.
func line(l string) rules.Action {
	var t struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal([]byte(l), &t); err != nil {
		panic(err)
	}
	return rules.Action{Type: t.Type, Data: json.RawMessage(l)}
}

func start(t *testing.T, e rules.Engine[State], setup string) State {
	t.Helper()
	s, err := e.Start(json.RawMessage(setup))
	if err != nil {
		t.Fatalf("start %s: %v", setup, err)
	}
	return s
}

// do applies replay lines and fails the test on a refusal.
func do(t *testing.T, e rules.Engine[State], s State, lines ...string) (State, []rules.Event) {
	t.Helper()
	var all []rules.Event
	for _, l := range lines {
		next, ev, err := e.Apply(s, line(l))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		s = next
		all = append(all, ev...)
	}
	return s, all
}

// refuse checks that the rules refuse a line with the named rule and leave
// the state alone.
func refuse(t *testing.T, e rules.Engine[State], s State, l, rule string) {
	t.Helper()
	before, _ := json.Marshal(s)
	next, _, err := e.Apply(s, line(l))
	var re *rules.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: want rule %s, got %v", l, rule, err)
	}
	if re.Rule != rule {
		t.Fatalf("%s: want rule %s, got %s (%s)", l, rule, re.Rule, re.Msg.EN)
	}
	after, _ := json.Marshal(s)
	if string(before) != string(after) {
		t.Fatalf("%s: the refused action changed the state", l)
	}
	if a, _ := json.Marshal(next); string(a) != string(before) {
		t.Fatalf("%s: a refused action must return the old state", l)
	}
}

// ask plays one question. answers maps a player to "B4" (tip B, chip 4);
// kind is "normal" or "risk"; risk questions bet first.
func ask(t *testing.T, e rules.Engine[State], s State, kind string, answers map[string]string, correct string) (State, []rules.Event) {
	t.Helper()
	names := make([]string, 0, len(answers))
	for n := range answers {
		names = append(names, n)
	}
	sort.Strings(names)
	lines := []string{fmt.Sprintf(`{"type":"draw","kind":%q}`, kind)}
	var bets, tips []string
	for _, n := range names {
		a := answers[n]
		bets = append(bets, fmt.Sprintf(`{"type":"bet","player":%q,"chip":%s}`, n, a[1:]))
		tips = append(tips, fmt.Sprintf(`{"type":"tip","player":%q,"tip":%q}`, n, a[:1]))
	}
	if kind == KindRisk {
		lines = append(append(lines, bets...), tips...)
	} else {
		for i := range tips {
			lines = append(lines, tips[i], bets[i])
		}
	}
	lines = append(lines, fmt.Sprintf(`{"type":"reveal","correct":%q}`, correct))
	return do(t, e, s, lines...)
}

// ling plays one Lingutaurus card: tips maps a player to a letter.
func ling(t *testing.T, e rules.Engine[State], s State, tips map[string]string, correct string) (State, []rules.Event) {
	t.Helper()
	lines := []string{`{"type":"draw","kind":"lingutaurus"}`}
	names := make([]string, 0, len(tips))
	for n := range tips {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		lines = append(lines, fmt.Sprintf(`{"type":"tip","player":%q,"tip":%q}`, n, tips[n]))
	}
	lines = append(lines, fmt.Sprintf(`{"type":"reveal","correct":%q}`, correct))
	return do(t, e, s, lines...)
}

func pos(s State, name string) int { return s.Players[s.index(name)].Pos }

// place puts pieces on fields (a test shortcut for earlier questions).
func place(s State, at map[string]int) State {
	s = s.clone()
	for n, p := range at {
		s.Players[s.index(n)].Pos = p
	}
	return s
}

func eventsText(ev []rules.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text.EN)
		b.WriteByte('\n')
	}
	return b.String()
}

var (
	setOnce sync.Once
	theSet  *decks.Set
)

// defaultSet is the embedded default decks.
func defaultSet(t testing.TB) *decks.Set {
	setOnce.Do(func() {
		ds, probs := decks.LoadDefaults()
		if probs.HasErrors() {
			panic(fmt.Sprint(probs))
		}
		theSet, _ = decks.Combine(ds...)
	})
	return theSet
}

// cardOf finds a default card of a kind whose face-side answer is correct.
func cardOf(t testing.TB, kind decks.LabyrinthKind, correct string, skip ...string) *decks.LabyrinthCard {
	for _, c := range defaultSet(t).Labyrinth() {
		if c.Kind == kind && c.Sides[decks.Green].CorrectLetter() == correct && !contains(skip, c.ID) {
			return c
		}
	}
	t.Fatalf("no %v card with answer %s", kind, correct)
	return nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
