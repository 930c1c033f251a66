package labyrinth

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"druckreif/board"
	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

const four = `{"game":"labyrinth","players":["Anna","Mireille","Sebastian","David"],"seed":1,"reader":"Anna"}`

// The rulebook's example: answer B is correct; Mireille (chip 4) and
// Sebastian (chip 2) guessed right, David (chip 3) wrong.
func TestRulebookExample(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	s, ev := ask(t, e, s, KindNormal, map[string]string{"Mireille": "B4", "Sebastian": "B2", "David": "A3"}, "B")
	want := map[string]int{"Anna": NichePos, "Mireille": 4, "Sebastian": 2, "David": -3}
	if got := positions(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("positions %v, want %v\n%s", got, want, eventsText(ev))
	}
	for _, w := range []string{"Mireille moves 4 fields forward", "Sebastian moves 2 fields forward", "David moves 3 fields back"} {
		if !strings.Contains(eventsText(ev), w) {
			t.Errorf("no event %q in\n%s", w, eventsText(ev))
		}
	}
	// The same in mid-game, with the card scanned by its ID: the engine
	// knows the answer is B, the reveal needs no letter.
	e = New(defaultSet(t))
	s = place(start(t, e, four), map[string]int{"Mireille": 20, "Sebastian": 20, "David": 20})
	c := cardOf(t, decks.Normal, "B")
	s, _ = do(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q}`, c.ID),
		`{"type":"tip","player":"Mireille","tip":"B"}`, `{"type":"bet","player":"Mireille","chip":4}`,
		`{"type":"tip","player":"Sebastian","tip":"B"}`, `{"type":"bet","player":"Sebastian","chip":2}`,
		`{"type":"tip","player":"David","tip":"A"}`, `{"type":"bet","player":"David","chip":3}`)
	refuse(t, e, s, `{"type":"reveal","correct":"C"}`, "card-answer")
	s, _ = do(t, e, s, `{"type":"reveal"}`)
	if got := positions(s); got["Mireille"] != 24 || got["Sebastian"] != 22 || got["David"] != 17 {
		t.Fatalf("positions %v", got)
	}
}

func TestPlayerCount(t *testing.T) {
	e := New(nil)
	for n := 1; n <= 7; n++ {
		var names []string
		for i := 0; i < n; i++ {
			names = append(names, fmt.Sprintf("P%d", i))
		}
		b, _ := json.Marshal(map[string]any{"game": "labyrinth", "players": names})
		_, err := e.Start(b)
		if ok := n >= 2 && n <= 6; ok != (err == nil) {
			t.Errorf("%d players: %v", n, err)
		}
		if err != nil && err.(*rules.RuleError).Rule != "setup-players" {
			t.Errorf("%d players: %v", n, err)
		}
	}
	for _, bad := range []string{
		`{"players":["A","A"]}`, `{"players":["A",""]}`, `{"players":["A","B"],"reader":"C"}`,
		`{"game":"dativ","players":["A","B"]}`, `{"players":["A","B"],"length":5}`,
		`{"players":["A","B"],"normal":0,"risk":0}`, `{"players":["A","B"],"face":"rot"}`,
		`{"players":["A","B"],"deal":true}`, `{"players":["A","B"],"colour":"red"}`,
	} {
		if _, err := e.Start(json.RawMessage(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestBoardFromSetup(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["A","B"]}`)
	b, _ := board.New(DefaultBoardSeed, board.DefaultLength)
	if s.Length != board.DefaultLength || s.Tiles[0].Field != b.Bulls[0] || s.Tiles[1].Field != b.Bulls[1] || s.Tiles[2].Field != b.Bulls[2] {
		t.Fatalf("board %d %v, want %d %v", s.Length, s.Tiles, board.DefaultLength, b.Bulls)
	}
	s = start(t, e, `{"players":["A","B"],"length":30,"board_seed":7}`)
	b, _ = board.New(7, 30)
	if s.Length != 30 || s.BoardSeed != 7 || s.Tiles[2].Field != b.Bulls[2] {
		t.Fatalf("board %d %v", s.Length, s.Tiles)
	}
	for _, p := range s.Players {
		if !p.InNiche() || !reflect.DeepEqual(p.Board, []int{1, 2, 3, 4, 5}) {
			t.Fatalf("not set up: %+v", p)
		}
	}
}

