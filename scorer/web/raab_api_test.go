package web

import (
	"encoding/json"
	"strings"
	"testing"
)

// raabCurrent is the game being played in a Raab table's state.
func raabCurrent(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	st, _ := m["state"].(map[string]any)
	c, _ := st["current"].(map[string]any)
	if c == nil {
		t.Fatalf("no game being played: %v", m["state"])
	}
	return c
}

// The Schlag-den-Raab evening through the API, as the phones at the table
// see it: who may act when (the candidates choose the host, the host
// spins and asks, Stefan takes or plays a Wild Card), the chips laid face
// down on two phones (202 until both are in; no other phone — the host's
// and the table's included — sees the first chip before the second is
// laid), a player who speaks for the other (403), and the solution of a
// question without a card, which only the host and the table's phone see.
func TestRaabEveningAPI(t *testing.T) {
	e := newEnv(t)
	table := e.account("Tisch")
	id, pin := table.table(`{"game":"raab","players":["Stefan","Anna","Ben","Cem"],"length":"ratzfatz","stefan":"Stefan"}`)
	stefan, anna, ben, cem := e.seat(id, pin, "Stefan"), e.seat(id, pin, "Anna"), e.seat(id, pin, "Ben"), e.seat(id, pin, "Cem")
	v := 0
	post := func(c *client, status int, action string) map[string]any {
		t.Helper()
		r := c.act(id, v, action)
		if r.status != status {
			t.Fatalf("%s: %d, want %d: %s", action, r.status, status, r.body)
		}
		m := r.json(t)
		if status == 200 {
			v++
		}
		return m
	}
	rule := func(c *client, status int, action, want string) {
		t.Helper()
		r := c.act(id, v, action)
		if r.status != status || r.rule(t) != want {
			t.Fatalf("%s: %d %s, want %d %s", action, r.status, r.body, status, want)
		}
	}
	// Stefan does not choose the team's host; the team does.
	rule(stefan, 403, `{"type":"host","player":"Anna"}`, "not-your-turn")
	post(ben, 200, `{"type":"host","player":"Anna"}`)
	// The host spins; a candidate may not.
	rule(ben, 403, `{"type":"spin","game":"EO"}`, "not-your-turn")
	post(anna, 200, `{"type":"spin","game":"EO"}`)
	// The team sends Ben; only Stefan decides on the Wild Card.
	post(cem, 200, `{"type":"candidate","player":"Ben"}`)
	rule(ben, 403, `{"type":"accept"}`, "not-your-turn")
	post(stefan, 200, `{"type":"accept"}`)
	post(anna, 200, `{"type":"ask","card":"RAAB-STD-EO-1","task":1}`)

	// Ben lays his chip on his phone: it waits, face down.
	m := post(ben, 202, `{"type":"choose","player":"Ben","pick":"A"}`)
	if p, _ := m["pending"].(map[string]any); p == nil {
		t.Fatalf("Ben's chip is not pending: %v", m)
	}
	for name, c := range map[string]*client{"Stefan": stefan, "Anna (host)": anna, "Cem": cem, "the table": table} {
		r := c.do("GET", "/api/tables/"+id, nil)
		if r.status != 200 {
			t.Fatalf("%s: %d", name, r.status)
		}
		if strings.Contains(string(r.body), `"pick":"A"`) || strings.Contains(string(r.body), `"red":"A"`) {
			t.Fatalf("%s sees Ben's chip before Stefan has laid his: %s", name, r.body)
		}
		p, _ := r.json(t)["pending"].(map[string]any)
		if p == nil || p["of"] != 2.0 || len(p["chosen"].([]any)) != 1 {
			t.Fatalf("%s: pending %v, want 1 of 2 chosen", name, p)
		}
	}
	// Stefan may not lay Ben's chip, nor see it in the table's log (the
	// table's phone reads the log: the chip is not in it either).
	rule(stefan, 403, `{"type":"choose","player":"Ben","pick":"B"}`, "not-your-seat")
	if r := table.do("GET", "/api/tables/"+id+"/log", nil); r.status != 200 || strings.Contains(string(r.body), `"pick":"A"`) {
		t.Fatalf("the log holds Ben's chip before it is turned: %d %s", r.status, r.body)
	}
	// Stefan's chip turns both over, for everyone.
	m = post(stefan, 200, `{"type":"choose","player":"Stefan","pick":"B"}`)
	for name, c := range map[string]*client{"Cem": cem, "Ben": ben} {
		q := raabCurrent(t, c.want(200, "GET", "/api/tables/"+id, nil))["question"].(map[string]any)
		rv, _ := q["revealed"].(map[string]any)
		if rv == nil || rv["red"] != "A" || rv["blue"] != "B" {
			t.Fatalf("%s after the reveal: %v", name, q)
		}
	}

	// A question without a card: its solution is the host's (and the
	// table's phone's), not the players'.
	post(anna, 200, `{"type":"ask","answer":"B"}`)
	for name, c := range map[string]*client{"Anna (host)": anna, "the table": table, "Ben": ben, "Stefan": stefan, "Cem": cem} {
		q := raabCurrent(t, c.want(200, "GET", "/api/tables/"+id, nil))["question"].(map[string]any)
		_, has := q["answer"]
		if want := name == "Anna (host)" || name == "the table"; has != want {
			t.Fatalf("%s sees the solution: %v, want %v (%v)", name, has, want, q)
		}
	}
	// A stale version: 409 with the fresh state.
	r := ben.act(id, v-1, `{"type":"choose","player":"Ben","pick":"A"}`)
	if r.status != 409 {
		t.Fatalf("stale pick: %d %s", r.status, r.body)
	}
	var stale struct{ Version int }
	json.Unmarshal(r.body, &stale)
	if stale.Version != v {
		t.Fatalf("409 with version %d, want %d", stale.Version, v)
	}
}

