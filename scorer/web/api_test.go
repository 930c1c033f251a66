package web

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"druckreif/rules"
	"druckreif/rules/registry"
)

const theGame3 = `{"game":"thegame","players":["Anna","Ben","Cem"],"starter":"Anna"}`

func TestAccounts(t *testing.T) {
	e := newEnv(t)
	c := e.phone()
	c.want(201, "POST", "/api/accounts", map[string]string{"name": "Mireille", "password": "geheim123"})
	if r := c.do("POST", "/api/accounts", map[string]string{"name": "mireille", "password": "anderes1234"}); r.status != 409 || r.rule(t) != "name-taken" {
		t.Fatalf("taken name: %d %s", r.status, r.body)
	}
	if r := c.do("POST", "/api/accounts", map[string]string{"name": "Kurt", "password": "1234567"}); r.status != 400 || r.rule(t) != "password-short" {
		t.Fatalf("7-character password: %d %s", r.status, r.body)
	}
	if r := c.do("POST", "/api/accounts", map[string]string{"name": "   ", "password": "12345678"}); r.status != 400 || r.rule(t) != "name-missing" {
		t.Fatalf("empty name: %d %s", r.status, r.body)
	}
	r := c.do("POST", "/api/login", map[string]string{"name": "Mireille", "password": "geheim123"})
	if r.status != 200 {
		t.Fatalf("login: %d %s", r.status, r.body)
	}
	token, _ := r.json(t)["token"].(string)
	if len(token) < 22 { // 128 bits in base64 are 22 characters
		t.Fatalf("token %q too short", token)
	}
	cookie := r.header.Get("Set-Cookie")
	for _, want := range []string{loginCookie + "=" + token, "HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("cookie %q lacks %q", cookie, want)
		}
	}
	if strings.Contains(cookie, "Secure") {
		t.Errorf("Secure cookie over plain http: %q", cookie)
	}
	if r := c.do("POST", "/api/login", map[string]string{"name": "Mireille", "password": "falsch123"}); r.status != 401 || r.rule(t) != "login-wrong" {
		t.Fatalf("wrong password: %d %s", r.status, r.body)
	}
	// The token works as bearer and, for a browser, as cookie.
	bearer := e.phone()
	bearer.token = token
	bearer.want(200, "GET", "/api/players", nil)
	browser := e.phone()
	browser.want(200, "POST", "/api/login", map[string]string{"name": "Mireille", "password": "geheim123"})
	browser.want(200, "GET", "/api/players", nil)
	// An empty Authorization header counts as none: the cookie still works.
	browser.header.Set("Authorization", "")
	browser.want(200, "GET", "/api/players", nil)
	// Only the token's hash is stored.
	db, _ := os.ReadFile(filepath.Join(e.dir, "scorer.db"))
	wal, _ := os.ReadFile(filepath.Join(e.dir, "scorer.db-wal"))
	if bytes.Contains(append(db, wal...), []byte(token)) || bytes.Contains(append(db, wal...), []byte("geheim123")) {
		t.Fatal("the token or password is stored in the clear")
	}
	e.phone().want(401, "GET", "/api/players", nil)
}

func TestCookieSecureOverHTTPS(t *testing.T) {
	e := newEnvWith(t, t.TempDir(), true)
	c := e.phone()
	c.want(201, "POST", "/api/accounts", map[string]string{"name": "Anna", "password": "geheim123"})
	r := c.do("POST", "/api/login", map[string]string{"name": "Anna", "password": "geheim123"})
	if r.status != 200 || !strings.Contains(r.header.Get("Set-Cookie"), "Secure") {
		t.Fatalf("https login cookie: %d %q", r.status, r.header.Get("Set-Cookie"))
	}
}

