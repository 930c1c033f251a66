package cards

import (
	"encoding/csv"
	"fmt"
	"io/fs"
	"strings"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/typeset"
	"druckreif/templates"
)

// HostCards are the Raab host cards, one per mini-game, from
// templates/texts/raab-moderation.csv (our own words): the game's name and
// material on the front with what the host does, how it is won on the back.
// The front names the game's card numbers in set (nil: none), with the
// extra cards for two where the default deck has them, and for Tipp für
// Tipp the host sheet where the cards in short form have their hints.
func HostCards(set *decks.Set, st *layout.Style) (*Set, error) {
	data, err := fs.ReadFile(templates.Texts, "texts/raab-moderation.csv")
	if err != nil {
		return nil, err
	}
	rows, err := csv.NewReader(bytesReader(data)).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("templates/texts/raab-moderation.csv: %w", err)
	}
	out := &Set{Game: decks.Raab, Width: st.Card.Width, Height: st.Card.Height}
	for i, r := range rows[1:] {
		if len(r) != 4 {
			return nil, fmt.Errorf("templates/texts/raab-moderation.csv: Zeile %d: 4 Spalten erwartet", i+2)
		}
		name, material, steps, win := r[0], r[1], r[2], r[3]
		if decks.MiniGameByName(name) == nil {
			return nil, fmt.Errorf("templates/texts/raab-moderation.csv: Zeile %d: unbekanntes Spiel %q", i+2, name)
		}
		src := fmt.Sprintf("templates/texts/raab-moderation.csv: Zeile %d", i+2)
		face := func(lines []typeset.Block) *layout.Face {
			look := make([]string, len(lines))
			for i, b := range lines {
				look[i] = fmt.Sprintf("%s|%s|%g|%g", b.Text, b.Style, b.Size, b.Gap)
			}
			return &layout.Face{Background: st.Color("face"), Look: strings.Join(look, "\n"), Key: lookKey("raab-host", look), Draw: func(c *layout.Canvas) error {
				m := st.Margin
				// A smaller corner than the quiz cards': the title below
				// starts at the margin and must stay clear of it.
				c.Polygon(st.Color("corner"), 0, 0, HostCorner, 0, 0, HostCorner)
				c.Text(HostCorner-m+1.5, m, "Moderation", "B", 8, st.Color("accent"), layout.Left)
				set, err := c.Setter.Fit(lines, c.W-2*m, c.H-2*m-8)
				if err != nil {
					return fitError(err)
				}
				y := m + 8
				for _, b := range set {
					y += b.Gap
					c.Block(b, m, y, c.W-2*m, st.Color("text"), layout.Left)
					y += b.Height
				}
				return nil
			}}
		}
		blk := func(text, style string, size, gap float64) typeset.Block {
			return typeset.Block{Text: text, Style: style, Size: size, Min: 5.5, Gap: gap, Hyphenate: true, Source: src}
		}
		lines := []typeset.Block{blk(name, "B", 11, 0), blk("Material: "+material, "I", 7.5, 2)}
		if g := decks.MiniGameByName(name); set != nil {
			if runs := set.SerialRuns(g); len(runs) > 0 {
				note := "Quizkarten " + decks.RunsText(runs, ", ")
				if x := decks.ExtraCardsNote(runs); x != "" {
					var own []decks.NumberRange
					for _, r := range runs {
						if r.First <= decks.RulebookCards {
							own = append(own, r)
						}
					}
					note = "Quizkarten " + decks.RunsText(own, ", ") + "; " + x
				}
				if hostSheetUsed(set, st, g) {
					note += "; die Tipps der Karten in Kurzform stehen auf dem " + hostSheetName
				}
				lines = append(lines, blk(note+".", "B", 7.5, 1.5))
			}
		}
		front := face(append(lines, blk(steps, "", 8, 2)))
		back := face([]typeset.Block{blk(name, "B", 11, 0), blk("So wird gewonnen", "B", 8, 3), blk(win, "", 8.5, 1)})
		out.Cards = append(out.Cards, layout.Card{Front: front, Back: back})
	}
	return out, nil
}

// hostSheetUsed reports whether a side of g's cards in set is printed in
// short form, with its tasks on the host sheet.
func hostSheetUsed(set *decks.Set, st *layout.Style, g *decks.MiniGame) bool {
	t := layout.Setter()
	for _, c := range set.Raab() {
		if c.Game == g && (raabShort(t, st, c, false) || (c.Game.Sided && raabShort(t, st, c, true))) {
			return true
		}
	}
	return false
}
