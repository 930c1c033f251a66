package remote

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"log"
	"net"
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

	"druckreif/decks"
	"druckreif/i18n"
)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "libreoffice", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// sheetServer serves one file as a spreadsheet service does: with an ETag
// (unless etag is off) and Last-Modified, answering conditional requests
// with 304.
type sheetServer struct {
	mu          sync.Mutex
	data        []byte
	contentType string
	etag        bool
	modified    time.Time
	full, not   atomic.Int32 // 200 and 304 answers
	lastHeaders http.Header
}

func (s *sheetServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	data, ct, etag, mod := s.data, s.contentType, s.etag, s.modified
	s.lastHeaders = r.Header.Clone()
	s.mu.Unlock()
	tag := fmt.Sprintf(`"%x"`, sha256.Sum256(data))
	if etag {
		w.Header().Set("ETag", tag)
		if r.Header.Get("If-None-Match") == tag {
			s.not.Add(1)
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	if !mod.IsZero() {
		w.Header().Set("Last-Modified", mod.UTC().Format(http.TimeFormat))
		if since, err := http.ParseTime(r.Header.Get("If-Modified-Since")); err == nil && !etag && !mod.After(since) {
			s.not.Add(1)
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	s.full.Add(1)
	w.Header().Set("Content-Type", ct)
	w.Write(data)
}

func (s *sheetServer) set(data []byte) {
	s.mu.Lock()
	s.data = data
	s.mu.Unlock()
}

func (s *sheetServer) header(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastHeaders.Get(name)
}

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

var fetchedAt = time.Date(2026, 5, 2, 14, 3, 0, 0, time.Local)

func newFetcher(t *testing.T) *Fetcher {
	return &Fetcher{CacheDir: filepath.Join(t.TempDir(), "cache"), Now: func() time.Time { return fetchedAt }}
}

func messages(ps decks.Problems) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.In(i18n.German))
	}
	return strings.Join(out, "\n")
}

// A second fetch asks whether the sheet changed; a 304 reuses the copy
// without downloading it again — by ETag, or by Last-Modified where the
// server sends no ETag. A changed sheet is downloaded.
func TestConditionalFetchReusesTheCopy(t *testing.T) {
	for _, byETag := range []bool{true, false} {
		s := &sheetServer{data: fixture(t, "genial.xlsx"), contentType: xlsxType, etag: byETag, modified: time.Date(2026, 4, 30, 9, 0, 0, 0, time.UTC)}
		srv := httptest.NewServer(s)
		f := newFetcher(t)
		url := srv.URL + "/export?format=xlsx"
		first := Load(context.Background(), f, url)
		if first.Deck == nil || len(first.Deck.Genial) != 300 {
			t.Fatalf("first load: %s", messages(first.Problems))
		}
		second := Load(context.Background(), f, url)
		if second.Deck == nil || !second.Copies[0].Reused || second.Copies[0].Offline != nil {
			t.Fatalf("second load: reused %v, %s", second.Copies[0].Reused, messages(second.Problems))
		}
		if s.full.Load() != 1 || s.not.Load() != 1 {
			t.Errorf("ETag %v: %d downloads, %d not modified", byETag, s.full.Load(), s.not.Load())
		}
		want := "If-Modified-Since"
		if byETag {
			want = "If-None-Match"
		}
		if s.header(want) == "" {
			t.Errorf("ETag %v: no %s sent", byETag, want)
		}
		if first.Digest() != second.Digest() || len(second.Problems) != len(first.Problems) {
			t.Error("the reused copy differs")
		}
		s.set(fixture(t, "raab.xlsx"))
		s.mu.Lock()
		s.modified = s.modified.Add(time.Hour)
		s.mu.Unlock()
		third := Load(context.Background(), f, url)
		if third.Deck == nil || len(third.Deck.Raab) == 0 || third.Copies[0].Reused || third.Digest() == first.Digest() {
			t.Errorf("ETag %v: a changed sheet was not downloaded: %s", byETag, messages(third.Problems))
		}
		srv.Close()
	}
}

// Without a network, the last copy is used and the output says so: one
// line naming the address and the copy's date. Without a copy, the error
// names the address.
func TestOfflineUsesTheLastCopyAndSaysSo(t *testing.T) {
	s := &sheetServer{data: fixture(t, "genial.xlsx"), contentType: xlsxType, etag: true}
	srv := httptest.NewServer(s)
	url := srv.URL + "/sheet/export?format=xlsx"
	f := newFetcher(t)
	if d := Load(context.Background(), f, url); d.Deck == nil {
		t.Fatal(messages(d.Problems))
	}
	srv.Close()
	f.Now = func() time.Time { return fetchedAt.Add(48 * time.Hour) }
	d := Load(context.Background(), f, url)
	if d.Deck == nil || len(d.Deck.Genial) != 300 || d.Copies[0].Offline == nil {
		t.Fatalf("offline: %s", messages(d.Problems))
	}
	got := messages(d.Problems)
	want := url + ": Warnung: offline (nicht erreichbar: dial tcp " + strings.TrimPrefix(srv.URL, "http://") + ": connect: connection refused): es gilt die zuletzt geladene Kopie vom 02.05.2026 14:03"
	if !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant a line\n%s", got, want)
	}
	if n := strings.Count(got, "offline"); n != 1 {
		t.Errorf("%d offline lines", n)
	}
	if en := d.Problems[0].In(i18n.English); !strings.Contains(en, "using the last copy, fetched 2026-05-02 14:03") {
		t.Errorf("English: %s", en)
	}
	other := Load(context.Background(), newFetcher(t), url)
	if other.Deck != nil || !strings.HasPrefix(messages(other.Problems), url+": nicht erreichbar: dial tcp") {
		t.Errorf("offline without a copy: %s", messages(other.Problems))
	}
}

