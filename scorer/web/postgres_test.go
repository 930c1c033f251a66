package web

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	bt "druckreif/internal/browsertest"
	"druckreif/internal/pgtest"
	"druckreif/scorer/store/postgres"
)

// The JSON API contract, again, on two instances sharing one PostgreSQL
// database, with the phones of each test spread over both: accounts,
// limits, tables, seats, actions, races, undo, the log, live events and
// secret votes, every example game.
func TestPostgresAPI(t *testing.T) {
	pgtest.Server(t)
	tests := []struct {
		name string
		fn   func(*testing.T)
	}{
		{"LoginLimit", TestLoginLimit},
		{"SavedPlayers", TestSavedPlayers},
		{"CreateTable", TestCreateTable},
		{"JoinAndRoles", TestJoinAndRoles},
		{"PINLimit", TestPINLimit},
		{"Actions", TestActions},
		{"Race", TestRace},
		{"Undo", TestUndo},
		{"Log", TestLog},
		{"Events", TestEvents},
		{"SecretVotes", TestSecretVotes},
		{"HandCardsStaySecret", TestHandCardsStaySecret},
		{"History", TestHistory},
		{"ExamplesThroughAPI", TestExamplesThroughAPI},
		{"BuzzerRules", TestBuzzerRules},
		{"BuzzerFair", TestBuzzerFairThroughTheAPI},
		{"RaabEvening", TestRaabEveningAPI},
		{"RaabTeamGame", TestRaabTeamGameAPI},
	}
	onPostgres = true
	defer func() { onPostgres = false }()
	for _, tc := range tests {
		t.Run(tc.name, tc.fn)
	}
}

