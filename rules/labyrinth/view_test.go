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
