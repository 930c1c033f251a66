package components

import (
	"strings"
	"testing"

	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/layout/pieces"
)

// The board has the abc field the rules send the answer tiles to, with a
// place for every colour, on every paper.
func TestGenialBoardHasTheABCField(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		pdf, err := layout.Pages(p.W, p.H, "Spielplan", []func(*layout.Canvas) error{GenialTrack})
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		text := pdfText(t, pdf)
		for _, want := range []string{"abc-Feld", "verdeckt", "300"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q not printed", p.Name, want)
			}
		}
		for _, pc := range pieces.Players {
			if !strings.Contains(text, pc.Name) {
				t.Errorf("%s: no place for %s", p.Name, pc.Name)
			}
		}
	}
}
