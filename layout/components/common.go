// Package components draws the physical components of the games besides
// the cards — chips, tiles, guess cards, stand-ups, tracks — as punch-out
// sheets (package pieces). Player colours are always told apart by a
// symbol too.
package components

import (
	"druckreif/layout"
	"druckreif/layout/pieces"
)

var ink = layout.RGB(30, 30, 30)

// Sheet is one printable file of components.
type Sheet struct {
	Name   string // file name without extension, e.g. "einsatzchips"
	Title  string
	Notes  string
	Pieces []pieces.Piece
}

// standUp is a fold-over figure in three panels — front, back (upside down,
// so it reads from the other side when folded), base — for any piece that
// stands on a board.
func standUp(name string, col layout.Color, symbol, label string) pieces.Piece {
	const w, panel, base = 22.0, 28.0, 18.0
	return pieces.Piece{Name: name, W: w, H: 2*panel + base, Edge: col, Front: func(c *layout.Canvas) {
		face := func(y float64) {
			c.Rect(0, y, w, panel, col)
			c.Circle(w/2, y+11, 8, layout.White, layout.Color{}, 0)
			c.Mark(w/2, y+11, 0, symbol, "B", 16, col)
			c.Text(w/2, y+21.5, label, "B", 6, layout.White, layout.Center)
		}
		face(panel)
		c.Rotated(180, w/2, panel/2, func() { face(0) })
		c.Rect(0, 2*panel, w, base, col.Tint(0.6))
		c.Text(w/2, 2*panel+base/2-1.5, "Fuß – kleben", "", 5, ink, layout.Center)
		c.DashedLine(0, panel, w, panel, 0.2, ink)
		c.DashedLine(0, 2*panel, w, 2*panel, 0.2, ink)
	}}
}

// Page is a component printed as whole pages rather than cut-out pieces:
// a track, a spinner disc with its assembly, a notes template.
type Page struct {
	Name   string // file name without extension
	Title  string // what it is, for the kit index
	Duplex bool   // printed on both sides (long edge)
	Draw   []func(c *layout.Canvas) error
}
