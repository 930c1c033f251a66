package decks

import (
	"strings"
	"testing"

	"druckreif/i18n"
)

func TestValidDecksLoad(t *testing.T) {
	for name, s := range map[string]sheets{"labyrinth": validLabyrinth(), "dativ": validDativ(), "genial": validGenial()} {
		d, probs := loadSheets(t, s)
		if d == nil || len(probs) > 0 {
			t.Errorf("%s: want a clean deck, got %v", name, messages(probs, i18n.German))
		}
	}
}

// Each case breaks exactly one rule of a valid deck and names the exact
// file, sheet, row and column in the message.
func TestValidationRules(t *testing.T) {
	cases := []struct {
		name string
		deck sheets
		want string
	}{
		// Sheets and columns.
		{"missing card sheet", func() sheets { s := validLabyrinth(); delete(s, "Karten"); return s }(),
			"deck: Karten: das Tabellenblatt fehlt"},
		{"missing Deck sheet", func() sheets { s := validLabyrinth(); delete(s, "Deck"); return s }(),
			"deck: Deck: das Tabellenblatt fehlt (Schlüssel in Spalte A, Wert in Spalte B: Spiel, Name, Kennung, Version)"},
		{"missing column", validLabyrinth().dropColumn("Karten", "Richtig"),
			"deck/Karten.csv: Karten: Spalte Richtig: Pflichtspalte fehlt"},
		{"duplicate column", func() sheets {
			s := validGenial()
			s["Fragen"][0][6] = "Frage"
			return s
		}(), "deck/Fragen.csv: Fragen: Zeile 1: Spalte Frage: die Spalte Frage steht doppelt (schon in Spalte B)"},
		// Cells.
		{"empty required cell", validLabyrinth().set("Karten", 3, "Frage", ""),
			"deck/Karten.csv: Karten: Zeile 3: Spalte Frage: leere Pflichtzelle"},
		{"empty answer", validGenial().set("Fragen", 2, "b", ""),
			"deck/Fragen.csv: Fragen: Zeile 2: Spalte b: leere Pflichtzelle"},
		{"answer key not among options", validLabyrinth().set("Karten", 2, "Richtig", "D"),
			"deck/Karten.csv: Karten: Zeile 2: Spalte Richtig: „D“ ist nicht erlaubt (erlaubt: A, B, C)"},
		{"genial key not among options", validGenial().set("Fragen", 3, "Richtig", "d"),
			"deck/Fragen.csv: Fragen: Zeile 3: Spalte Richtig: „d“ ist nicht erlaubt (erlaubt: a, b, c)"},
		{"dativ key points at empty option", validDativ().set("Karten", 2, "Richtig", "3"),
			"deck/Karten.csv: Karten: Zeile 2: Spalte Richtig: „3“ zeigt auf eine leere Möglichkeit (Option 3 ist nicht gefüllt)"},
		{"dativ key not a number", validDativ().set("Karten", 2, "Richtig", "a"),
			"deck/Karten.csv: Karten: Zeile 2: Spalte Richtig: „a“ ist keine Optionsnummer (1 bis 4, mehrere mit Komma: 1, 3)"},
		{"gap missing", validDativ().set("Karten", 2, "Satz", "Wir blieben zu Hause."),
			"deck/Karten.csv: Karten: Zeile 2: Spalte Satz: der Satz hat keine Lücke (___)"},
		{"gap doubled", validDativ().set("Karten", 3, "Satz", "Sie___ versprach___ es."),
			"deck/Karten.csv: Karten: Zeile 3: Spalte Satz: der Satz hat 2 Lücken; erlaubt ist genau eine (___)"},
		{"option hole", validDativ().set("Karten", 3, "Option 2", ""),
			"deck/Karten.csv: Karten: Zeile 3: Spalte Option 2: leere Möglichkeit vor Option 3: Möglichkeiten von Option 1 an lückenlos füllen"},
		{"one option only", validDativ().set("Karten", 2, "Option 2", ""),
			"deck/Karten.csv: Karten: Zeile 2: Spalte Option 2: mindestens zwei Möglichkeiten nötig"},
		{"reading hint too long", validDativ().set("Karten", 3, "Vorlesehinweis", strings.Repeat("buchstabieren ", 5)),
			"deck/Karten.csv: Karten: Zeile 3: Spalte Vorlesehinweis: der Vorlesehinweis hat 69 Zeichen; höchstens 60 passen in die Zeile unter den Möglichkeiten"},
		// Cards.
		{"card number duplicated", validLabyrinth().set("Karten", 4, "Nr", "1").set("Karten", 5, "Nr", "1"),
			""},
		{"side missing", validLabyrinth().set("Karten", 5, "Nr", "3"),
			""},
		{"type differs between sides", validLabyrinth().set("Karten", 5, "Typ", "normal"),
			"deck/Karten.csv: Karten: Zeile 5: Spalte Typ: Karte 2: der Typ „normal“ weicht von der grünen Seite ab („risiko“, Zeile 4); beide Seiten einer Karte haben denselben Typ"},
		{"region differs between sides", validLabyrinth().set("Karten", 5, "Region", "de-CH"),
			"deck/Karten.csv: Karten: Zeile 5: Spalte Region: Karte 2: die Region „de-CH“ weicht von der grünen Seite ab („de-AT“, Zeile 4); die Region gehört zur ganzen Karte"},
		{"genial number duplicated", validGenial().set("Fragen", 3, "Nr", "1"),
			"deck/Fragen.csv: Fragen: Zeile 3: Spalte Nr: Kartennummer 1 doppelt (schon in Zeile 2)"},
		{"not a card number", validGenial().set("Fragen", 3, "Nr", "zwei"),
			"deck/Fragen.csv: Fragen: Zeile 3: Spalte Nr: „zwei“ ist keine Kartennummer (ganze Zahl von 1 bis 99999)"},
		{"same question twice", validGenial().set("Fragen", 3, "Frage", "Frage  EINS?").set("Fragen", 3, "c", "z"),
			"deck/Fragen.csv: Fragen: Zeile 3: Spalte Frage: doppelt: derselbe Text steht schon in Zeile 2"},
		{"same answer twice", validGenial().set("Fragen", 2, "c", "x"),
			"deck/Fragen.csv: Fragen: Zeile 2: Spalte c: die Antwort ist dieselbe wie in Spalte a"},
		{"unknown region", validGenial().set("Fragen", 3, "Region", "de-XX"),
			"deck/Fragen.csv: Fragen: Zeile 3: Spalte Region: unbekannter Regionscode „de-XX“ (bekannt: de-AT, de-BE, de-CH, de-DE, de-DE-BB, de-DE-BE, de-DE-BW, de-DE-BY, de-DE-HB, de-DE-HE, de-DE-HH, de-DE-MV, de-DE-NI, de-DE-NW, de-DE-RP, de-DE-SH, de-DE-SL, de-DE-SN, de-DE-ST, de-DE-TH, de-IT, de-LI, de-LU)"},
		{"bad side", validLabyrinth().set("Karten", 2, "Seite", "blau"),
			""},
		// What no cell may hold.
		{"formula", validGenial().set("Fragen", 2, "a", "=A1&B1"),
			"deck/Fragen.csv: Fragen: Zeile 2: Spalte a: die Zelle beginnt mit „=“ wie eine Formel; bitte den Wert eintragen"},
		{"error value", validGenial().set("Fragen", 3, "b", "#NV"),
			"deck/Fragen.csv: Fragen: Zeile 3: Spalte b: die Zelle enthält den Fehlerwert #NV"},
		{"control character", validGenial().set("Fragen", 2, "Frage", "Frage\x07eins?"),
			"deck/Fragen.csv: Fragen: Zeile 2: Spalte Frage: die Zelle enthält das Steuerzeichen U+0007"},
		{"emoji", validGenial().set("Fragen", 2, "b", "y 🙂"),
			"deck/Fragen.csv: Fragen: Zeile 2: Spalte b: das Zeichen „🙂“ (U+1F642) kann nicht gedruckt werden (Emoji oder seltenes Zeichen)"},
		// The Deck sheet.
		{"bad Kennung", func() sheets { s := validGenial(); s["Deck"][2][1] = "std-1"; return s }(),
			"deck/Deck.csv: Deck: Zeile 3: Spalte Kennung: „std-1“ ist keine gültige Kennung (A–Z und 0–9, höchstens 8 Zeichen)"},
		{"bad Version", func() sheets { s := validGenial(); s["Deck"][3][1] = "v1 beta"; return s }(),
			"deck/Deck.csv: Deck: Zeile 4: Spalte Version: „v1 beta“ ist keine gültige Version (A–Z, 0–9, „.“ und „-“, höchstens 16 Zeichen, z. B. 1.0)"},
		{"missing key", func() sheets { s := validGenial(); s["Deck"] = s["Deck"][:3]; return s }(),
			"deck/Deck.csv: Deck: Spalte Version: Pflichtangabe fehlt"},
		{"empty key value", func() sheets { s := validGenial(); s["Deck"][1][1] = ""; return s }(),
			"deck/Deck.csv: Deck: Zeile 2: Spalte Name: leere Pflichtzelle (Wert in Spalte B)"},
		{"unknown game", func() sheets { s := validGenial(); s["Deck"][0][1] = "schach"; return s }(),
			"deck/Deck.csv: Deck: Zeile 1: Spalte Spiel: unbekanntes Spiel „schach“ (erlaubt: labyrinth, dativ, genial, raab)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.want == "" {
				return // covered by a dedicated test below
			}
			wantProblem(t, c.deck, c.want)
		})
	}
}

