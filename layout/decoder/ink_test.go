package decoder

import (
	"math"
	"math/rand/v2"
	"testing"

	"druckreif/layout"
)

// The physics the band rests on: the ink has no red, so it is black behind
// red film; halo and clutter keep their red high, so behind the film they
// fade into the paper; and all of them share one lightness, so the naked
// eye has no lightness difference to read the text by. The camouflage
// goes darker in red than the clutter, but stays far lighter than the ink.
func TestColoursSeparateInTheRedChannel(t *testing.T) {
	lk := bandLook
	if lk.ink.R > 10 {
		t.Errorf("ink %v: red %d shows through the film", lk.ink, lk.ink.R)
	}
	if lk.halo.R != 255 {
		t.Errorf("halo %v: red %d, want 255 (white behind the film)", lk.halo, lk.halo.R)
	}
	// The ink is set lighter than the band: its strokes are two or three
	// pixels wide, and where their edges mix with the complementary halo
	// the mix is darker than either (measure_test.go's d′ L* holds the
	// result). The mix of ink and halo half and half must still be of the
	// band's lightness.
	mix := layout.RGB(uint8((int(lk.ink.R)+int(lk.halo.R))/2), uint8((int(lk.ink.G)+int(lk.halo.G))/2), uint8((int(lk.ink.B)+int(lk.halo.B))/2))
	if l := lightness(lk.ink); l < lk.lightness || l > lk.lightness+15 {
		t.Errorf("ink: lightness L* %.1f, want %.0f to %.0f", l, lk.lightness, lk.lightness+15)
	}
	for _, c := range []struct {
		name string
		l    float64
	}{{"ink and halo mixed", lightness(mix)}, {"halo", lightness(lk.halo)}, {"ground", lightness(lk.base)}} {
		if math.Abs(c.l-lk.lightness) > lk.lightnessSpread {
			t.Errorf("%s: lightness L* %.1f, the clutter's is %.0f ± %.0f", c.name, c.l, lk.lightness, lk.lightnessSpread)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	var dark int
	for i := 0; i < 5000; i++ {
		for _, part := range []struct {
			name string
			red  [2]uint8
			min  uint8
		}{{"clutter", lk.clutterRed, 200}, {"camouflage", lk.patchRed, 130}} {
			c := bandColor(r, lk, part.red)
			if c.R < part.min {
				t.Fatalf("%s colour %v: red %d, too dark behind the film", part.name, c, c.R)
			}
			l, a, _ := cieLab(c)
			if math.Abs(l-lk.lightness) > lk.lightnessSpread || a > lk.maxRedness {
				t.Fatalf("%s colour %v: L* %.1f a* %.1f", part.name, c, l, a)
			}
			if part.name == "camouflage" && c.R < 190 {
				dark++
			}
		}
	}
	// Every shade of the hidden ink has no red and the ink's lightness;
	// every decoy ink keeps red enough to be grey, not black, behind the
	// film, and is bluish like the ink.
	l0, _, _ := cieLab(lk.ink)
	for i := 0; i < 1000; i++ {
		if c := lk.inkColor(r); c.R != 0 || math.Abs(lightness(c)-l0) > lk.inkLightness {
			t.Fatalf("shade %v of the ink: red %d, L* %.1f (the ink's %.1f)", c, c.R, lightness(c), l0)
		}
		c := decoyColor(r, lk)
		if c.R < 130 {
			t.Fatalf("decoy ink %v: red %d, too dark behind the film", c, c.R)
		}
		if l, a, b := cieLab(c); math.Abs(l-l0) > 8 || a > 0 || b > -25 {
			t.Fatalf("decoy ink %v: L* %.1f a* %.1f b* %.1f, not like the ink", c, l, a, b)
		}
	}
	// The camouflage spans its red: a good share lies well below the
	// clutter's, or the eye's "less red" direction finds the ink.
	if share := float64(dark) / 5000; share < 0.2 {
		t.Errorf("camouflage: %.0f %% of colours with red below 190, want ≥ 20 %%", 100*share)
	}
	for s := Strength(1); s < 5; s++ {
		if s.erosion() <= (s + 1).erosion() {
			t.Errorf("strength %d is not bolder than %d", s+1, s)
		}
	}
}

// The same card always gets the same mask, different cards different ones.
func TestMaskIsDeterministicPerCard(t *testing.T) {
	a1, a2, b := seed("DAT-STD-1-V"), seed("DAT-STD-1-V"), seed("DAT-STD-1-H")
	for i := 0; i < 10; i++ {
		x, y, z := a1.Uint64(), a2.Uint64(), b.Uint64()
		if x != y {
			t.Fatal("same card, different mask")
		}
		if x == z {
			t.Fatal("different cards, same mask")
		}
	}
}
