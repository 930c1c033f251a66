package raab

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/raab/mini"
)

var (
	cardsOnce sync.Once
	cards     rules.Engine[State]
)

// withCards is the engine with the default decks: questions name cards.
func withCards(t testing.TB) rules.Engine[State] {
	cardsOnce.Do(func() {
		set, probs := decks.LoadSet(decks.Options{})
		if set == nil {
			panic(probs.Errors())
		}
		cards = New(set)
	})
	return cards
}

// evening drives an engine with cards through a test, line by line.
type evening struct {
	t *testing.T
	e rules.Engine[State]
	s State
	l rules.Log
}

func newEvening(t *testing.T, setup string, lines ...string) *evening {
	t.Helper()
	e := withCards(t)
	s, err := e.Start(json.RawMessage(setup))
	if err != nil {
		t.Fatal(err)
	}
	ev := &evening{t: t, e: e, s: s, l: rules.Log{Setup: json.RawMessage(setup)}}
	return ev.do(lines...)
}

func lineAction(t testing.TB, l string) rules.Action {
	var head struct{ Type string }
	if err := json.Unmarshal([]byte(l), &head); err != nil || head.Type == "" {
		t.Fatalf("bad line %s", l)
	}
	return rules.Action{Type: head.Type, Data: json.RawMessage(l)}
}

func (ev *evening) do(lines ...string) *evening {
	ev.t.Helper()
	for _, l := range lines {
		a := lineAction(ev.t, l)
		before := mustJSON(ev.t, ev.s)
		next, _, err := ev.e.Apply(ev.s, a)
		if err != nil {
			ev.t.Fatalf("%s: %v\nstate %s", l, err, before)
		}
		if mustJSON(ev.t, ev.s) != before {
			ev.t.Fatalf("%s: Apply changed its input", l)
		}
		ev.s = next
		ev.l.Actions = append(ev.l.Actions, a)
	}
	return ev
}

func (ev *evening) refuse(l, rule string) *evening {
	ev.t.Helper()
	_, _, err := ev.e.Apply(ev.s, lineAction(ev.t, l))
	var re *rules.RuleError
	if !errors.As(err, &re) || re.Rule != rule {
		ev.t.Fatalf("%s: want rule %q, got %v", l, rule, err)
	}
	if re.Msg.DE == "" || re.Msg.EN == "" {
		ev.t.Fatalf("%s: reason missing in a language", l)
	}
	return ev
}

func (ev *evening) duel() mini.State { return *ev.s.Current.Duel }

func (ev *evening) step(want string) *evening {
	ev.t.Helper()
	q := ev.s.Current.Question
	if q == nil || q.Step != want {
		ev.t.Fatalf("question %+v, want step %s", q, want)
	}
	return ev
}

func (ev *evening) actors(want ...string) *evening {
	ev.t.Helper()
	if got := ev.e.Next(ev.s).Actors; !slices.Equal(got, want) {
		ev.t.Fatalf("actors %v, want %v", got, want)
	}
	return ev
}

// Four at the table: Stefan, and the candidates Anna, Ben and Cem; Anna
// hosts game 1, Ben plays it.
const fourSetup = `{"game":"raab","players":["Stefan","Anna","Ben","Cem"],"length":"ratzfatz","stefan":"Stefan"}`

func toDuel(t *testing.T, game string) *evening {
	return newEvening(t, fourSetup, `{"type":"host","player":"Anna"}`, `{"type":"spin","game":"`+game+`"}`,
		`{"type":"candidate","player":"Ben"}`, `{"type":"accept"}`)
}

// The game's duel is set up on the table as the evening has it: the
// candidate red, Stefan blue, the host, the team beginning on a tie.
func TestDuelSetUp(t *testing.T) {
	ev := toDuel(t, "AK")
	d := ev.duel()
	if ev.s.Phase != PhaseResult || d.Code != "AK" || d.Players != [2]string{"Ben", "Stefan"} || d.Host != "Anna" || d.First != "red" || d.Two {
		t.Fatalf("duel %+v", d)
	}
	p := ev.e.Next(ev.s)
	for _, a := range []string{ActAsk, "buzz", "point", "skip", ActDuel, ActResult} {
		if !slices.Contains(p.Allowed, a) {
			t.Fatalf("allowed %v lacks %s", p.Allowed, a)
		}
	}
	if !slices.Equal(p.Actors, []string{"Anna"}) || !strings.Contains(p.Text.DE, "Ben gegen Stefan") {
		t.Fatalf("prompt %+v", p)
	}
	// Evening actions are out of turn; the evening's "choose" is the duel's.
	ev.refuse(`{"type":"spin","game":"EO"}`, "out-of-turn")
	ev.refuse(`{"type":"choose","red":"A","blue":"B","answer":"A"}`, "not-allowed")
}

