package labyrinth

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
)

// randomGame plays one random legal game: every action is chosen among
// those Next allows, with a random valid payload; now and then a random
// (mostly illegal) action is tried as well, which must be refused without
// touching the state.
type randomGame struct {
	t    *testing.T
	r    *rand.Rand
	e    rules.Engine[State]
	set  *decks.Set
	mode int // 0: kinds reported (no set), 1: card IDs reported, 2: dealt
	log  rules.Log
	ss   []State
}

func (g *randomGame) action(s State) rules.Action {
	r := g.r
	p := g.e.Next(s)
	typ := p.Allowed[r.IntN(len(p.Allowed))]
	m := map[string]any{"type": typ}
	switch typ {
	case ActDraw:
		if s.Phase == PhaseLingutaurus {
			switch g.mode {
			case 0:
				if r.IntN(2) == 0 {
					m["kind"] = "lingutaurus"
				}
			case 1:
				// Unused cards only, until all have been seen: then the
				// stack is reshuffled and every card may come again.
				var lings, free []string
				for _, c := range g.set.Labyrinth() {
					if c.Kind == decks.Lingutaurus {
						lings = append(lings, c.ID)
					}
				}
				for _, id := range lings {
					if !slices.Contains(s.LingSeen, id) || len(s.LingSeen) >= len(lings) {
						free = append(free, id)
					}
				}
				m["card"] = free[r.IntN(len(free))]
			}
			break
		}
		var kinds []string
		if s.DrawnNormal < s.Normal {
			kinds = append(kinds, KindNormal)
		}
		if s.DrawnRisk < s.Risk {
			kinds = append(kinds, KindRisk)
		}
		kind := kinds[r.IntN(len(kinds))]
		switch g.mode {
		case 0:
			m["kind"] = kind
		case 1:
			var free []string
			for _, c := range g.set.Labyrinth() {
				if kindName(c.Kind) == kind && !slices.Contains(s.Seen, c.ID) {
					id := c.ID
					if r.IntN(2) == 0 {
						id = c.Sides[decks.Green].ID
						if s.Face == decks.Yellow.String() {
							id = c.Sides[decks.Yellow].ID
						}
					}
					free = append(free, id)
				}
			}
			m["card"] = free[r.IntN(len(free))]
		}
	case ActBet:
		var who []int
		for _, i := range s.answerers() {
			if s.Players[i].Bet == 0 {
				who = append(who, i)
			}
		}
		i := who[r.IntN(len(who))]
		m["player"] = s.Players[i].Name
		m["chip"] = s.Players[i].Board[r.IntN(len(s.Players[i].Board))]
	case ActTip:
		var who []int
		for _, i := range s.answerers() {
			if s.Players[i].Tip == "" {
				who = append(who, i)
			}
		}
		i := who[r.IntN(len(who))]
		m["player"] = s.Players[i].Name
		m["tip"] = string(rune('A' + r.IntN(3)))
	case ActPlace:
		// One player's tip and chip, or everyone's who owes something.
		tips, bets := map[string]string{}, map[string]int{}
		var owing []int
		for _, i := range s.answerers() {
			if b, t := s.owes(i); b || t {
				owing = append(owing, i)
			}
		}
		batch := r.IntN(2) == 0
		if !batch {
			owing = []int{owing[r.IntN(len(owing))]}
		}
		for _, i := range owing {
			p := s.Players[i]
			b, t := s.owes(i)
			if b {
				bets[p.Name] = p.Board[r.IntN(len(p.Board))]
			}
			if t {
				tips[p.Name] = string(rune('A' + r.IntN(3)))
			}
		}
		if batch {
			if len(tips) > 0 {
				m["tips"] = tips
			}
			if len(bets) > 0 {
				m["bets"] = bets
			}
		} else {
			name := s.Players[owing[0]].Name
			m["player"] = name
			if t, ok := tips[name]; ok {
				m["tip"] = t
			}
			if b, ok := bets[name]; ok {
				m["chip"] = b
			}
		}
	case ActReveal:
		card := s.Card
		if s.Phase == PhaseLingutaurus {
			card = s.Ling.Card
		}
		if card.Correct == "" || r.IntN(2) == 0 {
			c := card.Correct
			if c == "" {
				c = string(rune('A' + r.IntN(3)))
			}
			m["correct"] = c
		}
	}
	l := mustJSON(m)
	return rules.Action{Type: typ, Data: json.RawMessage(l)}
}

