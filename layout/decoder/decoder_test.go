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
		pdf, _ := bandLayerPDF(t, []decks.DativSide{side}, s, everything)
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
