package genial

import (
	"reflect"
	"testing"

	"druckreif/rules"
)

// The answer tiles lie face down until all are laid; the correct answer is
// the questioner's alone until it is read out.
func TestViewHidesTilesAndAnswer(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, `{"game":"genial","players":["Anna","Ben","Cem"]}`)
	s, _ = play(t, e, s, `{"type":"ask","card":"GEN-TST-2"}`, `{"type":"answer","player":"Ben","answer":"a"}`)
	red := e.(rules.Redactor[State])
	q := s.Players[s.Questioner]
	for _, c := range []struct {
		v       rules.Viewer
		correct string
	}{
		{rules.Viewer{Role: rules.RolePlayer, Player: q}, "b"},
		{rules.Viewer{Role: rules.RolePlayer, Player: "Ben"}, ""},
		{rules.Viewer{Role: rules.RoleTable}, ""},
	} {
		v := red.View(s, c.v)
		if v.Question.Correct != c.correct {
			t.Errorf("%+v sees correct %q", c.v, v.Question.Correct)
		}
		wantBen := Hidden
		if c.v.Player == "Ben" {
			wantBen = "a"
		}
		if v.Answers[s.index("Ben")] != wantBen {
			t.Errorf("%+v sees Ben's tile as %q", c.v, v.Answers[s.index("Ben")])
		}
	}
	if s.Question.Correct != "b" || s.Answers[s.index("Ben")] != "a" {
		t.Fatal("View changed the state")
	}
	sec := e.(rules.Secrets[State])
	other := "Cem"
	if q == "Cem" {
		other = "Anna"
	}
	l := `{"type":"answer","player":"` + other + `","answer":"b"}`
	if who, ok := sec.Secret(s, act(l)); !ok || who != other {
		t.Fatalf("secret %q %v", who, ok)
	}
	one, err := sec.Collect(s, []rules.Action{act(l)})
	if err != nil {
		t.Fatal(err)
	}
	after, _ := play(t, e, s, string(one.Data))
	if after.Phase != PhaseAsk || reflect.DeepEqual(after.Scores, s.Scores) {
		t.Fatalf("collected answers not scored: %+v", after)
	}
}

// The house rule "cards": a shorter game, over after two cards each.
func TestCardsHouseRule(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, `{"game":"genial","players":["Anna","Ben"],"cards":1}`)
	s, _ = play(t, e, s, `{"type":"ask","card":"GEN-TST-1"}`, `{"type":"answer","player":"Ben","answer":"a"}`,
		`{"type":"ask","card":"GEN-TST-2"}`, `{"type":"answer","player":"Anna","answer":"a"}`)
	if s.Phase != PhaseOver || s.Winner != "Ben" {
		t.Fatalf("after one card each: %s, winner %q", s.Phase, s.Winner)
	}
	if _, err := e.Start([]byte(`{"game":"genial","players":["Anna","Ben"],"cards":0.5}`)); err == nil {
		t.Fatal("half a card accepted")
	}
}
