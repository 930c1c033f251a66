package decks

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"druckreif/i18n"
)

// The duplicate check finds the same question twice anywhere in the loaded
// decks — across games and mini-games, and across the defaults and a
// regional deck — also when it is asked in other words. Four tests, from
// the surest to the loosest:
//
//   - The same text: the folded question (case, punctuation, quotation
//     marks, umlaut spellings evened out, see foldText) with the same
//     options in any order, or without options on either side.
//   - The same answers: the same set of options, order ignored, with the
//     same right answer, where the options are forms of one expression
//     („gemäß dem Vertrag“, „gemäß des Vertrags“ …): then the options are
//     the item, and a Dativ card and a labyrinth card that test them are
//     one, whatever their frames say. Options of function words (der, die,
//     das; Komma or nothing) are no item of their own.
//   - The same tested item: what a question with options tests, named by
//     keys (duptested.go) — a right form against a wrong form of one word
//     („gewinkt“ against „gewunken“), the same word in the same gap, the
//     article of one noun, the comma after one word, two words for one
//     thing or a word and what it answers („Akt“, „Akte“), a word asked
//     about and given as the answer („Boykott“), a spelling variant or the
//     perfect with sein or haben of one region. Two items of different
//     cards with one key are one, however their frames and option sets
//     differ: a Dativ gap sentence with two options and a labyrinth
//     question with three.
//   - Mostly the same words: the whole item — question, options, answer,
//     explanation — shares most of its letter sequences (shingles) with the
//     other's, weighted by rarity. Answers decide how much is enough: the
//     same right answer, agreeingThreshold; answers that say nothing about
//     each other (a year and a name), nearDuplicateThreshold; other options,
//     as with a templated „Welche Schreibung ist richtig?“, or the same
//     options with another right answer: never, those are two questions.
//
// The overlap is a weighted Jaccard index: every shingle counts with its
// rarity in the loaded questions (smoothed inverse document frequency), so
// that „Aus welcher Sprache stammt das Wort ‚Kiosk‘?“ and „… ‚Tacheles‘?“
// differ in what matters, and the phrasing all questions share weighs next
// to nothing. Candidate pairs come from an inverted index with prefix
// filtering (Chaudhuri, Ganti, Kaushik: "A Primitive Operator for
// Similarity Joins in Data Cleaning", ICDE 2006): an item is indexed only
// under its rarest shingles, as many as it takes that any pair above the
// threshold must share one, so 10,000 cards do not make 50 million
// comparisons.
//
// Words of the letter games (Buchstabieren, Buchstabensalat, Buchstaben
// zählen, Wörter rückwärts — the rulebook lets their cards stand in for each
// other), songs, licence plates, places, routes, Tipp-für-Tipp terms, the
// words sought in Fremdsprachen and the words of Suchmaschinen are compared
// as whole folded terms within their kind. (A Suchmaschinen word that is
// also spelt elsewhere is no repeat: its card hides no solution.)

// The thresholds were measured on the default decks against the repeats the
// independent reviews found there (docs/decks.md, „Doppelte Fragen“): those
// scored 0.44–1 with the same right answer and 0.42–0.50 without a
// comparable answer, while different questions on one topic scored up to
// 0.42.
const (
	agreeingThreshold      = 0.4
	nearDuplicateThreshold = 0.45
	// optionsAgreeShare is how much of the smaller option set two
	// questions must share to be one question.
	optionsAgreeShare = 0.5
)

// dupKind is what an item is compared as.
type dupKind int

const (
	kindQuestion    dupKind = iota // a question, statement or task, maybe with options
	kindWord                       // a word to spell, unscramble, count or read backwards
	kindTranslation                // a word sought through its translations
	kindStem                       // a word to extend (Suchmaschinen)
	kindSong                       // a song to draw or hum
	kindPlate                      // a licence plate code
	kindPlace                      // a place on a map
	kindDistance                   // a pair of towns
	kindSolution                   // a term sought through hints (Tipp für Tipp)
)

