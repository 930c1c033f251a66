package dativ

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"druckreif/rules"
	"druckreif/rules/enginetest"
)

const four = `{"game":"dativ","players":["Anna","Ben","Cleo","Dora"],"seed":1}`

func votes(a, b, c, d string) string {
	return `{"type":"vote","votes":{"Anna":"` + a + `","Ben":"` + b + `","Cleo":"` + c + `","Dora":"` + d + `"}}`
}

func eventsText(ev []rules.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text.DE + "\n" + e.Text.EN + "\n")
	}
	return b.String()
}

// Rulebook: the reader places as many chips from the supply in the middle
// as there are players, including themselves.
func TestFirstTurnTopsUpPotOnePerPlayer(t *testing.T) {
	e := New(nil)
	for n, setup := range map[int]string{
		2: `{"players":["A","B"]}`,
		3: `{"players":["A","B","C"]}`,
		4: four,
		5: `{"players":["A","B","C","D","E"]}`,
	} {
		s := start(t, e, setup)
		if s.Pot != n || s.Supply != DefaultChips-n || s.Phase != PhaseRead {
			t.Errorf("%d players: pot %d supply %d phase %s", n, s.Pot, s.Supply, s.Phase)
		}
	}
}

// Rulebook worked case: the reader read a wrong variant, so the players who
// voted FALSCH receive one chip each; the reader judged correctly (FALSCH)
// and takes all chips the others did not win.
func TestRulebookWrongVariantFalschWins(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, four)
	s, ev := play(t, e, s,
		`{"type":"read","card":"DAT-TST-1","side":"vorne","option":"a"}`, // „wegen dem Regen“: wrong
		votes("falsch", "falsch", "richtig", "richtig"))
	want := map[string]int{"Anna": 3, "Ben": 1, "Cleo": 0, "Dora": 0}
	if got := chips(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("chips %v, want %v\n%s", got, want, eventsText(ev))
	}
	// Next reader clockwise, pot refilled to four from the supply.
	if s.Reader != 1 || s.Pot != 4 || s.Supply != 92 {
		t.Fatalf("reader %d pot %d supply %d", s.Reader, s.Pot, s.Supply)
	}
	txt := eventsText(ev)
	for _, w := range []string{"wegen dem Regen", "Der vorgelesene Satz ist falsch", "Richtig: „Wir sind wegen des Regens zu Hause geblieben.“", "Aufgedeckt: Anna FALSCH, Ben FALSCH, Cleo RICHTIG, Dora RICHTIG"} {
		if !strings.Contains(txt, w) {
			t.Errorf("events lack %q:\n%s", w, txt)
		}
	}
}

// Rulebook: a correct variant read aloud pays the RICHTIG voters.
func TestRulebookRightVariantRichtigWins(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, four)
	s, _ = play(t, e, s,
		`{"type":"read","card":"DAT-TST-1","side":"vorne","option":"c"}`, // des Regens: right
		votes("richtig", "richtig", "richtig", "falsch"))
	want := map[string]int{"Anna": 2, "Ben": 1, "Cleo": 1, "Dora": 0}
	if got := chips(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("chips %v, want %v", got, want)
	}
}

// Several options may be right: any of them read aloud is right.
func TestSeveralCorrectOptions(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, four)
	s, _ = play(t, e, s, `{"type":"read","card":"DAT-TST-2","side":"vorne","option":"b"}`)
	if s.Reading.Right == nil || !*s.Reading.Right {
		t.Fatalf("option b of TST-2 front is right: %+v", s.Reading)
	}
	_, ev := play(t, e, s, votes("richtig", "falsch", "falsch", "falsch"))
	if txt := eventsText(ev); !strings.Contains(txt, "Laut dem Wetterbericht wird es sonnig.“ / „Laut des Wetterberichts wird es sonnig.") {
		t.Errorf("both correct versions must be read out:\n%s", txt)
	}
}

