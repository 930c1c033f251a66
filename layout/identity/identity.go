// Package identity is each game's look on paper: a colour scheme, a
// running ornament and a title cartouche, drawn in vector (layout.Art) and
// shared by the cover page, the card backs, the board and the components,
// so that the parts of one game are seen to belong together.
//
// Everything here is the kit's own: the ornaments are classical friezes in
// the public domain (each named where it is drawn), the cartouche is a
// plain tablet with cut corners, and the titles only name the games.
// Nothing imitates the published games' boxes or cards.
package identity

import (
	"strings"

	"druckreif/decks"
	"druckreif/layout"
)

// Ornament is a running frieze, drawn along the cartouche's edges and, tone
// on tone, all over a card back.
type Ornament int

const (
	// Meander is the Greek key (Mäander), the frieze of Greek vases and
	// temples: a fitting border for a maze.
	Meander Ornament = iota
	// Lozenge is a band of lozenges with dots between them (Rautenfries),
	// as on Romanesque portals.
	Lozenge
	// Chevron is the zigzag band (Zickzackfries) of Norman and Romanesque
	// arches: rising and falling like The Game's two kinds of pile.
	Chevron
	// Stars is a row of six-pointed stars with dots between them
	// (Sternfries), a folk-art border.
	Stars
	// Chequer is the chequer band (Schachbrettfries) of Romanesque
	// cornices: two rows of alternating squares, like a game show's floor.
	Chequer
)

// Name is the ornament's German name, as the docs give it.
func (o Ornament) Name() string {
	return [...]string{"Mäander", "Rautenfries", "Zickzackfries", "Sternfries", "Schachbrettfries"}[o]
}

// Scheme is one game's identity.
type Scheme struct {
	Game decks.Game
	// Title is the cartouche's main text, lines separated by "\n";
	// Subtitle its smaller line under it ("" for none).
	Title, Subtitle string
	Ground          layout.Color // the game's main colour: cover, backs, boxes
	Deep            layout.Color // a dark shade: the cartouche's field, frames
	Accent          layout.Color // the ornament, rules, the subtitle
	Light           layout.Color // a pale tint: paper-coloured fields
	Letters         layout.Color // the title's letters on Deep
	Ornament        Ornament
}

var schemes = map[decks.Game]Scheme{
	decks.Labyrinth: {
		Game: decks.Labyrinth, Title: "Der Dativ ist dem\nGenitiv sein Tod", Subtitle: "Das große Spiel",
		Ground: layout.RGB(0x2e, 0x7d, 0x32), Deep: layout.RGB(0x17, 0x3f, 0x1a), Accent: layout.RGB(0xf2, 0xc2, 0x00),
		Light: layout.RGB(0xee, 0xf5, 0xe6), Letters: layout.RGB(0xff, 0xf8, 0xe1), Ornament: Meander,
	},
	decks.Dativ: {
		Game: decks.Dativ, Title: "Der Dativ ist dem\nGenitiv sein Tod", Subtitle: "Das Kartenspiel",
		Ground: layout.RGB(0x6a, 0x1b, 0x9a), Deep: layout.RGB(0x38, 0x0c, 0x52), Accent: layout.RGB(0x81, 0xd4, 0xfa),
		Light: layout.RGB(0xf3, 0xe8, 0xf8), Letters: layout.RGB(0xff, 0xff, 0xff), Ornament: Lozenge,
	},
	decks.TheGame: {
		Game: decks.TheGame, Title: "The Game", Subtitle: "1 bis 100",
		Ground: layout.RGB(0x37, 0x47, 0x4f), Deep: layout.RGB(0x1c, 0x26, 0x2b), Accent: layout.RGB(0xff, 0x8a, 0x65),
		Light: layout.RGB(0xec, 0xef, 0xf1), Letters: layout.RGB(0xff, 0xff, 0xff), Ornament: Chevron,
	},
	decks.Genial: {
		Game: decks.Genial, Title: "Genial daneben", Subtitle: "Das Spiel",
		Ground: layout.RGB(0x4e, 0x34, 0x2e), Deep: layout.RGB(0x2b, 0x1b, 0x17), Accent: layout.RGB(0xef, 0x6c, 0x00),
		Light: layout.RGB(0xfb, 0xf0, 0xe6), Letters: layout.RGB(0xff, 0xf3, 0xe0), Ornament: Stars,
	},
	decks.Raab: {
		Game: decks.Raab, Title: "Schlag den Raab", Subtitle: "Das Quiz",
		Ground: layout.RGB(0x26, 0x32, 0x38), Deep: layout.RGB(0x11, 0x18, 0x1c), Accent: layout.RGB(0xf5, 0x7c, 0x00),
		Light: layout.RGB(0xfd, 0xf1, 0xe4), Letters: layout.RGB(0xff, 0xff, 0xff), Ornament: Chequer,
	},
}