// The duel's winner is the game's result: the evening goes on only once
// the duel is decided, and a result that names the other side is refused.
func TestDuelDecidesTheResult(t *testing.T) {
	ev := toDuel(t, "AK")
	ev.do(`{"type":"buzz","side":"red","correct":true}`)
	ev.refuse(`{"type":"result","winner":"team"}`, "duel-open")
	ev.refuse(`{"type":"duel"}`, "duel-started")
	ev.do(`{"type":"buzz","side":"blue","correct":false}`, `{"type":"point","side":"red"}`, `{"type":"buzz","side":"red","correct":true}`)
	if ev.duel().Winner != "red" {
		t.Fatalf("duel %+v", ev.duel())
	}
	if p := ev.e.Next(ev.s); !slices.Equal(p.Allowed, []string{ActResult}) || !slices.Equal(p.Actors, []string{"Anna"}) {
		t.Fatalf("prompt after the duel %+v", p)
	}
	ev.refuse(`{"type":"buzz","side":"red","correct":true}`, "duel-over")
	ev.refuse(`{"type":"result","winner":"stefan"}`, "result-duel")
	ev.do(`{"type":"result"}`)
	h := ev.s.History[0]
	if h.Winner != SideTeam || ev.s.Score.Team != 1 || h.Duel == nil || h.Duel.Score != [2]int{4, 0} || ev.s.Host != "Ben" {
		t.Fatalf("after the result: %+v score %+v", h, ev.s.Score)
	}
	// A result reported without playing the duel here still counts.
	ev.do(`{"type":"spin","game":"EO"}`, `{"type":"candidate","player":"Cem"}`, `{"type":"accept"}`, `{"type":"begin","side":"stefan"}`)
	if ev.duel().First != "blue" {
		t.Fatalf("Stefan begins: %+v", ev.duel())
	}
	ev.do(`{"type":"result","winner":"stefan"}`)
	if h := ev.s.History[1]; h.Duel != nil || h.Winner != SideStefan {
		t.Fatalf("reported result %+v", h)
	}
}

