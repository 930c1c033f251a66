package decks

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"druckreif/i18n"
	"druckreif/maps"
)

func TestRaabValidation(t *testing.T) {
	cases := []struct {
		name string
		deck sheets
		want string
	}{
		{"wrong arithmetic result", raabSheet("Kopfrechnen",
			[]string{"Karte", "Aufgabe", "Ergebnis"}, []string{"1", "2 + 3 · 4", "20"}),
			"deck/Kopfrechnen.csv: Kopfrechnen: Zeile 2: Spalte Ergebnis: falsches Ergebnis: 2 + 3 · 4 ergibt 14, nicht 20"},
		{"arithmetic that cannot be calculated", raabSheet("Kopfrechnen",
			[]string{"Karte", "Aufgabe", "Ergebnis"}, []string{"1", "7 : (3 - 3)", "0"}),
			"deck/Kopfrechnen.csv: Kopfrechnen: Zeile 2: Spalte Aufgabe: „7 : (3 - 3)“ kann nicht gerechnet werden: Division durch null"},
		{"letter count word with hyphen", raabSheet("Buchstaben zählen",
			[]string{"Karte", "Wort"}, []string{"1", "Baden-Württemberg"}),
			"deck/Buchstaben zählen.csv: Buchstaben zählen: Zeile 2: Spalte Wort: „Baden-Württemberg“: nur Buchstaben, ohne Bindestrich und Leerzeichen (die Regel zählt Wörter ohne Bindestriche)"},
		{"who lies with one false answer", raabSheet("Wer luegt",
			[]string{"Karte", "Aussage", "Antwort 1", "Antwort 2", "Antwort 3", "Antwort 4", "Antwort 5", "Antwort 6", "Antwort 7", "Falsch"},
			[]string{"1", "Primzahlen", "2", "3", "5", "7", "9", "11", "13", "5"}),
			"deck/Wer luegt.csv: Wer luegt: Zeile 2: Spalte Falsch: mindestens zwei Antworten müssen falsch sein (die Regel sagt es den Spielern zu)"},
		{"place off the map", raabSheet("Wo liegt was",
			[]string{"Karte", "Landkarte", "Ort", "Breite", "Länge"}, []string{"1", "D", "Paris", "48,86", "2,35"}),
			"deck/Wo liegt was.csv: Wo liegt was: Zeile 2: Spalte Breite: Paris (48.86, 2.35) liegt nicht auf der Karte D"},
		{"maps differ on one card", raabSheet("Wo liegt was",
			[]string{"Karte", "Landkarte", "Ort", "Breite", "Länge"},
			[]string{"1", "D", "Berlin", "52,52", "13,40"}, []string{"1", "EU", "Paris", "48,86", "2,35"}),
			"deck/Wo liegt was.csv: Wo liegt was: Zeile 3: Spalte Landkarte: Karte 1: „EU“ weicht von Zeile 2 ab („D“); alle Aufgaben einer Karte teilen diese Angabe"},
		{"too many tasks for a card", raabSheet("Sortieren",
			[]string{"Karte", "Aufgabe", "A", "B", "C", "D", "Reihenfolge"},
			[]string{"1", "Klein nach groß", "Maus", "Hund", "Pferd", "Wal", "A, B, C, D"},
			[]string{"1", "Alt nach jung", "Oma", "Mutter", "Kind", "Baby", "A, B, C, D"}),
			"deck/Sortieren.csv: Sortieren: Zeile 3: Spalte Karte: Karte 1 hat 2 Aufgaben; auf eine Karte passen höchstens 1"},
		{"sorting order contradicts values", raabSheet("Sortieren",
			[]string{"Karte", "Aufgabe", "A", "B", "C", "D", "Reihenfolge", "Wert A", "Wert B", "Wert C", "Wert D"},
			[]string{"1", "Alt nach jung", "Euro", "Mark", "Taler", "Gulden", "A, B, C, D", "2002", "1873", "1500", "1400"},
		), ""},
		{"sorting order not a permutation", raabSheet("Sortieren",
			[]string{"Karte", "Aufgabe", "A", "B", "C", "D", "Reihenfolge"},
			[]string{"1", "Klein nach groß", "Maus", "Hund", "Pferd", "Wal", "A, B, C"}),
			"deck/Sortieren.csv: Sortieren: Zeile 2: Spalte Reihenfolge: die Reihenfolge muss alle vier Buchstaben A–D genau einmal nennen"},
		{"unknown language code", raabSheet("Fremdsprachen",
			[]string{"Karte", "Lösung", "Übersetzung 1", "Übersetzung 2"}, []string{"1", "Haus", "xx: casa", "en: house"}),
			"deck/Fremdsprachen.csv: Fremdsprachen: Zeile 2: Spalte Übersetzung 1: unbekannter Sprachcode „xx“ (siehe docs/decks.md)"},
		{"bad licence plate", raabSheet("Autokennzeichen",
			[]string{"Karte", "Kennzeichen", "Ort"}, []string{"1", "ABCD", "Nirgendwo"}),
			"deck/Autokennzeichen.csv: Autokennzeichen: Zeile 2: Spalte Kennzeichen: „ABCD“ ist kein Unterscheidungszeichen (1 bis 3 Großbuchstaben)"},
		{"licence plate twice", raabSheet("Autokennzeichen",
			[]string{"Karte", "Kennzeichen", "Ort"}, []string{"1", "M", "München"}, []string{"2", "M", "München"}),
			"deck/Autokennzeichen.csv: Autokennzeichen: Zeile 3: Spalte Kennzeichen: doppelt: derselbe Text steht schon in Zeile 2"},
		{"choice without options", raabSheet("Showquiz",
			[]string{"Karte", "Art", "Frage", "A", "B", "C", "D", "Lösung", "Einheit"}, []string{"1", "Auswahl", "Welche?", "x", "", "", "", "A", ""}),
			"deck/Showquiz.csv: Showquiz: Zeile 2: Spalte B: leere Pflichtzelle"},
		{"estimate without unit", raabSheet("Showquiz",
			[]string{"Karte", "Art", "Frage", "A", "B", "C", "D", "Lösung", "Einheit"}, []string{"1", "Schätzen", "Wie hoch?", "", "", "", "", "2962", ""}),
			"deck/Showquiz.csv: Showquiz: Zeile 2: Spalte Einheit: eine Schätzfrage braucht eine Einheit"},
		{"estimate answer not a number", raabSheet("Schätzen",
			[]string{"Karte", "Frage", "Einheit", "Antwort"}, []string{"1", "Wie hoch?", "m", "sehr hoch"}),
			"deck/Schätzen.csv: Schätzen: Zeile 2: Spalte Antwort: „sehr hoch“ ist keine Zahl (z. B. 1234 oder 3,5)"},
		{"driving test key on empty answer", raabSheet("Führerscheinprüfung",
			[]string{"Karte", "Frage", "A", "B", "C", "Richtig"}, []string{"1", "Was gilt?", "x", "y", "", "A, C"}),
			"deck/Führerscheinprüfung.csv: Führerscheinprüfung: Zeile 2: Spalte Richtig: C zeigt auf eine leere Antwort"},
		{"year zero", raabSheet("Wann war das",
			[]string{"Karte", "Ereignis", "Jahr"}, []string{"1", "Zeitenwende", "0"}),
			"deck/Wann war das.csv: Wann war das: Zeile 2: Spalte Jahr: 0 ist kein mögliches Jahr (es gibt kein Jahr 0; vor Christus negativ)"},
		{"category differs on a card", raabSheet("Buchstabensalat",
			[]string{"Karte", "Kategorie", "Wort"}, []string{"1", "Obst", "Apfel"}, []string{"1", "Gemüse", "Lauch"}),
			"deck/Buchstabensalat.csv: Buchstabensalat: Zeile 3: Spalte Kategorie: Karte 1: „Gemüse“ weicht von Zeile 2 ab („Obst“); alle Aufgaben einer Karte teilen diese Angabe"},
		{"bad Stand year", raabSheet("Entfernungen",
			[]string{"Karte", "Von", "Nach", "Kilometer", "Stand"}, []string{"1", "Köln", "Bonn", "30", "letztes Jahr"}),
			"deck/Entfernungen.csv: Entfernungen: Zeile 2: Spalte Stand: „letztes Jahr“ ist kein Jahr (z. B. 2026)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.want == "" {
				return
			}
			wantProblem(t, c.deck, c.want)
		})
	}
}

