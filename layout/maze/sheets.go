package maze

import (
	"fmt"
	"math"
	"strings"

	"druckreif/board"
	"druckreif/layout"
)

// OnePage draws the board on one sheet of A2 (full size) or A3.
func OnePage(b *board.Board, sheet layout.Paper) ([]byte, error) {
	p, err := NewPlan(b, sheet)
	if err != nil {
		return nil, err
	}
	return layout.Pages(sheet.W, sheet.H, "Spielplan "+sheet.Name, []func(*layout.Canvas) error{
		func(c *layout.Canvas) error { p.Draw(c, 0, 0); return nil },
	})
}

var (
	guideColour = layout.RGB(0, 90, 200)
	glueColour  = layout.RGB(120, 120, 120)
)

// Tiles draws the A2 board across A4 or Letter sheets: an overview page
// that shows how the tiles go together, then one page per tile.
func Tiles(b *board.Board, sheet layout.Paper) ([]byte, *Tiling, error) {
	p, err := NewPlan(b, layout.A2)
	if err != nil {
		return nil, nil, err
	}
	t, err := PlanTiles(p, sheet)
	if err != nil {
		return nil, nil, err
	}
	draws := []func(*layout.Canvas) error{func(c *layout.Canvas) error { overview(c, p, t); return nil }}
	for i := range t.Tiles {
		i := i
		draws = append(draws, func(c *layout.Canvas) error { drawTile(c, p, t, i); return nil })
	}
	data, err := layout.Pages(sheet.W, sheet.H, "Spielplan in Kacheln ("+sheet.Name+")", draws)
	return data, t, err
}

// TileOrigin is where board point (0, 0) lies on a tile's sheet: the
// tile's window is centred on the sheet.
func (t *Tiling) TileOrigin(i int) (ox, oy float64) {
	w := t.Tiles[i].Window
	return (t.Sheet.W-w.W())/2 - w.X0, (t.Sheet.H-w.H())/2 - w.Y0
}

func flat(q path, ox, oy float64) []float64 {
	out := make([]float64, 0, 2*len(q))
	for _, p := range q {
		out = append(out, ox+p.X, oy+p.Y)
	}
	return out
}

// drawTile draws tile i on its sheet: its part of the board with the glue
// strips beyond its right and bottom seams hatched and labelled, its own
// cut edges, and in the margin its name and which edge goes on top.
func drawTile(c *layout.Canvas, p *Plan, t *Tiling, i int) {
	tl := t.Tiles[i]
	ox, oy := t.TileOrigin(i)
	w := tl.Window
	sx, sy := ox+w.X0, oy+w.Y0
	c.Clip(sx, sy, w.W(), w.H(), func() {
		c.ClipPolygon(flat(tl.Print, ox, oy), func() {
			p.drawPart(c, ox, oy, w)
			// Glue strips: what the later tiles cover.
			for j := i + 1; j < len(t.Tiles); j++ {
				later := t.Tiles[j]
				c.ClipPolygon(flat(later.Region, ox, oy), func() {
					c.Blend("Multiply", func() {
						c.Rect(sx, sy, w.W(), w.H(), layout.RGB(232, 232, 232))
					})
					for d := -w.H(); d < w.W(); d += 4 {
						c.Line(sx+d, sy, sx+d+w.H(), sy+w.H(), 0.25, glueColour)
					}
				})
			}
			glueLabels(c, t, i, ox, oy)
			// The outer cut line, and the seams this tile is cut along.
			c.DashedRect(sx, sy, w.W(), w.H(), 0.35, layout.Black)
		})
		for _, s := range []path{tl.Left, tl.Top} {
			if s != nil {
				c.DashedPolyline(0.35, layout.Black, []float64{3, 1.5}, flat(s, ox, oy)...)
			}
		}
	})
	// The margin: the tile's name, and which edges go on top.
	name := fmt.Sprintf("Spielplan-Kachel %s · Blatt %d von %d · 100 %% drucken", tl.Name(), i+2, len(t.Tiles)+1)
	cut := "✂ an der gestrichelten Linie ausschneiden"
	c.Text(sx, sy+w.H()+2, name, "B", 8, ink, layout.Left)
	if c.TextWidth(name, "B", 8)+c.TextWidth(cut, "", 7)+4 < w.W() {
		c.Text(sx+w.W(), sy+w.H()+2.3, cut, "", 7, ink, layout.Right)
	} else {
		c.Text(sx, sy+w.H()+5.8, cut, "", 7, ink, layout.Left)
	}
	if tl.Left != nil {
		under := t.Tile(tl.Row, tl.Col-1).Name()
		c.Rotated(90, sx-3.5, sy+w.H()/2, func() {
			c.Text(sx-3.5, sy+w.H()/2-1.2, "◀ Diese Kante genau ausschneiden: sie liegt oben auf der Klebefläche von "+under, "", 6.5, ink, layout.Center)
		})
	}
	if tl.Top != nil {
		c.Text(sx+w.W()/2, sy-4.5, "▲ Obere Kante genau ausschneiden: sie liegt oben auf der Klebefläche von "+strings.Join(tilesAbove(t, i), " und "), "", 6.5, ink, layout.Center)
	}
}

// tilesAbove names the tiles of the row above whose bottom seam a tile's
// top edge lies on.
func tilesAbove(t *Tiling, i int) []string {
	tl := t.Tiles[i]
	top := bounds(tl.Top)
	var names []string
	for c := 0; c < t.Cols; c++ {
		a := t.Tile(tl.Row-1, c)
		ab := bounds(a.Region)
		if math.Min(ab.X1, top.X1)-math.Max(ab.X0, top.X0) > 1 {
			names = append(names, a.Name())
		}
	}
	return names
}