// The host's questions: a card's task, its step by the game, and the
// checks (the game's cards, the task on the card, a task played once).
func TestAsk(t *testing.T) {
	ev := toDuel(t, "EO")
	ev.refuse(`{"type":"ask","card":"RAAB-STD-AK-1","task":1}`, "wrong-game")
	ev.refuse(`{"type":"ask","card":"RAAB-STD-EO-1","task":9}`, "unknown-task")
	ev.refuse(`{"type":"ask","card":"RAAB-STD-EO-99","task":1}`, "unknown-card")
	ev.refuse(`{"type":"ask","card":"RAAB-STD-EO-1","task":1,"answer":"A"}`, "answer-on-card")
	ev.refuse(`{"type":"ask","card":"RAAB-STD-EO-1","task":1,"step":"buzz"}`, "step")
	ev.do(`{"type":"ask","card":"RAAB-STD-EO-1"}`)
	if q := ev.s.Current.Question; q.Card != "RAAB-STD-EO-1" || q.Task != 0 || q.Step != "" || q.Number != 0 {
		t.Fatalf("card in hand: %+v", q)
	}
	ev.do(`{"type":"ask","card":"RAAB-STD-EO-1","task":1}`).step(StepChips).actors("Ben", "Stefan")
	// The host enters the printed chips: the solution comes from the card.
	ev.do(`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-EO-1","task":1}`).step(StepDone).actors("Anna")
	if ev.duel().Score != [2]int{3, 2} {
		t.Fatalf("score %v", ev.duel().Score)
	}
	ev.refuse(`{"type":"ask","card":"RAAB-STD-EO-1","task":1}`, "task-used")
	ev.do(`{"type":"ask","card":"RAAB-STD-EO-1","task":2}`)
	if ev.s.Current.Question.Number != 2 {
		t.Fatalf("question %+v", ev.s.Current.Question)
	}
	for game, step := range map[string]string{"AK": StepBuzz, "ZO": StepBet, "WO": StepPlace, "SM": StepHost, "EN": StepGuess, "FZ": StepBuzz, "WM": StepHost} {
		ev := toDuel(t, game)
		ev.do(`{"type":"ask","card":"RAAB-STD-` + game + `-2","task":1}`).step(step)
	}
	// Showquiz: the card's kind of question.
	sq := toDuel(t, "SQ")
	sq.do(`{"type":"ask","card":"RAAB-STD-SQ-1","task":1}`).step(StepBuzz)
	sq.do(`{"type":"ask","card":"RAAB-STD-SQ-1","task":2}`).step(StepChips)
	sq.do(`{"type":"ask","card":"RAAB-STD-SQ-1","task":3}`).step(StepGuess)
	sq.refuse(`{"type":"ask","card":"RAAB-STD-SQ-1","task":3,"step":"chips"}`, "wrong-kind")
	// Filmzitate: nobody buzzes, the answers A–D come into the game.
	fz := toDuel(t, "FZ").do(`{"type":"ask","card":"RAAB-STD-FZ-1","task":1}`, `{"type":"ask","card":"RAAB-STD-FZ-1","task":1,"step":"chips"}`).step(StepChips)
	if fz.s.Current.Question.Number != 1 {
		t.Fatalf("the same question again: %+v", fz.s.Current.Question)
	}
}

// Chips laid in secret: each player's own pick, hidden from the other
// phones (the table's and the host's included) until both are in, then
// revealed together as the duel's one action.
func TestSecretChips(t *testing.T) {
	ev := toDuel(t, "EO").do(`{"type":"ask","card":"RAAB-STD-EO-1","task":1}`)
	ev.refuse(`{"type":"choose","player":"Cem","pick":"A"}`, "not-playing")
	ev.refuse(`{"type":"choose","player":"Ben","pick":"C"}`, "bad-answer")
	ev.refuse(`{"type":"guess","player":"Ben","pick":300}`, "not-allowed")
	pick := lineAction(t, `{"type":"choose","player":"Ben","pick":"B"}`)
	if who, ok := ev.e.(rules.Secrets[State]).Secret(ev.s, pick); !ok || who != "Ben" {
		t.Fatalf("Secret: %q %v", who, ok)
	}
	if sp := ev.e.(rules.Speaker[State]).Speakers(ev.s, pick); !slices.Equal(sp, []string{"Ben"}) {
		t.Fatalf("a pick speaks for %v", sp)
	}
	if sp := ev.e.(rules.Speaker[State]).Speakers(ev.s, lineAction(t, `{"type":"choose","red":"A","blue":"A"}`)); !slices.Equal(sp, []string{"Anna"}) {
		t.Fatalf("the host's action speaks for %v", sp)
	}
	ev.do(`{"type":"choose","player":"Ben","pick":"B"}`).actors("Stefan")
	red := ev.e.(rules.Redactor[State])
	for _, v := range []rules.Viewer{{Role: rules.RoleTable}, {Role: rules.RoleSpectator}, {Role: rules.RolePlayer, Player: "Stefan"}, {Role: rules.RolePlayer, Player: "Anna"}} {
		seen := red.View(ev.s, v)
		if p := seen.Current.Picks; p.Red != nil || !slices.Equal(p.Chosen, []string{"red"}) {
			t.Fatalf("%+v sees %+v", v, p)
		}
	}
	if p := red.View(ev.s, rules.Viewer{Role: rules.RolePlayer, Player: "Ben"}).Current.Picks; string(p.Red) != `"B"` {
		t.Fatalf("Ben does not see his own chip: %+v", p)
	}
	if ev.s.Current.Picks.Red == nil {
		t.Fatal("View changed the state")
	}
	// The collected picks are the one action the table's state reaches too.
	collected, err := ev.e.(rules.Secrets[State]).Collect(ev.s, []rules.Action{lineAction(t, `{"type":"choose","player":"Stefan","pick":"A"}`)})
	if err != nil || string(collected.Data) != `{"type":"choose","red":"B","blue":"A","card":"RAAB-STD-EO-1","task":1}` {
		t.Fatalf("collected %s %v", collected.Data, err)
	}
	viaCollect, _, err := ev.e.Apply(ev.s, collected)
	if err != nil {
		t.Fatal(err)
	}
	ev.do(`{"type":"choose","player":"Stefan","pick":"A"}`).step(StepDone)
	if mustJSON(t, viaCollect) != mustJSON(t, ev.s) || ev.duel().Score != [2]int{2, 3} || ev.s.Current.Picks != nil {
		t.Fatalf("revealed: %s\nvs %s", mustJSON(t, ev.s), mustJSON(t, viaCollect))
	}
	ev.refuse(`{"type":"choose","player":"Ben","pick":"A"}`, "ask-first")
}

