package raab

import "druckreif/rules"

// Scoreboard: a round is a game of the evening, begun when it is spun or
// chosen; every player's score is their side's total on the box edge (the
// full-time host belongs to no side and has none).
func (e engine) Scoreboard(s State) rules.Scoreboard {
	out := rules.Scoreboard{Round: len(s.Played), Scores: map[string]int{}}
	for _, side := range []string{SideStefan, SideTeam} {
		for _, p := range s.members(side) {
			out.Scores[p] = s.Score.of(side)
		}
	}
	return out
}
