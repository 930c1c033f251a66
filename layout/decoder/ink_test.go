package decoder

import (
	"math/rand/v2"
	"testing"
)

// The physics the decoder rests on: the ink has little red, every mask
// colour has (nearly) full red, so behind red film the mask vanishes and
// the ink stays dark.
func TestColoursSeparateInTheRedChannel(t *testing.T) {
	for s := Strength(1); s <= 5; s++ {
		ink := Ink(s)
		if ink.R > 100 {
			t.Errorf("strength %d: ink red %d, too light behind red film", s, ink.R)
		}
		if ink.G <= ink.R || ink.B <= ink.R {
			t.Errorf("strength %d: ink must be cyan-blue", s)
		}
	}
	for i := 1; i < 5; i++ {
		a, b := Ink(Strength(i)), Ink(Strength(i+1))
		if int(a.R)+int(a.G)+int(a.B) <= int(b.R)+int(b.G)+int(b.B) {
			t.Errorf("strength %d is not stronger than %d", i+1, i)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	decoys := 0
	for i := 0; i < 5000; i++ {
		c := maskColor(r)
		if c.R < 236 {
			t.Fatalf("mask colour %v: red %d shows through the film", c, c.R)
		}
		if c.R < 255 {
			decoys++
			if c.B <= c.R {
				t.Fatalf("decoy %v is not bluish", c)
			}
		}
	}
	if share := float64(decoys) / 5000; share < 0.2 || share > 0.4 {
		t.Errorf("decoy share %.2f", share)
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