// dupItem is one question (or word …) of a deck, prepared for comparison.
type dupItem struct {
	deck     *DeckInfo
	id       string   // card or side ID, as printed
	card     string   // the card's ID: its sides never meet in one game
	at       Location // the cell of the question
	kind     dupKind
	key      string   // the folded text
	full     string   // the text with its options and answer, for the overlap
	options  []string // folded options, sorted, without repeats
	optKey   string   // options joined, for grouping
	solution string   // the folded right answer(s), "" when not known
	// optionIDs and solutionID number the folded texts (0: none), so that
	// comparing the answers of two candidates is cheap.
	optionIDs  []int32
	solutionID int32
	shingles   []int32   // shingles of full, rarest first
	rest       []float64 // rest[k]: the weight of the shingles after position k
	weight     float64   // sum of the shingles' weights
	tested     []testedKey
}

// dupSource is what a card side or task offers for comparison.
type dupSource struct {
	kind     dupKind
	column   string // the canonical column of the text
	text     string
	options  []string
	correct  []int  // indices into options
	answer   string // the right answer of a question without options
	extra    string // what the answer side explains (Stimmt's?)
	verbatim bool   // options compared as written (spelling cards)
	region   string
}

// dupMatch is the finding for one item: the earlier item it repeats.
type dupMatch struct {
	of    int // index of the earlier item
	how   dupTest
	score float64
	what  i18n.Text // what both test (sameItem)
}

// dupTest is the test that found a repeat, the surest first.
type dupTest int

const (
	sameText dupTest = iota
	sameAnswers
	sameItem
	similarWords
)

// Duplicates reports questions that appear twice across decks, each as a
// warning at the later place naming the earlier one; an item that repeats
// several others names the best match. Decks are compared in the order
// given. When mine is not nil, only findings that involve one of its decks
// are reported: a regional deck is checked against the defaults without
// their authors' findings.
func Duplicates(decks []*Deck, mine func(*DeckInfo) bool) Problems {
	items := collectDupItems(decks)
	weight := weighShingles(items)
	matches := findDuplicates(items, weight)
	var out Problems
	for j := range items {
		m, ok := matches[j]
		if !ok {
			continue
		}
		a, b := &items[m.of], &items[j]
		if mine != nil && !mine(a.deck) && !mine(b.deck) {
			continue
		}
		out = append(out, Problem{Location: b.at, Severity: Warning, Msg: dupMessage(a, b, m)})
	}
	return out
}

// dupMessage names the earlier place by card ID and cell.
func dupMessage(a, b *dupItem, m dupMatch) i18n.Text {
	de := a.id + " (" + a.at.In(i18n.German) + ")"
	en := a.id + " (" + a.at.In(i18n.English) + ")"
	switch {
	case m.how == sameText && b.kind == kindQuestion:
		return i18n.Text{DE: "dieselbe Frage steht schon in " + de, EN: "the same question is already in " + en}
	case m.how == sameText:
		what := map[dupKind][2]string{
			kindWord: {"dasselbe Wort", "the same word"}, kindTranslation: {"dasselbe Wort", "the same word"},
			kindStem: {"dasselbe Wort", "the same word"}, kindSong: {"dasselbe Lied", "the same song"},
			kindPlate: {"dasselbe Kennzeichen", "the same licence plate"}, kindPlace: {"derselbe Ort", "the same place"},
			kindDistance: {"dieselbe Strecke", "the same route"}, kindSolution: {"derselbe Begriff", "the same term"},
		}[b.kind]
		return i18n.Text{DE: what[0] + " steht schon in " + de, EN: what[1] + " is already in " + en}
	case m.how == sameAnswers:
		return i18n.Text{DE: "dieselben Antworten wie in " + de + ": wohl dieselbe Frage mit anderen Worten",
			EN: "the same answers as in " + en + ": probably the same question in other words"}
	case m.how == sameItem:
		return i18n.Text{DE: "prüft dasselbe wie " + de + ": " + m.what.DE,
			EN: "tests the same as " + en + ": " + m.what.EN}
	}
	pct := int(math.Round(m.score * 100))
	return i18n.Text{DE: fmt.Sprintf("fast dieselbe Frage wie in %s (Übereinstimmung %d %%)", de, pct),
		EN: fmt.Sprintf("nearly the same question as in %s (%d %% alike)", en, pct)}
}

