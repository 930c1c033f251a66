package dativ

import "druckreif/rules"

// Scoreboard: a round is a card drawn and read; the scores are the chips
// won.
func (e engine) Scoreboard(s State) rules.Scoreboard {
	out := rules.Scoreboard{Round: s.Drawn, Scores: map[string]int{}}
	for i, p := range s.Players {
		out.Scores[p] = s.Chips[i]
	}
	return out
}
