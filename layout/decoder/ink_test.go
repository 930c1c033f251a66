package decoder

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The physics the band rests on: the ink has no red, so it is black behind
// red film; halo and clutter keep their red high, so behind the film they
// fade into the paper; and all of them share one lightness, so the naked
// eye has no lightness difference to read the text by.
func TestColoursSeparateInTheRedChannel(t *testing.T) {
	lk := bandLook
	if lk.ink.R > 10 {
		t.Errorf("ink %v: red %d shows through the film", lk.ink, lk.ink.R)
	}
	if lk.halo.R != 255 {
		t.Errorf("halo %v: red %d, want 255 (white behind the film)", lk.halo, lk.halo.R)
	}
	for _, c := range []struct {
		name string
		l    float64
	}{{"ink", lightness(lk.ink)}, {"halo", lightness(lk.halo)}, {"ground", lightness(lk.base)}} {
		if math.Abs(c.l-lk.lightness) > lk.lightnessSpread {
			t.Errorf("%s: lightness L* %.1f, the clutter's is %.0f ± %.0f", c.name, c.l, lk.lightness, lk.lightnessSpread)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	muted := 0
	for i := 0; i < 5000; i++ {
		c := clutterColor(r, lk)
		if c.R < 200 {
			t.Fatalf("clutter colour %v: red %d, too dark behind the film", c, c.R)
		}
		if math.Abs(lightness(c)-lk.lightness) > lk.lightnessSpread {
			t.Fatalf("clutter colour %v: lightness %.1f", c, lightness(c))
		}
		if c.R < lk.vividRed[0] {
			muted++
		}
	}
	if share := float64(muted) / 5000; share < 0.4 || share > 0.6 {
		t.Errorf("muted share %.2f, want about half", share)
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
