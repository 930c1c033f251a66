package web

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"net/http"
	"strconv"
	"sync"
)

// The scorer on a phone's home screen: a web app manifest and its icons
// (drawn here, not shipped as files: two cards fanned out on the table's
// colour). Phones offer "add to home screen" for pages served over HTTPS.

const manifest = `{
  "name": "druckreif – Punktezähler",
  "short_name": "druckreif",
  "description": "Der Punktezähler zu den gedruckten Karten",
  "start_url": "/",
  "scope": "/",
  "display": "standalone",
  "background_color": "#f5f4ef",
  "theme_color": "#23272e",
  "lang": "de",
  "icons": [
    {"src": "/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
    {"src": "/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"}
  ]
}
`

func (s *Server) routeIcons() {
	s.mux.HandleFunc("GET /manifest.webmanifest", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/manifest+json")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		w.Write([]byte(manifest))
	})
	for _, size := range []int{192, 512} {
		s.mux.HandleFunc("GET /icon-"+strconv.Itoa(size)+".png", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "image/png")
			w.Header().Set("Cache-Control", "public, max-age=86400")
			w.Write(iconPNG(size))
		})
	}
}

var icons sync.Map // size → PNG bytes

// iconPNG is the icon at size × size pixels: the table's dark colour, two
// cards, the front one with a red corner and three pips.
func iconPNG(size int) []byte {
	if b, ok := icons.Load(size); ok {
		return b.([]byte)
	}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	bg := color.RGBA{0x23, 0x27, 0x2e, 0xff}
	back := color.RGBA{0xc9, 0xc2, 0xb0, 0xff}
	front := color.RGBA{0xfb, 0xfa, 0xf6, 0xff}
	red := color.RGBA{0xd3, 0x2f, 0x2f, 0xff}
	ink := color.RGBA{0x23, 0x27, 0x2e, 0xff}
	f := float64(size)
	// Card shapes in the unit square, turned about their centre.
	card := func(cx, cy, w, h, r, turn float64) func(x, y float64) bool {
		sin, cos := math.Sincos(turn)
		return func(x, y float64) bool {
			dx, dy := x-cx, y-cy
			u, v := dx*cos+dy*sin, -dx*sin+dy*cos
			ax, ay := math.Abs(u)-(w/2-r), math.Abs(v)-(h/2-r)
			if ax <= 0 || ay <= 0 {
				return math.Abs(u) <= w/2 && math.Abs(v) <= h/2
			}
			return ax*ax+ay*ay <= r*r
		}
	}
	behind := card(0.44, 0.5, 0.36, 0.5, 0.04, -0.28)
	ahead := card(0.56, 0.52, 0.36, 0.5, 0.04, 0.18)
	corner := card(0.56, 0.52, 0.36, 0.5, 0.04, 0.18)
	pip := func(x, y, cx, cy float64) bool { return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= 0.03*0.03 }
	sin, cos := math.Sincos(0.18)
	rot := func(u, v float64) (float64, float64) { return 0.56 + u*cos - v*sin, 0.52 + u*sin + v*cos }
	p1x, p1y := rot(-0.07, -0.09)
	p2x, p2y := rot(0, 0)
	p3x, p3y := rot(0.07, 0.09)
	cx, cy := rot(-0.1, -0.165)
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			// Four samples a pixel for smooth edges.
			var r, g, b float64
			for _, o := range [4][2]float64{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}} {
				x, y := (float64(px)+o[0])/f, (float64(py)+o[1])/f
				c := bg
				switch {
				case ahead(x, y) && ((x-cx)*(x-cx)+(y-cy)*(y-cy) <= 0.04*0.04):
					c = red
				case ahead(x, y) && (pip(x, y, p1x, p1y) || pip(x, y, p2x, p2y) || pip(x, y, p3x, p3y)):
					c = ink
				case ahead(x, y) && corner(x, y):
					c = front
				case behind(x, y):
					c = back
				}
				r, g, b = r+float64(c.R)/4, g+float64(c.G)/4, b+float64(c.B)/4
			}
			img.SetRGBA(px, py, color.RGBA{uint8(r), uint8(g), uint8(b), 0xff})
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	icons.Store(size, buf.Bytes())
	return buf.Bytes()
}
