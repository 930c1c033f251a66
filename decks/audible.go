package decks

import (
	"strings"
	"sync"
	"unicode"

	"druckreif/i18n"
)

// In the Dativ card game the reader reads one variant of a sentence aloud
// and the others judge it by ear; in Das große Spiel the reader reads the
// question and all three answers aloud. Variants that differ only in writing
// (capitals, commas, spaces, hyphens, ß/ss, das/dass, a silent h …) sound
// the same, so such a side needs a reading hint that tells the reader what
// to do ("buchstabieren", "Komma mitsprechen"). soundKey finds them: it
// maps an option to a rough key of how it sounds, leaving out exactly what
// German spelling writes but a listener cannot hear. The key is
// deliberately conservative: two options with the same key certainly sound
// alike, while homophones it does not know (Lärche/Lerche) are left to the
// author's judgement.

// Listeners do not all hear the same: besides what German spelling writes
// but nobody hears, whole regions pronounce two sounds alike that the
// standard keeps apart. A Merger names one such pronunciation; two options
// that sound the same under any of them need a reading hint as much as two
// that differ only in writing, and the warning names the merger, so the
// author knows what the reader must make audible.
type Merger uint8

const (
	// FinalDevoicing: b, d, g, s at the end of a syllable are voiceless
	// for every speaker (Rad sounds like Rat).
	FinalDevoicing Merger = 1 << iota
	// ShortAE: a short ä is the short e for every speaker (Lärche and
	// Lerche, kennte and kännte).
	ShortAE
	// LongAE: long ä is said as long e across the north and east of
	// Germany (nähme sounds like nehme, gäbe like gebe).
	LongAE
	// VoicelessS: where s is always voiceless — Austria, Switzerland, the
	// south of Germany — a single s before a vowel sounds like ss or ß
	// (Atlase like Atlasse, reisen like reißen).
	VoicelessS
	// LenisFortis: in Saxony, Thuringia, Franconia, Bavaria and Austria b
	// and p, d and t, g and k fall together (Dank sounds like Tank).
	LenisFortis
	// ChSch: in the west-central German of the Rhineland, the Palatinate,
	// the Saarland and Hesse the ich-sound is said as sch (Kirche like
	// Kirsche).
	ChSch
	// UnstressedVowel: in running speech the vowels of the unstressed
	// syllables before the stress blur towards a schwa for every speaker,
	// so spellings that differ only there sound alike (Reperatur like
	// Reparatur, seperat like separat).
	UnstressedVowel
	// NasalAssimilation: in running speech an n at the end of a word takes
	// the place of a following b, p or m for every speaker, so the ending
	// -en before such a word sounds like -em (den Bericht like dem
	// Bericht, einen Plan like einem Plan) — where the Dativ game's cases
	// hide.
	NasalAssimilation
)

// wordMergers are the mergers that need a text's words, which the
// prepared text no longer separates.
const wordMergers = UnstressedVowel | NasalAssimilation

// everyone are the mergers of every speaker of the standard language.
const everyone = FinalDevoicing | ShortAE

// hearings are the pronunciations tried, the commonest first: the writing
// alone, then what every speaker merges, then each region's own merger
// alone, then regions that merge two (the south's voiceless s with its
// lenis stops, Saxony's lenis stops with its long e). The blurred unstressed
// vowels come right after every speaker's mergers: everybody blurs them in
// running speech, though a careful reader keeps them apart.
var hearings = []Merger{0, FinalDevoicing, ShortAE, everyone, everyone | UnstressedVowel, everyone | NasalAssimilation,
	everyone | LongAE, everyone | VoicelessS, everyone | LenisFortis, everyone | ChSch,
	everyone | VoicelessS | LenisFortis, everyone | LenisFortis | LongAE}

// Has reports whether m includes all of o.
func (m Merger) Has(o Merger) bool { return m&o == o }

