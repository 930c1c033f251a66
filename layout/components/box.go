package components

import (
	"fmt"
	"math"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/identity"
	"druckreif/layout/pieces"
)

// A deck box is a tray and a lid that slides over it, each folded from one
// piece: a floor, four walls round it and a glue tab at each end of two
// opposite walls. The cards stand in the tray on their long edge, one
// behind the other like a card file, so a deck of a hundred sleeved cards
// makes a box that a sheet of A4 or Letter holds. Both are printed on
// their outside (the printed side faces out once the walls are folded up),
// in the game's identity: the lid's top carries the cartouche.
const (
	// SleevedCard is the thickness of a card as the guides suggest it: a
	// print of 160–200 g/m² and an old playing card (and a second print
	// for two-sided cards) in a sleeve.
	SleevedCard = 0.85
	// boxPlay is what the tray's inside adds to a sleeved card (66 × 91 mm
	// outside for a poker card) each way, and the lid's inside to the
	// tray's outside.
	boxPlay      = 1.0
	sleeveExtra  = 3.0 // a sleeve's outside beyond its card, each way
	boxSpare     = 6.0 // depth beyond the deck: fingers reach the last card
	trayWallPart = 0.6 // the tray's walls as a share of the standing card's height
	lidCover     = 8.0 // how far the lid's walls reach below the cards' top edge
)

// Box is the geometry of one tray or lid: the inside of its floor (L
// along the cards' long edge, Depth across the deck) and its walls' height.
type Box struct {
	L, Depth, Wall float64
	tab            float64
}

// Net is the size of the flat piece.
func (b Box) Net() (w, h float64) { return b.L + 2*b.Wall, b.Depth + 2*b.Wall }

// DeckBoxes are the tray and the lid for a deck of n cards of w × h mm
// (h the longer side), sleeved; each must fit the printable part of the
// paper (minus the sheet's title), or the deck is split into as many boxes
// as it takes.
func DeckBoxes(n int, w, h float64, p layout.Paper) (tray, lid Box, boxes int, err error) {
	cardL, cardH := h+sleeveExtra+boxPlay, w+sleeveExtra
	availW := p.W - 2*layout.PrintableMargin - 4
	availH := p.H - 2*layout.PrintableMargin - 14
	wall := math.Round(cardH * trayWallPart)
	lidWall := cardH - wall + lidCover
	fits := func(b Box) bool {
		nw, nh := b.Net()
		return nw <= availW && nh <= availH // the sheets place pieces upright
	}
	// The deepest tray whose lid still fits sets how many cards a box
	// takes; a larger deck gets as many boxes as it needs.
	maxDepth := math.Floor(availH - 2*max(wall, lidWall) - 2*boxPlay)
	perBox := int((maxDepth - boxSpare) / SleevedCard)
	if perBox >= 1 {
		boxes = (n + perBox - 1) / perBox
		per := (n + boxes - 1) / boxes
		depth := math.Ceil(float64(per)*SleevedCard + boxSpare)
		tray = Box{L: cardL, Depth: depth, Wall: wall}
		lid = Box{L: cardL + 2*boxPlay, Depth: depth + 2*boxPlay, Wall: lidWall}
		if fits(tray) && fits(lid) {
			tray.tab, lid.tab = min(tray.Wall-2, 14), min(lid.Wall-2, 14)
			return tray, lid, boxes, nil
		}
	}
	return Box{}, Box{}, 0, fmt.Errorf("die Kartenschachtel für %d Karten passt nicht auf %s", n, p.Name)
}

// outline is the cut line of a box's net, clockwise from the top wall's
// left end; the glue tabs sit at both ends of the top and bottom walls.
func (b Box) outline() []float64 {
	L, D, W, t := b.L, b.Depth, b.Wall, b.tab
	k := min(2.0, W/4) // the tabs' chamfer
	return []float64{
		W, 0, W + L, 0,
		W + L + t, k, W + L + t, W - k, W + L, W, // tab, top right
		2*W + L, W, 2*W + L, W + D, W + L, W + D, // right wall
		W + L + t, W + D + k, W + L + t, 2*W + D - k, W + L, 2*W + D, // tab, bottom right
		W, 2*W + D, // bottom wall
		W - t, 2*W + D - k, W - t, W + D + k, W, W + D, // tab, bottom left
		0, W + D, 0, W, W, W, // left wall
		W - t, W - k, W - t, k, // tab, top left
	}
}