// A server error counts as unreachable: the copy stands in. A refusal
// (404: not shared) does not: the author must fix the link.
func TestServerErrorsAndRefusals(t *testing.T) {
	var status atomic.Int32
	status.Store(200)
	data := fixture(t, "genial.xlsx")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if code := int(status.Load()); code != 200 {
			w.WriteHeader(code)
			return
		}
		w.Write(data)
	}))
	defer srv.Close()
	f := newFetcher(t)
	Load(context.Background(), f, srv.URL)
	status.Store(503)
	if d := Load(context.Background(), f, srv.URL); d.Deck == nil || !strings.Contains(messages(d.Problems), "offline (der Server antwortet mit 503 Service Unavailable)") {
		t.Errorf("503: %s", messages(d.Problems))
	}
	status.Store(404)
	d := Load(context.Background(), f, srv.URL)
	if d.Deck != nil || !strings.HasPrefix(messages(d.Problems), srv.URL+": der Server antwortet mit 404 Not Found: ist die Tabelle für alle mit dem Link freigegeben") {
		t.Errorf("404: %s", messages(d.Problems))
	}
}

// A file over the size limit is refused, whether the server says its size
// or not, and whether it is sent compressed or not; so is a body that
// inflates beyond the limit.
func TestSizeLimit(t *testing.T) {
	big := bytes.Repeat([]byte("Nr,Frage\n"), 200_000) // 1.8 MB
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(big)
	zw.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/csv")
		switch r.URL.Path {
		case "/length":
			w.Header().Set("Content-Length", fmt.Sprint(len(big)))
			w.Write(big)
		case "/chunked":
			for i := 0; i < len(big); i += 64 << 10 {
				w.Write(big[i:min(i+64<<10, len(big))])
				w.(http.Flusher).Flush()
			}
		case "/gzip":
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gz.Bytes())
		}
	}))
	defer srv.Close()
	f := newFetcher(t)
	f.Limits.Bytes = 1 << 20
	for _, p := range []string{"/length", "/chunked", "/gzip"} {
		_, err := f.Fetch(context.Background(), srv.URL+p+"#Karten", nil)
		if err == nil || err.Error() != srv.URL+p+"#Karten: die Datei ist zu groß (mehr als 1 MiB)" {
			t.Errorf("%s: %v", p, err)
		}
	}
	if entries, _ := os.ReadDir(f.CacheDir); len(entries) != 0 {
		t.Errorf("a refused download was cached: %v", entries)
	}
}

