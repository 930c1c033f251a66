package components

import (
	"strings"
	"testing"

	"druckreif/internal/tooltest"
	"druckreif/layout"
)

// Every game has an assembly guide, on A4 and Letter, with the paper
// weights, the duplex test and cutting, and a drawn step for every
// component that needs building.
func TestGuides(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	want := map[string][]string{
		"labyrinth": {"Spielfiguren falten", "Einsatzchips", "Spielplan"},
		"dativ":     {"Decoder-Hülle", "Fenster", "rote Folie", "Lösungsstreifen", "Ratekarten"},
		"thegame":   {"unterstrichen"},
		"genial":    {"Antwortplättchen", "abc-Feld", "Spielfiguren"},
		"raab":      {"Drehscheibe", "Risikoscheiben", "Musterbeutelklammer", "Aufsteller", "Elton-Seite", "Trennkarten"},
	}
	for game, words := range want {
		for _, p := range []layout.Paper{layout.A4, layout.Letter} {
			pg, err := Guide(game, p.W, p.H)
			if err != nil {
				t.Fatal(err)
			}
			pdf, err := layout.Pages(p.W, p.H, pg.Title, pg.Draw)
			if err != nil {
				t.Fatalf("%s on %s: %v", game, p.Name, err)
			}
			text := strings.Join(strings.Fields(pdfText(t, pdf)), " ")
			for _, w := range append([]string{"Papier", "250–300 g/m²", "Duplex-Test", "kalibrierung-duplex.pdf", "--back-offset", "Schneiden", "Schnittmarken"}, words...) {
				if !strings.Contains(text, w) {
					t.Errorf("%s on %s: %q missing", game, p.Name, w)
				}
			}
			if len(pg.Draw) > 2 {
				t.Errorf("%s on %s: %d pages", game, p.Name, len(pg.Draw))
			}
		}
		for _, s := range guideSteps[game] {
			if s.Draw == nil || s.ArtH <= 0 {
				t.Errorf("%s: step %q has no drawing", game, s.Title)
			}
		}
	}
	if _, err := Guide("schach", 210, 297); err == nil {
		t.Error("a guide for an unknown game")
	}
}
