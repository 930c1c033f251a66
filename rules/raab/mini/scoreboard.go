package mini

import "druckreif/rules"

// Scoreboard: a round is a task finished (a repeat after a tie counts its
// tasks anew, from a score of 0:0); the scores are the score track's, by
// the sides' player names (red is the candidate, blue Stefan).
func (e *Engine) Scoreboard(s State) rules.Scoreboard {
	out := rules.Scoreboard{Round: s.Round<<16 | s.Tasks, Scores: map[string]int{}}
	for i := range s.Players {
		out.Scores[sideName(s, i)] = s.Score[i]
	}
	return out
}

// sideName is the name of side i's player, or the side's colour where the
// setup names no players.
func sideName(s State, i int) string {
	if s.Players[i] != "" {
		return s.Players[i]
	}
	return [2]string{"red", "blue"}[i]
}
