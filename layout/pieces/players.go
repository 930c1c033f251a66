package pieces

import "druckreif/layout"

// PlayerColour is one of the six player colours, told apart by a symbol as
// well as by colour (for colour-blind players and black-and-white copies).
type PlayerColour struct {
	Name   string // German
	Colour layout.Color
	Symbol string // a glyph of the kit's font
}

// Players are the six colours of the labyrinth (and the other games).
var Players = []PlayerColour{
	{"Rot", layout.RGB(211, 47, 47), "●"},
	{"Blau", layout.RGB(25, 118, 210), "■"},
	{"Grün", layout.RGB(56, 142, 60), "▲"},
	{"Gelb", layout.RGB(240, 190, 30), "◆"},
	{"Lila", layout.RGB(123, 31, 162), "★"},
	{"Orange", layout.RGB(245, 124, 0), "✚"},
}
