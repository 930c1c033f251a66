package thegame

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

const three = `{"game":"thegame","players":["Mireille","David","Julia"],"seed":1}`

// "Solo erhält man 8 Karten, zu zweit je 7, zu dritt bis fünft je 6. Der
// Rest bildet den verdeckten Nachziehstapel." And the Profi variant's
// smaller hands: "solo 7, zu zweit 6, zu dritt bis fünft 5".
func TestSetupHandSizes(t *testing.T) {
	names := []string{"A", "B", "C", "D", "E"}
	want := map[int][2]int{1: {8, 7}, 2: {7, 6}, 3: {6, 5}, 4: {6, 5}, 5: {6, 5}}
	for n := 1; n <= 5; n++ {
		for _, mode := range []string{Assistant, Full} {
			for small := 0; small < 2; small++ {
				setup, _ := json.Marshal(Setup{Game: "thegame", Players: names[:n], Seed: 3, Mode: mode, Profi: small == 1, SmallHands: small == 1})
				s := start(t, string(setup))
				size := want[n][small]
				if s.HandSize != size {
					t.Fatalf("%d players small=%d: hand %d, want %d", n, small, s.HandSize, size)
				}
				if s.DrawCount != 98-n*size {
					t.Fatalf("%d players: draw pile %d, want %d", n, s.DrawCount, 98-n*size)
				}
				for _, h := range s.Hands {
					if h.Count != size {
						t.Fatalf("hand count %d", h.Count)
					}
					if mode == Full && len(h.Known) != size || mode == Assistant && len(h.Known) != 0 {
						t.Fatalf("%s mode: known %v", mode, h.Known)
					}
				}
				if mode == Full && len(s.DrawPile) != s.DrawCount {
					t.Fatalf("draw pile %d cards, count %d", len(s.DrawPile), s.DrawCount)
				}
			}
		}
	}
	// Profi without smaller hands keeps the normal sizes.
	if s := start(t, `{"players":["A","B"],"profi":true}`); s.HandSize != 7 || s.Minimum() != 3 {
		t.Fatalf("profi: hand %d, minimum %d", s.HandSize, s.Minimum())
	}
}

// "Zwei Startkarten 1 beginnen aufsteigende, zwei 100 absteigende Stapel."
func TestSetupPiles(t *testing.T) {
	s := start(t, three)
	want := []Pile{{"1A", true, 1, true, 0}, {"1B", true, 1, true, 0}, {"100A", false, 100, true, 0}, {"100B", false, 100, true, 0}}
	if !slices.Equal(s.Piles, want) {
		t.Fatalf("piles %+v", s.Piles)
	}
	if s.Players[s.Active] != "Mireille" || s.Turn != 1 || s.Phase != PhaseTurn {
		t.Fatalf("start: %+v", s)
	}
}

// "Startspieler gemeinsam bestimmen, dann im Uhrzeigersinn spielen."
func TestStarterAndClockwise(t *testing.T) {
	s := start(t, `{"players":["Mireille","David","Julia"],"starter":"Julia"}`)
	if s.Players[s.Active] != "Julia" {
		t.Fatalf("starter: %s", s.Players[s.Active])
	}
	s = do(t, s, `play "pile":"1A","value":10`, `play "pile":"1A","value":20`, `draw "count":2`)
	if s.Players[s.Active] != "Mireille" || s.Turn != 2 {
		t.Fatalf("after Julia comes Mireille: %s, turn %d", s.Players[s.Active], s.Turn)
	}
	forbidden(t, s, `play "player":"Julia","pile":"1A","value":30`, "not-your-turn")
	forbidden(t, s, `play "player":"Nobody","pile":"1A","value":30`, "unknown-player")
	s = do(t, s, `play "player":"Mireille","pile":"1A","value":30`)
}