// A server that does not finish within the time limit is unreachable: the
// fetch ends at the limit, and a copy stands in where there is one.
func TestTimeLimit(t *testing.T) {
	data := fixture(t, "genial.xlsx")
	var slow atomic.Bool
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if slow.Load() {
			// Headers at once, then the body never finishes.
			w.Header().Set("Content-Length", fmt.Sprint(len(data)))
			w.Write(data[:100])
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		w.Write(data)
	}))
	defer srv.Close()
	defer close(release)
	f := newFetcher(t)
	f.Limits.Timeout = 300 * time.Millisecond
	fresh := &Fetcher{Limits: f.Limits}
	slow.Store(true)
	start := time.Now()
	_, err := fresh.Fetch(context.Background(), srv.URL, nil)
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("the fetch took %v with a limit of 300ms", took)
	}
	if err == nil || err.Error() != srv.URL+": keine vollständige Antwort innerhalb von 300ms" {
		t.Errorf("no copy: %v", err)
	}
	slow.Store(false)
	Load(context.Background(), f, srv.URL)
	slow.Store(true)
	d := Load(context.Background(), f, srv.URL)
	if d.Deck == nil || !strings.Contains(messages(d.Problems), "offline (keine vollständige Antwort innerhalb von 300ms)") {
		t.Errorf("with a copy: %s", messages(d.Problems))
	}
}

// At most five redirects are followed, only to http and https addresses,
// and plain http only inside the local network.
func TestRedirects(t *testing.T) {
	data := fixture(t, "genial.xlsx")
	mux := http.NewServeMux()
	mux.HandleFunc("/hop/", func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscanf(r.URL.Path, "/hop/%d", &n)
		if n == 0 {
			w.Write(data)
			return
		}
		http.Redirect(w, r, fmt.Sprintf("/hop/%d", n-1), http.StatusFound)
	})
	mux.HandleFunc("/to/", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, strings.TrimPrefix(r.URL.RawQuery, "u="), http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	f := newFetcher(t)
	if d := Load(context.Background(), f, srv.URL+"/hop/5"); d.Deck == nil {
		t.Errorf("5 redirects: %s", messages(d.Problems))
	}
	for target, want := range map[string]string{
		srv.URL + "/hop/6":                          ": zu viele Weiterleitungen (mehr als 5)",
		srv.URL + "/to/?u=ftp://example.org/x.xlsx": ": eine Weiterleitung führt zu einer Adresse, die nicht http oder https ist",
		srv.URL + "/to/?u=file:///etc/passwd":       ": eine Weiterleitung führt zu einer Adresse, die nicht http oder https ist",
		srv.URL + "/to/?u=http://192.0.2.1/x.xlsx":  ": http:// nur im lokalen Netz: für einen Server im Internet bitte https:// verwenden",
		"ftp://example.org/deck.xlsx":               ": nur Adressen mit https:// (oder http:// im lokalen Netz) werden gelesen, nicht ftp://",
		"http://192.0.2.1/deck.xlsx":                ": http:// nur im lokalen Netz",
	} {
		start := time.Now()
		d := Load(context.Background(), f, target)
		if got := messages(d.Problems); d.Deck != nil || !strings.HasPrefix(got, target+want) {
			t.Errorf("%s:\n got %s\nwant %s%s", target, got, target, want)
		}
		if time.Since(start) > 2*time.Second {
			t.Errorf("%s: a refusal took %v (a connection was tried?)", target, time.Since(start))
		}
	}
}

func TestLocalNetwork(t *testing.T) {
	for addr, local := range map[string]bool{
		"127.0.0.1": true, "::1": true, "192.168.178.20": true, "10.1.2.3": true, "172.16.0.9": true,
		"169.254.1.1": true, "fe80::1": true, "fd12::1": true, "100.101.102.103": true,
		"192.0.2.1": false, "8.8.8.8": false, "172.32.0.1": false, "2001:db8::1": false, "100.128.0.1": false,
	} {
		if LocalNetwork(net.ParseIP(addr)) != local {
			t.Errorf("%s: local %v", addr, !local)
		}
	}
}

