package components

import (
	"fmt"
	"math"
	"strings"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/pieces"
	"druckreif/layout/typeset"
)

// The two sides of Schlag den Raab: the candidates play red, Stefan blue
// (the rulebook); each also has a symbol, so they are told apart without
// colour.
type raabSide struct {
	Team   string // "Kandidaten", "Stefan"
	Colour string // "Rot", "Blau"
	Col    layout.Color
	Symbol string
}

var (
	raabRed    = raabSide{"Kandidaten", "Rot", pieces.Players[0].Colour, pieces.Players[0].Symbol}
	raabBlue   = raabSide{"Stefan", "Blau", pieces.Players[1].Colour, pieces.Players[1].Symbol}
	raabSides  = []raabSide{raabRed, raabBlue}
	raabGrey   = layout.RGB(117, 117, 117) // the round indicator and the host's die
	raabGreySy = "◆"
	raabOrange = layout.RGB(245, 124, 0) // the quiz cards' corner
	raabGreen  = layout.RGB(46, 125, 50)
	raabMuted  = layout.RGB(90, 90, 90)
	raabHost   = layout.RGB(66, 66, 66)
	raabElton  = layout.RGB(0, 121, 107) // Elton's side of the host stand-up
)

// Raab returns the punch-out sheets and pages of Schlag den Raab – Das
// Quiz: chips and cards, stand-ups and tokens, sorting strips (sheets);
// the score track of the single games, the total-points and round track,
// the risk discs, the game-selection spinner and the notes template
// (pages). The spinner and the sorting strips follow the mini-games that
// have cards, as SortStrips lists them: all the parts read of the decks
// (the build keys them by it).
func Raab(strips []SortStrip) ([]Sheet, []Page) {
	sheets := []Sheet{
		{Name: "chips-karten", Title: "Schlag den Raab – Buchstabenchips, Stimmt’s?-Chips, Teamplayer-Karten und Wild Cards",
			Notes:  "Beidseitig drucken (lange Kante), am besten auf Karton. ● Rot = Kandidaten, ■ Blau = Stefan. Chips und Karten ausschneiden.",
			Pieces: raabChipsAndCards()},
		{Name: "figuren", Title: "Schlag den Raab – Aufsteller, Spielfiguren, Anzeiger und Würfelmarken",
			Notes:  "Einseitig auf Karton drucken. Am Kopf falten, Vorder- und Rückseite gegeneinander kleben, die beiden Füße nach vorn und hinten knicken.",
			Pieces: raabFigures()},
	}
	if dividers := raabSortingPieces(strips); len(dividers) > 0 {
		sheets = append(sheets, Sheet{Name: "sortierstreifen", Title: "Schlag den Raab – Sortierstreifen (Trennkarten)",
			Notes:  "Einseitig auf Karton drucken. Je Spiel eine Trennkarte mit den Kartennummern (orange Ecke der Quizkarten); hinter die Karten ihres Spiels stellen.",
			Pieces: dividers})
	}
	segments := spinnerSegments(strips)
	pages := []Page{
		{Name: "punkteleiste-einzelspiele", Title: "Punkteleiste 0–10 für die Einzelspiele (Startfelder 0, 3, 4 markiert)",
			Draw: []func(*layout.Canvas) error{raabScoreTrack}},
		{Name: "gesamtpunkte-runden", Title: "Gesamtpunkte 0–120 (Siegmarken 8, 28, 61) und Rundenanzeiger Spiel 1–15",
			Draw: []func(*layout.Canvas) error{raabTotalTrack}},
		{Name: "risikoscheiben", Title: "Zwei Risikoscheiben (Einsatz 1, 2, 3) zum Zusammenbauen",
			Draw: []func(*layout.Canvas) error{raabRiskDiscs}},
		{Name: "drehscheibe", Title: fmt.Sprintf("Drehscheibe zur Spielauswahl (%d Spiele) mit Pfeil", len(segments)),
			Draw: []func(*layout.Canvas) error{func(c *layout.Canvas) error { return raabSpinner(c, segments) }}},
		{Name: "notizblatt", Title: "Notizblatt für die Moderation (zum Kopieren)",
			Draw: []func(*layout.Canvas) error{raabNotes}},
	}
	return sheets, pages
}

// ---------------------------------------------------------------- helpers

// fitText sets s into a box of w × h mm, shrinking from size down to min.
func fitText(c *layout.Canvas, s, style string, size, minSize, w, h float64) (typeset.SetBlock, bool) {
	set, err := c.Setter.Fit([]typeset.Block{{Text: s, Style: style, Size: size, Min: minSize, Hyphenate: true, Leading: 1.15}}, w, h)
	if err != nil {
		c.Fail(fmt.Errorf("%q (%.0f × %.0f mm): %w", s, w, h, err))
		return typeset.SetBlock{}, false
	}
	return set[0], true
}

// textBox draws s wrapped into the box, from its top; it returns the height
// used.
func textBox(c *layout.Canvas, s, style string, size, minSize, x, y, w, h float64, col layout.Color, align layout.Align) float64 {
	sb, ok := fitText(c, s, style, size, minSize, w, h)
	if !ok {
		return 0
	}
	c.Block(sb, x, y, w, col, align)
	return sb.Height
}

// textMid draws s wrapped into the box, centred vertically.
func textMid(c *layout.Canvas, s, style string, size, minSize, x, y, w, h float64, col layout.Color, align layout.Align) {
	sb, ok := fitText(c, s, style, size, minSize, w, h)
	if !ok {
		return
	}
	c.Block(sb, x, y+(h-sb.Height)/2, w, col, align)
}

// fitLine returns the largest size from size down to min at which s fits
// width on one line (min if none does).
func fitLine(c *layout.Canvas, s, style string, size, minSize, width float64) float64 {
	for ; size > minSize; size -= 0.25 {
		if c.TextWidth(s, style, size) <= width {
			return size
		}
	}
	return minSize
}

// pageHead sets a page's title and explanation and returns the y below.
func pageHead(c *layout.Canvas, title, sub string) float64 {
	m := layout.PrintableMargin
	c.Text(c.W/2, m+1, title, "B", 14, ink, layout.Center)
	y := m + 8
	if sub != "" {
		y += textBox(c, sub, "", 8, 6.5, m+4, y, c.W-2*m-8, 14, raabMuted, layout.Center)
	}
	return y + 3
}

// polar is the point at radius r and angle a (radians, clockwise from
// north) around (cx, cy).
func polar(cx, cy, r, a float64) (float64, float64) {
	return cx + r*math.Sin(a), cy - r*math.Cos(a)
}

// arcPoints are points along an arc from a0 to a1, at most 2° apart.
func arcPoints(cx, cy, r, a0, a1 float64) []float64 {
	n := int(math.Ceil(math.Abs(a1-a0)/(math.Pi/90))) + 1
	xy := make([]float64, 0, 2*(n+1))
	for i := 0; i <= n; i++ {
		x, y := polar(cx, cy, r, a0+(a1-a0)*float64(i)/float64(n))
		xy = append(xy, x, y)
	}
	return xy
}