// deepClone copies every slice, also those clone shares, so a write into
// shared memory shows.
func deepClone(s State) State {
	c := s.clone()
	c.Stack, c.LingStack = slices.Clone(s.Stack), slices.Clone(s.LingStack)
	c.Seen, c.LingSeen = slices.Clone(s.Seen), slices.Clone(s.LingSeen)
	c.Pending, c.Winners = slices.Clone(s.Pending), slices.Clone(s.Winners)
	return c
}

// noise is a random action, legal or not.
func (g *randomGame) noise(s State) rules.Action {
	r := g.r
	types := []string{ActDraw, ActBet, ActTip, ActPlace, ActReveal, "pass"}
	typ := types[r.IntN(len(types))]
	names := []string{"Nobody"}
	for _, p := range s.Players {
		names = append(names, p.Name)
	}
	m := map[string]any{"type": typ, "player": names[r.IntN(len(names))]}
	switch typ {
	case ActBet:
		m["chip"] = r.IntN(7)
	case ActTip:
		m["tip"] = []string{"A", "B", "C", "D", ""}[r.IntN(5)]
	case ActDraw:
		delete(m, "player")
		m["kind"] = []string{"normal", "risk", "lingutaurus", "x"}[r.IntN(4)]
	case ActReveal:
		delete(m, "player")
		m["correct"] = []string{"A", "B", "C", "Z"}[r.IntN(4)]
	}
	return rules.Action{Type: typ, Data: json.RawMessage(mustJSON(m))}
}

func (g *randomGame) play(setup string) State {
	t := g.t
	s, err := g.e.Start(json.RawMessage(setup))
	if err != nil {
		t.Fatalf("%s: %v", setup, err)
	}
	g.log = rules.Log{Setup: json.RawMessage(setup)}
	g.ss = []State{s}
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatalf("%s: no end after %d actions", setup, step)
		}
		p := g.e.Next(s)
		if p.Over != (s.Phase == PhaseOver) {
			t.Fatalf("prompt over=%v in phase %s", p.Over, s.Phase)
		}
		if p.Over {
			break
		}
		if len(p.Actors) == 0 || len(p.Allowed) == 0 {
			t.Fatalf("empty prompt %+v in phase %s", p, s.Phase)
		}
		before := deepClone(s)
		if g.r.IntN(8) == 0 {
			a := g.noise(s)
			_, _, err := g.e.Apply(s, a)
			var re *rules.RuleError
			if err != nil && !errors.As(err, &re) {
				t.Fatalf("%s: not a rule error: %v", a.Data, err)
			}
			if !equalStates(s, before) {
				t.Fatalf("%s changed the state it was given", a.Data)
			}
		}
		a := g.action(s)
		next, ev, err := g.e.Apply(s, a)
		if err != nil {
			t.Fatalf("%s\nlegal action %s refused: %v", setup, a.Data, err)
		}
		if !equalStates(s, before) {
			t.Fatalf("%s changed the state it was given", a.Data)
		}
		if len(ev) == 0 {
			t.Fatalf("%s: no event", a.Data)
		}
		checkStep(t, s, next, a)
		s = next
		g.log.Actions = append(g.log.Actions, a)
		g.ss = append(g.ss, s)
	}
	return s
}

