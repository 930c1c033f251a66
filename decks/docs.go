package decks

import (
	"fmt"
	"strings"
)

// SchemaMarkdown renders every game's card sheets as Markdown tables for
// docs/decks.md, so the documentation is generated from the same schema
// that parses, validates and writes templates.
func SchemaMarkdown() string {
	var b strings.Builder
	for _, g := range []Game{Labyrinth, Dativ, Genial, Raab} {
		fmt.Fprintf(&b, "### %s (`Spiel` = `%s`)\n\n", g.Title(), g)
		for _, s := range Schemas(g) {
			title := "`" + s.Name + "`"
			if s.Title != "" {
				title += " (printed: " + s.Title + ")"
			}
			if g == Raab {
				m := MiniGameByName(s.Name)
				extra := fmt.Sprintf("ID code `%s`; %d per card in the rules, at most %d fit", m.Code, m.PerCard, m.MaxPerCard)
				if m.Sided {
					extra += " per side"
				}
				if m.ThreePlayers {
					extra += "; marked „3“ (needs a host)"
				}
				fmt.Fprintf(&b, "#### Sheet %s — %s\n\n%s\n\n", title, extra, s.Help)
			} else {
				fmt.Fprintf(&b, "#### Sheet %s\n\n%s\n\n", title, s.Help)
			}
			b.WriteString("| Column | Aliases | Required | Values | Meaning |\n|---|---|---|---|---|\n")
			for _, c := range s.Columns {
				req := ""
				if c.Required {
					req = "yes"
				}
				fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", c.Name, strings.Join(c.Aliases, ", "), req,
					strings.Join(c.Choices, " \\| "), strings.ReplaceAll(c.Help, "|", "\\|"))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}