// Describe says in both languages where and how the texts sound alike:
// empty for texts that differ only in writing.
func (m Merger) Describe() i18n.Text {
	var de, en []string
	for _, d := range []struct {
		m      Merger
		de, en string
	}{
		{FinalDevoicing, "Auslautverhärtung: „Rad“ wie „Rat“", "final devoicing: \"Rad\" like \"Rat\""},
		{ShortAE, "kurzes ä wie kurzes e: „Lärche“ wie „Lerche“", "short ä as short e: \"Lärche\" like \"Lerche\""},
		{LongAE, "wo langes ä wie e klingt (Norden und Osten): „nähme“ wie „nehme“", "where long ä sounds like e (north and east): \"nähme\" like \"nehme\""},
		{VoicelessS, "wo s stimmlos ist (Österreich, Schweiz, Süden): „Atlase“ wie „Atlasse“", "where s is voiceless (Austria, Switzerland, the south): \"Atlase\" like \"Atlasse\""},
		{LenisFortis, "wo b/p, d/t, g/k zusammenfallen (Sachsen, Thüringen, Franken, Bayern, Österreich): „Dank“ wie „Tank“", "where b/p, d/t, g/k fall together (Saxony, Thuringia, Franconia, Bavaria, Austria): \"Dank\" like \"Tank\""},
		{ChSch, "wo ch wie sch klingt (Rheinland, Pfalz, Saarland, Hessen): „Kirche“ wie „Kirsche“", "where ch sounds like sch (Rhineland, Palatinate, Saarland, Hesse): \"Kirche\" like \"Kirsche\""},
		{UnstressedVowel, "unbetonte Vokale vor der Betonung verschwimmen: „Reperatur“ wie „Reparatur“", "vowels of unstressed syllables before the stress blur: \"Reperatur\" like \"Reparatur\""},
		{NasalAssimilation, "n vor b, p, m klingt wie m: „den Bericht“ wie „dem Bericht“", "n before b, p, m sounds like m: \"den Bericht\" like \"dem Bericht\""},
	} {
		if m.Has(d.m) {
			de, en = append(de, d.de), append(en, d.en)
		}
	}
	return i18n.T(strings.Join(de, "; "), strings.Join(en, "; "))
}

// Homophones are two options of a side that sound the same, by their
// indices, and the pronunciation under which they do (0: for everyone,
// they differ only in writing).
type Homophones struct {
	A, B  int
	Where Merger
}

// SoundAlike reports two options of the side that sound the same when read
// aloud, under the commonest pronunciation that joins any two; ok is false
// when every option can be told apart by every listener.
func (s DativSide) SoundAlike() (Homophones, bool) {
	texts := make([]string, len(s.Options))
	for i := range s.Options {
		texts[i] = s.OptionText(i)
	}
	return soundAlike(texts)
}

// SoundAlike reports two answers of the side that sound the same when read
// aloud (the reader of Das große Spiel reads all three), as the Dativ
// side's SoundAlike does.
func (s LabyrinthSide) SoundAlike() (Homophones, bool) { return soundAlike(s.Answers[:]) }

// soundAlike reports the first two texts that sound the same under the
// commonest pronunciation that joins any two. It is a pure function of
// the texts and the commonest cost of reading a deck, so its answers are
// kept: druckreif preview reads a deck again after every save, and only
// the edited rows are new.
func soundAlike(texts []string) (Homophones, bool) {
	key := strings.Join(texts, "\x00")
	soundMemo.Lock()
	r, ok := soundMemo.m[key]
	soundMemo.Unlock()
	if ok {
		return r.h, r.ok
	}
	h, found := soundAlikeOf(texts)
	soundMemo.Lock()
	if soundMemo.m == nil || len(soundMemo.m) >= soundMemoSize {
		soundMemo.m = map[string]soundResult{} // bounded: start again rather than grow
	}
	soundMemo.m[key] = soundResult{h, found}
	soundMemo.Unlock()
	return h, found
}

type soundResult struct {
	h  Homophones
	ok bool
}

// soundMemoSize bounds the kept answers: the default decks and a few
// large ones of the user.
const soundMemoSize = 1 << 15

var soundMemo struct {
	sync.Mutex
	m map[string]soundResult
}

func soundAlikeOf(texts []string) (Homophones, bool) {
	// A merger changes only texts that hold its letters; so each text's
	// key is computed once for each distinct set of mergers that can
	// change it.
	type cached struct {
		m   Merger
		key string
	}
	// prepared holds each text prepared under each set of the word
	// mergers (index: the set's bits shifted down), computed on demand.
	const wordShift = 6 // UnstressedVowel is 1<<6
	prepared := make([][4]string, len(texts))
	affects := make([]Merger, len(texts))
	cache := make([][]cached, len(texts))
	for i, t := range texts {
		prepared[i][0] = prepareSound(t)
		for _, w := range []Merger{UnstressedVowel, NasalAssimilation, wordMergers} {
			prepared[i][w>>wordShift] = prepareSoundUnder(t, w)
		}
		affects[i] = mergersOf(prepared[i][wordMergers>>wordShift])
		for _, w := range []Merger{UnstressedVowel, NasalAssimilation} {
			if prepared[i][w>>wordShift] != prepared[i][0] {
				affects[i] |= w
			}
		}
	}
	key := func(i int, m Merger) string {
		m &= affects[i]
		for _, c := range cache[i] {
			if c.m == m {
				return c.key
			}
		}
		k := soundKeyOf(prepared[i][(m&wordMergers)>>wordShift], m)
		cache[i] = append(cache[i], cached{m, k})
		return k
	}
	for _, m := range hearings {
		for i := range texts {
			for j := 0; j < i; j++ {
				if key(j, m) == key(i, m) {
					return Homophones{A: j, B: i, Where: needed(texts[j], texts[i], m)}, true
				}
			}
		}
	}
	return Homophones{}, false
}

