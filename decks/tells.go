package decks

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"gonum.org/v1/gonum/stat/distuv"

	"druckreif/i18n"
)

// The tell check finds answer keys a player can learn instead of the
// answers. Wherever the options are read out in order — the labyrinth's
// A, B, C per colour and kind (a game plays one colour and draws each kind
// from a stack of its own), Genial daneben's a, b, c, and Schlag den
// Raab's Entweder – Oder!, Filmzitate, Führerscheinprüfung, Showquiz
// (Auswahl), Zocken, Sortieren and Wer lügt? — the positions of the right
// answers (for Wer lügt? of the lies, several per task; for Sortieren of
// the item that comes first) must look like chance; so must the share of
// true statements in Stimmt's?, and how often the right answer is the
// longest or the shortest option read. The Dativ card game's variants are
// not tested: the reader reads only one of them.
//
// Each sheet or stack is one test, and a deck has many: so the p-values
// are corrected for their number (Bonferroni), counting only the tests
// that could show a tell at all (Tarone's refinement: a stack of four
// cards can never reach the level, and counting it would only blunt the
// others). A test warns when its corrected p-value is below TellLevel.

// TellLevel is the significance level of the tell check, after the
// correction for the number of tests.
const TellLevel = 0.01

// exactCompositions bounds the exact multinomial test: beyond this many
// possible outcomes (C(n+m-1, m-1) for n questions of m options: 3
// options up to about 1,000 questions, 4 up to about 140) the χ²
// approximation is used, which is accurate there.
const exactCompositions = 500_000

// tellKind is what a test counts.
type tellKind int

const (
	tellPositions    tellKind = iota // where the right answers (or the lies) stand
	tellFirstInOrder                 // Sortieren: where the item that comes first stands
	tellTrueFalse                    // Stimmt's?: true against false
	tellLongest                      // the right answer is the longest option
	tellShortest                     // the right answer is the shortest option
	tellLoneGloss                    // the right answer is the only option with a gloss
)

// tellTest is one test: a sheet, or a stack within it.
type tellTest struct {
	at    Location
	stack i18n.Text // the stack within the sheet, or empty for the whole sheet
	kind  tellKind
	noun  [2]string // what the tasks are, plural: Fragen, Seiten …
	label func(int) string
	tasks int
	// counts and expected are per position for tellPositions and
	// tellFirstInOrder, true and false for tellTrueFalse, and the tasks
	// where the right answer is the longest (shortest) for the length
	// tests; among is then how many tasks have a unique longest (shortest)
	// option at all.
	counts   []int
	expected []float64
	among    int
	lies     bool    // Wer lügt?: the positions counted are those of the lies
	p        float64 // the p-value before the correction
	minP     float64 // the smallest p-value any outcome could give
	exact    bool    // p is exact, not the χ² approximation
}

// tellTask is a question as the players hear it: how many options are
// read, in order, which are right, and the options' texts where their
// length may tell.
type tellTask struct {
	options int
	right   []int
	texts   []string
}

// Tells reports every sheet or stack of the decks whose answer key departs
// from chance, as a warning at the sheet and the column that holds the key.
func Tells(decks []*Deck) Problems {
	return tellWarnings(collectTells(decks))
}

// collectTells makes every test of the decks, with its counts and p-value.
func collectTells(decks []*Deck) []tellTest {
	var tests []tellTest
	for _, d := range decks {
		tests = append(tests, labyrinthTells(d.Labyrinth)...)
		tests = append(tests, genialTells(d.Genial)...)
		tests = append(tests, raabTells(d.Raab)...)
	}
	return tests
}

// sheetAt is the location of a sheet's column, without a row.
func sheetAt(o Origin, column string) Location {
	l := o.Cell(column)
	l.Row = 0
	return l
}

var (
	nounSides     = [2]string{"Seiten", "sides"}
	nounQuestions = [2]string{"Fragen", "questions"}
	nounTasks     = [2]string{"Aufgaben", "tasks"}
)

func upperLetter(i int) string { return string(rune('A' + i)) }

