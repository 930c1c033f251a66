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

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

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
				t.Logf("%s face %d: mean ΔE %.3f, within 10: %.4f, worst tile %.1f at %v", f.ID, i, d.MeanDeltaE, d.Within10, d.WorstTile, d.WorstTileAt)
				if os.Getenv("RASTER_DUMP") != "" {
					dump(t, fmt.Sprintf("%s-%d", f.ID, i), img, r)
				}
				if err := sameRender(d); err != nil {
					t.Errorf("%s face %d: %v", f.ID, i, err)
				}
			}
		})
	}
}

// TestRasterQRCodesDecode reads the QR code of every sample face's
// raster render: the codes are drawn module for module.
func TestRasterQRCodesDecode(t *testing.T) {
	reader := qrcode.NewQRCodeReader()
	read := 0
	defer func() {
		if read < 8 {
			t.Errorf("%d codes read, want one on each coded sample face (at least 8)", read)
		}
	}()
	for _, s := range kindSamples(t, defaultSet(t)) {
		for _, f := range []*layout.Face{s.card.Front, s.card.Back} {
			if f == nil || f.QR == "" {
				continue
			}
			img, err := layout.FacePixels(f, s.w, s.h, 300, false)
			if err != nil {
				t.Fatal(err)
			}
			bmp, err := gozxing.NewBinaryBitmapFromImage(img)
			if err != nil {
				t.Fatal(err)
			}
			res, err := reader.Decode(bmp, nil)
			if err != nil {
				t.Errorf("%s: no QR code read: %v", f.ID, err)
				continue
			}
			read++
			if res.GetText() != f.QR {
				t.Errorf("%s: QR code reads %q, want %q", f.ID, res.GetText(), f.QR)
			}
		}
	}
}

// sameRender is the test of a raster render against pdftoppm's, the
// issue's goal for every card kind: little difference overall (mean ΔE at
// most 2, at least 98 % of the pixels within ΔE 10), and none piled up in
// one place (a tile of 16 px with a mean ΔE over 30 is a moved line or a
// missing glyph, while antialiasing stays below 20 on every card kind).
func sameRender(d raster.Difference) error {
	const within = 0.98
	if d.MeanDeltaE > 2 || d.Within10 < within || d.WorstTile > 30 {
		return fmt.Errorf("raster and PDF differ: mean ΔE %.3f (≤ 2), within ΔE 10: %.2f %% (≥ %.0f %%), worst tile ΔE %.1f at %v (≤ 30)",
			d.MeanDeltaE, 100*d.Within10, 100*within, d.WorstTile, d.WorstTileAt)
	}
	return nil
}

// TestRasterCheckCatchesBrokenRenders shows that the comparison fails a
// raster render with a line moved by half a millimetre or one glyph left
// out, and passes the faithful one.
func TestRasterCheckCatchesBrokenRenders(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	face := func(lineY float64, word string) *layout.Face {
		return &layout.Face{Background: layout.RGB(240, 200, 40), Draw: func(c *layout.Canvas) error {
			c.RoundRect(4, 4, 55, 60, 2, layout.White, layout.Color{}, 0)
			c.Line(8, lineY, 55, lineY, 0.3, layout.Black)
			c.Text(8, 20, word, "B", 14, layout.Black, layout.Left)
			return c.QR(40, 68, 16, "TEST-1/1.0")
		}}
	}
	good := face(12, "Rätsel")
	ref := pdfFaces(t, kindSample{name: "test", card: layout.Card{Front: good}, w: 63, h: 88}, 300)[0]
	for _, tc := range []struct {
		name string
		face *layout.Face
		ok   bool
	}{{"faithful", good, true}, {"line moved 0.5 mm", face(12.5, "Rätsel"), false}, {"glyph missing", face(12, "Rätse"), false}} {
		img, err := layout.FacePixels(tc.face, 63, 88, 300, false)
		if err != nil {
			t.Fatal(err)
		}
		d, err := raster.Compare(img, ref.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(img.Bounds()))
		if err != nil {
			t.Fatal(err)
		}
		err = sameRender(d)
		t.Logf("%s: mean ΔE %.3f, within 10: %.4f, worst tile %.1f", tc.name, d.MeanDeltaE, d.Within10, d.WorstTile)
		if (err == nil) != tc.ok {
			t.Errorf("%s: comparison says %v, want ok = %v", tc.name, err, tc.ok)
		}
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

// BenchmarkRasterAllFaces draws every face of the default decks (the
// pages of the --layout single card PDFs) at 300 dpi, one after the
// other; run it with -cpu 1 -benchtime 1x to compare with pdftoppm -r 300
// of those PDFs (docs/print.md).
func BenchmarkRasterAllFaces(b *testing.B) {
	TuneRuntime() // as the export commands run
	set := defaultSet(b)
	type face struct {
		f    *layout.Face
		w, h float64
	}
	var faces []face
	for _, g := range []decks.Game{decks.Labyrinth, decks.Dativ, decks.TheGame, decks.Genial, decks.Raab} {
		gp, err := gameParts(set, g, ExportOptions{}, decoder.Band(decoder.DefaultStrength))
		if err != nil {
			b.Fatal(err)
		}
		for _, d := range gp.Decks {
			for _, c := range d.Cards {
				for _, f := range []*layout.Face{c.Front, c.Back} {
					if f != nil {
						faces = append(faces, face{f, d.W, d.H})
					}
				}
			}
		}
	}
	b.ResetTimer()
	cpu0, cpuOK := processCPU()
	for i := 0; i < b.N; i++ {
		for _, f := range faces {
			if _, err := layout.FacePixels(f.f, f.w, f.h, 300, false); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(faces)), "faces")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(faces)), "ms/face")
	// CPU time says more than wall time on a shared machine (compare
	// with pdftoppm's user + sys time).
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	}
}
