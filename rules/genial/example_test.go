package genial

import (
	"reflect"
	"testing"

	"druckreif/rules"
	"druckreif/rules/enginetest"
)

// The documented example game replays to its end with the default decks:
// Mireille and Aylin tie at 160, Aylin wins the tie-break.
func TestExampleGame(t *testing.T) {
	l := enginetest.ReadLog(t, "../../docs/examples/genial.jsonl")
	e := New(defaultSet(t))
	final, prompt, err := rules.Run(e).Replay(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := final.(State)
	if !prompt.Over || s.Winner != "Aylin" || s.TieBreak != 1 || !reflect.DeepEqual(s.Scores, []int{160, 150, 180}) {
		t.Fatalf("over %v winner %s tie-break %d scores %v", prompt.Over, s.Winner, s.TieBreak, s.Scores)
	}
	if s.Asked != 18+2 {
		t.Fatal(s.Asked)
	}
	// Undoing the last action and replaying it gives the same end.
	enginetest.UndoRedo(t, e, l, s)
}

// BenchmarkReplayExample replays the documented example game: the cost of
// Apply through the phase table, as a replay and every scorer request pay it.
func BenchmarkReplayExample(b *testing.B) {
	l := enginetest.ReadLog(b, "../../docs/examples/genial.jsonl")
	e := New(defaultSet(b))
	for b.Loop() {
		if _, _, err := rules.Replay(e, l); err != nil {
			b.Fatal(err)
		}
	}
}
