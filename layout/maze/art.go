package maze

import (
	"fmt"
	"math"
	"math/rand/v2"

	"druckreif/board"
	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/identity"
)

// The board's art: a hedge maze seen from above. Its colours are the
// labyrinth's scheme (layout/identity), shared with the cover and the
// card backs: hedges in the scheme's greens on gravel paths, the red
// thread a twisted cord whose loops are the fields, the start a compass
// rose, the niches paved places, the exit a gate between two stone
// pillars, and the game's cartouche below the maze. Every texture is a
// vector pattern drawn once (layout.Art) and stamped, so the file stays
// small.
var scheme = identity.MustOf(decks.Labyrinth)

var (
	gravel      = layout.RGB(234, 222, 192)
	gravelDark  = layout.RGB(205, 188, 150)
	gravelLight = layout.RGB(246, 238, 218)
	hedgeDeep   = scheme.Deep
	hedgeMid    = scheme.Ground
	hedgeLight  = scheme.Ground.Tint(0.35)
	cordDark    = layout.RGB(130, 12, 16)
	cordLight   = layout.RGB(236, 96, 84)
	stone       = layout.RGB(200, 194, 182)
	stoneDark   = layout.RGB(150, 142, 128)
	stoneLight  = layout.RGB(222, 217, 206)
	gold        = scheme.Accent
)

// arts are the stamped patterns of one plan, sized for its scale.
type arts struct {
	gravel *layout.Art   // a square of gravel, gravelTile mm
	leaves []*layout.Art // clusters of hedge leaves
}

// gravelTile is the side of the gravel pattern's square on A2 (mm).
const gravelTile = 24.0

func (p *Plan) arts() *arts {
	if p.art != nil {
		return p.art
	}
	s := p.scale()
	a := &arts{}
	// Gravel: a fixed scatter of pebbles, light and dark, on the sand; it
	// repeats every gravelTile, too fine to see the repeat.
	side := gravelTile * s
	g := layout.NewArt(side, side)
	r := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 90; i++ {
		col := gravelDark
		if i%3 == 0 {
			col = gravelLight
		}
		g.Circle(r.Float64()*side, r.Float64()*side, (0.12+0.22*r.Float64())*s, col)
	}
	a.gravel = g
	// Leaves: clusters of round leaves of different sizes and greens,
	// scattered a little wider than the wall, so the hedge's outline is
	// irregular and its top looks leafy; five clusters taken in turn.
	w := p.wallWidth()
	lr := rand.New(rand.NewPCG(11, 3))
	greens := []layout.Color{hedgeMid, hedgeMid.Tint(0.12), hedgeDeep.Tint(0.25)}
	for v := 0; v < 5; v++ {
		size := 1.6 * w
		l := layout.NewArt(size, size)
		c := size / 2
		for k := 0; k < 7; k++ {
			t, d := lr.Float64()*2*math.Pi, math.Sqrt(lr.Float64())*w*0.34
			l.Circle(c+math.Cos(t)*d, c+math.Sin(t)*d, w*(0.16+0.14*lr.Float64()), greens[lr.IntN(len(greens))])
		}
		for k := 0; k < 3; k++ {
			t, d := lr.Float64()*2*math.Pi, lr.Float64()*w*0.3
			l.Circle(c+math.Cos(t)*d-w*0.06, c+math.Sin(t)*d-w*0.06, w*(0.05+0.05*lr.Float64()), hedgeLight)
		}
		a.leaves = append(a.leaves, l)
	}
	p.art = a
	return a
}

// drawFloor paints the maze's paths: gravel over the whole disc, the
// hedges then grow on it.
func (p *Plan) drawFloor(c *layout.Canvas, ox, oy float64) {
	c.Circle(ox+p.CX, oy+p.CY, p.R, gravel, layout.Color{}, 0)
	a := p.arts()
	side := a.gravel.W
	var rim []float64
	for k := 0; k < 180; k++ {
		t := float64(k) * 2 * math.Pi / 180
		rim = append(rim, ox+p.CX+math.Cos(t)*p.R, oy+p.CY+math.Sin(t)*p.R)
	}
	c.ClipPolygon(rim, func() {
		for y := p.CY - p.R; y < p.CY+p.R; y += side {
			for x := p.CX - p.R; x < p.CX+p.R; x += side {
				if p.visible(box{x, y, x + side, y + side}) {
					c.Stamp(ox+x, oy+y, a.gravel)
				}
			}
		}
	})
}

