package decoder

import (
	"math"

	"druckreif/layout"
)

// The Decoder is a sleeve the card slides into: two panels joined by a fold
// at the bottom, glued along both long sides by flaps, open at the top. A
// window in each panel lies over the card's solution band; red film glued
// behind the windows shows the hidden solution of whichever side faces the
// reader.
//
// On the sheet the front panel stands upright above the fold and the back
// panel hangs below it, upside down, so that it is upright once folded. The
// flaps sit on the back panel's long sides and fold inwards, so the space
// between them — the sleeve's inside — is the panel width less two flaps.

// Play is what the sleeve's inside adds to the card each way (width and
// height), so the card slides in and out freely.
const Play = 2.0

// Flap is the width of the glue flaps.
const Flap = 8.0

// MinFrame is the least paper left around a window, so the sleeve stays
// stiff and the window's edge does not tear.
const MinFrame = 5.0

// sleeve is the geometry of the Decoder on the sheet, in mm.
type sleeve struct {
	inner      [2]float64 // the inside: card plus Play, width and height
	panel      [2]float64 // one panel: the inside plus a flap on each side
	x, y       float64    // top left of the front panel on the sheet
	window     rect       // window in a panel's own upright coordinates
	text       rect       // the band's text area, same coordinates, card resting on the fold
	notch      float64    // radius of the thumb notch at the opening
	flapInset  float64    // how far the flaps' ends are chamfered
	foldY      float64    // the fold between the panels, on the sheet
	cardOffset [2]float64 // top left of the resting card in panel coordinates
}

type rect struct{ x, y, w, h float64 }

func newSleeve(st *layout.Style, x, y float64) sleeve {
	cw, ch := st.Card.Width, st.Card.Height
	s := sleeve{x: x, y: y, notch: 8, flapInset: 4}
	s.inner = [2]float64{cw + Play, ch + Play}
	s.panel = [2]float64{s.inner[0] + 2*Flap, s.inner[1]}
	s.foldY = y + s.panel[1]
	// The card rests on the fold, centred between the flaps.
	s.cardOffset = [2]float64{Flap + Play/2, s.panel[1] - ch}
	band := rect{s.cardOffset[0] + st.Margin, s.cardOffset[1] + ch - st.Margin - st.Band.Height, cw - 2*st.Margin, st.Band.Height}
	s.text = rect{band.x + pad, band.y + pad, band.w - 2*pad, band.h - 2*pad}
	// The window shows the band's text and keeps at least MinFrame and a
	// millimetre to spare of paper below it.
	bottom := math.Min(band.y+band.h, s.panel[1]-MinFrame-1)
	s.window = rect{band.x, band.y, band.w, bottom - band.y}
	return s
}

// width and height of the whole cut-out on the sheet.
func (s sleeve) size() (w, h float64) { return s.panel[0] + 2*Flap, 2 * s.panel[1] }

var (
	cutColor  = layout.Black
	foldColor = layout.RGB(0, 110, 200)
	glueColor = layout.RGB(222, 222, 222)
	filmColor = layout.RGB(220, 40, 40)
	paleTint  = layout.RGB(238, 238, 246)
	labelGrey = layout.RGB(110, 110, 110)
)

const cutWidth = 0.3

// draw puts the sleeve on the sheet: panels, windows, flaps, the cut
// outline (solid black), the folds (dashed blue) and the glue areas (grey).
func (s sleeve) draw(c *layout.Canvas) {
	pw, ph := s.panel[0], s.panel[1]
	px := s.x + Flap
	// Panels in a light tint, windows white.
	c.Rect(px, s.y, pw, 2*ph, paleTint)
	for _, back := range []bool{false, true} {
		wr := s.onSheet(s.window, back)
		c.Rect(wr.x, wr.y, wr.w, wr.h, layout.White)
		c.Text(wr.x+wr.w/2, wr.y+wr.h/2-4, "Fenster ausschneiden", "B", 9, labelGrey, layout.Center)
		c.Text(wr.x+wr.w/2, wr.y+wr.h/2+1, "cut out the window", "", 8, labelGrey, layout.Center)
	}
	// Flaps with their glue areas.
	for _, left := range []bool{true, false} {
		fx := s.x
		if !left {
			fx = px + pw
		}
		c.Polygon(glueColor, s.flapOutline(left)...)
		c.Rotated(90, fx+Flap/2, s.foldY+ph/2, func() {
			c.Text(fx+Flap/2, s.foldY+ph/2-1.6, "Klebelasche · glue flap", "", 7, labelGrey, layout.Center)
		})
	}
	// Labels of the panels: the back panel's upside down, so both read
	// upright once folded.
	c.Text(px+pw/2, s.y+14, "DECODER", "B", 20, filmColor, layout.Center)
	c.Text(px+pw/2, s.y+23, "Vorderseite · front", "", 8, labelGrey, layout.Center)
	c.Text(px+pw/2, s.y+30, "Karte hier einschieben, Lösung nach unten", "", 8, labelGrey, layout.Center)
	c.Text(px+pw/2, s.y+34, "slide the card in, solution band first", "", 7, labelGrey, layout.Center)
	bx, by := px+pw/2, s.foldY+ph-14
	c.Rotated(180, bx, by, func() {
		c.Text(bx, by-5, "DECODER", "B", 20, filmColor, layout.Center)
		c.Text(bx, by+4, "Rückseite · back", "", 8, labelGrey, layout.Center)
	})
	// Folds: between the panels, and where the flaps meet the back panel.
	c.DashedLine(px, s.foldY, px+pw, s.foldY, cutWidth, foldColor)
	c.DashedLine(px, s.foldY, px, s.foldY+ph, cutWidth, foldColor)
	c.DashedLine(px+pw, s.foldY, px+pw, s.foldY+ph, cutWidth, foldColor)
	c.Text(px+2, s.foldY-3.5, "falzen · fold", "", 7, foldColor, layout.Left)
	// The cut: the outline with the thumb notch, and both windows.
	c.Polyline(cutWidth, cutColor, s.outline()...)
	for _, back := range []bool{false, true} {
		wr := s.onSheet(s.window, back)
		c.Polyline(cutWidth, cutColor, wr.x, wr.y, wr.x+wr.w, wr.y, wr.x+wr.w, wr.y+wr.h, wr.x, wr.y+wr.h, wr.x, wr.y)
	}
}

