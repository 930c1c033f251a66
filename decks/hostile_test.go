package decks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"druckreif/i18n"
)

// Hostile and unusual input, one test per class of defect: each is a
// clear error at its cell (or sheet), never a silent skip.

// Decomposed umlauts (macOS file names, zip tools, text pasted from PDFs)
// match composed ones: a Raab sheet named "Scha\u0308tzen.csv" is read, and
// a cell "gru\u0308n" is the side "grün".
func TestDecomposedUmlautsMatch(t *testing.T) {
	s := validLabyrinth()
	s["Karten"][0][9] = "Wo\u0308rtlich"
	s["Karten"][1][1] = "gru\u0308n"
	if d, probs := loadSheets(t, s); d == nil || len(probs) > 0 {
		t.Fatalf("labyrinth: %v", messages(probs, i18n.German))
	}
	r := raabSheet("Scha\u0308tzen", []string{"Karte", "Frage", "Einheit", "Antwort"}, []string{"1", "Wie hoch ist die Zugspitze?", "m", "2962"})
	d, probs := loadSheets(t, r)
	if d == nil || len(probs) > 0 || len(d.Raab) != 1 {
		t.Fatalf("raab: %v", messages(probs, i18n.German))
	}
}

// Two sheets that name the same sheet are an error at the second, not an
// "unknown sheet" the author cannot explain.
func TestDuplicateSheetsAreNamed(t *testing.T) {
	rows := [][]string{{"Karte", "Aussage", "Antwort 1", "Antwort 2", "Antwort 3", "Falsch"}}
	s := raabSheet("Wer luegt", rows...)
	s["Wer lügt"] = rows
	wantProblem(t, s, "deck/Wer lügt.csv: Wer lügt: das Tabellenblatt steht doppelt: „Wer luegt“ und „Wer lügt“ meinen dasselbe Blatt; bitte zusammenführen oder eines löschen")
}

// Sheets the game does not read are never loaded: a sheet that is not even
// a CSV file only earns the "unknown sheet" warning, and so does a sheet
// another game would need.
func TestUnneededSheetsAreNotRead(t *testing.T) {
	dir := writeCSVDeck(t, validGenial())
	os.WriteFile(filepath.Join(dir, "Notizen.csv"), []byte("\x00\x01binär\x00"), 0o644)
	os.WriteFile(filepath.Join(dir, "Sortieren.csv"), []byte("\"kaputt"), 0o644)
	d, probs := Load(os.DirFS(filepath.Dir(dir)), "deck", "deck")
	if d == nil || probs.HasErrors() {
		t.Fatalf("%v", messages(probs, i18n.German))
	}
	want := []string{"deck/Notizen.csv: Notizen: Warnung: unbekanntes Tabellenblatt, es wird nicht gelesen",
		"deck/Sortieren.csv: Sortieren: Warnung: unbekanntes Tabellenblatt, es wird nicht gelesen"}
	probs.Sort()
	if got := messages(probs, i18n.German); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s", strings.Join(got, "\n"))
	}
}

// How a cell was entered, and characters the print cannot set, are errors
// at the cell: bidirectional overrides (they reorder what the author
// reads), right-to-left and complex scripts (printed unjoined and
// reversed), dates (Excel's "3.5" → 3 May), bytes that are not UTF-8.
func TestCellsThePrintCannotSet(t *testing.T) {
	for name, tc := range map[string]struct {
		value, want string
	}{
		"bidi override": {"Frage \u202Eeins?", "deck/Fragen.csv: Fragen: Zeile 2: Spalte Frage: die Zelle enthält das unsichtbare Steuerzeichen U+202E für die Schreibrichtung: es ordnet den Text anders an, als er gedruckt würde; bitte entfernen"},
		"bidi isolate":  {"Frage \u2067eins?", "deck/Fragen.csv: Fragen: Zeile 2: Spalte Frage: die Zelle enthält das unsichtbare Steuerzeichen U+2067 für die Schreibrichtung: es ordnet den Text anders an, als er gedruckt würde; bitte entfernen"},
		"arabic":        {"Was heißt تفاحة?", "deck/Fragen.csv: Fragen: Zeile 2: Spalte Frage: die Zelle enthält arabische Schrift („ت“): der Druck kann sie nicht richtig setzen (sie wird von rechts nach links geschrieben, der Druck setzt von links nach rechts und verbindet keine Buchstaben); bitte umschreiben oder weglassen"},
		"hebrew":        {"Was heißt שלום?", "deck/Fragen.csv: Fragen: Zeile 2: Spalte Frage: die Zelle enthält hebräische Schrift („ש“): der Druck kann sie nicht richtig setzen (sie wird von rechts nach links geschrieben, der Druck setzt von links nach rechts und verbindet keine Buchstaben); bitte umschreiben oder weglassen"},
		"devanagari":    {"Was heißt नमस्ते?", "deck/Fragen.csv: Fragen: Zeile 2: Spalte Frage: die Zelle enthält Devanagari-Schrift („न“): der Druck kann sie nicht richtig setzen (ihre Zeichen verbinden sich oder werden umgestellt, das kann der Druck nicht); bitte umschreiben oder weglassen"},
	} {
		t.Run(name, func(t *testing.T) { wantProblem(t, validGenial().set("Fragen", 2, "Frage", tc.value), tc.want) })
	}
	// Greek, Cyrillic and the Latin of every European language print fine.
	if d, probs := loadSheets(t, validGenial().set("Fragen", 2, "Frage", "Was heißt Ελλάδα, Россия, Łódź, Ærø, İstanbul?")); d == nil || len(probs) > 0 {
		t.Errorf("%v", messages(probs, i18n.German))
	}
	// English messages too.
	_, probs := loadSheets(t, validGenial().set("Fragen", 2, "Frage", "Was heißt שלום?"))
	if len(probs) == 0 || !strings.Contains(probs[0].In(i18n.English), "the cell holds Hebrew script ('ש'): the print cannot set it right") {
		t.Errorf("%v", messages(probs, i18n.English))
	}
}

