package decks

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"druckreif/i18n"
)

func dativRows(rows ...[]string) sheets {
	return sheets{"Deck": deckSheet("dativ", "D"), "Karten": append([][]string{{"Nr", "Seite", "Kategorie", "Satz",
		"Option 1", "Option 2", "Option 3", "Option 4", "Richtig", "Erklärung", "Vorlesehinweis", "Region", "Wörtlich"}}, rows...)}
}

// duplicateMessages checks the decks by themselves, in the order given.
func duplicateMessages(t *testing.T, lang i18n.Lang, decks ...*Deck) []string {
	t.Helper()
	var out []string
	for _, p := range Duplicates(decks, nil) {
		out = append(out, p.In(lang))
	}
	return out
}

// The eight Dativ sides the review of the Dativ deck found repeating
// labyrinth cards (docs/reviews/dativ.md, section 3; the sides as they were
// before commit 0cceaaf), each on its card with the card's other side, and
// the labyrinth cards they repeat. Frames and option sets differ; what is
// tested is the same.
func TestDuplicateSameTestedItem(t *testing.T) {
	lab := loadAs(t, labyrinthRows(
		[]string{"1", "grün", "risiko", "Wie lautet das Partizip II von „winken“ standardsprachlich?", "gewinkt", "gewunken", "gewankt", "A", "", ""},
		[]string{"1", "gelb", "risiko", "Welches dieser Wörter hat keine Singularform?", "Menschen", "Kinder", "Leute", "C", "", ""},
		[]string{"2", "grün", "risiko", "Welches dieser Wörter geht auf den Namen eines Menschen zurück?", "Streik", "Sabotage", "Boykott", "C", "", ""},
		[]string{"2", "gelb", "risiko", "Welches dieser deutschen Wörter ist ins Englische eingegangen?", "Fremdscham", "Zeitgeist", "Feierabend", "B", "", ""},
		[]string{"3", "grün", "normal", "Welche Schreibung ist richtig?", "Das nimmt mich Wunder.", "Das nimmt mich wunder.", "Das nimmt mich Wunders.", "B", "", "ja"},
		[]string{"3", "gelb", "normal", "Welche Schreibung ist richtig? „Nach dem Sieg wird die ganze Stadt ___.“", "Kopf stehen", "kopf stehen", "kopfstehen", "C", "", "ja"},
		[]string{"4", "grün", "normal", "„Herr Meier, unser Nachbar, kommt auch.“ Was gilt für das Komma nach „Nachbar“?", "Es ist Pflicht.", "Es ist verboten.", "Es ist freigestellt.", "A", "", "ja"},
		[]string{"4", "gelb", "normal", "In welchem Satz fehlt ein Komma, das gesetzt werden muss?", "Er versuchte zu schlafen.", "Sie versprach zu kommen.", "Ohne ein Wort zu sagen ging sie hinaus.", "C", "", "ja"},
		[]string{"5", "grün", "normal", "Was ist in der österreichischen Amtssprache ein „Akt“?", "eine Akte", "eine Amtsstube", "ein Aktenschrank", "A", "de-AT", ""},
		[]string{"5", "gelb", "normal", "Welcher Plural von „Erlass“ ist im österreichischen Amtsdeutsch üblich?", "die Erlässe", "die Erlasse", "die Erlassen", "A", "de-AT", ""},
		[]string{"6", "grün", "normal", "Was ist in der Schweiz ein „Sackmesser“?", "ein Taschenmesser", "ein Brotmesser", "ein Teppichmesser", "A", "de-CH", ""},
		[]string{"6", "gelb", "normal", "Welchen Artikel hat „Match“ in der Schweiz?", "das", "der", "die", "B", "de-CH", ""},
		[]string{"7", "grün", "normal", "Was bedeutet das Schweizer „allfällig“, etwa in „allfällige Fragen“?", "überfällig", "etwaig, eventuell", "ausgefallen", "B", "de-CH", ""},
		[]string{"7", "gelb", "normal", "Welches Wortpaar sieht in Schweizer Schreibung gleich aus, weil dort kein ß verwendet wird?", "Masse und Maße", "Miete und Mitte", "Rate und Ratte", "A", "de-CH", "ja"},
		[]string{"8", "grün", "normal", "Österreichisches Standarddeutsch: „Wir ___ lange vor dem Kino gestanden.“ Welches Hilfsverb ist üblich?", "haben", "werden", "sind", "C", "de-AT", ""},
		[]string{"8", "gelb", "normal", "Wie lautet das Perfekt von „liegen“ im österreichischen Standarddeutsch?", "ich bin gelegen", "ich habe gelegt", "ich bin gelegt", "A", "de-AT", ""},
	), "labyrinth")
	dat := loadAs(t, dativRows(
		[]string{"151", "vorne", "Verbformen", "Sie hat mir vom Bahnsteig aus lange ___.", "gewinkt", "gewunken", "", "", "1", "Standardsprachlich heißt es „gewinkt“.", "", "", ""},
		[]string{"151", "hinten", "Redewendungen", "Nach der Niederlage warf er nicht gleich die ___ ins Korn.", "Flinte", "Sense", "Mütze", "", "1", "„die Flinte ins Korn werfen“ heißt „vorschnell aufgeben“.", "", "", ""},
		[]string{"165", "vorne", "Wortherkunft", "Das Wort „Boykott“ geht auf einen ___ namens Boycott zurück.", "Gutsverwalter", "Fabrikanten", "Bischof", "", "1", "Irische Pächter mieden 1880 den Gutsverwalter Charles Boycott.", "", "", ""},
		[]string{"165", "hinten", "Verbformen", "Vor dem Rennen hat sie die Skier sorgfältig ___.", "gewachst", "gewachsen", "", "", "1", "„wachsen“ im Sinne von „mit Wachs einreiben“ ist schwach.", "", "", ""},
		[]string{"140", "vorne", "Groß- und Kleinschreibung", "Als der Verein aufstieg, stand die ganze Stadt ___.", "kopf", "Kopf", "", "", "1", "Getrennt bleibt es klein: „die Stadt steht kopf“.", "groß oder klein ansagen", "", "ja"},
		[]string{"140", "hinten", "Satzbau", "Der Laden, ___ ich meine Schuhe kaufe, schließt bald.", "in dem", "wo", "wohin", "", "1, 2", "Einen Relativsatz zu einem Ort leiten „in dem“ oder „wo“ ein.", "", "", ""},
		[]string{"170", "vorne", "Wortherkunft", "Spanisch „vainilla“, unsere „Vanille“, bedeutet ___.", "kleine Schote", "süßer Duft", "gelbe Blüte", "", "1", "„vainilla“ ist eine Verkleinerung von spanisch „vaina“.", "", "", ""},
		[]string{"170", "hinten", "Kommasetzung", "Unser Nachbar___ ein pensionierter Lehrer, gibt Nachhilfe.", ",", "(nichts)", "", "", "1", "Eine nachgestellte Beifügung schließt man in paarige Kommas ein.", "Komma mitsprechen", "", "ja"},
		[]string{"159", "vorne", "Genus", "Die Beamtin legte ___ zurück ins Regal.", "den Akt", "die Akte", "das Akt", "", "1, 2", "In Österreich ist „der Akt“ standardsprachlich für „die Akte“.", "", "de-AT", ""},
		[]string{"159", "hinten", "Wortwahl", "Bei dem Wetter hat sie sich ordentlich ___.", "verkühlt", "erkältet", "verkältet", "", "1, 2", "„sich verkühlen“ ist in Österreich standardsprachlich.", "", "de-AT", ""},
		[]string{"141", "vorne", "Genus", "Am Samstag schauen wir ___ im Stadion.", "den Match", "das Match", "die Match", "", "1, 2", "In der Schweiz heißt es „der Match“.", "", "de-CH", ""},
		[]string{"141", "hinten", "Wortwahl", "Die Schuhe passen nicht, ich werde sie ___.", "retournieren", "zurückschicken", "retourieren", "", "1, 2", "In der Schweiz ist „retournieren“ standardsprachlich.", "", "de-CH", ""},
		[]string{"26", "vorne", "Genus", "Hast du ___ E-Mail vom Chef schon gelesen?", "den", "das", "die", "", "2, 3", "In der Schweiz ist „das E-Mail“ standardsprachlich.", "", "de-CH", ""},
		[]string{"26", "hinten", "Rechtschreibung", "Unser Hotel in Zürich liegt an einer ruhigen ___.", "Seitenstrasse", "Seitenstraße", "Seitenstrase", "", "1, 2", "In der Schweiz kann man stets „ss“ statt „ß“ schreiben.", "Lückenwort buchstabieren", "de-CH", "ja"},
		[]string{"18", "vorne", "Verbformen", "Ich ___ gestern zwei Stunden im Kaffeehaus gesessen.", "bin", "habe", "", "", "1, 2", "In Österreich ist „bin gesessen“ standardsprachlich.", "", "de-AT", ""},
		[]string{"18", "hinten", "Plural", "Vor dem Haus parken zwei ___ der Feuerwehr.", "Wägen", "Wagen", "Wagens", "", "1, 2", "Neben „Wagen“ ist in Österreich auch der Plural „Wägen“ standardsprachlich.", "", "de-AT", ""},
	), "dativ")
	at := func(row int, what, id string, labRow int) string {
		return "dativ/Karten.csv: Karten: Zeile " + strconv.Itoa(row) + ": Spalte Satz: Warnung: prüft dasselbe wie " + id +
			" (labyrinth/Karten.csv: Karten: Zeile " + strconv.Itoa(labRow) + ": Spalte Frage): " + what
	}
	want := []string{
		at(2, "„gewinkt“ statt „gewunken“", "LAB-L-1-GR", 2),
		at(4, "das Wort „Boykott“", "LAB-L-2-GR", 4),
		at(6, "dieselbe Lücke „… ganze Stadt ___“", "LAB-L-3-GE", 7),
		at(9, "das Komma nach „Nachbar“", "LAB-L-4-GR", 8),
		at(10, "„Akt“ und „Akte“ für dasselbe", "LAB-L-5-GR", 10),
		at(12, "der Artikel von „Match“", "LAB-L-6-GE", 13),
		at(15, "„ss“ und „ß“ gleichwertig (de-CH)", "LAB-L-7-GE", 15),
		at(16, "das Perfekt mit „sein“ oder „haben“ (de-AT)", "LAB-L-8-GR", 16),
	}
	got := duplicateMessages(t, i18n.German, lab, dat)
	slices.Sort(got)
	slices.Sort(want)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n  %q\nwant\n  %q", got, want)
	}
	en := duplicateMessages(t, i18n.English, lab, dat)
	if !slices.Contains(en, "dativ/Karten.csv: Karten: row 2: column Satz: warning: tests the same as LAB-L-1-GR (labyrinth/Karten.csv: Karten: row 2: column Frage): „gewinkt“ instead of „gewunken“") {
		t.Errorf("English: %q", en)
	}
}

