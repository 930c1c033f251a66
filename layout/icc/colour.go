package icc

import "math"

// D50 is the profile connection space's white.
var D50 = [3]float64{0.9642, 1, 0.8249}

// XYZToLab converts CIE XYZ (D50) to CIELAB.
func XYZToLab(x [3]float64) [3]float64 {
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x[0]/D50[0]), f(x[1]/D50[1]), f(x[2]/D50[2])
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// LabToXYZ converts CIELAB to CIE XYZ (D50).
func LabToXYZ(lab [3]float64) [3]float64 {
	fy := (lab[0] + 16) / 116
	fx, fz := fy+lab[1]/500, fy-lab[2]/200
	inv := func(t float64) float64 {
		if t*t*t > 216.0/24389 {
			return t * t * t
		}
		return (116*t - 16) * 27 / 24389
	}
	return [3]float64{inv(fx) * D50[0], inv(fy) * D50[1], inv(fz) * D50[2]}
}

// sRGB's primaries adapted to D50 (Bradford), as in the ICC's sRGB
// profile.
var (
	srgbToXYZ = [9]float64{
		0.4360747, 0.3850649, 0.1430804,
		0.2225045, 0.7168786, 0.0606169,
		0.0139322, 0.0971045, 0.7141733,
	}
	xyzToSRGB = invert3(srgbToXYZ)
)

// SRGBToLab converts an 8-bit sRGB colour to CIELAB (D50).
func SRGBToLab(r, g, b uint8) [3]float64 {
	lr, lg, lb := linear(r), linear(g), linear(b)
	m := &srgbToXYZ
	return XYZToLab([3]float64{
		m[0]*lr + m[1]*lg + m[2]*lb,
		m[3]*lr + m[4]*lg + m[5]*lb,
		m[6]*lr + m[7]*lg + m[8]*lb,
	})
}

// LabToSRGB converts CIELAB (D50) to 8-bit sRGB, clipping what lies
// outside sRGB.
func LabToSRGB(lab [3]float64) [3]uint8 {
	x := LabToXYZ(lab)
	m := &xyzToSRGB
	var out [3]uint8
	for i := 0; i < 3; i++ {
		v := m[3*i]*x[0] + m[3*i+1]*x[1] + m[3*i+2]*x[2]
		out[i] = encode(v)
	}
	return out
}

var linearTable = func() (t [256]float64) {
	for v := range t {
		x := float64(v) / 255
		if x <= 0.04045 {
			t[v] = x / 12.92
		} else {
			t[v] = math.Pow((x+0.055)/1.055, 2.4)
		}
	}
	return t
}()

func linear(v uint8) float64 { return linearTable[v] }

func encode(v float64) uint8 {
	if v <= 0 {
		return 0
	}
	if v >= 1 {
		return 255
	}
	if v <= 0.0031308 {
		v *= 12.92
	} else {
		v = 1.055*math.Pow(v, 1/2.4) - 0.055
	}
	return uint8(math.Round(v * 255))
}

func invert3(m [9]float64) [9]float64 {
	a, b, c, d, e, f, g, h, i := m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]
	det := a*(e*i-f*h) - b*(d*i-f*g) + c*(d*h-e*g)
	return [9]float64{
		(e*i - f*h) / det, (c*h - b*i) / det, (b*f - c*e) / det,
		(f*g - d*i) / det, (a*i - c*g) / det, (c*d - a*f) / det,
		(d*h - e*g) / det, (b*g - a*h) / det, (a*e - b*d) / det,
	}
}
