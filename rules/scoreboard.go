package rules

// Scoreboard is how far a game has come and where every player stands in
// it: the scorer draws a finished table's score curve from it, round by
// round, by folding the table's actions.
type Scoreboard struct {
	// Round counts the game's rounds — questions asked, cards read, turns
	// taken, games of an evening — and changes when the next one begins
	// (or, where the engine knows no beginning, when one is scored). Only
	// its changes matter: a round's scoreboard is the last one before it
	// changes; the value before the first round is the one at the start.
	Round int `json:"round"`
	// Scores is every player's count: points, chips, the field the piece
	// stands on, cards laid.
	Scores map[string]int `json:"scores"`
}

// Scoreboards is implemented by engines whose players are counted as
// the game goes on.
type Scoreboards[S any] interface {
	Scoreboard(s S) Scoreboard
}

func (r runner[S]) Scoreboard(state any) (Scoreboard, bool) {
	if sb, ok := r.e.(Scoreboards[S]); ok {
		return sb.Scoreboard(state.(S)), true
	}
	return Scoreboard{}, false
}
