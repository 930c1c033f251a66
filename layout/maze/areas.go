package maze

import (
	"fmt"
	"math"
	"strings"

	"druckreif/board"
	"druckreif/layout"
	"druckreif/layout/components"
	"druckreif/layout/pieces"
)

// Card size of the question and Lingutaurus cards (poker size) and the
// margin their places on the board leave around a stack.
const (
	CardW      = 63.0
	CardH      = 88.0
	cardMargin = 2.0
	// ChipField is the diameter of a chip's field: the chip and a rim.
	ChipField = components.ChipDiameter + 2
)

// Area is a place on the board outside the maze, in sheet mm.
type Area struct {
	Kind       AreaKind
	X, Y, W, H float64
}

// AreaKind says what an area holds.
type AreaKind int

const (
	Questions   AreaKind = iota // the question card stack
	Lingutaurus                 // the Lingutaurus card stack
	Chips                       // every colour's five chip fields
	Tips                        // what the tip cards show
	Legend                      // how to read the maze
	Setup                       // the set-up in brief
	Title                       // the game's cartouche
)

// chipPitch is the distance between chip fields on a sheet.
func chipPitch(compact bool) (col, row float64) {
	if compact {
		return 22, 21
	}
	return 24, 23
}

// chipHeader is the room above the chip fields for the colour names.
const chipHeader = 8.0

// NewPlan lays a board out on A2 (the full-size board, which the A4 tiles
// also show) or A3: the maze as large as the sheet's width allows, the
// card places and the chip fields at full size below it, legends in the
// corners beside the maze.
func NewPlan(b *board.Board, sheet layout.Paper) (*Plan, error) {
	p := &Plan{B: b, Paper: sheet}
	cardW, cardH := CardW+2*cardMargin, CardH+2*cardMargin
	switch sheet.Name {
	case layout.A2.Name:
		p.R, p.CX, p.CY = mazeRA2, sheet.W/2, 12+mazeRA2
		colW, rowH := chipPitch(false)
		chipsW, chipsH := 6*colW, chipHeader+5*rowH
		top := p.CY + p.R + 24
		// Gaps of 12 mm between the card places, the set-up and the chip
		// fields leave room for the straight seams of the A4 tiles.
		setupX := 14 + 2*cardW + 6 + 12
		chipsX := sheet.W - 26 - chipsW
		p.Areas = []Area{
			{Questions, 14, top + 18, cardW, cardH},
			{Lingutaurus, 14 + cardW + 6, top + 18, cardW, cardH},
			{Setup, setupX, top + 12, chipsX - 12 - setupX, 110},
			{Chips, chipsX, top, chipsW, chipsH},
			{Tips, 9, 9, 56, 56},
			{Legend, sheet.W - 9 - 56, 9, 56, 56},
			// The cartouche fills the band below the card places.
			{Title, 40, top + chipsH + 8, sheet.W - 80, sheet.H - 8 - (top + chipsH + 8)},
		}
	case layout.A3.Name:
		p.R, p.CX, p.CY = 136, sheet.W/2, 10+136
		colW, rowH := chipPitch(true)
		chipsW, chipsH := 6*colW, chipHeader+5*rowH
		top := p.CY + p.R + 10
		p.Areas = []Area{
			{Questions, 6, top + 6, cardW, cardH},
			{Lingutaurus, 6 + cardW + 5, top + 6, cardW, cardH},
			{Chips, sheet.W - 6 - chipsW, top, chipsW, chipsH},
			{Tips, 5, 5, 40, 40},
			{Legend, sheet.W - 5 - 40, 5, 40, 40},
			{Title, 6, top + 6 + cardH + 7, 2*cardW + 5, sheet.H - 8 - (top + 6 + cardH + 7)},
		}
	default:
		return nil, fmt.Errorf("Spielplan auf %s: nur A2 und A3 (kleinere Papiere in Kacheln)", sheet.Name)
	}
	return p, nil
}

