package sqlite

import (
	"path/filepath"
	"testing"

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
