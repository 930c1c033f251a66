package components

import (
	"fmt"
	"math"

	"druckreif/layout"
	"druckreif/layout/typeset"
)

// A guide step: a heading, what to do, and a drawing beside it.
type step struct {
	Title string
	Text  string
	// Draw draws the step's picture into the box (x, y, w, h); nil for a
	// step of text only.
	Draw func(c *layout.Canvas, x, y, w, h float64)
	ArtH float64 // the picture's height in mm
}

// Guide is a game's assembly guide (bauanleitung.pdf): the paper to print
// each file on, the duplex test, cutting, and how to build every component
// that needs more than scissors, each with a drawing; laid out for pages
// of w × h mm.
func Guide(game string, w, h float64) (Page, error) {
	steps, ok := guideSteps[game]
	if !ok {
		return Page{}, fmt.Errorf("keine Bauanleitung für %q", game)
	}
	title := guideTitles[game] + " – Bauanleitung"
	all := append(commonSteps(game), steps...)
	pages, err := guidePages(title, all, w, h)
	if err != nil {
		return Page{}, err
	}
	return Page{Name: "bauanleitung", Title: "Bauanleitung: Papier, Duplex-Test, Schneiden und Zusammenbau", Draw: pages}, nil
}

var guideTitles = map[string]string{
	"labyrinth": "Das große Spiel", "dativ": "Der Dativ ist dem Genitiv sein Tod", "thegame": "The Game",
	"genial": "Genial daneben", "raab": "Schlag den Raab – Das Quiz",
}

// paper lists what to print on which paper, per game.
var paper = map[string]string{
	"labyrinth": "Karten, Einsatzchips, Tippkarten, Figuren und Plättchen auf Karton mit 250–300 g/m² (matt). Die Spielplan-Kacheln auf 120–160 g/m² drucken und auf dünne Pappe kleben; A2 oder A3 im Copyshop auf 170–250 g/m². Die Regeln auf Normalpapier (80 g/m²).",
	"dativ":     "Karten und Ratekarten auf Karton mit 250–300 g/m² (matt), in Farbe: die versteckte Lösung braucht einen Farbdrucker. Die Decoder-Hülle auf 160–250 g/m², damit sie sich sauber falzen lässt. Punktechips auf Karton (oder Münzen nehmen), die Regeln auf Normalpapier.",
	"thegame":   "Die Karten auf Karton mit 250–300 g/m² (matt); sie werden viel gemischt. Die Regeln auf Normalpapier (80 g/m²).",
	"genial":    "Karten, Antwortplättchen und Figuren auf Karton mit 250–300 g/m² (matt). Den Spielplan auf 160–250 g/m² drucken – oder auf Normalpapier und dann auf Pappe kleben. Die Regeln auf Normalpapier.",
	"raab":      "Quiz-, Moderations- und Teamplayer-Karten, Wild Cards, Chips, Aufsteller, Trennkarten, Drehscheibe und Risikoscheiben auf Karton mit 250–300 g/m². Punkteleisten und Landkarten auf 160–200 g/m² (oder auf Normalpapier und dann auf Pappe kleben), das Notizblatt auf Normalpapier zum Kopieren.",
}

// commonSteps are the steps every game's guide begins with.
func commonSteps(game string) []step {
	return []step{
		{Title: "1. Papier", Text: paper[game] + " Im Druckdialog „schweres Papier“ oder „Karton“ wählen, Qualität hoch, immer 100 % (Originalgröße), nie „An Seite anpassen“.",
			Draw: drawPaper, ArtH: 29},
		{Title: "2. Duplex-Test (fünf Minuten, spart viel Karton)", Text: "In beidseitigen Dateien liegt jede Rückseite genau hinter ihrer Vorderseite – wenn der Drucker mitspielt. " +
			"Erst kalibrierung-duplex.pdf so drucken wie die Karten (beidseitig, an der langen Kante wenden, 100 %). Das Blatt gegen das Licht halten: " +
			"Liegt das Kreuz der Rückseite neben dem der Vorderseite, auf dem Hochformat-Blatt an der Skala ablesen, wie weit rechts (X) und unten (Y) es liegt " +
			"(in mm, von vorn gesehen), und mit druckreif build --back-offset X,Y ausgleichen; das Querformat-Blatt zeigt, dass es auch für die Kartenbögen stimmt. Dann ein einziges Kartenblatt drucken, eine Karte ausschneiden und prüfen; erst danach alle.",
			Draw: drawDuplexTest, ArtH: 34},
		{Title: "3. Schneiden", Text: "An den Schnittmarken am Blattrand schneiden: Lineal von Marke zu Marke anlegen und mit Cutter oder Hebelschneider " +
			"jeweils ganz durchschneiden, erst alle Schnitte in der einen Richtung, dann die in der anderen. Der Hintergrund läuft 3 mm über den Schnitt hinaus, " +
			"kleine Abweichungen bleiben unsichtbar. Ecken nach Belieben mit einem Eckenrunder (3 mm) abrunden.",
			Draw: drawCutting, ArtH: 33},
	}
}

