package web

import (
	"encoding/json"
	"net/http"
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