// Rulebook: if the reader judged wrongly they win nothing; the chips the
// others did not win stay in the middle, and the next reader only tops the
// pot up to one chip per player.
func TestReaderWrongChipsStayInPot(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, four)
	s, ev := play(t, e, s,
		`{"type":"read","card":"DAT-TST-1","side":"hinten","option":"b"}`, // comma before dass: right
		votes("falsch", "richtig", "falsch", "falsch"))
	if got, want := chips(s), map[string]int{"Anna": 0, "Ben": 1, "Cleo": 0, "Dora": 0}; !reflect.DeepEqual(got, want) {
		t.Fatalf("chips %v, want %v", got, want)
	}
	// 3 stayed, 1 chip added: supply 100 − 4 − 1.
	if s.Pot != 4 || s.Supply != 95 {
		t.Fatalf("pot %d supply %d, want 4 and 95\n%s", s.Pot, s.Supply, eventsText(ev))
	}
	if !strings.Contains(eventsText(ev), "3 Chips bleiben in der Mitte") {
		t.Errorf("events:\n%s", eventsText(ev))
	}
	// Nobody right and the reader wrong: the full pot stays, nothing is added.
	s, _ = play(t, e, s, `{"type":"read","right":true}`, votes("falsch", "falsch", "falsch", "falsch"))
	if s.Pot != 4 || s.Supply != 95 || s.Reader != 2 {
		t.Fatalf("pot %d supply %d reader %d", s.Pot, s.Supply, s.Reader)
	}
	// The next reader who judges correctly takes what piled up.
	s, _ = play(t, e, s, `{"type":"read","right":false}`, votes("falsch", "richtig", "falsch", "richtig"))
	if got, want := chips(s), map[string]int{"Anna": 1, "Ben": 1, "Cleo": 3, "Dora": 0}; !reflect.DeepEqual(got, want) {
		t.Fatalf("chips %v, want %v", got, want)
	}
}

// Tactical hint of the rulebook: the more the others get wrong, the more
// the reader wins.
func TestReaderWinsMostWhenOthersErr(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	s, _ = play(t, e, s, `{"type":"read","right":true}`, votes("richtig", "falsch", "falsch", "falsch"))
	if s.Chips[0] != 4 {
		t.Fatalf("reader alone right takes the whole pot: %v", s.Chips)
	}
}

// Everyone including the reader votes; nothing is scored before the
// reader's guess card is down.
func TestReaderVotesToo(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	s, _ = play(t, e, s, `{"type":"read","right":true}`,
		`{"type":"vote","player":"Ben","vote":"richtig"}`,
		`{"type":"vote","player":"Cleo","vote":"falsch"}`,
		`{"type":"vote","player":"Dora","vote":"RICHTIG"}`)
	p := e.Next(s)
	if s.Phase != PhaseVote || !reflect.DeepEqual(p.Actors, []string{"Anna"}) || !reflect.DeepEqual(p.Allowed, []string{ActVote}) {
		t.Fatalf("the reader must still vote: %+v %+v", s.Phase, p)
	}
	if s.Pot != 4 || s.Chips[1] != 0 {
		t.Fatal("scored before all votes were in")
	}
	s, _ = play(t, e, s, `{"type":"vote","player":"anna","vote":"wrong"}`)
	if got, want := chips(s), map[string]int{"Anna": 0, "Ben": 1, "Cleo": 0, "Dora": 1}; !reflect.DeepEqual(got, want) {
		t.Fatalf("chips %v, want %v", got, want)
	}
}

