package decoder

import (
	"fmt"
	"image"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode"

	"druckreif/decks"
	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/layout/cards"
)

// The views of a printed band that the measurement reads with OCR: through
// an ideal red filter, through cheap film that leaks 15 % of green and
// blue, and two stand-ins for the naked eye that OCR can read — plain
// grey, and a "hue observer" that marks every pixel more green or blue than
// red. The naked eye proper is modelled by S-CIELAB (scielab_test.go).
type view struct {
	name string
	grey func(r, g, b float64) float64
}

var views = []view{
	{"rot-ideal", func(r, g, b float64) float64 { return r }},
	{"rot-billig", func(r, g, b float64) float64 { return (r + 0.15*g + 0.15*b) / 1.3 }},
	{"grau", func(r, g, b float64) float64 { return 0.299*r + 0.587*g + 0.114*b }},
	{"farbton", func(r, g, b float64) float64 {
		if g > r || b > r {
			return 0
		}
		return 255
	}},
}

// What the test holds, issue 11's goals: through red film the solution
// reads (≥ 95 % of faces through an ideal filter, ≥ 85 % through film that
// leaks 15 % of green and blue), to the naked eye it hides (≤ 5 % in
// greyscale; S-CIELAB d′ ≤ 0.5 in each of L*, a*, b* and ≤ 1.5 along the
// best direction, the mean over the faces).
const (
	minIdealRead = 0.95 // ideal red filter
	minLeakyRead = 0.85 // film leaking 15 % of green and blue
	maxGreyRead  = 0.05 // greyscale
	maxChannelD  = 0.5  // S-CIELAB d′ in each of L*, a*, b*
	maxFisherD   = 1.5  // S-CIELAB d′ along the best linear direction
)

// TestDecoderRates measures how well the hidden solutions read through red
// film and how well they hide from the naked eye, at the default strength:
// a sample of the default deck's faces plus the faces written for this
// test; DRUCKREIF_DECODER_FULL=1 measures every face of the default deck
// (CI runs that as its own step).
func TestDecoderRates(t *testing.T) {
	sides, vs := allSides(t), views
	if os.Getenv("DRUCKREIF_DECODER_FULL") == "1" {
		vs = views[:3] // the hue observer is reported on the sample only, to keep CI short
	} else {
		sides = sample(sides, 8)
	}
	sides = append(sides, testSides...)
	res := measure(t, sides, DefaultStrength, vs)
	t.Log(res)
	if res.rates["rot-ideal"] < minIdealRead {
		t.Errorf("ideal filter: %.0f %% read, want ≥ %.0f %%", 100*res.rates["rot-ideal"], 100*minIdealRead)
	}
	if res.rates["rot-billig"] < minLeakyRead {
		t.Errorf("leaky film: %.0f %% read, want ≥ %.0f %%", 100*res.rates["rot-billig"], 100*minLeakyRead)
	}
	if res.rates["grau"] > maxGreyRead {
		t.Errorf("greyscale: %.0f %% read, want ≤ %.0f %%", 100*res.rates["grau"], 100*maxGreyRead)
	}
	e := res.eye
	if e.L > maxChannelD || e.A > maxChannelD || e.B > maxChannelD || e.Fisher > maxFisherD {
		t.Errorf("naked eye (S-CIELAB, mean over faces): d′ L* %.2f a* %.2f b* %.2f Fisher %.2f, want ≤ %.1f each and ≤ %.1f along the best direction",
			e.L, e.A, e.B, e.Fisher, maxChannelD, maxFisherD)
	}
}

// TestDecoderStrengths reports every figure at each strength of the
// calibration strip, on a sample of faces (DRUCKREIF_DECODER_STRENGTHS=1
// only: it is the report in docs/decoder.md; TestDecoderRates holds the
// default strength).
func TestDecoderStrengths(t *testing.T) {
	if os.Getenv("DRUCKREIF_DECODER_STRENGTHS") != "1" {
		t.Skip("set DRUCKREIF_DECODER_STRENGTHS=1")
	}
	sides := append(sample(allSides(t), 12), testSides...)
	for s := Strength(1); s <= 5; s++ {
		t.Logf("strength %d: %s", s, measure(t, sides, s, views))
	}
}

