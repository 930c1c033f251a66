package preview

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"druckreif/decks"
	"druckreif/decks/authoring"
	"druckreif/decks/remote"
)

// Goal is the time from a save to its changed event, p95, for one card
// edited in a 500-card deck on a two-core machine.
const Goal = 300 * time.Millisecond

// edit changes the green question of card nr.
func edit(rows [][]string, nr int, text string) {
	rows[2*nr-1][3] = text
}

func TestEditRedrawsOnlyThatCardWithinGoal(t *testing.T) {
	deck, rows := writeDeck(t, t.TempDir(), 500)
	s := start(t, Options{Decks: []string{deck}})
	st := s.listen(t)
	var hello map[string]int
	if err := json.Unmarshal([]byte(st.hello.raw), &hello); err != nil || hello["cards"] != 500 || len(hello) != 2 {
		t.Fatalf("hello %s, want {\"cards\":500,\"problems\":N}", st.hello.raw)
	}
	url := s.srv.URL + "/card/LAB-TST-17/vorne.png"
	code, before, _ := get(t, url)
	if code != 200 {
		t.Fatalf("GET %s: %d", url, code)
	}
	var times []time.Duration
	for i := 0; i < 3; i++ {
		edit(rows, 17, fmt.Sprintf("Wie viele Ecken hat ein Würfel? (Fassung %d)", i))
		saved := time.Now()
		saveCSV(t, filepath.Join(deck, "Karten.csv"), rows)
		e, ok := st.next(t, 10*time.Second)
		if !ok || e.name != "changed" {
			t.Fatalf("save %d: no changed event (%+v)", i, e)
		}
		times = append(times, e.at.Sub(saved))
		if !slices.Equal(e.data.Cards, []string{"LAB-TST-17"}) {
			t.Fatalf("save %d: changed %v, want exactly [LAB-TST-17]", i, e.data.Cards)
		}
		if e.data.MS <= 0 || time.Duration(e.data.MS)*time.Millisecond > e.at.Sub(saved)+5*time.Millisecond {
			t.Errorf("save %d: ms %d, but the event came %v after the save", i, e.data.MS, e.at.Sub(saved))
		}
		for _, more := range st.drain(1500 * time.Millisecond) {
			if len(more.data.Cards) > 0 {
				t.Fatalf("save %d: a second event naming cards: %+v", i, more)
			}
		}
		code, after, _ := get(t, url)
		if code != 200 || bytes.Equal(before, after) {
			t.Fatalf("save %d: the PNG served after the event is the old one (status %d)", i, code)
		}
		before = after
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	t.Logf("save → changed event: %v", times)
	if times[1] > Goal {
		t.Errorf("median save → event %v, goal %v (p95)", times[1], Goal)
	}
}

func TestHalfWrittenFileKeepsLastGoodCards(t *testing.T) {
	deck, rows := writeDeck(t, t.TempDir(), 30)
	s := start(t, Options{Decks: []string{deck}})
	st := s.listen(t)
	path := filepath.Join(deck, "Karten.csv")
	good, _ := os.ReadFile(path)
	// The editor's write stopped half-way, inside a quoted cell.
	half := append(append([]byte{}, good[:len(good)/2]...), []byte("\n31,grün,normal,\"Wie hei")...)
	if err := os.WriteFile(path, half, 0o644); err != nil {
		t.Fatal(err)
	}
	e, ok := st.next(t, 10*time.Second)
	if !ok || e.name != "changed" || len(e.data.Cards) != 0 || e.data.Problems == 0 {
		t.Fatalf("after a half-written save: %+v, want changed with no cards and problems", e)
	}
	if n := len(s.p.State().Cards); n != 30 {
		t.Fatalf("%d cards shown, want the last good 30", n)
	}
	if code, _, _ := get(t, s.srv.URL+"/card/LAB-TST-30/hinten.png"); code != 200 {
		t.Fatalf("a card of the last good save: %d", code)
	}
	var probs []map[string]any
	_, body, _ := get(t, s.srv.URL+"/api/problems")
	json.Unmarshal(body, &probs)
	found := false
	for _, p := range probs {
		if p["file"] == path && p["severity"] == "error" && p["sheet"] == "Karten" {
			found = true
		}
	}
	if !found {
		t.Fatalf("no error at %s in /api/problems: %s", path, body)
	}
	_, page, _ := get(t, s.srv.URL+"/")
	if !bytes.Contains(page, []byte("letzte fehlerfreie Stand")) || !bytes.Contains(page, []byte("card-LAB-TST-30")) {
		t.Fatal("the page does not say it shows the last good cards, or lost them")
	}
	// Saved whole again: the problem goes, the cards stay.
	saveCSV(t, path, rows)
	e, ok = st.next(t, 10*time.Second)
	if !ok || e.name != "changed" {
		t.Fatalf("after the good save: %+v", e)
	}
	if len(s.p.State().Stale) != 0 {
		t.Fatal("still stale after a good save")
	}
}

func TestTwentySavesASecondCoalesce(t *testing.T) {
	deck, rows := writeDeck(t, t.TempDir(), 500)
	s := start(t, Options{Decks: []string{deck}})
	st := s.listen(t)
	var rebuilds []sse
	var mu sync.Mutex
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			e, ok := st.next(t, 3*time.Second)
			if !ok {
				return
			}
			mu.Lock()
			rebuilds = append(rebuilds, e)
			mu.Unlock()
		}
	}()
	const saves = 40
	save := func(i int) {
		edit(rows, 5, fmt.Sprintf("Welcher Fall folgt auf „wegen“? (Stand %d)", i))
		saveCSV(t, filepath.Join(deck, "Karten.csv"), rows)
	}
	tick := time.NewTicker(50 * time.Millisecond)
	for i := 0; i < saves; i++ {
		<-tick.C
		save(i)
	}
	tick.Stop()
	lastSave := time.Now()
	// Then a burst faster than the debounce: a few rebuilds at most.
	time.Sleep(time.Second)
	mu.Lock()
	steady := len(rebuilds)
	mu.Unlock()
	for i := saves; i < 2*saves; i++ {
		time.Sleep(2 * time.Millisecond)
		save(i)
	}
	<-done
	if n := s.p.maxRebuilds.Load(); n != 1 {
		t.Errorf("%d rebuilds ran at once, want at most 1", n)
	}
	named := func(es []sse) (n int, last time.Time) {
		for _, e := range es {
			if len(e.data.Cards) > 0 {
				n++
				last = e.at
			}
		}
		return n, last
	}
	atPace, lastAtPace := named(rebuilds[:steady])
	inBurst, _ := named(rebuilds[steady:])
	t.Logf("%d saves at 20 a second: %d redraws, the last %v after the last save; %d saves 2 ms apart: %d redraws",
		saves, atPace, lastAtPace.Sub(lastSave), saves, inBurst)
	if atPace == 0 || atPace > saves {
		t.Fatalf("%d saves gave %d redraws", saves, atPace)
	}
	// No backlog: the last save is on screen as soon as one rebuild allows.
	if lag := lastAtPace.Sub(lastSave); lag > time.Second {
		t.Fatalf("the last of the saves at 20 a second came %v after it: work piled up", lag)
	}
	// On a quiet machine the burst is drawn once or twice; on a loaded one
	// a save can take longer than the debounce, so allow a quarter of the
	// saves — a pile-up would draw every one of them.
	if inBurst == 0 || inBurst > saves/4 {
		t.Fatalf("%d saves 2 ms apart gave %d redraws: not coalesced", saves, inBurst)
	}
	c := s.p.State().Card("LAB-TST-5")
	if !strings.Contains(c.Text, fmt.Sprintf("(Stand %d)", 2*saves-1)) {
		t.Fatalf("the last save did not win: %q", c.Text)
	}
}