func TestSetupErrors(t *testing.T) {
	for _, c := range []struct{ setup, rule string }{
		{`{"players":[]}`, "players"},
		{`{"players":["A","B","C","D","E","F"]}`, "players"},
		{`{"players":["A","A"]}`, "players"},
		{`{"players":["A",""]}`, "players"},
		{`{"players":["A"],"small_hands":true}`, "small-hands"},
		{`{"players":["A"],"mode":"cheat"}`, "setup"},
		{`{"players":["A"],"profie":true}`, "setup"},
		{`{"game":"dativ","players":["A"]}`, "setup"},
		{`{"players":["A"],"starter":"B"}`, "starter"},
	} {
		_, err := eng.Start(json.RawMessage(c.setup))
		re, ok := err.(*rules.RuleError)
		if !ok || re.Rule != c.rule {
			t.Errorf("%s: want %s, got %v", c.setup, c.rule, err)
		}
	}
}

// "Aufsteigende Stapel werden höher, absteigende niedriger."
func TestPileDirections(t *testing.T) {
	s := do(t, start(t, `{"players":["Mireille"]}`), `play "pile":"1A","value":30`, `play "pile":"100A","value":70`)
	forbidden(t, s, `play "pile":"1A","value":29`, "pile-order")
	forbidden(t, s, `play "pile":"100A","value":71`, "pile-order")
	// Gaps are allowed: any higher card on an ascending pile, any lower on a
	// descending one.
	s = do(t, s, `play "pile":"1A","value":95`, `play "pile":"100A","value":2`, `play "pile":"1B","value":99`, `play "pile":"100B","value":3`)
	if pile(s, "1A").Top != 95 || pile(s, "100A").Top != 2 || pile(s, "1B").Top != 99 || pile(s, "100B").Top != 3 {
		t.Fatalf("tops %+v", s.Piles)
	}
	forbidden(t, s, `play "pile":"1A","value":94`, "pile-order")
}

// "Der Rückwärtstrick erlaubt genau zehn weniger auf einem aufsteigenden
// oder zehn mehr auf einem absteigenden Stapel." "Rückwärtstricks sind
// wiederholt erlaubt."
func TestBackwardsTrick(t *testing.T) {
	s := do(t, start(t, `{"players":["Mireille"]}`), `play "pile":"1A","value":57`, `play "pile":"100B","value":40`)
	for _, v := range []string{"46", "48", "56", "37"} {
		forbidden(t, s, `play "pile":"1A","value":`+v, "pile-order")
	}
	for _, v := range []string{"49", "51", "41", "60"} {
		forbidden(t, s, `play "pile":"100B","value":`+v, "pile-order")
	}
	s, ev := events(t, s, `play "pile":"1A","value":47`)
	if p := pile(s, "1A"); p.Top != 47 || !s.Plays[len(s.Plays)-1].Trick {
		t.Fatalf("trick up: %+v", p)
	}
	if !strings.Contains(ev[0].Text.DE, "Rückwärtstrick") || !strings.Contains(ev[0].Text.EN, "Backwards trick") {
		t.Fatalf("event %v", ev)
	}
	// Repeatable, in the same turn and on the same pile.
	s = do(t, s, `play "pile":"1A","value":37`, `play "pile":"1A","value":27`, `play "pile":"100B","value":50`, `play "pile":"100B","value":60`)
	if pile(s, "1A").Top != 27 || pile(s, "100B").Top != 60 {
		t.Fatalf("repeated tricks: %+v", s.Piles)
	}
	tricks := 0
	for _, p := range s.Plays {
		if p.Trick {
			tricks++
		}
	}
	if tricks != 5 {
		t.Fatalf("%d tricks recorded, want 5", tricks)
	}
	// A trick works only onto a card that is really there: 100 − 10 = 90
	// is no trick on a fresh descending pile (it is just lower).
	s2 := do(t, start(t, three), `play "pile":"100A","value":90`)
	if s2.Plays[0].Trick {
		t.Fatal("90 on 100 is not a trick")
	}
}

