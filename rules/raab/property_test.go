package raab

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/raab/mini"
)

// randomSetup makes a random legal setup: 2–8 players (so all three
// modes), any length, sometimes a random spinner.
func randomSetup(r *rand.Rand) string {
	n := 2 + r.IntN(7)
	var players []string
	for i := range n {
		players = append(players, fmt.Sprintf("P%d", i+1))
	}
	l := Lengths[r.IntN(len(Lengths))]
	su := map[string]any{"game": "raab", "players": players, "seed": r.IntN(1000), "length": l.Key}
	switch {
	case n <= 5:
		su["stefan"] = players[r.IntN(n)]
	default:
		perm := r.Perm(n)
		k := 2
		fullTime := r.IntN(2) == 0
		rest := n - 2
		if fullTime {
			rest--
		}
		k += r.IntN(rest - 1) // both teams keep at least 2
		var ts []string
		for _, i := range perm[:k] {
			ts = append(ts, players[i])
		}
		su["team_stefan"] = ts
		if fullTime {
			su["host"] = players[perm[k]]
		}
	}
	if r.IntN(3) == 0 {
		// A random spinner with enough playable games.
		need := l.Games + 1
		for {
			var sp []string
			playable := 0
			for _, g := range decks.MiniGames {
				if r.IntN(3) > 0 {
					sp = append(sp, g.Code)
					if !(n == 2 && g.ThreePlayers) {
						playable++
					}
				}
			}
			if playable >= need {
				su["spinner"] = sp
				break
			}
		}
	}
	b, _ := json.Marshal(su)
	return string(b)
}

// randomAction picks an action: usually an allowed type with a payload
// that may or may not be valid, sometimes a type that is not allowed.
func randomAction(r *rand.Rand, s State, p rules.Prompt) rules.Action {
	typ := p.Allowed[r.IntN(len(p.Allowed))]
	if r.IntN(10) == 0 {
		typ = ActionTypes[r.IntN(len(ActionTypes))]
	}
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	sides := []string{SideStefan, SideTeam}
	var fields map[string]any
	switch typ {
	case ActHost:
		who := pick(s.Players)
		if len(p.Actors) > 0 && r.IntN(3) > 0 {
			who = pick(p.Actors)
		}
		fields = map[string]any{"player": who}
	case ActSpin, ActChoose:
		g := pick(s.Spinner)
		if r.IntN(20) == 0 {
			g = decks.MiniGames[r.IntN(len(decks.MiniGames))].Name
		}
		fields = map[string]any{"game": g}
	case ActCandidate, ActWildCard:
		who := pick(s.Players)
		if r.IntN(4) > 0 {
			if el := s.eligible(); s.Mode == ModeClassic && len(el) > 0 {
				who = pick(el)
			} else if len(p.Actors) > 0 {
				who = pick(p.Actors)
			}
		}
		fields = map[string]any{"player": who}
	case ActBegin:
		fields = map[string]any{"side": pick(sides)}
	case ActAsk:
		fields = map[string]any{}
		if r.IntN(3) == 0 {
			fields["step"] = pick([]string{StepBuzz, StepChips, StepGuess, StepBet, StepPlace, StepHost, "x"})
		}
	case ActDuel:
		fields = map[string]any{}
		if s.Current != nil && s.Current.Code == "SM" {
			fields["variant"] = 1 + r.IntN(2)
		}
	case ActResult:
		fields = map[string]any{"winner": pick(sides)}
		if r.IntN(4) == 0 && s.Current != nil && s.Current.Code != "" {
			fields["game"] = s.Current.Code
		}
		if r.IntN(4) == 0 {
			fields["log"] = fmt.Sprintf("mini-%d", r.IntN(100))
		}
	}
	if s.Phase == PhaseResult && slices.Contains(DuelActionTypes, typ) && s.Current.Duel != nil {
		fields = randomDuelFields(r, *s.Current.Duel, typ)
	}
	if fields == nil {
		fields = map[string]any{}
	}
	fields["type"] = typ
	b, _ := json.Marshal(fields)
	return rules.Action{Type: typ, Data: b}
}

