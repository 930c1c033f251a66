package thegame

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"druckreif/rules"
)

func logOf(setup string, steps ...string) rules.Log {
	l := rules.Log{Setup: json.RawMessage(setup)}
	for _, st := range steps {
		typ, fields, _ := strings.Cut(st, " ")
		l.Actions = append(l.Actions, act(typ, fields))
	}
	return l
}

// "Rückgängig korrigiert die letzte Aktion; beim Zurücknehmen eines Zuges
// gezogene Karten physisch zurücklegen."
func TestUndoTurnTellsWhatToPutBack(t *testing.T) {
	l := logOf(`{"players":["Mireille","David"]}`,
		`hand "player":"Mireille","cards":[10]`, // entered before turn 1: stays
		`play "pile":"1A","value":10`,
		`play "pile":"100A","confirmed":true`,
		`draw "count":2,"cards":[33]`,
		`play "pile":"1A","value":20`,
		`play "pile":"100B","card":"TG-90"`,
		`draw`,
		`play "pile":"1A","value":25`,
	)
	if _, _, err := rules.Replay(eng, l); err != nil {
		t.Fatal(err)
	}
	// Undo turn 2 (David's): turn 3 goes too.
	cut, ret, err := UndoTurn(nil, l, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(cut.Actions) != 4 {
		t.Fatalf("cut log has %d actions, want 4", len(cut.Actions))
	}
	want := []Return{
		{Turn: 3, Player: "Mireille", ToHand: []Returned{{"1A", 25}}},
		{Turn: 2, Player: "David", ToDraw: 2, ToHand: []Returned{{"100B", 90}, {"1A", 20}}},
	}
	for i := range want {
		want[i].Text = want[i].text()
	}
	if mustJSON(t, ret) != mustJSON(t, want) {
		t.Fatalf("returns\n%s\nwant\n%s", mustJSON(t, ret), mustJSON(t, want))
	}
	if ret[1].Text.DE != "Zug 2 (David): 2 nachgezogene Karten zurück oben auf den Nachziehstapel legen, dann die 90 von 100B, die 20 von 1A zurück auf die Hand nehmen." {
		t.Fatalf("text %q", ret[1].Text.DE)
	}
	if ret[1].Text.EN != "Turn 2 (David): lay 2 drawn cards back on top of the draw pile, then take the 90 from 100B, the 20 from 1A back into the hand." {
		t.Fatalf("text %q", ret[1].Text.EN)
	}
	s := mustReplay(t, cut)
	if s.Turn != 2 || s.Players[s.Active] != "David" || s.Hands[1].Count != 7 || s.DrawCount != 82 {
		t.Fatalf("after undo: turn %d, %s, %+v, draw %d", s.Turn, s.Players[s.Active], s.Hands, s.DrawCount)
	}

	// Undo turn 1: the card without value is "the top card", the drawn
	// card entered is named; the hand entry before the turn stays.
	cut, ret, err = UndoTurn(nil, l, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(cut.Actions) != 1 || cut.Actions[0].Type != "hand" || len(ret) != 3 {
		t.Fatalf("cut %d actions, %d returns", len(cut.Actions), len(ret))
	}
	r1 := ret[2]
	if r1.ToDraw != 2 || !slices.Equal(r1.ToDrawKnown, []int{33}) || !slices.Equal(r1.ToHand, []Returned{{"100A", 0}, {"1A", 10}}) {
		t.Fatalf("turn 1 return %+v", r1)
	}
	if r1.Text.DE != "Zug 1 (Mireille): 2 nachgezogene Karten zurück oben auf den Nachziehstapel legen (darunter 33), dann die oberste Karte von 100A, die 10 von 1A zurück auf die Hand nehmen." {
		t.Fatalf("text %q", r1.Text.DE)
	}
	s = mustReplay(t, cut)
	if !slices.Equal(s.Hands[0].Known, []int{10}) || s.Hands[0].Count != 7 || !pile(s, "100A").Known {
		t.Fatalf("after undoing turn 1: %+v", s)
	}

	// The current turn with nothing laid yet: nothing to undo.
	l2 := logOf(`{"players":["Mireille","David"]}`, `play "pile":"1A","value":10`, `play "pile":"1A","value":11`, `draw`)
	cut, ret, err = UndoTurn(nil, l2, 2)
	if err != nil || len(cut.Actions) != 3 || ret != nil {
		t.Fatalf("undo of an empty turn: %v %d %v", err, len(cut.Actions), ret)
	}
	if _, _, err := UndoTurn(nil, l2, 3); err == nil {
		t.Fatal("turn 3 has not begun")
	}
	if _, _, err := UndoTurn(nil, l2, 0); err == nil {
		t.Fatal("there is no turn 0")
	}
}

// Undoing the last action only (rules.Undo) tells what that one action
// needs at the table.
func TestPutBackLastAction(t *testing.T) {
	l := logOf(`{"players":["Mireille","David"],"mode":"full","seed":8}`)
	s := mustReplay(t, l)
	for range 2 {
		m := Moves(s)[0]
		a := act("play", `"pile":"`+m.Pile+`","value":`+itoa(m.Value))
		l.Actions = append(l.Actions, a)
		s = mustReplay(t, l)
	}
	ret, err := PutBack(nil, l, len(l.Actions)-1)
	if err != nil || len(ret) != 1 || len(ret[0].ToHand) != 1 || ret[0].ToDraw != 0 {
		t.Fatalf("put back a play: %v %+v", err, ret)
	}
	last := s.Plays[1]
	if ret[0].ToHand[0] != (Returned{last.Pile, last.Value}) {
		t.Fatalf("put back %+v, last play %+v", ret[0].ToHand, last)
	}
	drawn := s.DrawPile[:2]
	l.Actions = append(l.Actions, act("draw", ""))
	ret, err = PutBack(nil, l, len(l.Actions)-1)
	if err != nil || len(ret) != 1 || ret[0].ToDraw != 2 || len(ret[0].ToHand) != 0 || !slices.Equal(ret[0].ToDrawKnown, sorted(drawn)) {
		t.Fatalf("put back a draw: %v %+v (drawn %v)", err, ret, drawn)
	}
	if ret, err := PutBack(nil, l, len(l.Actions)); err != nil || len(ret) != 0 {
		t.Fatalf("nothing undone: %v %+v", err, ret)
	}
	if _, err := PutBack(nil, l, len(l.Actions)+1); err == nil {
		t.Fatal("out of range")
	}
}

// The put-back instruction names the drawn values to their player only.
func TestReturnFor(t *testing.T) {
	r := Return{Turn: 2, Player: "Ben", ToDraw: 2, ToDrawKnown: []int{41}}
	r.Text = r.text()
	if got := r.For(rules.Viewer{Role: rules.RolePlayer, Player: "Ben"}); !strings.Contains(got.Text.DE, "41") {
		t.Fatalf("Ben's own instruction: %s", got.Text.DE)
	}
	for _, v := range []rules.Viewer{{Role: rules.RoleTable}, {Role: rules.RolePlayer, Player: "Anna"}} {
		got := r.For(v)
		if strings.Contains(got.Text.DE, "41") || strings.Contains(got.Text.EN, "41") || got.ToDrawKnown != nil || got.ToDraw != 2 {
			t.Fatalf("%+v reads %+v", v, got)
		}
	}
}