// guideSteps are the games' own steps.
var guideSteps = map[string][]step{
	"labyrinth": {
		{Title: "4. Spielfiguren falten", Text: "Jede Figur an den gestrichelten Linien falzen: Vorder- und Rückseite gegeneinander, den Fuß nach hinten umknicken und unter die Rückseite kleben. " +
			"Die Figur steht dann auf ihrem Fuß; Farbe und Zeichen sind von beiden Seiten zu sehen.",
			Draw: drawStandUp, ArtH: 40},
		{Title: "5. Einsatzchips, Tippkarten und Lingutaurus-Plättchen", Text: "Chips und Tippkarten beidseitig drucken (lange Kante), prüfen, ob die Rückseiten hinter den Vorderseiten liegen, " +
			"dann an den Linien ausschneiden; runde Teile gehen mit einem Kreisschneider am saubersten. Karton mit 300 g/m² gibt feste Chips. " +
			"Die Lingutaurus-Plättchen sind einseitig und halten länger, wenn das Blatt vor dem Schneiden auf dünne Pappe geklebt wird.",
			Draw: drawChips, ArtH: 25},
		{Title: "6. Spielplan", Text: "Den Spielplan auf einem A2- oder A3-Bogen im Copyshop drucken lassen oder die A4-Kacheln selbst drucken: " +
			"die Übersichtsseite in spielplan-a4-kacheln.pdf zeigt, welche Kachel (A1 bis C3) wohin gehört. Erst den Balken unter einer Kachel messen: er muss genau 100 mm lang sein. " +
			"Jede Kachel an der gestrichelten Linie gerade ausschneiden; Reihe für Reihe von A1 an jede Kachel mit ihrer linken und oberen Kante auf die Linie am grauen Klebestreifen " +
			"der Nachbarn legen, bis die blauen Marken gerade durchlaufen, dann festkleben und den ganzen Plan auf Pappe ziehen.",
			Draw: drawTiles, ArtH: 30},
	},
	"dativ": {
		{Title: "4. Decoder-Hülle", Text: "Die Hülle in decoder.pdf ausschneiden und beide Fenster heraustrennen. Ein Stück rote Folie (Schnellhefter, Bastelfolie), " +
			"etwas größer als die Fenster von innen über die Fenster kleben. An der Falzlinie falten, die Klebelaschen nach innen falzen und festkleben; oben bleibt die Hülle offen. " +
			"Zum Lesen die Karte von oben einschieben: Ein Fenster liegt über dem Lösungsstreifen der Seite, die zum Vorleser zeigt, durch die Folie wird die Lösung lesbar. " +
			"Die Schritte stehen auch auf dem Bogen selbst.",
			Draw: drawDecoderSleeve, ArtH: 52},
		{Title: "5. Ratekarten und Punktechips", Text: "Die Ratekarten beidseitig drucken (lange Kante): Alle Rückseiten sind gleich, damit niemand sieht, was die anderen legen. " +
			"Die Punktechips einseitig drucken und ausschneiden – oder einfach Münzen nehmen.",
			Draw: drawGuessCards, ArtH: 30},
	},
	"thegame": {
		{Title: "4. Karten", Text: "Die 102 Karten haben eine gemeinsame Rückseite; beim Mischen hilft ein glatter, matter Karton, Kartenhüllen (63,5 × 88 mm) schonen sie. " +
			"Zahlen, die auf dem Kopf als eine andere gelesen werden können (6 und 9, 16 und 91, 68 und 89 …), sind unterstrichen: Der Strich steht immer unter der Zahl.",
			Draw: drawUnderlined, ArtH: 34},
	},
	"genial": {
		{Title: "4. Antwortplättchen", Text: "Beidseitig drucken (lange Kante): Vorne steht a, b oder c, hinten nur die Farbe mit ihrem Zeichen – verdeckt auf das abc-Feld gelegt, " +
			"verrät ein Plättchen nichts. Auf Karton mit 300 g/m² liegen sie gut in der Hand.",
			Draw: drawChips, ArtH: 25},
		{Title: "5. Spielfiguren und Spielplan", Text: "Die Figuren an den gestrichelten Linien falten, den Fuß umknicken und ankleben. Den Spielplan (Punkteleiste und abc-Feld) " +
			"auf Pappe kleben; jede Figur beginnt auf der 0.",
			Draw: drawStandUp, ArtH: 40},
	},
	"raab": {
		{Title: "4. Drehscheibe", Text: "Scheibe und Pfeil ausschneiden, am besten auf Pappe geklebt, und beide Mittelpunkte durchstechen. Den Pfeil auf die Scheibe legen, " +
			"einen Bleistift senkrecht durch beide Löcher stecken und festhalten, den Pfeil anschnippen. Ohne Pfeil: eine Büroklammer um die Bleistiftspitze legen und drehen. " +
			"Der Punktezähler auf dem Handy hat auch eine Drehscheibe.",
			Draw: drawSpinner, ArtH: 50},
		{Title: "5. Risikoscheiben", Text: "Je Farbe ein Unterteil (Einsatz 1, 2, 3) und ein Oberteil ausschneiden; aus dem Oberteil das Fenster heraustrennen. " +
			"Beide Mittelpunkte durchstechen, das Oberteil auf das Unterteil derselben Farbe legen, eine Musterbeutelklammer durch beide stecken und hinten aufbiegen. " +
			"Das Oberteil dreht sich nun, im Fenster steht der Einsatz.",
			Draw: drawRiskDiscs, ArtH: 46},
		{Title: "6. Aufsteller und Anzeiger", Text: "Stefan, Moderation, Spielfiguren und Anzeiger an den gestrichelten Linien falten, den Fuß umknicken und ankleben. " +
			"Die Moderation hat zwei Seiten: für „Blamieren oder Kassieren“ dreht sie die Elton-Seite zu den Spielern.",
			Draw: drawStandUp, ArtH: 40},
		{Title: "7. Trennkarten", Text: "Die Trennkarten ausschneiden, samt Lasche. In einer Schachtel (ein Schuhkarton tut es) steht jede hinter den Quizkarten ihres Spiels; " +
			"die Laschen ragen über die Karten hinaus und wechseln zwischen links und rechts, so bleibt jede lesbar.",
			Draw: drawDividers, ArtH: 40},
		{Title: "8. Chips, Teamplayer-Karten und Wild Cards", Text: "Beidseitig drucken (lange Kante), Rückseiten prüfen, ausschneiden. Die Buchstabenchips liegen verdeckt: alle Rückseiten einer Farbe sind gleich.",
			Draw: drawChips, ArtH: 25},
	},
}

