package mini

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

// defaultSet is the embedded default decks, the cards the tests name.
var defaultSet = enginetest.DefaultSet

// line turns a replay line into an action, as the replay command does.
func line(t testing.TB, l string) rules.Action {
	t.Helper()
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal([]byte(l), &head); err != nil || head.Type == "" {
		t.Fatalf("bad test line %s: %v", l, err)
	}
	return rules.Action{Type: head.Type, Data: json.RawMessage(l)}
}

// duel drives one engine through a test.
type duel struct {
	t   testing.TB
	e   rules.Engine[State]
	s   State
	log rules.Log
	ev  []rules.Event
}

func start(t testing.TB, setup string) *duel {
	t.Helper()
	return startWith(t, defaultSet(t), setup)
}

func startWith(t testing.TB, set *decks.Set, setup string) *duel {
	t.Helper()
	e := New(set)
	s, err := e.Start(json.RawMessage(setup))
	if err != nil {
		t.Fatalf("start %s: %v", setup, err)
	}
	return &duel{t: t, e: e, s: s, log: rules.Log{Setup: json.RawMessage(setup)}}
}

// do applies lines that must all be legal.
func (d *duel) do(lines ...string) *duel {
	d.t.Helper()
	for _, l := range lines {
		a := line(d.t, l)
		before, _ := json.Marshal(d.s)
		s, ev, err := d.e.Apply(d.s, a)
		if err != nil {
			d.t.Fatalf("%s: %v (state %s)", l, err, before)
		}
		if after, _ := json.Marshal(d.s); string(after) != string(before) {
			d.t.Fatalf("%s: Apply changed the state it was given", l)
		}
		d.s, d.ev = s, ev
		d.log.Actions = append(d.log.Actions, a)
	}
	return d
}

// refuse applies a line that must be refused with the rule.
func (d *duel) refuse(l, rule string) *duel {
	d.t.Helper()
	before, _ := json.Marshal(d.s)
	_, _, err := d.e.Apply(d.s, line(d.t, l))
	var re *rules.RuleError
	if !errors.As(err, &re) {
		d.t.Fatalf("%s: want rule %q, got %v", l, rule, err)
	}
	if re.Rule != rule {
		d.t.Fatalf("%s: want rule %q, got %q (%s)", l, rule, re.Rule, re.Msg.EN)
	}
	if re.Msg.DE == "" || re.Msg.EN == "" {
		d.t.Fatalf("%s: the reason must be in German and English: %+v", l, re.Msg)
	}
	if after, _ := json.Marshal(d.s); string(after) != string(before) {
		d.t.Fatalf("%s: a refused action changed the state", l)
	}
	return d
}

func (d *duel) score(red, blue int) *duel {
	d.t.Helper()
	if d.s.Score != [2]int{red, blue} {
		d.t.Fatalf("score %v, want [%d %d]", d.s.Score, red, blue)
	}
	return d
}

// open asserts the duel is still undecided.
func (d *duel) open() *duel {
	d.t.Helper()
	if d.s.Winner != "" || d.e.Next(d.s).Over {
		d.t.Fatalf("duel already decided: %s wins %v", d.s.Winner, d.s.Score)
	}
	return d
}

func (d *duel) won(side string) *duel {
	d.t.Helper()
	if Winner(d.s) != side {
		d.t.Fatalf("winner %q, want %q (score %v, tie %v)", d.s.Winner, side, d.s.Score, d.s.Tie)
	}
	p := d.e.Next(d.s)
	if !p.Over || len(p.Allowed) != 0 {
		d.t.Fatalf("decided duel still prompts %+v", p)
	}
	return d
}

func (d *duel) tie(want bool) *duel {
	d.t.Helper()
	if d.s.Tie != want {
		d.t.Fatalf("tie %v, want %v (score %v)", d.s.Tie, want, d.s.Score)
	}
	return d
}

func (d *duel) allowed(want ...string) *duel {
	d.t.Helper()
	got := d.e.Next(d.s).Allowed
	if strings.Join(got, ",") != strings.Join(want, ",") {
		d.t.Fatalf("allowed %v, want %v", got, want)
	}
	return d
}

func (d *duel) events() string {
	var s []string
	for _, e := range d.ev {
		s = append(s, e.Text.EN)
	}
	return strings.Join(s, " | ")
}

// repeat returns n copies of a line.
func repeat(n int, l string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = l
	}
	return out
}
