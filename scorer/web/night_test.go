package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// seatedExample opens an example game's table and seats the named
// players on phones of their own, plus a spectator; it returns the
// table, the PIN, the seats by name and the remaining lines.
func seatedExample(t *testing.T, e *env, host *client, name string, players ...string) (id, pin string, seats map[string]*client, lines [][]byte) {
	t.Helper()
	lines = exampleLines(t, name)
	id, pin = host.table(string(lines[0]))
	seats = map[string]*client{"": e.seat(id, pin, "")}
	for _, p := range players {
		seats[p] = e.seat(id, pin, p)
	}
	return id, pin, seats, lines[1:]
}

// playLines plays lines as the table's phone from version v.
func playLines(t *testing.T, c *client, id string, v int, lines [][]byte) int {
	t.Helper()
	for i, l := range lines {
		r := c.act(id, v, string(l))
		if r.status != 200 && r.status != 202 {
			t.Fatalf("line %d: %d %s", i+1, r.status, r.body)
		}
		v = version(t, r.json(t))
	}
	return v
}

// "Nochmal mit denselben": a rematch is the table role's, after the end;
// it answers as POST /api/tables does, tells the old table's phones with
// an event "rematch" {"id"}, and each phone there follows to its own
// seat without the PIN; nobody else can.
func TestRematch(t *testing.T) {
	e := newEnv(t)
	host := e.account("Tisch")
	id, _, seats, lines := seatedExample(t, e, host, "genial", "Mireille", "David")
	s := seats["David"].stream(t, id, "")
	s.next(t, 2*time.Second) // the current version

	if r := host.do("POST", "/api/tables/"+id+"/rematch", nil); r.status != 422 || r.rule(t) != "not-over" {
		t.Fatalf("rematch before the end: %d %s", r.status, r.body)
	}
	playLines(t, host, id, 0, lines)
	if r := seats["Mireille"].do("POST", "/api/tables/"+id+"/rematch", nil); r.status != 403 {
		t.Fatalf("a player opened the rematch: %d %s", r.status, r.body)
	}
	m := host.want(201, "POST", "/api/tables/"+id+"/rematch", nil)
	next, _ := m["id"].(string)
	if next == "" || next == id || m["pin"] == "" || version(t, m) != 0 || m["join"] != "/j/"+next+"?pin="+m["pin"].(string) {
		t.Fatalf("the rematch's answer: %v", m)
	}
	var names []string
	for _, p := range m["players"].([]any) {
		names = append(names, p.(map[string]any)["name"].(string))
	}
	if strings.Join(names, ",") != "Mireille,David,Aylin" {
		t.Fatalf("the rematch's players: %v", names)
	}
	var told struct{ ID string }
	for deadline := time.Now().Add(5 * time.Second); told.ID == ""; {
		ev := s.next(t, time.Until(deadline))
		if ev[0] != "event: rematch" {
			continue
		}
		for _, l := range ev {
			if d, ok := strings.CutPrefix(l, "data: "); ok {
				json.Unmarshal([]byte(d), &told)
			}
		}
	}
	if told.ID != next {
		t.Fatalf("the rematch event names %q, want %q", told.ID, next)
	}

	// Each phone follows to its own seat; the spectator stays a spectator.
	for name, c := range seats {
		f := c.want(200, "POST", "/api/tables/"+id+"/follow", map[string]string{"to": next})
		c.token = f["token"].(string)
		got := c.want(200, "GET", "/api/tables/"+next, nil)
		if name == "" && got["role"] != "spectator" || name != "" && (got["role"] != "player" || got["player"] != name) {
			t.Fatalf("%q followed as %v %v", name, got["role"], got["player"])
		}
	}
	// Following again, or to another table, or from no seat, is refused.
	if r := seats["David"].do("POST", "/api/tables/"+next+"/follow", map[string]string{"to": id}); r.status != 404 || r.rule(t) != "no-rematch" {
		t.Fatalf("a follow back: %d %s", r.status, r.body)
	}
	stranger := e.phone()
	if r := stranger.do("POST", "/api/tables/"+id+"/follow", map[string]string{"to": next}); r.status != 401 && r.status != 403 {
		t.Fatalf("a phone without a seat followed: %d %s", r.status, r.body)
	}
	if r := host.do("POST", "/api/tables/"+id+"/follow", map[string]string{}); r.status != 400 || !strings.Contains(string(r.body), `"field":"to"`) {
		t.Fatalf("a follow without to: %d %s", r.status, r.body)
	}
	// Aylin had no phone: her seat at the rematch is free for the PIN.
	e.seat(next, m["pin"].(string), "Aylin")
}

