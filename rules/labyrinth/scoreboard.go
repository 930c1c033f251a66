package labyrinth

import "druckreif/rules"

// Scoreboard: a round is a question card drawn (its Lingutaurus cards belong
// to it); the scores are the fields the pieces stand on — 0 the start,
// Length the exit, −1 … −4 behind the start, NichePos in a niche.
func (e *engine) Scoreboard(s State) rules.Scoreboard {
	return rules.Scoreboard{Round: s.Question, Scores: positions(s)}
}

// positions are the fields the pieces stand on, by player.
func positions(s State) map[string]int {
	out := map[string]int{}
	for _, p := range s.Players {
		out[p.Name] = p.Pos
	}
	return out
}
