// Package typeset breaks text into lines for the cards: word wrap with German
// hyphenation, soft hyphens typed by the author, typographic quotes, and
// shrink-to-fit of a stack of text blocks into a box. It measures through a
// Metrics interface, so it knows nothing of PDF.
package typeset

import (
	"slices"
	"strings"
	"unicode"

	"druckreif/i18n"
	"druckreif/layout/hyph"
)

// Metrics measures text in one font style.
type Metrics interface {
	// Width is the advance width of s in millimetres at size points.
	Width(style string, size float64, s string) float64
	// Has reports whether the font has a glyph for r.
	Has(style string, r rune) bool
}

const softHyphen = '\u00ad'

// Block is one piece of text on a card: a question, an answer, a label.
type Block struct {
	Text  string
	Style string  // "" regular, "B" bold, "I" italic, "BI"
	Size  float64 // size in points at scale 1
	Min   float64 // smallest size in points this block may shrink to
	// Indent is the width in mm kept free at the left of every line (for
	// an answer letter); Gap the space in mm above the block.
	Indent, Gap float64
	// Hyphenate allows automatic hyphenation; Verbatim forbids any change
	// of the text (no quote conversion, no automatic hyphenation).
	Hyphenate, Verbatim bool
	// Leading is the line height as a multiple of the size (default 1.2).
	Leading float64
	// Card and Source name the card and the deck cell the text came from,
	// for the overflow error.
	Card, Source string
	// Names are proper names in the text (an author, a list of first
	// names, an answer that names a person or place): their words are
	// never divided at hyphenation points, only at a hyphen they have
	// (Frank-Walter).
	Names []string
}

// Line is one set line of a block.
type Line struct {
	Text  string
	Width float64 // mm
}

// SetBlock is a block set at a size: its lines and its height.
type SetBlock struct {
	Block
	SizePt float64
	Lines  []Line
	Height float64 // mm, lines only (without Gap)
}

// LineHeight is the distance between baselines in mm.
func (s SetBlock) LineHeight() float64 { return ptToMM(s.SizePt) * s.leading() }

func (b Block) leading() float64 {
	if b.Leading == 0 {
		return 1.2
	}
	return b.Leading
}

func ptToMM(pt float64) float64 { return pt * 25.4 / 72 }

// OverflowError says a text does not fit even at its smallest size, or
// cannot be printed; it names the card and the deck cell.
type OverflowError struct {
	Card, Source string
	Reason       i18n.Text
}

func (e *OverflowError) Error() string {
	if e.Card == "" {
		return e.Source + ": " + e.Reason.DE
	}
	return e.Card + " (" + e.Source + "): " + e.Reason.DE
}

// Setter sets text with one Metrics and hyphenator.
type Setter struct {
	M    Metrics
	Hyph *hyph.Hyphenator
}

// Fit sets blocks stacked top to bottom into a box of width × height mm,
// all scaled by one factor: the largest scale from 1 down to each block's
// minimum (in steps of 2.5 %) at which everything fits. At each scale the
// text is first set without automatic hyphenation — a short text that fits
// with line breaks at spaces is never hyphenated — and only then with it.
// When nothing fits at any scale, words too wide for a line on their own
// are divided as a last resort, even in blocks that are not hyphenated
// (answers), but never in verbatim ones. It fails with an OverflowError
// naming the block that cannot fit.
func (t Setter) Fit(blocks []Block, width, height float64) ([]SetBlock, error) {
	minScale := 0.0
	hyphenates := false
	for _, b := range blocks {
		if b.Min > 0 && b.Size > 0 {
			minScale = max(minScale, b.Min/b.Size)
		}
		hyphenates = hyphenates || (b.Hyphenate && !b.Verbatim)
	}
	var lastErr error
	try := func(scale float64, mode breakMode) []SetBlock {
		set, err := t.setAll(blocks, width, scale, mode)
		if err != nil {
			lastErr = err
			return nil
		}
		total := 0.0
		for _, s := range set {
			total += s.Gap + s.Height
		}
		if total <= height+1e-6 {
			return set
		}
		t := tallest(set)
		lastErr = &OverflowError{Card: t.Card, Source: t.Source, Reason: i18n.Sprintf(
			"der Text passt nicht auf die Karte (%.0f mm hoch, Platz für %.0f mm, auch in der kleinsten Schrift)",
			"the text does not fit the card (%.0f mm tall, room for %.0f mm, even at the smallest size)", total, height)}
		return nil
	}
	for scale := 1.0; scale >= minScale-1e-9; scale -= 0.025 {
		if set := try(scale, plain); set != nil {
			return set, nil
		}
		if hyphenates {
			if set := try(scale, hyphenated); set != nil {
				return set, nil
			}
		}
	}
	for scale := 1.0; scale >= minScale-1e-9; scale -= 0.025 {
		if set := try(scale, lastResort); set != nil {
			return set, nil
		}
	}
	if lastErr == nil {
		lastErr = &OverflowError{Reason: i18n.Sprintf("kein Text", "no text")}
	}
	return nil, lastErr
}

