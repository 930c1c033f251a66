package web

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// stream is an open event stream.
type stream struct {
	lines  chan string
	cancel context.CancelFunc
	header http.Header
}

func (c *client) stream(t *testing.T, id string, lastEventID string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/api/tables/"+id+"/events", nil)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	res, err := c.http.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		cancel()
		t.Fatalf("events: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	s := &stream{lines: make(chan string, 100), cancel: cancel, header: res.Header}
	go func() {
		defer res.Body.Close()
		defer close(s.lines)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
	}()
	t.Cleanup(cancel)
	return s
}

// next reads the stream up to the next event (or comment) and returns its
// lines.
func (s *stream) next(t *testing.T, timeout time.Duration) []string {
	t.Helper()
	var got []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				t.Fatalf("stream closed after %q", got)
			}
			if l == "" {
				if len(got) > 0 && !strings.HasPrefix(got[0], "retry:") {
					return got
				}
				got = nil
				continue
			}
			got = append(got, l)
		case <-deadline:
			t.Fatalf("no event within %v (so far %q)", timeout, got)
		}
	}
}

// A change reaches every phone at once as an event with the version as id
// and {"version": N}; a comment line keeps the stream alive; a phone
// resuming with Last-Event-ID gets what it missed.
func TestEvents(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	ben := e.seat(id, pin, "Ben")
	s := ben.stream(t, id, "")
	a.act(id, 0, `{"type":"play","pile":"1A","value":7}`)
	if got := s.next(t, 2*time.Second); strings.Join(got, "|") != `id: 1|data: {"version":1}` {
		t.Fatalf("event: %q", got)
	}
	a.act(id, 1, `{"type":"play","pile":"1A","value":8}`)
	if got := s.next(t, 2*time.Second); strings.Join(got, "|") != `id: 2|data: {"version":2}` {
		t.Fatalf("event: %q", got)
	}
	// Heartbeat (200 ms in tests, 15 s when serving).
	if got := s.next(t, 2*time.Second); len(got) != 1 || !strings.HasPrefix(got[0], ":") {
		t.Fatalf("heartbeat: %q", got)
	}
	s.cancel()
	// Two more changes while Ben's phone is away; it comes back.
	a.act(id, 2, `{"type":"draw","count":2}`)
	a.do("POST", "/api/tables/"+id+"/undo", map[string]int{"version": 3})
	s = ben.stream(t, id, "2")
	for _, want := range []string{`id: 3|data: {"version":3}`, `id: 4|data: {"version":4}`} {
		if got := s.next(t, 2*time.Second); strings.Join(got, "|") != want {
			t.Fatalf("resumed: %q, want %q", got, want)
		}
	}
	// No auth, no stream.
	if r := e.phone().do("GET", "/api/tables/"+id+"/events", nil); r.status != 401 {
		t.Fatalf("anonymous stream: %d", r.status)
	}
	// The write deadline of the server does not cut a stream.
	srv := e.web.HTTPServer(":0")
	if srv.WriteTimeout == 0 || srv.ReadHeaderTimeout == 0 || srv.IdleTimeout == 0 {
		t.Fatalf("server timeouts: %+v", srv)
	}
}

// The stream outlives the HTTP server's write timeout.
func TestEventStreamHasNoWriteDeadline(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, _ := a.table(theGame3)
	e.srv.Config.WriteTimeout = 300 * time.Millisecond
	s := a.stream(t, id, "")
	time.Sleep(600 * time.Millisecond)
	a.act(id, 0, `{"type":"play","pile":"1A","value":7}`)
	for {
		got := s.next(t, 2*time.Second)
		if got[0] == "id: 1" {
			break
		}
	}
}

