package decks

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"druckreif/i18n"
)

// This file holds the fourth test of the duplicate check: the same tested
// item. A language card tests a small thing — a form of one word, the
// article of a noun, the comma after a word, a regional variant — and a
// Dativ gap sentence and a labyrinth question test the same thing in frames
// that share almost no words and with option sets of other sizes:
//
//	Sie hat mir vom Bahnsteig aus lange ___.   gewinkt / gewunken
//	Wie lautet das Partizip II von „winken“?   gewinkt / gewunken / gewankt
//
// So every question with options is given keys that name what it tests,
// and two items with the same key are one item. The keys are narrow on
// purpose: each names the right form together with what it is told apart
// from (a wrong form, the word it is about, the rule and region), so that
// two „Welche Schreibung ist richtig?“ cards on different words, or a
// Dativ side and a labyrinth card that share a function word, share no key.

// testedKey names one thing a question tests.
type testedKey struct {
	name string
	// role: a key of role 1 (the word a question asks about) meets only
	// one of role 2 (the same word as a right answer); 0 meets any.
	role int8
	// check, when set, must also hold for the pair.
	check pairCheck
	// what tells what is tested, for the message; it is built only for
	// the few keys that find a repeat.
	what func() i18n.Text
}

type pairCheck int8

const (
	checkNone pairCheck = iota
	// checkOptionWord: some option of each shares a word — the same word
	// fills the same frame.
	checkOptionWord
	// checkSomeWords: the items share some of their words (weighted
	// overlap of at least aboutThreshold), beyond the word itself.
	checkSomeWords
)

// aboutThreshold is the overlap a question about a word and a question
// answered by that word need besides it: „Das Wort „Boykott“ geht auf einen
// ___ zurück“ and „Welches Wort geht auf den Namen eines Menschen zurück?
// Boykott“ share 22 %; a question about „Kiosk“ and one answered „Kiosk“
// that ask other things share little.
const aboutThreshold = 0.15

// testedSource is what the keys are read from: the question as written,
// its options and which are right.
type testedSource struct {
	text    string
	options []string
	correct []int
	answer  string // the answer of a question without options
	region  string
}

var (
	gapMark    = regexp.MustCompile(`_{3,}`)
	quotedText = regexp.MustCompile(`[„»"‚›]([^“«"‘‹]+)[“«"‘‹]`)
)

// articles are the forms of the definite and indefinite article, folded.
var articles = wordSet("der die das den dem des ein eine einen einem einer eines")

