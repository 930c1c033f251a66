package decks

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// This file holds the text normalisation of the duplicate check: two cards
// ask the same thing even when one writes „Mueller“ and the other »Müller«,
// one ends with a question mark and the other with a colon.

// foldText is text as the duplicate check compares whole texts: NFC, lower
// case, ä/ö/ü as ae/oe/ue and ß as ss (the spellings of Swiss decks and of
// keyboards without umlauts), quotation marks, dashes and other punctuation
// dropped, white space collapsed. A text of punctuation only (a comma
// option on a Dativ card) is kept as written, so that it stays an answer.
func foldText(s string) string {
	var b strings.Builder
	space := false
	for _, c := range norm.NFC.String(s) {
		c = unicode.ToLower(c)
		switch {
		case c == 'ä':
			b.WriteString("ae")
		case c == 'ö':
			b.WriteString("oe")
		case c == 'ü':
			b.WriteString("ue")
		case c == 'ß' || c == 'ẞ':
			b.WriteString("ss")
		case unicode.IsLetter(c) || unicode.IsDigit(c):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteRune(c)
		default:
			space = true
			continue
		}
		space = false
	}
	if b.Len() == 0 {
		return strings.Join(strings.Fields(norm.NFC.String(s)), " ")
	}
	return b.String()
}

// foldExact is an answer of a card that tests spelling (Wörtlich): only
// Unicode form, quotation marks and white space are evened out, since case,
// ß and punctuation are the point of such answers („Leid“/„leid“).
func foldExact(s string) string {
	s = norm.NFC.String(s)
	s = quoteMarks.Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

var quoteMarks = strings.NewReplacer("„", `"`, "“", `"`, "”", `"`, "»", `"`, "«", `"`,
	"‚", "'", "‘", "'", "’", "'", "›", "'", "‹", "'")

// contentWords splits a text into the words that carry its content: folded
// by splitWords, without German function words and quiz phrasing. Numbers
// stay words: a year is content.
func contentWords(s string) []string {
	return contentOf(splitWords(s))
}

// contentOf keeps the content words of words split by splitWords.
func contentOf(words []string) []string {
	var content []string
	for _, w := range words {
		if !stopWords[w] && (len(w) > 1 || isDigits(w)) {
			content = append(content, w)
		}
	}
	return content
}

// shingleSize is the length of the letter sequences texts are compared by.
// Four letters match the parts of German compounds and inflected forms
// („Marathons“ – „Marathonlaufs“, „Laufstrecke“ – „Strecke“) without
// tying unrelated words by common syllables.
const shingleSize = 4

// shingles are the distinct letter sequences of shingleSize of a text's
// content words, each word marked at its ends ("_" + word + "_") so that
// short words keep their identity; a word shorter than that is one
// shingle. A shingle is its four letters packed into 64 bits (16 each;
// letters beyond that plane are folded in, at the risk of a collision no
// card will meet).
func shingles(s string) []uint64 {
	var out []uint64
	var r []rune
	for _, w := range contentWords(s) {
		r = append(r[:0], '_')
		for _, c := range w {
			r = append(r, c)
		}
		r = append(r, '_')
		for i := 0; i == 0 || i+shingleSize <= len(r); i++ {
			var g uint64
			for _, c := range r[i:min(i+shingleSize, len(r))] {
				g = g<<16 ^ uint64(c)
			}
			out = append(out, g)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// splitWords lower-cases and folds a text and splits it into words of
// letters or digits; digit groups joined by "." or "," stay one number
// ("1.234", "3,5").
func splitWords(s string) []string {
	var words []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			words = append(words, umlautPairs.Replace(b.String()))
			b.Reset()
		}
	}
	runes := []rune(norm.NFC.String(s))
	for i, c := range runes {
		c = unicode.ToLower(c)
		switch {
		case c == 'ä':
			b.WriteByte('a')
		case c == 'ö':
			b.WriteByte('o')
		case c == 'ü':
			b.WriteByte('u')
		case c == 'ß' || c == 'ẞ':
			b.WriteString("ss")
		case unicode.IsLetter(c) || unicode.IsDigit(c):
			b.WriteRune(c)
		case (c == '.' || c == ',') && i > 0 && i+1 < len(runes) && unicode.IsDigit(runes[i-1]) && unicode.IsDigit(runes[i+1]):
			// part of a number
		default:
			flush()
		}
	}
	flush()
	return words
}

// umlautPairs folds the spellings ae, oe, ue of umlauts like the umlauts
// themselves. It also folds some words without umlauts („Feuer“ → „feur“),
// harmlessly: both texts of a comparison are folded alike.
var umlautPairs = strings.NewReplacer("ae", "a", "oe", "o", "ue", "u")

func isDigits(s string) bool {
	for _, c := range s {
		if !unicode.IsDigit(c) {
			return false
		}
	}
	return s != ""
}

// stopWords are words that say nothing about what a question asks:
// articles, pronouns, prepositions, conjunctions, auxiliaries, question
// words and the phrasing of quiz questions („Welche Form ist richtig?“).
// They are listed folded as splitWords folds them (ä → a, ß → ss).
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		der die das des dem den ein eine einer eines einem einen kein keine keiner keines keinem keinen
		ich du er sie es wir ihr mich mir dich dir sich uns euch ihn ihm ihnen
		mein meine meiner meines meinem meinen dein deine sein seine seiner seines seinem seinen
		ihre ihrer ihres ihrem ihren unser unsere euer eure
		dies diese dieser dieses diesem diesen jener jene jenes man jemand etwas nichts
		wer was wen wem wessen wie wo wann warum weshalb wieso woher wohin womit wofur worauf woran worin wozu wodurch
		welch welche welcher welches welchem welchen wieviel wieviele
		und oder aber doch sondern denn dass das ob wenn als weil obwohl damit sowie bzw
		in im ins an am ans auf aus bei beim mit nach seit von vom vor zu zum zur uber unter um durch fur
		gegen ohne bis zwischen hinter neben wahrend wegen trotz ab je pro
		ist sind war waren bin bist seid sei gewesen wird werden wurde wurden worden wurdest
		hat haben hatte hatten hast habt gehabt kann konnen konnte konnten muss mussen musste
		soll sollen sollte darf durfen mag mochte will wollen wollte lasst
		nicht nur auch noch schon sehr so ganz mehr meist meisten viel viele vielen
		hier dort da dann nun jetzt heute immer nie oft
		es gibt gab geht heisst hiess heissen nennt nennen nannte nennst bedeutet bedeutete
		richtig richtige richtiger richtigen falsch stimmt ja nein
		eigentlich genau etwa ungefahr rund wirklich tatsachlich ursprunglich
		frage antwort form jahr`) {
		m[w] = true
	}
	return m
}()
