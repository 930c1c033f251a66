package typeset

import (
	"errors"
	"strings"
	"testing"

	"druckreif/layout/hyph"
)

// mono is a fake font: every glyph is size/10 mm wide; "~" is missing.
type mono struct{}

func (mono) Width(style string, size float64, s string) float64 {
	return float64(len([]rune(s))) * size / 10
}
func (mono) Has(style string, r rune) bool { return r != '~' }

var setter = Setter{M: mono{}, Hyph: hyph.German()}

func texts(lines []Line) []string {
	var out []string
	for _, l := range lines {
		out = append(out, l.Text)
	}
	return out
}

func TestBreakHyphenatesLongCompounds(t *testing.T) {
	b := Block{Text: "Die Donaudampfschifffahrtsgesellschaft tagt", Size: 10, Hyphenate: true}
	lines, err := setter.Break(b, 20, 10) // 20 characters per line
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(texts(lines), "|")
	want := "Die Donaudampf-|schifffahrtsgesell-|schaft tagt"
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	for _, l := range lines {
		if l.Width > 20 {
			t.Errorf("line %q is %.1f mm wide", l.Text, l.Width)
		}
	}
}

func TestVerbatimAndOptionsAreNotHyphenated(t *testing.T) {
	b := Block{Text: "Schifffahrt \"so\"", Size: 10, Hyphenate: true, Verbatim: true}
	lines, err := setter.Break(b, 12, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(texts(lines), "|"); got != "Schifffahrt|\"so\"" {
		t.Fatalf("verbatim text changed: %q", got)
	}
	// Without hyphenation a word too wide for the line is an overflow.
	_, err = setter.Break(Block{Text: "Donaudampfschifffahrt", Size: 10, Source: "X"}, 12, 10)
	var oe *OverflowError
	if !errors.As(err, &oe) || oe.Source != "X" {
		t.Fatalf("want overflow naming the source, got %v", err)
	}
}

func TestSoftHyphensAreHonoured(t *testing.T) {
	// The author's soft hyphen decides, the patterns are not asked; without
	// a break the soft hyphen is invisible.
	b := Block{Text: "Lingu\u00adtaurus kommt", Size: 10, Hyphenate: true}
	lines, _ := setter.Break(b, 8, 10)
	if got := strings.Join(texts(lines), "|"); got != "Lingu-|taurus|kommt" {
		t.Fatalf("got %q", got)
	}
	lines, _ = setter.Break(b, 40, 10)
	if got := texts(lines)[0]; got != "Lingutaurus kommt" {
		t.Fatalf("soft hyphen shown: %q", got)
	}
}

func TestGermanQuotes(t *testing.T) {
	for in, want := range map[string]string{
		`Er sagte "Hallo".`:       "Er sagte „Hallo“.",
		`"Wer 'bitte' sagt"`:      "„Wer ‚bitte‘ sagt“",
		`Wie geht's? Klaus' Hut.`: "Wie geht’s? Klaus’ Hut.",
		`(„schon“) bleibt`:        "(„schon“) bleibt",
		"Zeile\n\"zwei\"":         "Zeile\n„zwei“",
	} {
		if got := GermanQuotes(in); got != want {
			t.Errorf("%s: got %s, want %s", in, got, want)
		}
	}
	if got := Prepare(Block{Text: `"so"`, Verbatim: true}); got != `"so"` {
		t.Errorf("verbatim converted: %s", got)
	}
}

func TestFitShrinksThenFails(t *testing.T) {
	blocks := []Block{
		{Text: strings.Repeat("Wort ", 20), Size: 10, Min: 6, Source: "Frage"},
		{Text: "Antwort", Size: 10, Min: 6, Gap: 2, Source: "A"},
	}
	set, err := setter.Fit(blocks, 40, 16)
	if err != nil {
		t.Fatal(err)
	}
	if set[0].SizePt >= 10 || set[0].SizePt < 6 {
		t.Errorf("size %.2f: should have shrunk", set[0].SizePt)
	}
	total := 0.0
	for _, s := range set {
		total += s.Gap + s.Height
	}
	if total > 16 {
		t.Errorf("stack is %.1f mm, box 16", total)
	}
	_, err = setter.Fit([]Block{{Text: strings.Repeat("Wort ", 200), Size: 10, Min: 6, Source: "LAB-X-1-GR Frage"}}, 40, 30)
	var oe *OverflowError
	if !errors.As(err, &oe) || oe.Source != "LAB-X-1-GR Frage" {
		t.Fatalf("want overflow naming the block, got %v", err)
	}
}

func TestMissingGlyph(t *testing.T) {
	_, err := setter.Break(Block{Text: "a~b", Source: "S"}, 50, 10)
	if err == nil || !strings.Contains(err.Error(), "fehlt in der Schrift") {
		t.Fatalf("got %v", err)
	}
}

// A short text that fits the box with line breaks at spaces is not
// hyphenated, although greedy filling would divide a word.
func TestFitPrefersLineBreaksToHyphens(t *testing.T) {
	b := Block{Text: "Die Straßenbahn fährt", Size: 10, Min: 6, Hyphenate: true}
	greedy, err := setter.Break(b, 12, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(texts(greedy), "|"); !strings.Contains(got, "-|") {
		t.Fatalf("the example must hyphenate when filling lines greedily: %q", got)
	}
	set, err := setter.Fit([]Block{b}, 12, 30)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(texts(set[0].Lines), "|")
	if got != "Die|Straßenbahn|fährt" || set[0].SizePt != 10 {
		t.Fatalf("got %q at %.1f pt, want line breaks at spaces at full size", got, set[0].SizePt)
	}
	// Where line breaks alone do not fit, hyphenation comes before a
	// smaller size.
	set, err = setter.Fit([]Block{b}, 12, 9)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(texts(set[0].Lines), "|"); !strings.Contains(got, "-|") || set[0].SizePt != 10 {
		t.Fatalf("got %q at %.1f pt, want hyphenation at full size", got, set[0].SizePt)
	}
}

// An answer word too wide for a line even at the smallest size is divided
// as the last resort, unless the card is verbatim.
func TestLastResortDividesTooWideAnswerWords(t *testing.T) {
	word := "Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung"
	answer := Block{Text: "Die " + word, Size: 10, Min: 8, Source: "b"} // answers are not hyphenated
	set, err := setter.Fit([]Block{answer}, 30, 60)
	if err != nil {
		t.Fatal(err)
	}
	lines := texts(set[0].Lines)
	if len(lines) < 3 || lines[0] != "Die" || !strings.HasSuffix(lines[1], "-") {
		t.Fatalf("got %q", lines)
	}
	if joined := strings.ReplaceAll(strings.Join(lines[1:], ""), "-", ""); joined != word {
		t.Fatalf("the divided word reads %q", joined)
	}
	for _, l := range set[0].Lines {
		if l.Width > 30 {
			t.Errorf("line %q is %.1f mm wide", l.Text, l.Width)
		}
	}
	// Every size was tried undivided first; divided, the largest that fits wins.
	if set[0].SizePt != 10 {
		t.Errorf("set at %.1f pt, want 10", set[0].SizePt)
	}
	answer.Verbatim = true
	_, err = setter.Fit([]Block{answer}, 30, 60)
	if err == nil || !strings.Contains(err.Error(), "zu breit") {
		t.Fatalf("a verbatim word must not be divided: %v", err)
	}
}

// A no-break space keeps a number with its unit.
func TestNoBreakSpaceHolds(t *testing.T) {
	lines, err := setter.Break(Block{Text: "Karton mit 300\u00a0g/m² nehmen", Size: 10}, 14, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(texts(lines), "|"); got != "Karton mit|300\u00a0g/m²|nehmen" {
		t.Fatalf("got %q", got)
	}
}

// No paragraph ends in a single word when the line before can give one,
// and the paragraph keeps its number of lines.
func TestNoWidow(t *testing.T) {
	b := Block{Text: "aaaa bbbb cccc dddd eeee", Size: 10}
	lines, err := setter.Break(b, 20, 10) // greedy: "aaaa bbbb cccc dddd|eeee"
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(texts(lines), "|"); got != "aaaa bbbb cccc|dddd eeee" {
		t.Fatalf("got %q, want the last line of two words", got)
	}
	// Two words that fill a line each stay as they are.
	lines, _ = setter.Break(Block{Text: "Abcdefghij Klmnopqrst", Size: 10}, 12, 10)
	if got := strings.Join(texts(lines), "|"); got != "Abcdefghij|Klmnopqrst" {
		t.Fatalf("got %q", got)
	}
}

// A closing quotation standing alone („… …“) stays with the word before it,
// and no line holds it alone.
func TestLoneClosingQuoteStaysWithItsWord(t *testing.T) {
	b := Block{Text: "Ergänzen Sie: „Fest gemauert in der Erden …“", Size: 10, Hyphenate: true}
	for width := 10.0; width <= 50; width++ {
		lines, err := setter.Break(b, width, 10)
		if err != nil {
			continue
		}
		for _, l := range lines {
			if strings.TrimSpace(l.Text) == "…“" {
				t.Fatalf("width %g: lone quote line in %q", width, texts(lines))
			}
		}
		if last := lines[len(lines)-1].Text; len(lines) > 1 && !strings.Contains(last, " ") {
			t.Errorf("width %g: last line %q of %q is one word", width, last, texts(lines))
		}
	}
}

// An ordinal or abbreviation keeps the word after it on its line.
func TestNoBreakAfterOrdinalsAndAbbreviations(t *testing.T) {
	for _, text := range []string{"Wer ist die 3. Person", "Ein Tier, z. B. Hund", "Steht auf S. 12 oben"} {
		for width := 8.0; width <= 30; width++ {
			lines, err := setter.Break(Block{Text: text, Size: 10}, width, 10)
			if err != nil {
				continue
			}
			for _, l := range lines[:len(lines)-1] {
				for _, end := range []string{" 3.", " z.", " S."} {
					if strings.HasSuffix(" "+l.Text, end) {
						t.Errorf("width %g: %q breaks after %q", width, texts(lines), end)
					}
				}
			}
		}
	}
}

// Proper names are never divided at hyphenation points, only at their own
// hyphen; other words of the block still are.
func TestNamesAreNotHyphenated(t *testing.T) {
	b := Block{Text: "Bundespräsidenten Theodor Heuss Richard Weizsäcker Johannes Rau Frank-Walter", Size: 10, Hyphenate: true,
		Names: []string{"Theodor Heuss", "Richard von Weizsäcker", "Johannes Rau", "Frank-Walter Steinmeier"}}
	for width := 12.0; width <= 30; width++ {
		lines, err := setter.Break(b, width, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			for _, head := range []string{"Theo-", "Ri-", "Rich-", "Jo-", "Johan-", "Weiz-", "Fran-", "Wal-"} {
				if strings.HasSuffix(l.Text, head) {
					t.Errorf("width %g: name divided: %q", width, texts(lines))
				}
			}
		}
	}
	lines, _ := setter.Break(b, 14, 10)
	if !strings.Contains(strings.Join(texts(lines), "|"), "Bundes-|") && !strings.Contains(strings.Join(texts(lines), "|"), "präsi-|") {
		t.Errorf("the common noun is not hyphenated any more: %q", texts(lines))
	}
}
