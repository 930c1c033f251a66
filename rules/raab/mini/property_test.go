package mini

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"druckreif/decks"
	"druckreif/maps"
	"druckreif/rules"
)

// gen makes random payloads that are mostly legal; the engine refuses the
// rest with a rule, and the test picks again.
type gen struct {
	r     *rand.Rand
	cards map[string][]*decks.RaabCard
}

func (g *gen) pick(opts ...any) any  { return opts[g.r.IntN(len(opts))] }
func (g *gen) chance(p float64) bool { return g.r.Float64() < p }
func (g *gen) side() string          { return sideKeys[g.r.IntN(2)] }

// card names a random card task of the game (nil if none).
func (g *gen) card(code string, m map[string]any) {
	cs := g.cards[code]
	if len(cs) == 0 {
		return
	}
	c := cs[g.r.IntN(len(cs))]
	id := c.ID
	tasks := c.Tasks
	if c.Game.Sided {
		back := g.chance(0.5)
		id, tasks = c.SideID(back), c.Side(back)
	}
	if len(tasks) == 0 {
		return
	}
	m["card"] = id
	m["task"] = 1 + g.r.IntN(len(tasks))
}

func (g *gen) letters(n int) string { return string(rune('A' + g.r.IntN(n))) }

func (g *gen) subset(n int) []string {
	var out []string
	for i := range n {
		if g.chance(0.4) {
			out = append(out, string(rune('A'+i)))
		}
	}
	return out
}

func (g *gen) perm() string {
	p := g.r.Perm(4)
	b := make([]byte, 4)
	for i, x := range p {
		b[i] = byte('A' + x)
	}
	return string(b)
}

func (g *gen) payload(s State, typ string) map[string]any {
	m := map[string]any{"type": typ}
	sp := specs[s.Code]
	switch typ {
	case "buzz":
		m["side"] = g.side()
		switch {
		case s.Code == "WL":
			if g.chance(0.5) {
				m["hit"] = g.chance(0.5)
			} else {
				g.card("WL", m)
				m["item"] = 1 + g.r.IntN(7)
			}
		case s.Code == "BZ" && g.chance(0.6):
			m["guess"] = 10 + g.r.IntN(6)
			if g.chance(0.5) {
				m["answer"] = 10 + g.r.IntN(6)
			} else {
				g.card("BZ", m)
			}
		case sp.hints > 0:
			m["correct"] = g.chance(0.5)
			if g.chance(0.5) {
				m["hint"] = max(1, s.Task.Hint) + g.r.IntN(3)
			}
			if g.chance(0.3) {
				g.card(s.Code, m)
			}
		default:
			m["correct"] = g.chance(0.6)
			if g.chance(0.2) {
				g.card(s.Code, m)
			}
		}
	case "point":
		m["side"] = g.side()
	case "grab":
		m["correct"] = g.chance(0.5)
	case "skip":
		if g.chance(0.2) && !s.Two && sp.hints > 0 {
			g.card(s.Code, m)
		}
	case "choose":
		g.choose(s, m)
	case "guess":
		g.guess(s, m)
	case "hits":
		m["red"], m["blue"] = g.r.IntN(4), g.r.IntN(4)
	case "bet":
		m["red"], m["blue"] = 1+g.r.IntN(3), 1+g.r.IntN(3)
	case "answer":
		m["correct"] = g.chance(0.7)
		switch {
		case s.Code == "WM":
			if g.chance(0.2) {
				m["total"] = 1 + g.r.IntN(5)
			}
			if g.chance(0.1) {
				g.card("WM", m)
			}
		case s.twoRules().hintPts > 0:
			m["hint"] = 1 + g.r.IntN(5)
			if g.chance(0.2) {
				g.card(s.Code, m)
			}
		}
	case "tally":
		if s.Code == "WL" && g.chance(0.3) {
			g.card("WL", m)
			var marked []int
			for _, i := range g.r.Perm(7)[:g.r.IntN(5)] {
				marked = append(marked, i+1)
			}
			m["marked"] = marked
		} else {
			m["right"], m["wrong"] = g.r.IntN(4), g.r.IntN(3)
		}
	case "count":
		if s.Code == "BS" && g.chance(0.7) {
			m["red"], m["blue"] = 5+g.r.IntN(3), 5+g.r.IntN(3)
		} else {
			m["side"], m["count"] = g.side(), g.r.IntN(4)
		}
	case "spell":
		m["correct"] = g.chance(0.6)
	}
	return m
}

