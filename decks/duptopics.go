package decks

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"druckreif/i18n"
)

// This file holds the tested-item keys that do not need a question's
// options: what a question or statement is about, however it is framed.
// The duplicate check's independent review found repeats of this kind that
// the other keys miss, each in other words and with other answers:
//
//	Botanisch gesehen ist die Erdbeere eine Beere.      (Stimmt's?, nein)
//	Botanisch gesehen ist die Banane eine Beere.        (Stimmt's?, ja)
//
//	Die Engländer übernahmen aus dem Deutschen das Wort ___.   Angst
//	Welches dieser deutschen Wörter ist ins Englische eingegangen?   Zeitgeist
//
//	Was isst man in der Schweiz als „Znüni“?
//	Welche Mahlzeit meint man in der Schweiz mit „Zmorge“?
//
//	Was bekommt man in Berlin, wenn man einen „Pfannkuchen“ bestellt?
//	Was bekommt man in Hessen, wenn man einen „Kreppel“ kauft?   einen Krapfen (Berliner)
//
//	Der Techniker versprach___ zurückzurufen.   , / (nichts)
//	In welchem Satz fehlt ein Komma …?   Sie versprach ihm pünktlich zu kommen.
//
// So a question gets a key for the class a statement puts a thing in
// („eine Beere“), for the direction words are borrowed in (German into
// English), for a family of regional words that name one thing or one
// series of things (Krapfen, Kreppel, Pfannkuchen; Znüni, Zmorge, Jause),
// and for the comma before an infinitive with „zu“ after one verb. Like the
// other keys they name the item narrowly: the class noun, both languages,
// the family, the verb.

// topicKeys are the keys of a question that need no options. Most
// questions have none, so each key is looked for only where the words it
// needs are in the text at all.
func topicKeys(s testedSource) []testedKey {
	var keys []testedKey
	lower := strings.ToLower(s.text)
	var tokens []rawWord
	words := func() []rawWord {
		if tokens == nil {
			tokens = rawWords(s.text)
		}
		return tokens
	}
	if containsAny(lower, classCues) && containsAny(lower, classMarkCues) {
		if k, ok := classKey(words()); ok {
			keys = append(keys, k)
		}
	}
	if containsAny(lower, borrowingCues) {
		if k, ok := loanKey(words()); ok {
			keys = append(keys, k)
		}
	}
	return append(keys, regionalWordKeys(s)...)
}

// classCues and borrowingCues are what a text holds, in lower case, before
// it can have a class or a borrowing.
var (
	classCues     = []string{"ist ", "sind ", "war ", "waren ", "gehört", "gehören", "gehoert", "gehoeren", "zählt", "zählen", "zaehlt", "zaehlen"}
	classMarkCues = []string{" ein", " kein", "zu den"}
	borrowingCues = []string{"übernahm", "übernomm", "übernehm", "übernimm", "uebernahm", "uebernomm", "uebernehm", "uebernimm",
		"entlehn", "lehnwort", "eingegangen", "eingewandert", "gelangt", "exportiert", "importiert", "ausgewandert"}
)

func containsAny(s string, subs []string) bool {
	return slices.ContainsFunc(subs, func(sub string) bool { return strings.Contains(s, sub) })
}

// ---------------------------------------------------------------------------
// The class a statement puts a thing in

// classVerbs say what something is; classMarks stand before the class.
var (
	classVerbs = wordSet("ist sind war waren gehort gehoren zahlt zahlen")
	classMarks = wordSet("ein eine einer einen kein keine keiner keinen")
	// classFrames are nouns a question classifies words or answers by,
	// not things: „Welches ist ein Lehnwort?“ asks about a word.
	classFrames = wordSet("wort worter begriff begriffe ausdruck name namen satz frage antwort teil art form beispiel zeichen fehler lehnwort fremdwort sprache zahl")
)

// prepositions begin a setting: what follows them is where or whence,
// not what a sentence is about („in der Schweiz“, „von Goethe“).
var prepositions = wordSet("in im ins aus nach von vom bei beim auf an am ans zu zum zur uber unter fur mit seit um gegen durch vor hinter neben zwischen samt ohne")