// wedgePoints outline a ring sector from a0 to a1 between r0 and r1 (r0 = 0:
// a pie slice).
func wedgePoints(cx, cy, r0, r1, a0, a1 float64) []float64 {
	xy := arcPoints(cx, cy, r1, a0, a1)
	if r0 <= 0 {
		return append(xy, cx, cy)
	}
	inner := arcPoints(cx, cy, r0, a1, a0)
	return append(xy, inner...)
}

func deg(a float64) float64 { return a * 180 / math.Pi }

// outline strokes a rounded rectangle with round joins. (Canvas.RoundRect
// closes its path on its own start point, and the miter join there draws
// a spike at the top left corner with thick lines.)
func outline(c *layout.Canvas, x, y, w, h, r, width float64, col layout.Color) {
	q := math.Pi / 2
	var xy []float64
	xy = append(xy, arcPoints(x+r, y+r, r, 3*q, 4*q)...)
	xy = append(xy, arcPoints(x+w-r, y+r, r, 0, q)...)
	xy = append(xy, arcPoints(x+w-r, y+h-r, r, q, 2*q)...)
	xy = append(xy, arcPoints(x+r, y+h-r, r, 2*q, 3*q)...)
	c.Polyline(width, col, append(xy, xy[0], xy[1])...)
}

// centreMark is the mark for the hole of a split pin or pencil.
func centreMark(c *layout.Canvas, cx, cy float64, col layout.Color) {
	c.Circle(cx, cy, 2.2, layout.White, col, 0.3)
	c.Line(cx-3.5, cy, cx+3.5, cy, 0.25, col)
	c.Line(cx, cy-3.5, cx, cy+3.5, 0.25, col)
}

// person is a neutral pictogram of a person (head and shoulders) of size s
// centred on (cx, cy).
func person(c *layout.Canvas, cx, cy, s float64, col layout.Color) {
	c.Circle(cx, cy-s*0.2, s*0.2, col, layout.Color{}, 0)
	c.Clip(cx-s/2, cy-s*0.02, s, s*0.52, func() {
		c.Circle(cx, cy+s*0.5, s*0.42, col, layout.Color{}, 0)
	})
}

// microphone is the host's pictogram: a microphone on a stand.
func microphone(c *layout.Canvas, cx, cy, s float64, col layout.Color) {
	w := s * 0.26
	c.RoundRect(cx-w/2, cy-s*0.48, w, s*0.5, w/2, col, layout.Color{}, 0)
	c.Arc(cx, cy-s*0.12, s*0.24, math.Pi/2, 3*math.Pi/2, s*0.05, col)
	c.Line(cx, cy+s*0.12, cx, cy+s*0.36, s*0.05, col)
	c.Line(cx-s*0.17, cy+s*0.38, cx+s*0.17, cy+s*0.38, s*0.06, col)
}

// ------------------------------------------------ chips and two-sided cards

// raabChipsAndCards are the two-sided pieces: 8 letter chips A–D (red and
// blue; all backs of a colour alike, since chips are laid face down), the
// 2 "Stimmt's?" chips (check mark / X), 4 Teamplayer cards (team side /
// audience side) and Stefan's 3 Wild Cards.
func raabChipsAndCards() []pieces.Piece {
	var out []pieces.Piece
	for _, s := range raabSides {
		for _, l := range []string{"A", "B", "C", "D"} {
			out = append(out, letterChip(s, l))
		}
	}
	for _, s := range raabSides {
		out = append(out, stimmtsChip(s))
	}
	for i := 1; i <= 4; i++ {
		out = append(out, teamplayerCard(i))
	}
	for i := 1; i <= 3; i++ {
		out = append(out, wildCard(i))
	}
	return out
}

const letterChipD, stimmtsChipD = 20.0, 26.0

func letterChip(s raabSide, l string) pieces.Piece {
	const d = letterChipD
	return pieces.Piece{Name: "Buchstabenchip " + s.Colour + " " + l, W: d, H: d, Round: true, Edge: s.Col, BackEdge: s.Col,
		Front: func(c *layout.Canvas) {
			c.Circle(d/2, d/2, d/2, s.Col, layout.Color{}, 0)
			c.Circle(d/2, d/2, d/2-3, layout.White, layout.Color{}, 0)
			c.Mark(d/2, d/2, 0, l, "B", 27, s.Col)
			c.Mark(d/2, 1.5, 0, s.Symbol, "B", 7, layout.White)
		},
		Back: func(c *layout.Canvas) {
			c.Circle(d/2, d/2, d/2, s.Col, layout.Color{}, 0)
			c.Mark(d/2, d/2-1.2, 0, s.Symbol, "B", 20, layout.White)
			c.Glyph(d/2, d/2+5.6, 0, s.Team, "B", 5, layout.White)
		}}
}

func stimmtsChip(s raabSide) pieces.Piece {
	const d = stimmtsChipD
	side := func(mark string, markCol layout.Color, label string) func(c *layout.Canvas) {
		return func(c *layout.Canvas) {
			c.Circle(d/2, d/2, d/2, s.Col, layout.Color{}, 0)
			c.Circle(d/2, d/2, d/2-3, layout.White, layout.Color{}, 0)
			c.Mark(d/2, d/2-1.6, 0, mark, "B", 32, markCol)
			c.Glyph(d/2, d/2+6.4, 0, label, "B", 5.5, markCol)
			c.Mark(d/2, 1.5, 0, s.Symbol, "B", 7, layout.White)
		}
	}
	return pieces.Piece{Name: "Stimmt’s?-Chip " + s.Colour, W: d, H: d, Round: true, Edge: s.Col, BackEdge: s.Col,
		Front: side("✔", raabGreen, "stimmt"),
		Back:  side("✘", layout.Black, "stimmt nicht")}
}

const cardW, cardH = 50.0, 70.0