// Wrong passwords: after the fifth, an address that guessed wrong waits
// one second, then two, four …; another address is not held up, and the
// right password from it always gets in. 429 too-many-attempts with
// Retry-After.
func TestLoginLimit(t *testing.T) {
	e := newEnv(t)
	c := e.phone()
	for _, n := range []string{"Anna", "Ben"} {
		c.want(201, "POST", "/api/accounts", map[string]string{"name": n, "password": "richtig-123"})
	}
	for i := 1; i <= 5; i++ {
		c.want(401, "POST", "/api/login", map[string]string{"name": "Anna", "password": "falsch-123"})
	}
	r := c.do("POST", "/api/login", map[string]string{"name": "anna", "password": "richtig-123"})
	if r.status != 429 || r.rule(t) != "too-many-attempts" || r.header.Get("Retry-After") != "1" {
		t.Fatalf("after five wrong: %d %q %s", r.status, r.header.Get("Retry-After"), r.body)
	}
	c.want(200, "POST", "/api/login", map[string]string{"name": "Ben", "password": "richtig-123"})
	e.clock.add(time.Second)
	c.want(401, "POST", "/api/login", map[string]string{"name": "Anna", "password": "falsch-123"})
	for _, wait := range []string{"2", "4", "8"} {
		r := c.do("POST", "/api/login", map[string]string{"name": "Anna", "password": "falsch-123"})
		if r.status != 429 || r.header.Get("Retry-After") != wait {
			t.Fatalf("backoff: %d Retry-After %q, want %s", r.status, r.header.Get("Retry-After"), wait)
		}
		n, _ := strconv.Atoi(wait)
		e.clock.add(time.Duration(n) * time.Second)
		c.want(401, "POST", "/api/login", map[string]string{"name": "Anna", "password": "falsch-123"})
	}
	// The owner's phone, which never guessed wrong, gets in at once.
	owner := e.phoneFrom("127.0.0.5")
	owner.want(200, "POST", "/api/login", map[string]string{"name": "Anna", "password": "richtig-123"})
	// The guessing address waits on, up to five minutes at most.
	for range 20 {
		r := c.do("POST", "/api/login", map[string]string{"name": "Anna", "password": "falsch-123"})
		if r.status == 429 {
			n, _ := strconv.Atoi(r.header.Get("Retry-After"))
			if n > 300 {
				t.Fatalf("waits %d s, more than five minutes", n)
			}
			e.clock.add(time.Duration(n) * time.Second)
		}
	}
}

func TestSavedPlayers(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	a.want(201, "POST", "/api/players", map[string]string{"name": "Mireille", "color": "Rot", "symbol": "Stern"})
	a.want(201, "POST", "/api/players", map[string]string{"name": "David", "color": "blue", "symbol": "triangle"})
	if r := a.do("POST", "/api/players", map[string]string{"name": "Jonas", "color": "pink", "symbol": "stern"}); r.status != 400 || r.rule(t) != "bad-color" {
		t.Fatalf("unknown colour: %d %s", r.status, r.body)
	}
	m := a.want(200, "GET", "/api/players", nil)
	ps := m["players"].([]any)
	if len(ps) != 2 {
		t.Fatalf("players: %v", ps)
	}
	david := ps[0].(map[string]any)
	if david["name"] != "David" || david["color"] != "blau" || david["symbol"] != "dreieck" || david["glyph"] != "▲" {
		t.Fatalf("David: %v", david)
	}
	// A table player who is a saved player wears their colour and symbol;
	// the others get pairs no saved player at the table wears.
	id, _ := a.table(`{"game":"thegame","players":["Mireille","Zoe","David"]}`)
	tm := a.want(200, "GET", "/api/tables/"+id, nil)
	markers := tm["players"].([]any)
	mir, zoe := markers[0].(map[string]any), markers[1].(map[string]any)
	if mir["color"] != "rot" || mir["symbol"] != "stern" || mir["saved"] != true {
		t.Fatalf("Mireille at the table: %v", mir)
	}
	if zoe["saved"] != false || (zoe["color"] == "rot" && zoe["symbol"] == "stern") || (zoe["color"] == "blau" && zoe["symbol"] == "dreieck") {
		t.Fatalf("Zoe wears a saved player's marker: %v", zoe)
	}
	e.account("Ben").want(200, "GET", "/api/players", nil)
}

