package decks

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"druckreif/i18n"
)

func raabRows(sheet string, rows ...[]string) sheets {
	return sheets{"Deck": deckSheet("raab", "R"), sheet: rows}
}

// The repeats the independent review of issue 25 found and the duplicate
// check missed, as the default decks had them: each later item warns,
// naming the earlier one and what both ask.
func TestDuplicateIssue25Repeats(t *testing.T) {
	// The same optional comma: LAB-STD-24-GE and DAT-STD-23-H.
	lab := loadAs(t, labyrinthRows(
		[]string{"24", "grün", "normal", "„Frau Yilmaz aus Kiel, Hafenstraße 3 hat das Rätsel gelöst.“ Was gilt für ein Komma nach „3“?", "Es ist Pflicht.", "Es ist verboten.", "Es ist freigestellt.", "C", "", "ja"},
		[]string{"24", "gelb", "normal", "In welchem Satz fehlt ein Komma, das gesetzt werden muss?", "Er versuchte am Abend noch zu schlafen.", "Sie versprach ihm pünktlich zu kommen.", "Ohne ein Wort zu sagen ging sie hinaus.", "C", "", "ja"},
		// German words in English: LAB-STD-206-GE and DAT-STD-114-H.
		[]string{"206", "grün", "risiko", "Welches dieser Wörter geht auf den Namen eines Menschen zurück?", "Streik", "Sabotage", "Silhouette", "C", "", ""},
		[]string{"206", "gelb", "risiko", "Welches dieser deutschen Wörter ist ins Englische eingegangen?", "Fremdscham", "Zeitgeist", "Feierabend", "B", "", ""},
		// Znüni (LAB-STD-63-GR), Zmorge (LAB-CH-4-GE below), Berliner
		// (LAB-STD-35-GE and GEN-STD-31).
		[]string{"63", "grün", "risiko", "Was isst man in der Schweiz als „Znüni“?", "ein spätes Abendessen", "eine Zwischenmahlzeit am Vormittag", "ein Menü mit neun Gängen", "B", "de-CH", ""},
		[]string{"63", "gelb", "risiko", "Was sagt man in der Schweiz mit „Exgüsi“?", "Entschuldigung", "Prost", "Gesundheit", "A", "de-CH", ""},
		[]string{"35", "grün", "normal", "Was ist in Frankfurt am Main ein „Geripptes“?", "ein Rippchen vom Schwein", "ein Wollpullover", "ein Apfelweinglas", "C", "de-DE-HE", ""},
		[]string{"35", "gelb", "normal", "Was bekommt man in Hessen, wenn man einen „Kreppel“ kauft?", "eine Laugenbrezel mit Salz", "einen Krapfen (Berliner)", "einen Eierkuchen mit Zucker", "B", "de-DE-HE", ""},
	), "labyrinth")
	ch := loadAs(t, sheets{"Deck": deckSheet("labyrinth", "CH"), "Karten": labyrinthRows(
		[]string{"4", "grün", "normal", "Was ist in der Schweiz ein „Zapfenzieher“?", "ein Schuhlöffel", "eine Rohrzange", "ein Korkenzieher", "C", "de-CH", ""},
		[]string{"4", "gelb", "normal", "Welche Mahlzeit meint man in der Schweiz mit „Zmorge“?", "das Frühstück", "das Mittagessen", "das Abendessen", "A", "de-CH", ""},
	)["Karten"]}, "labyrinth-ch")
	dat := loadAs(t, dativRows(
		[]string{"23", "vorne", "Dativ/Genitiv", "___ hat er den Vertrag unterschrieben.", "Entgegen meinem Rat", "Entgegen meines Rates", "Entgegen meinen Rat", "", "1", "„entgegen“ regiert den Dativ (Duden).", "", "", ""},
		[]string{"23", "hinten", "Kommasetzung", "Der Techniker versprach___ zurückzurufen.", ",", "(nichts)", "", "", "1, 2", "Beim bloßen Infinitiv mit „zu“ ist das Komma freigestellt (Amtliches Regelwerk 2024).", "Komma mitsprechen", "", "ja"},
		[]string{"114", "vorne", "Kommasetzung", "Zum Essen gab es frisches___ italienisches Brot.", "(nichts)", ",", "", "", "1", "Kein Komma: die Adjektive sind nicht gleichrangig (Amtliches Regelwerk).", "Komma mitsprechen", "", "ja"},
		[]string{"114", "hinten", "Wortherkunft", "Die Engländer übernahmen aus dem Deutschen das Wort ___.", "Bange", "Furcht", "Angst", "", "3", "Englisch „angst“ ist ein Lehnwort aus dem Deutschen (Duden).", "", "", ""},
	), "dativ")
	gen := loadAs(t, genialRows(
		[]string{"31", "Was bekommt man in Berlin, wenn man beim Bäcker einen „Pfannkuchen“ bestellt?", "Einen flachen Eierkuchen", "Ein Hefegebäck mit Marmeladenfüllung", "Eine Waffel mit Puderzucker", "b", "de-DE-BE", ""},
	), "genial")
	// Is X a berry: Raab ST-1#3 and ST-3#4.
	raab := loadAs(t, raabRows("Stimmts", []string{"Karte", "Aussage", "Stimmt", "Erklärung"},
		[]string{"1", "Botanisch gesehen ist die Erdbeere eine Beere.", "nein", "Sie ist eine Sammelnussfrucht; die eigentlichen Früchte sind die kleinen Nüsschen außen."},
		[]string{"3", "Botanisch gesehen ist die Banane eine Beere.", "ja", "Wie Tomate und Kiwi zählt sie botanisch zu den Beeren."},
	), "raab")
	got := duplicateMessages(t, i18n.German, dat, gen, lab, ch, raab)
	slices.Sort(got)
	want := []string{
		"labyrinth/Karten.csv: Karten: Zeile 3: Spalte Frage: Warnung: prüft dasselbe wie DAT-D-23-H (dativ/Karten.csv: Karten: Zeile 3: Spalte Satz): das Komma vor dem Infinitiv mit „zu“ nach „versprach“",
		"labyrinth/Karten.csv: Karten: Zeile 5: Spalte Frage: Warnung: prüft dasselbe wie DAT-D-114-H (dativ/Karten.csv: Karten: Zeile 5: Spalte Satz): Wörter aus dem Deutschen im Englischen",
		"labyrinth/Karten.csv: Karten: Zeile 9: Spalte Frage: Warnung: prüft dasselbe wie GEN-G-31 (genial/Fragen.csv: Fragen: Zeile 2: Spalte Frage): regionale Wörter für den Berliner (Krapfen)",
		"labyrinth-ch/Karten.csv: Karten: Zeile 3: Spalte Frage: Warnung: prüft dasselbe wie LAB-L-63-GR (labyrinth/Karten.csv: Karten: Zeile 6: Spalte Frage): regionale Wörter für Mahlzeiten (Znüni, Zmorge, Jause …)",
		"raab/Stimmts.csv: Stimmts: Zeile 3: Spalte Aussage: Warnung: prüft dasselbe wie RAAB-R-ST-1 (raab/Stimmts.csv: Stimmts: Zeile 2: Spalte Aussage): was als „Beere“ gilt",
	}
	slices.Sort(want)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	en := duplicateMessages(t, i18n.English, dat, gen, lab, ch, raab)
	if !slices.Contains(en, "labyrinth/Karten.csv: Karten: row 5: column Frage: warning: tests the same as DAT-D-114-H (dativ/Karten.csv: Karten: row 5: column Satz): German words in English") {
		t.Errorf("English: %q", en)
	}
}