func teamplayerCard(i int) pieces.Piece {
	col := raabRed.Col
	return pieces.Piece{Name: fmt.Sprintf("Teamplayer-Karte %d", i), W: cardW, H: cardH, Corner: 2.5, Edge: col, BackEdge: layout.White,
		Front: func(c *layout.Canvas) {
			c.RoundRect(0, 0, cardW, cardH, 2.5, col, layout.Color{}, 0)
			c.Text(cardW/2, 3.5, "TEAMPLAYER", "B", 12, layout.White, layout.Center)
			c.Text(cardW/2, 9.5, "Teamseite", "", 7.5, layout.White, layout.Center)
			c.Circle(cardW/2, 26, 9.5, layout.White, layout.Color{}, 0)
			person(c, cardW/2, 26.5, 14, col)
			c.Mark(4, 4.5, 0, raabRed.Symbol, "B", 8, layout.White)
			textMid(c, "Ich kann für das Team gegen Stefan antreten.", "B", 8, 6.5, 4, 37, cardW-8, 12, layout.White, layout.Center)
			c.RoundRect(3, 52, cardW-6, 14.5, 1.5, layout.White, layout.Color{}, 0)
			c.Text(5, 53.2, "Name", "", 5.5, raabMuted, layout.Left)
			c.Line(5, 63.5, cardW-5, 63.5, 0.2, raabMuted)
		},
		Back: func(c *layout.Canvas) {
			c.RoundRect(0, 0, cardW, cardH, 2.5, layout.White, layout.Color{}, 0)
			outline(c, 1, 1, cardW-2, cardH-2, 1.8, 2, col)
			c.Text(cardW/2, 3.5, "PUBLIKUM", "B", 12, col, layout.Center)
			c.Text(cardW/2, 9.5, "Publikumsseite", "", 7.5, ink, layout.Center)
			for k, dx := range []float64{-10, 0, 10} {
				s := 9.0
				if k == 1 {
					s = 11
				}
				person(c, cardW/2+dx, 25-s*0.1, s, col.Tint(0.35))
			}
			c.Mark(4, 4.5, 0, raabRed.Symbol, "B", 8, col)
			textMid(c, "Ich habe schon gespielt – jetzt anfeuern!", "B", 8, 6.5, 4, 33, cardW-8, 12, ink, layout.Center)
			textMid(c, "Erst wenn alle Kandidaten einmal gespielt haben, drehen alle ihre Karte wieder auf die Teamseite.",
				"", 6.5, 5.5, 4, 46, cardW-8, 20, raabMuted, layout.Center)
		}}
}

func wildCard(i int) pieces.Piece {
	col := raabBlue.Col
	return pieces.Piece{Name: fmt.Sprintf("Wild Card %d", i), W: cardW, H: cardH, Corner: 2.5, Edge: layout.White, BackEdge: col,
		Front: func(c *layout.Canvas) {
			c.RoundRect(0, 0, cardW, cardH, 2.5, layout.White, layout.Color{}, 0)
			outline(c, 1, 1, cardW-2, cardH-2, 1.8, 2, col)
			c.Rect(1, 1, cardW-2, 13, col)
			c.Text(cardW/2, 2.8, "WILD CARD", "B", 13, layout.White, layout.Center)
			c.Text(cardW/2, 8.9, raabBlue.Symbol+" Stefan", "B", 7, layout.White, layout.Center)
			textBox(c, "Stefan bestimmt statt des gewählten Kandidaten einen anderen – nur unter denen, deren Karte die Teamseite zeigt.",
				"", 7.5, 6, 4, 18, cardW-8, 27, ink, layout.Center)
			textBox(c, "Danach kommt diese Karte aus dem Spiel.", "B", 7.5, 6, 4, 46, cardW-8, 9, ink, layout.Center)
			c.Line(4, 57, cardW-4, 57, 0.2, col.Tint(0.4))
			c.Text(cardW/2, 58.5, "Wild Cards je Spiellänge:", "", 6, raabMuted, layout.Center)
			c.Text(cardW/2, 61.8, "Ratzfatz 1 · Medium 2 · Showtime 3", "", 6, raabMuted, layout.Center)
		},
		Back: func(c *layout.Canvas) {
			c.RoundRect(0, 0, cardW, cardH, 2.5, col, layout.Color{}, 0)
			outline(c, 3, 3, cardW-6, cardH-6, 1.5, 0.6, layout.White)
			c.Mark(cardW/2, 25, 0, raabBlue.Symbol, "B", 40, layout.White)
			c.Text(cardW/2, 40, "WILD", "B", 14, layout.White, layout.Center)
			c.Text(cardW/2, 47, "CARD", "B", 14, layout.White, layout.Center)
			c.Text(cardW/2, 58, "Stefan", "", 8, layout.White, layout.Center)
		}}
}

// ------------------------------------------------- stand-ups and tokens

// figure is a fold-over stand-up in any size and with its own faces:
// front and back each draw one panel of w × panel mm. The strip runs, top
// to bottom: a foot, the back panel upside down, the front panel, a foot
// (pieces.Stand). Folded at the head, the back reads from behind; glued
// back to back with both feet bent outwards, one forwards and one
// backwards, the figure stands on its own on a base of w × base mm with its
// panels over the middle — it does not wobble as on one foot glued under
// one side.
func figure(name string, w, panel, base float64, col layout.Color, front, back func(c *layout.Canvas)) pieces.Piece {
	foot := base / 2
	return pieces.Piece{Name: name, W: w, H: 2*panel + 2*foot, Edge: col, Stand: &pieces.Stand{Panel: panel, Foot: foot}, Front: func(c *layout.Canvas) {
		footPanel := func(y float64, label string) {
			c.Rect(0, y, w, foot, col.Tint(0.6))
			size := fitLine(c, label, "", 6, 5.5, w-1)
			if c.TextWidth(label, "", size) > w-1 {
				label = "Fuß"
			}
			c.Text(w/2, y+foot/2-size*0.22, label, "", size, ink, layout.Center)
		}
		c.Rotated(180, w/2, (foot+panel)/2, func() {
			footPanel(panel, "Fuß ↓ hinten")
			back(c.Sub(0, 0, w, panel))
		})
		front(c.Sub(0, foot+panel, w, panel))
		footPanel(foot+2*panel, "Fuß ↓ vorn")
		for _, y := range []float64{foot, foot + panel, foot + 2*panel} {
			c.DashedLine(0, y, w, y, 0.2, ink)
		}
	}}
}

// plateW, platePanel and plateBase are the sizes of a role stand-up.
const plateW, platePanel, plateBase = 34.0, 44.0, 20.0

// namePlate is a role stand-up: a pictogram and the role's name, no face,
// the same on both sides.
func namePlate(name, label string, col layout.Color, symbol string, pict func(c *layout.Canvas, cx, cy, s float64, col layout.Color)) pieces.Piece {
	side := plateSide(label, "", col, symbol, pict)
	return figure(name, plateW, platePanel, plateBase, col, side, side)
}

// plateSide draws one side of a role stand-up: the pictogram in a white
// disc, the role's name and, when given, a line of what the side is for.
func plateSide(label, note string, col layout.Color, symbol string, pict func(c *layout.Canvas, cx, cy, s float64, col layout.Color)) func(c *layout.Canvas) {
	const w, panel = plateW, platePanel
	return func(c *layout.Canvas) {
		c.Rect(0, 0, w, panel, col)
		c.Circle(w/2, 18, 12.5, layout.White, layout.Color{}, 0)
		pict(c, w/2, 19, 19, col)
		if symbol != "" {
			c.Mark(4, 4, 0, symbol, "B", 8, layout.White)
		}
		ly := 34.0
		if note != "" {
			ly = 32.5
			c.Text(w/2, 38.2, note, "", fitLine(c, note, "", 5.5, 4, w-2.5), layout.White, layout.Center)
		}
		c.Text(w/2, ly, label, "B", fitLine(c, label, "B", 11, 6, w-3), layout.White, layout.Center)
	}
}

