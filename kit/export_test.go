package kit

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"testing"

	"druckreif/decks"
	"druckreif/layout"
)

// inflated is every Flate stream of a PDF, decompressed.
func inflated(pdf []byte) []byte {
	var out []byte
	re := regexp.MustCompile(`(?s)/FlateDecode[^>]*>>\s*stream\r?\n`)
	for _, m := range re.FindAllIndex(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(pdf[m[1]:]))
		if err != nil {
			continue
		}
		data, _ := io.ReadAll(r)
		out = append(out, data...)
	}
	return out
}

// --card-size us-poker makes the poker-sized cards 63.5 × 88.9 mm, in the
// kit and in the export; the dativ card keeps its 88 × 126 mm.
func TestUSPokerCards(t *testing.T) {
	set := defaultSet(t)
	files, _, err := Build(set, Options{Games: []decks.Game{decks.TheGame, decks.Dativ}, Paper: layout.A4, Mode: layout.Duplex, CardSize: layout.USPoker})
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, f := range files {
		switch f.Path {
		case "thegame/karten.pdf":
			if f.Grid.CardW != 63.5 || f.Grid.CardH != 88.9 {
				t.Errorf("The Game's cards %v × %v mm", f.Grid.CardW, f.Grid.CardH)
			}
			seen++
		case "dativ/karten.pdf":
			if f.Grid.CardW != 88 || f.Grid.CardH != 126 {
				t.Errorf("the dativ cards %v × %v mm", f.Grid.CardW, f.Grid.CardH)
			}
			seen++
		}
	}
	if seen != 2 {
		t.Fatalf("card files missing: %d", seen)
	}
	p, err := PDFX1a(DefaultMaxInkX1a, nil)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := Parts(set, ExportOptions{Games: []decks.Game{decks.TheGame}, CardSize: layout.USPoker}, p)
	if err != nil {
		t.Fatal(err)
	}
	if d := parts[0].Decks[0]; d.W != 63.5 || d.H != 88.9 {
		t.Errorf("exported cards %v × %v mm", d.W, d.H)
	}
}

// The pdfx1a profile prints each style colour as the CMYK value its style
// file gives: The Game's back (#37474f) as C 75 M 60 Y 50 K 40, its text
// (#1a1a1a) in black ink alone.
func TestPDFX1aPrintsTheStylesInks(t *testing.T) {
	set := defaultSet(t)
	p, err := PDFX1a(DefaultMaxInkX1a, nil)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := Parts(set, ExportOptions{Games: []decks.Game{decks.TheGame}}, p)
	if err != nil {
		t.Fatal(err)
	}
	jobs := p.Jobs(parts[0])
	if len(jobs) == 0 || jobs[0].Path != "thegame/karten.pdf" {
		t.Fatalf("jobs %v", jobs)
	}
	f, err := jobs[0].Run()
	if err != nil {
		t.Fatal(err)
	}
	content := inflated(f.Data)
	for _, want := range []string{"0.750 0.600 0.500 0.400 k", "0.000 0.000 0.000 1.000 k"} {
		if !bytes.Contains(content, []byte(want)) {
			t.Errorf("no %q in the content", want)
		}
	}
	if regexp.MustCompile(`\d\s+(?:rg|RG)\b`).Match(content) {
		t.Error("RGB operators left in a PDF/X-1a file")
	}
}
