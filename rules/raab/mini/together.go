package mini

import (
	"encoding/json"
	"math/big"
	"slices"

	"druckreif/decks"
	"druckreif/maps"
)

// Both players answer at once: letter chips, true/false chips, sorting
// rows, written guesses, dice on the map, search hits, Zocken's stakes.

type chooseP struct {
	base
	Red     json.RawMessage `json:"red"`
	Blue    json.RawMessage `json:"blue"`
	Answer  json.RawMessage `json:"answer"`
	Options int             `json:"options"` // Führerscheinprüfung without a card: 2 or 3 answers (default 3)
	Card    string          `json:"card"`
	Task    int             `json:"task"`
}

func (st *step) choose(p chooseP) error {
	s := st.s
	if err := notHere("options", p.Options != 0 && s.Code != "FP", s); err != nil {
		return err
	}
	t, key, err := st.cardTask(p.Card, p.Task)
	if err != nil {
		return err
	}
	if s.Code == "SQ" && t != nil {
		if err := showKind(t, "choose"); err != nil {
			return err
		}
	}
	var right [2]bool
	var mistakes [2]int
	switch s.Code {
	case "ST":
		right, err = st.truths(p, t)
	case "FP":
		mistakes, err = st.multi(p, t)
	case "SO":
		right, err = st.orders(p, t)
	default:
		right, err = st.letters(p, t)
	}
	if err != nil {
		return err
	}
	if err := st.use(key); err != nil {
		return err
	}
	switch s.Code {
	case "EO", "ST":
		for i := range 2 {
			if !right[i] {
				mistakes[i] = 1
			}
		}
		st.settleCredit(mistakes)
	case "FP":
		st.settleCredit(mistakes)
	case "ZO":
		st.settleZocken(right)
	case "SQ":
		// Showquiz: the right answer earns a point, a wrong one gives the
		// opponent a point.
		for i := range 2 {
			if right[i] {
				st.award(i, 1, st.why(i, "richtig", "right"))
			} else {
				st.award(other(i), 1, st.why(i, "falsch", "wrong"))
			}
		}
		st.settle(true)
	default: // Filmzitate, Sortieren: whoever is right scores
		for i := range 2 {
			if right[i] {
				st.award(i, 1, st.why(i, "richtig", "right"))
			}
		}
		if right == [2]bool{} {
			st.say("Beide falsch: keine Punkte.", "Both wrong: no points.")
		}
		st.settle(true)
	}
	return nil
}

// letters judges one letter chip each (Entweder – Oder!, Filmzitate,
// Showquiz, Zocken). A missing chip is wrong.
func (st *step) letters(p chooseP, t decks.RaabTask) ([2]bool, error) {
	n := 4
	if st.s.Code == "EO" {
		n = 2
	}
	correct, known := 0, false
	switch c := t.(type) {
	case nil:
	case decks.Choice:
		correct, known, n = c.Correct, true, len(c.Options)
	case decks.ShowQuestion:
		correct, known, n = c.Correct, true, len(c.Options)
	default:
		return [2]bool{}, wrongCard(t)
	}
	given, ok, err := parseLetter(p.Answer, n, "answer")
	if err != nil {
		return [2]bool{}, err
	}
	switch {
	case known && ok && given != correct:
		return [2]bool{}, mismatch("Lösung", letterString([]int{correct}), letterString([]int{given}))
	case !known && !ok:
		return [2]bool{}, missingAnswer()
	case !known:
		correct = given
	}
	var right [2]bool
	for i, raw := range [2]json.RawMessage{p.Red, p.Blue} {
		pick, ok, err := parseLetter(raw, n, sideKeys[i])
		if err != nil {
			return right, err
		}
		right[i] = ok && pick == correct
	}
	return right, nil
}

func missingAnswer() error {
	return forbid("missing-answer", "Die Lösung fehlt: „answer“ oder eine Karte („card“, „task“)", "the solution is missing: \"answer\" or a card (\"card\", \"task\")")
}