// "Pro Zug mindestens zwei Karten ablegen und danach die Hand auffüllen."
func TestMinimumTwoAndRefill(t *testing.T) {
	s := start(t, three)
	forbidden(t, s, `draw`, "minimum")
	forbidden(t, s, `end`, "minimum")
	s = do(t, s, `play "pile":"1A","value":5`)
	forbidden(t, s, `draw`, "minimum")
	s = do(t, s, `play "pile":"1A","value":6`)
	if p := eng.Next(s); !slices.Equal(p.Allowed, []string{"play", "draw", "hand"}) {
		t.Fatalf("after the minimum: %v", p.Allowed)
	}
	forbidden(t, s, `block`, "minimum-reached")
	forbidden(t, s, `end`, "draw-first")
	forbidden(t, s, `draw "count":3`, "draw-count")
	// "Mehr als das Minimum ist erlaubt, bis die Hand leer ist."
	s = do(t, s, `play "pile":"1A","value":7`, `play "pile":"1A","value":8`)
	if s.ToDraw() != 4 {
		t.Fatalf("to draw %d", s.ToDraw())
	}
	s, ev := events(t, s, `draw "count":4`)
	if s.Hands[0].Count != 6 || s.DrawCount != 80-4 || s.Active != 1 || s.TurnPlays != 0 {
		t.Fatalf("after refill: %+v", s)
	}
	if !strings.Contains(joinEvents(ev), "bestätigt") {
		t.Fatalf("events %s", joinEvents(ev))
	}
	// The draw confirmation may leave out the count.
	s = do(t, s, `play "pile":"1A","value":9`, `play "pile":"1A","value":11`, `draw`)
	if s.Hands[1].Count != 6 || s.DrawCount != 74 {
		t.Fatalf("draw without count: %+v", s.Hands)
	}
}

// "Profi: mindestens drei Karten, solange ein Nachziehstapel besteht. …
// Bei leerem Stapel bleibt das Minimum eine Karte."
func TestProfiMinimum(t *testing.T) {
	s := start(t, `{"players":["A","B"],"profi":true,"small_hands":true}`)
	if s.Minimum() != 3 || s.HandSize != 6 {
		t.Fatalf("profi: minimum %d hand %d", s.Minimum(), s.HandSize)
	}
	s = do(t, s, `play "pile":"1A","value":10`, `play "pile":"1A","value":11`)
	forbidden(t, s, `draw`, "minimum")
	s = do(t, s, `play "pile":"1A","value":12`, `draw "count":3`)
	s.DrawCount = 0 // the pile ran out
	if s.Minimum() != 1 {
		t.Fatalf("profi with empty pile: minimum %d", s.Minimum())
	}
	s = do(t, s, `play "pile":"1A","value":13`, `end`)
	if s.Players[s.Active] != "A" {
		t.Fatal("turn did not pass")
	}
}

// The draw pile runs out: the last refill is short, then one card a turn is
// enough, "end" closes the turn (nothing to draw), and "Spieler ohne Karten
// werden übersprungen".
func TestEmptyDrawPileAndSkipping(t *testing.T) {
	s := start(t, three)
	s.DrawCount = 1
	s = do(t, s, `play "pile":"1A","value":10`)
	forbidden(t, s, `draw`, "minimum") // minimum is still two: the pile is not empty yet
	s = do(t, s, `play "pile":"1A","value":11`)
	forbidden(t, s, `draw "count":2`, "draw-count")
	s, ev := events(t, s, `draw "count":1`)
	if s.DrawCount != 0 || s.Hands[0].Count != 5 {
		t.Fatalf("short refill: %+v", s)
	}
	if !strings.Contains(joinEvents(ev), "eine Karte je Zug") {
		t.Fatalf("events %s", joinEvents(ev))
	}
	if s.Minimum() != 1 {
		t.Fatal("minimum with empty pile")
	}
	// David lays one card and ends; there is nothing to draw.
	s = do(t, s, `play "pile":"1A","value":12`)
	forbidden(t, s, `draw`, "draw-pile-empty")
	if p := eng.Next(s); !slices.Equal(p.Allowed, []string{"play", "end", "hand"}) {
		t.Fatalf("allowed %v", p.Allowed)
	}
	s = do(t, s, `end`)
	// Julia plays her whole hand over one turn.
	for v := 13; v <= 18; v++ {
		s = do(t, s, `play "pile":"1A","value":`+itoa(v))
	}
	if p := eng.Next(s); !slices.Equal(p.Allowed, []string{"end", "hand"}) {
		t.Fatalf("empty hand: allowed %v", p.Allowed)
	}
	forbidden(t, s, `play "pile":"1A","value":19`, "hand-empty")
	s = do(t, s, `end`)
	if s.Players[s.Active] != "Mireille" {
		t.Fatal("after Julia comes Mireille")
	}
	s = do(t, s, `play "pile":"1A","value":20`, `end`, `play "pile":"1A","value":21`)
	s, ev = events(t, s, `end`)
	if s.Players[s.Active] != "Mireille" {
		t.Fatalf("Julia is skipped: active %s", s.Players[s.Active])
	}
	if !strings.Contains(joinEvents(ev), "Julia hat keine Karten mehr und wird übersprungen") {
		t.Fatalf("events %s", joinEvents(ev))
	}
}

