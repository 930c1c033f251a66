package decks

import (
	"fmt"
	"strings"

	"druckreif/decks/workbook"
)

// LabyrinthKind is the kind of a question card of Das große Spiel.
type LabyrinthKind int

const (
	Normal      LabyrinthKind = iota // a normal question
	Risk                             // "!": bets are placed before the question is read
	Lingutaurus                      // bull: an incomplete quotation to defeat the Lingutaurus
)

func (k LabyrinthKind) String() string {
	return [...]string{"normal", "risiko", "lingutaurus"}[k]
}

// LabyrinthFace is one of the two coloured sides of a labyrinth card.
type LabyrinthFace int

const (
	Green  LabyrinthFace = iota // grün
	Yellow                      // gelb
)

func (f LabyrinthFace) String() string { return [...]string{"grün", "gelb"}[f] }

// LabyrinthCard is a physical card of Das große Spiel: a question on its
// green side and another on its yellow side, both of the same kind.
type LabyrinthCard struct {
	ID     string // LAB-<Kennung>-<Nr>
	Deck   *DeckInfo
	Number int
	Kind   LabyrinthKind
	Region string
	Sides  [2]LabyrinthSide // indexed by LabyrinthFace
}

// LabyrinthSide is one question with three answers A, B, C.
type LabyrinthSide struct {
	ID       string // LAB-<Kennung>-<Nr>-GR or -GE
	Face     LabyrinthFace
	Question string
	Answers  [3]string
	Correct  int // 0 = A, 1 = B, 2 = C
	// ReadingHint tells the reader how to read the answers aloud when
	// they sound the same ("Antworten buchstabieren"). It is printed for
	// the reader under the answers; it is no secret.
	ReadingHint string
	Verbatim    bool // the card tests spelling or punctuation: print exactly as written
	Origin      Origin
}

// CorrectLetter is "A", "B" or "C".
func (s LabyrinthSide) CorrectLetter() string { return string(rune('A' + s.Correct)) }

var labyrinthSheet = SheetSchema{
	Name:    "Karten",
	Aliases: []string{"Cards"},
	Help:    "Eine Zeile je Kartenseite: Jede Karte hat eine grüne und eine gelbe Seite mit je einer Frage und drei Antworten.",
	Columns: []Column{
		{Name: "Nr", Aliases: []string{"Number", "No"}, Required: true, Width: 6,
			Help: "Kartennummer (ganze Zahl ab 1); beide Seiten einer Karte tragen dieselbe Nummer."},
		{Name: "Seite", Aliases: []string{"Side"}, Required: true, Choices: []string{"grün", "gelb"}, Width: 8,
			Help: "grün oder gelb [green|yellow]: Jede Karte braucht genau eine grüne und eine gelbe Seite."},
		{Name: "Typ", Aliases: []string{"Type"}, Required: true, Choices: []string{"normal", "risiko", "lingutaurus"}, Width: 12,
			Help: "normal, risiko (Karte mit „!“: Einsatz vor der Frage) oder lingutaurus (unvollständiges Zitat) [normal|risk|lingutaurus]; auf beiden Seiten gleich."},
		{Name: "Frage", Aliases: []string{"Question"}, Required: true, Width: 60,
			Help: "Die Frage, wie sie vorgelesen wird."},
		{Name: "A", Required: true, Width: 25, Help: "Antwort A."},
		{Name: "B", Required: true, Width: 25, Help: "Antwort B."},
		{Name: "C", Required: true, Width: 25, Help: "Antwort C."},
		{Name: "Richtig", Aliases: []string{"Correct"}, Required: true, Choices: []string{"A", "B", "C"}, Width: 8,
			Help: "Der Buchstabe der richtigen Antwort: A, B oder C. Sie wird fett gedruckt, ihr Buchstabe weiß im schwarzen Kreis."},
		{Name: ReadingHintColumn, Aliases: []string{"Reading hint", "Reader hint"}, Width: 22,
			Help: fmt.Sprintf("Für den Vorleser, wenn Antworten vorgelesen gleich klingen (Schreibung eines Wortes, Groß/klein, getrennt/zusammen, Bindestrich, Worttrennung, Satzzeichen): was er tun soll, z. B. „Antworten buchstabieren“, „groß oder klein ansagen“, „Trennstrich ansagen“. Er wird klein unter den Antworten gedruckt, höchstens %d Zeichen. Fehlt er, wo Antworten gleich klingen, warnt druckreif check.", MaxLabyrinthReadingHint)},
		regionColumn,
		verbatimColumn,
	},
	Example: [][]string{
		{"1", "grün", "normal", "Welcher Fall folgt standardsprachlich auf „trotz“?", "Genitiv", "Akkusativ", "Nominativ", "A", "", "", ""},
		{"1", "gelb", "normal", "Welche Schreibung ist richtig?", "Sattelit", "Satellit", "Satelit", "B", "Antworten buchstabieren", "", "ja"},
	},
}

