package kit

import (
	"regexp"
	"strings"
	"testing"

	"druckreif/internal/pdftext"
	"druckreif/layout"
)

// metadata is the small print of a card: its ID, the deck's name and
// version, the card's number and side, the region badge, the game's name
// in the footer. Everything else on a card is read at the table.
var metadata = regexp.MustCompile(`^(?:[A-Z]{2,4}-[A-Z0-9]+(?:-[A-Z0-9]+)*|.* · .*|Karte \d+.*|Nr\. \d+|[A-Z]{2}|Schlag den Raab – Das Quiz|Das gro(?:ß|ss)e Spiel|Der Dativ ist dem Genitiv sein Tod.*|Genial daneben.*|The Game)$`)

// The typographic floor, read from the PDF content streams of the default
// kit's cards and host material: game text at least 7 pt, small print at
// least 5.5 pt (the Tf size scaled by text matrix and CTM, so a card drawn
// scaled would count at its printed size).
func TestTypographicFloor(t *testing.T) {
	files := build(t, defaultSet(t), Options{})
	checked := 0
	for path, f := range files {
		if !strings.HasSuffix(path, "/karten.pdf") && path != "raab/moderationskarten.pdf" && path != "raab/moderationsblatt-tipps.pdf" {
			continue
		}
		runs, err := pdftext.Read(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		least := map[bool]float64{true: 99, false: 99}
		for _, r := range runs {
			if strings.TrimSpace(r.Text) == "" {
				continue
			}
			meta := metadata.MatchString(r.Text)
			least[meta] = min(least[meta], r.Size)
			floor := layout.TextFloor
			if meta {
				floor = layout.MetaFloor
			}
			if r.Size < floor-0.005 {
				t.Errorf("%s page %d: %q at %.2f pt, below %.1f pt", path, r.Page, r.Text, r.Size, floor)
			}
			checked++
		}
		t.Logf("%s: smallest game text %.2f pt, smallest small print %.2f pt", path, least[false], least[true])
	}
	if _, ok := files["raab/moderationsblatt-tipps.pdf"]; !ok {
		t.Error("no host sheet for the Tipp-für-Tipp cards in short form")
	}
	if checked < 10000 {
		t.Errorf("only %d runs of text read", checked)
	}
}