func TestCreateTable(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	m := a.want(201, "POST", "/api/tables", map[string]any{"setup": json.RawMessage(theGame3)})
	for _, k := range []string{"id", "pin"} {
		if s, ok := m[k].(string); !ok || s == "" {
			t.Fatalf("%s is not a string: %v", k, m[k])
		}
	}
	if len(m["pin"].(string)) != 8 || version(t, m) != 0 || m["state"] == nil || m["next"] == nil {
		t.Fatalf("table: %v", m)
	}
	next := m["next"].(map[string]any)
	if !reflect.DeepEqual(next["actors"], []any{"Anna"}) {
		t.Fatalf("next: %v", next)
	}
	for _, c := range []struct {
		body   any
		status int
		rule   string
	}{
		{map[string]any{"setup": json.RawMessage(`{"game":"schach","players":["A"]}`)}, 422, "unknown-game"},
		{map[string]any{"setup": json.RawMessage(`{"game":"thegame","players":["A","B","C","D","E","F"]}`)}, 422, "players"},
		{map[string]any{"setup": json.RawMessage(`{"game":"thegame","players":["A"],"profi":"ja"}`)}, 422, "setup"},
		{map[string]any{"setup": json.RawMessage(`[1,2]`)}, 400, "bad-setup"},
		{map[string]any{}, 400, "field-missing"},
		{`{"setup": `, 400, "bad-json"},
		{`{"setup": {"game": "thegame", "players": ["` + strings.Repeat("x", 70<<10) + `"]}}`, 413, "body-too-large"},
	} {
		r := a.do("POST", "/api/tables", c.body)
		if r.status != c.status || r.rule(t) != c.rule {
			t.Errorf("%.80v: %d %s, want %d %s", c.body, r.status, r.body, c.status, c.rule)
		}
	}
	tables := a.want(200, "GET", "/api/tables", nil)["tables"].([]any)
	if len(tables) != 1 {
		t.Fatalf("a refused setup was stored: %d tables", len(tables))
	}
	if r := e.phone().do("POST", "/api/tables", map[string]any{"setup": json.RawMessage(theGame3)}); r.status != 401 {
		t.Fatalf("without login: %d", r.status)
	}
}

func TestJoinAndRoles(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	if r := e.phone().do("POST", "/api/tables/"+id+"/join", map[string]string{"pin": "000000", "role": "player", "player": "Ben"}); r.status != 403 || r.rule(t) != "pin-wrong" {
		t.Fatalf("wrong PIN: %d %s", r.status, r.body)
	}
	if r := e.phone().do("POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "player", "player": "Dora"}); r.status != 422 || r.rule(t) != "unknown-player" {
		t.Fatalf("unknown player: %d %s", r.status, r.body)
	}
	if r := e.phone().do("POST", "/api/tables/nosuchtable/join", map[string]string{"pin": pin, "role": "spectator"}); r.status != 404 {
		t.Fatalf("unknown table: %d %s", r.status, r.body)
	}
	ben := e.seat(id, pin, "ben") // names are matched without regard to case
	if m := ben.want(200, "GET", "/api/tables/"+id, nil); m["role"] != "player" || m["player"] != "Ben" {
		t.Fatalf("Ben's seat: %v", m)
	}
	spec := e.seat(id, pin, "")
	if m := spec.want(200, "GET", "/api/tables/"+id, nil); m["role"] != "spectator" {
		t.Fatalf("spectator: %v", m)
	}
	// Another account, without a seat, may not look.
	if r := e.account("Zoe").do("GET", "/api/tables/"+id, nil); r.status != 403 || r.rule(t) != "not-at-table" {
		t.Fatalf("stranger: %d %s", r.status, r.body)
	}
	e.phone().want(401, "GET", "/api/tables/"+id, nil)
	a.want(404, "GET", "/api/tables/nosuchtable", nil)

	// Anna is to play: Ben's seat may not play for her (implicitly or by name).
	if r := ben.act(id, 0, `{"type":"play","pile":"1A","value":5}`); r.status != 403 || r.rule(t) != "not-your-turn" {
		t.Fatalf("Ben plays in Anna's turn: %d %s", r.status, r.body)
	}
	if r := ben.act(id, 0, `{"type":"hand","player":"Anna","cards":[5]}`); r.status != 403 || r.rule(t) != "not-your-seat" {
		t.Fatalf("Ben speaks for Anna: %d %s", r.status, r.body)
	}
	if r := spec.act(id, 0, `{"type":"block"}`); r.status != 403 || r.rule(t) != "spectator" {
		t.Fatalf("spectator acts: %d %s", r.status, r.body)
	}
	// Ben may enter his own hand cards at any time.
	if r := ben.act(id, 0, `{"type":"hand","player":"Ben","cards":[12,57]}`); r.status != 200 {
		t.Fatalf("Ben's own hand: %d %s", r.status, r.body)
	}
	// The table role acts for everyone.
	if r := a.act(id, 1, `{"type":"play","pile":"1A","value":5}`); r.status != 200 {
		t.Fatalf("table role: %d %s", r.status, r.body)
	}
}

