package decks

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"druckreif/maps"
)

// The mini-games of Schlag den Raab – Das Quiz, in the rulebook's order,
// which is also the order of the card numbers for the sorting aid.
var MiniGames = []*MiniGame{
	gameAutokennzeichen, gameBlamieren, gameBuchstabensalat, gameBuchstabenZaehlen,
	gameBuchstabieren, gameEntfernungen, gameEntwederOder, gameFilmzitate, gameFremdsprachen,
	gameFuehrerschein, gameKopfrechnen, gameLiederMalen, gameLiederSummen, gameSchaetzen,
	gameShowquiz, gameSortieren, gameSprichwoerter, gameStimmts, gameSuchmaschinen,
	gameTippFuerTipp, gameWannWarDas, gameWerLuegt, gameWerWeissMehr, gameWoLaeuftWas,
	gameWoLiegtWas, gameWoerterRueckwaerts, gameZocken,
}

// task is what every Raab task shares: the row it came from.
type task struct{ origin Origin }

func (t task) Source() Origin { return t.origin }

func newTask(r row) task { return task{origin: r.origin()} }

// letterIndex reads a letter A…(A+n-1) as an index.
func letterIndex(r row, col string, n int, required bool) (int, bool) {
	opts := map[string]int{}
	for i := 0; i < n; i++ {
		opts[strings.ToLower(string(rune('A'+i)))] = i
	}
	return choice(r, col, required, opts)
}

// letterList reads one or more letters ("A, C") as ascending indices.
func letterList(r row, col string, n int) []int {
	v := r.need(col)
	if v == "" {
		return nil
	}
	seen := map[int]bool{}
	var out []int
	for _, part := range answerListSeparators.Split(v, -1) {
		if part == "" {
			continue
		}
		p := strings.ToUpper(part)
		if len(p) != 1 || p[0] < 'A' || int(p[0]-'A') >= n {
			r.errorf(col, "„%s“ ist kein Antwortbuchstabe (A bis %c)", "%q is not an answer letter (A to %c)", part, rune('A'+n-1))
			return nil
		}
		i := int(p[0] - 'A')
		if seen[i] {
			r.errorf(col, "%s ist doppelt angegeben", "%s is given twice", p)
			return nil
		}
		seen[i] = true
		out = append(out, i)
	}
	sortInts(out)
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func letters(idx []int) string {
	var s []string
	for _, i := range idx {
		s = append(s, string(rune('A'+i)))
	}
	return strings.Join(s, ", ")
}

// options reads the filled option columns; the first `required` must be
// filled, the rest may be empty but not leave holes.
func options(r row, cols []string, required int) []string {
	var out []string
	hole := ""
	for i, col := range cols {
		v := r.get(col)
		if v == "" {
			if i < required {
				r.errorf(col, "leere Pflichtzelle", "required cell is empty")
				return nil
			}
			if hole == "" {
				hole = col
			}
			continue
		}
		if hole != "" {
			r.errorf(hole, "leere Antwort vor %s: Antworten lückenlos füllen", "empty answer before %s: fill answers without holes", col)
			return nil
		}
		out = append(out, v)
	}
	checkDistinctAnswers(r, cols[:len(out)], out)
	return out
}

// ---------------------------------------------------------------------------
// Autokennzeichen

// Plate is a licence plate code and the place it stands for.
type Plate struct {
	task
	Code, Place string
}

func (p Plate) Prompt() string   { return p.Code }
func (p Plate) Solution() string { return p.Place }

// Letters is how many letters the host announces ("1, 2 or 3 letters").
func (p Plate) Letters() int { return utf8.RuneCountInString(p.Code) }

var plateCode = func(s string) bool {
	n := utf8.RuneCountInString(s)
	if n < 1 || n > 3 {
		return false
	}
	for _, c := range s {
		if !strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ", c) {
			return false
		}
	}
	return true
}

var gameAutokennzeichen = &MiniGame{
	Code: "AK", Name: "Autokennzeichen", PerCard: 6, MaxPerCard: 6, Key: "Kennzeichen",
	Sheet: SheetSchema{Name: "Autokennzeichen", Aliases: []string{"Licence plates", "License plates"},
		Help: "Eine Zeile je Kennzeichen, sechs je Karte. Die Zahl der Buchstaben wird abgeleitet.",
		Columns: []Column{karteColumn,
			{Name: "Kennzeichen", Aliases: []string{"Plate", "Code"}, Required: true, Width: 12, Help: "Das Unterscheidungszeichen, 1 bis 3 Großbuchstaben, z. B. HH."},
			{Name: "Ort", Aliases: []string{"Place", "City", "Stadt"}, Required: true, Width: 30, Help: "Stadt oder Kreis, für die es steht."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "HH", "Hamburg", "", ""}, {"1", "KA", "Karlsruhe", "", ""}}},
	parse: func(r row) RaabTask {
		p := Plate{task: newTask(r), Code: r.need("Kennzeichen"), Place: r.need("Ort")}
		if p.Code != "" && !plateCode(p.Code) {
			r.errorf("Kennzeichen", "„%s“ ist kein Unterscheidungszeichen (1 bis 3 Großbuchstaben)", "%q is not a plate code (1 to 3 capital letters)", p.Code)
			return nil
		}
		return p
	},
}

// ---------------------------------------------------------------------------
// Question and answer (Blamieren oder Kassieren, Sprichwörter)

// QA is a question with its answer.
type QA struct {
	task
	Question, Answer string
}

func (q QA) Prompt() string   { return q.Question }
func (q QA) Solution() string { return q.Answer }

