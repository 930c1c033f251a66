package layout

import (
	"fmt"

	"github.com/go-pdf/fpdf"
)

// Calibration writes the duplex calibration sheets: a portrait sheet
// (pages 1 and 2) and a landscape one printed as the card sheets are
// (pages 3 and 4), each with fine crosshairs at the same places of both
// sides and millimetre scales around each cross of the front. Held against
// the light, the back's cross shows on the front's scale how far the
// printer shifts the back side: X to the right, Y down, seen from the
// front. Read on the portrait sheet, that is the --back-offset X,Y to
// print with (BackShift applies it to every sheet, landscape ones turned).
// The sheets are printed with the current offset: once it is right, the
// crosses of both sheets coincide.
func Calibration(o Options) ([]byte, error) {
	p := o.Paper
	pdf := newDoc(p.W, p.H)
	pdf.SetTitle("druckreif – Duplex-Kalibrierung", true)
	flip := "lange Kante · long edge"
	if o.ShortEdge {
		flip = "kurze Kante · short edge"
	}
	for _, landscape := range []bool{false, true} {
		w, h, orientation := p.W, p.H, "P"
		name := "Hochformat · portrait"
		if landscape {
			w, h, orientation = p.H, p.W, "L"
			name = "Querformat wie die Kartenbögen · landscape, as the card sheets"
		}
		pts := [][2]float64{{w / 2, h / 2}, {30, 34}, {w - 30, 34}, {30, h - 34}, {w - 30, h - 34}}
		pdf.AddPageFormat(orientation, fpdf.SizeType{Wd: p.W, Ht: p.H})
		text(pdf, w/2, 12, 11, "B", "Duplex-Kalibrierung · "+name+" · Vorderseite")
		text(pdf, w/2, 18, 7.5, "", "Beidseitig drucken wie die Kartendateien ("+flip+", 100 %, nicht skalieren), gegen das Licht halten.")
		text(pdf, w/2, 22, 7.5, "", "Print duplex like the card files (100 %, no scaling) and hold the sheet against the light.")
		for _, pt := range pts {
			crosshair(pdf, pt[0], pt[1], 8, 0.1)
			scale(pdf, pt[0], pt[1])
		}
		if !landscape {
			text(pdf, w/2, h-18, 7, "", "Wo liegt das Kreuz der Rückseite? An der Skala ablesen: X nach rechts, Y nach unten (in mm, von vorn gesehen).")
			text(pdf, w/2, h-14.5, 7, "B", fmt.Sprintf("Dann druckreif build --back-offset X,Y (gedruckt mit %.1f,%.1f: den abgelesenen Wert dazuzählen).", o.BackOffset[0], o.BackOffset[1]))
			text(pdf, w/2, h-11, 7, "", "Where is the back's cross? Read X to the right, Y down (mm, seen from the front); build with --back-offset X,Y (added to the offset printed with).")
		} else {
			text(pdf, w/2, h-18, 7, "", fmt.Sprintf("Gedruckt mit dem Versatz des Hochformats (%.1f,%.1f), auf das Querformat umgerechnet: liegen die Kreuze hier übereinander,", o.BackOffset[0], o.BackOffset[1]))
			text(pdf, w/2, h-14.5, 7, "", "stimmt er auch für die Kartenbögen. Gemessen wird auf dem Hochformat (Seite 1).")
			text(pdf, w/2, h-11, 7, "", "Printed with the portrait sheet's offset, turned for landscape: crosses that coincide here mean the card sheets are right too.")
		}
		pdf.AddPageFormat(orientation, fpdf.SizeType{Wd: p.W, Ht: p.H})
		pdf.TransformBegin()
		pdf.TransformTranslate(BackShift(o.BackOffset, landscape, o.ShortEdge))
		if o.ShortEdge != landscape {
			pdf.TransformRotate(180, w/2, h/2)
		}
		text(pdf, w/2, 12, 11, "B", "Duplex-Kalibrierung · "+name+" · Rückseite")
		text(pdf, w/2, 18, 7.5, "", fmt.Sprintf("Wendekante: %s · gedruckt mit --back-offset %.1f,%.1f", flip, o.BackOffset[0], o.BackOffset[1]))
		for _, pt := range pts {
			// The back of a point (x, y) lies at (W − x, y) when the sheet
			// is turned over sideways; the turn above makes the rest.
			crosshair(pdf, w-pt[0], pt[1], 8, 0.25)
		}
		pdf.TransformEnd()
	}
	return finish(pdf, o)
}

func text(pdf *fpdf.Fpdf, cx, y, size float64, style, s string) {
	setFont(pdf, style, size, s)
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

// scale draws millimetre ticks along both axes through a cross, up to
// ±6 mm, labelled every 2 mm with their sign: X below the cross, positive
// to the right, Y beside it, positive downwards, as the offset counts.
func scale(pdf *fpdf.Fpdf, x, y float64) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.08)
	pdf.SetTextColor(0, 0, 0)
	for i := -6; i <= 6; i++ {
		l := 1.2
		if i%2 == 0 {
			l = 2.2
		}
		d := float64(i)
		pdf.Line(x+d, y+9, x+d, y+9+l)
		pdf.Line(x+9, y+d, x+9+l, y+d)
		if i%2 == 0 && i != 0 {
			label := fmt.Sprintf("%+d", i)
			setFont(pdf, "", 3.5, label)
			pdf.Text(x+d-sharedMetrics.Width("", 3.5, label)/2, y+12.9, label)
			pdf.Text(x+11.6, y+d+0.5, label)
		}
	}
	for _, l := range []struct {
		x, y float64
		s    string
	}{{x + 7, y + 15, "X →"}, {x + 11.4, y - 7.5, "Y ↓"}} {
		setFont(pdf, "", 3.5, l.s)
		pdf.Text(l.x, l.y, l.s)
	}
}