// guidePages lays the steps out on pages: text on the left, the drawing
// on the right, a new page when a step no longer fits.
func guidePages(title string, steps []step, pageW, pageH float64) ([]func(*layout.Canvas) error, error) {
	m := layout.PrintableMargin + 8
	artW := 62.0
	textW := pageW - 2*m - artW - 6
	setter := layout.Setter()
	type placed struct {
		s    step
		body typeset.SetBlock
		y    float64
	}
	var pages [][]placed
	var cur []placed
	y := m + 12
	for _, s := range steps {
		set, err := setter.Fit([]typeset.Block{{Text: s.Text, Size: 9, Min: 9, Hyphenate: true, Source: title + ": " + s.Title}}, textW, 200)
		if err != nil {
			return nil, err
		}
		h := 6 + max(set[0].Height, s.ArtH) + 5
		if y+h > pageH-m && len(cur) > 0 {
			pages, cur, y = append(pages, cur), nil, m+12
		}
		cur = append(cur, placed{s, set[0], y})
		y += h
	}
	pages = append(pages, cur)
	var draws []func(*layout.Canvas) error
	for i, pg := range pages {
		i, pg := i, pg
		draws = append(draws, func(c *layout.Canvas) error {
			head := title
			if len(pages) > 1 {
				head += fmt.Sprintf(" (%d/%d)", i+1, len(pages))
			}
			c.Text(m, m, head, "B", 15, ink, layout.Left)
			for _, p := range pg {
				c.Text(m, p.y, p.s.Title, "B", 11, guideAccent, layout.Left)
				c.Block(p.body, m, p.y+6, textW, ink, layout.Left)
				if p.s.Draw != nil {
					p.s.Draw(c, pageW-m-artW, p.y+4, artW, p.s.ArtH)
				}
			}
			c.Text(c.W/2, c.H-layout.PrintableMargin-4, "druckreif · Bauanleitung · für den privaten Gebrauch neben dem Originalspiel", "", 6.5, raabMuted, layout.Center)
			return nil
		})
	}
	return draws, nil
}