// sample takes n faces spread evenly over the deck.
func sample(sides []decks.DativSide, n int) []decks.DativSide {
	if len(sides) <= n {
		return sides
	}
	var out []decks.DativSide
	for i := 0; i < n; i++ {
		out = append(out, sides[i*len(sides)/n])
	}
	return out
}

// testSides are faces written for this test, with sentences and
// explanations of other lengths than the default deck's.
var testSides = []decks.DativSide{
	testSide("T-1-V", "Sie half ___ Nachbarn beim Umzug.", []string{"dem", "den"}, []int{0},
		"„helfen“ verlangt den Dativ."),
	testSide("T-1-H", "Wir warten ___ den Bus.", []string{"auf", "für"}, []int{0},
		"Man wartet auf etwas."),
	testSide("T-2-V", "Nachdem der verspätete Zug endlich eingefahren war, stiegen alle Reisenden, die ___ zwei Stunden am zugigen Bahnsteig gewartet hatten, erleichtert ein.",
		[]string{"seit", "seid", "seitdem"}, []int{0},
		"„seit“ mit t nennt einen Zeitpunkt oder eine Zeitspanne: seit zwei Stunden. „seid“ mit d ist eine Form von „sein“: ihr seid. Merkhilfe: seit und Zeit enden beide auf t."),
	testSide("T-2-H", "Das Fahrrad gehört ___.", []string{"mir", "mich"}, []int{0},
		"„gehören“ verlangt den Dativ: Wem gehört es? Mir."),
	testSide("T-3-V", "Er erinnerte sich gern ___ den Abend am See.", []string{"an", "auf", "über", "vor"}, []int{0},
		"„sich erinnern“ steht mit der Präposition „an“ und dem Akkusativ."),
	testSide("T-3-H", "Die Kinder spielten ___ des schlechten Wetters im Garten.", []string{"trotz", "wegen"}, []int{0},
		"„trotz“ nennt einen Umstand, der dem Geschehen entgegensteht; „wegen“ nennt einen Grund. Beide stehen in der Standardsprache mit dem Genitiv."),
}

func testSide(id, sentence string, options []string, correct []int, explanation string) decks.DativSide {
	return decks.DativSide{ID: id, Category: "Test", Sentence: sentence, Options: options, Correct: correct, Explanation: explanation}
}

// bandLayerPDF renders one layer of the bands of dativ sides (everything,
// or the band without its hidden ink), one per page, as printed.
func bandLayerPDF(t testing.TB, sides []decks.DativSide, s Strength, l layer) ([]byte, *layout.Style) {
	t.Helper()
	st, err := layout.LoadStyle("dativ", "")
	if err != nil {
		t.Fatal(err)
	}
	w := st.Card.Width - 2*st.Margin
	h := st.Band.Height
	var draws []func(*layout.Canvas) error
	for _, side := range sides {
		draws = append(draws, func(c *layout.Canvas) error {
			return drawBand(c, side, cards.SolutionBlocks(st, side), 0, 0, w, h, s, l, bandLook)
		})
	}
	pdf, err := layout.Pages(w, h, "bands", draws)
	if err != nil {
		t.Fatal(err)
	}
	return pdf, st
}

// readPPM decodes a binary PPM (P6) as poppler writes it.
func readPPM(t testing.TB, path string) *image.RGBA {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(data[:min(len(data), 32)]))
	var w, h int
	fmt.Sscan(f[1], &w)
	fmt.Sscan(f[2], &h)
	pix := data[len(data)-3*w*h:]
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < w*h; i++ {
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = pix[3*i], pix[3*i+1], pix[3*i+2], 255
	}
	return img
}

func writePGM(path string, img *image.Gray) error {
	head := fmt.Sprintf("P5\n%d %d\n255\n", img.Rect.Dx(), img.Rect.Dy())
	return os.WriteFile(path, append([]byte(head), img.Pix...), 0o644)
}

// sauvola is the reader's eye behind the film, as OCR gets it: Sauvola's
// local threshold (Sauvola & Pietikäinen 2000), T = m·(1 + k·(s/128 − 1))
// over a window of the given side, m and s the window's mean and standard
// deviation. A reader takes black strokes on a grey ground as ink and the
// grey as ground, wherever the ground is lighter or darker; tesseract's
// recogniser works on the grey image even where its own binarisation is
// clean, and reads the clutter's grey into the words (docs/decoder.md).
// Every view is binarised the same way.
type sauvola struct {
	window int     // pixels at 300 dpi
	k      float64 // 0: no binarisation
}