func TestSortingValuesCheckOrder(t *testing.T) {
	row := []string{"1", "Alt nach jung", "Euro", "Mark", "Taler", "Gulden", "A, B, C, D", "2002", "1873", "1500", "1400"}
	header := []string{"Karte", "Aufgabe", "A", "B", "C", "D", "Reihenfolge", "Wert A", "Wert B", "Wert C", "Wert D"}
	// Descending values in the given order are consistent ("from young to old").
	if d, probs := loadSheets(t, raabSheet("Sortieren", header, row)); d == nil {
		t.Fatalf("descending order rejected: %q", messages(probs, i18n.German))
	}
	bad := append([]string(nil), row...)
	bad[6] = "B, A, C, D"
	wantProblem(t, raabSheet("Sortieren", header, bad),
		"deck/Sortieren.csv: Sortieren: Zeile 2: Spalte Reihenfolge: die Reihenfolge B, A, C, D passt nicht zu den Werten")
}

func TestRaabDerivations(t *testing.T) {
	d, probs := loadSheets(t, sheets{
		"Deck":                deckSheet("raab", "T"),
		"Buchstaben zählen":   {{"Karte", "Wort"}, {"1", "Straßenbahnhaltestelle"}, {"1", "Übermütig"}},
		"Woerter rueckwaerts": {{"Karte", "Wort"}, {"1", "Ganz schön schwierig!"}},
		"Buchstabieren":       {{"Karte", "Seite", "Begriff"}, {"1", "vorne", "Mut"}, {"1", "hinten", "Öl"}},
		"Buchstabensalat":     {{"Karte", "Kategorie", "Wort"}, {"1", "Essen", "Frisch angerichtet"}},
		"Wo liegt was":        {{"Karte", "Landkarte", "Ort", "Breite", "Länge"}, {"1", "D", "Berlin", "52,52", "13,40"}},
		"Kopfrechnen":         {{"Karte", "Aufgabe", "Ergebnis"}, {"1", "(4 + 8) : 3 · 2", "8"}, {"1", "7,5 · 2", "15"}},
		"Fremdsprachen":       {{"Karte", "Lösung", "Übersetzung 1", "Übersetzung 2"}, {"1", "Apfel", "hu: alma", "FI: omena"}},
	})
	if d == nil {
		t.Fatal(messages(probs, i18n.German))
	}
	got := map[string][]string{}
	for _, c := range d.Raab {
		for _, task := range c.Tasks {
			got[c.Game.Code] = append(got[c.Game.Code], task.Prompt()+" → "+task.Solution())
		}
	}
	want := map[string][]string{
		"BZ": {"Straßenbahnhaltestelle → 22", "Übermütig → 9"},
		"WR": {"!gireiwhcs nöhcs znaG → Ganz schön schwierig!"},
		"BU": {"Mut → T-U-M", "Öl → L-Ö"},
		"WO": {"Berlin → " + mustSquare(t, maps.Germany, 52.52, 13.40)},
		"KR": {"(4 + 8) : 3 · 2 → 8", "7,5 · 2 → 15"},
		"FS": {"Ungarisch: alma · Finnisch: omena → Apfel"},
	}
	for code, w := range want {
		if strings.Join(got[code], "|") != strings.Join(w, "|") {
			t.Errorf("%s: got %q, want %q", code, got[code], w)
		}
	}
	scrambled := got["BS"][0]
	prompt, _, _ := strings.Cut(scrambled, " → ")
	if prompt == "Frisch angerichtet" || !sameLetters(prompt, "Frisch angerichtet") {
		t.Errorf("scramble %q is not a real scramble of the phrase", prompt)
	}
	if p2 := scramble("Frisch angerichtet", "Frisch angerichtet"); p2 != prompt {
		t.Errorf("scramble not deterministic: %q vs %q", p2, prompt)
	}
}

