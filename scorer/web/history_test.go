package web

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"druckreif/rules"
	"druckreif/rules/registry"
	"druckreif/scorer"
)

// setClock sets the scorer's clock (the finishing time of the next game).
func (e *env) setClock(t time.Time) {
	e.clock.mu.Lock()
	e.clock.t = t
	e.clock.mu.Unlock()
}

// exampleLines are an example game's lines without comments: the setup,
// then one action a line.
func exampleLines(t testing.TB, name string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "examples", name+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if l = bytes.TrimSpace(l); len(l) > 0 && l[0] != '#' {
			lines = append(lines, l)
		}
	}
	return lines
}

// playExample plays an example game of docs/examples to its end through
// the API, as the table's phone entering everything; the table's id.
func (c *client) playExample(name string) string {
	t := c.e.t
	t.Helper()
	lines := exampleLines(t, name)
	id, _ := c.table(string(lines[0]))
	v := 0
	for i, l := range lines[1:] {
		r := c.act(id, v, string(l))
		if r.status != 200 && r.status != 202 {
			t.Fatalf("%s line %d: %d %s", name, i+2, r.status, r.body)
		}
		v = version(t, r.json(t))
	}
	return id
}

// historyEvenings plays a known set of finished games on three evenings
// (the docs' examples, Genial daneben twice) for an account with four
// saved players; the tables' ids by game, Genial's second as "genial-2",
// and when each game ended.
func historyEvenings(t *testing.T, e *env) (*client, map[string]string, map[string]time.Time) {
	day := func(d, h, m int) time.Time { return time.Date(2026, time.March, d, h, m, 0, 0, time.Local) }
	e.setClock(day(6, 19, 0))
	a := e.account("Spieleabend")
	for _, p := range []struct{ name, colour, symbol string }{{"Mireille", "rot", "kreis"}, {"David", "blau", "quadrat"}, {"Aylin", "grün", "dreieck"}, {"Anna", "gelb", "raute"}} {
		a.want(201, "POST", "/api/players", map[string]string{"name": p.name, "color": p.colour, "symbol": p.symbol})
	}
	plan := []struct {
		game, key string
		at        time.Time
	}{
		{"thegame", "thegame", day(6, 20, 15)},
		{"genial", "genial", day(6, 21, 40)},
		{"dativ", "dativ", day(6, 23, 5)},
		{"labyrinth", "labyrinth", day(13, 20, 30)},
		{"genial", "genial-2", day(13, 22, 10)},
		{"raab", "raab", day(20, 20, 0)},
		{"raab-mini", "raab-mini", day(20, 22, 45)},
	}
	ids, ats := map[string]string{}, map[string]time.Time{}
	for _, p := range plan {
		e.setClock(p.at)
		ids[p.key], ats[p.key] = a.playExample(p.game), p.at
	}
	return a, ids, ats
}

