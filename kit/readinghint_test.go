package kit

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/internal/tooltest"
	"druckreif/layout"
)

// The reading hint is printed for the reader on the side that has one, on
// one line under the options and above the solution band; a side without
// a hint prints none.
func TestReadingHintIsPrinted(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	set := defaultSet(t)
	// Card 1: the front (wegen) is audible, the back (a comma) is not.
	found, _ := set.Find(decks.ParseRef("DAT-STD-1"))
	if found == nil || found.Dativ.Sides[decks.Front].ReadingHint != "" || found.Dativ.Sides[decks.Back].ReadingHint == "" {
		t.Fatalf("DAT-STD-1 is not the card this test expects: %+v", found)
	}
	// The hint's last word, as pdftotext finds it on the page.
	hintWords := strings.Fields(found.Dativ.Sides[decks.Back].ReadingHint)
	lastHintWord := hintWords[len(hintWords)-1]
	files := build(t, set, Options{Cards: []string{"DAT-STD-1"}, Games: []decks.Game{decks.Dativ}})
	f, ok := files["dativ/karten-nachdruck.pdf"] // a reprint goes beside the full deck
	if !ok || f.Pages != 2 {
		t.Fatalf("reprint of one dativ card: %v", files)
	}
	words := func(page int) map[string]float64 {
		ys := map[string]float64{}
		for w, b := range pageWords(t, f.Data, page) {
			ys[w] = b.yMin
		}
		return ys
	}
	if front := words(1); front["Vorlesen:"] != 0 {
		t.Errorf("the front has no hint, but prints one")
	}
	back := words(2)
	label, hint, option, solution := back["Vorlesen:"], back[lastHintWord], back["(nichts)"], back["✔"]
	t.Logf("label %.1f hint %.1f option %.1f solution %.1f", label, hint, option, solution)
	if label == 0 || hint == 0 {
		t.Fatalf("the back's hint is not printed: %v", back)
	}
	if d := label - hint; d > 0.5 || d < -0.5 {
		t.Errorf("label and hint not on one line: y %.1f and %.1f", label, hint)
	}
	if !(option < label) {
		t.Errorf("the hint (y %.1f) must stand below the options (y %.1f)", label, option)
	}
	if solution != 0 && !(label < solution) {
		t.Errorf("the hint (y %.1f) must stand above the solution band (y %.1f)", label, solution)
	}
}

// wordBox is where pdftotext found a word on a page, in points.
type wordBox struct{ xMin, yMin, xMax float64 }

// pageWords are the words of a page of a PDF by their first occurrence.
func pageWords(t *testing.T, data []byte, page int) map[string]wordBox {
	t.Helper()
	path := filepath.Join(t.TempDir(), "k.pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := tooltest.Run(t, "pdftotext", "-bbox", "-f", strconv.Itoa(page), "-l", strconv.Itoa(page), path, "-")
	words := map[string]wordBox{}
	for _, m := range regexp.MustCompile(`xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)"[^>]*>([^<]+)</word>`).FindAllStringSubmatch(string(out), -1) {
		var b wordBox
		b.xMin, _ = strconv.ParseFloat(m[1], 64)
		b.yMin, _ = strconv.ParseFloat(m[2], 64)
		b.xMax, _ = strconv.ParseFloat(m[3], 64)
		if _, seen := words[m[4]]; !seen {
			words[m[4]] = b
		}
	}
	return words
}

// A labyrinth side with a reading hint prints it for the reader inside the
// white panel, under the three answers and above the card's ID: the label
// and the hint on one baseline, a hint too long for one line continued
// beside the label, not under it. A side without a hint prints none.
func TestLabyrinthReadingHintIsPrinted(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	set := defaultSet(t)
	found, _ := set.Find(decks.ParseRef("LAB-STD-22"))
	if found == nil || found.Labyrinth.Sides[decks.Green].ReadingHint != "buchstabieren, Trennstrich ansagen" ||
		found.Labyrinth.Sides[decks.Yellow].ReadingHint != "Trennstrich ansagen" {
		t.Fatalf("LAB-STD-22 is not the card this test expects: %+v", found)
	}
	// One card a page: on the A4 sheets (landscape, four by two) the backs
	// stand upside down for the duplex turn, and the test reads the card.
	files := build(t, set, Options{Cards: []string{"LAB-STD-22"}, Games: []decks.Game{decks.Labyrinth}, Mode: layout.Single})
	f, ok := files["labyrinth/karten-nachdruck-einzeln.pdf"]
	if !ok || f.Pages != 2 {
		t.Fatalf("reprint of one labyrinth card: %v", files)
	}
	for page, c := range []struct{ id, lastAnswer, first, second string }{
		{"LAB-STD-22-GR", "Zuc-ker", "buchstabieren,", "Trennstrich"},
		{"LAB-STD-22-GE", "Fenst-er", "Trennstrich", ""},
	} {
		w := pageWords(t, f.Data, page+1)
		label, first, answer, id := w["Vorlesen:"], w[c.first], w[c.lastAnswer], w[c.id]
		t.Logf("%s: answer %.1f label %.1f hint %.1f id %.1f", c.id, answer.yMin, label.yMin, first.yMin, id.yMin)
		if label.yMin == 0 || first.yMin == 0 || answer.yMin == 0 || id.yMin == 0 {
			t.Fatalf("%s: hint, last answer or ID not printed: %v", c.id, w)
		}
		if d := label.yMin - first.yMin; d > 0.5 || d < -0.5 {
			t.Errorf("%s: label and hint not on one line: y %.1f and %.1f", c.id, label.yMin, first.yMin)
		}
		if !(answer.yMin < label.yMin && label.yMin < id.yMin) {
			t.Errorf("%s: the hint (y %.1f) must stand between the last answer (y %.1f) and the ID (y %.1f)", c.id, label.yMin, answer.yMin, id.yMin)
		}
		if c.second == "" {
			continue
		}
		second := w[c.second]
		if !(second.yMin > first.yMin+3) {
			t.Errorf("%s: the hint's second line (y %.1f) must stand under its first (y %.1f)", c.id, second.yMin, first.yMin)
		}
		if second.xMin < label.xMax {
			t.Errorf("%s: the hint's second line starts at x %.1f, under the label (which ends at x %.1f)", c.id, second.xMin, label.xMax)
		}
		if d := second.xMin - first.xMin; d > 0.5 || d < -0.5 {
			t.Errorf("%s: the hint's lines start at x %.1f and %.1f; they should align", c.id, first.xMin, second.xMin)
		}
	}
	// The first card of the deck with no hint on either side prints none.
	var plain string
	for _, c := range set.Labyrinth() {
		if c.Sides[decks.Green].ReadingHint == "" && c.Sides[decks.Yellow].ReadingHint == "" {
			plain = c.ID
			break
		}
	}
	if plain == "" {
		t.Fatal("every labyrinth card has a reading hint")
	}
	files = build(t, set, Options{Cards: []string{plain}, Games: []decks.Game{decks.Labyrinth}})
	for page := 1; page <= 2; page++ {
		if _, printed := pageWords(t, files["labyrinth/karten-nachdruck.pdf"].Data, page)["Vorlesen:"]; printed {
			t.Errorf("%s, page %d: the side has no hint, but prints one", plain, page)
		}
	}
}
