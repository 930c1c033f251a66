package genial

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime/debug"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

// TestRandomGames plays thousands of random legal games (with random,
// often illegal, actions thrown in) and checks the invariants after every
// step, undo-then-redo, and that replaying the log gives the final state.
func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400)) // many small states: less GC, faster test
	sets := []*decks.Set{nil, testSet(t), defaultSet(t)}
	rng := rand.New(rand.NewPCG(7, 77))
	for g := 0; g < games; g++ {
		randomGame(t, g, rng, sets[rng.IntN(len(sets))])
	}
}

func line(v map[string]any) rules.Action {
	b, _ := json.Marshal(v)
	return act(string(b))
}

var letters = []string{"a", "b", "c"}

func legalAction(rng *rand.Rand, set *decks.Set, s State, p rules.Prompt) rules.Action {
	switch p.Allowed[0] {
	case ActAsk:
		a := map[string]any{"type": "ask"}
		if rng.IntN(2) == 0 {
			a["player"] = p.Actors[0]
		}
		if s.Deal && (s.TieBreak == 0 && len(s.Stacks[s.Questioner]) > 0 || s.TieBreak > 0 && len(s.Reserve) > 0) {
			return line(a) // the top card
		}
		if set != nil && rng.IntN(4) != 0 {
			used := map[string]bool{}
			for _, u := range s.Used {
				used[u] = true
			}
			var free []*decks.GenialCard
			for _, c := range set.Genial() {
				if !used[c.ID] {
					free = append(free, c)
				}
			}
			if len(free) > 0 {
				c := free[rng.IntN(len(free))]
				a["card"] = c.ID
				if rng.IntN(3) == 0 {
					a["correct"] = c.CorrectLetter()
				}
				return line(a)
			}
		}
		if rng.IntN(2) == 0 {
			a["correct"] = letters[rng.IntN(3)]
		}
		return line(a)
	case ActAnswer:
		if rng.IntN(2) == 0 {
			return line(map[string]any{"type": "answer", "player": p.Actors[rng.IntN(len(p.Actors))], "answer": letters[rng.IntN(3)]})
		}
		as := map[string]string{}
		for _, who := range p.Actors {
			if rng.IntN(3) != 0 || len(as) == 0 {
				as[who] = letters[rng.IntN(3)]
			}
		}
		return line(map[string]any{"type": "answer", "answers": as})
	case ActReveal:
		return line(map[string]any{"type": "reveal", "correct": letters[rng.IntN(3)]})
	}
	panic(fmt.Sprint(p))
}

var junk = []string{
	`{"type":"ask"}`,
	`{"type":"ask","correct":"b"}`,
	`{"type":"ask","card":"GEN-TST-1"}`,
	`{"type":"ask","card":"GEN-STD-7","correct":"a"}`,
	`{"type":"ask","card":"DAT-TST-1"}`,
	`{"type":"ask","player":"Nobody"}`,
	`{"type":"answer","player":"Mireille","answer":"a"}`,
	`{"type":"answer","player":"David","answer":"z"}`,
	`{"type":"answer","answers":{"Aylin":"b","Jonas":"c"}}`,
	`{"type":"reveal","correct":"c"}`,
	`{"type":"reveal"}`,
	`{"type":"vote"}`,
}

func randomGame(t *testing.T, g int, rng *rand.Rand, set *decks.Set) {
	e := New(set)
	n := 2 + rng.IntN(3)
	players := []string{"Mireille", "David", "Aylin", "Jonas"}[:n]
	su := map[string]any{"game": "genial", "players": players, "seed": rng.IntN(1000)}
	if rng.IntN(2) == 0 {
		su["first"] = players[rng.IntN(n)]
	}
	if set != nil && rng.IntN(2) == 0 {
		su["deal"] = true
	}
	setup, _ := json.Marshal(su)
	s := enginetest.RandomGame[State]{
		Game: g, Engine: e, Setup: setup, Rand: rng,
		Legal: func(s State, p rules.Prompt) rules.Action { return legalAction(rng, set, s, p) },
		Junk:  junk,
		Check: func(prev, next State, a rules.Action) { checkStep(t, g, prev, next, a) },
		// Undo then redo is checked at a random one of the first steps.
		MaxSteps: 3000, UndoWithin: 40,
	}.Play(t)
	w := s.index(s.Winner)
	if w < 0 {
		t.Fatalf("game %d: no winner", g)
	}
	for i, sc := range s.Scores {
		if i != w && sc >= s.Scores[w] {
			t.Fatalf("game %d: %s wins with %v", g, s.Winner, s.Scores)
		}
	}
	main := 0
	for _, l := range s.Left {
		if l != 0 {
			t.Fatalf("game %d: over with cards left %v", g, s.Left)
		}
	}
	main = n * s.Dealt
	if s.Asked < main || (s.TieBreak == 0 && s.Asked != main) {
		t.Fatalf("game %d: %d questions, %d dealt, tie-break %d", g, s.Asked, main, s.TieBreak)
	}
}