// checkInvariants holds in every state.
func checkInvariants(t *testing.T, s State) {
	t.Helper()
	for _, p := range s.Players {
		chips := append(append([]int{}, p.Board...), p.Used...)
		if p.Bet != 0 {
			chips = append(chips, p.Bet)
		}
		slices.Sort(chips)
		if !slices.Equal(chips, []int{1, 2, 3, 4, 5}) {
			t.Fatalf("%s's chips: board %v used %v bet %d", p.Name, p.Board, p.Used, p.Bet)
		}
		if p.Pos < NichePos || p.Pos > s.Length {
			t.Fatalf("%s on %d", p.Name, p.Pos)
		}
		for _, x := range s.Tiles {
			if x.Removed {
				continue
			}
			if p.Pos > x.Field || p.Pos == x.Field && x.Torero == "" {
				t.Fatalf("%s on %d passed the Lingutaurus on %d", p.Name, p.Pos, x.Field)
			}
		}
	}
	if s.DrawnNormal > s.Normal || s.DrawnRisk > s.Risk || s.Question != s.DrawnNormal+s.DrawnRisk {
		t.Fatalf("stack %d/%d %d/%d question %d", s.DrawnNormal, s.Normal, s.DrawnRisk, s.Risk, s.Question)
	}
	if s.Deal && len(s.Stack) != s.stackSize()-s.drawn() {
		t.Fatalf("dealt stack of %d after %d of %d", len(s.Stack), s.drawn(), s.stackSize())
	}
	if s.Phase == PhaseOver {
		best := NichePos
		for _, p := range s.Players {
			best = max(best, p.Pos)
		}
		var w []string
		for _, p := range s.Players {
			if p.Pos == best {
				w = append(w, p.Name)
			}
		}
		if !slices.Equal(w, s.Winners) {
			t.Fatalf("winners %v, want %v", s.Winners, w)
		}
		switch s.End {
		case "exit":
			if best != s.Length {
				t.Fatal("exit end without a piece on the exit")
			}
		case "stack":
			if s.drawn() != s.stackSize() || best == s.Length {
				t.Fatal("stack end before the stack is used up")
			}
		default:
			t.Fatalf("end %q", s.End)
		}
	}
}

// checkStep: what may change from one state to the next.
func checkStep(t *testing.T, prev, next State, a rules.Action) {
	t.Helper()
	checkInvariants(t, next)
	for i, x := range prev.Tiles {
		if x.Removed && !next.Tiles[i].Removed {
			t.Fatal("a removed tile came back")
		}
	}
	moved := false
	for i := range prev.Players {
		if prev.Players[i].Pos != next.Players[i].Pos {
			moved = true
		}
	}
	if a.Type != ActReveal {
		if moved || prev.Reader != next.Reader {
			t.Fatalf("%s moved pieces or the reader", a.Type)
		}
		return
	}
	if next.Reader != prev.Reader && next.Reader != (prev.Reader+1)%len(prev.Players) {
		t.Fatalf("reader %d → %d", prev.Reader, next.Reader)
	}
	var d revealData
	_ = json.Unmarshal(a.Data, &d)
	if prev.Phase == PhaseQuestion {
		correct := prev.Card.Correct
		if correct == "" {
			correct = d.Correct
		}
		for i, p := range prev.Players {
			q := next.Players[i].Pos
			if i == prev.Reader {
				if q != p.Pos {
					t.Fatal("the reader moved")
				}
				continue
			}
			from := p.Pos
			if p.InNiche() {
				from = 0
			}
			if p.Tip == correct {
				stop := q == next.Length
				for _, x := range next.Tiles {
					stop = stop || q == x.Field
				}
				if q <= from || q > from+p.Bet || q < from+p.Bet && !stop {
					t.Fatalf("%s right with %d: %d → %d", p.Name, p.Bet, p.Pos, q)
				}
			} else if q != from-p.Bet && !(from-p.Bet < -4 && q == NichePos) {
				t.Fatalf("%s wrong with %d: %d → %d", p.Name, p.Bet, p.Pos, q)
			}
		}
		return
	}
	// A Lingutaurus reveal: nobody moves (a new card), the Word Torero 3,
	// or one other 1–3 and the Word Torero 1; never back.
	var steps []int
	toreroMoved := false
	for i := range prev.Players {
		from := prev.Players[i].Pos
		if prev.Players[i].InNiche() {
			from = 0
		}
		q := next.Players[i].Pos
		if q < prev.Players[i].Pos {
			t.Fatal("a piece moved back at the Lingutaurus")
		}
		if q != prev.Players[i].Pos {
			if i == prev.Ling.Reader && len(prev.Players) > 2 {
				t.Fatal("the reader moved at the Lingutaurus")
			}
			steps = append(steps, q-from)
			toreroMoved = toreroMoved || i == prev.Ling.Torero
		}
	}
	if len(steps) > 2 || slices.ContainsFunc(steps, func(x int) bool { return x > 3 }) {
		t.Fatalf("Lingutaurus moves %v", steps)
	}
	if next.Tiles[prev.Ling.Tile].Removed != (len(steps) > 0) || len(steps) > 0 && !toreroMoved {
		t.Fatalf("tile removed %v, moves %v, Word Torero moved %v", next.Tiles[prev.Ling.Tile].Removed, steps, toreroMoved)
	}
	if len(steps) == 0 && (next.Phase != PhaseLingutaurus || next.Ling.Card != nil || next.Ling.Attempt != prev.Ling.Attempt) {
		t.Fatal("no winner but no new card")
	}
}

