// Package maze draws the board of "Das große Spiel": the round maze from
// package board with its red Ariadne thread, whose loops are the fields,
// and around it the places for the card stacks, the tip cards and every
// colour's bet chips; on one A2 or A3 sheet, or the A2 board tiled across
// A4/Letter sheets.
package maze

import (
	"fmt"
	"math"

	"druckreif/board"
	"druckreif/layout"
	"druckreif/layout/components"
)

var (
	wallColour   = layout.RGB(70, 50, 35)
	threadColour = layout.RGB(200, 30, 30)
	paper        = layout.RGB(250, 246, 236)
	floorColour  = layout.RGB(243, 233, 212)
	loopFill     = layout.RGB(255, 253, 247)
	bullFill     = layout.RGB(246, 200, 150)
	bullInk      = layout.RGB(110, 55, 25)
	startFill    = layout.RGB(255, 228, 150)
	ink          = layout.RGB(30, 30, 30)
)

// Pieces is the set of pawns and Lingutaurus tiles printed for this
// board's size.
func (p *Plan) Pieces() components.PieceSet { return components.PiecesFor(p.Paper) }

// LoopInnerA2 is the inside diameter of a field's loop on the A2 board
// (mm): a piece's base (components.PawnBase) fits inside it.
const LoopInnerA2 = 27.0

// Plan is the board laid out on one sheet: the maze and the places around
// it, in mm on the sheet.
type Plan struct {
	B      *board.Board
	Paper  layout.Paper
	R      float64 // the maze's outer radius
	CX, CY float64 // its centre
	Areas  []Area
	// view, when set, is the part of the sheet being drawn (a tile):
	// what lies wholly outside it is left out of the page.
	view *box
	// art and badges are made once per plan (art.go).
	art    *arts
	badges []badge
}

// drawPart paints only what reaches into a part of the sheet (sheet mm),
// for a tile that shows that part; the rest would be clipped anyway.
func (p *Plan) drawPart(c *layout.Canvas, ox, oy float64, view box) {
	p.view = &view
	defer func() { p.view = nil }()
	p.Draw(c, ox, oy)
}

// visible reports whether a box (sheet mm) reaches into the view.
func (p *Plan) visible(b box) bool {
	v := p.view
	return v == nil || b.X1 >= v.X0 && b.X0 <= v.X1 && b.Y1 >= v.Y0 && b.Y0 <= v.Y1
}

// visibleDisc reports whether a disc (sheet mm) reaches into the view.
func (p *Plan) visibleDisc(x, y, r float64) bool { return p.visible(box{x - r, y - r, x + r, y + r}) }

// scale is the maze's size relative to the A2 board: line widths and
// lettering in the maze follow it.
func (p *Plan) scale() float64 { return p.R / mazeRA2 }

// mazeRA2 is the maze's radius on A2: 15 mm from the sheet's sides, so
// the word AUSGANG beyond the rim stays clear of the printer's margin.
const mazeRA2 = 195.0

// XY turns a point in maze units into sheet mm.
func (p *Plan) XY(q board.Point) (x, y float64) { return p.CX + q.X*p.R, p.CY + q.Y*p.R }

// FieldXY is a field's centre on the sheet.
func (p *Plan) FieldXY(pos int) (x, y float64) { return p.XY(p.B.Field(pos)) }

func (p *Plan) wallWidth() float64   { return 3.0 * p.scale() }
func (p *Plan) threadWidth() float64 { return math.Max(0.9, 1.3*p.scale()) }
func (p *Plan) loopWidth() float64   { return math.Max(1.0, 1.5*p.scale()) }

// LoopRadius is the radius of every field's loop (to the middle of the
// thread): LoopInnerA2 inside on A2, and on smaller sheets as large as the
// narrowest cell allows with a little floor left between loop and wall.
func (p *Plan) LoopRadius() float64 {
	room := math.Inf(1)
	for pos := -board.Behind; pos <= p.B.Length; pos++ {
		room = math.Min(room, p.B.Room(pos)*p.R)
	}
	r := room - p.wallWidth()/2 - 0.8*p.scale() - p.loopWidth()/2
	return math.Min(r, LoopInnerA2/2+p.loopWidth()/2)
}

// LoopInner is the inside diameter of a loop: what a piece stands in.
func (p *Plan) LoopInner() float64 { return 2*p.LoopRadius() - p.loopWidth() }

// Draw paints the board on c with the sheet's top left corner at (ox, oy).
func (p *Plan) Draw(c *layout.Canvas, ox, oy float64) {
	c.Rect(ox, oy, p.Paper.W, p.Paper.H, scheme.Light)
	if p.visibleDisc(p.CX, p.CY, p.R) {
		p.drawFloor(c, ox, oy)
	}
	p.drawStart(c, ox, oy)
	p.drawNiches(c, ox, oy)
	p.drawHedges(c, ox, oy)
	p.drawExitGate(c, ox, oy)
	p.drawThread(c, ox, oy)
	for _, a := range p.Areas {
		if p.visible(box{a.X - 2, a.Y - 10, a.X + a.W + 2, a.Y + a.H + 2}) {
			a.draw(c, p, ox, oy)
		}
	}
}