// hostPlate is the host's stand-up: the host's side, and Elton's side,
// which the host turns to the players for "Blamieren oder Kassieren" (the
// rulebook).
func hostPlate() pieces.Piece {
	return figure("Aufsteller Moderation", plateW, platePanel, plateBase, raabHost,
		plateSide("Moderation", "", raabHost, "", microphone),
		plateSide("Elton", "„Blamieren oder Kassieren“", raabElton, "", eltonPict))
}

// eltonPict is the pictogram of Elton's side: a person with the host's
// question mark.
func eltonPict(c *layout.Canvas, cx, cy, s float64, col layout.Color) {
	person(c, cx-s*0.12, cy, s*0.9, col)
	c.Mark(cx+s*0.3, cy-s*0.28, 0, "?", "B", s*1.1, col)
}

// indicator is a small stand-up for a track: two fit one field.
func indicator(name string, col layout.Color, symbol, label string) pieces.Piece {
	const w, panel, base = 10.0, 15.0, 8.0
	side := func(c *layout.Canvas) {
		c.Rect(0, 0, w, panel, col)
		c.Mark(w/2, 6, 0, symbol, "B", 14, layout.White)
		c.Text(w/2, 11, label, "B", fitLine(c, label, "B", 5, 3.5, w-1), layout.White, layout.Center)
	}
	return figure(name, w, panel, base, col, side, side)
}

// raabFigures are the stand-ups (Stefan, the host, the two playing pieces,
// the round and score indicators) and the three dice as flat tokens for
// the maps of "Wo liegt was?".
func raabFigures() []pieces.Piece {
	out := []pieces.Piece{
		namePlate("Aufsteller Stefan", "Stefan", raabBlue.Col, raabBlue.Symbol, person),
		hostPlate(),
	}
	for _, s := range raabSides {
		out = append(out, standUp("Spielfigur "+s.Colour+" ("+s.Team+")", s.Col, s.Symbol, s.Team))
	}
	out = append(out, indicator("Rundenanzeiger Grau", raabGrey, raabGreySy, "Spiel"))
	for _, s := range raabSides {
		out = append(out, indicator("Punkteanzeiger "+s.Colour+" ("+s.Team+")", s.Col, s.Symbol, "Punkte"))
	}
	dice := []struct {
		name, symbol string
		col          layout.Color
	}{{"Rot (Kandidaten)", raabRed.Symbol, raabRed.Col}, {"Blau (Stefan)", raabBlue.Symbol, raabBlue.Col},
		{"Grau (Moderation: Lösung)", raabGreySy, raabGrey}}
	for _, d := range dice {
		out = append(out, pieces.Piece{Name: "Würfelmarke " + d.name, W: 12, H: 12, Corner: 1.5, Edge: d.col,
			Front: func(c *layout.Canvas) {
				c.RoundRect(0, 0, 12, 12, 1.5, d.col, layout.Color{}, 0)
				c.Mark(6, 6, 0, d.symbol, "B", 17, layout.White)
			}})
	}
	return out
}

// ------------------------------------------------------- sorting strips

// SortStrip is the sorting-aid strip of one mini-game: the serial numbers
// of its cards, as printed in the cards' orange corner.
type SortStrip struct {
	Game *decks.MiniGame
	// Runs are the numbers as runs of consecutive ones: the rulebook's
	// range, and the default deck's extra cards for two players (234 on).
	Runs  []decks.NumberRange
	Cards int
}

// SortStrips lists a strip per mini-game with cards in set, in the
// rulebook's order.
func SortStrips(set *decks.Set) []SortStrip {
	if set == nil {
		return nil
	}
	var out []SortStrip
	for _, g := range decks.MiniGames {
		if runs := set.SerialRuns(g); len(runs) > 0 {
			n := 0
			for _, r := range runs {
				n += r.Last - r.First + 1
			}
			out = append(out, SortStrip{g, runs, n})
		}
	}
	return out
}

// Range is the strip's numbers: "156–165", "199–216 · 238–240".
func (s SortStrip) Range() string { return decks.RunsText(s.Runs, " · ") }

// Extra is what the strip says of the cards numbered beyond the
// rulebook's 233, "" without.
func (s SortStrip) Extra() string { return decks.ExtraCardsNote(s.Runs) }

func gameLabel(g *decks.MiniGame) string {
	if g.ThreePlayers {
		return g.Name + " (3)"
	}
	return g.Name
}

// The sorting dividers: as wide as a quiz card, and taller by a tab that
// stands above the cards when the divider stands behind its game's cards
// in a box. The tabs alternate between the left and the right half, so
// each shows past its neighbour.
const (
	DividerW    = 63.0
	DividerBody = 88.0 // a quiz card's height
	DividerTab  = 13.0
)

func raabSortingPieces(strips []SortStrip) []pieces.Piece {
	const w, h, tabW = DividerW, DividerBody + DividerTab, DividerW / 2
	var out []pieces.Piece
	for i, s := range strips {
		tx := float64(i%2) * (w - tabW)
		out = append(out, pieces.Piece{Name: "Sortierstreifen " + s.Game.Name, W: w, H: h,
			Outline: dividerOutline(tx, tabW),
			Front: func(c *layout.Canvas) {
				tab, body := DividerTab, DividerBody
				c.Polygon(raabOrange, dividerOutline(tx, tabW)[:12]...)
				c.Rect(tx, tab-1, tabW, 1, raabOrange)
				r := s.Range()
				c.Text(tx+tabW/2, 1.3, r, "B", fitLine(c, r, "B", 10, 6, tabW-3), layout.White, layout.Center)
				textMid(c, gameLabel(s.Game), "B", 7, 5.5, tx+1, 5.3, tabW-2, tab-6.3, layout.White, layout.Center)
				// The body, behind the cards: what the tab says, larger.
				c.Rect(0, tab, w, body, layout.White)
				outline(c, 0.4, tab+0.4, w-0.8, body-0.8, 1, 0.8, raabOrange)
				c.Text(w/2, tab+8, "Karten", "", 8, raabMuted, layout.Center)
				c.Text(w/2, tab+12, r, "B", fitLine(c, r, "B", 26, 12, w-8), raabOrange, layout.Center)
				textMid(c, gameLabel(s.Game), "B", 13, 8, 4, tab+26, w-8, 16, ink, layout.Center)
				what := fmt.Sprintf("%d Karten", s.Cards)
				if s.Cards == 1 {
					what = "1 Karte"
				}
				c.Text(w/2, tab+43, what, "", 8, raabMuted, layout.Center)
				if s.Game.ThreePlayers {
					c.Text(w/2, tab+48, "(3) = nur mit Moderation, nicht zu zweit", "", 7, raabMuted, layout.Center)
				}
				if x := s.Extra(); x != "" {
					textMid(c, x, "B", 8, 7, 6, tab+47, w-12, 9, raabOrange, layout.Center)
				}
				textMid(c, "Trennkarte: hinter die Karten dieses Spiels stellen; die Lasche ragt über die Karten hinaus.",
					"", 6.5, 5, 6, tab+body-16, w-12, 12, raabMuted, layout.Center)
			}})
	}
	return out
}

