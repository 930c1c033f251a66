package kit

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"druckreif/decks"
	"druckreif/internal/tooltest"
)

// The reading hint is printed for the reader on the side that has one, on
// one line under the options and above the solution band; a side without
// a hint prints none.
func TestReadingHintIsPrinted(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	set := defaultSet(t)
	// Card 1: the front (wegen) is audible, the back (a comma) is not.
	found, _ := set.Find(decks.ParseRef("DAT-STD-1"))
	if found == nil || found.Dativ.Sides[decks.Front].ReadingHint != "" || found.Dativ.Sides[decks.Back].ReadingHint != "Komma mitsprechen" {
		t.Fatalf("DAT-STD-1 is not the card this test expects: %+v", found)
	}
	files := build(t, set, Options{Cards: []string{"DAT-STD-1"}, Games: []decks.Game{decks.Dativ}})
	f, ok := files["dativ/karten-nachdruck.pdf"] // a reprint goes beside the full deck
	if !ok || f.Pages != 2 {
		t.Fatalf("reprint of one dativ card: %v", files)
	}
	path := filepath.Join(t.TempDir(), "k.pdf")
	if err := os.WriteFile(path, f.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	words := func(page int) map[string]float64 {
		out := tooltest.Run(t, "pdftotext", "-bbox", "-f", strconv.Itoa(page), "-l", strconv.Itoa(page), path, "-")
		ys := map[string]float64{}
		for _, m := range regexp.MustCompile(`yMin="([0-9.]+)"[^>]*>([^<]+)</word>`).FindAllStringSubmatch(string(out), -1) {
			y, _ := strconv.ParseFloat(m[1], 64)
			if _, seen := ys[m[2]]; !seen {
				ys[m[2]] = y
			}
		}
		return ys
	}
	if front := words(1); front["Vorlesen:"] != 0 {
		t.Errorf("the front has no hint, but prints one")
	}
	back := words(2)
	label, hint, option, solution := back["Vorlesen:"], back["mitsprechen"], back["(nichts)"], back["✔"]
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
