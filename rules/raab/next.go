package raab

import (
	"fmt"
	"slices"

	"druckreif/i18n"
	"druckreif/rules"
)

func (e engine) Next(s State) rules.Prompt {
	c := s.Current
	if s.Phase == PhaseOver || c == nil {
		won, lost := s.Score.of(s.Winner), s.Score.of(other(s.Winner))
		return rules.Prompt{Over: true, Text: i18n.Text{
			DE: fmt.Sprintf("Ende: %s gewinnt %d:%d.", s.sideDE(s.Winner, false), won, lost),
			EN: fmt.Sprintf("Over: %s wins %d:%d.", s.sideEN(s.Winner), won, lost)}}
	}
	game, gameEN := fmt.Sprintf("Spiel %d", c.Number), fmt.Sprintf("game %d", c.Number)
	if c.TieBreak {
		game, gameEN = "Entscheidungsspiel", "tie-break"
	}
	prompt := func(actors []string, de, en string, allowed ...string) rules.Prompt {
		return rules.Prompt{Actors: slices.Clone(actors), Allowed: allowed, Text: i18n.Text{DE: de, EN: en}}
	}
	switch s.Phase {
	case PhaseHost:
		side := SideTeam
		if s.Mode == ModeTeams {
			side = hostSide(c.Number)
		}
		return prompt(s.members(side),
			fmt.Sprintf("%s: %s bestimmt den Moderator.", game, s.sideDE(side, true)),
			fmt.Sprintf("%s: %s names the host.", gameEN, s.sideEN(side)), ActHost)
	case PhaseSpin:
		if s.Mode == ModeDuo {
			by := s.duoSpinner(c.Number)
			return prompt([]string{by}, fmt.Sprintf("%s: %s dreht die Drehscheibe.", game, by),
				fmt.Sprintf("%s: %s spins the spinner.", gameEN, by), ActSpin)
		}
		if s.FullTimeHost != "" {
			return prompt([]string{s.Host}, fmt.Sprintf("%s: %s dreht die Drehscheibe oder wählt ein Spiel.", game, s.Host),
				fmt.Sprintf("%s: %s spins the spinner or chooses a game.", gameEN, s.Host), ActSpin, ActChoose)
		}
		return prompt([]string{s.Host}, fmt.Sprintf("%s: %s dreht die Drehscheibe.", game, s.Host),
			fmt.Sprintf("%s: %s spins the spinner.", gameEN, s.Host), ActSpin)
	case PhaseCandidate:
		if s.Mode == ModeTeams {
			var actors []string
			for _, side := range []string{SideTeam, SideStefan} {
				if side == SideTeam && c.Candidate != "" || side == SideStefan && c.StefanPlayer != "" {
					continue
				}
				for _, p := range s.members(side) {
					if p != s.Host {
						actors = append(actors, p)
					}
				}
			}
			return prompt(actors, fmt.Sprintf("„%s“: beide Teams bestimmen, wer spielt.", c.Name),
				fmt.Sprintf("%q: both teams name who plays.", c.Name), ActCandidate)
		}
		var actors []string
		for _, p := range s.Team {
			if p != s.Host {
				actors = append(actors, p)
			}
		}
		el := s.eligible()
		return prompt(actors, fmt.Sprintf("„%s“: das Team bestimmt, wer gegen Stefan spielt (%s).", c.Name, join(el, "oder")),
			fmt.Sprintf("%q: the team names who plays against Stefan (%s).", c.Name, join(el, "or")), ActCandidate)
	case PhaseWildCard:
		ch := s.wildCardChoices()
		return prompt([]string{s.Stefan},
			fmt.Sprintf("Stefan nimmt %s an oder setzt eine Wild Card ein (noch %d) für %s.", c.Chosen, s.WildCards, join(ch, "oder")),
			fmt.Sprintf("Stefan accepts %s or uses a Wild Card (%d left) on %s.", c.Chosen, s.WildCards, join(ch, "or")),
			ActAccept, ActWildCard)
	case PhaseBegin:
		by := s.behind()
		var actors []string
		for _, p := range s.members(by) {
			if p != s.Host { // the host stays impartial
				actors = append(actors, p)
			}
		}
		return prompt(actors, fmt.Sprintf("%s liegt zurück und bestimmt, wer „%s“ beginnt.", s.sideDE(by, true), c.Name),
			fmt.Sprintf("%s is behind and decides who begins %q.", s.sideEN(by, true), c.Name), ActBegin)
	case PhaseResult:
		if c.Duel != nil {
			return e.duelPrompt(s, game, gameEN)
		}
		actors := []string{s.Host}
		if s.Mode == ModeDuo {
			actors = []string{s.Team[0], s.Stefan}
		}
		return prompt(actors, fmt.Sprintf("%s: „%s“ – %s gegen %s (%s beginnt). Wer gewinnt?", game, c.Name, c.Candidate, c.StefanPlayer, s.sideDE(c.Begins, false)),
			fmt.Sprintf("%s: %q – %s against %s (%s begins). Who wins?", gameEN, c.Name, c.Candidate, c.StefanPlayer, s.sideEN(c.Begins)), ActResult)
	}
	return rules.Prompt{}
}

func join(names []string, and string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	out := ""
	for i, n := range names[:len(names)-1] {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out + " " + and + " " + names[len(names)-1]
}
