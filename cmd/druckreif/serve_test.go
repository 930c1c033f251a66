package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"druckreif/internal/pgtest"
	"druckreif/internal/scorertest"
)

// TestMain lets a test run the command in a subprocess: the test binary
// itself, with the arguments in DRUCKREIF_TEST_RUN.
func TestMain(m *testing.M) {
	if args := os.Getenv("DRUCKREIF_TEST_RUN"); args != "" {
		os.Exit(run(strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
	}
	// The builds of the tests use a cache folder of their own, not the
	// user's (os.UserCacheDir reads XDG_CACHE_HOME on Linux).
	cacheHome, err := os.MkdirTemp("", "druckreif-test-cache-")
	if err == nil {
		os.Setenv("XDG_CACHE_HOME", cacheHome)
	}
	code := m.Run()
	if err == nil {
		os.RemoveAll(cacheHome)
	}
	os.Exit(code)
}

// server is `druckreif serve` running in a subprocess.
type server struct {
	cmd  *exec.Cmd
	base string
}

func startServe(t *testing.T, args ...string) *server {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "DRUCKREIF_TEST_RUN="+strings.Join(append([]string{"serve", "--addr", "127.0.0.1:0", "--https-addr", "127.0.0.1:0"}, args...), "\x1f"))
	u, err := scorertest.Start(cmd)
	if err != nil {
		t.Fatal("druckreif serve: ", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return &server{cmd: cmd, base: u}
}

func (s *server) post(t *testing.T, path, token string, body any) (int, map[string]any, error) {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", s.base+path, bytes.NewReader(b))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	var m map[string]any
	json.NewDecoder(res.Body).Decode(&m)
	return res.StatusCode, m, nil
}

func (s *server) get(t *testing.T, path, token string) (int, []byte) {
	req, _ := http.NewRequest("GET", s.base+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// kill -9 while phones are acting: after a restart, every action that was
// answered with 200 is there, in order.
func TestServeKillNineLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	dir := t.TempDir()
	killNine(t, func() *server { return startServe(t, "--data", dir) })
}

// The same on PostgreSQL, with a second instance on the same database that
// lives on: it serves every acknowledged action at once, before the killed
// one is back, and the restarted one too.
func TestServeKillNinePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	dsn := pgtest.Database(t)
	other := startServe(t, "--store", dsn)
	killNine(t, func() *server { return startServe(t, "--data", t.TempDir(), "--store", dsn) }, other)
}

// killNine kills the server start starts with kill -9 while phones act on
// it, then checks on the others and on a restarted one that every action
// answered with 200 is stored, in order.
func killNine(t *testing.T, start func() *server, others ...*server) {
	srv := start()
	if code, _, err := srv.post(t, "/api/accounts", "", map[string]string{"name": "Tisch", "password": "geheim123"}); err != nil || code != 201 {
		t.Fatalf("account: %d %v", code, err)
	}
	_, m, _ := srv.post(t, "/api/login", "", map[string]string{"name": "Tisch", "password": "geheim123"})
	token := m["token"].(string)
	const tables = 4
	var ids []string
	for i := 0; i < tables; i++ {
		_, m, _ = srv.post(t, "/api/tables", token, map[string]any{"setup": json.RawMessage(`{"game":"thegame","players":["Anna","Ben"]}`)})
		ids = append(ids, m["id"].(string))
	}
	// One phone per table acts as fast as it can; the server dies under them.
	acked := make([][]string, tables)
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			version := 0.0
			state := map[string]any{"turn_plays": 0.0, "draw_count": 84.0}
			next := map[string]any{"allowed": []any{"play"}}
			for {
				action := scorertest.TheGameMove(state, next)
				code, m, err := srv.post(t, "/api/tables/"+id+"/actions", token, map[string]any{"version": version, "action": json.RawMessage(action)})
				if err != nil {
					return // the server is gone
				}
				if code != 200 {
					t.Errorf("table %d: %d %v", i, code, m)
					return
				}
				acked[i] = append(acked[i], action)
				mu.Lock()
				total++
				mu.Unlock()
				version, state, next = m["version"].(float64), m["state"].(map[string]any), m["next"].(map[string]any)
				if next["over"] == true {
					return
				}
			}
		}()
	}
	for {
		mu.Lock()
		n := total
		mu.Unlock()
		if n >= 120 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	srv.cmd.Process.Kill() // SIGKILL: no shutdown, no flush
	srv.cmd.Wait()
	wg.Wait()

	check := func(srv *server, what string) {
		t.Helper()
		for i, id := range ids {
			code, body := srv.get(t, "/api/tables/"+id+"/log", token)
			if code != 200 {
				t.Fatalf("log of table %d %s: %d %s", i, what, code, body)
			}
			lines := strings.Split(strings.TrimSpace(string(body)), "\n")[1:]
			if len(lines) < len(acked[i]) {
				t.Fatalf("table %d: %d actions acknowledged, %d %s", i, len(acked[i]), len(lines), what)
			}
			for j, a := range acked[i] {
				if lines[j] != a {
					t.Fatalf("table %d, action %d: acknowledged %s, stored %s (%s)", i, j+1, a, lines[j], what)
				}
			}
		}
	}
	for _, o := range others {
		check(o, "on the instance that lives on")
	}
	srv = start()
	check(srv, "after the restart")
	for i, id := range ids {
		// The restarted server plays on from there.
		_, b := srv.get(t, "/api/tables/"+id, token)
		var tm map[string]any
		json.Unmarshal(b, &tm)
		code, m, _ := srv.post(t, "/api/tables/"+id+"/actions", token, map[string]any{"version": tm["version"], "action": json.RawMessage(scorertest.TheGameMove(tm["state"].(map[string]any), tm["next"].(map[string]any)))})
		if code != 200 && !(code == 422 && tm["next"].(map[string]any)["over"] == true) {
			t.Fatalf("table %d after restart: %d %v", i, code, m)
		}
	}
	t.Logf("%d actions acknowledged before kill -9, all found after the restart", total)
}

// druckreif backup writes a consistent copy while the server runs, and
// never overwrites a file.
func TestBackupWhileServing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	dir := t.TempDir()
	srv := startServe(t, "--data", dir)
	srv.post(t, "/api/accounts", "", map[string]string{"name": "Tisch", "password": "geheim123"})
	copyPath := filepath.Join(t.TempDir(), "sicherung.db")
	if code, out, errs := runCLI("backup", "--data", dir, copyPath); code != 0 {
		t.Fatalf("backup: %d %s %s", code, out, errs)
	}
	if code, _, errs := runCLI("backup", "--data", dir, copyPath); code != 1 || !strings.Contains(errs, "nicht überschrieben") {
		t.Fatalf("second backup to the same file: %d %s", code, errs)
	}
	// The copy is a working data folder.
	restored := t.TempDir()
	b, _ := os.ReadFile(copyPath)
	os.WriteFile(filepath.Join(restored, dbName), b, 0o600)
	srv2 := startServe(t, "--data", restored)
	if code, _, _ := srv2.post(t, "/api/login", "", map[string]string{"name": "Tisch", "password": "geheim123"}); code != 200 {
		t.Fatalf("login on the restored copy: %d", code)
	}
	if code, _, errs := runCLI("backup", "--data", t.TempDir(), filepath.Join(t.TempDir(), "x.db")); code != 1 || !strings.Contains(errs, "keine Daten") {
		t.Fatalf("backup of nothing: %d %s", code, errs)
	}
}

// A second server on a data folder in use is refused with a message that
// says what to do, and the first serves on.
func TestSecondServerOnOneFolderRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	dir := t.TempDir()
	srv := startServe(t, "--data", dir)
	code, _, errs := runCLI("serve", "--data", dir, "--addr", "127.0.0.1:0", "--https-addr", "127.0.0.1:0")
	if code != 1 || !strings.Contains(errs, "schon in Gebrauch") || !strings.Contains(errs, "--data") {
		t.Fatalf("second server: %d %q", code, errs)
	}
	if code, _, _ := srv.post(t, "/api/accounts", "", map[string]string{"name": "Tisch", "password": "geheim123"}); code != 201 {
		t.Fatalf("the first server after the refusal: %d", code)
	}
}

// A PostgreSQL store is backed up with pg_dump: backup says so and writes
// nothing, and never prints the password.
func TestBackupPostgresSaysPgDump(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sicherung.dump")
	code, _, errs := runCLI("backup", "--store", "postgres://verein:geheim@db.example/abend", path)
	if code != 1 || !strings.Contains(errs, "pg_dump --format=custom --file="+path) || strings.Contains(errs, "geheim") {
		t.Fatalf("backup of a PostgreSQL store: %d %s", code, errs)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("backup wrote a file")
	}
	t.Setenv("DRUCKREIF_STORE", "postgres://verein@db.example/abend")
	if code, _, errs := runCLI("backup", "--lang", "en", path); code != 1 || !strings.Contains(errs, "back them up with pg_dump") {
		t.Fatalf("backup with DRUCKREIF_STORE: %d %s", code, errs)
	}
}