// mergersOf are the mergers that can change the key of a prepared text:
// those whose letters it holds.
func mergersOf(p string) Merger {
	var m Merger
	if strings.ContainsAny(p, "bdg") {
		m |= FinalDevoicing
	}
	if strings.ContainsRune(p, 'ä') {
		m |= ShortAE | LongAE
	}
	if strings.ContainsAny(p, "sß") {
		m |= VoicelessS
	}
	if strings.ContainsAny(p, "bdgptk") {
		m |= LenisFortis
	}
	if strings.Contains(p, "ch") {
		m |= ChSch
	}
	return m
}

// needed leaves out of m the mergers two texts sound alike without, so
// that the warning names only what joins them (Tod and tot need final
// devoicing, not the short ä that is tried with it).
func needed(a, b string, m Merger) Merger {
	for _, one := range []Merger{FinalDevoicing, ShortAE, LongAE, VoicelessS, LenisFortis, ChSch, UnstressedVowel, NasalAssimilation} {
		if m.Has(one) && soundKeyUnder(a, m&^one) == soundKeyUnder(b, m&^one) {
			m &^= one
		}
	}
	return m
}

// soundSpellings are letter groups that sound like a simpler spelling. They
// are applied in order, after case, punctuation and spaces are gone.
var soundSpellings = strings.NewReplacer(
	"ß", "ss",
	"ph", "f",
	"th", "t", // Rhythmus, Atmosphäre: the h after t and r is silent
	"rh", "r",
	"dt", "t",
	"ck", "k",
	"tz", "z",
	"ai", "ei",
	"äu", "eu",
)

// soundKey is how a text sounds to every listener, roughly: lower case,
// only letters and digits (numbers up to twelve and Roman numerals spelt
// out), silent letters dropped, final devoicing applied, double letters
// single, short ä as e.
func soundKey(text string) string { return soundKeyUnder(text, everyone) }

// soundKeyUnder is how a text sounds to a listener who merges what m
// names, besides the silent letters every listener ignores.
func soundKeyUnder(text string, m Merger) string { return soundKeyOf(prepareSoundUnder(text, m), m) }

// prepareSound is what every key of a text starts from: lower case,
// numbers spelt out, only letters and digits.
func prepareSound(text string) string { return prepareSoundUnder(text, 0) }

