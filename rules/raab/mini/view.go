package mini

import "druckreif/rules"

// Outcome: the duel's winner, by the side's player name where the setup
// names the players (red is the candidate, blue Stefan).
func (e *Engine) Outcome(s State) rules.Outcome {
	o := rules.Outcome{Remaining: -1, Points: e.Scoreboard(s).Scores}
	for i, side := range []string{"red", "blue"} {
		if s.Winner == side {
			o.Winners = []string{sideName(s, i)}
		}
	}
	return o
}
