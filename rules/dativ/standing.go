package dativ

import "druckreif/rules"

// Standing: a round is a card drawn and read; the scores are the chips
// won.
func (e engine) Standing(s State) rules.Standing {
	out := rules.Standing{Round: s.Drawn, Scores: map[string]int{}}
	for i, p := range s.Players {
		out.Scores[p] = s.Chips[i]
	}
	return out
}
