package raster

import (
	"fmt"
	"image"
	"image/draw"
	"math"
)

// Difference is how far two renders of the same picture are apart, in
// CIE 1976 colour differences (ΔE*ab) of their sRGB pixels.
type Difference struct {
	MeanDeltaE float64 // over all pixels
	Within10   float64 // share of pixels with ΔE ≤ 10
	Worst      image.Point
	// WorstTile is the highest mean ΔE of a Tile × Tile square, and
	// WorstTileAt its top left corner: antialiasing spreads thinly over
	// all edges, while a missing glyph or a moved line piles up in one
	// place.
	WorstTile   float64
	WorstTileAt image.Point
}

// Tile is the side in pixels of the squares of Difference.WorstTile (at
// 300 dpi a small letter).
const Tile = 16

// Compare measures the colour difference of two images of the same size.
func Compare(a, b image.Image) (Difference, error) {
	if a.Bounds().Size() != b.Bounds().Size() {
		return Difference{}, fmt.Errorf("Bildgrößen verschieden: %v und %v", a.Bounds().Size(), b.Bounds().Size())
	}
	ra, rb := toRGBA(a), toRGBA(b)
	cache := map[[3]uint8][3]float64{}
	labOf := func(p []uint8) [3]float64 {
		k := [3]uint8{p[0], p[1], p[2]}
		v, ok := cache[k]
		if !ok {
			v = lab(uint32(p[0])<<8, uint32(p[1])<<8, uint32(p[2])<<8, 0)
			cache[k] = v
		}
		return v
	}
	size := ra.Bounds().Size()
	tilesX := (size.X + Tile - 1) / Tile
	tiles := make([]float64, tilesX*((size.Y+Tile-1)/Tile))
	var sum float64
	var within, n int
	worst, worstAt := -1.0, image.Point{}
	for y := 0; y < size.Y; y++ {
		for x := 0; x < size.X; x++ {
			l1 := labOf(ra.Pix[y*ra.Stride+4*x:])
			l2 := labOf(rb.Pix[y*rb.Stride+4*x:])
			d := math.Sqrt((l1[0]-l2[0])*(l1[0]-l2[0]) + (l1[1]-l2[1])*(l1[1]-l2[1]) + (l1[2]-l2[2])*(l1[2]-l2[2]))
			sum += d
			tiles[(y/Tile)*tilesX+x/Tile] += d
			if d <= 10 {
				within++
			}
			if d > worst {
				worst, worstAt = d, image.Pt(x, y)
			}
			n++
		}
	}
	if n == 0 {
		return Difference{}, nil
	}
	diff := Difference{MeanDeltaE: sum / float64(n), Within10: float64(within) / float64(n), Worst: worstAt}
	for i, t := range tiles {
		if t/(Tile*Tile) > diff.WorstTile {
			diff.WorstTile, diff.WorstTileAt = t/(Tile*Tile), image.Pt(i%tilesX*Tile, i/tilesX*Tile)
		}
	}
	return diff, nil
}

// toRGBA is img as RGBA pixels from (0, 0).
func toRGBA(img image.Image) *image.RGBA {
	if r, ok := img.(*image.RGBA); ok && r.Bounds().Min == (image.Point{}) {
		return r
	}
	b := img.Bounds()
	r := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(r, r.Bounds(), img, b.Min, draw.Src)
	return r
}

// lab converts 16-bit sRGB (alpha ignored: the images are opaque) to CIE
// L*a*b* under D65.
func lab(r, g, b, _ uint32) [3]float64 {
	lin := func(v uint32) float64 {
		c := float64(v>>8) / 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	R, G, B := lin(r), lin(g), lin(b)
	x := (0.4124*R + 0.3576*G + 0.1805*B) / 0.95047
	y := 0.2126*R + 0.7152*G + 0.0722*B
	z := (0.0193*R + 0.1192*G + 0.9505*B) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}