// Secret votes: each phone's vote waits outside the log, counted but
// unreadable for the others — the table's phone included — until the last
// is in; then all are turned over together in one action.
func TestSecretVotes(t *testing.T) {
	e := newEnv(t)
	a := e.account("Tisch")
	id, pin := a.table(`{"game":"dativ","players":["Anna","Ben","Cem"]}`)
	anna, ben, cem := e.seat(id, pin, "Anna"), e.seat(id, pin, "Ben"), e.seat(id, pin, "Cem")
	anna.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 0, "action": json.RawMessage(`{"type":"read","card":"DAT-STD-1-V","option":"a"}`)})
	s := cem.stream(t, id, "")
	r := ben.act(id, 1, `{"type":"vote","player":"Ben","vote":"falsch"}`)
	if r.status != 202 {
		t.Fatalf("held vote: %d %s", r.status, r.body)
	}
	if m := r.json(t); version(t, m) != 1 || m["pending"].(map[string]any)["mine"] == nil {
		t.Fatalf("held answer: %s", r.body)
	}
	if got := s.next(t, 2*time.Second); strings.Join(got, "|") != `event: secrets|id: 1|data: {"version":1,"chosen":1,"of":3}` {
		t.Fatalf("secrets event: %q", got)
	}
	// A vote for another player is refused; a vote the rules refuse too.
	if r := ben.act(id, 1, `{"type":"vote","player":"Anna","vote":"richtig"}`); r.status != 403 {
		t.Fatalf("Ben votes for Anna: %d", r.status)
	}
	if r := cem.act(id, 1, `{"type":"vote","player":"Cem","vote":"vielleicht"}`); r.status != 422 {
		t.Fatalf("bad vote: %d", r.status)
	}
	for _, p := range []*client{a, anna, cem} {
		r := p.do("GET", "/api/tables/"+id, nil)
		if strings.Contains(string(r.body), "falsch") {
			t.Fatalf("Ben's vote is readable by another phone:\n%s", r.body)
		}
		pending := r.json(t)["pending"].(map[string]any)
		if pending["of"] != float64(3) || len(pending["chosen"].([]any)) != 1 || pending["mine"] != nil {
			t.Fatalf("pending as others see it: %v", pending)
		}
	}
	if r := ben.do("GET", "/api/tables/"+id, nil); !strings.Contains(string(r.body), "falsch") {
		t.Fatalf("Ben does not see his own vote: %s", r.body)
	}
	anna.act(id, 1, `{"type":"vote","player":"Anna","vote":"richtig"}`)
	r = cem.act(id, 1, `{"type":"vote","player":"Cem","vote":"richtig"}`)
	if r.status != 200 || version(t, r.json(t)) != 2 {
		t.Fatalf("last vote: %d %s", r.status, r.body)
	}
	log := a.do("GET", "/api/tables/"+id+"/log", nil)
	lines := strings.Split(strings.TrimSpace(string(log.body)), "\n")
	if len(lines) != 3 || !strings.Contains(lines[2], `"votes"`) || !strings.Contains(lines[2], `"Ben":"falsch"`) {
		t.Fatalf("the votes are not one action in the log:\n%s", log.body)
	}
	if st := r.json(t)["state"].(map[string]any); st["drawn"] != float64(1) || st["phase"] != "read" {
		t.Fatalf("after the reveal: %v", st)
	}
}

// The Game: the hand cards a player enters are seen by that player only.
func TestHandCardsStaySecret(t *testing.T) {
	e := newEnv(t)
	a := e.account("Tisch")
	id, pin := a.table(theGame3)
	anna, ben := e.seat(id, pin, "Anna"), e.seat(id, pin, "Ben")
	anna.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 0, "action": json.RawMessage(`{"type":"hand","player":"Anna","cards":[13,88]}`)})
	known := func(c *client) any {
		m := c.want(200, "GET", "/api/tables/"+id, nil)
		return m["state"].(map[string]any)["hands"].([]any)[0].(map[string]any)["known"]
	}
	if k := known(anna); k == nil {
		t.Fatal("Anna does not see her own cards")
	}
	for _, c := range []*client{ben, a, e.seat(id, pin, "")} {
		if k := known(c); k != nil {
			t.Fatalf("another phone sees Anna's cards: %v", k)
		}
		if r := c.do("GET", "/t/"+id+"/view", nil); strings.Contains(string(r.body), ">88<") || strings.Contains(string(r.body), "13, 88") {
			t.Fatal("Anna's cards are in another phone's page")
		}
	}
}

// A history entry per finished game; per saved player games, wins and The
// Game's best result; an undo reopens the game and takes it out again.
func TestHistory(t *testing.T) {
	e := newEnv(t)
	a := e.account("Tisch")
	a.want(201, "POST", "/api/players", map[string]string{"name": "Anna", "color": "rot", "symbol": "kreis"})
	id, _ := a.table(`{"game":"thegame","players":["Anna","Ben"]}`)
	a.act(id, 0, `{"type":"play","pile":"1A","value":10}`)
	a.act(id, 1, `{"type":"block"}`)
	r := a.act(id, 2, `{"type":"confirm","remaining":97}`)
	if r.status != 200 || r.json(t)["next"].(map[string]any)["over"] != true {
		t.Fatalf("confirm: %d %s", r.status, r.body)
	}
	h := a.want(200, "GET", "/api/history", nil)
	games, players := h["games"].([]any), h["players"].([]any)
	if len(games) != 1 || len(players) != 1 {
		t.Fatalf("history: %v", h)
	}
	g := games[0].(map[string]any)
	if g["game"] != "thegame" || g["outcome"].(map[string]any)["remaining"] != float64(97) {
		t.Fatalf("game: %v", g)
	}
	p := players[0].(map[string]any)
	if p["name"] != "Anna" || p["games"] != float64(1) || p["wins"] != float64(0) || p["thegame_best"] != float64(97) {
		t.Fatalf("Anna's statistics: %v", p)
	}
	a.want(200, "POST", "/api/tables/"+id+"/undo", map[string]int{"version": 3})
	if h := a.want(200, "GET", "/api/history", nil); len(h["games"].([]any)) != 0 {
		t.Fatalf("an undone finish stays in the history: %v", h)
	}
}
