package decoder

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode"

	"druckreif/decks"
	"druckreif/internal/tooltest"
	"druckreif/layout"
)

// The four views of a printed band that the measurement reads with OCR:
// through an ideal red filter, through cheap film that leaks 15 % of green
// and blue, and two stand-ins for the naked eye — plain grey, and a "hue
// observer" that marks every pixel more green or blue than red.
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

// bandSample renders the bands of dativ sides, one per page, as printed.
func bandPDF(t testing.TB, sides []decks.DativSide, s Strength) ([]byte, *layout.Style) {
	t.Helper()
	st, err := layout.LoadStyle("dativ", "")
	if err != nil {
		t.Fatal(err)
	}
	w := st.Card.Width - 2*st.Margin
	h := st.Band.Height
	var draws []func(*layout.Canvas) error
	band := Band(s)
	for _, side := range sides {
		side := side
		draws = append(draws, func(c *layout.Canvas) error { return band(c, st, side, 0, 0, w, h) })
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
	var b bytes.Buffer
	fmt.Fprintf(&b, "P5\n%d %d\n255\n", img.Rect.Dx(), img.Rect.Dy())
	b.Write(img.Pix)
	return os.WriteFile(path, b.Bytes(), 0o644)
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

// recall is the share of the solution's words that the OCR text contains.
func recall(solution, ocr string) float64 {
	have := map[string]bool{}
	for _, w := range words(ocr) {
		have[w] = true
	}
	want := words(solution)
	if len(want) == 0 {
		return 0
	}
	found := 0
	for _, w := range want {
		if have[w] {
			found++
		}
	}
	return float64(found) / float64(len(want))
}

// readThreshold: a face counts as read when OCR recovers at least 80 % of
// the words of its correct sentence(s).
const readThreshold = 0.8

type result struct {
	rates    map[string]float64
	coverage float64
	faces    int
}

// measure prints the bands, simulates the four views and runs tesseract.
func measure(t *testing.T, sides []decks.DativSide, s Strength) result {
	tooltest.Need(t, "pdftoppm", "tesseract")
	pdf, _ := bandPDF(t, sides, s)
	dir := t.TempDir()
	in := filepath.Join(dir, "bands.pdf")
	os.WriteFile(in, pdf, 0o644)
	tooltest.Run(t, "pdftoppm", "-r", "300", in, filepath.Join(dir, "b"))
	ppms, _ := filepath.Glob(filepath.Join(dir, "b-*.ppm"))
	sort.Strings(ppms)
	if len(ppms) != len(sides) {
		t.Fatalf("%d pages for %d sides", len(ppms), len(sides))
	}
	type job struct {
		face int
		v    view
		path string
	}
	var jobs []job
	cover := 0.0
	for i, p := range ppms {
		img := readPPM(t, p)
		cover += coverage(img)
		for _, v := range views {
			out := fmt.Sprintf("%s-%s.pgm", strings.TrimSuffix(p, ".ppm"), v.name)
			if err := writePGM(out, apply(img, v)); err != nil {
				t.Fatal(err)
			}
			jobs = append(jobs, job{i, v, out})
		}
	}
	read := map[string]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			cmd := exec.Command("tesseract", j.path, "stdout", "-l", "deu", "--psm", "6")
			// One thread per tesseract: the runs are parallel already, and
			// tesseract's own threads only contend with each other.
			cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
			out, err := cmd.Output()
			if err != nil {
				t.Errorf("tesseract: %v", err)
				return
			}
			solution := strings.Join(sides[j.face].Solutions(), " ")
			if recall(solution, string(out)) >= readThreshold {
				mu.Lock()
				read[j.v.name]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	res := result{rates: map[string]float64{}, coverage: cover / float64(len(ppms)), faces: len(sides)}
	for _, v := range views {
		res.rates[v.name] = float64(read[v.name]) / float64(len(sides))
	}
	return res
}

// coverage is the share of band pixels the mask or text inks (not paper).
func coverage(img *image.RGBA) float64 {
	inked := 0
	n := len(img.Pix) / 4
	for i := 0; i < n; i++ {
		r, g, b := img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2]
		if int(r)+int(g)+int(b) < 3*245 {
			inked++
		}
	}
	return float64(inked) / float64(n)
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
