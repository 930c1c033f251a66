package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// deckServer serves a deck file as an online spreadsheet's export link
// does, with an ETag, counting the requests.
type deckServer struct {
	*httptest.Server
	mu       sync.Mutex
	data     []byte
	requests atomic.Int32
}

func newDeckServer(t *testing.T, file string) *deckServer {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "decks", "testdata", "libreoffice", file))
	if err != nil {
		t.Fatal(err)
	}
	s := &deckServer{data: data}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		s.mu.Lock()
		data := s.data
		s.mu.Unlock()
		w.Header().Set("ETag", `"v`+string(rune('0'+len(data)%10))+`"`)
		w.Write(data)
	}))
	t.Cleanup(s.Close)
	return s
}

// check, build and serve read a deck from an export link; an offline run
// uses the last copy and says so in one line naming the address and the
// copy's date; errors name the address and the cell.
func TestDeckFromURL(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	s := newDeckServer(t, "genial.ods")
	url := s.URL + "/spreadsheets/d/abc/export?format=ods"
	code, out, errs := runCLI("check", "--deck", url)
	if code != 0 || !strings.Contains(out, "1 Deck(s) mit 300 Karten geprüft") {
		t.Fatalf("check: exit %d\n%s%s", code, out, errs)
	}
	if code, out, _ := runCLI("card", "--no-default-decks", "--deck", url, "GEN-STD-1"); code != 0 || !strings.Contains(out, "Hängematte") {
		t.Errorf("card: exit %d\n%s", code, out)
	}
	s.Close()
	today := time.Now().Format("02.01.2006")
	notice := url + ": Warnung: offline (nicht erreichbar: dial tcp "
	code, out, _ = runCLI("check", url)
	if code != 0 || !strings.Contains(out, notice) || !strings.Contains(out, "es gilt die zuletzt geladene Kopie vom "+today) {
		t.Errorf("check offline: exit %d\n%s", code, out)
	}
	dir := t.TempDir()
	code, _, errs = runCLI("build", "--no-default-decks", "--deck", url, "--game", "genial", "--out", filepath.Join(dir, "out"))
	if code != 0 || strings.Count(errs, notice) != 1 {
		t.Errorf("build offline: exit %d\n%s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "genial")); err != nil {
		t.Errorf("build offline: %v", err)
	}
	if code, _, errs := runCLI("build", "--no-default-decks", "--deck", s.URL+"/other", "--game", "genial", "--out", filepath.Join(dir, "out2")); code != 1 || !strings.Contains(errs, s.URL+"/other: nicht erreichbar") {
		t.Errorf("build offline without a copy: exit %d\n%s", code, errs)
	}
}

// csvDeckServer serves a genial deck as Google Sheets' CSV export does,
// one sheet per link: the sheet Deck for gid=0, else the questions (rows
// below the header).
func csvDeckServer(t *testing.T, questions string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/csv")
		if r.URL.Query().Get("gid") == "0" {
			w.Write([]byte("Spiel,genial\nName,Online\nKennung,WEB\nVersion,1.0\n"))
			return
		}
		w.Write([]byte("Nr,Frage,a,b,c,Richtig\n" + questions))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestDeckFromURLErrorsNameTheCell(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	csv := csvDeckServer(t, "1,Wo steht der Kölner Dom?,In Köln,In Bonn,In Aachen,e\n")
	cards := csv.URL + "/export?format=csv&gid=5#Fragen"
	code, out, _ := runCLI("check", csv.URL+"/export?format=csv&gid=0#Deck "+cards)
	want := cards + ": Fragen: Zeile 2: Spalte Richtig: „e“ ist nicht erlaubt (erlaubt: a, b, c)"
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %s in\n%s", code, want, out)
	}
	if code, out, _ := runCLI("check", "ftp://example.org/deck.xlsx"); code != 1 || !strings.Contains(out, "ftp://example.org/deck.xlsx: nur Adressen mit https://") {
		t.Errorf("ftp: exit %d\n%s", code, out)
	}
}

// serve reads a deck from the web once, when it starts: a changed sheet
// does not change the cards of tables being played, nor of tables opened
// after the change.
func TestServeFetchesTheDeckOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	s := newDeckServer(t, "genial.xlsx")
	original, err := excelize.OpenReader(bytes.NewReader(s.data))
	if err != nil {
		t.Fatal(err)
	}
	question := func(row int) (text, correct string) {
		text, _ = original.GetCellValue("Fragen", fmt.Sprintf("B%d", row))
		correct, _ = original.GetCellValue("Fragen", fmt.Sprintf("F%d", row))
		return text, correct
	}
	// The same deck with the first two questions and their answers changed:
	// still a valid deck, which a second fetch would read.
	changed, _ := excelize.OpenReader(bytes.NewReader(s.data))
	for row := 2; row <= 3; row++ {
		_, correct := question(row)
		changed.SetCellStr("Fragen", fmt.Sprintf("B%d", row), fmt.Sprintf("Geänderte Frage %d?", row-1))
		changed.SetCellStr("Fragen", fmt.Sprintf("F%d", row), map[string]string{"a": "b", "b": "c", "c": "a"}[correct])
	}
	var buf bytes.Buffer
	if err := changed.Write(&buf); err != nil {
		t.Fatal(err)
	}
	srv := startServe(t, "--data", t.TempDir(), "--no-default-decks", "--deck", s.URL+"/export?format=xlsx")
	if n := s.requests.Load(); n != 1 {
		t.Fatalf("%d requests at start", n)
	}
	if code, _, err := srv.post(t, "/api/accounts", "", map[string]string{"name": "Tisch", "password": "geheim123"}); err != nil || code != 201 {
		t.Fatalf("account: %d %v", code, err)
	}
	_, m, _ := srv.post(t, "/api/login", "", map[string]string{"name": "Tisch", "password": "geheim123"})
	token, _ := m["token"].(string)
	openTable := func() (id string, version float64) {
		code, m, err := srv.post(t, "/api/tables", token, map[string]any{"setup": json.RawMessage(`{"game":"genial","players":["Anna","Ben","Cem"]}`)})
		if err != nil || code != 201 {
			t.Fatalf("table: %d %v %v", code, m, err)
		}
		return m["id"].(string), m["version"].(float64)
	}
	act := func(id string, version float64, action string) (float64, map[string]any) {
		t.Helper()
		code, m, err := srv.post(t, "/api/tables/"+id+"/actions", token, map[string]any{"version": version, "action": json.RawMessage(action)})
		if err != nil || code != 200 {
			t.Fatalf("%s: %d %v %v", action, code, m, err)
		}
		return m["version"].(float64), m["state"].(map[string]any)
	}
	// A question is asked as the first fetch read it, and scored by its
	// answer then: the one who answers it alone gets 20 points.
	play := func(id string, v float64, card string, row int, right, wrong, want string) float64 {
		t.Helper()
		text, correct := question(row)
		v, state := act(id, v, `{"type":"ask","card":"`+card+`"}`)
		if q, _ := state["question"].(map[string]any); q["text"] != text {
			t.Errorf("%s at the table: %q, want %q", card, q["text"], text)
		}
		other := map[string]string{"a": "b", "b": "c", "c": "a"}[correct]
		v, state = act(id, v, fmt.Sprintf(`{"type":"answer","answers":{%q:%q,%q:%q}}`, right, correct, wrong, other))
		scores := fmt.Sprint(state["scores"])
		if scores != want {
			t.Errorf("%s scored %s, want %s (%s right)", card, scores, want, right)
		}
		return v
	}
	playing, v := openTable()
	v, _ = act(playing, v, `{"type":"ask","card":"GEN-STD-1"}`)

	s.mu.Lock()
	s.data = buf.Bytes()
	s.mu.Unlock()
	if code, _ := srv.get(t, "/", ""); code != 200 {
		t.Fatalf("GET /: %d", code)
	}
	_, correct := question(2)
	v, state := act(playing, v, fmt.Sprintf(`{"type":"answer","answers":{"Ben":%q,"Cem":%q}}`, correct, map[string]string{"a": "b", "b": "c", "c": "a"}[correct]))
	if scores := fmt.Sprint(state["scores"]); scores != "[10 20 0]" {
		t.Errorf("GEN-STD-1 scored %s after the sheet changed", scores)
	}
	play(playing, v, "GEN-STD-2", 3, "Anna", "Cem", "[30 30 0]") // Ben asks
	later, v := openTable()
	play(later, v, "GEN-STD-1", 2, "Ben", "Cem", "[10 20 0]")
	if n := s.requests.Load(); n != 1 {
		t.Errorf("%d requests while serving", n)
	}
}

// export reads a deck from an export link as build does, and says so when
// it uses the last copy offline.
func TestExportReadsADeckFromURL(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	srv := csvDeckServer(t, "1,Welcher Fluss fließt durch Köln?,Der Rhein,Die Elbe,Die Donau,a\n")
	spec := srv.URL + "/export?format=csv&gid=0#Deck " + srv.URL + "/export?format=csv&gid=5#Fragen"
	dir := t.TempDir()
	args := func(out string) []string {
		return []string{"export", "pdfx1a", "--no-default-decks", "--deck", spec, "--game", "genial", "--out", filepath.Join(dir, out)}
	}
	if code, _, errs := runCLI(args("online")...); code != 0 || strings.Contains(errs, "offline") {
		t.Fatalf("online: exit %d\n%s", code, errs)
	}
	srv.Close()
	code, _, errs := runCLI(args("offline")...)
	notice := srv.URL + "/export?format=csv&gid=0#Deck: Warnung: offline (nicht erreichbar: dial tcp "
	if code != 0 || strings.Count(errs, notice) != 1 || strings.Count(errs, ": Warnung: offline") != 2 {
		t.Errorf("offline: exit %d\n%s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "offline", "genial", "karten.pdf")); err != nil {
		t.Error(err)
	}
}