var (
	guideAccent = layout.RGB(21, 101, 192)
	guideFill   = layout.RGB(227, 238, 250)
	glueColour  = layout.RGB(255, 224, 130)
)

// arrow draws a line with an arrow head at its end.
func arrow(c *layout.Canvas, x1, y1, x2, y2 float64, col layout.Color) {
	c.Line(x1, y1, x2, y2, 0.4, col)
	a := math.Atan2(y2-y1, x2-x1)
	const l, w = 2.2, 0.45
	c.Polygon(col, x2, y2, x2-l*math.Cos(a-w), y2-l*math.Sin(a-w), x2-l*math.Cos(a+w), y2-l*math.Sin(a+w))
}

func label(c *layout.Canvas, x, y float64, s string, align layout.Align) {
	c.Text(x, y, s, "", 6.5, raabMuted, align)
}

func drawPaper(c *layout.Canvas, x, y, w, h float64) {
	// A stack of card stock and a sheet of plain paper.
	for i := 3; i >= 0; i-- {
		d := float64(i) * 1.6
		c.Rect(x+4+d, y+1+d, 24, 24, layout.RGB(250, 250, 250))
		outline(c, x+4+d, y+1+d, 24, 24, 0.3, 0.3, ink)
	}
	c.Mark(x+16, y+13, 0, "250–300", "B", 7, ink)
	c.Mark(x+16, y+17, 0, "g/m²", "", 6.5, ink)
	c.Rect(x+38, y+5, 20, 24, layout.White)
	outline(c, x+38, y+5, 20, 24, 0.3, 0.2, raabMuted)
	for i := 0; i < 6; i++ {
		c.Line(x+41, y+10+float64(i)*3, x+55, y+10+float64(i)*3, 0.2, raabMuted)
	}
	label(c, x+16, y+h+1.5, "Karton: Karten, Chips", layout.Center)
	label(c, x+48, y+h+1.5, "80 g/m²: Regeln", layout.Center)
}

func cross(c *layout.Canvas, cx, cy, r, width float64, col layout.Color) {
	c.Line(cx-r, cy, cx+r, cy, width, col)
	c.Line(cx, cy-r, cx, cy+r, width, col)
	c.Circle(cx, cy, r/2, layout.Color{}, col, width)
}

func drawDuplexTest(c *layout.Canvas, x, y, w, h float64) {
	// The sheet against the light: the front's cross and the back's cross,
	// shifted, with the scale to read the shift off.
	c.Rect(x+2, y+2, 36, h-6, layout.RGB(255, 252, 235))
	outline(c, x+2, y+2, 36, h-6, 0.3, 0.3, ink)
	cx, cy := x+20, y+h/2-1
	cross(c, cx, cy, 7, 0.35, ink)
	cross(c, cx+2.5, cy+1.5, 7, 0.35, guideAccent)
	for i := -4; i <= 4; i++ {
		l := 1.0
		if i%2 == 0 {
			l = 2
		}
		c.Line(cx+float64(i)*1.5, cy+10, cx+float64(i)*1.5, cy+10+l, 0.2, guideAccent)
	}
	// The lamp behind the sheet.
	c.Circle(x+50, y+9, 4, layout.RGB(255, 235, 130), ink, 0.3)
	for _, a := range []float64{200, 220, 240} {
		r := a * math.Pi / 180
		arrow(c, x+50+5*math.Cos(r), y+9-5*math.Sin(r), x+50+11*math.Cos(r), y+9-11*math.Sin(r), raabMuted)
	}
	label(c, x+50, y+20, "gegen das Licht", layout.Center)
	label(c, x+50, y+24, "blau: Rückseite", layout.Center)
	label(c, x+50, y+28, "→ --back-offset", layout.Center)
}

