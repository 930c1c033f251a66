// Package press turns the kit's PDFs into files a print shop accepts:
// PDF/X-4 and PDF/X-1a:2003 with an output intent, every colour in
// process inks (CMYK) within an ink limit, black text in black ink only,
// page boxes and labels. It works on the PDF that fpdf wrote, as a pass
// over its objects and content streams, so it does not care how the page
// was drawn.
package press

import (
	"fmt"
	"math"
	"sync"

	"druckreif/layout/icc"
)

// CMYK is a colour in process inks, each from 0 (none) to 1 (full).
type CMYK [4]float64

// Total is the colour's total ink, 1 per full ink (3 is 300 %).
func (c CMYK) Total() float64 { return c[0] + c[1] + c[2] + c[3] }

func (c CMYK) String() string {
	return fmt.Sprintf("C%.0f M%.0f Y%.0f K%.0f", 100*c[0], 100*c[1], 100*c[2], 100*c[3])
}

// Colours turns the sRGB colours of a drawing into inks.
type Colours interface {
	Ink(rgb [3]uint8) CMYK
}

// quantize rounds a colour to the three decimals it is written with and
// keeps its total within max (removing what rounding added from the
// largest chromatic ink).
func quantize(c CMYK, max float64) CMYK {
	for i := range c {
		c[i] = math.Round(math.Max(0, math.Min(1, c[i]))*1000) / 1000
	}
	for c.Total() > max+1e-9 {
		big := 0
		for i := 1; i < 3; i++ {
			if c[i] > c[big] {
				big = i
			}
		}
		c[big] = math.Max(0, c[big]-0.001)
	}
	return c
}

// limitInk keeps a colour within a total ink: the chromatic inks are
// scaled down together, black stays (it carries the colour's depth, and
// the other inks' share of grey is what a press cannot take).
func limitInk(c CMYK, max float64) CMYK {
	if c.Total() <= max {
		return c
	}
	cmy := c[0] + c[1] + c[2]
	room := math.Max(0, max-c[3])
	s := room / cmy
	return CMYK{c[0] * s, c[1] * s, c[2] * s, math.Min(c[3], max)}
}

// ProfileColours converts colours through a CMYK output profile (the
// pdfx profile): relative colorimetric through its BToA table with black
// point compensation, within an ink limit; neutral greys — black text,
// lines, QR codes — in black ink alone, of the lightness the profile gives
// the grey, so no text is printed in four inks that must register.
type ProfileColours struct {
	profile *icc.Profile
	maxInk  float64
	black   [3]float64 // the profile's black point, XYZ
	cache   sync.Map   // [3]uint8 → CMYK
	kOnly   []float64  // L* of black ink alone, 0–100 %
}

// NewProfileColours prepares conversions through p with total ink at most
// maxInk (3 for 300 %).
func NewProfileColours(p *icc.Profile, maxInk float64) *ProfileColours {
	pc := &ProfileColours{profile: p, maxInk: maxInk}
	// The darkest colour the profile prints, as Adobe's black point
	// compensation finds it: Lab 0 through BToA and back.
	darkest := p.ToLab(p.FromLab([3]float64{0, 0, 0}, icc.RelativeColorimetric), icc.RelativeColorimetric)
	pc.black = icc.LabToXYZ([3]float64{darkest[0], 0, 0})
	for k := 0; k <= 1000; k++ {
		pc.kOnly = append(pc.kOnly, p.ToLab(CMYK{0, 0, 0, float64(k) / 1000}, icc.RelativeColorimetric)[0])
	}
	return pc
}

// Ink implements Colours.
func (pc *ProfileColours) Ink(rgb [3]uint8) CMYK {
	if v, ok := pc.cache.Load(rgb); ok {
		return v.(CMYK)
	}
	c := quantize(pc.convert(rgb), pc.maxInk)
	pc.cache.Store(rgb, c)
	return c
}

func (pc *ProfileColours) convert(rgb [3]uint8) CMYK {
	lab := pc.compensate(icc.SRGBToLab(rgb[0], rgb[1], rgb[2]))
	if rgb[0] == rgb[1] && rgb[1] == rgb[2] {
		return CMYK{0, 0, 0, pc.blackFor(lab[0])}
	}
	return limitInk(CMYK(pc.profile.FromLab(lab, icc.RelativeColorimetric)), pc.maxInk)
}

// compensate maps sRGB's black (Lab 0) onto the profile's darkest colour
// and scales everything between linearly in XYZ, so dark colours keep
// their differences instead of all clipping to the darkest ink.
func (pc *ProfileColours) compensate(lab [3]float64) [3]float64 {
	x := icc.LabToXYZ(lab)
	for i := range x {
		w := icc.D50[i]
		x[i] = x[i]*(1-pc.black[i]/w) + pc.black[i]
	}
	return icc.XYZToLab(x)
}

