// Package decoder prints the solutions of the Dativ card game "encrypted",
// as the original does: readable only through the red window of the
// Decoder.
//
// A red filter passes red light only: what it shows is, in effect, the red
// channel of the print. The naked eye sees more than red, but it sees
// colour coarsely — fine colour detail blurs, fine lightness detail does
// not. The band is built on both facts (docs/decoder.md has the
// measurements):
//
//   - the solution is set in thin strokes of an ink with no red, as light
//     as its surroundings (isoluminant): behind red film the strokes are
//     black, to the naked eye they differ only in colour, and only finely;
//   - each stroke has a thin halo of a colour with full red (white behind
//     the film, so the text stands clear) whose colour offsets the ink's
//     where the eye blurs them together;
//   - the band is covered with camouflage — irregular blobs of the same
//     lightness whose red spans 130–255 — so that "less red", the one
//     direction the eye would find the ink by, varies everywhere; behind
//     the film the blobs are grey patches, not letters;
//   - sparse clutter words and, below the solution, decoy lines set like it
//     in bluish inks that keep some red: to the eye the solution is one
//     text among several, behind the film the decoys are grey and the
//     solution black.
package decoder

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/cards"
	"druckreif/layout/typeset"
)

// Strength is how bold the hidden strokes are, 1 (thinnest, best hidden)
// to 5 (boldest, for weak film or pale printers). The calibration strip
// prints all five.
type Strength int

// DefaultStrength is the strength that meets every measured goal
// (docs/decoder.md): thinner strokes read too poorly through leaky film
// (strength 2: 78 %), bolder ones show their colour to the eye (strength 4:
// d′ a* 0.72).
const DefaultStrength Strength = 3

// Valid reports whether s is a strength that can be printed.
func (s Strength) Valid() bool { return s >= 1 && s <= 5 }

// erosion is how much of each glyph's edge the halo colour covers, in mm
// of line width (half of it inside the glyph): the stroke that remains in
// ink is the glyph's less this. Thinner strokes hide better from the eye,
// bolder ones read more easily through leaky film.
func (s Strength) erosion() float64 {
	return erosions[s-1]
}

var erosions = [5]float64{0.14, 0.11, 0.08, 0.05, 0.02}

// look is the band's design. Every number was chosen by measuring
// (measure_test.go, docs/decoder.md), none by taste.
type look struct {
	ink, halo layout.Color // the hidden ink (no red) and its halo (full red)
	base      layout.Color // the band's ground under camouflage and clutter
	haloWidth float64      // line width of the halo around each glyph, mm (half of it outside)
	textScale float64      // the solution's size relative to the card style's
	// All colours of the band share one lightness (CIELAB L*, within the
	// spread) and keep their redness (CIELAB a*) at most maxRedness, so
	// that their mean meets the ink's where the eye blurs them.
	lightness, lightnessSpread float64
	maxRedness, maxYellowness  float64
	// Camouflage: irregular blobs over the ground, per cm², their radius in
	// mm and the range of their red. They carry the variance of colour
	// along "less red" that the eye's blur keeps and that hides the ink's
	// own lack of red, in shapes that behind the film are grey patches,
	// not letters.
	patches   float64
	patchSize [2]float64
	patchRed  [2]uint8
	// Clutter: random words over the camouflage, per cm² at 12 pt, their
	// size relative to the text and the range of their red (pale behind
	// the film).
	density          float64
	sizeMin, sizeMax float64
	clutterRed       [2]uint8
	// Decoys: lines of random words below the solution, set like it, in
	// inks with red in decoyRed, lightness in decoyLightness and at most
	// the a* and b* of decoyRedYellow: bluish like the ink to the eye, grey
	// behind the film.
	decoyRed       [2]uint8
	decoyLightness [2]float64
	decoyRedYellow [2]float64
}

var bandLook = look{
	ink:             layout.RGB(0, 190, 255),
	halo:            layout.RGB(255, 70, 20),
	base:            layout.RGB(205, 140, 160),
	haloWidth:       1.0,
	textScale:       0.8,
	lightness:       60,
	lightnessSpread: 10,
	maxRedness:      40,
	maxYellowness:   40,
	patches:         20,
	patchSize:       [2]float64{1, 2.5},
	patchRed:        [2]uint8{130, 255},
	density:         0.5,
	sizeMin:         1.2,
	sizeMax:         2.0,
	clutterRed:      [2]uint8{215, 255},
	decoyRed:        [2]uint8{90, 130},
	decoyLightness:  [2]float64{68, 76},
	decoyRedYellow:  [2]float64{-5, -30},
}