func itoa(v int) string { b, _ := json.Marshal(v); return string(b) }

// "Das Spiel endet, sobald der aktive Spieler das Minimum nicht schafft. …
// Eine Blockade muss manuell gemeldet werden." And "Blockade melden und
// Ergebnis bestätigen."
func TestBlockadeAndResult(t *testing.T) {
	s := do(t, start(t, three), `play "pile":"1A","value":10`)
	s, ev := events(t, s, `block "player":"Mireille"`)
	if s.Phase != PhaseConfirm || s.Result == nil || s.Result.Blocked != "Mireille" {
		t.Fatalf("blockade: %+v", s)
	}
	if !strings.Contains(joinEvents(ev), "das Minimum von 2 Karten ist nicht zu schaffen (gelegt: 1)") {
		t.Fatalf("events %s", joinEvents(ev))
	}
	// The result: all cards not laid, hands and draw pile.
	r := *s.Result
	if r.Remaining != 97 || r.InHands != 17 || r.InDraw != 80 || r.Won || r.Excellent || r.Rating != "lost" {
		t.Fatalf("result %+v", r)
	}
	p := eng.Next(s)
	if len(p.Actors) != 3 || !slices.Equal(p.Allowed, []string{"confirm"}) || p.Over {
		t.Fatalf("prompt %+v", p)
	}
	forbidden(t, s, `play "pile":"1A","value":11`, "blockade-reported")
	forbidden(t, s, `confirm "remaining":96`, "result-mismatch")
	s = do(t, s, `confirm "remaining":97`)
	if s.Phase != PhaseOver || !eng.Next(s).Over {
		t.Fatal("not over")
	}
	if !strings.Contains(eng.Next(s).Text.DE, "97 Karten übrig") {
		t.Fatalf("final text %v", eng.Next(s).Text)
	}
	forbidden(t, s, `play "pile":"1A","value":11`, "game-over")
	forbidden(t, start(t, three), `confirm`, "nothing-to-confirm")
}

// "Weniger als zehn ist ausgezeichnet." "Alle 98 Karten bedeuten
// gemeinsamen Sieg, sonst Niederlage mit Restkartenzahl."
func TestRatings(t *testing.T) {
	for _, c := range []struct {
		hands, draw int
		rating      string
		excellent   bool
	}{{0, 0, "won", true}, {9, 0, "excellent", true}, {5, 4, "excellent", true}, {10, 0, "lost", false}, {6, 4, "lost", false}} {
		s := State{Hands: []Hand{{Count: c.hands}}, DrawCount: c.draw}
		r := s.result("A")
		if r.Rating != c.rating || r.Excellent != c.excellent || r.Won != (c.hands+c.draw == 0) || r.Remaining != c.hands+c.draw {
			t.Errorf("%d+%d: %+v", c.hands, c.draw, r)
		}
	}
}

