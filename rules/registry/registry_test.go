package registry

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"druckreif/decks"
	"druckreif/rules/enginetest"
)

// Every example game of docs/examples played step by step (as the scorer
// plays it) reaches exactly the state its replay reaches.
func TestStepsMatchReplay(t *testing.T) {
	set, probs := decks.LoadSet(decks.Options{})
	if set == nil {
		t.Fatal(probs.Errors())
	}
	for _, g := range Games() {
		t.Run(g.Name, func(t *testing.T) {
			log := enginetest.ReadLog(t, filepath.Join("..", "..", "docs", "examples", g.Name+".jsonl"))
			r := g.Runner(set)
			replayed, prompt, err := r.Replay(log, nil)
			if err != nil {
				t.Fatal(err)
			}
			s, err := r.Start(log.Setup)
			if err != nil {
				t.Fatal(err)
			}
			for i, a := range log.Actions {
				if s, _, err = r.Apply(s, a); err != nil {
					t.Fatalf("action %d: %v", i+1, err)
				}
			}
			if !sameJSON(t, s, replayed) || !reflect.DeepEqual(r.Next(s), prompt) {
				t.Fatal("stepping and replaying disagree")
			}
			if g.Version == "" || g.Title == "" {
				t.Fatal("every game needs a version and a title")
			}
		})
	}
	if _, err := Lookup("schach"); err == nil {
		t.Fatal("unknown game found")
	}
}

func sameJSON(t *testing.T, a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// Every engine counts its players, and at the end of every example game
// that count is the outcome's: the final standing is the result.
func TestScoreboardsEndAsOutcome(t *testing.T) {
	set, probs := decks.LoadSet(decks.Options{})
	if set == nil {
		t.Fatal(probs.Errors())
	}
	for _, g := range Games() {
		t.Run(g.Name, func(t *testing.T) {
			log := enginetest.ReadLog(t, filepath.Join("..", "..", "docs", "examples", g.Name+".jsonl"))
			r := g.Runner(set)
			start, err := r.Start(log.Setup)
			if err != nil {
				t.Fatal(err)
			}
			first, ok := r.Scoreboard(start)
			if !ok || len(first.Scores) == 0 {
				t.Fatalf("no standing at the start: %+v", first)
			}
			end, _, err := r.Replay(log, nil)
			if err != nil {
				t.Fatal(err)
			}
			last, _ := r.Scoreboard(end)
			o := r.Outcome(end)
			switch {
			case g.Name == "thegame":
				laid := 0
				for _, n := range last.Scores {
					laid += n
				}
				if laid+o.Remaining != 98 { // the cards 2 … 99
					t.Fatalf("cards laid %v, remaining %d", last.Scores, o.Remaining)
				}
			case !reflect.DeepEqual(last.Scores, o.Points):
				t.Fatalf("final standing %v, outcome %v", last.Scores, o.Points)
			}
			if last.Round == first.Round {
				t.Fatalf("no round counted: %d", last.Round)
			}
		})
	}
}
