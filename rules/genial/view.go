package genial

import (
	"fmt"

	"druckreif/rules"
)

// Hidden is what another player sees of an answer tile lying face down.
const Hidden = rules.Hidden

// View hides the answer tiles until all are laid, and the correct answer
// (the one with the asterisk on the card) from everyone but the
// questioner, who holds the card, until it is read out. The dealt stacks
// are face down.
func (e engine) View(s State, v rules.Viewer) State {
	out := s
	out.Stacks, out.Reserve = nil, nil
	questioner := s.Questioner >= 0 && s.Questioner < len(s.Players) && v.Role == rules.RolePlayer && v.Player == s.Players[s.Questioner]
	if s.Phase == PhaseAnswer {
		out.Answers = rules.HideChoices(s.Players, s.Answers, v)
	}
	if (s.Phase == PhaseAnswer || s.Phase == PhaseAsk) && s.Question != nil && !questioner {
		q := *s.Question
		q.Correct = ""
		out.Question = &q
	}
	return out
}

// Speakers are the players in a batch of answers, or the action's player.
func (e engine) Speakers(s State, a rules.Action) []string { return answerTiles.Speakers(a) }

// Secret: one player's answer is a tile laid face down.
func (e engine) Secret(s State, a rules.Action) (string, bool) {
	if s.Phase != PhaseAnswer {
		return "", false
	}
	return answerTiles.Secret(a)
}

// Collect turns the tiles over together.
func (e engine) Collect(s State, choices []rules.Action) (rules.Action, error) {
	return answerTiles.Collect(choices)
}

// Outcome: one winner (tie-breaks decide); the scores are the points.
func (e engine) Outcome(s State) rules.Outcome {
	o := rules.Outcome{Remaining: -1, Points: e.Scoreboard(s).Scores}
	if s.Winner != "" {
		o.Winners = []string{s.Winner}
	}
	return o
}

// Split: a batch of answer tiles (the table entering the printed tiles)
// is one secret tile per player.
func (e engine) Split(s State, a rules.Action) ([]rules.Action, bool) {
	if s.Phase != PhaseAnswer {
		return nil, false
	}
	return answerTiles.Split(a)
}

// Round: the answer tiles on one question.
func (e engine) Round(s State) string {
	if s.Question == nil {
		return fmt.Sprintf("%d", s.Asked)
	}
	return fmt.Sprintf("%d:%s", s.Asked, s.Question.Card)
}
