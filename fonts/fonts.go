// Package fonts embeds the typeface the kit is printed in: DejaVu Sans
// Condensed in four styles. It covers German completely (ä ö ü ß ẞ, „“ ‚‘ –)
// and the symbols the cards use (✔ ✘ ★ ▲ ● ■ ◆ ✚ arrows); condensed, because
// cards are narrow. Licence: LICENSE.txt beside this file.
package fonts

import _ "embed"

// Family is the name under which the PDF engine registers the fonts.
const Family = "DejaVuCond"

var (
	//go:embed DejaVuSansCondensed.ttf
	Regular []byte
	//go:embed DejaVuSansCondensed-Bold.ttf
	Bold []byte
	//go:embed DejaVuSansCondensed-Oblique.ttf
	Italic []byte
	//go:embed DejaVuSansCondensed-BoldOblique.ttf
	BoldItalic []byte
)

// Styles maps fpdf style strings to font data.
var Styles = map[string][]byte{"": Regular, "B": Bold, "I": Italic, "BI": BoldItalic}