// breakMode is how freely a block may be hyphenated.
type breakMode int

const (
	// plain breaks lines at spaces, explicit hyphens and the author's soft
	// hyphens only.
	plain breakMode = iota
	// hyphenated also divides words at the patterns' points in blocks that
	// allow hyphenation.
	hyphenated
	// lastResort also divides a word too wide for a line of its own in
	// blocks that do not allow hyphenation (answers); never verbatim ones.
	lastResort
)

func tallest(set []SetBlock) SetBlock {
	best := set[0]
	for _, s := range set[1:] {
		if s.Height > best.Height {
			best = s
		}
	}
	return best
}

func (t Setter) setAll(blocks []Block, width, scale float64, mode breakMode) ([]SetBlock, error) {
	out := make([]SetBlock, 0, len(blocks))
	for _, b := range blocks {
		size := b.Size * scale
		lines, err := t.breakAt(b, width-b.Indent, size, mode)
		if err != nil {
			return nil, err
		}
		sb := SetBlock{Block: b, SizePt: size, Lines: lines}
		sb.Height = float64(len(lines)) * sb.LineHeight()
		out = append(out, sb)
	}
	return out, nil
}

// Prepare applies the typographic conversions a block allows: straight
// quotes become German quotes unless the block is verbatim.
func Prepare(b Block) string {
	if b.Verbatim {
		return b.Text
	}
	return GermanQuotes(b.Text)
}

// Break sets one block at a size into lines of at most width mm,
// hyphenating where the block allows it.
func (t Setter) Break(b Block, width, size float64) ([]Line, error) {
	return t.breakAt(b, width, size, hyphenated)
}

func (t Setter) breakAt(b Block, width, size float64, mode breakMode) ([]Line, error) {
	text := Prepare(b)
	for _, r := range text {
		if r != '\n' && r != softHyphen && !t.M.Has(b.Style, r) {
			return nil, &OverflowError{Card: b.Card, Source: b.Source, Reason: i18n.Sprintf("das Zeichen „%c“ (U+%04X) fehlt in der Schrift", "the font lacks the character %q (U+%04X)", r, r)}
		}
	}
	var lines []Line
	for _, para := range strings.Split(text, "\n") {
		pl, err := t.breakParagraph(b, para, width, size, mode)
		if err != nil {
			return nil, err
		}
		lines = append(lines, pl...)
	}
	return lines, nil
}

func (t Setter) breakParagraph(b Block, para string, width, size float64, mode breakMode) ([]Line, error) {
	words := glue(strings.FieldsFunc(para, breakingSpace))
	if len(words) == 0 {
		return []Line{{}}, nil
	}
	lines, err := t.greedy(b, words, width, size, mode)
	if err != nil {
		return nil, err
	}
	return t.noWidow(b, words, lines, width, size, mode), nil
}

// glueSpace joins words that must stay on one line; it is shown, and
// measured, as a space.
const glueSpace = '\ue000'

// glue joins the words a line must not break between: an ordinal or an
// abbreviation and the word after it (3. Person, z. B., S. 12, Nr. 5), and
// punctuation standing alone and the word before it (a closing „…“ or a
// dash), so that no line begins with it and none holds only it.
func glue(words []string) []string {
	out := make([]string, 0, len(words))
	joinNext := false
	for _, w := range words {
		switch {
		case len(out) > 0 && (joinNext || (!hasWordRune(w) && !opening(w))):
			out[len(out)-1] += string(glueSpace) + w
		default:
			out = append(out, w)
		}
		joinNext = keepsNext(w, out)
	}
	return out
}

