package decoder

import (
	"math/rand/v2"
	"sync"

	"druckreif/layout"
)

// The band for print shops is designed in process inks, on what a red
// filter does to them: it passes red light, and of the four inks only
// cyan (and black) absorb red. So behind the film a colour is as dark as
// its cyan, whatever its magenta and yellow; to the naked eye magenta and
// yellow colour it. The band's parts are laid out exactly as in the home
// print (decoder.go) and drawn in:
//
//   - the solution: cyan near full (black behind the film), each word its
//     own shade of magenta and yellow around a bluish mean;
//   - the halo: magenta and yellow without cyan (white behind the film);
//   - the decoys: about half cyan (mid-grey behind the film), their
//     magenta and yellow chosen so they look like the solution's blue;
//   - the camouflage and the clutter: little cyan (light behind the film),
//     any magenta and yellow.
//
// No black ink anywhere: black absorbs red and would show behind the film.
// The inks' numbers were found by measuring the pdfx export rendered by
// Ghostscript in CMYK and viewed in sRGB through the same profile
// (press_test.go, docs/decoder.md).
type processPalette struct {
	solution, decoys, patches, clutter []layout.Color
}

// pick draws a colour of a list uniformly.
func pick(r *rand.Rand, list []layout.Color) layout.Color { return list[r.IntN(len(list))] }

// inkRange is a range of one ink in per cent, in steps.
type inkRange struct{ lo, hi, step int }

// inks lists every mix of the three ranges (black stays 0) whose
// estimated lightness lies in light (0–100).
func inks(c, m, y inkRange, light [2]float64) []layout.Color {
	var out []layout.Color
	for ci := c.lo; ci <= c.hi; ci += max(1, c.step) {
		for mi := m.lo; mi <= m.hi; mi += max(1, m.step) {
			for yi := y.lo; yi <= y.hi; yi += max(1, y.step) {
				cc, mm, yy := float64(ci)/100, float64(mi)/100, float64(yi)/100
				if l := processLightness(cc, mm, yy); l >= light[0] && l <= light[1] {
					out = append(out, layout.Process(cc, mm, yy, 0))
				}
			}
		}
	}
	return out
}

// processLightness estimates CIELAB L* of a mix of cyan, magenta and
// yellow on coated paper: linear in the inks, fitted to the solids and
// the two-ink mixes of a coated-paper profile (Ghostscript's: C 100 %
// L* 64, M 100 % 54, Y 100 % 95, C and M 50 % each 58; within 3 of the
// profile's L* over the band's mixes). The band's inks are chosen by it,
// not by any one profile.
func processLightness(c, m, y float64) float64 { return 100 - 38*c - 45*m - 8*y }

var anyLight = [2]float64{0, 100}

// pressLook is the band's look for print shops, made once per process:
// the home band's layout and strokes in the inks above, each list the
// mixes that look, through a coated-paper profile, as the home band's
// colours do — the solution like its ink #00BEFF (L* 72, no red in
// sRGB), the decoys bluish with half their red, camouflage and clutter at
// the band's lightness.
var pressLook = sync.OnceValue(func() look {
	lk := bandLook
	lk.halo = layout.Process(0, 0.70, 0.85, 0)
	lk.base = layout.Process(0.20, 0.50, 0.20, 0)
	lk.process = &processPalette{
		solution: inks(inkRange{75, 90, 5}, inkRange{0, 0, 5}, inkRange{0, 15, 5}, anyLight),
		decoys:   inks(inkRange{45, 50, 5}, inkRange{5, 20, 5}, inkRange{0, 10, 5}, anyLight),
		patches:  inks(inkRange{5, 55, 5}, inkRange{10, 60, 10}, inkRange{0, 50, 10}, [2]float64{50, 70}),
		clutter:  inks(inkRange{5, 15, 5}, inkRange{40, 60, 10}, inkRange{0, 40, 10}, [2]float64{50, 70}),
	}
	return lk
})
