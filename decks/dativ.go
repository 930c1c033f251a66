package decks

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"druckreif/decks/workbook"
)

// DativFace is the front or back of a card of the Dativ card game.
type DativFace int

const (
	Front DativFace = iota // vorne
	Back                   // hinten
)

func (f DativFace) String() string { return [...]string{"vorne", "hinten"}[f] }

// DativCard is a physical card of the Dativ card game: a sentence with a
// gap on each side.
type DativCard struct {
	ID     string // DAT-<Kennung>-<Nr>
	Deck   *DeckInfo
	Number int
	Region string
	Sides  [2]DativSide // indexed by DativFace
}

// DativSide is a sentence with one gap, two to four options and one or
// more correct ones.
type DativSide struct {
	ID          string // DAT-<Kennung>-<Nr>-V or -H
	Face        DativFace
	Category    string
	Sentence    string // with the gap written as ___
	Options     []string
	Correct     []int // zero-based option indices, ascending
	Explanation string
	// ReadingHint tells the reader how to read a variant aloud when the
	// variants sound the same ("buchstabieren", "Komma = kurze Pause …"). It is
	// printed for the reader next to the options; it is no secret.
	ReadingHint string
	Verbatim    bool
	Origin      Origin
}

// Nothing is the option text that fills the gap with nothing (e.g. "no
// comma"). The English alias is accepted when reading.
const Nothing = "(nichts)"

var gapPattern = regexp.MustCompile(`_{3,}`)

// OptionText is what option i puts into the gap: its text, or nothing.
func (s DativSide) OptionText(i int) string {
	if isNothing(s.Options[i]) {
		return ""
	}
	return s.Options[i]
}

// Filled is the sentence with option i in the gap.
func (s DativSide) Filled(i int) string {
	loc := gapPattern.FindStringIndex(s.Sentence)
	if loc == nil {
		return s.Sentence
	}
	return s.Sentence[:loc[0]] + s.OptionText(i) + s.Sentence[loc[1]:]
}

// Solutions are the sentence filled with every correct option, the reader
// reads them all aloud.
func (s DativSide) Solutions() []string {
	var out []string
	for _, i := range s.Correct {
		out = append(out, s.Filled(i))
	}
	return out
}

// IsCorrect reports whether option i is correct.
func (s DativSide) IsCorrect(i int) bool {
	for _, c := range s.Correct {
		if c == i {
			return true
		}
	}
	return false
}

// OptionLetter is the printed letter of option i: a–d.
func OptionLetter(i int) string { return string(rune('a' + i)) }

func isNothing(s string) bool {
	n := workbook.NormalizeName(s)
	return n == "(nichts)" || n == "(nothing)"
}

var dativOptionColumns = []string{"Option 1", "Option 2", "Option 3", "Option 4"}

var dativSheet = SheetSchema{
	Name:    "Karten",
	Aliases: []string{"Cards"},
	Help:    "Eine Zeile je Kartenseite: ein Satz mit einer Lücke, zwei bis vier Möglichkeiten, eine oder mehrere richtig, und eine Erklärung.",
	Columns: []Column{
		{Name: "Nr", Aliases: []string{"Number", "No"}, Required: true, Width: 6,
			Help: "Kartennummer (ganze Zahl ab 1); Vorder- und Rückseite einer Karte tragen dieselbe Nummer."},
		{Name: "Seite", Aliases: []string{"Side"}, Required: true, Choices: []string{"vorne", "hinten"}, Width: 8,
			Help: "vorne oder hinten [front|back]."},
		{Name: "Kategorie", Aliases: []string{"Category"}, Required: true, Width: 18,
			Help: "Worum es geht, z. B. Dativ/Genitiv, Kommasetzung, Fremdwörter."},
		{Name: "Satz", Aliases: []string{"Sentence"}, Required: true, Width: 55,
			Help: "Der Satz mit genau einer Lücke, geschrieben als ___ (drei oder mehr Unterstriche). Die Lücke wird genau durch den Text der Möglichkeit ersetzt: Leerzeichen um ___ so setzen, wie der gefüllte Satz sie braucht."},
		{Name: "Option 1", Required: true, Width: 18, Help: "Möglichkeit a. „(nichts)“ füllt die Lücke mit nichts (z. B. „kein Komma“)."},
		{Name: "Option 2", Required: true, Width: 18, Help: "Möglichkeit b."},
		{Name: "Option 3", Width: 18, Help: "Möglichkeit c (freiwillig)."},
		{Name: "Option 4", Width: 18, Help: "Möglichkeit d (freiwillig; nur wenn Option 3 gefüllt ist)."},
		{Name: "Richtig", Aliases: []string{"Correct"}, Required: true, Choices: []string{"1", "2", "3", "4", "1, 2", "1, 3", "1, 4", "2, 3", "2, 4", "3, 4"}, Width: 9,
			Help: "Nummer(n) der richtigen Möglichkeit(en), z. B. 1 oder 1, 3."},
		{Name: "Erklärung", Aliases: []string{"Explanation"}, Required: true, Width: 55,
			Help: "Kurze Erklärung mit der Regel; sie steht mit dem richtigen Satz verschlüsselt unten auf der Karte."},
		{Name: ReadingHintColumn, Aliases: []string{"Reading hint", "Reader hint"}, Width: 22,
			Help: fmt.Sprintf("Für den Vorleser, wenn die Möglichkeiten vorgelesen gleich klingen (Groß/klein, Komma, getrennt/zusammen, Bindestrich, das/dass, Schreibung eines Wortes): was er tun soll, z. B. „buchstabieren“, „Komma = kurze Pause nach …, sonst ohne Pause lesen“, „Groß oder klein ansagen“. Er wird klein unter den Möglichkeiten gedruckt, höchstens %d Zeichen. Fehlt er, wo die Möglichkeiten gleich klingen, warnt druckreif check.", MaxReadingHint)},
		regionColumn,
		verbatimColumn,
	},
	Example: [][]string{
		{"1", "vorne", "Dativ/Genitiv", "Wir blieben ___ zu Hause.", "wegen des Regens", "wegen dem Regen", "", "", "1",
			"„Wegen“ verlangt standardsprachlich den Genitiv; der Dativ gilt als umgangssprachlich.", "", "", ""},
		{"1", "hinten", "Kommasetzung", "Sie versprach___ pünktlich zu sein.", ",", "(nichts)", ":", "", "1, 2",
			"Beim einfachen Infinitiv mit „zu“ darf ein Komma stehen, es muss aber nicht (§ 75 Amtliches Regelwerk).", "Satzzeichen mitsprechen", "", "ja"},
	},
}

