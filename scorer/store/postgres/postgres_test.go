package postgres

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"druckreif/internal/pgtest"
	"druckreif/scorer/store"
	"druckreif/scorer/store/sqlite"
	"druckreif/scorer/store/storetest"
)

func open(t testing.TB, dsn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStore(t *testing.T) {
	pgtest.Server(t)
	dsns := map[store.Store]string{}
	var mu sync.Mutex
	storetest.Run(t, storetest.Opener{
		Open: func(t *testing.T) store.Store {
			dsn := pgtest.Database(t)
			s := open(t, dsn)
			mu.Lock()
			dsns[s] = dsn
			mu.Unlock()
			return s
		},
		Reopen: func(t *testing.T, old store.Store) store.Store {
			mu.Lock()
			dsn := dsns[old]
			mu.Unlock()
			old.Close()
			return open(t, dsn)
		},
	})
}

var ctx = context.Background()

// Instances starting at the same moment on a new database: one migrates,
// the others wait and find the schema done.
func TestMigrationsAtOnce(t *testing.T) {
	dsn := pgtest.Database(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(ctx, dsn)
			if err == nil {
				s.Close()
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	s := open(t, dsn)
	defer s.Close()
	var n, max int
	s.pool.QueryRow(ctx, `SELECT COUNT(*), MAX(version) FROM schema_migrations`).Scan(&n, &max)
	if n != len(migrations) || max != len(migrations) {
		t.Fatalf("schema_migrations: %d rows, version %d; want %d", n, max, len(migrations))
	}
	// A database from a newer druckreif is refused, not damaged.
	s.pool.Exec(ctx, `INSERT INTO schema_migrations (version, applied) VALUES (99, now())`)
	if _, err := Open(ctx, dsn); err == nil || !strings.Contains(err.Error(), "newer druckreif") {
		t.Fatalf("opened a database of schema 99: %v", err)
	}
}

// Both stores hold the same tables with the same columns at the same
// schema version: what one keeps, the other keeps too.
func TestSchemaMatchesSQLite(t *testing.T) {
	s := open(t, pgtest.Database(t))
	defer s.Close()
	pg := map[string][]string{}
	rows, _ := s.pool.Query(ctx, `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`)
	for rows.Next() {
		var tbl, col string
		rows.Scan(&tbl, &col)
		pg[tbl] = append(pg[tbl], col)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "scorer.db")
	ls, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ls.Close()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lite := map[string][]string{}
	lrows, err := db.Query(`SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'`)
	if err != nil {
		t.Fatal(err)
	}
	for lrows.Next() {
		var tbl, col string
		lrows.Scan(&tbl, &col)
		lite[tbl] = append(lite[tbl], col)
	}
	lrows.Close()
	var liteVersion int
	db.QueryRow(`SELECT MAX(version) FROM schema_migrations`).Scan(&liteVersion)
	if len(lite) != len(pg) {
		t.Fatalf("tables: SQLite %d, PostgreSQL %d", len(lite), len(pg))
	}
	for tbl, cols := range lite {
		slices.Sort(cols)
		if !slices.Equal(cols, pg[tbl]) {
			t.Errorf("table %s: SQLite %v, PostgreSQL %v", tbl, cols, pg[tbl])
		}
	}
	if liteVersion != len(migrations) {
		t.Errorf("schema versions: SQLite %d, PostgreSQL %d", liteVersion, len(migrations))
	}
}

// changes collects what a feed reports.
type changes struct {
	mu  sync.Mutex
	got []store.Change
	c   chan store.Change
}

func follow(t *testing.T, s *Store) *changes {
	ch := &changes{c: make(chan store.Change, 100)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Follow(ctx, func(c store.Change) { ch.c <- c })
	}()
	t.Cleanup(func() { cancel(); <-done })
	// The first report says it listens.
	if c := ch.next(t, 10*time.Second); c.Kind != store.ChangeResync {
		t.Fatalf("first change %+v, want a resync", c)
	}
	return ch
}

func (ch *changes) next(t *testing.T, timeout time.Duration) store.Change {
	t.Helper()
	select {
	case c := <-ch.c:
		return c
	case <-time.After(timeout):
		t.Fatalf("no change within %v", timeout)
	}
	return store.Change{}
}

func (ch *changes) none(t *testing.T, d time.Duration) {
	t.Helper()
	select {
	case c := <-ch.c:
		t.Fatalf("unexpected change %+v", c)
	case <-time.After(d):
	}
}

func entry(seq int64) store.Entry {
	return store.Entry{Seq: seq, Kind: store.KindAction, Action: json.RawMessage(fmt.Sprintf(`{"type":"play","n":%d}`, seq)), Actor: "table", StateHash: "h", At: time.Now()}
}

// One instance follows what another writes: each entry and each secret
// choice, in order, within moments; its own writes and refused ones not.
func TestFollow(t *testing.T) {
	dsn := pgtest.Database(t)
	a, b := open(t, dsn), open(t, dsn)
	defer a.Close()
	defer b.Close()
	acc, _ := a.CreateAccount(ctx, "Anna", "x", time.Now())
	a.CreateTable(ctx, store.Table{ID: "tisch1", Game: "thegame", Setup: json.RawMessage(`{}`), PIN: "1", CreatorID: acc.ID, EngineVersion: "1", Created: time.Now()})
	feed := follow(t, b)
	for seq := int64(1); seq <= 3; seq++ {
		start := time.Now()
		if err := a.Append(ctx, "tisch1", entry(seq)); err != nil {
			t.Fatal(err)
		}
		c := feed.next(t, 2*time.Second)
		if c != (store.Change{Table: "tisch1", Version: seq, Kind: store.ChangeEntry}) {
			t.Fatalf("change %+v", c)
		}
		t.Logf("entry %d reached the other instance after %v", seq, time.Since(start))
	}
	if err := a.Append(ctx, "tisch1", entry(3)); !errors.Is(err, store.ErrConflict) {
		t.Fatal(err)
	}
	b.Append(ctx, "tisch1", entry(4)) // b's own: not reported to b
	a.AddSecrets(ctx, "tisch1", 4, []store.Secret{{Player: "Anna", Action: json.RawMessage(`{"type":"vote"}`), At: time.Now(), By: "player:Anna"}})
	if c := feed.next(t, 2*time.Second); c != (store.Change{Table: "tisch1", Version: 4, Kind: store.ChangeSecret}) {
		t.Fatalf("change %+v", c)
	}
	// A scratch value written (its key may hold spaces); a write refused
	// by the compare-and-swap tells nobody.
	if _, err := a.PutScratch(ctx, "tisch1", "clock/Anna Maria", json.RawMessage(`{"offset":1}`), 0); err != nil {
		t.Fatal(err)
	}
	if c := feed.next(t, 2*time.Second); c != (store.Change{Table: "tisch1", Version: 1, Kind: store.ChangeScratch, Key: "clock/Anna Maria"}) {
		t.Fatalf("change %+v", c)
	}
	if _, err := a.PutScratch(ctx, "tisch1", "clock/Anna Maria", json.RawMessage(`{}`), 0); !errors.Is(err, store.ErrConflict) {
		t.Fatal(err)
	}
	feed.none(t, 300*time.Millisecond)
}

// A feed whose connection breaks reconnects by itself and reports a
// resync: what was notified meanwhile is lost, the follower catches up.
func TestFollowReconnects(t *testing.T) {
	dsn := pgtest.Database(t)
	proxy, through := pgtest.NewProxy(t, dsn)
	a, b := open(t, dsn), open(t, through)
	defer a.Close()
	defer b.Close()
	acc, _ := a.CreateAccount(ctx, "Anna", "x", time.Now())
	a.CreateTable(ctx, store.Table{ID: "tisch1", Game: "thegame", Setup: json.RawMessage(`{}`), PIN: "1", CreatorID: acc.ID, EngineVersion: "1", Created: time.Now()})
	feed := follow(t, b)
	proxy.Cut()
	if err := a.Append(ctx, "tisch1", entry(1)); err != nil { // while b cannot hear
		t.Fatal(err)
	}
	// b cannot reach the database: its errors say so.
	_, err := b.Entries(ctx, "tisch1", 0)
	if !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("entries while cut: %v", err)
	}
	if err := b.Append(ctx, "tisch1", entry(2)); !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("append while cut: %v", err)
	}
	time.Sleep(time.Second)
	proxy.Restore()
	if c := feed.next(t, 10*time.Second); c.Kind != store.ChangeResync {
		t.Fatalf("after reconnecting: %+v, want a resync", c)
	}
	// And it works again, without a new Store.
	if es, err := b.Entries(ctx, "tisch1", 0); err != nil || len(es) != 1 {
		t.Fatalf("entries after the outage: %d %v", len(es), err)
	}
	a.Append(ctx, "tisch1", entry(2))
	if c := feed.next(t, 2*time.Second); c.Version != 2 {
		t.Fatalf("change after reconnecting: %+v", c)
	}
}

// Two instances counting one limit at once through Limit count every
// call: the advisory lock keeps one read-change-write from passing
// another, whichever instance it came through.
func TestLimitsAcrossInstances(t *testing.T) {
	dsn := pgtest.Database(t)
	a, b := open(t, dsn), open(t, dsn)
	defer a.Close()
	defer b.Close()
	now := time.Now()
	const n = 40
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := a
			if i%2 == 1 {
				s = b
			}
			<-start
			err := s.Limit(ctx, now, []string{"login:anna"}, func(st []store.LimitState) ([]store.LimitState, error) {
				c := 0
				json.Unmarshal(st[0].Value, &c)
				return []store.LimitState{{Value: json.RawMessage(fmt.Sprint(c + 1)), Expires: now.Add(time.Hour)}}, nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	close(start)
	wg.Wait()
	for _, s := range []*Store{a, b} {
		s.Limit(ctx, now, []string{"login:anna"}, func(st []store.LimitState) ([]store.LimitState, error) {
			if string(st[0].Value) != fmt.Sprint(n) {
				t.Errorf("counted %s of %d calls", st[0].Value, n)
			}
			return st, nil
		})
	}
}

// The last two secret choices made at once through two instances: the
// one that comes second sees both, so the choices are always turned over.
func TestSecretsAcrossInstances(t *testing.T) {
	dsn := pgtest.Database(t)
	a, b := open(t, dsn), open(t, dsn)
	defer a.Close()
	defer b.Close()
	acc, _ := a.CreateAccount(ctx, "Anna", "x", time.Now())
	for round := range 20 {
		id := fmt.Sprintf("t%d", round)
		a.CreateTable(ctx, store.Table{ID: id, Game: "dativ", Setup: json.RawMessage(`{}`), PIN: "1", CreatorID: acc.ID, EngineVersion: "1", Created: time.Now()})
		var wg sync.WaitGroup
		seen := make([]int, 2)
		for i, s := range []*Store{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got, err := s.AddSecrets(ctx, id, 1, []store.Secret{{Player: fmt.Sprint("P", i), Action: json.RawMessage(`{"type":"vote"}`), At: time.Now(), By: "player:P"}})
				if err != nil {
					t.Error(err)
				}
				seen[i] = len(got)
			}()
		}
		wg.Wait()
		if max(seen[0], seen[1]) != 2 {
			t.Fatalf("round %d: the choices saw %v of each other; one must see both", round, seen)
		}
	}
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://scorer:geheim@db.example:5432/club":         "postgres://scorer:xxxxx@db.example:5432/club",
		"postgres://scorer@db/club?password=geheim&sslmode=off": "postgres://scorer@db/club?password=xxxxx&sslmode=off",
		"postgresql://db/club":                                  "postgresql://db/club",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%s) = %s, want %s", in, got, want)
		}
	}
}