// The last card laid wins at once, in the middle of a turn.
func TestWin(t *testing.T) {
	s := start(t, `{"players":["Mireille","David"],"mode":"full","seed":5}`)
	// Near the end: the draw pile is empty, Mireille holds 97 and 98,
	// David holds 99.
	s.DrawPile, s.DrawCount = nil, 0
	s.Hands = []Hand{{Count: 2, Known: []int{97, 98}}, {Count: 1, Known: []int{99}}}
	s.Piles[0].Top = 96
	s = do(t, s, `play "pile":"1A","value":97`, `play "pile":"1A","value":98`, `end`)
	if s.Players[s.Active] != "David" || s.Phase != PhaseTurn {
		t.Fatalf("active %s", s.Players[s.Active])
	}
	s, ev := events(t, s, `play "pile":"1A","card":"TG-99"`)
	if s.Phase != PhaseOver || s.Result == nil || !s.Result.Won || s.Result.Rating != "won" || s.Result.Remaining != 0 {
		t.Fatalf("win: %+v %+v", s.Phase, s.Result)
	}
	if !strings.Contains(joinEvents(ev), "Gewonnen") || !eng.Next(s).Over {
		t.Fatalf("events %s", joinEvents(ev))
	}
}

// Assistant mode, "Ohne Wert die Legalität manuell bestätigen:
// Stapelwert unbekannt, Prüfung teilweise."
func TestCardWithoutValue(t *testing.T) {
	s := do(t, start(t, three), `play "pile":"1A","value":30`)
	forbidden(t, s, `play "pile":"1A"`, "confirm-legal")
	forbidden(t, s, `play "pile":"1A","confirmed":false`, "confirm-legal")
	s, ev := events(t, s, `play "pile":"1A","confirmed":true`)
	p := pile(s, "1A")
	if p.Known || p.Cards != 2 || s.Hands[0].Count != 4 || s.TurnPlays != 2 {
		t.Fatalf("after a card without value: %+v", p)
	}
	if last := s.Plays[len(s.Plays)-1]; last.Check != CheckManual || last.Value != 0 {
		t.Fatalf("play %+v", last)
	}
	if !strings.Contains(joinEvents(ev), "Prüfung teilweise") {
		t.Fatalf("events %s", joinEvents(ev))
	}
	if !strings.Contains(eng.Next(s).Text.DE, "1A: unbekannt") {
		t.Fatalf("prompt %v", eng.Next(s).Text.DE)
	}
	// Another card without value keeps it unknown.
	s = do(t, s, `play "pile":"1A","confirmed":true`)
	// A card with value on the unknown pile: its direction cannot be
	// checked (even 12 < 30 is accepted), the check stays partial, the
	// pile is known again.
	s, _ = events(t, s, `play "pile":"1A","value":12`)
	if p := pile(s, "1A"); !p.Known || p.Top != 12 {
		t.Fatalf("pile not restored: %+v", p)
	}
	if last := s.Plays[len(s.Plays)-1]; last.Check != CheckPartial {
		t.Fatalf("play %+v", last)
	}
	// …but the card must not have been laid before.
	s2 := do(t, s, `draw`, `play "pile":"1B","confirmed":true`)
	forbidden(t, s2, `play "pile":"1B","value":30`, "already-played")
	// From then on the pile is checked fully again.
	forbidden(t, s, `play "pile":"1A","value":11`, "pile-order")
	s = do(t, s, `play "pile":"1A","value":2`) // backwards trick 12 → 2
	if last := s.Plays[len(s.Plays)-1]; last.Check != CheckFull || !last.Trick {
		t.Fatalf("play %+v", last)
	}
	// The other piles were never affected.
	if !pile(s, "1B").Known || !pile(s, "100A").Known {
		t.Fatal("other piles lost their value")
	}
	s = do(t, s, `draw`, `block`)
	if !s.Result.Partial {
		t.Fatal("result should be marked partial")
	}
	// Full mode knows every card: a value is required.
	f := start(t, `{"players":["A"],"mode":"full","seed":1}`)
	forbidden(t, f, `play "pile":"1A","confirmed":true`, "value-required")
}

