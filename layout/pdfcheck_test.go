package layout

import (
	"bytes"
	"compress/zlib"
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"druckreif/internal/tooltest"
)

// word is a word's box as pdftotext -bbox reports it (points).
type word struct {
	Text                   string
	XMin, YMin, XMax, YMax float64
}

// words reads every word of every page with its position in mm.
func words(t *testing.T, pdf []byte) [][]word {
	t.Helper()
	tooltest.Need(t, "pdftotext")
	path := filepath.Join(t.TempDir(), "in.pdf")
	os.WriteFile(path, pdf, 0o644)
	out := tooltest.Run(t, "pdftotext", "-bbox", path, "-")
	type xw struct {
		XMin string `xml:"xMin,attr"`
		YMin string `xml:"yMin,attr"`
		XMax string `xml:"xMax,attr"`
		YMax string `xml:"yMax,attr"`
		Text string `xml:",chardata"`
	}
	type xp struct {
		Words []xw `xml:"word"`
	}
	var doc struct {
		Pages []xp `xml:"body>doc>page"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	var pages [][]word
	f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v * 25.4 / 72 }
	for _, p := range doc.Pages {
		var ws []word
		for _, w := range p.Words {
			ws = append(ws, word{w.Text, f(w.XMin), f(w.YMin), f(w.XMax), f(w.YMax)})
		}
		pages = append(pages, ws)
	}
	return pages
}

// find returns the box of the first word equal to text on a page.
func find(t *testing.T, page []word, text string) word {
	t.Helper()
	for _, w := range page {
		if w.Text == text {
			return w
		}
	}
	t.Fatalf("%q not on the page", text)
	return word{}
}

// rasterize renders one page at dpi and returns the image.
func rasterize(t *testing.T, pdf []byte, page, dpi int) image.Image {
	t.Helper()
	tooltest.Need(t, "pdftoppm")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	os.WriteFile(in, pdf, 0o644)
	tooltest.Run(t, "pdftoppm", "-r", strconv.Itoa(dpi), "-f", strconv.Itoa(page), "-l", strconv.Itoa(page), "-png", "-singlefile", in, filepath.Join(dir, "p"))
	f, err := os.Open(filepath.Join(dir, "p.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// zbar decodes every QR code on a page.
func zbar(t *testing.T, pdf []byte, page int) []string {
	t.Helper()
	tooltest.Need(t, "pdftoppm", "zbarimg")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	os.WriteFile(in, pdf, 0o644)
	// zbar's line scans miss a code now and then where eight stand in two
	// rows, a different one at each resolution (measured: of 16 codes on
	// two sheets 16 at 200 dpi, 14–15 at 300, 12–15 at 600, with the codes
	// drawn either way); a phone tries frame after frame. So the page is
	// read at two resolutions, and a code counts if either finds it.
	seen := map[string]bool{}
	var codes []string
	for _, dpi := range []string{"200", "300"} {
		tooltest.Run(t, "pdftoppm", "-r", dpi, "-f", fmt.Sprint(page), "-l", fmt.Sprint(page), "-png", "-singlefile", in, filepath.Join(dir, "p"))
		out := tooltest.Run(t, "zbarimg", "-q", "--raw", filepath.Join(dir, "p.png"))
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if l != "" && !seen[l] {
				seen[l] = true
				codes = append(codes, l)
			}
		}
	}
	return codes
}

var flateRe = regexp.MustCompile(`(?s)<</Filter /FlateDecode /Length (\d+)>>\nstream\n`)

// flateStreams returns the decompressed content of a PDF's compressed
// streams whose dictionary holds only the filter and the length (pages'
// contents and forms), in the file's order.
func flateStreams(pdf []byte) [][]byte {
	var out [][]byte
	for _, m := range flateRe.FindAllSubmatchIndex(pdf, -1) {
		l, _ := strconv.Atoi(string(pdf[m[2]:m[3]]))
		zr, err := zlib.NewReader(bytes.NewReader(pdf[m[1] : m[1]+l]))
		if err != nil {
			continue
		}
		if data, err := io.ReadAll(zr); err == nil {
			out = append(out, data)
		}
	}
	return out
}
