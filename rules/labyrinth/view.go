package labyrinth

import (
	"fmt"
	"maps"
	"slices"

	"druckreif/rules"
)

// Hidden marks a tip card or bet chip that lies face down: Tip "?" and
// Bet −1 in another viewer's state.
const (
	HiddenTip = "?"
	HiddenBet = -1
)

// View hides what lies face down: while a question is open, the tips of
// the others (turned over together at the reveal), their bet chips until
// all are placed, and the correct
// answer, which only the reader sees on the card; in the Lingutaurus flow
// the card's answer is the reader's only. The undrawn stacks are face down
// for everyone.
func (e *engine) View(s State, v rules.Viewer) State {
	out := s
	out.Stack, out.LingStack = nil, nil
	me := func(name string) bool { return v.Role == rules.RolePlayer && v.Player == name }
	if s.Phase == PhaseQuestion {
		// The bet chips lie face up, but are placed "at the same time":
		// each shows once all have been placed. The tips are turned over
		// at the reveal.
		allBet := true
		for _, i := range s.answerers() {
			allBet = allBet && s.Players[i].Bet != 0
		}
		out.Players = slices.Clone(s.Players)
		for i, p := range out.Players {
			if me(p.Name) {
				continue
			}
			if p.Tip != "" {
				out.Players[i].Tip = HiddenTip
			}
			if p.Bet != 0 && !allBet {
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

// Outcome: the winners (joint winners possible); each player's count is
// the field the piece reached.
func (e *engine) Outcome(s State) rules.Outcome {
	return rules.Outcome{Remaining: -1, Winners: slices.Clone(s.Winners), Points: positions(s)}
}

// Speakers are the players an action speaks for: its player, or everyone
// in a batch of tips and bets.
func (e *engine) Speakers(s State, a rules.Action) []string {
	if actionType(a) == ActPlace {
		var d placeData
		if rules.DecodeStrict(a.Data, &d) == nil && (d.Tips != nil || d.Bets != nil) {
			seen := map[string]bool{}
			var out []string
			for n := range d.Tips {
				seen[n] = true
			}
			for n := range d.Bets {
				seen[n] = true
			}
			for n := range seen {
				out = append(out, n)
			}
			slices.Sort(out)
			return out
		}
	}
	return rules.ActionPlayer(a)
}

// Secret: one player's "place" (tip card and bet chip, face down) while a
// question or a Lingutaurus card is open.
func (e *engine) Secret(s State, a rules.Action) (string, bool) {
	if actionType(a) != ActPlace || (s.Phase != PhaseQuestion && s.Phase != PhaseLingutaurus) {
		return "", false
	}
	var d placeData
	if rules.DecodeStrict(a.Data, &d) != nil || d.Player == "" || d.Tips != nil || d.Bets != nil {
		return "", false
	}
	return d.Player, true
}

// Collect turns every player's tip and chip over together: one "place".
func (e *engine) Collect(s State, choices []rules.Action) (rules.Action, error) {
	tips, bets := map[string]string{}, map[string]int{}
	for _, c := range choices {
		var d placeData
		if err := decode(c, &d); err != nil {
			return rules.Action{}, err
		}
		if d.Tip != "" {
			tips[d.Player] = d.Tip
		}
		if d.Chip != 0 {
			bets[d.Player] = d.Chip
		}
	}
	out := map[string]any{"type": ActPlace}
	if len(tips) > 0 {
		out["tips"] = tips
	}
	if len(bets) > 0 {
		out["bets"] = bets
	}
	return rules.NewAction(ActPlace, out), nil
}

// Split: a batch of tips and bets (the table entering printed tip cards
// and chips) is one secret "place" per player.
func (e *engine) Split(s State, a rules.Action) ([]rules.Action, bool) {
	if actionType(a) != ActPlace || (s.Phase != PhaseQuestion && s.Phase != PhaseLingutaurus) {
		return nil, false
	}
	var d placeData
	if rules.DecodeStrict(a.Data, &d) != nil || d.Player != "" || d.Tip != "" || d.Chip != 0 || (d.Tips == nil && d.Bets == nil) {
		return nil, false
	}
	names := map[string]bool{}
	for n := range d.Tips {
		names[n] = true
	}
	for n := range d.Bets {
		names[n] = true
	}
	var out []rules.Action
	for _, n := range slices.Sorted(maps.Keys(names)) {
		out = append(out, rules.NewAction(ActPlace, placeData{Type: ActPlace, Player: n, Tip: d.Tips[n], Chip: d.Bets[n]}))
	}
	return out, len(out) > 0
}

// Round: the tips and chips on one question card (or Lingutaurus card).
func (e *engine) Round(s State) string {
	card := ""
	switch {
	case s.Phase == PhaseLingutaurus && s.Ling != nil && s.Ling.Card != nil:
		card = s.Ling.Card.ID
	case s.Card != nil:
		card = s.Card.ID
	}
	return fmt.Sprintf("%s:%d:%s", s.Phase, s.Question, card)
}
