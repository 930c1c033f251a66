package rules

import (
	"maps"
	"slices"

	"druckreif/i18n"
)

// SecretChoice is the choice action of a quiz round in which the players
// choose in secret and reveal together: the Dativ card game's guess cards
// (RICHTIG or FALSCH), Genial daneben's answer tiles (a, b or c). One
// action holds either one player's choice — {"player": …, "vote": …}, as
// that player's phone posts it — or a batch of several — {"votes":
// {player: choice}}, as the table's phone enters the printed cards. What
// follows from that shape is the same in every such game and is built
// here once: reading the choices an action gives, the players it speaks
// for, which action is a single secret choice (Secrets), splitting a batch
// into single choices (Splitter) and collecting them into the one action
// that reveals them together.
//
// P is the engine's payload type of the action, which is decoded strictly,
// as every action is, so that a typo is refused rather than ignored.
type SecretChoice[P any] struct {
	Type  string // the action type: "vote"
	Field string // the field of one player's choice: "vote"
	Batch string // the field of a batch: "votes"
	// Fields reads a payload: the player and choice of a single choice
	// and the batch (nil when the payload has none).
	Fields func(p P) (player, choice string, batch map[string]string)
	// One is the payload of one player's choice, as Split posts it.
	One func(player, choice string) P
	// Incomplete and Empty refuse a single choice without its player or
	// choice and a batch without a choice, in the game's words ("Eine
	// Stimme braucht player und vote (richtig oder falsch).").
	Incomplete, Empty i18n.Text
}

// Given is the choices a payload gives, player → choice as written, or
// the refusal of a payload that gives both forms, neither, or an empty
// batch. Whether the players may choose and what they chose is the
// engine's to check.
func (c SecretChoice[P]) Given(p P) (map[string]string, error) {
	player, choice, batch := c.Fields(p)
	switch {
	case batch != nil && (player != "" || choice != ""):
		return nil, Forbid("bad-action", "Entweder player und %s oder %s angeben, nicht beides.", "Give either player and %s or %s, not both.", c.Field, c.Batch)
	case batch != nil:
		if len(batch) == 0 {
			return nil, Reject("bad-action", c.Empty)
		}
		return batch, nil
	case player == "" || choice == "":
		return nil, Reject("bad-action", c.Incomplete)
	}
	return map[string]string{player: choice}, nil
}

// Speakers are the players an action speaks for: those of a batch of
// choices, otherwise the action's player (see Speaker).
func (c SecretChoice[P]) Speakers(a Action) []string {
	if a.Type == c.Type {
		var p P
		if DecodeStrict(a.Data, &p) == nil {
			if _, _, batch := c.Fields(p); batch != nil {
				return slices.Sorted(maps.Keys(batch))
			}
		}
	}
	return ActionPlayer(a)
}

// Secret reports whether a is one player's choice, and whose (see
// Secrets). Whether the round is choosing now is the engine's to say.
func (c SecretChoice[P]) Secret(a Action) (string, bool) {
	if a.Type != c.Type {
		return "", false
	}
	var p P
	if DecodeStrict(a.Data, &p) != nil {
		return "", false
	}
	player, _, batch := c.Fields(p)
	if batch != nil || player == "" {
		return "", false
	}
	return player, true
}

// Split is a batch as single choices, one per player in the order of
// their names, so that a batch the table enters adds to the choices made
// on the phones (see Splitter).
func (c SecretChoice[P]) Split(a Action) ([]Action, bool) {
	if a.Type != c.Type {
		return nil, false
	}
	var p P
	if DecodeStrict(a.Data, &p) != nil {
		return nil, false
	}
	player, _, batch := c.Fields(p)
	if batch == nil || player != "" || len(batch) == 0 {
		return nil, false
	}
	var out []Action
	for _, name := range slices.Sorted(maps.Keys(batch)) {
		out = append(out, NewAction(c.Type, c.One(name, batch[name])))
	}
	return out, true
}

// Collect is the single choices as the one batch that reveals them
// together (see Secrets).
func (c SecretChoice[P]) Collect(choices []Action) (Action, error) {
	batch := map[string]string{}
	for _, a := range choices {
		var p P
		if err := a.Decode(&p); err != nil {
			return Action{}, err
		}
		player, choice, _ := c.Fields(p)
		batch[player] = choice
	}
	return NewAction(c.Type, map[string]any{"type": c.Type, c.Batch: batch}), nil
}

// Hidden is what others see of a choice lying face down.
const Hidden = "verdeckt"

// HideChoices is what v sees of a round's secret choices, one per seat
// (empty: not chosen yet): the seat's own player sees their choice, every
// other viewer — the table's phone too — only that a card lies face down.
func HideChoices(players, choices []string, v Viewer) []string {
	out := slices.Clone(choices)
	for i, c := range out {
		if c != "" && !(v.Role == RolePlayer && v.Player == players[i]) {
			out[i] = Hidden
		}
	}
	return out
}
