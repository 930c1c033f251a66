// Package decoder prints the solutions of the Dativ card game "encrypted",
// as the original does: readable only through the red window of the
// Decoder.
//
// A red filter passes red light only: what it shows is, in effect, the red
// channel of the print. The naked eye sees more than red, but it sees
// colour coarsely — fine colour detail blurs, fine lightness detail does
// not — and it reads shapes. The band is built on both (docs/decoder.md
// has the measurements):
//
//   - the solution is set in thin strokes of an ink with no red, each word
//     in its own shade of it, as light as its surroundings: behind red film
//     the strokes are black, to the naked eye they differ only in colour,
//     and only finely;
//   - each stroke has a thin halo with full red (white behind the film, so
//     the text stands clear) whose colour offsets the ink's where the eye
//     blurs them together;
//   - decoy lines made of the side's own words in random order are set
//     exactly like the solution, in bluish inks that keep some red, half a
//     line above its first line and half a line below each of its lines,
//     and then down to the band's bottom: to the eye the solution is one line
//     of words among overlapping lines of the same words, behind the film
//     the decoys are grey and the solution black;
//   - under it all, camouflage — irregular blobs of the same lightness
//     whose red spans 130–255 — so that "less red", the one direction the
//     eye would find the ink by, varies everywhere; behind the film the
//     blobs are grey patches, not letters.
package decoder

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"unicode"

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
	ink, halo layout.Color // the hidden ink (no red) and the halo of all text (full red)
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
	// The solution's words are each set in their own shade of the ink:
	// no red, green and blue within inkSpread of the ink's, lightness
	// within inkLightness and chroma within inkChroma of the ink's, so the
	// ink is not one colour the eye could look for.
	inkSpread               uint8
	inkLightness, inkChroma float64
	// Decoys: lines of the side's own words in random order, set exactly
	// like the solution (face, size, halo, erosion): half a line above the
	// solution's first line and half a line below each of its lines, so
	// its lines are overlapped from both sides; then lines at the
	// normal pitch to the band's bottom. Each word in an ink with red in
	// decoyRed, lightness in decoyLightness and at most the a* and b* of
	// decoyRedYellow — bluish like the ink to the eye, grey behind the
	// film. decoyTick of the decoy lines begin with the solution's mark ✔.
	decoyRed       [2]uint8
	decoyLightness [2]float64
	decoyRedYellow [2]float64
	interleave     float64 // offset of the overlapping decoy lines, share of the line height
	decoyTick      float64
	decoyBolder    float64 // mm less erosion than the solution's
	// process, when set, is the band designed in process inks for print
	// shops (press.go): its colours replace the sRGB ones above.
	process *processPalette
}