// classKey finds a statement of class: „X ist (k)ein(e) Y“, „X gehört zu
// den Y“ — the noun after the article, or after „zu den“, that ends the
// clause is the class („… eine Beere.“, „… keine Nüsse, sondern …“). An
// article after a preposition („in einer Schweizer Stadt“) begins a
// setting, and a quoted noun is a word asked about, not a class.
func classKey(tokens []rawWord) (testedKey, bool) {
	verb := false
	for i, tok := range tokens {
		f := tok.folded
		switch {
		case classVerbs[f]:
			verb = true
		case verb && (classMarks[f] && (i == 0 || !prepositions[tokens[i-1].folded]) || f == "den" && i > 0 && tokens[i-1].folded == "zu"):
			for _, next := range tokens[i+1:] {
				if next.quoted {
					break
				}
				if !next.capital {
					if next.end {
						break
					}
					continue // an adjective before the noun
				}
				if !next.end || classFrames[next.folded] || stopWords[next.folded] {
					break
				}
				class, written := stemNoun(next.folded), next.text
				return testedKey{name: "class\x00" + class, what: func() i18n.Text {
					return i18n.Text{DE: "was als „" + written + "“ gilt", EN: "what counts as „" + written + "“"}
				}}, true
			}
		}
		if tok.end {
			verb = false
		}
	}
	return testedKey{}, false
}

// stemNoun folds the plural of a folded noun onto its singular, roughly:
// Beeren and Beere, Nüsse and Nuss, Insekten and Insekt share a stem.
func stemNoun(f string) string {
	for _, end := range []string{"en", "e", "n"} {
		if len(f) > len(end)+3 && strings.HasSuffix(f, end) {
			return strings.TrimSuffix(f, end)
		}
	}
	return f
}

// ---------------------------------------------------------------------------
// Words borrowed from one language into another

// languages are the languages words are borrowed from and into, by the
// folded stem of their name, with the peoples that stand for them („Die
// Engländer übernahmen …“).
var languages = map[string]string{
	"deutsch": "de", "englisch": "en", "franzosisch": "fr", "italienisch": "it", "spanisch": "es",
	"portugiesisch": "pt", "niederlandisch": "nl", "hollandisch": "nl", "lateinisch": "la", "latein": "la",
	"griechisch": "el", "arabisch": "ar", "turkisch": "tr", "russisch": "ru", "polnisch": "pl",
	"tschechisch": "cs", "japanisch": "ja", "chinesisch": "zh", "hebraisch": "he", "jiddisch": "yi",
	"persisch": "fa", "schwedisch": "sv", "danisch": "da", "norwegisch": "no", "finnisch": "fi",
	"ungarisch": "hu", "hindi": "hi", "malaiisch": "ms", "indonesisch": "id",
}

var peoples = map[string]string{
	"englander": "en", "briten": "en", "amerikaner": "en", "franzosen": "fr", "italiener": "it",
	"spanier": "es", "niederlander": "nl", "hollander": "nl", "russen": "ru", "japaner": "ja",
	"schweden": "sv", "danen": "da", "polen": "pl", "tschechen": "cs", "turken": "tr",
}

var languageNames = map[string][2]string{
	"de": {"Deutsch", "German"}, "en": {"Englisch", "English"}, "fr": {"Französisch", "French"},
	"it": {"Italienisch", "Italian"}, "es": {"Spanisch", "Spanish"}, "pt": {"Portugiesisch", "Portuguese"},
	"nl": {"Niederländisch", "Dutch"}, "la": {"Latein", "Latin"}, "el": {"Griechisch", "Greek"},
	"ar": {"Arabisch", "Arabic"}, "tr": {"Türkisch", "Turkish"}, "ru": {"Russisch", "Russian"},
	"pl": {"Polnisch", "Polish"}, "cs": {"Tschechisch", "Czech"}, "ja": {"Japanisch", "Japanese"},
	"zh": {"Chinesisch", "Chinese"}, "he": {"Hebräisch", "Hebrew"}, "yi": {"Jiddisch", "Yiddish"},
	"fa": {"Persisch", "Persian"}, "sv": {"Schwedisch", "Swedish"}, "da": {"Dänisch", "Danish"},
	"no": {"Norwegisch", "Norwegian"}, "fi": {"Finnisch", "Finnish"}, "hu": {"Ungarisch", "Hungarian"},
	"hi": {"Hindi", "Hindi"}, "ms": {"Malaiisch", "Malay"}, "id": {"Indonesisch", "Indonesian"},
}

