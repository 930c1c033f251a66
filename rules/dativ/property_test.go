package dativ

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

// TestRandomGames plays thousands of random legal games (and throws in
// random, often illegal, actions), checking the invariants after every
// step, undo-then-redo, and that replaying the log gives the final state.
func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 300
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400)) // many small states: less GC, faster test
	sets := []*decks.Set{nil, testSet(t), defaultSet(t)}
	rng := rand.New(rand.NewPCG(42, 4242))
	for g := 0; g < games; g++ {
		set := sets[rng.IntN(len(sets))]
		randomGame(t, g, rng, set)
	}
}

func randomSetup(rng *rand.Rand, set *decks.Set) string {
	n := 2 + rng.IntN(4)
	players := []string{"Mireille", "David", "Aylin", "Jonas", "Zoé"}[:n]
	su := map[string]any{"game": "dativ", "players": players, "seed": rng.IntN(1000)}
	if rng.IntN(3) == 0 {
		su["first"] = players[rng.IntN(n)]
	}
	if rng.IntN(3) == 0 {
		su["chips"] = rng.IntN(40) // a supply that may run dry
	}
	if rng.IntN(3) == 0 {
		su["cards"] = 1 + rng.IntN(5)
	}
	if set != nil && rng.IntN(2) == 0 {
		su["deal"] = true
		if len(set.Dativ()) < 26 {
			su["cards"] = 1 + rng.IntN(len(set.Dativ()))
		}
	}
	b, _ := json.Marshal(su)
	return string(b)
}

func line(v map[string]any) rules.Action {
	b, _ := json.Marshal(v)
	return act(string(b))
}

// legalAction picks a random legal action from what Next allows.
func legalAction(rng *rand.Rand, set *decks.Set, s State, p rules.Prompt) rules.Action {
	switch p.Allowed[0] {
	case ActRead:
		a := map[string]any{"type": "read"}
		if rng.IntN(2) == 0 {
			a["player"] = p.Actors[0]
		}
		if set != nil && (s.Deal || rng.IntN(4) != 0) {
			var card *decks.DativCard
			if s.Deal {
				f, _ := set.Find(decks.Ref{ID: s.Pile[0]})
				card = f.Dativ
				if rng.IntN(2) == 0 {
					a["card"] = card.ID
				}
			} else {
				used := map[string]bool{}
				for _, u := range s.Used {
					used[u] = true
				}
				var free []*decks.DativCard
				for _, c := range set.Dativ() {
					if !used[c.ID] {
						free = append(free, c)
					}
				}
				if len(free) == 0 {
					a["right"] = rng.IntN(2) == 0
					return line(a)
				}
				card = free[rng.IntN(len(free))]
				a["card"] = card.ID
			}
			face := rng.IntN(2)
			if rng.IntN(3) == 0 && a["card"] != nil {
				a["card"] = card.Sides[face].ID
			} else {
				a["side"] = []string{"vorne", "hinten"}[face]
			}
			opt := rng.IntN(len(card.Sides[face].Options))
			a["option"] = decks.OptionLetter(opt)
			if rng.IntN(3) == 0 {
				a["right"] = card.Sides[face].IsCorrect(opt)
			}
			return line(a)
		}
		if rng.IntN(2) == 0 {
			a["right"] = rng.IntN(2) == 0
		}
		if rng.IntN(2) == 0 {
			a["side"] = []string{"vorne", "hinten", "front", "back"}[rng.IntN(4)]
			a["option"] = decks.OptionLetter(rng.IntN(4))
		}
		return line(a)
	case ActVote:
		vals := []string{"richtig", "falsch", "RICHTIG", "wrong", "right"}
		if rng.IntN(2) == 0 {
			who := p.Actors[rng.IntN(len(p.Actors))]
			return line(map[string]any{"type": "vote", "player": who, "vote": vals[rng.IntN(len(vals))]})
		}
		vs := map[string]string{}
		for _, who := range p.Actors {
			if rng.IntN(3) != 0 || len(vs) == 0 {
				vs[who] = vals[rng.IntN(len(vals))]
			}
		}
		return line(map[string]any{"type": "vote", "votes": vs})
	case ActReveal:
		return line(map[string]any{"type": "reveal", "right": rng.IntN(2) == 0})
	}
	panic(fmt.Sprint(p))
}

