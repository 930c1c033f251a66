package thegame

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"druckreif/rules"
)

var eng = New(nil)

// act builds an action as the replay file carries it: the whole line is the
// data, "type" included.
func act(typ, fields string) rules.Action {
	line := `{"type":"` + typ + `"`
	if strings.TrimSpace(fields) != "" {
		line += "," + fields
	}
	line += "}"
	return rules.Action{Type: typ, Data: json.RawMessage(line)}
}

func start(t *testing.T, setup string) State {
	t.Helper()
	s, err := eng.Start(json.RawMessage(setup))
	if err != nil {
		t.Fatalf("start %s: %v", setup, err)
	}
	return s
}

// do applies actions given as "type fields" pairs and fails on any error.
func do(t *testing.T, s State, steps ...string) State {
	t.Helper()
	for _, st := range steps {
		typ, fields, _ := strings.Cut(st, " ")
		next, _, err := eng.Apply(s, act(typ, fields))
		if err != nil {
			t.Fatalf("%s: %v", st, err)
		}
		s = next
	}
	return s
}

// events applies one action and returns its events.
func events(t *testing.T, s State, step string) (State, []rules.Event) {
	t.Helper()
	typ, fields, _ := strings.Cut(step, " ")
	next, ev, err := eng.Apply(s, act(typ, fields))
	if err != nil {
		t.Fatalf("%s: %v", step, err)
	}
	return next, ev
}

// forbidden applies one action, wants it refused by rule, and checks the
// state it got was not changed.
func forbidden(t *testing.T, s State, step, rule string) {
	t.Helper()
	before := mustJSON(t, s)
	typ, fields, _ := strings.Cut(step, " ")
	_, _, err := eng.Apply(s, act(typ, fields))
	var re *rules.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: want rule %s, got %v", step, rule, err)
	}
	if re.Rule != rule {
		t.Fatalf("%s: want rule %s, got %s (%s)", step, rule, re.Rule, re.Msg.EN)
	}
	if re.Msg.DE == "" || re.Msg.EN == "" || strings.Contains(re.Msg.DE+re.Msg.EN, "%!") {
		t.Fatalf("%s: bad message %+v", step, re.Msg)
	}
	if mustJSON(t, s) != before {
		t.Fatalf("%s: the refused action changed the state", step)
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func pile(s State, name string) Pile { return s.Piles[pileIndex(name)] }

func joinEvents(ev []rules.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text.DE + " | " + e.Text.EN + "\n")
	}
	return b.String()
}
