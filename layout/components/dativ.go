package components

import (
	"fmt"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/identity"
	"druckreif/layout/pieces"
)

// Dativ are the components of the card game besides cards and Decoder: 5
// RICHTIG and 5 FALSCH guess cards with identical backs (votes are secret)
// and 100 point chips.
func Dativ() []Sheet {
	var guess []pieces.Piece
	right, wrong := layout.RGB(46, 125, 50), layout.RGB(198, 40, 40)
	// The common back in the game's identity: its ornament tone on tone,
	// a question mark in the middle; all ten alike, so votes stay secret.
	id := identity.MustOf(decks.Dativ)
	guessBack := id.Ground
	art := layout.NewArt(44, 62)
	art.Rect(0, 0, 44, 62, id.Ground)
	id.Pattern(art, 0, 0, 44, 62, 4.5, id.Tone())
	art.Circle(22, 31, 13, id.Accent)
	art.Circle(22, 31, 12, id.Deep)
	art.Mark(22, 31, 0, "?", "B", 36, id.Letters)
	back := func(c *layout.Canvas) { c.Stamp(0, 0, art) }
	for i := 1; i <= 5; i++ {
		guess = append(guess,
			pieces.Piece{Name: fmt.Sprintf("RICHTIG %d", i), W: 44, H: 62, Corner: 2.5, Back: back, Edge: right, BackEdge: guessBack, Front: func(c *layout.Canvas) {
				c.RoundRect(0, 0, c.W, c.H, 2.5, right, layout.Color{}, 0)
				c.Mark(c.W/2, 24, 0, "✔", "B", 40, layout.White)
				c.Text(c.W/2, 45, "RICHTIG", "B", 12, layout.White, layout.Center)
			}},
			pieces.Piece{Name: fmt.Sprintf("FALSCH %d", i), W: 44, H: 62, Corner: 2.5, Back: back, Edge: wrong, BackEdge: guessBack, Front: func(c *layout.Canvas) {
				c.RoundRect(0, 0, c.W, c.H, 2.5, wrong, layout.Color{}, 0)
				c.Mark(c.W/2, 24, 0, "✘", "B", 40, layout.White)
				c.Text(c.W/2, 45, "FALSCH", "B", 12, layout.White, layout.Center)
			}})
	}
	var chips []pieces.Piece
	gold := layout.RGB(240, 180, 40)
	for i := 1; i <= 100; i++ {
		chips = append(chips, pieces.Piece{Name: fmt.Sprintf("Punktechip %d", i), W: 15, H: 15, Round: true, Edge: gold, Front: func(c *layout.Canvas) {
			c.Circle(7.5, 7.5, 7.5, gold, layout.Color{}, 0)
			c.Mark(7.5, 7.5, 0, "1", "B", 18, ink)
		}})
	}
	return []Sheet{
		{Name: "ratekarten", Title: "Der Dativ ist dem Genitiv sein Tod – Ratekarten RICHTIG / FALSCH",
			Notes: "Beidseitig drucken (lange Kante): alle Rückseiten sind gleich, damit geheim abgestimmt wird.", Pieces: guess},
		{Name: "punktechips", Title: "Der Dativ ist dem Genitiv sein Tod – 100 Punktechips",
			Notes: "Einseitig drucken, ausschneiden (oder durch Münzen ersetzen).", Pieces: chips},
	}
}
