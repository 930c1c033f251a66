package web

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"druckreif/decks"
	"druckreif/scorer"
	"druckreif/scorer/store"
	"druckreif/scorer/store/sqlite"
)

// A state change made with a cookie from a foreign page is refused: over
// plain http, where browsers send no Sec-Fetch-Site, by comparing Origin
// with Host; over https by Sec-Fetch-Site too. Requests from the scorer's
// own pages and API clients without Origin pass.
func TestCrossOriginProtection(t *testing.T) {
	for _, tls := range []bool{false, true} {
		e := newEnvWith(t, t.TempDir(), tls)
		browser := e.phone()
		browser.want(201, "POST", "/api/accounts", map[string]string{"name": "Anna", "password": "geheim123"})
		browser.want(200, "POST", "/api/login", map[string]string{"name": "Anna", "password": "geheim123"})
		setup := map[string]any{"setup": json.RawMessage(theGame3)}
		cases := []struct {
			header map[string]string
			status int
		}{
			{map[string]string{"Origin": "http://evil.example"}, 403},
			{map[string]string{"Origin": "http://192.168.1.66:8080"}, 403},
			{map[string]string{"Origin": e.srv.URL}, 201},
			{nil, 201},
		}
		if tls {
			cases = append(cases,
				struct {
					header map[string]string
					status int
				}{map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, 403},
				struct {
					header map[string]string
					status int
				}{map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": e.srv.URL}, 201})
		}
		for _, c := range cases {
			browser.header = http.Header{}
			for k, v := range c.header {
				browser.header.Set(k, v)
			}
			r := browser.do("POST", "/api/tables", setup)
			if r.status != c.status {
				t.Errorf("tls=%v %v: %d %s, want %d", tls, c.header, r.status, r.body, c.status)
			}
			if c.status == 403 && r.rule(t) != "cross-origin" {
				t.Errorf("tls=%v: rule %s", tls, r.rule(t))
			}
			// The page forms are protected the same way.
			form := browser.do("POST", "/players", "name=X&color=rot&symbol=kreis")
			if c.status == 403 && form.status != 403 {
				t.Errorf("tls=%v %v: form post %d", tls, c.header, form.status)
			}
		}
	}
}

func TestSecurityHeadersAndEscaping(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	evil := `<script>alert(1)</script>`
	id, pin := a.table(`{"game":"thegame","players":["` + strings.ReplaceAll(evil, `"`, `\"`) + `","Ben"]}`)
	for _, path := range []string{"/", "/t/" + id, "/j/" + id + "?pin=" + pin, "/api/tables/" + id} {
		r := a.do("GET", path, nil)
		if r.status != 200 {
			t.Fatalf("%s: %d", path, r.status)
		}
		csp := r.header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Fatalf("%s: CSP %q", path, csp)
		}
		if r.header.Get("X-Content-Type-Options") != "nosniff" || r.header.Get("Referrer-Policy") != "no-referrer" {
			t.Fatalf("%s: headers %v", path, r.header)
		}
		if strings.Contains(string(r.body), evil) {
			t.Fatalf("%s: the name is not escaped", path)
		}
		// No inline script in any page.
		if strings.Contains(string(r.body), "<script>") || strings.Contains(string(r.body), " onclick=") {
			t.Fatalf("%s: inline script", path)
		}
	}
	if r := a.do("GET", "/t/"+id, nil); !strings.Contains(string(r.body), "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Fatal("the name is not shown escaped on the table page")
	}
	// Unknown API paths are a JSON 404, never a stack trace.
	if r := a.do("GET", "/api/nothing", nil); r.status != 404 || r.rule(t) != "no-route" {
		t.Fatalf("unknown path: %d %s", r.status, r.body)
	}
}

// A stored table records the cards it used: started with changed decks,
// the scorer says so clearly and freezes the table instead of replaying a
// different game.
func TestMismatchAfterDeckChange(t *testing.T) {
	dir := t.TempDir()
	e := newEnvWith(t, dir, false)
	a := e.account("Tisch")
	id, _ := a.table(`{"game":"genial","players":["Anna","Ben","Cem"]}`)
	a.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 0, "action": json.RawMessage(`{"type":"ask","card":"GEN-STD-1"}`)})
	token := a.token
	e.srv.Close()
	e.svc.Store().Close() // the server stops: its lock on the data goes

	// The same data with a deck whose GEN-STD-1 says something else.
	changed := changedGenialDeck(t)
	st, err := sqlite.Open(filepath.Join(dir, "scorer.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := scorer.New(scorer.Config{Store: st, Cards: changed})
	srv2 := New(svc)
	e2 := &env{t: t, svc: svc, web: srv2, clock: e.clock, dir: dir}
	e2.srv = httptest.NewServer(srv2.Handler())
	defer e2.srv.Close()
	c := e2.phone()
	c.token = token
	m := c.want(200, "GET", "/api/tables/"+id, nil)
	mm, ok := m["mismatch"].(map[string]any)
	if !ok || !strings.Contains(mm["de"].(string), "GEN-STD-1") || !strings.Contains(mm["en"].(string), "GEN-STD-1") {
		t.Fatalf("no clear mismatch: %v", m["mismatch"])
	}
	if r := c.act(id, 1, `{"type":"answer","answers":{"Ben":"a","Cem":"b"}}`); r.status != 423 || r.rule(t) != "table-mismatch" {
		t.Fatalf("action on a frozen table: %d %s", r.status, r.body)
	}
	// The record stays readable as it was played.
	if log := c.do("GET", "/api/tables/"+id+"/log", nil); log.status != 200 || !strings.Contains(string(log.body), "GEN-STD-1") {
		t.Fatalf("log of a frozen table: %d %s", log.status, log.body)
	}
}

// changedGenialDeck is the default set with question 1 of the Genial deck
// reworded.
func changedGenialDeck(t *testing.T) *decks.Set {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "..", "decks", "default", "genial")
	for _, f := range []string{"Deck.csv", "Fragen.csv"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if f == "Fragen.csv" {
			lines := strings.SplitN(string(b), "\n", 3)
			lines[1] = strings.Replace(lines[1], "?", " – geändert?", 1)
			b = []byte(strings.Join(lines, "\n"))
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
	}
	set, probs := decks.LoadSet(decks.Options{Paths: []string{dir}, NoDefaults: true})
	if set == nil {
		t.Fatal(probs.Errors())
	}
	return set
}

// A table begun under older rules goes on under newer ones: its entries
// must still hold; the table says so; the state of an older entry is not
// compared (the state's shape may have changed with the rules).
func TestOlderRulesGoOn(t *testing.T) {
	dir := t.TempDir()
	e := newEnvWith(t, dir, false)
	a := e.account("Tisch")
	id, _ := a.table(theGame3)
	a.act(id, 0, `{"type":"play","pile":"1A","value":7}`)
	e.srv.Close()
	e.svc.Store().Close()
	db, err := sql.Open("sqlite", filepath.Join(dir, "scorer.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE entries SET engine_version = '0', state_hash = 'from-older-rules'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err := sqlite.Open(filepath.Join(dir, "scorer.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := httptest.NewServer(New(scorer.New(scorer.Config{Store: st, Cards: defaults(t)})).Handler())
	defer srv.Close()
	e2 := &env{t: t, srv: srv, dir: dir}
	c := e2.phone()
	c.token = a.token
	m := c.want(200, "GET", "/api/tables/"+id, nil)
	if m["mismatch"] != nil || m["rules"] == nil {
		t.Fatalf("older rules: mismatch %v, rules %v", m["mismatch"], m["rules"])
	}
	if r := c.act(id, 1, `{"type":"play","pile":"1A","value":8}`); r.status != 200 {
		t.Fatalf("playing on: %d %s", r.status, r.body)
	}
}

// lostAnswer is a store that writes an entry but loses the answer once,
// as a disk error after the write would.
type lostAnswer struct {
	*sqlite.Store
	lose atomic.Bool
}

func (s *lostAnswer) Append(ctx context.Context, id string, e store.Entry) error {
	if err := s.Store.Append(ctx, id, e); err != nil {
		return err
	}
	if s.lose.CompareAndSwap(true, false) {
		return errors.New("the disk answered late")
	}
	return nil
}

// A table held in memory by the only server of its database is not read
// again before each request — but after an append whose answer was lost,
// it is: the phones see the entry that was written, and play goes on.
func TestLostAnswerIsCaughtUp(t *testing.T) {
	dir := t.TempDir()
	inner, err := sqlite.Open(filepath.Join(dir, "scorer.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { inner.Close() })
	st := &lostAnswer{Store: inner}
	e := &env{t: t, clock: &clock{t: time.Now()}, dir: dir}
	e.start(st, false)
	a := e.account("Tisch")
	id, _ := a.table(theGame3)
	st.lose.Store(true)
	if r := a.act(id, 0, `{"type":"play","pile":"1A","value":7}`); r.status != http.StatusInternalServerError {
		t.Fatalf("lost answer: %d %s", r.status, r.body)
	}
	if m := a.want(200, "GET", "/api/tables/"+id, nil); m["version"].(float64) != 1 {
		t.Fatalf("after the lost answer the table shows version %v, want the written 1", m["version"])
	}
	if r := a.act(id, 1, `{"type":"play","pile":"1A","value":9}`); r.status != http.StatusOK {
		t.Fatalf("the next action: %d %s", r.status, r.body)
	}
}
