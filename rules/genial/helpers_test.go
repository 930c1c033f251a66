package genial

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"druckreif/decks"
	"druckreif/rules"
)

// testSet is a deck of its own, so the tests do not depend on the default
// questions: GEN-TST-1 … GEN-TST-25, the correct answer of card n is
// a, b, c, a, b, c, … (n=1: a, n=2: b, n=3: c). It also holds one Dativ
// card, DAT-TST-1.
func testSet(t testing.TB) *decks.Set {
	t.Helper()
	var b strings.Builder
	b.WriteString("Nr,Frage,a,b,c,Richtig\n")
	for n := 1; n <= 25; n++ {
		fmt.Fprintf(&b, "%d,Frage Nummer %d?,Antwort A%d,Antwort B%d,Antwort C%d,%c\n", n, n, n, n, n, 'a'+(n-1)%3)
	}
	fsys := fstest.MapFS{
		"gen/Deck.csv":   {Data: []byte("Spiel,genial\nName,Test\nKennung,TST\nVersion,1.0\nSprache,de\n")},
		"gen/Fragen.csv": {Data: []byte(b.String())},
		"dat/Deck.csv":   {Data: []byte("Spiel,dativ\nName,Test\nKennung,TST\nVersion,1.0\nSprache,de\n")},
		"dat/Karten.csv": {Data: []byte("Nr,Seite,Kategorie,Satz,Option 1,Option 2,Option 3,Option 4,Richtig,Erklärung\n" +
			"1,vorne,Dativ/Genitiv,Wegen ___ blieben wir.,dem Regen,des Regens,,,2,Genitiv.\n" +
			"1,hinten,Fremdwörter,Ein ___.,Rhythmus,Rythmus,,,1,Zwei h.\n")},
	}
	g, probs := decks.Load(fsys, "gen", "gen")
	if probs.HasErrors() || g == nil {
		t.Fatalf("test deck: %v", probs)
	}
	d, probs := decks.Load(fsys, "dat", "dat")
	if probs.HasErrors() || d == nil {
		t.Fatalf("dativ test deck: %v", probs)
	}
	set, probs := decks.Combine(g, d)
	if probs.HasErrors() {
		t.Fatalf("combine: %v", probs)
	}
	return set
}

func defaultSet(t testing.TB) *decks.Set {
	t.Helper()
	ds, probs := decks.LoadDefaults()
	if probs.HasErrors() {
		t.Fatalf("default decks: %v", probs)
	}
	set, probs := decks.Combine(ds...)
	if probs.HasErrors() {
		t.Fatalf("combine: %v", probs)
	}
	return set
}

// act turns a replay line into an action the way the replay command does:
// the whole line is the data.
func act(line string) rules.Action {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal([]byte(line), &head); err != nil {
		panic(line + ": " + err.Error())
	}
	return rules.Action{Type: head.Type, Data: json.RawMessage(line)}
}

func start(t testing.TB, e rules.Engine[State], setup string) State {
	t.Helper()
	s, err := e.Start(json.RawMessage(setup))
	if err != nil {
		t.Fatalf("start %s: %v", setup, err)
	}
	return s
}

func play(t testing.TB, e rules.Engine[State], s State, lines ...string) (State, []rules.Event) {
	t.Helper()
	var all []rules.Event
	for _, l := range lines {
		next, ev, err := e.Apply(s, act(l))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		s = next
		all = append(all, ev...)
	}
	return s, all
}

func forbidden(t testing.TB, e rules.Engine[State], s State, line, rule string) {
	t.Helper()
	before, _ := json.Marshal(s)
	_, _, err := e.Apply(s, act(line))
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
	after, _ := json.Marshal(s)
	if string(before) != string(after) {
		t.Fatalf("%s: a refused action changed the state", line)
	}
}

func scores(s State) map[string]int {
	m := map[string]int{}
	for i, p := range s.Players {
		m[p] = s.Scores[i]
	}
	return m
}

func eventsText(ev []rules.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text.DE + "\n" + e.Text.EN + "\n")
	}
	return b.String()
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