// compact reports whether the areas are packed for A3.
func (p *Plan) compact() bool { return p.Paper.Name != layout.A2.Name }

func (a Area) draw(c *layout.Canvas, p *Plan, ox, oy float64) {
	x, y := ox+a.X, oy+a.Y
	switch a.Kind {
	case Questions, Lingutaurus:
		title, sub := "Fragekarten", "20 Karten: 17 normale und 3 Risikokarten (!), gemischt"
		if a.Kind == Lingutaurus {
			title, sub = "Lingutaurus-Karten", "alle 25 gemischt; der Vorleser zieht, wenn eine Figur auf dem Stier steht"
		}
		c.Text(x+a.W/2, y-5.5, title, "B", 10, ink, layout.Center)
		c.RoundRect(x, y, a.W, a.H, 3, layout.RGB(255, 252, 244), wallColour, 0.6)
		c.RoundRect(x+cardMargin, y+cardMargin, CardW, CardH, 2.5, layout.Color{}, layout.RGB(190, 175, 150), 0.25)
		if a.Kind == Lingutaurus {
			c.Glyph(x+a.W/2, y+a.H*0.36, 0, "♉", "B", 60, bullFill)
		} else {
			c.Glyph(x+a.W/2, y+a.H*0.36, 0, "?", "B", 60, layout.RGB(225, 215, 195))
		}
		lines := wrap(c, sub, "", 9, CardW-6)
		for i, l := range lines {
			c.Text(x+a.W/2, y+a.H*0.6+float64(i)*4.2, l, "", 9, ink, layout.Center)
		}
	case Chips:
		colW, rowH := chipPitch(p.compact())
		title, name := "Einsatzchips – unbenutzte Chips auf die Felder ihrer Farbe", 9.0
		if p.compact() {
			title, name = "Einsatzchips – unbenutzte auf ihre Felder", 7.5
		}
		c.Text(x+a.W/2, y-6, title, "B", 9, ink, layout.Center)
		for i, pc := range pieces.Players {
			cx := x + (float64(i)+0.5)*colW
			c.Glyph(cx, y+chipHeader/2-0.5, 0, pc.Symbol+" "+pc.Name, "B", name, darker(pc.Colour))
			for v := 1; v <= 5; v++ {
				cy := y + chipHeader + (float64(v)-0.5)*rowH
				c.Circle(cx, cy, ChipField/2, pc.Colour.Tint(0.8), pc.Colour, 0.6)
				c.Glyph(cx, cy-2.4, 0, fmt.Sprint(v), "B", 13, darker(pc.Colour))
				c.Glyph(cx, cy+4.6, 0, pc.Symbol, "B", 9, pc.Colour)
			}
		}
	case Tips:
		big, small := 9.0, 9.0
		if p.compact() {
			big, small = 7.5, 7
		}
		c.Text(x+a.W/2, y, "Tippkarten", "B", big, ink, layout.Center)
		c.Text(x+a.W/2, y+small*0.45, "vorn A, B, C · hinten TIPP", "", small, ink, layout.Center)
		cw := (a.W - 4) / 2
		ch := math.Min(cw*1.4, (a.H-small*0.9-3)/2-1.5)
		cw = ch / 1.4
		gx := x + (a.W-2*cw-3)/2
		for i, l := range []string{"A", "B", "C", "TIPP"} {
			tx := gx + float64(i%2)*(cw+3)
			ty := y + small*0.9 + 3 + float64(i/2)*(ch+2)
			fill, col, size := layout.White, ink, ch*1.6
			if l == "TIPP" {
				fill, col, size = layout.RGB(120, 120, 120), layout.White, ch*0.7
			}
			c.RoundRect(tx, ty, cw, ch, 1.2, fill, wallColour, 0.4)
			c.Glyph(tx+cw/2, ty+ch/2, 0, l, "B", size, col)
		}
	case Legend:
		s := a.W / 56
		big, small := 9.0, 9.0
		if p.compact() {
			big, small = 7.5, 7
		}
		c.Text(x+a.W/2, y, "So liest man den Plan", "B", big, ink, layout.Center)
		r := 5.2 * s
		rows := []struct {
			fill layout.Color
			text []string
		}{
			{loopFill, []string{"Schlaufe = Lauffeld,", "Zahl daneben, der", "Pfeil zeigt weiter"}},
			{bullFill, []string{"Stierfeld: Plättchen", "drauf, hier anhalten"}},
			{startFill, []string{"Start; ringsum", "sechs Nischen"}},
		}
		top := y + big*0.5 + 1.5
		rowH := (a.H - (top - y)) / 3
		lead := small * 0.42
		for i, row := range rows {
			cy := top + (float64(i)+0.5)*rowH
			cx := x + r + 1.5
			cord(c, path{{cx - r - 1.5 - ox, cy - oy}, {cx + r + 1.5 - ox, cy - oy}}, 0.9*s, ox, oy)
			c.Circle(cx, cy, r, row.fill, layout.Color{}, 0)
			cord(c, circlePath(cx-ox, cy-oy, r), 1.0*s, ox, oy)
			switch i {
			case 0:
				arrow(c, cx+r+1.2*s, cy, 0, 2.2*s, cordDark)
				p.drawBadge(c, badge{X: cx + r*0.72 - ox, Y: cy - r*0.72 - oy, R: 2.6 * s}, "7", loopFill, ox, oy)
			case 1:
				c.Glyph(cx, cy+0.4*s, 0, "♉", "B", 15*s, bullInk)
			default:
				c.Glyph(cx, cy, 0, "S", "B", math.Max(7, 9*s), ink)
			}
			tx := cx + r + 4*s
			for j, l := range row.text {
				c.Text(tx, cy-float64(len(row.text))*lead/2+float64(j)*lead-small*0.05, l, "", small, ink, layout.Left)
			}
		}
	case Title:
		h := math.Min(a.H, a.W*0.16)
		c.Stamp(x, y+(a.H-h)/2, titleCartouche(a.W, h))
		if p.compact() {
			// A3 has no set-up area: the small print goes below the chips.
			for _, b := range p.Areas {
				if b.Kind == Chips {
					for i, l := range wrap(c, p.footer(), "", 7, b.W) {
						c.Text(ox+b.X, oy+b.Y+b.H+2+float64(i)*3.2, l, "", 7, ink, layout.Left)
					}
				}
			}
		}
	case Setup:
		ly := y
		para := func(text, style string) {
			for _, l := range wrap(c, text, style, 9, a.W-2) {
				c.Text(x+1, ly, l, style, 9, ink, layout.Left)
				ly += 4.3
			}
		}
		para("Aufbau", "B")
		for _, l := range []string{
			"Die drei Lingutaurus-Plättchen auf die Stierfelder.",
			"Jede Figur in eine der sechs Nischen um den Start.",
			"Die fünf Chips jeder Farbe auf ihre Felder.",
			"Die drei Tippkarten verdeckt vor sich.",
		} {
			para("· "+l, "")
		}
		ly += 2
		para("Jede Schlaufe des roten Fadens ist ein Lauffeld; ihr Pfeil zeigt, wohin es weitergeht. Richtig geantwortet: so viele Felder vor, wie der Chip zeigt; falsch: ebenso viele zurück. Wer weiter zurück muss als bis zum vierten Feld hinter dem Start, kommt in eine Nische.", "")
		ly += 2
		para(p.footer(), "")
	}
}

// wrap breaks a short text into lines of at most w mm.
func wrap(c *layout.Canvas, s, style string, size, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && c.TextWidth(try, style, size) > w {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	return append(lines, line)
}

// darker mixes a colour with black, for numbers on a tint of it.
func darker(c layout.Color) layout.Color {
	return layout.RGB(uint8(float64(c.R)*0.6), uint8(float64(c.G)*0.6), uint8(float64(c.B)*0.6))
}