func mustSquare(t *testing.T, m *maps.Map, lat, lon float64) string {
	sq, ok := m.SquareAt(lat, lon)
	if !ok {
		t.Fatalf("%v,%v not on %s", lat, lon, m.Key)
	}
	return sq.String()
}

// sameLetters compares the multiset of letters per word, ignoring case.
func sameLetters(a, b string) bool {
	wa, wb := strings.Fields(a), strings.Fields(b)
	if len(wa) != len(wb) {
		return false
	}
	for i := range wa {
		count := map[rune]int{}
		for _, c := range strings.ToLower(wa[i]) {
			count[c]++
		}
		for _, c := range strings.ToLower(wb[i]) {
			count[c]--
		}
		for _, n := range count {
			if n != 0 {
				return false
			}
		}
	}
	return true
}

func TestScrambleAlwaysChangesWords(t *testing.T) {
	for _, w := range []string{"ab", "Oma", "Haus", "Donaudampfschifffahrt", "Äpfel"} {
		for seed := 0; seed < 50; seed++ {
			s := scramble(w, w+string(rune('a'+seed)))
			if s == w {
				t.Errorf("scramble(%q) left it unchanged", w)
			}
			if utf8.RuneCountInString(s) != utf8.RuneCountInString(w) || !sameLetters(s, w) {
				t.Errorf("scramble(%q) = %q lost letters", w, s)
			}
		}
	}
}