// The first reader is chosen in the setup; the role passes to the left
// (the next in the players list) after every question.
func TestReaderPassesLeft(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["Anna","Ben","Cem"],"reader":"Ben"}`)
	if p := e.Next(s); !reflect.DeepEqual(p.Actors, []string{"Ben"}) || !reflect.DeepEqual(p.Allowed, []string{ActDraw}) {
		t.Fatalf("first prompt %+v", p)
	}
	refuse(t, e, s, `{"type":"tip","player":"Anna","tip":"A"}`, "no-card")
	want := []string{"Cem", "Anna", "Ben", "Cem"}
	for i, w := range want {
		ans := map[string]string{}
		for _, p := range s.Players {
			if p.Name != s.Players[s.Reader].Name {
				ans[p.Name] = fmt.Sprintf("A%d", i%5+1)
			}
		}
		s, _ = ask(t, e, s, KindNormal, ans, "C")
		if got := s.Players[s.Reader].Name; got != w {
			t.Fatalf("after question %d the reader is %s, want %s", i+1, got, w)
		}
	}
	// Default: the first player reads first.
	if s := start(t, e, `{"players":["Anna","Ben"]}`); s.Reader != 0 {
		t.Fatal("default reader")
	}
}

func TestEveryoneButTheReaderTipsAndBets(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	s, _ = do(t, e, s, `{"type":"draw","kind":"normal"}`)
	p := e.Next(s)
	if !reflect.DeepEqual(p.Actors, []string{"Mireille", "Sebastian", "David"}) {
		t.Fatalf("actors %v", p.Actors)
	}
	refuse(t, e, s, `{"type":"tip","player":"Anna","tip":"A"}`, "reader-does-not-answer")
	refuse(t, e, s, `{"type":"bet","player":"Anna","chip":3}`, "reader-does-not-answer")
	refuse(t, e, s, `{"type":"tip","player":"Zoe","tip":"A"}`, "unknown-player")
	refuse(t, e, s, `{"type":"tip","player":"David","tip":"D"}`, "tip-letter")
	refuse(t, e, s, `{"type":"bet","player":"David","chip":6}`, "chip-value")
	refuse(t, e, s, `{"type":"bet","player":"David","chip":0}`, "chip-value")
	refuse(t, e, s, `{"type":"bet","player":"David","chips":2}`, "bad-action")
	refuse(t, e, s, `{"type":"draw","kind":"normal"}`, "card-drawn")
	refuse(t, e, s, `{"type":"fold"}`, "unknown-action")
	s, _ = do(t, e, s, `{"type":"tip","player":"David","tip":"a"}`, `{"type":"bet","player":"David","chip":2}`,
		`{"type":"tip","player":"Mireille","tip":"B"}`, `{"type":"bet","player":"Sebastian","chip":5}`)
	refuse(t, e, s, `{"type":"tip","player":"David","tip":"B"}`, "tip-placed")
	refuse(t, e, s, `{"type":"bet","player":"David","chip":3}`, "bet-placed")
	// Abstaining is not possible: no reveal while a tip or a bet is missing.
	refuse(t, e, s, `{"type":"reveal","correct":"A"}`, "answers-missing")
	s, _ = do(t, e, s, `{"type":"bet","player":"Mireille","chip":1}`)
	refuse(t, e, s, `{"type":"reveal","correct":"A"}`, "answers-missing")
	s, _ = do(t, e, s, `{"type":"tip","player":"Sebastian","tip":"C"}`)
	refuse(t, e, s, `{"type":"reveal"}`, "correct-missing")
	refuse(t, e, s, `{"type":"reveal","correct":"X"}`, "tip-letter")
	s, _ = do(t, e, s, `{"type":"reveal","correct":"A"}`)
	if got := positions(s); got["David"] != 2 || got["Mireille"] != -1 || got["Sebastian"] != NichePos || got["Anna"] != NichePos {
		t.Fatalf("positions %v", got)
	}
}

// Risk questions: every bet before the question is read and tipped.
func TestRiskQuestionBetsFirst(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	s, ev := do(t, e, s, `{"type":"draw","kind":"risk"}`)
	if !strings.Contains(eventsText(ev), "risk question") {
		t.Fatalf("no announcement: %s", eventsText(ev))
	}
	if p := e.Next(s); !reflect.DeepEqual(p.Allowed, []string{ActBet, ActPlace}) {
		t.Fatalf("risk prompt %+v", p)
	}
	refuse(t, e, s, `{"type":"tip","player":"David","tip":"A"}`, "risk-bets-first")
	s, _ = do(t, e, s, `{"type":"bet","player":"David","chip":5}`, `{"type":"bet","player":"Mireille","chip":1}`)
	refuse(t, e, s, `{"type":"tip","player":"David","tip":"A"}`, "risk-bets-first")
	s, _ = do(t, e, s, `{"type":"bet","player":"Sebastian","chip":3}`)
	if p := e.Next(s); !reflect.DeepEqual(p.Allowed, []string{ActTip, ActPlace}) {
		t.Fatalf("after the bets %+v", p)
	}
	s, _ = do(t, e, s, `{"type":"tip","player":"David","tip":"A"}`, `{"type":"tip","player":"Mireille","tip":"A"}`,
		`{"type":"tip","player":"Sebastian","tip":"B"}`, `{"type":"reveal","correct":"A"}`)
	if got := positions(s); got["David"] != 5 || got["Mireille"] != 1 || got["Sebastian"] != -3 {
		t.Fatalf("positions %v", got)
	}
	// A normal question allows tip and bet in any order.
	s, _ = do(t, e, s, `{"type":"draw","kind":"normal"}`, `{"type":"tip","player":"Anna","tip":"A"}`)
	if p := e.Next(s); !reflect.DeepEqual(p.Allowed, []string{ActTip, ActBet, ActPlace}) {
		t.Fatalf("normal prompt %+v", p)
	}
}

// The stack: 17 normal and 3 risk cards, then the game ends; longer games
// by option.
func TestStackOfTwenty(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["A","B"]}`)
	if s.Normal != 17 || s.Risk != 3 {
		t.Fatalf("stack %d+%d", s.Normal, s.Risk)
	}
	// Answers that never reach a tile: wrong with chip 1 (into the niche
	// and back out).
	play := func(s State, kind string) State {
		other := s.Players[1-s.Reader]
		chip := other.Board[0]
		s, _ = ask(t, e, s, kind, map[string]string{other.Name: fmt.Sprintf("A%d", chip)}, "B")
		return s
	}
	for i := 0; i < 3; i++ {
		s = play(s, KindRisk)
	}
	refuse(t, e, s, `{"type":"draw","kind":"risk"}`, "stack-composition")
	refuse(t, e, s, `{"type":"draw","kind":"lingutaurus"}`, "wrong-stack")
	refuse(t, e, s, `{"type":"draw"}`, "card-missing")
	refuse(t, e, s, `{"type":"draw","kind":"joker"}`, "card-kind")
	for i := 0; i < 16; i++ {
		s = play(s, KindNormal)
	}
	if s.Phase != PhaseDraw || s.Question != 19 {
		t.Fatalf("after 19: %s %d", s.Phase, s.Question)
	}
	s = play(s, KindNormal)
	if s.Phase != PhaseOver || s.End != "stack" || !e.Next(s).Over {
		t.Fatalf("after 20: %s %s", s.Phase, s.End)
	}
	refuse(t, e, s, `{"type":"draw","kind":"normal"}`, "game-over")

	// A longer game.
	s = start(t, e, `{"players":["A","B"],"normal":30,"risk":5}`)
	for i := 0; i < 35; i++ {
		kind := KindNormal
		if i%7 == 0 {
			kind = KindRisk
		}
		s = play(s, kind)
	}
	if s.Phase != PhaseOver || s.Question != 35 {
		t.Fatalf("long game: %s after %d", s.Phase, s.Question)
	}
}