// loanKey finds a question on words borrowed from one language into
// another (its text tells of a borrowing, borrowingCues): „aus dem Deutschen“ is where they come from, „ins Englische“
// or „die Engländer“ where they go; a language named without either
// („dieser deutschen Wörter“) takes the role that is missing.
func loanKey(tokens []rawWord) (testedKey, bool) {
	from, into := "", ""
	var unmarked []string
	for i, tok := range tokens {
		lang, ok := "", false
		for stem, code := range languages {
			if strings.HasPrefix(tok.folded, stem) {
				lang, ok = code, true
			}
		}
		if code, isPeople := peoples[tok.folded]; isPeople {
			into = code
			continue
		}
		if !ok {
			continue
		}
		before := func(k int) string {
			if i-k < 0 {
				return ""
			}
			return tokens[i-k].folded
		}
		switch {
		case before(1) == "aus" || before(2) == "aus" && articles[before(1)]:
			from = lang
		case before(1) == "ins" || before(1) == "im" || (before(2) == "in" && articles[before(1)]):
			into = lang
		default:
			unmarked = append(unmarked, lang)
		}
	}
	for _, lang := range unmarked {
		switch {
		case from == "" && into != "" && lang != into:
			from = lang
		case into == "" && from != "" && lang != from:
			into = lang
		}
	}
	if from == "" || into == "" || from == into {
		return testedKey{}, false
	}
	return testedKey{name: "loan\x00" + from + "\x00" + into, what: func() i18n.Text {
		return i18n.Text{DE: "Wörter aus dem " + languageNames[from][0] + "en im " + languageNames[into][0] + "en",
			EN: languageNames[from][1] + " words in " + languageNames[into][1]}
	}}, true
}

// ---------------------------------------------------------------------------
// Families of regional words

// regionalFamilies are words that name one thing, or one series of things,
// in the regions of the German-speaking countries (as the Variantenwörterbuch
// des Deutschen and the Atlas zur deutschen Alltagssprache record them),
// folded. A question about any of them, in a regional setting, asks what a
// question about another asks: which word a region uses for it.
var regionalFamilies = []struct {
	name  [2]string // as the message names the family
	words string
}{
	{[2]string{"den Berliner (Krapfen)", "the jam doughnut"}, "krapfen pfannkuchen kreppel krappel fastnachtskrapfen faschingskrapfen kreppeln"},
	{[2]string{"das Brötchen", "the bread roll"}, "brotchen semmel semmeln schrippe schrippen weck wecken weckle weckerl rundstuck rundstucke mutschli burli"},
	{[2]string{"Mahlzeiten (Znüni, Zmorge, Jause …)", "meals (Znüni, Zmorge, Jause …)"}, "znuni zvieri zmorge zmorgen zmittag znacht zabig jause jausen brotzeit gabelfruhstuck"},
	{[2]string{"den Quark", "curd cheese"}, "quark topfen"},
	{[2]string{"die Sahne", "cream"}, "sahne obers schlagobers rahm schlagrahm nidel nidle"},
	{[2]string{"die Tomate", "the tomato"}, "tomate tomaten paradeiser"},
	{[2]string{"die Kartoffel", "the potato"}, "kartoffel kartoffeln erdapfel grumbeere grumbeeren herdopfel grundbirne grundbirnen"},
	{[2]string{"die Aprikose", "the apricot"}, "aprikose aprikosen marille marillen"},
	{[2]string{"den Blumenkohl", "cauliflower"}, "blumenkohl karfiol"},
	{[2]string{"den Meerrettich", "horseradish"}, "meerrettich kren"},
	{[2]string{"die Johannisbeere", "the currant"}, "johannisbeere johannisbeeren ribisel ribiseln trubeli"},
	{[2]string{"die Pflaume", "the plum"}, "pflaume pflaumen zwetschge zwetschgen zwetschke zwetschken quetsche quetschen"},
	{[2]string{"das Brathähnchen", "the roast chicken"}, "hahnchen brathahnchen hendl brathendl broiler poulet"},
	{[2]string{"die Frikadelle", "the meatball"}, "frikadelle frikadellen bulette buletten fleischpflanzerl fleischlaberl fleischlaibchen fleischkuchle hacktatschli"},
	{[2]string{"den Fleischer", "the butcher"}, "metzger fleischer schlachter fleischhauer fleischhacker"},
	{[2]string{"den Samstag", "Saturday"}, "samstag sonnabend"},
	{[2]string{"den Januar", "January"}, "januar janner"},
	{[2]string{"die Treppe", "the stairs"}, "treppe stiege"},
	{[2]string{"den Schornstein", "the chimney"}, "schornstein rauchfang kamin schlot"},
	{[2]string{"den Bürgersteig", "the pavement"}, "burgersteig gehsteig trottoir trottoar gehweg"},
	{[2]string{"die Tüte", "the paper bag"}, "tute sackerl gucke gugg stanitzel"},
	{[2]string{"den Jungen", "the boy"}, "junge bub bube bua"},
	{[2]string{"die Stechmücke", "the mosquito"}, "stechmucke schnake gelse"},
	{[2]string{"das Abitur", "the school-leaving exam"}, "abitur matura matur"},
	{[2]string{"das Krankenhaus", "the hospital"}, "krankenhaus spital"},
	{[2]string{"das Fahrrad", "the bicycle"}, "fahrrad velo"},
	{[2]string{"das Handy", "the mobile phone"}, "handy natel"},
	// Hello and goodbye are two things: „Moin“ and „Baba“ are no repeat.
	{[2]string{"Grüße beim Kommen (Servus, Grüezi, Moin …)", "greetings (Servus, Grüezi, Moin …)"}, "servus gruezi moin griassdi"},
	{[2]string{"Grüße beim Gehen (Tschüss, Pfiati, Baba …)", "farewells (Tschüss, Pfiati, Baba …)"}, "tschuss pfiati baba ade adieu"},
}

