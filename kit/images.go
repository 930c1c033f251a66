package kit

import (
	"fmt"
	"image"
	"math"
	"strings"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/decoder"
)

// ImageSize names the pixel size of card images: the card with the kit's
// 3 mm bleed, or a card printer's exact size for poker cards.
type ImageSize string

const (
	SizeDefault ImageSize = "default" // trim + 3 mm bleed: 63 × 88 mm → 815 × 1110 px at 300 dpi
	SizeTGC     ImageSize = "tgc"     // The Game Crafter, poker: 825 × 1125 px at 300 dpi (2.75 × 3.75″)
	SizeMPC     ImageSize = "mpc"     // MakePlayingCards, poker: 822 × 1122 px at 300 dpi
)

// shopPixels are the shops' poker-card images at 300 dpi.
var shopPixels = map[ImageSize][2]int{SizeTGC: {825, 1125}, SizeMPC: {822, 1122}}

// ParseImageSize reads --size.
func ParseImageSize(s string) (ImageSize, error) {
	switch z := ImageSize(s); z {
	case SizeDefault, SizeTGC, SizeMPC, "":
		if z == "" {
			z = SizeDefault
		}
		return z, nil
	}
	return "", errorf("--size %q: erlaubt sind default, tgc, mpc", "--size %q: allowed are default, tgc, mpc", s)
}

// isPoker reports whether a card is poker size (63 × 88 mm or the US
// 63.5 × 88.9 mm), the size the shops' templates are for.
func isPoker(w, h float64) bool {
	return math.Abs(w-63) < 0.6 && math.Abs(h-88) < 1
}

// FaceImage draws a face of a w × h mm card at dpi: with 3 mm bleed, or,
// for poker cards and a shop size, in that shop's pixels with the card
// centred (its background runs into the larger bleed).
func FaceImage(f *layout.Face, w, h, dpi float64, size ImageSize) (*image.RGBA, error) {
	if px, ok := shopPixels[size]; ok && isPoker(w, h) {
		pw := int(math.Round(float64(px[0]) * dpi / 300))
		ph := int(math.Round(float64(px[1]) * dpi / 300))
		return layout.FacePixelsSized(f, w, h, dpi, pw, ph, false)
	}
	return layout.FacePixels(f, w, h, dpi, false)
}

// FoundFace is a card face found by its ID, with its card's size.
type FoundFace struct {
	Face *layout.Face
	W, H float64
}

// FindFace finds the face a card ID names (a face's ID as printed, or a
// card's ID, meaning its front) in the decks of every game.
func FindFace(set *decks.Set, ref string, o ExportOptions) (*FoundFace, error) {
	id := strings.ToUpper(decks.ParseRef(ref).ID)
	s := o.DecoderStrength
	if !s.Valid() {
		s = decoder.DefaultStrength
	}
	for _, g := range []decks.Game{decks.Labyrinth, decks.Dativ, decks.TheGame, decks.Genial, decks.Raab} {
		if len(o.Games) > 0 && !containsGame(o.Games, g) {
			continue
		}
		gp, err := gameParts(set, g, o, decoder.Band(s))
		if err != nil {
			return nil, err
		}
		for _, d := range gp.Decks {
			for _, c := range d.Cards {
				for _, f := range []*layout.Face{c.Front, c.Back} {
					if f != nil && f.ID != "" && strings.ToUpper(f.ID) == id {
						return &FoundFace{f, d.W, d.H}, nil
					}
				}
				if c.Front != nil && strings.HasPrefix(strings.ToUpper(c.Front.ID), id+"-") {
					return &FoundFace{c.Front, d.W, d.H}, nil
				}
			}
		}
	}
	return nil, errorf("keine Karte mit der ID „%s“", "no card with ID %q", ref)
}

func containsGame(gs []decks.Game, g decks.Game) bool {
	for _, x := range gs {
		if x == g {
			return true
		}
	}
	return false
}

var _ = fmt.Sprint