func TestEvaluatePrecedence(t *testing.T) {
	for expr, want := range map[string]string{
		"2 + 3 · 4":         "14",
		"(2 + 3) · 4":       "20",
		"20 − 8 : 4":        "18",
		"20 - 8 - 4":        "8",
		"100 : 10 : 5":      "2",
		"3 x 3 + 1":         "10",
		"1,5 + 2,25":        "3,75",
		"1.000 + 1":         "1001",
		"-3 · -3":           "9",
		"2 · (3 + (4 − 1))": "12",
		"7 : 2":             "3,5",
	} {
		got, err := evaluate(expr)
		if err != nil {
			t.Errorf("%s: %v", expr, err)
			continue
		}
		if formatRat(got) != want {
			t.Errorf("%s = %s, want %s", expr, formatRat(got), want)
		}
	}
	for _, bad := range []string{"", "2 +", "(1 + 2", "2 ^ 3", "1 : 0", "zwei"} {
		if _, err := evaluate(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}

func TestMultiChoiceMistakesRulebookExample(t *testing.T) {
	// Führerscheinprüfung: correct is "A"; guessing "B" and "C" loses 3
	// points (A missed, B and C wrong).
	m := MultiChoice{Options: []string{"a", "b", "c"}, Correct: []int{0}}
	if got := m.Mistakes([]int{1, 2}); got != 3 {
		t.Fatalf("mistakes = %d, want 3", got)
	}
	if got := m.Mistakes([]int{0}); got != 0 {
		t.Fatalf("mistakes = %d, want 0", got)
	}
}

func TestEveryMiniGameHasExamplesThatParse(t *testing.T) {
	if len(MiniGames) != 27 {
		t.Fatalf("%d mini-games, the rulebook has 27", len(MiniGames))
	}
	codes := map[string]bool{}
	for _, g := range MiniGames {
		if codes[g.Code] {
			t.Errorf("code %s used twice", g.Code)
		}
		codes[g.Code] = true
		var header []string
		for _, c := range g.Sheet.Columns {
			header = append(header, c.Name)
		}
		s := sheets{"Deck": deckSheet("raab", "T"), g.Sheet.Name: append([][]string{header}, g.Sheet.Example...)}
		d, probs := loadSheets(t, s)
		if d == nil || len(probs) > 0 {
			t.Errorf("%s: examples do not parse cleanly: %q", g.Name, messages(probs, i18n.German))
			continue
		}
		if len(d.Raab) == 0 || d.Raab[0].Game != g {
			t.Errorf("%s: no card", g.Name)
		}
	}
}

func TestRaabSerialsFollowRulebookOrder(t *testing.T) {
	d, probs := loadSheets(t, sheets{
		"Deck":            deckSheet("raab", "T"),
		"Zocken":          {{"Karte", "Thema", "Frage", "A", "B", "C", "D", "Richtig"}, {"1", "T", "F?", "a", "b", "c", "d", "A"}},
		"Autokennzeichen": {{"Karte", "Kennzeichen", "Ort"}, {"2", "M", "München"}, {"1", "B", "Berlin"}},
	})
	if d == nil {
		t.Fatal(messages(probs, i18n.German))
	}
	set, _ := Combine(d)
	var got []string
	for _, c := range set.Raab() {
		got = append(got, c.ID+"#"+strconv.Itoa(c.Serial))
	}
	want := "RAAB-T-AK-1#1 RAAB-T-AK-2#2 RAAB-T-ZO-1#3"
	if strings.Join(got, " ") != want {
		t.Fatalf("got %q, want %q", strings.Join(got, " "), want)
	}
	first, last, ok := set.SerialRange(gameAutokennzeichen)
	if !ok || first != 1 || last != 2 {
		t.Fatalf("range %d–%d %v", first, last, ok)
	}
}

// The host of Schlag den Raab reads the answers of Entweder – Oder!,
// Filmzitate, Führerscheinprüfung, Showquiz (Auswahl) and Zocken aloud, so
// answers that sound the same need a reading hint there too (second
// re-review of the Raab deck, N7); the warning stands at the row's
// Vorlesehinweis, and a hint silences it.
func TestRaabReadingHintWarnsForSoundAlikes(t *testing.T) {
	s := sheets{"Deck": deckSheet("raab", "T"),
		"Entweder-Oder": {{"Karte", "Frage", "A", "B", "Richtig", "Vorlesehinweis"},
			{"1", "Wie schreibt man es hier?", "Tod", "tot", "A", ""},
			{"1", "Und hier?", "das Rad", "der Rat", "B", "buchstabieren"},
			{"1", "Welche Insel ist größer?", "Neufundland", "Island", "A", ""}},
		"Zocken": {{"Karte", "Thema", "Frage", "A", "B", "C", "D", "Richtig"},
			{"1", "Natur", "Welcher Baum ist gemeint?", "Lärche", "Lerche", "Fichte", "Tanne", "A"},
			{"1", "Musik", "Wie viele Saiten?", "Vier", "Fünf", "Sechs", "Sieben", "C"}},
	}
	d, probs := loadSheets(t, s)
	if d == nil {
		t.Fatal(messages(probs, i18n.German))
	}
	got := messages(probs, i18n.German)
	if len(got) != 2 ||
		!strings.HasPrefix(got[0], "deck/Entweder-Oder.csv: Entweder-Oder: Zeile 2: Spalte Vorlesehinweis: Warnung: die Antworten A („Tod“) und B („tot“) klingen vorgelesen gleich") ||
		!strings.HasPrefix(got[1], "deck/Zocken.csv: Zocken: Zeile 2: Spalte Vorlesehinweis: Warnung: die Antworten A („Lärche“) und B („Lerche“) klingen vorgelesen gleich (kurzes ä wie kurzes e") {
		t.Errorf("got %q", got)
	}
	for _, c := range d.Raab {
		for _, task := range c.Tasks {
			if ch, ok := task.(Choice); ok && ch.Question == "Und hier?" && ch.ReadingHint != "buchstabieren" {
				t.Errorf("hint %q", ch.ReadingHint)
			}
		}
	}
}
