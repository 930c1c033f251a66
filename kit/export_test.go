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
	files, _, err := Build(set, Options{Games: []decks.Game{decks.TheGame}, Paper: layout.A4, Mode: layout.Duplex, CardSize: layout.USPoker})
	if err != nil {
		t.Fatal(err)
	}
	seen := false
	for _, f := range files {
		if f.Path == "thegame/karten.pdf" {
			seen = true
			if f.Grid.CardW != 63.5 || f.Grid.CardH != 88.9 {
				t.Errorf("The Game's cards %v × %v mm", f.Grid.CardW, f.Grid.CardH)
			}
		}
	}
	if !seen {
		t.Fatal("thegame/karten.pdf missing")
	}
	p, err := PDFX1a(DefaultMaxInkX1a, nil)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := Parts(set, ExportOptions{Games: []decks.Game{decks.TheGame, decks.Dativ}, CardSize: layout.USPoker}, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, gp := range parts {
		want := [2]float64{63.5, 88.9}
		if gp.Game == decks.Dativ {
			want = [2]float64{88, 126}
		}
		if d := gp.Decks[0]; d.W != want[0] || d.H != want[1] {
			t.Errorf("%s: exported cards %v × %v mm, want %v", gp.Game, d.W, d.H, want)
		}
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