// A download that is no readable spreadsheet — cut short, a web page, a
// zip of something else — is an error naming the address, and the good
// copy stays in the cache for an offline build.
func TestDamagedDownloadKeepsTheGoodCopy(t *testing.T) {
	good := fixture(t, "genial.xlsx")
	s := &sheetServer{data: good, contentType: xlsxType, etag: true}
	srv := httptest.NewServer(s)
	url := srv.URL + "/export?format=xlsx"
	f := newFetcher(t)
	Load(context.Background(), f, url)
	entries, _ := filepath.Glob(filepath.Join(f.CacheDir, "*.copy"))
	if len(entries) != 1 {
		t.Fatalf("cache: %v", entries)
	}
	kept, _ := os.ReadFile(entries[0])
	for name, tc := range map[string]struct {
		data []byte
		ct   string
		want string
	}{
		"cut short":   {good[:len(good)/2], xlsxType, url + ": keine lesbare .xlsx-Datei: zip: not a valid zip file"},
		"web page":    {[]byte("<!DOCTYPE html><html><body>Anmelden</body></html>"), "text/html; charset=utf-8", url + ": die Adresse liefert eine Webseite, keine Tabelle"},
		"other zip":   {zipOf(t, "liesmich.txt"), "application/zip", url + ": die Adresse liefert ein ZIP-Archiv, aber keine .xlsx- oder .ods-Datei"},
		"broken part": {corruptSheet(t, good), xlsxType, url + ": Fragen: beschädigte .xlsx-Datei: das Tabellenblatt ist im Archiv beschädigt"},
	} {
		s.set(tc.data)
		s.mu.Lock()
		s.contentType = tc.ct
		s.mu.Unlock()
		d := Load(context.Background(), f, url)
		if got := messages(d.Problems); d.Deck != nil || !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s:\n got %s\nwant %s", name, got, tc.want)
		}
		if now, _ := os.ReadFile(entries[0]); !bytes.Equal(now, kept) {
			t.Errorf("%s: the cached copy was replaced", name)
		}
	}
	srv.Close()
	d := Load(context.Background(), f, url)
	if d.Deck == nil || len(d.Deck.Genial) != 300 || d.Copies[0].Offline == nil {
		t.Errorf("offline after damaged downloads: %s", messages(d.Problems))
	}
}

func zipOf(t *testing.T, names ...string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, _ := zw.Create(n)
		w.Write([]byte("Hallo"))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// corruptSheet flips the stored checksum of the first worksheet.
func corruptSheet(t *testing.T, data []byte) []byte {
	t.Helper()
	i := bytes.Index(data, []byte("xl/worksheets/sheet2.xml"))
	if i < 0 {
		t.Fatal("no sheet2 in the fixture")
	}
	// The local file header: signature, versions, flags, method, time,
	// date, then CRC-32 at offset 14; the name starts at offset 30.
	out := append([]byte(nil), data...)
	out[i-30+14] ^= 0xff
	// The central directory holds the CRC too (offset 16, name at 46).
	j := bytes.LastIndex(out, []byte("xl/worksheets/sheet2.xml"))
	out[j-46+16] ^= 0xff
	return out
}

// A damaged cache entry is never read as a deck: it is fetched again.
func TestDamagedCacheEntryIsFetchedAgain(t *testing.T) {
	s := &sheetServer{data: fixture(t, "genial.xlsx"), contentType: xlsxType, etag: true}
	srv := httptest.NewServer(s)
	defer srv.Close()
	f := newFetcher(t)
	Load(context.Background(), f, srv.URL)
	entries, _ := filepath.Glob(filepath.Join(f.CacheDir, "*.copy"))
	data, _ := os.ReadFile(entries[0])
	data[len(data)-10] ^= 0xff
	os.WriteFile(entries[0], data, 0o600)
	d := Load(context.Background(), f, srv.URL)
	if d.Deck == nil || d.Copies[0].Reused || s.full.Load() != 2 || s.header("If-None-Match") != "" {
		t.Errorf("reused %v, %d downloads, If-None-Match %q: %s", d.Copies[0].Reused, s.full.Load(), s.header("If-None-Match"), messages(d.Problems))
	}
}

// Concurrent fetches of one address (two builds at once) each get a whole
// copy, and the cache holds a whole copy after them.
func TestConcurrentFetches(t *testing.T) {
	s := &sheetServer{data: fixture(t, "genial.xlsx"), contentType: xlsxType}
	srv := httptest.NewServer(s)
	defer srv.Close()
	dir := filepath.Join(t.TempDir(), "cache")
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := &Fetcher{CacheDir: dir}
			if d := Load(context.Background(), f, srv.URL); d.Deck == nil {
				t.Error(messages(d.Problems))
			}
		}()
	}
	wg.Wait()
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("cache folder: %v", entries)
	}
	srv.Close()
	if d := Load(context.Background(), &Fetcher{CacheDir: dir}, srv.URL); d.Deck == nil {
		t.Errorf("the cached copy: %s", messages(d.Problems))
	}
}

