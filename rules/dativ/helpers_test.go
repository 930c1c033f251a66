package dativ

import (
	"testing"
	"testing/fstest"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

// testSet is a small deck of its own, so the tests do not depend on the
// wording of the default deck.
//
//	TST-1 vorne: a wrong, b wrong, c right; hinten: a wrong, b right
//	TST-2 vorne: a right, b right, c wrong; hinten: a right, b wrong
//	TST-3 … TST-6: vorne a right, b wrong; hinten a wrong, b right
func testSet(t testing.TB) *decks.Set {
	t.Helper()
	cards := "Nr,Seite,Kategorie,Satz,Option 1,Option 2,Option 3,Option 4,Richtig,Erklärung\n" +
		"1,vorne,Dativ/Genitiv,Wir sind wegen ___ zu Hause geblieben.,dem Regen,den Regen,des Regens,,3,Nach „wegen“ steht der Genitiv.\n" +
		"1,hinten,Kommasetzung,Sie hofft___ dass es klappt.,(nichts),\",\",,,2,Vor „dass“ steht ein Komma.\n" +
		"2,vorne,Dativ/Genitiv,___ wird es sonnig.,Laut dem Wetterbericht,Laut des Wetterberichts,Laut den Wetterbericht,,\"1, 2\",„laut“ mit Dativ oder Genitiv.\n" +
		"2,hinten,Fremdwörter,Das Lied hat einen mitreißenden ___.,Rhythmus,Rythmus,,,1,Zwei h.\n"
	for nr := 3; nr <= 6; nr++ {
		n := string(rune('0' + nr))
		cards += n + ",vorne,Verbformen,Das Bild hat im Flur ___ (" + n + ").,gehangen,gehängt,,,1,Ohne Objekt: gehangen.\n" +
			n + ",hinten,Verbformen,Ich habe das Bild an die Wand ___ (" + n + ").,gehangen,gehängt,,,2,Mit Objekt: gehängt.\n"
	}
	fsys := fstest.MapFS{
		"tst/Deck.csv":   {Data: []byte("Spiel,dativ\nName,Testdeck\nKennung,TST\nVersion,1.0\nSprache,de\n")},
		"tst/Karten.csv": {Data: []byte(cards)},
		"gen/Deck.csv":   {Data: []byte("Spiel,genial\nName,Test\nKennung,TST\nVersion,1.0\nSprache,de\n")},
		"gen/Fragen.csv": {Data: []byte("Nr,Frage,a,b,c,Richtig\n1,Was misst ein Anemometer?,Den Luftdruck,Die Windgeschwindigkeit,Die Luftfeuchte,b\n")},
	}
	return enginetest.DeckSet(t, fsys, "tst", "gen")
}

// The helpers every engine's tests share (enginetest), for this
// package's State.
var (
	defaultSet = enginetest.DefaultSet
	act        = enginetest.Act
	forbidden  = enginetest.Forbidden[State]
	mustJSON   = enginetest.MustJSON
)

// start and play also hold every state against the chip invariant.
func start(t testing.TB, e rules.Engine[State], setup string) State {
	t.Helper()
	s := enginetest.Start(t, e, setup)
	checkChips(t, s)
	return s
}

// play applies lines that must all be legal.
func play(t testing.TB, e rules.Engine[State], s State, lines ...string) (State, []rules.Event) {
	t.Helper()
	var all []rules.Event
	for _, l := range lines {
		var ev []rules.Event
		s, ev = enginetest.Play(t, e, s, l)
		checkChips(t, s)
		all = append(all, ev...)
	}
	return s, all
}

// checkChips is the conservation invariant: supply + pot + players is the
// number of chips the game started with, nothing is negative, and the pot
// never holds more than one chip per player.
func checkChips(t testing.TB, s State) {
	t.Helper()
	sum := s.Supply + s.Pot
	for _, c := range s.Chips {
		if c < 0 {
			t.Fatalf("negative chips: %+v", s.Chips)
		}
		sum += c
	}
	if sum != s.TotalChips || s.Supply < 0 || s.Pot < 0 || s.Pot > len(s.Players) {
		t.Fatalf("chips not conserved: supply %d pot %d players %v total %d", s.Supply, s.Pot, s.Chips, s.TotalChips)
	}
}

func chips(s State) map[string]int {
	m := map[string]int{}
	for i, p := range s.Players {
		m[p] = s.Chips[i]
	}
	return m
}