func (g *gen) choose(s State, m map[string]any) {
	useCard := g.chance(0.3)
	switch s.Code {
	case "ST":
		m["answer"] = g.chance(0.5)
		m["red"], m["blue"] = g.chance(0.5), g.pick(true, false, "ja", "nein")
	case "FP":
		n := 3
		if !useCard && g.chance(0.3) {
			n = 2
			m["options"] = 2
		}
		ans := g.subset(n)
		if len(ans) == 0 {
			ans = []string{g.letters(n)}
		}
		m["answer"] = ans
		m["red"], m["blue"] = g.subset(n), g.subset(n)
	case "SO":
		ans := g.perm()
		m["answer"] = ans
		for _, side := range sideKeys {
			if g.chance(0.4) {
				m[side] = ans
			} else {
				m[side] = g.perm()
			}
		}
	default:
		n := 4
		if s.Code == "EO" {
			n = 2
		}
		m["answer"] = g.letters(n)
		for _, side := range sideKeys {
			if !g.chance(0.1) {
				m[side] = g.letters(n)
			}
		}
	}
	if useCard {
		delete(m, "answer")
		g.card(s.Code, m)
	}
}

func (g *gen) guess(s State, m map[string]any) {
	useCard := g.chance(0.3)
	if s.Code == "WO" {
		mp := maps.Germany
		if s.Map != "" {
			mp, _ = maps.ByKey(s.Map)
		}
		sq := func() string {
			return maps.Square{Col: g.r.IntN(mp.Columns), Row: g.r.IntN(mp.Rows)}.String()
		}
		m["answer"] = sq()
		m["red"], m["blue"] = sq(), sq()
	} else {
		num := func() any {
			if s.Code == "WW" {
				return g.pick(-3, -2, -1, 1, 2, 3)
			}
			return g.pick(g.r.IntN(20), float64(g.r.IntN(40))/2, fmt.Sprintf("%d,5", g.r.IntN(20)))
		}
		m["answer"] = num()
		m["red"], m["blue"] = num(), num()
	}
	if g.chance(0.1) {
		delete(m, g.side())
	}
	if useCard {
		delete(m, "answer")
		g.card(s.Code, m)
	}
}

// check holds the invariants between two states.
func check(t *testing.T, e rules.Engine[State], prev, next State, a string) {
	t.Helper()
	fail := func(msg string, args ...any) {
		t.Helper()
		t.Fatalf("%s %s after %s: %s\nprev %+v\nnext %+v", next.Code, map[bool]string{true: "for two"}[next.Two], a, fmt.Sprintf(msg, args...), prev, next)
	}
	p := e.Next(next)
	if p.Over != (next.Winner != "") {
		fail("Over %v but winner %q", p.Over, next.Winner)
	}
	if !p.Over && len(p.Allowed) == 0 {
		fail("nothing allowed in an open duel")
	}
	if next.Winner != "" {
		w := sideIndex(next.Winner)
		if next.Score[w] < next.Score[other(w)] {
			fail("the winner has fewer points")
		}
	}
	sp := specs[next.Code]
	d := [2]int{next.Score[Red] - prev.Score[Red], next.Score[Blue] - prev.Score[Blue]}
	for i := range 2 {
		if next.Score[i] < 0 {
			fail("negative score")
		}
	}
	tr := next.twoRules()
	switch {
	case tr != nil:
		if next.Round == prev.Round {
			if d[Red] < 0 || d[Blue] < 0 {
				fail("score went down within a round")
			}
		} else if tr.tie == repeatGame && next.Score != [2]int{} {
			fail("a repeated game starts from 0")
		}
		if tr.quota > 0 && (next.Asked[Red] > next.Quota || next.Asked[Blue] > next.Quota) {
			fail("quota exceeded")
		}
		if tr.hintPts > 0 && d[Red]+d[Blue] > tr.hintPts && next.Round == prev.Round {
			fail("more than %d points for one task", tr.hintPts)
		}
	case sp.end == race || sp.end == best:
		if d[Red] < 0 || d[Blue] < 0 || d[Red] > 2 || d[Blue] > 2 || d[Red]+d[Blue] > 2 {
			fail("score change %v", d)
		}
		if sp.end == race && !next.Tie && next.Winner == "" && max(next.Score[Red], next.Score[Blue]) >= sp.target {
			fail("reached %d without an end or a tie", sp.target)
		}
	case sp.end == credit:
		most := 1
		if next.Code == "FP" {
			most = 3
		}
		if d[Red] > 0 || d[Blue] > 0 || d[Red] < -most || d[Blue] < -most || next.Score[Red] > sp.credit || next.Score[Blue] > sp.credit {
			fail("credit change %v", d)
		}
		if next.Winner == "" && !next.Tie && (next.Score[Red] == 0 || next.Score[Blue] == 0) {
			fail("a side on 0 without an end")
		}
	case sp.end == zocken:
		if d[Red] < -3 || d[Red] > 3 || d[Blue] < -3 || d[Blue] > 3 {
			fail("stake change %v", d)
		}
		if next.Winner == "" && !next.Tie && next.Tasks >= 7 {
			fail("7 questions without an end")
		}
	case sp.end == spelling:
		for i := range 2 {
			if next.Score[i]+next.Mistakes[i] > 10 {
				fail("more than 10 terms")
			}
		}
		if next.Round == prev.Round && (d[Red] < 0 || d[Blue] < 0 || d[Red]+d[Blue] > 1) {
			fail("spelling change %v", d)
		}
	}
}

