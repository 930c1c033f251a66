package decoder

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"druckreif/internal/tooltest"
)

// renderPages renders a PDF at dpi and returns its pages.
func renderPages(t testing.TB, pdf []byte, dpi int) []*image.RGBA {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	tooltest.Run(t, "pdftoppm", "-r", fmt.Sprint(dpi), in, filepath.Join(dir, "p"))
	ppms, _ := filepath.Glob(filepath.Join(dir, "p-*.ppm"))
	sort.Strings(ppms)
	var out []*image.RGBA
	for _, p := range ppms {
		out = append(out, readPPM(t, p))
	}
	return out
}

// inkMask classifies the band's pixels from renders with and without the
// hidden ink: a pixel carries the ink where the ink took at least half of
// the red it could take (the ink has no red of its own, so a fully inked
// pixel's red falls to the ink's); every other pixel of the band is the
// rest — clutter, halo, ground.
func inkMask(with, without *image.RGBA) (ink, other []bool) {
	n := len(with.Pix) / 4
	ink, other = make([]bool, n), make([]bool, n)
	inkRed := float64(bandLook.ink.R)
	for i := 0; i < n; i++ {
		r0, r1 := float64(without.Pix[4*i]), float64(with.Pix[4*i])
		if r0-r1 >= (r0-inkRed)/2 && r0 > inkRed {
			ink[i] = true
		} else {
			other[i] = true
		}
	}
	return ink, other
}
