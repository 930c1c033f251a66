package labyrinth

import (
	"fmt"
	"sort"
	"strings"

	"druckreif/board"
	"druckreif/i18n"
	"druckreif/rules"
)

// reveal: the tips are turned over and the reader says the correct answer.
func reveal(s *State, d revealData) ([]rules.Event, error) {
	var card *Card
	switch s.Phase {
	case PhaseQuestion:
		card = s.Card
	case PhaseLingutaurus:
		card = s.Ling.Card
	}
	if card == nil {
		return nil, rules.Forbid("no-card", "Es liegt keine Karte auf dem Tisch, die aufgelöst werden könnte.", "there is no card on the table to reveal")
	}
	for _, i := range s.answerers() {
		p := s.Players[i]
		if s.Phase == PhaseQuestion && p.Bet == 0 {
			return nil, rules.Forbid("answers-missing", "%s hat noch keinen Einsatzchip gesetzt.", "%s has not placed a bet chip yet", p.Name)
		}
		if p.Tip == "" {
			return nil, rules.Forbid("answers-missing", "%s hat noch nicht getippt.", "%s has not tipped yet", p.Name)
		}
	}
	correct := card.Correct
	if d.Correct != "" {
		c, ok := normLetter(d.Correct)
		if !ok {
			return nil, rules.Forbid("tip-letter", "Die richtige Antwort ist A, B oder C, nicht „%s“.", "the correct answer is A, B or C, not %q", d.Correct)
		}
		if correct != "" && c != correct {
			return nil, rules.Forbid("card-answer", "Auf der Karte %s ist %s richtig, nicht %s.", "on card %s the correct answer is %s, not %s", card.ID, correct, c)
		}
		correct = c
	}
	if correct == "" {
		return nil, rules.Forbid("correct-missing", "Welche Antwort ist richtig? Bitte angeben (correct: A, B oder C).", "which answer is correct? Give it (correct: A, B or C)")
	}
	card.Correct = correct
	if s.Phase == PhaseQuestion {
		return resolveQuestion(s, correct), nil
	}
	return resolveLing(s, correct), nil
}

// resolveQuestion moves every piece but the reader's by its bet chip, in
// seat order from the reader's left.
func resolveQuestion(s *State, correct string) []rules.Event {
	ev := []rules.Event{rules.Eventf("Richtig ist %s.", "The correct answer is %s.", correct)}
	for _, i := range s.answerers() {
		p := &s.Players[i]
		chip := p.Bet
		if p.Tip == correct {
			ev = append(ev, rules.Eventf("%s hat %s getippt – richtig.", "%s tipped %s – correct.", p.Name, p.Tip))
			ev = append(ev, forward(s, i, chip)...)
		} else {
			ev = append(ev, rules.Eventf("%s hat %s getippt – falsch.", "%s tipped %s – wrong.", p.Name, p.Tip))
			ev = append(ev, back(s, i, chip)...)
		}
		p = &s.Players[i]
		p.Used = append(p.Used, chip)
		p.Bet, p.Tip = 0, ""
		if len(p.Board) == 0 {
			// The last chip has been placed: all five go back on the board.
			p.Board = allChips()
			p.Used = []int{}
			ev = append(ev, rules.Eventf("%s hat alle fünf Chips gesetzt und legt sie zurück aufs Spielbrett.", "%s has placed all five chips and puts them back on the board.", p.Name))
		}
	}
	s.Card = nil
	return append(ev, afterMoves(s)...)
}

// forward moves a piece n fields towards the exit. From a niche it starts
// on the start field. It stops on the exit and on a Lingutaurus tile still
// on the board; the first to reach a tile becomes its Word Torero.
func forward(s *State, i, n int) []rules.Event {
	p := &s.Players[i]
	var ev []rules.Event
	from := p.Pos
	if p.InNiche() {
		from = 0
		ev = append(ev, rules.Eventf("%s startet aus der Nische vom Startfeld.", "%s starts from the niche on the start field.", p.Name))
	}
	to := min(from+n, s.Length)
	tile := -1
	for t, x := range s.Tiles {
		if !x.Removed && from < x.Field && x.Field <= to {
			to, tile = x.Field, t
			break
		}
	}
	p.Pos = to
	fd, fe := fields(to - from)
	wd, we := where(to)
	ev = append(ev, say(fmt.Sprintf("%s zieht %s vor und steht %s.", p.Name, fd, wd), fmt.Sprintf("%s moves %s forward and stands %s.", p.Name, fe, we)))
	if tile >= 0 {
		t := &s.Tiles[tile]
		if t.Torero == "" {
			t.Torero = p.Name
			s.Pending = grow(s.Pending, tile)
			ev = append(ev, rules.Eventf("%s erreicht als Erste(r) den Lingutaurus auf Feld %d, muss dort stehen bleiben und ist Wort-Torero.",
				"%s is the first to reach the Lingutaurus on field %d, must stop there and is the Word Torero.", p.Name, t.Field))
		} else {
			ev = append(ev, rules.Eventf("Der Lingutaurus auf Feld %d versperrt den Weg: %s bleibt dort stehen; Wort-Torero ist %s.",
				"The Lingutaurus on field %d blocks the way: %s stops there; %s is the Word Torero.", t.Field, p.Name, t.Torero))
		}
	}
	if to == s.Length {
		ev = append(ev, rules.Eventf("%s erreicht den Ausgang des Labyrinths!", "%s reaches the exit of the labyrinth!", p.Name))
	}
	return ev
}

