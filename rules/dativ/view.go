package dativ

import (
	"fmt"
	"slices"

	"druckreif/rules"
)

// Hidden is what another player sees of a guess card lying face down.
const Hidden = rules.Hidden

// View hides what the rulebook keeps secret: the guess cards lie face down
// until all are placed ("Once all players have placed a guess card,
// everyone reveals their guess cards at the same time"); whether the
// variant read aloud is right is known only from the Decoder after the
// votes — the reader votes too, so it is hidden from the reader as well;
// and the rest of a dealt draw pile is face down (the reader sees the top
// card, the one to draw).
func (e engine) View(s State, v rules.Viewer) State {
	out := s
	out.Pile = nil
	// The reader draws the top card of a dealt pile: that card is theirs.
	if len(s.Pile) > 0 && s.Phase == PhaseRead && (v.Role == rules.RoleTable || (v.Role == rules.RolePlayer && v.Player == s.Players[s.Reader])) {
		out.Pile = s.Pile[:1]
	}
	if s.Phase != PhaseVote {
		return out
	}
	out.Votes = rules.HideChoices(s.Players, s.Votes, v)
	if s.Reading != nil {
		r := *s.Reading
		r.Right = nil
		out.Reading = &r
	}
	return out
}

// Speakers are the voters of a vote (one, or all in a batch) and the
// action's player otherwise.
func (e engine) Speakers(s State, a rules.Action) []string { return guessCards.Speakers(a) }

// Secret: a single player's vote is a guess card laid face down.
func (e engine) Secret(s State, a rules.Action) (string, bool) {
	if s.Phase != PhaseVote {
		return "", false
	}
	return guessCards.Secret(a)
}

// Collect turns the guess cards over together: one vote action for all.
func (e engine) Collect(s State, choices []rules.Action) (rules.Action, error) {
	return guessCards.Collect(choices)
}

// Outcome: the most chips win; every player's chips are the points.
func (e engine) Outcome(s State) rules.Outcome {
	return rules.Outcome{Remaining: -1, Winners: slices.Clone(s.Winners), Points: e.Scoreboard(s).Scores}
}

// Split: a batch of votes (the table entering printed guess cards) is one
// secret vote per player.
func (e engine) Split(s State, a rules.Action) ([]rules.Action, bool) {
	if s.Phase != PhaseVote {
		return nil, false
	}
	return guessCards.Split(a)
}

// Round: the votes on one reading (the card, side and variant read).
func (e engine) Round(s State) string {
	if s.Reading == nil {
		return fmt.Sprintf("%d", s.Drawn)
	}
	r := s.Reading
	return fmt.Sprintf("%d:%s:%s:%s", s.Drawn, r.Card, r.Side, r.Option)
}