// truths judges the Stimmt's? chips.
func (st *step) truths(p chooseP, t decks.RaabTask) ([2]bool, error) {
	truth, ok, err := parseTruth(p.Answer, "answer")
	if err != nil {
		return [2]bool{}, err
	}
	if t != nil {
		c, isClaim := t.(decks.Claim)
		if !isClaim {
			return [2]bool{}, wrongCard(t)
		}
		if ok && truth != c.True {
			return [2]bool{}, mismatch("Stimmt", c.True, truth)
		}
		truth, ok = c.True, true
	}
	if !ok {
		return [2]bool{}, missingAnswer()
	}
	var right [2]bool
	for i, raw := range [2]json.RawMessage{p.Red, p.Blue} {
		v, ok, err := parseTruth(raw, sideKeys[i])
		if err != nil {
			return right, err
		}
		right[i] = ok && v == truth
	}
	return right, nil
}

// multi counts Führerscheinprüfung mistakes as decks.MultiChoice does: one
// for every right answer not chosen and one for every wrong answer chosen.
func (st *step) multi(p chooseP, t decks.RaabTask) ([2]int, error) {
	var q decks.MultiChoice
	var answer []int
	if present(p.Answer) {
		var err error
		n := 3
		if m, ok := t.(decks.MultiChoice); ok {
			n = len(m.Options)
		}
		if answer, err = parseLetters(p.Answer, n, "answer"); err != nil {
			return [2]int{}, err
		}
		if len(answer) == 0 {
			return [2]int{}, forbid("bad-answer", "Mindestens eine Antwort ist richtig", "at least one answer is right")
		}
		slices.Sort(answer)
	}
	switch m := t.(type) {
	case nil:
		n := p.Options
		if n == 0 {
			n = 3
		}
		if n != 2 && n != 3 {
			return [2]int{}, forbid("bad-options", "„options“: eine Frage hat 2 oder 3 Antworten, nicht %d", "\"options\": a question has 2 or 3 answers, not %d", n)
		}
		if answer == nil {
			return [2]int{}, missingAnswer()
		}
		for _, x := range answer {
			if x >= n {
				return [2]int{}, badLetters("answer", letterString([]int{x}), n)
			}
		}
		q = decks.MultiChoice{Options: make([]string, n), Correct: answer}
	case decks.MultiChoice:
		if p.Options != 0 && p.Options != len(m.Options) {
			return [2]int{}, mismatch("Antworten", len(m.Options), p.Options)
		}
		if answer != nil && !slices.Equal(answer, m.Correct) {
			return [2]int{}, mismatch("Lösung", letterString(m.Correct), letterString(answer))
		}
		q = m
	default:
		return [2]int{}, wrongCard(t)
	}
	if len(q.Correct) == 0 {
		return [2]int{}, forbid("bad-answer", "Mindestens eine Antwort ist richtig", "at least one answer is right")
	}
	var m [2]int
	for i, raw := range [2]json.RawMessage{p.Red, p.Blue} {
		var chosen []int
		if present(raw) {
			var err error
			if chosen, err = parseLetters(raw, len(q.Options), sideKeys[i]); err != nil {
				return m, err
			}
		}
		m[i] = q.Mistakes(chosen)
	}
	return m, nil
}

// orders judges the Sortieren rows: right only when the whole order is.
func (st *step) orders(p chooseP, t decks.RaabTask) ([2]bool, error) {
	answer, ok, err := parseOrder(p.Answer, "answer")
	if err != nil {
		return [2]bool{}, err
	}
	if t != nil {
		so, isSorting := t.(decks.Sorting)
		if !isSorting {
			return [2]bool{}, wrongCard(t)
		}
		if ok && !slices.Equal(answer, so.Order[:]) {
			return [2]bool{}, mismatch("Reihenfolge", letterString(so.Order[:]), letterString(answer))
		}
		answer, ok = so.Order[:], true
	}
	if !ok {
		return [2]bool{}, missingAnswer()
	}
	var right [2]bool
	for i, raw := range [2]json.RawMessage{p.Red, p.Blue} {
		o, ok, err := parseOrder(raw, sideKeys[i])
		if err != nil {
			return right, err
		}
		right[i] = ok && slices.Equal(o, answer)
	}
	return right, nil
}