// onSheet maps a rectangle in a panel's upright coordinates to the sheet:
// the back panel is turned by 180° about the fold.
func (s sleeve) onSheet(r rect, back bool) rect {
	px := s.x + Flap
	if !back {
		return rect{px + r.x, s.y + r.y, r.w, r.h}
	}
	return rect{px + s.panel[0] - r.x - r.w, s.foldY + s.panel[1] - r.y - r.h, r.w, r.h}
}

// flapOutline is a flap as a polygon: chamfered at both ends so it folds
// in without catching at the corners.
func (s sleeve) flapOutline(left bool) []float64 {
	ph := s.panel[1]
	y0, y1 := s.foldY, s.foldY+ph
	if left {
		return []float64{s.x + Flap, y0, s.x, y0 + s.flapInset, s.x, y1 - s.flapInset, s.x + Flap, y1}
	}
	x := s.x + Flap + s.panel[0]
	return []float64{x, y0, x + Flap, y0 + s.flapInset, x + Flap, y1 - s.flapInset, x, y1}
}

// outline is the cut line around the whole piece, clockwise from the front
// panel's top left, with a semicircular thumb notch in the opening.
func (s sleeve) outline() []float64 {
	px, pw, ph := s.x+Flap, s.panel[0], s.panel[1]
	mid := px + pw/2
	pts := []float64{px, s.y, mid - s.notch, s.y}
	for i := 1; i < 24; i++ {
		a := math.Pi * float64(i) / 24
		pts = append(pts, mid-s.notch*math.Cos(a), s.y+s.notch*math.Sin(a))
	}
	pts = append(pts, mid+s.notch, s.y, px+pw, s.y, px+pw, s.foldY)
	right := s.flapOutline(false)
	pts = append(pts, right[2:6]...)
	pts = append(pts, px+pw, s.foldY+ph, px, s.foldY+ph)
	left := s.flapOutline(true)
	pts = append(pts, left[4], left[5], left[2], left[3])
	pts = append(pts, px, s.foldY, px, s.y)
	return pts
}

