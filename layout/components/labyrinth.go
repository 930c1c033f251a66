package components

import (
	"fmt"

	"druckreif/layout"
	"druckreif/layout/pieces"
)

// ChipDiameter is the size of a labyrinth bet chip; the board's chip fields
// are drawn to fit it.
const ChipDiameter = 18.0

// The pieces stand in the board's fields: a pawn's base (PawnW wide,
// PawnD deep) fits inside a field's loop on the A2 board (27 mm) and, on
// A3, spans the loop within its corridor; a Lingutaurus tile
// (TileDiameter) fits inside an A2 loop and in an A3 corridor, and holds
// a pawn.
const (
	PawnW        = 18.0
	PawnD        = 14.0
	pawnPanel    = 26.0
	TileDiameter = 22.0
)

// Labyrinth are the punch-out components of Das große Spiel: 30 bet chips
// (six colours × 1–5, two-sided), 18 tip cards (six colours × A/B/C, backs
// "TIPP"), 3 Lingutaurus tiles and six pawns.
func Labyrinth() []Sheet {
	var chips, tips, other []pieces.Piece
	for _, pc := range pieces.Players {
		pc := pc
		for v := 1; v <= 5; v++ {
			v := v
			chips = append(chips, pieces.Piece{
				Name: fmt.Sprintf("Einsatzchip %s %d", pc.Name, v), W: ChipDiameter, H: ChipDiameter, Round: true,
				Edge: pc.Colour, BackEdge: pc.Colour,
				Front: func(c *layout.Canvas) {
					c.Circle(c.W/2, c.H/2, c.W/2, pc.Colour, layout.Color{}, 0)
					c.Circle(c.W/2, c.H/2, 6, layout.White, layout.Color{}, 0)
					c.Mark(c.W/2, c.H/2, 0, fmt.Sprint(v), "B", 16, ink)
					c.Mark(c.W/2, 1.5, 0, pc.Symbol, "B", 6.5, layout.White) // in the ring
				},
				Back: func(c *layout.Canvas) {
					c.Circle(c.W/2, c.H/2, c.W/2, pc.Colour, layout.Color{}, 0)
					c.Mark(c.W/2, c.H/2, 0, pc.Symbol, "B", 16, layout.White)
				},
			})
		}
		for _, l := range []string{"A", "B", "C"} {
			l := l
			tips = append(tips, pieces.Piece{
				Name: "Tippkarte " + pc.Name + " " + l, W: 30, H: 42, Corner: 2,
				Edge: pc.Colour, BackEdge: pc.Colour,
				Front: func(c *layout.Canvas) {
					c.RoundRect(0, 0, c.W, c.H, 2, layout.White, pc.Colour, 2)
					c.Mark(c.W/2, 19.5, 0, l, "B", 40, pc.Colour)
					c.Mark(4.8, 4.8, 0, pc.Symbol, "B", 8, pc.Colour)
					c.Text(c.W/2, c.H-6, pc.Name, "B", 6, ink, layout.Center)
				},
				Back: func(c *layout.Canvas) {
					c.RoundRect(0, 0, c.W, c.H, 2, pc.Colour, layout.Color{}, 0)
					c.Mark(c.W/2, 17, 0, "TIPP", "B", 13, layout.White)
					c.Mark(c.W/2, 27, 0, pc.Symbol, "B", 12, layout.White)
				},
			})
		}
		other = append(other, pawn(pc))
	}
	bull := layout.RGB(120, 65, 30)
	for i := 1; i <= 3; i++ {
		const d = TileDiameter
		other = append(other, pieces.Piece{Name: fmt.Sprintf("Lingutaurus-Plättchen %d", i), W: d, H: d, Round: true, Edge: bull,
			Front: func(c *layout.Canvas) {
				c.Circle(d/2, d/2, d/2, bull, layout.Color{}, 0)
				c.Circle(d/2, d/2, d/2-1.2, layout.Color{}, layout.White, 0.5)
				c.Mark(d/2, d/2, 0, "♉", "B", 32, layout.White)
			}})
	}
	return []Sheet{
		{Name: "einsatzchips-tippkarten", Title: "Das große Spiel – Einsatzchips und Tippkarten",
			Notes:  "Beidseitig drucken (lange Kante), an den Linien ausschneiden. Jede Farbe hat ihr Zeichen: ● Rot ■ Blau ▲ Grün ◆ Gelb ★ Lila ✚ Orange.",
			Pieces: append(chips, tips...)},
		{Name: "figuren-plaettchen", Title: "Das große Spiel – Spielfiguren und Lingutaurus-Plättchen",
			Notes:  "Einseitig drucken. Figuren am Kopf falten, zusammenkleben, die Füße nach vorn und hinten knicken (Fuß 18 × 14 mm). Plättchen auf die Felder mit dem Stier.",
			Pieces: other},
	}
}

// pawn is a labyrinth playing piece: a fold-over stand-up whose base fits
// a field's loop.
func pawn(pc pieces.PlayerColour) pieces.Piece {
	side := func(c *layout.Canvas) {
		c.Rect(0, 0, PawnW, pawnPanel, pc.Colour)
		c.Circle(PawnW/2, 10, 7, layout.White, layout.Color{}, 0)
		c.Mark(PawnW/2, 10, 0, pc.Symbol, "B", 15, pc.Colour)
		c.Text(PawnW/2, 19.5, pc.Name, "B", fitLine(c, pc.Name, "B", 6, 4, PawnW-2), layout.White, layout.Center)
	}
	return figure("Spielfigur "+pc.Name, PawnW, pawnPanel, PawnD, pc.Colour, side, side)
}