// settleCredit takes the mistakes off the credits; whoever lands on 0
// loses. Both on 0 at once is a tie: then the first question on which one
// makes more mistakes than the other decides.
func (st *step) settleCredit(m [2]int) {
	s := st.s
	s.Tasks++
	if s.Tie {
		if m[Red] == m[Blue] {
			st.say("Wieder gleich viele Fehler (%d): es geht weiter.", "Equal mistakes again (%d): play goes on.", m[Red])
			return
		}
		loser := Red
		if m[Blue] > m[Red] {
			loser = Blue
		}
		st.say("%s hat mehr Fehler (%d:%d) und verliert.", "%s has more mistakes (%d:%d) and loses.", s.name(loser), m[loser], m[other(loser)])
		st.win(other(loser))
		return
	}
	for i := range 2 {
		if m[i] == 0 {
			continue
		}
		before := s.Score[i]
		s.Score[i] = max(0, before-m[i])
		st.say("%s: %d %s, zurück von %d auf %d (%d:%d).", "%s: %d %s, back from %d to %d (%d:%d).",
			s.name(i), m[i], plural(m[i], "Fehler", "Fehler", "mistake", "mistakes"), before, s.Score[i], s.Score[Red], s.Score[Blue])
	}
	if m == [2]int{} {
		st.say("Beide richtig.", "Both right.")
	}
	if s.Score[Red] == 0 || s.Score[Blue] == 0 {
		st.decideOrTie()
	}
}

func plural(n int, deOne, deMany, enOne, enMany string) label {
	if n == 1 {
		return label{deOne, enOne}
	}
	return label{deMany, enMany}
}

// ---------------------------------------------------------------------------
// Zocken

type betP struct {
	base
	Red  *int `json:"red"`
	Blue *int `json:"blue"`
}

func (st *step) bet(p betP) error {
	s := st.s
	var bets [2]int
	for i, v := range [2]*int{p.Red, p.Blue} {
		b, err := need(v, sideKeys[i])
		if err != nil {
			return err
		}
		if b < 1 || b > 3 {
			return forbid("bet-range", "%s: der Einsatz ist 1, 2 oder 3, nicht %d", "%s: the stake is 1, 2 or 3, not %d", s.name(i), b)
		}
		if s.Score[i] > 0 && b > s.Score[i] {
			return forbid("bet-credit", "%s hat nur %d %s und kann nicht %d setzen", "%s has only %d %s and cannot stake %d",
				s.name(i), s.Score[i], plural(s.Score[i], "Punkt", "Punkte", "point", "points"), b)
		}
		bets[i] = b
	}
	s.Bets = bets
	st.say("Einsätze: %s %d, %s %d.", "Stakes: %s %d, %s %d.", s.name(Red), bets[Red], s.name(Blue), bets[Blue])
	return nil
}

// settleZocken books the stakes and checks the three endings: a) 10 or
// more wins, b) 0 loses, c) after 7 questions more points win; a tie in
// any of them plays on until one side leads.
func (st *step) settleZocken(right [2]bool) {
	s := st.s
	for i := range 2 {
		before := s.Score[i]
		if right[i] {
			s.Score[i] += s.Bets[i]
		} else {
			s.Score[i] = max(0, before-s.Bets[i])
		}
		verb := label{"gewinnt", "wins"}
		if !right[i] {
			verb = label{"verliert", "loses"}
		}
		st.say("%s %s %d: %d → %d.", "%s %s %d: %d → %d.", s.name(i), verb, s.Bets[i], before, s.Score[i])
	}
	s.Bets = [2]int{}
	s.Tasks++
	if s.Tie {
		if s.Score[Red] != s.Score[Blue] {
			st.win(leader(s.Score))
		}
		return
	}
	if max(s.Score[Red], s.Score[Blue]) >= 10 || min(s.Score[Red], s.Score[Blue]) <= 0 || s.Tasks >= 7 {
		st.decideOrTie()
	}
}