// TestRandomGames plays 2,000 random games in four parallel batches.
func TestRandomGames(t *testing.T) {
	set := defaultSet(t)
	withSet, without := New(set), New(nil)
	games := 500
	if testing.Short() {
		games = 50
	}
	for batch := uint64(1); batch <= 4; batch++ {
		t.Run(fmt.Sprint("batch", batch), func(t *testing.T) {
			t.Parallel()
			randomGames(t, rand.New(rand.NewPCG(7, batch)), set, withSet, without, games)
		})
	}
}

func randomGames(t *testing.T, r *rand.Rand, set *decks.Set, withSet, without rules.Engine[State], games int) {
	ends := map[string]int{}
	lings := 0
	for n := 0; n < games; n++ {
		g := &randomGame{t: t, r: r, set: set, mode: r.IntN(3)}
		g.e = withSet
		if g.mode == 0 {
			g.e = without
		}
		players := []string{"Anna", "Ben", "Cem", "Dora", "Emil", "Fritzi"}[:2+r.IntN(5)]
		setup := map[string]any{"game": "labyrinth", "players": players, "seed": r.Uint64(),
			"reader": players[r.IntN(len(players))]}
		if r.IntN(2) == 0 {
			setup["length"] = 12 + r.IntN(40)
		}
		if r.IntN(4) == 0 {
			setup["normal"], setup["risk"] = r.IntN(30), 1+r.IntN(6)
		}
		if g.mode == 2 {
			setup["deal"] = true
		}
		if r.IntN(3) == 0 {
			setup["face"] = "gelb"
		}
		final := g.play(mustJSON(setup))
		ends[final.End]++
		for _, x := range final.Tiles {
			if x.Removed {
				lings++
			}
		}
		// Replaying the log gives the same states, step by step, and the
		// same final state.
		rs, _, err := rules.Run(g.e).Replay(g.log, func(i int, st any, _ []rules.Event) {
			if !equalStates(st.(State), g.ss[i+1]) {
				t.Fatalf("replay differs after action %d", i+1)
			}
		})
		if err != nil || mustJSON(rs) != mustJSON(final) {
			t.Fatalf("replay differs: %v", err)
		}
		// Undo, then redo the undone action: the same state.
		if n%4 == 0 {
			k := 1 + r.IntN(len(g.log.Actions))
			cut := rules.Log{Setup: g.log.Setup, Actions: g.log.Actions[:k]}
			undone, _, err := rules.Replay(g.e, rules.Undo(cut))
			if err != nil || !reflect.DeepEqual(undone, g.ss[k-1]) {
				t.Fatalf("undo at %d differs: %v", k, err)
			}
			redone, _, err := g.e.Apply(undone, g.log.Actions[k-1])
			if err != nil || !reflect.DeepEqual(redone, g.ss[k]) || mustJSON(redone) != mustJSON(g.ss[k]) {
				t.Fatalf("redo at %d differs: %v", k, err)
			}
		}
		// A state read back from JSON plays on the same.
		mid := g.ss[r.IntN(len(g.ss)-1)]
		var back State
		if err := json.Unmarshal([]byte(mustJSON(mid)), &back); err != nil || mustJSON(back) != mustJSON(mid) {
			t.Fatalf("JSON round trip: %v", err)
		}
	}
	if ends["exit"] == 0 || ends["stack"] == 0 || lings == 0 {
		t.Fatalf("the random games miss cases: ends %v, tiles removed %d", ends, lings)
	}
	t.Log(fmt.Sprintf("%d games: ends %v, Lingutaurus tiles beaten %d", games, ends, lings))
}

