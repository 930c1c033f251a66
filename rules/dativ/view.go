package dativ

import (
	"fmt"
	"maps"
	"slices"

	"druckreif/rules"
)

// Hidden is what another player sees of a guess card lying face down.
const Hidden = "verdeckt"

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
	out.Votes = slices.Clone(s.Votes)
	for i, vote := range out.Votes {
		if vote != "" && !(v.Role == rules.RolePlayer && v.Player == s.Players[i]) {
			out.Votes[i] = Hidden
		}
	}
	if s.Reading != nil {
		r := *s.Reading
		r.Right = nil
		out.Reading = &r
	}
	return out
}

// Speakers are the voters of a vote (one, or all in a batch) and the
// action's player otherwise.
func (e engine) Speakers(s State, a rules.Action) []string {
	if a.Type == ActVote {
		var p VoteAction
		if rules.DecodeStrict(a.Data, &p) == nil && p.Votes != nil {
			return slices.Sorted(maps.Keys(p.Votes))
		}
	}
	return rules.ActionPlayer(a)
}

// Secret: a single player's vote is a guess card laid face down.
func (e engine) Secret(s State, a rules.Action) (string, bool) {
	if a.Type != ActVote || s.Phase != PhaseVote {
		return "", false
	}
	var p VoteAction
	if rules.DecodeStrict(a.Data, &p) != nil || p.Votes != nil || p.Player == "" {
		return "", false
	}
	return p.Player, true
}

// Collect turns the guess cards over together: one vote action for all.
func (e engine) Collect(s State, choices []rules.Action) (rules.Action, error) {
	votes := map[string]string{}
	for _, c := range choices {
		var p VoteAction
		if err := c.Decode(&p); err != nil {
			return rules.Action{}, err
		}
		votes[p.Player] = p.Vote
	}
	return rules.NewAction(ActVote, map[string]any{"type": ActVote, "votes": votes}), nil
}

// Outcome: the most chips win; every player's chips are the points.
func (e engine) Outcome(s State) rules.Outcome {
	return rules.Outcome{Remaining: -1, Winners: slices.Clone(s.Winners), Points: e.Scoreboard(s).Scores}
}

// Split: a batch of votes (the table entering printed guess cards) is one
// secret vote per player.
func (e engine) Split(s State, a rules.Action) ([]rules.Action, bool) {
	if a.Type != ActVote || s.Phase != PhaseVote {
		return nil, false
	}
	var p VoteAction
	if rules.DecodeStrict(a.Data, &p) != nil || p.Votes == nil || p.Player != "" || len(p.Votes) == 0 {
		return nil, false
	}
	var out []rules.Action
	for _, name := range slices.Sorted(maps.Keys(p.Votes)) {
		out = append(out, rules.NewAction(ActVote, VoteAction{Type: ActVote, Player: name, Vote: p.Votes[name]}))
	}
	return out, true
}

// Round: the votes on one reading (the card, side and variant read).
func (e engine) Round(s State) string {
	if s.Reading == nil {
		return fmt.Sprintf("%d", s.Drawn)
	}
	r := s.Reading
	return fmt.Sprintf("%d:%s:%s:%s", s.Drawn, r.Card, r.Side, r.Option)
}
