package thegame

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"druckreif/rules"
)

// player strategies for the simulated games: random among everything
// allowed, or a greedy table that plays close cards and tricks.
type strategy int

const (
	randomPlay strategy = iota
	greedyPlay
)

func cost(s State, m Move) int {
	p := s.Piles[pileIndex(m.Pile)]
	if p.Up {
		return m.Value - p.Top // trick: −10
	}
	return p.Top - m.Value
}

func cardField(r *rand.Rand, v int) string {
	switch r.IntN(3) {
	case 0:
		return fmt.Sprintf(`"value":%d`, v)
	case 1:
		return fmt.Sprintf(`"card":"TG-%d"`, v)
	}
	return fmt.Sprintf(`"card":%d`, v)
}

// choose picks an allowed action for the (full-mode) truth state.
func choose(r *rand.Rand, s State, st strategy) (typ string, mv Move) {
	return chooseFrom(r, s, eng.Next(s), st)
}

func chooseFrom(r *rand.Rand, s State, p rules.Prompt, st strategy) (typ string, mv Move) {
	allowed := slices.DeleteFunc(slices.Clone(p.Allowed), func(a string) bool { return a == "hand" })
	if len(allowed) == 0 {
		panic(fmt.Sprintf("nothing allowed: %+v", p))
	}
	moves := Moves(s)
	if st == greedyPlay && s.Phase == PhaseTurn {
		if len(moves) > 0 {
			best := moves[0]
			for _, m := range moves {
				if cost(s, m) < cost(s, best) {
					best = m
				}
			}
			if s.TurnPlays < s.Minimum() || cost(s, best) <= 1 || (s.DrawCount == 0 && cost(s, best) <= 4) {
				if s.TurnPlays < s.Minimum() && !CanReach(s, s.Minimum()-s.TurnPlays) && slices.Contains(allowed, "block") && r.IntN(2) == 0 {
					return "block", Move{}
				}
				return "play", best
			}
		}
		for _, a := range allowed {
			if a != "play" {
				return a, Move{}
			}
		}
	}
	typ = allowed[r.IntN(len(allowed))]
	if typ == "play" {
		mv = moves[r.IntN(len(moves))]
	}
	return typ, mv
}

func fullAction(r *rand.Rand, s State, typ string, mv Move) rules.Action {
	switch typ {
	case "play":
		return act("play", fmt.Sprintf(`"player":%q,"pile":%q,%s`, s.Players[s.Active], mv.Pile, cardField(r, mv.Value)))
	case "draw":
		if r.IntN(2) == 0 {
			return act("draw", fmt.Sprintf(`"count":%d`, s.ToDraw()))
		}
	case "confirm":
		if r.IntN(2) == 0 {
			return act("confirm", fmt.Sprintf(`"remaining":%d`, s.Result.Remaining))
		}
	}
	return act(typ, "")
}

// checkFull: the invariants of a full-mode state.
func checkFull(t *testing.T, s State) {
	t.Helper()
	var all []int
	held := 0
	for i, h := range s.Hands {
		if h.Count != len(h.Known) || h.Count > s.HandSize || !slices.IsSorted(h.Known) {
			t.Fatalf("hand %d: %+v", i, h)
		}
		held += h.Count
		all = append(all, h.Known...)
	}
	if s.DrawCount != len(s.DrawPile) {
		t.Fatalf("draw count %d, pile %d", s.DrawCount, len(s.DrawPile))
	}
	all = append(all, s.DrawPile...)
	tops := []int{1, 1, 100, 100}
	cards := make([]int, 4)
	for _, p := range s.Plays {
		all = append(all, p.Value)
		i := pileIndex(p.Pile)
		if p.Check != CheckFull {
			t.Fatalf("full mode play not fully checked: %+v", p)
		}
		trick := s.Piles[i].Up && p.Value == tops[i]-10 || !s.Piles[i].Up && p.Value == tops[i]+10
		if !Fits(Pile{Up: s.Piles[i].Up, Top: tops[i]}, p.Value) || trick != p.Trick {
			t.Fatalf("illegal play in the record: %+v on %d", p, tops[i])
		}
		tops[i] = p.Value
		cards[i]++
	}
	// Conservation: every card 2…99 exactly once, in a hand, the draw
	// pile or on a pile.
	slices.Sort(all)
	if len(all) != 98 || held+s.DrawCount+len(s.Plays) != 98 {
		t.Fatalf("%d cards", len(all))
	}
	for i, v := range all {
		if v != i+2 {
			t.Fatalf("cards not 2…99: %v", all)
		}
	}
	for i, p := range s.Piles {
		if !p.Known || p.Top != tops[i] || p.Cards != cards[i] {
			t.Fatalf("pile %+v, want top %d cards %d", p, tops[i], cards[i])
		}
	}
	checkCommon(t, s)
}

