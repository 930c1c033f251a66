// Package maze draws the board of "Das große Spiel": the round maze from
// package board with its red thread and numbered fields, and around it the
// places for the cards and every colour's bet chips; on one large sheet or
// tiled across A4/Letter sheets.
package maze

import (
	"fmt"
	"math"

	"druckreif/board"
	"druckreif/layout"
	"druckreif/layout/components"
	"druckreif/layout/pieces"
)

// Board size in mm at full scale (A2 portrait); other sizes scale it.
const (
	BoardW = 420.0
	BoardH = 594.0
	mazeR  = 192.0 // outer radius of the maze at full scale
)

var (
	wallColour   = layout.RGB(60, 45, 35)
	threadColour = layout.RGB(200, 30, 30)
	paper        = layout.RGB(250, 246, 236)
	ink          = layout.RGB(30, 30, 30)
)

// Plan is a board laid out at a scale, shifted so no field lies on a tile
// seam.
type Plan struct {
	B      *board.Board
	Scale  float64 // 1 = A2
	CX, CY float64 // centre of the maze on the board, mm at this scale
	// Rot turns the whole maze (radians, clockwise): the same topology
	// laid out differently, to keep fields off tile seams.
	Rot float64
	// moved holds fields slid along the thread, off a tile seam.
	moved map[int]board.Point
}

// rotate turns a maze point by the plan's rotation.
func (p *Plan) rotate(q board.Point) board.Point {
	c, s := math.Cos(p.Rot), math.Sin(p.Rot)
	return board.Point{X: q.X*c - q.Y*s, Y: q.Y*c + q.X*s}
}

// NewPlan lays a board out at a scale with the maze centred near the top.
func NewPlan(b *board.Board, scale float64) *Plan {
	return &Plan{B: b, Scale: scale, CX: BoardW / 2 * scale, CY: (12 + mazeR) * scale}
}

// FieldXY is a field's centre on the board in mm.
func (p *Plan) FieldXY(pos int) (x, y float64) {
	f := p.B.Field(pos)
	if m, ok := p.moved[pos]; ok {
		f = m
	}
	f = p.rotate(f)
	return p.CX + f.X*mazeR*p.Scale, p.CY + f.Y*mazeR*p.Scale
}

// FieldRadius is the radius of a field's loop in mm.
func (p *Plan) FieldRadius() float64 {
	r := p.B.Spacing() * mazeR * p.Scale * 0.36
	ring := (1 - 0.07) / float64(p.B.Maze.Rings) * mazeR * p.Scale
	return math.Min(r, ring*0.36)
}

// RadiusAt is the radius of one field's loop: the board's field radius,
// smaller where another field lies so close (a tight turn of the thread, or
// the branch behind the start passing the way out) that loops would touch.
func (p *Plan) RadiusAt(pos int) float64 {
	r := p.FieldRadius()
	x, y := p.FieldXY(pos)
	for n := -board.Behind; n <= p.B.Length; n++ {
		if n == pos || n == 0 {
			continue
		}
		nx, ny := p.FieldXY(n)
		r = math.Min(r, 0.48*math.Hypot(nx-x, ny-y))
	}
	return r
}

// Draw paints the whole board on c, with its top left corner at (ox, oy).
func (p *Plan) Draw(c *layout.Canvas, ox, oy float64) {
	s := p.Scale
	c.Rect(ox, oy, BoardW*s, BoardH*s, paper)
	p.drawMaze(c, ox, oy)
	p.drawThread(c, ox, oy)
	p.drawAreas(c, ox, oy)
}

func (p *Plan) pt(ox, oy float64, q board.Point) (float64, float64) {
	q = p.rotate(q)
	return ox + p.CX + q.X*mazeR*p.Scale, oy + p.CY + q.Y*mazeR*p.Scale
}