// The reader passes clockwise, starting with the youngest (first).
func TestReaderClockwiseFromFirst(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["Anna","Ben","Cleo","Dora"],"first":"Cleo"}`)
	var readers []string
	for i := 0; i < 5; i++ {
		readers = append(readers, e.Next(s).Actors[0])
		s, _ = play(t, e, s, `{"type":"read","right":false}`, votes("falsch", "falsch", "falsch", "falsch"))
	}
	if want := []string{"Cleo", "Dora", "Anna", "Ben", "Cleo"}; !reflect.DeepEqual(readers, want) {
		t.Fatalf("readers %v, want %v", readers, want)
	}
	forbidden(t, e, s, `{"type":"read","player":"Anna","right":true}`, "not-your-turn")
}

// Draw-pile size by player count; the game ends when the pile is used up.
func TestPileSizeAndEnd(t *testing.T) {
	e := New(nil)
	for _, c := range []struct {
		setup string
		cards int
	}{
		{`{"players":["A","B"]}`, 26},
		{`{"players":["A","B","C"]}`, 24},
		{`{"players":["A","B","C","D"]}`, 24},
		{`{"players":["A","B","C","D","E"]}`, 20},
		{`{"players":["A","B","C"],"cards":5}`, 5},
	} {
		s := start(t, e, c.setup)
		turns := 0
		for !e.Next(s).Over {
			vs := map[string]string{}
			for _, p := range s.Players {
				vs[p] = "richtig"
			}
			b, _ := json.Marshal(map[string]any{"type": "vote", "votes": vs})
			s, _ = play(t, e, s, `{"type":"read","right":true}`, string(b))
			turns++
		}
		if turns != c.cards || s.Cards != c.cards || s.Phase != PhaseOver {
			t.Errorf("%s: %d turns, want %d", c.setup, turns, c.cards)
		}
		forbidden(t, e, s, `{"type":"read","right":true}`, "game-over")
	}
}

func TestWinnersAndTies(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["A","B"],"cards":2}`)
	// A reads, both right: B 1, A 1. B reads, both right: A 1, B 1.
	s, ev := play(t, e, s,
		`{"type":"read","right":true}`, `{"type":"vote","votes":{"A":"richtig","B":"richtig"}}`,
		`{"type":"read","right":true}`, `{"type":"vote","votes":{"A":"richtig","B":"richtig"}}`)
	if !reflect.DeepEqual(s.Winners, []string{"A", "B"}) || !e.Next(s).Over {
		t.Fatalf("tie: winners %v\n%s", s.Winners, eventsText(ev))
	}
	s = start(t, e, `{"players":["A","B","C"],"cards":1}`)
	s, _ = play(t, e, s, `{"type":"read","right":false}`, `{"type":"vote","votes":{"A":"falsch","B":"falsch","C":"richtig"}}`)
	if !reflect.DeepEqual(s.Winners, []string{"A"}) || s.Chips[0] != 2 {
		t.Fatalf("winners %v chips %v", s.Winners, s.Chips)
	}
	// Decision: chips left in the middle at the end belong to nobody.
	s = start(t, e, `{"players":["A","B","C"],"cards":1}`)
	s, _ = play(t, e, s, `{"type":"read","right":false}`, `{"type":"vote","votes":{"A":"richtig","B":"falsch","C":"richtig"}}`)
	if s.Pot != 2 || !reflect.DeepEqual(s.Winners, []string{"B"}) {
		t.Fatalf("pot %d winners %v", s.Pot, s.Winners)
	}
}

// Decision: when the supply runs dry the pot gets what is left; when the
// pot holds fewer chips than correct voters, they are paid clockwise from
// the reader's left until it is empty. Chips are conserved throughout.
func TestSupplyRunsDry(t *testing.T) {
	e := New(nil)
	s := start(t, e, `{"players":["A","B","C"],"chips":4,"cards":4}`)
	if s.Pot != 3 || s.Supply != 1 {
		t.Fatalf("pot %d supply %d", s.Pot, s.Supply)
	}
	all := `{"type":"vote","votes":{"A":"richtig","B":"richtig","C":"richtig"}}`
	s, ev := play(t, e, s, `{"type":"read","right":true}`, all)
	if s.Pot != 1 || s.Supply != 0 || !strings.Contains(eventsText(ev), "Der Vorrat ist leer: nur noch 1 Chip kommt in die Mitte") {
		t.Fatalf("pot %d supply %d\n%s", s.Pot, s.Supply, eventsText(ev))
	}
	// B reads; C (B's left) gets the only chip, A goes empty, B gets nothing.
	s, ev = play(t, e, s, `{"type":"read","right":true}`, all)
	if got, want := chips(s), map[string]int{"A": 1, "B": 1, "C": 2}; !reflect.DeepEqual(got, want) {
		t.Fatalf("chips %v, want %v\n%s", got, want, eventsText(ev))
	}
	if !strings.Contains(eventsText(ev), "A lag richtig, aber in der Mitte liegt kein Chip mehr.") {
		t.Errorf("events:\n%s", eventsText(ev))
	}
	// The game goes on with an empty pot to the end of the pile.
	s, _ = play(t, e, s, `{"type":"read","right":true}`, all, `{"type":"read","right":false}`, all)
	if !e.Next(s).Over || s.Pot != 0 || s.Supply != 0 {
		t.Fatalf("%+v", s)
	}
	// A game with no chips at all is possible and dull.
	s = start(t, e, `{"players":["A","B"],"chips":0,"cards":1}`)
	s, _ = play(t, e, s, `{"type":"read","right":true}`, `{"type":"vote","votes":{"A":"richtig","B":"richtig"}}`)
	if !reflect.DeepEqual(s.Winners, []string{"A", "B"}) {
		t.Fatal(s.Winners)
	}
}