func labyrinthTells(cards []*LabyrinthCard) []tellTest {
	if len(cards) == 0 {
		return nil
	}
	at := sheetAt(cards[0].Sides[0].Origin, "Richtig")
	kindName := map[LabyrinthKind][2]string{
		Normal: {"normale Karten", "normal cards"}, Risk: {"Risikokarten", "risk cards"},
		Lingutaurus: {"Lingutaurus-Karten", "Lingutaurus cards"}}
	faceName := [2][2]string{{"grüne Seiten", "green sides"}, {"gelbe Seiten", "yellow sides"}}
	var tests []tellTest
	var all []tellTask
	for _, face := range []LabyrinthFace{Green, Yellow} {
		for _, kind := range []LabyrinthKind{Normal, Risk, Lingutaurus} {
			var tasks []tellTask
			for _, c := range cards {
				if c.Kind != kind {
					continue
				}
				s := c.Sides[face]
				tasks = append(tasks, tellTask{options: 3, right: []int{s.Correct}, texts: s.Answers[:]})
			}
			if len(tasks) == 0 {
				continue
			}
			stack := i18n.T(faceName[face][0]+", "+kindName[kind][0], faceName[face][1]+", "+kindName[kind][1])
			tests = append(tests, positionTest(at, stack, nounSides, upperLetter, 3, tasks, false))
			all = append(all, tasks...)
		}
	}
	// How long the right answer is, is the author's habit rather than a
	// stack's: it is tested over the whole sheet, where it shows.
	return append(tests, lengthTests(sheetAt(cards[0].Sides[0].Origin, "A"), nounSides, all)...)
}

func genialTells(cards []*GenialCard) []tellTest {
	if len(cards) == 0 {
		return nil
	}
	var tasks []tellTask
	for _, c := range cards {
		tasks = append(tasks, tellTask{options: 3, right: []int{c.Correct}, texts: c.Answers[:]})
	}
	lower := func(i int) string { return string(rune('a' + i)) }
	return append([]tellTest{positionTest(sheetAt(cards[0].Origin, "Richtig"), i18n.Text{}, nounQuestions, lower, 3, tasks, false)},
		lengthTests(sheetAt(cards[0].Origin, "a"), nounQuestions, tasks)...)
}

// raabTells tests the mini-games whose options are read in order, each
// game's cards of the deck as one sheet.
func raabTells(cards []*RaabCard) []tellTest {
	type sheet struct {
		first  Origin
		tasks  map[int][]tellTask // by number of options
		trues  int
		claims int
	}
	sheets := map[*MiniGame]*sheet{}
	var order []*MiniGame
	for _, c := range cards {
		for _, t := range c.Tasks {
			var task tellTask
			switch t := t.(type) {
			case Choice:
				task = tellTask{options: len(t.Options), right: []int{t.Correct}, texts: t.Options}
			case ShowQuestion:
				if t.Kind != ShowChoice {
					continue
				}
				task = tellTask{options: len(t.Options), right: []int{t.Correct}, texts: t.Options}
			case MultiChoice:
				task = tellTask{options: len(t.Options), right: t.Correct}
			case WhoLies:
				task = tellTask{options: len(t.Answers), right: t.False}
			case Sorting:
				task = tellTask{options: len(t.Items), right: []int{t.Order[0]}}
			case Claim:
			default:
				continue
			}
			s := sheets[c.Game]
			if s == nil {
				s = &sheet{first: t.Source(), tasks: map[int][]tellTask{}}
				sheets[c.Game] = s
				order = append(order, c.Game)
			}
			if claim, ok := t.(Claim); ok {
				s.claims++
				if claim.True {
					s.trues++
				}
				continue
			}
			s.tasks[task.options] = append(s.tasks[task.options], task)
		}
	}
	var tests []tellTest
	for _, g := range order {
		s := sheets[g]
		if s.claims > 0 {
			tests = append(tests, trueFalseTest(sheetAt(s.first, "Stimmt"), s.trues, s.claims))
			continue
		}
		column, noun, kind := "Richtig", nounQuestions, tellPositions
		switch g {
		case gameShowquiz:
			column = "Lösung"
		case gameWerLuegt:
			column, noun = "Falsch", nounTasks
		case gameSortieren:
			column, noun, kind = "Reihenfolge", nounTasks, tellFirstInOrder
		}
		sizes := make([]int, 0, len(s.tasks))
		for m := range s.tasks {
			sizes = append(sizes, m)
		}
		slices.Sort(sizes)
		label := upperLetter
		if g == gameWerLuegt {
			label = func(i int) string { return "Antwort " + strconv.Itoa(i+1) }
		}
		var withTexts []tellTask
		for _, m := range sizes {
			var stack i18n.Text
			if len(sizes) > 1 { // Führerscheinprüfung: two or three answers
				stack = i18n.Sprintf("Fragen mit %d Antworten", "questions with %d answers", m)
			}
			t := positionTest(sheetAt(s.first, column), stack, noun, label, m, s.tasks[m], g == gameWerLuegt)
			t.kind = kind
			tests = append(tests, t)
			for _, task := range s.tasks[m] {
				if task.texts != nil {
					withTexts = append(withTexts, task)
				}
			}
		}
		tests = append(tests, lengthTests(sheetAt(s.first, "A"), noun, withTexts)...)
	}
	return tests
}

