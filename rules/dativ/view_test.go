package dativ

import (
	"encoding/json"
	"reflect"
	"testing"

	"druckreif/rules"
)

func seat(name string) rules.Viewer { return rules.Viewer{Role: rules.RolePlayer, Player: name} }

// While the guess cards lie face down each player sees only their own; the
// table's phone and the reader see none, and nobody sees whether the
// variant read aloud is right until all votes are in.
func TestViewHidesVotesAndSolution(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, `{"game":"dativ","players":["Anna","Ben","Cem"]}`)
	s, _ = play(t, e, s, `{"type":"read","card":"DAT-TST-1","side":"vorne","option":"c"}`, `{"type":"vote","player":"Ben","vote":"richtig"}`)
	red := e.(rules.Redactor[State])
	for _, c := range []struct {
		v    rules.Viewer
		want []string
	}{
		{seat("Ben"), []string{"", "richtig", ""}},
		{seat("Anna"), []string{"", Hidden, ""}}, // Anna reads
		{rules.Viewer{Role: rules.RoleTable}, []string{"", Hidden, ""}},
		{rules.Viewer{Role: rules.RoleSpectator}, []string{"", Hidden, ""}},
	} {
		v := red.View(s, c.v)
		if !reflect.DeepEqual(v.Votes, c.want) || v.Reading.Right != nil {
			t.Errorf("%+v sees votes %q, right %v", c.v, v.Votes, v.Reading.Right)
		}
	}
	if s.Reading.Right == nil || *s.Reading.Right != true || s.Votes[1] != "richtig" {
		t.Fatal("View changed the state it was given")
	}
	// After the last vote the cards are turned over and scored: visible to all.
	s, _ = play(t, e, s, `{"type":"vote","votes":{"Anna":"falsch","Cem":"falsch"}}`)
	if v := red.View(s, rules.Viewer{Role: rules.RoleSpectator}); !reflect.DeepEqual(v, s) {
		t.Fatalf("after scoring the view differs: %+v", v)
	}
}

// Votes entered secretly one by one and collected reach the same state as
// the table entering all guess cards at once.
func TestSecretVotesCollect(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, `{"game":"dativ","players":["Anna","Ben","Cem"]}`)
	s, _ = play(t, e, s, `{"type":"read","card":"DAT-TST-1","side":"vorne","option":"a"}`)
	sec := e.(rules.Secrets[State])
	var choices []rules.Action
	for _, l := range []string{`{"type":"vote","player":"Cem","vote":"falsch"}`, `{"type":"vote","player":"Anna","vote":"richtig"}`, `{"type":"vote","player":"Ben","vote":"falsch"}`} {
		who, ok := sec.Secret(s, act(l))
		if !ok || who == "" {
			t.Fatalf("%s is not a secret", l)
		}
		choices = append(choices, act(l))
	}
	if _, ok := sec.Secret(s, act(`{"type":"vote","votes":{"Anna":"richtig"}}`)); ok {
		t.Fatal("a batch of votes is the table's, not one player's secret")
	}
	one, err := sec.Collect(s, choices)
	if err != nil {
		t.Fatal(err)
	}
	collected, _ := play(t, e, s, string(one.Data))
	batch, _ := play(t, e, s, `{"type":"vote","votes":{"Anna":"richtig","Ben":"falsch","Cem":"falsch"}}`)
	a, _ := json.Marshal(collected)
	b, _ := json.Marshal(batch)
	if string(a) != string(b) {
		t.Fatalf("collected %s\nbatch %s", a, b)
	}
	if got := e.(rules.Speaker[State]).Speakers(s, one); !reflect.DeepEqual(got, []string{"Anna", "Ben", "Cem"}) {
		t.Fatalf("speakers of the batch: %v", got)
	}
}