func (p *Plan) drawMaze(c *layout.Canvas, ox, oy float64) {
	m := p.B.Maze
	s := p.Scale
	cx, cy := ox+p.CX, oy+p.CY
	w := 1.4 * s
	exit := m.Thread[len(m.Thread)-1]
	for ring := 0; ring < m.Rings; ring++ {
		_, outer := m.Radii(ring)
		for i := 0; i < m.Cells[ring]; i++ {
			cell := board.Cell{Ring: ring, Index: i}
			a0, a1 := m.Angles(cell)
			// The wall on the clockwise side, unless a passage is there.
			cw := board.Cell{Ring: ring, Index: (i + 1) % m.Cells[ring]}
			if !m.Linked(cell, cw) {
				inner, out := m.Radii(ring)
				x1, y1 := p.pt(ox, oy, polar(inner, a1))
				x2, y2 := p.pt(ox, oy, polar(out, a1))
				c.Line(x1, y1, x2, y2, w, wallColour)
			}
			// The outer wall: towards each outward neighbour, or the rim.
			if ring == m.Rings-1 {
				if cell != exit {
					c.Arc(cx, cy, outer*mazeR*s, a0+p.Rot, a1+p.Rot, w, wallColour)
				}
				continue
			}
			ratio := m.Cells[ring+1] / m.Cells[ring]
			for k := 0; k < ratio; k++ {
				child := board.Cell{Ring: ring + 1, Index: i*ratio + k}
				if !m.Linked(cell, child) {
					b0, b1 := m.Angles(child)
					c.Arc(cx, cy, outer*mazeR*s, b0+p.Rot, b1+p.Rot, w, wallColour)
				}
			}
		}
	}
	// The centre: the start field, and the six niches around it.
	inner, _ := m.Radii(0)
	c.Circle(cx, cy, inner*mazeR*s, layout.RGB(255, 236, 179), wallColour, w)
	c.Text(cx, cy-2.2*s, "START", "B", 9*s, ink, layout.Center)
	for i := 0; i < m.Cells[0]; i++ {
		cell := board.Cell{Ring: 0, Index: i}
		if cell == m.Thread[0] || cell == m.Behind[0] {
			continue
		}
		a0, a1 := m.Angles(cell)
		r0, r1 := m.Radii(0)
		x, y := p.pt(ox, oy, polar((r0+r1)/2, (a0+a1)/2))
		c.Circle(x, y, 5*s, layout.RGB(235, 225, 205), wallColour, 0.4*s)
		c.Text(x, y-1.2*s, "Nische", "", 4.5*s, ink, layout.Center)
	}
}

func polar(r, a float64) board.Point { return board.Point{X: r * math.Sin(a), Y: -r * math.Cos(a)} }

// drawThread draws the red thread and, on it, every field as a loop with
// its number and an arrow in the direction of travel.
func (p *Plan) drawThread(c *layout.Canvas, ox, oy float64) {
	m := p.B.Maze
	s := p.Scale
	for _, route := range [][]board.Cell{m.Thread, m.Behind} {
		var xy []float64
		for _, q := range m.Polyline(route) {
			x, y := p.pt(ox, oy, q)
			xy = append(xy, x, y)
		}
		c.Polyline(1.2*s, threadColour, xy...)
	}
	for pos := -board.Behind; pos <= p.B.Length; pos++ {
		if pos == 0 {
			continue // the start is the centre disc
		}
		r := p.RadiusAt(pos)
		x, y := p.FieldXY(pos)
		x, y = x+ox, y+oy
		fill := layout.White
		if p.B.IsBull(pos) {
			fill = layout.RGB(255, 205, 150)
		}
		c.Circle(x, y, r, fill, threadColour, 0.9*s)
		label := fmt.Sprint(pos)
		if pos < 0 {
			label = fmt.Sprintf("−%d", -pos)
		}
		size := r * 1.05 / 0.3528
		if pos == p.B.Length {
			label = "Ziel"
			size *= 0.75
		}
		c.Text(x, y-r*0.55, label, "B", size, ink, layout.Center)
		if p.B.IsBull(pos) {
			c.Text(x+r*1.05, y-r*1.6, "♉", "B", size*1.1, layout.RGB(110, 60, 30), layout.Left)
		}
		// The arrow points to the next field.
		if pos < p.B.Length {
			nx, ny := p.FieldXY(pos + 1)
			if pos == -1 {
				nx, ny = p.FieldXY(0)
			}
			nx, ny = nx+ox, ny+oy
			a := math.Atan2(ny-y, nx-x)
			if pos < 0 {
				// Behind the start the fields run from the centre outward,
				// but travel is toward the centre: point back along the line.
				a += math.Pi
				if pos > -board.Behind {
					px, py := p.FieldXY(pos - 1)
					a = math.Atan2(y-(py+oy), x-(px+ox)) + math.Pi
				}
			}
			ax, ay := x+math.Cos(a)*r*1.35, y+math.Sin(a)*r*1.35
			tip := r * 0.45
			c.Polygon(threadColour,
				ax+math.Cos(a)*tip, ay+math.Sin(a)*tip,
				ax+math.Cos(a+2.3)*tip, ay+math.Sin(a+2.3)*tip,
				ax+math.Cos(a-2.3)*tip, ay+math.Sin(a-2.3)*tip)
		}
	}
	ex, ey := p.FieldXY(p.B.Length)
	d := math.Hypot(ex-p.CX, ey-p.CY)
	lx, ly := p.CX+(ex-p.CX)/d*(mazeR*s+7*s), p.CY+(ey-p.CY)/d*(mazeR*s+7*s)
	c.Text(ox+lx, oy+ly-3*s, "AUSGANG", "B", 10*s, threadColour, layout.Center)
}