// An action on one instance reaches a phone on the other within 100 ms.
func TestPostgresEventsAcrossInstances(t *testing.T) {
	e := newPostgresEnv(t, pgtest.Database(t), 2)
	a := e.account("Anna") // instance 1
	id, pin := a.table(theGame3)
	ben := e.seat(id, pin, "Ben") // instance 2
	if ben.base == a.base {
		t.Fatal("both phones on one instance")
	}
	s := ben.stream(t, id, "")
	var took []time.Duration
	for v := 0; v < 20; v++ {
		start := time.Now()
		var r response
		if v%2 == 0 {
			r = a.act(id, v, `{"type":"play","pile":"1A","confirmed":true}`)
		} else {
			r = a.do("POST", "/api/tables/"+id+"/undo", map[string]int{"version": v})
		}
		if r.status != 200 {
			t.Fatalf("version %d: %d %s", v, r.status, r.body)
		}
		for {
			got := s.next(t, 2*time.Second)
			if got[0] == "id: "+strconv.Itoa(v+1) {
				break
			}
			if !strings.HasPrefix(got[0], ":") {
				t.Fatalf("after version %d: event %q", v+1, got)
			}
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	median, worst := took[len(took)/2], took[len(took)-1]
	t.Logf("tap on instance 1 until the event on instance 2: median %v, p90 %v, max %v (20 changes; the tap's own round trip included)", median, took[len(took)*9/10], worst)
	if median > 100*time.Millisecond {
		t.Fatalf("median %v: changes take longer than 100 ms to cross instances", median)
	}
}

// A login made on one instance is valid on the other, and so is a seat;
// logging out on one ends it on both; failed logins count on both.
func TestPostgresLoginOnOtherInstance(t *testing.T) {
	e := newPostgresEnv(t, pgtest.Database(t), 2)
	a := e.account("Anna") // registered and logged in on instance 1
	other := e.phone()     // instance 2
	other.token = a.token
	other.want(200, "GET", "/api/players", nil)
	id, pin := other.table(theGame3) // a table opened on instance 2 …
	a.want(200, "GET", "/api/tables/"+id, nil)
	ben := e.seat(id, pin, "Ben") // … a seat taken on instance 1
	onTwo := e.phone()
	onTwo.token = ben.token
	if m := onTwo.want(200, "GET", "/api/tables/"+id, nil); m["role"] != "player" || m["player"] != "Ben" {
		t.Fatalf("the seat on the other instance: %v", m)
	}
	// Logging in on instance 2 with the password set on instance 1.
	other.token = ""
	other.want(200, "POST", "/api/login", map[string]string{"name": "anna", "password": "passwort-Anna"})
	a.want(200, "POST", "/api/logout", nil)
	probe := e.phone()
	probe.token = a.token
	probe.want(401, "GET", "/api/players", nil)
	// Failed logins count across instances: after five, spread over
	// both, the guessing address waits on both; another address gets in.
	one, two := e.phone(), e.phone()
	if one.base == two.base {
		t.Fatal("both phones on one instance")
	}
	for i := range 6 {
		p := []*client{one, two}[i%2]
		want := 401
		if i == 5 {
			want = 429
		}
		p.want(want, "POST", "/api/login", map[string]string{"name": "Anna", "password": "falsch-" + strconv.Itoa(i)})
	}
	one.want(429, "POST", "/api/login", map[string]string{"name": "Anna", "password": "passwort-Anna"})
	two.want(429, "POST", "/api/login", map[string]string{"name": "Anna", "password": "passwort-Anna"})
	for range 2 {
		e.phoneFrom("127.0.0.9").want(200, "POST", "/api/login", map[string]string{"name": "Anna", "password": "passwort-Anna"})
	}
}

// The database unreachable for a while: phones get a 503 that says so (in
// German and English), not a 500; what was acknowledged is kept; the
// instance recovers by itself and its phones learn what happened
// meanwhile on the other instance.
func TestPostgresOutage(t *testing.T) {
	dsn := pgtest.Database(t)
	proxy, through := pgtest.NewProxy(t, dsn)
	e := newPostgresEnv(t, dsn, 1) // instance 1: always reaches the database
	st, err := postgres.Open(context.Background(), through)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e.start(st, false) // instance 2: through the proxy
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	ben := e.seat(id, pin, "Ben") // on instance 2
	for v := 0; v < 3; v++ {
		ben.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": v, "action": map[string]any{"type": "hand", "player": "Ben", "cards": []int{20 + v}}})
	}
	s := ben.stream(t, id, "")

	proxy.Cut()
	r := ben.do("GET", "/api/tables/"+id, nil)
	if r.status != 503 || r.rule(t) != "store-unavailable" || r.header.Get("Retry-After") == "" {
		t.Fatalf("read while the database is away: %d %s", r.status, r.body)
	}
	t.Logf("503: %s", r.body)
	if r := ben.act(id, 3, `{"type":"hand","player":"Ben","cards":[40]}`); r.status != 503 || r.rule(t) != "store-unavailable" {
		t.Fatalf("action while the database is away: %d %s", r.status, r.body)
	}
	if r := e.phone().do("POST", "/api/login", map[string]string{"name": "Anna", "password": "passwort-Anna"}); r.status != 200 {
		t.Fatalf("instance 1 during instance 2's outage: %d", r.status) // phone() alternates: this one is on instance 1
	}
	// Meanwhile the table goes on on instance 1.
	a.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 3, "action": map[string]any{"type": "play", "pile": "1A", "value": 30}})
	time.Sleep(1500 * time.Millisecond)

	proxy.Restore()
	// The phone on instance 2 learns of version 4 without asking: the
	// instance caught up its table after reconnecting.
	deadline := time.Now().Add(10 * time.Second)
	for {
		got := s.next(t, time.Until(deadline))
		if got[0] == "id: 4" {
			break
		}
	}
	var m map[string]any
	for time.Now().Before(deadline) {
		if r := ben.do("GET", "/api/tables/"+id, nil); r.status == 200 {
			m = r.json(t)
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if m == nil || version(t, m) != 4 {
		t.Fatalf("after the outage: %v", m)
	}
	ben.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 4, "action": map[string]any{"type": "hand", "player": "Ben", "cards": []int{23}}})
	// The log holds the setup (partial: Ben's hand cards, entered on his
	// phone, are his) and the card laid on instance 1.
	log := a.do("GET", "/api/tables/"+id+"/log", nil)
	if n := strings.Count(string(log.body), "\n"); n != 2 || !strings.Contains(string(log.body), `"partial":true`) {
		t.Fatalf("log after the outage has %d lines:\n%s", n, log.body)
	}
}