var bandLook = look{
	ink:             layout.RGB(0, 190, 255),
	halo:            layout.RGB(255, 70, 20),
	base:            layout.RGB(195, 146, 166),
	haloWidth:       0.65,
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
	inkSpread:       40,
	inkLightness:    2,
	inkChroma:       20,
	decoyRed:        [2]uint8{130, 160},
	decoyLightness:  [2]float64{62, 78},
	decoyRedYellow:  [2]float64{0, -25},
	interleave:      0.5,
	decoyTick:       0.3,
	decoyBolder:     0.04,
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

// clutterColor is a clutter word's colour: pale behind the film.
func (lk look) clutterColor(r *rand.Rand) layout.Color {
	if lk.process != nil {
		return pick(r, lk.process.clutter)
	}
	return bandColor(r, lk, lk.clutterRed)
}

// patchColor is a camouflage blob's colour.
func (lk look) patchColor(r *rand.Rand) layout.Color {
	if lk.process != nil {
		return pick(r, lk.process.patches)
	}
	return bandColor(r, lk, lk.patchRed)
}

// lightness is CIELAB L* of an sRGB colour (D65).
func lightness(c layout.Color) float64 {
	l, _, _ := cieLab(c)
	return l
}

// cieLab is CIELAB L*, a*, b* of an sRGB colour (D65).
func cieLab(c layout.Color) (l, a, b float64) {
	lin := &linearRGB
	r, g, bl := lin[c.R], lin[c.G], lin[c.B]
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

// linearRGB is the sRGB curve (IEC 61966-2-1) as a table: the value of
// each 8-bit level in linear light.
var linearRGB = func() (t [256]float64) {
	for v := range t {
		x := float64(v) / 255
		if x <= 0.04045 {
			t[v] = x / 12.92
		} else {
			t[v] = math.Pow((x+0.055)/1.055, 2.4)
		}
	}
	return t
}()

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
	return bandOf(bandLook, s)
}

// PressBand is the band for print shops' files at a strength: designed in
// process inks (press.go), the same layout as Band's.
func PressBand(s Strength) cards.SolutionBand {
	return bandOf(pressLook(), s)
}

func bandOf(lk look, s Strength) cards.SolutionBand {
	return func(c *layout.Canvas, st *layout.Style, side decks.DativSide, x, y, w, h float64) error {
		return drawBand(c, side, cards.SolutionBlocks(st, side), x, y, w, h, s, everything, lk)
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
func drawBand(c *layout.Canvas, side decks.DativSide, blocks []typeset.Block, x, y, w, h float64, s Strength, l layer, lk look) error {
	set, err := c.Setter.Fit(scaledBlocks(blocks, lk), w-2*pad, h-2*pad)
	if err != nil {
		var oe *typeset.OverflowError
		if asOverflow(err, &oe) {
			return oe
		}
		return err
	}
	textSize := set[0].SizePt
	r := seed(side.ID)
	words := lk.textLayer(c, r, side, set, x, y, w, h)
	c.Clip(x, y, w, h, func() {
		if err := camouflage(c, r, x, y, w, h, lk); err != nil {
			c.Fail(err)
			return
		}
		clutter(c, r, x, y, w, h, textSize, lk)
		// Every halo first, along the glyphs' outlines, so no line lies in
		// front of another; then the inks, each edge covered by the halo
		// colour, so what stays in ink is the glyph less the erosion. The
		// solution's ink comes last: behind the film its strokes are not
		// cut by anything.
		if lk.haloWidth > 0 {
			c.TextStroke(lk.halo, lk.haloWidth, func() {
				for _, p := range words {
					c.Text(p.x, p.y, p.text, "", p.size, lk.halo, layout.Left)
				}
			})
		}
		decoyErosion := math.Max(0, s.erosion()-lk.decoyBolder)
		c.TextOutline(lk.halo, decoyErosion, func() {
			for _, p := range words {
				if !p.hidden {
					c.Text(p.x, p.y, p.text, "", p.size, p.ink, layout.Left)
				}
			}
		})
		if l == withoutInk {
			return
		}
		c.TextOutline(lk.halo, s.erosion(), func() {
			for _, p := range words {
				if p.hidden {
					c.Text(p.x, p.y, p.text, "", p.size, p.ink, layout.Left)
				}
			}
		})
	})
	return nil
}

// scaledBlocks makes the solution's strokes thin: the regular face,
// smaller than the card style's bold.
func scaledBlocks(blocks []typeset.Block, lk look) []typeset.Block {
	scaled := make([]typeset.Block, len(blocks))
	for i, b := range blocks {
		b.Size *= lk.textScale
		b.Min *= lk.textScale
		b.Style = ""
		scaled[i] = b
	}
	return scaled
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
		c.Glyph(cx, cy, deg, string(word), "B", sz, lk.clutterColor(r))
	}
}

// camouflage covers the rectangle with irregular blobs. The blobs are
// drawn once per document, as a few square tiles that repeat seamlessly
// (a blob that crosses a tile's edge comes in again at the opposite one);
// each band shows one tile at an offset of its own, so every band looks
// different while the document holds a few thousand blobs instead of
// hundreds of thousands.
func camouflage(c *layout.Canvas, r *rand.Rand, x, y, w, h float64, lk look) error {
	tile := camouflageTiles(lk)[r.IntN(camouflagePatterns)]
	ox, oy := tileSize*r.Float64(), tileSize*r.Float64()
	for ty := y - oy; ty < y+h; ty += tileSize {
		for tx := x - ox; tx < x+w; tx += tileSize {
			if err := c.Place(tx, ty, tile); err != nil {
				return err
			}
		}
	}
	return nil
}

// The camouflage tiles: camouflagePatterns squares of tileSize mm.
const (
	camouflagePatterns = 4
	tileSize           = 60.0
)

// camouflageTiles are the tiles of a look, made once per process (the
// home band's and the press band's).
func camouflageTiles(lk look) []*layout.Form {
	if t, ok := tileSets.Load(lk.process); ok {
		return t.([]*layout.Form)
	}
	tiles := make([]*layout.Form, camouflagePatterns)
	for i := range tiles {
		tiles[i] = layout.NewForm(tileSize, tileSize, func(c *layout.Canvas) error {
			drawTile(c, seed(fmt.Sprintf("camouflage-%d", i)), lk)
			return nil
		})
	}
	t, _ := tileSets.LoadOrStore(lk.process, tiles)
	return t.([]*layout.Form)
}

var tileSets sync.Map // *processPalette (nil: the home band) → []*layout.Form

// drawTile draws one camouflage tile: blobs (polygons of 9 corners on a
// wobbly circle), each in its own colour, over the band's ground.
func drawTile(c *layout.Canvas, r *rand.Rand, lk look) {
	c.Rect(0, 0, tileSize, tileSize, lk.base)
	n := int(math.Round(lk.patches * tileSize * tileSize / 100))
	for i := 0; i < n; i++ {
		cx, cy := tileSize*r.Float64(), tileSize*r.Float64()
		rad := lk.patchSize[0] + (lk.patchSize[1]-lk.patchSize[0])*r.Float64()
		const corners = 9
		xy := make([]float64, 0, 2*corners)
		turn := 2 * math.Pi * r.Float64()
		for k := 0; k < corners; k++ {
			a := turn + 2*math.Pi*float64(k)/corners
			d := rad * (0.6 + 0.4*r.Float64())
			xy = append(xy, cx+d*math.Cos(a), cy+d*math.Sin(a))
		}
		col := lk.patchColor(r)
		// The blob and, where it crosses an edge, its copies one tile
		// over, so tiles repeat without a seam.
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				sx, sy := float64(dx)*tileSize, float64(dy)*tileSize
				if cx+sx+rad < 0 || cx+sx-rad > tileSize || cy+sy+rad < 0 || cy+sy-rad > tileSize {
					continue
				}
				moved := make([]float64, len(xy))
				for k := 0; k < len(xy); k += 2 {
					moved[k], moved[k+1] = xy[k]+sx, xy[k+1]+sy
				}
				c.Polygon(col, moved...)
			}
		}
	}
}