// back moves a piece n fields back; past the fields behind the start it
// goes into a niche. From a niche it starts on the start field.
func back(s *State, i, n int) []rules.Event {
	p := &s.Players[i]
	var ev []rules.Event
	from := p.Pos
	if p.InNiche() {
		from = 0
		ev = append(ev, rules.Eventf("%s startet aus der Nische vom Startfeld.", "%s starts from the niche on the start field.", p.Name))
	}
	to := from - n
	if to < -board.Behind {
		p.Pos = NichePos
		fd, fe := fields(n)
		return append(ev, say(fmt.Sprintf("%s muss %s zurück; die vier Felder hinter dem Start reichen nicht: die Figur kommt in eine Nische.", p.Name, fd),
			fmt.Sprintf("%s must move %s back; the four fields behind the start are not enough: the piece goes into a niche.", p.Name, fe)))
	}
	p.Pos = to
	fd, fe := fields(n)
	wd, we := where(to)
	return append(ev, say(fmt.Sprintf("%s zieht %s zurück und steht %s.", p.Name, fd, wd), fmt.Sprintf("%s moves %s back and stands %s.", p.Name, fe, we)))
}

// afterMoves ends the game at the exit, starts a Lingutaurus that has been
// reached, or ends the round.
func afterMoves(s *State) []rules.Event {
	for _, p := range s.Players {
		if p.Pos == s.Length {
			return finish(s, "exit")
		}
	}
	if len(s.Pending) > 0 {
		return startLing(s)
	}
	// The round is over: the reader passes to the left.
	if s.drawn() >= s.stackSize() {
		return finish(s, "stack")
	}
	s.Reader = (s.Reader + 1) % len(s.Players)
	s.Phase = PhaseDraw
	return []rules.Event{rules.Eventf("Neue Vorleserin / neuer Vorleser: %s.", "New reader: %s.", s.Players[s.Reader].Name)}
}

func startLing(s *State) []rules.Event {
	t := s.Pending[0]
	s.Pending = s.Pending[1:]
	torero := s.index(s.Tiles[t].Torero)
	s.Phase = PhaseLingutaurus
	s.Ling = &Ling{Tile: t, Torero: torero, Reader: s.Reader}
	if len(s.Players) == 2 {
		// Two players: the other player reads the first card to the
		// Word Torero.
		s.Ling.Reader = 1 - torero
	}
	return []rules.Event{rules.Eventf("Der Lingutaurus auf Feld %d schnaubt: %s zieht eine Lingutaurus-Karte für %s.",
		"The Lingutaurus on field %d snorts: %s draws a Lingutaurus card for %s.",
		s.Tiles[t].Field, s.Players[s.Ling.Reader].Name, s.Players[torero].Name)}
}

// Ranks lists who is checked after a wrong Word Torero, in order, with the
// fields each may move: all players but the Word Torero, furthest back
// first (a niche is furthest back), ties in seat order from the reader's
// left; the reader counts (but has no tip). Three places with 4–6 players,
// two with 3.
func Ranks(s State, torero int) (order []int, bonus []int) {
	for _, i := range s.seatOrder() {
		if i != torero {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return s.Players[order[a]].Pos < s.Players[order[b]].Pos })
	places := 2
	if len(s.Players) >= 4 {
		places = 3
	}
	return order[:min(places, len(order))], []int{3, 2, 1}[:min(places, len(order))]
}