var regionalFamily = func() map[string]int {
	m := map[string]int{}
	for i, f := range regionalFamilies {
		for _, w := range strings.Fields(f.words) {
			m[w] = i
		}
	}
	return m
}()

// regionWords name a region or a way of speaking: a question with one is
// in a regional setting, as one of a regional card is.
var regionWords = wordSet(`schweiz schweizer schweizerisch osterreich osterreicher osterreichisch bayern bayerisch
	sachsen sachsisch berlin berliner berlinerisch hessen hessisch schwaben schwabisch franken frankisch
	norddeutsch norddeutschland suddeutsch suddeutschland rheinland rheinisch westfalen pfalz pfalzisch saarland
	thuringen thuringisch wien wienerisch tirol sudtirol baden badisch hamburg koln kolsch mundart dialekt regional
	regionen gegend`)

// regionalWordKeys name the families of regional words a question asks
// about, when it is set in a region: its quoted words, and its right
// answers of one word („das Frühstück“, „Paradeiser“) — a word among others
// in an answer („meist Brotzeit und Bier“) is not what is asked.
func regionalWordKeys(s testedSource) []testedKey {
	words := quotedWords(s.text)
	for _, c := range s.correct {
		if w := contentWords(s.options[c]); len(w) == 1 {
			words = append(words, w[0])
		}
	}
	if w := contentWords(s.answer); len(w) == 1 {
		words = append(words, w[0])
	}
	if !slices.ContainsFunc(words, func(w string) bool { _, ok := regionalFamily[w]; return ok }) {
		return nil
	}
	regional := s.region != "" || slices.ContainsFunc(splitWords(s.text), func(w string) bool { return regionWords[w] })
	if !regional {
		return nil
	}
	var keys []testedKey
	seen := map[int]bool{}
	for _, w := range words {
		i, ok := regionalFamily[w]
		if !ok || seen[i] {
			continue
		}
		seen[i] = true
		family := regionalFamilies[i].name
		keys = append(keys, testedKey{name: "regional\x00" + strconv.Itoa(i), what: func() i18n.Text {
			return i18n.Text{DE: "regionale Wörter für " + family[0], EN: "regional words for " + family[1]}
		}})
	}
	return keys
}

// ---------------------------------------------------------------------------
// The comma before an infinitive with „zu“

// separablePrefixes are the prefixes between which and the verb „zu“ is
// written (zurückzurufen, anzufangen).
var separablePrefixes = []string{"zuruck", "zusammen", "weiter", "wieder", "entgegen", "heraus", "herein", "hinaus",
	"ab", "an", "auf", "aus", "bei", "durch", "ein", "fest", "fort", "frei", "heim", "her", "hin", "los", "mit",
	"nach", "vor", "weg", "zu"}

// zuInfinitive reports whether folded words hold an infinitive with
// „zu“: „zu kommen“, or „zu“ written inside („zurückzurufen“).
func zuInfinitive(words []string) bool {
	for i, w := range words {
		if w == "zu" && i+1 < len(words) && len(words[i+1]) > 3 && strings.HasSuffix(words[i+1], "n") {
			return true
		}
		for _, p := range separablePrefixes {
			if rest, ok := strings.CutPrefix(w, p); ok && strings.HasPrefix(rest, "zu") && len(rest) > 4 && strings.HasSuffix(rest, "n") {
				return true
			}
		}
	}
	return false
}