func TestSideMissing(t *testing.T) {
	// Moving card 2's yellow side to card 3 leaves both cards one-sided.
	_, probs := loadSheets(t, validLabyrinth().set("Karten", 5, "Nr", "3"))
	got := messages(probs, i18n.German)
	want := []string{
		"deck/Karten.csv: Karten: Zeile 4: Spalte Seite: zu Karte 2 fehlt die Seite „gelb“ (jede Karte braucht beide Seiten)",
		"deck/Karten.csv: Karten: Zeile 5: Spalte Seite: zu Karte 3 fehlt die Seite „grün“ (jede Karte braucht beide Seiten)",
	}
	Problems(probs).Sort()
	got = messages(probs, i18n.German)
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func TestBadSideReportsOnlyThatCell(t *testing.T) {
	_, probs := loadSheets(t, validLabyrinth().set("Karten", 2, "Seite", "blau"))
	got := messages(probs, i18n.German)
	want := "deck/Karten.csv: Karten: Zeile 2: Spalte Seite: „blau“ ist nicht erlaubt (erlaubt: grün, gelb)"
	if len(got) < 1 || got[0] != want {
		t.Fatalf("got %q, want first %q", got, want)
	}
	// The card then lacks its green side; that follow-up is reported at the
	// yellow side's row, not as a second problem in row 2.
	for _, p := range probs[1:] {
		if p.Row == 2 {
			t.Errorf("second problem in row 2: %s", p)
		}
	}
}

func TestEnglishMessages(t *testing.T) {
	_, probs := loadSheets(t, validLabyrinth().set("Karten", 2, "Richtig", "D"))
	got := messages(probs, i18n.English)
	want := `deck/Karten.csv: Karten: row 2: column Richtig: "D" is not allowed (allowed: A, B, C)`
	if len(got) != 1 || got[0] != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestEveryProblemIsReported(t *testing.T) {
	s := validLabyrinth().set("Karten", 2, "Richtig", "D").set("Karten", 3, "Frage", "").set("Karten", 4, "Region", "xx")
	_, probs := loadSheets(t, s)
	if n := len(probs.Errors()); n != 3 {
		t.Fatalf("want 3 errors, got %d: %q", n, messages(probs, i18n.German))
	}
}

func TestColumnNameAsWrittenAndAliases(t *testing.T) {
	// English headers, odd case and spacing are accepted; messages name the
	// header as the author wrote it.
	s := validLabyrinth()
	s["Karten"][0] = []string{"number", "SIDE", "Type", "question", "a", "b", "c", "Correct", "region", "verbatim"}
	s["Karten"][1][1] = "green"
	s["Karten"][2][1] = "yellow"
	s["Karten"][3][2] = "risk"
	s["Karten"][4][2] = "RISK"
	d, probs := loadSheets(t, s)
	if d == nil {
		t.Fatalf("aliases not accepted: %q", messages(probs, i18n.German))
	}
	wantProblem(t, s.clone().set("Karten", 3, "Correct", "X"),
		"deck/Karten.csv: Karten: Zeile 3: Spalte Correct: „X“ ist nicht erlaubt (erlaubt: A, B, C)")
}

func TestUnknownColumnAndSheetWarn(t *testing.T) {
	s := validGenial()
	s["Fragen"][0] = append(s["Fragen"][0], "Notiz")
	s["Notizen"] = [][]string{{"x"}}
	d, probs := loadSheets(t, s)
	if d == nil || probs.HasErrors() {
		t.Fatalf("warnings must not stop the deck: %q", messages(probs, i18n.German))
	}
	got := messages(probs, i18n.German)
	want := []string{
		"deck/Fragen.csv: Fragen: Zeile 1: Spalte Notiz: Warnung: unbekannte Spalte, sie wird nicht gelesen (erwartet: Nr, Frage, a, b, c, Richtig, Region, Wörtlich)",
		"deck/Notizen.csv: Notizen: Warnung: unbekanntes Tabellenblatt, es wird nicht gelesen",
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func TestRowNumbersCountBlankRows(t *testing.T) {
	s := validGenial()
	rows := s["Fragen"]
	s["Fragen"] = [][]string{rows[0], rows[1], {"", "", ""}, {}, rows[2]}
	s.set("Fragen", 5, "Richtig", "q")
	wantProblem(t, s, "deck/Fragen.csv: Fragen: Zeile 5: Spalte Richtig: „q“ ist nicht erlaubt (erlaubt: a, b, c)")
}

func TestCardNumberDuplicated(t *testing.T) {
	_, probs := loadSheets(t, validLabyrinth().set("Karten", 4, "Nr", "1").set("Karten", 5, "Nr", "1"))
	got := messages(probs, i18n.German)
	want := []string{
		"deck/Karten.csv: Karten: Zeile 4: Spalte Nr: Kartennummer 1 doppelt: die Seite „grün“ steht schon in Zeile 2",
		"deck/Karten.csv: Karten: Zeile 5: Spalte Nr: Kartennummer 1 doppelt: die Seite „gelb“ steht schon in Zeile 3",
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// Options that sound the same need a reading hint: without one, check
// warns and names both options; the warning goes with the hint.
func TestReadingHintWarning(t *testing.T) {
	_, probs := loadSheets(t, validDativ().set("Karten", 3, "Vorlesehinweis", ""))
	got := messages(probs, i18n.German)
	want := "deck/Karten.csv: Karten: Zeile 3: Spalte Vorlesehinweis: Warnung: die Möglichkeiten a („,“) und b („(nichts)“) klingen vorgelesen gleich: bitte einen Vorlesehinweis angeben, z. B. „buchstabieren“ oder „Komma = kurze Pause, sonst ohne Pause lesen“"
	if len(got) != 1 || got[0] != want || probs.HasErrors() {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	// A sheet without the column at all is still read, with the same warning.
	_, probs = loadSheets(t, validDativ().dropColumn("Karten", "Vorlesehinweis"))
	if got := messages(probs, i18n.German); len(got) != 1 || got[0] != want || probs.HasErrors() {
		t.Fatalf("without the column: %q", got)
	}
	d, probs := loadSheets(t, validDativ())
	if len(probs) > 0 || d.Dativ[0].Sides[Back].ReadingHint != "Satzzeichen mitsprechen" || d.Dativ[0].Sides[Front].ReadingHint != "" {
		t.Fatalf("hint not read: %q", messages(probs, i18n.German))
	}
}

// The labyrinth reader reads all three answers aloud: answers that sound
// the same need a reading hint too, with the same warning at the cell, and
// the hint must fit the two lines under the answers.
func TestLabyrinthReadingHint(t *testing.T) {
	alike := func() sheets {
		s := validLabyrinth().set("Karten", 3, "B", "Leid").set("Karten", 3, "C", "leid")
		s["Karten"][0] = append(s["Karten"][0], ReadingHintColumn)
		return s
	}
	_, probs := loadSheets(t, alike())
	want := "deck/Karten.csv: Karten: Zeile 3: Spalte Vorlesehinweis: Warnung: die Antworten B („Leid“) und C („leid“) klingen vorgelesen gleich: bitte einen Vorlesehinweis angeben, z. B. „buchstabieren“ oder „Komma = kurze Pause, sonst ohne Pause lesen“"
	if got := messages(probs, i18n.German); len(got) != 1 || got[0] != want || probs.HasErrors() {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	wantEN := `deck/Karten.csv: Karten: row 3: column Vorlesehinweis: warning: answers B ("Leid") and C ("leid") sound the same when read aloud: please give a reading hint, e.g. "buchstabieren" (spell it) or "Komma = kurze Pause, sonst ohne Pause lesen" (a comma is a short pause)`
	if got := messages(probs, i18n.English); len(got) != 1 || got[0] != wantEN {
		t.Errorf("in English: %q\nwant %q", got, wantEN)
	}
	// A sheet without the column (as written before it existed) gets the
	// same warning.
	_, probs = loadSheets(t, alike().dropColumn("Karten", ReadingHintColumn))
	if got := messages(probs, i18n.German); len(got) != 1 || got[0] != want {
		t.Fatalf("without the column: %q", got)
	}
	d, probs := loadSheets(t, alike().set("Karten", 3, ReadingHintColumn, "groß oder klein ansagen"))
	if len(probs) > 0 || d.Labyrinth[0].Sides[Yellow].ReadingHint != "groß oder klein ansagen" || d.Labyrinth[0].Sides[Green].ReadingHint != "" {
		t.Fatalf("hint not read: %q", messages(probs, i18n.German))
	}
	_, probs = loadSheets(t, alike().set("Karten", 3, ReadingHintColumn, strings.Repeat("b", MaxLabyrinthReadingHint+1)))
	want = "deck/Karten.csv: Karten: Zeile 3: Spalte Vorlesehinweis: der Vorlesehinweis hat 41 Zeichen; höchstens 40 passen in die zwei Zeilen unter den Antworten"
	if got := messages(probs, i18n.German); len(got) != 1 || got[0] != want {
		t.Fatalf("too long: %q\nwant %q", got, want)
	}
}

func TestSoundAlike(t *testing.T) {
	// Pairs that sound the same to every listener: they differ only in
	// writing.
	spelled := [][2]string{
		{",", Nothing}, {":", ","}, {"Abend", "abend"}, {"zu Hause", "zuhause"}, {"Rad fahren", "radfahren"},
		{"3-Zimmer-Wohnung", "Dreizimmerwohnung"}, {"8-jährige", "achtjährige"}, {"das", "dass"},
		{"sodaß", "so dass"}, {"Seitenstraße", "Seitenstrasse"}, {"Rhythmus", "Rythmus"}, {"Leviten", "Levithen"},
		{"wider", "wieder"}, {"währe", "wäre"},
		{"Klaus’", "Klaus’s"}, {"Terrasse", "Terasse"}, {"seien", "seihen"}, {"E-Mail", "Email"},
		{"Schiffahrt", "Schifffahrt"}, {"Fens-ter", "Fen-ster"}, {"Karl V.", "Karl V"}, {"Armeen", "Armeen."},
	}
	// Pairs that sound the same under one merger, with real German words:
	// every speaker's, then each region's.
	merged := map[Merger][][2]string{
		FinalDevoicing: {{"Tod", "tot"}, {"todmüde", "totmüde"}, {"Standard", "Standart"}, {"Rad", "Rat"}, {"Bund", "bunt"}, {"Grad", "Grat"}},
		ShortAE:        {{"kennte", "kännte"}, {"Lärche", "Lerche"}, {"Gämse", "Gemse"}, {"Quäntchen", "Quentchen"}, {"Eltern", "Ältern"}, {"behände", "behende"}, {"Stängel", "Stengel"}, {"Bäcker", "Becker"}},
		LongAE:         {{"nehme", "nähme"}, {"gebe", "gäbe"}, {"Ehre", "Ähre"}, {"Beeren", "Bären"}, {"Gewähr", "Gewehr"}, {"lese", "läse"}},
		VoicelessS:     {{"Atlase", "Atlasse"}, {"reisen", "reißen"}, {"weise", "weiße"}, {"Muse", "Muße"}, {"Seitenstraße", "Seitenstrase"}},
		LenisFortis:    {{"Tank", "Dank"}, {"Kasse", "Gasse"}, {"Paar", "Bar"}, {"Ente", "Ende"}, {"packen", "backen"}, {"leiden", "leiten"}},
		ChSch:          {{"Kirche", "Kirsche"}, {"Fichte", "fischte"}, {"mich", "misch"}, {"Löcher", "Löscher"}, {"euch", "Eusch"}},
		// Bavaria and Austria merge both: there the „Kasse“ sounds like
		// the „Gase“.
		LenisFortis | VoicelessS: {{"Kasse", "Gase"}},
		// Before the stress the vowels blur in running speech; a borrowed
		// word's stressed ending shows where the stress is, inflected too.
		UnstressedVowel: {{"Reparatur", "Reperatur"}, {"separat", "seperat"}, {"Apparat", "Apperat"},
			{"Kategorie", "Katigorie"}, {"Reparaturen", "Reperaturen"}, {"repariert", "reperiert"},
			{"Elefanten", "Elofanten"}, {"die Reparatur", "die Reperatur"}},
		// An unstressed -en before b, p, m is said -em in running speech.
		NasalAssimilation: {{"Den Polizeibericht", "Dem Polizeibericht"}, {"einen Plan", "einem Plan"},
			{"mit den Menschen", "mit dem Menschen"}, {"keinen Bruder", "keinem Bruder"}},
	}
	// Pairs no German hears alike.
	apart := [][2]string{
		{"sein", "seien"}, {"hatte", "hätte"}, {"Wagen", "Wägen"},
		{"Worte", "Wörter"}, {"dem Regen", "den Regen"}, {"zu", Nothing}, {"den Tag", "dem Tag"}, {"schon Pech", "schom Pech"},
		{"wandte", "wendete"}, {"niemandem", "niemanden"}, {"Herzlichsten", "Herzlichste"},
		{"Futur I", "Futur II"}, {"7.15 Uhr", "7.45 Uhr"}, {"seit 1938", "seit 1848"}, {"1100", "100"},
		{"Kakten", "Kakteen"}, {"Ideen", "Iden"}, {"Buch", "Busch"}, {"lachen", "laschen"}, {"Tank", "Zank"},
		{"Kasse", "Tasse"}, {"Mutter", "Mütter"}, {"Haus", "Maus"}, {"Fuchs", "Fusch"}, {"gab", "gäbe"},
		// The stressed vowel itself, a vowel after the stress, and a word
		// whose stress no ending shows (Tomate is stressed on the „ma“)
		// are heard.
		{"Präsident", "Präsidant"}, {"Reparation", "Reparatur"}, {"tendenziell", "tendenziös"}, {"Pizza", "Pizze"},
		{"Tomate", "Tomete"}, {"Heimat", "Heimet"}, {"Elefant", "Elefanten"}, {"Kategorie", "Kategorien"},
	}
	check := func(p [2]string, want bool, where Merger) {
		t.Helper()
		s := DativSide{Options: []string{p[0], p[1]}}
		got, alike := s.SoundAlike()
		if alike != want || want && got.Where != where {
			t.Errorf("%q / %q: sound alike %v under %v (%s), want %v under %v (keys %q, %q)", p[0], p[1], alike, got.Where,
				got.Where.Describe().EN, want, where, soundKeyUnder(s.OptionText(0), where), soundKeyUnder(s.OptionText(1), where))
		}
	}
	for _, p := range spelled {
		check(p, true, 0)
	}
	for m, pairs := range merged {
		for _, p := range pairs {
			check(p, true, m)
		}
	}
	for _, p := range apart {
		check(p, false, 0)
	}
}

// The warning names the pronunciation under which two options sound the
// same, so the author knows what the reader must make audible.
func TestSoundAlikeWarningNamesTheMerger(t *testing.T) {
	s := validDativ().set("Karten", 2, "Option 1", "nehme").set("Karten", 2, "Option 2", "nähme").set("Karten", 2, "Satz", "Ich ___ das Angebot gern an.")
	_, probs := loadSheets(t, s)
	want := "deck/Karten.csv: Karten: Zeile 2: Spalte Vorlesehinweis: Warnung: die Möglichkeiten a („nehme“) und b („nähme“) klingen vorgelesen gleich " +
		"(wo langes ä wie e klingt (Norden und Osten): „nähme“ wie „nehme“): bitte einen Vorlesehinweis angeben, z. B. „buchstabieren“"
	if got := messages(probs, i18n.German); len(got) != 1 || got[0] != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	wantEN := `deck/Karten.csv: Karten: row 2: column Vorlesehinweis: warning: options a ("nehme") and b ("nähme") sound the same when read aloud (where long ä sounds like e (north and east): "nähme" like "nehme"): please give a reading hint, e.g. "buchstabieren" (spell it)`
	if got := messages(probs, i18n.English); len(got) != 1 || got[0] != wantEN {
		t.Errorf("English: %q\nwant %q", got, wantEN)
	}
	// A hint silences it.
	if _, probs := loadSheets(t, s.set("Karten", 2, ReadingHintColumn, "B mit langem ä sprechen")); len(probs) != 0 {
		t.Errorf("with a hint: %q", messages(probs, i18n.German))
	}
}

// A Version typed as a number reads as a German spreadsheet shows it
// (1,5); it is the version 1.5. Other commas are no version.
func TestVersionTypedAsNumber(t *testing.T) {
	s := validGenial()
	s["Deck"][3][1] = "1,5"
	d, probs := loadSheets(t, s)
	if d == nil || d.Info.Version != "1.5" {
		t.Fatalf("version %v: %q", d, messages(probs, i18n.German))
	}
	s["Deck"][3][1] = "1,5,2"
	wantProblem(t, s, "deck/Deck.csv: Deck: Zeile 4: Spalte Version: „1,5,2“ ist keine gültige Version (A–Z, 0–9, „.“ und „-“, höchstens 16 Zeichen, z. B. 1.0)")
}
