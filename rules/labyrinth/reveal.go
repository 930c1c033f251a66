package labyrinth

import (
	"fmt"

	"druckreif/board"
	"druckreif/i18n"
	"druckreif/rules"
)

// Reveal: the reader's "reveal" resolves a question (every tip against
// the correct answer, every piece moved by its chip) or a Lingutaurus card
// (the Word Torero's tip first, then those furthest back).
func (e *engine) Reveal(before, after State, a rules.Action) (rules.Reveal, bool) {
	if actionType(a) != ActReveal || (before.Phase != PhaseQuestion && before.Phase != PhaseLingutaurus) {
		return rules.Reveal{}, false
	}
	card := before.Card
	ling := before.Phase == PhaseLingutaurus && before.Ling != nil
	if ling {
		card = before.Ling.Card
	}
	if card == nil {
		return rules.Reveal{}, false
	}
	correct := card.Correct
	if correct == "" {
		var d revealData
		if decode(a, &d) == nil {
			correct, _ = normLetter(d.Correct)
		}
	}
	r := rules.Reveal{Correct: i18n.Text{DE: correct, EN: correct}}
	if q, ok := e.question(before, card); ok {
		r.Question = q.text
		if i := int(correct[0] - 'A'); correct != "" && i < len(q.answers) {
			r.Correct = i18n.Text{DE: correct + ": " + q.answers[i], EN: correct + ": " + q.answers[i]}
		}
	}
	if ling {
		r.Title = i18n.Sprintf("Lingutaurus auf Feld %d", "Lingutaurus on field %d", before.Tiles[before.Ling.Tile].Field)
	} else {
		r.Title = i18n.Sprintf("Frage %d von %d", "Question %d of %d", before.Question, before.stackSize())
		if card.Kind == KindRisk {
			r.Title = i18n.Sprintf("Risikofrage %d von %d", "Risk question %d of %d", before.Question, before.stackSize())
		}
	}
	answering := map[int]bool{}
	for _, i := range before.answerers() {
		answering[i] = true
	}
	for _, i := range before.seatOrder() {
		p, q := before.Players[i], after.Players[i]
		seat := rules.RevealSeat{Player: p.Name, Points: moved(p.Pos, q.Pos)}
		switch {
		case answering[i] && !ling:
			right := p.Tip == correct
			seat.Choice = i18n.Sprintf("%s · Einsatz %d", "%s · bet %d", p.Tip, p.Bet)
			seat.Right = rules.Right(right)
			switch {
			case right && seat.Points < p.Bet:
				// Stopped short: by a Lingutaurus tile or the exit.
				de, en := where(q.Pos)
				if q.Pos == after.Length {
					de, en = "am Ausgang", "at the exit"
				}
				seat.Why = i18n.Text{DE: fmt.Sprintf("Einsatz %d, richtig – bleibt %s stehen", p.Bet, de), EN: fmt.Sprintf("bet %d, right – stops %s", p.Bet, en)}
			case right:
				seat.Why = i18n.Sprintf("Einsatz %d, richtig", "bet %d, right", p.Bet)
			case q.InNiche():
				seat.Points = -p.Bet
				seat.Why = i18n.Sprintf("Einsatz %d, falsch – zurück in eine Nische", "bet %d, wrong – back into a niche", p.Bet)
			default:
				seat.Points = -p.Bet
				seat.Why = i18n.Sprintf("Einsatz %d, falsch", "bet %d, wrong", p.Bet)
			}
		case answering[i]:
			right := p.Tip == correct
			seat.Choice = i18n.Text{DE: p.Tip, EN: p.Tip}
			seat.Right = rules.Right(right)
			role := i18n.T("", "")
			if i == before.Ling.Torero {
				role = i18n.T("Wort-Torero, ", "Word Torero, ")
			}
			switch {
			case right && seat.Points > 0:
				seat.Why = i18n.T(role.DE+"richtig: zieht vor", role.EN+"right: moves on")
			case right:
				seat.Why = i18n.T(role.DE+"richtig", role.EN+"right")
			default:
				seat.Why = i18n.T(role.DE+"falsch", role.EN+"wrong")
			}
		default:
			seat.Why = i18n.T("liest vor", "reads out")
			if seat.Points != 0 {
				seat.Why = i18n.T("liest vor; vom Lingutaurus befreit", "reads out; released from the Lingutaurus")
			}
		}
		r.Seats = append(r.Seats, seat)
	}
	for _, p := range after.Players {
		de, en := where(p.Pos)
		if p.Pos == after.Length {
			de, en = "am Ausgang", "at the exit"
		}
		r.Standings = append(r.Standings, rules.Standing{Player: p.Name, Score: p.Pos, Text: i18n.Text{DE: de, EN: en}})
	}
	return r, true
}

// moved is how many fields a piece moved (negative: back). A piece leaves
// its niche from the start field; one sent into a niche went back past
// the four fields behind the start.
func moved(from, to int) int {
	if from == to {
		return 0 // also a piece that stays in its niche
	}
	if from == NichePos {
		from = 0
	}
	if to == NichePos {
		to = -(board.Behind + 1)
	}
	return to - from
}

// questionText is a card's question and answers as read out.
type questionText struct {
	text    string
	answers []string
}

// question looks the card up for its text (the side played).
func (e *engine) question(s State, c *Card) (questionText, bool) {
	if c.ID == "" || e.set == nil {
		return questionText{}, false
	}
	card, side, _, err := e.lookup(&s, c.ID)
	if err != nil || card == nil {
		return questionText{}, false
	}
	for _, f := range card.Sides {
		if f.ID == side {
			return questionText{text: f.Question, answers: f.Answers[:]}, true
		}
	}
	return questionText{}, false
}