// auxiliaries are the forms of sein and haben that make a perfect tense.
var (
	formsOfSein  = wordSet("bin bist ist sind seid sein war warst waren wart")
	formsOfHaben = wordSet("habe hast hat haben habt hatte hattest hatten hattet")
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// testedKeys names what a question tests: what it is about, whatever its
// form (duptopics.go), and for a question with options and a known right
// answer what the options tell apart.
//
// Options are taken from known, which folds each text once: decks repeat
// option texts, a templated deck on every side.
func testedKeys(s testedSource, known optionCache) []testedKey {
	topics := topicKeys(s)
	if len(s.options) < 2 || len(s.correct) == 0 {
		return topics
	}
	isRight := make([]bool, len(s.options))
	for _, c := range s.correct {
		isRight[c] = true
	}
	var options, right, wrong []*option
	for i, o := range s.options {
		if strings.TrimSpace(o) == "" {
			continue
		}
		opt := known.option(o)
		options = append(options, opt)
		if isRight[i] {
			right = append(right, opt)
		} else {
			wrong = append(wrong, opt)
		}
	}
	if len(options) < 2 {
		return topics
	}
	keys := topics
	add := func(k testedKey) {
		if !slices.ContainsFunc(keys, func(o testedKey) bool { return o.name == k.name && o.role == k.role }) {
			keys = append(keys, k)
		}
	}
	quoted := quotedWords(s.text)
	before, after, hasGap := aroundGap(s.text)
	// written gives a folded word back as the card writes it, for the
	// message.
	written := func(folded string) string { return asWritten(folded, s.text, strings.Join(s.options, " ")) }

	// A right form against a wrong form of the same word or expression:
	// „gewinkt“ against „gewunken“. Forms of other words („Streik“,
	// „Boykott“) are answers, not forms, and make no key.
	hasForms := make([]bool, len(right))
	for ri, r := range right {
		for _, w := range wrong {
			if a, b, ok := formsOfOneWord(r, w); ok {
				hasForms[ri] = true
				add(testedKey{name: "form\x00" + a + "\x00" + b,
					what: func() i18n.Text {
						return i18n.Text{DE: "„" + r.text + "“ statt „" + w.text + "“", EN: "„" + r.text + "“ instead of „" + w.text + "“"}
					}})
			}
		}
	}

	// The same word in the same frame: the words before and after the
	// gap agree, and an option of each shares a word („… die ganze Stadt ___“,
	// kopf / Kopf and kopfstehen / Kopf stehen).
	if hasGap && len(before) >= 2 && (!stopWords[before[len(before)-1]] || !stopWords[before[len(before)-2]]) && slices.ContainsFunc(options, func(o *option) bool { return len(o.content) > 0 }) {
		next := ""
		if len(after) > 0 {
			next = after[0]
		}
		frame := strings.Join(before[len(before)-2:], " ") + " ___ " + next
		w1, w2 := before[len(before)-2], before[len(before)-1]
		add(testedKey{name: "frame\x00" + frame, check: checkOptionWord, what: func() i18n.Text {
			shown := strings.TrimSpace(written(w1) + " " + written(w2) + " ___ " + written(next))
			return i18n.Text{DE: "dieselbe Lücke „… " + shown + "“", EN: "the same gap „… " + shown + "“"}
		}})
	}

	// The article of one noun: options that differ only in their article
	// („den Match“, „das Match“), or bare articles for a quoted noun
	// („Welchen Artikel hat „Match“?“) or for the noun after the gap.
	if noun, ok := articleChoice(options); ok {
		add(articleKey(noun, written))
	} else if allArticles(options) {
		if len(quoted) == 1 {
			add(articleKey(quoted[0], written))
		} else if words := contentWords(strings.Join(after, " ")); hasGap && len(words) > 0 {
			add(articleKey(words[0], written))
		}
	}

	// The comma after one word: a gap for a comma or nothing after the
	// word, or a question about the comma after a quoted word.
	if hasGap && allPunctuation(options) && len(before) > 0 && len(contentWords(before[len(before)-1])) == 1 {
		add(commaKey(before[len(before)-1], written))
	} else if len(quoted) == 1 && slices.ContainsFunc(splitWords(s.text), func(w string) bool { return w == "komma" || w == "kommas" }) {
		add(commaKey(quoted[0], written))
	}
	// The comma before an infinitive with „zu“ after one verb: a gap after
	// „versprach“ and a sentence „Sie versprach ihm pünktlich zu kommen“
	// among the options of a question about a missing comma.
	for _, k := range infinitiveCommaKeys(s, options, written) {
		add(k)
	}

	// Two words for one thing: two right options of one word each
	// („den Akt“, „die Akte“) or a right option that names both („Kommas
	// und Kommata“), or a quoted word and its meaning („Was ist ein
	// „Akt“?“ eine Akte) — or whatever else one word answers about the
	// other („Buddenbrooks“: Lübeck), which is as much one item.
	var rightWords []string
	for _, r := range right {
		if len(r.content) == 1 {
			rightWords = append(rightWords, r.content[0])
		}
	}
	// A right answer that names a pair („Kommas und Kommata“) gives two.
	alike := slices.Clone(rightWords)
	for _, r := range right {
		if x, y, ok := strings.Cut(r.text, " und "); ok {
			if cx, cy := contentWords(x), contentWords(y); len(cx) == 1 && len(cy) == 1 {
				alike = append(alike, cx[0], cy[0])
			}
		}
	}
	for i, a := range alike {
		for _, b := range alike[i+1:] {
			if a != b {
				add(synonymKey(a, b, written))
			}
		}
	}
	if len(quoted) == 1 && len(right) == 1 && len(rightWords) == 1 && rightWords[0] != quoted[0] {
		k := synonymKey(quoted[0], rightWords[0], written)
		q, a := quoted[0], rightWords[0]
		k.what = func() i18n.Text {
			return i18n.Text{DE: "„" + written(q) + "“ mit der Antwort „" + written(a) + "“", EN: "„" + written(q) + "“ answered „" + written(a) + "“"}
		}
		add(k)
	}

	// A word asked about and the same word as the answer: „Das Wort
	// „Boykott“ geht auf …“ and „Welches Wort geht auf einen Namen zurück?“
	// Boykott. The answer counts when it is one word and the other options
	// are other words, not its forms.
	for _, q := range quoted {
		add(testedKey{name: "about\x00" + q, role: 1, check: checkSomeWords,
			what: func() i18n.Text {
				return i18n.Text{DE: "das Wort „" + written(q) + "“", EN: "the word „" + written(q) + "“"}
			}})
	}
	if len(right) == 1 && len(rightWords) == 1 && !hasForms[0] {
		add(testedKey{name: "about\x00" + rightWords[0], role: 2, check: checkSomeWords,
			what: func() i18n.Text {
				return i18n.Text{DE: "das Wort „" + written(rightWords[0]) + "“", EN: "the word „" + written(rightWords[0]) + "“"}
			}})
	}

	// A spelling variant: two right spellings that differ in a letter or
	// two („Seitenstrasse“, „Seitenstraße“), or a right answer that names
	// such a pair („Masse und Maße“), in one region.
	variant := func(a, b string) {
		if x, y, ok := letterVariant(a, b); ok {
			if x > y {
				x, y = y, x
			}
			// A regional spelling is one rule for all words (the Swiss
			// ss); elsewhere variants belong to their word (Kräne, Krane).
			where := s.region
			if where == "" {
				where = strings.Join(splitWords(a), " ")
			}
			add(testedKey{name: "variant\x00" + x + "\x00" + y + "\x00" + where,
				what: func() i18n.Text {
					return i18n.Text{DE: "„" + x + "“ und „" + y + "“ gleichwertig (" + where + ")", EN: "„" + x + "“ and „" + y + "“ alike (" + where + ")"}
				}})
		}
	}
	for i, a := range right {
		for _, b := range right[i+1:] {
			variant(a.text, b.text)
		}
		if x, y, ok := strings.Cut(a.text, " und "); ok {
			variant(x, y)
		}
	}

	// The perfect with sein or haben: in a region it is one rule (the
	// southern „ich bin gesessen“, „wir sind gestanden“); elsewhere it
	// depends on the verb, the last word of the sentence.
	if auxiliaryChoice(options) {
		rule := s.region
		if rule == "" && len(after) > 0 {
			rule = after[len(after)-1]
		}
		if rule != "" {
			add(testedKey{name: "perfect\x00" + rule,
				what: func() i18n.Text {
					return i18n.Text{DE: "das Perfekt mit „sein“ oder „haben“ (" + rule + ")", EN: "the perfect with „sein“ or „haben“ (" + rule + ")"}
				}})
		}
	}
	return keys
}

func articleKey(noun string, written func(string) string) testedKey {
	return testedKey{name: "article\x00" + noun,
		what: func() i18n.Text {
			return i18n.Text{DE: "der Artikel von „" + written(noun) + "“", EN: "the article of „" + written(noun) + "“"}
		}}
}

func commaKey(word string, written func(string) string) testedKey {
	return testedKey{name: "comma\x00" + word,
		what: func() i18n.Text {
			return i18n.Text{DE: "das Komma nach „" + written(word) + "“", EN: "the comma after „" + written(word) + "“"}
		}}
}

func synonymKey(a, b string, written func(string) string) testedKey {
	if a > b {
		a, b = b, a
	}
	return testedKey{name: "synonym\x00" + a + "\x00" + b,
		what: func() i18n.Text {
			return i18n.Text{DE: "„" + written(a) + "“ und „" + written(b) + "“ für dasselbe", EN: "„" + written(a) + "“ and „" + written(b) + "“ for one thing"}
		}}
}

// asWritten finds a folded word (or words) in texts as written; it is the
// folded form when it is not found.
func asWritten(folded string, texts ...string) string {
	if folded == "" {
		return ""
	}
	for _, t := range texts {
		for _, w := range strings.FieldsFunc(t, func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) && c != '-' }) {
			if strings.Join(splitWords(w), " ") == folded {
				return w
			}
		}
	}
	return folded
}