// ---------------------------------------------------------------------------
// Closest guess: Entfernungen, Schätzen, Wann war das?, Wo liegt was?,
// Showquiz's estimating questions.

type guessP struct {
	base
	Red    json.RawMessage `json:"red"`
	Blue   json.RawMessage `json:"blue"`
	Answer json.RawMessage `json:"answer"`
	Card   string          `json:"card"`
	Task   int             `json:"task"`
}

func (st *step) guess(p guessP) error {
	s := st.s
	t, key, err := st.cardTask(p.Card, p.Task)
	if err != nil {
		return err
	}
	var dist [2]*big.Rat
	if s.Code == "WO" {
		dist, err = st.squares(p, t)
	} else {
		dist, err = st.numbers(p, t)
	}
	if err != nil {
		return err
	}
	if err := st.use(key); err != nil {
		return err
	}
	switch {
	case dist[Red] == nil && dist[Blue] == nil:
		st.say("Keiner hat getippt: kein Punkt.", "Nobody guessed: no point.")
	case dist[Red] != nil && dist[Blue] != nil && dist[Red].Cmp(dist[Blue]) == 0:
		st.say("Beide gleich weit weg (%s): kein Punkt.", "Both equally far off (%s): no point.", fmtRat(dist[Red]))
	default:
		win := Red
		if dist[Red] == nil || dist[Blue] != nil && dist[Blue].Cmp(dist[Red]) < 0 {
			win = Blue
		}
		st.award(win, 1, text("näher dran", "closer"))
	}
	st.settle(true)
	return nil
}

// numbers reads number guesses and their exact distance to the solution
// (decimals compared as written, without rounding errors); nil: no guess.
func (st *step) numbers(p guessP, t decks.RaabTask) ([2]*big.Rat, error) {
	s := st.s
	var dist [2]*big.Rat
	answer, err := parseDecimal(p.Answer, "answer")
	if err != nil {
		return dist, err
	}
	if t != nil {
		var v *big.Rat
		switch c := t.(type) {
		case decks.Distance:
			v = new(big.Rat).SetInt64(int64(c.Km))
		case decks.Estimate:
			v, _ = decimal(c.Answer)
		case decks.When:
			v = new(big.Rat).SetInt64(int64(c.Year))
		case decks.ShowQuestion:
			if err := showKind(t, "guess"); err != nil {
				return dist, err
			}
			v, _ = decimal(c.Answer)
		default:
			return dist, wrongCard(t)
		}
		if v == nil {
			return dist, wrongCard(t)
		}
		if answer != nil && answer.Cmp(v) != 0 {
			return dist, mismatch("Lösung", fmtRat(v), fmtRat(answer))
		}
		answer = v
	}
	if answer == nil {
		return dist, missingAnswer()
	}
	years := s.Code == "WW"
	if years {
		if err := checkYear(answer, "answer"); err != nil {
			return dist, err
		}
	}
	for i, raw := range [2]json.RawMessage{p.Red, p.Blue} {
		g, err := parseDecimal(raw, sideKeys[i])
		if err != nil || g == nil {
			return dist, err
		}
		if years {
			if err := checkYear(g, sideKeys[i]); err != nil {
				return dist, err
			}
			g, answer := astronomical(g), astronomical(answer)
			dist[i] = new(big.Rat).Abs(new(big.Rat).Sub(g, answer))
		} else {
			dist[i] = new(big.Rat).Abs(new(big.Rat).Sub(g, answer))
		}
	}
	return dist, nil
}

// checkYear accepts whole years; there is no year 0 (1 BC is -1).
func checkYear(y *big.Rat, field string) error {
	if !y.IsInt() || y.Sign() == 0 {
		return forbid("bad-year", "„%s“: ein Jahr ist eine ganze Zahl ohne 0 (vor Christus negativ), nicht %s",
			"%q: a year is a whole number other than 0 (BC negative), not %s", field, fmtRat(y))
	}
	return nil
}

