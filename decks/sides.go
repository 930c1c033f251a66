package decks

import (
	"hash/fnv"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// sideEntry is one parsed row of a two-sided card sheet.
type sideEntry[S any] struct {
	nr   int
	face int // 0 or 1
	side S
	r    row
}

// pairSides groups the rows of a two-sided card sheet by card number. It
// reports a card number used twice for the same side and a card with only
// one side, and returns the complete cards in number order.
func pairSides[S any](entries []sideEntry[S], faceNames [2][2]string, probs *Problems) (nrs []int, pairs map[int][2]*sideEntry[S]) {
	pairs = map[int][2]*sideEntry[S]{}
	for i := range entries {
		e := &entries[i]
		p := pairs[e.nr]
		if prev := p[e.face]; prev != nil {
			e.r.errorf("Nr", "Kartennummer %d doppelt: die Seite „%s“ steht schon in Zeile %d",
				"card number %d duplicated: side %q is already in row %d", e.nr, faceNames[e.face][0], prev.r.Number())
			continue
		}
		p[e.face] = e
		pairs[e.nr] = p
	}
	for nr, p := range pairs {
		for face := 0; face < 2; face++ {
			if p[face] == nil {
				other := p[1-face]
				other.r.errorf("Seite", "zu Karte %d fehlt die Seite „%s“ (jede Karte braucht beide Seiten)",
					"card %d has no side %q (every card needs both sides)", nr, faceNames[face][0])
			}
		}
		if p[0] != nil && p[1] != nil {
			nrs = append(nrs, nr)
		}
	}
	sort.Ints(nrs)
	return nrs, pairs
}

// questionIndex finds the same question (or licence plate, word …) twice
// within a deck. Callers include the answers in the text where one
// question wording legitimately recurs ("Welche Schreibung ist richtig?").
// Texts are compared case-insensitively with white space collapsed, by a
// 64-bit hash: with 10,000 questions a false match has a chance of about
// 1 in 10^11, and hashing spares building a folded copy of every text.
type questionIndex map[uint64]int // hash of the folded text → row

// check reports r's text if it already appeared in another row.
func (q questionIndex) check(r row, col, text string) {
	if text == "" {
		return
	}
	key := foldHash(text)
	if prev, dup := q[key]; dup {
		r.errorf(col, "doppelt: derselbe Text steht schon in Zeile %d", "duplicate: the same text is already in row %d", prev)
		return
	}
	q[key] = r.Number()
}

// foldHash hashes text lower-cased with runs of white space as one space.
func foldHash(text string) uint64 {
	h := fnv.New64a()
	var buf [utf8.UTFMax]byte
	space := false
	for _, c := range strings.TrimSpace(text) {
		if unicode.IsSpace(c) {
			space = true
			continue
		}
		if space {
			h.Write([]byte{' '})
			space = false
		}
		n := utf8.EncodeRune(buf[:], unicode.ToLower(c))
		h.Write(buf[:n])
	}
	return h.Sum64()
}

// sortByNumber orders cards by their card number.
func sortByNumber[C any](cards []C, number func(C) int) {
	sort.SliceStable(cards, func(i, j int) bool { return number(cards[i]) < number(cards[j]) })
}