// quotedWords are the quoted single words of a text („Akt“, „winken“),
// folded; quoted sentences are frames, not words.
func quotedWords(text string) []string {
	var out []string
	if !strings.ContainsAny(text, `„»"‚›`) {
		return nil
	}
	for _, m := range quotedText.FindAllStringSubmatch(text, -1) {
		if words := splitWords(m[1]); len(words) == 1 && !stopWords[words[0]] && !isDigits(words[0]) {
			if !slices.Contains(out, words[0]) {
				out = append(out, words[0])
			}
		}
	}
	return out
}

// aroundGap splits a text with a gap (___) into the folded words of the
// sentence before and after it.
func aroundGap(text string) (before, after []string, ok bool) {
	loc := gapMark.FindStringIndex(text)
	if loc == nil {
		return nil, nil, false
	}
	head, tail := text[:loc[0]], text[loc[1]:]
	// Only the sentence of the gap: a labyrinth question quotes it.
	if i := strings.LastIndexAny(head, ".?!:„»"); i >= 0 {
		head = head[i+1:]
	}
	if i := strings.IndexAny(tail, ".?!“«"); i >= 0 {
		tail = tail[:i]
	}
	return splitWords(head), splitWords(tail), true
}

// formsOfOneWord reports whether a right and a wrong option are forms of
// one word or expression and returns the forms as a key: the words the two
// share at either end are left out („des Präsidenten“ and „des
// Präsidents“ are „Präsidenten“ against „Präsidents“, as the options
// „Präsidenten“ and „Präsidents“ of another card are). What is left must
// carry a content word on both sides and differ only in case, ß, spaces
// and punctuation („kopf“, „Kopf“; „heute Abend“, „heute abend“), or begin
// with the same three letters („gewinkt“, „gewunken“), or be at most a
// quarter of its letters apart („Rhythmus“, „Rythmus“); letters, not
// digits (1961 and 1962 are two answers). Where the forms differ only in
// case or ß, they are compared as written.
func formsOfOneWord(right, wrong *option) (string, string, bool) {
	if len(right.content) == 0 || len(wrong.content) == 0 {
		return "", "", false
	}
	a, b := trimShared(right.words, wrong.words, func(x, y string) bool { return x == y })
	x, y := strings.Join(a, ""), strings.Join(b, "")
	if x != y {
		if len(contentOf(a)) == 0 || len(contentOf(b)) == 0 || isDigits(x) || isDigits(y) {
			return "", "", false
		}
		rx, ry := []rune(x), []rune(y)
		prefix := 0
		for prefix < min(len(rx), len(ry)) && rx[prefix] == ry[prefix] {
			prefix++
		}
		// The edit distance is at least the difference in length: most
		// pairs of answers are told apart without computing it.
		if long := max(len(rx), len(ry)); prefix < 3 && (4*(long-min(len(rx), len(ry))) > long || 4*levenshtein(rx, ry) > long) {
			return "", "", false
		}
		return strings.Join(a, " "), strings.Join(b, " "), true
	}
	// The same letters: case, ß or spaces tell them apart. Words shared as
	// written are left out, punctuation at their ends ignored.
	same := func(x, y string) bool { return strings.Trim(x, exactPunctuation) == strings.Trim(y, exactPunctuation) }
	ea, eb := trimShared(strings.Fields(foldExact(right.text)), strings.Fields(foldExact(wrong.text)), same)
	fr, fw := strings.Trim(strings.Join(ea, " "), exactPunctuation), strings.Trim(strings.Join(eb, " "), exactPunctuation)
	if fr == fw || fr == "" || fw == "" {
		// Only punctuation tells them apart: the whole options are the forms.
		fr, fw = foldExact(right.text), foldExact(wrong.text)
		if fr == fw {
			return "", "", false
		}
	}
	return fr, fw, true
}

