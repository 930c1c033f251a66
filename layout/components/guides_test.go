package components

import (
	"fmt"
	"strings"
	"testing"

	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/layout/decoder"
)

// Every game has an assembly guide, on A4 and Letter, with the paper
// weights, the duplex test and cutting, and a drawn step for every
// component that needs building.
func TestGuides(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	want := map[string][]string{
		"labyrinth": {"Spielfiguren falten", "Einsatzchips", "Spielplan", "Spielkarte", "66 × 91 mm"},
		"dativ":     {"Decoder-Hülle", "Fenster", "rote Folie", "Lösungsstreifen", "Ratekarten", "89 × 127 mm", "90 × 128 mm", "gutterfold"},
		"thegame":   {"unterstrichen", "gemeinsame Rückseite", "alte Spielkarte", "66 × 91 mm"},
		"genial":    {"Antwortplättchen", "abc-Feld", "Spielfiguren", "alte Spielkarte"},
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
			for _, w := range append([]string{"Papier", "Kartenhüllen", "160–200 g/m²", "250–300 g/m²", "Duplex-Test", "kalibrierung-duplex.pdf", "--back-offset",
				"Duplex von Hand", "Testblatt", "lange Kante", "nur ungerade Seiten", "Versatz", "Schneiden", "Schnittmarken"}, words...) {
				if !strings.Contains(text, w) {
					t.Errorf("%s on %s: %q missing", game, p.Name, w)
				}
			}
			if len(pg.Draw) > 3 {
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

// The Dativ guide's sizes are the card's and the Decoder's own: a sleeve
// must hold the card, and the Decoder's inside is the card plus its play.
func TestDativSleeveAdviceMatchesTheDecoder(t *testing.T) {
	st, err := layout.LoadStyle("dativ", "")
	if err != nil {
		t.Fatal(err)
	}
	w, h := st.Card.Width, st.Card.Height
	text := sleeves["dativ"]
	for _, want := range []string{
		fmt.Sprintf("(%.0f\u00a0×\u00a0%.0f\u00a0mm)", w, h),
		fmt.Sprintf("%.0f\u00a0×\u00a0%.0f\u00a0mm innen", w+1, h+1),
		fmt.Sprintf("innen %.0f\u00a0×\u00a0%.0f\u00a0mm", w+decoder.Play, h+decoder.Play),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the Dativ sleeve advice lacks %q:\n%s", want, text)
		}
	}
}
