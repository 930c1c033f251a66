package labyrinth

import (
	"testing"

	"druckreif/rules"
)

// Tips and bets lie face down until the reveal; the correct answer is on
// the reader's side of the card only.
func TestViewHidesTipsBetsAndAnswer(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"game":"labyrinth","players":["Anna","Ben","Cem"],"reader":"Anna"}`)
	s, _ = do(t, e, s, `{"type":"draw","kind":"normal"}`, `{"type":"tip","player":"Ben","tip":"B"}`, `{"type":"bet","player":"Ben","chip":3}`)
	s.Card.Correct = "C" // as a card looked up in the decks would carry it
	red := e.(rules.Redactor[State])
	cases := []struct {
		v            rules.Viewer
		tip, correct string
		bet          int
	}{
		{rules.Viewer{Role: rules.RolePlayer, Player: "Ben"}, "B", "", 3},
		{rules.Viewer{Role: rules.RolePlayer, Player: "Anna"}, HiddenTip, "C", HiddenBet},
		{rules.Viewer{Role: rules.RolePlayer, Player: "Cem"}, HiddenTip, "", HiddenBet},
		{rules.Viewer{Role: rules.RoleTable}, HiddenTip, "", HiddenBet},
	}
	for _, c := range cases {
		v := red.View(s, c.v)
		ben := v.Players[1]
		if ben.Tip != c.tip || ben.Bet != c.bet || v.Card.Correct != c.correct {
			t.Errorf("%+v sees tip %q bet %d correct %q", c.v, ben.Tip, ben.Bet, v.Card.Correct)
		}
	}
	if s.Players[1].Tip != "B" || s.Card.Correct != "C" {
		t.Fatal("View changed the state")
	}
}

// One phone's secret place (tip and chip), collected from every phone,
// reaches the state the separate tip and bet lines reach; the risk round
// takes chips first, then tips; a place must give what the player owes.
func TestPlaceCollected(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"game":"labyrinth","players":["Anna","Ben","Cem"],"reader":"Anna"}`)
	s, _ = do(t, e, s, `{"type":"draw","kind":"normal"}`)
	sec := e.(rules.Secrets[State])
	ben, cem := line(`{"type":"place","player":"Ben","tip":"B","chip":3}`), line(`{"type":"place","player":"Cem","tip":"c","chip":5}`)
	for _, c := range []rules.Action{ben, cem} {
		if _, ok := sec.Secret(s, c); !ok {
			t.Fatalf("%s is not a secret", c.Data)
		}
	}
	refuse(t, e, s, `{"type":"place","player":"Ben","tip":"B"}`, "place-incomplete")
	refuse(t, e, s, `{"type":"place","player":"Anna","tip":"B","chip":1}`, "place-no-bet")
	one, err := sec.Collect(s, []rules.Action{ben, cem})
	if err != nil {
		t.Fatal(err)
	}
	collected, _ := do(t, e, s, string(one.Data))
	lines, _ := do(t, e, s, `{"type":"bet","player":"Ben","chip":3}`, `{"type":"tip","player":"Ben","tip":"B"}`, `{"type":"bet","player":"Cem","chip":5}`, `{"type":"tip","player":"Cem","tip":"C"}`)
	if mustJSON(collected) != mustJSON(lines) {
		t.Fatalf("collected %s\nlines %s", mustJSON(collected), mustJSON(lines))
	}
	if got := e.(rules.Speaker[State]).Speakers(s, one); len(got) != 2 || got[0] != "Ben" || got[1] != "Cem" {
		t.Fatalf("speakers %v", got)
	}
	// A bad entry in a batch refuses all of it.
	refuse(t, e, s, `{"type":"place","bets":{"Ben":3,"Cem":9},"tips":{"Ben":"A","Cem":"B"}}`, "chip-value")

	// Risk: chips first, then tips.
	r := start(t, e, `{"game":"labyrinth","players":["Anna","Ben","Cem"],"reader":"Anna"}`)
	r, _ = do(t, e, r, `{"type":"draw","kind":"risk"}`)
	refuse(t, e, r, `{"type":"place","player":"Ben","tip":"A","chip":2}`, "place-no-tip")
	r, _ = do(t, e, r, `{"type":"place","player":"Ben","chip":2}`, `{"type":"place","player":"Cem","chip":4}`)
	refuse(t, e, r, `{"type":"place","player":"Ben","chip":1}`, "place-no-bet")
	r, _ = do(t, e, r, `{"type":"place","tips":{"Ben":"A","Cem":"B"}}`, `{"type":"reveal","correct":"A"}`)
	if pos(r, "Ben") != 2 || pos(r, "Cem") != -4 {
		t.Fatalf("after the risk question: Ben %d, Cem %d", pos(r, "Ben"), pos(r, "Cem"))
	}
}