// prepareSoundUnder is prepareSound for a listener who merges what m
// names; of the mergers only UnstressedVowel needs the words, which the
// prepared text no longer separates.
func prepareSoundUnder(text string, m Merger) string {
	var b strings.Builder
	words := strings.FieldsFunc(strings.ToLower(spellNumbers(spellRomanNumerals(text))), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for i, w := range words {
		if m.Has(UnstressedVowel) {
			w = blurUnstressed(w)
		}
		if m.Has(NasalAssimilation) && i+1 < len(words) && assimilatesNasal(w, words[i+1]) {
			w = strings.TrimSuffix(w, "n") + "m"
		}
		if len(w) > 3 && strings.HasSuffix(w, "een") {
			// A plural in -een has two syllables there: Kakteen
			// (Kak-te-en) does not sound like Kakten, Ideen not like Iden.
			// The glottal stop ʔ, a letter, keeps the two e apart.
			w = strings.TrimSuffix(w, "een") + "e\u0294en"
		}
		b.WriteString(w)
	}
	return b.String()
}

// assimilatesNasal reports whether the final n of word is said as m before
// next: an unstressed -en (den, einen, schönen) before a word that starts
// with b, p or m. A stressed final n (Bahn, schon) keeps its place more
// often and is left alone.
func assimilatesNasal(word, next string) bool {
	if !strings.HasSuffix(word, "en") || next == "" {
		return false
	}
	switch []rune(next)[0] {
	case 'b', 'p', 'm':
		return true
	}
	return false
}

// soundKeyOf is the key of a prepared text under the mergers m.
func soundKeyOf(prepared string, m Merger) string {
	// The mergers read the spelling before it is simplified: ck and tz
	// still mark a short vowel, ß a long one.
	key := []rune(soundSpellings.Replace(string(mergeVowels([]rune(prepared), m))))
	var out []rune
	for i, r := range key {
		next := rune(0)
		if i+1 < len(key) {
			next = key[i+1]
		}
		switch {
		case r == 'h' && i > 0 && isVowel(key[i-1]) && (!isVowel(next) || i > 1 && isDiphthong(key[i-2], key[i-1])):
			// Dehnungs-h: währe sounds like wäre, Mahl like Mal; after
			// ei and eu the h is silent too: seihen sounds like seien.
			continue
		case r == 'e' && i > 0 && key[i-1] == 'i' && (i == 1 || key[i-2] != 'e' && key[i-2] != 'a'):
			// ie is a long i: wider sounds like wieder (but sei-en stays).
			continue
		case m.Has(FinalDevoicing) && (r == 'd' || r == 'b' || r == 'g') && !isVowel(next) && next != 'r' && next != 'l':
			// Auslautverhärtung: Tod sounds like tot, todmüde like totmüde.
			r = fortis(r)
		}
		if m.Has(LenisFortis) {
			r = lenis(r)
		}
		if r == 's' && !m.Has(VoicelessS) {
			switch {
			case next == 's' && i+2 < len(key) && isVowel(key[i+2]):
				// ss before a vowel is voiceless, unlike a single s:
				// Atlasse does not sound like Atlase, but Straße (strasse)
				// sounds like Strasse.
				r = 'ß'
			case next != 's' && isVowel(next) && (i == 0 || key[i-1] != 's'):
				r = 'z' // a single s before a vowel is voiced
			}
		}
		if len(out) > 0 && unicode.IsLetter(r) && (out[len(out)-1] == r || out[len(out)-1] == 'ß' && r == 's') {
			continue // Terrasse sounds like Terasse, dass like das (but 1100 is not 100)
		}
		out = append(out, r)
	}
	return string(out)
}

// mergeVowels applies the mergers of ä and of ch to a key's letters: every
// ä as e under LongAE; under ShortAE only an ä that spelling marks short —
// before two consonants (kännte, Lärche, Bäcker), not before a single
// one, h, ß or ch (gäbe, nähme, säße stay long, and so, for safety, does
// the ä of Bäche); and under ChSch the ich-sound ch (after
// e, i, ä, ö, ü, ei, eu, a consonant or at the start, but not in chs) as sch.
func mergeVowels(key []rune, m Merger) []rune {
	if !m.Has(ShortAE) && !m.Has(LongAE) && !m.Has(ChSch) {
		return key
	}
	consonant := func(i int) bool {
		return i < len(key) && unicode.IsLetter(key[i]) && !isVowel(key[i]) && key[i] != 'h' && key[i] != 'ß'
	}
	var out []rune
	for i, r := range key {
		switch {
		case r == 'ä' && (m.Has(LongAE) || m.Has(ShortAE) && consonant(i+1) && consonant(i+2)):
			r = 'e'
		case m.Has(ChSch) && r == 'c' && i+1 < len(key) && key[i+1] == 'h' && (i+2 >= len(key) || key[i+2] != 's') && ichSound(key, i):
			out = append(out, 's')
		}
		out = append(out, r)
	}
	return out
}

// ichSound reports whether the ch at i is the ich-sound [ç]: not after a,
// o, u or au (the ach-sound of Dach, Buch), nor the ch of sch.
func ichSound(key []rune, i int) bool {
	if i == 0 {
		return true
	}
	prev := key[i-1]
	if prev == 's' {
		return false
	}
	if prev == 'u' && i > 1 && (key[i-2] == 'e' || key[i-2] == 'ä') {
		return true // eu, äu: Bäuche, euch
	}
	return prev != 'a' && prev != 'o' && prev != 'u'
}

// fortis and lenis map a stop to its voiceless or voiced partner.
func fortis(r rune) rune {
	switch r {
	case 'd':
		return 't'
	case 'b':
		return 'p'
	case 'g':
		return 'k'
	}
	return r
}

func lenis(r rune) rune {
	switch r {
	case 't':
		return 'd'
	case 'p':
		return 'b'
	case 'k':
		return 'g'
	}
	return r
}

func isVowel(r rune) bool { return strings.ContainsRune("aeiouäöüyə", r) }

// schwa stands for a blurred unstressed vowel in a key.
const schwa = 'ə'

// stressedEndings are the endings of borrowed words that carry the stress
// (Reparatur, Nation, reparieren, Kategorie, Elefant, separat …). Only
// where one of them fixes the stress does blurUnstressed know which
// syllables come before it; a word without one (Tomate, Privileg) is left
// alone, since guessing its stress could blur the stressed vowel itself.
// The stressed vowel is the first of the ending.
var stressedEndings = []string{"ierung", "ismus", "ieren", "ation", "ion", "ier", "tät", "eur", "ur", "ie", "ei",
	"ant", "anz", "ent", "enz", "ist", "ell", "ös", "ett", "ade", "age", "är", "al", "at"}

// inflections are what may follow a stressed ending: a case, number or
// verb ending (Reparaturen, Elefanten, repariert, separates).
var inflections = []string{"", "e", "en", "em", "er", "es", "n", "s", "t", "te", "ten", "tem", "ter", "tes", "st", "ern", "ens"}

// firstVowel is the index, in runes, of the first vowel of s.
func firstVowel(s string) int {
	for i, r := range []rune(s) {
		if isVowel(r) {
			return i
		}
	}
	return -1
}

// blurUnstressed replaces the single vowels of the syllables before a
// word's stress by a schwa: „reperatur“ and „reparatur“ both become
// „rəpəratur“. Diphthongs and long vowels written double keep their sound;
// a word whose stress no ending fixes is returned as it is.
func blurUnstressed(word string) string {
	runes := []rune(word)
	type nucleus struct{ start, end int }
	var nuclei []nucleus
	for i := 0; i < len(runes); {
		if !isVowel(runes[i]) || runes[i] == 'u' && i > 0 && runes[i-1] == 'q' {
			i++
			continue
		}
		j := i
		for j < len(runes) && isVowel(runes[j]) {
			j++
		}
		nuclei = append(nuclei, nucleus{i, j})
		i = j
	}
	if len(nuclei) < 2 {
		return word
	}
	stress := -1
	for _, infl := range inflections {
		base, ok := strings.CutSuffix(word, infl)
		if !ok {
			continue
		}
		for _, e := range stressedEndings {
			// „-at“ stresses only longer words: Heimat and Monat are
			// stressed on the first syllable, Apparat and separat not.
			if !strings.HasSuffix(base, e) || e == "at" && len(nuclei) < 3 {
				continue
			}
			// The ending's first vowel is the stressed one.
			at := len([]rune(base)) - len([]rune(e)) + firstVowel(e)
			for k, n := range nuclei {
				if n.start <= at && at < n.end {
					stress = k
					break
				}
			}
			break
		}
		if stress >= 0 {
			break
		}
	}
	if stress <= 0 {
		return word
	}
	for _, n := range nuclei[:stress] {
		if n.end-n.start == 1 {
			runes[n.start] = schwa
		}
	}
	return string(runes)
}

// isDiphthong reports ei and eu (ai and äu are already spelt so).
func isDiphthong(a, b rune) bool { return a == 'e' && (b == 'i' || b == 'u') }

// numberWords spell out 0–12, enough for the numbers in card options
// (3-Zimmer-Wohnung sounds like Dreizimmerwohnung).
var numberWords = []string{"null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"}

// romanNumerals are the Roman numerals spelt out when they stand as a word
// of their own (Futur I sounds unlike Futur II).
var romanNumerals = map[string]string{"I": "eins", "II": "zwei", "III": "drei", "IV": "vier", "V": "fünf",
	"VI": "sechs", "VII": "sieben", "VIII": "acht", "IX": "neun", "X": "zehn", "XI": "elf", "XII": "zwölf"}

func spellRomanNumerals(text string) string {
	var b strings.Builder
	runes := []rune(text)
	for i := 0; i < len(runes); {
		j := i
		for j < len(runes) && unicode.IsLetter(runes[j]) {
			j++
		}
		if j == i {
			b.WriteRune(runes[i])
			i++
			continue
		}
		word := string(runes[i:j])
		if n, ok := romanNumerals[word]; ok {
			word = n
		}
		b.WriteString(word)
		i = j
	}
	return b.String()
}

func spellNumbers(text string) string {
	var b strings.Builder
	runes := []rune(text)
	for i := 0; i < len(runes); {
		if !unicode.IsDigit(runes[i]) {
			b.WriteRune(runes[i])
			i++
			continue
		}
		j := i
		for j < len(runes) && unicode.IsDigit(runes[j]) {
			j++
		}
		n := 0
		for _, d := range runes[i:j] {
			n = n*10 + int(d-'0')
			if n >= len(numberWords) {
				break
			}
		}
		if n < len(numberWords) {
			w := numberWords[n]
			if n == 1 && j < len(runes) && runes[j] == '-' {
				w = "ein" // 1-Zimmer-Wohnung: Einzimmerwohnung
			}
			b.WriteString(w)
		} else {
			b.WriteString(string(runes[i:j]))
		}
		i = j
	}
	return b.String()
}
