package labyrinth

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

// The helpers every engine's tests share (enginetest), for this
// package's State.
var (
	line       = enginetest.Act
	start      = enginetest.Start[State]
	do         = enginetest.Play[State]
	refuse     = enginetest.Forbidden[State]
	defaultSet = enginetest.DefaultSet
	mustJSON   = enginetest.MustJSON
)

// ask plays one question. answers maps a player to "B4" (tip B, chip 4);
// kind is "normal" or "risk"; risk questions bet first.
func ask(t *testing.T, e rules.Engine[State], s State, kind string, answers map[string]string, correct string) (State, []rules.Event) {
	t.Helper()
	names := make([]string, 0, len(answers))
	for n := range answers {
		names = append(names, n)
	}
	sort.Strings(names)
	lines := []string{fmt.Sprintf(`{"type":"draw","kind":%q}`, kind)}
	var bets, tips []string
	for _, n := range names {
		a := answers[n]
		bets = append(bets, fmt.Sprintf(`{"type":"bet","player":%q,"chip":%s}`, n, a[1:]))
		tips = append(tips, fmt.Sprintf(`{"type":"tip","player":%q,"tip":%q}`, n, a[:1]))
	}
	if kind == KindRisk {
		lines = append(append(lines, bets...), tips...)
	} else {
		for i := range tips {
			lines = append(lines, tips[i], bets[i])
		}
	}
	lines = append(lines, fmt.Sprintf(`{"type":"reveal","correct":%q}`, correct))
	return do(t, e, s, lines...)
}

// ling plays one Lingutaurus card: tips maps a player to a letter.
func ling(t *testing.T, e rules.Engine[State], s State, tips map[string]string, correct string) (State, []rules.Event) {
	t.Helper()
	lines := []string{`{"type":"draw","kind":"lingutaurus"}`}
	names := make([]string, 0, len(tips))
	for n := range tips {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		lines = append(lines, fmt.Sprintf(`{"type":"tip","player":%q,"tip":%q}`, n, tips[n]))
	}
	lines = append(lines, fmt.Sprintf(`{"type":"reveal","correct":%q}`, correct))
	return do(t, e, s, lines...)
}

func pos(s State, name string) int { return s.Players[s.index(name)].Pos }

// place puts pieces on fields (a test shortcut for earlier questions).
func place(s State, at map[string]int) State {
	s = s.clone()
	for n, p := range at {
		s.Players[s.index(n)].Pos = p
	}
	return s
}

func eventsText(ev []rules.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text.EN)
		b.WriteByte('\n')
	}
	return b.String()
}

// cardOf finds a default card of a kind whose face-side answer is correct.
func cardOf(t testing.TB, kind decks.LabyrinthKind, correct string, skip ...string) *decks.LabyrinthCard {
	for _, c := range defaultSet(t).Labyrinth() {
		if c.Kind == kind && c.Sides[decks.Green].CorrectLetter() == correct && !contains(skip, c.ID) {
			return c
		}
	}
	t.Fatalf("no %v card with answer %s", kind, correct)
	return nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
