package layout

import (
	"fmt"

	"github.com/go-pdf/fpdf"
)

// Calibration writes the duplex calibration sheet: a front and a back page
// with fine crosshairs at the same places of the sheet and millimetre
// scales around each back cross. Held against the light, the back cross
// shows how far the printer shifts the back side; that shift, read off the
// scale, is the --back-offset to print with.
func Calibration(o Options) ([]byte, error) {
	p := o.Paper
	pdf := newDoc(p.W, p.H)
	pdf.SetTitle("druckreif – Duplex-Kalibrierung", true)
	pts := [][2]float64{{p.W / 2, p.H / 2}, {30, 30}, {p.W - 30, 30}, {30, p.H - 30}, {p.W - 30, p.H - 30}}
	g := Grid{PageW: p.W, PageH: p.H}

	pdf.AddPage()
	text(pdf, p.W/2, 12, 11, "B", "Duplex-Kalibrierung · Vorderseite")
	text(pdf, p.W/2, 18, 7.5, "", "Beidseitig drucken wie die Kartendateien (100 %, nicht skalieren), gegen das Licht halten.")
	text(pdf, p.W/2, 22, 7.5, "", "Print duplex like the card files (100 %, no scaling) and hold the sheet against the light.")
	for _, pt := range pts {
		crosshair(pdf, pt[0], pt[1], 8, 0.1)
	}
	text(pdf, p.W/2, p.H-14, 7, "", "Liegt das Kreuz der Rückseite rechts/unten vom Vorderseitenkreuz, an der Skala die Abweichung ablesen")
	text(pdf, p.W/2, p.H-10.5, 7, "", "und mit druckreif build --back-offset -X,-Y ausgleichen (X nach rechts, Y nach unten, in mm).")

	pdf.AddPage()
	pdf.TransformBegin()
	pdf.TransformTranslate(o.BackOffset[0], o.BackOffset[1])
	if backRotated(g, o) {
		pdf.TransformRotate(180, p.W/2, p.H/2)
	}
	text(pdf, p.W/2, 12, 11, "B", "Duplex-Kalibrierung · Rückseite")
	flip := "lange Kante"
	if o.ShortEdge {
		flip = "kurze Kante"
	}
	text(pdf, p.W/2, 18, 7.5, "", fmt.Sprintf("Wendekante: %s · derzeitiger Versatz: %.1f / %.1f mm", flip, o.BackOffset[0], o.BackOffset[1]))
	for _, pt := range pts {
		// The back of a point (x, y) lies at (W − x, y) when the sheet is
		// turned over sideways.
		x, y := p.W-pt[0], pt[1]
		crosshair(pdf, x, y, 8, 0.1)
		scale(pdf, x, y)
	}
	pdf.TransformEnd()
	return finish(pdf, o)
}

func text(pdf *fpdf.Fpdf, cx, y, size float64, style, s string) {
	setFont(pdf, style, size)
	pdf.SetTextColor(0, 0, 0)
	pdf.Text(cx-sharedMetrics.Width(style, size, s)/2, y, s)
}

func crosshair(pdf *fpdf.Fpdf, x, y, r, w float64) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(w)
	pdf.Line(x-r, y, x+r, y)
	pdf.Line(x, y-r, x, y+r)
	pdf.Circle(x, y, r/2, "D")
}

// scale draws millimetre ticks along both axes through a cross, labelled
// every 5 mm, up to ±6 mm.
func scale(pdf *fpdf.Fpdf, x, y float64) {
	pdf.SetLineWidth(0.08)
	setFont(pdf, "", 4)
	for i := -6; i <= 6; i++ {
		l := 1.2
		if i%5 == 0 {
			l = 2.4
		}
		d := float64(i)
		pdf.Line(x+d, y+9, x+d, y+9+l)
		pdf.Line(x+9, y+d, x+9+l, y+d)
		if i%5 == 0 && i != 0 {
			pdf.Text(x+d-0.8, y+13.3, fmt.Sprint(i))
			pdf.Text(x+12.2, y+d+0.6, fmt.Sprint(i))
		}
	}
}
