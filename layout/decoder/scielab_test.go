package decoder

import (
	"image"
	"math"
)

// S-CIELAB (Zhang & Wandell 1997, "A spatial extension of CIELAB for
// digital color-image reproduction"): a model of what the naked eye makes
// of a printed pattern. The image is taken into an opponent colour space —
// luminance, red-green, blue-yellow (Poirson & Wandell) — each channel is
// blurred by its own spatial filter, the eye's acuity for that channel, and
// the result goes back to XYZ and into CIELAB. Colour detail finer than the
// eye's colour acuity blurs away; luminance detail stays sharp much longer.
//
// The measurement below is this project's own implementation; docs/
// decoder.md gives the constants' sources and how it was cross-checked.

// gaussian is one term of a channel's filter: weight·exp(−(x²+y²)/spread²),
// the spread in degrees of visual angle.
type gaussian struct{ weight, spread float64 }

// sCIELABFilters are the published filter parameters (Zhang & Wandell 1997,
// table of weights w and spreads s in degrees) for the luminance, the
// red-green and the blue-yellow channel. The negative third luminance term
// is the wide inhibitory surround. Each term is normalised to unit sum and
// each filter as a whole sums to one, as the paper prescribes.
var sCIELABFilters = [3][]gaussian{
	{{0.921, 0.0283}, {0.105, 0.133}, {-0.108, 4.336}},
	{{0.531, 0.0392}, {0.330, 0.494}},
	{{0.488, 0.0536}, {0.371, 0.386}},
}

// xyzToOpponent is the opponent transform of S-CIELAB for the CIE 1931 2°
// observer, as Zhang's S-CIELAB code gives it (4 decimals). The paper
// prints the red-green row's Z coefficient as −0.077; the code's +0.0772 is
// what the Poirson–Wandell cone transform gives, and is used here.
var xyzToOpponent = [3][3]float64{
	{0.2787336, 0.7218031, -0.1065520},
	{-0.4487736, 0.2898056, 0.0771569},
	{0.0859513, -0.5899859, 0.5011089},
}

// eyeModel is S-CIELAB for a viewing condition: the render's resolution
// and the distance from the eye.
type eyeModel struct {
	dpi, distanceCM float64
	filters         [3][]gaussian
}

// naked is the naked eye as the issue defines it: 300 dpi renders viewed
// from 35 cm.
var naked = eyeModel{dpi: 300, distanceCM: 35, filters: sCIELABFilters}

// pixelsPerDegree is how many pixels of the render one degree of visual
// angle spans at the viewing distance.
func (m eyeModel) pixelsPerDegree() float64 {
	mmPerDegree := 2 * m.distanceCM * 10 * math.Tan(0.5*math.Pi/180)
	return mmPerDegree / 25.4 * m.dpi
}

// labImage is an image in the model's CIELAB, one value per pixel.
type labImage struct {
	w, h    int
	L, A, B []float64
}

// sRGB (IEC 61966-2-1) to linear light.
func linear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// rgbToXYZ is linear sRGB to CIE XYZ (D65, Y of white = 1).
var rgbToXYZ = [3][3]float64{
	{0.4124, 0.3576, 0.1805},
	{0.2126, 0.7152, 0.0722},
	{0.0193, 0.1192, 0.9505},
}

// white is paper white, the CIELAB reference.
var white = [3]float64{0.9505, 1.0000, 1.0890}