// The exports: exactly the fields and rows of the contract, for the
// account's own tables only, logged in only.
func TestHistoryExport(t *testing.T) {
	e := newEnv(t)
	a, ids, ats := historyEvenings(t, e)
	date := func(key string) string { return ats[key].Format(time.RFC3339) }
	if !strings.HasPrefix(date("thegame"), "2026-03-06T20:15:00") {
		t.Fatalf("date %s", date("thegame"))
	}

	// JSON: an array of objects with exactly these fields, oldest first.
	r := a.do("GET", "/api/history.json", nil)
	if r.status != 200 || r.header.Get("Content-Type") != "application/json; charset=utf-8" {
		t.Fatalf("history.json: %d %s %s", r.status, r.header.Get("Content-Type"), r.body)
	}
	var got []map[string]any
	if err := json.Unmarshal(r.body, &got); err != nil {
		t.Fatal(err)
	}
	type row = map[string]any
	want := []row{
		{"date": date("thegame"), "game": "thegame", "table": ids["thegame"], "players": []any{"Mireille", "David", "Julia"}, "results": row{"Mireille": 6.0, "David": 6.0, "Julia": 6.0}, "winners": []any{}},
		{"date": date("genial"), "game": "genial", "table": ids["genial"], "players": []any{"Mireille", "David", "Aylin"}, "results": row{"Mireille": 160.0, "David": 150.0, "Aylin": 180.0}, "winners": []any{"Aylin"}},
		{"date": date("dativ"), "game": "dativ", "table": ids["dativ"], "players": []any{"Mireille", "David", "Aylin", "Jonas"}, "results": row{"Mireille": 17.0, "David": 20.0, "Aylin": 26.0, "Jonas": 20.0}, "winners": []any{"Aylin"}},
		{"date": date("labyrinth"), "game": "labyrinth", "table": ids["labyrinth"], "players": []any{"Anna", "Mireille", "Sebastian", "David"}, "results": row{"Anna": 30.0, "Mireille": 31.0, "Sebastian": 28.0, "David": 22.0}, "winners": []any{"Mireille"}},
		{"date": date("genial-2"), "game": "genial", "table": ids["genial-2"], "players": []any{"Mireille", "David", "Aylin"}, "results": row{"Mireille": 160.0, "David": 150.0, "Aylin": 180.0}, "winners": []any{"Aylin"}},
		{"date": date("raab"), "game": "raab", "table": ids["raab"], "players": []any{"Mireille", "David", "Anna", "Jonas"}, "results": row{"Mireille": 13.0, "David": 32.0, "Anna": 32.0, "Jonas": 32.0}, "winners": []any{"David", "Anna", "Jonas"}},
		// The single Raab game's host counts nothing: null.
		{"date": date("raab-mini"), "game": "raab-mini", "table": ids["raab-mini"], "players": []any{"Mireille", "Stefan", "David"}, "results": row{"Mireille": 0.0, "Stefan": 1.0, "David": nil}, "winners": []any{"Stefan"}},
	}
	if !reflect.DeepEqual(got, want) {
		gb, _ := json.MarshalIndent(got, "", " ")
		t.Fatalf("history.json:\n%s", gb)
	}

	// CSV: a header row, one row per finished table, RFC 4180 (CRLF,
	// quoted cells), one name or number a line inside a cell.
	r = a.do("GET", "/api/history.csv", nil)
	if r.status != 200 || r.header.Get("Content-Type") != "text/csv; charset=utf-8; header=present" {
		t.Fatalf("history.csv: %d %s", r.status, r.header.Get("Content-Type"))
	}
	wantCSV := "date,game,table,players,results,winners\r\n" +
		date("thegame") + ",thegame," + ids["thegame"] + ",\"Mireille\r\nDavid\r\nJulia\",\"6\r\n6\r\n6\",\r\n" +
		date("genial") + ",genial," + ids["genial"] + ",\"Mireille\r\nDavid\r\nAylin\",\"160\r\n150\r\n180\",Aylin\r\n" +
		date("dativ") + ",dativ," + ids["dativ"] + ",\"Mireille\r\nDavid\r\nAylin\r\nJonas\",\"17\r\n20\r\n26\r\n20\",Aylin\r\n" +
		date("labyrinth") + ",labyrinth," + ids["labyrinth"] + ",\"Anna\r\nMireille\r\nSebastian\r\nDavid\",\"30\r\n31\r\n28\r\n22\",Mireille\r\n" +
		date("genial-2") + ",genial," + ids["genial-2"] + ",\"Mireille\r\nDavid\r\nAylin\",\"160\r\n150\r\n180\",Aylin\r\n" +
		date("raab") + ",raab," + ids["raab"] + ",\"Mireille\r\nDavid\r\nAnna\r\nJonas\",\"13\r\n32\r\n32\r\n32\",\"David\r\nAnna\r\nJonas\"\r\n" +
		date("raab-mini") + ",raab-mini," + ids["raab-mini"] + ",\"Mireille\r\nStefan\r\nDavid\",\"0\r\n1\r\n\",Stefan\r\n"
	if string(r.body) != wantCSV {
		t.Fatalf("history.csv:\n%q\nwant\n%q", r.body, wantCSV)
	}
	// A CSV reader gets the cells back.
	recs, err := csv.NewReader(bytes.NewReader(r.body)).ReadAll()
	if err != nil || len(recs) != 8 || recs[7][3] != "Mireille\nStefan\nDavid" || recs[7][4] != "0\n1\n" {
		t.Fatalf("read back: %v %q", err, recs)
	}

	// Names that need quoting are quoted, and UTF-8 stays UTF-8.
	id, _ := a.table(`{"game":"thegame","players":["Zoë \"Zo\" Öz","Ben, der Ältere"]}`)
	a.act(id, 0, `{"type":"play","pile":"1A","value":10}`)
	a.act(id, 1, `{"type":"block"}`)
	e.setClock(ats["raab-mini"].Add(time.Hour))
	if r := a.act(id, 2, `{"type":"confirm","remaining":97}`); r.status != 200 {
		t.Fatalf("confirm: %d %s", r.status, r.body)
	}
	r = a.do("GET", "/api/history.csv", nil)
	if last := strings.SplitAfterN(string(r.body), "\r\n", 9)[8]; !strings.HasSuffix(last, ",thegame,"+id+",\"Zoë \"\"Zo\"\" Öz\r\nBen, der Ältere\",\"97\r\n97\",\r\n") {
		t.Fatalf("quoted row: %q", last)
	}

	// Another account sees none of these; a seat and nobody get 401.
	other := e.account("Nachbartisch")
	if r := other.do("GET", "/api/history.json", nil); r.status != 200 || strings.TrimSpace(string(r.body)) != "[]" {
		t.Fatalf("another account's export: %d %s", r.status, r.body)
	}
	if r := other.do("GET", "/api/history.csv", nil); r.status != 200 || string(r.body) != "date,game,table,players,results,winners\r\n" {
		t.Fatalf("another account's CSV: %d %q", r.status, r.body)
	}
	seatID, seatPIN := a.table(`{"game":"genial","players":["Anna","Ben"]}`)
	seat := e.seat(seatID, seatPIN, "Anna")
	for _, c := range []*client{seat, e.phone()} {
		for _, path := range []string{"/api/history.json", "/api/history.csv"} {
			if r := c.do("GET", path, nil); r.status != 401 || r.rule(t) != "login-required" {
				t.Fatalf("%s without a login: %d %s", path, r.status, r.body)
			}
		}
	}
}

