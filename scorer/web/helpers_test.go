package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"druckreif/decks"
	"druckreif/internal/pgtest"
	"druckreif/scorer"
	"druckreif/scorer/store"
	"druckreif/scorer/store/postgres"
	"druckreif/scorer/store/sqlite"
)

// clock is a settable clock for the rate limits.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

var (
	defaultsOnce sync.Once
	defaultSet   *decks.Set
)

func defaults(t testing.TB) *decks.Set {
	defaultsOnce.Do(func() {
		set, probs := decks.LoadSet(decks.Options{})
		if set == nil {
			panic(probs.Errors())
		}
		defaultSet = set
	})
	return defaultSet
}

// env is a scorer on a test server with a fresh store: one instance on
// SQLite, or (onPostgres) two instances on one fresh PostgreSQL database,
// whose phones are spread over both.
type env struct {
	t     testing.TB
	srv   *httptest.Server
	svc   *scorer.Service
	web   *Server
	clock *clock
	dir   string
	// instances are the servers phones are spread over, in turn.
	instances []*instance
	turn      int
	// limits are the instances' rate limits (testLimits unless set
	// before the first instance starts).
	limits *scorer.Limits
	// store is the SQLite store of an env made by newEnvWith.
	store store.Store
}

// instance is one scorer instance of an env.
type instance struct {
	srv *httptest.Server
	svc *scorer.Service
}

// onPostgres makes newEnv start two instances on one PostgreSQL database
// (TestPostgresAPI sets it while it runs the API tests again).
var onPostgres bool

func newEnv(t testing.TB) *env {
	if onPostgres {
		return newPostgresEnv(t, pgtest.Database(t), 2)
	}
	return newEnvWith(t, t.TempDir(), false)
}

func newEnvWith(t testing.TB, dir string, tls bool) *env {
	return newEnvLimits(t, dir, tls, nil)
}

// newEnvLimits is newEnvWith with the given limits (nil: testLimits).
func newEnvLimits(t testing.TB, dir string, tls bool, limits *scorer.Limits) *env {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(dir, "scorer.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e := &env{t: t, clock: &clock{t: time.Now()}, dir: dir, limits: limits, store: st}
	e.start(st, tls)
	return e
}

// restart starts a new scorer on the env's store, as after a restart of
// the process: nothing of the old one's memory; the phones go on with
// their tokens on the new one.
func (e *env) restart(phones ...*client) {
	in := e.start(e.store, false)
	for _, p := range phones {
		p.base = in.srv.URL
	}
}

// newPostgresEnv starts n instances on the database dsn.
func newPostgresEnv(t testing.TB, dsn string, n int) *env {
	t.Helper()
	e := &env{t: t, clock: &clock{t: time.Now()}}
	for range n {
		st, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		e.start(st, false)
	}
	return e
}

// testLimits are the default limits, but with joins and new tables
// hardly limited: every phone of a test comes from 127.0.0.1, and some
// tests open many tables. The tests of those limits set e.limits.
func testLimits() *scorer.Limits {
	l := scorer.DefaultLimits
	l.JoinsPerAddress.Max, l.JoinsPerTable.Max, l.TablesPerAccount.Max = 1<<20, 1<<20, 1<<20
	return &l
}

// start starts an instance of the scorer on st.
func (e *env) start(st store.Store, tls bool) *instance {
	t := e.t
	if e.limits == nil {
		e.limits = testLimits()
	}
	svc := scorer.New(scorer.Config{Store: st, Cards: defaults(t), Now: e.clock.now, Limits: e.limits})
	ctx, cancel := context.WithCancel(context.Background())
	go svc.Run(ctx)
	w := New(svc)
	w.Heartbeat = 200 * time.Millisecond
	var srv *httptest.Server
	h := w.Handler()
	if os.Getenv("DRUCKREIF_TEST_TRACE") != "" {
		inner := h
		h = http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			t.Logf("%s %s hx=%s", r.Method, r.URL, r.Header.Get("HX-Request"))
			inner.ServeHTTP(rw, r)
		})
	}
	if tls {
		srv = httptest.NewTLSServer(h)
	} else {
		srv = httptest.NewServer(h)
	}
	in := &instance{srv: srv, svc: svc}
	if e.srv == nil {
		e.srv, e.svc, e.web = srv, svc, w
	}
	e.instances = append(e.instances, in)
	t.Cleanup(func() {
		cancel()
		srv.CloseClientConnections()
		srv.Close()
	})
	return in
}