func mul(m [3][3]float64, v [3]float64) [3]float64 {
	return [3]float64{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

func invert(m [3][3]float64) [3][3]float64 {
	a, b, c := m[0][0], m[0][1], m[0][2]
	d, e, f := m[1][0], m[1][1], m[1][2]
	g, h, i := m[2][0], m[2][1], m[2][2]
	det := a*(e*i-f*h) - b*(d*i-f*g) + c*(d*h-e*g)
	return [3][3]float64{
		{(e*i - f*h) / det, (c*h - b*i) / det, (b*f - c*e) / det},
		{(f*g - d*i) / det, (a*i - c*g) / det, (c*d - a*f) / det},
		{(d*h - e*g) / det, (b*g - a*h) / det, (a*e - b*d) / det},
	}
}

// cielab converts XYZ to CIELAB relative to paper white.
func cielab(xyz [3]float64) (l, a, b float64) {
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(xyz[0]/white[0]), f(xyz[1]/white[1]), f(xyz[2]/white[2])
	return 116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)
}

// see returns what the eye makes of an image: S-CIELAB L*, a*, b*.
func (m eyeModel) see(img *image.RGBA) labImage {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	n := w * h
	var opp [3][]float64
	for k := range opp {
		opp[k] = make([]float64, n)
	}
	lut := [256]float64{}
	for v := range lut {
		lut[v] = linear(uint8(v))
	}
	for i := 0; i < n; i++ {
		p := img.Pix[4*i:]
		xyz := mul(rgbToXYZ, [3]float64{lut[p[0]], lut[p[1]], lut[p[2]]})
		o := mul(xyzToOpponent, xyz)
		for k := range opp {
			opp[k][i] = o[k]
		}
	}
	ppd := m.pixelsPerDegree()
	for k := range opp {
		opp[k] = filterChannel(opp[k], w, h, m.filters[k], ppd)
	}
	back := invert(xyzToOpponent)
	out := labImage{w: w, h: h, L: make([]float64, n), A: make([]float64, n), B: make([]float64, n)}
	for i := 0; i < n; i++ {
		xyz := mul(back, [3]float64{opp[0][i], opp[1][i], opp[2][i]})
		out.L[i], out.A[i], out.B[i] = cielab(xyz)
	}
	return out
}

// filterChannel applies a channel's filter: the weighted sum of its
// Gaussians, each of unit sum, the weights scaled to sum to one.
func filterChannel(src []float64, w, h int, terms []gaussian, ppd float64) []float64 {
	total := 0.0
	for _, g := range terms {
		total += g.weight
	}
	out := make([]float64, len(src))
	for _, g := range terms {
		// exp(−x²/s²) is a normal density with σ = s/√2.
		sigma := g.spread * ppd / math.Sqrt2
		b := gaussBlur(src, w, h, sigma)
		for i := range out {
			out[i] += g.weight / total * b[i]
		}
	}
	return out
}

// gaussBlur blurs with a Gaussian of standard deviation sigma pixels,
// mirroring the image at its edges (the band's surroundings look like the
// band, not like black). Wide Gaussians are computed on a reduced copy —
// a Gaussian of 200 px hardly changes over a few pixels — and
// interpolated back.
func gaussBlur(src []float64, w, h int, sigma float64) []float64 {
	const direct = 12.0 // widest σ convolved at full resolution
	if sigma <= direct {
		return separable(src, w, h, sigma)
	}
	f := int(math.Ceil(sigma / direct * 2))
	sw, sh := (w+f-1)/f, (h+f-1)/f
	small := make([]float64, sw*sh)
	count := make([]float64, sw*sh)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			j := (y/f)*sw + x/f
			small[j] += src[y*w+x]
			count[j]++
		}
	}
	for j := range small {
		small[j] /= count[j]
	}
	// The box of f pixels already blurred by a variance of (f²−1)/12.
	s := math.Sqrt(math.Max(sigma*sigma-float64(f*f-1)/12, 0)) / float64(f)
	small = separable(small, sw, sh, s)
	out := make([]float64, w*h)
	for y := 0; y < h; y++ {
		fy := (float64(y)+0.5)/float64(f) - 0.5
		y0 := int(math.Floor(fy))
		ty := fy - float64(y0)
		for x := 0; x < w; x++ {
			fx := (float64(x)+0.5)/float64(f) - 0.5
			x0 := int(math.Floor(fx))
			tx := fx - float64(x0)
			at := func(xx, yy int) float64 {
				return small[clampIndex(yy, sh)*sw+clampIndex(xx, sw)]
			}
			out[y*w+x] = (1-ty)*((1-tx)*at(x0, y0)+tx*at(x0+1, y0)) + ty*((1-tx)*at(x0, y0+1)+tx*at(x0+1, y0+1))
		}
	}
	return out
}

func clampIndex(i, n int) int {
	return min(max(i, 0), n-1)
}