func resolveLing(s *State, correct string) []rules.Event {
	l := s.Ling
	torero := l.Torero
	tn := s.Players[torero].Name
	ev := []rules.Event{rules.Eventf("Richtig ist %s.", "The correct answer is %s.", correct)}
	var tips []string
	for _, i := range s.answerers() {
		tips = append(tips, s.Players[i].Name+": "+s.Players[i].Tip)
	}
	ev = append(ev, rules.Eventf("Tipps: %s.", "Tips: %s.", strings.Join(tips, ", ")))
	winner, bonus, placeDE, placeEN := -1, 0, "", ""
	if len(s.Players) == 2 {
		// Two players: one answers each card, the other reads it.
		a := s.answerers()[0]
		if s.Players[a].Tip == correct {
			winner, bonus = a, 3
		}
	} else if s.Players[torero].Tip == correct {
		winner, bonus = torero, 3
	} else {
		ev = append(ev, rules.Eventf("Wort-Torero %s hat falsch getippt.", "Word Torero %s tipped wrong.", tn))
		order, bonuses := Ranks(*s, torero)
		place := [...][2]string{{"am weitesten hinten", "furthest back"}, {"an vorletzter Stelle", "second-to-last"}, {"an drittletzter Stelle", "third-to-last"}}
		for k, i := range order {
			p := s.Players[i]
			if i == s.Reader {
				ev = append(ev, say(fmt.Sprintf("%s (%s) liest vor und hat keinen Tipp.", p.Name, place[k][0]),
					fmt.Sprintf("%s (%s) is the reader and has no tip.", p.Name, place[k][1])))
				continue
			}
			if p.Tip == correct {
				winner, bonus = i, bonuses[k]
				placeDE, placeEN = " ("+place[k][0]+")", " ("+place[k][1]+")"
				break
			}
			ev = append(ev, say(fmt.Sprintf("%s (%s) hat auch falsch getippt.", p.Name, place[k][0]),
				fmt.Sprintf("%s (%s) tipped wrong too.", p.Name, place[k][1])))
		}
	}
	for i := range s.Players {
		s.Players[i].Tip = ""
	}
	if winner < 0 {
		// d) / e): a new Lingutaurus card, the procedure begins again.
		l.Card = nil
		if len(s.Players) == 2 {
			l.Reader = 1 - l.Reader
		}
		ev = append(ev, rules.Eventf("Niemand hat den Lingutaurus bezwungen: %s zieht eine neue Lingutaurus-Karte.",
			"Nobody has beaten the Lingutaurus: %s draws a new Lingutaurus card.", s.Players[l.Reader].Name))
		return ev
	}
	tile := &s.Tiles[l.Tile]
	tile.Removed = true
	s.Ling = nil
	s.Phase = ""
	if winner == torero {
		ev = append(ev, rules.Eventf("%s hat den Lingutaurus bezwungen!", "%s has beaten the Lingutaurus!", tn))
		ev = append(ev, forward(s, torero, 3)...)
	} else {
		wn := s.Players[winner].Name
		ev = append(ev, say(fmt.Sprintf("%s%s hat richtig getippt und befreit %s.", wn, placeDE, tn),
			fmt.Sprintf("%s%s tipped correctly and releases %s.", wn, placeEN, tn)))
		ev = append(ev, forward(s, winner, bonus)...)
		ev = append(ev, forward(s, torero, 1)...)
	}
	ev = append(ev, rules.Eventf("Das Lingutaurus-Plättchen auf Feld %d wird entfernt.", "The Lingutaurus tile on field %d is removed.", tile.Field))
	return append(ev, afterMoves(s)...)
}

// finish ends the game: the pieces furthest along win, ties included.
func finish(s *State, why string) []rules.Event {
	best := NichePos
	for _, p := range s.Players {
		best = max(best, p.Pos)
	}
	s.Winners = nil
	for _, p := range s.Players {
		if p.Pos == best {
			s.Winners = append(s.Winners, p.Name)
		}
	}
	s.Phase, s.End = PhaseOver, why
	s.Pending, s.Ling, s.Card = nil, nil, nil
	list := strings.Join(s.Winners, ", ")
	if why == "exit" {
		return []rules.Event{rules.Eventf("Ein Spielstein hat den Ausgang erreicht: Das Spiel endet vorzeitig. Gewonnen: %s.",
			"A piece has reached the exit: the game ends early. Winner(s): %s.", list)}
	}
	return []rules.Event{rules.Eventf("Der Fragenstapel ist aufgebraucht: Das Spiel ist zu Ende. Gewonnen: %s.",
		"The question stack is used up: the game is over. Winner(s): %s.", list)}
}

// say is an event whose two languages are formatted apart.
func say(de, en string) rules.Event { return rules.Event{Text: i18n.Text{DE: de, EN: en}} }