func TestRandomGames(t *testing.T) {
	set := defaultSet(t)
	g := &gen{cards: map[string][]*decks.RaabCard{}}
	for _, c := range set.Raab() {
		g.cards[c.Game.Code] = append(g.cards[c.Game.Code], c)
	}
	perVariant := 120
	if testing.Short() {
		perVariant = 20
	}
	type variant struct {
		code string
		two  bool
	}
	var variants []variant
	for _, mg := range decks.MiniGames {
		variants = append(variants, variant{mg.Code, false})
		if !mg.ThreePlayers {
			variants = append(variants, variant{mg.Code, true})
		}
	}
	e := New(set)
	games, decided, actions, tied, rounds := 0, 0, 0, 0, 0
	for vi, v := range variants {
		for n := range perVariant {
			g.r = rand.New(rand.NewPCG(uint64(vi), uint64(n)))
			setup := map[string]any{"game": "raab-mini", "minigame": v.code, "two_player": v.two, "first": g.side(), "seed": n}
			if g.chance(0.5) {
				setup["players"] = []string{"Mireille", "Stefan"}
			}
			if v.code == "SM" {
				setup["variant"] = 1 + g.r.IntN(2)
			}
			if v.code == "WO" && g.chance(0.7) {
				setup["map"] = g.pick("D", "EU", "Globus")
			}
			raw, _ := json.Marshal(setup)
			s, err := e.Start(raw)
			if err != nil {
				t.Fatalf("%s: %v", raw, err)
			}
			log := rules.Log{Setup: raw}
			states := []string{mustJSON(t, s)}
			for len(log.Actions) < 300 {
				p := e.Next(s)
				if p.Over {
					break
				}
				applied := false
				for try := 0; try < 60 && !applied; try++ {
					typ := p.Allowed[g.r.IntN(len(p.Allowed))]
					a := rules.Action{Type: typ, Data: mustRaw(t, g.payload(s, typ))}
					next, _, err := e.Apply(s, a)
					if mustJSON(t, s) != states[len(states)-1] {
						t.Fatalf("Apply changed its input state")
					}
					if err != nil {
						var re *rules.RuleError
						if !errors.As(err, &re) || re.Rule == "" || re.Msg.DE == "" || re.Msg.EN == "" {
							t.Fatalf("%s %s: not a rule error: %v", v.code, a.Data, err)
						}
						continue
					}
					check(t, e, s, next, string(a.Data))
					s = next
					log.Actions = append(log.Actions, a)
					states = append(states, mustJSON(t, s))
					applied = true
				}
				if !applied {
					t.Fatalf("%s (two %v): no legal action found for %v in %+v", v.code, v.two, p.Allowed, s)
				}
			}
			games++
			actions += len(log.Actions)
			if s.Tie {
				tied++
			}
			if s.Round > 1 {
				rounds++
			}
			if s.Winner != "" {
				decided++
				var re *rules.RuleError
				if _, _, err := e.Apply(s, rules.Action{Type: specs[v.code].actions[0]}); !errors.As(err, &re) || re.Rule != "duel-over" {
					t.Fatalf("action after the end: %v", err)
				}
			}
			// Replaying the log gives the same state.
			final, _, err := rules.Replay(e, log)
			if err != nil || mustJSON(t, final) != states[len(states)-1] {
				t.Fatalf("%s: replay differs: %v", v.code, err)
			}
			// Undo then redo gives the same state, at a few points.
			for range 3 {
				if len(log.Actions) == 0 {
					break
				}
				k := g.r.IntN(len(log.Actions))
				prefix := rules.Log{Setup: log.Setup, Actions: log.Actions[:k+1]}
				undone, _, err := rules.Replay(e, rules.Undo(prefix))
				if err != nil || mustJSON(t, undone) != states[k] {
					t.Fatalf("%s: undo of action %d differs: %v", v.code, k, err)
				}
				redone, _, err := e.Apply(undone, log.Actions[k])
				if err != nil || mustJSON(t, redone) != states[k+1] {
					t.Fatalf("%s: redo of action %d differs: %v", v.code, k, err)
				}
			}
			// The state survives JSON.
			var back State
			if err := json.Unmarshal([]byte(states[len(states)-1]), &back); err != nil || mustJSON(t, back) != states[len(states)-1] {
				t.Fatalf("%s: JSON round trip: %v", v.code, err)
			}
		}
	}
	if decided < games*9/10 {
		t.Fatalf("only %d of %d random duels were decided", decided, games)
	}
	if tied < games/50 || rounds < games/100 {
		t.Fatalf("too few ties (%d) or repeated rounds (%d) to test them", tied, rounds)
	}
	t.Logf("%d random duels over %d variants, %d decided, %d actions, %d ended after a tie, %d after a repeat or extra round",
		games, len(variants), decided, actions, tied, rounds)
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustRaw(t *testing.T, v any) json.RawMessage { return json.RawMessage(mustJSON(t, v)) }