// astronomical counts years without a gap: 1 BC (-1) is 0, so 1 BC and
// AD 1 are one year apart.
func astronomical(y *big.Rat) *big.Rat {
	if y.Sign() < 0 {
		return new(big.Rat).Add(y, big.NewRat(1, 1))
	}
	return y
}

// squares reads the dice on the map and counts the squares to the solution,
// not diagonally (maps.Distance).
func (st *step) squares(p guessP, t decks.RaabTask) ([2]*big.Rat, error) {
	s := st.s
	var dist [2]*big.Rat
	var place *decks.Place
	if t != nil {
		pl, ok := t.(decks.Place)
		if !ok {
			return dist, wrongCard(t)
		}
		place = &pl
		if s.Map != "" && s.Map != pl.Map.Key {
			return dist, forbid("wrong-map", "Die Karte gehört zur Landkarte %s, gespielt wird auf %s", "the card belongs to map %s, the game is played on %s", pl.Map.Key, s.Map)
		}
		s.Map = pl.Map.Key
	}
	if s.Map == "" {
		s.Map = maps.Germany.Key
	}
	m, _ := maps.ByKey(s.Map)
	answer, ok, err := parseSquare(p.Answer, m, "answer")
	if err != nil {
		return dist, err
	}
	if place != nil {
		if ok && answer != place.Square {
			return dist, mismatch("Lösungsfeld", place.Square, answer)
		}
		answer, ok = place.Square, true
	}
	if !ok {
		return dist, missingAnswer()
	}
	var sq [2]maps.Square
	var have [2]bool
	for i, raw := range [2]json.RawMessage{p.Red, p.Blue} {
		v, ok, err := parseSquare(raw, m, sideKeys[i])
		if err != nil {
			return dist, err
		}
		sq[i], have[i] = v, ok
		if ok {
			dist[i] = big.NewRat(int64(maps.Distance(v, answer)), 1)
		}
	}
	if have[Red] && have[Blue] && sq[Red] == sq[Blue] {
		return dist, forbid("square-taken", "Auf %s steht schon ein Würfel: jedes Feld nur einmal (wer zuerst kommt …)",
			"there is already a die on %s: one die per square (first come, first served)", sq[Red])
	}
	return dist, nil
}

// ---------------------------------------------------------------------------
// Suchmaschinen

type hitsP struct {
	base
	Red  *int64 `json:"red"`
	Blue *int64 `json:"blue"`
}

func (st *step) hits(p hitsP) error {
	s := st.s
	var h [2]int64
	for i, v := range [2]*int64{p.Red, p.Blue} {
		n, err := need(v, sideKeys[i])
		if err != nil {
			return err
		}
		if n < 0 {
			return forbid("bad-hits", "%s: Treffer können nicht negativ sein", "%s: hits cannot be negative", s.name(i))
		}
		h[i] = n
	}
	switch {
	case h[Red] == h[Blue]:
		st.say("Gleich viele Treffer (%s): kein Punkt, noch eine Runde mit demselben Ausgangswort.",
			"Equal hits (%s): no point, another round with the same starting word.", formatInt(h[Red]))
	case s.Variant == 1:
		st.award(leader64(h), 1, text("mehr Treffer", "more hits"))
	case h[Red] == 0:
		st.award(Blue, 1, text("weniger Treffer, aber mehr als 0", "fewer hits, but more than 0"))
	case h[Blue] == 0:
		st.award(Red, 1, text("weniger Treffer, aber mehr als 0", "fewer hits, but more than 0"))
	default:
		st.award(other(leader64(h)), 1, text("weniger Treffer", "fewer hits"))
	}
	st.settle(true)
	return nil
}

func leader64(h [2]int64) int {
	if h[Blue] > h[Red] {
		return Blue
	}
	return Red
}
