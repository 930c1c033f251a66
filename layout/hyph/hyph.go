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
func New(patterns, exceptions []byte) *Hyphenator {
	h := &Hyphenator{patterns: map[string][]uint8{}, exceptions: map[string][]int{}, LeftMin: 2, RightMin: 2}
	sc := bufio.NewScanner(bytes.NewReader(patterns))
	for sc.Scan() {
		for _, p := range strings.Fields(sc.Text()) {
			h.addPattern(p)
		}
	}
	sc = bufio.NewScanner(bytes.NewReader(exceptions))
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

func (h *Hyphenator) addPattern(p string) {
	var letters []rune
	values := []uint8{0}
	for _, r := range p {
		if r >= '0' && r <= '9' {
			values[len(values)-1] = uint8(r - '0')
			continue
		}
		letters = append(letters, r)
		values = append(values, 0)
	}
	h.patterns[string(letters)] = values
	if len(letters) > h.maxLen {
		h.maxLen = len(letters)
	}
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
	runes := []rune(strings.ToLower(word))
	if len(runes) < h.LeftMin+h.RightMin {
		return nil
	}
	for _, r := range runes {
		if !unicode.IsLetter(r) {
			return nil
		}
	}
	if pos, ok := h.exceptions[string(runes)]; ok {
		return pos
	}
	w := make([]rune, 0, len(runes)+2)
	w = append(w, '.')
	w = append(w, runes...)
	w = append(w, '.')
	values := make([]uint8, len(w)+1)
	for i := range w {
		for j := i + 1; j <= len(w) && j-i <= h.maxLen; j++ {
			if pv, ok := h.patterns[string(w[i:j])]; ok {
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
	for k := h.LeftMin; k <= len(runes)-h.RightMin; k++ {
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
