package thegame

import (
	"testing"

	"druckreif/rules"
)

// The values of a hand are shown to its player only: not to the others,
// not to the table's phone, not to spectators. Counts stay visible.
func TestViewHidesHands(t *testing.T) {
	s := start(t, `{"players":["Anna","Ben"]}`)
	s = do(t, s, `hand "player":"Ben","cards":[12,57]`, `play "pile":"1A","value":5`)
	red := eng.(rules.Redactor[State])
	for _, c := range []struct {
		v    rules.Viewer
		want int
	}{
		{rules.Viewer{Role: rules.RolePlayer, Player: "Ben"}, 2},
		{rules.Viewer{Role: rules.RolePlayer, Player: "Anna"}, 0},
		{rules.Viewer{Role: rules.RoleTable}, 0},
		{rules.Viewer{Role: rules.RoleSpectator}, 0},
	} {
		v := red.View(s, c.v)
		if len(v.Hands[1].Known) != c.want || v.Hands[1].Count != 7 || v.Hands[0].Count != 6 {
			t.Errorf("%+v sees Ben's hand %+v", c.v, v.Hands[1])
		}
	}
	if len(s.Hands[1].Known) != 2 {
		t.Fatal("View changed the state")
	}
	// Anna lays Ben's entered 57: nobody sees the slip before the result,
	// everyone with it.
	s = do(t, s, `play "pile":"1A","value":57`)
	for _, v := range []rules.Viewer{{Role: rules.RolePlayer, Player: "Anna"}, {Role: rules.RoleTable}, {Role: rules.RoleSpectator}} {
		if d := red.View(s, v).Doubles; d != nil {
			t.Errorf("%+v sees the slip before the result: %+v", v, d)
		}
	}
	s = do(t, s, `draw`, `block`)
	for _, v := range []rules.Viewer{{Role: rules.RolePlayer, Player: "Anna"}, {Role: rules.RoleSpectator}} {
		if r := red.View(s, v).Result; r == nil || len(r.Doubles) != 1 || r.Doubles[0].Value != 57 {
			t.Errorf("%+v does not see the slip with the result: %+v", v, r)
		}
	}
	full := start(t, `{"players":["Anna"],"mode":"full","seed":1}`)
	if v := red.View(full, rules.Viewer{Role: rules.RolePlayer, Player: "Anna"}); v.DrawPile != nil || len(v.Hands[0].Known) != 8 {
		t.Fatalf("full mode: the draw pile's order shown, or the own hand hidden: %+v", v.Hands[0])
	}
}

func TestOutcome(t *testing.T) {
	s := start(t, `{"players":["Anna","Ben"]}`)
	o := eng.(rules.Outcomer[State]).Outcome(s)
	if o.Remaining != -1 || o.Winners != nil {
		t.Fatalf("running game: %+v", o)
	}
	s = do(t, s, `block`, `confirm "remaining":98`)
	if o := eng.(rules.Outcomer[State]).Outcome(s); o.Remaining != 98 || o.Winners != nil {
		t.Fatalf("lost game: %+v", o)
	}
}
