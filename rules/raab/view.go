package raab

import (
	"slices"

	"druckreif/rules"
)

// Outcome: every member of the side that won the evening, and the totals
// as points of each side's members.
func (e engine) Outcome(s State) rules.Outcome {
	o := rules.Outcome{Remaining: -1, Points: map[string]int{}}
	if s.Winner != "" {
		o.Winners = slices.Clone(s.members(s.Winner))
	}
	for _, side := range []string{SideStefan, SideTeam} {
		for _, p := range s.members(side) {
			o.Points[p] = s.Score.of(side)
		}
	}
	return o
}