var reader = sauvola{window: 41, k: 1}

func (sv sauvola) binarize(g *image.Gray) *image.Gray {
	if sv.k == 0 {
		return g
	}
	w, h := g.Rect.Dx(), g.Rect.Dy()
	// Integral images of the values and their squares, one row and column
	// of zeros in front.
	sum := make([]float64, (w+1)*(h+1))
	sq := make([]float64, (w+1)*(h+1))
	for y := 0; y < h; y++ {
		rs, rq := 0.0, 0.0
		for x := 0; x < w; x++ {
			v := float64(g.Pix[y*g.Stride+x])
			rs += v
			rq += v * v
			sum[(y+1)*(w+1)+x+1] = sum[y*(w+1)+x+1] + rs
			sq[(y+1)*(w+1)+x+1] = sq[y*(w+1)+x+1] + rq
		}
	}
	out := image.NewGray(g.Rect)
	r := sv.window / 2
	for y := 0; y < h; y++ {
		y0, y1 := max(0, y-r), min(h, y+r+1)
		for x := 0; x < w; x++ {
			x0, x1 := max(0, x-r), min(w, x+r+1)
			n := float64((x1 - x0) * (y1 - y0))
			at := func(a []float64) float64 {
				return a[y1*(w+1)+x1] - a[y0*(w+1)+x1] - a[y1*(w+1)+x0] + a[y0*(w+1)+x0]
			}
			m := at(sum) / n
			s := math.Sqrt(math.Max(0, at(sq)/n-m*m))
			if float64(g.Pix[y*g.Stride+x]) > m*(1+sv.k*(s/128-1)) {
				out.Pix[y*out.Stride+x] = 255
			}
		}
	}
	return out
}

func apply(img *image.RGBA, v view) *image.Gray {
	out := image.NewGray(img.Rect)
	for i := 0; i < len(out.Pix); i++ {
		r, g, b := float64(img.Pix[4*i]), float64(img.Pix[4*i+1]), float64(img.Pix[4*i+2])
		out.Pix[i] = uint8(min(255, max(0, v.grey(r, g, b))))
	}
	return out
}

// words of a text for matching: lower case, letters only, two or more.
func words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= 2 {
			out = append(out, w)
		}
	}
	return out
}

var hyphenBreak = regexp.MustCompile(`(\pL)[-‐¬]\s*\n\s*(\pL)`)

// recall is the share of the solution's words that the OCR text contains
// in the solution's order: each word counts when it follows the word
// before it in the OCR text too (the first word when it precedes the
// second). The decoys are made of the solution's own words in random order,
// so finding the words is not reading the solution; reading them in order
// is.
func recall(solution, ocr string) float64 {
	// A word hyphenated at a line's end is read as one word, as a reader
	// reads it.
	ocr = hyphenBreak.ReplaceAllString(ocr, "$1$2")
	got := words(ocr)
	pairs := map[[2]string]bool{}
	for i := 1; i < len(got); i++ {
		pairs[[2]string{got[i-1], got[i]}] = true
	}
	want := words(solution)
	if len(want) == 0 {
		return 0
	}
	if len(want) == 1 {
		for _, w := range got {
			if w == want[0] {
				return 1
			}
		}
		return 0
	}
	found := 0
	for i, w := range want {
		prev, next := i > 0 && pairs[[2]string{want[i-1], w}], i+1 < len(want) && pairs[[2]string{w, want[i+1]}]
		if prev || next {
			found++
		}
	}
	return float64(found) / float64(len(want))
}

// readThreshold: a face counts as read when OCR recovers at least 80 % of
// the words of its correct sentence(s).
const readThreshold = 0.8

type result struct {
	rates       map[string]float64
	eye, worst  discriminability // S-CIELAB d′: mean over the faces, and the worst face
	faces       int
	inkCoverage float64 // share of band pixels that carry the hidden ink
}

