package decoder

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"druckreif/decks"
	"druckreif/internal/tooltest"
)

// TestDecoderRates measures how well the hidden solutions read through red
// film and how well they hide from the eye. By default it OCRs a sample of
// faces; DRUCKREIF_DECODER_FULL=1 measures every face of the default deck
// (CI runs that as its own step).
func TestDecoderRates(t *testing.T) {
	sides := allSides(t)
	if os.Getenv("DRUCKREIF_DECODER_FULL") != "1" {
		var sample []decks.DativSide
		for i := 0; i < len(sides); i += len(sides) / 12 {
			sample = append(sample, sides[i])
		}
		sides = sample
	}
	res := measure(t, sides, DefaultStrength)
	t.Logf("%d faces, mask coverage %.0f %%: read through ideal red filter %.0f %%, through leaky film %.0f %%, from greyscale %.0f %%, by the hue observer %.0f %%",
		res.faces, 100*res.coverage, 100*res.rates["rot-ideal"], 100*res.rates["rot-billig"], 100*res.rates["grau"], 100*res.rates["farbton"])
	if res.rates["rot-ideal"] < 0.95 {
		t.Errorf("ideal filter: %.0f %% read, want ≥ 95 %%", 100*res.rates["rot-ideal"])
	}
	if res.rates["rot-billig"] < 0.85 {
		t.Errorf("leaky film: %.0f %% read, want ≥ 85 %%", 100*res.rates["rot-billig"])
	}
	if res.rates["grau"] > 0.05 {
		t.Errorf("greyscale: %.0f %% read, want ≤ 5 %%", 100*res.rates["grau"])
	}
}

// TestDumpViews writes one band at every strength and its four simulated
// views as PNG files into DRUCKREIF_DECODER_DUMP, for looking at them.
func TestDumpViews(t *testing.T) {
	dir := os.Getenv("DRUCKREIF_DECODER_DUMP")
	if dir == "" {
		t.Skip("set DRUCKREIF_DECODER_DUMP=DIR")
	}
	tooltest.Need(t, "pdftoppm")
	side := allSides(t)[0]
	for s := Strength(1); s <= 5; s++ {
		pdf, _ := bandPDF(t, []decks.DativSide{side}, s)
		in := filepath.Join(t.TempDir(), "b.pdf")
		os.WriteFile(in, pdf, 0o644)
		tooltest.Run(t, "pdftoppm", "-r", "300", "-singlefile", in, filepath.Join(dir, fmt.Sprintf("band-%d", s)))
		img := readPPM(t, filepath.Join(dir, fmt.Sprintf("band-%d.ppm", s)))
		for _, v := range views {
			f, _ := os.Create(filepath.Join(dir, fmt.Sprintf("band-%d-%s.png", s, v.name)))
			png.Encode(f, apply(img, v))
			f.Close()
		}
		f, _ := os.Create(filepath.Join(dir, fmt.Sprintf("band-%d.png", s)))
		png.Encode(f, img)
		f.Close()
	}
}
