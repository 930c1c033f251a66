package raab

import (
	"slices"

	"druckreif/rules"
)

// Outcome: every member of the side that won the evening, and the totals
// as points of each side's members.
func (e engine) Outcome(s State) rules.Outcome {
	o := rules.Outcome{Remaining: -1, Points: e.Scoreboard(s).Scores}
	if s.Winner != "" {
		o.Winners = slices.Clone(s.members(s.Winner))
	}
	return o
}