func checkCommon(t *testing.T, s State) {
	t.Helper()
	switch s.Phase {
	case PhaseTurn:
		if s.Result != nil || s.Remaining() == 0 {
			t.Fatalf("turn phase with result %+v", s.Result)
		}
		if s.TurnPlays == 0 && s.Hands[s.Active].Count == 0 {
			t.Fatal("a player without cards was not skipped")
		}
		if s.DrawCount > 0 && s.TurnPlays == 0 && s.Hands[s.Active].Count != s.HandSize {
			t.Fatalf("hand not refilled: %d of %d", s.Hands[s.Active].Count, s.HandSize)
		}
	case PhaseConfirm, PhaseOver:
		r := s.Result
		if r == nil || r.Remaining != s.Remaining() || r.Won != (r.Remaining == 0) || r.Excellent != (r.Remaining < 10) {
			t.Fatalf("result %+v, remaining %d", r, s.Remaining())
		}
		if r.Won && r.Blocked != "" || !r.Won && r.Blocked == "" {
			t.Fatalf("result %+v", r)
		}
	default:
		t.Fatalf("phase %q", s.Phase)
	}
}

// turnMinimums: every finished turn laid at least its minimum.
func checkTurnEnded(t *testing.T, before, after State) {
	t.Helper()
	laid := 0
	for _, p := range after.Plays {
		if p.Turn == before.Turn {
			laid++
		}
	}
	if laid < before.Minimum() || laid != before.TurnPlays {
		t.Fatalf("turn %d ended with %d cards, minimum %d", before.Turn, laid, before.Minimum())
	}
}

// tryIllegal throws actions at s the rules must refuse, with the right rule.
func tryIllegal(t *testing.T, r *rand.Rand, s State) {
	t.Helper()
	if s.Phase != PhaseTurn {
		return
	}
	before := mustJSON(t, s)
	defer func() {
		if mustJSON(t, s) != before {
			t.Fatal("refused action changed the state")
		}
	}()
	want := func(a rules.Action, rule string) {
		t.Helper()
		_, _, err := eng.Apply(s, a)
		var re *rules.RuleError
		if !errors.As(err, &re) || re.Rule != rule {
			t.Fatalf("%s: want %s, got %v", a.Data, rule, err)
		}
	}
	v := 2 + r.IntN(98)
	pi := r.IntN(4)
	a := act("play", fmt.Sprintf(`"pile":%q,"value":%d`, pileNames[pi], v))
	h := s.Hands[s.Active]
	switch {
	case h.Count == 0:
		want(a, "hand-empty")
	case s.Played(v):
		want(a, "already-played")
	case s.Mode == Full && !slices.Contains(h.Known, v):
		want(a, "not-in-hand")
	case s.Piles[pi].Known && !Fits(s.Piles[pi], v) && slices.Contains(h.Known, v):
		want(a, "pile-order")
	}
	if s.TurnPlays < s.Minimum() {
		want(act("draw", ""), "minimum")
		want(act("end", ""), "minimum")
	} else {
		want(act("block", ""), "minimum-reached")
	}
	other := (s.Active + 1) % len(s.Players)
	if other != s.Active {
		want(act("end", fmt.Sprintf(`"player":%q`, s.Players[other])), "not-your-turn")
	}
}

// checkBranching applies another legal action to s: the state already
// derived from s must not change (no shared arrays written twice), nor s.
func checkBranching(t *testing.T, r *rand.Rand, s, next State) {
	t.Helper()
	before, beforeNext := mustJSON(t, s), mustJSON(t, next)
	if moves := Moves(s); len(moves) > 0 {
		eng.Apply(s, fullAction(r, s, "play", moves[r.IntN(len(moves))]))
	}
	if s.Phase == PhaseTurn && s.TurnPlays >= s.Minimum() {
		eng.Apply(s, act("draw", ""))
		eng.Apply(s, act("end", ""))
	}
	if mustJSON(t, s) != before || mustJSON(t, next) != beforeNext {
		t.Fatal("applying another action changed an existing state")
	}
}

