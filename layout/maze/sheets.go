package maze

import (
	"fmt"
	"math"

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

// drawTile draws tile i on its sheet: its part of the board with the glue
// strips beyond its right and bottom seams hatched and labelled, the
// alignment marks across its seams, its cut edges, and in the margin its
// name, which edges go on top and the 100 mm scale bar.
func drawTile(c *layout.Canvas, p *Plan, t *Tiling, i int) {
	tl := t.Tiles[i]
	ox, oy := t.TileOrigin(i)
	w := tl.Window
	sx, sy := ox+w.X0, oy+w.Y0
	c.Clip(sx, sy, w.W(), w.H(), func() {
		p.drawPart(c, ox, oy, w)
		for _, s := range t.Seams {
			if s.Under != i {
				continue
			}
			// The strip the next tile covers: greyed and hatched, and the
			// line its edge goes on.
			strip := box{s.From.X, w.Y0, w.X1, w.Y1}
			if !s.Vertical() {
				strip = box{w.X0, s.From.Y, w.X1, w.Y1}
			}
			c.Clip(ox+strip.X0, oy+strip.Y0, strip.W(), strip.H(), func() {
				c.Blend("Multiply", func() { c.Rect(ox+strip.X0, oy+strip.Y0, strip.W(), strip.H(), layout.RGB(225, 225, 225)) })
				for d := -strip.H(); d < strip.W(); d += 3 {
					c.Line(ox+strip.X0+d, oy+strip.Y0, ox+strip.X0+d+strip.H(), oy+strip.Y1, 0.25, glueColour)
				}
			})
			c.Line(ox+s.From.X, oy+s.From.Y, ox+s.To.X, oy+s.To.Y, 0.3, ink)
			stripLabels(c, t, s, ox, oy)
		}
		for _, s := range t.Seams {
			if s.Under == i || s.Over == i {
				for _, m := range s.Marks {
					alignmentMark(c, s, m, s.Over == i, ox, oy)
				}
			}
		}
		c.DashedRect(sx, sy, w.W(), w.H(), 0.35, layout.Black)
	})
	// The margin: the tile's name and place, and which edges go on top.
	name := fmt.Sprintf("Spielplan-Kachel %s · Blatt %d von %d · mit 100 %% drucken", tl.Name(), i+2, len(t.Tiles)+1)
	c.Text(sx, sy-10, name, "B", 9, ink, layout.Left)
	c.Text(sx+w.W(), sy-9.6, "✂ an der gestrichelten Linie schneiden", "", 7, ink, layout.Right)
	for _, s := range t.Seams {
		if s.Over != i {
			continue
		}
		under := t.Tiles[s.Under].Name()
		if s.Vertical() {
			c.Rotated(90, sx-3.5, sy+w.H()/2, func() {
				c.Text(sx-3.5, sy+w.H()/2-1.2, "◀ Diese Kante genau schneiden: sie liegt auf dem Klebestreifen von "+under, "", 7, ink, layout.Center)
			})
		} else {
			c.Text(sx+w.W()/2, sy-4.6, "▲ Obere Kante genau schneiden: sie liegt auf dem Klebestreifen von "+under, "", 7, ink, layout.Center)
		}
	}
	bx, by := t.ScaleBarAt(i)
	scaleBar(c, bx, by)
}

// ScaleBarAt is where a tile's scale bar starts on its sheet (sheet mm,
// the bar's top left corner): below the tile, at its left edge.
func (t *Tiling) ScaleBarAt(i int) (x, y float64) {
	ox, oy := t.TileOrigin(i)
	w := t.Tiles[i].Window
	return ox + w.X0, oy + w.Y1 + 9
}

// scaleBarHeight is the thickness of the solid scale bar (mm).
const scaleBarHeight = 1.5

// scaleBar draws a solid bar ScaleBar mm long with a tick every 10 mm and
// what to do when it measures otherwise.
func scaleBar(c *layout.Canvas, x, y float64) {
	c.Rect(x, y, ScaleBar, scaleBarHeight, layout.Black)
	for k := 0; k <= 10; k++ {
		l := 1.5
		if k%5 == 0 {
			l = 3
		}
		c.Line(x+float64(k)*10, y-l, x+float64(k)*10, y, 0.25, layout.Black)
	}
	c.Text(x, y-6.5, "0", "", 7, ink, layout.Center)
	c.Text(x+50, y-6.5, "50", "", 7, ink, layout.Center)
	c.Text(x+ScaleBar, y-6.5, "100 mm", "", 7, ink, layout.Center)
	c.Text(x, y+3.5, "Dieser Balken misst genau 100 mm. Misst er weniger oder mehr, mit 100 % neu drucken (nicht „An Seite anpassen“).", "", 7, ink, layout.Left)
}

// alignmentMark draws one mark across a seam: a line at right angles to
// it and a ring centred on it. A tile laid on top (over) prints only its
// side, since it is cut at the seam; the tile below prints the whole mark,
// whose far half the strip hides once glued. Lying right, the two halves
// make one straight line and one round ring.
func alignmentMark(c *layout.Canvas, s Seam, m xy, over bool, ox, oy float64) {
	mark := layout.RGB(0, 60, 160)
	ux, uy := 1.0, 0.0 // across the seam, towards the tile on top
	if !s.Vertical() {
		ux, uy = 0, 1
	}
	from := -markArm
	if over {
		from = 0
	}
	x0, y0 := ox+m.X+ux*from, oy+m.Y+uy*from
	x1, y1 := ox+m.X+ux*markArm, oy+m.Y+uy*markArm
	c.Line(x0, y0, x1, y1, 1.4, layout.White)
	c.Circle(ox+m.X, oy+m.Y, 2.5, layout.Color{}, layout.White, 1.2)
	c.Line(x0, y0, x1, y1, 0.35, mark)
	c.Circle(ox+m.X, oy+m.Y, 2.5, layout.Color{}, mark, 0.35)
}

// stripLabels writes into a glue strip which tile it belongs to and
// which tile is glued onto it, at a third and two thirds of the seam.
func stripLabels(c *layout.Canvas, t *Tiling, s Seam, ox, oy float64) {
	const size = 7.5
	text := t.label(s)
	tw, th := c.TextWidth(text, "B", size)+3, 5.0
	for _, f := range []float64{1.0 / 3, 2.0 / 3} {
		at := xy{s.From.X + f*(s.To.X-s.From.X), s.From.Y + f*(s.To.Y-s.From.Y)}
		deg := 0.0
		if s.Vertical() {
			at.X += Overlap / 2
			deg = 90
		} else {
			at.Y += Overlap / 2
		}
		c.Rotated(deg, ox+at.X, oy+at.Y, func() {
			c.RoundRect(ox+at.X-tw/2, oy+at.Y-th/2, tw, th, 1, layout.White, glueColour, 0.2)
			c.Text(ox+at.X, oy+at.Y-1.5, text, "B", size, layout.RGB(40, 40, 40), layout.Center)
		})
	}
}

// overview shows the whole board small with the tiles on it, the order to
// glue them in, and how.
func overview(c *layout.Canvas, p *Plan, t *Tiling) {
	c.Text(c.W/2, 8, "Spielplan in Kacheln – so wird er zusammengesetzt", "B", 13, ink, layout.Center)
	lines := []string{
		fmt.Sprintf("%d Blätter mit 100 %% drucken (nicht „An Seite anpassen“); der Balken unter jeder Kachel misst genau 100 mm.", len(t.Tiles)),
		"Jedes Blatt an der gestrichelten Linie gerade ausschneiden. Reihe für Reihe von links oben (A1) kleben: jede Kachel mit ihrer",
		"linken und oberen Kante genau auf die Linie am grauen Klebestreifen der Nachbarn legen, so dass die blauen Marken gerade durchlaufen.",
	}
	for i, l := range lines {
		c.Text(c.W/2, 15+float64(i)*3.8, l, "", 7.5, ink, layout.Center)
	}
	top := 29.0
	scale := math.Min((c.W-20)/p.Paper.W, (c.H-top-8)/p.Paper.H)
	x0 := (c.W - p.Paper.W*scale) / 2
	c.Scaled(scale, x0, top, func() { p.Draw(c, x0, top) })
	at := func(q xy) (float64, float64) { return x0 + q.X*scale, top + q.Y*scale }
	for _, s := range t.Seams {
		ax, ay := at(s.From)
		bx, by := at(s.To)
		c.Line(ax, ay, bx, by, 0.8, guideColour)
	}
	for i, tl := range t.Tiles {
		cx, cy := at(xy{(tl.Region.X0 + tl.Region.X1) / 2, (tl.Region.Y0 + tl.Region.Y1) / 2})
		c.Circle(cx, cy, 7, layout.White, guideColour, 0.6)
		c.Glyph(cx, cy-1.2, 0, tl.Name(), "B", 12, guideColour)
		c.Glyph(cx, cy+3.8, 0, fmt.Sprintf("%d.", i+1), "B", 7, guideColour)
	}
	c.DashedRect(x0, top, p.Paper.W*scale, p.Paper.H*scale, 0.3, guideColour)
}