// A phone at the table while the database is away: a tap says that the
// database cannot be reached, in the phone's language, on the board; once
// it is back, the next tap goes through — no reload, no restart.
func TestBrowserPostgresOutage(t *testing.T) {
	browser := bt.Browser(t)
	dsn := pgtest.Database(t)
	proxy, through := pgtest.NewProxy(t, dsn)
	e := newPostgresEnv(t, through, 1)
	a := e.account("Tisch")
	id, pin := a.table(`{"game":"thegame","players":["Anna","Ben"],"starter":"Anna"}`)
	anna := bt.Phone(t, browser)
	bt.Do(t, anna, chromedp.Navigate(e.srv.URL+"/lang?to=de&back=/j/"+id+"?pin="+pin), chromedp.WaitVisible(css(`button.seat`)))
	bt.Navigate(t, anna, chromedp.Click(css(`input[value="Anna"] ~ button.seat`)))
	lay := func(pile, value string) {
		bt.Do(t, anna, chromedp.Click(css(`.pile input[value="`+pile+`"]`)))
		for _, d := range value {
			bt.Do(t, anna, chromedp.Click(css(`.pad button[data-digit="`+string(d)+`"]`)))
		}
		bt.Do(t, anna, chromedp.Click(css(`#play button.primary`)))
	}
	bt.Do(t, anna, settled(0))
	lay("1A", "10")
	bt.Do(t, anna, settled(1))

	proxy.Cut()
	lay("1A", "20")
	bt.Do(t, anna, waitText(`#board .problem`, "Datenbank ist gerade nicht erreichbar"))
	bt.Shot(t, anna, "30-database-away")
	if h := bt.HTML(t, anna); !strings.Contains(h, `data-version="1"`) {
		t.Fatalf("the board is gone:\n%.2000s", h)
	}

	proxy.Restore()
	deadline := time.Now().Add(10 * time.Second)
	for {
		lay("1A", "20")
		c, cancel := context.WithTimeout(anna, 3*time.Second)
		err := chromedp.Do(c, settled(2))
		cancel()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no recovery: %v\n%.2000s", err, bt.HTML(t, anna))
		}
	}
	bt.Do(t, anna, waitText(`#board .piles`, "20"))
	if strings.Contains(bt.HTML(t, anna), "nicht erreichbar") {
		t.Fatal("the outage notice stays after the recovery")
	}
	bt.Shot(t, anna, "31-database-back")
}

// The buzzer on two instances: a press taken by one reaches the phones on
// the other at once (an event, then the same round for everyone), the
// round is decided once, and the sand timer started on one runs on the
// other.
func TestPostgresBuzzerAcrossInstances(t *testing.T) {
	e := newPostgresEnv(t, pgtest.Database(t), 2)
	host := e.account("Tisch") // instance 1
	id, pin := buzzerTable(t, e, host)
	ben := e.seat(id, pin, "Ben")       // instance 2
	stefan := e.seat(id, pin, "Stefan") // instance 1
	anna := e.seat(id, pin, "Anna")     // instance 2
	if ben.base == stefan.base || anna.base == stefan.base {
		t.Fatal("the phones are not spread over both instances")
	}
	watch := stefan.stream(t, id, "")
	defer watch.cancel()
	watch.next(t, 2*time.Second) // the current version
	event := func(kind string) {
		t.Helper()
		deadline := time.Now().Add(2 * time.Second)
		for {
			if time.Now().After(deadline) {
				t.Fatalf("no %s event within 2 s", kind)
			}
			got := watch.next(t, 2*time.Second)
			if got[0] == "event: "+kind {
				if got[1] != "id: 5" {
					t.Fatalf("%s event %q: not on the table's version", kind, got)
				}
				return
			}
			if !strings.HasPrefix(got[0], ":") {
				t.Fatalf("waiting for %s: event %q", kind, got)
			}
		}
	}
	start := time.Now()
	ben.want(200, "POST", "/api/tables/"+id+"/buzzer", map[string]any{"version": 5, "at": 1})
	event("buzzer")
	t.Logf("Ben's press on instance 2 reached Stefan's phone on instance 1 after %v", time.Since(start))
	// Stefan sees the round waiting (Ben has pressed); then it is decided,
	// and every instance tells the same result.
	if b := stefan.buzzer(t, id); b.Result == nil && !b.Open {
		t.Fatalf("Stefan's buzzer while Ben's press waits: %+v", b)
	}
	event("buzzer") // decided
	for _, c := range []*client{stefan, ben, anna} {
		if b := c.buzzer(t, id); b.Result == nil || b.Result.Winner != "Ben" || len(b.Result.Order) != 1 {
			t.Fatalf("the result on %s: %+v", c.base, b)
		}
	}
	// Stefan, too late, is locked out on his instance.
	stefan.want(200, "POST", "/api/tables/"+id+"/buzzer", map[string]any{"version": 5, "at": 2})
	event("buzzer")
	if b := anna.buzzer(t, id); b.Result.Winner != "Ben" {
		t.Fatalf("after Stefan's late press: %+v", b)
	}
	// The host resets on instance 2; the timer, started there, runs on 1.
	anna.want(200, "POST", "/api/tables/"+id+"/buzzer/reset", map[string]any{})
	event("buzzer")
	if b := stefan.buzzer(t, id); !b.Open || b.Round != 1 {
		t.Fatalf("after the reset on the other instance: %+v", b)
	}
	anna.want(200, "POST", "/api/tables/"+id+"/timer", map[string]any{"kind": "sand", "seconds": 45})
	event("timer")
	m := stefan.want(200, "GET", "/api/tables/"+id+"/timer", nil)
	if tm, _ := m["timer"].(map[string]any); tm == nil || tm["seconds"].(float64) != 45 || tm["by"] != "Anna" {
		t.Fatalf("the timer on the other instance: %v", m)
	}
}
