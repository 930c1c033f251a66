package thegame

import (
	"os"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

// The documented example game replays to its end, with and without a card
// set, through the engine and through the Runner the replay command uses.
func TestExampleGame(t *testing.T) {
	l := enginetest.ReadLog(t, "../../docs/examples/thegame.jsonl")
	set, _ := decks.Combine()
	for _, e := range []rules.Engine[State]{New(nil), New(set)} {
		s, ev, err := rules.Replay(e, l)
		if err != nil {
			t.Fatal(err)
		}
		if !e.Next(s).Over || s.Phase != PhaseOver {
			t.Fatal("example does not reach the end")
		}
		r := s.Result
		if r.Remaining != 6 || r.InDraw != 0 || r.Won || !r.Excellent || r.Rating != "excellent" || r.Blocked != "Julia" || !r.Partial {
			t.Fatalf("result %+v", r)
		}
		if len(ev) < len(l.Actions) {
			t.Fatalf("%d events for %d actions", len(ev), len(l.Actions))
		}
	}
	// Every action type appears, and both ways of naming a card and the
	// card without value.
	raw, _ := os.ReadFile("../../docs/examples/thegame.jsonl")
	text := string(raw)
	for _, want := range []string{`"type":"play"`, `"type":"draw"`, `"type":"end"`, `"type":"block"`, `"type":"confirm"`, `"type":"hand"`, `"card":"TG-`, `"value":`, `"confirmed":true`} {
		if !strings.Contains(text, want) {
			t.Errorf("example lacks %s", want)
		}
	}
	final, prompt, err := rules.Run(New(nil)).Replay(l, nil)
	if err != nil || !prompt.Over || final.(State).Result.Remaining != 6 {
		t.Fatalf("runner: %v %+v", err, prompt)
	}
	tricks := 0
	for _, p := range final.(State).Plays {
		if p.Trick {
			tricks++
		}
	}
	if tricks < 2 {
		t.Fatalf("%d backwards tricks in the example", tricks)
	}
}