// Zocken: the stakes on the risk discs first (secret), then the chips.
func TestZockenStakesThenChips(t *testing.T) {
	ev := toDuel(t, "ZO").do(`{"type":"ask","card":"RAAB-STD-ZO-1","task":1}`).step(StepBet)
	ev.refuse(`{"type":"bet","player":"Ben","pick":4}`, "bet-range")
	ev.refuse(`{"type":"choose","player":"Ben","pick":"A"}`, "not-allowed")
	ev.do(`{"type":"bet","player":"Ben","pick":2}`, `{"type":"bet","player":"Stefan","pick":3}`).step(StepChips)
	if ev.duel().Bets != [2]int{2, 3} {
		t.Fatalf("bets %v", ev.duel().Bets)
	}
	ev.do(`{"type":"choose","player":"Stefan","pick":"A"}`, `{"type":"choose","player":"Ben","pick":"B"}`).step(StepDone)
	if ev.duel().Score != [2]int{6, 1} {
		t.Fatalf("score %v", ev.duel().Score)
	}
}

// Wo liegt was?: the dice are placed openly, one square each, and stay.
func TestDiceOnTheMap(t *testing.T) {
	ev := toDuel(t, "WO").do(`{"type":"ask","card":"RAAB-STD-WO-1","task":1}`).step(StepPlace)
	place := lineAction(t, `{"type":"guess","player":"Ben","pick":"C4"}`)
	if _, secret := ev.e.(rules.Secrets[State]).Secret(ev.s, place); secret {
		t.Fatal("a die on the map is no secret")
	}
	ev.do(`{"type":"guess","player":"Ben","pick":"C4"}`)
	if p := ev.e.(rules.Redactor[State]).View(ev.s, rules.Viewer{Role: rules.RolePlayer, Player: "Stefan"}).Current.Picks; string(p.Red) != `"C4"` {
		t.Fatalf("Stefan does not see Ben's die: %+v", p)
	}
	ev.refuse(`{"type":"guess","player":"Ben","pick":"D4"}`, "die-placed")
	ev.refuse(`{"type":"guess","player":"Stefan","pick":"c4"}`, "square-taken")
	ev.refuse(`{"type":"guess","player":"Stefan","pick":"Z9"}`, "bad-square")
	ev.do(`{"type":"guess","player":"Stefan","pick":"D5"}`).step(StepDone)
	if ev.duel().Tasks != 1 || ev.duel().Map == "" {
		t.Fatalf("duel %+v", ev.duel())
	}
	// The duel's map is the first card's: another map's card is refused.
	other := "RAAB-STD-WO-12"
	ev.refuse(`{"type":"ask","card":"`+other+`","task":1}`, "wrong-map")
}

// Suchmaschinen 2 and the map of Wo liegt was? are set before the duel's
// first action.
func TestDuelOptions(t *testing.T) {
	ev := toDuel(t, "SM").do(`{"type":"duel","variant":2}`)
	if ev.duel().Variant != 2 {
		t.Fatalf("variant %d", ev.duel().Variant)
	}
	ev.do(`{"type":"hits","red":0,"blue":5}`)
	if ev.duel().Score != [2]int{0, 1} {
		t.Fatalf("fewest hits but more than 0: %v", ev.duel().Score)
	}
	toDuel(t, "AK").refuse(`{"type":"duel","variant":2}`, "bad-setup")
	if d := toDuel(t, "WO").do(`{"type":"duel","map":"EU"}`).duel(); d.Map != "EU" {
		t.Fatalf("map %q", d.Map)
	}
}

