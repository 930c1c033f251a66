package thegame

import (
	"slices"

	"druckreif/rules"
)

// View hides the hand cards: the values the assistant knows of a hand are
// shown to that hand's player only — not to the other players, not to the
// table's phone, not to spectators ("genaue Handkartenwerte weder verraten
// noch erfragen"). In full mode the draw pile's order is hidden from all.
// How many cards each hand holds stays visible, as it is at the table.
func (e Engine) View(s State, v rules.Viewer) State {
	out := s
	out.Hands = make([]Hand, len(s.Hands))
	for i, h := range s.Hands {
		out.Hands[i] = Hand{Count: h.Count}
		if v.Role == rules.RolePlayer && v.Player == s.Players[i] {
			out.Hands[i].Known = slices.Clone(h.Known)
		}
	}
	out.DrawPile = nil
	// A draw's known values are hand cards too.
	out.Draws = make([]Draw, len(s.Draws))
	for i, d := range s.Draws {
		out.Draws[i] = Draw{Turn: d.Turn, Player: d.Player, Count: d.Count}
		if v.Role == rules.RolePlayer && v.Player == d.Player {
			out.Draws[i].Known = slices.Clone(d.Known)
		}
	}
	return out
}

// Outcome: The Game is cooperative — all players win together or lose
// together; the result is the number of cards left.
func (e Engine) Outcome(s State) rules.Outcome {
	o := rules.Outcome{Remaining: -1}
	if s.Result == nil {
		return o
	}
	o.Remaining = s.Result.Remaining
	if s.Result.Won {
		o.Winners = slices.Clone(s.Players)
	}
	return o
}