var junk = []string{
	`{"type":"read"}`,
	`{"type":"read","right":true}`,
	`{"type":"read","card":"DAT-TST-1","side":"vorne","option":"a"}`,
	`{"type":"read","card":"DAT-STD-3-V","option":"b"}`,
	`{"type":"read","card":"DAT-TST-2","option":"z"}`,
	`{"type":"read","player":"Nobody","right":false}`,
	`{"type":"vote","player":"Mireille","vote":"richtig"}`,
	`{"type":"vote","player":"David","vote":"falsch"}`,
	`{"type":"vote","player":"Zoé","vote":"nein"}`,
	`{"type":"vote","votes":{"Aylin":"richtig","Jonas":"falsch"}}`,
	`{"type":"reveal","right":true}`,
	`{"type":"reveal"}`,
	`{"type":"dance"}`,
	`{"type":"vote","vote":"richtig"}`,
}

func randomGame(t *testing.T, g int, rng *rand.Rand, set *decks.Set) {
	e := New(set)
	setup := randomSetup(rng, set)
	s := enginetest.RandomGame[State]{
		Game: g, Engine: e, Setup: json.RawMessage(setup), Rand: rng,
		Legal: func(s State, p rules.Prompt) rules.Action { return legalAction(rng, set, s, p) },
		Junk:  junk,
		Check: func(prev, next State, a rules.Action) { checkStep(t, g, prev, next, a) },
		// Undo then redo is checked at a random one of the first steps.
		MaxSteps: 1000, UndoWithin: 60,
	}.Play(t)
	if s.Drawn != s.Cards {
		t.Fatalf("game %d: over after %d of %d cards", g, s.Drawn, s.Cards)
	}
	best := 0
	for _, c := range s.Chips {
		best = max(best, c)
	}
	for _, w := range s.Winners {
		if s.Chips[s.index(w)] != best {
			t.Fatalf("game %d: winner %s without the most chips", g, w)
		}
	}
	for i, c := range s.Chips {
		if c == best && !contains(s.Winners, s.Players[i]) {
			t.Fatalf("game %d: %s has the most chips but is no winner", g, s.Players[i])
		}
	}
	if _, err := json.Marshal(s); err != nil {
		t.Fatal(err)
	}
}

// checkStep holds a step against the rules: chips are conserved, a turn
// pays at most one chip to each other player and only for a correct vote,
// the reader wins only with a correct vote, the supply only shrinks, and
// the pot is topped up to one chip per player whenever the supply allows.
func checkStep(t *testing.T, g int, prev, next State, a rules.Action) {
	t.Helper()
	checkChips(t, next)
	if next.Supply > prev.Supply {
		t.Fatalf("game %d: the supply grew", g)
	}
	scored := next.Drawn > prev.Drawn || next.Phase == PhaseOver || (prev.Phase != PhaseRead && next.Phase == PhaseRead)
	if !scored || next.Phase == PhaseVote {
		for i := range prev.Chips {
			if prev.Chips[i] != next.Chips[i] {
				t.Fatalf("game %d: chips moved outside scoring on %s", g, a.Data)
			}
		}
		return
	}
	// The last vote or the reveal scored the turn: rebuild the votes.
	votes := append([]string(nil), prev.Votes...)
	var right bool
	if prev.Phase == PhaseReveal {
		var r RevealAction
		json.Unmarshal(a.Data, &r)
		right = *r.Right
	} else {
		right = *prev.Reading.Right
		var v VoteAction
		json.Unmarshal(a.Data, &v)
		if v.Votes == nil {
			v.Votes = map[string]string{v.Player: v.Vote}
		}
		for name, val := range v.Votes {
			votes[prev.index(name)], _ = parseVote(val)
		}
	}
	want := Falsch
	if right {
		want = Richtig
	}
	n := len(prev.Players)
	pot := prev.Pot
	expect := append([]int(nil), prev.Chips...)
	for k := 1; k < n; k++ {
		i := (prev.Reader + k) % n
		if votes[i] == want && pot > 0 {
			expect[i]++
			pot--
		}
	}
	if votes[prev.Reader] == want {
		expect[prev.Reader] += pot
		pot = 0
	}
	for i := range expect {
		if expect[i] != next.Chips[i] {
			t.Fatalf("game %d: chips %v, want %v (votes %v, right %v, reader %d)", g, next.Chips, expect, votes, right, prev.Reader)
		}
	}
	if next.Phase == PhaseOver {
		if next.Pot != pot {
			t.Fatalf("game %d: pot %d at the end, want %d", g, next.Pot, pot)
		}
		return
	}
	// Top-up for the next reader, clockwise.
	fill := min(max(n-pot, 0), prev.Supply)
	if next.Pot != pot+fill || next.Supply != prev.Supply-fill || next.Reader != (prev.Reader+1)%n {
		t.Fatalf("game %d: top-up pot %d supply %d reader %d", g, next.Pot, next.Supply, next.Reader)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
