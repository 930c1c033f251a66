package decks

import (
	"fmt"
	"strings"
)

// The rulebook's orange-corner numbers: each mini-game's quiz cards carry a
// range of the numbers 1–233 (raab-quiz.txt, „Quiz cards … (156–165)“), and
// Wo liegt was? one range per map, in the order the rulebook lists them
// (Germany, Europe, world). The kit numbers the default deck's cards the
// same, so that they sort into the original box beside its cards.

// NumberRange is a run of orange-corner numbers; Map names the map of a
// Wo liegt was? range ("" for the other games).
type NumberRange struct {
	First, Last int
	Map         string
}

// RulebookCards is the number of quiz cards the rulebook numbers; the
// default deck's extra cards (for two players) are numbered from
// RulebookCards+1 on.
const RulebookCards = 233

var rulebookNumbers = map[string][]NumberRange{
	"AK": {{1, 5, ""}}, "BK": {{6, 25, ""}}, "BS": {{26, 34, ""}}, "BZ": {{35, 39, ""}}, "BU": {{40, 44, ""}},
	"EN": {{45, 50, ""}}, "EO": {{51, 58, ""}}, "FZ": {{59, 68, ""}}, "FS": {{69, 78, ""}}, "FP": {{79, 93, ""}},
	"KR": {{94, 98, ""}}, "LM": {{99, 102, ""}}, "LS": {{103, 106, ""}}, "SC": {{107, 115, ""}}, "SQ": {{116, 125, ""}},
	"SO": {{126, 135, ""}}, "SW": {{136, 141, ""}}, "ST": {{142, 151, ""}}, "SM": {{152, 155, ""}}, "TT": {{156, 165, ""}},
	"WW": {{166, 173, ""}}, "WL": {{174, 183, ""}}, "WM": {{184, 193, ""}}, "TV": {{194, 198, ""}},
	"WO": {{199, 204, "D"}, {205, 210, "EU"}, {211, 216, "Globus"}},
	"WR": {{217, 221, ""}}, "ZO": {{222, 233, ""}},
}

// RulebookNumbers returns a mini-game's ranges of orange-corner numbers in
// the rulebook.
func (g *MiniGame) RulebookNumbers() []NumberRange { return rulebookNumbers[g.Code] }

// mapOf is the map key of a Wo liegt was? card, "" for other cards.
func mapOf(c *RaabCard) string {
	for _, t := range c.Tasks {
		if p, ok := t.(Place); ok && p.Map != nil {
			return p.Map.Key
		}
	}
	return ""
}

// numberByRulebook gives a default deck's Raab cards the rulebook's
// orange-corner numbers, once, from the whole deck (a region filter leaves
// gaps, never moves a number): the first cards of a game, or of a map,
// fill its range in deck order, and the extra cards — the default deck's
// cards for two players beyond the rulebook's count — are numbered from
// 234 on, game by game, and sort to their game behind its divider.
func numberByRulebook(cards []*RaabCard) {
	extra := RulebookCards + 1
	for _, g := range MiniGames {
		ranges := g.RulebookNumbers()
		used := map[int]int{} // range index → numbers given
		for _, c := range cards {
			if c.Game != g {
				continue
			}
			i := 0
			for j, r := range ranges {
				if r.Map == mapOf(c) {
					i = j
				}
			}
			if i < len(ranges) && used[i] < ranges[i].Last-ranges[i].First+1 {
				c.rulebook = ranges[i].First + used[i]
				used[i]++
				continue
			}
			c.rulebook = extra
			extra++
		}
	}
}

// numberRaab derives the Raab cards' orange-corner numbers: the rulebook's
// when every Raab card comes from the default deck; with a user's deck,
// as before, 1, 2, 3 … over all mini-games in the rulebook's order.
func (s *Set) numberRaab() {
	var cards []*RaabCard
	rulebook := true
	for _, d := range s.Decks {
		cards = append(cards, d.Raab...)
		rulebook = rulebook && (len(d.Raab) == 0 || d.Info.Default)
	}
	for _, c := range cards {
		c.Serial = 0
		if rulebook {
			c.Serial = c.rulebook
		}
	}
	if !rulebook {
		for i, c := range s.Raab() {
			c.Serial = i + 1
		}
	}
}

// SerialRuns returns a mini-game's orange-corner numbers in the set as runs
// of consecutive numbers, in order (156–165; 199–216 and 238–240).
func (s *Set) SerialRuns(g *MiniGame) []NumberRange {
	var out []NumberRange
	for _, c := range s.Raab() {
		if c.Game != g {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Last+1 == c.Serial {
			out[n-1].Last = c.Serial
			continue
		}
		out = append(out, NumberRange{First: c.Serial, Last: c.Serial})
	}
	return out
}

// ExtraCardsNote says which of a game's cards are the default deck's extra
// cards for two players ("238–240: Zusatzkarten für das Spiel zu zweit"),
// "" when the game has none.
func ExtraCardsNote(runs []NumberRange) string {
	var extra []NumberRange
	for _, r := range runs {
		if r.First > RulebookCards {
			extra = append(extra, r)
		}
	}
	if len(extra) == 0 || len(extra) == len(runs) {
		return ""
	}
	if len(extra) == 1 && extra[0].First == extra[0].Last {
		return RunsText(extra, ", ") + ": Zusatzkarte für das Spiel zu zweit"
	}
	return RunsText(extra, ", ") + ": Zusatzkarten für das Spiel zu zweit"
}

// RunsText writes runs of numbers as „45–50“, joined by sep.
func RunsText(runs []NumberRange, sep string) string {
	parts := make([]string, len(runs))
	for i, r := range runs {
		parts[i] = fmt.Sprint(r.First)
		if r.Last != r.First {
			parts[i] = fmt.Sprintf("%d–%d", r.First, r.Last)
		}
	}
	return strings.Join(parts, sep)
}