// collectDupItems turns every card side and task into an item.
func collectDupItems(decks []*Deck) []dupItem {
	var items []dupItem
	known := optionCache{}
	numbers := map[string]int32{}
	number := func(text string) int32 {
		n, ok := numbers[text]
		if !ok {
			n = int32(len(numbers) + 1)
			numbers[text] = n
		}
		return n
	}
	add := func(d *Deck, card, id string, o Origin, src dupSource) {
		if src.column == "" {
			return
		}
		it := dupItem{deck: d.Info, id: id, card: card, at: o.Cell(src.column), kind: src.kind, key: foldText(src.text)}
		if it.key == "" {
			return
		}
		fold := foldText
		if src.verbatim {
			fold = foldExact
		}
		set := map[string]bool{}
		for _, opt := range src.options {
			if f := fold(opt); f != "" && !set[f] {
				set[f] = true
				it.options = append(it.options, f)
			}
		}
		sort.Strings(it.options)
		it.optKey = strings.Join(it.options, "\x00")
		var right []string
		for _, c := range src.correct {
			right = append(right, fold(src.options[c]))
		}
		sort.Strings(right)
		it.solution = strings.Join(right, "\x00")
		if src.answer != "" {
			it.solution = foldAnswer(src.answer)
		}
		it.full = strings.Join(append(append([]string{src.text}, src.options...), src.answer, src.extra), " ")
		for _, o := range it.options {
			it.optionIDs = append(it.optionIDs, number(o))
		}
		slices.Sort(it.optionIDs)
		if it.solution != "" {
			it.solutionID = number(it.solution)
		}
		if src.kind == kindQuestion {
			it.tested = testedKeys(testedSource{text: src.text, options: src.options, correct: src.correct, answer: src.answer, region: src.region}, known)
		}
		items = append(items, it)
	}
	for _, d := range decks {
		for _, c := range d.Labyrinth {
			for _, s := range c.Sides {
				add(d, c.ID, s.ID, s.Origin, dupSource{kind: kindQuestion, column: "Frage", text: s.Question,
					options: s.Answers[:], correct: []int{s.Correct}, verbatim: s.Verbatim, region: c.Region})
			}
		}
		for _, c := range d.Dativ {
			for _, s := range c.Sides {
				add(d, c.ID, s.ID, s.Origin, dupSource{kind: kindQuestion, column: "Satz", text: s.Sentence,
					options: s.Options, correct: s.Correct, verbatim: s.Verbatim, region: c.Region})
			}
		}
		for _, c := range d.Genial {
			add(d, c.ID, c.ID, c.Origin, dupSource{kind: kindQuestion, column: "Frage", text: c.Question,
				options: c.Answers[:], correct: []int{c.Correct}, verbatim: c.Verbatim, region: c.Region})
		}
		for _, c := range d.Raab {
			for _, t := range c.Tasks {
				id := c.ID
				if s, ok := t.(interface{ OnBack() bool }); ok && c.Game.Sided {
					id = c.SideID(s.OnBack())
				}
				src := raabDupSource(t)
				src.region = c.Region
				add(d, c.ID, id, t.Source(), src)
			}
		}
	}
	return items
}

// foldAnswer folds an open answer; a number loses its thousands
// separators, so that „1.234“ and „1234“ agree.
func foldAnswer(s string) string {
	f := foldText(s)
	if isDigits(strings.ReplaceAll(f, " ", "")) {
		return strings.ReplaceAll(f, " ", "")
	}
	return f
}

