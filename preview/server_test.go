package preview

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// served is a preview of a small deck behind the handlers alone, without
// a watcher.
func served(t *testing.T, n int) (*Preview, *httptest.Server, string, [][]string) {
	t.Helper()
	deck, rows := writeDeck(t, t.TempDir(), n)
	p, err := New(Options{Decks: []string{deck}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewServer(p, nil))
	t.Cleanup(srv.Close)
	return p, srv, deck, rows
}

func TestProblemsJSONNamesFileSheetRowColumnAndCard(t *testing.T) {
	p, srv, deck, rows := served(t, 10)
	// Card 3's yellow side (row 7) gets an answer key that does not exist.
	rows[6][7] = "D"
	path := filepath.Join(deck, "Karten.csv")
	saveCSV(t, path, rows)
	if _, err := p.Rebuild(map[string]bool{deck: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	code, body, h := get(t, srv.URL+"/api/problems")
	if code != 200 || !strings.HasPrefix(h.Get("Content-Type"), "application/json") {
		t.Fatalf("/api/problems: %d %s", code, h.Get("Content-Type"))
	}
	var raw []map[string]any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, body)
	}
	want := []string{"card", "column", "file", "message", "row", "severity", "sheet"}
	var hit map[string]any
	for _, pr := range raw {
		var keys []string
		for k := range pr {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, want) {
			t.Fatalf("problem keys %v, want %v", keys, want)
		}
		if s := pr["severity"]; s != "error" && s != "warning" {
			t.Fatalf("severity %v", s)
		}
		if pr["column"] == "Richtig" {
			hit = pr
		}
	}
	if hit == nil {
		t.Fatalf("no problem in column Richtig: %s", body)
	}
	if hit["file"] != path || hit["sheet"] != "Karten" || hit["row"] != float64(7) || hit["card"] != "LAB-TST-3" || hit["severity"] != "error" {
		t.Fatalf("problem %v, want %s: Karten: row 7: Richtig, card LAB-TST-3, error", hit, path)
	}
	if !strings.Contains(hit["message"].(string), "„D“") {
		t.Fatalf("German message expected: %v", hit["message"])
	}
	// English for a browser that asks for it.
	req, _ := http.NewRequest("GET", srv.URL+"/api/problems", nil)
	req.Header.Set("Accept-Language", "en-GB,en;q=0.9")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var en []problemJSON
	json.NewDecoder(resp.Body).Decode(&en)
	resp.Body.Close()
	found := false
	for _, pr := range en {
		if pr.Column == "Richtig" && strings.Contains(pr.Message, "not allowed") {
			found = true
		}
	}
	if !found {
		t.Fatalf("no English message: %+v", en)
	}
	// The page shows it beside card 3, with its cell, escaped.
	_, page, _ := get(t, srv.URL+"/")
	i := bytes.Index(page, []byte(`id="card-LAB-TST-3"`))
	j := bytes.Index(page, []byte(`id="card-LAB-TST-4"`))
	if i < 0 || j < i || !bytes.Contains(page[i:j], []byte("Karten: Zeile 7: Spalte Richtig")) {
		t.Fatal("the problem is not shown beside card LAB-TST-3 with its cell")
	}
}

func TestImagesAndTheirErrors(t *testing.T) {
	_, srv, _, _ := served(t, 5)
	for _, c := range []struct {
		path string
		code int
		body string
	}{
		{"/card/LAB-TST-2/vorne.png", 200, ""},
		{"/card/lab-tst-2/hinten.png", 200, ""},
		{"/card/LAB-TST-2/vorne.png?dpi=300", 200, ""},
		{"/card/LAB-TST-99/vorne.png", 404, "LAB-TST-99"},
		{"/card/LAB-TST-2/seite.png", 404, "vorne.png"},
		{"/card/LAB-TST-2/vorne.png?dpi=301", 400, "300"},
		{"/card/LAB-TST-2/vorne.png?dpi=0", 400, "30"},
		{"/card/LAB-TST-2/vorne.png?dpi=abc", 400, "abc"},
		{"/card/LAB-TST-2/vorne.png?dpi=", 400, "dpi"},
	} {
		code, body, h := get(t, srv.URL+c.path)
		if code != c.code {
			t.Errorf("%s: %d, want %d (%s)", c.path, code, c.code, body)
			continue
		}
		if c.code != 200 {
			if !strings.Contains(string(body), c.body) {
				t.Errorf("%s: message %q does not say %q", c.path, body, c.body)
			}
			continue
		}
		if h.Get("Content-Type") != "image/png" {
			t.Errorf("%s: %s", c.path, h.Get("Content-Type"))
		}
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		// 63 × 88 mm with 3 mm bleed: 69 × 94 mm.
		want := 407 // at 150 dpi
		if strings.Contains(c.path, "dpi=300") {
			want = 815
		}
		if img.Bounds().Dx() != want {
			t.Errorf("%s: %d px wide, want %d", c.path, img.Bounds().Dx(), want)
		}
	}
	code, _, h := get(t, srv.URL+"/")
	if code != 200 || !strings.Contains(h.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Fatalf("page: %d, CSP %q", code, h.Get("Content-Security-Policy"))
	}
}

func TestTextsAreEscaped(t *testing.T) {
	p, srv, deck, rows := served(t, 3)
	edit(rows, 2, `Was bedeutet <script>alert(1)</script> & „“?`)
	saveCSV(t, filepath.Join(deck, "Karten.csv"), rows)
	p.Rebuild(nil, time.Now())
	_, page, _ := get(t, srv.URL+"/")
	if bytes.Contains(page, []byte("<script>alert")) {
		t.Fatal("a card's text reaches the page unescaped")
	}
	if !bytes.Contains(page, []byte("&lt;script&gt;alert")) {
		t.Fatal("the card's text is not in the page (filter text)")
	}
}

func TestStyleFileSavesRedrawEveryCardOfTheGame(t *testing.T) {
	dir := t.TempDir()
	deck, _ := writeDeck(t, dir, 4)
	tpl := filepath.Join(dir, "stile")
	copyFile(t, "../templates/labyrinth.json", filepath.Join(tpl, "labyrinth.json"))
	s := start(t, Options{Decks: []string{deck}, Templates: tpl})
	st := s.listen(t)
	style := readFile(t, filepath.Join(tpl, "labyrinth.json"))
	// A style that does not parse: the problem, the old cards.
	writeFile(t, filepath.Join(tpl, "labyrinth.json"), style[:len(style)/2])
	e, ok := st.next(t, 10*time.Second)
	if !ok || e.name != "changed" || len(e.data.Cards) != 0 {
		t.Fatalf("broken style: %+v", e)
	}
	if !slices.ContainsFunc(s.p.State().Problems, func(p Problem) bool { return strings.HasSuffix(p.File, "labyrinth.json") }) {
		t.Fatalf("no problem naming the style file: %+v", s.p.State().Problems)
	}
	// Another green: every labyrinth card looks different.
	changed := strings.Replace(string(style), `"green": "#2e7d32"`, `"green": "#1b5e20"`, 1)
	if changed == string(style) {
		t.Fatal("the style file has no green to change")
	}
	writeFile(t, filepath.Join(tpl, "labyrinth.json"), []byte(changed))
	for {
		e, ok = st.next(t, 10*time.Second)
		if !ok {
			t.Fatal("no event after the style was fixed")
		}
		if len(e.data.Cards) > 0 {
			break
		}
	}
	if len(e.data.Cards) != 4 {
		t.Fatalf("a style change redrew %v, want all 4 cards", e.data.Cards)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	writeFile(t, to, readFile(t, from))
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