// A workbook export (.xlsx or .ods) is the whole deck; errors name the
// address and the sheet's cell as for a file.
func TestWorkbookExports(t *testing.T) {
	files := map[string][]byte{"/x": fixture(t, "genial.xlsx"), "/o": fixture(t, "genial.ods"), "/r": fixture(t, "raab.ods")}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(files[r.URL.Path])
	}))
	defer srv.Close()
	f := newFetcher(t)
	x, o := Load(context.Background(), f, srv.URL+"/x"), Load(context.Background(), f, srv.URL+"/o")
	if x.Deck == nil || o.Deck == nil || len(x.Deck.Genial) != 300 || len(o.Deck.Genial) != 300 {
		t.Fatalf("xlsx: %s\nods: %s", messages(x.Problems), messages(o.Problems))
	}
	if x.Deck.Genial[41].Question != o.Deck.Genial[41].Question || o.Deck.Info.Source != srv.URL+"/o" {
		t.Error("the .ods export reads differently")
	}
	if r := Load(context.Background(), f, srv.URL+"/r"); r.Deck == nil || len(r.Deck.Raab) == 0 {
		t.Errorf("raab.ods: %s", messages(r.Problems))
	}
	// A wrong answer: the error names the address, sheet, row and column.
	x2, err := excelize.OpenReader(bytes.NewReader(fixture(t, "genial.xlsx")))
	if err != nil {
		t.Fatal(err)
	}
	x2.SetCellStr("Fragen", "F3", "d")
	var buf bytes.Buffer
	x2.Write(&buf)
	files["/broken"] = buf.Bytes()
	url := srv.URL + "/broken"
	want := url + ": Fragen: Zeile 3: Spalte Richtig: „d“ ist nicht erlaubt (erlaubt: a, b, c)"
	if d := Load(context.Background(), f, url); d.Deck != nil || !strings.Contains(messages(d.Problems), want) {
		t.Errorf("got\n%s\nwant %s", messages(d.Problems), want)
	}
	// So does a date in an .ods export.
	files["/fehler"] = fixture(t, "fehler.ods")
	url = srv.URL + "/fehler"
	want = url + ": Fragen: Zeile 3: Spalte b: die Zelle ist als Datum formatiert (03.05.2026)"
	if d := Load(context.Background(), f, url); d.Deck != nil || !strings.Contains(messages(d.Problems), want) {
		t.Errorf("got\n%s\nwant %s", messages(d.Problems), want)
	}
}