// blackFor is the amount of black ink alone whose lightness is l: full
// black for anything darker than black ink can print.
func (pc *ProfileColours) blackFor(l float64) float64 {
	if l >= pc.kOnly[0] {
		return 0
	}
	for k := 1; k < len(pc.kOnly); k++ {
		if pc.kOnly[k] <= l {
			// Interpolate between the thousandths.
			a, b := pc.kOnly[k-1], pc.kOnly[k]
			f := 0.0
			if a != b {
				f = (a - l) / (a - b)
			}
			return (float64(k-1) + f) / 1000
		}
	}
	return 1
}

// TableColours are the pdfx1a profile's colours: for a registered
// printing condition (FOGRA39) without a profile to convert through, every
// colour of the style files has a CMYK value of its own, chosen for coated
// paper (templates/*.json, docs/print.md); a tint of one (the colour mixed
// with white) is that value scaled; neutral greys are black ink alone;
// any other colour is converted by a fixed formula, or through a profile
// when one is given.
type TableColours struct {
	table   map[[3]uint8]CMYK
	profile *ProfileColours // may be nil
	maxInk  float64
	cache   sync.Map
}

// NewTableColours makes the colours of a table; profile, when not nil,
// converts the colours the table lacks.
func NewTableColours(table map[[3]uint8]CMYK, profile *ProfileColours, maxInk float64) *TableColours {
	return &TableColours{table: table, profile: profile, maxInk: maxInk}
}

// Ink implements Colours.
func (tc *TableColours) Ink(rgb [3]uint8) CMYK {
	if v, ok := tc.cache.Load(rgb); ok {
		return v.(CMYK)
	}
	c := quantize(limitInk(tc.convert(rgb), tc.maxInk), tc.maxInk)
	tc.cache.Store(rgb, c)
	return c
}

func (tc *TableColours) convert(rgb [3]uint8) CMYK {
	if c, ok := tc.table[rgb]; ok {
		return c
	}
	if c, ok := tc.tint(rgb); ok {
		return c
	}
	if tc.profile != nil {
		return tc.profile.convert(rgb)
	}
	if rgb[0] == rgb[1] && rgb[1] == rgb[2] {
		return CMYK{0, 0, 0, greyBlack(rgb[0])}
	}
	return formula(rgb)
}

// tint finds a colour of the table that rgb is a tint of — each channel
// v + (255 − v)·t for one t, as layout.Color.Tint mixes — and scales its
// inks by 1 − t.
func (tc *TableColours) tint(rgb [3]uint8) (CMYK, bool) {
	for base, ink := range tc.table {
		t, ok := tintOf(base, rgb)
		if ok {
			s := 1 - t
			return CMYK{ink[0] * s, ink[1] * s, ink[2] * s, ink[3] * s}, true
		}
	}
	return CMYK{}, false
}

func tintOf(base, rgb [3]uint8) (float64, bool) {
	t, n := 0.0, 0
	for i := range base {
		if base[i] >= 250 {
			continue // a channel near white says nothing about t
		}
		t += (float64(rgb[i]) - float64(base[i])) / (255 - float64(base[i]))
		n++
	}
	if n == 0 {
		return 0, false
	}
	t /= float64(n)
	if t <= 0 || t >= 1 {
		return 0, false
	}
	for i := range base {
		want := float64(base[i]) + (255-float64(base[i]))*t
		if math.Abs(want-float64(rgb[i])) > 1.01 {
			return 0, false
		}
	}
	return t, true
}

// greyBlack is the black ink for an sRGB grey level on coated paper: the
// tone value that gives its lightness, linear in L* between paper (L* 95)
// and full black (L* 16, FOGRA39's characterization), before the press's
// dot gain, which the shop's plates compensate.
func greyBlack(v uint8) float64 {
	l := icc.SRGBToLab(v, v, v)[0]
	return math.Max(0, math.Min(1, (100-l)/(100-16)))
}

// formula converts a colour the table lacks: the complements of the
// channels with the grey they share put into black ink (full grey
// component replacement), as prepress did before colour management —
// plain, and never a rich black (the ink limit applies after).
func formula(rgb [3]uint8) CMYK {
	c, m, y := 1-float64(rgb[0])/255, 1-float64(rgb[1])/255, 1-float64(rgb[2])/255
	k := math.Min(c, math.Min(m, y))
	if k >= 1 {
		return CMYK{0, 0, 0, 1}
	}
	return CMYK{(c - k) / (1 - k), (m - k) / (1 - k), (y - k) / (1 - k), k}
}
