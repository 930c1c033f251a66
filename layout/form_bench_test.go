package layout

import (
	"math"
	"testing"
)

// pattern draws n irregular nine-cornered patches in varied colours over
// w × h mm, as the Decoder's camouflage does.
func pattern(c *Canvas, n int, w, h float64) {
	for i := 0; i < n; i++ {
		u, v := math.Mod(float64(i)*0.618034, 1), math.Mod(float64(i)*0.7548777, 1)
		cx, cy, rad := w*u, h*v, 1+1.5*math.Mod(float64(i)*0.5698403, 1)
		xy := make([]float64, 0, 18)
		for k := 0; k < 9; k++ {
			a := float64(i) + 2*math.Pi*float64(k)/9
			d := rad * (0.6 + 0.4*math.Mod(float64(i*k)*0.381966, 1))
			xy = append(xy, cx+d*math.Cos(a), cy+d*math.Sin(a))
		}
		c.Polygon(RGB(uint8(130+i%126), uint8(i*7), uint8(i*13)), xy...)
	}
}

// BenchmarkPattern prints a card-band pattern of 850 patches on each of 72
// pages (the Dativ cards' sheets), drawn on every page or made once as a
// form and placed: what moving the camouflage into a Form saves, in time
// and in the PDF's size (bytes/op is the allocation, pdf-MB the file).
func BenchmarkPattern(b *testing.B) {
	const pagesN, patches, w, h = 72, 850, 60.0, 25.0
	form := NewForm(w, h, func(c *Canvas) error { pattern(c, patches, w, h); return nil })
	for _, placed := range []bool{false, true} {
		name := "drawn"
		if placed {
			name = "placed"
		}
		b.Run(name, func(b *testing.B) {
			draws := make([]func(*Canvas) error, pagesN)
			for i := range draws {
				draws[i] = func(c *Canvas) error {
					if placed {
						return c.Place(10, 10, form)
					}
					c.X, c.Y = 10, 10
					pattern(c, patches, w, h)
					return nil
				}
			}
			var size int
			for b.Loop() {
				pdf, err := Pages(100, 100, "T", draws)
				if err != nil {
					b.Fatal(err)
				}
				size = len(pdf)
			}
			b.ReportMetric(float64(size)/1e6, "pdf-MB")
		})
	}
}
