package labyrinth

import (
	"slices"

	"druckreif/rules"
)

// Hidden marks a tip card or bet chip that lies face down: Tip "?" and
// Bet −1 in another viewer's state.
const (
	HiddenTip = "?"
	HiddenBet = -1
)

// View hides what lies face down: while a question is open, the tips and
// bets of the others (turned over together at the reveal) and the correct
// answer, which only the reader sees on the card; in the Lingutaurus flow
// the card's answer is the reader's only. The undrawn stacks are face down
// for everyone.
func (e *engine) View(s State, v rules.Viewer) State {
	out := s
	out.Stack, out.LingStack = nil, nil
	me := func(name string) bool { return v.Role == rules.RolePlayer && v.Player == name }
	if s.Phase == PhaseQuestion {
		out.Players = slices.Clone(s.Players)
		for i, p := range out.Players {
			if me(p.Name) {
				continue
			}
			if p.Tip != "" {
				out.Players[i].Tip = HiddenTip
			}
			if p.Bet != 0 {
				out.Players[i].Bet = HiddenBet
			}
		}
		if s.Card != nil && !me(s.Players[s.Reader].Name) {
			c := *s.Card
			c.Correct = ""
			out.Card = &c
		}
	}
	if s.Phase == PhaseLingutaurus && s.Ling != nil && s.Ling.Card != nil && !me(s.Players[s.Ling.Reader].Name) {
		l := *s.Ling
		c := *l.Card
		c.Correct = ""
		l.Card = &c
		out.Ling = &l
	}
	return out
}

// Outcome: the winners (joint winners possible).
func (e *engine) Outcome(s State) rules.Outcome {
	return rules.Outcome{Remaining: -1, Winners: slices.Clone(s.Winners)}
}