// checkStep holds one step against the rules: scores move only when a
// question is scored, by exactly the rulebook's points, and only for the
// players taking part; the questioner moves clockwise in the main game.
func checkStep(t *testing.T, g int, prev, next State, a rules.Action) {
	t.Helper()
	scored := prev.Phase != PhaseAsk && next.Phase != PhaseAnswer && next.Phase != PhaseReveal
	if !scored {
		if !reflect.DeepEqual(prev.Scores, next.Scores) {
			t.Fatalf("game %d: scores moved outside scoring on %s", g, a.Data)
		}
		if prev.Phase == PhaseAsk {
			if next.Asked != prev.Asked+1 {
				t.Fatalf("game %d: ask not counted", g)
			}
			if prev.TieBreak == 0 && next.Left[prev.Questioner] != prev.Left[prev.Questioner]-1 {
				t.Fatalf("game %d: the questioner's stack did not shrink", g)
			}
			if prev.TieBreak > 0 && !reflect.DeepEqual(prev.Left, next.Left) {
				t.Fatalf("game %d: a tie-break card came from a dealt stack", g)
			}
		}
		return
	}
	// Rebuild the answers and the correct letter.
	answers := append([]string(nil), prev.Answers...)
	correct := prev.Question.Correct
	if prev.Phase == PhaseReveal {
		var r RevealAction
		json.Unmarshal(a.Data, &r)
		correct, _ = parseLetter(r.Correct)
	} else {
		var p AnswerAction
		json.Unmarshal(a.Data, &p)
		if p.Answers == nil {
			p.Answers = map[string]string{p.Player: p.Answer}
		}
		for name, l := range p.Answers {
			answers[prev.index(name)], _ = parseLetter(l)
		}
	}
	expect := append([]int(nil), prev.Scores...)
	var answering, right int
	for i, l := range answers {
		if l == "" {
			continue
		}
		if i == prev.Questioner || (prev.TieBreak > 0 && !containsInt(prev.Contenders, i)) {
			t.Fatalf("game %d: %s answered without being asked", g, prev.Players[i])
		}
		answering++
		if l == correct {
			right++
		}
	}
	n := len(prev.Players)
	if want := n - 1; prev.TieBreak == 0 && answering != want {
		t.Fatalf("game %d: %d answers, want %d", g, answering, want)
	}
	for i, l := range answers {
		if l == "" || l != correct {
			continue
		}
		switch {
		case answering == 1:
			expect[i] += 10
		case right == 1:
			expect[i] += 20
		default:
			expect[i] += 10
		}
	}
	expect[prev.Questioner] += 10 * (answering - right)
	if !reflect.DeepEqual(expect, next.Scores) {
		t.Fatalf("game %d: scores %v, want %v (answers %v, correct %s)", g, next.Scores, expect, answers, correct)
	}
	if prev.TieBreak == 0 && next.TieBreak == 0 && next.Phase == PhaseAsk && next.Questioner != (prev.Questioner+1)%n {
		t.Fatalf("game %d: questioner %d after %d", g, next.Questioner, prev.Questioner)
	}
	if next.TieBreak > prev.TieBreak {
		best := 0
		for _, sc := range next.Scores {
			best = max(best, sc)
		}
		for _, i := range next.Contenders {
			if next.Scores[i] != best {
				t.Fatalf("game %d: %s in the tie-break without the lead", g, next.Players[i])
			}
		}
		if len(next.Contenders) < 2 {
			t.Fatalf("game %d: a tie-break for one", g)
		}
	}
}
