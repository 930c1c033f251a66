// Package hyph hyphenates German words with Frank Liang's algorithm (as TeX
// does) and the German patterns for the reformed spelling (hyph-de-1996,
// MIT licence, from the hyph-utf8 project; see LICENSE-hyph-de-1996.txt),
// corrected by an exceptions list for words the patterns split wrongly.
//
// No maintained Go module for this is served to us, so this is a small,
// tested implementation with the patterns as data.
package hyph

import (
	"bufio"
	"bytes"
	_ "embed"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

//go:embed hyph-de-1996.pat.txt
var germanPatterns []byte

//go:embed exceptions-de.txt
var germanExceptions []byte

// Hyphenator finds the places where a word may be divided.
type Hyphenator struct {
	patterns   map[string][]uint8 // letters → inter-letter values (len+1)
	maxLen     int                // longest pattern in runes
	exceptions map[string][]int   // lower-case word → break positions
	// LeftMin and RightMin are the fewest letters kept before the first
	// and after the last break (2 and 2 for German, as in TeX).
	LeftMin, RightMin int
	cache             sync.Map // word → []int
}

var (
	german     *Hyphenator
	germanOnce sync.Once
)

// German returns the shared German hyphenator; it is safe for concurrent use.
func German() *Hyphenator {
	germanOnce.Do(func() {
		german = New(germanPatterns, germanExceptions)
	})
	return german
}

// New builds a hyphenator from Liang patterns (one per line, e.g. ".ab3a")
// and an exceptions list (one word per line with hyphens where it may be
// divided, e.g. "Ur-in-stinkt"; lines starting with # are comments).
//
// Every druckreif process that sets text reads the 35,000 German patterns
// once, so they are read in one pass without an allocation per pattern:
// the letters of all patterns share one string and their values one
// slice, which the map's keys and values are cut from.
func New(patterns, exceptions []byte) *Hyphenator {
	n := bytes.Count(patterns, []byte{'\n'}) + 1
	h := &Hyphenator{patterns: make(map[string][]uint8, n), exceptions: map[string][]int{}, LeftMin: 2, RightMin: 2}
	letters := make([]byte, 0, len(patterns))
	values := make([]uint8, 0, len(patterns)+n)
	type span struct{ letters, values [2]int }
	spans := make([]span, 0, n)
	for _, p := range bytes.Fields(patterns) {
		sp := span{letters: [2]int{len(letters), 0}, values: [2]int{len(values), 0}}
		values = append(values, 0)
		runes := 0
		for _, c := range p {
			if c >= '0' && c <= '9' {
				values[len(values)-1] = c - '0'
				continue
			}
			letters = append(letters, c)
			if utf8.RuneStart(c) {
				runes++
				values = append(values, 0)
			}
		}
		sp.letters[1], sp.values[1] = len(letters), len(values)
		spans = append(spans, sp)
		h.maxLen = max(h.maxLen, runes)
	}
	all := string(letters)
	for _, sp := range spans {
		h.patterns[all[sp.letters[0]:sp.letters[1]]] = values[sp.values[0]:sp.values[1]:sp.values[1]]
	}
	sc := bufio.NewScanner(bytes.NewReader(exceptions))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var pos []int
		n := 0
		for _, r := range line {
			if r == '-' {
				pos = append(pos, n)
				continue
			}
			n++
		}
		h.exceptions[strings.ToLower(strings.ReplaceAll(line, "-", ""))] = pos
	}
	return h
}

// Points returns the positions (in runes, counted from the start of word)
// before which word may be divided. Words holding anything but letters are
// not divided; a word with hyphens is divided at them and within its parts.
func (h *Hyphenator) Points(word string) []int {
	if v, ok := h.cache.Load(word); ok {
		return v.([]int)
	}
	var pts []int
	if strings.ContainsRune(word, '-') {
		offset := 0
		for i, part := range strings.Split(word, "-") {
			if i > 0 {
				pts = append(pts, offset) // after the hyphen
			}
			for _, p := range h.points(part) {
				pts = append(pts, offset+p)
			}
			offset += utf8.RuneCountInString(part) + 1
		}
	} else {
		pts = h.points(word)
	}
	h.cache.Store(word, pts)
	return pts
}

func (h *Hyphenator) points(word string) []int {
	lower := strings.ToLower(word)
	n := utf8.RuneCountInString(lower)
	if n < h.LeftMin+h.RightMin {
		return nil
	}
	for _, r := range lower {
		if !unicode.IsLetter(r) {
			return nil
		}
	}
	if pos, ok := h.exceptions[lower]; ok {
		return pos
	}
	// The word between dots, and where each of its n+2 runes starts, so
	// that patterns are looked up by byte ranges without converting.
	w := make([]byte, 0, len(lower)+2)
	w = append(w, '.')
	w = append(w, lower...)
	w = append(w, '.')
	starts := make([]int, 0, n+3)
	for i := range string(w) {
		starts = append(starts, i)
	}
	starts = append(starts, len(w))
	runes := len(starts) - 1
	values := make([]uint8, runes+1)
	for i := 0; i < runes; i++ {
		for j := i + 1; j <= runes && j-i <= h.maxLen; j++ {
			if pv, ok := h.patterns[string(w[starts[i]:starts[j]])]; ok {
				for k, v := range pv {
					if v > values[i+k] {
						values[i+k] = v
					}
				}
			}
		}
	}
	var pts []int
	// values[k+1] is the value between word letters k-1 and k.
	for k := h.LeftMin; k <= n-h.RightMin; k++ {
		if values[k+1]%2 == 1 {
			pts = append(pts, k)
		}
	}
	return pts
}

// Hyphenate writes word with sep at every possible division, for tests and
// for showing authors where their words will break.
func (h *Hyphenator) Hyphenate(word, sep string) string {
	pts := h.Points(word)
	runes := []rune(word)
	var b strings.Builder
	p := 0
	for i, r := range runes {
		if p < len(pts) && pts[p] == i {
			if i == 0 || runes[i-1] != '-' {
				b.WriteString(sep)
			}
			p++
		}
		b.WriteRune(r)
	}
	return b.String()
}