func TestRandomEvenings(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 2026))
	def, probs := decks.LoadDefault("raab")
	if probs.HasErrors() {
		t.Fatal(probs)
	}
	set, _ := decks.Combine(def)
	engines := []rules.Engine[State]{New(nil), New(set)}
	games := 2000
	if testing.Short() {
		games = 300
	}
	modes := map[string]int{}
	attempts, tries := 0, 0
	defer func() { t.Logf("%d successful actions of %d", attempts, tries) }()
	ends := map[string]int{}
	for g := range games {
		e := engines[g%2]
		setup := randomSetup(r)
		s, err := e.Start(json.RawMessage(setup))
		if err != nil {
			t.Fatalf("game %d: setup %s: %v", g, setup, err)
		}
		modes[s.Mode]++
		l := rules.Log{Setup: json.RawMessage(setup)}
		states := []State{s}
		for step := 0; ; step++ {
			if step > 3000 {
				t.Fatalf("game %d does not end: %s", g, mustJSON(t, s))
			}
			p := e.Next(s)
			if p.Over {
				break
			}
			if len(p.Actors) == 0 || len(p.Allowed) == 0 || p.Text.DE == "" || p.Text.EN == "" {
				t.Fatalf("game %d: empty prompt %+v in %s", g, p, mustJSON(t, s))
			}
			tries++
			a := randomAction(r, s, p)
			check := tries%3 == 0
			var before string
			if check {
				before = mustJSON(t, s)
			}
			next, ev, err := e.Apply(s, a)
			if check && mustJSON(t, s) != before {
				t.Fatalf("game %d: Apply changed its input (%s)", g, a.Data)
			}
			if err != nil {
				var re *rules.RuleError
				if !errors.As(err, &re) || re.Rule == "" || re.Msg.DE == "" || re.Msg.EN == "" {
					t.Fatalf("game %d: %s: not a rule error: %v", g, a.Data, err)
				}
				continue
			}
			if !slices.Contains(p.Allowed, a.Type) {
				t.Fatalf("game %d: %s accepted though the prompt allows only %v", g, a.Data, p.Allowed)
			}
			for _, x := range ev {
				if x.Text.DE == "" || x.Text.EN == "" {
					t.Fatalf("game %d: empty event after %s", g, a.Data)
				}
			}
			s = next
			l.Actions = append(l.Actions, a)
			states = append(states, s)
			checkInvariants(t, g, s)
		}
		ends[fmt.Sprintf("%s/%d", s.Length, len(s.History))]++
		attempts += len(states)

		// Replaying the log gives the same final state.
		final, _, err := rules.Replay(e, l)
		last := mustJSON(t, s)
		if err != nil || mustJSON(t, final) != last {
			t.Fatalf("game %d: replay differs: %v", g, err)
		}
		// Undo then redo at a random point (the last action every few
		// games): the state before, then the same state again.
		k := r.IntN(len(l.Actions))
		if g%4 == 0 {
			k = len(l.Actions) - 1
		}
		{
			prefix := rules.Log{Setup: l.Setup, Actions: l.Actions[:k+1]}
			undone, _, err := rules.Replay(e, rules.Undo(prefix))
			if err != nil || mustJSON(t, undone) != mustJSON(t, states[k]) {
				t.Fatalf("game %d: undo of action %d: %v", g, k+1, err)
			}
			redone, _, err := e.Apply(undone, l.Actions[k])
			if err != nil || mustJSON(t, redone) != mustJSON(t, states[k+1]) {
				t.Fatalf("game %d: redo of action %d: %v", g, k+1, err)
			}
		}
		// The final state survives JSON.
		var back State
		if err := json.Unmarshal([]byte(last), &back); err != nil || mustJSON(t, back) != last {
			t.Fatalf("game %d: JSON round trip: %v", g, err)
		}
	}
	for _, m := range []string{ModeDuo, ModeClassic, ModeTeams} {
		if modes[m] == 0 {
			t.Errorf("no %s games generated", m)
		}
	}
	if ends["showtime/16"] == 0 {
		t.Errorf("no Showtime tie-break among %d games: %v", games, ends)
	}
}