func TestSaveInPlaceIsSeenToo(t *testing.T) {
	deck, rows := writeDeck(t, t.TempDir(), 20)
	s := start(t, Options{Decks: []string{deck}})
	st := s.listen(t)
	edit(rows, 3, "Was ist ein Dativ? (im Ort gespeichert)")
	var b bytes.Buffer
	for _, r := range rows {
		for i, f := range r {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"` + strings.ReplaceAll(f, `"`, `""`) + `"`)
		}
		b.WriteByte('\n')
	}
	if err := os.WriteFile(filepath.Join(deck, "Karten.csv"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	e, ok := st.next(t, 10*time.Second)
	if !ok || !slices.Equal(e.data.Cards, []string{"LAB-TST-3"}) {
		t.Fatalf("in-place save: %+v", e)
	}
}

func TestURLDeckIsPolledAndRedrawn(t *testing.T) {
	dir := t.TempDir()
	deck, rows := writeDeck(t, dir, 6)
	var mu sync.Mutex
	files := map[string][]byte{}
	load := func() {
		mu.Lock()
		defer mu.Unlock()
		for _, name := range []string{"Deck.csv", "Karten.csv"} {
			b, err := os.ReadFile(filepath.Join(deck, name))
			if err != nil {
				t.Fatal(err)
			}
			files[name] = b
		}
	}
	load()
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		b := files[strings.TrimPrefix(r.URL.Path, "/")]
		mu.Unlock()
		etag := fmt.Sprintf(`"%x"`, sha256.Sum256(b))
		w.Header().Set("ETag", etag)
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "text/csv")
		w.Write(b)
	}))
	defer web.Close()
	spec := web.URL + "/Deck.csv#Deck " + web.URL + "/Karten.csv#Karten"
	s := start(t, Options{Decks: []string{spec}, Fetcher: &remote.Fetcher{CacheDir: filepath.Join(dir, "cache")}})
	if n := len(s.p.State().Cards); n != 6 {
		t.Fatalf("%d cards from the web, want 6 (%+v)", n, s.p.State().Problems)
	}
	st := s.listen(t)
	edit(rows, 4, "Was steht im Netz? (geändert)")
	saveCSV(t, filepath.Join(deck, "Karten.csv"), rows)
	load()
	e, ok := st.next(t, 10*time.Second)
	if !ok || !slices.Equal(e.data.Cards, []string{"LAB-TST-4"}) {
		t.Fatalf("after the sheet changed online: %+v", e)
	}
	// Unchanged (304) polls tell the page nothing.
	for _, more := range st.drain(2500 * time.Millisecond) {
		if len(more.data.Cards) > 0 {
			t.Fatalf("an unchanged sheet redrew %v", more.data.Cards)
		}
	}
}

