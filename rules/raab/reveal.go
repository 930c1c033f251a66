package raab

import (
	"encoding/json"
	"fmt"
	"strings"

	"druckreif/i18n"
	"druckreif/rules"
)

// Reveal: both players' secret picks turned over (chips, a guess, a stake)
// and the duel step they decided: each side's pick and what it brought on
// the duel's score track, and the solution (the host's entry or the
// card's task; none for a stake, set before the question is read).
func (e engine) Reveal(before, after State, a rules.Action) (rules.Reveal, bool) {
	c, n := before.Current, after.Current
	if c == nil || c.Duel == nil || c.Question == nil || n == nil || n.Duel == nil || isPick(a) || (a.Type != "bet" && a.Type != "choose" && a.Type != "guess") {
		return rules.Reveal{}, false
	}
	var r revealedAction
	if rules.DecodeStrict(a.Data, &r) != nil || r.Red == nil || r.Blue == nil {
		return rules.Reveal{}, false
	}
	q := c.Question
	out := rules.Reveal{Card: q.Card, Task: q.Task, Title: i18n.Sprintf("%s – Aufgabe %d", "%s – task %d", c.Name, q.Number)}
	// A stake is set before the question is asked: its reveal names no
	// solution. A guess or a choice is scored: the solution is the
	// host's entry, or the card's task.
	switch {
	case a.Type == "bet":
	case len(q.Answer) > 0:
		out.Correct = i18n.Text{DE: pickString(q.Answer), EN: pickString(q.Answer)}
	case q.Card != "" && q.Task != 0:
		if t, _, err := e.duels.CardTask(*c.Duel, q.Card, q.Task); err == nil && t != nil {
			out.Correct = i18n.Text{DE: t.Solution(), EN: t.Solution()}
		}
	}
	for k, side := range []struct {
		player string
		pick   json.RawMessage
	}{{c.Candidate, r.Red}, {c.StefanPlayer, r.Blue}} {
		seat := rules.RevealSeat{Player: side.player, Points: n.Duel.Score[k] - c.Duel.Score[k]}
		choice := pickString(side.pick)
		switch a.Type {
		case "bet":
			seat.Choice = i18n.Sprintf("Einsatz %s", "stake %s", choice)
			seat.Why = i18n.T("Einsatz gesetzt", "stake set")
		default:
			seat.Choice = i18n.Text{DE: choice, EN: choice}
			switch {
			case seat.Points > 0:
				seat.Why = i18n.Sprintf("+%d auf der Punkteleiste", "+%d on the score track", seat.Points)
			case seat.Points < 0:
				seat.Why = i18n.Sprintf("−%d auf der Punkteleiste", "−%d on the score track", -seat.Points)
			default:
				seat.Why = i18n.T("bleibt stehen", "stays")
			}
		}
		out.Seats = append(out.Seats, seat)
	}
	for k, p := range []string{n.Candidate, n.StefanPlayer} {
		out.Standings = append(out.Standings, rules.Standing{Player: p, Score: n.Duel.Score[k], Text: i18n.Sprintf("%d im Spiel", "%d in the game", n.Duel.Score[k])})
	}
	return out, true
}

// pickString is a pick as the players laid it: "A", "A, C", "12".
func pickString(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return strings.Join(list, ", ")
	}
	var x any
	if json.Unmarshal(raw, &x) == nil {
		return fmt.Sprint(x)
	}
	return string(raw)
}