// CSV exports are one sheet each: a deck is several links, the sheets
// named by the links' fragments or by the file names the server sends.
func TestCSVExports(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		switch r.URL.Query().Get("gid") {
		case "0":
			w.Header().Set("Content-Disposition", `attachment; filename="Mein Quiz - Deck.csv"`)
			w.Write([]byte("Spiel,genial\nName,Online\nKennung,WEB\nVersion,1.0\n"))
		case "7":
			w.Write([]byte("Nr,Frage,a,b,c,Richtig\n1,Welcher Fluss fließt durch Köln?,Der Rhein,Die Elbe,Die Donau,a\n2,Wie viele Beine hat ein Käfer?,Sechs,Acht,Vier,d\n"))
		}
	}))
	defer srv.Close()
	deckURL := srv.URL + "/export?format=csv&gid=0"
	cardsURL := srv.URL + "/export?format=csv&gid=7#Fragen"
	f := newFetcher(t)
	d := Load(context.Background(), f, deckURL+"  "+cardsURL)
	want := cardsURL + ": Fragen: Zeile 3: Spalte Richtig: „d“ ist nicht erlaubt (erlaubt: a, b, c)"
	if got := messages(d.Problems); !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant %s", got, want)
	}
	if d.Deck != nil {
		t.Error("a deck with an error")
	}
	one := Load(context.Background(), f, cardsURL)
	if got := messages(one.Problems); one.Deck != nil || !strings.Contains(got, "das Blatt „Deck“ fehlt: eine CSV-Adresse liefert ein einziges Blatt") {
		t.Errorf("one CSV: %s", got)
	}
	nameless := Load(context.Background(), f, deckURL+" "+srv.URL+"/export?format=csv&gid=7")
	if got := messages(nameless.Problems); !strings.Contains(got, "gid=7: die CSV-Datei nennt kein Tabellenblatt") {
		t.Errorf("no sheet name: %s", got)
	}
}

// https goes to any server; a redirect from https to plain http is
// followed only into the local network.
func TestHTTPS(t *testing.T) {
	data := fixture(t, "genial.xlsx")
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/down" {
			http.Redirect(w, r, "http://192.0.2.1/x.xlsx", http.StatusFound)
			return
		}
		w.Write(data)
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake
	srv.StartTLS()
	defer srv.Close()
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	f := newFetcher(t)
	f.Transport = NewTransport(&tls.Config{RootCAs: pool})
	if d := Load(context.Background(), f, srv.URL+"/x"); d.Deck == nil || len(d.Deck.Genial) != 300 {
		t.Errorf("https: %s", messages(d.Problems))
	}
	if d := Load(context.Background(), f, srv.URL+"/down"); d.Deck != nil || !strings.Contains(messages(d.Problems), "http:// nur im lokalen Netz") {
		t.Errorf("https to public http: %s", messages(d.Problems))
	}
	if d := Load(context.Background(), newFetcher(t), srv.URL+"/x"); d.Deck != nil || !strings.Contains(messages(d.Problems), "certificate") {
		t.Errorf("an unknown certificate: %s", messages(d.Problems))
	}
}