// dividerOutline is a divider's cut line with its tab at tx: the tab (its
// first six points, top corners chamfered) and then the body.
func dividerOutline(tx, tabW float64) []float64 {
	const w, tab, h, ch = DividerW, DividerTab, DividerBody + DividerTab, 1.5
	return []float64{
		tx, tab, tx, ch, tx + ch, 0, tx + tabW - ch, 0, tx + tabW, ch, tx + tabW, tab,
		w, tab, w, h, 0, h, 0, tab,
	}
}

// ------------------------------------------ score track of the single games

// Start values of the single games that do not start at 0 (the rulebook):
// the others count up from 0; these count down and are lost at 0, except
// Zocken, which is also won at 10.
var raabStarts = []struct {
	Code  string
	Start int
}{{"EO", 3}, {"ST", 3}, {"FP", 4}, {"ZO", 4}}

func startNames(v int) string {
	var names []string
	for _, s := range raabStarts {
		if s.Start == v {
			if g := decks.MiniGameByCode(s.Code); g != nil {
				names = append(names, "„"+g.Name+"“")
			}
		}
	}
	return joinGerman(names)
}

func joinGerman(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " und " + names[len(names)-1]
}

// raabScoreTrack draws the score track for the single games: fields 0–10
// in a red and a blue lane, 0 near the players, start fields marked.
func raabScoreTrack(c *layout.Canvas) error {
	m := layout.PrintableMargin
	top := pageHead(c, "Schlag den Raab – Punkteleiste für die Einzelspiele",
		"Vor jedem Spiel stellen beide ihre Spielfigur auf das Startfeld des Spiels (0, 3 oder 4); gewonnene Punkte ziehen sie vor, verlorene zurück.")
	const fields = 11
	const laneW, numW, headH = 40.0, 18.0, 8.0
	fh := min(21, (c.H-m-top-2*headH-10)/fields)
	x0 := m + 4
	numX := x0 + laneW
	lanes := []float64{x0, numX + numW}
	yTop := top + headH
	rowY := func(v int) float64 { return yTop + float64(10-v)*fh }
	starts := map[int]bool{0: true, 3: true, 4: true}
	for i, s := range raabSides {
		lx := lanes[i]
		head := s.Symbol + " " + s.Team
		c.Text(lx+laneW/2, yTop-headH+1.5, head, "B", 10, s.Col, layout.Center)
		c.Text(lx+laneW/2, rowY(0)+fh+1.5, head, "B", 10, s.Col, layout.Center)
		for v := 0; v <= 10; v++ {
			y := rowY(v)
			fill := s.Col.Tint(0.86)
			if starts[v] {
				fill = s.Col.Tint(0.6)
			}
			if v == 10 {
				fill = s.Col.Tint(0.72)
			}
			c.Rect(lx, y, laneW, fh, fill)
			c.Line(lx, y, lx+laneW, y, 0.8, layout.White)
			sx := lx + laneW - 3.5
			if i == 0 {
				sx = lx + 3.5
			}
			c.Mark(sx, y+3.5, 0, s.Symbol, "B", 7, s.Col)
			switch {
			case starts[v]:
				c.Text(lx+laneW/2, y+fh/2-2, "START", "B", 8, ink, layout.Center)
			case v == 10:
				c.Text(lx+laneW/2, y+fh/2-2, "ZIEL Zocken", "B", 8, ink, layout.Center)
			}
		}
		outline(c, lx, yTop, laneW, fields*fh, 1.5, 0.8, s.Col)
	}
	for v := 0; v <= 10; v++ {
		y := rowY(v)
		fill := layout.RGB(245, 245, 245)
		if starts[v] || v == 10 {
			fill = layout.RGB(225, 225, 225)
		}
		c.Rect(numX, y, numW, fh, fill)
		c.Line(numX, y, numX+numW, y, 0.8, layout.White)
		c.Mark(numX+numW/2, y+fh/2, 0, fmt.Sprint(v), "B", 20, ink)
	}
	// The legend beside the rows it explains.
	lx := lanes[1] + laneW + 4
	lw := c.W - m - 2 - lx - 4
	note := func(v int, s string) {
		y := rowY(v)
		c.Mark(lx, y+fh/2, 0, "◀", "B", 8, ink)
		textMid(c, s, "", 8, 6, lx+3.5, y, lw, fh, ink, layout.Left)
	}
	note(10, "„Zocken“: wer mindestens 10 Punkte hat, gewinnt.")
	note(4, "Start bei "+startNames(4)+".")
	note(3, "Start bei "+startNames(3)+".")
	note(0, "Start bei allen anderen Spielen. Bei "+startNames(3)+", "+startNames(4)+" verliert, wer auf 0 kommt.")
	textBox(c, "Geht ein Spiel über 10 Punkte hinaus (zu zweit etwa bei „Tipp für Tipp“), bleibt die Figur auf 10 und der Rest wird auf dem Notizblatt gezählt. Ausschneiden oder ganz lassen; auf Karton hält die Leiste besser.",
		"", 7, 6, m+4, rowY(0)+fh+headH+1, c.W-2*m-8, c.H-m-(rowY(0)+fh+headH+1), raabMuted, layout.Left)
	return nil
}

// ---------------------------------------- total points and round indicator

// The game lengths: up to n games; whoever reaches more than half of the
// points of n games (1 + 2 + … + n) can no longer be caught.
var raabLengths = []struct {
	Name  string
	Games int
	Wild  int
}{{"Ratzfatz", 5, 1}, {"Medium", 10, 2}, {"Showtime", 15, 3}}

// raabGoal is the total that wins a game of n games.
func raabGoal(games int) int { return games*(games+1)/2/2 + 1 }

// raabMaxTotal is the sum of all 15 games' points.
const raabMaxTotal = 15 * 16 / 2

// totalHighlight says whether a field of the total track is highlighted
// and with which game length's name.
func totalHighlight(points int) (string, bool) {
	for _, l := range raabLengths {
		if raabGoal(l.Games) == points {
			return l.Name, true
		}
	}
	return "", false
}

