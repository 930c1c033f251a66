package components

import (
	"bufio"
	"io/fs"
	"strings"

	"druckreif/layout"
	"druckreif/layout/typeset"
	"druckreif/templates"
)

// RulesPage draws a game's one-page rules summary from
// templates/texts/regeln-<game>.md (a title line "# …", sections "## …",
// bullets "- …", plain paragraphs), shrunk to fit one page.
func RulesPage(game string) (func(c *layout.Canvas) error, error) {
	data, err := fs.ReadFile(templates.Texts, "texts/regeln-"+game+".md")
	if err != nil {
		return nil, err
	}
	blocks := markdownBlocks(string(data), "templates/texts/regeln-"+game+".md")
	return func(c *layout.Canvas) error {
		m := layout.PrintableMargin + 8
		set, err := c.Setter.Fit(blocks, c.W-2*m, c.H-2*m-8)
		if err != nil {
			return err
		}
		y := m
		for _, b := range set {
			y += b.Gap
			c.Block(b, m, y, c.W-2*m, ink, layout.Left)
			if b.Indent > 0 {
				c.Text(m+1, y+(b.LineHeight()-b.SizePt*25.4/72)/2, "•", "B", b.SizePt, ink, layout.Left)
			}
			y += b.Height
		}
		c.Text(c.W/2, c.H-layout.PrintableMargin-4, "druckreif · Zusammenfassung in eigenen Worten · für den privaten Gebrauch neben dem Originalspiel", "", 6.5, layout.RGB(90, 90, 90), layout.Center)
		return nil
	}, nil
}

// markdownBlocks turns the small Markdown of the texts into typesetting
// blocks.
func markdownBlocks(text, source string) []typeset.Block {
	var blocks []typeset.Block
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		b := typeset.Block{Source: source, Hyphenate: true, Size: 10.5, Min: 7.5, Gap: 1.6}
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "# "):
			b.Text, b.Style, b.Size, b.Min, b.Gap = strings.TrimPrefix(line, "# "), "B", 18, 13, 0
		case strings.HasPrefix(line, "## "):
			b.Text, b.Style, b.Size, b.Min, b.Gap = strings.TrimPrefix(line, "## "), "B", 12.5, 9, 4
		case strings.HasPrefix(line, "- "):
			b.Text, b.Indent = strings.TrimPrefix(line, "- "), 5
		default:
			b.Text = line
		}
		blocks = append(blocks, b)
	}
	return blocks
}