// checkUndoRedo: replaying the log without its last action gives prev,
// and applying that action again gives the same state as before.
func checkUndoRedo(t *testing.T, l rules.Log, prev, cur State) {
	t.Helper()
	u, _, err := rules.Replay(eng, rules.Undo(l))
	if err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, u) != mustJSON(t, prev) {
		t.Fatal("undo: state differs from the state before the last action")
	}
	redo, _, err := eng.Apply(u, l.Actions[len(l.Actions)-1])
	if err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, redo) != mustJSON(t, cur) {
		t.Fatal("redo: state differs")
	}
}

func randomSetup(r *rand.Rand, mode string) json.RawMessage {
	names := []string{"Mireille", "David", "Julia", "Henrik", "Ayşe"}
	n := 1 + r.IntN(5)
	profi := r.IntN(3) == 0
	su := Setup{Game: "thegame", Players: names[:n], Seed: r.Int64(), Mode: mode, Profi: profi, SmallHands: profi && r.IntN(2) == 0, Starter: names[r.IntN(n)]}
	b, _ := json.Marshal(su)
	return b
}

type stats struct{ games, won, excellent, blocked, skips, tricks, emptied, actions int }

func TestPropertyFullGames(t *testing.T) {
	t.Parallel()
	games := 1500
	if testing.Short() {
		games = 300
	}
	var st stats
	for g := 0; g < games; g++ {
		r := rand.New(rand.NewPCG(uint64(g), 7))
		strat := strategy(r.IntN(2))
		setup := randomSetup(r, Full)
		s, err := eng.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		l := rules.Log{Setup: setup}
		prev := s
		checkFull(t, s)
		checkAt := r.IntN(60)
		for step := 0; ; step++ {
			if step > 1000 {
				t.Fatalf("game %d does not end", g)
			}
			if s.Phase == PhaseOver {
				break
			}
			if r.IntN(8) == 0 {
				tryIllegal(t, r, s)
			}
			typ, mv := choose(r, s, strat)
			a := fullAction(r, s, typ, mv)
			next, ev, err := eng.Apply(s, a)
			if err != nil {
				t.Fatalf("game %d %s: allowed action refused: %s: %v", g, setup, a.Data, err)
			}
			if len(ev) == 0 {
				t.Fatalf("%s: no event", a.Data)
			}
			if typ == "draw" || typ == "end" {
				checkTurnEnded(t, s, next)
			}
			if step%10 == 3 {
				checkBranching(t, r, s, next)
			}
			if typ == "play" && next.Plays[len(next.Plays)-1].Trick {
				st.tricks++
			}
			if s.DrawCount > 0 && next.DrawCount == 0 {
				st.emptied++
			}
			for _, e := range ev {
				if len(e.Text.DE) > 0 && containsSkip(e.Text.EN) {
					st.skips++
				}
			}
			l.Actions = append(l.Actions, a)
			checkFull(t, next)
			if step == checkAt {
				checkUndoRedo(t, l, s, next)
			}
			prev, s = s, next
			st.actions++
		}
		// Replaying the log without its last action gives the state
		// before it, and the last action gives the final state again: so
		// the whole log replays to the final state.
		checkUndoRedo(t, l, prev, s)
		if g%10 == 0 {
			checkUndoTurn(t, r, l, s)
		}
		st.games++
		switch {
		case s.Result.Won:
			st.won++
		case s.Result.Excellent:
			st.excellent++
		}
		if s.Result.Blocked != "" {
			st.blocked++
		}
	}
	t.Logf("%+v", st)
	if st.won == 0 || st.excellent == 0 || st.blocked == 0 || st.skips == 0 || st.tricks == 0 || st.emptied == 0 {
		t.Fatalf("the simulation misses a case: %+v", st)
	}
}

func containsSkip(s string) bool { return len(s) > 10 && s[len(s)-11:] == "is skipped." }

