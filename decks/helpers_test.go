package decks

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"druckreif/i18n"
)

// sheets is a deck's sheets as rows of cells, keyed by sheet name.
type sheets map[string][][]string

// clone deep-copies sheets so a test can break one cell of a valid deck.
func (s sheets) clone() sheets {
	out := sheets{}
	for name, rows := range s {
		var rs [][]string
		for _, r := range rows {
			rs = append(rs, append([]string(nil), r...))
		}
		out[name] = rs
	}
	return out
}

// set changes one cell: row as the spreadsheet counts (header = 1), column
// by header name.
func (s sheets) set(sheet string, row int, col, value string) sheets {
	rows := s[sheet]
	idx := -1
	for i, h := range rows[0] {
		if h == col {
			idx = i
		}
	}
	if idx < 0 {
		panic("no column " + col)
	}
	for len(rows[row-1]) <= idx {
		rows[row-1] = append(rows[row-1], "")
	}
	rows[row-1][idx] = value
	return s
}

// dropColumn removes a column from a sheet.
func (s sheets) dropColumn(sheet, col string) sheets {
	rows := s[sheet]
	idx := -1
	for i, h := range rows[0] {
		if h == col {
			idx = i
		}
	}
	for i, r := range rows {
		if idx < len(r) {
			rows[i] = append(r[:idx:idx], r[idx+1:]...)
		}
	}
	return s
}

// writeCSVDeck writes sheets as a deck folder and returns its path.
func writeCSVDeck(t testing.TB, s sheets) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "deck")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, rows := range s {
		f, err := os.Create(filepath.Join(dir, name+".csv"))
		if err != nil {
			t.Fatal(err)
		}
		w := csv.NewWriter(f)
		if err := w.WriteAll(rows); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return dir
}

// loadSheets writes and loads a deck, naming it "deck" in messages.
func loadSheets(t testing.TB, s sheets) (*Deck, Problems) {
	t.Helper()
	dir := writeCSVDeck(t, s)
	return Load(os.DirFS(filepath.Dir(dir)), "deck", "deck")
}

// messages formats problems in a language.
func messages(ps Problems, lang i18n.Lang) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.In(lang))
	}
	return out
}

// wantProblem asserts that loading s reports exactly the message want (in
// German) among its problems, and no other error.
func wantProblem(t *testing.T, s sheets, want string) {
	t.Helper()
	_, probs := loadSheets(t, s)
	got := messages(probs, i18n.German)
	found := false
	for _, g := range got {
		if g == want {
			found = true
		}
	}
	if !found {
		t.Fatalf("missing problem\n want: %s\n  got: %s", want, strings.Join(got, "\n       "))
	}
	for _, p := range probs {
		if p.Severity == Error && p.In(i18n.German) != want {
			t.Errorf("unexpected extra error: %s", p)
		}
	}
}

func deckSheet(game, code string) [][]string {
	return [][]string{{"Spiel", game}, {"Name", "Testdeck"}, {"Kennung", code}, {"Version", "1.0"}, {"Sprache", "de"}}
}

// validLabyrinth is a small correct labyrinth deck: two cards, rows 2–5.
func validLabyrinth() sheets {
	return sheets{
		"Deck": deckSheet("labyrinth", "T"),
		"Karten": {
			{"Nr", "Seite", "Typ", "Frage", "A", "B", "C", "Richtig", "Region", "Wörtlich"},
			{"1", "grün", "normal", "Frage eins?", "a1", "b1", "c1", "A", "", ""},
			{"1", "gelb", "normal", "Frage zwei?", "a2", "b2", "c2", "B", "", ""},
			{"2", "grün", "risiko", "Frage drei?", "a3", "b3", "c3", "C", "de-AT", ""},
			{"2", "gelb", "risiko", "Frage vier?", "a4", "b4", "c4", "A", "de-AT", "ja"},
		},
	}
}

// validDativ is a small correct dativ deck: one card, rows 2–3.
func validDativ() sheets {
	return sheets{
		"Deck": deckSheet("dativ", "T"),
		"Karten": {
			{"Nr", "Seite", "Kategorie", "Satz", "Option 1", "Option 2", "Option 3", "Option 4", "Richtig", "Erklärung", "Vorlesehinweis", "Region", "Wörtlich"},
			{"1", "vorne", "Dativ/Genitiv", "Wir blieben ___ zu Hause.", "wegen des Regens", "wegen dem Regen", "", "", "1", "Genitiv nach „wegen“.", "", "", ""},
			{"1", "hinten", "Kommasetzung", "Sie versprach___ pünktlich zu sein.", ",", "(nichts)", ":", "", "1, 2", "Komma freigestellt.", "Satzzeichen mitsprechen", "", "ja"},
		},
	}
}

// validGenial is a small correct genial deck: two questions, rows 2–3.
func validGenial() sheets {
	return sheets{
		"Deck": deckSheet("genial", "T"),
		"Fragen": {
			{"Nr", "Frage", "a", "b", "c", "Richtig", "Region", "Wörtlich"},
			{"1", "Frage eins?", "x", "y", "z", "a", "", ""},
			{"2", "Frage zwei?", "x", "y", "z", "c", "de-CH", ""},
		},
	}
}

// raabSheet is a Raab deck with one mini-game sheet.
func raabSheet(name string, rows ...[]string) sheets {
	return sheets{"Deck": deckSheet("raab", "T"), name: rows}
}