// MaxLabyrinthReadingHint is the longest reading hint of a labyrinth side
// in characters: it is printed in at most two short lines under the
// answers, beside the label "Beim Vorlesen:".
const MaxLabyrinthReadingHint = 40

var labyrinthHintSpace = hintSpace{MaxLabyrinthReadingHint, "in die zwei Zeilen unter den Antworten", "the two lines under the answers",
	"die Antworten", "answers", func(i int) string { return string(rune('A' + i)) }}

var (
	labyrinthFaces = map[string]LabyrinthFace{"gruen": Green, "green": Green, "gelb": Yellow, "yellow": Yellow}
	labyrinthKinds = map[string]LabyrinthKind{"normal": Normal, "risiko": Risk, "risk": Risk,
		"lingutaurus": Lingutaurus}
	abc = map[string]int{"a": 0, "b": 1, "c": 2}
)

func labyrinthCardID(code string, nr int) string { return fmt.Sprintf("LAB-%s-%d", code, nr) }

var labyrinthFaceSuffix = [2]string{"GR", "GE"}

func parseLabyrinth(wb *workbook.Workbook, info *DeckInfo, known map[*workbook.Sheet]bool, probs *Problems) []*LabyrinthCard {
	t := cardSheet(wb, &labyrinthSheet, known, true, probs)
	if t == nil {
		return nil
	}
	type sideData struct {
		side     LabyrinthSide
		kind     LabyrinthKind
		region   string
		regionOK bool
	}
	var entries []sideEntry[sideData]
	questions := questionIndex{}
	for _, r := range t.rows() {
		nr, okNr := r.positive("Nr")
		face, okFace := choice(r, "Seite", true, labyrinthFaces)
		kind, okKind := choice(r, "Typ", true, labyrinthKinds)
		s := LabyrinthSide{
			Face:     face,
			Question: r.need("Frage"),
			Answers:  [3]string{r.need("A"), r.need("B"), r.need("C")},
			Verbatim: r.verbatim(),
			Origin:   r.origin(),
		}
		questions.check(r, "Frage", s.Question+"\x00"+strings.Join(s.Answers[:], "\x00"))
		correct, okCorrect := choice(r, "Richtig", true, abc)
		if okCorrect && s.Answers[correct] == "" {
			r.errorf("Richtig", "„%s“ zeigt auf eine leere Antwort", "%q points at an empty answer", r.get("Richtig"))
		}
		s.Correct = correct
		checkDistinctAnswers(r, []string{"A", "B", "C"}, s.Answers[:])
		same, alike := s.SoundAlike()
		s.ReadingHint = readReadingHint(r, labyrinthHintSpace, s.Answers[:], same, alike)
		region, regionOK := r.region(info)
		if okNr && okFace && okKind {
			entries = append(entries, sideEntry[sideData]{nr: nr, face: int(face), side: sideData{s, kind, region, regionOK}, r: r})
		}
	}
	nrs, pairs := pairSides(entries, [2][2]string{{"grün", "green"}, {"gelb", "yellow"}}, probs)
	var cards []*LabyrinthCard
	for _, nr := range nrs {
		p := pairs[nr]
		green, yellow := p[0], p[1]
		if green.side.kind != yellow.side.kind {
			yellow.r.errorf("Typ", "Karte %d: der Typ „%s“ weicht von der grünen Seite ab („%s“, Zeile %d); beide Seiten einer Karte haben denselben Typ",
				"card %d: type %q differs from the green side (%q, row %d); both sides of a card have the same type",
				nr, yellow.side.kind, green.side.kind, green.r.Number())
		}
		if green.side.regionOK && yellow.side.regionOK && green.side.region != yellow.side.region {
			yellow.r.errorf("Region", "Karte %d: die Region „%s“ weicht von der grünen Seite ab („%s“, Zeile %d); die Region gehört zur ganzen Karte",
				"card %d: region %q differs from the green side (%q, row %d); a region belongs to the whole card",
				nr, yellow.side.region, green.side.region, green.r.Number())
		}
		c := &LabyrinthCard{ID: labyrinthCardID(info.Code, nr), Deck: info, Number: nr,
			Kind: green.side.kind, Region: green.side.region}
		for face, e := range []*sideEntry[sideData]{green, yellow} {
			c.Sides[face] = e.side.side
			c.Sides[face].ID = c.ID + "-" + labyrinthFaceSuffix[face]
		}
		cards = append(cards, c)
	}
	return cards
}

// checkDistinctAnswers reports two answers of one question that are the
// same: players could not tell them apart.
func checkDistinctAnswers(r row, cols []string, answers []string) {
	for i := range answers {
		for j := 0; j < i; j++ {
			// Compared exactly: spelling cards differ only in case ("Leid"/"leid").
			if answers[i] != "" && answers[i] == answers[j] {
				r.errorf(cols[i], "die Antwort ist dieselbe wie in Spalte %s", "the answer is the same as in column %s", cols[j])
			}
		}
	}
}