// exactPunctuation is what ends a word in a sentence without being part
// of it.
const exactPunctuation = `.,;:!?"'()`

// trimShared leaves out the words two texts share at their beginning and
// at their end.
func trimShared(a, b []string, same func(x, y string) bool) ([]string, []string) {
	for len(a) > 0 && len(b) > 0 && same(a[0], b[0]) {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && same(a[len(a)-1], b[len(b)-1]) {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	return a, b
}

// levenshtein is the edit distance of two short words.
func levenshtein(a, b []rune) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			diag, row[j] = row[j], min(row[j]+1, row[j-1]+1, diag+cost)
		}
	}
	return row[len(b)]
}

// articleChoice reports whether options are one noun with other articles
// („den Match“, „das Match“, „die Match“) and returns the noun, folded.
func articleChoice(options []*option) (string, bool) {
	noun, seen := "", map[string]bool{}
	for _, o := range options {
		w := o.words
		if len(w) < 2 || !articles[w[0]] || len(o.content) == 0 {
			return "", false
		}
		rest := strings.Join(w[1:], " ")
		if noun != "" && rest != noun {
			return "", false
		}
		noun, seen[w[0]] = rest, true
	}
	return noun, len(seen) >= 2
}

// allArticles reports whether every option is a bare article.
func allArticles(options []*option) bool {
	return allWords(options, func(w []string) bool { return len(w) == 1 && articles[w[0]] })
}