// ReadingHintColumn is the header of the reading hint.
const ReadingHintColumn = "Vorlesehinweis"

// MaxReadingHint is the longest reading hint in characters: it is printed
// on one line under the options.
const MaxReadingHint = 60

var dativFaces = map[string]DativFace{"vorne": Front, "front": Front, "hinten": Back, "back": Back}

func dativCardID(code string, nr int) string { return fmt.Sprintf("DAT-%s-%d", code, nr) }

var dativFaceSuffix = [2]string{"V", "H"}

var answerListSeparators = regexp.MustCompile(`\s*(?:,|;|\+|/|\bund\b|\band\b|\s)\s*`)

func parseDativ(wb *workbook.Workbook, info *DeckInfo, known map[*workbook.Sheet]bool, probs *Problems) []*DativCard {
	t := cardSheet(wb, &dativSheet, known, true, probs)
	if t == nil {
		return nil
	}
	type sideData struct {
		side     DativSide
		region   string
		regionOK bool
	}
	var entries []sideEntry[sideData]
	sentences := questionIndex{}
	for _, r := range t.rows() {
		nr, okNr := r.positive("Nr")
		face, okFace := choice(r, "Seite", true, dativFaces)
		s := DativSide{
			Face:        face,
			Category:    r.need("Kategorie"),
			Sentence:    r.need("Satz"),
			Explanation: r.need("Erklärung"),
			Verbatim:    r.verbatim(),
			Origin:      r.origin(),
		}
		if s.Sentence != "" {
			switch n := len(gapPattern.FindAllStringIndex(s.Sentence, -1)); {
			case n == 0:
				r.errorf("Satz", "der Satz hat keine Lücke (___)", "the sentence has no gap (___)")
			case n > 1:
				r.errorf("Satz", "der Satz hat %d Lücken; erlaubt ist genau eine (___)", "the sentence has %d gaps; exactly one (___) is allowed", n)
			}
		}
		sentences.check(r, "Satz", s.Sentence)
		s.Options = readDativOptions(r)
		s.Correct = readDativCorrect(r, s.Options)
		if len(s.Options) > 0 {
			checkDistinctAnswers(r, dativOptionColumns[:len(s.Options)], s.Options)
		}
		var same Homophones
		var alike bool
		if len(s.Options) >= 2 {
			same, alike = s.SoundAlike()
		}
		s.ReadingHint = readReadingHint(r, dativHintSpace, s.Options, same, alike)
		region, regionOK := r.region(info)
		if okNr && okFace {
			entries = append(entries, sideEntry[sideData]{nr: nr, face: int(face), side: sideData{s, region, regionOK}, r: r})
		}
	}
	nrs, pairs := pairSides(entries, [2][2]string{{"vorne", "front"}, {"hinten", "back"}}, probs)
	var cards []*DativCard
	for _, nr := range nrs {
		front, back := pairs[nr][0], pairs[nr][1]
		if front.side.regionOK && back.side.regionOK && front.side.region != back.side.region {
			back.r.errorf("Region", "Karte %d: die Region „%s“ weicht von der Vorderseite ab („%s“, Zeile %d); die Region gehört zur ganzen Karte",
				"card %d: region %q differs from the front (%q, row %d); a region belongs to the whole card",
				nr, back.side.region, front.side.region, front.r.Number())
		}
		c := &DativCard{ID: dativCardID(info.Code, nr), Deck: info, Number: nr, Region: front.side.region}
		for face, e := range []*sideEntry[sideData]{front, back} {
			c.Sides[face] = e.side.side
			c.Sides[face].ID = c.ID + "-" + dativFaceSuffix[face]
		}
		cards = append(cards, c)
	}
	return cards
}