// Refresh, for a preview that polls: it asks with the ETag of the copy it
// holds (also without a cache folder), a 304 gives the same deck without
// reading it again, a changed sheet gives the new cards, an unreachable
// server keeps the cards and says so until it answers again, and a
// refusal is a change to an error.
func TestRefreshAsksWithTheETagAndSaysWhatChanged(t *testing.T) {
	for _, cacheDir := range []bool{false, true} {
		s := &sheetServer{data: fixture(t, "genial.xlsx"), contentType: xlsxType, etag: true}
		var status atomic.Int32 // 0: serve s
		var requests atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			requests.Add(1)
			if code := int(status.Load()); code != 0 {
				w.WriteHeader(code)
				return
			}
			s.ServeHTTP(w, r)
		}))
		url := srv.URL + "/export?format=xlsx"
		f := &Fetcher{Now: func() time.Time { return fetchedAt }}
		if cacheDir {
			f.CacheDir = filepath.Join(t.TempDir(), "cache")
		}
		first, changed := Refresh(context.Background(), f, url, nil)
		if !changed || first.Deck == nil || len(first.Deck.Genial) != 300 {
			t.Fatalf("first: changed %v, %s", changed, messages(first.Problems))
		}
		second, changed := Refresh(context.Background(), f, url, first)
		if changed || second.Deck != first.Deck || s.not.Load() != 1 || s.full.Load() != 1 || s.header("If-None-Match") == "" {
			t.Errorf("cache %v, unchanged: changed %v, same deck %v, %d downloads, %d not modified", cacheDir, changed, second.Deck == first.Deck, s.full.Load(), s.not.Load())
		}
		s.set(fixture(t, "genial.ods"))
		s.mu.Lock()
		s.contentType = "application/vnd.oasis.opendocument.spreadsheet"
		s.mu.Unlock()
		third, changed := Refresh(context.Background(), f, url, second)
		if !changed || third.Deck == nil || third.Deck == second.Deck || len(third.Deck.Genial) != 300 || third.Digest() == second.Digest() {
			t.Errorf("cache %v, changed sheet: changed %v, %s", cacheDir, changed, messages(third.Problems))
		}
		status.Store(http.StatusServiceUnavailable)
		offline, changed := Refresh(context.Background(), f, url, third)
		notice := url + ": Warnung: offline (der Server antwortet mit 503 Service Unavailable): es gilt die zuletzt geladene Kopie vom 02.05.2026 14:03"
		if changed || offline.Deck != third.Deck || messages(offline.Problems) != notice {
			t.Errorf("cache %v, offline: changed %v, %s", cacheDir, changed, messages(offline.Problems))
		}
		if still, changed := Refresh(context.Background(), f, url, offline); changed || still.Deck != third.Deck || messages(still.Problems) != notice {
			t.Errorf("cache %v, offline twice: changed %v, %s", cacheDir, changed, messages(still.Problems))
		}
		status.Store(0)
		again, changed := Refresh(context.Background(), f, url, offline)
		if changed || again.Deck != third.Deck || len(again.Problems) != 0 {
			t.Errorf("cache %v, online again: changed %v, %s", cacheDir, changed, messages(again.Problems))
		}
		status.Store(http.StatusNotFound)
		before := requests.Load()
		gone, changed := Refresh(context.Background(), f, url, again)
		if !changed || gone.Deck != nil || !strings.HasPrefix(messages(gone.Problems), url+": der Server antwortet mit 404 Not Found") {
			t.Errorf("cache %v, 404: changed %v, %s", cacheDir, changed, messages(gone.Problems))
		}
		if n := requests.Load() - before; n != 1 {
			t.Errorf("cache %v, 404: %d requests", cacheDir, n)
		}
		if still, changed := Refresh(context.Background(), f, url, gone); changed || still.Deck != nil {
			t.Errorf("cache %v, 404 again: changed %v", cacheDir, changed)
		}
		status.Store(0)
		if back, changed := Refresh(context.Background(), f, url, gone); !changed || back.Deck == nil {
			t.Errorf("cache %v, shared again: changed %v, %s", cacheDir, changed, messages(back.Problems))
		}
		srv.Close()
	}
}

// Without ETag or Last-Modified every poll downloads, and a download with
// the same content is no change; a deck of CSV links changes when one of
// its sheets does.
func TestRefreshWithoutValidators(t *testing.T) {
	var questions atomic.Value
	questions.Store("1,Welcher Fluss fließt durch Köln?,Der Rhein,Die Elbe,Die Donau,a\n")
	var downloads atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		downloads.Add(1)
		w.Header().Set("Content-Type", "text/csv")
		if r.URL.Query().Get("gid") == "0" {
			w.Write([]byte("Spiel,genial\nName,Online\nKennung,WEB\nVersion,1.0\n"))
			return
		}
		w.Write([]byte("Nr,Frage,a,b,c,Richtig\n" + questions.Load().(string)))
	}))
	defer srv.Close()
	spec := srv.URL + "/e?gid=0#Deck " + srv.URL + "/e?gid=7#Fragen"
	f := &Fetcher{}
	d, _ := Refresh(context.Background(), f, spec, nil)
	if d.Deck == nil || len(d.Deck.Genial) != 1 {
		t.Fatal(messages(d.Problems))
	}
	same, changed := Refresh(context.Background(), f, spec, d)
	if changed || same.Deck != d.Deck || downloads.Load() != 4 {
		t.Errorf("same content: changed %v, %d downloads", changed, downloads.Load())
	}
	questions.Store("1,Welcher Fluss fließt durch Köln?,Der Rhein,Die Elbe,Die Donau,a\n2,Wie viele Beine hat ein Käfer?,Sechs,Acht,Vier,a\n")
	next, changed := Refresh(context.Background(), f, spec, same)
	if !changed || next.Deck == nil || len(next.Deck.Genial) != 2 {
		t.Errorf("one sheet changed: changed %v, %s", changed, messages(next.Problems))
	}
}
