package web

import (
	"strings"
	"testing"
)

// The labyrinth reader reads the question and answers aloud from the
// phone as from the card: where the answers sound the same, the reader's
// phone shows the card's reading hint, as the printed card does. The other
// players' phones show the question and answers, but not the hint.
func TestLabyrinthReaderSeesReadingHint(t *testing.T) {
	e := newEnv(t)
	a := e.account("Tisch")
	id, pin := a.table(`{"game":"labyrinth","players":["Anna","Ben","Cem"],"reader":"Anna"}`)
	anna, ben := e.seat(id, pin, "Anna"), e.seat(id, pin, "Ben")
	if r := anna.act(id, 0, `{"type":"draw","card":"LAB-STD-16"}`); r.status != 200 {
		t.Fatalf("draw: %d %s", r.status, r.body)
	}
	const hint = `<p class="hint"><strong>Beim Vorlesen:</strong> Antworten buchstabieren</p>`
	for name, c := range map[string]*client{"the reader": anna, "the table's phone": a, "Ben": ben} {
		body := string(c.do("GET", "/t/"+id+"/view", nil).body)
		if !strings.Contains(body, "Schifffahrt") {
			t.Fatalf("%s does not see card 16's answers:\n%s", name, body)
		}
		if shown := strings.Contains(body, hint); shown != (c != ben) {
			t.Errorf("%s: hint shown %v, want %v", name, shown, c != ben)
		}
	}
}
