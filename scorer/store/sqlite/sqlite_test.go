package sqlite

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"druckreif/scorer/store"
	"druckreif/scorer/store/storetest"
)

func TestStore(t *testing.T) {
	storetest.Run(t, storetest.Opener{
		Open: func(t *testing.T) store.Store {
			s, err := Open(filepath.Join(t.TempDir(), "scorer.db"))
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		Reopen: func(t *testing.T, old store.Store) store.Store {
			path := old.(*Store).path
			if err := old.Close(); err != nil {
				t.Fatal(err)
			}
			s, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		BackupPath: func(t *testing.T) string { return filepath.Join(t.TempDir(), "kopie.db") },
		OpenBackup: func(t *testing.T, path string) store.Store {
			s, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
	})
}

// The database is opened as promised: WAL, synchronous=FULL, a busy
// timeout, foreign keys, and the schema at its newest version.
func TestPragmas(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "scorer.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var mode string
	var sync, busy, fk, version int
	s.write.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	s.write.QueryRow(`PRAGMA synchronous`).Scan(&sync)
	s.write.QueryRow(`PRAGMA busy_timeout`).Scan(&busy)
	s.write.QueryRow(`PRAGMA foreign_keys`).Scan(&fk)
	s.write.QueryRow(`SELECT MAX(version) FROM schema_migrations`).Scan(&version)
	if mode != "wal" || sync != 2 || busy < 5000 || fk != 1 || version != len(migrations) {
		t.Fatalf("journal_mode=%s synchronous=%d busy_timeout=%d foreign_keys=%d schema=%d", mode, sync, busy, fk, version)
	}
	var readOnly int
	s.read.QueryRow(`PRAGMA query_only`).Scan(&readOnly)
	if readOnly != 1 {
		t.Fatal("the read pool can write")
	}
}

// A database from a newer druckreif is refused, not damaged.
func TestNewerSchemaRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "scorer.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.write.Exec(`INSERT INTO schema_migrations (version, applied) VALUES (99, 0)`)
	s.Close()
	if _, err := Open(path); err == nil {
		t.Fatal("opened a database of schema 99")
	}
}

// One server per database: a second Open fails with ErrInUse while the
// first holds it, a backup beside it works, and after Close the next
// server gets it.
func TestOneServerPerDatabase(t *testing.T) {
	if !lockable {
		t.Skip("no file locks on this system")
	}
	path := filepath.Join(t.TempDir(), "scorer.db")
	first, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Sole() {
		t.Fatal("a locked store does not say it is the only writer")
	}
	if _, err := Open(path); !errors.Is(err, ErrInUse) {
		t.Fatalf("second Open: %v, want ErrInUse", err)
	}
	beside, err := OpenBeside(path)
	if err != nil {
		t.Fatal(err)
	}
	if beside.Sole() {
		t.Fatal("a store opened beside a server says it is the only writer")
	}
	if err := beside.Backup(context.Background(), filepath.Join(t.TempDir(), "kopie.db")); err != nil {
		t.Fatal(err)
	}
	beside.Close()
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	next, err := Open(path)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	next.Close()
	if _, err := OpenBeside(filepath.Join(t.TempDir(), "none.db")); err == nil {
		t.Fatal("OpenBeside created a database")
	}
}

// A session the server has seen is answered from memory, but a deleted
// or expired one never is: the cache must not outlive the database's
// answer.
func TestSessionCacheFollowsTheDatabase(t *testing.T) {
	if !lockable {
		t.Skip("no file locks on this system")
	}
	s, err := Open(filepath.Join(t.TempDir(), "scorer.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	t0 := time.Date(2026, 12, 1, 20, 0, 0, 123456789, time.UTC)
	se := store.Session{TokenHash: []byte("h1"), TableID: "t1", Role: "player", Player: "Ben", Created: t0, Expires: t0.Add(time.Hour)}
	if err := s.CreateSession(ctx, se); err != nil {
		t.Fatal(err)
	}
	fromCache, err := s.Session(ctx, []byte("h1"), t0)
	if err != nil {
		t.Fatal(err)
	}
	s.sessions.delete([]byte("h1"))
	fromDB, err := s.Session(ctx, []byte("h1"), t0)
	if err != nil {
		t.Fatal(err)
	}
	if !fromCache.Created.Equal(fromDB.Created) || !fromCache.Expires.Equal(fromDB.Expires) || fromCache.Player != fromDB.Player || string(fromCache.TokenHash) != string(fromDB.TokenHash) {
		t.Fatalf("cache %+v, database %+v", fromCache, fromDB)
	}
	if _, err := s.Session(ctx, []byte("h1"), t0.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired session: %v", err)
	}
	if err := s.DeleteSession(ctx, []byte("h1")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Session(ctx, []byte("h1"), t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleted session: %v", err)
	}
}

// A full disk (here: the database at its page limit, SQLITE_FULL) is
// store.ErrFull, for every kind of write; a query-only connection (a
// read-only database) is store.ErrReadOnly. Nothing is half written.
func TestStorageFullAndReadOnly(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "scorer.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	a, _ := s.CreateAccount(ctx, "Anna", "hash", time.Now())
	s.CreateTable(ctx, store.Table{ID: "t1", Game: "thegame", Setup: []byte(`{}`), PIN: "1", CreatorID: a.ID, EngineVersion: "1", Created: time.Now()})
	var pages int
	s.write.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages)
	if _, err := s.write.DB.ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, pages)); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("x", 64<<10)
	var full error
	var written int64
	for seq := int64(1); seq <= 100 && full == nil; seq++ {
		full = s.Append(ctx, "t1", store.Entry{Seq: seq, Kind: store.KindAction, Action: []byte(`"` + big + `"`), Actor: "table", StateHash: "h", At: time.Now()})
		if full == nil {
			written = seq
		}
	}
	if !errors.Is(full, store.ErrFull) {
		t.Fatalf("appending to a full database: %v", full)
	}
	if _, err := s.CreateAccount(ctx, "Ben"+big, "hash", time.Now()); !errors.Is(err, store.ErrFull) {
		t.Fatalf("an account in a full database: %v", err)
	}
	if es, _ := s.Entries(ctx, "t1", 0); int64(len(es)) != written {
		t.Fatalf("%d entries after the disk filled, %d were acknowledged", len(es), written)
	}
	s.write.DB.ExecContext(ctx, `PRAGMA max_page_count = 1073741823`)
	s.write.DB.ExecContext(ctx, `PRAGMA query_only = 1`)
	if _, err := s.CreateAccount(ctx, "Cem", "hash", time.Now()); !errors.Is(err, store.ErrReadOnly) {
		t.Fatalf("a read-only database: %v", err)
	}
}

// The database, its journal, its lock and a backup are the owner's alone
// (0600), the data folder too (0700), also when it existed before.
func TestFilesArePrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "daten")
	os.MkdirAll(dir, 0o755)
	s, err := Open(filepath.Join(dir, "scorer.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.CreateAccount(context.Background(), "Anna", "hash", time.Now())
	backup := filepath.Join(dir, "kopie.db")
	if err := s.Backup(context.Background(), backup); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o700 {
		t.Errorf("data folder: %v", fi.Mode().Perm())
	}
	for _, name := range []string{"scorer.db", "scorer.db-wal", "scorer.db-shm", "scorer.db.lock", "kopie.db"} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v, want -rw-------", name, fi.Mode().Perm())
		}
	}
}
