package layout

import (
	"sync"

	"github.com/go-pdf/fpdf"

	"druckreif/fonts"
)

// The kit's font reaches fpdf in two families of the same styles: the
// styles cut down to the characters the kit prints (its repertoire, some
// 500 glyphs of DejaVu's 6,000) and the whole styles, for text with a
// character outside the repertoire (a deck in Greek, say). fpdf parses a
// registered TTF anew for every document and again when it subsets it on
// output — with the whole font about 14 ms per style and document, a
// third of a Genial daneben build, and its API offers no way to share a
// parsed font between documents. A cut style costs a third of that, and
// cutting it once per process costs about one registration. The glyphs
// and widths are the whole font's, so a text prints the same in either
// family; a document embeds a whole style's subset only when it sets such
// a text.
const (
	cutFamily  = fonts.Family
	fullFamily = fonts.Family + "Full"
)

// face is a style of the kit's font in one of the two families.
type face struct {
	style string
	full  bool
}

// faceFor is the face text s is set in: the cut style when the
// repertoire holds every character of s, the whole one otherwise.
func faceFor(style string, s string) face {
	for _, r := range s {
		if !inRepertoire(r) {
			return face{style: style, full: true}
		}
	}
	return face{style: style}
}

// inRepertoire reports whether the cut styles hold r: Latin with its
// extension A (German, the other languages of Europe written in Latin
// letters), general punctuation („“ ‚‘ – — … •), and the symbols the kit
// prints on its cards, boards and rules.
func inRepertoire(r rune) bool {
	switch {
	case r >= 0x20 && r <= 0x17F, r >= 0x2010 && r <= 0x2044:
		return true
	case r >= 0x2190 && r <= 0x21BB: // arrows
		return true
	case r >= 0x2648 && r <= 0x2653: // the zodiac (Lingutaurus ♉)
		return true
	}
	switch r {
	case 0x218, 0x219, 0x21A, 0x21B, // Ș ș Ț ț
		0x1E9E,                                                 // ẞ
		0x2070, 0x00B9, 0x2074, 0x2075, 0x2076, 0x2077, 0x2078, // superscripts
		0x2079, 0x2080, 0x2081, 0x2082, 0x2083, 0x2084, // subscripts
		0x20AC,                         // €
		0x2122,                         // ™
		0x2212, 0x2248, 0x2260, 0x2264, // − ≈ ≠ ≤
		0x2265, 0x221E, // ≥ ∞
		0x25A0, 0x25A1, 0x25B2, 0x25B3, 0x25B6, 0x25BC, 0x25C0, 0x25C6, 0x25C7, // ■ □ ▲ △ ▶ ▼ ◀ ◆ ◇
		0x25CB, 0x25CF, // ○ ●
		0x2605, 0x2606, 0x2660, 0x2663, 0x2665, 0x2666, // ★ ☆ ♠ ♣ ♥ ♦
		0x2702, 0x2713, 0x2714, 0x2717, 0x2718, 0x271A: // ✂ ✓ ✔ ✗ ✘ ✚
		return true
	}
	return false
}

// repertoire lists the runes inRepertoire holds, for cutting.
func repertoire() string {
	var rs []rune
	for r := rune(0x20); r < 0x2800; r++ {
		if inRepertoire(r) {
			rs = append(rs, r)
		}
	}
	return string(rs)
}

var cutStyles struct {
	once [len(styleNames)]sync.Once
	data [len(styleNames)][]byte
}

var styleNames = [...]string{"", "B", "I", "BI"}

// fontData is a face's TTF, cutting the style the first time it is asked
// for (each style once per process; a build that prints no italics never
// cuts them).
func fontData(f face) (style string, data []byte) {
	data, ok := fonts.Styles[f.style]
	if !ok {
		f.style, data = "", fonts.Regular
	}
	if f.full {
		return f.style, data
	}
	for i, name := range styleNames {
		if name == f.style {
			cutStyles.once[i].Do(func() { cutStyles.data[i] = fpdf.UTF8CutFont(data, repertoire()) })
			return f.style, cutStyles.data[i]
		}
	}
	return f.style, data
}

// setFace selects a face of the kit's font, registering it with the PDF
// the first time it is used: a document then parses and embeds only the
// faces it prints (fpdf embeds every registered font, used or not).
func setFace(pdf *fpdf.Fpdf, f face, sizePt float64) {
	family, style := registerFace(pdf, f)
	pdf.SetFont(family, style, sizePt)
}

// registerFace registers a face of the kit's font with the PDF (at once
// when it is registered) and returns its family and style as fpdf knows
// them.
func registerFace(pdf *fpdf.Fpdf, f face) (family, style string) {
	style, data := fontData(f)
	family = cutFamily
	if f.full {
		family = fullFamily
	}
	pdf.AddUTF8FontFromBytes(family, style, data)
	return family, style
}

// knownStyle reports whether style is one of the font's styles.
func knownStyle(style string) bool {
	for _, s := range styleNames {
		if s == style {
			return true
		}
	}
	return false
}
