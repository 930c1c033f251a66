package rules

// Standing is how far a game has come and where every player stands in
// it: the scorer draws a finished table's score curve from it, round by
// round, by folding the table's actions.
type Standing struct {
	// Round counts the game's rounds — questions asked, cards read, turns
	// taken, games of an evening — and changes when the next one begins
	// (or, where the engine knows no beginning, when one is scored). Only
	// its changes matter: a round's standing is the last one before it
	// changes; the value before the first round is the one at the start.
	Round int `json:"round"`
	// Scores is every player's count: points, chips, the field the piece
	// stands on, cards laid.
	Scores map[string]int `json:"scores"`
}

// Standings is implemented by engines whose players are counted as the
// game goes on.
type Standings[S any] interface {
	Standing(s S) Standing
}

func (r runner[S]) Standing(state any) (Standing, bool) {
	if st, ok := r.e.(Standings[S]); ok {
		return st.Standing(state.(S)), true
	}
	return Standing{}, false
}