// polyline strokes a line given in maze units with round caps and joins.
func (p *Plan) polyline(c *layout.Canvas, ox, oy, width float64, col layout.Color, pts []board.Point) {
	xy := make([]float64, 0, 2*len(pts))
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, q := range pts {
		x, y := p.XY(q)
		b = box{math.Min(b.X0, x), math.Min(b.Y0, y), math.Max(b.X1, x), math.Max(b.Y1, y)}
		xy = append(xy, ox+x, oy+y)
	}
	if p.visible(box{b.X0 - width, b.Y0 - width, b.X1 + width, b.Y1 + width}) {
		c.Polyline(width, col, xy...)
	}
}

// arcPoints is a circle's arc in maze units, fine enough to look round at
// full size.
func arcPoints(r, a0, a1 float64) []board.Point {
	n := int(math.Ceil(math.Abs(a1-a0)*r/0.004)) + 1
	pts := make([]board.Point, 0, n+1)
	for k := 0; k <= n; k++ {
		a := a0 + (a1-a0)*float64(k)/float64(n)
		pts = append(pts, board.Point{X: r * math.Sin(a), Y: -r * math.Cos(a)})
	}
	return pts
}

func polar(r, a float64) board.Point { return board.Point{X: r * math.Sin(a), Y: -r * math.Cos(a)} }

// Walls lists the maze's walls as lines in maze units: the hub's walls
// around the niches, every boundary between cells without a passage, and
// the rim, open at the exit.
func Walls(m *board.Maze) [][]board.Point {
	var walls [][]board.Point
	// The hub: walls between its cells, and its outer wall except at the
	// gates.
	for i := 0; i < m.Cells(0); i++ {
		a0, a1 := m.Angles(board.Cell{Ring: 0, Index: i})
		walls = append(walls, []board.Point{polar(m.Radius[0], a0), polar(m.Radius[1], a0)})
		if c := (board.Cell{Ring: 0, Index: i}); c != m.Gates[0] && c != m.Gates[1] {
			walls = append(walls, arcPoints(m.Radius[1], a0, a1))
		}
	}
	exit := m.Thread[len(m.Thread)-1]
	for k := 1; k <= m.Rings; k++ {
		n := m.Cells(k)
		for i := 0; i < n; i++ {
			c := board.Cell{Ring: k, Index: i}
			a0, a1 := m.Angles(c)
			if !m.Linked(c, board.Cell{Ring: k, Index: (i + n - 1) % n}) {
				walls = append(walls, []board.Point{polar(m.Radius[k], a0), polar(m.Radius[k+1], a0)})
			}
			if k == m.Rings {
				if c != exit {
					walls = append(walls, arcPoints(1, a0, a1))
				}
				continue
			}
			// The boundary with the next ring, piece by piece.
			for j := 0; j < m.Cells(k+1); j++ {
				o := board.Cell{Ring: k + 1, Index: j}
				b0, b1 := m.Angles(o)
				lo, hi := math.Max(a0, b0), math.Min(a1, b1)
				if hi-lo > 1e-9 && !m.Linked(c, o) {
					walls = append(walls, arcPoints(m.Radius[k+1], lo, hi))
				}
			}
		}
	}
	return walls
}

func (p *Plan) drawWalls(c *layout.Canvas, ox, oy float64) {
	for _, w := range Walls(p.B.Maze) {
		p.polyline(c, ox, oy, p.wallWidth(), wallColour, w)
	}
}

// drawNiches draws the six niches as paved places, each holding a piece.
func (p *Plan) drawNiches(c *layout.Canvas, ox, oy float64) {
	for i := range p.B.Maze.Niches {
		x, y := p.XY(p.B.NicheCentre(i))
		if !p.visibleDisc(x, y, p.NicheRadius()) {
			continue
		}
		p.drawNichePlace(c, ox+x, oy+y, p.NicheRadius())
		c.Glyph(ox+x, oy+y, 0, "Nische", "B", math.Max(7, 9*p.scale()), layout.RGB(90, 80, 66))
	}
}

// NicheRadius is the radius of a niche's place for a piece.
func (p *Plan) NicheRadius() float64 {
	room := p.B.Maze.Room(p.B.Maze.Niches[0]) * p.R
	return room - p.wallWidth()/2 - 0.6*p.scale()
}

