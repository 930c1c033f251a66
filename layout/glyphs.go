package layout

import (
	"sync"

	"golang.org/x/image/font/sfnt"

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