func drawCutting(c *layout.Canvas, x, y, w, h float64) {
	// A sheet of cards with its crop marks and a ruler laid from mark to
	// mark.
	sx, sy, sw, sh := x+2, y+1, 56.0, 27.0
	c.Rect(sx, sy, sw, sh, layout.White)
	outline(c, sx, sy, sw, sh, 0.3, 0.3, raabMuted)
	const cols, rows = 4, 2
	cw, ch := 10.5, 10.5
	gx, gy := sx+(sw-cols*cw)/2, sy+(sh-rows*ch)/2
	c.Rect(gx-0.8, gy-0.8, cols*cw+1.6, rows*ch+1.6, guideFill)
	for i := 0; i <= cols; i++ {
		x := gx + float64(i)*cw
		c.Line(x, sy+0.5, x, gy-1.5, 0.25, ink)
		c.Line(x, gy+rows*ch+1.5, x, sy+sh-0.5, 0.25, ink)
		c.Line(x, gy, x, gy+rows*ch, 0.15, layout.RGB(160, 180, 210))
	}
	for j := 0; j <= rows; j++ {
		y := gy + float64(j)*ch
		c.Line(sx+0.5, y, gx-1.5, y, 0.25, ink)
		c.Line(gx+cols*cw+1.5, y, sx+sw-0.5, y, 0.25, ink)
		c.Line(gx, y, gx+cols*cw, y, 0.15, layout.RGB(160, 180, 210))
	}
	// The ruler along the second cut.
	rx := gx + cw
	c.Rect(rx+0.3, sy-1, 3, sh+2, layout.RGB(240, 200, 120))
	outline(c, rx+0.3, sy-1, 3, sh+2, 0.3, 0.25, ink)
	c.DashedLine(rx, sy-2, rx, sy+sh+2, 0.35, layout.RGB(198, 40, 40))
	label(c, rx-1, sy+sh+4.5, "Lineal von Marke zu Marke", layout.Left)
}

func drawStandUp(c *layout.Canvas, x, y, w, h float64) {
	// The flat piece with its three panels, and the folded figure beside it.
	const pw, panel, base = 12.0, 14.0, 10.0
	px, py := x+3, y+1
	col := pieces0()
	c.Rect(px, py, pw, panel, col)
	c.Rect(px, py+panel, pw, panel, col)
	c.Rect(px, py+2*panel, pw, base, col.Tint(0.6))
	c.Circle(px+pw/2, py+panel/2, 3.5, layout.White, layout.Color{}, 0)
	c.Circle(px+pw/2, py+panel*1.5, 3.5, layout.White, layout.Color{}, 0)
	c.DashedLine(px-1.5, py+panel, px+pw+1.5, py+panel, 0.3, ink)
	c.DashedLine(px-1.5, py+2*panel, px+pw+1.5, py+2*panel, 0.3, ink)
	outline(c, px, py, pw, 2*panel+base, 0.2, 0.25, ink)
	label(c, px+pw+2.5, py+panel+1, "falzen", layout.Left)
	label(c, px+pw+2.5, py+2*panel+1, "falzen", layout.Left)
	label(c, px+pw/2, py+2*panel+base/2-1.2, "Fuß", layout.Center)
	// Folded, seen from the side: the two panels meet at the top, the
	// foot runs under the back panel and is glued there.
	fx, fy := x+44, y+4
	top, bottom := fx, fy
	c.Polyline(0.8, col, top-4, bottom+28, top, bottom, top+4, bottom+28)
	c.Line(top+4, bottom+28, top-4+0.4, bottom+28, 1.4, glueColour)
	c.Line(top+4, bottom+28, top-4+0.4, bottom+28, 0.3, ink)
	arrow(c, fx+9, fy+22, fx+5.5, fy+26.5, raabMuted)
	label(c, fx+9.5, fy+21, "Fuß ankleben", layout.Left)
	c.Line(fx-12, bottom+28.6, fx+12, bottom+28.6, 0.3, raabMuted)
	label(c, fx, bottom+31, "von der Seite", layout.Center)
}

// pieces0 is the colour the drawings show pieces in.
func pieces0() layout.Color { return layout.RGB(25, 118, 210) }

