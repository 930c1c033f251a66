package labyrinth

import (
	"testing"

	"druckreif/rules"
)

// revealOf is the reveal of the last line of lines, played on s.
func revealOf(t *testing.T, e rules.Engine[State], s State, lines ...string) (State, rules.Reveal) {
	t.Helper()
	before, _ := do(t, e, s, lines[:len(lines)-1]...)
	after, _ := do(t, e, before, lines[len(lines)-1])
	r, ok := e.(*engine).Reveal(before, after, line(lines[len(lines)-1]))
	if !ok {
		t.Fatalf("no reveal for %s", lines[len(lines)-1])
	}
	return after, r
}

func seatOf(t *testing.T, r rules.Reveal, name string) rules.RevealSeat {
	t.Helper()
	for _, s := range r.Seats {
		if s.Player == name {
			return s
		}
	}
	t.Fatalf("no seat for %s in %+v", name, r.Seats)
	return rules.RevealSeat{}
}

// The reveal of a question says what every piece did and by which rule:
// the rulebook's "move forward by the chip when right, back when wrong",
// the niche behind the fourth field, a Lingutaurus tile that stops a piece
// short of its chip; the reader reads.
func TestRevealSaysWhatEachPieceDid(t *testing.T) {
	e := New(nil)
	s := start(t, e, four) // Anna reads; tiles on 13, 25, 38
	s = place(s, map[string]int{"Mireille": 10, "Sebastian": 1})
	_, r := revealOf(t, e, s,
		`{"type":"draw","kind":"normal"}`,
		`{"type":"tip","player":"Mireille","tip":"A"}`, `{"type":"bet","player":"Mireille","chip":5}`,
		`{"type":"tip","player":"Sebastian","tip":"B"}`, `{"type":"bet","player":"Sebastian","chip":5}`,
		`{"type":"tip","player":"David","tip":"C"}`, `{"type":"bet","player":"David","chip":2}`,
		`{"type":"reveal","correct":"A"}`)
	for _, c := range []struct {
		name   string
		points int
		right  bool
		why    string
	}{
		// 10 + 5 would pass the tile on 13: she stops on it.
		{"Mireille", 3, true, "Einsatz 5, richtig – bleibt auf Feld 13 stehen"},
		// 1 − 5 = −4 is the last field behind the start: not yet a niche.
		{"Sebastian", -5, false, "Einsatz 5, falsch"},
		// 0 − 2 = −2.
		{"David", -2, false, "Einsatz 2, falsch"},
		{"Anna", 0, false, "liest vor"},
	} {
		seat := seatOf(t, r, c.name)
		if seat.Points != c.points || seat.Why.DE != c.why {
			t.Errorf("%s: %+d %q, want %+d %q", c.name, seat.Points, seat.Why.DE, c.points, c.why)
		}
		if c.name != "Anna" && (seat.Right == nil || *seat.Right != c.right) {
			t.Errorf("%s: right %v, want %v", c.name, seat.Right, c.right)
		}
	}
	if seatOf(t, r, "Mireille").Choice.DE != "A · Einsatz 5" {
		t.Errorf("Mireille's choice %q", seatOf(t, r, "Mireille").Choice.DE)
	}

	// Everyone starts in a niche. Wrong from there by 5: back past the
	// four fields behind the start, into a niche again; a piece in a niche
	// that is right leaves it from the start field.
	s = start(t, e, four)
	s = place(s, map[string]int{"Sebastian": NichePos})
	_, r = revealOf(t, e, s,
		`{"type":"draw","kind":"normal"}`,
		`{"type":"tip","player":"Mireille","tip":"B"}`, `{"type":"bet","player":"Mireille","chip":5}`,
		`{"type":"tip","player":"Sebastian","tip":"A"}`, `{"type":"bet","player":"Sebastian","chip":3}`,
		`{"type":"tip","player":"David","tip":"A"}`, `{"type":"bet","player":"David","chip":1}`,
		`{"type":"reveal","correct":"A"}`)
	if m := seatOf(t, r, "Mireille"); m.Points != -5 || m.Why.DE != "Einsatz 5, falsch – zurück in eine Nische" {
		t.Errorf("Mireille: %+d %q", m.Points, m.Why.DE)
	}
	if sb := seatOf(t, r, "Sebastian"); sb.Points != 3 || sb.Why.DE != "Einsatz 3, richtig" {
		t.Errorf("Sebastian: %+d %q", sb.Points, sb.Why.DE)
	}
	want := map[string]string{"Mireille": "in der Nische", "Sebastian": "auf Feld 3", "David": "auf Feld 1", "Anna": "in der Nische"}
	for _, st := range r.Standings {
		if st.Text.DE != want[st.Player] {
			t.Errorf("standing of %s: %q, want %q", st.Player, st.Text.DE, want[st.Player])
		}
	}
}
