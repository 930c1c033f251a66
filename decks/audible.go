package decks

import (
	"strings"
	"unicode"
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

// SoundAlike reports the first two options of the side that sound the same
// when read aloud, by their indices; ok is false when every option can be
// told apart by ear.
func (s DativSide) SoundAlike() (a, b int, ok bool) {
	texts := make([]string, len(s.Options))
	for i := range s.Options {
		texts[i] = s.OptionText(i)
	}
	return soundAlike(texts)
}

// SoundAlike reports the first two answers of the side that sound the same
// when read aloud (the reader of Das große Spiel reads all three), by their
// indices; ok is false when every answer can be told apart by ear.
func (s LabyrinthSide) SoundAlike() (a, b int, ok bool) { return soundAlike(s.Answers[:]) }

// soundAlike reports the first two texts that sound the same.
func soundAlike(texts []string) (a, b int, ok bool) {
	keys := make([]string, len(texts))
	for i, t := range texts {
		keys[i] = soundKey(t)
		for j := 0; j < i; j++ {
			if keys[j] == keys[i] {
				return j, i, true
			}
		}
	}
	return 0, 0, false
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

// soundKey is how a text sounds, roughly: lower case, only letters and
// digits (numbers up to twelve and Roman numerals spelt out), silent letters
// dropped, final devoicing applied, double letters single.
func soundKey(text string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(strings.ToLower(spellNumbers(spellRomanNumerals(text))), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len(w) > 3 && strings.HasSuffix(w, "een") {
			// A plural in -een has two syllables there: Kakteen
			// (Kak-te-en) does not sound like Kakten, Ideen not like Iden.
			// The glottal stop ʔ, a letter, keeps the two e apart.
			w = strings.TrimSuffix(w, "een") + "e\u0294en"
		}
		b.WriteString(w)
	}
	key := []rune(soundSpellings.Replace(b.String()))
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
		case (r == 'd' || r == 'b' || r == 'g') && !isVowel(next) && next != 'r' && next != 'l':
			// Auslautverhärtung: Tod sounds like tot, todmüde like totmüde.
			r = map[rune]rune{'d': 't', 'b': 'p', 'g': 'k'}[r]
		}
		if r == 's' {
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

func isVowel(r rune) bool { return strings.ContainsRune("aeiouäöüy", r) }

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