// Per saved player and game: evenings, games, wins and best results; who
// finished ahead of whom how often.
func TestHistoryStatistics(t *testing.T) {
	e := newEnv(t)
	a, _, _ := historyEvenings(t, e)
	h := a.want(200, "GET", "/api/history", nil)
	records := map[string]map[string]any{}
	for _, p := range h["players"].([]any) {
		p := p.(map[string]any)
		for _, r := range p["records"].([]any) {
			r := r.(map[string]any)
			records[p["name"].(string)+"/"+r["game"].(string)] = r
		}
		if p["name"] == "Mireille" && (p["games"] != 7.0 || p["evenings"] != 3.0 || p["wins"] != 1.0 || p["thegame_best"] != 6.0) {
			t.Fatalf("Mireille over all games: %v", p)
		}
	}
	for key, want := range map[string]string{
		"Mireille/genial":    `{"game":"genial","title":"Genial daneben – Das Spiel","evenings":2,"games":2,"wins":0,"best":160}`,
		"Aylin/genial":       `{"game":"genial","title":"Genial daneben – Das Spiel","evenings":2,"games":2,"wins":2,"best":180}`,
		"Mireille/thegame":   `{"game":"thegame","title":"The Game","evenings":1,"games":1,"wins":0,"best":6}`,
		"Mireille/labyrinth": `{"game":"labyrinth","title":"Der Dativ ist dem Genitiv sein Tod – Das große Spiel","evenings":1,"games":1,"wins":1,"best":31}`,
		"David/raab":         `{"game":"raab","title":"Schlag den Raab – Das Quiz","evenings":1,"games":1,"wins":1,"best":32}`,
		"David/raab-mini":    `{"game":"raab-mini","title":"Schlag den Raab – ein einzelnes Spiel","evenings":1,"games":1,"wins":0,"best":null}`,
		"Anna/dativ":         ``,
	} {
		got, _ := json.Marshal(records[key])
		if want == "" {
			if records[key] != nil {
				t.Fatalf("%s: a game not played has a record: %s", key, got)
			}
			continue
		}
		var w any
		json.Unmarshal([]byte(want), &w)
		if !reflect.DeepEqual(w, any(records[key])) {
			t.Fatalf("%s: %s, want %s", key, got, want)
		}
	}

	// Head to head, from the known results (saved players only; the host
	// of a single Raab game played for nothing).
	hist, err := e.svc.History(context.Background(), authOf(t, e, a))
	if err != nil {
		t.Fatal(err)
	}
	ahead := func(game string) map[string]string {
		hh := hist.HeadToHead(game)
		if hh == nil {
			return nil
		}
		out := map[string]string{}
		for i, p := range hh.Players {
			for j, q := range hh.Players {
				if i != j && hh.Met[i][j] > 0 {
					out[p.Name+">"+q.Name] = strings.Repeat("+", hh.Ahead[i][j]) + "/" + strings.Repeat("·", hh.Met[i][j])
				}
			}
		}
		return out
	}
	for game, want := range map[string]map[string]string{
		// Twice: Aylin 180, Mireille 160, David 150.
		"genial": {"Aylin>Mireille": "++/··", "Aylin>David": "++/··", "Mireille>David": "++/··", "Mireille>Aylin": "/··", "David>Aylin": "/··", "David>Mireille": "/··"},
		// Aylin 26 won; David 20, Mireille 17.
		"dativ": {"Aylin>Mireille": "+/·", "Aylin>David": "+/·", "David>Mireille": "+/·", "Mireille>David": "/·", "Mireille>Aylin": "/·", "David>Aylin": "/·"},
		// Mireille 31 won; Anna 30, David 22.
		"labyrinth": {"Mireille>Anna": "+/·", "Mireille>David": "+/·", "Anna>David": "+/·", "Anna>Mireille": "/·", "David>Mireille": "/·", "David>Anna": "/·"},
		// The team (David, Anna) beat Stefan (Mireille); one side is nobody's better.
		"raab": {"David>Mireille": "+/·", "Anna>Mireille": "+/·", "David>Anna": "/·", "Anna>David": "/·", "Mireille>David": "/·", "Mireille>Anna": "/·"},
		// Only Mireille of the saved players played for a result.
		"raab-mini": nil,
		// Won or lost together.
		"thegame": nil,
	} {
		if got := ahead(game); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s head to head: %v, want %v", game, got, want)
		}
	}
}

