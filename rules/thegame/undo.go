package thegame

import (
	"fmt"
	"slices"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
)

// Return is what the players do at the table when a turn (or part of it)
// is taken back: the engine forgets it by replaying a shorter log, but the
// cards have to go back by hand. The drawn cards go back first, then the
// laid cards in the order given.
type Return struct {
	Turn   int    `json:"turn"`
	Player string `json:"player"`
	// ToDraw is the number of cards the player lays back on top of the
	// draw pile: the ones drawn at the end of the turn.
	ToDraw int `json:"to_draw,omitempty"`
	// ToDrawKnown are the values among them the engine knows.
	ToDrawKnown []int `json:"to_draw_known,omitempty"`
	// ToHand are the cards the player takes back from the piles into the
	// hand, in this order; each is then its pile's top card.
	ToHand []Returned `json:"to_hand,omitempty"`
	Text   i18n.Text  `json:"text"`
}

// Returned is a laid card to take back.
type Returned struct {
	Pile  string `json:"pile"`
	Value int    `json:"value,omitempty"` // 0: entered without value, just the top card
}

// PutBack lists, latest turn first, the cards to return when the log is
// cut back to its first keep actions (rules.Undo is keep = len-1).
func PutBack(set *decks.Set, l rules.Log, keep int) ([]Return, error) {
	if keep < 0 || keep > len(l.Actions) {
		return nil, fmt.Errorf("keine Aktion %d / no action %d", keep, keep)
	}
	e := New(set)
	final, _, err := rules.Replay(e, l)
	if err != nil {
		return nil, err
	}
	cut, _, err := rules.Replay(e, rules.Log{Setup: l.Setup, Actions: l.Actions[:keep]})
	if err != nil {
		return nil, err
	}
	plays := final.Plays[len(cut.Plays):]
	draws := final.Draws[len(cut.Draws):]
	byTurn := map[int]*Return{}
	var turns []int
	get := func(turn int, player string) *Return {
		r := byTurn[turn]
		if r == nil {
			r = &Return{Turn: turn, Player: player}
			byTurn[turn] = r
			turns = append(turns, turn)
		}
		return r
	}
	for _, d := range draws {
		r := get(d.Turn, d.Player)
		r.ToDraw += d.Count
		r.ToDrawKnown = append(r.ToDrawKnown, d.Known...)
	}
	for i := len(plays) - 1; i >= 0; i-- {
		p := plays[i]
		r := get(p.Turn, p.Player)
		r.ToHand = append(r.ToHand, Returned{Pile: p.Pile, Value: p.Value})
	}
	slices.Sort(turns)
	slices.Reverse(turns)
	out := make([]Return, 0, len(turns))
	for _, t := range turns {
		r := byTurn[t]
		slices.Sort(r.ToDrawKnown)
		r.Text = r.text()
		out = append(out, *r)
	}
	return out, nil
}

func (r Return) text() i18n.Text {
	var de, en []string
	if r.ToDraw > 0 {
		n := cards(r.ToDraw)
		d := fmt.Sprintf("%s zurück oben auf den Nachziehstapel legen", strings.Replace(n.DE, "Karte", "nachgezogene Karte", 1))
		e := fmt.Sprintf("lay %s back on top of the draw pile", strings.Replace(n.EN, " ", " drawn ", 1))
		if k := len(r.ToDrawKnown); k > 0 {
			vals := joinInts(r.ToDrawKnown)
			if k == r.ToDraw {
				d += " (" + vals + ")"
				e += " (" + vals + ")"
			} else {
				d += " (darunter " + vals + ")"
				e += " (among them " + vals + ")"
			}
		}
		de, en = append(de, d), append(en, e)
	}
	if len(r.ToHand) > 0 {
		var dp, ep []string
		for _, c := range r.ToHand {
			if c.Value == 0 {
				dp = append(dp, fmt.Sprintf("die oberste Karte von %s", c.Pile))
				ep = append(ep, fmt.Sprintf("the top card of %s", c.Pile))
			} else {
				dp = append(dp, fmt.Sprintf("die %d von %s", c.Value, c.Pile))
				ep = append(ep, fmt.Sprintf("the %d from %s", c.Value, c.Pile))
			}
		}
		de = append(de, strings.Join(dp, ", ")+" zurück auf die Hand nehmen")
		en = append(en, "take "+strings.Join(ep, ", ")+" back into the hand")
	}
	if len(de) == 0 {
		return i18n.Sprintf("Zug %d (%s): keine Karten zurückzulegen.", "Turn %d (%s): no cards to put back.", r.Turn, r.Player)
	}
	return i18n.Text{
		DE: fmt.Sprintf("Zug %d (%s): %s.", r.Turn, r.Player, strings.Join(de, ", dann ")),
		EN: fmt.Sprintf("Turn %d (%s): %s.", r.Turn, r.Player, strings.Join(en, ", then ")),
	}
}

func joinInts(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ", ")
}

// UndoTurn takes back turn number turn and every action after it: the log
// without them and the cards to return, latest turn first. Entries of hand
// cards ("hand") made before the turn's first card stay; later ones go with
// the cut and have to be entered again. Undoing the current turn before
// anything was laid changes nothing.
func UndoTurn(set *decks.Set, l rules.Log, turn int) (rules.Log, []Return, error) {
	e := New(set)
	s, err := e.Start(l.Setup)
	if err != nil {
		return l, nil, err
	}
	if turn < 1 {
		return l, nil, fmt.Errorf("kein Zug %d / no turn %d", turn, turn)
	}
	keep := -1
	for i, a := range l.Actions {
		if keep < 0 && s.Turn == turn && s.Phase != PhaseOver && a.Type != "hand" {
			keep = i
		}
		next, _, err := e.Apply(s, a)
		if err != nil {
			return l, nil, &rules.StepError{Index: i, Err: err}
		}
		s = next
	}
	if keep < 0 {
		if s.Turn < turn {
			return l, nil, fmt.Errorf("Zug %d hat noch nicht begonnen / turn %d has not begun", turn, turn)
		}
		return l, nil, nil // the current turn, nothing laid yet
	}
	ret, err := PutBack(set, l, keep)
	if err != nil {
		return l, nil, err
	}
	return rules.Log{Setup: l.Setup, Actions: slices.Clone(l.Actions[:keep])}, ret, nil
}

// For is the instruction as viewer may read it: the values of drawn cards
// are hand cards, so only their player sees them; everyone else reads how
// many cards go back.
func (r Return) For(v rules.Viewer) Return {
	if len(r.ToDrawKnown) == 0 || (v.Role == rules.RolePlayer && v.Player == r.Player) {
		return r
	}
	r.ToDrawKnown = nil
	r.Text = r.text()
	return r
}
