package components

import (
	"fmt"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/identity"
	"druckreif/layout/pieces"
	"druckreif/layout/typeset"
)

// lapTile is the side of a lap tile (+300), which a player takes when
// their figure passes START.
const lapTile = 20.0

// AnswerTile is the side of a Genial daneben answer tile in mm; the abc
// field on the board has a place of this size per colour.
const AnswerTile = 26.0

// Genial are the components of Genial daneben: answer tiles a, b, c in
// every player colour (placed face down, so the back shows only the
// colour) and a game piece per colour. The score track is a sheet of its
// own (GenialTrack); a lap tile per colour (+300) for a figure that passes
// START.
func Genial() []Sheet {
	var tiles, figures, laps []pieces.Piece
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
		laps = append(laps, pieces.Piece{Name: "Rundenplättchen " + pc.Name, W: lapTile, H: lapTile, Corner: 2, Edge: pc.Colour,
			Front: func(c *layout.Canvas) {
				c.RoundRect(0, 0, c.W, c.H, 2, pc.Colour, layout.Color{}, 0)
				c.Mark(c.W/2, c.H/2+1.5, 0, fmt.Sprintf("+%d", lapPoints), "B", 13, layout.White)
				c.Mark(c.W/2, 4, 0, pc.Symbol, "B", 7, layout.White)
			}})
	}
	return []Sheet{{Name: "antwortplaettchen-figuren", Title: "Genial daneben – Antwortplättchen a/b/c und Spielfiguren",
		Notes:  fmt.Sprintf("Beidseitig drucken (lange Kante). %d Farben mit Zeichen; zu zweit braucht es keine Plättchen.", len(pieces.Players)),
		Pieces: append(append(tiles, figures...), laps...)}}
}

// The board's track is a loop of trackFields fields round the page, 0 to
// 290 in tens (every answer scores 10 or 20); START is 0 and 300 alike, so
// a piece that passes it has run a lap: its player takes a lap tile (+300).
const (
	trackFields  = 30
	trackCols    = 7 // fields along the top and the bottom
	trackRows    = trackFields/2 - trackCols + 2
	lapPoints    = trackFields * 10
	trackNumberH = 6.0 // the strip at a field's outer edge that holds its number
)

// trackField is one field of the loop: its square on the page and the side
// of the board it lies on (0 top, 1 right, 2 bottom, 3 left).
type trackField struct {
	X, Y, S float64
	Side    int
}

// genialTrack lays the loop on a page of w × h mm: fields as large as the
// printable area allows, clockwise from START at the top left.
func genialTrack(w, h float64) []trackField {
	m := layout.PrintableMargin + 1
	size := min((w-2*m)/trackCols, (h-2*m)/trackRows)
	x0, y0 := (w-trackCols*size)/2, (h-trackRows*size)/2
	var out []trackField
	add := func(col, row, side int) {
		out = append(out, trackField{X: x0 + float64(col)*size, Y: y0 + float64(row)*size, S: size, Side: side})
	}
	for col := 0; col < trackCols; col++ {
		add(col, 0, 0)
	}
	for row := 1; row < trackRows-1; row++ {
		add(trackCols-1, row, 1)
	}
	for col := trackCols - 1; col >= 0; col-- {
		add(col, trackRows-1, 2)
	}
	for row := trackRows - 2; row >= 1; row-- {
		add(0, row, 3)
	}
	return out
}