func TestSetupRules(t *testing.T) {
	e := New(nil)
	for setup, rule := range map[string]string{
		`{"players":["A"]}`:                           "player-count",
		`{"players":["A","B","C","D","E","F"]}`:       "player-count",
		`{"players":["A","a"]}`:                       "player-name",
		`{"players":["A",""]}`:                        "player-name",
		`{"players":["A","B"],"first":"Z"}`:           "unknown-player",
		`{"game":"genial","players":["A","B"]}`:       "setup",
		`{"players":["A","B"],"chips":-1}`:            "setup",
		`{"players":["A","B"],"cards":-3}`:            "setup",
		`{"players":["A","B"],"chipz":3}`:             "setup",
		`{"players":["A","B"],"deal":true}`:           "setup", // needs decks
		`{"players":["A","B"],"deal":true,"cards":7}`: "setup",
	} {
		eng := e
		if strings.Contains(setup, "cards\":7") {
			eng = New(testSet(t)) // six cards only
		}
		_, err := eng.Start(json.RawMessage(setup))
		re, ok := err.(*rules.RuleError)
		if !ok || re.Rule != rule {
			t.Errorf("%s: want %s, got %v", setup, rule, err)
		}
	}
}

func TestPhaseAndVoteRules(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	forbidden(t, e, s, `{"type":"vote","player":"Ben","vote":"richtig"}`, "wrong-phase")
	forbidden(t, e, s, `{"type":"reveal","right":true}`, "wrong-phase")
	forbidden(t, e, s, `{"type":"bet","n":1}`, "unknown-action")
	forbidden(t, e, s, `{"type":"read","rigth":true}`, "bad-action")
	forbidden(t, e, s, `{"type":"read","side":"oben"}`, "bad-side")
	forbidden(t, e, s, `{"type":"read","option":"e"}`, "no-such-option")
	s, _ = play(t, e, s, `{"type":"read","right":true}`, `{"type":"vote","player":"Ben","vote":"richtig"}`)
	forbidden(t, e, s, `{"type":"read","right":true}`, "wrong-phase")
	forbidden(t, e, s, `{"type":"vote","player":"Ben","vote":"falsch"}`, "already-voted")
	forbidden(t, e, s, `{"type":"vote","votes":{"Cleo":"richtig","ben":"falsch"}}`, "already-voted")
	forbidden(t, e, s, `{"type":"vote","player":"Zoe","vote":"falsch"}`, "unknown-player")
	forbidden(t, e, s, `{"type":"vote","player":"Cleo","vote":"vielleicht"}`, "bad-vote")
	forbidden(t, e, s, `{"type":"vote","player":"Cleo"}`, "bad-action")
	forbidden(t, e, s, `{"type":"vote","votes":{}}`, "bad-action")
	forbidden(t, e, s, `{"type":"vote","player":"Cleo","vote":"richtig","votes":{"Dora":"falsch"}}`, "bad-action")
	// A refused batch records none of its votes.
	forbidden(t, e, s, `{"type":"vote","votes":{"Cleo":"richtig","Dora":"kaum"}}`, "bad-vote")
	if s.Votes[2] != "" {
		t.Fatal("partial batch recorded")
	}
}

