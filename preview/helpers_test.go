package preview

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeDeck writes a labyrinth deck of n cards as a CSV folder in dir,
// made of the default deck's questions (numbered on past its 220 cards,
// each repeat's questions marked so none is an exact duplicate), and
// returns the folder and the rows of Karten.csv.
func writeDeck(t testing.TB, dir string, n int) (string, [][]string) {
	t.Helper()
	f, err := os.Open("../decks/default/labyrinth/Karten.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head, body := rows[0], rows[1:]
	out := [][]string{head}
	for i := 0; len(out) < 2*n+1; i += 2 {
		nr := len(out)/2 + 1
		for _, r := range body[i%len(body) : i%len(body)+2] {
			r = append([]string(nil), r...)
			r[0] = fmt.Sprint(nr)
			if i >= len(body) {
				r[3] += fmt.Sprintf(" (Runde %d)", nr)
			}
			out = append(out, r)
		}
	}
	deck := filepath.Join(dir, "deck")
	if err := os.MkdirAll(deck, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(deck, "Deck.csv"), []byte("Spiel,labyrinth\nName,Testdeck\nKennung,TST\nVersion,1.0\nSprache,de\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	saveCSV(t, filepath.Join(deck, "Karten.csv"), out)
	return deck, out
}

// saveCSV writes rows as an editor does: into a new file renamed over the
// old one.
func saveCSV(t testing.TB, path string, rows [][]string) {
	t.Helper()
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.WriteAll(rows)
	tmp := path + ".tmp~"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// started is a preview of a deck folder, watched and served.
type started struct {
	p   *Preview
	srv *httptest.Server
}

func start(t testing.TB, o Options) *started {
	t.Helper()
	p, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { p.Watch(ctx, time.Second); close(done) }()
	srv := httptest.NewServer(NewServer(p, nil))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
		cancel()
		<-done
	})
	time.Sleep(100 * time.Millisecond) // the watches are in place
	return &started{p: p, srv: srv}
}

// stream is a client of /events.
type stream struct {
	events chan sse
	hello  sse
}

type sse struct {
	name string
	raw  string
	data Event // for changed
	at   time.Time
}

func (s *started) listen(t testing.TB) *stream {
	t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("/events Content-Type %q", ct)
	}
	st := &stream{events: make(chan sse, 64)}
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		var name string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				raw := strings.TrimPrefix(line, "data: ")
				var e Event
				if name == "changed" {
					json.Unmarshal([]byte(raw), &e)
				}
				st.events <- sse{name: name, raw: raw, data: e, at: time.Now()}
			}
		}
		close(st.events)
	}()
	select {
	case e := <-st.events:
		if e.name != "hello" {
			t.Fatalf("first event %q, want hello", e.name)
		}
		st.hello = e
	case <-time.After(5 * time.Second):
		t.Fatal("no hello")
	}
	return st
}

// next waits for the next event.
func (st *stream) next(t testing.TB, within time.Duration) (sse, bool) {
	t.Helper()
	select {
	case e, ok := <-st.events:
		return e, ok
	case <-time.After(within):
		return sse{}, false
	}
}

// drain returns every event that arrives within the quiet period.
func (st *stream) drain(quiet time.Duration) []sse {
	var out []sse
	for {
		select {
		case e, ok := <-st.events:
			if !ok {
				return out
			}
			out = append(out, e)
		case <-time.After(quiet):
			return out
		}
	}
}

func get(t testing.TB, url string) (int, []byte, http.Header) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp.StatusCode, []byte(b.String()), resp.Header
}