// Dealt from the seed: the engine knows every card, the reveal needs no
// letter, and the same seed deals the same stack.
func TestDealtStack(t *testing.T) {
	set := defaultSet(t)
	e := New(set)
	setup := `{"players":["A","B","C"],"seed":42,"deal":true}`
	s := start(t, e, setup)
	if len(s.Stack) != 20 {
		t.Fatalf("stack of %d", len(s.Stack))
	}
	kinds := map[decks.LabyrinthKind]int{}
	for _, id := range s.Stack {
		f, _ := set.Find(decks.ParseRef(id))
		kinds[f.Labyrinth.Kind]++
	}
	if kinds[decks.Normal] != 17 || kinds[decks.Risk] != 3 {
		t.Fatalf("kinds %v", kinds)
	}
	if again := start(t, e, setup); !reflect.DeepEqual(again.Stack, s.Stack) || !reflect.DeepEqual(again.LingStack, s.LingStack) {
		t.Fatal("same seed, different stack")
	}
	if other := start(t, e, `{"players":["A","B","C"],"seed":43,"deal":true}`); reflect.DeepEqual(other.Stack, s.Stack) {
		t.Fatal("different seeds, same stack")
	}
	refuse(t, e, s, `{"type":"draw","card":"LAB-STD-9999"}`, "not-top-card")
	top := s.Stack[0]
	s, _ = do(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q}`, strings.ToLower(top)))
	if s.Card.Correct == "" || !strings.HasPrefix(s.Card.ID, top) {
		t.Fatalf("card %+v", s.Card)
	}
	bets := []string{`{"type":"bet","player":"B","chip":1}`, `{"type":"bet","player":"C","chip":1}`}
	tips := []string{`{"type":"tip","player":"B","tip":"A"}`, `{"type":"tip","player":"C","tip":"B"}`}
	s, _ = do(t, e, s, append(bets, tips...)...)
	wrong := map[string]string{"A": "B", "B": "C", "C": "A"}[s.Card.Correct]
	refuse(t, e, s, fmt.Sprintf(`{"type":"reveal","correct":%q}`, wrong), "card-answer")
	s, _ = do(t, e, s, `{"type":"reveal"}`)
	if len(s.Stack) != 19 || s.Phase != PhaseDraw {
		t.Fatalf("after the first card: %d %s", len(s.Stack), s.Phase)
	}
	// The dealt kind is enforced.
	if _, err := e.Start(json.RawMessage(`{"players":["A","B"],"deal":true,"normal":1000}`)); err == nil {
		t.Fatal("dealt more cards than the set holds")
	}
}

// Cards reported by ID: looked up in the set, never twice, on the face
// played, from the right stack.
func TestCardsByID(t *testing.T) {
	set := defaultSet(t)
	e := New(set)
	s := start(t, e, `{"players":["A","B"]}`)
	normal := cardOf(t, decks.Normal, "A")
	risk := cardOf(t, decks.Risk, "A")
	lg := cardOf(t, decks.Lingutaurus, "A")
	refuse(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q}`, normal.Sides[decks.Yellow].ID), "wrong-face")
	refuse(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q}`, lg.ID), "wrong-stack")
	refuse(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q,"kind":"risk"}`, normal.ID), "card-kind")
	refuse(t, e, s, `{"type":"draw","card":"LAB-NOPE-1"}`, "unknown-card")
	refuse(t, New(nil), s, fmt.Sprintf(`{"type":"draw","card":%q}`, normal.ID), "no-deck")
	s, _ = do(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q}`, strings.ToLower(normal.Sides[decks.Green].ID)+"/1.0"))
	if s.Card.Kind != KindNormal || s.Card.Correct != "A" || s.Card.ID != normal.Sides[decks.Green].ID {
		t.Fatalf("card %+v", s.Card)
	}
	s, _ = do(t, e, s, `{"type":"tip","player":"B","tip":"B"}`, `{"type":"bet","player":"B","chip":1}`, `{"type":"reveal"}`)
	refuse(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q}`, normal.ID), "card-used")
	s, _ = do(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q}`, risk.ID))
	if s.Card.Kind != KindRisk {
		t.Fatalf("card %+v", s.Card)
	}
	// The yellow game takes yellow sides.
	y := start(t, e, `{"players":["A","B"],"face":"gelb"}`)
	refuse(t, e, y, fmt.Sprintf(`{"type":"draw","card":%q}`, normal.Sides[decks.Green].ID), "wrong-face")
	y, _ = do(t, e, y, fmt.Sprintf(`{"type":"draw","card":%q}`, normal.ID))
	if y.Card.Correct != normal.Sides[decks.Yellow].CorrectLetter() || y.Card.ID != normal.Sides[decks.Yellow].ID {
		t.Fatalf("yellow card %+v", y.Card)
	}
}

// Bet chips: a used chip comes back only after all five have been placed.
func TestBetChipCycle(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["A","B","C"],"normal":40,"risk":0}`)
	// B and C answer alternately with A reading every third question;
	// track B's chips.
	used := []int{}
	for q := 0; len(used) < 7; q++ {
		r := s.Players[s.Reader].Name
		ans := map[string]string{}
		for _, p := range s.Players {
			if p.Name != r {
				ans[p.Name] = fmt.Sprintf("C%d", p.Board[len(p.Board)-1])
			}
		}
		if r != "B" {
			b := s.Players[1]
			if len(used) == 1 { // the chip just used is refused
				s2, _ := do(t, e, s, `{"type":"draw","kind":"normal"}`)
				refuse(t, e, s2, fmt.Sprintf(`{"type":"bet","player":"B","chip":%d}`, used[0]), "bet-chip-cycle")
			}
			used = append(used, b.Board[len(b.Board)-1])
		}
		// Right and wrong in turn: the pieces go forward and back and never
		// reach a Lingutaurus field, which would interrupt the questions.
		correct := "C"
		if q%2 == 1 {
			correct = "A"
		}
		s, _ = ask(t, e, s, KindNormal, ans, correct)
		b := s.Players[1]
		if len(used) < 5 && len(b.Board) != 5-len(used) {
			t.Fatalf("after %v: board %v", used, b.Board)
		}
		if len(used) == 5 && !reflect.DeepEqual(b.Board, []int{1, 2, 3, 4, 5}) {
			t.Fatalf("after all five: board %v used %v", b.Board, b.Used)
		}
	}
	if !reflect.DeepEqual(used, []int{5, 4, 3, 2, 1, 5, 4}) {
		t.Fatalf("chips used %v", used)
	}
	// The reader's chips stay on the board.
	if a := s.Players[0]; len(a.Board)+len(a.Used) != 5 {
		t.Fatalf("reader's chips %v %v", a.Board, a.Used)
	}
}

