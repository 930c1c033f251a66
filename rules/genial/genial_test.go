package genial

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"druckreif/rules"
	"druckreif/rules/enginetest"
)

const three = `{"game":"genial","players":["Anna","Ben","Cleo"],"seed":1}`
const four = `{"game":"genial","players":["Anna","Ben","Cleo","Dora"],"seed":1}`
const two = `{"game":"genial","players":["Anna","Ben"],"seed":1}`

// question plays one question with stated facts: ask, then answers.
func question(t *testing.T, e rules.Engine[State], s State, correct string, answers map[string]string) (State, []rules.Event) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"type": "answer", "answers": answers})
	return play(t, e, s, `{"type":"ask","correct":"`+correct+`"}`, string(b))
}

// everyoneRight answers every answerer with the correct letter.
func everyoneRight(t *testing.T, e rules.Engine[State], s State) State {
	t.Helper()
	as := map[string]string{}
	for _, p := range e.Next(s).Actors {
		if p != s.Players[s.Questioner] {
			as[p] = "a"
		}
	}
	s, _ = play(t, e, s, `{"type":"ask","correct":"a"}`)
	for _, p := range e.Next(s).Actors {
		as[p] = "a"
	}
	b, _ := json.Marshal(map[string]any{"type": "answer", "answers": as})
	s, _ = play(t, e, s, string(b))
	return s
}

func TestDealByPlayerCount(t *testing.T) {
	e := New(nil)
	for _, c := range []struct {
		setup string
		each  int
	}{{two, 9}, {three, 6}, {four, 5}} {
		s := start(t, e, c.setup)
		n := len(s.Players)
		if s.Dealt != c.each || !reflect.DeepEqual(s.Left, repeat(c.each, n)) {
			t.Fatalf("%s: dealt %d left %v", c.setup, s.Dealt, s.Left)
		}
		// Anna always knows the answer, the others never: Anna wins
		// clearly, so the game ends after exactly n × each questions.
		for !e.Next(s).Over {
			as := map[string]string{}
			for i, p := range s.Players {
				if i != s.Questioner {
					as[p] = map[bool]string{true: "a", false: "b"}[p == "Anna"]
				}
			}
			s, _ = question(t, e, s, "a", as)
		}
		if s.Asked != n*c.each || s.TieBreak != 0 || s.Winner != "Anna" || !reflect.DeepEqual(s.Left, repeat(0, n)) {
			t.Fatalf("%s: asked %d tie-break %d winner %s", c.setup, s.Asked, s.TieBreak, s.Winner)
		}
		forbidden(t, e, s, `{"type":"ask","correct":"a"}`, "game-over")
	}
	for _, setup := range []string{`{"players":["A"]}`, `{"players":["A","B","C","D","E"]}`, `{"players":[]}`} {
		if _, err := e.Start(json.RawMessage(setup)); err == nil || err.(*rules.RuleError).Rule != "player-count" {
			t.Errorf("%s: want player-count, got %v", setup, err)
		}
	}
}