// Ink is the hidden ink's colour: it has no red, so it is black behind red
// film.
func Ink() layout.Color { return bandLook.ink }

// Halo is the colour around the hidden strokes: full red, white behind the
// film.
func Halo() layout.Color { return bandLook.halo }

// bandColor draws a colour with its red in the range red, of the band's
// lightness within its spread and at most its redness.
func bandColor(r *rand.Rand, lk look, red [2]uint8) layout.Color {
	for {
		c := layout.RGB(red[0]+uint8(r.IntN(int(red[1]-red[0])+1)), uint8(r.IntN(256)), uint8(r.IntN(256)))
		l, a, b := cieLab(c)
		if math.Abs(l-lk.lightness) <= lk.lightnessSpread && a <= lk.maxRedness && b <= lk.maxYellowness {
			return c
		}
	}
}

// lightness is CIELAB L* of an sRGB colour (D65).
func lightness(c layout.Color) float64 {
	l, _, _ := cieLab(c)
	return l
}

// cieLab is CIELAB L*, a*, b* of an sRGB colour (D65).
func cieLab(c layout.Color) (l, a, b float64) {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	r, g, bl := lin(c.R), lin(c.G), lin(c.B)
	x := (0.4124*r + 0.3576*g + 0.1805*bl) / 0.9505
	y := 0.2126*r + 0.7152*g + 0.0722*bl
	z := (0.0193*r + 0.1192*g + 0.9505*bl) / 1.089
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return 116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))
}

// letters are what clutter words are made of: German lower-case letters,
// weighted roughly by frequency, so clutter has the texture of text.
const letters = "eeeeeennnnniiiiisssssrrrrraaaaatttttddddhhhhuuullllcccggmmoobbwwffkkzzpvüäößj"

// seed makes the mask of a face deterministic: the same card always gets
// the same pattern.
func seed(id string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(id))
	return rand.New(rand.NewPCG(h.Sum64(), 0xdec0de))
}

// Band returns the solution band of the dativ cards at a strength.
func Band(s Strength) cards.SolutionBand {
	return func(c *layout.Canvas, st *layout.Style, side decks.DativSide, x, y, w, h float64) error {
		return drawBand(c, side.ID, cards.SolutionBlocks(st, side), x, y, w, h, s, everything)
	}
}

// layer selects what of a band is drawn. Cards get everything; the
// measurement (measure_test.go) also draws the band without its hidden
// ink, so it knows exactly which pixels carry the ink.
type layer int

const (
	everything layer = iota
	withoutInk
)

const pad = 3.0

// drawBand sets the solution blocks in hidden ink and covers the band with
// clutter.
func drawBand(c *layout.Canvas, id string, blocks []typeset.Block, x, y, w, h float64, s Strength, l layer) error {
	lk := bandLook
	// Thin strokes: the regular face, smaller than the card style's bold.
	scaled := make([]typeset.Block, len(blocks))
	for i, b := range blocks {
		b.Size *= lk.textScale
		b.Min *= lk.textScale
		b.Style = ""
		scaled[i] = b
	}
	set, err := c.Setter.Fit(scaled, w-2*pad, h-2*pad)
	if err != nil {
		var oe *typeset.OverflowError
		if asOverflow(err, &oe) {
			return oe
		}
		return err
	}
	textSize := set[0].SizePt
	textEnd := func() float64 {
		cy := y + pad
		for _, b := range set {
			cy += b.Gap + b.Height
		}
		return cy
	}
	text := func(col layout.Color) {
		cy := y + pad
		for _, b := range set {
			cy += b.Gap
			c.Block(b, x+pad, cy, w-2*pad, col, layout.Left)
			cy += b.Height
		}
	}
	c.Clip(x, y, w, h, func() {
		c.Rect(x, y, w, h, lk.base)
		r := seed(id)
		camouflage(c, r, x, y, w, h, lk)
		clutter(c, r, x, y, w, h, textSize, lk)
		// The halo first, along the glyphs' outlines; then the ink, its
		// edge covered by the halo colour, so what stays in ink is the
		// glyph less the erosion.
		decoyLines(c, r, x, textEnd(), w, y+h-pad, textSize, s, lk)
		c.TextStroke(lk.halo, lk.haloWidth, func() { text(lk.halo) })
		if l == everything {
			c.TextOutline(lk.halo, s.erosion(), func() { text(lk.ink) })
		}
	})
	return nil
}

