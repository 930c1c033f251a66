package genial

import "druckreif/rules"

// Scoreboard: a round is a question asked (tie-breaks included); the scores
// are the points.
func (e engine) Scoreboard(s State) rules.Scoreboard {
	out := rules.Scoreboard{Round: s.Asked, Scores: map[string]int{}}
	for i, p := range s.Players {
		out.Scores[p] = s.Scores[i]
	}
	return out
}