// hintSpace is where a game prints the reading hint: check measures the
// hint against it and names the texts read aloud in its warning.
type hintSpace struct {
	max              int    // characters that fit
	room, roomEN     string // where the hint is printed
	things, thingsEN string // the texts read aloud, as the warning names them
	letter           func(i int) string
}

var dativHintSpace = hintSpace{MaxReadingHint, "in die Zeile unter den Möglichkeiten", "the line under the options",
	"die Möglichkeiten", "options", OptionLetter}

// readReadingHint reads the Vorlesehinweis and warns when two of the texts
// read aloud sound the same but the reader is not told what to do: the
// texts same names, if alike, and the pronunciation that joins them.
func readReadingHint(r row, sp hintSpace, texts []string, same Homophones, alike bool) string {
	hint := r.get(ReadingHintColumn)
	if n := utf8.RuneCountInString(hint); n > sp.max {
		r.errorf(ReadingHintColumn, "der Vorlesehinweis hat %[1]d Zeichen; höchstens %[2]d passen %[3]s",
			"the reading hint has %[1]d characters; at most %[2]d fit %[4]s", n, sp.max, sp.room, sp.roomEN)
	} else if strings.ContainsRune(hint, '\n') {
		r.errorf(ReadingHintColumn, "der Vorlesehinweis darf keinen Zeilenumbruch enthalten; die Karte bricht ihn selbst um, wo nötig",
			"the reading hint must not contain a line break; the card breaks it where needed")
	}
	if hint == "" && alike {
		a, b := same.A, same.B
		// Texts that differ only in writing may differ in a comma; texts a
		// pronunciation merges differ in a letter, which the reader spells.
		where, whereEN := "", ""
		example, exampleEN := "„buchstabieren“ oder „Komma = kurze Pause, sonst ohne Pause lesen“", "\"buchstabieren\" (spell it) or \"Komma = kurze Pause, sonst ohne Pause lesen\" (a comma is a short pause)"
		if d := same.Where.Describe(); d.DE != "" {
			where, whereEN = " ("+d.DE+")", " ("+d.EN+")"
			example, exampleEN = "„buchstabieren“", "\"buchstabieren\" (spell it)"
		}
		r.warnf(ReadingHintColumn, "%[1]s %[3]s („%[4]s“) und %[5]s („%[6]s“) klingen vorgelesen gleich%[7]s: bitte einen Vorlesehinweis angeben, z. B. %[9]s",
			"%[2]s %[3]s (%[4]q) and %[5]s (%[6]q) sound the same when read aloud%[8]s: please give a reading hint, e.g. %[10]s",
			sp.things, sp.thingsEN, sp.letter(a), texts[a], sp.letter(b), texts[b], where, whereEN, example, exampleEN)
	}
	return hint
}

// readDativOptions reads Option 1…4: at least two, filled from the first
// without holes.
func readDativOptions(r row) []string {
	var opts []string
	hole := ""
	for _, col := range dativOptionColumns {
		v := r.get(col)
		if v == "" {
			if hole == "" {
				hole = col
			}
			continue
		}
		if hole != "" {
			r.errorf(hole, "leere Möglichkeit vor %s: Möglichkeiten von Option 1 an lückenlos füllen",
				"empty option before %s: fill options from Option 1 without holes", col)
			return nil
		}
		if isNothing(v) {
			v = Nothing
		}
		opts = append(opts, v)
	}
	if len(opts) < 2 {
		col := dativOptionColumns[len(opts)]
		r.errorf(col, "mindestens zwei Möglichkeiten nötig", "at least two options are needed")
		return nil
	}
	return opts
}

// readDativCorrect reads Richtig: one or more option numbers.
func readDativCorrect(r row, opts []string) []int {
	v := r.need("Richtig")
	if v == "" {
		return nil
	}
	seen := map[int]bool{}
	var out []int
	for _, part := range answerListSeparators.Split(v, -1) {
		if part == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 1 || n > 4 {
			r.errorf("Richtig", "„%s“ ist keine Optionsnummer (1 bis 4, mehrere mit Komma: 1, 3)",
				"%q is not an option number (1 to 4, several separated by commas: 1, 3)", part)
			return nil
		}
		if n > len(opts) && opts != nil {
			r.errorf("Richtig", "„%d“ zeigt auf eine leere Möglichkeit (Option %d ist nicht gefüllt)",
				"%d points at an empty option (Option %d is not filled)", n, n)
			return nil
		}
		if seen[n] {
			r.errorf("Richtig", "Option %d ist doppelt angegeben", "option %d is given twice", n)
			return nil
		}
		seen[n] = true
		out = append(out, n-1)
	}
	if len(out) == 0 {
		r.errorf("Richtig", "keine Optionsnummer angegeben", "no option number given")
		return nil
	}
	sort.Ints(out)
	return out
}