var gameBlamieren = &MiniGame{
	Code: "BK", Name: "Blamieren oder Kassieren", ThreePlayers: true, PerCard: 4, MaxPerCard: 5, Key: "Frage",
	Sheet: SheetSchema{Name: "Blamieren oder Kassieren", Aliases: []string{"Embarrass or cash in"},
		Help: "Eine Zeile je Frage; der Moderator liest die oberste Frage einer Karte.",
		Columns: []Column{karteColumn,
			{Name: "Frage", Aliases: []string{"Question"}, Required: true, Width: 60, Help: "Die Frage."},
			{Name: "Antwort", Aliases: []string{"Answer"}, Required: true, Width: 30, Help: "Die richtige Antwort."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Wie viele Beine hat eine Spinne?", "Acht", "", ""}, {"1", "Welcher Planet ist der Sonne am nächsten?", "Merkur", "", ""}}},
	parse: func(r row) RaabTask {
		return QA{task: newTask(r), Question: r.need("Frage"), Answer: r.need("Antwort")}
	},
}

var gameSprichwoerter = &MiniGame{
	Code: "SW", Name: "Sprichwörter", ThreePlayers: true, PerCard: 8, MaxPerCard: 10, Key: "Vorgabe",
	Sheet: SheetSchema{Name: "Sprichwörter", Aliases: []string{"Sprichwoerter", "Proverbs"},
		Help: "Eine Zeile je Sprichwort: der vorgelesene Teil (Anfang oder Ende) und der fehlende Teil.",
		Columns: []Column{karteColumn,
			{Name: "Vorgabe", Aliases: []string{"Given", "Part"}, Required: true, Width: 40, Help: "Der Teil, den der Moderator vorliest (Anfang oder Ende des Sprichworts)."},
			{Name: "Lösung", Aliases: []string{"Loesung", "Solution"}, Required: true, Width: 40, Help: "Der fehlende Teil."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Morgenstund …", "… hat Gold im Mund.", "", ""}, {"1", "… fällt selbst hinein.", "Wer andern eine Grube gräbt …", "", ""}}},
	parse: func(r row) RaabTask {
		return QA{task: newTask(r), Question: r.need("Vorgabe"), Answer: r.need("Lösung")}
	},
}

// ---------------------------------------------------------------------------
// Buchstabensalat

// Scramble is a word whose letters the host reads scrambled.
type Scramble struct {
	task
	Category, Word, Scrambled string
}

func (s Scramble) Prompt() string   { return s.Scrambled }
func (s Scramble) Solution() string { return s.Word }

// scramble shuffles the letters inside each word of a phrase, keeping
// punctuation in place and the capital letter at the front of a capitalised
// word, deterministically from seed; it never returns a word unchanged when
// the word has two different letters.
func scramble(phrase, seed string) string {
	h := fnv.New64a()
	h.Write([]byte(seed))
	rng := rand.New(rand.NewPCG(h.Sum64(), 0x5eed))
	words := strings.Fields(phrase)
	for wi, w := range words {
		runes := []rune(w)
		var idx []int
		for i, c := range runes {
			if unicode.IsLetter(c) {
				idx = append(idx, i)
			}
		}
		if len(idx) < 2 {
			continue
		}
		capital := unicode.IsUpper(runes[idx[0]])
		letters := make([]rune, len(idx))
		for i, j := range idx {
			letters[i] = unicode.ToLower(runes[j])
		}
		orig := string(letters)
		for try := 0; try < 20; try++ {
			rng.Shuffle(len(letters), func(i, j int) { letters[i], letters[j] = letters[j], letters[i] })
			if string(letters) != orig {
				break
			}
		}
		for i, j := range idx {
			runes[j] = letters[i]
		}
		if capital {
			runes[idx[0]] = unicode.ToUpper(runes[idx[0]])
		}
		words[wi] = string(runes)
	}
	return strings.Join(words, " ")
}

func lettersOnly(s string, allowSpaces bool) bool {
	for _, c := range s {
		if !(unicode.IsLetter(c) || allowSpaces && (c == ' ' || c == '-')) {
			return false
		}
	}
	return s != ""
}

var gameBuchstabensalat = &MiniGame{
	Code: "BS", Name: "Buchstabensalat", PerCard: 10, MaxPerCard: 10, Key: "Wort",
	Sheet: SheetSchema{Name: "Buchstabensalat", Aliases: []string{"Letter salad"},
		Help: "Eine Zeile je Wort, zehn Wörter einer Kategorie je Karte. Die verdrehte Form wird erzeugt.",
		Columns: []Column{karteColumn,
			{Name: "Kategorie", Aliases: []string{"Category"}, Required: true, Width: 18, Help: "Die Kategorie der Karte (auf allen Zeilen einer Karte gleich)."},
			{Name: "Wort", Aliases: []string{"Word"}, Required: true, Width: 25, Help: "Das gesuchte Wort (Buchstaben, Leerzeichen und Bindestrich)."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Obst", "Aprikose", "", ""}, {"1", "Obst", "Stachelbeere", "", ""}}},
	parse: func(r row) RaabTask {
		s := Scramble{task: newTask(r), Category: r.need("Kategorie"), Word: r.need("Wort")}
		if s.Word == "" {
			return nil
		}
		if !lettersOnly(s.Word, true) {
			r.errorf("Wort", "„%s“ enthält andere Zeichen als Buchstaben", "%q holds characters other than letters", s.Word)
			return nil
		}
		s.Scrambled = scramble(s.Word, s.Word)
		return s
	},
	checkCard: func(c *RaabCard, rows []row) { sameOnCard(c, rows, "Kategorie") },
}

// ---------------------------------------------------------------------------
// Buchstaben zählen

// LetterCount is a word whose letters the players count.
type LetterCount struct {
	task
	Word    string
	Letters int // ä, ö, ü and ß count as one letter
}

func (l LetterCount) Prompt() string   { return l.Word }
func (l LetterCount) Solution() string { return strconv.Itoa(l.Letters) }

var gameBuchstabenZaehlen = &MiniGame{
	Code: "BZ", Name: "Buchstaben zählen", ThreePlayers: true, PerCard: 10, MaxPerCard: 12, Key: "Wort",
	Sheet: SheetSchema{Name: "Buchstaben zählen", Aliases: []string{"Buchstaben zaehlen", "Counting letters"},
		Help: "Eine Zeile je Wort. Die Buchstabenzahl wird abgeleitet (ä, ö, ü, ß zählen als ein Buchstabe).",
		Columns: []Column{karteColumn,
			{Name: "Wort", Aliases: []string{"Word"}, Required: true, Width: 35, Help: "Ein Wort ohne Bindestrich und ohne Leerzeichen."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Donaudampfschifffahrt", "", ""}, {"1", "Straßenbahnhaltestelle", "", ""}}},
	parse: func(r row) RaabTask {
		w := r.need("Wort")
		if w == "" {
			return nil
		}
		if !lettersOnly(w, false) {
			r.errorf("Wort", "„%s“: nur Buchstaben, ohne Bindestrich und Leerzeichen (die Regel zählt Wörter ohne Bindestriche)",
				"%q: letters only, no hyphens or spaces (the rules count words without hyphens)", w)
			return nil
		}
		return LetterCount{task: newTask(r), Word: w, Letters: utf8.RuneCountInString(w)}
	},
}

// ---------------------------------------------------------------------------
// Buchstabieren

// Spelling is a term to spell backwards.
type Spelling struct {
	task
	Back bool // on the back of the card (the second player's terms)
	Term string
}

func (s Spelling) Prompt() string { return s.Term }
func (s Spelling) OnBack() bool   { return s.Back }

// Solution is the term spelled backwards, letter by letter: "Mut" = T-U-M.
func (s Spelling) Solution() string {
	var out []string
	runes := []rune(s.Term)
	for i := len(runes) - 1; i >= 0; i-- {
		if unicode.IsLetter(runes[i]) {
			out = append(out, strings.ToUpper(string(runes[i])))
		}
	}
	return strings.Join(out, "-")
}

var sideColumn = Column{Name: "Seite", Aliases: []string{"Side"}, Required: true, Choices: []string{"vorne", "hinten"}, Width: 8,
	Help: "vorne oder hinten [front|back]: Zu zweit spielt jeder eine Seite."}

var gameBuchstabieren = &MiniGame{
	Code: "BU", Name: "Buchstabieren", Sided: true, PerCard: 10, MaxPerCard: 10, Key: "",
	Sheet: SheetSchema{Name: "Buchstabieren", Aliases: []string{"Spelling"},
		Help: "Eine Zeile je Begriff, zehn je Kartenseite, von kurz nach lang. Die Rückwärts-Schreibweise wird abgeleitet.",
		Columns: []Column{karteColumn, sideColumn,
			{Name: "Begriff", Aliases: []string{"Term", "Wort"}, Required: true, Width: 30, Help: "Der Begriff, der rückwärts buchstabiert wird."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "vorne", "Mut", "", ""}, {"1", "hinten", "Rose", "", ""}}},
	parse: func(r row) RaabTask {
		face, ok := choice(r, "Seite", true, dativFaces)
		t := r.need("Begriff")
		if !ok || t == "" {
			return nil
		}
		if !lettersOnly(t, true) {
			r.errorf("Begriff", "„%s“ enthält andere Zeichen als Buchstaben", "%q holds characters other than letters", t)
			return nil
		}
		return Spelling{task: newTask(r), Back: face == Back, Term: t}
	},
	checkCard: func(c *RaabCard, rows []row) {
		// The rules say the terms get longer and longer; and a term may stand
		// on one side only once.
		for _, back := range []bool{false, true} {
			prev, seen := 0, map[string]int{}
			for i, t := range c.Tasks {
				s := t.(Spelling)
				if s.Back != back {
					continue
				}
				n := utf8.RuneCountInString(s.Term)
				if n < prev {
					rows[i].warnf("Begriff", "„%s“ ist kürzer als der Begriff davor; die Begriffe sollen immer länger werden",
						"%q is shorter than the term before; terms should get longer and longer", s.Term)
				}
				prev = n
				key := strings.ToLower(s.Term)
				if p, dup := seen[key]; dup {
					rows[i].errorf("Begriff", "doppelt: derselbe Begriff steht schon in Zeile %d", "duplicate: the same term is already in row %d", p)
				}
				seen[key] = rows[i].Number()
			}
		}
	},
}

// ---------------------------------------------------------------------------
// Entfernungen

// Distance asks for the road distance between two places.
type Distance struct {
	task
	From, To string
	Km       int
}

func (d Distance) Prompt() string   { return d.From + " – " + d.To }
func (d Distance) Solution() string { return formatThousands(d.Km) + " km" }

var gameEntfernungen = &MiniGame{
	Code: "EN", Name: "Entfernungen", PerCard: 4, MaxPerCard: 5, Key: "",
	Sheet: SheetSchema{Name: "Entfernungen", Aliases: []string{"Distances"},
		Help: "Eine Zeile je Städtepaar mit der kürzesten Straßenentfernung in km.",
		Columns: []Column{karteColumn,
			{Name: "Von", Aliases: []string{"From"}, Required: true, Width: 20, Help: "Erste Stadt."},
			{Name: "Nach", Aliases: []string{"To"}, Required: true, Width: 20, Help: "Zweite Stadt."},
			{Name: "Kilometer", Aliases: []string{"km", "Distance"}, Required: true, Width: 10, Help: "Kürzeste Straßenentfernung in km (Mittel mehrerer Routenplaner), ganze Zahl."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Köln", "Düsseldorf", "41", "", "2026"}, {"1", "Leipzig", "Dresden", "114", "", "2026"}}},
	parse: func(r row) RaabTask {
		d := Distance{task: newTask(r), From: r.need("Von"), To: r.need("Nach")}
		km, ok := r.integer("Kilometer", true)
		if ok && km <= 0 {
			r.errorf("Kilometer", "die Entfernung muss größer als 0 sein", "the distance must be greater than 0")
			return nil
		}
		if !ok || d.From == "" || d.To == "" {
			return nil
		}
		d.Km = km
		return d
	},
}

func formatThousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune('.')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// ---------------------------------------------------------------------------
// Entweder – Oder!

// Choice is a question with fixed options, one correct.
type Choice struct {
	task
	Topic    string // Zocken: the subject area named before the bet
	Question string
	Options  []string
	Correct  int
	// ReadingHint tells the host how to read options that sound alike
	// (Vorlesehinweis), as on the labyrinth's and the Dativ cards.
	ReadingHint string
}

func (c Choice) Prompt() string { return c.Question }
func (c Choice) Solution() string {
	return string(rune('A'+c.Correct)) + ": " + c.Options[c.Correct]
}

var gameEntwederOder = &MiniGame{
	Code: "EO", Name: "Entweder – Oder!", PerCard: 4, MaxPerCard: 5, Key: "Frage",
	Sheet: SheetSchema{Name: "Entweder-Oder", Title: "Entweder – Oder!", Aliases: []string{"Either or"},
		Help: "Eine Zeile je Frage mit zwei Antworten A und B; die Lösung steht auf der Rückseite.",
		Columns: []Column{karteColumn,
			{Name: "Frage", Aliases: []string{"Question"}, Required: true, Width: 50, Help: "Die Frage."},
			{Name: "A", Required: true, Width: 22, Help: "Antwort A."},
			{Name: "B", Required: true, Width: 22, Help: "Antwort B."},
			{Name: "Richtig", Aliases: []string{"Correct"}, Required: true, Choices: []string{"A", "B"}, Width: 8, Help: "A oder B."},
			regionColumn, standColumn, raabReadingHintColumn},
		Example: [][]string{{"1", "Was ist größer?", "Der Bodensee", "Der Chiemsee", "A", "", "", ""}, {"1", "Was wurde früher erfunden?", "Der Buchdruck mit beweglichen Lettern in Europa", "Das Fernrohr", "A", "", "", ""}}},
	parse: func(r row) RaabTask { return parseChoice(r, []string{"A", "B"}, 2) },
}

func parseChoice(r row, cols []string, required int) RaabTask {
	c := Choice{task: newTask(r), Question: r.need(firstPresent(r, "Frage", "Zitat")), Topic: r.get("Thema")}
	c.Options = options(r, cols, required)
	correct, ok := letterIndex(r, "Richtig", len(cols), true)
	if ok && c.Options != nil && correct >= len(c.Options) {
		r.errorf("Richtig", "„%s“ zeigt auf eine leere Antwort", "%q points at an empty answer", r.get("Richtig"))
		return nil
	}
	if !ok || c.Options == nil || c.Question == "" {
		return nil
	}
	c.Correct = correct
	c.ReadingHint = raabReadingHint(r, c.Options)
	return c
}

// raabReadingHintColumn is the optional Vorlesehinweis of the mini-games
// whose host reads the options aloud.
var raabReadingHintColumn = Column{Name: ReadingHintColumn, Aliases: []string{"Reading hint", "Reader hint"}, Width: 22,
	Help: "Freiwillig: wie die Spielleitung Antworten vorliest, die gleich klingen, z. B. „buchstabieren“."}

// raabHintSpace is where a Raab card prints the reading hint: a line under
// the task's answers.
var raabHintSpace = hintSpace{MaxRaabReadingHint, "in die Zeile unter den Antworten", "the line under the answers",
	"die Antworten", "answers", func(i int) string { return string(rune('A' + i)) }}

// MaxRaabReadingHint is how long a Raab task's reading hint may be.
const MaxRaabReadingHint = 40

// raabReadingHint reads a task's reading hint and warns when two of its
// options, read aloud by the host, sound the same without one.
func raabReadingHint(r row, options []string) string {
	same, alike := soundAlike(options)
	return readReadingHint(r, raabHintSpace, options, same, alike)
}

func firstPresent(r row, cols ...string) string {
	for _, c := range cols {
		if r.has(c) {
			return c
		}
	}
	return cols[0]
}

// ---------------------------------------------------------------------------
// Filmzitate

var gameFilmzitate = &MiniGame{
	Code: "FZ", Name: "Filmzitate", PerCard: 2, MaxPerCard: 3, Key: "Zitat",
	Sheet: SheetSchema{Name: "Filmzitate", Aliases: []string{"Movie quotes", "Film quotes"},
		Help: "Eine Zeile je Zitat mit vier Filmen A–D; die Lösung steht auf der Rückseite.",
		Columns: []Column{karteColumn,
			{Name: "Zitat", Aliases: []string{"Quote"}, Required: true, Width: 50, Help: "Das Filmzitat (kurz; bei Filmreihen genügt die Reihe als Antwort)."},
			{Name: "A", Required: true, Width: 22, Help: "Film A."},
			{Name: "B", Required: true, Width: 22, Help: "Film B."},
			{Name: "C", Required: true, Width: 22, Help: "Film C."},
			{Name: "D", Required: true, Width: 22, Help: "Film D."},
			{Name: "Richtig", Aliases: []string{"Correct"}, Required: true, Choices: []string{"A", "B", "C", "D"}, Width: 8, Help: "A, B, C oder D."},
			regionColumn, standColumn, raabReadingHintColumn},
		Example: [][]string{
			{"1", "„Ich bin ein armer Sünder, ich bin ein Betrüger.“", "Das Cabinet des Dr. Caligari (1920)", "Nosferatu (1922)", "Metropolis (1927)", "Der letzte Mann (1924)", "B", "", "", ""},
			{"1", "„Mittler zwischen Hirn und Händen muss das Herz sein!“", "Metropolis (1927)", "M (1931)", "Faust (1926)", "Der Golem (1920)", "A", "", "", ""}}},
	parse: func(r row) RaabTask { return parseChoice(r, []string{"A", "B", "C", "D"}, 4) },
}

// ---------------------------------------------------------------------------
// Fremdsprachen

// Translation is the German word sought through up to five translations.
type Translation struct {
	task
	Word  string
	Clues []Clue
}

// Clue is one translation with its language code (fr, sv …).
type Clue struct{ Lang, Text string }

// String names the language in German ("Finnisch: koira"): the host may
// announce it as a hint, and nobody reading aloud knows 35 codes by heart.
func (c Clue) String() string { return ClueLanguages[c.Lang] + ": " + c.Text }

func (t Translation) Prompt() string {
	var s []string
	for _, c := range t.Clues {
		s = append(s, c.String())
	}
	return strings.Join(s, " · ")
}
func (t Translation) Solution() string { return t.Word }

// ClueLanguages are the language codes a translation may carry, with
// their German names for the host card.
var ClueLanguages = map[string]string{
	"da": "Dänisch", "en": "Englisch", "es": "Spanisch", "fr": "Französisch", "hu": "Ungarisch",
	"is": "Isländisch", "it": "Italienisch", "lt": "Litauisch", "nl": "Niederländisch", "pl": "Polnisch",
	"pt": "Portugiesisch", "ro": "Rumänisch", "sv": "Schwedisch", "sw": "Suaheli", "tr": "Türkisch",
	"vi": "Vietnamesisch", "fi": "Finnisch", "cs": "Tschechisch", "sk": "Slowakisch", "sl": "Slowenisch",
	"hr": "Kroatisch", "no": "Norwegisch", "et": "Estnisch", "lv": "Lettisch", "la": "Latein",
	"ca": "Katalanisch", "eu": "Baskisch", "ga": "Irisch", "cy": "Walisisch", "af": "Afrikaans",
	"id": "Indonesisch", "eo": "Esperanto", "lb": "Luxemburgisch", "mt": "Maltesisch", "sq": "Albanisch",
}

var translationColumns = []string{"Übersetzung 1", "Übersetzung 2", "Übersetzung 3", "Übersetzung 4", "Übersetzung 5"}

func translationColumn(i int) Column {
	c := Column{Name: translationColumns[i], Aliases: []string{fmt.Sprintf("Translation %d", i+1)}, Required: i < 2, Width: 20}
	if i == 0 {
		c.Help = "Übersetzung mit Sprachcode, z. B. „fr: pomme“ (Codes: siehe docs/decks.md); die schwerste zuerst."
	} else {
		c.Help = "Weitere Übersetzung, gleiche Form."
	}
	return c
}

var gameFremdsprachen = &MiniGame{
	Code: "FS", Name: "Fremdsprachen", PerCard: 3, MaxPerCard: 3, Key: "Lösung",
	Sheet: SheetSchema{Name: "Fremdsprachen", Aliases: []string{"Foreign languages"},
		Help: "Eine Zeile je gesuchtem deutschem Wort mit bis zu fünf Übersetzungen, drei je Karte.",
		Columns: []Column{karteColumn,
			{Name: "Lösung", Aliases: []string{"Loesung", "Solution", "Wort"}, Required: true, Width: 18, Help: "Das gesuchte deutsche Wort."},
			translationColumn(0), translationColumn(1), translationColumn(2), translationColumn(3), translationColumn(4),
			regionColumn, standColumn},
		Example: [][]string{
			{"1", "Apfel", "hu: alma", "pl: jabłko", "sv: äpple", "nl: appel", "en: apple", "", ""},
			{"1", "Brücke", "hu: híd", "fi: silta", "it: ponte", "fr: pont", "nl: brug", "", ""}}},
	parse: func(r row) RaabTask {
		t := Translation{task: newTask(r), Word: r.need("Lösung")}
		for i, col := range translationColumns {
			v := r.get(col)
			if v == "" {
				if i < 2 {
					r.errorf(col, "leere Pflichtzelle", "required cell is empty")
					return nil
				}
				continue
			}
			lang, text, ok := strings.Cut(v, ":")
			lang = strings.Trim(strings.ToLower(strings.TrimSpace(lang)), "()")
			text = strings.TrimSpace(text)
			if !ok || text == "" {
				r.errorf(col, "„%s“: erwartet wird Sprachcode und Übersetzung, z. B. „fr: pomme“", "%q: expected a language code and the translation, e.g. \"fr: pomme\"", v)
				return nil
			}
			if _, known := ClueLanguages[lang]; !known {
				r.errorf(col, "unbekannter Sprachcode „%s“ (siehe docs/decks.md)", "unknown language code %q (see docs/decks.md)", lang)
				return nil
			}
			t.Clues = append(t.Clues, Clue{Lang: lang, Text: text})
		}
		if t.Word == "" {
			return nil
		}
		return t
	},
}

// ---------------------------------------------------------------------------
// Führerscheinprüfung

// MultiChoice is a question with up to three answers, one or more correct.
type MultiChoice struct {
	task
	Question    string
	Options     []string
	Correct     []int
	ReadingHint string // as Choice's
}

func (m MultiChoice) Prompt() string   { return m.Question }
func (m MultiChoice) Solution() string { return letters(m.Correct) }

// Mistakes counts the penalty for a guess as the rulebook's example does:
// one for every correct answer not chosen and one for every wrong answer
// chosen.
func (m MultiChoice) Mistakes(chosen []int) int {
	in := func(set []int, x int) bool {
		for _, v := range set {
			if v == x {
				return true
			}
		}
		return false
	}
	n := 0
	for i := range m.Options {
		if in(m.Correct, i) != in(chosen, i) {
			n++
		}
	}
	return n
}

var gameFuehrerschein = &MiniGame{
	Code: "FP", Name: "Führerscheinprüfung", PerCard: 2, MaxPerCard: 3, Key: "Frage",
	Sheet: SheetSchema{Name: "Führerscheinprüfung", Aliases: []string{"Fuehrerscheinpruefung", "Driving test"},
		Help: "Eine Zeile je Prüfungsfrage mit zwei oder drei Antworten, eine oder mehrere richtig.",
		Columns: []Column{karteColumn,
			{Name: "Frage", Aliases: []string{"Question"}, Required: true, Width: 50, Help: "Die Prüfungsfrage."},
			{Name: "A", Required: true, Width: 25, Help: "Antwort A."},
			{Name: "B", Required: true, Width: 25, Help: "Antwort B."},
			{Name: "C", Width: 25, Help: "Antwort C (freiwillig)."},
			{Name: "Richtig", Aliases: []string{"Correct"}, Required: true, Choices: []string{"A", "B", "C", "A, B", "A, C", "B, C", "A, B, C"}, Width: 9, Help: "Buchstabe(n) der richtigen Antwort(en), z. B. A oder A, C."},
			regionColumn, standColumn, raabReadingHintColumn},
		Example: [][]string{
			{"1", "Was gilt an einer Kreuzung ohne Verkehrszeichen?", "Rechts vor links", "Links vor rechts", "Das größere Fahrzeug hat Vorrang", "A", "", "", ""},
			{"1", "Wann müssen Sie das Abblendlicht einschalten?", "Bei Dunkelheit", "Bei Nebel mit deutlich eingeschränkter Sicht", "Bei jeder Fahrt über 50 km/h", "A, B", "", "", ""}}},
	parse: func(r row) RaabTask {
		m := MultiChoice{task: newTask(r), Question: r.need("Frage")}
		m.Options = options(r, []string{"A", "B", "C"}, 2)
		m.Correct = letterList(r, "Richtig", 3)
		if m.Options == nil || m.Correct == nil || m.Question == "" {
			return nil
		}
		for _, c := range m.Correct {
			if c >= len(m.Options) {
				r.errorf("Richtig", "%c zeigt auf eine leere Antwort", "%c points at an empty answer", rune('A'+c))
				return nil
			}
		}
		m.ReadingHint = raabReadingHint(r, m.Options)
		return m
	},
}

// ---------------------------------------------------------------------------
// Kopfrechnen

// Arithmetic is a mental arithmetic task with its checked result.
type Arithmetic struct {
	task
	Task, Result string
}

func (a Arithmetic) Prompt() string   { return a.Task }
func (a Arithmetic) Solution() string { return a.Result }

var gameKopfrechnen = &MiniGame{
	Code: "KR", Name: "Kopfrechnen", PerCard: 10, MaxPerCard: 12, Key: "",
	Sheet: SheetSchema{Name: "Kopfrechnen", Aliases: []string{"Mental arithmetic"},
		Help: "Eine Zeile je Aufgabe; das Ergebnis wird nachgerechnet (Punkt vor Strich, Klammern).",
		Columns: []Column{karteColumn,
			{Name: "Aufgabe", Aliases: []string{"Task"}, Required: true, Width: 25, Help: "Die Rechenaufgabe mit + − · : und Klammern, z. B. 7 · 8 − 6."},
			{Name: "Ergebnis", Aliases: []string{"Result"}, Required: true, Width: 10, Help: "Das Ergebnis; es wird geprüft."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "7 · 8 − 6", "50", "", ""}, {"1", "144 : (3 + 9)", "12", "", ""}}},
	parse: func(r row) RaabTask {
		a := Arithmetic{task: newTask(r), Task: r.need("Aufgabe"), Result: r.need("Ergebnis")}
		if a.Task == "" || a.Result == "" {
			return nil
		}
		got, err := evaluate(a.Task)
		if err != nil {
			r.errorf("Aufgabe", "„%s“ kann nicht gerechnet werden: %v", "%q cannot be calculated: %v", a.Task, err)
			return nil
		}
		want, err := evaluate(a.Result)
		if err != nil {
			r.errorf("Ergebnis", "„%s“ ist keine Zahl", "%q is not a number", a.Result)
			return nil
		}
		if got.Cmp(want) != 0 {
			r.errorf("Ergebnis", "falsches Ergebnis: %s ergibt %s, nicht %s", "wrong result: %s gives %s, not %s",
				a.Task, formatRat(got), a.Result)
			return nil
		}
		return a
	},
}

// ---------------------------------------------------------------------------
// Lieder malen, Lieder summen

// Song is a song to draw or hum.
type Song struct {
	task
	Title, Artist string
}

func (s Song) Prompt() string { return s.Title }
func (s Song) Solution() string {
	if s.Artist == "" {
		return s.Title
	}
	return s.Title + " (" + s.Artist + ")"
}

func songSheet(name, alias, help string, example [][]string) SheetSchema {
	return SheetSchema{Name: name, Aliases: []string{alias}, Help: help,
		Columns: []Column{karteColumn,
			{Name: "Titel", Aliases: []string{"Title", "Lied", "Song"}, Required: true, Width: 35, Help: "Der Titel des Liedes."},
			{Name: "Interpret", Aliases: []string{"Artist", "Performer"}, Width: 25, Help: "Interpret oder Herkunft (z. B. Volkslied) als Hinweis."},
			regionColumn, standColumn},
		Example: example}
}

func parseSong(r row) RaabTask {
	s := Song{task: newTask(r), Title: r.need("Titel"), Artist: r.get("Interpret")}
	if s.Title == "" {
		return nil
	}
	return s
}

var gameLiederMalen = &MiniGame{
	Code: "LM", Name: "Lieder malen", ThreePlayers: true, PerCard: 5, MaxPerCard: 8, Key: "Titel",
	Sheet: songSheet("Lieder malen", "Drawing songs", "Eine Zeile je Lied, das der Moderator malt (ohne Buchstaben und Zahlen).",
		[][]string{{"1", "Alle meine Entchen", "Kinderlied", "", ""}, {"1", "Der Mond ist aufgegangen", "Matthias Claudius", "", ""}}),
	parse: parseSong,
}

var gameLiederSummen = &MiniGame{
	Code: "LS", Name: "Lieder summen", ThreePlayers: true, PerCard: 5, MaxPerCard: 8, Key: "Titel",
	Sheet: songSheet("Lieder summen", "Humming songs", "Eine Zeile je Lied, das der Moderator summt oder pfeift.",
		[][]string{{"1", "Ode an die Freude", "Ludwig van Beethoven", "", ""}, {"1", "Hänschen klein", "Kinderlied", "", ""}}),
	parse: parseSong,
}

// ---------------------------------------------------------------------------
// Schätzen

// Estimate is a question answered with a number; the closer guess wins.
type Estimate struct {
	task
	Question string
	Unit     string
	Answer   string  // as written
	Value    float64 // for comparing guesses
}

func (e Estimate) Prompt() string { return e.Question }
func (e Estimate) Solution() string {
	if e.Unit == "" {
		return e.Answer
	}
	return e.Answer + " " + e.Unit
}

var gameSchaetzen = &MiniGame{
	Code: "SC", Name: "Schätzen", PerCard: 4, MaxPerCard: 5, Key: "Frage",
	Sheet: SheetSchema{Name: "Schätzen", Aliases: []string{"Schaetzen", "Estimating"},
		Help: "Eine Zeile je Schätzfrage mit Einheit und Zahl; die Lösung steht auf der Rückseite.",
		Columns: []Column{karteColumn,
			{Name: "Frage", Aliases: []string{"Question"}, Required: true, Width: 50, Help: "Die Schätzfrage."},
			{Name: "Einheit", Aliases: []string{"Unit"}, Required: true, Width: 10, Help: "Die Einheit, in der geantwortet wird (kg, cm, Tage …)."},
			{Name: "Antwort", Aliases: []string{"Answer"}, Required: true, Width: 12, Help: "Die Zahl (z. B. 8848 oder 3,5)."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Wie hoch ist die Zugspitze?", "m", "2962", "", ""}, {"1", "Wie viele Knochen hat ein erwachsener Mensch?", "Knochen", "206", "", ""}}},
	parse: func(r row) RaabTask {
		e := Estimate{task: newTask(r), Question: r.need("Frage"), Unit: r.need("Einheit"), Answer: r.get("Antwort")}
		v, ok := r.number("Antwort", true)
		if !ok || e.Question == "" {
			return nil
		}
		e.Value = v
		return e
	},
}

// ---------------------------------------------------------------------------
// Showquiz

// ShowKind is the kind of a Showquiz question.
type ShowKind int

const (
	ShowBuzzer   ShowKind = iota // answered after buzzing
	ShowChoice                   // four options A–D
	ShowEstimate                 // a number, closer wins
)

func (k ShowKind) String() string { return [...]string{"Buzzer", "Auswahl", "Schätzen"}[k] }

// ShowQuestion is a Showquiz question of one of three kinds.
type ShowQuestion struct {
	task
	Kind     ShowKind
	Question string
	Options  []string // ShowChoice only
	Answer   string   // text, letter (ShowChoice) or number (ShowEstimate)
	Unit     string   // ShowEstimate only
	Value    float64  // ShowEstimate only
	Correct  int      // ShowChoice only
	// ReadingHint is as Choice's, ShowChoice only.
	ReadingHint string
}

func (s ShowQuestion) Prompt() string { return s.Question }
func (s ShowQuestion) Solution() string {
	switch s.Kind {
	case ShowChoice:
		return string(rune('A'+s.Correct)) + ": " + s.Options[s.Correct]
	case ShowEstimate:
		return strings.TrimSpace(s.Answer + " " + s.Unit)
	}
	return s.Answer
}

var showKinds = map[string]ShowKind{"buzzer": ShowBuzzer, "auswahl": ShowChoice, "choice": ShowChoice,
	"schaetzen": ShowEstimate, "schaetzfrage": ShowEstimate, "estimate": ShowEstimate, "estimating": ShowEstimate}

var gameShowquiz = &MiniGame{
	Code: "SQ", Name: "Showquiz", PerCard: 3, MaxPerCard: 3, Key: "Frage",
	Sheet: SheetSchema{Name: "Showquiz", Aliases: []string{"Show quiz"},
		Help: "Eine Zeile je Frage: Buzzer-, Auswahl- (A–D) oder Schätzfrage; die Lösung steht auf der Rückseite.",
		Columns: []Column{karteColumn,
			{Name: "Art", Aliases: []string{"Kind", "Typ", "Type"}, Required: true, Choices: []string{"Buzzer", "Auswahl", "Schätzen"}, Width: 10, Help: "Buzzer, Auswahl oder Schätzen [buzzer|choice|estimate]."},
			{Name: "Frage", Aliases: []string{"Question"}, Required: true, Width: 50, Help: "Die Frage."},
			{Name: "A", Width: 18, Help: "Nur bei Auswahl: Antwort A."},
			{Name: "B", Width: 18, Help: "Nur bei Auswahl: Antwort B."},
			{Name: "C", Width: 18, Help: "Nur bei Auswahl: Antwort C."},
			{Name: "D", Width: 18, Help: "Nur bei Auswahl: Antwort D."},
			{Name: "Lösung", Aliases: []string{"Loesung", "Solution", "Antwort"}, Required: true, Width: 20, Help: "Buzzer: die Antwort; Auswahl: der Buchstabe A–D; Schätzen: die Zahl."},
			{Name: "Einheit", Aliases: []string{"Unit"}, Width: 10, Help: "Nur bei Schätzen: die Einheit."},
			regionColumn, standColumn, raabReadingHintColumn},
		Example: [][]string{
			{"1", "Buzzer", "Wie heißt die Hauptstadt von Australien?", "", "", "", "", "Canberra", "", "", "", ""},
			{"1", "Auswahl", "Welches Tier ist ein Säugetier?", "Hai", "Delfin", "Pinguin", "Krokodil", "B", "", "", "", ""}}},
	parse: func(r row) RaabTask {
		kind, ok := choice(r, "Art", true, showKinds)
		s := ShowQuestion{task: newTask(r), Kind: kind, Question: r.need("Frage"), Answer: r.need("Lösung"), Unit: r.get("Einheit")}
		if !ok || s.Question == "" || s.Answer == "" {
			return nil
		}
		hasOptions := r.get("A") != "" || r.get("B") != "" || r.get("C") != "" || r.get("D") != ""
		switch kind {
		case ShowChoice:
			s.Options = options(r, []string{"A", "B", "C", "D"}, 4)
			c, ok := letterIndex(r, "Lösung", 4, true)
			if s.Options == nil || !ok {
				return nil
			}
			s.Correct = c
			s.ReadingHint = raabReadingHint(r, s.Options)
		case ShowEstimate:
			v, ok := r.number("Lösung", true)
			if !ok {
				return nil
			}
			s.Value = v
			if s.Unit == "" {
				r.errorf("Einheit", "eine Schätzfrage braucht eine Einheit", "an estimation question needs a unit")
			}
			if hasOptions {
				r.errorf("A", "eine Schätzfrage hat keine Antworten A–D", "an estimation question has no answers A–D")
			}
		case ShowBuzzer:
			if hasOptions {
				r.errorf("A", "eine Buzzerfrage hat keine Antworten A–D (sonst Art „Auswahl“)", "a buzzer question has no answers A–D (otherwise kind \"Auswahl\")")
			}
		}
		return s
	},
}

// ---------------------------------------------------------------------------
// Sortieren

// Sorting asks for the order of four things.
type Sorting struct {
	task
	Task   string
	Items  [4]string
	Order  [4]int    // indices into Items, first to last
	Values [4]string // optional: what the order rests on (years, sizes)
}

func (s Sorting) Prompt() string { return s.Task }
func (s Sorting) Solution() string {
	var parts []string
	for _, i := range s.Order {
		p := string(rune('A'+i)) + " " + s.Items[i]
		if s.Values[i] != "" {
			p += " (" + s.Values[i] + ")"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " – ")
}

var gameSortieren = &MiniGame{
	Code: "SO", Name: "Sortieren", PerCard: 1, MaxPerCard: 1, Key: "Aufgabe",
	Sheet: SheetSchema{Name: "Sortieren", Aliases: []string{"Sorting"},
		Help: "Eine Zeile je Karte: vier Dinge A–D und ihre richtige Reihenfolge; stehen Werte dabei, wird die Reihenfolge an ihnen geprüft.",
		Columns: []Column{karteColumn,
			{Name: "Aufgabe", Aliases: []string{"Task"}, Required: true, Width: 40, Help: "Die Aufgabe, z. B. „Vom ältesten zum jüngsten“."},
			{Name: "A", Required: true, Width: 18, Help: "Ding A."}, {Name: "B", Required: true, Width: 18, Help: "Ding B."},
			{Name: "C", Required: true, Width: 18, Help: "Ding C."}, {Name: "D", Required: true, Width: 18, Help: "Ding D."},
			{Name: "Reihenfolge", Aliases: []string{"Order"}, Required: true, Width: 14, Help: "Die richtige Reihenfolge als Buchstaben, z. B. C, A, D, B."},
			{Name: "Wert A", Aliases: []string{"Value A"}, Width: 10, Help: "Freiwillig: der Wert, nach dem sortiert wird (Jahr, Größe); wird auf der Rückseite gedruckt."},
			{Name: "Wert B", Aliases: []string{"Value B"}, Width: 10, Help: "Wie Wert A."},
			{Name: "Wert C", Aliases: []string{"Value C"}, Width: 10, Help: "Wie Wert A."},
			{Name: "Wert D", Aliases: []string{"Value D"}, Width: 10, Help: "Wie Wert A."},
			regionColumn, standColumn},
		Example: [][]string{
			{"1", "Vom ältesten zum jüngsten Bauwerk", "Kölner Dom (Baubeginn)", "Brandenburger Tor", "Porta Nigra", "Elbphilharmonie", "C, A, B, D", "1248", "1791", "um 170", "2017", "", ""},
			{"2", "Vom kleinsten zum größten Planeten", "Erde", "Merkur", "Jupiter", "Mars", "B, D, A, C", "", "", "", "", "", ""}}},
	parse: func(r row) RaabTask {
		s := Sorting{task: newTask(r), Task: r.need("Aufgabe")}
		items := options(r, []string{"A", "B", "C", "D"}, 4)
		order := letterList(r, "Reihenfolge", 4)
		if items == nil || s.Task == "" {
			return nil
		}
		copy(s.Items[:], items)
		raw := strings.ToUpper(r.get("Reihenfolge"))
		var seq []int
		for _, p := range answerListSeparators.Split(raw, -1) {
			if p != "" {
				seq = append(seq, int(p[0]-'A'))
			}
		}
		if order == nil || len(order) != 4 {
			if order != nil {
				r.errorf("Reihenfolge", "die Reihenfolge muss alle vier Buchstaben A–D genau einmal nennen", "the order must name each of the four letters A–D exactly once")
			}
			return nil
		}
		copy(s.Order[:], seq)
		var vals []float64
		for i, col := range []string{"Wert A", "Wert B", "Wert C", "Wert D"} {
			s.Values[i] = r.get(col)
			if v, ok := parseNumber(strings.TrimPrefix(s.Values[i], "um ")); ok {
				vals = append(vals, v)
			}
		}
		if len(vals) == 4 && !monotonic(vals, s.Order) {
			r.errorf("Reihenfolge", "die Reihenfolge %s passt nicht zu den Werten", "the order %s does not match the values", raw)
			return nil
		}
		return s
	},
}

// monotonic reports whether vals taken in order rise or fall throughout.
func monotonic(vals []float64, order [4]int) bool {
	up, down := true, true
	for i := 1; i < 4; i++ {
		a, b := vals[order[i-1]], vals[order[i]]
		up = up && a <= b
		down = down && a >= b
	}
	return up || down
}

// ---------------------------------------------------------------------------
// Stimmt's?

// Claim is a statement that is true or not.
type Claim struct {
	task
	Statement   string
	True        bool
	Explanation string
}

func (c Claim) Prompt() string { return c.Statement }
func (c Claim) Solution() string {
	s := "Stimmt nicht."
	if c.True {
		s = "Stimmt."
	}
	if c.Explanation != "" {
		s += " " + c.Explanation
	}
	return s
}

var gameStimmts = &MiniGame{
	Code: "ST", Name: "Stimmt’s?", PerCard: 4, MaxPerCard: 5, Key: "Aussage",
	Sheet: SheetSchema{Name: "Stimmts", Title: "Stimmt’s?", Aliases: []string{"True"},
		Help: "Eine Zeile je Aussage; ob sie stimmt, steht auf der Rückseite.",
		Columns: []Column{karteColumn,
			{Name: "Aussage", Aliases: []string{"Statement"}, Required: true, Width: 55, Help: "Die Behauptung."},
			{Name: "Stimmt", Aliases: []string{"True"}, Required: true, Choices: []string{"ja", "nein"}, Width: 8, Help: "ja oder nein [yes|no]."},
			{Name: "Erklärung", Aliases: []string{"Erklaerung", "Explanation"}, Width: 40, Help: "Freiwillig: ein Satz zur Auflösung."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Der Rhein ist länger als die Elbe.", "ja", "Rhein rund 1230 km, Elbe rund 1090 km.", "", ""}, {"1", "Ein Oktopus hat zwei Herzen.", "nein", "Er hat drei.", "", ""}}},
	parse: func(r row) RaabTask {
		c := Claim{task: newTask(r), Statement: r.need("Aussage"), Explanation: r.get("Erklärung")}
		v, ok := choice(r, "Stimmt", true, yesNo)
		if !ok || c.Statement == "" {
			return nil
		}
		c.True = v
		return c
	},
}

// ---------------------------------------------------------------------------
// Suchmaschinen

// StemWord is a word the players extend by at least three letters.
type StemWord struct {
	task
	Word string
}

func (s StemWord) Prompt() string   { return s.Word }
func (s StemWord) Solution() string { return "" }

var gameSuchmaschinen = &MiniGame{
	Code: "SM", Name: "Suchmaschinen", PerCard: 8, MaxPerCard: 12, Key: "Begriff",
	Sheet: SheetSchema{Name: "Suchmaschinen", Aliases: []string{"Search engines"},
		Help: "Eine Zeile je Ausgangswort (Spiel 1 und 2 nutzen dieselben Karten).",
		Columns: []Column{karteColumn,
			{Name: "Begriff", Aliases: []string{"Word", "Wort"}, Required: true, Width: 20, Help: "Das Ausgangswort, ein einzelnes Wort."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Haus", "", ""}, {"1", "Sonne", "", ""}}},
	parse: func(r row) RaabTask {
		w := r.need("Begriff")
		if w == "" {
			return nil
		}
		if !lettersOnly(w, false) {
			r.errorf("Begriff", "„%s“: ein einzelnes Wort aus Buchstaben", "%q: a single word of letters", w)
			return nil
		}
		return StemWord{task: newTask(r), Word: w}
	},
}

// ---------------------------------------------------------------------------
// Tipp für Tipp, Wo läuft was?

// Hints is a term sought through hints given one after another; the earlier
// the right answer, the more points in the two-player variant.
type Hints struct {
	task
	Back     bool   // Tipp für Tipp: on the back of the card
	Category string // Tipp für Tipp: e.g. Stadt
	Hints    []string
	Answer   string
}

func (h Hints) Prompt() string   { return strings.Join(h.Hints, " · ") }
func (h Hints) Solution() string { return h.Answer }
func (h Hints) OnBack() bool     { return h.Back }

var hintColumns = []string{"Tipp 1", "Tipp 2", "Tipp 3", "Tipp 4", "Tipp 5"}

var gameTippFuerTipp = &MiniGame{
	Code: "TT", Name: "Tipp für Tipp", Sided: true, PerCard: 3, MaxPerCard: 3, Key: "Lösung",
	Sheet: SheetSchema{Name: "Tipp für Tipp", Aliases: []string{"Tipp fuer Tipp", "Hint by hint"},
		Help: "Eine Zeile je gesuchtem Begriff: Kategorie, fünf Tipps vom schwersten zum leichtesten, Lösung; drei je Kartenseite.",
		Columns: []Column{karteColumn, sideColumn,
			{Name: "Kategorie", Aliases: []string{"Category"}, Required: true, Width: 14, Help: "Die Kategorie des Begriffs, z. B. Stadt."},
			{Name: "Tipp 1", Aliases: []string{"Hint 1"}, Required: true, Width: 30, Help: "Erster, schwerster Tipp."},
			{Name: "Tipp 2", Aliases: []string{"Hint 2"}, Required: true, Width: 30, Help: "Zweiter Tipp."},
			{Name: "Tipp 3", Aliases: []string{"Hint 3"}, Required: true, Width: 30, Help: "Dritter Tipp."},
			{Name: "Tipp 4", Aliases: []string{"Hint 4"}, Required: true, Width: 30, Help: "Vierter Tipp."},
			{Name: "Tipp 5", Aliases: []string{"Hint 5"}, Required: true, Width: 30, Help: "Fünfter, leichtester Tipp."},
			{Name: "Lösung", Aliases: []string{"Loesung", "Solution"}, Required: true, Width: 18, Help: "Der gesuchte Begriff."},
			regionColumn, standColumn},
		Example: [][]string{
			{"1", "vorne", "Tier", "Ich wiege etwa 300 Gramm.", "Ich lebe in Wäldern und Parks.", "Ich lege Wintervorräte an.", "Ich habe einen buschigen Schwanz.", "Ich knacke Nüsse.", "Eichhörnchen", "", ""},
			{"1", "hinten", "Stadt", "Ich liege an der Spree.", "In mir steht ein Fernsehturm.", "Ich war geteilt.", "Ich bin Bundeshauptstadt.", "Ich bin die größte Stadt Deutschlands.", "Berlin", "", ""}}},
	parse: func(r row) RaabTask {
		face, ok := choice(r, "Seite", true, dativFaces)
		h := Hints{task: newTask(r), Back: face == Back, Category: r.need("Kategorie"), Answer: r.need("Lösung")}
		for _, col := range hintColumns {
			h.Hints = append(h.Hints, r.need(col))
		}
		if !ok || h.Answer == "" || h.Category == "" {
			return nil
		}
		return h
	},
}

var showColumns = []string{"Sendung 1", "Sendung 2", "Sendung 3"}

var gameWoLaeuftWas = &MiniGame{
	Code: "TV", Name: "Wo läuft was?", PerCard: 3, MaxPerCard: 3, Key: "",
	Sheet: SheetSchema{Name: "Wo laeuft was", Title: "Wo läuft was?", Aliases: []string{"Wo läuft was", "Whats on where"},
		Help: "Eine Zeile je gesuchtem Sender (ohne Bezahlsender) mit drei Sendungen, die dort laufen; mit Stand-Jahr.",
		Columns: []Column{karteColumn,
			{Name: "Sendung 1", Aliases: []string{"Show 1"}, Required: true, Width: 25, Help: "Erste Sendung (die am wenigsten eindeutige)."},
			{Name: "Sendung 2", Aliases: []string{"Show 2"}, Required: true, Width: 25, Help: "Zweite Sendung."},
			{Name: "Sendung 3", Aliases: []string{"Show 3"}, Required: true, Width: 25, Help: "Dritte Sendung (die eindeutigste)."},
			{Name: "Sender", Aliases: []string{"Channel"}, Required: true, Width: 14, Help: "Der gesuchte Sender."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Die Sendung mit der Maus", "Tagesschau", "Tatort", "Das Erste", "", "2026"}, {"1", "heute-journal", "Der Bergdoktor", "Aktenzeichen XY … ungelöst", "ZDF", "", "2026"}}},
	parse: func(r row) RaabTask {
		h := Hints{task: newTask(r), Answer: r.need("Sender")}
		for _, col := range showColumns {
			h.Hints = append(h.Hints, r.need(col))
		}
		if h.Answer == "" {
			return nil
		}
		if r.get("Stand") == "" {
			r.warnf("Stand", "Fernsehprogramme ändern sich: bitte das Jahr angeben, in dem die Sendungen liefen",
				"TV schedules change: please give the year the shows were on")
		}
		return h
	},
}

// ---------------------------------------------------------------------------
// Wann war das?

// When asks for the year of an event.
type When struct {
	task
	Event string
	Year  int // negative: before Christ
}

func (w When) Prompt() string { return w.Event }
func (w When) Solution() string {
	if w.Year < 0 {
		return strconv.Itoa(-w.Year) + " v. Chr."
	}
	return strconv.Itoa(w.Year)
}

var gameWannWarDas = &MiniGame{
	Code: "WW", Name: "Wann war das?", PerCard: 5, MaxPerCard: 6, Key: "Ereignis",
	Sheet: SheetSchema{Name: "Wann war das", Title: "Wann war das?", Aliases: []string{"When was that"},
		Help: "Eine Zeile je Ereignis mit seinem Jahr; die Lösung steht auf der Rückseite.",
		Columns: []Column{karteColumn,
			{Name: "Ereignis", Aliases: []string{"Event"}, Required: true, Width: 55, Help: "Das Ereignis."},
			{Name: "Jahr", Aliases: []string{"Year"}, Required: true, Width: 8, Help: "Das Jahr; vor Christus negativ, z. B. -44."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Johannes Gutenberg druckt seine Bibel fertig.", "1454", "", ""}, {"1", "Julius Caesar wird ermordet.", "-44", "", ""}}},
	parse: func(r row) RaabTask {
		w := When{task: newTask(r), Event: r.need("Ereignis")}
		y, ok := r.integer("Jahr", true)
		if !ok || w.Event == "" {
			return nil
		}
		if y == 0 || y > 2100 || y < -10000 {
			r.errorf("Jahr", "%d ist kein mögliches Jahr (es gibt kein Jahr 0; vor Christus negativ)", "%d is not a possible year (there is no year 0; BC negative)", y)
			return nil
		}
		w.Year = y
		return w
	},
}

// ---------------------------------------------------------------------------
// Wer lügt?

// WhoLies is a statement with seven answers, at least two of them false.
type WhoLies struct {
	task
	Statement string
	Answers   []string
	False     []int // indices of the false answers (printed bold)
}

func (w WhoLies) Prompt() string { return w.Statement }
func (w WhoLies) Solution() string {
	var s []string
	for _, i := range w.False {
		s = append(s, w.Answers[i])
	}
	return "Falsch: " + strings.Join(s, ", ")
}

// IsFalse reports whether answer i is one of the lies.
func (w WhoLies) IsFalse(i int) bool {
	for _, f := range w.False {
		if f == i {
			return true
		}
	}
	return false
}

var whoLiesColumns = []string{"Antwort 1", "Antwort 2", "Antwort 3", "Antwort 4", "Antwort 5", "Antwort 6", "Antwort 7"}

func whoLiesColumn(i int) Column {
	return Column{Name: whoLiesColumns[i], Aliases: []string{fmt.Sprintf("Answer %d", i+1)}, Required: true, Width: 16,
		Help: fmt.Sprintf("Antwort %d von 7.", i+1)}
}

var gameWerLuegt = &MiniGame{
	Code: "WL", Name: "Wer lügt?", PerCard: 3, MaxPerCard: 3, Key: "Aussage",
	Sheet: SheetSchema{Name: "Wer luegt", Title: "Wer lügt?", Aliases: []string{"Wer lügt", "Who is lying"},
		Help: "Eine Zeile je Aussage mit sieben Antworten, von denen mindestens zwei falsch sind (sie werden fett gedruckt).",
		Columns: []Column{karteColumn,
			{Name: "Aussage", Aliases: []string{"Statement"}, Required: true, Width: 40, Help: "Die Aussage, z. B. „Diese Länder grenzen an Deutschland“."},
			whoLiesColumn(0), whoLiesColumn(1), whoLiesColumn(2), whoLiesColumn(3), whoLiesColumn(4), whoLiesColumn(5), whoLiesColumn(6),
			{Name: "Falsch", Aliases: []string{"False", "Wrong"}, Required: true, Width: 10, Help: "Die Nummern der falschen Antworten, mindestens zwei, z. B. 2, 5."},
			regionColumn, standColumn},
		Example: [][]string{
			{"1", "Diese Länder grenzen an Deutschland", "Polen", "Ungarn", "Dänemark", "Belgien", "Italien", "Tschechien", "Luxemburg", "2, 5", "", ""},
			{"1", "Diese Tiere sind Säugetiere", "Wal", "Fledermaus", "Pinguin", "Igel", "Hai", "Delfin", "Maulwurf", "3, 5", "", ""}}},
	parse: func(r row) RaabTask {
		w := WhoLies{task: newTask(r), Statement: r.need("Aussage")}
		w.Answers = options(r, whoLiesColumns, 7)
		v := r.need("Falsch")
		if w.Answers == nil || v == "" || w.Statement == "" {
			return nil
		}
		seen := map[int]bool{}
		for _, p := range answerListSeparators.Split(v, -1) {
			if p == "" {
				continue
			}
			n, err := strconv.Atoi(p)
			if err != nil || n < 1 || n > 7 {
				r.errorf("Falsch", "„%s“ ist keine Antwortnummer (1 bis 7)", "%q is not an answer number (1 to 7)", p)
				return nil
			}
			if seen[n] {
				r.errorf("Falsch", "Antwort %d ist doppelt angegeben", "answer %d is given twice", n)
				return nil
			}
			seen[n] = true
			w.False = append(w.False, n-1)
		}
		if len(w.False) < 2 {
			r.errorf("Falsch", "mindestens zwei Antworten müssen falsch sein (die Regel sagt es den Spielern zu)", "at least two answers must be false (the rules promise it to the players)")
			return nil
		}
		sortInts(w.False)
		return w
	},
}

// ---------------------------------------------------------------------------
// Wer weiß mehr?

// Enumeration is a question with an exact number of correct answers.
type Enumeration struct {
	task
	Question string
	Answers  []string
}

func (e Enumeration) Prompt() string   { return e.Question }
func (e Enumeration) Solution() string { return strings.Join(e.Answers, ", ") }

var gameWerWeissMehr = &MiniGame{
	Code: "WM", Name: "Wer weiß mehr?", PerCard: 3, MaxPerCard: 4, Key: "Frage",
	Sheet: SheetSchema{Name: "Wer weiss mehr", Title: "Wer weiß mehr?", Aliases: []string{"Wer weiß mehr", "Who knows more"},
		Help: "Eine Zeile je Frage mit allen richtigen Antworten, durch Semikolon getrennt; ihre Zahl wird abgeleitet.",
		Columns: []Column{karteColumn,
			{Name: "Frage", Aliases: []string{"Question"}, Required: true, Width: 45, Help: "Die Frage, z. B. „Nennen Sie die Nachbarländer Österreichs.“"},
			{Name: "Antworten", Aliases: []string{"Answers"}, Required: true, Width: 70, Help: "Alle richtigen Antworten, durch Semikolon getrennt."},
			regionColumn, standColumn},
		Example: [][]string{
			{"1", "Nennen Sie die Nachbarländer Österreichs.", "Deutschland; Tschechien; Slowakei; Ungarn; Slowenien; Italien; Schweiz; Liechtenstein", "", ""},
			{"1", "Nennen Sie die Planeten unseres Sonnensystems.", "Merkur; Venus; Erde; Mars; Jupiter; Saturn; Uranus; Neptun", "", ""}}},
	parse: func(r row) RaabTask {
		e := Enumeration{task: newTask(r), Question: r.need("Frage")}
		v := r.need("Antworten")
		if v == "" || e.Question == "" {
			return nil
		}
		seen := map[string]bool{}
		for _, a := range strings.Split(v, ";") {
			a = strings.TrimSpace(a)
			if a == "" {
				continue
			}
			if seen[strings.ToLower(a)] {
				r.errorf("Antworten", "„%s“ steht doppelt", "%q appears twice", a)
				return nil
			}
			seen[strings.ToLower(a)] = true
			e.Answers = append(e.Answers, a)
		}
		if len(e.Answers) < 2 {
			r.errorf("Antworten", "mindestens zwei Antworten, durch Semikolon getrennt", "at least two answers, separated by semicolons")
			return nil
		}
		return e
	},
}

// ---------------------------------------------------------------------------
// Wo liegt was?

// edgeMargin is how close to a grid line (in squares) a place may lie
// before it is ambiguous: 4 % of a square is about 1 mm on a printed map.
const edgeMargin = 0.04

// Place is a place to find on one of the three maps.
type Place struct {
	task
	Map      *maps.Map
	Name     string
	Lat, Lon float64
	Square   maps.Square // derived from the coordinates and the map's grid
}

func (p Place) Prompt() string   { return p.Name }
func (p Place) Solution() string { return p.Square.String() }

var gameWoLiegtWas = &MiniGame{
	Code: "WO", Name: "Wo liegt was?", PerCard: 4, MaxPerCard: 6, Key: "",
	Sheet: SheetSchema{Name: "Wo liegt was", Title: "Wo liegt was?", Aliases: []string{"Wo liegt was", "Where is what"},
		Help: "Eine Zeile je Ort mit Karte (D, EU oder Globus) und Koordinaten; das Lösungsfeld wird aus dem Raster der gedruckten Karte abgeleitet.",
		Columns: []Column{karteColumn,
			{Name: "Landkarte", Aliases: []string{"Map"}, Required: true, Choices: []string{"D", "EU", "Globus"}, Width: 10, Help: "D (Deutschland), EU (Europa) oder Globus (Welt); auf allen Zeilen einer Karte gleich."},
			{Name: "Ort", Aliases: []string{"Place"}, Required: true, Width: 25, Help: "Der gesuchte Ort."},
			{Name: "Breite", Aliases: []string{"Latitude", "Lat"}, Required: true, Width: 10, Help: "Geografische Breite in Grad, Nord positiv, z. B. 52,52."},
			{Name: "Länge", Aliases: []string{"Laenge", "Longitude", "Lon"}, Required: true, Width: 10, Help: "Geografische Länge in Grad, Ost positiv, z. B. 13,40."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "D", "Berlin", "52,52", "13,40", "", ""}, {"1", "D", "Zugspitze", "47,42", "10,99", "", ""}}},
	parse: func(r row) RaabTask {
		p := Place{task: newTask(r), Name: r.need("Ort")}
		key := r.need("Landkarte")
		lat, okLat := r.coordinate("Breite")
		lon, okLon := r.coordinate("Länge")
		if key == "" || p.Name == "" || !okLat || !okLon {
			return nil
		}
		m, ok := maps.ByKey(key)
		if !ok {
			r.errorf("Landkarte", "„%s“ ist keine Landkarte (D, EU oder Globus)", "%q is not a map (D, EU or Globus)", key)
			return nil
		}
		sq, ok := m.SquareAt(lat, lon)
		if !ok {
			r.errorf("Breite", "%s (%.2f, %.2f) liegt nicht auf der Karte %s", "%s (%.2f, %.2f) is not on map %s", p.Name, lat, lon, m.Key)
			return nil
		}
		p.Map, p.Lat, p.Lon, p.Square = m, lat, lon, sq
		if m.EdgeDistance(lat, lon) < edgeMargin {
			r.warnf("Ort", "%s liegt auf der Karte %s fast auf einer Rasterlinie (Feld %s): die Spieler können das Feld nicht sicher erkennen; besser einen anderen Ort wählen",
				"%s lies almost on a grid line of map %s (square %s): players cannot tell the square; better choose another place", p.Name, m.Key, sq)
		}
		return p
	},
	checkCard: func(c *RaabCard, rows []row) { sameOnCard(c, rows, "Landkarte") },
}

// ---------------------------------------------------------------------------
// Wörter rückwärts

// Reversed is a word or phrase the host reads backwards.
type Reversed struct {
	task
	Word string
}

// Prompt is the text reversed character by character.
func (w Reversed) Prompt() string {
	r := []rune(w.Word)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}
func (w Reversed) Solution() string { return w.Word }

var gameWoerterRueckwaerts = &MiniGame{
	Code: "WR", Name: "Wörter rückwärts", PerCard: 10, MaxPerCard: 12, Key: "Wort",
	Sheet: SheetSchema{Name: "Woerter rueckwaerts", Title: "Wörter rückwärts", Aliases: []string{"Wörter rückwärts", "Words backwards"},
		Help: "Eine Zeile je Lösungswort; die rückwärts geschriebene Form wird erzeugt.",
		Columns: []Column{karteColumn,
			{Name: "Wort", Aliases: []string{"Word"}, Required: true, Width: 30, Help: "Das Lösungswort (oder ein kurzer Ausdruck)."},
			regionColumn, standColumn},
		Example: [][]string{{"1", "Regenschirm", "", ""}, {"1", "Gänseblümchen", "", ""}}},
	parse: func(r row) RaabTask {
		w := r.need("Wort")
		if w == "" {
			return nil
		}
		return Reversed{task: newTask(r), Word: w}
	},
}

// ---------------------------------------------------------------------------
// Zocken

var gameZocken = &MiniGame{
	Code: "ZO", Name: "Zocken", ThreePlayers: true, PerCard: 2, MaxPerCard: 2, Key: "Frage",
	Sheet: SheetSchema{Name: "Zocken", Aliases: []string{"Gambling"},
		Help: "Eine Zeile je Frage: Themengebiet (wird vor dem Einsatz genannt), Frage, vier Antworten A–D.",
		Columns: []Column{karteColumn,
			{Name: "Thema", Aliases: []string{"Topic", "Subject"}, Required: true, Width: 16, Help: "Das Themengebiet, das vor dem Einsatz genannt wird."},
			{Name: "Frage", Aliases: []string{"Question"}, Required: true, Width: 45, Help: "Die Frage."},
			{Name: "A", Required: true, Width: 18, Help: "Antwort A."}, {Name: "B", Required: true, Width: 18, Help: "Antwort B."},
			{Name: "C", Required: true, Width: 18, Help: "Antwort C."}, {Name: "D", Required: true, Width: 18, Help: "Antwort D."},
			{Name: "Richtig", Aliases: []string{"Correct"}, Required: true, Choices: []string{"A", "B", "C", "D"}, Width: 8, Help: "A, B, C oder D."},
			regionColumn, standColumn, raabReadingHintColumn},
		Example: [][]string{
			{"1", "Musik", "Wie viele Saiten hat eine klassische Gitarre?", "Vier", "Fünf", "Sechs", "Sieben", "C", "", "", ""},
			{"1", "Natur", "Welcher Baum verliert im Herbst seine Nadeln?", "Lärche", "Fichte", "Tanne", "Kiefer", "A", "", "", ""}}},
	parse: func(r row) RaabTask {
		t := parseChoice(r, []string{"A", "B", "C", "D"}, 4)
		if c, ok := t.(Choice); ok && c.Topic == "" {
			r.errorf("Thema", "leere Pflichtzelle", "required cell is empty")
			return nil
		}
		return t
	},
}
