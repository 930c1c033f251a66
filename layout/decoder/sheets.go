package decoder

import (
	"fmt"
	"math"

	"druckreif/decks"
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

// Sleeve is the Decoder's sleeve page alone, for print shops: the sleeve
// to cut out, fold and glue, with the pictures of how.
func Sleeve(st *layout.Style) func(*layout.Canvas) error {
	return func(c *layout.Canvas) error { return frame(c, st) }
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

// frame is the Decoder's page: the sleeve to cut out, fold and glue, with
// pictures of how to build it and what to buy.
func frame(c *layout.Canvas, st *layout.Style) error {
	s := newSleeve(st, 0, 0)
	sw, sh := s.size()
	x := layout.PrintableMargin + 3.0
	y := math.Max(layout.PrintableMargin+6, (c.H-sh)/2)
	s = newSleeve(st, x, y)
	s.draw(c)
	cx := x + sw + 7
	cw := c.W - layout.PrintableMargin - 3 - cx
	ty, err := paragraph(c, cx, y, cw, 13, "B", "Der Decoder")
	if err != nil {
		return err
	}
	ty, err = paragraph(c, cx, ty+0.5, cw, 8, "", "Eine Hülle für die Karte: durch die rote Folie im Fenster erscheint die verborgene Lösung. · A sleeve for the card: the red film in its window shows the hidden solution.")
	if err != nil {
		return err
	}
	ty = s.drawSteps(c, cx, ty+5, cw)
	text := []string{
		"In Originalgröße (100 %) drucken, am besten auf Karton (160–250 g/m²). Schwarz: schneiden, blau gestrichelt: falzen, grau: Klebelaschen. Rote Folie: rote Bastel- oder Cellophanfolie, eine rote Sichthülle oder ein rotes Schnellhefter-Deckblatt, zwei Stücke je etwa " + mm(s.window.w+8) + " × " + mm(s.window.h+8) + " mm; vorher mit dem Kalibrierstreifen (nächste Seite) prüfen.",
		"Print at 100 %, ideally on card. Black: cut, dashed blue: fold, grey: glue flaps. Red film: craft cellophane, a red report cover or a red lighting gel, two pieces of about " + mm(s.window.w+8) + " × " + mm(s.window.h+8) + " mm.",
		"Ohne Folie: druckreif card ID zeigt jede Lösung am Bildschirm. · Without film: druckreif card ID shows any solution on screen.",
	}
	for _, t := range text {
		ty, err = paragraph(c, cx, ty+2, cw, 7, "", t)
		if err != nil {
			return err
		}
	}
	return nil
}

func mm(v float64) string { return fmt.Sprintf("%.0f", v) }

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
		if err := drawBand(c, decks.DativSide{ID: fmt.Sprintf("KALIBRIERUNG-%d", s), Sentence: testPhrase, Options: []string{""}, Correct: []int{0}}, blocks, x, y, w, h, s, everything, bandLook); err != nil {
			return err
		}
		y += h + 6
	}
	return nil
}