// drawAreas draws, below the maze, the places for the question stack, the
// Lingutaurus stack, the tip cards and each colour's five bet chips (the
// fields fit the printed chips).
func (p *Plan) drawAreas(c *layout.Canvas, ox, oy float64) {
	s := p.Scale
	top := oy + (12+2*mazeR+10)*s
	x := ox + 14*s
	card := func(x, y float64, title, sub string) {
		c.RoundRect(x, y, 63*s, 88*s, 3*s, layout.White, wallColour, 0.6*s)
		c.Text(x+31.5*s, y+36*s, title, "B", 10*s, ink, layout.Center)
		c.Text(x+31.5*s, y+42*s, sub, "", 7*s, ink, layout.Center)
	}
	card(x, top+14*s, "Fragekarten", "20 Karten: 17 + 3 Risiko")
	card(x+68*s, top+14*s, "Lingutaurus", "♉ Zitatkarten")
	// Tip cards A, B, C and their backs.
	tx := x + 142*s
	c.Text(tx, top, "Tippkarten: A · B · C / TIPP", "B", 8*s, ink, layout.Left)
	for i, l := range []string{"A", "B", "C"} {
		c.RoundRect(tx+float64(i)*34*s, top+5*s, 30*s, 42*s, 2*s, layout.White, wallColour, 0.5*s)
		c.Text(tx+float64(i)*34*s+15*s, top+14*s, l, "B", 26*s, ink, layout.Center)
	}
	c.RoundRect(tx+102*s, top+5*s, 30*s, 42*s, 2*s, layout.RGB(230, 230, 230), wallColour, 0.5*s)
	c.Text(tx+117*s, top+22*s, "TIPP", "B", 10*s, ink, layout.Center)
	// Bet chips: five fields per colour, the size of the printed chips.
	d := components.ChipDiameter * s
	cy := top + 52*s
	c.Text(tx, cy, "Einsatzchips: unbenutzte Chips auf die Felder ihrer Farbe", "B", 7*s, ink, layout.Left)
	for i, pc := range pieces.Players {
		rowY := cy + 4*s + float64(i)*(d+1.5*s)
		c.Text(tx, rowY+d/2-2*s, pc.Symbol+" "+pc.Name, "B", 7.5*s, pc.Colour, layout.Left)
		for v := 1; v <= 5; v++ {
			fx := tx + 26*s + float64(v-1)*(d+2*s) + d/2
			c.Circle(fx, rowY+d/2, d/2, pc.Colour.Tint(0.75), pc.Colour, 0.5*s)
			c.Text(fx, rowY+d/2-2.2*s, fmt.Sprint(v), "B", 9*s, ink, layout.Center)
		}
	}
	c.Text(ox+BoardW*s/2, oy+BoardH*s-7*s, "Der Dativ ist dem Genitiv sein Tod: Das große Spiel · druckreif-Spielplan · nur für den privaten Gebrauch neben dem Originalspiel", "", 6*s, ink, layout.Center)
}