// positionTest tests whether the right options of tasks with m options
// stand at each position about equally often. With one right option per
// task the counts are multinomial, and the test is exact: the p-value is
// the probability of all outcomes whose χ² statistic is at least the one
// seen. With several (the lies of Wer lügt?) each task's right options are
// a random subset of its positions, and the counts are tested by the χ²
// statistic for that: the deviations' sum of squares scaled by their
// variance, asymptotically χ² with m−1 degrees of freedom.
func positionTest(at Location, stack i18n.Text, noun [2]string, label func(int) string, m int, tasks []tellTask, lies bool) tellTest {
	t := tellTest{at: at, stack: stack, kind: tellPositions, noun: noun, label: label, tasks: len(tasks), lies: lies,
		counts: make([]int, m), expected: make([]float64, m)}
	single := true
	for _, task := range tasks {
		for _, r := range task.right {
			t.counts[r]++
		}
		for p := range t.expected {
			t.expected[p] += float64(len(task.right)) / float64(m)
		}
		single = single && len(task.right) == 1
	}
	if single {
		t.p, t.exact = multinomialP(t.counts)
		t.minP = multinomialMinP(len(tasks), m, t.exact)
		return t
	}
	// The variance of a position's count: each task with k of m right adds
	// k(m−k)/m², and the counts add to a fixed sum, so the statistic
	// (m−1)/(m·v) Σ (count − expected)² is χ² with m−1 degrees of freedom.
	v := 0.0
	for _, task := range tasks {
		k := float64(len(task.right))
		v += k * (float64(m) - k) / float64(m*m)
	}
	if v == 0 {
		t.p, t.minP = 1, 1
		return t
	}
	statistic := func(counts []int) float64 {
		s := 0.0
		for p, c := range counts {
			d := float64(c) - t.expected[p]
			s += d * d
		}
		return float64(m-1) / (float64(m) * v) * s
	}
	chi := distuv.ChiSquared{K: float64(m - 1)}
	t.p = chi.Survival(statistic(t.counts))
	// The most lopsided outcome: every task's right options at its first
	// positions.
	extreme := make([]int, m)
	for _, task := range tasks {
		for p := range task.right {
			extreme[p]++
		}
	}
	t.minP = chi.Survival(statistic(extreme))
	return t
}

// multinomialP is the p-value of counts under equal chances for every
// cell: exactly, the probability of every outcome at least as far from
// even by the χ² statistic (for a fixed total, Σ count² orders the outcomes
// as χ² does); beyond exactCompositions outcomes, by the χ² approximation.
func multinomialP(counts []int) (p float64, exact bool) {
	n, m := 0, len(counts)
	seen := 0
	for _, c := range counts {
		n += c
		seen += c * c
	}
	if n == 0 {
		return 1, true
	}
	if compositions(n, m) > exactCompositions {
		chi2 := float64(m)*float64(seen)/float64(n) - float64(n)
		return distuv.ChiSquared{K: float64(m - 1)}.Survival(chi2), false
	}
	logFact := make([]float64, n+1)
	for i := 2; i <= n; i++ {
		logFact[i] = logFact[i-1] + math.Log(float64(i))
	}
	base := logFact[n] - float64(n)*math.Log(float64(m))
	// Enumerate every outcome cell by cell; the last cell takes the rest.
	var walk func(cell, left, squares int, logP float64)
	walk = func(cell, left, squares int, logP float64) {
		if cell == m-1 {
			if squares+left*left >= seen {
				p += math.Exp(logP - logFact[left])
			}
			return
		}
		for c := 0; c <= left; c++ {
			walk(cell+1, left-c, squares+c*c, logP-logFact[c])
		}
	}
	walk(0, n, 0, base)
	return min(p, 1), true
}