// placedWord is a word of the band's text layer: the solution's words in
// hidden ink, the decoys' in inks that keep some red.
type placedWord struct {
	text   string
	x, y   float64 // top left of the line box, mm
	size   float64 // pt
	ink    layout.Color
	hidden bool // the solution: no red
}

// textLayer places the solution's words and the decoy lines around them,
// decoys first, so the solution is drawn last.
func (lk look) textLayer(c *layout.Canvas, r *rand.Rand, side decks.DativSide, set []typeset.SetBlock, x, y, w, h float64) []placedWord {
	vocab := vocabulary(side)
	// Decoy lines carry the solution's mark where the solution has one.
	if len(set) == 0 || len(set[0].Lines) == 0 || !strings.HasPrefix(set[0].Lines[0].Text, "✔") {
		lk.decoyTick = 0
	}
	var decoys, solution []placedWord
	line := func(ly, size float64) {
		decoys = append(decoys, lk.decoyLine(c, r, x, ly, w, size, vocab)...)
	}
	cy := y + pad
	for k, b := range set {
		cy += b.Gap
		lh := b.LineHeight()
		for i, ln := range b.Lines {
			ly := cy + float64(i)*lh + (lh-b.SizePt*0.3528)/2
			if k == 0 && i == 0 {
				line(ly-lk.interleave*lh, b.SizePt)
			}
			line(ly+lk.interleave*lh, b.SizePt)
			lx := x + pad + b.Indent
			done := ""
			for _, word := range strings.Fields(ln.Text) {
				solution = append(solution, placedWord{text: word, x: lx + c.TextWidth(done, "", b.SizePt), y: ly, size: b.SizePt, ink: lk.inkColor(r), hidden: true})
				done += word + " "
			}
		}
		cy += b.Height
	}
	last := set[len(set)-1]
	lineH := last.LineHeight()
	for ly := cy + 0.3*lineH; ly+lineH <= y+h-pad+lineH/2; ly += lineH {
		line(ly, last.SizePt)
	}
	return append(decoys, solution...)
}