func repeat(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// The youngest (first) begins; the questioner moves clockwise.
func TestQuestionerClockwise(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["Anna","Ben","Cleo","Dora"],"first":"Cleo"}`)
	var got []string
	for i := 0; i < 6; i++ {
		got = append(got, e.Next(s).Actors[0])
		s = everyoneRight(t, e, s)
	}
	if want := []string{"Cleo", "Dora", "Anna", "Ben", "Cleo", "Dora"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("questioners %v, want %v", got, want)
	}
	forbidden(t, e, s, `{"type":"ask","player":"Cleo","correct":"a"}`, "not-your-turn")
}

// The scoring paragraph of the rulebook, case by case.
func TestRulebookScoring(t *testing.T) {
	e := New(nil)
	cases := []struct {
		setup   string
		answers map[string]string // correct is always b; Anna asks
		want    map[string]int
	}{
		// Correct together with others: 10 each.
		{three, map[string]string{"Ben": "b", "Cleo": "b"}, map[string]int{"Anna": 0, "Ben": 10, "Cleo": 10}},
		// Alone correct: 20; the questioner gets 10 for the wrong answer.
		{three, map[string]string{"Ben": "b", "Cleo": "c"}, map[string]int{"Anna": 10, "Ben": 20, "Cleo": 0}},
		// Nobody correct: 10 per wrong answer to the questioner.
		{three, map[string]string{"Ben": "a", "Cleo": "c"}, map[string]int{"Anna": 20, "Ben": 0, "Cleo": 0}},
		{four, map[string]string{"Ben": "b", "Cleo": "b", "Dora": "a"}, map[string]int{"Anna": 10, "Ben": 10, "Cleo": 10, "Dora": 0}},
		{four, map[string]string{"Ben": "b", "Cleo": "c", "Dora": "a"}, map[string]int{"Anna": 20, "Ben": 20, "Cleo": 0, "Dora": 0}},
		{four, map[string]string{"Ben": "b", "Cleo": "b", "Dora": "b"}, map[string]int{"Anna": 0, "Ben": 10, "Cleo": 10, "Dora": 10}},
		{four, map[string]string{"Ben": "c", "Cleo": "c", "Dora": "a"}, map[string]int{"Anna": 30, "Ben": 0, "Cleo": 0, "Dora": 0}},
		// Two players: a correct answer is always only 10 ...
		{two, map[string]string{"Ben": "b"}, map[string]int{"Anna": 0, "Ben": 10}},
		// ... and (decision) the questioner still gets 10 for a wrong one.
		{two, map[string]string{"Ben": "a"}, map[string]int{"Anna": 10, "Ben": 0}},
	}
	for _, c := range cases {
		s := start(t, e, c.setup)
		s, ev := question(t, e, s, "b", c.answers)
		if got := scores(s); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %v: scores %v, want %v\n%s", c.setup, c.answers, got, c.want, eventsText(ev))
		}
	}
}

func TestPointsTable(t *testing.T) {
	for _, c := range []struct{ answerers, correct, per, q int }{
		{1, 1, 10, 0}, {1, 0, 0, 10},
		{2, 2, 10, 0}, {2, 1, 20, 10}, {2, 0, 0, 20},
		{3, 3, 10, 0}, {3, 2, 10, 10}, {3, 1, 20, 20}, {3, 0, 0, 30},
	} {
		per, q := Points(c.answerers, c.correct)
		if per != c.per || q != c.q {
			t.Errorf("Points(%d, %d) = %d, %d; want %d, %d", c.answerers, c.correct, per, q, c.per, c.q)
		}
	}
}

func TestAnswerRules(t *testing.T) {
	e := New(nil)
	s := start(t, e, three)
	forbidden(t, e, s, `{"type":"answer","player":"Ben","answer":"a"}`, "wrong-phase")
	forbidden(t, e, s, `{"type":"reveal","correct":"a"}`, "wrong-phase")
	forbidden(t, e, s, `{"type":"guess"}`, "unknown-action")
	forbidden(t, e, s, `{"type":"ask","corect":"a"}`, "bad-action")
	forbidden(t, e, s, `{"type":"ask","correct":"d"}`, "bad-answer")
	s, _ = play(t, e, s, `{"type":"ask"}`, `{"type":"answer","player":"ben","answer":"B"}`)
	forbidden(t, e, s, `{"type":"ask"}`, "wrong-phase")
	forbidden(t, e, s, `{"type":"answer","player":"Anna","answer":"a"}`, "questioner-answers")
	forbidden(t, e, s, `{"type":"answer","player":"Ben","answer":"c"}`, "already-answered")
	forbidden(t, e, s, `{"type":"answer","answers":{"Cleo":"a","Ben":"a"}}`, "already-answered")
	forbidden(t, e, s, `{"type":"answer","player":"Zoe","answer":"a"}`, "unknown-player")
	forbidden(t, e, s, `{"type":"answer","player":"Cleo","answer":"d"}`, "bad-answer")
	forbidden(t, e, s, `{"type":"answer","player":"Cleo"}`, "bad-action")
	forbidden(t, e, s, `{"type":"answer","answers":{}}`, "bad-action")
	forbidden(t, e, s, `{"type":"answer","player":"Cleo","answer":"a","answers":{"Cleo":"a"}}`, "bad-action")
	if p := e.Next(s); !reflect.DeepEqual(p.Actors, []string{"Cleo"}) || !reflect.DeepEqual(p.Allowed, []string{ActAnswer}) {
		t.Fatalf("%+v", p)
	}
	// No card, no stated answer: the questioner reveals it.
	s, _ = play(t, e, s, `{"type":"answer","player":"Cleo","answer":"c"}`)
	if s.Phase != PhaseReveal {
		t.Fatal(s.Phase)
	}
	if p := e.Next(s); !reflect.DeepEqual(p.Actors, []string{"Anna"}) || !reflect.DeepEqual(p.Allowed, []string{ActReveal}) {
		t.Fatalf("%+v", p)
	}
	forbidden(t, e, s, `{"type":"reveal"}`, "correct-missing")
	forbidden(t, e, s, `{"type":"reveal","correct":"x"}`, "bad-answer")
	forbidden(t, e, s, `{"type":"reveal","player":"Ben","correct":"b"}`, "not-your-turn")
	s, _ = play(t, e, s, `{"type":"reveal","correct":"b"}`)
	if got, want := scores(s), map[string]int{"Anna": 10, "Ben": 20, "Cleo": 0}; !reflect.DeepEqual(got, want) {
		t.Fatalf("%v", got)
	}
	if s.Phase != PhaseAsk || s.Questioner != 1 {
		t.Fatalf("%+v", s)
	}
}

func TestCardLookup(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, three)
	forbidden(t, e, s, `{"type":"ask","card":"GEN-TST-99"}`, "unknown-card")
	forbidden(t, e, s, `{"type":"ask","card":"DAT-TST-1"}`, "wrong-game-card")
	forbidden(t, e, s, `{"type":"ask","card":"GEN-TST-2","correct":"a"}`, "correct-mismatch")
	s2, ev := play(t, e, s, `{"type":"ask","card":"gen-tst-2/1.0"}`)
	q := s2.Question
	if q.Card != "GEN-TST-2" || q.Correct != "b" || q.Text != "Frage Nummer 2?" || len(q.Answers) != 3 {
		t.Fatalf("%+v", q)
	}
	if txt := eventsText(ev); !strings.Contains(txt, "Frage Nummer 2? a) Antwort A2 b) Antwort B2 c) Antwort C2") {
		t.Errorf("%s", txt)
	}
	s2, ev = play(t, e, s2, `{"type":"answer","answers":{"Ben":"b","Cleo":"a"}}`)
	if got, want := scores(s2), map[string]int{"Anna": 10, "Ben": 20, "Cleo": 0}; !reflect.DeepEqual(got, want) {
		t.Fatalf("%v\n%s", got, eventsText(ev))
	}
	if !strings.Contains(eventsText(ev), "Richtig ist b) Antwort B2.") {
		t.Errorf("%s", eventsText(ev))
	}
	forbidden(t, e, s2, `{"type":"ask","card":"GEN-TST-2"}`, "card-used")
	_, ev = play(t, e, s, `{"type":"ask","card":"GEN-TST-3/0.5"}`)
	if !strings.Contains(eventsText(ev), "Version 0.5") {
		t.Errorf("version warning expected: %s", eventsText(ev))
	}
	// A question from elsewhere: the facts instead of an ID.
	s3, _ := play(t, e, s, `{"type":"ask","correct":"c"}`)
	if s3.Question.Correct != "c" || s3.Question.Card != "" {
		t.Fatalf("%+v", s3.Question)
	}
	// Without decks a card ID is only remembered.
	e0 := New(nil)
	s4, _ := play(t, e0, start(t, e0, three), `{"type":"ask","card":"GEN-STD-4","correct":"b"}`, `{"type":"answer","answers":{"Ben":"b","Cleo":"b"}}`)
	forbidden(t, e0, s4, `{"type":"ask","card":"gen-std-4","correct":"b"}`, "card-used")
}

// Two tied players: each takes a new card; the one answering still gets
// only 10; the tie-break repeats until one leads.
func TestTieBreakTwoPlayers(t *testing.T) {
	e := New(nil)
	s := start(t, e, two)
	for !e.Next(s).Over && s.TieBreak == 0 {
		s = everyoneRight(t, e, s)
	}
	if s.TieBreak != 1 || s.Phase != PhaseAsk || !reflect.DeepEqual(s.Contenders, []int{0, 1}) || s.Questioner != 0 {
		t.Fatalf("tie-break expected: %+v", s)
	}
	if got := scores(s); got["Anna"] != 90 || got["Ben"] != 90 {
		t.Fatalf("%v", got)
	}
	// Round 1: both right → still tied.
	s = everyoneRight(t, e, s)
	s = everyoneRight(t, e, s)
	if s.TieBreak != 2 || s.Phase != PhaseAsk || s.Questioner != 0 {
		t.Fatalf("a second round expected: %+v", s)
	}
	// Round 2: Anna asks, Ben right (10); Ben asks, Anna wrong (Ben 10).
	s, _ = question(t, e, s, "c", map[string]string{"Ben": "c"})
	if s.Phase != PhaseAsk || s.Questioner != 1 {
		t.Fatalf("Ben asks next: %+v", s)
	}
	s, ev := question(t, e, s, "c", map[string]string{"Anna": "a"})
	if !e.Next(s).Over || s.Winner != "Ben" || s.Scores[1] != 120 || s.Scores[0] != 100 {
		t.Fatalf("%+v\n%s", s, eventsText(ev))
	}
	if s.Asked != 18+4 {
		t.Fatal(s.Asked)
	}
}

// Three players, two tied leaders: only they ask and answer in the
// tie-break; the third is out.
func TestTieBreakOnlyLeaders(t *testing.T) {
	e := New(nil)
	s := start(t, e, three)
	// Anna asks; Ben alone right: Anna +10, Ben +20, Cleo 0.
	s, _ = question(t, e, s, "b", map[string]string{"Ben": "b", "Cleo": "a"})
	for !e.Next(s).Over && s.TieBreak == 0 {
		s = everyoneRight(t, e, s)
	}
	if got := scores(s); !reflect.DeepEqual(got, map[string]int{"Anna": 130, "Ben": 130, "Cleo": 110}) {
		t.Fatalf("%v", got)
	}
	if s.TieBreak != 1 || !reflect.DeepEqual(s.Contenders, []int{0, 1}) || s.Questioner != 0 {
		t.Fatalf("%+v", s)
	}
	forbidden(t, e, s, `{"type":"ask","player":"Cleo","correct":"a"}`, "not-your-turn")
	s, _ = play(t, e, s, `{"type":"ask","correct":"a"}`)
	if p := e.Next(s); !reflect.DeepEqual(p.Actors, []string{"Ben"}) {
		t.Fatalf("only Ben answers Anna: %+v", p)
	}
	forbidden(t, e, s, `{"type":"answer","player":"Cleo","answer":"a"}`, "not-in-tiebreak")
	// One answerer: a correct answer is 10, as with two players.
	s, _ = play(t, e, s, `{"type":"answer","player":"Ben","answer":"a"}`)
	if s.Scores[1] != 140 || s.Questioner != 1 {
		t.Fatalf("%v %d", s.Scores, s.Questioner)
	}
	s, _ = question(t, e, s, "c", map[string]string{"Anna": "b"})
	if s.Winner != "Ben" || !e.Next(s).Over || s.Scores[2] != 110 {
		t.Fatalf("%+v", s)
	}
	if !strings.Contains(e.Next(s).Text.DE, "Ben") {
		t.Fatal(e.Next(s).Text)
	}
}

// Three tied of four: the first round narrows it to two, the second round
// is only for those two.
func TestTieBreakNarrows(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	// Dora falls behind: Anna asks, Dora wrong (Anna +10, Ben/Cleo +10).
	s, _ = question(t, e, s, "a", map[string]string{"Ben": "a", "Cleo": "a", "Dora": "b"})
	// Ben asks, Dora wrong: Ben +10, Anna/Cleo +10 → Anna, Ben, Cleo level.
	s, _ = question(t, e, s, "a", map[string]string{"Anna": "a", "Cleo": "a", "Dora": "b"})
	// Cleo asks, Dora wrong again (keeps Anna, Ben, Cleo level).
	s, _ = question(t, e, s, "a", map[string]string{"Anna": "a", "Ben": "a", "Dora": "b"})
	for !e.Next(s).Over && s.TieBreak == 0 {
		s = everyoneRight(t, e, s)
	}
	if s.TieBreak != 1 || !reflect.DeepEqual(s.Contenders, []int{0, 1, 2}) {
		t.Fatalf("%v %+v", scores(s), s)
	}
	// Round 1: Anna asks, Ben and Cleo both right (10 each); Ben asks, Anna
	// right and Cleo wrong (Anna 20, Ben 10); Cleo asks, both right.
	s, _ = question(t, e, s, "a", map[string]string{"Ben": "a", "Cleo": "a"})
	s, _ = question(t, e, s, "a", map[string]string{"Anna": "a", "Cleo": "b"})
	s, _ = question(t, e, s, "a", map[string]string{"Anna": "a", "Ben": "a"})
	// Anna +30, Ben +30, Cleo +10.
	if s.TieBreak != 2 || !reflect.DeepEqual(s.Contenders, []int{0, 1}) || s.Questioner != 0 {
		t.Fatalf("%v %+v", scores(s), s)
	}
	s, _ = question(t, e, s, "a", map[string]string{"Ben": "b"})
	s, _ = question(t, e, s, "a", map[string]string{"Anna": "b"})
	if s.TieBreak != 3 {
		t.Fatalf("still tied: %v", scores(s))
	}
	s, _ = question(t, e, s, "a", map[string]string{"Ben": "b"})
	s, _ = question(t, e, s, "a", map[string]string{"Anna": "a"})
	if s.Winner != "Anna" {
		t.Fatalf("%v %+v", scores(s), s)
	}
}

func TestDeal(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, `{"players":["Anna","Ben"],"seed":5,"deal":true}`)
	if len(s.Stacks) != 2 || len(s.Stacks[0]) != 9 || len(s.Stacks[1]) != 9 || len(s.Reserve) != 25-18 {
		t.Fatalf("%v %v", s.Stacks, s.Reserve)
	}
	again := start(t, e, `{"players":["Anna","Ben"],"seed":5,"deal":true}`)
	other := start(t, e, `{"players":["Anna","Ben"],"seed":6,"deal":true}`)
	if !reflect.DeepEqual(s.Stacks, again.Stacks) || reflect.DeepEqual(s.Stacks, other.Stacks) {
		t.Fatal("dealing must follow the seed")
	}
	top := s.Stacks[0][0]
	forbidden(t, e, s, `{"type":"ask","card":"`+s.Stacks[1][0]+`"}`, "not-top-card")
	s2, _ := play(t, e, s, `{"type":"ask"}`)
	if s2.Question.Card != top || len(s2.Stacks[0]) != 8 || s2.Question.Correct == "" {
		t.Fatalf("%+v", s2.Question)
	}
	if _, err := New(nil).Start(json.RawMessage(`{"players":["A","B"],"deal":true}`)); err == nil {
		t.Fatal("deal without decks")
	}
	if _, err := New(testSet(t)).Start(json.RawMessage(`{"players":["A","B","C","D"],"deal":true}`)); err != nil {
		t.Fatal(err) // 20 of 25
	}
	// Tie-breaks draw from the undealt rest; when it is used up the
	// question is entered with its facts.
	for !e.Next(s).Over && s.TieBreak == 0 {
		s = everyoneRightCard(t, e, s)
	}
	if s.TieBreak != 1 {
		t.Fatalf("%v", scores(s))
	}
	for i := 0; i < 7; i++ {
		r := s.Reserve[0]
		s = everyoneRightCard(t, e, s)
		if !contains(s.Used, r) {
			t.Fatalf("tie-break card %s not from the reserve", r)
		}
	}
	if s.Reserve != nil || s.Phase != PhaseAsk {
		t.Fatalf("%v %s", s.Reserve, s.Phase)
	}
	s, _ = play(t, e, s, `{"type":"ask"}`)
	if s.Question.Card != "" || s.Phase != PhaseAnswer {
		t.Fatalf("%+v", s.Question)
	}
}

// everyoneRightCard asks the top card and lets every answerer be right.
func everyoneRightCard(t *testing.T, e rules.Engine[State], s State) State {
	t.Helper()
	s, _ = play(t, e, s, `{"type":"ask"}`)
	as := map[string]string{}
	for _, p := range e.Next(s).Actors {
		as[p] = s.Question.Correct
	}
	b, _ := json.Marshal(map[string]any{"type": "answer", "answers": as})
	s, _ = play(t, e, s, string(b))
	return s
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestSetupRules(t *testing.T) {
	e := New(nil)
	for setup, rule := range map[string]string{
		`{"players":["A","a"]}`:                "player-name",
		`{"players":[" ","B"]}`:                "player-name",
		`{"players":["A","B"],"first":"C"}`:    "unknown-player",
		`{"game":"dativ","players":["A","B"]}`: "setup",
		`{"players":["A","B"],"cards":99}`:     "setup",
		`{"players":["A","B"],"karten":3}`:     "setup",
		`{"players":["A","B"],"deal":true}`:    "setup",
		`not json`:                             "setup",
	} {
		_, err := e.Start(json.RawMessage(setup))
		re, ok := err.(*rules.RuleError)
		if !ok || re.Rule != rule {
			t.Errorf("%s: want %s, got %v", setup, rule, err)
		}
	}
}

func TestJSONRoundTrip(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, `{"players":["Anna","Ben","Cleo"],"seed":9,"deal":true}`)
	s, _ = play(t, e, s, `{"type":"ask"}`, `{"type":"answer","player":"Ben","answer":"a"}`)
	back := enginetest.RoundTrip(t, s)
	if !reflect.DeepEqual(back, s) {
		t.Fatalf("round trip:\n%+v\n%+v", s, back)
	}
	x, _ := play(t, e, s, `{"type":"answer","player":"Cleo","answer":"b"}`)
	y, _ := play(t, e, back, `{"type":"answer","player":"Cleo","answer":"b"}`)
	if !reflect.DeepEqual(x, y) {
		t.Fatal("a decoded state plays differently")
	}
}

func TestApplyDoesNotMutate(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, `{"players":["Anna","Ben"],"seed":9,"deal":true}`)
	before := mustJSON(s)
	if _, _, err := e.Apply(s, act(`{"type":"ask"}`)); err != nil {
		t.Fatal(err)
	}
	if mustJSON(s) != before {
		t.Fatal("ask mutated its input")
	}
	s, _ = play(t, e, s, `{"type":"ask"}`)
	before = mustJSON(s)
	if _, _, err := e.Apply(s, act(`{"type":"answer","player":"Ben","answer":"a"}`)); err != nil {
		t.Fatal(err)
	}
	if mustJSON(s) != before {
		t.Fatal("answer mutated its input")
	}
}
