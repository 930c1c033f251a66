package dativ

import (
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
)

// Reveal: the votes turned over (the last vote, or the reader's Decoder
// for a card the app does not know) score the reading: every guess card,
// whether the sentence read was right, each correct version and the
// explanation as the reader reads them out, and the chips each player won.
func (e engine) Reveal(before, after State, a rules.Action) (rules.Reveal, bool) {
	if (a.Type != ActVote && a.Type != ActReveal) || (before.Phase != PhaseVote && before.Phase != PhaseReveal) ||
		after.Phase == before.Phase || after.Phase == PhaseReveal || after.Last == nil || before.Reading == nil {
		return rules.Reveal{}, false
	}
	last := after.Last
	right := last.Reading.Right != nil && *last.Reading.Right
	r := rules.Reveal{
		Title:    i18n.Sprintf("Karte %d von %d", "Card %d of %d", before.Drawn, before.Cards),
		Question: last.Reading.Sentence,
		Correct:  i18n.T("Der vorgelesene Satz ist falsch.", "The sentence read aloud is wrong."),
	}
	if right {
		r.Correct = i18n.T("Der vorgelesene Satz ist richtig.", "The sentence read aloud is right.")
	}
	if side, ok := e.side(last.Reading); ok {
		r.Notes = append(r.Notes, i18n.Text{
			DE: "Richtig: „" + strings.Join(side.Solutions(), "“ / „") + "“",
			EN: "Right: “" + strings.Join(side.Solutions(), "” / “") + "”"})
		if side.Explanation != "" {
			r.Notes = append(r.Notes, i18n.Text{DE: side.Explanation, EN: side.Explanation})
		}
	}
	want := Falsch
	if right {
		want = Richtig
	}
	n := len(before.Players)
	for k := 1; k <= n; k++ {
		i := (before.Reader + k) % n
		vote := last.Votes[i]
		seat := rules.RevealSeat{Player: before.Players[i], Points: after.Chips[i] - before.Chips[i], Right: rules.Right(vote == want)}
		seat.Choice = i18n.Text{DE: strings.ToUpper(vote), EN: map[string]string{Richtig: "RIGHT", Falsch: "WRONG"}[vote]}
		reader := i == before.Reader
		switch {
		case vote == want && reader:
			seat.Why = i18n.Sprintf("liest vor, richtig beurteilt: die übrigen Chips der Mitte", "reader, judged right: the rest of the middle")
		case vote == want && seat.Points == 0:
			seat.Why = i18n.T("richtig, aber die Mitte ist leer", "right, but the middle is empty")
		case vote == want:
			seat.Why = i18n.T("richtig: 1 Chip aus der Mitte", "right: 1 chip from the middle")
		case reader:
			seat.Why = i18n.T("liest vor, falsch beurteilt: nichts", "reader, judged wrong: nothing")
		default:
			seat.Why = i18n.T("falsch: nichts", "wrong: nothing")
		}
		r.Seats = append(r.Seats, seat)
	}
	for i, p := range after.Players {
		c := after.Chips[i]
		t := i18n.Sprintf("%d Chips", "%d chips", c)
		if c == 1 {
			t = i18n.T("1 Chip", "1 chip")
		}
		r.Standings = append(r.Standings, rules.Standing{Player: p, Score: c, Text: t})
	}
	return r, true
}

// side is the card side read, when the app knows the card.
func (e engine) side(rd Reading) (decks.DativSide, bool) {
	if rd.Card == "" || e.set == nil {
		return decks.DativSide{}, false
	}
	f, _ := e.set.Find(decks.Ref{ID: rd.Card})
	if f == nil || f.Dativ == nil {
		return decks.DativSide{}, false
	}
	face := decks.Front
	if rd.Side == "hinten" {
		face = decks.Back
	}
	return f.Dativ.Sides[face], true
}