// inkColor is the hidden ink of one word: a shade of the ink, without red.
func (lk look) inkColor(r *rand.Rand) layout.Color {
	if lk.process != nil {
		return pick(r, lk.process.solution)
	}
	l0, a0, b0 := cieLab(lk.ink)
	shade := func(v uint8) uint8 {
		return uint8(max(0, min(255, int(v)-int(lk.inkSpread)+r.IntN(2*int(lk.inkSpread)+1))))
	}
	for {
		c := layout.RGB(0, shade(lk.ink.G), shade(lk.ink.B))
		l, a, b := cieLab(c)
		if math.Abs(l-l0) <= lk.inkLightness && math.Hypot(a-a0, b-b0) <= lk.inkChroma {
			return c
		}
	}
}

// decoyLine sets one line of decoy words from the side's vocabulary, set
// like the solution, in inks that look like the hidden ink to the eye but
// keep enough red to stay grey behind the film.
func (lk look) decoyLine(c *layout.Canvas, r *rand.Rand, x, ly, w, size float64, vocab []string) []placedWord {
	var out []placedWord
	if len(vocab) == 0 {
		return nil
	}
	cx := x + pad
	for first := true; ; first = false {
		word := vocab[r.IntN(len(vocab))]
		if first && r.Float64() < lk.decoyTick {
			word = "✔ " + word
		}
		ww := c.TextWidth(word, "", size)
		if cx+ww > x+w-pad {
			return out
		}
		out = append(out, placedWord{text: word, x: cx, y: ly, size: size, ink: decoyColor(r, lk)})
		cx += ww + c.TextWidth(" ", "", size)
	}
}

// vocabulary is the words a side's decoys are made of: the words of its
// sentence with every option, and of its explanation (with their
// punctuation; a dash or other token without a letter is left out).
func vocabulary(side decks.DativSide) []string {
	var all []string
	for i := range side.Options {
		all = append(all, strings.Fields(side.Filled(i))...)
	}
	all = append(all, strings.Fields(side.Explanation)...)
	var v []string
	for _, w := range all {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			v = append(v, w)
		}
	}
	return v
}

// decoyColor draws a decoy's ink, uniformly from decoyInks.
func decoyColor(r *rand.Rand, lk look) layout.Color {
	if lk.process != nil {
		return pick(r, lk.process.decoys)
	}
	inks := decoyInks(lk)
	return inks[r.IntN(len(inks))]
}

// decoyInks lists the colours a decoy may be printed in: red in decoyRed,
// green and blue in steps of 3 (finer than print tells apart), lightness
// and redness and yellowness within the look's bounds. Drawing from the
// list is what rejecting random colours did, without the hundreds of
// trials per colour that made it half of the kit's CPU time.
func decoyInks(lk look) []layout.Color {
	key := decoyBounds{lk.decoyRed, lk.decoyLightness, lk.decoyRedYellow}
	if inks, ok := decoyInkLists.Load(key); ok {
		return inks.([]layout.Color)
	}
	inks, _ := decoyInkLists.LoadOrStore(key, listDecoyInks(lk))
	return inks.([]layout.Color)
}

// decoyBounds are what decides a decoy's possible inks; decoyInkLists
// holds the list for each bounds met, computed once.
type decoyBounds struct {
	red                  [2]uint8
	lightness, redYellow [2]float64
}

var decoyInkLists sync.Map

func listDecoyInks(lk look) []layout.Color {
	var inks []layout.Color
	for red := int(lk.decoyRed[0]); red <= int(lk.decoyRed[1]); red++ {
		for g := 0; g < 256; g += 3 {
			for b := 0; b < 256; b += 3 {
				c := layout.RGB(uint8(red), uint8(g), uint8(b))
				l, a, yb := cieLab(c)
				if l >= lk.decoyLightness[0] && l <= lk.decoyLightness[1] && a <= lk.decoyRedYellow[0] && yb <= lk.decoyRedYellow[1] {
					inks = append(inks, c)
				}
			}
		}
	}
	return inks
}

// Describe names a strength for the calibration strip.
func Describe(s Strength) string {
	return fmt.Sprintf("Stärke %d", s)
}