// checkInvariants holds after every action.
func checkInvariants(t *testing.T, g int, s State) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("game %d: "+format+"\n%s", append([]any{g}, append(args, mustJSON(t, s))...)...)
	}
	// Points: game n is worth n to its winner, nothing else scores.
	var sc Score
	for i, h := range s.History {
		if h.Number != i+1 || h.Points != h.Number {
			fail("game %d numbered %d worth %d", i+1, h.Number, h.Points)
		}
		if h.TieBreak != (h.Number == s.Games+1) || h.Number > s.Games+1 {
			fail("game %d tie-break flag %v", h.Number, h.TieBreak)
		}
		if h.TieBreak && (h.Before.Team != h.Before.Stefan || !tieBreakPossible(s.Games)) {
			fail("tie-break without a tie")
		}
		if h.Duel != nil && (h.Moves == 0 || duelSide(h.Duel.Winner) != h.Winner || h.Duel.Code != h.Code) {
			fail("game %d: the duel (%d moves, won by %s) does not give its result %s", h.Number, h.Moves, h.Duel.Winner, h.Winner)
		}
		if h.Question != nil || h.Picks != nil {
			fail("game %d keeps its question", h.Number)
		}
		switch h.Winner {
		case SideTeam:
			sc.Team += h.Points
		case SideStefan:
			sc.Stefan += h.Points
		default:
			fail("game %d has no winner", h.Number)
		}
		// Who begins: on a tie the team; otherwise the side behind chose.
		switch {
		case h.Before.Team == h.Before.Stefan:
			if h.Begins != SideTeam || h.BeginsChosenBy != "" {
				fail("game %d: tie but %s begins (chosen by %q)", h.Number, h.Begins, h.BeginsChosenBy)
			}
		case h.Before.Team < h.Before.Stefan && h.BeginsChosenBy != SideTeam,
			h.Before.Stefan < h.Before.Team && h.BeginsChosenBy != SideStefan:
			fail("game %d: begin chosen by %q at %+v", h.Number, h.BeginsChosenBy, h.Before)
		}
	}
	if sc != s.Score {
		fail("score %+v, games add up to %+v", s.Score, sc)
	}
	// Games: each once, on the spinner, playable.
	avail := s.available()
	seen := map[string]bool{}
	for _, c := range s.Played {
		if seen[c] || !slices.Contains(avail, c) {
			fail("game %s played twice or not available", c)
		}
		seen[c] = true
	}
	want := len(s.History)
	if s.Current != nil && s.Current.Code != "" {
		want++
	}
	if len(s.Played) != want {
		fail("%d games played, %d recorded", len(s.Played), want)
	}
	all := slices.Clone(s.History)
	if s.Current != nil && s.Current.Code != "" {
		all = append(all, *s.Current)
	}
	for i, h := range all {
		if h.Code != s.Played[i] {
			fail("game %d is %s, played list says %s", h.Number, h.Code, s.Played[i])
		}
	}
	// Wild Cards: each used at most once.
	used := 0
	for _, h := range all {
		if h.WildCard {
			used++
			if h.Candidate == h.Chosen {
				fail("Wild Card for the same candidate")
			}
		} else if s.Mode == ModeClassic && h.Candidate != "" && h.Candidate != h.Chosen {
			fail("candidate changed without a Wild Card")
		}
	}
	if s.WildCards < 0 || s.WildCards+used != s.WildCardsTotal {
		fail("wild cards %d + used %d != %d", s.WildCards, used, s.WildCardsTotal)
	}
	// Roles per mode.
	switch s.Mode {
	case ModeClassic:
		down := map[string]bool{}
		for i, h := range s.History {
			if i == 0 && !slices.Contains(s.Team, h.Host) {
				fail("first host %s not from the team", h.Host)
			}
			if i > 0 && h.Host != s.History[i-1].Candidate {
				fail("game %d hosted by %s, but %s just played", h.Number, h.Host, s.History[i-1].Candidate)
			}
			if h.Candidate == h.Host || !slices.Contains(s.Team, h.Candidate) || h.StefanPlayer != s.Stefan {
				fail("game %d: %s against %s, host %s", h.Number, h.Candidate, h.StefanPlayer, h.Host)
			}
			if down[h.Candidate] {
				fail("game %d: %s plays again before all teammates played", h.Number, h.Candidate)
			}
			down[h.Candidate] = true
			if len(down) == len(s.Team) {
				down = map[string]bool{}
			}
		}
		if len(down) != len(s.FaceDown) {
			fail("face down %v, expected %v", s.FaceDown, down)
		}
		for _, p := range s.FaceDown {
			if !down[p] {
				fail("face down %v, expected %v", s.FaceDown, down)
			}
		}
		if s.Phase == PhaseCandidate && len(s.eligible()) == 0 {
			fail("nobody can play")
		}
	case ModeDuo:
		for _, h := range all {
			if h.Host != "" || h.Spinner != s.duoSpinner(h.Number) || h.Candidate != s.Team[0] {
				fail("duo game %d: host %q spun by %s", h.Number, h.Host, h.Spinner)
			}
			if decks.MiniGameByCode(h.Code).ThreePlayers {
				fail("a \"3\" game with two players")
			}
		}
	case ModeTeams:
		for _, h := range s.History {
			if s.FullTimeHost != "" && h.Host != s.FullTimeHost ||
				s.FullTimeHost == "" && s.sideOf(h.Host) != hostSide(h.Number) {
				fail("game %d hosted by %s", h.Number, h.Host)
			}
			if s.sideOf(h.Candidate) != SideTeam || s.sideOf(h.StefanPlayer) != SideStefan || h.Candidate == h.Host || h.StefanPlayer == h.Host {
				fail("game %d: %s against %s, host %s", h.Number, h.Candidate, h.StefanPlayer, h.Host)
			}
		}
	}
	// The end: exactly when a side can no longer be caught, or after the
	// tie-break; never before.
	top := max(s.Score.Team, s.Score.Stefan)
	if s.Phase == PhaseOver {
		last := s.History[len(s.History)-1]
		if s.Winner != last.Winner && !last.TieBreak && s.Score.of(s.Winner) < s.Needed {
			fail("over without a winner")
		}
		if !last.TieBreak && (s.Score.of(s.Winner) < s.Needed || s.Score.of(s.Winner) <= s.Score.of(other(s.Winner))+s.remaining(last.Number)) {
			fail("over at %+v after %d games, but %s could still be caught", s.Score, last.Number, s.Winner)
		}
		if last.TieBreak && s.Winner != last.Winner {
			fail("the tie-break's winner did not win")
		}
	} else {
		if s.Winner != "" || top >= s.Needed {
			fail("not over at %+v though %d can no longer be caught", s.Score, s.Needed)
		}
		if s.Current == nil || s.Current.Number != len(s.History)+1 {
			fail("current game out of step")
		}
	}
}