// Cards are named by value or by ID, with or without a card set; both
// name the same card.
func TestCardReferences(t *testing.T) {
	set, _ := decks.Combine()
	for _, e := range []rules.Engine[State]{New(nil), New(set)} {
		s, _ := e.Start(json.RawMessage(three))
		for _, line := range []string{`"card":"TG-57"`, `"card":"tg-57/1.0"`, `"card":57`, `"card":"57"`, `"value":57`, `"card":"TG-57","value":57`} {
			n, _, err := e.Apply(s, act("play", `"pile":"1A",`+line))
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			if p := n.Piles[0]; p.Top != 57 {
				t.Fatalf("%s: top %d", line, p.Top)
			}
		}
		for line, rule := range map[string]string{
			`"card":"TG-1A"`:              "start-card",
			`"card":"TG-100B"`:            "start-card",
			`"value":1`:                   "start-card",
			`"value":100`:                 "start-card",
			`"value":0`:                   "card-value",
			`"value":101`:                 "card-value",
			`"card":"1234"`:               "card-value",
			`"card":"TG-0"`:               "unknown-card",
			`"card":"LAB-STD-3"`:          "unknown-card",
			`"card":"TG-57","value":58`:   "card-mismatch",
			`"card":true`:                 "bad-action",
			`"value":57,"colour":"green"`: "bad-action",
		} {
			_, _, err := e.Apply(s, act("play", `"pile":"1A",`+line))
			if re, ok := err.(*rules.RuleError); !ok || re.Rule != rule {
				t.Errorf("%s: want %s, got %v", line, rule, err)
			}
		}
	}
	s := start(t, three)
	for _, p := range []string{"1a", "TG-1B", "100A", " 100b "} {
		do(t, s, `play "pile":"`+p+`","value":50`)
	}
	forbidden(t, s, `play "pile":"2A","value":50`, "unknown-pile")
	forbidden(t, s, `jump "pile":"1A"`, "unknown-action")
}

// A card laid is gone: "card not already played".
func TestAlreadyPlayed(t *testing.T) {
	s := do(t, start(t, three), `play "pile":"1A","value":50`, `play "pile":"1A","value":60`, `draw`)
	forbidden(t, s, `play "pile":"100A","value":50`, "already-played")
	forbidden(t, s, `play "pile":"100A","card":"TG-60"`, "already-played")
}

// Entered hand cards: the assistant knows them and takes them out of the
// hand when laid. An entry is checked against its own hand and the cards
// laid only — never against another hand, whose cards a refusal would
// tell ("genaue Handkartenwerte weder verraten noch erfragen"); a card in
// two hands is reported with the result.
func TestKnownHandCards(t *testing.T) {
	s := start(t, three)
	s = do(t, s, `hand "player":"David","cards":[20,"TG-30"]`)
	if !slices.Equal(s.Hands[1].Known, []int{20, 30}) {
		t.Fatalf("known %v", s.Hands[1].Known)
	}
	// Julia may enter David's 20: nothing tells her he has it.
	if j := do(t, s, `hand "player":"Julia","cards":[20]`); !slices.Equal(j.Hands[2].Known, []int{20}) {
		t.Fatalf("Julia's entry: %+v", j.Hands[2])
	}
	forbidden(t, s, `hand "player":"Julia","cards":[44,44]`, "card-twice")
	forbidden(t, s, `hand "player":"David","cards":[30]`, "card-twice")
	forbidden(t, s, `hand "player":"Julia","cards":[2,3,4,5,6,7,8]`, "hand-count")
	forbidden(t, s, `hand "player":"Zoe","cards":[2]`, "unknown-player")
	forbidden(t, s, `hand "player":"Julia","cards":[]`, "bad-action")
	// Mireille lays the 20 David entered: David's entry was a slip. The
	// card leaves his hand; the table hears of it with the result.
	m := do(t, s, `play "pile":"1A","value":20`)
	if !slices.Equal(m.Hands[1].Known, []int{30}) || m.Hands[1].Count != 6 || len(m.Doubles) != 1 || m.Doubles[0].Laid != "Mireille" || m.Doubles[0].Entered[0] != "David" {
		t.Fatalf("a card laid from another's entered hand: %+v %+v", m.Hands[1], m.Doubles)
	}
	s = do(t, s, `play "pile":"1A","value":5`, `play "pile":"1A","value":6`, `draw "count":2,"cards":[7]`)
	forbidden(t, s, `hand "player":"David","cards":[6]`, "already-played")
	if !slices.Equal(s.Hands[0].Known, []int{7}) || s.Draws[0].Count != 2 || !slices.Equal(s.Draws[0].Known, []int{7}) {
		t.Fatalf("entered draw: %+v %+v", s.Hands[0], s.Draws)
	}
	// David lays his known 20: it leaves the known cards.
	s = do(t, s, `play "pile":"1A","value":20`)
	if !slices.Equal(s.Hands[1].Known, []int{30}) || s.Hands[1].Count != 5 || len(s.Doubles) != 0 {
		t.Fatalf("after laying a known card: %+v", s.Hands[1])
	}
	// When every card of a hand is known, a card without value or one not
	// among them is refused.
	s = do(t, s, `hand "player":"David","cards":[31,32,33,34]`)
	forbidden(t, s, `play "pile":"1A","confirmed":true`, "value-required")
	forbidden(t, s, `play "pile":"1A","value":40`, "not-in-hand")
	s = do(t, s, `play "pile":"1A","value":31`)
	// Entered cards of a draw are checked like hand cards: against the
	// drawer's own hand and the cards laid.
	s = do(t, s, `play "pile":"1A","value":32`)
	forbidden(t, s, `draw "cards":[5]`, "already-played")
	forbidden(t, s, `draw "cards":[33]`, "card-twice")
	forbidden(t, s, `draw "cards":[40,40]`, "card-twice")
	forbidden(t, s, `draw "cards":[40,41,42,43]`, "draw-count")
	// Julia enters David's 33 as hers: accepted; at the result the 33,
	// entered in two hands, is named.
	s = do(t, s, `hand "player":"Julia","cards":[33]`, `draw`, `block`)
	if s.Result == nil || len(s.Result.Doubles) != 1 || s.Result.Doubles[0].Value != 33 || !slices.Equal(s.Result.Doubles[0].Entered, []string{"David", "Julia"}) {
		t.Fatalf("result: %+v", s.Result)
	}
	// Full mode knows every hand.
	f := start(t, `{"players":["A"],"mode":"full","seed":1}`)
	forbidden(t, f, `hand "player":"A","cards":[2]`, "full-mode")
}