// Two players: no host, questions read out alternately, a new card for
// each question, and the picks of both kept secret from both.
func TestDuelForTwo(t *testing.T) {
	ev := newEvening(t, `{"game":"raab","players":["Mia","Stefan"],"length":"ratzfatz","stefan":"Stefan"}`, `{"type":"spin","game":"EN"}`)
	d := ev.duel()
	if !d.Two || d.Host != "" || d.Players != [2]string{"Mia", "Stefan"} {
		t.Fatalf("duel %+v", d)
	}
	ev.do(`{"type":"ask","card":"RAAB-STD-EN-1","task":1}`).step(StepGuess).actors("Mia", "Stefan")
	if ev.s.Current.Question.Reader != "Mia" {
		t.Fatalf("reader %+v", ev.s.Current.Question)
	}
	if sp := ev.e.(rules.Speaker[State]).Speakers(ev.s, lineAction(t, `{"type":"guess","red":1,"blue":2}`)); sp != nil {
		t.Fatalf("with two players a duel action speaks for %v", sp)
	}
	ev.do(`{"type":"guess","player":"Stefan","pick":250}`, `{"type":"guess","player":"Mia","pick":300}`)
	ev.refuse(`{"type":"ask","card":"RAAB-STD-EN-1","task":2}`, "new-card")
	ev.do(`{"type":"ask","card":"RAAB-STD-EN-2","task":1}`)
	if ev.s.Current.Question.Reader != "Stefan" {
		t.Fatalf("reader %+v", ev.s.Current.Question)
	}
	// Two players report the result; the duel decides it.
	ev.do(`{"type":"guess","red":1,"blue":2,"card":"RAAB-STD-EN-2","task":1}`)
	if p := ev.e.Next(ev.s); len(p.Actors) != 2 {
		t.Fatalf("prompt %+v", p)
	}
}

// A question without a card carries its solution; only the host (and the
// table's phone acting for him) sees it.
func TestAnswerOnlyForTheHost(t *testing.T) {
	ev := toDuel(t, "SC").do(`{"type":"ask","answer":"1234"}`).step(StepGuess)
	red := ev.e.(rules.Redactor[State])
	for v, sees := range map[rules.Viewer]bool{
		{Role: rules.RoleTable}: true, {Role: rules.RolePlayer, Player: "Anna"}: true,
		{Role: rules.RolePlayer, Player: "Ben"}: false, {Role: rules.RolePlayer, Player: "Stefan"}: false, {Role: rules.RoleSpectator}: false,
	} {
		if got := red.View(ev.s, v).Current.Question.Answer != nil; got != sees {
			t.Errorf("%+v sees the answer: %v", v, got)
		}
	}
	ev.do(`{"type":"guess","player":"Ben","pick":"1200"}`, `{"type":"guess","player":"Stefan","pick":1300}`)
	if ev.duel().Score != [2]int{1, 0} {
		t.Fatalf("score %v", ev.duel().Score)
	}
}

// The documented evening with its duels replays to its end: every game
// played on the table, the picks, the buzzer's verdicts, Zocken's stakes
// and the dice on the map.
func TestExampleWithDuels(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/raab-duels.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	l := readLog(t, bytes.Split(data, []byte("\n")))
	e := withCards(t)
	final, _, err := rules.Replay(e, l)
	if err != nil {
		t.Fatal(err)
	}
	if !e.Next(final).Over || final.Winner != SideTeam || final.Score != (Score{Stefan: 2, Team: 8}) || len(final.History) != 4 {
		t.Fatalf("ends %+v after %d games", final.Score, len(final.History))
	}
	want := map[string][2]int{"EO": {2, 0}, "AK": {1, 4}, "ZO": {10, 0}, "WO": {4, 1}}
	for _, h := range final.History {
		if h.Duel == nil || h.Duel.Score != want[h.Code] {
			t.Fatalf("game %d %s: duel %+v", h.Number, h.Code, h.Duel)
		}
	}
}