// multinomialMinP is the smallest p-value n tasks of m equal chances can
// give: all in one cell.
func multinomialMinP(n, m int, exact bool) float64 {
	if n == 0 {
		return 1
	}
	if exact {
		return math.Exp(math.Log(float64(m)) - float64(n)*math.Log(float64(m)))
	}
	return distuv.ChiSquared{K: float64(m - 1)}.Survival(float64(n) * float64(m-1))
}

// compositions is C(n+m−1, m−1), the number of ways n tasks fall into m
// cells, or more than exactCompositions.
func compositions(n, m int) int {
	c := 1
	for i := 1; i < m; i++ {
		c = c * (n + i) / i
		if c > exactCompositions {
			return c
		}
	}
	return c
}

// trueFalseTest tests whether true and false statements are about even:
// the exact two-sided binomial test.
func trueFalseTest(at Location, trues, n int) tellTest {
	b := distuv.Binomial{N: float64(n), P: 0.5}
	rare := min(trues, n-trues)
	p := 1.0
	if 2*rare < n {
		p = min(1, 2*b.CDF(float64(rare)))
	}
	return tellTest{at: at, kind: tellTrueFalse, noun: [2]string{"Aussagen", "statements"}, tasks: n,
		counts: []int{trues, n - trues}, expected: []float64{float64(n) / 2, float64(n) / 2},
		p: p, minP: min(1, 2*math.Pow(0.5, float64(n))), exact: true}
}

// lengthTests test whether the right answer is the longest option, and
// whether it is the shortest, more often than chance: among the tasks
// whose longest (shortest) option is longer (shorter) than all others, a
// right answer that does not tell is that option with a chance of one in
// the number of options. The count of such tasks is a sum of binomials,
// and the test is its exact upper tail. Length is counted in letters and
// digits, as a listener hears it.
func lengthTests(at Location, noun [2]string, tasks []tellTask) []tellTest {
	var tests []tellTest
	for _, kind := range []tellKind{tellLongest, tellShortest, tellLoneGloss} {
		hits := 0
		among := map[int]int{} // tasks with a unique extreme, by number of options
		expected := 0.0
		total := 0
		for _, task := range tasks {
			if len(task.right) != 1 || task.options < 2 {
				continue
			}
			var extreme int
			var unique bool
			if kind == tellLoneGloss {
				extreme, unique = loneGloss(task.texts)
			} else {
				extreme, unique = uniqueExtreme(task.texts, kind == tellLongest)
			}
			if !unique {
				continue
			}
			among[task.options]++
			total++
			expected += 1 / float64(task.options)
			if extreme == task.right[0] {
				hits++
			}
		}
		if total == 0 {
			continue
		}
		p, minP := binomialSumUpperTail(among, hits)
		tests = append(tests, tellTest{at: at, kind: kind, noun: noun, tasks: len(tasks),
			counts: []int{hits}, expected: []float64{expected}, among: total, p: p, minP: minP, exact: true})
	}
	return tests
}

// loneGloss returns the option that alone carries a gloss — an
// explanation in brackets, a second word after a comma or a colon („üppig,
// reichhaltig“, „per Adresse, also bei“, „schemira: Bewachung“) — when
// exactly one option has one. Authors gloss the answer they know to be
// right and leave the decoys bare, and a listener hears the difference
// (second re-review of the labyrinth decks, F2: the only glossed option was
// the key on 13 of 14 sides).
func loneGloss(texts []string) (int, bool) {
	lone := -1
	for i, t := range texts {
		if strings.ContainsAny(t, "(,:") {
			if lone >= 0 {
				return -1, false
			}
			lone = i
		}
	}
	return lone, lone >= 0
}

// uniqueExtreme returns the longest (or shortest) text, when no other is
// as long (as short).
func uniqueExtreme(texts []string, longest bool) (int, bool) {
	best, unique := -1, false
	bestLen := 0
	for i, t := range texts {
		n := letterCount(t)
		switch {
		case best < 0 || longest && n > bestLen || !longest && n < bestLen:
			best, bestLen, unique = i, n, true
		case n == bestLen:
			unique = false
		}
	}
	return best, unique
}

