package components

import (
	"fmt"

	"druckreif/layout"
	"druckreif/layout/pieces"
)

// AnswerTile is the side of a Genial daneben answer tile in mm; the abc
// field on the board has a place of this size per colour.
const AnswerTile = 26.0

// Genial are the components of Genial daneben: answer tiles a, b, c in
// every player colour (placed face down, so the back shows only the
// colour) and a game piece per colour. The score track is a sheet of its
// own (GenialTrack).
func Genial() []Sheet {
	var tiles, figures []pieces.Piece
	for _, pc := range pieces.Players {
		pc := pc
		for _, l := range []string{"a", "b", "c"} {
			l := l
			tiles = append(tiles, pieces.Piece{Name: "Antwortplättchen " + pc.Name + " " + l, W: AnswerTile, H: AnswerTile, Corner: 2,
				Edge: pc.Colour, BackEdge: pc.Colour,
				Front: func(c *layout.Canvas) {
					c.RoundRect(0, 0, c.W, c.H, 2, layout.White, pc.Colour, 1.6)
					c.Mark(c.W/2, c.H/2, 0, l, "B", 34, pc.Colour)
					c.Mark(4.2, 4.2, 0, pc.Symbol, "B", 7, pc.Colour)
				},
				Back: func(c *layout.Canvas) {
					c.RoundRect(0, 0, c.W, c.H, 2, pc.Colour, layout.Color{}, 0)
					c.Mark(c.W/2, c.H/2, 0, pc.Symbol, "B", 22, layout.White)
				}})
		}
		figures = append(figures, standUp("Spielfigur "+pc.Name, pc.Colour, pc.Symbol, pc.Name))
	}
	return []Sheet{{Name: "antwortplaettchen-figuren", Title: "Genial daneben – Antwortplättchen a/b/c und Spielfiguren",
		Notes:  fmt.Sprintf("Beidseitig drucken (lange Kante). %d Farben mit Zeichen; zu zweit braucht es keine Plättchen.", len(pieces.Players)),
		Pieces: append(tiles, figures...)}}
}

// GenialTrack draws the game board of Genial daneben: the score track,
// fields 0–300 in steps of ten (every answer scores 10 or 20), in a snake
// over the page, and below it the abc field, where every player lays the
// answer tile of their choice face down until the questioner reads out the
// right answer (the rulebook).
func GenialTrack(c *layout.Canvas) error {
	c.Text(c.W/2, 8, "Genial daneben – Spielplan", "B", 14, ink, layout.Center)
	c.Text(c.W/2, 15, "Jede richtige Antwort bringt 10 Punkte, die einzige richtige 20; wer fragt, bekommt 10 für jede falsche Antwort.", "", 8, ink, layout.Center)
	const cols, size = 8, 21.0
	x0 := (c.W - cols*size) / 2
	for i := 0; i <= 30; i++ {
		row, col := i/cols, i%cols
		if row%2 == 1 {
			col = cols - 1 - col // snake: every other row runs back
		}
		x, y := x0+float64(col)*size, 24+float64(row)*size
		fill := layout.RGB(255, 243, 224)
		if i%5 == 0 {
			fill = layout.RGB(255, 204, 128)
		}
		c.RoundRect(x+0.8, y+0.8, size-1.6, size-1.6, 2, fill, layout.RGB(120, 80, 40), 0.4)
		c.Mark(x+size/2, y+size/2, 0, fmt.Sprint(i*10), "B", 11, ink)
	}
	return abcField(c, x0, 24+4*size+8, cols*size)
}

// abcField is the board's field for the answer tiles: the letters a b c
// and a place per player colour, each as large as a tile, to lay it face
// down on.
func abcField(c *layout.Canvas, x, y, w float64) error {
	const tile, gap = AnswerTile + 3, 6.0
	n := len(pieces.Players)
	perRow := (n + 1) / 2
	h := 22 + 2*tile + gap + 10
	if y+h > c.H-layout.PrintableMargin {
		return fmt.Errorf("Genial daneben: das abc-Feld passt nicht auf das Blatt (%.0f mm hoch, Platz für %.0f mm)", h, c.H-layout.PrintableMargin-y)
	}
	orange := layout.RGB(239, 108, 0)
	c.RoundRect(x, y, w, h, 4, orange.Tint(0.85), orange, 1.2)
	c.Mark(x+w/2, y+10, 0, "a  b  c", "B", 30, orange) // one line: one baseline
	c.Text(x+w/2, y+18, "abc-Feld: Antwortplättchen hier verdeckt ablegen, bis die richtige Antwort vorgelesen ist", "", 7.5, ink, layout.Center)
	rowW := float64(perRow)*tile + float64(perRow-1)*gap
	for i, pc := range pieces.Players {
		row, col := i/perRow, i%perRow
		tx := x + (w-rowW)/2 + float64(col)*(tile+gap)
		ty := y + 23 + float64(row)*(tile+gap)
		c.RoundRect(tx, ty, tile, tile, 2, layout.White, pc.Colour.Tint(0.3), 0.4)
		c.Mark(tx+tile/2, ty+tile/2-2, 0, pc.Symbol, "B", 18, pc.Colour.Tint(0.55))
		c.Text(tx+tile/2, ty+tile-7, pc.Name, "B", 7, pc.Colour, layout.Center)
	}
	return nil
}