// The same fact in two mini-games: a statement of Stimmt's? and a choice
// of Entweder – Oder! both ask what counts as a berry.
func TestDuplicateSameFactInTwoMiniGames(t *testing.T) {
	raab := loadAs(t, sheets{"Deck": deckSheet("raab", "R"),
		"Stimmts": {{"Karte", "Aussage", "Stimmt"}, {"1", "Botanisch gesehen ist die Banane eine Beere.", "ja"}},
		"Entweder-Oder": {{"Karte", "Frage", "A", "B", "Richtig"},
			{"1", "Welche dieser Früchte ist botanisch eine Beere?", "Die Himbeere", "Die Heidelbeere", "B"}},
	}, "raab")
	got := duplicateMessages(t, i18n.German, raab)
	want := "raab/Stimmts.csv: Stimmts: Zeile 2: Spalte Aussage: Warnung: prüft dasselbe wie RAAB-R-EO-1 (raab/Entweder-Oder.csv: Entweder-Oder: Zeile 2: Spalte Frage): was als „Beere“ gilt"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// Pairs that share a topic word, a language or a frame but ask two things
// do not warn.
func TestDuplicateTopicKeysOnlyThat(t *testing.T) {
	raab := loadAs(t, sheets{"Deck": deckSheet("raab", "R"),
		"Stimmts": {{"Karte", "Aussage", "Stimmt"},
			// Two classes.
			{"1", "Botanisch gesehen ist die Banane eine Beere.", "ja"},
			{"1", "Botanisch gesehen ist die Erdnuss eine Nuss.", "nein"},
			// A class that is a frame: a word, not a thing.
			{"2", "„Kiosk“ ist ein Wort aus dem Türkischen.", "ja"},
			{"2", "„Tacheles“ ist ein Wort aus dem Jiddischen.", "ja"},
		},
	}, "raab")
	lab := loadAs(t, labyrinthRows(
		// A setting after the article, not a class.
		[]string{"1", "grün", "normal", "Was ist in einer Schweizer Stadt das „Trottoir“?", "der Stadtpark", "die Tiefgarage", "der Bürgersteig", "C", "de-CH", ""},
		[]string{"1", "gelb", "normal", "Was ist in einer Schweizer Wohnung das „Lavabo“?", "die Badewanne", "der Wäschekorb", "das Waschbecken", "C", "de-CH", ""},
		// Borrowings the other way, and a word's origin without a direction.
		[]string{"2", "grün", "normal", "Welches dieser deutschen Wörter ist ins Englische eingegangen?", "Fremdscham", "Zeitgeist", "Feierabend", "B", "", ""},
		[]string{"2", "gelb", "normal", "Welches Wort hat das Deutsche aus dem Englischen übernommen?", "Job", "Arbeit", "Beruf", "A", "", ""},
		[]string{"3", "grün", "normal", "Aus welcher Sprache stammt das deutsche Wort „Kiosk“?", "Türkisch", "Arabisch", "Persisch", "A", "", ""},
		[]string{"3", "gelb", "normal", "Welcher Fall folgt standardsprachlich auf „trotz“?", "Genitiv", "Akkusativ", "Nominativ", "A", "", ""},
		// A regional word of another family, and a regional word among
		// many in an answer (GEN-STD-51's Maibaum: „meist Brotzeit und Bier“).
		[]string{"4", "grün", "normal", "Was isst man in der Schweiz als „Znüni“?", "ein spätes Abendessen", "eine Zwischenmahlzeit am Vormittag", "ein Menü mit neun Gängen", "B", "de-CH", ""},
		[]string{"4", "gelb", "normal", "Was sagt man in der Schweiz mit „Exgüsi“?", "Entschuldigung", "Prost", "Gesundheit", "A", "de-CH", ""},
		[]string{"6", "grün", "normal", "Was ist in der Schweiz ein „Sackmesser“?", "ein Taschenmesser", "ein Brotmesser", "ein Teppichmesser", "A", "de-CH", ""},
		[]string{"6", "gelb", "normal", "Was ist in der Schweiz ein „Zapfenzieher“?", "ein Schuhlöffel", "eine Rohrzange", "ein Korkenzieher", "C", "de-CH", ""},
		[]string{"7", "grün", "normal", "Wie bekommt ein bayerisches Dorf seinen gestohlenen Maibaum zurück?", "Durch ein Tauziehen", "Gar nicht", "Gegen eine Auslöse, meist Brotzeit und Bier", "C", "de-DE-BY", ""},
		[]string{"7", "gelb", "normal", "Was ist in Bayern ein „Radi“?", "ein Rettich", "ein Fahrrad", "ein Rabe", "A", "de-DE-BY", ""},
		// A family word outside a regional setting.
		[]string{"5", "grün", "normal", "Welches Gemüse ist eine Knolle?", "die Tomate", "die Kartoffel", "die Gurke", "B", "", ""},
		[]string{"5", "gelb", "normal", "Welche Frucht wächst an einer Staude?", "die Kartoffel", "die Banane", "der Apfel", "B", "", ""},
	), "labyrinth")
	dat := loadAs(t, dativRows(
		// The comma before an infinitive after another verb.
		[]string{"1", "vorne", "Kommasetzung", "Der Techniker versprach___ zurückzurufen.", ",", "(nichts)", "", "", "1, 2", "Freigestellt (Amtliches Regelwerk).", "Komma mitsprechen", "", "ja"},
		[]string{"1", "hinten", "Genus", "___ Teller steht im Schrank.", "Der", "Die", "Das", "", "1", "der Teller (Duden).", "", "", ""},
		[]string{"2", "vorne", "Kommasetzung", "Sie versuchte___ rechtzeitig anzukommen.", ",", "(nichts)", "", "", "1, 2", "Freigestellt (Amtliches Regelwerk).", "Komma mitsprechen", "", "ja"},
		[]string{"2", "hinten", "Wortwahl", "Wir fahren ___ mit dem Zug nach Hamburg.", "morgen", "gestern", "", "", "1", "Die Reise liegt vor uns (Duden).", "", "", ""},
	), "dativ")
	if got := duplicateMessages(t, i18n.German, raab, lab, dat); len(got) > 0 {
		t.Errorf("warned:\n  %s", strings.Join(got, "\n  "))
	}
}

func TestTopicKeys(t *testing.T) {
	for _, c := range []struct {
		text string
		want string // the key's name, "" for none
	}{
		{"Botanisch gesehen ist die Erdbeere eine Beere.", "class\x00beer"},
		{"Erdnüsse sind botanisch keine Nüsse, sondern Hülsenfrüchte.", "class\x00nuss"},
		{"Spinnen gehören zu den Insekten.", "class\x00insekt"},
		{"Ist der Wal ein Fisch?", "class\x00fisch"},
		{"Der Wal ist ein Säugetier.", "class\x00saugetier"},
		{"Was ist ein „Geripptes“?", ""},
		{"Die Freiheitsstatue war ein Geschenk Frankreichs.", ""},
		{"Die Engländer übernahmen aus dem Deutschen das Wort ___.", "loan\x00de\x00en"},
		{"Welches dieser deutschen Wörter ist ins Englische eingegangen?", "loan\x00de\x00en"},
		{"Welches Wort hat das Deutsche aus dem Japanischen übernommen?", "loan\x00ja\x00de"},
		{"Aus welcher Sprache stammt das deutsche Wort „Kiosk“?", ""},
	} {
		var got string
		if keys := topicKeys(testedSource{text: c.text}); len(keys) > 0 {
			got = keys[0].name
		}
		if got != c.want {
			t.Errorf("%q: key %q, want %q", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		words []string
		want  bool
	}{
		{[]string{"zuruckzurufen"}, true}, {[]string{"zu", "kommen"}, true}, {[]string{"anzufangen"}, true},
		{[]string{"zu", "hause"}, false}, {[]string{"zuruck"}, false}, {[]string{"zusammen"}, false},
	} {
		if got := zuInfinitive(c.words); got != c.want {
			t.Errorf("%q: infinitive with zu %v, want %v", c.words, got, c.want)
		}
	}
}