// drawHedges draws every wall as a clipped hedge: a dark core with
// clusters of leaves along it.
func (p *Plan) drawHedges(c *layout.Canvas, ox, oy float64) {
	a := p.arts()
	w := p.wallWidth()
	step := 0.55 * w
	for wi, wall := range Walls(p.B.Maze) {
		pts := p.sheetPath(wall)
		b := bounds(pts)
		if !p.visible(box{b.X0 - w, b.Y0 - w, b.X1 + w, b.Y1 + w}) {
			continue
		}
		p.polyline(c, ox, oy, w, hedgeDeep, wall)
		n := 0
		walkPath(pts, step, func(q xy, _ float64) {
			l := a.leaves[(wi*3+n*2)%len(a.leaves)]
			c.Stamp(ox+q.X-l.W/2, oy+q.Y-l.H/2, l)
			n++
		})
	}
}

// sheetPath turns maze units into sheet mm.
func (p *Plan) sheetPath(pts []board.Point) path {
	out := make(path, 0, len(pts))
	for _, q := range pts {
		x, y := p.XY(q)
		out = append(out, xy{x, y})
	}
	return out
}

// walkPath calls at for points every step along a polyline, with the
// line's direction there (radians), starting half a step in.
func walkPath(q path, step float64, at func(p xy, dir float64)) {
	next := step / 2
	acc := 0.0
	for i := 1; i < len(q); i++ {
		d := math.Hypot(q[i].X-q[i-1].X, q[i].Y-q[i-1].Y)
		dir := math.Atan2(q[i].Y-q[i-1].Y, q[i].X-q[i-1].X)
		for d > 0 && next <= acc+d {
			t := (next - acc) / d
			at(xy{q[i-1].X + t*(q[i].X-q[i-1].X), q[i-1].Y + t*(q[i].Y-q[i-1].Y)}, dir)
			next += step
		}
		acc += d
	}
}

// cord strokes a line as a twisted cord of width w: the red strand with
// dark grooves slanting across it and a light sheen along one side.
func cord(c *layout.Canvas, q path, w float64, ox, oy float64) {
	if len(q) < 2 {
		return
	}
	flatPts := make([]float64, 0, 2*len(q))
	for _, pt := range q {
		flatPts = append(flatPts, ox+pt.X, oy+pt.Y)
	}
	c.Polyline(w, threadColour, flatPts...)
	walkPath(q, 1.1*w, func(pt xy, dir float64) {
		ux, uy := math.Cos(dir), math.Sin(dir)
		nx, ny := -uy, ux
		// A groove between two strands: across the cord, leaning with it.
		h := w * 0.46
		c.Line(ox+pt.X-nx*h-ux*h*0.7, oy+pt.Y-ny*h-uy*h*0.7, ox+pt.X+nx*h+ux*h*0.7, oy+pt.Y+ny*h+uy*h*0.7, w*0.2, cordDark)
		// The sheen on the strand's crown.
		sx, sy := ox+pt.X+ux*w*0.45-nx*w*0.18, oy+pt.Y+uy*w*0.45-ny*w*0.18
		c.Line(sx-ux*w*0.2, sy-uy*w*0.2, sx+ux*w*0.2, sy+uy*w*0.2, w*0.14, cordLight)
	})
}

// circlePath is a circle as a closed polyline.
func circlePath(cx, cy, r float64) path {
	n := int(math.Max(24, 2*math.Pi*r/0.8))
	q := make(path, 0, n+1)
	for k := 0; k <= n; k++ {
		t := float64(k) * 2 * math.Pi / float64(n)
		q = append(q, xy{cx + math.Cos(t)*r, cy + math.Sin(t)*r})
	}
	return q
}