// An action sent twice with its Idempotency-Key — a double tap, a retry
// after the answer got lost, twenty at once — is applied once, and every
// repeat gets the first answer; another phone's same key is its own.
func TestIdempotencyKey(t *testing.T) {
	e := newEnv(t)
	host := e.account("Tisch")
	id, _, seats, lines := seatedExample(t, e, host, "genial", "Mireille")
	host.header.Set("Idempotency-Key", "3f1c-ask-1")
	first := host.act(id, 0, string(lines[0]))
	if first.status != 200 {
		t.Fatalf("first: %d %s", first.status, first.body)
	}
	var wg sync.WaitGroup
	answers := make([]response, 20)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = host.act(id, 0, string(lines[0]))
		}()
	}
	wg.Wait()
	for i, a := range answers {
		if a.status != first.status || string(a.body) != string(first.body) {
			t.Fatalf("repeat %d: %d %s, want the first answer %s", i, a.status, a.body, first.body)
		}
	}
	host.header.Del("Idempotency-Key")
	if v := version(t, host.want(200, "GET", "/api/tables/"+id, nil)); v != 1 {
		t.Fatalf("version %d after 21 sends of one action, want 1", v)
	}
	log := host.do("GET", "/api/tables/"+id+"/log", nil)
	if n := len(parseNDJSON(t, log.body).Actions); n != 1 {
		t.Fatalf("%d entries in the log, want 1", n)
	}
	// Mireille's phone with the same key: its own request (here refused as
	// stale, not given the table's answer).
	m := seats["Mireille"]
	m.header.Set("Idempotency-Key", "3f1c-ask-1")
	if r := m.act(id, 0, string(lines[0])); r.status == 200 || string(r.body) == string(first.body) {
		t.Fatalf("another phone's key got the table's answer: %d %s", r.status, r.body)
	}
	// A key that is no key.
	host.header.Set("Idempotency-Key", strings.Repeat("k", 129))
	if r := host.act(id, 1, string(lines[1])); r.status != 400 || !strings.Contains(string(r.body), `"field":"Idempotency-Key"`) {
		t.Fatalf("a long key: %d %s", r.status, r.body)
	}
}

// "Tisch beitreten" on the start page: the code as the table shows it
// (groups, any case) and the PIN lead to the seat picker; a code that is
// no code stays on the start page and says where the code is.
func TestJoinByCode(t *testing.T) {
	e := newEnv(t)
	host := e.account("Tisch")
	id, pin := host.table(theGame3)
	p := e.phone()
	r := p.do("GET", "/join?code="+url.QueryEscape(strings.ToUpper(groupedCode(id)))+"&pin="+pin, nil)
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/j/"+id+"?pin="+pin {
		t.Fatalf("join by code: %d %s", r.status, r.header.Get("Location"))
	}
	r = p.do("GET", r.header.Get("Location"), nil)
	if r.status != 200 || !strings.Contains(string(r.body), `<button class="seat c-`) || !strings.Contains(string(r.body), "Anna") {
		t.Fatalf("the seat picker: %d", r.status)
	}
	r = p.do("GET", "/join?code=%3Cscript%3E&pin=1", nil)
	if r.status != 400 || !strings.Contains(string(r.body), "er steht unter dem QR-Code des Tisches") {
		t.Fatalf("a bad code: %d %s", r.status, r.body)
	}
}