// exitPoint is where a field's thread leaves its loop, and the direction
// (radians, sheet coordinates) it leaves in.
func (p *Plan) exitPoint(pos int, r float64) (x, y, dir float64) {
	var line []board.Point
	if pos == p.B.Length {
		line = p.B.Maze.ExitLine(0.05)
	} else {
		line = p.B.Maze.Line(pos)
	}
	cx, cy := p.XY(line[0])
	for i := 1; i < len(line); i++ {
		x0, y0 := p.XY(line[i-1])
		x1, y1 := p.XY(line[i])
		d0, d1 := math.Hypot(x0-cx, y0-cy), math.Hypot(x1-cx, y1-cy)
		if d1 >= r {
			t := (r - d0) / (d1 - d0)
			x, y = x0+t*(x1-x0), y0+t*(y1-y0)
			return x, y, math.Atan2(y-cy, x-cx)
		}
	}
	x, y = p.XY(line[len(line)-1])
	return x, y, math.Atan2(y-cy, x-cx)
}

// drawThread draws the red thread from the last field behind the start
// through the centre out of the maze, as a twisted cord, and on it the
// loops: the fields, each with its number on a badge beside the loop and
// an arrow on the cord where it goes on — both where a piece standing in
// the loop does not cover them.
func (p *Plan) drawThread(c *layout.Canvas, ox, oy float64) {
	m := p.B.Maze
	s := p.scale()
	tw := p.threadWidth()
	draw := func(line []board.Point) {
		q := p.sheetPath(line)
		b := bounds(q)
		if p.visible(box{b.X0 - tw, b.Y0 - tw, b.X1 + tw, b.Y1 + tw}) {
			cord(c, q, tw, ox, oy)
		}
	}
	for pos := -board.Behind; pos < p.B.Length; pos++ {
		draw(m.Line(pos))
	}
	out := m.ExitLine(0.03)
	draw(out)
	// The way out: an arrowhead just beyond the rim, and the words
	// AUSGANG · ZIEL beside it along the rim.
	ex, ey := p.XY(out[1])
	bx, by := p.XY(out[0])
	a := math.Atan2(ey-by, ex-bx)
	arrow(c, ox+ex, oy+ey, a, 5*s, threadColour)
	deg := -a*180/math.Pi - 90 // along the rim, never upside down
	for deg < -90 {
		deg += 180
	}
	for deg > 90 {
		deg -= 180
	}
	lx, ly := p.XY(polar(1+0.022, math.Atan2(out[1].X, -out[1].Y)))
	side := 22 * s
	c.Glyph(ox+lx+math.Cos(a+math.Pi/2)*side, oy+ly+math.Sin(a+math.Pi/2)*side, deg, "AUSGANG · ZIEL", "B", math.Max(7, 10*s), threadColour)

	r := p.LoopRadius()
	badges := p.Badges()
	for pos := -board.Behind; pos <= p.B.Length; pos++ {
		x, y := p.FieldXY(pos)
		bd := badges[pos+board.Behind]
		if !p.visibleDisc(x, y, r+p.loopWidth()+2*bd.R) {
			continue
		}
		x, y = x+ox, y+oy
		fill := loopFill
		switch {
		case pos == 0:
			fill = startFill
		case p.B.IsBull(pos):
			fill = bullFill
		}
		c.Circle(x, y, r, fill, layout.Color{}, 0)
		cord(c, circlePath(x-ox, y-oy, r), p.loopWidth(), ox, oy)
		inner := r - p.loopWidth()/2
		ex, ey, dir := p.exitPoint(pos, r)
		// The arrow on the cord just outside the loop, pointing on.
		if pos < p.B.Length {
			l := 4.2 * s
			at := p.loopWidth()/2 + l/2
			arrow(c, ox+ex+math.Cos(dir)*at, oy+ey+math.Sin(dir)*at, dir, l, cordDark)
		}
		label := fmt.Sprint(pos)
		if pos < 0 {
			label = fmt.Sprintf("−%d", -pos)
		}
		switch {
		case pos == 0:
			c.Glyph(x, y, 0, "START", "B", inner*0.75, ink)
			continue
		case p.B.IsBull(pos):
			p.drawBullEmblem(c, x, y, inner)
		}
		p.drawBadge(c, bd, label, fill, ox, oy)
	}
}

// arrow draws a filled arrowhead of length l centred on (x, y), pointing
// in direction a (radians, sheet coordinates).
func arrow(c *layout.Canvas, x, y, a, l float64, col layout.Color) {
	ux, uy := math.Cos(a), math.Sin(a)
	nx, ny := -uy, ux
	w := l * 0.55
	c.Polygon(col,
		x+ux*l/2, y+uy*l/2,
		x-ux*l/2+nx*w, y-uy*l/2+ny*w,
		x-ux*l*0.25, y-uy*l*0.25,
		x-ux*l/2-nx*w, y-uy*l/2-ny*w)
}