// piece is the box as a punch-out piece: walls and floor in the game's
// identity, the folds dashed, the tabs marked for glue.
func (b Box) piece(name string, s identity.Scheme, top bool) pieces.Piece {
	nw, nh := b.Net()
	L, D, W := b.L, b.Depth, b.Wall
	art := layout.NewArt(nw, nh)
	art.Rect(W, 0, L, 2*W+D, s.Ground)
	art.Rect(0, W, 2*W+L, D, s.Ground)
	for _, y := range []float64{W/2 - 2.5, W + D + W/2 - 2.5} {
		s.Frieze(art, W+4, y, L-8, 5, s.Tone())
	}
	if top {
		ch := min(D-8, (L-8)*0.5)
		s.Cartouche(art, W+4, W+(D-ch)/2, L-8, ch)
	} else {
		s.Pattern(art, W+3, W+3, L-6, D-6, 5, s.Tone())
	}
	return pieces.Piece{Name: name, W: nw, H: nh, Outline: b.outline(), Edge: s.Ground, Front: func(c *layout.Canvas) {
		c.Stamp(0, 0, art)
		for _, tab := range [][2]float64{{W - b.tab, 0}, {W + L, 0}, {W - b.tab, W + D}, {W + L, W + D}} {
			c.Rect(tab[0], tab[1]+2, b.tab, W-4, glueColour)
		}
		folds := [][4]float64{
			{W, W, W + L, W}, {W, W + D, W + L, W + D}, {W, W, W, W + D}, {W + L, W, W + L, W + D},
			{W, 0, W, W}, {W + L, 0, W + L, W}, {W, W + D, W, 2*W + D}, {W + L, W + D, W + L, 2*W + D},
		}
		for _, f := range folds {
			c.DashedLine(f[0], f[1], f[2], f[3], 0.25, ink)
		}
		label := "Schachtel: Wände hochfalzen, Laschen innen ankleben"
		if top {
			label = "Deckel: Wände hochfalzen, Laschen innen ankleben"
		}
		c.Text(W+L/2, W+D+W/2+3.2, label, "", fitLine(c, label, "", 7, 5.5, L-4), s.Letters, layout.Center)
	}}
}

// DeckBox is a game's deck box sheet for n cards of w × h mm.
func DeckBox(game decks.Game, n int, w, h float64, p layout.Paper) (Sheet, error) {
	s, ok := identity.Of(game)
	if !ok {
		return Sheet{}, fmt.Errorf("keine Schachtel für %q", game)
	}
	tray, lid, boxes, err := DeckBoxes(n, min(w, h), max(w, h), p)
	if err != nil {
		return Sheet{}, err
	}
	var ps []pieces.Piece
	for i := 1; i <= boxes; i++ {
		ps = append(ps, tray.piece(fmt.Sprintf("Schachtel %d", i), s, false), lid.piece(fmt.Sprintf("Deckel %d", i), s, true))
	}
	what := fmt.Sprintf("Kartenschachtel mit Deckel für %d Karten in Hüllen", n)
	if boxes > 1 {
		what = fmt.Sprintf("%d Schachteln mit Deckel für je %d Karten in Hüllen", boxes, (n+boxes-1)/boxes)
	}
	return Sheet{Name: "schachtel", Title: guideTitles[string(s.Game)] + " – " + what,
		Notes:  "Einseitig auf 160–250 g/m² drucken, an der Linie ausschneiden, gestrichelt falzen, Laschen (gelb) innen an die Seitenwände kleben. Die Karten stehen auf der langen Kante.",
		Pieces: ps}, nil
}