// authOf is the scorer's Auth of a client's token.
func authOf(t *testing.T, e *env, c *client) scorer.Auth {
	t.Helper()
	au, err := e.svc.Authenticate(context.Background(), "127.0.0.1", c.token)
	if err != nil {
		t.Fatal(err)
	}
	return au
}

// The score curve of every example game, round by round: the start, then
// the standing just before the next round's first action (a question
// asked, a card read, a question card drawn, a turn's first card, a game
// spun or chosen), and the end.
func TestScoreCurves(t *testing.T) {
	e := newEnv(t)
	a := e.account("Kurven")
	au := authOf(t, e, a)
	// What begins a round, by the example's action lines, and where each
	// player's count is in the state the replay prints.
	begins := map[string]func(prev, line map[string]any) bool{
		"genial":    func(_, l map[string]any) bool { return l["type"] == "ask" },
		"dativ":     func(_, l map[string]any) bool { return l["type"] == "read" },
		"labyrinth": func(_, l map[string]any) bool { return l["type"] == "draw" && l["kind"] != "lingutaurus" },
		"thegame":   func(p, l map[string]any) bool { return l["type"] == "play" && (p == nil || p["type"] != "play") },
		// A duel's chips are "choose" too, but without "game".
		"raab": func(_, l map[string]any) bool {
			return l["type"] == "spin" || (l["type"] == "choose" && l["game"] != nil)
		},
	}
	counts := map[string]func(state map[string]any) map[string]int{
		"genial":    func(s map[string]any) map[string]int { return byPlayer(s["players"], s["scores"]) },
		"dativ":     func(s map[string]any) map[string]int { return byPlayer(s["players"], s["chips"]) },
		"labyrinth": func(s map[string]any) map[string]int { return fieldOf(s["players"]) },
		"thegame":   cardsLaid,
		"raab":      sideTotals,
	}
	for _, name := range []string{"genial", "dativ", "labyrinth", "thegame", "raab", "raab-duels"} {
		t.Run(name, func(t *testing.T) {
			lines := exampleLines(t, name)
			var setup struct{ Game string }
			json.Unmarshal(lines[0], &setup)
			g, _ := registry.Lookup(setup.Game)
			log := parseNDJSON(t, bytes.Join(lines, []byte("\n")))
			r := g.Runner(defaults(t))
			start, _ := r.Start(log.Setup)
			states := []map[string]any{asMap(t, start)}
			if _, _, err := r.Replay(log, func(_ int, s any, _ []rules.Event) { states = append(states, asMap(t, s)) }); err != nil {
				t.Fatal(err)
			}
			want := []map[string]int{counts[setup.Game](states[0])}
			var prev map[string]any
			begun := false
			for i, l := range lines[1:] {
				var line map[string]any
				json.Unmarshal(l, &line)
				if begins[setup.Game](prev, line) {
					if begun {
						want = append(want, counts[setup.Game](states[i]))
					}
					begun = true
				}
				if line["type"] != "hand" { // hand cards entered are no move
					prev = line
				}
			}
			want = append(want, counts[setup.Game](states[len(states)-1]))

			id := a.playExample(name)
			c, err := e.svc.Curve(context.Background(), au, id)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(c.Rounds, want) {
				gb, _ := json.Marshal(c.Rounds)
				wb, _ := json.Marshal(want)
				t.Fatalf("curve:\n%s\nwant\n%s", gb, wb)
			}
			if !c.Over || c.Finished == nil || c.Finished.TableID != id {
				t.Fatalf("finished: %v %+v", c.Over, c.Finished)
			}
			// Every reveal of the table is in the round it resolved, none
			// at the start; a question asked is resolved in its round.
			all, err := e.svc.Reveals(context.Background(), au, id)
			if err != nil {
				t.Fatal(err)
			}
			got := []scorer.Reveal{}
			for i, rv := range c.Reveals {
				if i == 0 && len(rv) > 0 {
					t.Fatalf("reveals at the start: %v", rv)
				}
				if (setup.Game == "genial" || setup.Game == "dativ" || setup.Game == "labyrinth") && i > 0 && len(rv) == 0 {
					t.Fatalf("round %d has no reveal", i)
				}
				got = append(got, rv...)
			}
			if len(c.Reveals) != len(c.Rounds) || !reflect.DeepEqual(got, all) {
				t.Fatalf("reveals by round: %d rounds, %d reveals of %d", len(c.Reveals), len(got), len(all))
			}
		})
	}

	// Genial daneben round by round, as its events say ("Punktestand: …").
	c, _ := e.svc.Curve(context.Background(), au, a.playExample("genial"))
	genial := [][3]int{{0, 0, 0}, {20, 0, 0}, {40, 10, 0}, {40, 30, 10}, {60, 30, 10}, {60, 40, 30}, {60, 60, 40}, {60, 70, 50}, {80, 80, 50}, {80, 100, 60}, {80, 110, 70},
		{90, 110, 80}, {110, 110, 90}, {120, 110, 110}, {120, 130, 110}, {140, 130, 120}, {150, 130, 140}, {160, 130, 150}, {160, 150, 160}, {160, 150, 170}, {160, 150, 180}}
	if len(c.Rounds) != len(genial) {
		t.Fatalf("genial: %d rounds, want %d", len(c.Rounds), len(genial))
	}
	for i, w := range genial {
		if got := c.Rounds[i]; got["Mireille"] != w[0] || got["David"] != w[1] || got["Aylin"] != w[2] {
			t.Fatalf("genial round %d: %v, want %v", i, got, w)
		}
	}
	// The single Raab game by its tasks: both start on 4 (Führerscheinprüfung).
	c, _ = e.svc.Curve(context.Background(), au, a.playExample("raab-mini"))
	if want := []map[string]int{{"Mireille": 4, "Stefan": 4}, {"Mireille": 1, "Stefan": 4}, {"Mireille": 1, "Stefan": 2}, {"Mireille": 0, "Stefan": 1}}; !reflect.DeepEqual(c.Rounds, want) {
		t.Fatalf("raab-mini: %v", c.Rounds)
	}

	// Only the account that opened the table reads a curve.
	id, pin := a.table(`{"game":"genial","players":["Anna","Ben"]}`)
	seat := e.seat(id, pin, "Anna")
	if _, err := e.svc.Curve(context.Background(), authOf(t, e, seat), id); scorer.Status(err) != 401 {
		t.Fatalf("a seat reads the curve: %v", err)
	}
	if _, err := e.svc.Curve(context.Background(), authOf(t, e, e.account("Fremd")), id); scorer.Status(err) != 403 {
		t.Fatalf("another account reads the curve: %v", err)
	}
	if r := a.do("GET", "/history/tables/"+id, nil); r.status != 200 || !strings.Contains(string(r.body), "läuft noch") {
		t.Fatalf("a running table's page: %d", r.status)
	}
}