// raabTotalTrack draws the total points 0–120 as a snake of 11 × 11
// fields and below it the round indicator track (games 1–15 and the
// tie-break).
func raabTotalTrack(c *layout.Canvas) error {
	m := layout.PrintableMargin
	top := pageHead(c, "Schlag den Raab – Gesamtpunkte und Rundenanzeiger",
		"Spiel 1 bringt 1 Punkt, Spiel 2 zwei Punkte … Spiel 15 fünfzehn – zusammen 120. Wer die markierte Punktzahl seiner Spiellänge erreicht, ist nicht mehr einzuholen und gewinnt.")
	const cols = 11
	rows := (raabMaxTotal + cols) / cols
	cw := min(18, (c.W-2*m-4)/cols)
	ch := min(19, (c.H-m-top-58)/float64(rows))
	x0 := (c.W - cols*cw) / 2
	gold, strong := layout.RGB(255, 183, 77), layout.RGB(255, 224, 178)
	for n := 0; n <= raabMaxTotal; n++ {
		row, col := n/cols, n%cols
		if row%2 == 1 {
			col = cols - 1 - col // snake: every other row runs back
		}
		x, y := x0+float64(col)*cw, top+float64(row)*ch
		fill := layout.RGB(255, 246, 235)
		if n%10 == 0 {
			fill = strong
		}
		name, hl := totalHighlight(n)
		if hl {
			fill = gold
		}
		c.RoundRect(x+0.6, y+0.6, cw-1.2, ch-1.2, 1.5, fill, layout.Color{}, 0)
		outline(c, x+0.6, y+0.6, cw-1.2, ch-1.2, 1.5, 0.3, layout.RGB(150, 100, 50))
		if hl {
			outline(c, x+1, y+1, cw-2, ch-2, 1.2, 0.9, ink)
			c.Mark(x+cw/2, y+ch*0.38, 0, fmt.Sprint(n), "B", 15, ink)
			c.Text(x+cw/2, y+ch*0.66, name, "B", fitLine(c, name, "B", 6.5, 4.5, cw-2.5), ink, layout.Center)
			continue
		}
		c.Mark(x+cw/2, y+ch/2, 0, fmt.Sprint(n), "B", 12, ink)
		if n == 0 {
			c.Text(x+cw/2, y+ch-4, "Start", "", 5.5, raabMuted, layout.Center)
		}
	}
	y := top + float64(rows)*ch + 2
	var parts []string
	for _, l := range raabLengths {
		parts = append(parts, fmt.Sprintf("%s (bis %d Spiele, %d Wild Card%s): %d Punkte", l.Name, l.Games, l.Wild,
			map[bool]string{true: "s", false: ""}[l.Wild > 1], raabGoal(l.Games)))
	}
	y += textBox(c, strings.Join(parts, " · ")+". Beide Punkteanzeiger (● rot, ■ blau) starten auf der 0; stehen beide auf einem Feld, stellt sie hintereinander.",
		"", 7.5, 6, x0, y, cols*cw, 12, ink, layout.Left)
	y += 3
	// The round indicator: games 1–15 and the tie-break.
	c.Text(x0, y, "Rundenanzeiger: Spiel 1–15 (+ Stechen)", "B", 10, ink, layout.Left)
	c.Text(x0+cols*cw, y+0.8, "grauer Anzeiger "+raabGreySy+" auf „Spiel 1“, nach jedem Spiel ein Feld weiter", "", 6.5, raabMuted, layout.Right)
	y += 5.5
	const rounds = 16
	rw := cols * cw / rounds
	rh := min(16, c.H-m-y-7)
	for i := 1; i <= rounds; i++ {
		x := x0 + float64(i-1)*rw
		fill := layout.RGB(238, 238, 238)
		if i == 5 || i == 10 || i == 15 {
			fill = layout.RGB(214, 214, 214)
		}
		if i == rounds {
			fill = strong
		}
		c.RoundRect(x+0.4, y, rw-0.8, rh, 1.2, fill, layout.Color{}, 0)
		outline(c, x+0.4, y, rw-0.8, rh, 1.2, 0.3, raabGrey)
		if i == rounds {
			c.Text(x+rw/2, y+rh/2-1.4, "Stechen", "B", fitLine(c, "Stechen", "B", 7, 4.5, rw-1.5), ink, layout.Center)
			continue
		}
		c.Text(x+rw/2, y+1, "Spiel", "", 5, raabMuted, layout.Center)
		c.Mark(x+rw/2, y+rh/2, 0, fmt.Sprint(i), "B", 13, ink)
		pts := fmt.Sprintf("%d P.", i)
		c.Text(x+rw/2, y+rh-3.2, pts, "", 5, raabMuted, layout.Center)
	}
	// Which games each length plays.
	by := y + rh + 1
	span := func(from, to int, label string) {
		xa, xb := x0+float64(from-1)*rw+1, x0+float64(to)*rw-1
		c.Line(xa, by, xb, by, 0.3, raabMuted)
		c.Line(xa, by-1, xa, by, 0.3, raabMuted)
		c.Line(xb, by-1, xb, by, 0.3, raabMuted)
		c.Text((xa+xb)/2, by+0.8, label, "", fitLine(c, label, "", 6.5, 4.5, xb-xa), raabMuted, layout.Center)
	}
	prev := 0
	for _, l := range raabLengths {
		span(prev+1, l.Games, fmt.Sprintf("%s: bis Spiel %d", l.Name, l.Games))
		prev = l.Games
	}
	span(rounds, rounds, "Gleichstand")
	return nil
}

// ------------------------------------------------------------- risk discs

// raabRiskDiscs draws the two risk discs of "Zocken", each a base disc with
// 1, 2, 3 and a top disc with a window, joined by a split pin.
func raabRiskDiscs(c *layout.Canvas) error {
	m := layout.PrintableMargin
	top := pageHead(c, "Schlag den Raab – Risikoscheiben für „Zocken“",
		"Je Farbe ein Unterteil (Einsatz 1, 2, 3) und ein Oberteil mit Fenster. Am besten auf Karton drucken oder auf Pappe kleben.")
	R := min(42, (c.W-2*m-24)/4)
	labelH := 6.0
	for i, s := range raabSides {
		cx := c.W/2 + float64(2*i-1)*(R+6)
		y1 := top + labelH + R
		y2 := y1 + R + labelH + 5 + R
		c.Text(cx, top, s.Symbol+" "+s.Team+" – Unterteil", "B", 9, s.Col, layout.Center)
		riskBase(c, cx, y1, R, s)
		c.Text(cx, y1+R+5, s.Symbol+" "+s.Team+" – Oberteil", "B", 9, s.Col, layout.Center)
		riskTop(c, cx, y2, R*0.94, R, s)
	}
	y := top + 2*labelH + 5 + 4*R + 5
	steps := []string{
		"1. Alle vier Scheiben an der Linie ausschneiden; aus jedem Oberteil das weiße Fenster heraustrennen (Cutter oder spitze Schere).",
		"2. Die Mittelpunkte (Kreuz) mit einer Nadel oder Stricknadel durchstechen.",
		"3. Oberteil auf das Unterteil derselben Farbe legen, eine Musterbeutelklammer durch beide Löcher stecken und hinten aufbiegen.",
		"4. Bei „Zocken“ das Oberteil verdeckt drehen, bis der Einsatz (1, 2 oder 3) im Fenster steht; erst zeigen, wenn beide gesetzt haben.",
	}
	c.Text(m+4, y, "Zusammenbauen", "B", 10, ink, layout.Left)
	y += 5.5
	for _, st := range steps {
		y += textBox(c, st, "", 8, 6.5, m+4, y, c.W-2*m-8, 12, ink, layout.Left) + 1
	}
	return nil
}

