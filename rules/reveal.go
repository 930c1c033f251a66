package rules

import "druckreif/i18n"

// Reveal is the moment a question is resolved, as the whole table sees it:
// the question, each player's choice, the correct answer and what each
// player gains or loses by which rule, and the standings after. It is a
// view of the entry that resolved the question (a Revealer reads it off
// the states before and after), not a step of its own: the log and the
// replay are unchanged.
type Reveal struct {
	// Title names the round ("Frage 7 von 20", "Lingutaurus").
	Title i18n.Text `json:"title"`
	// Question is the question or sentence as read out, when known; Card
	// and Task the printed card (and its task) it came from.
	Question string `json:"question,omitempty"`
	Card     string `json:"card,omitempty"`
	Task     int    `json:"task,omitempty"`
	// Correct is the correct answer in words ("B: Kaffee").
	Correct i18n.Text `json:"correct"`
	// Notes say more about the answer (the Dativ card's correct versions
	// and explanation, as the reader reads them out).
	Notes []i18n.Text `json:"notes,omitempty"`
	// Seats are the players' choices and what they brought, in seating
	// order.
	Seats []RevealSeat `json:"seats"`
	// Standings are everyone's points or places after the round.
	Standings []Standing `json:"standings"`
}

// RevealSeat is one player's part in a reveal.
type RevealSeat struct {
	Player string `json:"player"`
	// Choice is what the player laid, as printed on the card or chip
	// ("B", "RICHTIG", "a", "Einsatz 3"); empty for a player who did not
	// choose this round (the reader, the questioner).
	Choice i18n.Text `json:"choice"`
	// Right is whether the choice was right (absent: no choice to judge).
	Right *bool `json:"right,omitempty"`
	// Points is the gain (or, negative, the loss) this round brought:
	// points, chips or fields, as the game counts.
	Points int `json:"points"`
	// Why is the rule in words: "Einsatz 3, richtig", "als Einzige richtig".
	Why i18n.Text `json:"why"`
}

// Standing is one player's score or place after a round.
type Standing struct {
	Player string    `json:"player"`
	Score  int       `json:"score"`
	Text   i18n.Text `json:"text"` // "12 Punkte", "Feld 14", "in der Nische"
}

// Revealer is implemented by engines whose questions are resolved in the
// open after secret choices: Reveal reads the reveal off the states
// before and after action a (ok false: a resolved no question).
type Revealer[S any] interface {
	Reveal(before, after S, a Action) (Reveal, bool)
}

// Right is a *bool for RevealSeat.Right.
func Right(b bool) *bool { return &b }
