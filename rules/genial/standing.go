package genial

import "druckreif/rules"

// Standing: a round is a question asked (tie-breaks included); the scores
// are the points.
func (e engine) Standing(s State) rules.Standing {
	out := rules.Standing{Round: s.Asked, Scores: map[string]int{}}
	for i, p := range s.Players {
		out.Scores[p] = s.Scores[i]
	}
	return out
}
