package thegame

import "druckreif/rules"

// Scoreboard: a round is a player's turn, begun with its first card; the
// scores are the cards each player has laid (the game is won together:
// the cards not laid are the result, Outcome's Remaining).
func (e Engine) Scoreboard(s State) rules.Scoreboard {
	round := s.Turn - 1
	if s.TurnPlays > 0 {
		round = s.Turn
	}
	out := rules.Scoreboard{Round: round, Scores: map[string]int{}}
	for _, p := range s.Players {
		out.Scores[p] = 0
	}
	for _, p := range s.Plays {
		out.Scores[p.Player]++
	}
	return out
}