// Of is a game's scheme; ok is false for a game the kit does not know.
func Of(g decks.Game) (s Scheme, ok bool) {
	s, ok = schemes[g]
	return s, ok
}

// MustOf is Of for the kit's own games, which always have a scheme.
func MustOf(g decks.Game) Scheme {
	s, ok := schemes[g]
	if !ok {
		panic("identity: no scheme for game " + string(g))
	}
	return s
}

// Tone is a colour a little lighter than the ground, for ornament tone on
// tone.
func (s Scheme) Tone() layout.Color { return s.Ground.Tint(0.1) }

// Frieze fills a band of w × h at (x, y) with the scheme's ornament in col:
// as many whole repeats as fit, centred, so nothing is cut off and the band
// needs no clip.
func (s Scheme) Frieze(a *layout.Art, x, y, w, h float64, col layout.Color) {
	unit := s.unit(h)
	n := int(w / unit)
	if n < 1 {
		return
	}
	x0 := x + (w-float64(n)*unit)/2
	for i := 0; i < n; i++ {
		s.repeat(a, x0+float64(i)*unit, y, unit, h, col, i)
	}
}

// Pattern covers w × h at (x, y) with rows of the frieze of height band,
// a band's height apart: the tone-on-tone ground of a card back or a cover.
func (s Scheme) Pattern(a *layout.Art, x, y, w, h, band float64, col layout.Color) {
	rows := int((h + band) / (2 * band))
	if rows < 1 {
		return
	}
	y0 := y + (h-float64(2*rows-1)*band)/2
	for r := 0; r < rows; r++ {
		s.Frieze(a, x, y0+float64(2*r)*band, w, band, col)
	}
}

// unit is the width of one repeat of the ornament in a band of height h.
func (s Scheme) unit(h float64) float64 {
	switch s.Ornament {
	case Meander:
		return h // five by five cells
	case Chequer:
		return h // two rows of two squares
	}
	return h * 1.2
}

// meanderCells is one repeat of the Greek key in a grid of 5 × 5 cells
// (row by row, '#' filled): a hook turning in, on a base line that runs on
// into the next repeat.
var meanderCells = []string{
	"####.",
	"#..#.",
	"#.##.",
	"#....",
	"#####",
}

// repeat draws one repeat of the ornament, the i-th of its band.
func (s Scheme) repeat(a *layout.Art, x, y, u, h float64, col layout.Color, i int) {
	switch s.Ornament {
	case Meander:
		c := h / 5
		for r, row := range meanderCells {
			for start := 0; start < len(row); {
				if row[start] != '#' {
					start++
					continue
				}
				end := start
				for end < len(row) && row[end] == '#' {
					end++
				}
				a.Rect(x+float64(start)*c, y+float64(r)*c, float64(end-start)*c, c, col)
				start = end
			}
		}
	case Lozenge:
		cx, cy := x+u/2, y+h/2
		a.Polygon(col, cx, y, x+u*0.92, cy, cx, y+h, x+u*0.08, cy)
		a.Circle(x, cy, h*0.09, col)
		a.Circle(x+u, cy, h*0.09, col)
	case Chevron:
		t := h * 0.32 // the band's thickness, measured upright
		a.Polygon(col, x, y+h-t, x+u/2, y, x+u, y+h-t, x+u, y+h, x+u/2, y+t, x, y+h)
	case Stars:
		cx, cy := x+u/2, y+h/2
		a.Star(cx, cy, h/2, 0.5, 6, col)
		if i > 0 {
			a.Circle(x, cy, h*0.09, col)
		}
	case Chequer:
		c := h / 2
		a.Rect(x, y, c, c, col)
		a.Rect(x+c, y+c, c, c, col)
	}
}

// Line is one line of the cartouche's text as set: its centre, size and
// style.
type Line struct {
	Text   string
	CX, CY float64
	SizePt float64
	Style  string
	Color  layout.Color
}

