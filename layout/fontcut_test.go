package layout

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"druckreif/internal/tooltest"
)

// The cut styles measure every character of the repertoire as the whole
// font does, so a line breaks and aligns the same in either family; their
// descriptors (ascent, descent, bounding box, flags) are the same too.
func TestCutFacesMeasureAsTheWholeFont(t *testing.T) {
	rep := []rune(repertoire())
	if len(rep) < 400 || len(rep) > 700 {
		t.Fatalf("repertoire of %d runes; the cut is meant to stay small", len(rep))
	}
	for _, style := range styleNames {
		cut, full := newDoc(100, 100), newDoc(100, 100)
		setFace(cut, face{style: style}, 10)
		setFace(full, face{style: style, full: true}, 10)
		if a, b := cut.GetFontDesc(cutFamily, style), full.GetFontDesc(fullFamily, style); a != b {
			t.Errorf("style %q: cut descriptor %+v, whole %+v", style, a, b)
		}
		mapped := 0
		for _, r := range rep {
			if !fontHas(style, r) {
				continue
			}
			mapped++
			if a, b := cut.GetStringSymbolWidth(string(r)), full.GetStringSymbolWidth(string(r)); a != b {
				t.Errorf("style %q, %U %c: cut width %d, whole %d", style, r, r, a, b)
			}
		}
		if mapped < 400 {
			t.Errorf("style %q: only %d runes of the repertoire in the font", style, mapped)
		}
	}
}

func TestFaceFollowsTheText(t *testing.T) {
	for s, full := range map[string]bool{
		"Straßenbahnhaltestelle „Zitat“ – ‚so‘ … ✔ ✘ ★ ▲ ● ■ ◆ ✚ → ↻ ♉ 100 € ẞ": false,
		"Łódź, Şişli, Český Krumlov, Ærø, Ørsted, Ålesund":                      false,
		"Ωmega":  true,
		"Привет": true,
		"日本":     true,
	} {
		if got := faceFor("B", s); got.full != full || got.style != "B" {
			t.Errorf("%q: face %+v, want full %v", s, got, full)
		}
	}
}

// A text with a character outside the repertoire is set in the whole font
// (its glyph embedded, its text extractable), and a document that sets no
// such text embeds no whole style.
func TestTextOutsideTheRepertoireIsSetInTheWholeFont(t *testing.T) {
	doc := func(texts ...string) []byte {
		pdf, err := Pages(60, 30, "t", []func(*Canvas) error{func(c *Canvas) error {
			for i, s := range texts {
				c.Text(5, 5+float64(i)*8, s, "", 10, Black, Left)
			}
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		return pdf
	}
	full := regexp.MustCompile(`/BaseFont /[A-Z]{6}\+DejaVuCfull`)
	cut := regexp.MustCompile(`/BaseFont /[A-Z]{6}\+DejaVuC[\s/>]`)
	german := doc("Hängematte „Zitat“ ✔")
	if full.Match(german) || !cut.Match(german) {
		t.Errorf("a German text: whole font embedded %v, cut %v", full.Match(german), cut.Match(german))
	}
	mixed := doc("Hängematte", "Ωμέγα Привет")
	if !full.Match(mixed) || !cut.Match(mixed) {
		t.Errorf("German and Greek: whole font embedded %v, cut %v", full.Match(mixed), cut.Match(mixed))
	}
	tooltest.Need(t, "pdftotext")
	path := filepath.Join(t.TempDir(), "mixed.pdf")
	os.WriteFile(path, mixed, 0o644)
	text := string(tooltest.Run(t, "pdftotext", path, "-"))
	for _, want := range []string{"Hängematte", "Ωμέγα Привет"} {
		if !strings.Contains(text, want) {
			t.Errorf("extracted text %q lacks %q", text, want)
		}
	}
}

// The same text prints pixel for pixel the same in the cut and in the
// whole font (the same glyphs, widths and positions).
func TestCutAndWholeFontPrintTheSame(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	const s = "Straßenbahn „Hängematte“ – ‚Qualle‘ … ✔ ★ ▲ € 0123456789"
	page := func(full bool) []byte {
		pdf, err := Pages(120, 40, "t", []func(*Canvas) error{func(c *Canvas) error {
			for i, style := range styleNames {
				setFace(c.pdf, face{style: style, full: full}, 11)
				c.pdf.Text(3, 8+float64(i)*9, s)
			}
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "p.pdf")
		os.WriteFile(path, pdf, 0o644)
		return tooltest.Run(t, "pdftoppm", "-r", "300", "-gray", path)
	}
	cut, whole := page(false), page(true)
	if len(cut) < 1000 || !bytes.Equal(cut, whole) {
		t.Errorf("the cut font prints otherwise than the whole one (%d and %d bytes rendered)", len(cut), len(whole))
	}
}

// BenchmarkFontPerDocument is what a style costs each document that sets
// text in it: fpdf parses the TTF when it is registered and subsets it on
// output, for the cut and for the whole style.
func BenchmarkFontPerDocument(b *testing.B) {
	const s = "Das Wort „Hängematte“ geht auf „hamaca“ zurück. ✔ ★ 0123456789"
	for _, full := range []bool{false, true} {
		name := "cut"
		if full {
			name = "whole"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				pdf := newDoc(100, 100)
				pdf.AddPage()
				setFace(pdf, face{style: "B", full: full}, 10)
				pdf.Text(10, 10, s)
				var out bytes.Buffer
				if err := pdf.Output(&out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
