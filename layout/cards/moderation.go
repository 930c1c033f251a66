package cards

import (
	"encoding/csv"
	"fmt"
	"io/fs"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/typeset"
	"druckreif/templates"
)

// HostCards are the Raab host cards, one per mini-game, from
// templates/texts/raab-moderation.csv (our own words): the game's name and
// material on the front with what the host does, how it is won on the back.
func HostCards(st *layout.Style) (*Set, error) {
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
			return &layout.Face{Background: st.Color("face"), Draw: func(c *layout.Canvas) error {
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
		front := face([]typeset.Block{blk(name, "B", 11, 0), blk("Material: "+material, "I", 7.5, 2), blk(steps, "", 8, 2)})
		back := face([]typeset.Block{blk(name, "B", 11, 0), blk("So wird gewonnen", "B", 8, 3), blk(win, "", 8.5, 1)})
		out.Cards = append(out.Cards, layout.Card{Front: front, Back: back})
	}
	return out, nil
}