func TestUndecodableBytesAreReportedAtTheirCell(t *testing.T) {
	dir := writeCSVDeck(t, validGenial())
	data, _ := os.ReadFile(filepath.Join(dir, "Fragen.csv"))
	data = []byte(strings.Replace(string(data), "Frage zwei?", "Gr\xfc\xdfe aus K\xf6ln?", 1))
	data = append(data, []byte("3,Wie groß ist der Bär?,x,y,z,b,,\n")...)
	os.WriteFile(filepath.Join(dir, "Fragen.csv"), data, 0o644)
	_, probs := Load(os.DirFS(filepath.Dir(dir)), "deck", "deck")
	want := "deck/Fragen.csv: Fragen: Zeile 3: Spalte Frage: die Zelle enthält Bytes, die kein UTF-8 sind, in einer sonst UTF-8-kodierten Datei; als Windows-1252 gelesen hieße sie „Grüße aus Köln?“: bitte korrigieren und die Datei als „CSV UTF-8“ speichern"
	if got := messages(probs, i18n.German); len(got) != 1 || got[0] != want {
		t.Fatalf("got\n%s", strings.Join(got, "\n"))
	}
}

// Numbers are numbers as authors write them: not NaN, infinity,
// exponents or hexadecimal floats that strconv would accept.
func TestNumbersAreDecimals(t *testing.T) {
	for _, v := range []string{"NaN", "Inf", "-Infinity", "0x1p-3", "1e5", "1_000", "+-3", "1" + strings.Repeat("0", 400)} {
		wantProblem(t, raabSheet("Schätzen", []string{"Karte", "Frage", "Einheit", "Antwort"}, []string{"1", "Wie hoch?", "m", v}),
			"deck/Schätzen.csv: Schätzen: Zeile 2: Spalte Antwort: „"+v+"“ ist keine Zahl (z. B. 1234 oder 3,5)")
	}
	for _, v := range []string{"NaN", "0x10", "1e1"} {
		wantProblem(t, raabSheet("Wo liegt was", []string{"Karte", "Landkarte", "Ort", "Breite", "Länge"}, []string{"1", "D", "Berlin", v, "13,40"}),
			"deck/Wo liegt was.csv: Wo liegt was: Zeile 2: Spalte Breite: „"+v+"“ ist keine Gradzahl (z. B. 52,52)")
	}
	for v, want := range map[string]float64{"3,5": 3.5, "3.5": 3.5, "1.234,5": 1234.5, "−2": -2, "8 848": 8848} {
		if got, ok := parseNumber(v); !ok || got != want {
			t.Errorf("%q: %v %v", v, got, ok)
		}
	}
}

// The deck's name is printed on every card beside the QR code: a name too
// long for it is an error at its cell.
func TestDeckNameMustFitTheFooter(t *testing.T) {
	s := validGenial()
	s["Deck"][1][1] = strings.Repeat("Sehr langer Name ", 3)
	wantProblem(t, s, "deck/Deck.csv: Deck: Zeile 2: Spalte Name: der Name ist zu lang (50 Zeichen, höchstens 40): er steht klein auf jeder Karte neben dem QR-Code")
	s = validGenial()
	s["Deck"][1][1] = "Zwei\nZeilen"
	wantProblem(t, s, "deck/Deck.csv: Deck: Zeile 2: Spalte Name: der Name muss in eine Zeile passen (ohne Zeilenumbruch)")
}

// A value with an invisible character is shown with it, so that a message
// never reads „grün“ ist nicht erlaubt (erlaubt: grün, gelb).
func TestMessagesShowInvisibleCharacters(t *testing.T) {
	_, probs := loadSheets(t, validLabyrinth().set("Karten", 2, "Seite", "gr\u2060ün"))
	want := `deck/Karten.csv: Karten: Zeile 2: Spalte Seite: „gr\u2060ün“ ist nicht erlaubt (erlaubt: grün, gelb)`
	if got := messages(probs, i18n.German); len(got) == 0 || got[0] != want {
		t.Errorf("got %q", got)
	}
}
