package decks

import (
	"fmt"
	"strings"
	"testing"

	"druckreif/i18n"
)

// The default deck's Raab cards carry the rulebook's orange-corner numbers:
// each game's numbers up to 233 are exactly its ranges in raab-quiz.txt
// (Tipp für Tipp 156–165, Zocken 222–233, Wo liegt was? 199–204 Germany,
// 205–210 Europe, 211–216 world), the extra cards for two players are
// numbered 234 and up game by game and sort to their game, and the card
// IDs stay as they were.
func TestDefaultRaabNumbersAreTheRulebooks(t *testing.T) {
	set, probs := LoadSet(Options{})
	if set == nil {
		t.Fatal(probs)
	}
	extra := RulebookCards + 1
	for _, g := range MiniGames {
		var rulebook []int
		for _, r := range g.RulebookNumbers() {
			for n := r.First; n <= r.Last; n++ {
				rulebook = append(rulebook, n)
			}
		}
		var got, extras []int
		for _, c := range set.Raab() {
			if c.Game != g {
				continue
			}
			if want := fmt.Sprintf("RAAB-%s-%s-%d", c.Deck.Code, g.Code, c.Number); c.ID != want {
				t.Errorf("card ID %s, want %s", c.ID, want)
			}
			if c.Serial <= RulebookCards {
				got = append(got, c.Serial)
			} else {
				extras = append(extras, c.Serial)
			}
			for _, task := range c.Tasks {
				if p, ok := task.(Place); ok && c.Serial <= RulebookCards {
					for _, r := range g.RulebookNumbers() {
						if c.Serial >= r.First && c.Serial <= r.Last && r.Map != p.Map.Key {
							t.Errorf("%s (map %s) numbered %d, in the range of map %s", c.ID, p.Map.Key, c.Serial, r.Map)
						}
					}
				}
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(rulebook) {
			t.Errorf("%s: numbers %v, the rulebook's %v", g.Name, got, rulebook)
		}
		for _, n := range extras {
			if n != extra {
				t.Errorf("%s: extra card %d, want %d", g.Name, n, extra)
			}
			extra++
		}
	}
	if extra != 241 {
		t.Errorf("extra cards numbered up to %d, want 240 (seven extra cards)", extra-1)
	}
	// A region filter leaves numbers where they are.
	filtered := set.Filter(RegionFilter{Exclude: []string{"de-BY"}})
	for _, c := range filtered.Raab() {
		if c.Serial != c.rulebook {
			t.Fatalf("%s renumbered to %d by a filter", c.ID, c.Serial)
		}
	}
	if runs := set.SerialRuns(gameWoLiegtWas); fmt.Sprint(runs) != "[{199 216 } {238 240 }]" {
		t.Errorf("Wo liegt was? runs %v", runs)
	}
}

// A user's Raab deck beside the default decks numbers every card 1, 2, 3 …
// as before; the default deck alone keeps the rulebook's numbers after.
func TestUserRaabDeckNumbersAsBefore(t *testing.T) {
	mine, probs := loadSheets(t, sheets{
		"Deck":   deckSheet("raab", "MEIN"),
		"Zocken": {{"Karte", "Thema", "Frage", "A", "B", "C", "D", "Richtig"}, {"1", "T", "F?", "a", "b", "c", "d", "A"}},
	})
	if mine == nil {
		t.Fatal(messages(probs, i18n.German))
	}
	defaults, _ := LoadDefaults()
	set, _ := Combine(append(defaults, mine)...)
	cards := set.Raab()
	for i, c := range cards {
		if c.Serial != i+1 {
			t.Fatalf("%s numbered %d, want %d", c.ID, c.Serial, i+1)
		}
	}
	if last := cards[len(cards)-1]; !strings.HasPrefix(last.ID, "RAAB-MEIN-ZO") || last.Serial != 241 {
		t.Errorf("last card %s #%d", last.ID, last.Serial)
	}
	alone, _ := Combine(defaults...)
	if _, last, _ := alone.SerialRange(gameZocken); last != 233 {
		t.Errorf("Zocken ends at %d after the combined set, want 233", last)
	}
}