func asMap(t *testing.T, state any) map[string]any {
	b, err := json.Marshal(state)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	return m
}

func byPlayer(players, values any) map[string]int {
	out := map[string]int{}
	for i, p := range players.([]any) {
		out[p.(string)] = int(values.([]any)[i].(float64))
	}
	return out
}

func fieldOf(players any) map[string]int {
	out := map[string]int{}
	for _, p := range players.([]any) {
		p := p.(map[string]any)
		out[p["name"].(string)] = int(p["pos"].(float64))
	}
	return out
}

func cardsLaid(s map[string]any) map[string]int {
	out := map[string]int{}
	for _, p := range s["players"].([]any) {
		out[p.(string)] = 0
	}
	plays, _ := s["plays"].([]any)
	for _, p := range plays {
		out[p.(map[string]any)["player"].(string)]++
	}
	return out
}

func sideTotals(s map[string]any) map[string]int {
	out := map[string]int{}
	score := s["score"].(map[string]any)
	for _, p := range s["team"].([]any) {
		out[p.(string)] = int(score["team"].(float64))
	}
	out[s["stefan"].(string)] = int(score["stefan"].(float64))
	return out
}

// A name that differs from a saved one only in case asks before it
// replaces: 409 name-case with the saved spelling, unless "replace".
func TestSavePlayerCase(t *testing.T) {
	e := newEnv(t)
	a := e.account("Tisch")
	a.want(201, "POST", "/api/players", map[string]string{"name": "Anna", "color": "rot", "symbol": "kreis"})
	r := a.do("POST", "/api/players", map[string]string{"name": "anna", "color": "blau", "symbol": "stern"})
	if r.status != 409 || r.rule(t) != "name-case" {
		t.Fatalf("anna for Anna: %d %s", r.status, r.body)
	}
	if e := r.json(t)["error"].(map[string]any); e["saved"] != "Anna" || e["field"] != "name" || !strings.Contains(e["de"].(string), "„Anna“") || e["de"] != "Es gibt schon „Anna“ – ersetzen?" {
		t.Fatalf("the refusal does not name the saved spelling: %s", r.body)
	}
	players := func() string {
		var out []string
		for _, p := range a.want(200, "GET", "/api/players", nil)["players"].([]any) {
			p := p.(map[string]any)
			out = append(out, p["name"].(string)+" "+p["color"].(string)+" "+p["symbol"].(string))
		}
		return strings.Join(out, ", ")
	}
	if p := players(); p != "Anna rot kreis" {
		t.Fatalf("Anna was changed: %s", p)
	}
	// The same spelling changes colour and symbol without a question.
	a.want(201, "POST", "/api/players", map[string]string{"name": "Anna", "color": "grün", "symbol": "kreis"})
	// "replace": true replaces.
	a.want(201, "POST", "/api/players", map[string]any{"name": "anna", "color": "blau", "symbol": "stern", "replace": true})
	if p := players(); p != "anna blau stern" {
		t.Fatalf("not replaced: %s", p)
	}

	// The players page asks, keeping what was typed, and replaces on the
	// confirm button.
	form := func(values string) response {
		c := *a
		c.header = http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
		return c.do("POST", "/players", values)
	}
	r = form("name=ANNA&color=lila&symbol=kreuz")
	body := string(r.body)
	if r.status != 409 || !strings.Contains(body, "Es gibt schon „anna“ – ersetzen?") || !strings.Contains(body, `name="replace" value="1"`) || !strings.Contains(body, `name="name" value="ANNA"`) || !strings.Contains(body, `name="color" value="lila"`) {
		t.Fatalf("the page does not ask: %d\n%s", r.status, body)
	}
	if r := form("name=ANNA&color=lila&symbol=kreuz&replace=1"); r.status != 303 {
		t.Fatalf("confirm: %d %s", r.status, r.body)
	}
	if p := players(); p != "ANNA lila kreuz" {
		t.Fatalf("not replaced from the page: %s", p)
	}
}

// A finished table's history page: the labyrinth example's 175 actions
// replayed for the curve and the reveals, the history read, the page
// drawn.
func BenchmarkHistoryTablePage(b *testing.B) {
	e := newEnv(b)
	a := e.account("Messung")
	id := a.playExample("labyrinth")
	for b.Loop() {
		if r := a.do("GET", "/history/tables/"+id, nil); r.status != 200 {
			b.Fatal(r.status)
		}
	}
}
