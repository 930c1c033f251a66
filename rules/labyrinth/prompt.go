package labyrinth

import (
	"strings"

	"druckreif/i18n"
	"druckreif/rules"
)

func (e *engine) Next(s State) rules.Prompt {
	names := func(idx []int) []string {
		out := []string{}
		for _, i := range idx {
			out = append(out, s.Players[i].Name)
		}
		return out
	}
	switch s.Phase {
	case PhaseOver:
		list := strings.Join(s.Winners, ", ")
		return rules.Prompt{Actors: []string{}, Allowed: []string{}, Over: true,
			Text: i18n.Sprintf("Das Spiel ist zu Ende. Gewonnen: %s.", "The game is over. Winner(s): %s.", list)}
	case PhaseDraw:
		r := s.Players[s.Reader].Name
		return rules.Prompt{Actors: []string{r}, Allowed: []string{ActDraw},
			Text: i18n.Sprintf("%s zieht Frage %d von %d.", "%s draws question %d of %d.", r, s.Question+1, s.stackSize())}
	case PhaseQuestion:
		r := s.Players[s.Reader].Name
		var noBet, noTip []int
		for _, i := range s.answerers() {
			if s.Players[i].Bet == 0 {
				noBet = append(noBet, i)
			}
			if s.Players[i].Tip == "" {
				noTip = append(noTip, i)
			}
		}
		switch {
		case s.Card.Kind == KindRisk && len(noBet) > 0:
			return rules.Prompt{Actors: names(noBet), Allowed: []string{ActBet, ActPlace},
				Text: i18n.Sprintf("Risikofrage: erst setzen (Einsatzchip), dann liest %s die Frage vor.", "Risk question: bet first (a bet chip), then %s reads the question.", r)}
		case len(noBet) > 0 || len(noTip) > 0:
			var allowed []string
			if len(noTip) > 0 {
				allowed = append(allowed, ActTip)
			}
			if len(noBet) > 0 {
				allowed = append(allowed, ActBet)
			}
			allowed = append(allowed, ActPlace)
			actors := map[int]bool{}
			for _, i := range append(noBet, noTip...) {
				actors[i] = true
			}
			var idx []int
			for _, i := range s.answerers() {
				if actors[i] {
					idx = append(idx, i)
				}
			}
			text := i18n.Sprintf("Alle außer %s tippen (A, B, C) und setzen einen Einsatzchip.", "Everyone but %s tips (A, B, C) and places a bet chip.", r)
			if len(noBet) == 0 {
				// A risk question: the bets are in, the question is read.
				text = i18n.Sprintf("%s liest die Frage vor; alle anderen tippen (A, B, C).", "%s reads the question; everyone else tips (A, B, C).", r)
			}
			return rules.Prompt{Actors: names(idx), Allowed: allowed, Text: text}
		}
		return rules.Prompt{Actors: []string{r}, Allowed: []string{ActReveal},
			Text: i18n.Sprintf("Tippkarten umdrehen; %s sagt, welche Antwort richtig ist.", "Turn the tip cards over; %s says which answer is correct.", r)}
	case PhaseLingutaurus:
		l := s.Ling
		r := s.Players[l.Reader].Name
		t := s.Players[l.Torero].Name
		if l.Card == nil {
			return rules.Prompt{Actors: []string{r}, Allowed: []string{ActDraw},
				Text: i18n.Sprintf("%s zieht eine Lingutaurus-Karte; Wort-Torero ist %s.", "%s draws a Lingutaurus card; the Word Torero is %s.", r, t)}
		}
		var noTip []int
		for _, i := range s.answerers() {
			if s.Players[i].Tip == "" {
				noTip = append(noTip, i)
			}
		}
		if len(noTip) > 0 {
			return rules.Prompt{Actors: names(noTip), Allowed: []string{ActTip, ActPlace},
				Text: i18n.Sprintf("Lingutaurus-Frage: tippen (ohne Einsatz); Wort-Torero ist %s.", "Lingutaurus question: tip (no bets); the Word Torero is %s.", t)}
		}
		return rules.Prompt{Actors: []string{r}, Allowed: []string{ActReveal},
			Text: i18n.Sprintf("Tippkarten umdrehen; %s sagt, welche Antwort richtig ist.", "Turn the tip cards over; %s says which answer is correct.", r)}
	}
	return rules.Prompt{}
}