// raabDupSource says how a Raab task is compared. Mental arithmetic and TV
// channels are not: their repeats are by design (a channel has many shows,
// 7 · 8 may recur). Statements, sortings and lists have no single right
// answer to compare.
func raabDupSource(t RaabTask) dupSource {
	q := func(col, text string) dupSource { return dupSource{kind: kindQuestion, column: col, text: text} }
	term := func(kind dupKind, col, text string) dupSource { return dupSource{kind: kind, column: col, text: text} }
	switch t := t.(type) {
	case QA:
		if _, ok := t.origin.cols["Vorgabe"]; ok {
			// A proverb is its two halves together.
			return q("Vorgabe", t.Question+" "+t.Answer)
		}
		s := q("Frage", t.Question)
		s.answer = t.Answer
		return s
	case Choice:
		col := "Frage"
		if _, ok := t.origin.cols["Zitat"]; ok {
			col = "Zitat"
		}
		s := q(col, t.Question)
		s.options, s.correct = t.Options, []int{t.Correct}
		return s
	case MultiChoice:
		s := q("Frage", t.Question)
		s.options, s.correct = t.Options, t.Correct
		return s
	case Estimate:
		s := q("Frage", t.Question)
		s.answer = t.Answer
		return s
	case ShowQuestion:
		s := q("Frage", t.Question)
		if t.Kind == ShowChoice {
			s.options, s.correct = t.Options, []int{t.Correct}
		} else {
			s.answer = t.Answer
		}
		return s
	case Sorting:
		s := q("Aufgabe", t.Task)
		s.options = t.Items[:]
		return s
	case Claim:
		s := q("Aussage", t.Statement)
		s.extra = t.Explanation
		return s
	case When:
		s := q("Ereignis", t.Event)
		s.answer = t.Solution()
		return s
	case WhoLies:
		s := q("Aussage", t.Statement)
		s.options = t.Answers
		return s
	case Enumeration:
		s := q("Frage", t.Question)
		s.options = t.Answers
		return s
	case Scramble:
		return term(kindWord, "Wort", t.Word)
	case LetterCount:
		return term(kindWord, "Wort", t.Word)
	case Spelling:
		return term(kindWord, "Begriff", t.Term)
	case Reversed:
		return term(kindWord, "Wort", t.Word)
	case StemWord:
		return term(kindStem, "Begriff", t.Word)
	case Translation:
		return term(kindTranslation, "Lösung", t.Word)
	case Song:
		return term(kindSong, "Titel", t.Title)
	case Plate:
		return term(kindPlate, "Kennzeichen", t.Code)
	case Place:
		return term(kindPlace, "Ort", t.Name)
	case Distance:
		pair := []string{foldText(t.From), foldText(t.To)}
		sort.Strings(pair)
		return term(kindDistance, "Von", pair[0]+" "+pair[1])
	case Hints:
		if t.Category != "" { // Tipp für Tipp; Wo läuft was? has none
			return term(kindSolution, "Lösung", t.Answer)
		}
	}
	return dupSource{}
}

// weighShingles gives every shingle of the questions its weight, the
// smoothed inverse document frequency ln((N+1)/df): a shingle in every
// question weighs almost nothing, one in a single question the most.
// Shingles are numbered from the rarest, so an item's shingles in ascending
// order are rarest first — the order of prefix filtering. It returns the
// weights by shingle number.
func weighShingles(items []dupItem) []float64 {
	ids := map[uint64]int{}
	var df []int
	perItem := make([][]int, len(items))
	questions := 0
	for i := range items {
		if items[i].kind != kindQuestion {
			continue
		}
		questions++
		for _, g := range shingles(items[i].full) {
			id, ok := ids[g]
			if !ok {
				id = len(df)
				ids[g] = id
				df = append(df, 0)
			}
			df[id]++
			perItem[i] = append(perItem[i], id)
		}
	}
	byRarity := make([]int, len(df))
	for id := range byRarity {
		byRarity[id] = id
	}
	sort.SliceStable(byRarity, func(a, b int) bool { return df[byRarity[a]] < df[byRarity[b]] })
	rank := make([]int32, len(df))
	weight := make([]float64, len(df))
	for r, id := range byRarity {
		rank[id] = int32(r)
		weight[r] = math.Log(float64(questions+1) / float64(df[id]))
	}
	for i, ids := range perItem {
		gs := make([]int32, len(ids))
		for k, id := range ids {
			gs[k] = rank[id]
			items[i].weight += weight[rank[id]]
		}
		slices.Sort(gs)
		items[i].shingles = gs
		items[i].rest = make([]float64, len(gs))
		left := items[i].weight
		for k, g := range gs {
			left -= weight[g]
			items[i].rest[k] = max(left, 0)
		}
	}
	return weight
}