// mirror maps an index outside 0…n−1 back inside by reflection.
func mirror(i, n int) int {
	if n == 1 {
		return 0
	}
	period := 2 * (n - 1)
	i %= period
	if i < 0 {
		i += period
	}
	if i >= n {
		i = period - i
	}
	return i
}

// separable convolves rows, then columns, with a sampled Gaussian of unit
// sum reaching 3.5 σ.
func separable(src []float64, w, h int, sigma float64) []float64 {
	if sigma < 0.05 {
		return append([]float64(nil), src...)
	}
	r := int(math.Ceil(3.5 * sigma))
	k := make([]float64, 2*r+1)
	sum := 0.0
	for i := range k {
		x := float64(i - r)
		k[i] = math.Exp(-x * x / (2 * sigma * sigma))
		sum += k[i]
	}
	for i := range k {
		k[i] /= sum
	}
	tmp := make([]float64, w*h)
	for y := 0; y < h; y++ {
		row := src[y*w : (y+1)*w]
		for x := 0; x < w; x++ {
			acc := 0.0
			if x >= r && x+r < w {
				for i, kv := range k {
					acc += kv * row[x-r+i]
				}
			} else {
				for i, kv := range k {
					acc += kv * row[mirror(x-r+i, w)]
				}
			}
			tmp[y*w+x] = acc
		}
	}
	out := make([]float64, w*h)
	col := make([]float64, h)
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			col[y] = tmp[y*w+x]
		}
		for y := 0; y < h; y++ {
			acc := 0.0
			if y >= r && y+r < h {
				for i, kv := range k {
					acc += kv * col[y-r+i]
				}
			} else {
				for i, kv := range k {
					acc += kv * col[mirror(y-r+i, h)]
				}
			}
			out[y*w+x] = acc
		}
	}
	return out
}

// discriminability is how well the eye tells the hidden ink from the rest
// of the band: d′ = |μ₁ − μ₂| / √((σ₁² + σ₂²)/2) in each of L*, a*, b*,
// and along the best linear direction (Fisher's discriminant), √(Δμᵀ S⁻¹ Δμ)
// with S the mean of the two classes' covariances.
type discriminability struct {
	L, A, B, Fisher float64
	ink, other      int // pixels in each class
	mean            [2][3]float64
	sd              [2][3]float64
}

// dprime compares the pixels where ink[i] with those where other[i].
func dprime(img labImage, ink, other []bool) discriminability {
	type stats struct {
		n   int
		sum [3]float64
		sq  [3][3]float64
	}
	var s [2]stats
	for i := range img.L {
		c := -1
		switch {
		case ink[i]:
			c = 0
		case other[i]:
			c = 1
		}
		if c < 0 {
			continue
		}
		v := [3]float64{img.L[i], img.A[i], img.B[i]}
		s[c].n++
		for a := 0; a < 3; a++ {
			s[c].sum[a] += v[a]
			for b := 0; b < 3; b++ {
				s[c].sq[a][b] += v[a] * v[b]
			}
		}
	}
	d := discriminability{ink: s[0].n, other: s[1].n}
	if s[0].n < 2 || s[1].n < 2 {
		return d
	}
	var mean [2][3]float64
	var pooled [3][3]float64
	for c := range s {
		n := float64(s[c].n)
		for a := 0; a < 3; a++ {
			mean[c][a] = s[c].sum[a] / n
		}
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				cov := (s[c].sq[a][b] - n*mean[c][a]*mean[c][b]) / (n - 1)
				pooled[a][b] += cov / 2
			}
		}
	}
	d.mean = mean
	for c := range s {
		n := float64(s[c].n)
		for a := 0; a < 3; a++ {
			d.sd[c][a] = math.Sqrt((s[c].sq[a][a] - n*mean[c][a]*mean[c][a]) / (n - 1))
		}
	}
	var diff [3]float64
	for a := range diff {
		diff[a] = mean[0][a] - mean[1][a]
	}
	per := func(a int) float64 { return math.Abs(diff[a]) / math.Sqrt(pooled[a][a]) }
	d.L, d.A, d.B = per(0), per(1), per(2)
	q := mul(invert(pooled), diff)
	d.Fisher = math.Sqrt(math.Max(0, diff[0]*q[0]+diff[1]*q[1]+diff[2]*q[2]))
	return d
}
