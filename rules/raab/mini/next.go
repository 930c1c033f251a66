package mini

import (
	"fmt"

	"druckreif/i18n"
	"druckreif/rules"
)

// Next tells who acts now and which actions are allowed.
func (e *Engine) Next(s State) rules.Prompt {
	if specs[s.Code] == nil {
		return rules.Prompt{Over: true, Text: text("Kein Spiel", "No game")}
	}
	score := text("%s %d : %d %s", "%s %d : %d %s", s.name(Red), s.Score[Red], s.Score[Blue], s.name(Blue))
	if s.Winner != "" {
		w := sideIndex(s.Winner)
		return rules.Prompt{Over: true, Text: join(text("%s: %s gewinnt.", "%s: %s wins.", s.Name, s.name(w)), score)}
	}
	return rules.Prompt{
		Actors:  s.actors(),
		Allowed: s.allowed(),
		Text:    join(text("%s", "%s", s.Name), score, s.goal(), s.todo()),
	}
}

func join(parts ...i18n.Text) i18n.Text {
	var out i18n.Text
	for _, p := range parts {
		if p.DE == "" {
			continue
		}
		if out.DE != "" {
			out.DE += " – "
			out.EN += " – "
		}
		out.DE += p.DE
		out.EN += p.EN
	}
	return out
}

// actors: the host judges when there is one; otherwise the player whose
// turn it is, or both.
func (s State) actors() []string {
	if !s.Two && s.Host != "" {
		return []string{s.Host}
	}
	who := func(side int) string {
		if s.Players[side] != "" {
			return s.Players[side]
		}
		return sideKeys[side]
	}
	switch {
	case s.Code == "BU":
		return []string{who(sideIndex(s.Speller))}
	case s.Code == "WM" && !s.Two && s.Task.Active:
		return []string{who(sideIndex(s.Task.Turn))}
	case s.Code == "BK" && s.Grab != "":
		return []string{who(sideIndex(s.Grab))}
	}
	return []string{who(Red), who(Blue)}
}

// goal says how the duel is decided.
func (s State) goal() i18n.Text {
	sp := specs[s.Code]
	if s.Tie {
		switch {
		case sp.end == credit:
			return text("Gleichstand auf 0: wer bei einer Frage mehr Fehler macht, verliert", "tied on 0: whoever makes more mistakes on a question loses")
		case s.twoRules() != nil && s.twoRules().tie == extraTask:
			return text("Gleichstand: jeder stellt noch eine Aufgabe", "tied: each poses one more task")
		}
		return text("Gleichstand: es geht weiter, bis einer vorn liegt", "tied: play goes on until one side leads")
	}
	if tr := s.twoRules(); tr != nil {
		round := ""
		if s.Round > 1 {
			round = fmt.Sprintf(" (%d.)", s.Round)
		}
		if tr.quota > 0 {
			return text("Runde%s: je %d Aufgaben (%d/%d), wer dann vorn liegt, gewinnt", "round%s: %d tasks each (%d/%d), whoever leads then wins",
				round, s.Quota, s.Asked[Red], s.Asked[Blue])
		}
		return text("Runde%s: wer mehr löst, gewinnt", "round%s: whoever solves more wins", round)
	}
	switch sp.end {
	case race:
		return text("wer zuerst %d Punkte hat, gewinnt", "first to %d points wins", sp.target)
	case best:
		return text("wer nach %d Aufgaben vorn liegt, gewinnt (%d gespielt)", "whoever leads after %d tasks wins (%d played)", sp.target, s.Tasks)
	case credit:
		return text("wer auf 0 fällt, verliert", "whoever falls to 0 loses")
	case zocken:
		return text("Frage %d von 7: ab 10 gewinnt, bei 0 verliert man", "question %d of 7: 10 or more wins, 0 loses", s.Tasks+1)
	case spelling:
		return text("mehr richtige Begriffe gewinnen, dann weniger Fehler", "more terms right wins, then fewer mistakes")
	}
	return i18n.Text{}
}

// todo says what happens next.
func (s State) todo() i18n.Text {
	switch {
	case s.Grab != "":
		return text("%s darf abstauben (grab) – oder weiter mit der nächsten Frage", "%s may grab – or go on with the next question", s.name(sideIndex(s.Grab)))
	case s.Code == "ZO" && s.Bets == [2]int{}:
		return text("Themengebiet nennen, Einsätze 1–3 setzen (bet)", "name the subject area, set stakes 1–3 (bet)")
	case s.Code == "ZO":
		return text("Frage stellen, Chips aufdecken (choose)", "ask the question, reveal the chips (choose)")
	case s.Code == "BU":
		return text("%s buchstabiert, Begriff %d von 10 (Fehler %d:%d)", "%s spells, term %d of 10 (mistakes %d:%d)",
			s.name(sideIndex(s.Speller)), s.Term+1, s.Mistakes[Red], s.Mistakes[Blue])
	case s.Code == "WM" && !s.Two && s.Task.Active:
		return text("%s antwortet (%d genannt)", "%s answers (%d named)", s.name(sideIndex(s.Task.Turn)), s.Task.Named)
	case s.Code == "WM" && !s.Two:
		starter := s.first()
		if s.Tasks%2 == 1 {
			starter = other(starter)
		}
		return text("neue Frage, %s beginnt", "new question, %s begins", s.name(starter))
	case s.Task.Active && s.Task.Hints > 0:
		return text("laufende Aufgabe, Antwort frühestens nach Tipp %d von %d", "task in progress, answer at hint %d of %d at the earliest", s.Task.Hint, s.Task.Hints)
	case s.twoRules() != nil && s.twoRules().quota > 0:
		asked := s.nextAsked()
		return text("%s fragt, %s antwortet", "%s asks, %s answers", s.name(other(asked)), s.name(asked))
	case s.twoRules() != nil:
		solver := other(s.first())
		if s.Counted[solver] {
			solver = other(solver)
		}
		if s.Code == "BS" && !s.Counted[Red] && !s.Counted[Blue] {
			return text("beide schreiben, dann zählen (count)", "both write, then count (count)")
		}
		return text("%s löst, Ergebnis eintragen (count)", "%s solves, enter the result (count)", s.name(solver))
	}
	return i18n.Text{}
}

// Goal says how the duel is decided, and ToDo what happens next, without
// the game's name and the score (a screen shows those itself).
func (e *Engine) Goal(s State) i18n.Text {
	if s.Winner != "" || specs[s.Code] == nil {
		return i18n.Text{}
	}
	return s.goal()
}

// ToDo is what happens next in the duel ("" when the prompt has nothing
// to add); action names in brackets are for replay files.
func (e *Engine) ToDo(s State) i18n.Text {
	if s.Winner != "" || specs[s.Code] == nil {
		return i18n.Text{}
	}
	return s.todo()
}
