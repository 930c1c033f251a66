package decoder

import (
	"fmt"

	"druckreif/layout"
	"druckreif/layout/typeset"
)

// Sheets writes the decoder's printable parts: the frame that holds the red
// film (page 1) and the calibration strip with the hidden ink at all five
// strengths (page 2).
func Sheets(p layout.Paper, st *layout.Style, current Strength) ([]byte, error) {
	return layout.Pages(p.W, p.H, "Decoder und Kalibrierstreifen", []func(*layout.Canvas) error{
		func(c *layout.Canvas) error { return frame(c, st) },
		func(c *layout.Canvas) error { return calibration(c, st, current) },
	})
}

var ink = layout.RGB(30, 30, 30)

// paragraph sets lines of instructions and returns the y below them.
func paragraph(c *layout.Canvas, x, y, w float64, size float64, style string, text string) (float64, error) {
	b := typeset.Block{Text: text, Style: style, Size: size, Min: size, Hyphenate: true, Source: "Anleitung"}
	set, err := c.Setter.Fit([]typeset.Block{b}, w, 200)
	if err != nil {
		return y, err
	}
	c.Block(set[0], x, y, w, ink, layout.Left)
	return y + set[0].Height, nil
}

// frame draws a card-sized frame in two halves joined by a fold: each half
// has a window exactly over the card's solution band. Cut out, fold around
// a piece of red film, glue: the card slides in and the band shows through.
func frame(c *layout.Canvas, st *layout.Style) error {
	w, h := st.Card.Width, st.Card.Height
	bandY := h - st.Margin - st.Band.Height
	x0, y0 := (c.W-2*w)/2, 20.0
	y, err := paragraph(c, 15, 8, c.W-30, 12, "B", "Der Decoder – zum Ausschneiden und Falten · The Decoder – cut out and fold")
	if err != nil {
		return err
	}
	_ = y
	grey := layout.RGB(110, 110, 110)
	for half := 0; half < 2; half++ {
		x := x0 + float64(half)*w
		// The frame itself, in a light tint so it costs little ink.
		c.Rect(x, y0, w, h, layout.RGB(236, 236, 244))
		wx := st.Margin - 1
		c.Rect(x+wx, y0+bandY-1, w-2*wx, st.Band.Height+2, layout.White)
		c.DashedRect(x+wx, y0+bandY-1, w-2*wx, st.Band.Height+2, 0.3, layout.Black)
		c.Text(x+w/2, y0+bandY+st.Band.Height/2-2, "Fenster ausschneiden", "B", 9, grey, layout.Center)
		c.Text(x+w/2, y0+bandY+st.Band.Height/2+3, "cut out the window", "", 8, grey, layout.Center)
		label := "Vorderseite · front"
		if half == 1 {
			label = "Rückseite · back"
		}
		c.Text(x+w/2, y0+8, "DECODER", "B", 16, layout.RGB(198, 40, 40), layout.Center)
		c.Text(x+w/2, y0+16, label, "", 8, grey, layout.Center)
		c.Text(x+w/2, y0+30, "Karte hier einschieben", "", 8, grey, layout.Center)
		c.Text(x+w/2, y0+34, "slide the card in here", "", 7, grey, layout.Center)
	}
	// Outer cut line and the fold between the halves.
	c.DashedRect(x0, y0, 2*w, h, 0.3, layout.Black)
	c.DashedLine(x0+w, y0, x0+w, y0+h, 0.3, layout.RGB(198, 40, 40))
	c.Text(x0+w+1, y0+h+2, "falzen · fold", "", 7, layout.RGB(198, 40, 40), layout.Left)

	text := []string{
		"So wird er gebaut: 1. Diese Seite in Originalgröße (100 %) drucken, am besten auf Karton. 2. Außen entlang der gestrichelten Linie ausschneiden und beide Fenster herausschneiden. 3. Ein Stück rote Folie, etwas größer als das Fenster, auf die Innenseite einer Hälfte kleben. 4. An der roten Linie falzen und die Hälften an den Rändern zusammenkleben – oben offen lassen, damit die Karte hineinpasst.",
		"Was man braucht: rote, durchsichtige Folie: rote Bastel- oder Cellophanfolie, eine rote transparente Sichthülle oder ein rotes Schnellhefter-Deckblatt, oder rote Farbfilterfolie für Lampen. Je kräftiger rot, desto besser: vorher mit dem Kalibrierstreifen auf der nächsten Seite prüfen.",
		"How to build it: print at 100 %, ideally on card; cut along the dashed lines and cut out both windows; glue red transparent film (craft cellophane, a red report cover or a red lighting gel) behind one window; fold on the red line and glue the edges, leaving the top open for the card.",
		"Ohne Folie: druckreif card ID zeigt jede Lösung am Bildschirm (die App bietet das später auch). · Without film: druckreif card ID shows any solution on screen.",
	}
	ty := y0 + h + 8
	for _, t := range text {
		var err error
		ty, err = paragraph(c, 15, ty, c.W-30, 9, "", t)
		if err != nil {
			return err
		}
		ty += 3
	}
	return nil
}

// testPhrase is set in hidden ink at each strength.
const testPhrase = "Der Dativ ist dem Genitiv sein Tod – wer das lesen kann, hat die richtige Stärke."

// calibration prints the band at strengths 1–5 with a test phrase each, so
// a player can pick the one their printer and film read best.
func calibration(c *layout.Canvas, st *layout.Style, current Strength) error {
	y, err := paragraph(c, 15, 8, c.W-30, 12, "B", "Decoder-Kalibrierung · decoder calibration")
	if err != nil {
		return err
	}
	y, err = paragraph(c, 15, y+2, c.W-30, 9, "",
		"Nur mit Farbdrucker: in Schwarzweiß kann die verborgene Schrift nicht funktionieren (auch nicht mit --low-ink, der Lösungsstreifen bleibt farbig). Durch die rote Folie schauen und die niedrigste Stärke wählen, die sich durch die Folie mühelos lesen lässt; ohne Folie sollte sie schwer zu lesen sein. Dann bauen mit: druckreif build --decoder-strength N. · Colour printer only. Look through the red film and pick the lowest strength that reads easily through it; then build with --decoder-strength N.")
	if err != nil {
		return err
	}
	w := st.Card.Width - 2*st.Margin
	h := 34.0
	y += 4
	for s := Strength(1); s <= 5; s++ {
		x := (c.W - w) / 2
		label := fmt.Sprintf("Stärke %d", s)
		if s == current {
			label += " (derzeit)"
		}
		c.Text(x-2, y+h/2-2, label, "B", 9, ink, layout.Right)
		blocks := []typeset.Block{{Text: testPhrase, Style: "B", Size: 13, Min: 10, Hyphenate: true, Source: "Kalibrierung"}}
		if err := drawBand(c, st, fmt.Sprintf("KALIBRIERUNG-%d", s), blocks, x, y, w, h, s); err != nil {
			return err
		}
		y += h + 6
	}
	return nil
}