// riskBase is the lower disc: three sectors 1, 2, 3, each number upright
// when its sector is at the top.
func riskBase(c *layout.Canvas, cx, cy, R float64, s raabSide) {
	c.Circle(cx, cy, R, s.Col, layout.Color{}, 0)
	tints := []float64{0.8, 0.9, 0.7}
	for k := 0; k < 3; k++ {
		a := float64(k) * 2 * math.Pi / 3
		c.Polygon(s.Col.Tint(tints[k]), wedgePoints(cx, cy, 0, R-3, a-math.Pi/3, a+math.Pi/3)...)
		x, y := polar(cx, cy, R*0.66, a)
		c.Mark(x, y, -deg(a), fmt.Sprint(k+1), "B", 34, ink)
		// The einsatz in dots too, below the number.
		for d := 0; d <= k; d++ {
			off := (float64(d) - float64(k)/2) * 3.2
			px, py := polar(cx, cy, R*0.4, a+off/(R*0.4))
			c.Circle(px, py, 0.9, ink, layout.Color{}, 0)
		}
	}
	for k := 0; k < 3; k++ {
		a := float64(k)*2*math.Pi/3 + math.Pi/3
		x1, y1 := polar(cx, cy, 4, a)
		x2, y2 := polar(cx, cy, R-3, a)
		c.Line(x1, y1, x2, y2, 0.6, layout.White)
	}
	c.Mark(cx, cy+R-1.5, 0, s.Symbol, "B", 6, layout.White)
	centreMark(c, cx, cy, ink)
	c.Cut(cx-R, cy-R, 2*R, 2*R, 0, true)
}

// riskTop is the upper disc of radius r with a window over the numbers of
// the base disc of radius R.
func riskTop(c *layout.Canvas, cx, cy, r, R float64, s raabSide) {
	c.Circle(cx, cy, r, s.Col, layout.Color{}, 0)
	half := 30 * math.Pi / 180
	win := wedgePoints(cx, cy, R*0.3, R*0.88, -half, half)
	c.Polygon(layout.White, win...)
	c.Polyline(0.3, ink, append(win, win[0], win[1])...)
	c.Text(cx, cy-R*0.66-1.2, "Fenster", "", 6.5, raabMuted, layout.Center)
	c.Text(cx, cy-R*0.66+1.8, "ausschneiden", "", 6.5, raabMuted, layout.Center)
	c.Text(cx, cy+r*0.18, "EINSATZ", "B", 12, layout.White, layout.Center)
	c.Mark(cx, cy+r*0.5, 0, s.Symbol, "B", 16, layout.White)
	c.Text(cx, cy+r*0.66, s.Team, "B", 8, layout.White, layout.Center)
	centreMark(c, cx, cy, ink)
	c.Cut(cx-r, cy-r, 2*r, 2*r, 0, true)
}

// ------------------------------------------------------------ the spinner

// spinnerSegment is one field of the game-selection spinner.
type spinnerSegment struct {
	Game   *decks.MiniGame
	Label  string // the rulebook name, with " (3)" for games needing a host
	Shaded bool   // a "3" game: left out with two players
}

// spinnerSegments lists the mini-games with cards in set, in the rulebook's
// order, clockwise on the spinner.
func spinnerSegments(strips []SortStrip) []spinnerSegment {
	var out []spinnerSegment
	for _, s := range strips {
		out = append(out, spinnerSegment{Game: s.Game, Label: gameLabel(s.Game), Shaded: s.Game.ThreePlayers})
	}
	return out
}

// raabSpinner draws the spinner disc with a segment per mini-game, the
// arrow to cut out and how to assemble and use it.
func raabSpinner(c *layout.Canvas, segs []spinnerSegment) error {
	m := layout.PrintableMargin
	top := pageHead(c, "Schlag den Raab – Drehscheibe zur Spielauswahl",
		"Ein Feld je Spiel mit Karten in diesem Satz, im Uhrzeigersinn in der Reihenfolge der Anleitung. Grau mit (3): nur mit Moderation, also nicht zu zweit.")
	R := min((c.W-2*m-6)/2, (c.H-m-top-46)/2)
	cx, cy := c.W/2, top+R
	c.Circle(cx, cy, R, layout.RGB(255, 243, 224), layout.Color{}, 0)
	n := len(segs)
	if n == 0 {
		textMid(c, "Dieser Kartensatz enthält keine Schlag-den-Raab-Karten.", "B", 12, 8, cx-R*0.7, cy-10, R*1.4, 20, ink, layout.Center)
	}
	step := 2 * math.Pi / float64(max(n, 1))
	hub, inner, outer := R*0.1, R*0.37, R*0.96
	oranges := []layout.Color{layout.RGB(255, 224, 178), layout.RGB(255, 204, 128), layout.RGB(255, 236, 204)}
	greys := []layout.Color{layout.RGB(200, 200, 200), layout.RGB(182, 182, 182), layout.RGB(214, 214, 214)}
	for i, sg := range segs {
		a0, a1 := float64(i)*step, float64(i+1)*step
		k := i % 2
		if n%2 == 1 && i == n-1 {
			k = 2 // an odd count: the last field differs from both neighbours
		}
		fill := oranges[k]
		if sg.Shaded {
			fill = greys[k]
		}
		c.Polygon(fill, wedgePoints(cx, cy, 0, R, a0, a1)...)
		// The label along the radius, upright, as large as fits.
		a := (a0 + a1) / 2
		length := outer - inner
		size := fitLine(c, sg.Label, "B", 11, 5, length)
		for ; size > 5; size -= 0.25 {
			// The text's height must fit the field's width at its inner end.
			h := size * 25.4 / 72 * 0.8
			rIn := (inner+outer)/2 - c.TextWidth(sg.Label, "B", size)/2
			if h <= 2*rIn*math.Sin(step/2)*0.8 {
				break
			}
		}
		rot := 90 - deg(a)
		if a > math.Pi {
			rot = 270 - deg(a)
		}
		x, y := polar(cx, cy, (inner+outer)/2, a)
		c.Glyph(x, y, rot, sg.Label, "B", size, ink)
	}
	if n > 1 {
		for i := 0; i < n; i++ {
			x1, y1 := polar(cx, cy, hub, float64(i)*step)
			x2, y2 := polar(cx, cy, R, float64(i)*step)
			c.Line(x1, y1, x2, y2, 0.5, layout.White)
		}
	}
	c.Circle(cx, cy, inner-1, layout.Color{}, layout.White, 0.4)
	c.Circle(cx, cy, hub, layout.White, raabOrange, 0.6)
	c.Circle(cx, cy, R, layout.Color{}, raabOrange, 0.8)
	centreMark(c, cx, cy, ink)
	c.Cut(cx-R, cy-R, 2*R, 2*R, 0, true)
	// The arrow, to cut out: its tip reaches into the field, short of the
	// labels, so the chosen game stays readable.
	head, tail := inner-hub*0.2, R*0.2
	ay := cy + R + 12
	ax := m + 6 + tail
	arrow := []float64{
		ax - tail, ay - 5, ax - tail + 5, ay - 2, ax + head - 9, ay - 2, ax + head - 9, ay - 6,
		ax + head, ay, ax + head - 9, ay + 6, ax + head - 9, ay + 2, ax - tail + 5, ay + 2, ax - tail, ay + 5,
	}
	c.Polygon(raabHost, arrow...)
	c.Polyline(0.2, layout.RGB(90, 90, 90), append(arrow, arrow[0], arrow[1])...)
	centreMark(c, ax, ay, ink)
	c.Text(ax+(head-tail)/2, ay+8, "Pfeil ausschneiden", "", 6.5, raabMuted, layout.Center)
	tx := ax + head + 6
	textBox(c, "Scheibe und Pfeil ausschneiden (besser auf Karton kleben), beide Mittelpunkte durchstechen. "+
		"Mit Bleistift: den Pfeil auf den Mittelpunkt legen, die Bleistiftspitze senkrecht durch beide Löcher stecken und festhalten, den Pfeil anschnippen. "+
		"Ohne Pfeil: eine Büroklammer um die Bleistiftspitze legen und drehen. "+
		"Gewählt ist das Feld, auf das die Spitze zeigt; ist es schon gespielt, gilt das nächste noch nicht gespielte im Uhrzeigersinn.",
		"", 7.5, 6, tx, cy+R+3, c.W-m-2-tx, c.H-m-(cy+R+3), ink, layout.Left)
	return nil
}