func mustReplay(t *testing.T, l rules.Log) State {
	t.Helper()
	s, _, err := rules.Replay(eng, l)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPropertyAssistant plays the physical game (the truth, in full mode)
// and enters it into the assistant the way a table would: cards with and
// without values, sometimes known hand cards and drawn cards. The
// assistant must accept every entry and agree with the truth wherever it
// knows something.
func TestPropertyAssistant(t *testing.T) {
	t.Parallel()
	games := 800
	if testing.Short() {
		games = 200
	}
	partial := 0
	for g := 0; g < games; g++ {
		r := rand.New(rand.NewPCG(uint64(g), 11))
		strat := strategy(r.IntN(2))
		setupFull := randomSetup(r, Full)
		var su Setup
		json.Unmarshal(setupFull, &su)
		su.Mode = ""
		setupAsst, _ := json.Marshal(su)
		truth, err := eng.Start(setupFull)
		if err != nil {
			t.Fatal(err)
		}
		s, err := eng.Start(setupAsst)
		if err != nil {
			t.Fatal(err)
		}
		l := rules.Log{Setup: setupAsst}
		lt := rules.Log{Setup: setupFull}
		checkAt := 1 + r.IntN(60)
		apply := func(a rules.Action) {
			t.Helper()
			next, _, err := eng.Apply(s, a)
			if err != nil {
				t.Fatalf("game %d: assistant refused %s: %v", g, a.Data, err)
			}
			l.Actions = append(l.Actions, a)
			if len(l.Actions) == checkAt {
				checkUndoRedo(t, l, s, next)
			}
			s = next
		}
		noValue := r.Float64() * 0.6
		for truth.Phase != PhaseOver {
			// The assistant allows at least what the rules allow.
			pa, pt := eng.Next(s), eng.Next(truth)
			for _, a := range pt.Allowed {
				if !slices.Contains(pa.Allowed, a) {
					t.Fatalf("truth allows %s, assistant only %v", a, pa.Allowed)
				}
			}
			if s.Phase == PhaseTurn && r.IntN(12) == 0 {
				// Somebody enters a card of their hand.
				i := r.IntN(len(s.Players))
				var unknown []int
				for _, v := range truth.Hands[i].Known {
					if !slices.Contains(s.Hands[i].Known, v) {
						unknown = append(unknown, v)
					}
				}
				if len(unknown) > 0 {
					apply(act("hand", fmt.Sprintf(`"player":%q,"cards":[%d]`, s.Players[i], unknown[r.IntN(len(unknown))])))
				}
			}
			typ, mv := chooseFrom(r, truth, pt, strat)
			ta := fullAction(r, truth, typ, mv)
			nt, _, err := eng.Apply(truth, ta)
			if err != nil {
				t.Fatal(err)
			}
			lt.Actions = append(lt.Actions, ta)
			var a rules.Action
			switch typ {
			case "play":
				if r.Float64() < noValue && s.Hands[s.Active].Unknown() > 0 && !slices.Contains(s.Hands[s.Active].Known, mv.Value) {
					a = act("play", fmt.Sprintf(`"pile":%q,"confirmed":true`, mv.Pile))
				} else {
					a = act("play", fmt.Sprintf(`"pile":%q,%s`, mv.Pile, cardField(r, mv.Value)))
				}
			case "draw":
				drawn := nt.Draws[len(nt.Draws)-1].Known
				var enter []string
				for _, v := range drawn {
					if r.IntN(4) == 0 {
						enter = append(enter, fmt.Sprint(v))
					}
				}
				if len(enter) > 0 {
					a = act("draw", fmt.Sprintf(`"cards":[%s]`, join(enter)))
				} else {
					a = fullAction(r, truth, typ, mv)
				}
			default:
				a = fullAction(r, truth, typ, mv)
			}
			apply(a)
			truth = nt
			agree(t, s, truth)
		}
		if s.Result.Partial {
			partial++
		}
		final := mustReplay(t, l)
		if mustJSON(t, final) != mustJSON(t, s) {
			t.Fatal("assistant replay differs")
		}
		if g%10 == 0 {
			checkUndoTurn(t, r, l, s)
		}
	}
	if partial == 0 {
		t.Fatal("no game with partial checks")
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ","
		}
		out += x
	}
	return out
}