// Pairs that share a template, a frame, a function word or a word but test
// two things are not one item.
func TestDuplicateSameTestedItemOnlyThat(t *testing.T) {
	lab := loadAs(t, labyrinthRows(
		// Spelling of another word than the Dativ side's.
		[]string{"1", "grün", "normal", "Welche Schreibung ist richtig?", "Lappalie", "Lapalie", "Lappallie", "A", "", "ja"},
		// The article of another noun than the Dativ side's.
		[]string{"1", "gelb", "normal", "Welchen Artikel hat „Joghurt“ im Standarddeutschen meist?", "der", "die", "das", "A", "", ""},
		// The comma after another word.
		[]string{"2", "grün", "normal", "„Die Kinder, die draußen spielen, lachen.“ Was gilt für das Komma nach „Kinder“?", "Es ist Pflicht.", "Es ist verboten.", "Es ist freigestellt.", "A", "", "ja"},
		// A question about a word, and a Dativ side answered by it that asks
		// another thing.
		[]string{"2", "gelb", "normal", "Wie trennt man „Becken“ am Zeilenende?", "Be-cken", "Beck-en", "Bek-ken", "A", "", "ja"},
		// The same words with the other right form: another item.
		[]string{"3", "grün", "normal", "Welche Form ist richtig? „Er ___ das Bild an die Wand.“", "hängte", "hing", "hangte", "A", "", ""},
		// The perfect of another verb.
		[]string{"3", "gelb", "normal", "Welches Hilfsverb passt? „Wir ___ die ganze Nacht getanzt.“", "haben", "sind", "werden", "A", "", ""},
		// Only a function word in common: im.
		[]string{"4", "grün", "normal", "Welche Präposition passt? „Wir treffen uns ___ Bahnhof.“", "am", "im", "beim", "A", "", ""},
		[]string{"4", "gelb", "normal", "Wie lautet der Plural von „das Visum“?", "die Visa", "die Visums", "die Visas", "A", "", ""},
	), "labyrinth")
	dat := loadAs(t, dativRows(
		[]string{"1", "vorne", "Rechtschreibung", "Am Bug prangte eine ___.", "Galionsfigur", "Gallionsfigur", "", "", "1", "Mit einem l.", "buchstabieren", "", "ja"},
		[]string{"1", "hinten", "Kommasetzung", "Der Lehrer___ der uns Latein gab, ist gestorben.", ",", "(nichts)", "", "", "1", "Ein Relativsatz steht zwischen Kommas.", "Komma mitsprechen", "", "ja"},
		[]string{"2", "vorne", "Verbformen", "Das Bild ___ schief an der Wand.", "hing", "hängte", "", "", "1", "Intransitiv ist „hängen“ stark.", "", "", ""},
		[]string{"2", "hinten", "Wortwahl", "Nach dem Abwasch spülte sie das ___ gründlich aus.", "Becken", "Regal", "Sofa", "", "1", "Ausspülen kann man nur ein Gefäß.", "", "", ""},
		[]string{"3", "vorne", "Verbformen", "Er ___ über den ganzen See geschwommen.", "ist", "hat", "", "", "1", "Mit Ortswechsel: sein.", "", "", ""},
		[]string{"3", "hinten", "Präpositionen", "Die Kinder spielen ___ Garten.", "im", "in dem", "", "", "1, 2", "Beides ist korrekt.", "", "", ""},
		// Two plurals of two words, both right: variants of one word each.
		[]string{"4", "vorne", "Plural", "Auf der Baustelle drehten sich drei ___.", "Kräne", "Krane", "Kranen", "", "1, 2", "In der Technik auch „Krane“.", "", "", ""},
		[]string{"4", "hinten", "Genus", "___ Teller steht im Schrank.", "Der", "Die", "Das", "", "1", "der Teller.", "", "", ""},
		[]string{"5", "vorne", "Plural", "Die ___ trafen sich im Hauptquartier.", "Generale", "Generäle", "Generals", "", "1, 2", "Beide Plurale sind korrekt.", "", "", ""},
		// The same gap with another word.
		[]string{"5", "hinten", "Verbformen", "Ich habe das Bild gestern an die Wand ___.", "gehängt", "gehangen", "", "", "1", "Transitiv ist „hängen“ schwach.", "", "", ""},
		[]string{"6", "vorne", "Verbformen", "Er hat den Nagel mit einem Schlag in die Wand ___.", "gehauen", "gehaut", "", "", "1, 2", "Beides ist korrekt.", "", "", ""},
		// Both sides of one card test one item from both ends: a turn
		// reads one side.
		[]string{"7", "vorne", "Verbformen", "Sie hat mir vom Zug aus lange ___.", "gewinkt", "gewunken", "", "", "1", "Standardsprachlich „gewinkt“.", "", "", ""},
		[]string{"7", "hinten", "Verbformen", "Zum Abschied hat er uns kurz ___.", "gewunken", "gewinkt", "gewankt", "", "2", "Standardsprachlich „gewinkt“.", "", "", ""},
		[]string{"6", "hinten", "Wortwahl", "Wir fahren ___ mit dem Zug nach Hamburg.", "morgen", "gestern", "", "", "1", "Die Reise liegt vor uns.", "", "", ""},
	), "dativ")
	if got := duplicateMessages(t, i18n.German, lab, dat); len(got) > 0 {
		t.Errorf("warned:\n  %s", strings.Join(got, "\n  "))
	}
}