func hasWordRune(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// opening reports whether punctuation opens what follows („ ‚ ( [), and
// so belongs to the next word rather than the one before.
func opening(w string) bool {
	return strings.ContainsAny(w[:1], "(["+"\"") || strings.HasPrefix(w, "„") || strings.HasPrefix(w, "‚")
}

// abbreviations that do not end a line: the word (or number) after them
// stays on their line.
var abbreviations = map[string]bool{
	"S.": true, "Nr.": true, "Bd.": true, "Abb.": true, "Kap.": true, "Art.": true, "Abs.": true, "ca.": true,
	"Dr.": true, "Prof.": true, "St.": true, "Hl.": true, "Jh.": true, "Jhd.": true, "Tab.": true, "Str.": true,
}

// twoPart are the first halves of two-part abbreviations (z. B., d. h.,
// u. a., v. Chr.), which keep their second half.
var twoPart = map[string]bool{"z.": true, "d.": true, "u.": true, "o.": true, "v.": true, "n.": true, "s.": true, "i.": true}

// keepsNext reports whether the word just added (w, last of out) keeps the
// next word on its line.
func keepsNext(w string, out []string) bool {
	if abbreviations[w] || twoPart[w] {
		return true
	}
	// An ordinal: one to three digits and a full stop (3. Person, 21. Juni).
	n := len(w)
	if n >= 2 && n <= 4 && w[n-1] == '.' {
		for _, c := range w[:n-1] {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	return false
}

// noWidow keeps a paragraph from ending in a line of a single word (or
// of nothing but punctuation): the paragraph is set again narrower — just
// narrower than the line before the last without its last word, which
// moves that word down, or in steps of 3 % down to half the width — until
// its last line holds two words, with as many lines as before, so the
// block keeps its height. A paragraph that cannot (two long words) stays
// as it was.
func (t Setter) noWidow(b Block, words []string, lines []Line, width, size float64, mode breakMode) []Line {
	n := len(lines)
	if n < 2 || !widow(lines[n-1]) {
		return lines
	}
	var widths []float64
	if prev := lines[n-2].Text; strings.LastIndex(prev, " ") > 0 {
		widths = append(widths, t.M.Width(b.Style, size, prev[:strings.LastIndex(prev, " ")])+1e-6)
	}
	for k := 1; k <= 16; k++ {
		widths = append(widths, width*(1-0.03*float64(k)))
	}
	for _, w := range widths {
		again, err := t.greedy(b, words, w, size, mode)
		if err == nil && len(again) == n && !widow(again[n-1]) {
			return again
		}
	}
	return lines
}

// widow reports whether a last line holds fewer than two words.
func widow(l Line) bool {
	n := 0
	for _, w := range strings.Fields(l.Text) {
		if hasWordRune(w) {
			n++
		}
	}
	return n < 2
}

// greedy breaks words into lines, filling each line as far as it goes.
func (t Setter) greedy(b Block, words []string, width, size float64, mode breakMode) ([]Line, error) {
	words = slices.Clone(words) // a divided word's tail replaces it
	space := t.M.Width(b.Style, size, " ")
	var lines []Line
	var cur []string
	curW := 0.0
	flush := func() {
		lines = append(lines, Line{Text: strings.Join(cur, " "), Width: curW})
		cur, curW = nil, 0
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		shown := visible(w)
		ww := t.M.Width(b.Style, size, shown)
		need := ww
		if len(cur) > 0 {
			need += space
		}
		if curW+need <= width {
			cur = append(cur, shown)
			curW += need
			continue
		}
		// The word does not fit: divide it at the last possible point that
		// leaves the first part (with its hyphen) on this line.
		room := width - curW
		if len(cur) > 0 {
			room -= space
		}
		if head, tail, ok := t.divide(b, w, size, room, mode >= hyphenated && b.Hyphenate); ok {
			if len(cur) > 0 {
				curW += space
			}
			cur = append(cur, head)
			curW += t.M.Width(b.Style, size, head)
			flush()
			words[i] = tail
			i--
			continue
		}
		if len(cur) > 0 {
			flush()
			i--
			continue
		}
		// Alone on an empty line and still too wide: as a last resort the
		// word is divided at its pattern points, unless it is verbatim;
		// otherwise the size is too big.
		if mode == lastResort && !b.Verbatim {
			if head, tail, ok := t.divide(b, w, size, width, true); ok {
				cur, curW = []string{head}, t.M.Width(b.Style, size, head)
				flush()
				words[i] = tail
				i--
				continue
			}
		}
		return nil, &OverflowError{Card: b.Card, Source: b.Source, Reason: i18n.Sprintf("das Wort „%s“ ist zu breit für die Karte", "the word %q is too wide for the card", shown)}
	}
	if len(cur) > 0 {
		flush()
	}
	return lines, nil
}

// divide splits word so that head (shown with a hyphen where one is
// needed) fits into room; soft hyphens typed by the author and explicit
// hyphens always count, pattern points only when patterns is set.
func (t Setter) divide(b Block, word string, size, room float64, patterns bool) (head, tail string, ok bool) {
	points := breakPoints(t, b, word, patterns)
	runes := []rune(word)
	for i := len(points) - 1; i >= 0; i-- {
		p := points[i]
		h := visible(string(runes[:p]))
		if !strings.HasSuffix(h, "-") {
			h += "-"
		}
		if t.M.Width(b.Style, size, h) <= room {
			return h, string(runes[p:]), true
		}
	}
	return "", "", false
}

// breakPoints are the rune positions before which word may be divided:
// the author's soft hyphens, or else explicit hyphens and, with patterns
// (never in verbatim text), the hyphenation patterns' points.
func breakPoints(t Setter, b Block, word string, patterns bool) []int {
	var pts []int
	runes := []rune(word)
	hasSoft := false
	for i, r := range runes {
		if r == softHyphen {
			hasSoft = true
			if i > 0 {
				pts = append(pts, i+1) // after the soft hyphen, which is dropped when shown
			}
		}
	}
	if hasSoft || !patterns || b.Verbatim || t.Hyph == nil {
		if !hasSoft {
			// Explicit hyphens are break points even when not hyphenating.
			pts = explicitHyphens(runes)
		}
		return pts
	}
	// Pattern points apply to the letters of the word, without surrounding
	// punctuation such as quotes or a comma.
	start, end := 0, len(runes)
	for start < end && !unicode.IsLetter(runes[start]) {
		start++
	}
	for end > start && !unicode.IsLetter(runes[end-1]) {
		end--
	}
	if isName(b, string(runes[start:end])) {
		return explicitHyphens(runes)
	}
	for _, p := range t.Hyph.Points(string(runes[start:end])) {
		pts = append(pts, start+p)
	}
	return pts
}

// explicitHyphens are the points after the hyphens inside a word.
func explicitHyphens(runes []rune) []int {
	var pts []int
	for i, r := range runes {
		if r == '-' && i > 0 && i < len(runes)-1 {
			pts = append(pts, i+1)
		}
	}
	return pts
}

// isName reports whether word (letters, maybe hyphens and a glued group)
// shares a part with one of the block's proper names.
func isName(b Block, word string) bool {
	if len(b.Names) == 0 {
		return false
	}
	parts := func(s string) []string {
		return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	}
	for _, part := range parts(word) {
		for _, name := range b.Names {
			if slices.Contains(parts(name), part) {
				return true
			}
		}
	}
	return false
}

// breakingSpace reports whether a line may break at r: at any space but
// the no-break spaces (U+00A0, U+202F), which keep "300 g/m²" or "3 mm"
// together.
func breakingSpace(r rune) bool {
	return unicode.IsSpace(r) && r != '\u00a0' && r != '\u202f'
}

// visible removes soft hyphens (they show only where a line is broken)
// and shows glued spaces as spaces.
func visible(s string) string {
	if !strings.ContainsRune(s, softHyphen) && !strings.ContainsRune(s, glueSpace) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case softHyphen:
			return -1
		case glueSpace:
			return ' '
		}
		return r
	}, s)
}

// GermanQuotes turns straight quotes into German ones: "…" into „…“ and
// '…' into ‚…‘, while an apostrophe inside or after a word (geht's,
// Klaus') becomes ’.
func GermanQuotes(s string) string {
	if !strings.ContainsAny(s, "\"'") {
		return s
	}
	var b strings.Builder
	runes := []rune(s)
	openSingle := false
	for i, r := range runes {
		prev, next := ' ', ' '
		if i > 0 {
			prev = runes[i-1]
		}
		if i+1 < len(runes) {
			next = runes[i+1]
		}
		opening := unicode.IsSpace(prev) || strings.ContainsRune("([{–—/„‚", prev) || i == 0
		switch r {
		case '"':
			if opening {
				b.WriteRune('„')
			} else {
				b.WriteRune('“')
			}
		case '\'':
			switch {
			case opening && !unicode.IsSpace(next):
				b.WriteRune('‚')
				openSingle = true
			case openSingle && !unicode.IsLetter(next):
				b.WriteRune('‘')
				openSingle = false
			default:
				b.WriteRune('’')
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