func TestCardLookup(t *testing.T) {
	set := testSet(t)
	e := New(set)
	s := start(t, e, four)
	forbidden(t, e, s, `{"type":"read","card":"DAT-TST-99","side":"vorne","option":"a"}`, "unknown-card")
	forbidden(t, e, s, `{"type":"read","card":"GEN-TST-1","side":"vorne","option":"a"}`, "wrong-game-card")
	forbidden(t, e, s, `{"type":"read","card":"DAT-TST-1","option":"a"}`, "side-missing")
	forbidden(t, e, s, `{"type":"read","card":"DAT-TST-1","side":"hinten"}`, "option-missing")
	forbidden(t, e, s, `{"type":"read","card":"DAT-TST-1","side":"hinten","option":"c"}`, "no-such-option")
	forbidden(t, e, s, `{"type":"read","card":"DAT-TST-1-V","side":"hinten","option":"a"}`, "side-mismatch")
	// What the reader says of right or wrong is ignored for a known card:
	// true and false give the same state, so a refusal cannot tell.
	a, _ := play(t, e, s, `{"type":"read","card":"DAT-TST-1","side":"vorne","option":"c","right":false}`)
	b, _ := play(t, e, s, `{"type":"read","card":"DAT-TST-1","side":"vorne","option":"c","right":true}`)
	c, _ := play(t, e, s, `{"type":"read","card":"DAT-TST-1","side":"vorne","option":"c"}`)
	if mustJSON(a) != mustJSON(c) || mustJSON(b) != mustJSON(c) || c.Reading.Right == nil || !*c.Reading.Right {
		t.Fatalf("the reader's right changes the state: %+v / %+v / %+v", a.Reading, b.Reading, c.Reading)
	}
	// A side ID names the side; lower case and the version suffix are fine.
	s2, ev := play(t, e, s, `{"type":"read","card":"dat-tst-1-h/1.0","option":"b","right":true}`)
	if r := s2.Reading; r.Card != "DAT-TST-1" || r.Side != "hinten" || r.Right == nil || !*r.Right || r.Category != "Kommasetzung" || r.Sentence != "Sie hofft, dass es klappt." {
		t.Fatalf("%+v", r)
	}
	if txt := eventsText(ev); strings.Contains(txt, "Version") {
		t.Errorf("no version warning expected:\n%s", txt)
	}
	// Another version: a warning, not a refusal.
	_, ev = play(t, e, s, `{"type":"read","card":"DAT-TST-2-V/0.9","option":"a"}`)
	if !strings.Contains(eventsText(ev), "Version 0.9") {
		t.Errorf("version warning expected:\n%s", eventsText(ev))
	}
	// The card goes back in the box: neither side may come again.
	s2, _ = play(t, e, s2, votes("richtig", "richtig", "richtig", "richtig"))
	forbidden(t, e, s2, `{"type":"read","card":"DAT-TST-1-V","option":"a"}`, "card-used")
	// The facts of a card not in the decks may be stated instead.
	s2, _ = play(t, e, s2, `{"type":"read","side":"vorne","option":"b","right":false}`)
	if s2.Reading.Right == nil || *s2.Reading.Right {
		t.Fatal("stated fact lost")
	}
}

// Without decks (or without a card ID) the reader states whether the
// sentence was right — when reading or after the votes, by reveal.
func TestStatedFactsAndReveal(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	s, _ = play(t, e, s, `{"type":"read","card":"DAT-STD-7-H","option":"b"}`, votes("richtig", "falsch", "falsch", "richtig"))
	if s.Phase != PhaseReveal || s.Reading.Card != "DAT-STD-7" || s.Reading.Side != "hinten" {
		t.Fatalf("phase %s reading %+v", s.Phase, s.Reading)
	}
	p := e.Next(s)
	if !reflect.DeepEqual(p.Actors, []string{"Anna"}) || !reflect.DeepEqual(p.Allowed, []string{ActReveal}) {
		t.Fatalf("%+v", p)
	}
	forbidden(t, e, s, `{"type":"reveal"}`, "right-missing")
	forbidden(t, e, s, `{"type":"reveal","player":"Ben","right":true}`, "not-your-turn")
	s, _ = play(t, e, s, `{"type":"reveal","right":false}`)
	if got, want := chips(s), map[string]int{"Anna": 0, "Ben": 1, "Cleo": 1, "Dora": 0}; !reflect.DeepEqual(got, want) {
		t.Fatalf("chips %v, want %v", got, want)
	}
	if s.Pot != 4 || s.Supply != 94 {
		t.Fatalf("pot %d supply %d", s.Pot, s.Supply)
	}
	// Even without decks a card ID is remembered: the card is in the box.
	forbidden(t, e, s, `{"type":"read","card":"DAT-STD-7-V","right":true}`, "card-used")
	forbidden(t, e, s, `{"type":"read","card":"DAT-STD-8-V","side":"hinten","right":true}`, "side-mismatch")
	// Stated when reading: no reveal step.
	s, _ = play(t, e, s, `{"type":"read","right":true}`, votes("richtig", "richtig", "richtig", "richtig"))
	if s.Phase != PhaseRead || s.Reader != 2 {
		t.Fatalf("%+v", s)
	}
}