func ptr[T any](v T) *T { return &v }

func TestFormsOfOneWord(t *testing.T) {
	for _, c := range []struct {
		right, wrong string
		want         bool
	}{
		{"gewinkt", "gewunken", true},
		{"Rhythmus", "Rythmus", true},
		{"kopfstehen", "Kopf stehen", true},
		{"kopf", "Kopf", true},
		{"wegen des Regens", "wegen dem Regen", true},
		{"Boykott", "Streik", false},
		{"Aus dem Arabischen", "Aus dem Türkischen", false},
		{"1961", "1962", false},
		{"der", "die", false},
		{"gehauen", "gehangen", true}, // forms alike; the frame check tells them apart
	} {
		if _, _, got := formsOfOneWord(ptr(newOption(c.right)), ptr(newOption(c.wrong))); got != c.want {
			t.Errorf("formsOfOneWord(%q, %q) = %v, want %v", c.right, c.wrong, got, c.want)
		}
	}
}

// The words two forms share at either end are no part of what they test:
// a Dativ option with its article and a labyrinth option without it are
// one form.
func TestFormsOfOneWordKeyIsTheDifference(t *testing.T) {
	key := func(right, wrong string) string {
		a, b, ok := formsOfOneWord(ptr(newOption(right)), ptr(newOption(wrong)))
		if !ok {
			t.Fatalf("formsOfOneWord(%q, %q): not forms", right, wrong)
		}
		return a + " | " + b
	}
	for _, c := range [][4]string{
		{"des Präsidenten", "des Präsidents", "Präsidenten", "Präsidents"},
		{"heute Abend", "heute abend", "Abend", "abend"},
		{"Es tut mir leid.", "Es tut mir Leid.", "leid", "Leid"},
		{"die Praktika", "die Praktiken", "Praktika", "Praktiken"},
	} {
		if a, b := key(c[0], c[1]), key(c[2], c[3]); a != b {
			t.Errorf("%q/%q gives %q, %q/%q gives %q", c[0], c[1], a, c[2], c[3], b)
		}
	}
	// Only the article differs: the article key names that item.
	if _, _, ok := formsOfOneWord(ptr(newOption("einem Tisch")), ptr(newOption("einen Tisch"))); ok {
		t.Error("einem/einen Tisch taken for forms of a content word")
	}
}