// allPunctuation reports whether every option is a punctuation mark or
// nothing.
func allPunctuation(options []*option) bool {
	return allWords(options, func(w []string) bool { return len(w) == 0 })
}

// auxiliaryChoice reports whether the options are bare auxiliaries among
// which are forms of both sein and haben.
func auxiliaryChoice(options []*option) bool {
	sein, haben := false, false
	ok := allWords(options, func(w []string) bool {
		if len(w) != 1 {
			return false
		}
		sein, haben = sein || formsOfSein[w[0]], haben || formsOfHaben[w[0]]
		return formsOfSein[w[0]] || formsOfHaben[w[0]] || w[0] == "werden"
	})
	return ok && sein && haben
}

// allWords reports whether every option satisfies f with its folded
// words.
func allWords(options []*option, f func([]string) bool) bool {
	for _, o := range options {
		if !f(o.words) {
			return false
		}
	}
	return true
}

// option is an option of a question with its words, folded once.
type option struct {
	text    string
	words   []string // folded by splitWords; none for "(nichts)"
	content []string // the content words among them
	fold    string   // foldText(text), once asked for
}

// optionCache holds the options met so far by text; nil holds none.
type optionCache map[string]*option

func (c optionCache) option(text string) *option {
	if o, ok := c[text]; ok {
		return o
	}
	o := newOption(text)
	if c != nil {
		c[text] = &o
	}
	return &o
}

func (o *option) folded() string {
	if o.fold == "" {
		o.fold = foldText(o.text)
	}
	return o.fold
}