// findDuplicates returns, for every item that repeats an earlier one, the
// best match: the surest test first, then the highest overlap.
func findDuplicates(items []dupItem, weight []float64) map[int]dupMatch {
	matches := map[int]dupMatch{}
	found := func(i, j int, how dupTest, score float64, what func() i18n.Text) {
		prev, ok := matches[j]
		if !ok || how < prev.how || how == prev.how && score > prev.score {
			m := dupMatch{of: i, how: how, score: score}
			if what != nil {
				m.what = what()
			}
			matches[j] = m
		}
	}

	// The same text, grouped by kind and folded text: the first item with
	// the same options, else the first without options, else (for an item
	// without options) the first of all.
	type textKey struct {
		kind dupKind
		key  string
	}
	first, firstOpen, withOptions := map[textKey]int{}, map[textKey]int{}, map[textKey]int{}
	for j, it := range items {
		k := textKey{it.kind, it.key}
		ko := textKey{it.kind, it.key + "\x01" + it.optKey}
		if i, ok := first[k]; !ok {
			first[k] = j
		} else if len(it.options) == 0 {
			found(i, j, sameText, 1, nil)
		} else if i, ok := withOptions[ko]; ok {
			found(i, j, sameText, 1, nil)
		} else if i, ok := firstOpen[k]; ok {
			found(i, j, sameText, 1, nil)
		}
		if _, ok := firstOpen[k]; !ok && len(it.options) == 0 {
			firstOpen[k] = j
		}
		if _, ok := withOptions[ko]; !ok && len(it.options) > 0 {
			withOptions[ko] = j
		}
	}

	// The same answers: one option set, forms of one expression, the same
	// right answer.
	var questions []int
	byOptions := map[string][]int{}
	for j, it := range items {
		if it.kind != kindQuestion {
			continue
		}
		questions = append(questions, j)
		if len(it.options) >= 2 {
			byOptions[it.optKey] = append(byOptions[it.optKey], j)
		}
	}
	for _, group := range byOptions {
		if len(group) < 2 || !formsOfOneExpression(items[group[0]].options) {
			continue
		}
		bySolution := map[string]int{}
		for _, j := range group {
			if i, ok := bySolution[items[j].solution]; ok {
				found(i, j, sameAnswers, 1, nil)
			} else {
				bySolution[items[j].solution] = j
			}
		}
	}

	sameTestedItem(items, weight, found)

	// Mostly the same words, as far as the answers allow.
	threshold := func(i, j int) float64 {
		switch answersAgree(&items[i], &items[j]) {
		case 1:
			return agreeingThreshold
		case 0:
			return nearDuplicateThreshold
		}
		return 0 // two questions, however alike
	}
	similarPairs(items, questions, weight, agreeingThreshold, threshold, func(i, j int, sim float64) {
		found(i, j, similarWords, sim, nil)
	})
	return matches
}

// answersAgree tells what two questions' answers say about them: 1 the
// same right answer, -1 two option sets that make them two questions
// (other options, or the same options with another right answer), 0 not
// known — answers of other kinds („Gagarin“ and „1961“) say nothing.
func answersAgree(a, b *dupItem) int {
	withOptions := len(a.optionIDs) > 0 && len(b.optionIDs) > 0
	switch {
	case withOptions && !optionsOverlap(a.optionIDs, b.optionIDs):
		return -1
	case a.solutionID == 0 || b.solutionID == 0:
		return 0
	case a.solutionID == b.solutionID:
		return 1
	case withOptions:
		return -1
	}
	return 0
}

// optionsOverlap reports whether two option sets share at least
// optionsAgreeShare of the smaller one.
func optionsOverlap(a, b []int32) bool {
	shared := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			shared++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return float64(shared) >= optionsAgreeShare*float64(min(len(a), len(b)))
}

// formsOfOneExpression reports whether options are variants of one
// expression that carries content — „gemäß dem Vertrag“, „gemäß des
// Vertrags“; „Rhythmus“, „Rythmus“ —: they share a sequence of three
// letters, and some option holds a word that is not a function word. Then
// the options are the item, and the question only its frame.
func formsOfOneExpression(options []string) bool {
	content := false
	for _, o := range options {
		if len(contentWords(o)) > 0 {
			content = true
		}
	}
	if !content {
		return false
	}
	var common map[string]bool
	for _, o := range options {
		letters := []rune(strings.ReplaceAll(o, " ", ""))
		grams := map[string]bool{}
		for i := 0; i+3 <= len(letters); i++ {
			g := string(letters[i : i+3])
			if common == nil || common[g] {
				grams[g] = true
			}
		}
		common = grams
		if len(common) == 0 {
			return false
		}
	}
	return true
}