// Full mode: the engine deals from the seed and checks every card.
func TestFullMode(t *testing.T) {
	a := start(t, `{"players":["A","B"],"mode":"full","seed":9}`)
	b := start(t, `{"players":["A","B"],"mode":"full","seed":9}`)
	c := start(t, `{"players":["A","B"],"mode":"full","seed":10}`)
	if mustJSON(t, a) != mustJSON(t, b) {
		t.Fatal("same seed, different deal")
	}
	if mustJSON(t, a) == mustJSON(t, c) {
		t.Fatal("different seeds, same deal")
	}
	all := append(append(slices.Clone(a.DrawPile), a.Hands[0].Known...), a.Hands[1].Known...)
	slices.Sort(all)
	for i, v := range all {
		if v != i+2 {
			t.Fatalf("deal is not 2…99: %v", all)
		}
	}
	// A card not in the hand is refused.
	notHeld := a.Hands[1].Known[0]
	forbidden(t, a, `play "pile":"1A","value":`+itoa(notHeld), "not-in-hand")
	forbidden(t, a, `play "pile":"1A","value":`+itoa(a.DrawPile[0]), "not-in-hand")
	// Drawing takes the top of the draw pile.
	s := a
	m := Moves(s)
	s = do(t, s, `play "pile":"`+m[0].Pile+`","value":`+itoa(m[0].Value))
	m = Moves(s)
	s = do(t, s, `play "pile":"`+m[0].Pile+`","value":`+itoa(m[0].Value))
	top := slices.Clone(a.DrawPile[:2])
	forbidden(t, s, `draw "cards":[`+itoa(a.DrawPile[2])+`]`, "not-drawn")
	s = do(t, s, `draw "cards":[`+itoa(top[1])+`]`)
	for _, v := range top {
		if !slices.Contains(s.Hands[0].Known, v) {
			t.Fatalf("drew %v, hand %v", top, s.Hands[0].Known)
		}
	}
	if !slices.Equal(s.Draws[0].Known, sorted(top)) || len(s.DrawPile) != s.DrawCount {
		t.Fatalf("draw record %+v", s.Draws)
	}
}