// The team game through the API: a full-time host chooses games freely
// (no player may), both teams name their player, each once, and a team
// names only its own.
func TestRaabTeamGameAPI(t *testing.T) {
	e := newEnv(t)
	table := e.account("Tisch")
	id, pin := table.table(`{"game":"raab","players":["A","B","C","D","E","F","G"],"length":"medium","team_stefan":["D","E","F"],"host":"G"}`)
	g, a, d := e.seat(id, pin, "G"), e.seat(id, pin, "A"), e.seat(id, pin, "D")
	m := g.want(200, "GET", "/api/tables/"+id, nil)
	if st := m["state"].(map[string]any); st["mode"] != "teams" {
		t.Fatalf("mode %v", st["mode"])
	}
	if r := a.act(id, 0, `{"type":"choose","game":"ZO"}`); r.status != 403 {
		t.Fatalf("a player chose the game: %d %s", r.status, r.body)
	}
	if r := g.act(id, 0, `{"type":"choose","game":"ZO"}`); r.status != 200 {
		t.Fatalf("the full-time host chooses: %d %s", r.status, r.body)
	}
	// D's phone offers Team Stefan's players only; the table's phone both
	// teams'.
	offers := func(c *client, p string) bool {
		r := c.do("GET", "/t/"+id, nil)
		if r.status != 200 {
			t.Fatalf("the table's page: %d", r.status)
		}
		return strings.Contains(string(r.body), `name="type" value="candidate"><input type="hidden" name="player" value="`+p+`"`)
	}
	if offers(d, "A") || !offers(d, "E") || !offers(table, "A") || !offers(table, "E") {
		t.Fatalf("candidate buttons: D offers A %v, E %v; the table A %v, E %v", offers(d, "A"), offers(d, "E"), offers(table, "A"), offers(table, "E"))
	}
	if r := d.act(id, 1, `{"type":"candidate","player":"A"}`); r.status != 403 || r.rule(t) != "not-your-team" {
		t.Fatalf("Team Stefan named the candidates' player: %d %s", r.status, r.body)
	}
	if r := g.act(id, 1, `{"type":"candidate","player":"A"}`); r.status != 403 {
		t.Fatalf("the host named a team's player: %d %s", r.status, r.body)
	}
	if r := a.act(id, 1, `{"type":"candidate","player":"B"}`); r.status != 200 {
		t.Fatalf("the candidates name B: %d %s", r.status, r.body)
	}
	if r := a.act(id, 2, `{"type":"candidate","player":"C"}`); r.status != 422 && r.status != 403 {
		t.Fatalf("the candidates named twice: %d %s", r.status, r.body)
	}
	if r := d.act(id, 2, `{"type":"candidate","player":"E"}`); r.status != 200 {
		t.Fatalf("Team Stefan names E: %d %s", r.status, r.body)
	}
	c := raabCurrent(t, g.want(200, "GET", "/api/tables/"+id, nil))
	if c["candidate"] != "B" || c["stefan_player"] != "E" || c["code"] != "ZO" {
		t.Fatalf("the game: %v", c)
	}
}
