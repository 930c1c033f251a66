package web

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"druckreif/rules"
	"druckreif/scorer"
)

// The secret round on the screens, one component for every game (templates
// "secret-round" and "reveal" in templates/round.html): who still has to
// choose, this phone's own choice ("Deine Wahl: B – geheim, änderbar bis
// alle gewählt haben"), on the table's phone the players on paper to hand
// the phone to, and after the last choice the reveal. A game's screen says
// only whether its round is open (boardData.Choosing).

// roundSeat is one player who chooses in the open round.
type roundSeat struct {
	Marker scorer.Marker
	Chosen bool
}

// Marker is a player's colour and symbol at the table.
func (d *boardData) Marker(name string) scorer.Marker { return d.marker(name) }

// RoundSeats are the players to choose now, with whether each has.
func (d *boardData) RoundSeats() []roundSeat {
	var out []roundSeat
	for _, name := range d.Snap.Next.Actors {
		chosen := d.Snap.Pending != nil && slices.Contains(d.Snap.Pending.Chosen, name)
		out = append(out, roundSeat{Marker: d.marker(name), Chosen: chosen})
	}
	if p := d.Snap.Pending; p != nil {
		// Players who chose while others' entries went in stay listed.
		for _, name := range p.Chosen {
			if !slices.Contains(d.Snap.Next.Actors, name) {
				out = append(out, roundSeat{Marker: d.marker(name), Chosen: true})
			}
		}
	}
	return out
}

// PassTo are the players on paper (no phone holds their seat) still to
// choose: the table's phone can be handed to each to choose in secret.
func (d *boardData) PassTo() []scorer.Marker {
	if d.Snap.Viewer.Role != rules.RoleTable || !d.Choosing || d.PassFor != "" {
		return nil
	}
	var out []scorer.Marker
	for _, rs := range d.RoundSeats() {
		if rs.Chosen {
			continue
		}
		held := slices.ContainsFunc(d.Seats, func(s scorer.Seat) bool { return s.Name == rs.Marker.Name && s.Taken })
		if !held {
			out = append(out, rs.Marker)
		}
	}
	return out
}

// EntryOpen is whether the table's entry of printed choices starts
// unfolded: while a player on paper has still to choose. Players with
// phones choose there; their rows are not offered at all.
func (d *boardData) EntryOpen() bool { return len(d.PassTo()) > 0 }

// PassURL is the page the table's phone shows when handed to player.
func (d *boardData) PassURL(player string) string {
	return "/t/" + d.Snap.ID + "/pass?player=" + url.QueryEscape(player)
}

// MyChoice is this phone's own secret choice in the open round, as laid
// ("B · Chip 4", "RICHTIG", "a"), or "".
func (d *boardData) MyChoice() string {
	p := d.Snap.Pending
	if p == nil || p.Mine == nil {
		return ""
	}
	var c struct {
		Tip    string          `json:"tip"`
		Chip   int             `json:"chip"`
		Vote   string          `json:"vote"`
		Answer string          `json:"answer"`
		Pick   json.RawMessage `json:"pick"`
	}
	if json.Unmarshal(p.Mine, &c) != nil {
		return ""
	}
	var parts []string
	if c.Tip != "" {
		parts = append(parts, c.Tip)
	}
	if c.Chip != 0 {
		parts = append(parts, fmt.Sprintf("%s %d", d.lang().T("Chip", "chip"), c.Chip))
	}
	if c.Vote != "" {
		parts = append(parts, strings.ToUpper(c.Vote))
	}
	if c.Answer != "" {
		parts = append(parts, c.Answer)
	}
	if len(c.Pick) > 0 {
		parts = append(parts, pickText(c.Pick))
	}
	return strings.Join(parts, " · ")
}

// signed is a reveal's gain or loss: "+3", "−4", "±0".
func signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "±0"
}