// A deck in one file (.ods here, .xlsx alike) is watched through its
// folder: a broken copy renamed over it shows the problem and keeps the
// card, the good one renamed back clears it.
func TestWorkbookFileRenamedOverIsSeen(t *testing.T) {
	dir := t.TempDir()
	var good bytes.Buffer
	if err := authoring.WriteODSTemplate(decks.Labyrinth, &good); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "mein.ods")
	writeFile(t, path, good.Bytes())
	s := start(t, Options{Decks: []string{path}})
	cards := len(s.p.State().Cards)
	if cards == 0 {
		t.Fatalf("the template shows no card: %+v", s.p.State().Problems)
	}
	st := s.listen(t)
	renameOver := func(b []byte) {
		writeFile(t, path+".~tmp", b)
		if err := os.Rename(path+".~tmp", path); err != nil {
			t.Fatal(err)
		}
	}
	renameOver(good.Bytes()[:good.Len()/2])
	e, ok := st.next(t, 10*time.Second)
	if !ok || e.name != "changed" || e.data.Problems == 0 || len(s.p.State().Cards) != cards {
		t.Fatalf("half a workbook: %+v, %d cards", e, len(s.p.State().Cards))
	}
	renameOver(good.Bytes())
	e, ok = st.next(t, 10*time.Second)
	if !ok || e.name != "changed" || e.data.Problems != 0 {
		t.Fatalf("the workbook whole again: %+v", e)
	}
}