// Moving: forward and back by the chip; the fields behind the start; the
// niche; from the niche the next move starts from the start field; from
// behind the start it starts where the piece stands.
func TestMovingBehindTheStart(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["R","P","Q","N","M"],"normal":40,"risk":0}`)
	s = place(s, map[string]int{"P": -3, "Q": -2, "N": NichePos, "M": 1})
	s, _ = ask(t, e, s, KindNormal, map[string]string{"P": "A2", "Q": "B3", "N": "A2", "M": "B5"}, "A")
	// P: −3 + 2 = −1, not the start field. Q: −2 − 3 = −5 → niche.
	// N: from the niche via the start field: 2. M: 1 − 5 = −4, the last
	// field behind the start.
	want := map[string]int{"R": NichePos, "P": -1, "Q": NichePos, "N": 2, "M": -4}
	if got := positions(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("positions %v, want %v", got, want)
	}
	// From the niche, a wrong answer also starts on the start field.
	s, _ = ask(t, e, s, KindNormal, map[string]string{"R": "A4", "Q": "A4", "N": "B1", "M": "A1"}, "B")
	want = map[string]int{"R": -4, "P": -1, "Q": -4, "N": 3, "M": NichePos}
	if got := positions(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("positions %v, want %v", got, want)
	}
	// Pieces share fields: R and Q both stand on −4.
}

// The Lingutaurus: the first piece to reach a tile stops on it, whatever
// its chip; no bets on the Lingutaurus question; the reader does not tip.
func TestLingutaurusStopsTheFirst(t *testing.T) {
	e := New(nil)
	s := start(t, e, four) // tiles on 13, 25, 38
	if s.Tiles[0].Field != 13 {
		t.Fatalf("tiles %v", s.Tiles)
	}
	s = place(s, map[string]int{"Mireille": 10, "Sebastian": 5, "David": 13 - 5})
	s, ev := ask(t, e, s, KindNormal, map[string]string{"Mireille": "A5", "Sebastian": "A4", "David": "B5"}, "A")
	if pos(s, "Mireille") != 13 || s.Phase != PhaseLingutaurus || s.Ling.Torero != s.index("Mireille") {
		t.Fatalf("Mireille on %d, phase %s\n%s", pos(s, "Mireille"), s.Phase, eventsText(ev))
	}
	if p := e.Next(s); !reflect.DeepEqual(p.Actors, []string{"Anna"}) || !reflect.DeepEqual(p.Allowed, []string{ActDraw}) {
		t.Fatalf("prompt %+v", p)
	}
	refuse(t, e, s, `{"type":"tip","player":"Mireille","tip":"A"}`, "no-card")
	refuse(t, e, s, `{"type":"draw","kind":"normal"}`, "wrong-stack")
	s, _ = do(t, e, s, `{"type":"draw","kind":"lingutaurus"}`)
	refuse(t, e, s, `{"type":"bet","player":"Mireille","chip":1}`, "lingutaurus-no-bet")
	refuse(t, e, s, `{"type":"tip","player":"Anna","tip":"A"}`, "reader-does-not-answer")
	refuse(t, e, s, `{"type":"draw","kind":"lingutaurus"}`, "card-drawn")
	if p := e.Next(s); len(p.Actors) != 3 || !reflect.DeepEqual(p.Allowed, []string{ActTip, ActPlace}) {
		t.Fatalf("prompt %+v", p)
	}
	s, _ = do(t, e, s, `{"type":"tip","player":"Mireille","tip":"C"}`)
	refuse(t, e, s, `{"type":"reveal","correct":"C"}`, "answers-missing")
}

// lingSetup: Mireille is the Word Torero on field 13; the others stand
// where at says; Anna reads.
func lingSetup(t *testing.T, e rules.Engine[State], setup string, at map[string]int) State {
	t.Helper()
	s := start(t, e, setup)
	reader := s.Players[s.Reader].Name
	at["Mireille"] = 10
	s = place(s, at)
	ans := map[string]string{}
	for _, p := range s.Players {
		if p.Name != reader {
			ans[p.Name] = "B1"
		}
	}
	ans["Mireille"] = "A3"
	s, _ = ask(t, e, s, KindNormal, ans, "A")
	if s.Phase != PhaseLingutaurus || s.Players[s.Ling.Torero].Name != "Mireille" {
		t.Fatalf("no Lingutaurus: %s %v", s.Phase, positions(s))
	}
	return s
}

// Outcome 1: the Word Torero is right: 3 fields, nobody else moves, the
// tile is removed, the round ends.
func TestLingutaurusOutcome1(t *testing.T) {
	e := New(nil)
	s := lingSetup(t, e, four, map[string]int{"Sebastian": 5, "David": 2})
	before := positions(s)
	s, _ = ling(t, e, s, map[string]string{"Mireille": "B", "Sebastian": "B", "David": "B"}, "B")
	after := positions(s)
	if after["Mireille"] != 16 || after["Sebastian"] != before["Sebastian"] || after["David"] != before["David"] {
		t.Fatalf("before %v after %v", before, after)
	}
	if !s.Tiles[0].Removed || s.Phase != PhaseDraw || s.Players[s.Reader].Name != "Mireille" {
		t.Fatalf("tile %+v phase %s reader %d", s.Tiles[0], s.Phase, s.Reader)
	}
}

// Outcomes 2a–2c with five players: the answers are checked furthest back
// first; only the first correct one moves (3, 2, 1 fields); the Word Torero
// then moves 1.
func TestLingutaurusOutcome2abc(t *testing.T) {
	five := `{"players":["Anna","Mireille","Sebastian","David","Eva"],"reader":"Anna"}`
	// After the first question (everyone else wrong with chip 1):
	// Sebastian 5→4, David 2→1, Eva 8→7; Anna (the reader) is put on 12.
	// Places behind the Word Torero: David, Sebastian, Eva.
	cases := []struct {
		name  string
		tips  map[string]string
		moved map[string]int
	}{
		{"2a furthest back answering", map[string]string{"Mireille": "A", "David": "B", "Sebastian": "B", "Eva": "B"},
			map[string]int{"David": 3, "Mireille": 1}},
		{"2b second-to-last answering", map[string]string{"Mireille": "A", "David": "C", "Sebastian": "B", "Eva": "B"},
			map[string]int{"Sebastian": 2, "Mireille": 1}},
		{"2c third-to-last", map[string]string{"Mireille": "A", "David": "C", "Sebastian": "C", "Eva": "B"},
			map[string]int{"Eva": 1, "Mireille": 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := New(nil)
			s := lingSetup(t, e, five, map[string]int{"Sebastian": 5, "David": 2, "Eva": 8})
			s = place(s, map[string]int{"Anna": 12}) // the reader is furthest ahead here
			before := positions(s)
			s, ev := ling(t, e, s, c.tips, "B")
			for n, p := range positions(s) {
				if p-before[n] != c.moved[n] {
					t.Fatalf("%s moved %d, want %d\n%s", n, p-before[n], c.moved[n], eventsText(ev))
				}
			}
			if !s.Tiles[0].Removed || s.Phase != PhaseDraw {
				t.Fatalf("tile %+v", s.Tiles[0])
			}
		})
	}
}

// The reader counts among the places but has no tip: with the reader
// furthest back, the second-to-last gets 2 fields. With 4 players the
// third-to-last is checked.
func TestLingutaurusReaderHoldsAPlace(t *testing.T) {
	e := New(nil)
	s := lingSetup(t, e, four, map[string]int{"Sebastian": 5, "David": 2})
	// Anna (reader) in the niche, David 1, Sebastian 4.
	order, bonus := Ranks(s, s.Ling.Torero)
	if got := []string{s.Players[order[0]].Name, s.Players[order[1]].Name, s.Players[order[2]].Name}; !reflect.DeepEqual(got, []string{"Anna", "David", "Sebastian"}) || !reflect.DeepEqual(bonus, []int{3, 2, 1}) {
		t.Fatalf("ranks %v %v", got, bonus)
	}
	before := positions(s)
	s, _ = ling(t, e, s, map[string]string{"Mireille": "A", "David": "B", "Sebastian": "B"}, "B")
	if d := pos(s, "David") - before["David"]; d != 2 {
		t.Fatalf("David moved %d", d)
	}
	// Third-to-last with 4 players: David wrong, Sebastian right → 1.
	s = lingSetup(t, e, four, map[string]int{"Sebastian": 5, "David": 2})
	before = positions(s)
	s, _ = ling(t, e, s, map[string]string{"Mireille": "A", "David": "A", "Sebastian": "B"}, "B")
	if d := pos(s, "Sebastian") - before["Sebastian"]; d != 1 || pos(s, "Mireille") != 14 {
		t.Fatalf("Sebastian moved %d, Mireille on %d", d, pos(s, "Mireille"))
	}
}

// With 3 players there is no third-to-last: when the two checked are wrong
// a new card is drawn (2d), and the procedure begins again until someone
// is right.
func TestLingutaurusRedraw(t *testing.T) {
	e := New(nil)
	three := `{"players":["Anna","Mireille","Sebastian"],"reader":"Anna"}`
	s := lingSetup(t, e, three, map[string]int{"Sebastian": 12})
	// Sebastian 11, Anna in the niche: Anna is furthest back (no tip),
	// Sebastian second-to-last.
	s, ev := ling(t, e, s, map[string]string{"Mireille": "A", "Sebastian": "C"}, "B")
	if s.Phase != PhaseLingutaurus || s.Ling.Card != nil || s.Ling.Attempt != 1 || s.Tiles[0].Removed {
		t.Fatalf("no redraw: %+v\n%s", s.Ling, eventsText(ev))
	}
	if p := e.Next(s); !reflect.DeepEqual(p.Actors, []string{"Anna"}) {
		t.Fatalf("prompt %+v", p)
	}
	// Four players: third-to-last wrong too → redraw.
	s4 := lingSetup(t, e, four, map[string]int{"Sebastian": 5, "David": 2})
	s4, _ = ling(t, e, s4, map[string]string{"Mireille": "A", "David": "A", "Sebastian": "A"}, "B")
	if s4.Phase != PhaseLingutaurus || s4.Ling.Attempt != 1 {
		t.Fatal("four players: no redraw")
	}
	// Second card: the Word Torero is right.
	s, _ = ling(t, e, s, map[string]string{"Mireille": "C", "Sebastian": "C"}, "C")
	if pos(s, "Mireille") != 16 || pos(s, "Sebastian") != 11 || !s.Tiles[0].Removed {
		t.Fatalf("positions %v", positions(s))
	}
	// Only the first correct one moves.
	s = lingSetup(t, e, four, map[string]int{"Sebastian": 5, "David": 2})
	before := positions(s)
	s, _ = ling(t, e, s, map[string]string{"Mireille": "A", "David": "B", "Sebastian": "B"}, "B")
	if pos(s, "Sebastian") != before["Sebastian"] {
		t.Fatal("a second correct player moved")
	}
}

// Ties for a place: the tied pieces are checked in seat order from the
// reader's left (the reader last).
func TestLingutaurusTies(t *testing.T) {
	e := New(nil)
	five := `{"players":["Anna","Mireille","Sebastian","David","Eva"],"reader":"David"}`
	s := start(t, e, five)
	s = place(s, map[string]int{"Mireille": 10, "Sebastian": 3, "Anna": 3, "Eva": 3, "David": 3})
	s, _ = ask(t, e, s, KindNormal, map[string]string{"Mireille": "A3", "Sebastian": "B1", "Anna": "B1", "Eva": "B1"}, "A")
	// Everybody but Mireille on 2 (David, the reader, on 3). Seat order
	// from David's left: Eva, Anna, Sebastian.
	order, _ := Ranks(s, s.Ling.Torero)
	var names []string
	for _, i := range order {
		names = append(names, s.Players[i].Name)
	}
	if !reflect.DeepEqual(names, []string{"Eva", "Anna", "Sebastian"}) {
		t.Fatalf("order %v", names)
	}
	s, _ = ling(t, e, s, map[string]string{"Mireille": "A", "Eva": "A", "Anna": "B", "Sebastian": "B"}, "B")
	if pos(s, "Anna") != 4 || pos(s, "Sebastian") != 2 || pos(s, "Eva") != 2 || pos(s, "Mireille") != 14 {
		t.Fatalf("positions %v", positions(s))
	}
	// Pieces in niches tie too and are furthest back.
	s = start(t, e, `{"players":["Anna","Mireille","Sebastian","David"],"reader":"Sebastian"}`)
	s = place(s, map[string]int{"Mireille": 10})
	s, _ = ask(t, e, s, KindNormal, map[string]string{"Mireille": "A3", "Anna": "B5", "David": "A1"}, "A")
	order, _ = Ranks(s, s.Ling.Torero)
	names = nil
	for _, i := range order {
		names = append(names, s.Players[i].Name)
	}
	// Anna −5 (niche), Sebastian (reader) niche, David 1: from
	// Sebastian's left: David, Anna, (Mireille), Sebastian.
	if !reflect.DeepEqual(names, []string{"Anna", "Sebastian", "David"}) {
		t.Fatalf("order %v", names)
	}
}

// Two players: nobody answers a card they can see. The other player reads
// the first card to the Word Torero; if wrong, the Word Torero reads the
// next card to the other player (who is behind), who moves 3 if right (the
// Word Torero 1); then roles swap again until someone is right.
func TestLingutaurusTwoPlayers(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["Mireille","David"],"reader":"David","length":30}`) // tiles 8, 15, 23
	s = place(s, map[string]int{"Mireille": 5, "David": 2})
	s, _ = ask(t, e, s, KindNormal, map[string]string{"Mireille": "A4"}, "A")
	if s.Phase != PhaseLingutaurus || pos(s, "Mireille") != 8 {
		t.Fatalf("phase %s positions %v", s.Phase, positions(s))
	}
	if p := e.Next(s); !reflect.DeepEqual(p.Actors, []string{"David"}) {
		t.Fatalf("first Lingutaurus card read by %v", p.Actors)
	}
	s, _ = do(t, e, s, `{"type":"draw","kind":"lingutaurus"}`)
	refuse(t, e, s, `{"type":"tip","player":"David","tip":"A"}`, "reader-does-not-answer")
	s, _ = do(t, e, s, `{"type":"tip","player":"Mireille","tip":"A"}`, `{"type":"reveal","correct":"B"}`)
	// Second card: Mireille reads, David answers.
	if p := e.Next(s); !reflect.DeepEqual(p.Actors, []string{"Mireille"}) {
		t.Fatalf("second card read by %v", p.Actors)
	}
	s, _ = do(t, e, s, `{"type":"draw","kind":"lingutaurus"}`)
	refuse(t, e, s, `{"type":"tip","player":"Mireille","tip":"A"}`, "reader-does-not-answer")
	s, _ = do(t, e, s, `{"type":"tip","player":"David","tip":"A"}`, `{"type":"reveal","correct":"C"}`)
	// Third card: again David reads to Mireille; she is wrong; fourth:
	// David is right: 3 fields for him, 1 for the Word Torero.
	s, _ = ling(t, e, s, map[string]string{"Mireille": "A"}, "B")
	s, _ = ling(t, e, s, map[string]string{"David": "B"}, "B")
	if pos(s, "David") != 5 || pos(s, "Mireille") != 9 || !s.Tiles[0].Removed || s.Ling != nil {
		t.Fatalf("positions %v", positions(s))
	}
	if s.Players[s.Reader].Name != "Mireille" {
		t.Fatal("the reader did not pass on")
	}
	// Word Torero right on the first card: 3 fields.
	s = start(t, e, `{"players":["Mireille","David"],"reader":"David","length":30}`)
	s = place(s, map[string]int{"Mireille": 5})
	s, _ = ask(t, e, s, KindNormal, map[string]string{"Mireille": "A5"}, "A")
	s, _ = ling(t, e, s, map[string]string{"Mireille": "C"}, "C")
	if pos(s, "Mireille") != 11 || pos(s, "David") != NichePos {
		t.Fatalf("positions %v", positions(s))
	}
}