func (r result) String() string {
	hue := "not measured"
	if v, ok := r.rates["farbton"]; ok {
		hue = fmt.Sprintf("%.0f %%", 100*v)
	}
	return fmt.Sprintf("%d faces: read through ideal red filter %.0f %%, leaky film %.0f %%, greyscale %.0f %%, hue observer %s; "+
		"naked eye (S-CIELAB) d′ L* %.2f a* %.2f b* %.2f Fisher %.2f (worst face %.2f/%.2f/%.2f/%.2f); ink on %.1f %% of the band",
		r.faces, 100*r.rates["rot-ideal"], 100*r.rates["rot-billig"], 100*r.rates["grau"], hue,
		r.eye.L, r.eye.A, r.eye.B, r.eye.Fisher, r.worst.L, r.worst.A, r.worst.B, r.worst.Fisher, 100*r.inkCoverage)
}

// measure prints the bands at 300 dpi, with and without their hidden ink,
// measures the naked eye's discriminability of the ink in S-CIELAB, and
// reads each of the views vs with tesseract, binarised as a reader sees
// them (sauvola).
func measure(t *testing.T, sides []decks.DativSide, s Strength, vs []view) result {
	tooltest.Need(t, "pdftoppm", "tesseract")
	pdf, _ := bandLayerPDF(t, sides, s, everything)
	bands := renderPages(t, pdf, 300)
	pdf, _ = bandLayerPDF(t, sides, s, withoutInk)
	bare := renderPages(t, pdf, 300)
	return measureImages(t, sides, bands, bare, vs)
}

// measureImages measures bands rendered at 300 dpi, with and without
// their hidden ink.
func measureImages(t *testing.T, sides []decks.DativSide, bands, bare []*image.RGBA, vs []view) result {
	tooltest.Need(t, "tesseract")
	if len(bands) != len(sides) || len(bare) != len(sides) {
		t.Fatalf("%d and %d pages for %d sides", len(bands), len(bare), len(sides))
	}
	res := result{rates: map[string]float64{}, faces: len(sides)}
	dir := t.TempDir()
	read := map[string]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	ocr := func(face int, v view, path string) {
		defer wg.Done()
		sem <- struct{}{}
		defer func() { <-sem }()
		cmd := exec.Command("tesseract", path, "stdout", "-l", "deu", "--psm", "6")
		// One thread per tesseract: the runs are parallel already, and
		// tesseract's own threads only contend with each other.
		cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("tesseract: %v", err)
			return
		}
		solution := strings.Join(sides[face].Solutions(), " ")
		got := recall(solution, string(out))
		if os.Getenv("DRUCKREIF_DECODER_VERBOSE") != "" {
			t.Logf("%s %s: %.0f %% of %q in\n%s", sides[face].ID, v.name, 100*got, solution, out)
		}
		if got >= readThreshold {
			mu.Lock()
			read[v.name]++
			mu.Unlock()
		}
	}
	for i, img := range bands {
		// OCR runs while the eye model looks at the next face.
		for _, v := range vs {
			out := filepath.Join(dir, fmt.Sprintf("%03d-%s.pgm", i, v.name))
			if err := writePGM(out, reader.binarize(apply(img, v))); err != nil {
				t.Fatal(err)
			}
			wg.Add(1)
			go ocr(i, v, out)
		}
		ink, other := inkMask(img, bare[i])
		d := dprime(naked.see(img), ink, other)
		n := float64(len(sides))
		res.eye.L, res.eye.A, res.eye.B, res.eye.Fisher = res.eye.L+d.L/n, res.eye.A+d.A/n, res.eye.B+d.B/n, res.eye.Fisher+d.Fisher/n
		res.worst.L, res.worst.A, res.worst.B, res.worst.Fisher = max(res.worst.L, d.L), max(res.worst.A, d.A), max(res.worst.B, d.B), max(res.worst.Fisher, d.Fisher)
		res.inkCoverage += float64(d.ink) / float64(d.ink+d.other) / n
	}
	wg.Wait()
	for _, v := range vs {
		res.rates[v.name] = float64(read[v.name]) / float64(len(sides))
	}
	return res
}

func allSides(t testing.TB) []decks.DativSide {
	d, probs := decks.LoadDefault("dativ")
	if d == nil {
		t.Fatal(probs)
	}
	var sides []decks.DativSide
	for _, c := range d.Dativ {
		sides = append(sides, c.Sides[0], c.Sides[1])
	}
	return sides
}