func asOverflow(err error, target **typeset.OverflowError) bool {
	oe, ok := err.(*typeset.OverflowError)
	if ok {
		*target = oe
	}
	return ok
}

// clutter scatters random words of random letters over the rectangle, in
// the bold face at 1.2–2 times the text's size, rotated up to ±35°, each
// in its own opaque colour.
func clutter(c *layout.Canvas, r *rand.Rand, x, y, w, h, size float64, lk look) {
	scale := (size / 12) * (size / 12)
	n := int(math.Round(lk.density * (w * h / 100) / scale))
	runes := []rune(letters)
	for i := 0; i < n; i++ {
		word := make([]rune, 2+r.IntN(6))
		for j := range word {
			word[j] = runes[r.IntN(len(runes))]
		}
		if r.IntN(4) == 0 {
			word[0] = []rune("DSAEGKMW")[r.IntN(8)]
		}
		sz := size * (lk.sizeMin + (lk.sizeMax-lk.sizeMin)*r.Float64())
		deg := -35 + 70*r.Float64()
		if r.IntN(3) > 0 {
			deg /= 4 // most clutter lies nearly level, like text lines
		}
		cx, cy := x+w*r.Float64(), y+h*r.Float64()
		c.Glyph(cx, cy, deg, string(word), "B", sz, bandColor(r, lk, lk.clutterRed))
	}
}

// camouflage covers the rectangle with irregular blobs (polygons of 9
// corners on a wobbly circle), each in its own colour.
func camouflage(c *layout.Canvas, r *rand.Rand, x, y, w, h float64, lk look) {
	n := int(math.Round(lk.patches * w * h / 100))
	for i := 0; i < n; i++ {
		cx, cy := x+w*r.Float64(), y+h*r.Float64()
		rad := lk.patchSize[0] + (lk.patchSize[1]-lk.patchSize[0])*r.Float64()
		const corners = 9
		xy := make([]float64, 0, 2*corners)
		turn := 2 * math.Pi * r.Float64()
		for k := 0; k < corners; k++ {
			a := turn + 2*math.Pi*float64(k)/corners
			d := rad * (0.6 + 0.4*r.Float64())
			xy = append(xy, cx+d*math.Cos(a), cy+d*math.Sin(a))
		}
		c.Polygon(bandColor(r, lk, lk.patchRed), xy...)
	}
}

// decoyLines fills the band below the solution with lines of random words
// set like the solution — same face, size and halo — in inks that look like
// the hidden ink to the eye but keep enough red to stay grey behind the
// film.
func decoyLines(c *layout.Canvas, r *rand.Rand, x, top, w, bottom, size float64, s Strength, lk look) {
	lineH := size * 0.3528 * 1.3
	runes := []rune(letters)
	for ly := top + 0.3*lineH; ly+lineH <= bottom; ly += lineH {
		cx := x + pad
		for {
			word := make([]rune, 2+r.IntN(8))
			for j := range word {
				word[j] = runes[r.IntN(len(runes))]
			}
			ww := c.TextWidth(string(word), "", size)
			if cx+ww > x+w-pad {
				break
			}
			col := decoyColor(r, lk)
			c.TextStroke(lk.halo, lk.haloWidth, func() { c.Text(cx, ly, string(word), "", size, lk.halo, layout.Left) })
			c.TextOutline(lk.halo, s.erosion(), func() { c.Text(cx, ly, string(word), "", size, col, layout.Left) })
			cx += ww + c.TextWidth(" ", "", size)
		}
	}
}

// decoyColor draws a decoy's ink.
func decoyColor(r *rand.Rand, lk look) layout.Color {
	for {
		c := layout.RGB(lk.decoyRed[0]+uint8(r.IntN(int(lk.decoyRed[1]-lk.decoyRed[0])+1)), uint8(r.IntN(256)), uint8(r.IntN(256)))
		l, a, b := cieLab(c)
		if l >= lk.decoyLightness[0] && l <= lk.decoyLightness[1] && a <= lk.decoyRedYellow[0] && b <= lk.decoyRedYellow[1] {
			return c
		}
	}
}

// Describe names a strength for the calibration strip.
func Describe(s Strength) string {
	return fmt.Sprintf("Stärke %d", s)
}
