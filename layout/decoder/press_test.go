package decoder

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"druckreif/decks"
	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/layout/cards"
	"druckreif/layout/icc"
	"druckreif/layout/press"
)

// testProfile is Ghostscript's CMYK profile (Debian's ghostscript), the
// stand-in in tests for the profile a print shop prints with.
const testProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

func loadProfile(t testing.TB) ([]byte, *icc.Profile) {
	t.Helper()
	tooltest.Need(t, "gs")
	data, err := os.ReadFile(testProfile)
	if err != nil {
		t.Fatal(err)
	}
	p, err := icc.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return data, p
}

// pressBandPages renders one layer of the press band of each side as the
// pdfx export prints it: PDF/X-4, every colour in process inks.
func pressBandPages(t testing.TB, sides []decks.DativSide, s Strength, l layer, data []byte, p *icc.Profile) []byte {
	t.Helper()
	st, err := layout.LoadStyle("dativ", "")
	if err != nil {
		t.Fatal(err)
	}
	w, h := st.Card.Width-2*st.Margin, st.Band.Height
	var pages []layout.ShopPage
	for _, side := range sides {
		pages = append(pages, layout.ShopPage{Label: side.ID, W: w, H: h, Draw: func(c *layout.Canvas) error {
			return drawBand(c, side, cards.SolutionBlocks(st, side), 0, 0, w, h, s, l, pressLook())
		}})
	}
	pdf, err := layout.RenderShop(pages, layout.ShopOptions{Title: "bands", Standard: press.X4,
		Colours: press.NewProfileColours(p, 3), Intent: press.OutputIntent{Identifier: "Custom", Info: p.Description, Profile: data}})
	if err != nil {
		t.Fatal(err)
	}
	return pdf
}

// renderCMYK renders a PDF's trim boxes with Ghostscript in CMYK and
// turns each page into sRGB through the profile's AToB table (relative
// colorimetric: the paper is white), as the print will be seen.
func renderCMYK(t testing.TB, pdf []byte, dpi int, p *icc.Profile) []*image.RGBA {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	tooltest.Run(t, "gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pamcmyk32", "-r"+strconv.Itoa(dpi), "-dUseTrimBox", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4",
		"-sOutputICCProfile="+testProfile, "-o", filepath.Join(dir, "p-%03d.pam"), in)
	pams, _ := filepath.Glob(filepath.Join(dir, "p-*.pam"))
	sort.Strings(pams)
	cache := map[[4]uint8][3]uint8{}
	var out []*image.RGBA
	for _, name := range pams {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		w, h, pix := tooltest.ReadPAM(t, data)
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := 0; i < w*h; i++ {
			k := [4]uint8{pix[4*i], pix[4*i+1], pix[4*i+2], pix[4*i+3]}
			rgb, ok := cache[k]
			if !ok {
				lab := p.ToLab([4]float64{float64(k[0]) / 255, float64(k[1]) / 255, float64(k[2]) / 255, float64(k[3]) / 255}, icc.RelativeColorimetric)
				rgb = icc.LabToSRGB(lab)
				cache[k] = rgb
			}
			img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = rgb[0], rgb[1], rgb[2], 255
		}
		out = append(out, img)
	}
	return out
}

// TestPressDecoderRates measures the band in process inks as it will be
// seen: the pdfx export's bands rendered by Ghostscript in CMYK, back to
// sRGB through the same profile, then read as the home print is
// (measure_test.go), held to the same goals: ≥ 95 % through the ideal
// red filter, ≥ 85 % through leaky film, ≤ 5 % in greyscale.
func TestPressDecoderRates(t *testing.T) {
	data, p := loadProfile(t)
	sides := allSides(t)
	if os.Getenv("DRUCKREIF_DECODER_FULL") != "1" {
		n := 8
		if v, err := strconv.Atoi(os.Getenv("DRUCKREIF_DECODER_SAMPLE")); err == nil && v > 0 {
			n = v
		}
		sides = sample(sides, n)
	}
	sides = append(sides, testSides...)
	s := DefaultStrength
	if v, err := strconv.Atoi(os.Getenv("DRUCKREIF_DECODER_STRENGTH")); err == nil {
		s = Strength(v)
	}
	bands := renderCMYK(t, pressBandPages(t, sides, s, everything, data, p), 300, p)
	bare := renderCMYK(t, pressBandPages(t, sides, s, withoutInk, data, p), 300, p)
	if dir := os.Getenv("DRUCKREIF_DECODER_DUMP"); dir != "" {
		writePNG(t, filepath.Join(dir, "press-band.png"), bands[0])
		for _, v := range views {
			writePNG(t, filepath.Join(dir, "press-band-"+v.name+".png"), reader.binarize(apply(bands[0], v)))
		}
	}
	res := measureImages(t, sides, bands, bare, views)
	t.Log(fmt.Sprintf("in process inks: %s", res))
	if res.rates["rot-ideal"] < minIdealRead {
		t.Errorf("ideal filter: %.0f %% read, want ≥ %.0f %%", 100*res.rates["rot-ideal"], 100*minIdealRead)
	}
	if res.rates["rot-billig"] < minLeakyRead {
		t.Errorf("leaky film: %.0f %% read, want ≥ %.0f %%", 100*res.rates["rot-billig"], 100*minLeakyRead)
	}
	if res.rates["grau"] > maxGreyRead {
		t.Errorf("greyscale: %.0f %% read, want ≤ %.0f %%", 100*res.rates["grau"], 100*maxGreyRead)
	}
}

func writePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
