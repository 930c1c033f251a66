package press

import (
	"math"
	"os"
	"testing"

	"druckreif/layout/icc"
)

// Above the limit the chromatic inks give way together, black stays, and
// rounding to the written three decimals never goes over.
func TestInkLimit(t *testing.T) {
	for _, c := range []CMYK{{0.9, 0.8, 0.8, 0.9}, {1, 1, 1, 1}, {0.333, 0.333, 0.334, 1}, {0.2, 0.1, 0.1, 0.5}} {
		for _, max := range []float64{2.4, 3} {
			got := quantize(limitInk(c, max), max)
			if got.Total() > max+1e-9 {
				t.Errorf("%v at %.0f %%: %v has %.3f", c, 100*max, got, got.Total())
			}
			if c.Total() > max && got[3] != math.Round(c[3]*1000)/1000 {
				t.Errorf("%v: black changed to %.3f", c, got[3])
			}
			if c.Total() <= max && got != quantize(c, 4) {
				t.Errorf("%v within the limit changed to %v", c, got)
			}
		}
	}
}

// The pdfx1a colours: a style colour as its table gives it, a tint of it
// (layout.Color.Tint) scaled, a grey in black ink alone, any other colour
// by the formula, never above the limit.
func TestTableColours(t *testing.T) {
	green := [3]uint8{46, 125, 50}
	tc := NewTableColours(map[[3]uint8]CMYK{green: {0.8, 0.25, 1, 0.15}}, nil, 2.4)
	if got := tc.Ink(green); got != (CMYK{0.8, 0.25, 1, 0.15}) {
		t.Errorf("table colour: %v", got)
	}
	tint := func(v uint8, t float64) uint8 { return uint8(float64(v) + (255-float64(v))*t + 0.5) }
	light := [3]uint8{tint(46, 0.6), tint(125, 0.6), tint(50, 0.6)}
	if got := tc.Ink(light); math.Abs(got[0]-0.32) > 0.011 || math.Abs(got[2]-0.4) > 0.011 || math.Abs(got[3]-0.06) > 0.011 {
		t.Errorf("60 %% tint of the green: %v, want C 32 M 10 Y 40 K 6", got)
	}
	for _, v := range []uint8{0, 26, 90, 200, 255} {
		got := tc.Ink([3]uint8{v, v, v})
		if got[0] != 0 || got[1] != 0 || got[2] != 0 {
			t.Errorf("grey %d in colour inks: %v", v, got)
		}
		if v == 0 && got[3] != 1 {
			t.Errorf("black: %v", got)
		}
	}
	if got := tc.Ink([3]uint8{128, 0, 0}); got.Total() > 2.4+1e-9 || got[1] < 0.9 {
		t.Errorf("dark red: %v", got)
	}
}

// Through a profile: greys are black ink alone, darker greys more of it,
// black full black, white no ink; colours within the limit.
func TestProfileColours(t *testing.T) {
	data, err := os.ReadFile("/usr/share/color/icc/ghostscript/default_cmyk.icc")
	if err != nil {
		if os.Getenv("DRUCKREIF_REQUIRE_TOOLS") == "1" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	p, err := icc.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	pc := NewProfileColours(p, 3)
	last := 2.0
	for v := 0; v <= 255; v += 15 {
		got := pc.Ink([3]uint8{uint8(v), uint8(v), uint8(v)})
		if got[0] != 0 || got[1] != 0 || got[2] != 0 || got[3] > last {
			t.Errorf("grey %d: %v", v, got)
		}
		last = got[3]
	}
	if got := pc.Ink([3]uint8{0, 0, 0}); got != (CMYK{0, 0, 0, 1}) {
		t.Errorf("black: %v", got)
	}
	if got := pc.Ink([3]uint8{255, 255, 255}); got != (CMYK{}) {
		t.Errorf("white: %v", got)
	}
	for _, rgb := range [][3]uint8{{38, 50, 56}, {78, 52, 46}, {10, 0, 40}, {0, 120, 20}} {
		if got := pc.Ink(rgb); got.Total() > 3+1e-9 {
			t.Errorf("%v: %v over 300 %%", rgb, got)
		}
	}
}

// The content pass changes colour operators only: a number in a string,
// a name or a dictionary is no operand; colour spaces by name and inline
// images are refused, since their colours would stay.
func TestContentRewrite(t *testing.T) {
	cv := &converter{colours: NewTableColours(nil, nil, 3), inks: map[[3]uint8]CMYK{{255, 0, 0}: {0, 1, 1, 0}}}
	in := "q 1 0 0 rg 0 0 10 10 re f (1 0 0 rg) Tj /rg gs 0.5 g 0 0 1 RG [1 2 3] 0 d Q\n"
	out, err := cv.stream([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := "q 0.000 1.000 1.000 0.000 k 0 0 10 10 re f (1 0 0 rg) Tj /rg gs 0.000 0.000 0.000 0.553 k 1.000 1.000 0.000 0.000 K [1 2 3] 0 d Q\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	for _, bad := range []string{"/CS0 cs 1 0 0 sc", "BI /W 1 /H 1 ID x EI"} {
		if _, err := cv.stream([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
