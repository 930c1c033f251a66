package kit

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"druckreif/decks"
)

// firstNames are first names the default decks print in running text,
// besides the names the decks give as answers and authors.
var firstNames = []string{"Theodor", "Richard", "Johannes", "Wolfgang", "Amadeus", "Heinrich", "Friedrich",
	"Gustav", "Walter", "Konrad", "Ludwig", "Wilhelm", "Albrecht", "Johann", "Annette", "Sigmund", "Charlie"}

// properNames are the names the default decks give: the answers of the
// Raab enumerations and sought terms, the authors of quotations.
func properNames(t *testing.T, set *decks.Set) map[string]bool {
	names := map[string]bool{}
	add := func(s string) {
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if len([]rune(w)) > 3 && unicode.IsUpper([]rune(w)[0]) {
				names[w] = true
			}
		}
	}
	for _, n := range firstNames {
		add(n)
	}
	attribution := regexp.MustCompile(`\(([^(),]+),[^()]*\)`)
	for _, c := range set.Labyrinth() {
		for _, side := range c.Sides {
			for _, m := range attribution.FindAllStringSubmatch(side.Question, -1) {
				add(m[1])
			}
		}
	}
	for _, c := range set.Raab() {
		for _, task := range c.Tasks {
			switch x := task.(type) {
			case decks.Enumeration:
				for _, a := range x.Answers {
					add(a)
				}
			case decks.Hints:
				add(x.Answer)
			}
		}
	}
	if len(names) < 100 {
		t.Fatalf("only %d names", len(names))
	}
	return names
}

var wordRe = regexp.MustCompile(`\p{L}+$`)
var headRe = regexp.MustCompile(`^\p{L}+`)

// Every line the default decks' cards set: no proper name divided at a
// hyphenation point (Theo-dor), no line of a block holding only punctuation
// (a lone
// „…“; an option that is a comma is one), no line breaking after an ordinal or z. (3. | Person).
func TestLineBreaksOfTheDefaultCards(t *testing.T) {
	set := defaultSet(t)
	names := properNames(t, set)
	sizes, errs := Measure(set, "")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	lines, widows := 0, 0
	ordinal := regexp.MustCompile(`(^|\s)(\d{1,3}\.|z\.|S\.|Nr\.)$`)
	for _, s := range sizes {
		n := len(s.Lines)
		for i, l := range s.Lines {
			lines++
			if n > 1 && strings.TrimSpace(l) != "" && strings.IndexFunc(l, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
				t.Errorf("%s (%s): a line of punctuation alone: %q", s.Card, s.Source, s.Lines)
			}
			if i+1 < n && ordinal.MatchString(l) {
				t.Errorf("%s (%s): breaks after an ordinal or abbreviation: %q", s.Card, s.Source, s.Lines)
			}
			if i+1 >= n || !strings.HasSuffix(l, "-") {
				continue
			}
			head := wordRe.FindString(strings.TrimSuffix(l, "-"))
			tail := headRe.FindString(s.Lines[i+1])
			if head != "" && tail != "" && names[head+tail] {
				t.Errorf("%s (%s): the name %s is divided: %q / %q", s.Card, s.Source, head+tail, l, s.Lines[i+1])
			}
		}
		if n >= 2 && len(strings.Fields(s.Lines[n-1])) < 2 {
			widows++
		}
	}
	t.Logf("%d lines; %d blocks end in a single word that the line before could not give without another line", lines, widows)
}