// drawSteps draws how to build the Decoder, four small pictures with
// captions, in a column of width w from (x, y); it returns the y below.
func (s sleeve) drawSteps(c *layout.Canvas, x, y, w float64) float64 {
	sw, sh := s.size()
	k := 34 / sh // the pictures show the piece 34 mm tall
	// mini maps a point of the sheet to the picture at (ox, oy).
	mini := func(ox, oy float64, pts []float64) []float64 {
		out := make([]float64, len(pts))
		for i := 0; i+1 < len(pts); i += 2 {
			out[i] = ox + (pts[i]-s.x)*k
			out[i+1] = oy + (pts[i+1]-s.y)*k
		}
		return out
	}
	box := func(r rect) []float64 {
		return []float64{r.x, r.y, r.x + r.w, r.y, r.x + r.w, r.y + r.h, r.x, r.y + r.h, r.x, r.y}
	}
	arrow := func(x1, y1, x2, y2 float64, col layout.Color) {
		c.Line(x1, y1, x2, y2, 0.4, col)
		a := math.Atan2(y2-y1, x2-x1)
		l := 1.8
		c.Polygon(col, x2, y2, x2-l*math.Cos(a-0.45), y2-l*math.Sin(a-0.45), x2-l*math.Cos(a+0.45), y2-l*math.Sin(a+0.45))
	}
	px, pw, ph := s.x+Flap, s.panel[0], s.panel[1]
	caption := func(n, de, en string, cy float64) {
		c.Text(x, cy, n, "B", 11, filmColor, layout.Left)
		c.Text(x+6, cy+0.3, de, "B", 7.5, ink, layout.Left)
		c.Text(x+6, cy+3.6, en, "", 6.5, labelGrey, layout.Left)
	}
	step := 47.0
	ox := x + (w-sw*k)/2
	// 1. Cut out the piece and both windows.
	caption("1", "Außen und beide Fenster ausschneiden", "cut out the piece and both windows", y)
	oy := y + 9
	c.Polygon(paleTint, mini(ox, oy, s.outline())...)
	for _, back := range []bool{false, true} {
		wr := s.onSheet(s.window, back)
		c.Polygon(layout.White, mini(ox, oy, box(wr))[:8]...)
		c.Polyline(0.25, cutColor, mini(ox, oy, box(wr))...)
	}
	c.Polyline(0.25, cutColor, mini(ox, oy, s.outline())...)
	c.Text(ox+sw*k+2, oy+2, "✂", "", 12, ink, layout.Left)
	y += step
	// 2. Red film on the unprinted side, over both windows.
	caption("2", "Rote Folie innen über die Fenster kleben", "glue red film inside over both windows", y)
	oy = y + 9
	c.Polygon(layout.RGB(250, 250, 250), mini(ox, oy, s.outline())...)
	c.Polyline(0.25, cutColor, mini(ox, oy, s.outline())...)
	for _, back := range []bool{false, true} {
		wr := s.onSheet(s.window, back)
		film := rect{wr.x - 4, wr.y - 4, wr.w + 8, wr.h + 8}
		c.Polygon(filmColor.Tint(0.35), mini(ox, oy, box(film))[:8]...)
		c.Polyline(0.2, cutColor, mini(ox, oy, box(wr))...)
	}
	c.Text(ox+sw*k+2, oy+8, "Rückseite", "", 6, labelGrey, layout.Left)
	c.Text(ox+sw*k+2, oy+11, "des Bogens", "", 6, labelGrey, layout.Left)
	c.Text(ox+sw*k+2, oy+14, "(unprinted side)", "", 5.5, labelGrey, layout.Left)
	y += step
	// 3. Fold the flaps in, glue on them.
	caption("3", "Laschen nach innen falzen, Kleber darauf", "fold the flaps in, put glue on them", y)
	oy = y + 9
	panels := []float64{px, s.y, px + pw, s.y, px + pw, s.foldY + ph, px, s.foldY + ph, px, s.y}
	c.Polygon(paleTint, mini(ox, oy, panels)[:8]...)
	c.Polyline(0.25, cutColor, mini(ox, oy, panels)...)
	for _, left := range []bool{true, false} {
		fx := px
		if !left {
			fx = px + pw - Flap
		}
		r := rect{fx, s.foldY + s.flapInset, Flap, ph - 2*s.flapInset}
		c.Polygon(glueColor, mini(ox, oy, box(r))[:8]...)
		m := mini(ox, oy, []float64{fx + Flap/2, s.foldY + ph/2})
		from := m[0] - 6
		if !left {
			from = m[0] + 6
		}
		arrow(from, m[1], m[0], m[1], ink)
	}
	m := mini(ox, oy, []float64{px, s.foldY, px + pw, s.foldY})
	c.DashedLine(m[0], m[1], m[2], m[3], 0.25, foldColor)
	c.Text(ox+sw*k+2, oy+28, "Kleber · glue", "", 6, labelGrey, layout.Left)
	y += step
	// 4. Fold the front down onto the back, press; slide the card in.
	caption("4", "Vorderteil herunterklappen, andrücken", "fold the front down, press the edges", y)
	// the back panel lying flat, the front panel half way down over it
	oy = y + 9 + ph*k*0.5 - ph*k
	back := mini(ox, oy, []float64{px, s.foldY, px + pw, s.foldY, px + pw, s.foldY + ph, px, s.foldY + ph})
	c.Polygon(paleTint, back...)
	c.Polyline(0.25, cutColor, append(back, back[0], back[1])...)
	fy := back[1] - ph*k*0.45
	skew := 3.0
	front := []float64{back[0] - skew, fy, back[2] + skew, fy, back[2], back[1], back[0], back[1]}
	c.Polygon(layout.RGB(214, 214, 228), front...)
	c.Polyline(0.25, cutColor, append(front, front[0], front[1])...)
	arrow(back[2]+skew+2, fy, back[2]+2, back[1]+ph*k*0.4, ink)
	y += 36
	caption("5", "Karte von oben einschieben", "slide the card in from the open top", y)
	oy = y + 10
	sl := []float64{ox, oy + 6, ox + pw*k, oy + 6, ox + pw*k, oy + 6 + ph*k*0.6, ox, oy + 6 + ph*k*0.6, ox, oy + 6}
	card := []float64{ox + 1.5, oy, ox + pw*k - 1.5, oy, ox + pw*k - 1.5, oy + 12, ox + 1.5, oy + 12}
	c.Polygon(layout.RGB(21, 101, 192), card...)
	c.Polygon(paleTint, sl[:8]...)
	c.Polyline(0.25, cutColor, sl...)
	arrow(ox+pw*k+5, oy-1, ox+pw*k+5, oy+9, ink)
	return oy + 6 + ph*k*0.6 + 4
}