func newOption(text string) option {
	o := option{text: text}
	if !strings.HasPrefix(strings.TrimSpace(text), "(") || !isNothing(text) {
		o.words = splitWords(text)
		o.content = contentOf(o.words)
	}
	return o
}

// letterVariant reports whether two spellings of one word differ in at most
// two letters in one place („Seitenstrasse“, „Seitenstraße“: ss and ß)
// and returns the two spellings of that place.
func letterVariant(a, b string) (string, string, bool) {
	a, b = norm.NFC.String(strings.TrimSpace(a)), norm.NFC.String(strings.TrimSpace(b))
	if a == b || strings.ContainsAny(a, " ") || strings.ContainsAny(b, " ") || len(contentWords(a)) != 1 {
		return "", "", false
	}
	ra, rb := []rune(a), []rune(b)
	p := 0
	for p < min(len(ra), len(rb)) && ra[p] == rb[p] {
		p++
	}
	s := 0
	for s < min(len(ra), len(rb))-p && ra[len(ra)-1-s] == rb[len(rb)-1-s] {
		s++
	}
	x, y := string(ra[p:len(ra)-s]), string(rb[p:len(rb)-s])
	if utf8.RuneCountInString(x) > 2 || utf8.RuneCountInString(y) > 2 || x == "" && y == "" {
		return "", "", false
	}
	return x, y, true
}

// sameTestedItemScan bounds how many earlier holders of a key a pair check
// tries, so that a key thousands of templated cards share stays cheap.
const sameTestedItemScan = 64

// sameTestedItem reports every item that shares a tested key with an
// earlier item of another card (both sides of one card never meet in one
// game, and a Dativ card may test one rule from both ends).
func sameTestedItem(items []dupItem, weight []float64, found func(i, j int, how dupTest, score float64, what func() i18n.Text)) {
	type slot struct {
		name string
		role int8
	}
	holders := map[slot][]int{}
	for j := range items {
		b := &items[j]
		for _, k := range b.tested {
			meet := slot{k.name, 0}
			if k.role != 0 {
				meet.role = 3 - k.role
			}
			for n, i := range holders[meet] {
				if n == sameTestedItemScan {
					break
				}
				if a := &items[i]; a.card != b.card && pairHolds(k.check, a, b, weight) {
					found(i, j, sameItem, 1, k.what)
					break
				}
			}
			own := slot{k.name, k.role}
			holders[own] = append(holders[own], j)
		}
	}
}

// pairHolds tells whether what a key needs of a pair besides it holds.
func pairHolds(c pairCheck, a, b *dupItem, weight []float64) bool {
	switch c {
	case checkOptionWord:
		for _, x := range a.options {
			for _, y := range b.options {
				if shareWord(x, y) {
					return true
				}
			}
		}
		return false
	case checkSomeWords:
		return weightedJaccard(a, b, weight) >= aboutThreshold
	}
	return true
}

// shareWord reports whether two folded options share a word: a content
// word of one is a content word of the other, or begins it with at least
// four letters („kopf“ and „kopf stehen“, „kopfstehen“).
func shareWord(x, y string) bool {
	for _, a := range contentWords(x) {
		for _, b := range contentWords(y) {
			short, long := a, b
			if len(a) > len(b) {
				short, long = b, a
			}
			if short == long || len(short) >= 4 && strings.HasPrefix(long, short) {
				return true
			}
		}
	}
	return false
}

// weightedJaccard is the overlap of two items' shingles, weighted.
func weightedJaccard(a, b *dupItem, weight []float64) float64 {
	shared := 0.0
	for i, j := 0, 0; i < len(a.shingles) && j < len(b.shingles); {
		switch x, y := a.shingles[i], b.shingles[j]; {
		case x == y:
			shared += weight[x]
			i++
			j++
		case x < y:
			i++
		default:
			j++
		}
	}
	if total := a.weight + b.weight - shared; total > 0 {
		return shared / total
	}
	return 0
}