// equalStates is reflect.DeepEqual for states, but fast (the property test
// compares hundreds of thousands of them). TestEqualStatesCoversState keeps
// it complete.
func equalStates(a, b State) bool {
	if len(a.Players) != len(b.Players) {
		return false
	}
	for i, p := range a.Players {
		q := b.Players[i]
		if p.Name != q.Name || p.Pos != q.Pos || p.Bet != q.Bet || p.Tip != q.Tip ||
			!slices.Equal(p.Board, q.Board) || !slices.Equal(p.Used, q.Used) || (p.Board == nil) != (q.Board == nil) || (p.Used == nil) != (q.Used == nil) {
			return false
		}
	}
	cardEq := func(x, y *Card) bool { return x == nil && y == nil || x != nil && y != nil && *x == *y }
	lingEq := func(x, y *Ling) bool {
		if x == nil || y == nil {
			return x == nil && y == nil
		}
		return x.Tile == y.Tile && x.Torero == y.Torero && x.Attempt == y.Attempt && x.Reader == y.Reader && cardEq(x.Card, y.Card)
	}
	strs := func(x, y []string) bool { return slices.Equal(x, y) && (x == nil) == (y == nil) }
	return a.Reader == b.Reader && a.Length == b.Length && a.BoardSeed == b.BoardSeed && slices.Equal(a.Tiles, b.Tiles) &&
		a.Face == b.Face && a.Seed == b.Seed && a.Deal == b.Deal && a.Normal == b.Normal && a.Risk == b.Risk &&
		a.DrawnNormal == b.DrawnNormal && a.DrawnRisk == b.DrawnRisk && a.Question == b.Question &&
		strs(a.Stack, b.Stack) && strs(a.LingStack, b.LingStack) && a.LingShuffles == b.LingShuffles &&
		strs(a.Seen, b.Seen) && strs(a.LingSeen, b.LingSeen) && a.Phase == b.Phase && cardEq(a.Card, b.Card) &&
		slices.Equal(a.Pending, b.Pending) && (a.Pending == nil) == (b.Pending == nil) && lingEq(a.Ling, b.Ling) &&
		strs(a.Winners, b.Winners) && a.End == b.End
}

// A new field in State, Player, Card, Ling or Tile must be added to
// equalStates.
func TestEqualStatesCoversState(t *testing.T) {
	for _, c := range []struct {
		v any
		n int
	}{{State{}, 24}, {Player{}, 6}, {Card{}, 3}, {Ling{}, 5}, {Tile{}, 3}} {
		if got := reflect.TypeOf(c.v).NumField(); got != c.n {
			t.Errorf("%T has %d fields, equalStates knows %d", c.v, got, c.n)
		}
	}
	// Every field it knows makes a difference.
	s := start(t, New(nil), four)
	s, _ = do(t, New(nil), s, `{"type":"draw","kind":"normal"}`)
	if !equalStates(s, s.clone()) {
		t.Fatal("a clone differs")
	}
	x := s.clone()
	x.Players[1].Used = append(x.Players[1].Used, 3)
	y := s.clone()
	y.Card.Correct = "A"
	z := s.clone()
	z.Tiles[2].Removed = true
	for _, o := range []State{x, y, z} {
		if equalStates(s, o) {
			t.Fatal("a difference is not seen")
		}
	}
}