// finiteVerb is the folded finite verb of a main clause, the first word
// after the first that is written in lower case and is no function word
// („Sie versprach ihm …“, „Der Techniker versprach …“), if it stands before
// the infinitive with „zu“.
func finiteVerb(tokens []rawWord) (string, bool) {
	for i, t := range tokens {
		if i == 0 || t.capital {
			continue
		}
		if t.folded == "zu" || zuInfinitive([]string{t.folded}) {
			return "", false
		}
		if !stopWords[t.folded] {
			return t.folded, true
		}
	}
	return "", false
}

// infinitiveCommaKey names the comma before an infinitive with „zu“ after
// a verb: the same item whether a Dativ gap asks for it or a labyrinth
// question asks in which sentence a comma is missing.
func infinitiveCommaKey(verb string, written func(string) string) testedKey {
	return testedKey{name: "infcomma\x00" + verb, what: func() i18n.Text {
		return i18n.Text{DE: "das Komma vor dem Infinitiv mit „zu“ nach „" + written(verb) + "“",
			EN: "the comma before the infinitive with „zu“ after „" + written(verb) + "“"}
	}}
}

// infinitiveCommaKeys are the keys of a question about commas before
// infinitives: a gap for a comma or nothing before an infinitive with
// „zu“, or options that are sentences with one, in a question about a
// comma.
func infinitiveCommaKeys(s testedSource, options []*option, written func(string) string) []testedKey {
	var keys []testedKey
	if loc := gapMark.FindStringIndex(s.text); loc != nil && allPunctuation(options) {
		head, tail := s.text[:loc[0]], s.text[loc[1]:]
		if i := strings.LastIndexAny(head, ".?!:„»"); i >= 0 {
			head = head[i+1:]
		}
		if i := strings.IndexAny(tail, ".?!“«"); i >= 0 {
			tail = tail[:i]
		}
		if zuInfinitive(splitWords(tail)) {
			if verb, ok := finiteVerb(rawWords(head)); ok {
				keys = append(keys, infinitiveCommaKey(verb, written))
			}
		}
		return keys
	}
	if !strings.Contains(strings.ToLower(s.text), "komma") || !slices.ContainsFunc(splitWords(s.text), func(w string) bool { return w == "komma" || w == "kommas" }) {
		return nil
	}
	for _, o := range s.options {
		tokens := rawWords(o)
		if len(tokens) < 3 || !zuInfinitive(splitWords(o)) {
			continue
		}
		if verb, ok := finiteVerb(tokens); ok {
			keys = append(keys, infinitiveCommaKey(verb, written))
		}
	}
	return keys
}

// ---------------------------------------------------------------------------

// rawWord is a word of a text as written, with its folded form.
type rawWord struct {
	text, folded string
	capital      bool // begins with a capital letter
	quoted       bool // stands inside quotation marks
	end          bool // ends a sentence or clause (. ? ! : ; ,)
}

// foldWord folds one word as splitWords does, without its hyphens.
func foldWord(w string) string {
	b := make([]byte, 0, len(w)+2)
	for _, c := range w {
		switch c = unicode.ToLower(c); c {
		case 'ä':
			b = append(b, 'a')
		case 'ö':
			b = append(b, 'o')
		case 'ü':
			b = append(b, 'u')
		case 'ß', 'ẞ':
			b = append(b, 's', 's')
		case '-':
		default:
			b = utf8.AppendRune(b, c)
		}
	}
	f := string(b)
	if strings.Contains(f, "e") {
		f = umlautPairs.Replace(f)
	}
	return f
}

// rawWords splits a text into its words as written.
func rawWords(text string) []rawWord {
	var out []rawWord
	var b strings.Builder
	quoted := false
	flush := func(end bool) {
		if b.Len() > 0 {
			w := b.String()
			out = append(out, rawWord{text: w, folded: foldWord(w),
				capital: unicode.IsUpper([]rune(w)[0]), quoted: quoted})
			b.Reset()
		}
		if end && len(out) > 0 {
			out[len(out)-1].end = true
		}
	}
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' && b.Len() > 0:
			b.WriteRune(r)
		case strings.ContainsRune("„»\"‚›", r) && b.Len() == 0 && !quoted:
			quoted = true
		case strings.ContainsRune("“«\"‘‹", r):
			flush(false)
			quoted = false
		default:
			flush(strings.ContainsRune(".?!:;,", r))
		}
	}
	flush(true)
	return out
}
