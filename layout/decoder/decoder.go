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
//   - the band is covered with opaque clutter — random words in the same
//     lightness, in colours whose red stays well above the ink's — so the
//     eye sees letters and colour everywhere, and behind the film the
//     clutter fades to a pale grey.
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

// DefaultStrength is the thinnest stroke that reads reliably through film,
// chosen by measurement (docs/decoder.md): strength 2 read 100 % of one
// sample and 93 % of another through the ideal filter, strength 3 reads
// both whole.
const DefaultStrength Strength = 3

// Valid reports whether s is a strength that can be printed.
func (s Strength) Valid() bool { return s >= 1 && s <= 5 }

// erosion is how much of each glyph's edge the halo colour covers, in mm
// of line width (half of it inside the glyph): the stroke that remains in
// ink is the glyph's less this. Thinner strokes hide better from the eye,
// bolder ones read more easily through leaky film.
func (s Strength) erosion() float64 {
	return [...]float64{0.14, 0.11, 0.08, 0.05, 0.02}[s-1]
}

// look is the band's design. Every number was chosen by measuring
// (measure_test.go, docs/decoder.md), none by taste.
type look struct {
	ink, halo layout.Color // the hidden ink (no red) and its halo (full red)
	base      layout.Color // the band's ground under the clutter
	haloWidth float64      // line width of the halo around each glyph, mm (half of it outside)
	textScale float64      // the solution's size relative to the card style's
	// Clutter: words per cm² at 12 pt, their size relative to the text,
	// their colours' lightness (CIELAB L*) and the red of the muted and of
	// the vivid half.
	density          float64
	sizeMin, sizeMax float64
	lightness        float64
	lightnessSpread  float64
	mutedRed         [2]uint8
	vividRed         [2]uint8
	// The clutter's colours keep CIELAB b* within this window, so their
	// mean meets the ink's as the eye blurs it.
	yellowness [2]float64
}

var bandLook = look{
	ink:             layout.RGB(0, 175, 230),
	halo:            layout.RGB(255, 90, 130),
	base:            layout.RGB(205, 140, 160),
	haloWidth:       0.7,
	textScale:       0.8,
	density:         9,
	sizeMin:         1.2,
	sizeMax:         2.0,
	lightness:       64,
	lightnessSpread: 10,
	mutedRed:        [2]uint8{215, 230},
	vividRed:        [2]uint8{240, 255},
	yellowness:      [2]float64{-100, 100},
}

// Ink is the hidden ink's colour: it has no red, so it is black behind red
// film.
func Ink() layout.Color { return bandLook.ink }

// Halo is the colour around the hidden strokes: full red, white behind the
// film.
func Halo() layout.Color { return bandLook.halo }

// clutterColor draws one clutter colour: half muted (red 215–230), half
// vivid (red 240–255), all of the band's lightness within its spread.
func clutterColor(r *rand.Rand, lk look) layout.Color {
	red := lk.vividRed
	if r.IntN(2) == 0 {
		red = lk.mutedRed
	}
	for {
		c := layout.RGB(red[0]+uint8(r.IntN(int(red[1]-red[0])+1)), uint8(r.IntN(256)), uint8(r.IntN(256)))
		l, b := lightnessYellowness(c)
		if math.Abs(l-lk.lightness) <= lk.lightnessSpread && b >= lk.yellowness[0] && b <= lk.yellowness[1] {
			return c
		}
	}
}

// lightness is CIELAB L* of an sRGB colour (D65).
func lightness(c layout.Color) float64 {
	l, _ := lightnessYellowness(c)
	return l
}

// lightnessYellowness is CIELAB L* and b* of an sRGB colour (D65).
func lightnessYellowness(c layout.Color) (l, b float64) {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	r, g, bl := lin(c.R), lin(c.G), lin(c.B)
	y := 0.2126*r + 0.7152*g + 0.0722*bl
	z := (0.0193*r + 0.1192*g + 0.9505*bl) / 1.089
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return 116*f(y) - 16, 200 * (f(y) - f(z))
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
		clutter(c, seed(id), x, y, w, h, textSize, lk)
		// The halo first, along the glyphs' outlines; then the ink, its
		// edge covered by the halo colour, so what stays in ink is the
		// glyph less the erosion.
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
		c.Glyph(cx, cy, deg, string(word), "B", sz, clutterColor(r, lk))
	}
}

// Describe names a strength for the calibration strip.
func Describe(s Strength) string {
	return fmt.Sprintf("Stärke %d", s)
}
