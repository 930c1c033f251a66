package web

import (
	"bytes"
	"fmt"
	"math"
	"net/http"
	"sync"

	"druckreif/i18n"
	"druckreif/maps"
	"druckreif/scorer"
)

// The maps of "Wo liegt was?" on the phones: drawn from package maps, the
// same grid and outlines the printed maps and the cards' solution squares
// come from, so square C4 on the phone is square C4 on paper. The map
// itself is an image (cached by the phone); the grid's squares to tap, the
// dice and the labels are drawn over it by the screen, in the same
// coordinates.

// mapFrame is a map's drawing: the map W × H inside a band of Pad for the
// grid's letters and numbers.
type mapFrame struct {
	Map          *maps.Map
	W, H, Pad    float64
	CellW, CellH float64
}

const mapWidth = 1000.0

func frameOf(m *maps.Map) mapFrame {
	f := mapFrame{Map: m, W: mapWidth, H: math.Round(mapWidth / m.Aspect()), Pad: 44}
	f.CellW, f.CellH = f.W/float64(m.Columns), f.H/float64(m.Rows)
	return f
}

// ViewBox is the drawing's extent, the same for the image and the grid.
func (f mapFrame) ViewBox() string {
	return fmt.Sprintf("0 0 %g %g", f.W+2*f.Pad, f.H+2*f.Pad)
}

func (f mapFrame) point(lat, lon float64) (float64, float64) {
	u, v := f.Map.Project(lat, lon)
	return f.Pad + u*f.W, f.Pad + v*f.H
}

// mapCell is one grid square to tap.
type mapCell struct {
	Name       string // "C4"
	X, Y, W, H float64
}

// mapLabel is a letter or number of the grid.
type mapLabel struct {
	Text string
	X, Y float64
}

// Cells are the grid's squares.
func (f mapFrame) Cells() []mapCell {
	var out []mapCell
	for r := range f.Map.Rows {
		for c := range f.Map.Columns {
			sq := maps.Square{Col: c, Row: r}
			out = append(out, mapCell{Name: sq.String(), X: f.Pad + float64(c)*f.CellW, Y: f.Pad + float64(r)*f.CellH, W: f.CellW, H: f.CellH})
		}
	}
	return out
}

// Labels are the letters above and below, the numbers left and right.
func (f mapFrame) Labels() []mapLabel {
	var out []mapLabel
	for c := range f.Map.Columns {
		x := f.Pad + (float64(c)+0.5)*f.CellW
		l := string(rune('A' + c))
		out = append(out, mapLabel{l, x, f.Pad * 0.7}, mapLabel{l, x, f.Pad*1.7 + f.H})
	}
	for r := range f.Map.Rows {
		y := f.Pad + (float64(r)+0.5)*f.CellH + 10
		n := fmt.Sprint(r + 1)
		out = append(out, mapLabel{n, f.Pad / 2, y}, mapLabel{n, f.Pad*1.5 + f.W, y})
	}
	return out
}

// Centre is a square's middle, for a die.
func (f mapFrame) Centre(square string) (x, y float64, ok bool) {
	sq, ok := f.Map.ParseSquare(square)
	if !ok {
		return 0, 0, false
	}
	return f.Pad + (float64(sq.Col)+0.5)*f.CellW, f.Pad + (float64(sq.Row)+0.5)*f.CellH, true
}

var mapImages sync.Map // map key → []byte

// mapImage is a map as SVG: sea, the countries' outlines (the map's home
// country stronger), the grid.
func mapImage(m *maps.Map) ([]byte, error) {
	if b, ok := mapImages.Load(m.Key); ok {
		return b.([]byte), nil
	}
	rings, err := m.Outlines()
	if err != nil {
		return nil, err
	}
	f := frameOf(m)
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s"><defs><clipPath id="c"><rect x="%g" y="%g" width="%g" height="%g"/></clipPath></defs>`, f.ViewBox(), f.Pad, f.Pad, f.W, f.H)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#fff"/><rect x="%g" y="%g" width="%g" height="%g" fill="#deedf8"/>`, f.Pad, f.Pad, f.W, f.H)
	home := map[string]string{"D": "Germany"}[m.Key]
	for _, pass := range []bool{false, true} {
		fill := "#f6f1e2"
		if pass {
			fill = "#eedba2"
		}
		fmt.Fprintf(&b, `<g clip-path="url(#c)" fill="%s" stroke="#7d7d7d" stroke-width="1.2" stroke-linejoin="round" fill-rule="evenodd"><path d="`, fill)
		for _, r := range rings {
			if (r.Country == home) != pass {
				continue
			}
			lx, ly := math.Inf(1), math.Inf(1)
			n := 0
			for i, p := range r.Points {
				x, y := f.point(p.Lat, p.Lon)
				if i > 0 && math.Abs(x-lx) < 2.5 && math.Abs(y-ly) < 2.5 {
					continue
				}
				if n == 0 {
					fmt.Fprintf(&b, "M%.0f %.0f", x, y)
				} else {
					fmt.Fprintf(&b, "L%.0f %.0f", x, y)
				}
				lx, ly = x, y
				n++
			}
			if n > 0 {
				b.WriteString("Z")
			}
		}
		b.WriteString(`"/></g>`)
	}
	// The grid, as printed.
	fmt.Fprintf(&b, `<g stroke="#323232" stroke-width="1.6" fill="none"><rect x="%g" y="%g" width="%g" height="%g"/>`, f.Pad, f.Pad, f.W, f.H)
	for c := 1; c < m.Columns; c++ {
		x := f.Pad + float64(c)*f.CellW
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%g" x2="%.1f" y2="%g"/>`, x, f.Pad, x, f.Pad+f.H)
	}
	for r := 1; r < m.Rows; r++ {
		y := f.Pad + float64(r)*f.CellH
		fmt.Fprintf(&b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f"/>`, f.Pad, y, f.Pad+f.W, y)
	}
	b.WriteString(`</g><g font-family="DejaVu Sans, sans-serif" font-size="28" font-weight="700" fill="#1e1e1e" text-anchor="middle">`)
	for _, l := range f.Labels() {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%s</text>`, l.X, l.Y, l.Text)
	}
	b.WriteString(`</g></svg>`)
	out := b.Bytes()
	mapImages.Store(m.Key, out)
	return out, nil
}

func (s *Server) raabMap(w http.ResponseWriter, r *http.Request) error {
	m, ok := maps.ByKey(r.PathValue("key"))
	if !ok {
		return &scorer.Error{Status: http.StatusNotFound, Rule: "no-map", Msg: i18n.T("Diese Landkarte gibt es nicht (D, EU, Globus).", "There is no such map (D, EU, Globus).")}
	}
	svg, err := mapImage(m)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(svg)
	return nil
}