// A deck folder that is deleted (a sync tool, a checkout of another
// branch) shows the problem and keeps the last good cards; the folder put
// back by renaming a new one into place brings them back, and saves in
// the new folder are seen as in the old.
func TestDeckFolderDeletedAndPutBackIsSeen(t *testing.T) {
	dir := t.TempDir()
	deck, rows := writeDeck(t, dir, 30)
	s := start(t, Options{Decks: []string{deck}})
	st := s.listen(t)
	good := len(s.p.State().Problems) // warnings of the deck itself

	if err := os.RemoveAll(deck); err != nil {
		t.Fatal(err)
	}
	e, ok := st.next(t, 10*time.Second)
	for ok && e.data.Problems <= good { // the files go one by one
		e, ok = st.next(t, 10*time.Second)
	}
	if !ok || len(s.p.State().Cards) != 30 {
		t.Fatalf("deck folder deleted: %+v, %d cards shown (want the last good 30)", e, len(s.p.State().Cards))
	}
	if code, _, _ := get(t, s.srv.URL+"/card/LAB-TST-7/vorne.png"); code != 200 {
		t.Fatalf("a card of the deleted folder: status %d, want its last good image", code)
	}

	staged, _ := writeDeck(t, filepath.Join(dir, "neu"), 30)
	if err := os.Rename(staged, deck); err != nil {
		t.Fatal(err)
	}
	e, ok = st.next(t, 10*time.Second)
	for ok && e.data.Problems != good {
		e, ok = st.next(t, 10*time.Second)
	}
	if !ok || len(s.p.State().Problems) != good {
		t.Fatalf("deck folder put back: %+v, problems %+v", e, s.p.State().Problems)
	}
	st.drain(500 * time.Millisecond)

	edit(rows, 7, "Wie viele Kanten hat ein Würfel?")
	saveCSV(t, filepath.Join(deck, "Karten.csv"), rows)
	e, ok = st.next(t, 10*time.Second)
	if !ok || !slices.Equal(e.data.Cards, []string{"LAB-TST-7"}) {
		t.Fatalf("a save in the folder put back: %+v, want changed [LAB-TST-7]", e)
	}
}

// copyDeck copies a default deck folder into dir under another Kennung.
func copyDeck(t *testing.T, name, dir string) string {
	t.Helper()
	src := filepath.Join("..", "decks", "default", name)
	dst := filepath.Join(dir, name)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == "Deck.csv" {
			b = []byte(strings.Replace(string(b), "Kennung,STD", "Kennung,TST", 1))
		}
		writeFile(t, filepath.Join(dst, e.Name()), b)
	}
	return dst
}

// The Raab host cards show which quiz cards each mini-game has: an edit
// of a quiz card's task redraws that card alone, a card added to the game
// numbered last redraws it and that game's host card, none of the others.
func TestRaabEditRedrawsOnlyTheHostCardsItShows(t *testing.T) {
	deck := copyDeck(t, "raab", t.TempDir())
	s := start(t, Options{Decks: []string{deck}})
	st := s.listen(t)
	before := map[string]string{}
	for _, c := range s.p.State().Cards {
		before[c.ID] = c.Hash
	}
	path := filepath.Join(deck, "Kopfrechnen.csv")
	rows := readCSV(t, path)
	rows[1][1], rows[1][2] = "18 + 28", "46"
	saveCSV(t, path, rows)
	e, ok := st.next(t, 10*time.Second)
	if !ok || len(e.data.Cards) != 1 || !strings.Contains(e.data.Cards[0], "TST") {
		t.Fatalf("a task of one Kopfrechnen card edited: %+v, want that card alone", e)
	}
	edited := e.data.Cards[0]

	// Zocken's cards are numbered last in the box: one more of them
	// moves no other card's number.
	path = filepath.Join(deck, "Zocken.csv")
	zocken := readCSV(t, path)
	last := zocken[len(zocken)-1][0]
	next, _ := strconv.Atoi(last)
	for _, r := range zocken[1:] {
		if r[0] == last {
			r = append([]string(nil), r...)
			r[0] = strconv.Itoa(next + 1)
			r[2] = strings.TrimSuffix(r[2], "?") + " – noch einmal gefragt?"
			zocken = append(zocken, r)
		}
	}
	saveCSV(t, path, zocken)
	e, ok = st.next(t, 10*time.Second)
	if !ok {
		t.Fatal("a Zocken card added: no changed event")
	}
	var newCards, hosts []string
	for _, id := range e.data.Cards {
		if _, old := before[id]; !old {
			newCards = append(newCards, id)
		} else if id != edited {
			hosts = append(hosts, id)
		}
	}
	if len(newCards) != 1 || len(hosts) != 1 {
		t.Fatalf("a Zocken card added redrew %v, want the new card and Zocken's host card", e.data.Cards)
	}
	for _, c := range s.p.State().Cards {
		if c.ID == hosts[0] && !strings.Contains(c.Text+c.Deck, "oderation") {
			t.Fatalf("%s redrawn with the new card is not a host card (%q, %q)", c.ID, c.Deck, c.Text)
		}
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