// Field is the inner field of a cartouche drawn in (x, y, w, h): where its
// text must stay.
func Field(x, y, w, h float64) (fx, fy, fw, fh float64) {
	band := h * 0.13
	pad := h * 0.05
	return x + pad*2, y + pad + band + pad, w - 4*pad, h - 2*(pad+band+pad)
}

// Lines lays out the cartouche's text in (x, y, w, h): the title's lines,
// as large as the field allows and all at one size, over the subtitle at
// half their size.
func (s Scheme) Lines(x, y, w, h float64) []Line {
	fx, fy, fw, fh := Field(x, y, w, h)
	title := strings.Split(s.Title, "\n")
	// Heights in ems: each title line 1, the gap between lines 0.25, the
	// subtitle 0.55 with a gap of 0.35 above it.
	ems := float64(len(title)) + 0.25*float64(len(title)-1)
	if s.Subtitle != "" {
		ems += 0.35 + 0.55
	}
	const probe = 10.0
	size := fh / ems / capMM(probe) * probe
	for _, t := range title {
		x0, _, x1, _ := layout.InkExtent(t, "B", probe)
		size = min(size, fw*0.94/(x1-x0)*probe)
	}
	if s.Subtitle != "" {
		x0, _, x1, _ := layout.InkExtent(s.Subtitle, "B", probe)
		size = min(size, fw*0.9/(x1-x0)*probe/0.55)
	}
	em := capMM(size)
	cy := fy + (fh-ems*em)/2 + em/2
	var out []Line
	for _, t := range title {
		out = append(out, Line{Text: t, CX: fx + fw/2, CY: cy, SizePt: size, Style: "B", Color: s.Letters})
		cy += 1.25 * em
	}
	if s.Subtitle != "" {
		cy += -1.25*em + em/2 + 0.35*em + 0.55*em/2
		out = append(out, Line{Text: s.Subtitle, CX: fx + fw/2, CY: cy, SizePt: size * 0.55, Style: "B", Color: s.Accent})
	}
	return out
}

// capMM is the height of a capital letter at sizePt, in mm: the unit the
// cartouche measures its lines in.
func capMM(sizePt float64) float64 {
	_, y0, _, y1 := layout.InkExtent("H", "B", sizePt)
	return y1 - y0
}

// Cartouche draws the game's title cartouche into (x, y, w, h) of a: a
// tablet with cut corners in the accent colour, its field in the deep
// shade, the ornament running along its top and bottom, and the title with
// the subtitle in the middle.
func (s Scheme) Cartouche(a *layout.Art, x, y, w, h float64) {
	cut := h * 0.16
	octagon := func(in float64, col layout.Color) {
		c := cut - in*0.6
		x0, y0, x1, y1 := x+in, y+in, x+w-in, y+h-in
		a.Polygon(col, x0+c, y0, x1-c, y0, x1, y0+c, x1, y1-c, x1-c, y1, x0+c, y1, x0, y1-c, x0, y0+c)
	}
	octagon(0, s.Accent)
	octagon(h*0.025, s.Deep)
	band := h * 0.13
	pad := h * 0.05
	s.Frieze(a, x+cut, y+pad, w-2*cut, band, s.Accent)
	s.Frieze(a, x+cut, y+h-pad-band, w-2*cut, band, s.Accent)
	for _, l := range s.Lines(x, y, w, h) {
		a.Mark(l.CX, l.CY, 0, l.Text, l.Style, l.SizePt, l.Color)
	}
}

// CartoucheArt is the cartouche alone, as a drawing of w × h mm.
func (s Scheme) CartoucheArt(w, h float64) *layout.Art {
	a := layout.NewArt(w, h)
	s.Cartouche(a, 0, 0, w, h)
	return a
}

// Back is a common card back of w × h mm in the scheme: the ornament tone
// on tone over the ground, and the cartouche across the middle, clear of
// the cut (a duplex shift moves the whole back, and nothing near the edge
// shows it). The face's background (the ground) fills the bleed.
func (s Scheme) Back(w, h float64) *layout.Art {
	a := layout.NewArt(w, h)
	a.Rect(0, 0, w, h, s.Ground)
	s.Pattern(a, 0, 0, w, h, min(w, h)/14, s.Tone())
	cw := w - 10
	ch := min(h*0.42, cw*0.62)
	s.Cartouche(a, (w-cw)/2, (h-ch)/2, cw, ch)
	return a
}
