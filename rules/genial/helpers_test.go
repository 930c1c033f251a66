package genial

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

// testSet is a deck of its own, so the tests do not depend on the default
// questions: GEN-TST-1 … GEN-TST-25, the correct answer of card n is
// a, b, c, a, b, c, … (n=1: a, n=2: b, n=3: c). It also holds one Dativ
// card, DAT-TST-1.
func testSet(t testing.TB) *decks.Set {
	t.Helper()
	var b strings.Builder
	b.WriteString("Nr,Frage,a,b,c,Richtig\n")
	for n := 1; n <= 25; n++ {
		fmt.Fprintf(&b, "%d,Frage Nummer %d?,Antwort A%d,Antwort B%d,Antwort C%d,%c\n", n, n, n, n, n, 'a'+(n-1)%3)
	}
	fsys := fstest.MapFS{
		"gen/Deck.csv":   {Data: []byte("Spiel,genial\nName,Test\nKennung,TST\nVersion,1.0\nSprache,de\n")},
		"gen/Fragen.csv": {Data: []byte(b.String())},
		"dat/Deck.csv":   {Data: []byte("Spiel,dativ\nName,Test\nKennung,TST\nVersion,1.0\nSprache,de\n")},
		"dat/Karten.csv": {Data: []byte("Nr,Seite,Kategorie,Satz,Option 1,Option 2,Option 3,Option 4,Richtig,Erklärung\n" +
			"1,vorne,Dativ/Genitiv,Wegen ___ blieben wir.,dem Regen,des Regens,,,2,Genitiv.\n" +
			"1,hinten,Fremdwörter,Ein ___.,Rhythmus,Rythmus,,,1,Zwei h.\n")},
	}
	return enginetest.DeckSet(t, fsys, "gen", "dat")
}

// The helpers every engine's tests share (enginetest), for this
// package's State.
var (
	defaultSet = enginetest.DefaultSet
	act        = enginetest.Act
	start      = enginetest.Start[State]
	play       = enginetest.Play[State]
	forbidden  = enginetest.Forbidden[State]
	mustJSON   = enginetest.MustJSON
)

func scores(s State) map[string]int {
	m := map[string]int{}
	for i, p := range s.Players {
		m[p] = s.Scores[i]
	}
	return m
}

func eventsText(ev []rules.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text.DE + "\n" + e.Text.EN + "\n")
	}
	return b.String()
}
