package web

import (
	"bytes"
	"encoding/json"
	"io"
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
	"druckreif/scorer"
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

// env is a scorer on a test server with a fresh store.
type env struct {
	t     testing.TB
	srv   *httptest.Server
	svc   *scorer.Service
	web   *Server
	clock *clock
	dir   string
}

func newEnv(t testing.TB) *env { return newEnvWith(t, t.TempDir(), false) }

func newEnvWith(t testing.TB, dir string, tls bool) *env {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(dir, "scorer.db"))
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Now()}
	svc := scorer.New(scorer.Config{Store: st, Cards: defaults(t), Now: c.now})
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
	e := &env{t: t, srv: srv, svc: svc, web: w, clock: c, dir: dir}
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
		st.Close()
	})
	return e
}

// client is one phone: its own cookies, or a bearer token.
type client struct {
	e     *env
	http  *http.Client
	token string
	// header is added to every request (Origin, Sec-Fetch-Site …).
	header http.Header
}

func (e *env) phone() *client {
	jar, _ := cookiejar.New(nil)
	c := e.srv.Client()
	hc := &http.Client{Transport: c.Transport, Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &client{e: e, http: hc, header: http.Header{}}
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
	req, err := http.NewRequest(method, c.e.srv.URL+path, rd)
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