// client is one phone: its own cookies, or a bearer token.
type client struct {
	e     *env
	base  string // the instance it talks to
	http  *http.Client
	token string
	// header is added to every request (Origin, Sec-Fetch-Site …).
	header http.Header
}

// phone is a new phone, on the next instance in turn.
func (e *env) phone() *client {
	srv := e.srv
	if len(e.instances) > 0 {
		srv = e.instances[e.turn%len(e.instances)].srv
		e.turn++
	}
	jar, _ := cookiejar.New(nil)
	c := srv.Client()
	hc := &http.Client{Transport: c.Transport, Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &client{e: e, base: srv.URL, http: hc, header: http.Header{}}
}

// phoneFrom is a new phone whose connections come from the loopback
// address addr (127.0.0.2 …): another device at the table, as the
// server's limits count devices.
func (e *env) phoneFrom(addr string) *client {
	c := e.phone()
	tr := c.http.Transport.(*http.Transport).Clone()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(addr)}, Timeout: 5 * time.Second}
	tr.DialContext = d.DialContext
	c.http.Transport = tr
	return c
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("status %d, not JSON: %v\n%s", r.status, err, r.body)
	}
	return m
}

func (r response) rule(t testing.TB) string {
	t.Helper()
	m := r.json(t)
	e, ok := m["error"].(map[string]any)
	if !ok {
		t.Fatalf("status %d without error object: %s", r.status, r.body)
	}
	for _, k := range []string{"rule", "de", "en"} {
		if s, _ := e[k].(string); s == "" {
			t.Fatalf("error without %q: %s", k, r.body)
		}
	}
	return e["rule"].(string)
}

func (c *client) do(method, path string, body any) response {
	c.e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		c.e.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range c.header {
		req.Header[k] = v
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: b}
}

func (c *client) want(status int, method, path string, body any) map[string]any {
	c.e.t.Helper()
	r := c.do(method, path, body)
	if r.status != status {
		c.e.t.Fatalf("%s %s: status %d, want %d\n%s", method, path, r.status, status, r.body)
	}
	if len(r.body) == 0 || r.header.Get("Content-Type") != "application/json; charset=utf-8" {
		return nil
	}
	return r.json(c.e.t)
}

// account registers and logs in; the client then holds the token.
func (e *env) account(name string) *client {
	c := e.phone()
	c.want(201, "POST", "/api/accounts", map[string]string{"name": name, "password": "passwort-" + name})
	m := c.want(200, "POST", "/api/login", map[string]string{"name": name, "password": "passwort-" + name})
	c.token = m["token"].(string)
	return c
}

// table opens a table and returns its id and PIN.
func (c *client) table(setup string) (string, string) {
	c.e.t.Helper()
	m := c.want(201, "POST", "/api/tables", map[string]any{"setup": json.RawMessage(setup)})
	return m["id"].(string), m["pin"].(string)
}

// seat joins a table as a player (or spectator when player is "").
func (e *env) seat(id, pin, player string) *client {
	c := e.phone()
	req := map[string]string{"pin": pin, "role": "player", "player": player}
	if player == "" {
		req = map[string]string{"pin": pin, "role": "spectator"}
	}
	m := c.want(200, "POST", "/api/tables/"+id+"/join", req)
	c.token = m["token"].(string)
	return c
}

func (c *client) act(id string, version int, action string) response {
	c.e.t.Helper()
	return c.do("POST", "/api/tables/"+id+"/actions", map[string]any{"version": version, "action": json.RawMessage(action)})
}

func version(t testing.TB, m map[string]any) int {
	t.Helper()
	v, ok := m["version"].(float64)
	if !ok {
		t.Fatalf("no version: %v", m)
	}
	return int(v)
}
