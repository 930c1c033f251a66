package web

import (
	"encoding/json"
	"net/http"
	"slices"

	"druckreif/rules"
	"druckreif/scorer"
)

// A screen is one game's part of the table page. Its template is
// "game-NAME" (templates/game-NAME.html); it gets the page as . and what
// view returns as .Data.Game. Games without a screen get the generic
// table: the prompt, the players, one action line to type.
type screen struct {
	// view is what the game's template draws, from the board's data.
	view func(d *boardData) any
	// action turns one of the screen's forms into an action line.
	action func(r *http.Request, d *boardData) (json.RawMessage, error)
}

// screens are the games' screens, by the setup's game name. Each game's
// file registers its own in an init function.
var screens = map[string]screen{}

// secretChoice is the state of a secret choice every player makes on their
// own phone (a vote, an answer tile): whether this phone still has to
// choose, whether its choice is in, and — on the table's phone — the
// players whose printed choice it enters by hand. open says the choice is
// being made now; laid reports a player whose choice the state already
// shows to this phone.
func (d *boardData) secretChoice(open bool, laid func(name string) bool) (want, done bool, entry []scorer.Marker) {
	if !open {
		return false, false, nil
	}
	chosen := func(name string) bool { return d.Snap.Pending != nil && slices.Contains(d.Snap.Pending.Chosen, name) }
	switch d.Snap.Viewer.Role {
	case rules.RolePlayer:
		me := d.Snap.Viewer.Player
		done = chosen(me) || laid(me)
		// A choice made on this phone can be changed until all are in.
		want = d.Acting(me) && !laid(me)
	case rules.RoleTable:
		for _, m := range d.Snap.Players {
			if d.Acting(m.Name) && !chosen(m.Name) {
				entry = append(entry, m)
			}
		}
	}
	return want, done, entry
}