// ---------------------------------------------------------- notes template

// raabNotesText is templates/texts/raab-notizen.md (without its English
// summary), which the page renders: the same headings and blanks. A test
// keeps the two in step.
const raabNotesText = `# Schlag den Raab – Notizblatt

Zum Kopieren: ein Blatt pro Duell. Die Moderation (zu zweit: wer gerade vorliest) trägt ein, was sonst im Eifer des Gefechts verloren geht.

## Duell

- Spielname: ______
- Runde (Spiel Nr.): ______
- Kandidat: ______
- Stefan: ______
- Moderation: ______

## Tipps und Lösungen

Für „Schätzen“, „Entfernungen“, „Wann war das?“ und die Schätzfragen im „Showquiz“. Wer näher an der Lösung liegt, bekommt den Punkt; gleich weit entfernt heißt: kein Punkt.

- Einheit (km, Jahr, kg …): ______

Aufgabe 1: Kandidat ______ Stefan ______ Lösung ______

Aufgabe 2: Kandidat ______ Stefan ______ Lösung ______

Aufgabe 3: Kandidat ______ Stefan ______ Lösung ______

Aufgabe 4: Kandidat ______ Stefan ______ Lösung ______

Aufgabe 5: Kandidat ______ Stefan ______ Lösung ______

Aufgabe 6: Kandidat ______ Stefan ______ Lösung ______

Aufgabe 7: Kandidat ______ Stefan ______ Lösung ______

- Punkte: Kandidat ______ Stefan ______

## Buchstabieren

Richtig gelöste Begriffe und Fehler für beide getrennt notieren; bei gleich vielen Treffern entscheidet die geringere Fehlerzahl.

- Kandidat – richtig: ______ Fehler: ______ übersprungen: ______
- Stefan – richtig: ______ Fehler: ______ übersprungen: ______
- Fehler bei Begriff: ______ falscher Buchstabe: ______
- Fehler bei Begriff: ______ falscher Buchstabe: ______
- Fehler bei Begriff: ______ falscher Buchstabe: ______

## Ergebnis

- Sieger des Duells: ______
- Punkte für dieses Spiel: ______
- Gesamtstand danach: Kandidatenteam ______ Stefan ______
- Notizen: ______
`

const blank = "______"

// raabNotes draws the notes template: headings, paragraphs and lines to
// write on, the blanks stretched to fill the width.
func raabNotes(c *layout.Canvas) error {
	m := layout.PrintableMargin
	x, w := m+8, c.W-2*m-16
	type item struct {
		kind string // "h1", "h2", "p", "field"
		text string
		sb   typeset.SetBlock
	}
	var items []item
	for _, line := range strings.Split(raabNotesText, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "## "):
			items = append(items, item{kind: "h2", text: line[3:]})
		case strings.HasPrefix(line, "# "):
			items = append(items, item{kind: "h1", text: line[2:]})
		case strings.Contains(line, blank):
			items = append(items, item{kind: "field", text: strings.TrimPrefix(line, "- ")})
		default:
			sb, ok := fitText(c, line, "", 8.5, 7, w, 30)
			if !ok {
				return fmt.Errorf("Notizblatt: %q passt nicht", line)
			}
			items = append(items, item{kind: "p", text: line, sb: sb})
		}
	}
	const h1H, h2H, pGap = 11.0, 10.0, 2.5
	fixed, fields := 0.0, 0
	for _, it := range items {
		switch it.kind {
		case "h1":
			fixed += h1H
		case "h2":
			fixed += h2H
		case "p":
			fixed += it.sb.Height + pGap
		case "field":
			fields++
		}
	}
	y := m + 3
	pitch := min(9.5, (c.H-m-4-y-fixed)/float64(max(fields, 1)))
	if pitch < 6 {
		return fmt.Errorf("Notizblatt: zu wenig Platz (%.1f mm je Zeile)", pitch)
	}
	for _, it := range items {
		switch it.kind {
		case "h1":
			c.Text(x, y, it.text, "B", 16, ink, layout.Left)
			y += h1H
		case "h2":
			y += 3
			c.Text(x, y, it.text, "B", 11.5, raabOrange, layout.Left)
			c.Line(x, y+5.6, x+w, y+5.6, 0.3, raabOrange)
			y += h2H - 3
		case "p":
			c.Block(it.sb, x, y, w, raabMuted, layout.Left)
			y += it.sb.Height + pGap
		case "field":
			drawField(c, it.text, x, y+pitch-5.5, w)
			y += pitch
		}
	}
	return nil
}

// drawField sets a line with blanks: the text between them as written,
// the blanks as rules sharing the remaining width.
func drawField(c *layout.Canvas, s string, x, y, w float64) {
	const size = 9.5
	parts := strings.Split(s, blank)
	blanks := len(parts) - 1
	used := 0.0
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
		if parts[i] != "" {
			used += c.TextWidth(parts[i], "", size) + 2
		}
	}
	room := (w - used) / float64(max(blanks, 1))
	for i, p := range parts {
		if p != "" {
			c.Text(x, y, p, "", size, ink, layout.Left)
			x += c.TextWidth(p, "", size) + 2
		}
		if i < blanks {
			c.Line(x, y+3.9, x+room-2, y+3.9, 0.25, raabMuted)
			x += room
		}
	}
}
