package web

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Every game whose choices are turned over together has its reveal: the
// entry that resolved a question is shown to every phone with each seat's
// choice, the correct answer and each seat's points, until the next
// entry; the table's rounds list every reveal again.
func TestRevealInEveryGame(t *testing.T) {
	for _, c := range []struct {
		file        string
		all         bool // every player has a seat in each reveal
		wantCorrect bool
	}{
		{"labyrinth.jsonl", true, true},
		{"dativ.jsonl", true, true},
		{"genial.jsonl", true, true},
		{"raab-duels.jsonl", false, false},
	} {
		t.Run(c.file, func(t *testing.T) {
			e := newEnv(t)
			a := e.account("Tisch")
			data, _ := os.ReadFile(filepath.Join("..", "..", "docs", "examples", c.file))
			var lines [][]byte
			for _, l := range bytes.Split(data, []byte("\n")) {
				if l = bytes.TrimSpace(l); len(l) > 0 && l[0] != '#' {
					lines = append(lines, l)
				}
			}
			id, pin := a.table(string(lines[0]))
			spectator := e.seat(id, pin, "")
			var head struct{ Players []string }
			json.Unmarshal(lines[0], &head)
			v, seen := 0, 0
			for i, l := range lines[1:] {
				r := a.act(id, v, string(l))
				if r.status != 200 && r.status != 202 {
					t.Fatalf("line %d: %d %s", i+2, r.status, r.body)
				}
				m := r.json(t)
				v = version(t, m)
				rv, ok := spectator.want(200, "GET", "/api/tables/"+id, nil)["reveal"].(map[string]any)
				if r.status == 202 || !ok {
					continue
				}
				if int(rv["entry"].(float64)) != v {
					continue // the reveal of an earlier entry would have ended
				}
				seen++
				seats := rv["seats"].([]any)
				if c.all && len(seats) != len(head.Players) {
					t.Fatalf("line %d: reveal with %d seats for %d players: %v", i+2, len(seats), len(head.Players), rv)
				}
				for _, s := range seats {
					s := s.(map[string]any)
					if s["player"] == "" || s["why"] == nil {
						t.Fatalf("line %d: a seat without player or rule: %v", i+2, s)
					}
				}
				if c.wantCorrect && rv["correct"].(map[string]any)["DE"] == "" {
					t.Fatalf("line %d: a reveal without the correct answer: %v", i+2, rv)
				}
				// Raab: a stake is set before the question is read, so its
				// reveal names no solution; a pick scored on a card task
				// names the card's.
				var act struct{ Type, Card string }
				json.Unmarshal(l, &act)
				correct := rv["correct"].(map[string]any)["DE"]
				if act.Type == "bet" && correct != "" {
					t.Fatalf("line %d: a stake's reveal gives the solution away: %v", i+2, correct)
				}
				if act.Type == "choose" && act.Card != "" && correct == "" {
					t.Fatalf("line %d: a scored card task's reveal without its solution: %v", i+2, rv)
				}
				if len(rv["standings"].([]any)) == 0 {
					t.Fatalf("line %d: no standings: %v", i+2, rv)
				}
			}
			if seen == 0 {
				t.Fatal("no reveal in the whole game")
			}
			rounds := spectator.want(200, "GET", "/api/tables/"+id+"/reveals", nil)["reveals"].([]any)
			if len(rounds) != seen {
				t.Fatalf("%d rounds listed, %d reveals seen", len(rounds), seen)
			}
			t.Logf("%s: %d reveals", c.file, seen)
		})
	}
}