// Ten wrong PINs for a table from one address within ten minutes: that
// address waits (429 too-many-attempts, Retry-After) for that table, the
// right PIN included; other tables and other addresses are not touched.
func TestPINLimit(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	other, otherPIN := a.table(theGame3)
	p := e.phone()
	for i := 1; i <= 10; i++ {
		p.want(403, "POST", "/api/tables/"+id+"/join", map[string]string{"pin": "99999999", "role": "spectator"})
		e.clock.add(time.Second)
	}
	r := p.do("POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "spectator"})
	if r.status != 429 || r.rule(t) != "too-many-attempts" {
		t.Fatalf("eleventh try: %d %s", r.status, r.body)
	}
	if n, _ := strconv.Atoi(r.header.Get("Retry-After")); n < 590 || n > 600 {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
	p.want(200, "POST", "/api/tables/"+other+"/join", map[string]string{"pin": otherPIN, "role": "spectator"})
	e.phoneFrom("127.0.0.7").want(200, "POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "spectator"})
	e.clock.add(10 * time.Minute)
	p.want(200, "POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "spectator"})
}

func TestActions(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, _ := a.table(theGame3)
	r := a.act(id, 0, `{"type":"play","pile":"100A","value":97}`)
	m := r.json(t)
	if r.status != 200 || version(t, m) != 1 || m["state"] == nil || m["next"] == nil {
		t.Fatalf("action: %d %s", r.status, r.body)
	}
	if ev := m["events"].([]any); len(ev) == 0 || ev[0].(map[string]any)["de"] == "" {
		t.Fatalf("events: %v", m["events"])
	}
	// Stale: 409 with the current version, state and next.
	r = a.act(id, 0, `{"type":"play","pile":"1A","value":20}`)
	if r.status != 409 || r.rule(t) != "stale-version" {
		t.Fatalf("stale: %d %s", r.status, r.body)
	}
	if m := r.json(t); version(t, m) != 1 || m["state"] == nil || m["next"] == nil {
		t.Fatalf("409 body: %s", r.body)
	}
	// The rules refuse: 422 with the engine's rule and reason.
	r = a.act(id, 1, `{"type":"play","pile":"100A","value":98}`)
	if r.status != 422 || r.rule(t) != "pile-order" {
		t.Fatalf("refused: %d %s", r.status, r.body)
	}
	for _, c := range []struct {
		body   any
		status int
		rule   string
	}{
		{map[string]any{"version": 1, "action": json.RawMessage(`{"pile":"1A"}`)}, 400, "bad-action"},
		{map[string]any{"version": 1, "action": json.RawMessage(`"play"`)}, 400, "bad-action"},
		{map[string]any{"version": 1, "action": json.RawMessage(`{"type":"fly"}`)}, 422, "unknown-action"},
		{map[string]any{"version": 1, "action": json.RawMessage(`{"type":"play","pile":"1A","value":"x"}`)}, 422, "bad-action"},
		{map[string]any{"action": json.RawMessage(`{"type":"block"}`)}, 400, "field-missing"},
		{map[string]any{"version": "eins", "action": json.RawMessage(`{"type":"block"}`)}, 400, "bad-field"},
		{`{"version": 1, "action": {"type":"play", `, 400, "bad-json"},
		{`{"version": 1, "action": {"type":"play","pile":"` + strings.Repeat("1", 65<<10) + `"}}`, 413, "body-too-large"},
	} {
		r := a.do("POST", "/api/tables/"+id+"/actions", c.body)
		if r.status != c.status || r.rule(t) != c.rule {
			t.Errorf("%.70v: %d %s, want %d %s", c.body, r.status, r.body, c.status, c.rule)
		}
	}
	if r := e.phone().act(id, 1, `{"type":"block"}`); r.status != 401 {
		t.Fatalf("without auth: %d", r.status)
	}
	if r := a.act("nosuchtable", 0, `{"type":"block"}`); r.status != 404 || r.rule(t) != "no-table" {
		t.Fatalf("unknown table: %d %s", r.status, r.body)
	}
	// Nothing refused was stored.
	if m := a.want(200, "GET", "/api/tables/"+id, nil); version(t, m) != 1 {
		t.Fatalf("version after refusals: %v", m["version"])
	}
	log := a.do("GET", "/api/tables/"+id+"/log", nil)
	if lines := strings.Count(string(log.body), "\n"); lines != 2 {
		t.Fatalf("log after refusals:\n%s", log.body)
	}
}

// Two phones acting on one version: exactly one is applied, the other gets
// 409 — over many rounds, with nothing lost and nothing applied twice.
func TestRace(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(`{"game":"thegame","players":["Anna","Ben"]}`)
	phones := []*client{a, e.seat(id, pin, "Anna")}
	const rounds = 8
	for round := 0; round < rounds; round++ {
		v := round
		// Anna lays her seven cards, then draws.
		action := fmt.Sprintf(`{"type":"play","pile":"1A","value":%d}`, 2+round)
		if round == 7 {
			action = `{"type":"draw"}`
		}
		var wg sync.WaitGroup
		statuses := make([]int, len(phones))
		for i, p := range phones {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = p.act(id, v, action).status
			}()
		}
		wg.Wait()
		ok, stale := 0, 0
		for _, s := range statuses {
			switch s {
			case 200:
				ok++
			case 409:
				stale++
			}
		}
		if ok != 1 || stale != 1 {
			t.Fatalf("round %d: statuses %v", round, statuses)
		}
	}
	m := a.want(200, "GET", "/api/tables/"+id, nil)
	if version(t, m) != rounds {
		t.Fatalf("version %v after %d rounds", m["version"], rounds)
	}
}

func TestUndo(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(`{"game":"thegame","players":["Anna","Ben"]}`)
	anna, ben := e.seat(id, pin, "Anna"), e.seat(id, pin, "Ben")
	a.want(422, "POST", "/api/tables/"+id+"/undo", map[string]int{"version": 0})
	anna.act(id, 0, `{"type":"play","pile":"1A","value":10}`)
	anna.act(id, 1, `{"type":"play","pile":"1A","value":20}`)
	anna.act(id, 2, `{"type":"draw","count":2}`)
	// Ben did not make the action: he may not undo it.
	if r := ben.do("POST", "/api/tables/"+id+"/undo", map[string]int{"version": 3}); r.status != 403 || r.rule(t) != "not-your-action" {
		t.Fatalf("Ben undoes Anna's draw: %d %s", r.status, r.body)
	}
	if r := anna.do("POST", "/api/tables/"+id+"/undo", map[string]int{"version": 2}); r.status != 409 {
		t.Fatalf("stale undo: %d %s", r.status, r.body)
	}
	m := anna.want(200, "POST", "/api/tables/"+id+"/undo", map[string]int{"version": 3})
	if version(t, m) != 4 {
		t.Fatalf("undo version: %v", m["version"])
	}
	pb, ok := m["put_back"].([]any)
	if !ok || len(pb) != 1 {
		t.Fatalf("put_back: %v", m["put_back"])
	}
	if ret := pb[0].(map[string]any); ret["to_draw"] != float64(2) || !strings.Contains(ret["text"].(map[string]any)["DE"].(string), "2 nachgezogene Karten") {
		t.Fatalf("put-back instruction: %v", ret)
	}
	// The table role undoes the next one; the version only grows.
	m = a.want(200, "POST", "/api/tables/"+id+"/undo", map[string]int{"version": 4})
	if version(t, m) != 5 || m["state"].(map[string]any)["turn_plays"] != float64(1) {
		t.Fatalf("after two undos: %v", m)
	}
	log := a.do("GET", "/api/tables/"+id+"/log", nil)
	if got := strings.Split(strings.TrimSpace(string(log.body)), "\n"); len(got) != 2 || !strings.Contains(got[1], `"value":10`) {
		t.Fatalf("log after undo:\n%s", log.body)
	}
	// Every phone sees the put-back instruction until the next action.
	if m := ben.want(200, "GET", "/api/tables/"+id, nil); m["put_back"] == nil {
		t.Fatal("Ben does not see what to put back")
	}
}

// The log is what druckreif replay reads: replayed, it reaches the table's
// state and next; only the table role may read it.
func TestLog(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	a.act(id, 0, `{"type":"play","pile":"1A","card":"TG-23"}`)
	a.act(id, 1, `{"type":"play","pile":"100B","confirmed":true}`)
	r := a.do("GET", "/api/tables/"+id+"/log", nil)
	if r.status != 200 || r.header.Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("log: %d %s", r.status, r.header.Get("Content-Type"))
	}
	log := parseNDJSON(t, r.body)
	g, _ := registry.Lookup("thegame")
	state, next, err := g.Runner(defaults(t)).Replay(log, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := a.want(200, "GET", "/api/tables/"+id, nil)
	sameAsJSON(t, "state", state, m["state"])
	sameAsJSON(t, "next", next, m["next"])
	if r := e.seat(id, pin, "Ben").do("GET", "/api/tables/"+id+"/log", nil); r.status != 403 {
		t.Fatalf("a seat reads the log: %d", r.status)
	}
}

func parseNDJSON(t *testing.T, b []byte) rules.Log {
	t.Helper()
	var l rules.Log
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := append(json.RawMessage(nil), sc.Bytes()...)
		if l.Setup == nil {
			l.Setup = line
			continue
		}
		var head struct{ Type string }
		json.Unmarshal(line, &head)
		l.Actions = append(l.Actions, rules.Action{Type: head.Type, Data: line})
	}
	return l
}

func sameAsJSON(t *testing.T, what string, want, got any) {
	t.Helper()
	wb, _ := json.Marshal(want)
	var w any
	json.Unmarshal(wb, &w)
	if !reflect.DeepEqual(w, got) {
		gb, _ := json.Marshal(got)
		t.Fatalf("%s differs:\nwant %s\ngot  %s", what, wb, gb)
	}
}

// Every example game of docs/examples, played action by action through the
// API by the table role, ends where druckreif replay ends.
func TestExamplesThroughAPI(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "docs", "examples", "*.jsonl"))
	if len(files) < 6 {
		t.Fatalf("examples: %v", files)
	}
	e := newEnv(t)
	a := e.account("Tisch")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, _ := os.ReadFile(f)
			var lines [][]byte
			for _, l := range bytes.Split(data, []byte("\n")) {
				if l = bytes.TrimSpace(l); len(l) > 0 && l[0] != '#' {
					lines = append(lines, l)
				}
			}
			id, _ := a.table(string(lines[0]))
			var m map[string]any
			v := 0
			for i, l := range lines[1:] {
				// The table's phone enters each player's secret choice
				// (a printed card): it waits (202) until the last one
				// turns them all over.
				r := a.act(id, v, string(l))
				if r.status != 200 && r.status != 202 {
					t.Fatalf("line %d: %d %s", i+2, r.status, r.body)
				}
				m = r.json(t)
				v = version(t, m)
			}
			var head struct{ Game string }
			json.Unmarshal(lines[0], &head)
			g, _ := registry.Lookup(head.Game)
			log := parseNDJSON(t, bytes.Join(lines, []byte("\n")))
			state, next, err := g.Runner(defaults(t)).Replay(log, nil)
			if err != nil {
				t.Fatal(err)
			}
			sameAsJSON(t, "next", next, m["next"])
			if !next.Over {
				t.Fatal("the example does not end")
			}
			// The table role sees the whole state once the game is over.
			sameAsJSON(t, "state", g.Runner(defaults(t)).View(state, rules.Viewer{Role: rules.RoleTable}), m["state"])
			// And the exported log replays to the same.
			exported := parseNDJSON(t, a.do("GET", "/api/tables/"+id+"/log", nil).body)
			if _, n2, err := g.Runner(defaults(t)).Replay(exported, nil); err != nil || !reflect.DeepEqual(n2, next) {
				t.Fatalf("exported log: %v", err)
			}
		})
	}
}