// badge is where a field's number stands: a small disc hung on its loop,
// beside it, where a piece in the loop does not cover it.
type badge struct {
	X, Y, R float64
	// Clear is how far the badge keeps from the nearest wall, thread,
	// loop or other badge (mm); below 0 it touches one.
	Clear float64
}

// badgeRadius is a badge's radius on A2 (mm).
const badgeRadius = 3.7

// Badges places every field's badge (indexed by position + Behind; the
// start has none): of the places around its loop the one farthest from
// walls, thread, other loops and badges already placed.
func (p *Plan) Badges() []badge {
	if p.badges != nil {
		return p.badges
	}
	s := p.scale()
	rb := badgeRadius * s
	ro := p.LoopRadius() + p.loopWidth()/2
	walls := p.wallLines()
	var threads []path
	for pos := -board.Behind; pos < p.B.Length; pos++ {
		threads = append(threads, p.sheetPath(p.B.Maze.Line(pos)))
	}
	threads = append(threads, p.sheetPath(p.B.Maze.ExitLine(0.03)))
	var centres []xy
	for pos := -board.Behind; pos <= p.B.Length; pos++ {
		x, y := p.FieldXY(pos)
		centres = append(centres, xy{x, y})
	}
	out := make([]badge, len(centres))
	for i, f := range centres {
		if i == board.Behind { // the start
			out[i] = badge{X: f.X, Y: f.Y}
			continue
		}
		best := badge{Clear: math.Inf(-1)}
		for k := 0; k < 72; k++ {
			// From the upper right round: of equal places the first wins,
			// so most badges sit alike.
			t := -math.Pi/4 + float64(k)*2*math.Pi/72
			d := ro + rb*0.45
			q := xy{f.X + math.Cos(t)*d, f.Y + math.Sin(t)*d}
			clear := walls.dist(q) - p.wallWidth()*0.75 - rb
			for _, th := range threads {
				clear = math.Min(clear, distToPath(th, q)-p.threadWidth()/2-rb)
			}
			for j, o := range centres {
				if j != i {
					clear = math.Min(clear, math.Hypot(q.X-o.X, q.Y-o.Y)-ro-rb)
				}
			}
			for j := 0; j < i; j++ {
				if o := out[j]; o.R > 0 {
					clear = math.Min(clear, math.Hypot(q.X-o.X, q.Y-o.Y)-o.R-rb)
				}
			}
			clear = math.Min(clear, p.R-p.wallWidth()/2-math.Hypot(q.X-p.CX, q.Y-p.CY)-rb)
			if clear > best.Clear+0.05 {
				best = badge{X: q.X, Y: q.Y, R: rb, Clear: clear}
			}
		}
		out[i] = best
	}
	p.badges = out
	return out
}

// wallSet holds the walls as sheet polylines with their boxes, so the
// distance to the nearest wall skips walls that are clearly farther.
type wallSet struct {
	lines []path
	boxes []box
}

func (p *Plan) wallLines() *wallSet {
	w := &wallSet{}
	for _, line := range Walls(p.B.Maze) {
		q := p.sheetPath(line)
		w.lines, w.boxes = append(w.lines, q), append(w.boxes, bounds(q))
	}
	return w
}

// dist is the distance from a sheet point to the nearest wall's middle
// line.
func (w *wallSet) dist(q xy) float64 {
	best := math.Inf(1)
	for i, b := range w.boxes {
		dx := math.Max(0, math.Max(b.X0-q.X, q.X-b.X1))
		dy := math.Max(0, math.Max(b.Y0-q.Y, q.Y-b.Y1))
		if math.Hypot(dx, dy) < best {
			best = math.Min(best, distToPath(w.lines[i], q))
		}
	}
	return best
}

// BadgeSize is the size of a badge's number (pt): 10 pt on A2, never
// under 7 pt.
func (p *Plan) BadgeSize() float64 { return math.Max(7, 10*p.scale()) }

