package thegame

import (
	"encoding/json"
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
	// A card laid from another's entered hand tells what that hand was
	// entered with: the table hears of it with the result.
	if s.Result == nil {
		out.Doubles = nil
	}
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

// Private: a hand entry, and the values entered with a draw, are that
// player's hand cards — in a record read before the game's end the
// entry is left out and the draw keeps only its count.
func (e Engine) Private(s State, a rules.Action) (string, rules.Action, bool) {
	switch a.Type {
	case "hand":
		var d handData
		if rules.DecodeStrict(a.Data, &d) != nil {
			return "", a, false
		}
		return d.Player, rules.Action{Type: a.Type}, true
	case "draw":
		var d drawData
		if rules.DecodeStrict(a.Data, &d) != nil || len(d.Cards) == 0 {
			return "", a, false
		}
		player := d.Player
		if player == "" && s.Active < len(s.Players) {
			player = s.Players[s.Active]
		}
		var line map[string]json.RawMessage
		if json.Unmarshal(a.Data, &line) != nil {
			return "", a, false
		}
		delete(line, "cards")
		b, _ := json.Marshal(line)
		return player, rules.Action{Type: a.Type, Data: b}, true
	}
	return "", a, false
}