// glueLabels writes into the glue strips of tile i which tile goes on top.
func glueLabels(c *layout.Canvas, t *Tiling, i int, ox, oy float64) {
	tl := t.Tiles[i]
	w := tl.Window
	const size = 7.0
	// label writes the note at a point of the strip if its whole box lies
	// in the later tile's part and on this sheet.
	label := func(at xy, vertical bool, later *Tile) bool {
		text := "Klebefläche · " + later.Name() + " liegt oben"
		tw, th := c.TextWidth(text, "B", size)+3, 4.8
		hw, hh := tw/2, th/2
		if vertical {
			hw, hh = hh, hw
		}
		for _, q := range []xy{{at.X - hw, at.Y - hh}, {at.X + hw, at.Y - hh}, {at.X - hw, at.Y + hh}, {at.X + hw, at.Y + hh}, at} {
			if !inside(later.Region, q) || !inside(tl.Print, q) || q.X < w.X0 || q.X > w.X1 || q.Y < w.Y0 || q.Y > w.Y1 {
				return false
			}
		}
		deg := 0.0
		if vertical {
			deg = 90
		}
		c.Rotated(deg, ox+at.X, oy+at.Y, func() {
			c.RoundRect(ox+at.X-tw/2, oy+at.Y-th/2, tw, th, 1, layout.White, glueColour, 0.2)
			c.Text(ox+at.X, oy+at.Y-1.4, text, "B", size, layout.RGB(60, 60, 60), layout.Center)
		})
		return true
	}
	shares := []float64{0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8}
	if tl.Right != nil {
		later := t.Tile(tl.Row, tl.Col+1)
	right:
		for _, f := range shares {
			at := pointAlong(tl.Right, f)
			for _, dx := range []float64{Overlap / 2, 3 * Overlap / 4, Overlap} {
				if label(xy{at.X + dx, at.Y}, true, later) {
					break right
				}
			}
		}
	}
	if tl.Bottom != nil {
		later := t.Tile(tl.Row+1, tl.Col)
	bottom:
		for _, f := range shares {
			at := pointAlong(tl.Bottom, f)
			for _, dy := range []float64{Overlap / 2, 3 * Overlap / 4, Overlap} {
				if label(xy{at.X, at.Y + dy}, false, later) {
					break bottom
				}
			}
		}
	}
}

// pointAlong is the point a share f of the way along a polyline.
func pointAlong(q path, f float64) xy {
	target := f * q.length()
	acc := 0.0
	for i := 1; i < len(q); i++ {
		d := math.Hypot(q[i].X-q[i-1].X, q[i].Y-q[i-1].Y)
		if acc+d >= target && d > 0 {
			s := (target - acc) / d
			return xy{q[i-1].X + s*(q[i].X-q[i-1].X), q[i-1].Y + s*(q[i].Y-q[i-1].Y)}
		}
		acc += d
	}
	return q[len(q)-1]
}

// overview shows the whole board small with the tiles on it, the order to
// glue them in, and how.
func overview(c *layout.Canvas, p *Plan, t *Tiling) {
	c.Text(c.W/2, 8, "Spielplan in Kacheln – so wird er zusammengesetzt", "B", 13, ink, layout.Center)
	lines := []string{
		fmt.Sprintf("%d Blätter in Originalgröße (100 %% drucken, nicht „an Seite anpassen“). Jedes Blatt an der gestrichelten Linie ausschneiden.", len(t.Tiles)),
		"Die Nähte laufen an den Wänden des Labyrinths entlang und schneiden nie ein Feld. Reihe für Reihe von links oben kleben:",
		"jedes Blatt mit seiner linken und oberen Kante genau auf die Linie der grau schraffierten Klebefläche der Nachbarn legen.",
	}
	for i, l := range lines {
		c.Text(c.W/2, 15+float64(i)*3.6, l, "", 7, ink, layout.Center)
	}
	top := 28.0
	scale := math.Min((c.W-20)/p.Paper.W, (c.H-top-8)/p.Paper.H)
	x0 := (c.W - p.Paper.W*scale) / 2
	c.Scaled(scale, x0, top, func() { p.Draw(c, x0, top) })
	at := func(q xy) (float64, float64) { return x0 + q.X*scale, top + q.Y*scale }
	for _, s := range t.Seams() {
		var pts []float64
		for _, q := range s {
			x, y := at(q)
			pts = append(pts, x, y)
		}
		c.Polyline(0.8, guideColour, pts...)
	}
	for i, tl := range t.Tiles {
		b := bounds(tl.Region)
		cx, cy := at(xy{(b.X0 + b.X1) / 2, (b.Y0 + b.Y1) / 2})
		if !inside(tl.Region, xy{(b.X0 + b.X1) / 2, (b.Y0 + b.Y1) / 2}) {
			cx, cy = at(pointAlong(tl.Region, 0.1))
		}
		c.Circle(cx, cy, 6, layout.White, guideColour, 0.6)
		c.Glyph(cx, cy-1.4, 0, fmt.Sprint(i+1), "B", 12, guideColour)
		c.Glyph(cx, cy+3, 0, tl.Name(), "B", 5, guideColour)
	}
	c.DashedRect(x0, top, p.Paper.W*scale, p.Paper.H*scale, 0.3, guideColour)
}