// Two pieces reaching the same tile on one question: the first in seat
// order from the reader's left is the Word Torero, the other stops too
// (the bull blocks the way until it is beaten). Two tiles reached on one
// question: faced in that order.
func TestTwoPiecesReachTiles(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["Anna","Mireille","Sebastian","David"],"reader":"Sebastian"}`)
	s = place(s, map[string]int{"Mireille": 11, "Anna": 10, "David": 24})
	s, ev := ask(t, e, s, KindNormal, map[string]string{"Mireille": "A5", "Anna": "A5", "David": "A3"}, "A")
	// Seat order from Sebastian's left: David, Anna, Mireille.
	if pos(s, "Anna") != 13 || pos(s, "Mireille") != 13 || pos(s, "David") != 25 {
		t.Fatalf("positions %v\n%s", positions(s), eventsText(ev))
	}
	if s.Tiles[0].Torero != "Anna" || s.Tiles[1].Torero != "David" {
		t.Fatalf("toreros %+v", s.Tiles)
	}
	if s.Players[s.Ling.Torero].Name != "David" || len(s.Pending) != 1 {
		t.Fatalf("first procedure for %s, pending %v", s.Players[s.Ling.Torero].Name, s.Pending)
	}
	s, _ = ling(t, e, s, map[string]string{"David": "A", "Anna": "B", "Mireille": "B"}, "A")
	if pos(s, "David") != 28 || s.Phase != PhaseLingutaurus || s.Players[s.Ling.Torero].Name != "Anna" {
		t.Fatalf("second procedure missing: %v %s", positions(s), s.Phase)
	}
	// Anna wrong. Places: Sebastian (reader, niche), Mireille 13
	// (second-to-last), David 28: Mireille right → 2 fields, Anna 1.
	s, _ = ling(t, e, s, map[string]string{"David": "B", "Anna": "B", "Mireille": "A"}, "A")
	if pos(s, "Mireille") != 15 || pos(s, "Anna") != 14 || s.Phase != PhaseDraw || s.Players[s.Reader].Name != "David" {
		t.Fatalf("positions %v phase %s", positions(s), s.Phase)
	}
	// Cleared fields are ordinary fields: Mireille passes 25 freely.
	s = place(s, map[string]int{"Mireille": 23})
	s, _ = ask(t, e, s, KindNormal, map[string]string{"Mireille": "A4", "Anna": "B4", "Sebastian": "B4"}, "A")
	if pos(s, "Mireille") != 27 || s.Phase != PhaseDraw {
		t.Fatalf("cleared field blocked: %v %s", positions(s), s.Phase)
	}
}

// A Lingutaurus bonus that reaches the next tile makes a new Word Torero.
func TestLingutaurusChain(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["Anna","Mireille","Sebastian"],"reader":"Anna","length":12}`) // tiles 3, 6, 9
	s = place(s, map[string]int{"Mireille": 1, "Sebastian": 4})
	s, _ = ask(t, e, s, KindNormal, map[string]string{"Mireille": "A2", "Sebastian": "B1"}, "A")
	// Mireille on 3 (Word Torero), Sebastian on 3 as well (4−1).
	if pos(s, "Mireille") != 3 || pos(s, "Sebastian") != 3 {
		t.Fatalf("positions %v", positions(s))
	}
	s, _ = ling(t, e, s, map[string]string{"Mireille": "B", "Sebastian": "B"}, "B")
	if pos(s, "Mireille") != 6 || s.Phase != PhaseLingutaurus || s.Tiles[1].Torero != "Mireille" {
		t.Fatalf("no chain: %v %s", positions(s), s.Phase)
	}
}

