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

// standUp is a fold-over figure (see figure) for any piece that stands on
// a board: the player's colour, symbol and name on both sides.
func standUp(name string, col layout.Color, symbol, label string) pieces.Piece {
	const w, panel, base = 22.0, 28.0, 18.0
	side := func(c *layout.Canvas) {
		c.Rect(0, 0, w, panel, col)
		c.Circle(w/2, 11, 8, layout.White, layout.Color{}, 0)
		c.Mark(w/2, 11, 0, symbol, "B", 16, col)
		c.Text(w/2, 21.5, label, "B", 6, layout.White, layout.Center)
	}
	return figure(name, w, panel, base, col, side, side)
}

// Page is a component printed as whole pages rather than cut-out pieces:
// a track, a spinner disc with its assembly, a notes template.
type Page struct {
	Name   string // file name without extension
	Title  string // what it is, for the kit index
	Duplex bool   // printed on both sides (long edge)
	Draw   []func(c *layout.Canvas) error
}
