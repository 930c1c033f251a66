package scorer

import (
	"fmt"
	"testing"
	"time"

	"druckreif/rules"
)

// Who is ahead of whom: the winner ahead of the rest, then the better
// result; joint winners and one side's members are nobody's better; a
// host who played for nothing meets nobody.
func TestAhead(t *testing.T) {
	dativ := Game{Game: "dativ", Players: []string{"Anna", "ben", "Clara"}, Outcome: rules.Outcome{Remaining: -1, Winners: []string{"Anna", "Ben"}, Points: map[string]int{"Anna": 20, "ben": 20, "Clara": 25}}}
	for _, c := range []struct {
		a, b string
		want bool
	}{{"Anna", "Clara", true}, {"Ben", "Clara", true}, {"Anna", "Ben", false}, {"Ben", "Anna", false}, {"Clara", "Anna", false}} {
		if got := dativ.keyed().ahead(nameKey(c.a), nameKey(c.b)); got != c.want {
			t.Errorf("dativ: %s ahead of %s: %v", c.a, c.b, got)
		}
	}
	mini := Game{Game: "raab-mini", Players: []string{"Anna", "Ben", "Host"}, Outcome: rules.Outcome{Remaining: -1, Winners: []string{"Ben"}, Points: map[string]int{"Anna": 2, "Ben": 3}}}
	mini = mini.keyed()
	if mini.competes("host") || mini.ahead("ben", "host") || !mini.ahead("ben", "anna") {
		t.Error("the single Raab game's host played for a result")
	}
	lab := Game{Game: "labyrinth", Players: []string{"Anna", "Ben", "Clara"}, Outcome: rules.Outcome{Remaining: -1, Winners: []string{"Anna"}, Points: map[string]int{"Anna": 30, "Ben": -5, "Clara": 2}}}
	lab = lab.keyed()
	if !lab.ahead("clara", "ben") || lab.ahead("ben", "clara") {
		t.Error("field 2 is ahead of a niche")
	}
	if v, ok := (Game{Game: "thegame", Players: []string{"Anna"}, Outcome: rules.Outcome{Remaining: 4}}).Result("anna"); !ok || v != 4 {
		t.Errorf("The Game's result for every player: %d %v", v, ok)
	}
}

// syntheticHistory is n finished games of four kinds among six saved
// players, one evening a week.
func syntheticHistory(n int) *History {
	h := &History{}
	names := []string{"Anna", "Ben", "Clara", "David", "Emil", "Fatma"}
	for i, name := range names {
		h.Saved = append(h.Saved, Marker{Name: name, Colour: Colours[i].Key, Symbol: Symbols[i].Key})
	}
	games := []string{"genial", "dativ", "labyrinth", "thegame"}
	t0 := time.Date(2020, 1, 3, 20, 0, 0, 0, time.Local)
	for i := range n {
		g := Game{TableID: fmt.Sprint(i), Game: games[i%4], At: t0.Add(time.Duration(i/3) * 7 * 24 * time.Hour), Outcome: rules.Outcome{Remaining: -1, Points: map[string]int{}}}
		for k := range 4 {
			p := names[(i+k)%6]
			g.Players = append(g.Players, p)
			g.Outcome.Points[p] = (i*7 + k*13) % 50
		}
		if g.Game == "thegame" {
			g.Outcome = rules.Outcome{Remaining: i % 30}
		} else {
			g.Outcome.Winners = []string{g.Players[i%4]}
		}
		h.Games = append([]Game{g}, h.Games...) // newest first
	}
	return h
}

// What the history's pages compute from 1,000 finished games: every
// player's records, every game's table and head to head, the timelines
// and the export.
func BenchmarkHistoryPages(b *testing.B) {
	h := syntheticHistory(1000)
	for b.Loop() {
		h.Stats()
		for _, played := range h.GamesPlayed() {
			h.Table(played.Game)
			h.HeadToHead(played.Game)
			h.Timeline(played.Game, 30)
		}
		h.Export()
	}
}
