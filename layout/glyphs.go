package layout

import (
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"druckreif/fonts"
)

var (
	sfntOnce  sync.Once
	sfntFaces map[string]*sfnt.Font
	glyphMu   sync.Mutex
	glyphBuf  sfnt.Buffer
)

// fontHas reports whether the font of a style maps r to a glyph.
func fontHas(style string, r rune) bool {
	sfntOnce.Do(func() {
		sfntFaces = map[string]*sfnt.Font{}
		for st, data := range fonts.Styles {
			f, err := sfnt.Parse(data)
			if err != nil {
				panic("fonts: embedded font unreadable: " + err.Error())
			}
			sfntFaces[st] = f
		}
	})
	f := sfntFaces[style]
	if f == nil {
		f = sfntFaces[""]
	}
	glyphMu.Lock()
	defer glyphMu.Unlock()
	idx, err := f.GlyphIndex(&glyphBuf, r)
	return err == nil && idx != 0
}

// inkBox is the extent of a glyph's outline in em, y up from the baseline,
// x from the pen position.
type inkBox struct{ x0, y0, x1, y1 float64 }

var (
	inkMu    sync.Mutex
	inkCache = map[string]map[rune]inkBox{}
)

// glyphInk returns the outline's extent of r in a style (zero for a glyph
// without outline, such as a space).
func glyphInk(style string, r rune) inkBox {
	fontHas(style, r) // parses the fonts once
	inkMu.Lock()
	defer inkMu.Unlock()
	tab := inkCache[style]
	if tab == nil {
		tab = map[rune]inkBox{}
		inkCache[style] = tab
	}
	if b, ok := tab[r]; ok {
		return b
	}
	f := sfntFaces[style]
	if f == nil {
		f = sfntFaces[""]
	}
	var box inkBox
	upm := f.UnitsPerEm()
	glyphMu.Lock()
	idx, err := f.GlyphIndex(&glyphBuf, r)
	if err == nil && idx != 0 {
		// At ppem = units per em the bounds come in font units; sfnt's y
		// runs downwards.
		b, _, err := f.GlyphBounds(&glyphBuf, idx, fixed.I(int(upm)), font.HintingNone)
		if err == nil {
			em := float64(upm)
			box = inkBox{float64(b.Min.X) / 64 / em, -float64(b.Max.Y) / 64 / em, float64(b.Max.X) / 64 / em, -float64(b.Min.Y) / 64 / em}
		}
	}
	glyphMu.Unlock()
	tab[r] = box
	return box
}
