package decks

import (
	"fmt"
	"strings"

	"druckreif/decks/workbook"
)

// GenialCard is a question card of Genial daneben: a question with three
// answers a, b, c, one of them correct (printed with an asterisk).
type GenialCard struct {
	ID       string // GEN-<Kennung>-<Nr>
	Deck     *DeckInfo
	Number   int
	Region   string
	Question string
	Answers  [3]string
	Correct  int // 0 = a, 1 = b, 2 = c
	Verbatim bool
	Origin   Origin
}

// CorrectLetter is "a", "b" or "c".
func (c GenialCard) CorrectLetter() string { return string(rune('a' + c.Correct)) }

var genialSheet = SheetSchema{
	Name:    "Fragen",
	Aliases: []string{"Questions", "Karten", "Cards"},
	Help:    "Eine Zeile je Karte: eine Frage mit drei Antworten a, b, c, eine davon richtig.",
	Columns: []Column{
		{Name: "Nr", Aliases: []string{"Number", "No"}, Required: true, Width: 6, Help: "Kartennummer (ganze Zahl ab 1)."},
		{Name: "Frage", Aliases: []string{"Question"}, Required: true, Width: 60, Help: "Die Frage, wie sie vorgelesen wird."},
		{Name: "a", Required: true, Width: 28, Help: "Antwort a."},
		{Name: "b", Required: true, Width: 28, Help: "Antwort b."},
		{Name: "c", Required: true, Width: 28, Help: "Antwort c."},
		{Name: "Richtig", Aliases: []string{"Correct"}, Required: true, Choices: []string{"a", "b", "c"}, Width: 8,
			Help: "Der Buchstabe der richtigen Antwort (a, b oder c); sie wird mit einem Sternchen (*) gedruckt."},
		regionColumn,
		verbatimColumn,
	},
	Example: [][]string{
		{"1", "Wofür benutzte man einen „Stiefelknecht“?", "Zum Ausziehen von Stiefeln", "Zum Putzen von Stiefeln", "Zum Tragen von Stiefeln", "a", "", ""},
		{"2", "Was misst ein Anemometer?", "Den Luftdruck", "Die Windgeschwindigkeit", "Die Luftfeuchte", "b", "", ""},
	},
}

func genialCardID(code string, nr int) string { return fmt.Sprintf("GEN-%s-%d", code, nr) }

func parseGenial(wb *workbook.Workbook, info *DeckInfo, known map[*workbook.Sheet]bool, probs *Problems) []*GenialCard {
	t := cardSheet(wb, &genialSheet, known, true, probs)
	if t == nil {
		return nil
	}
	var cards []*GenialCard
	numbers := map[int]int{}
	questions := questionIndex{}
	for _, r := range t.rows() {
		nr, okNr := r.positive("Nr")
		c := &GenialCard{
			Deck:     info,
			Number:   nr,
			Question: r.need("Frage"),
			Answers:  [3]string{r.need("a"), r.need("b"), r.need("c")},
			Verbatim: r.verbatim(),
			Origin:   r.origin(),
		}
		c.Region, _ = r.region(info)
		questions.check(r, "Frage", c.Question+"\x00"+strings.Join(c.Answers[:], "\x00"))
		correct, okCorrect := choice(r, "Richtig", true, abc)
		if okCorrect && c.Answers[correct] == "" {
			r.errorf("Richtig", "„%s“ zeigt auf eine leere Antwort", "%q points at an empty answer", r.get("Richtig"))
		}
		c.Correct = correct
		checkDistinctAnswers(r, []string{"a", "b", "c"}, c.Answers[:])
		if !okNr {
			continue
		}
		if prev, dup := numbers[nr]; dup {
			r.errorf("Nr", "Kartennummer %d doppelt (schon in Zeile %d)", "card number %d duplicated (already in row %d)", nr, prev)
			continue
		}
		numbers[nr] = r.Number()
		c.ID = genialCardID(info.Code, nr)
		cards = append(cards, c)
	}
	sortByNumber(cards, func(c *GenialCard) int { return c.Number })
	return cards
}
