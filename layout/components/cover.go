package components

import (
	"fmt"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/identity"
	"druckreif/layout/typeset"
)

// CoverItem is one file of a game's folder as its cover lists it.
type CoverItem struct {
	Path string // the file's name in the game's folder
	What string // what it holds
}

// Cover is a game's cover page (deckblatt.pdf, and the first page of its
// assembly guide): the game's cartouche on its ground with the ornament
// tone on tone, and the list of what the folder holds, so the printed kit
// opens like a game's box. Under lowInk the ground is the scheme's pale
// tint, the cartouche stays as it is (a small area).
func Cover(game decks.Game, items []CoverItem, lowInk bool) (func(*layout.Canvas) error, error) {
	s, ok := identity.Of(game)
	if !ok {
		return nil, fmt.Errorf("kein Deckblatt für %q", game)
	}
	return func(c *layout.Canvas) error {
		m := layout.PrintableMargin + 3
		w, h := c.W-2*m, c.H-2*m
		ground, tone, letters := s.Ground, s.Tone(), s.Letters
		if lowInk {
			ground, tone, letters = s.Light, s.Ground.Tint(0.82), s.Deep
		}
		art := layout.NewArt(w, h)
		art.Rect(0, 0, w, h, ground)
		s.Pattern(art, 0, 0, w, h, 7, tone)
		art.Frame(4, 4, w-8, h-8, 1.2, s.Accent)
		cw := w - 30
		ch := cw * 0.5
		s.Cartouche(art, (w-cw)/2, 24, cw, ch)
		s.Frieze(art, 20, h-30, w-40, 6, s.Accent)
		c.Stamp(m, m, art)

		y := m + 24 + ch + 10
		c.Text(c.W/2, y, "Print-and-Play-Ausgabe zum Selbstdrucken", "B", 14, letters, layout.Center)
		y += 9
		// The contents on a pale panel, as the lid's inside would list them.
		px, pw := m+16, w-32
		bottom := c.H - m - 22
		blocks := []typeset.Block{{Text: "In dieser Mappe", Style: "B", Size: 12, Min: 10}}
		for _, it := range items {
			blocks = append(blocks, typeset.Block{Text: it.Path + " – " + it.What, Size: 9.5, Min: 7.5,
				Source: "Deckblatt " + string(game) + ": " + it.Path, Gap: 1.2})
		}
		set, err := c.Setter.Fit(blocks, pw-10, bottom-y-10)
		if err != nil {
			return err
		}
		used := 0.0
		for _, b := range set {
			used += b.Gap + b.Height
		}
		// The panel sits in the middle of the room left, over a band of the
		// ornament.
		y += (bottom - y - (used + 10)) / 2
		c.RoundRect(px, y, pw, used+10, 2.5, s.Light, s.Accent, 0.5)
		ty := y + 5
		for i, b := range set {
			if i > 0 {
				ty += b.Gap
			}
			col := ink
			if i == 0 {
				col = s.Deep
			}
			c.Block(b, px+5, ty, pw-10, col, layout.Left)
			ty += b.Height
		}
		c.Text(c.W/2, c.H-m-14, "Nur für den privaten Gebrauch neben einem Exemplar des Originalspiels", "", 8, letters, layout.Center)
		c.Text(c.W/2, c.H-m-10, "druckreif · eigene Gestaltung, die Titel nennen nur die Spiele", "", 7, letters, layout.Center)
		return nil
	}, nil
}