// The exit ends the game at once; all who reach it in the same turn win;
// a Lingutaurus still to be faced is not played.
func TestEarlyEnd(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	s = place(s, map[string]int{"Mireille": 47, "Sebastian": 46, "David": 35})
	s, ev := ask(t, e, s, KindNormal, map[string]string{"Mireille": "A5", "Sebastian": "A4", "David": "A5"}, "A")
	if s.Phase != PhaseOver || s.End != "exit" || !reflect.DeepEqual(s.Winners, []string{"Mireille", "Sebastian"}) {
		t.Fatalf("%s %s %v\n%s", s.Phase, s.End, s.Winners, eventsText(ev))
	}
	if pos(s, "Mireille") != 50 || pos(s, "David") != 38 || s.Ling != nil || len(s.Pending) != 0 {
		t.Fatalf("positions %v", positions(s))
	}
	if p := e.Next(s); !p.Over || len(p.Allowed) != 0 {
		t.Fatalf("prompt %+v", p)
	}
	refuse(t, e, s, `{"type":"draw","kind":"normal"}`, "game-over")
}

// At the end of the stack the furthest pieces win, ties included.
func TestEndAfterStackTies(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["Anna","Ben","Cem"],"normal":1,"risk":0}`)
	s = place(s, map[string]int{"Anna": 21, "Ben": 18, "Cem": 22})
	s, _ = ask(t, e, s, KindNormal, map[string]string{"Ben": "A3", "Cem": "B1"}, "A")
	if s.Phase != PhaseOver || s.End != "stack" || !reflect.DeepEqual(s.Winners, []string{"Anna", "Ben", "Cem"}) {
		t.Fatalf("%s %v %v", s.End, s.Winners, positions(s))
	}
	s = start(t, e, `{"players":["Anna","Ben"],"normal":1,"risk":0}`)
	s, _ = ask(t, e, s, KindNormal, map[string]string{"Ben": "A3"}, "C")
	// Ben on −3 is ahead of Anna in her niche.
	if !reflect.DeepEqual(s.Winners, []string{"Ben"}) {
		t.Fatalf("winners %v %v", s.Winners, positions(s))
	}
	// The last question's Lingutaurus is still played.
	s = start(t, e, `{"players":["Anna","Ben","Cem"],"normal":1,"risk":0}`)
	s = place(s, map[string]int{"Ben": 10})
	s, _ = ask(t, e, s, KindNormal, map[string]string{"Ben": "A3", "Cem": "B1"}, "A")
	if s.Phase != PhaseLingutaurus {
		t.Fatalf("phase %s", s.Phase)
	}
	s, _ = ling(t, e, s, map[string]string{"Ben": "A", "Cem": "B"}, "A")
	if s.Phase != PhaseOver || !reflect.DeepEqual(s.Winners, []string{"Ben"}) || pos(s, "Ben") != 16 {
		t.Fatalf("%s %v %v", s.Phase, s.Winners, positions(s))
	}
}

func TestStateJSONRoundTrip(t *testing.T) {
	e := New(defaultSet(t))
	s := start(t, e, `{"players":["A","B","C"],"seed":5,"deal":true}`)
	s = place(s, map[string]int{"B": 10})
	s, _ = do(t, e, s, `{"type":"draw"}`)
	for _, l := range []string{`{"type":"bet","player":"B","chip":3}`, `{"type":"bet","player":"C","chip":4}`,
		`{"type":"tip","player":"B","tip":"A"}`, `{"type":"tip","player":"C","tip":"A"}`} {
		s, _ = do(t, e, s, l)
	}
	back := enginetest.RoundTrip(t, s)
	// The decoded state plays on exactly like the original.
	x, _ := do(t, e, s, `{"type":"reveal"}`)
	y, _ := do(t, e, back, `{"type":"reveal"}`)
	bx, _ := json.Marshal(x)
	by, _ := json.Marshal(y)
	if string(bx) != string(by) {
		t.Fatal("decoded state plays differently")
	}
}

// Lingutaurus cards by ID and dealt: looked up, not repeated until all
// have been used, reshuffled from the seed when the dealt stack runs out.
func TestLingutaurusCards(t *testing.T) {
	set := defaultSet(t)
	e := New(set)
	s := lingSetup(t, e, four, map[string]int{"Sebastian": 5, "David": 2})
	lg := cardOf(t, decks.Lingutaurus, "A")
	normal := cardOf(t, decks.Normal, "A")
	refuse(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q}`, normal.ID), "wrong-stack")
	refuse(t, e, s, `{"type":"draw","kind":"risk"}`, "wrong-stack")
	s, _ = do(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q}`, lg.ID),
		`{"type":"tip","player":"Mireille","tip":"B"}`, `{"type":"tip","player":"Sebastian","tip":"B"}`, `{"type":"tip","player":"David","tip":"C"}`)
	refuse(t, e, s, `{"type":"reveal","correct":"B"}`, "card-answer")
	s, _ = do(t, e, s, `{"type":"reveal"}`)
	if s.Phase != PhaseLingutaurus || s.Ling.Attempt != 1 {
		t.Fatalf("no redraw: %s", s.Phase)
	}
	refuse(t, e, s, fmt.Sprintf(`{"type":"draw","card":%q}`, lg.Sides[decks.Green].ID), "card-used")

	// Dealt: as many wrong cards in a row as the stack holds use it up; the
	// next draw reshuffles it.
	s = start(t, e, `{"players":["Anna","Mireille","Sebastian"],"seed":3,"deal":true}`)
	s = place(s, map[string]int{"Mireille": 10})
	s, _ = do(t, e, s, `{"type":"draw"}`)
	correct := s.Card.Correct
	wrong := map[string]string{"A": "B", "B": "C", "C": "A"}
	s, _ = do(t, e, s, `{"type":"bet","player":"Mireille","chip":3}`, `{"type":"bet","player":"Sebastian","chip":1}`)
	s, _ = do(t, e, s, fmt.Sprintf(`{"type":"tip","player":"Mireille","tip":%q}`, correct), fmt.Sprintf(`{"type":"tip","player":"Sebastian","tip":%q}`, correct))
	s, _ = do(t, e, s, `{"type":"reveal"}`)
	if s.Phase != PhaseLingutaurus {
		t.Fatalf("phase %s %v", s.Phase, positions(s))
	}
	n := len(s.LingStack)
	var seen []string
	for i := 0; i < n; i++ {
		s, _ = do(t, e, s, `{"type":"draw"}`)
		seen = append(seen, s.Ling.Card.ID)
		c := s.Ling.Card.Correct
		s, _ = do(t, e, s, fmt.Sprintf(`{"type":"tip","player":"Mireille","tip":%q}`, wrong[c]), fmt.Sprintf(`{"type":"tip","player":"Sebastian","tip":%q}`, wrong[c]), `{"type":"reveal"}`)
	}
	s, ev := do(t, e, s, `{"type":"draw"}`)
	if s.LingShuffles != 1 || !strings.Contains(eventsText(ev), "reshuffled") || len(s.LingStack) != n-1 {
		t.Fatalf("no reshuffle after %d cards (%v): %s", n, seen, eventsText(ev))
	}
}

// Amending an earlier bet replays the rest and names the first later
// action that no longer holds.
func TestAmendBet(t *testing.T) {
	e := New(nil)
	lines := []string{`{"type":"draw","kind":"normal"}`, `{"type":"tip","player":"B","tip":"A"}`, `{"type":"bet","player":"B","chip":2}`, `{"type":"reveal","correct":"A"}`,
		`{"type":"draw","kind":"normal"}`, `{"type":"tip","player":"A","tip":"A"}`, `{"type":"bet","player":"A","chip":5}`, `{"type":"reveal","correct":"A"}`,
		`{"type":"draw","kind":"normal"}`, `{"type":"tip","player":"B","tip":"A"}`, `{"type":"bet","player":"B","chip":5}`, `{"type":"reveal","correct":"A"}`}
	l := rules.Log{Setup: json.RawMessage(`{"players":["A","B"]}`)}
	for _, x := range lines {
		l.Actions = append(l.Actions, line(x))
	}
	if _, _, err := rules.Replay(e, l); err != nil {
		t.Fatal(err)
	}
	_, err := rules.Amend(e, l, 2, line(`{"type":"bet","player":"B","chip":5}`))
	var se *rules.StepError
	var re *rules.RuleError
	if !errors.As(err, &se) || se.Index != 10 || !errors.As(err, &re) || re.Rule != "bet-chip-cycle" {
		t.Fatalf("amend: %v", err)
	}
}
