package labyrinth

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"druckreif/rules"
	"druckreif/rules/enginetest"
)

const examplePath = "../../docs/examples/labyrinth.jsonl"

// The example game of docs/examples replays to its end, with and without
// a card set, and shows what the docs say it shows.
func TestExampleGame(t *testing.T) {
	l := enginetest.ReadLog(t, examplePath)
	for _, e := range []rules.Engine[State]{New(nil), New(defaultSet(t))} {
		s, ev, err := rules.Replay(e, l)
		if err != nil {
			t.Fatal(err)
		}
		if !e.Next(s).Over || s.End != "stack" || s.Question != 20 {
			t.Fatalf("the example does not end after the stack: %s %s %d", s.Phase, s.End, s.Question)
		}
		text := eventsText(ev)
		for _, want := range []string{
			"Mireille moves 4 fields forward", "Sebastian moves 2 fields forward", "David moves 3 fields back", // the rulebook example
			"a risk question", "goes into a niche", "starts from the niche", "is the first to reach the Lingutaurus",
			"Nobody has beaten the Lingutaurus", "has beaten the Lingutaurus!", "releases", "is removed",
			"has placed all five chips", "New reader",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("the example game shows no %q", want)
			}
		}
		t.Logf("winners %v, positions %v", s.Winners, positions(s))
	}
}

// TestWriteExample writes the example game (LABYRINTH_WRITE_EXAMPLE=1): the
// rulebook's example first, then a seeded table of players.
func TestWriteExample(t *testing.T) {
	if os.Getenv("LABYRINTH_WRITE_EXAMPLE") == "" {
		t.Skip("set LABYRINTH_WRITE_EXAMPLE=1 to rewrite " + examplePath)
	}
	for seed := uint64(1); seed < 500; seed++ {
		lines, ok := exampleGame(t, seed)
		if ok {
			if err := os.WriteFile(examplePath, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("seed %d, %d lines", seed, len(lines))
			return
		}
	}
	t.Fatal("no seed gives an example with everything")
}

func exampleGame(t *testing.T, seed uint64) ([]string, bool) {
	e := New(nil)
	setup := `{"game":"labyrinth","players":["Anna","Mireille","Sebastian","David"],"seed":1,"reader":"Anna"}`
	s := start(t, e, setup)
	lines := []string{setup}
	var events []rules.Event
	apply := func(l string) {
		next, ev, err := e.Apply(s, line(l))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		s = next
		events = append(events, ev...)
		lines = append(lines, l)
	}
	// The rulebook's example.
	for _, l := range []string{`{"type":"draw","kind":"normal"}`,
		`{"type":"tip","player":"Mireille","tip":"B"}`, `{"type":"bet","player":"Mireille","chip":4}`,
		`{"type":"tip","player":"Sebastian","tip":"B"}`, `{"type":"bet","player":"Sebastian","chip":2}`,
		`{"type":"tip","player":"David","tip":"A"}`, `{"type":"bet","player":"David","chip":3}`,
		`{"type":"reveal","correct":"B"}`} {
		apply(l)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	skill := map[string]float64{"Anna": 0.7, "Mireille": 0.75, "Sebastian": 0.6, "David": 0.5}
	risksLeft := 3
	for s.Phase != PhaseOver {
		switch s.Phase {
		case PhaseDraw:
			kind := KindNormal
			left := s.stackSize() - s.drawn()
			if r.IntN(left) < risksLeft {
				kind = KindRisk
				risksLeft--
			}
			apply(fmt.Sprintf(`{"type":"draw","kind":%q}`, kind))
			correct := string(rune('A' + r.IntN(3)))
			type answer struct {
				name, tip string
				chip      int
			}
			var as []answer
			for _, i := range s.answerers() {
				p := s.Players[i]
				sure := r.Float64() < skill[p.Name]
				tip := correct
				if !sure && r.IntN(3) > 0 {
					tip = string(rune('A' + (int(correct[0]-'A')+1+r.IntN(2))%3))
				}
				chip := p.Board[0]
				if sure {
					chip = p.Board[len(p.Board)-1]
				}
				if kind == KindRisk {
					chip = p.Board[len(p.Board)/2]
				}
				as = append(as, answer{p.Name, tip, chip})
			}
			if kind == KindRisk {
				for _, a := range as {
					apply(fmt.Sprintf(`{"type":"bet","player":%q,"chip":%d}`, a.name, a.chip))
				}
				for _, a := range as {
					apply(fmt.Sprintf(`{"type":"tip","player":%q,"tip":%q}`, a.name, a.tip))
				}
			} else {
				for _, a := range as {
					apply(fmt.Sprintf(`{"type":"tip","player":%q,"tip":%q}`, a.name, a.tip))
					apply(fmt.Sprintf(`{"type":"bet","player":%q,"chip":%d}`, a.name, a.chip))
				}
			}
			apply(fmt.Sprintf(`{"type":"reveal","correct":%q}`, correct))
		case PhaseLingutaurus:
			apply(`{"type":"draw","kind":"lingutaurus"}`)
			correct := string(rune('A' + r.IntN(3)))
			for _, i := range s.answerers() {
				tip := string(rune('A' + r.IntN(3)))
				apply(fmt.Sprintf(`{"type":"tip","player":%q,"tip":%q}`, s.Players[i].Name, tip))
			}
			apply(fmt.Sprintf(`{"type":"reveal","correct":%q}`, correct))
		}
	}
	text := eventsText(events)
	for _, want := range []string{"goes into a niche", "starts from the niche", "Nobody has beaten the Lingutaurus",
		"has beaten the Lingutaurus!", "releases", "a risk question"} {
		if !strings.Contains(text, want) {
			return nil, false
		}
	}
	return lines, s.End == "stack" && strings.Count(text, "is removed") >= 2
}
