package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"druckreif/internal/pgtest"
	"druckreif/internal/scorertest"
)

// BenchmarkTap is what the server does for one tap at a four-phone table:
// the action (authenticated, checked, committed, announced) and the three
// other phones fetching the new state. The last action ends the game, so
// a new table starts every 150 or so taps.
func BenchmarkTap(b *testing.B) { benchmarkTap(b) }

// BenchmarkTapPostgres is the same on PostgreSQL (two instances on one
// database; the taps go to the first).
func BenchmarkTapPostgres(b *testing.B) {
	pgtest.Server(b)
	onPostgres = true
	defer func() { onPostgres = false }()
	benchmarkTap(b)
}

func benchmarkTap(b *testing.B) {
	e := newEnv(b)
	h := e.web.Handler()
	a := e.account("Tisch")
	do := func(method, path, token, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	var id string
	var version int
	var state, next map[string]any
	newTable := func() {
		id, _ = a.table(`{"game":"thegame","players":["A","B","C","D"]}`)
		m := a.want(200, "GET", "/api/tables/"+id, nil)
		version, state, next = 0, m["state"].(map[string]any), m["next"].(map[string]any)
	}
	newTable()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		action := scorertest.TheGameMove(state, next)
		body, _ := json.Marshal(map[string]any{"version": version, "action": json.RawMessage(action)})
		w := do("POST", "/api/tables/"+id+"/actions", a.token, string(body))
		if w.Code != http.StatusOK {
			b.Fatalf("%s: %d %s", action, w.Code, w.Body)
		}
		var m map[string]any
		json.Unmarshal(w.Body.Bytes(), &m)
		for range 3 {
			if w := do("GET", "/api/tables/"+id, a.token, ""); w.Code != 200 {
				b.Fatal(w.Code)
			}
		}
		version, state, next = int(m["version"].(float64)), m["state"].(map[string]any), m["next"].(map[string]any)
		if next["over"] == true {
			b.StopTimer()
			newTable()
			b.StartTimer()
		}
	}
}