// randomDuelFields makes the fields of a duel action: mostly legal and
// decisive, so that duels end and the evening goes on.
func randomDuelFields(r *rand.Rand, d mini.State, typ string) map[string]any {
	side := []string{"red", "blue"}[r.IntN(2)]
	yes := r.IntN(10) < 7
	letter := func(n int) string { return string(rune('A' + r.IntN(n))) }
	switch typ {
	case "buzz":
		f := map[string]any{"side": side}
		switch d.Code {
		case "WL":
			f["hit"] = yes
		default:
			f["correct"] = yes
		}
		return f
	case "point":
		return map[string]any{"side": side}
	case "grab":
		return map[string]any{"correct": yes}
	case "choose":
		switch d.Code {
		case "ST":
			return map[string]any{"red": r.IntN(2) == 0, "blue": r.IntN(2) == 0, "answer": r.IntN(2) == 0}
		case "SO":
			orders := []string{"ABCD", "BACD", "DCBA"}
			return map[string]any{"red": orders[r.IntN(3)], "blue": orders[r.IntN(3)], "answer": orders[r.IntN(3)]}
		case "EO":
			return map[string]any{"red": letter(2), "blue": letter(2), "answer": letter(2)}
		case "FP":
			return map[string]any{"red": letter(3), "blue": letter(3), "answer": letter(3)}
		}
		return map[string]any{"red": letter(4), "blue": letter(4), "answer": letter(4)}
	case "guess":
		if d.Code == "WO" {
			return map[string]any{"red": "A1", "blue": fmt.Sprintf("B%d", 1+r.IntN(3)), "answer": fmt.Sprintf("%s%d", letter(3), 1+r.IntN(3))}
		}
		return map[string]any{"red": 1 + r.IntN(20), "blue": 1 + r.IntN(20), "answer": 1 + r.IntN(20)}
	case "hits":
		return map[string]any{"red": r.IntN(5), "blue": r.IntN(5)}
	case "bet":
		return map[string]any{"red": 1, "blue": 1 + r.IntN(2)}
	case "answer":
		f := map[string]any{"correct": yes}
		if yes && (d.Code == "FS" || d.Code == "TT" || d.Code == "TV") && d.Two {
			f["hint"] = 1 + r.IntN(3)
		}
		return f
	case "tally":
		return map[string]any{"right": r.IntN(4), "wrong": r.IntN(3)}
	case "count":
		return map[string]any{"red": r.IntN(8), "blue": r.IntN(8)}
	case "spell":
		return map[string]any{"correct": yes}
	}
	return map[string]any{}
}
