// Package decoder prints the solutions of the Dativ card game "encrypted",
// as the original does: readable only through the red window of the
// Decoder.
//
// A red filter passes red light only. What the filter shows is, in effect,
// the red channel of the print: shapes whose red is at full strength
// vanish into the white paper, shapes with little red stay dark. So the
// solution is printed in a cyan-blue with no red in it, and hidden under a
// mask of letter-shaped clutter in colours whose red is full (magenta,
// pink, orange, yellow) or nearly full (pale bluish decoys). Text and mask
// are combined by multiplication, as inks on paper combine, so the mask
// never cuts holes into the letters. docs/decoder.md explains the colours.
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

// Strength is the contrast of the hidden ink, 1 (faint, best hidden) to 5
// (strong, for weak film or pale printers). The calibration strip prints
// all five.
type Strength int

// DefaultStrength suits a common inkjet and a red report cover.
const DefaultStrength Strength = 3

// Valid reports whether s is a strength that can be printed.
func (s Strength) Valid() bool { return s >= 1 && s <= 5 }

// Ink is the hidden-ink colour of a strength: cyan-blue, from about C60 to
// C100 plus a little magenta at the top. Its red channel is what the filter
// shows as dark.
func Ink(s Strength) layout.Color {
	switch s {
	case 1:
		return layout.RGB(92, 200, 242)
	case 2:
		return layout.RGB(46, 187, 240)
	case 4:
		return layout.RGB(0, 150, 220)
	case 5:
		return layout.RGB(0, 128, 204)
	}
	return layout.RGB(0, 174, 239) // #00AEEF, process cyan
}

// maskColor draws one clutter colour. All have red at full strength, or,
// for the pale bluish decoys, nearly full: both vanish behind red film. The
// magentas and violet-pinks have about the luminance of the ink, so a grey
// (luminance-only) view cannot tell text from clutter; the decoys are
// bluish like the ink, so a view that looks for bluish pixels finds clutter
// letters everywhere.
func maskColor(r *rand.Rand) layout.Color {
	u := func(lo, hi int) uint8 { return uint8(lo + r.IntN(hi-lo+1)) }
	switch p := r.Float64(); {
	case p < 0.34: // magenta, violet-pink
		return layout.RGB(255, u(40, 110), u(215, 255))
	case p < 0.50: // pink
		return layout.RGB(255, u(110, 165), u(185, 225))
	case p < 0.62: // orange
		return layout.RGB(255, u(150, 190), u(70, 115))
	case p < 0.70: // yellow
		return layout.RGB(255, u(210, 238), u(80, 130))
	default: // pale bluish decoy
		return layout.RGB(u(236, 246), u(240, 250), 255)
	}
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
		return drawBand(c, st, side.ID, cards.SolutionBlocks(st, side), x, y, w, h, s)
	}
}

const pad = 3.0

// drawBand sets the solution blocks in hidden ink and covers the band with
// clutter.
func drawBand(c *layout.Canvas, st *layout.Style, id string, blocks []typeset.Block, x, y, w, h float64, s Strength) error {
	c.RoundRect(x, y, w, h, 2, layout.White, layout.Color{}, 0)
	set, err := c.Setter.Fit(blocks, w-2*pad, h-2*pad)
	if err != nil {
		var oe *typeset.OverflowError
		if asOverflow(err, &oe) {
			return oe
		}
		return err
	}
	textSize := set[0].SizePt
	r := seed(id)
	c.Clip(x, y, w, h, func() {
		c.Blend("Multiply", func() {
			clutter(c, r, x, y, w, h, textSize)
			ink := Ink(s)
			cy := y + pad
			for _, b := range set {
				cy += b.Gap
				c.Block(b, x+pad, cy, w-2*pad, ink, layout.Left)
				cy += b.Height
			}
		})
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

// Density is how much clutter covers a band: words per square centimetre
// at 12 pt. Tuned with the OCR measurement (docs/decoder.md) so the mask
// covers 75–85 % of the band.
const Density = 11.5

// clutter scatters random words of random letters over the rectangle, in
// the text's font at 0.7–1.3 times its size, rotated up to ±35°.
func clutter(c *layout.Canvas, r *rand.Rand, x, y, w, h, size float64) {
	scale := (size / 12) * (size / 12)
	n := int(math.Round(Density * (w * h / 100) / scale))
	for i := 0; i < n; i++ {
		word := make([]rune, 2+r.IntN(6))
		runes := []rune(letters)
		for j := range word {
			word[j] = runes[r.IntN(len(runes))]
		}
		if r.IntN(4) == 0 {
			word[0] = []rune("DSAEGKMW")[r.IntN(8)]
		}
		sz := size * (0.7 + 0.6*r.Float64())
		deg := -35 + 70*r.Float64()
		if r.IntN(3) > 0 {
			deg /= 4 // most clutter lies nearly level, like text lines
		}
		cx, cy := x+w*r.Float64(), y+h*r.Float64()
		c.Glyph(cx, cy, deg, string(word), "B", sz, maskColor(r))
	}
}

// Describe names a strength for the calibration strip.
func Describe(s Strength) string {
	return fmt.Sprintf("Stärke %d", s)
}