// drawBadge draws a field's number on its badge.
func (p *Plan) drawBadge(c *layout.Canvas, b badge, label string, fill layout.Color, ox, oy float64) {
	c.Circle(ox+b.X, oy+b.Y, b.R, fill, threadColour, 0.5*math.Max(0.7, p.scale()))
	size := p.BadgeSize()
	if len([]rune(label)) > 2 {
		size *= 0.85
	}
	c.Glyph(ox+b.X, oy+b.Y, 0, label, "B", size, ink)
}

// drawStart draws the start: a compass rose in the chamber under the
// start's loop.
func (p *Plan) drawStart(c *layout.Canvas, ox, oy float64) {
	x, y := p.FieldXY(0)
	r := p.B.Maze.Radius[0]*p.R - p.wallWidth()*0.2
	c.Circle(ox+x, oy+y, r, gold.Tint(0.55), layout.Color{}, 0)
	rose := layout.NewArt(2*r, 2*r)
	rose.Star(r, r, r, 0.55, 8, gold)
	rose.Star(r, r, r*0.8, 0.4, 4, scheme.Deep.Tint(0.2))
	c.Stamp(ox+x-r, oy+y-r, rose)
}

// drawNichePlace draws a niche as a paved place: a ring of stones round a
// flagstone floor.
func (p *Plan) drawNichePlace(c *layout.Canvas, x, y, r float64) {
	c.Circle(x, y, r, stoneLight, stoneDark, 0.3)
	n := 14
	for k := 0; k < n; k++ {
		a0 := float64(k)*2*math.Pi/float64(n) + 0.04
		a1 := float64(k+1)*2*math.Pi/float64(n) - 0.04
		r0, r1 := r*0.8, r*0.97
		col := stone
		if k%2 == 1 {
			col = stone.Tint(0.25)
		}
		c.Polygon(col, x+math.Cos(a0)*r0, y+math.Sin(a0)*r0, x+math.Cos(a0)*r1, y+math.Sin(a0)*r1,
			x+math.Cos(a1)*r1, y+math.Sin(a1)*r1, x+math.Cos(a1)*r0, y+math.Sin(a1)*r0)
	}
}

// drawExitGate puts a stone pillar with a gold ball on each side of the
// exit's opening in the rim.
func (p *Plan) drawExitGate(c *layout.Canvas, ox, oy float64) {
	m := p.B.Maze
	exit := m.Thread[len(m.Thread)-1]
	a0, a1 := m.Angles(exit)
	side := 1.6 * p.wallWidth()
	for _, a := range []float64{a0, a1} {
		x, y := p.XY(polar(1, a))
		c.Rotated(-a*180/math.Pi, ox+x, oy+y, func() {
			c.RoundRect(ox+x-side/2, oy+y-side/2, side, side, side*0.15, stone, stoneDark, 0.35)
			c.Circle(ox+x, oy+y, side*0.28, gold, scheme.Deep, 0.25)
		})
	}
}

// drawBullEmblem draws a bull field's loop: the bull's sign large in the
// loop, with a ring of gold inside the cord.
func (p *Plan) drawBullEmblem(c *layout.Canvas, x, y, inner float64) {
	c.Circle(x, y, inner-0.6*p.scale(), layout.Color{}, gold, 0.8*p.scale())
	c.Glyph(x, y+inner*0.12, 0, "♉", "B", inner*2.9, bullInk)
}

// titleCartouche is the game's cartouche for the board: its title on
// one line and „Das große Spiel“ under it.
func titleCartouche(w, h float64) *layout.Art {
	s := scheme
	s.Title = "Der Dativ ist dem Genitiv sein Tod"
	return s.CartoucheArt(w, h)
}

// footer is the board's small print: which board it is.
func (p *Plan) footer() string {
	s := fmt.Sprintf("druckreif-Spielplan Nr. %d, %d Felder · nur für den privaten Gebrauch neben dem Originalspiel", p.B.Seed, p.B.Length)
	if p.compact() {
		s += " · Figuren und Plättchen für diesen Plan: figuren-plaettchen-a3.pdf"
	}
	return s
}
