package kit

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"druckreif/decks"
	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/layout/decoder"
	"druckreif/layout/raster"
)

// kindSamples are one card of every kind of every game's decks: the first
// card of each Kind in each deck.
func kindSamples(t testing.TB, set *decks.Set) []kindSample {
	t.Helper()
	var out []kindSample
	for _, g := range []decks.Game{decks.Labyrinth, decks.Dativ, decks.TheGame, decks.Genial, decks.Raab} {
		gp, err := gameParts(set, g, ExportOptions{}, decoder.Band(decoder.DefaultStrength))
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range gp.Decks {
			seen := map[string]bool{}
			for _, c := range d.Cards {
				if seen[c.Kind] {
					continue
				}
				seen[c.Kind] = true
				out = append(out, kindSample{name: fmt.Sprintf("%s/%s/%s", g, d.Name, c.Kind), card: c, w: d.W, h: d.H})
			}
		}
	}
	return out
}

type kindSample struct {
	name string
	card layout.Card
	w, h float64
}

// pdfFaces renders a card's faces as the single-face PDF and pdftoppm at
// dpi.
func pdfFaces(t *testing.T, s kindSample, dpi int) []image.Image {
	t.Helper()
	data, _, err := layout.Render([]layout.Card{s.card}, s.w, s.h, layout.Options{Mode: layout.Single})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pdf := filepath.Join(dir, "face.pdf")
	if err := os.WriteFile(pdf, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tooltest.Run(t, "pdftoppm", "-r", fmt.Sprint(dpi), "-png", pdf, filepath.Join(dir, "p"))
	var out []image.Image
	for i := 1; ; i++ {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("p-%d.png", i)))
		if err != nil {
			break
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, img)
	}
	return out
}

func TestRasterMatchesPDF(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	const dpi = 300
	for _, s := range kindSamples(t, defaultSet(t)) {
		t.Run(s.name, func(t *testing.T) {
			ref := pdfFaces(t, s, dpi)
			for i, f := range []*layout.Face{s.card.Front, s.card.Back} {
				if f == nil {
					continue
				}
				img, err := layout.FacePixels(f, s.w, s.h, dpi, false)
				if err != nil {
					t.Fatal(err)
				}
				// pdftoppm rounds the page up to whole pixels (1110.2 →
				// 1111), the export to the nearest: compare what both have.
				r := ref[i].(interface {
					SubImage(image.Rectangle) image.Image
				}).SubImage(img.Bounds())
				d, err := raster.Compare(img, r)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s face %d: mean ΔE %.3f, within 10: %.4f", f.ID, i, d.MeanDeltaE, d.Within10)
				if os.Getenv("RASTER_DUMP") != "" {
					dump(t, fmt.Sprintf("%s-%d", f.ID, i), img, r)
				}
				if d.MeanDeltaE > 2 || d.Within10 < 0.98 {
					t.Errorf("%s face %d: raster and PDF differ: mean ΔE %.3f (≤ 2), within ΔE 10: %.2f %% (≥ 98 %%), worst at %v",
						f.ID, i, d.MeanDeltaE, 100*d.Within10, d.Worst)
				}
			}
		})
	}
}

func dump(t *testing.T, name string, img, ref image.Image) {
	dir := os.Getenv("RASTER_DUMP")
	for suffix, im := range map[string]image.Image{"raster": img, "pdf": ref} {
		var buf bytes.Buffer
		png.Encode(&buf, im)
		os.WriteFile(filepath.Join(dir, name+"-"+suffix+".png"), buf.Bytes(), 0o644)
	}
	exec.Command("compare", filepath.Join(dir, name+"-raster.png"), filepath.Join(dir, name+"-pdf.png"), filepath.Join(dir, name+"-diff.png")).Run()
}