// letterCount counts the letters and digits of a text.
func letterCount(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// binomialSumUpperTail is P(S ≥ hits) for S the sum of binomials with n
// trials of chance 1/m for every m in among, and the smallest such
// probability any outcome could give (every trial a hit).
func binomialSumUpperTail(among map[int]int, hits int) (p, minP float64) {
	dist := []float64{1}
	minP = 1
	for m, n := range among {
		b := distuv.Binomial{N: float64(n), P: 1 / float64(m)}
		pmf := make([]float64, n+1)
		for k := range pmf {
			pmf[k] = b.Prob(float64(k))
		}
		next := make([]float64, len(dist)+n)
		for i, a := range dist {
			if a == 0 {
				continue
			}
			for k, q := range pmf {
				next[i+k] += a * q
			}
		}
		dist = next
		minP *= math.Pow(1/float64(m), float64(n))
	}
	for s := hits; s < len(dist); s++ {
		p += dist[s]
	}
	return min(p, 1), minP
}

// tellCorrection is how many tests count for the Bonferroni correction:
// Tarone's K, the smallest number such that at most K tests could reach
// the level TellLevel/K at all.
func tellCorrection(tests []tellTest) int {
	for k := 1; ; k++ {
		able := 0
		for _, t := range tests {
			if t.minP <= TellLevel/float64(k) {
				able++
			}
		}
		if able <= k {
			return k
		}
	}
}

// tellWarnings turns the tests that show a tell into warnings.
func tellWarnings(tests []tellTest) Problems {
	k := tellCorrection(tests)
	var out Problems
	for _, t := range tests {
		if corrected := t.p * float64(k); corrected < TellLevel {
			out = append(out, Problem{Location: t.at, Severity: Warning, Msg: t.message(corrected, k)})
		}
	}
	return out
}

// message says what the test found: the counts, what chance would give,
// the corrected p-value, and how a player would profit.
func (t tellTest) message(corrected float64, k int) i18n.Text {
	var de, en string
	switch t.kind {
	case tellPositions, tellFirstInOrder:
		var partsDE, partsEN []string
		top := 0
		for p, c := range t.counts {
			partsDE = append(partsDE, fmt.Sprintf("%d-mal bei %s", c, t.label(p)))
			partsEN = append(partsEN, fmt.Sprintf("%s %d times", t.label(p), c))
			if float64(c)-t.expected[p] > float64(t.counts[top])-t.expected[top] {
				top = p
			}
		}
		counts := fmt.Sprintf("%s; bei Zufall wären es je %s (%d %s, %s)", strings.Join(partsDE, ", "),
			germanDecimal(t.expected[0]), t.tasks, t.noun[0], pNote(corrected, k, i18n.German))
		countsEN := fmt.Sprintf("%s; chance would give %s each (%d %s, %s)", strings.Join(partsEN, ", "),
			englishDecimal(t.expected[0]), t.tasks, t.noun[1], pNote(corrected, k, i18n.English))
		switch {
		case t.lies:
			de = fmt.Sprintf("die falschen Antworten stehen %s: wer immer auf %s als Lüge setzt, gewinnt zu oft; bitte die Lügen anders verteilen", counts, t.label(top))
			en = fmt.Sprintf("the false answers are %s: whoever always bets on %s as the lie wins too often; please place the lies elsewhere", countsEN, t.label(top))
		case t.kind == tellFirstInOrder:
			de = fmt.Sprintf("das Erste der Reihenfolge steht %s: wer immer mit %s beginnt, liegt zu oft richtig; bitte die Dinge anders anordnen", counts, t.label(top))
			en = fmt.Sprintf("the first of the order is %s: whoever always starts with %s is right too often; please arrange the items otherwise", countsEN, t.label(top))
		default:
			de = fmt.Sprintf("die richtige Antwort steht %s: wer immer %s wählt, liegt zu oft richtig; bitte die richtigen Antworten anders verteilen", counts, t.label(top))
			en = fmt.Sprintf("the right answer is %s: whoever always picks %s is right too often; please redistribute the right answers", countsEN, t.label(top))
		}
	case tellTrueFalse:
		more, moreEN, fewer := "„stimmt“", "\"true\"", "die nicht stimmen"
		if t.counts[1] > t.counts[0] {
			more, moreEN, fewer = "„stimmt nicht“", "\"false\"", "die stimmen"
		}
		de = fmt.Sprintf("%d der %d Aussagen stimmen, %d nicht; bei Zufall wären es je %s (%s): wer immer %s sagt, liegt zu oft richtig; bitte mehr Aussagen, %s",
			t.counts[0], t.tasks, t.counts[1], germanDecimal(t.expected[0]), pNote(corrected, k, i18n.German), more, fewer)
		en = fmt.Sprintf("%d of the %d statements are true, %d false; chance would give %s each (%s): whoever always says %s is right too often; please add statements the other way",
			t.counts[0], t.tasks, t.counts[1], englishDecimal(t.expected[0]), pNote(corrected, k, i18n.English), moreEN)
	case tellLoneGloss:
		de = fmt.Sprintf("die richtige Antwort ist auf %d von %d %s die einzige mit einer Erläuterung (Klammer, Komma oder Doppelpunkt); bei Zufall wären es %s (%s): wer die erläuterte Antwort nimmt, liegt zu oft richtig; bitte auch falsche Antworten erläutern oder die richtige knapp halten",
			t.counts[0], t.among, t.noun[0], germanDecimal(t.expected[0]), pNote(corrected, k, i18n.German))
		en = fmt.Sprintf("the right answer is the only one with a gloss (brackets, a comma or a colon) on %d of %d %s; chance would give %s (%s): whoever picks the glossed answer is right too often; please gloss wrong answers too, or keep the right one bare",
			t.counts[0], t.among, t.noun[1], englishDecimal(t.expected[0]), pNote(corrected, k, i18n.English))
	case tellLongest, tellShortest:
		adjDE, adjEN, fixDE, fixEN := "längste", "longest", "die falschen ebenso ausführlich oder die richtige knapper schreiben", "write the wrong ones as fully, or the right one shorter"
		if t.kind == tellShortest {
			adjDE, adjEN, fixDE, fixEN = "kürzeste", "shortest", "die richtige ebenso ausführlich wie die falschen schreiben", "write the right one as fully as the wrong ones"
		}
		de = fmt.Sprintf("die richtige Antwort ist auf %d von %d %s die %s; bei Zufall wären es %s (%s): wer die %s Antwort nimmt, liegt zu oft richtig; bitte %s",
			t.counts[0], t.among, t.noun[0], adjDE, germanDecimal(t.expected[0]), pNote(corrected, k, i18n.German), adjDE, fixDE)
		en = fmt.Sprintf("the right answer is the %s on %d of %d %s; chance would give %s (%s): whoever picks the %s answer is right too often; please %s",
			adjEN, t.counts[0], t.among, t.noun[1], englishDecimal(t.expected[0]), pNote(corrected, k, i18n.English), adjEN, fixEN)
	}
	if t.stack.DE != "" {
		de, en = t.stack.DE+": "+de, t.stack.EN+": "+en
	}
	return i18n.Text{DE: de, EN: en}
}

// pNote states the corrected p-value and the number of tests.
func pNote(corrected float64, k int, lang i18n.Lang) string {
	p := "p < 0,0001"
	if corrected >= 0.0001 {
		p = "p = " + strings.Replace(strconv.FormatFloat(corrected, 'f', 4, 64), ".", ",", 1)
	}
	if lang == i18n.English {
		p = strings.Replace(p, ",", ".", 1)
		if k == 1 {
			return p + " in the only test"
		}
		return fmt.Sprintf("%s after a Bonferroni correction for %d tests", p, k)
	}
	if k == 1 {
		return p + " in der einzigen Prüfung"
	}
	return fmt.Sprintf("%s nach Bonferroni-Korrektur für %d Prüfungen", p, k)
}

// englishDecimal shows a count chance would give: one decimal, none for
// a whole number.
func englishDecimal(x float64) string {
	return strings.TrimSuffix(strconv.FormatFloat(x, 'f', 1, 64), ".0")
}

func germanDecimal(x float64) string { return strings.Replace(englishDecimal(x), ".", ",", 1) }