// agree: the assistant's knowledge matches the truth.
func agree(t *testing.T, s, truth State) {
	t.Helper()
	if s.Phase != truth.Phase || s.Active != truth.Active || s.Turn != truth.Turn || s.TurnPlays != truth.TurnPlays || s.DrawCount != truth.DrawCount {
		t.Fatalf("assistant %s/%d/%d/%d/%d, truth %s/%d/%d/%d/%d", s.Phase, s.Active, s.Turn, s.TurnPlays, s.DrawCount,
			truth.Phase, truth.Active, truth.Turn, truth.TurnPlays, truth.DrawCount)
	}
	for i, h := range s.Hands {
		if h.Count != truth.Hands[i].Count {
			t.Fatalf("hand %d: %d cards, truth %d", i, h.Count, truth.Hands[i].Count)
		}
		for _, v := range h.Known {
			if !slices.Contains(truth.Hands[i].Known, v) {
				t.Fatalf("assistant thinks %d is in hand %d", v, i)
			}
		}
	}
	for i, p := range s.Piles {
		tp := truth.Piles[i]
		if p.Cards != tp.Cards || p.Known && p.Top != tp.Top {
			t.Fatalf("pile %+v, truth %+v", p, tp)
		}
	}
	if (s.Result == nil) != (truth.Result == nil) || s.Result != nil && s.Result.Remaining != truth.Result.Remaining {
		t.Fatalf("results %+v %+v", s.Result, truth.Result)
	}
	checkCommon(t, s)
}

// checkUndoTurn takes back a random turn and carries out the returned
// instructions on the table (built from the final state): the table must
// then look exactly like the state the shortened log gives.
func checkUndoTurn(t *testing.T, r *rand.Rand, l rules.Log, final State) {
	t.Helper()
	turn := 1 + r.IntN(final.Turn)
	cutLog, ret, err := UndoTurn(nil, l, turn)
	if err != nil {
		t.Fatalf("undo turn %d: %v", turn, err)
	}
	cut := mustReplay(t, cutLog)
	if cut.Turn != turn && !(len(ret) == 0 && cut.Turn == final.Turn) {
		t.Fatalf("undo turn %d: now turn %d", turn, cut.Turn)
	}
	// The table: piles as stacks, hands, draw pile.
	stacks := make([][]int, 4)
	for _, p := range final.Plays {
		i := pileIndex(p.Pile)
		stacks[i] = append(stacks[i], p.Value)
	}
	hands := make([][]int, len(final.Hands))
	counts := make([]int, len(final.Hands))
	for i, h := range final.Hands {
		hands[i] = slices.Clone(h.Known)
		counts[i] = h.Count
	}
	drawCount := final.DrawCount
	var back []int
	for k, rt := range ret {
		if k > 0 && ret[k-1].Turn <= rt.Turn {
			t.Fatal("returns not latest turn first")
		}
		if rt.Text.DE == "" || rt.Text.EN == "" {
			t.Fatal("return without text")
		}
		i := slices.Index(final.Players, rt.Player)
		if final.Mode == Full && len(rt.ToDrawKnown) != rt.ToDraw {
			t.Fatalf("full mode knows every drawn card: %+v", rt)
		}
		for _, v := range rt.ToDrawKnown {
			j := slices.Index(hands[i], v)
			if j < 0 {
				t.Fatalf("%s should put back %d but does not hold it", rt.Player, v)
			}
			hands[i] = slices.Delete(hands[i], j, j+1)
			back = append(back, v)
		}
		counts[i] -= rt.ToDraw
		drawCount += rt.ToDraw
		for _, c := range rt.ToHand {
			pi := pileIndex(c.Pile)
			st := stacks[pi]
			if len(st) == 0 || st[len(st)-1] != c.Value {
				t.Fatalf("take back %d from %s, but the top is %v", c.Value, c.Pile, st)
			}
			stacks[pi] = st[:len(st)-1]
			if c.Value != 0 {
				hands[i] = append(hands[i], c.Value)
			}
			counts[i]++
		}
	}
	if drawCount != cut.DrawCount {
		t.Fatalf("draw pile %d, want %d", drawCount, cut.DrawCount)
	}
	for i, h := range cut.Hands {
		if counts[i] != h.Count {
			t.Fatalf("hand %d: %d cards, want %d", i, counts[i], h.Count)
		}
		if final.Mode == Full {
			got := sorted(hands[i])
			if !slices.Equal(got, h.Known) {
				t.Fatalf("hand %d: %v, want %v", i, got, h.Known)
			}
		}
	}
	for i, p := range cut.Piles {
		st := stacks[i]
		if len(st) != p.Cards || len(st) > 0 && st[len(st)-1] != 0 && st[len(st)-1] != p.Top {
			t.Fatalf("pile %s: %v, want %+v", p.Name, st, p)
		}
	}
	if final.Mode == Full {
		// The cards put back are the top of the restored draw pile.
		k := len(back)
		if !slices.Equal(sorted(back), sorted(cut.DrawPile[:k])) || !slices.Equal(cut.DrawPile[k:], final.DrawPile) {
			t.Fatal("draw pile not restored")
		}
	}
}
