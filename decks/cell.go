package decks

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"druckreif/decks/workbook"
	"druckreif/i18n"
)

// checkCell reports what no cell of a deck may contain: how it was entered
// (a formula, a date, bytes that are not text) and characters the print
// cannot set right.
func checkCell(probs *Problems, at Location, v string, note workbook.Note) {
	switch {
	case note.Formula:
		probs.errorf(at, "die Zelle enthält eine Formel; bitte den Wert eintragen",
			"the cell holds a formula; please enter the value")
		return
	case note.Date:
		probs.errorf(at, "die Zelle ist als Datum formatiert (%s): Tabellenkalkulationen machen aus 3.5 gern den 3. Mai; bitte die Zelle als Text formatieren und den Wert neu eingeben",
			"the cell is formatted as a date (%s): spreadsheets like to turn 3.5 into the 3rd of May; please format the cell as text and enter the value again", v)
		return
	case note.Undecodable:
		probs.errorf(at, "die Zelle enthält Bytes, die kein UTF-8 sind, in einer sonst UTF-8-kodierten Datei; als Windows-1252 gelesen hieße sie „%s“: bitte korrigieren und die Datei als „CSV UTF-8“ speichern",
			"the cell holds bytes that are not UTF-8 in a file that otherwise is; read as Windows-1252 it would say %q: please correct it and save the file as \"CSV UTF-8\"", note.Windows1252)
		return
	}
	t := strings.TrimSpace(v)
	if strings.HasPrefix(t, "#") && errorValues[strings.ToUpper(t)] {
		probs.errorf(at, "die Zelle enthält den Fehlerwert %s", "the cell holds the error value %s", t)
		return
	}
	if strings.HasPrefix(t, "=") && len(t) > 1 {
		probs.errorf(at, "die Zelle beginnt mit „=“ wie eine Formel; bitte den Wert eintragen",
			"the cell starts with \"=\" like a formula; please enter the value")
		return
	}
	for _, c := range v {
		switch {
		case c == utf8.RuneError:
			probs.errorf(at, "die Zelle enthält ungültige Zeichen (Binärdaten oder falsche Kodierung)",
				"the cell holds invalid characters (binary data or wrong encoding)")
			return
		case c == '\n':
			// A line break typed in a cell is kept: the printer honours it.
		case isBidiControl(c):
			probs.errorf(at, "die Zelle enthält das unsichtbare Steuerzeichen U+%04X für die Schreibrichtung: es ordnet den Text anders an, als er gedruckt würde; bitte entfernen",
				"the cell holds the invisible direction control U+%04X: it reorders the text unlike the print; please remove it", c)
			return
		case unicode.IsControl(c):
			probs.errorf(at, "die Zelle enthält das Steuerzeichen U+%04X", "the cell holds the control character U+%04X", c)
			return
		case c > 0xFFFF:
			probs.errorf(at, "das Zeichen „%c“ (U+%04X) kann nicht gedruckt werden (Emoji oder seltenes Zeichen)",
				"the character %q (U+%04X) cannot be printed (emoji or rare character)", c, c)
			return
		}
		if s, ok := unshapedScript(c); ok {
			probs.add(Error, at, i18n.T(
				fmt.Sprintf("die Zelle enthält %s („%c“): der Druck kann sie nicht richtig setzen (%s); bitte umschreiben oder weglassen", s.de, c, s.whyDE),
				fmt.Sprintf("the cell holds %s script (%q): the print cannot set it right (%s); please transliterate or leave it out", s.en, c, s.whyEN)))
			return
		}
	}
}

// isBidiControl reports the characters that override or isolate the
// direction of text (the "Trojan Source" characters) and the direction marks.
func isBidiControl(c rune) bool {
	return c >= 0x202A && c <= 0x202E || c >= 0x2066 && c <= 0x2069 || c == 0x200E || c == 0x200F || c == 0x061C
}

// script is a writing system the print engine cannot set: it sets text
// left to right, one glyph per character, without joining or reordering.
type script struct {
	table                *unicode.RangeTable
	de, en, whyDE, whyEN string
}

const (
	rtlDE     = "sie wird von rechts nach links geschrieben, der Druck setzt von links nach rechts und verbindet keine Buchstaben"
	rtlEN     = "it is written right to left; the print sets left to right and joins no letters"
	shapingDE = "ihre Zeichen verbinden sich oder werden umgestellt, das kann der Druck nicht"
	shapingEN = "its characters join or reorder, which the print cannot do"
)

var unshapedScripts = []script{
	{unicode.Arabic, "arabische Schrift", "Arabic", rtlDE, rtlEN},
	{unicode.Hebrew, "hebräische Schrift", "Hebrew", rtlDE, rtlEN},
	{unicode.Syriac, "syrische Schrift", "Syriac", rtlDE, rtlEN},
	{unicode.Thaana, "Thaana-Schrift", "Thaana", rtlDE, rtlEN},
	{unicode.Nko, "N’Ko-Schrift", "N'Ko", rtlDE, rtlEN},
	{unicode.Samaritan, "samaritanische Schrift", "Samaritan", rtlDE, rtlEN},
	{unicode.Mandaic, "mandäische Schrift", "Mandaic", rtlDE, rtlEN},
	{unicode.Devanagari, "Devanagari-Schrift", "Devanagari", shapingDE, shapingEN},
	{unicode.Bengali, "bengalische Schrift", "Bengali", shapingDE, shapingEN},
	{unicode.Gurmukhi, "Gurmukhi-Schrift", "Gurmukhi", shapingDE, shapingEN},
	{unicode.Gujarati, "Gujarati-Schrift", "Gujarati", shapingDE, shapingEN},
	{unicode.Oriya, "Oriya-Schrift", "Oriya", shapingDE, shapingEN},
	{unicode.Tamil, "tamilische Schrift", "Tamil", shapingDE, shapingEN},
	{unicode.Telugu, "Telugu-Schrift", "Telugu", shapingDE, shapingEN},
	{unicode.Kannada, "Kannada-Schrift", "Kannada", shapingDE, shapingEN},
	{unicode.Malayalam, "Malayalam-Schrift", "Malayalam", shapingDE, shapingEN},
	{unicode.Sinhala, "singhalesische Schrift", "Sinhala", shapingDE, shapingEN},
	{unicode.Thai, "thailändische Schrift", "Thai", shapingDE, shapingEN},
	{unicode.Lao, "laotische Schrift", "Lao", shapingDE, shapingEN},
	{unicode.Tibetan, "tibetische Schrift", "Tibetan", shapingDE, shapingEN},
	{unicode.Myanmar, "birmanische Schrift", "Myanmar", shapingDE, shapingEN},
	{unicode.Khmer, "Khmer-Schrift", "Khmer", shapingDE, shapingEN},
	{unicode.Mongolian, "mongolische Schrift", "Mongolian", shapingDE, shapingEN},
}

// unshapedScript finds the script of c if the print cannot set it.
func unshapedScript(c rune) (script, bool) {
	if c < 0x0590 || c >= 0x2000 && c <= 0x2BFF {
		// Latin, Greek, Cyrillic, Armenian; punctuation („“–…), currency,
		// arrows and symbols: set as they are.
		return script{}, false
	}
	for _, s := range unshapedScripts {
		if unicode.Is(s.table, c) {
			return s, true
		}
	}
	return script{}, false
}