func drawChips(c *layout.Canvas, x, y, w, h float64) {
	col := pieces0()
	// Front and back of a chip, and the cut line followed round.
	c.Circle(x+9, y+10, 8, col, layout.Color{}, 0)
	c.Circle(x+9, y+10, 5.2, layout.White, layout.Color{}, 0)
	c.Mark(x+9, y+10, 0, "3", "B", 12, ink)
	c.Circle(x+27, y+10, 8, col, layout.Color{}, 0)
	c.Mark(x+27, y+10, 0, "■", "B", 10, layout.White)
	label(c, x+9, y+20, "vorne", layout.Center)
	label(c, x+27, y+20, "hinten", layout.Center)
	c.Circle(x+51, y+10, 8, layout.White, raabMuted, 0.3)
	arrow(c, x+51+8*math.Cos(-0.6), y+10-8*math.Sin(-0.6), x+51+8*math.Cos(-1.3), y+10-8*math.Sin(-1.3), ink)
	label(c, x+51, y+20, "an der Linie", layout.Center)
}

// drawTiles draws the tiles as spielplan-a4-kacheln.pdf cuts them: the A2
// board in three columns A–C and three rows 1–3 of equal tiles cut along
// straight lines, the glue strips beyond every right and bottom seam, and
// beside it one seam close up, the alignment mark running on across it.
func drawTiles(c *layout.Canvas, x, y, w, h float64) {
	const boardW, boardH = 420.0, 594.0 // the A2 board, mm
	const strip = 10.0                  // the glue strip, mm
	s := (h - 4) / boardH
	bx, by := x+4, y+1
	tw, th := boardW/3*s, boardH/3*s
	c.Rect(bx, by, boardW*s, boardH*s, layout.White)
	c.Circle(bx+boardW/2*s, by+(12+195)*s, 195*s, layout.RGB(243, 233, 212), layout.Color{}, 0)
	for r := 0; r < 3; r++ {
		for col := 0; col < 3; col++ {
			tx, ty := bx+float64(col)*tw, by+float64(r)*th
			if col < 2 {
				c.Rect(tx+tw, ty, strip*s, th, glueColour)
			}
			if r < 2 {
				c.Rect(tx, ty+th, tw, strip*s, glueColour)
			}
			c.Mark(tx+tw/2, ty+th/2, 0, fmt.Sprintf("%c%d", 'A'+col, r+1), "B", 6.5, raabMuted)
		}
	}
	for k := 1; k < 3; k++ {
		c.Line(bx+float64(k)*tw, by, bx+float64(k)*tw, by+boardH*s, 0.3, ink)
		c.Line(bx, by+float64(k)*th, bx+boardW*s, by+float64(k)*th, 0.3, ink)
	}
	outline(c, bx, by, boardW*s, boardH*s, 0, 0.3, ink)
	label(c, bx, y+h+0.5, "gelb: Klebestreifen", layout.Left)

	// One seam close up: B2 with its strip, C2 laid on it, the alignment
	// mark running on across the seam.
	dx, dy := bx+boardW*s+14, y+3
	const dw, dh = 22.0, 20.0
	seam := dx + dw/2
	c.Rect(dx, dy, dw/2, dh, layout.RGB(243, 233, 212))
	c.Rect(seam, dy, 3.5, dh, glueColour)
	c.Rect(seam+1.2, dy-1, dw/2, dh+2, layout.White)
	outline(c, seam+1.2, dy-1, dw/2, dh+2, 0, 0.3, ink)
	c.Line(seam, dy, seam, dy+dh, 0.3, ink)
	mark := layout.RGB(0, 60, 160)
	c.Line(seam-5, dy+dh/2, seam+1.2+5, dy+dh/2, 0.35, mark)
	c.Circle(seam+0.6, dy+dh/2, 2, layout.Color{}, mark, 0.35)
	c.Mark(dx+dw/4, dy+4, 0, "B2", "B", 7, raabMuted)
	c.Mark(seam+1.2+dw/4, dy+4, 0, "C2", "B", 7, raabMuted)
	arrow(c, seam+1.2+dw/2-1.5, dy+dh-3, seam+2, dy+dh-3, ink)
	label(c, dx+dw/2, y+h+0.5, "Marken: eine Linie", layout.Center)
}