// With deal the engine shuffles the draw pile from the decks by the seed;
// the reader takes the top card.
func TestDeal(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, `{"players":["A","B"],"seed":7,"deal":true,"cards":4}`)
	if len(s.Pile) != 4 {
		t.Fatalf("pile %v", s.Pile)
	}
	again := start(t, e, `{"players":["A","B"],"seed":7,"deal":true,"cards":4}`)
	if !reflect.DeepEqual(s.Pile, again.Pile) {
		t.Fatal("same seed, different pile")
	}
	top := s.Pile[0]
	other := s.Pile[1]
	forbidden(t, e, s, `{"type":"read","card":"`+other+`","side":"vorne","option":"a"}`, "not-top-card")
	s2, _ := play(t, e, s, `{"type":"read","side":"vorne","option":"a"}`)
	if s2.Reading.Card != top || len(s2.Pile) != 3 || s2.Reading.Right == nil {
		t.Fatalf("%+v %v", s2.Reading, s2.Pile)
	}
	s3, _ := play(t, e, s, `{"type":"read","card":"`+top+`-H","option":"a"}`)
	if s3.Reading.Card != top || s3.Reading.Side != "hinten" {
		t.Fatalf("%+v", s3.Reading)
	}
	diff := false
	for seed := 0; seed < 5 && !diff; seed++ {
		o := start(t, e, `{"players":["A","B"],"deal":true,"cards":4,"seed":`+string(rune('0'+seed))+`}`)
		diff = !reflect.DeepEqual(o.Pile, s.Pile)
	}
	if !diff {
		t.Fatal("the seed does not change the pile")
	}
}

func TestPromptTexts(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	p := e.Next(s)
	if p.Over || !reflect.DeepEqual(p.Actors, []string{"Anna"}) || !reflect.DeepEqual(p.Allowed, []string{ActRead}) || p.Text.DE == "" || p.Text.EN == "" {
		t.Fatalf("%+v", p)
	}
	s, _ = play(t, e, s, `{"type":"read","right":true}`)
	if p := e.Next(s); !reflect.DeepEqual(p.Actors, []string{"Anna", "Ben", "Cleo", "Dora"}) {
		t.Fatalf("%+v", p)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, `{"players":["Anna","Ben","Cleo","Dora"],"deal":true,"seed":3,"cards":5}`)
	s, _ = play(t, e, s, `{"type":"read","side":"vorne","option":"a"}`, `{"type":"vote","player":"Ben","vote":"falsch"}`)
	back := enginetest.RoundTrip(t, s)
	if !reflect.DeepEqual(s, back) {
		t.Fatalf("round trip:\n%+v\n%+v", s, back)
	}
	v := votes("richtig", "falsch", "richtig", "falsch")
	v = strings.Replace(v, `"Ben":"falsch",`, "", 1)
	x, _ := play(t, e, s, v)
	y, _ := play(t, e, back, v)
	if !reflect.DeepEqual(x, y) {
		t.Fatal("a decoded state plays differently")
	}
}

// Apply must leave the state it got alone.
func TestApplyDoesNotMutate(t *testing.T) {
	e := New(testSet(t))
	s := start(t, e, `{"players":["A","B"],"deal":true,"seed":3,"cards":3}`)
	s, _ = play(t, e, s, `{"type":"read","side":"vorne","option":"a"}`, `{"type":"vote","player":"A","vote":"falsch"}`)
	before, _ := json.Marshal(s)
	if _, _, err := e.Apply(s, act(`{"type":"vote","player":"B","vote":"falsch"}`)); err != nil {
		t.Fatal(err)
	}
	after, _ := json.Marshal(s)
	if string(before) != string(after) {
		t.Fatalf("mutated:\n%s\n%s", before, after)
	}
}

func TestOneChipStaysWording(t *testing.T) {
	e := New(nil)
	s := start(t, e, four)
	_, ev := play(t, e, s, `{"type":"read","right":true}`, votes("falsch", "richtig", "richtig", "richtig"))
	txt := eventsText(ev)
	if !strings.Contains(txt, "1 Chip bleibt in der Mitte.") || !strings.Contains(txt, "1 chip stays in the middle.") {
		t.Fatalf("%s", txt)
	}
}