// similarPairs calls visit for every pair of the subset (earlier item
// first) whose weighted Jaccard index reaches its threshold: t, or what
// threshold says for the pair (at least t; 0 skips the pair).
//
// Items are taken from the lightest to the heaviest, and each is looked up
// under its prefix: its rarest shingles up to the point where the shingles
// left weigh less than t of the whole. An item above t with a lighter one
// shares shingles weighing at least t of its own weight, so the rarest
// shared shingle is in its prefix; and at least 2t/(1+t) of the lighter
// one's, so an item is indexed only under that shorter prefix (Bayardo et
// al., "Scaling Up All Pairs Similarity Search", WWW 2007). While a prefix
// is looked up, the weight shared with each candidate is summed, and a
// candidate is dropped as soon as that sum plus what is left behind the
// matching shingle in either item cannot reach the overlap t needs (the
// positional filter of Xiao et al., "Efficient Similarity Joins for Near
// Duplicate Detection", WWW 2008). Only the rest are compared in full.
func similarPairs(items []dupItem, subset []int, weight []float64, t float64, threshold func(i, j int) float64, visit func(i, j int, sim float64)) {
	order := slices.Clone(subset)
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(items[a].weight, items[b].weight) })
	// A posting carries what the filters need, so that looking up a
	// shingle reads one array in order.
	type posting struct {
		item   int32
		pos    int32
		weight float64 // the item's weight
		rest   float64 // the weight of the item's shingles after this one
	}
	postings := make([][]posting, len(weight))
	// Items come in order of weight, so each list holds its lightest
	// items first; those too light for the current item are too light for
	// every later one and are skipped for good.
	start := make([]int, len(weight))
	// For each candidate of the current item: the weight shared so far
	// (-1 when dropped) and where in both items the last shared shingle is.
	shared := make([]float64, len(items))
	lastA, lastB := make([]int32, len(items)), make([]int32, len(items))
	seenFor := make([]int32, len(items)) // 1 + the item a candidate was last seen for
	const slack = 1 - 1e-9               // keeps rounding from losing a pair
	var candidates []int
	for _, j := range order {
		b := &items[j]
		if b.weight == 0 {
			continue
		}
		prefixFor := func(share float64) int {
			n := 0
			for n < len(b.rest) && (n == 0 || b.rest[n-1] >= share*b.weight*slack) {
				n++
			}
			return n
		}
		probe, index := prefixFor(t), prefixFor(2*t/(1+t))
		candidates = candidates[:0]
		stamp := int32(j + 1)
		for k, g := range b.shingles[:probe] {
			// Size filter: a weighted Jaccard index of t needs weights
			// within a factor t of each other.
			list := postings[g]
			for start[g] < len(list) && list[start[g]].weight < t*b.weight {
				start[g]++
			}
			for _, p := range list[start[g]:] {
				i := p.item
				if seenFor[i] != stamp {
					seenFor[i] = stamp
					shared[i] = 0
					candidates = append(candidates, int(i))
				}
				if shared[i] < 0 {
					continue
				}
				shared[i] += weight[g]
				lastA[i], lastB[i] = p.pos, int32(k)
				// Positional filter: what is shared behind this shingle
				// lies behind it in both items.
				if shared[i]+min(p.rest, b.rest[k]) < t/(1+t)*(p.weight+b.weight)*slack {
					shared[i] = -1
				}
			}
			if k < index {
				postings[g] = append(postings[g], posting{item: int32(j), pos: int32(k), weight: b.weight, rest: b.rest[k]})
			}
		}
		for _, i := range candidates {
			if shared[i] < 0 {
				continue
			}
			// The pair's own threshold, at least t: what the answers
			// allow. Zero drops the pair unverified.
			pt := t
			if threshold != nil {
				if pt = threshold(min(i, j), max(i, j)); pt == 0 {
					continue
				}
				pt = max(pt, t)
			}
			a := &items[i]
			need := pt / (1 + pt) * (a.weight + b.weight) * slack
			if both, ok := overlapFrom(a, b, int(lastA[i])+1, int(lastB[i])+1, shared[i], need, weight); ok {
				if sim := both / (a.weight + b.weight - both); sim >= pt*slack {
					visit(min(i, j), max(i, j), sim)
				}
			}
		}
	}
}

// overlapFrom adds to shared the weight of the shingles a and b share from
// positions ia and ib on; it gives up (ok false) as soon as the sum cannot
// reach need.
func overlapFrom(a, b *dupItem, ia, ib int, shared, need float64, weight []float64) (float64, bool) {
	for ia < len(a.shingles) && ib < len(b.shingles) {
		if shared+min(a.rest[ia-1], b.rest[ib-1]) < need {
			return 0, false
		}
		switch x, y := a.shingles[ia], b.shingles[ib]; {
		case x == y:
			shared += weight[x]
			ia++
			ib++
		case x < y:
			ia++
		default:
			ib++
		}
	}
	return shared, shared >= need
}