func drawDecoderSleeve(c *layout.Canvas, x, y, w, h float64) {
	// The net as decoder.pdf prints it: the front panel above the fold, the
	// back panel below it (upside down), each with a window where the
	// card's solution band lies, glue flaps on the back panel's long sides;
	// beside it the folded sleeve with the card going in from the top.
	const pw, ph, flap = 16.0, 20.0, 3.0
	px, py := x+flap+1, y+1
	film := layout.RGB(229, 57, 53)
	c.Rect(px, py, pw, 2*ph, layout.White)
	// The windows: low on the front, and high on the back, which hangs
	// upside down.
	c.Rect(px+2, py+ph*0.6, pw-4, ph*0.3, film.Tint(0.35))
	c.Rect(px+2, py+ph+ph*0.1, pw-4, ph*0.3, film.Tint(0.35))
	c.Polygon(glueColour, px, py+ph+1.5, px-flap, py+ph+3.5, px-flap, py+2*ph-1.5, px, py+2*ph)
	c.Polygon(glueColour, px+pw, py+ph+1.5, px+pw+flap, py+ph+3.5, px+pw+flap, py+2*ph-1.5, px+pw, py+2*ph)
	outline(c, px, py, pw, 2*ph, 0.2, 0.25, ink)
	c.DashedLine(px-flap, py+ph, px+pw+flap, py+ph, 0.3, ink)
	c.DashedLine(px, py+ph, px, py+2*ph, 0.25, raabMuted)
	c.DashedLine(px+pw, py+ph, px+pw, py+2*ph, 0.25, raabMuted)
	label(c, px+pw/2, py+2, "vorne", layout.Center)
	label(c, px+pw/2, py+2*ph-4.5, "hinten", layout.Center)
	label(c, px+pw+flap+1, py+ph*0.6, "Fenster", layout.Left)
	label(c, px+pw+flap+1, py+ph-1.2, "falzen", layout.Left)
	label(c, x, py+2*ph+2.5, "gelb: Klebelaschen", layout.Left)
	// Folded, with the card going in from the top.
	fx, fy := x+w-16, y+h-26
	c.Rect(fx+1.5, fy-13, 12, 19, layout.RGB(21, 101, 192).Tint(0.3))
	outline(c, fx+1.5, fy-13, 12, 19, 0.2, 0.2, ink)
	c.Rect(fx, fy, 15, 22, layout.White)
	c.Rect(fx+2, fy+13, 11, 6.5, film.Tint(0.35))
	outline(c, fx, fy, 15, 22, 0.2, 0.3, ink)
	arrow(c, fx+7.5, fy-18, fx+7.5, fy-10, ink)
	label(c, fx-1, fy-16, "Karte", layout.Right)
	label(c, fx+7.5, fy+25, "gefaltet", layout.Center)
}

func drawGuessCards(c *layout.Canvas, x, y, w, h float64) {
	card := func(cx float64, fill layout.Color, mark string) {
		c.RoundRect(cx, y+2, 14, 20, 1.5, fill, layout.Color{}, 0)
		c.Mark(cx+7, y+11, 0, mark, "B", 16, layout.White)
	}
	card(x+2, raabGreen, "✔")
	card(x+18, layout.RGB(198, 40, 40), "✘")
	card(x+40, layout.RGB(70, 70, 90), "?")
	label(c, x+17, y+26, "vorne", layout.Center)
	label(c, x+47, y+26, "alle hinten gleich", layout.Center)
}

func drawUnderlined(c *layout.Canvas, x, y, w, h float64) {
	card := func(cx float64, deg float64) {
		c.RoundRect(cx, y+2, 20, 28, 2, layout.White, layout.RGB(67, 160, 71), 0.6)
		c.Rotated(deg, cx+10, y+16, func() {
			c.Mark(cx+10, y+15, 0, "6", "B", 30, layout.RGB(67, 160, 71))
			c.Rect(cx+6.5, y+21.5, 7, 1.2, layout.RGB(67, 160, 71))
		})
	}
	card(x+6, 0)
	card(x+34, 180)
	label(c, x+16, y+h, "6", layout.Center)
	label(c, x+44, y+h, "6 auf dem Kopf – keine 9", layout.Center)
}

