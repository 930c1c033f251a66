package genial

import (
	"druckreif/i18n"
	"druckreif/rules"
)

// Reveal: the last answer tile (or the questioner's reading of the
// asterisk for a card the app does not know) turns every tile over and
// scores the question: each tile, the correct answer, the 10 or 20 points
// of those right and the questioner's 10 per wrong answer.
func (e engine) Reveal(before, after State, a rules.Action) (rules.Reveal, bool) {
	if (a.Type != ActAnswer && a.Type != ActReveal) || (before.Phase != PhaseAnswer && before.Phase != PhaseReveal) ||
		after.Phase == before.Phase || after.Phase == PhaseReveal || before.Question == nil {
		return rules.Reveal{}, false
	}
	q := before.Question
	correct := q.Correct
	if correct == "" {
		var p RevealAction
		if rules.DecodeStrict(a.Data, &p) == nil {
			correct, _ = parseLetter(p.Correct)
		}
	}
	r := rules.Reveal{Question: q.Text, Correct: i18n.Text{DE: correct, EN: correct}}
	r.Title = i18n.Sprintf("Frage %d", "Question %d", before.Asked)
	if before.TieBreak > 0 {
		r.Title = i18n.Sprintf("Stechen, Frage %d", "Tie-break, question %d", before.Asked)
	}
	if correct != "" && len(q.Answers) == 3 {
		ans := q.Answers[correct[0]-'a']
		r.Correct = i18n.Text{DE: correct + ") " + ans, EN: correct + ") " + ans}
	}
	answers := before.Answers
	// A batch of tiles turns over in this action: its tiles are the ones
	// laid, not yet in the state before.
	var batch AnswerAction
	if a.Type == ActAnswer && rules.DecodeStrict(a.Data, &batch) == nil {
		answers = append([]string(nil), answers...)
		for name, l := range batch.Answers {
			if i := before.index(name); i >= 0 {
				answers[i] = l
			}
		}
		if batch.Player != "" {
			if i := before.index(batch.Player); i >= 0 {
				answers[i] = batch.Answer
			}
		}
	}
	answering := map[int]bool{}
	nRight := 0
	for _, i := range before.answerers() {
		answering[i] = true
		if answers[i] == correct {
			nRight++
		}
	}
	n := len(before.Players)
	for k := 1; k <= n; k++ {
		i := (before.Questioner + k) % n
		seat := rules.RevealSeat{Player: before.Players[i], Points: after.Scores[i] - before.Scores[i]}
		switch {
		case answering[i]:
			right := answers[i] == correct
			seat.Choice = i18n.Text{DE: answers[i], EN: answers[i]}
			seat.Right = rules.Right(right)
			switch {
			case !right:
				seat.Why = i18n.T("daneben", "wrong")
			case len(answering) == 1:
				seat.Why = i18n.T("richtig", "right")
			case nRight == 1:
				seat.Why = i18n.T("als Einzige(r) richtig", "the only one right")
			default:
				seat.Why = i18n.T("richtig, mit anderen", "right, with others")
			}
		case i == before.Questioner:
			wrong := len(answering) - nRight
			seat.Why = i18n.Sprintf("stellt die Frage: 10 je falsche Antwort (%d)", "asks: 10 per wrong answer (%d)", wrong)
		default:
			seat.Why = i18n.T("spielt diese Frage nicht mit", "not in this question")
		}
		r.Seats = append(r.Seats, seat)
	}
	for i, p := range after.Players {
		r.Standings = append(r.Standings, rules.Standing{Player: p, Score: after.Scores[i], Text: i18n.Sprintf("%d Punkte", "%d points", after.Scores[i])})
	}
	return r, true
}