// GenialTrack draws the game board of Genial daneben in the game's
// identity: the score track as a loop round the page, its fields large
// enough for a figure's base beside the number, START marked as 0 and 300
// with the lap rule; inside the loop the title cartouche, the scoring and
// the abc field, where every player lays the answer tile of their choice
// face down until the questioner reads out the right answer (the rulebook).
func GenialTrack(c *layout.Canvas) error {
	s := identity.MustOf(decks.Genial)
	fields := genialTrack(c.W, c.H)
	size := fields[0].S
	bx, by := fields[0].X, fields[0].Y
	bw, bh := trackCols*size, trackRows*size
	c.RoundRect(bx, by, bw, bh, 4, s.Light, layout.Color{}, 0)
	for i, f := range fields {
		fill, fg := s.Accent.Tint(0.82), s.Deep
		if i%5 == 0 {
			fill = s.Accent.Tint(0.5)
		}
		if i == 0 {
			fill, fg = s.Accent, layout.White
		}
		c.RoundRect(f.X+0.8, f.Y+0.8, f.S-1.6, f.S-1.6, 2, fill, s.Deep, 0.4)
		number := fmt.Sprint(i * 10)
		if i == 0 {
			number = fmt.Sprintf("0 · %d", lapPoints)
		}
		// The number along the field's outer edge, reading from outside the
		// board; the figure stands on the rest of the field.
		cx, cy := f.X+f.S/2, f.Y+f.S/2
		deg := []float64{0, -90, 180, 90}[f.Side]
		c.Rotated(deg, cx, cy, func() {
			c.Text(cx, cy-f.S/2+1.2, number, "B", fitLine(c, number, "B", 11, 7, f.S-3), fg, layout.Center)
			if i == 0 {
				c.Text(cx, cy+1, "START", "B", 10, fg, layout.Center)
				c.Text(cx, cy+6.5, "↻ +300", "B", 8, fg, layout.Center)
			}
		})
	}
	// Inside the loop.
	ix, iy, iw := bx+size+4, by+size+4, bw-2*size-8
	ih := bh - 2*size - 8
	cartH := iw * 0.38
	c.Stamp(ix, iy, s.CartoucheArt(iw, cartH))
	y := iy + cartH + 5
	rules := []typeset.Block{
		{Text: "Jede richtige Antwort bringt 10 Punkte, die einzige richtige 20; wer fragt, bekommt 10 für jede falsche Antwort. Zu zweit gibt es für eine richtige Antwort immer 10.", Size: 9, Min: 8, Hyphenate: true, Source: "Genial daneben: Spielplan"},
		{Text: fmt.Sprintf("Runde: Wer über %d hinauskommt, zieht über START weiter und nimmt ein Rundenplättchen (+%d) in seiner Farbe; Punkte = Feld + %d.", lapPoints-10, lapPoints, lapPoints), Style: "B", Size: 9, Min: 8, Hyphenate: true, Gap: 2, Source: "Genial daneben: Spielplan"},
	}
	abcH := abcFieldHeight()
	set, err := c.Setter.Fit(rules, iw, iy+ih-abcH-6-y)
	if err != nil {
		return err
	}
	used := 0.0
	for _, b := range set {
		used += b.Gap + b.Height
	}
	y += (iy + ih - abcH - y - used) / 2 // the rules in the middle of the room left
	for _, b := range set {
		y += b.Gap
		c.Block(b, ix, y, iw, ink, layout.Left)
		y += b.Height
	}
	return abcField(c, ix, iy+ih-abcH, iw)
}

// abcFieldHeight is the height of the abc field: the letters, two rows of
// places for the tiles, a margin.
func abcFieldHeight() float64 { return 22 + 2*(AnswerTile+3) + 6 + 6 }

// abcField is the board's field for the answer tiles: the letters a b c
// and a place per player colour, each as large as a tile, to lay it face
// down on.
func abcField(c *layout.Canvas, x, y, w float64) error {
	const tile, gap = AnswerTile + 3, 6.0
	n := len(pieces.Players)
	perRow := (n + 1) / 2
	h := abcFieldHeight()
	if y+h > c.H-layout.PrintableMargin {
		return fmt.Errorf("Genial daneben: das abc-Feld passt nicht auf das Blatt (%.0f mm hoch, Platz für %.0f mm)", h, c.H-layout.PrintableMargin-y)
	}
	orange := identity.MustOf(decks.Genial).Accent
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