func drawSpinner(c *layout.Canvas, x, y, w, h float64) {
	// Exploded: the arrow above the disc, a pencil through both centres.
	cx, cy := x+w/2-4, y+h-16
	rx, ry := 24.0, 9.0 // the disc seen at an angle
	pts := []float64{}
	for a := 0.0; a < 2*math.Pi; a += math.Pi / 36 {
		pts = append(pts, cx+rx*math.Cos(a), cy+ry*math.Sin(a))
	}
	c.Polygon(layout.RGB(255, 224, 178), pts...)
	for k := 0; k < 8; k++ {
		a := float64(k) * math.Pi / 4
		c.Line(cx, cy, cx+rx*math.Cos(a), cy+ry*math.Sin(a), 0.3, layout.White)
	}
	c.Polyline(0.4, raabOrange, append(pts, pts[0], pts[1])...)
	// The arrow, lifted above the disc.
	ay := cy - 16
	c.Polygon(raabHost, cx-10, ay-1.2, cx+12, ay-1.2, cx+12, ay-3, cx+17, ay, cx+12, ay+3, cx+12, ay+1.2, cx-10, ay+1.2)
	// The pencil, upright through both holes.
	c.Rect(cx-1, cy-28, 2, 36, layout.RGB(250, 200, 60))
	c.Polygon(layout.RGB(240, 220, 180), cx-1, cy+8, cx+1, cy+8, cx, cy+11)
	c.Circle(cx, cy, 1.2, layout.White, ink, 0.3)
	arrow(c, cx+19, ay+6, cx+14, ay+2, raabMuted)
	label(c, cx+19, ay+9, "anschnippen", layout.Left)
	label(c, cx-3, cy-30, "Bleistift", layout.Right)
}

func drawRiskDiscs(c *layout.Canvas, x, y, w, h float64) {
	col := raabRed.Col
	// The lower disc, the upper disc with its window beside it, and the
	// split pin that joins them.
	bx, by := x+12, y+h/2+3
	c.Circle(bx, by, 11.5, col.Tint(0.75), layout.Color{}, 0)
	for k := 0; k < 3; k++ {
		a := float64(k) * 2 * math.Pi / 3
		px, py := polar(bx, by, 7.5, a)
		c.Mark(px, py, -deg(a), fmt.Sprint(k+1), "B", 9, ink)
	}
	centreMark(c, bx, by, ink)
	tx, ty := x+38, by
	c.Circle(tx, ty, 11, col, layout.Color{}, 0)
	win := wedgePoints(tx, ty, 3.5, 10.2, -0.5, 0.5)
	c.Polygon(layout.White, win...)
	c.Text(tx, ty+4, "EINSATZ", "B", 4.5, layout.White, layout.Center)
	centreMark(c, tx, ty, ink)
	arrow(c, tx-6, ty-15, bx+5, ty-15, raabMuted)
	label(c, (tx+bx)/2, ty-20.5, "Oberteil auflegen", layout.Center)
	label(c, bx, by+13, "Unterteil", layout.Center)
	label(c, tx, by+13, "Oberteil", layout.Center)
	// The split pin.
	px, py := x+w-4, y+4
	c.Circle(px, py, 1.8, layout.RGB(200, 160, 60), ink, 0.25)
	c.Polyline(0.5, layout.RGB(200, 160, 60), px-0.6, py+1.8, px-0.6, py+13, px-2.3, py+15)
	c.Polyline(0.5, layout.RGB(200, 160, 60), px+0.6, py+1.8, px+0.6, py+13, px+2.3, py+15)
	label(c, px, py+19, "Klammer", layout.Center)
}

func drawDividers(c *layout.Canvas, x, y, w, h float64) {
	// A box seen from the front: the front card, and above the cards the
	// dividers' tabs behind it, left and right in turn.
	const bw, bh, tabW, tabH = 40.0, 22.0, 18.0, 5.0
	bx, by := x+4, y+h-bh-5
	names := []string{"1–5", "6–10", "11–14", "15–17"}
	for i := len(names) - 1; i >= 0; i-- {
		d := float64(i) * 1.6 // the farther back, the higher
		tx := bx + 1
		if i%2 == 1 {
			tx = bx + bw - 1 - tabW
		}
		ty := by - tabH - d
		c.Rect(tx, ty, tabW, tabH+d+1, raabOrange.Tint(float64(i)*0.15))
		outline(c, tx, ty, tabW, tabH+d+1, 0.2, 0.2, ink)
		c.Mark(tx+tabW/2, ty+2.3, 0, names[i], "B", 6, layout.White)
	}
	c.Rect(bx+1, by-1.5, bw-2, bh, layout.White) // the front card
	outline(c, bx+1, by-1.5, bw-2, bh, 0.5, 0.2, raabMuted)
	c.Rect(bx, by+3, bw, bh-3, layout.RGB(190, 160, 120)) // the box's front wall
	outline(c, bx, by+3, bw, bh-3, 0.3, 0.3, ink)
	label(c, bx+bw/2, by+bh+3.5, "Laschen über den Karten, links und rechts im Wechsel", layout.Center)
}