func sorted(v []int) []int { v = slices.Clone(v); slices.Sort(v); return v }

// Full mode refuses a blockade while the minimum is reachable and offers
// "block" only when it is not.
func TestFullModeBlockade(t *testing.T) {
	s := start(t, `{"players":["A","B"],"mode":"full","seed":2}`)
	s.Hands[0].Known = []int{40, 50, 60, 61, 62, 63, 64}
	s.Piles = []Pile{{"1A", true, 70, true, 1}, {"1B", true, 70, true, 1}, {"100A", false, 45, true, 1}, {"100B", false, 39, true, 1}}
	// Only 40 fits (on 100A), but then 50 is a backwards trick onto it:
	// the minimum is reachable, so there is no blockade to report.
	if p := eng.Next(s); !slices.Equal(p.Allowed, []string{"play"}) {
		t.Fatalf("allowed %v", p.Allowed)
	}
	forbidden(t, s, `block`, "no-blockade")
	s2 := do(t, s, `play "pile":"100A","value":40`)
	// 50 = 40 + 10 on 100A now fits: the trick opens the way.
	if !CanReach(s2, 1) {
		t.Fatal("50 on 40 is a trick")
	}
	forbidden(t, s2, `block`, "no-blockade")
	s3 := do(t, s2, `play "pile":"100A","value":50`)
	s3 = do(t, s3, `play "pile":"100A","value":60`)
	if CanReach(s3, 1) {
		t.Fatal("61…64 do not fit anywhere")
	}
	// Without the trick card, a real blockade.
	s.Hands[0].Known = []int{41, 53, 61, 62, 63, 64, 65}
	s.Piles[2].Top = 42
	if CanReach(s, 2) || !CanReach(s, 1) {
		t.Fatal("only 41 fits, minimum two")
	}
	// The player may lay the 41 or report the blockade at once.
	if p := eng.Next(s); !slices.Equal(p.Allowed, []string{"play", "block"}) {
		t.Fatalf("allowed %v", p.Allowed)
	}
	forbidden(t, do(t, start(t, `{"players":["A"],"mode":"full","seed":2}`)), `block`, "no-blockade")
	s = do(t, s, `block`)
	if s.Phase != PhaseConfirm {
		t.Fatal("blockade refused")
	}
	if p := eng.Next(do(t, s, `confirm`)); !p.Over {
		t.Fatal("not over")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	for _, setup := range []string{three, `{"players":["A","B"],"mode":"full","seed":4,"profi":true,"small_hands":true}`} {
		s := start(t, setup)
		if s.Mode == Full {
			m := Moves(s)[0]
			s = do(t, s, `play "pile":"`+m.Pile+`","value":`+itoa(m.Value))
		} else {
			s = do(t, s, `play "pile":"100A","confirmed":true`, `hand "player":"David","cards":[44]`)
		}
		back := enginetest.RoundTrip(t, s)
		// The decoded state plays on like the original.
		n1, _, err1 := eng.Apply(s, act("block", ""))
		n2, _, err2 := eng.Apply(back, act("block", ""))
		if (err1 == nil) != (err2 == nil) || mustJSON(t, n1) != mustJSON(t, n2) {
			t.Fatal("decoded state behaves differently")
		}
	}
}

// Apply must not change the state it gets, also on success.
func TestApplyDoesNotMutate(t *testing.T) {
	s := start(t, `{"players":["A","B"],"mode":"full","seed":4}`)
	before := mustJSON(t, s)
	m := Moves(s)[0]
	s1 := do(t, s, `play "pile":"`+m.Pile+`","value":`+itoa(m.Value))
	m = Moves(s1)[0]
	b1 := mustJSON(t, s1)
	s2 := do(t, s1, `play "pile":"`+m.Pile+`","value":`+itoa(m.Value), `draw`)
	_ = s2
	if mustJSON(t, s) != before || mustJSON(t, s1) != b1 {
		t.Fatal("Apply changed its input")
	}
}
