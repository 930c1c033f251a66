package dativ

import (
	"reflect"
	"testing"

	"druckreif/rules"
	"druckreif/rules/enginetest"
)

// The documented example game replays to its end with the default decks.
func TestExampleGame(t *testing.T) {
	l := enginetest.ReadLog(t, "../../docs/examples/dativ.jsonl")
	e := New(defaultSet(t))
	final, prompt, err := rules.Run(e).Replay(l, func(i int, st any, ev []rules.Event) {
		checkChips(t, st.(State))
	})
	if err != nil {
		t.Fatal(err)
	}
	s := final.(State)
	if !prompt.Over || s.Drawn != 24 || !reflect.DeepEqual(s.Chips, []int{17, 20, 26, 20}) || s.Supply != 17 || s.Pot != 0 || !reflect.DeepEqual(s.Winners, []string{"Aylin"}) {
		t.Fatalf("over %v drawn %d chips %v supply %d pot %d winners %v", prompt.Over, s.Drawn, s.Chips, s.Supply, s.Pot, s.Winners)
	}
	enginetest.UndoRedo(t, e, l, s)
}

// BenchmarkReplayExample replays the documented example game: the cost of
// Apply through the phase table, as a replay and every scorer request pay it.
func BenchmarkReplayExample(b *testing.B) {
	l := enginetest.ReadLog(b, "../../docs/examples/dativ.jsonl")
	e := New(defaultSet(b))
	for b.Loop() {
		if _, _, err := rules.Replay(e, l); err != nil {
			b.Fatal(err)
		}
	}
}
