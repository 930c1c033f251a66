// Package storetest is the test suite every store must pass: the same
// tests run against the embedded SQLite store and against PostgreSQL.
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"druckreif/scorer/store"
)

// Opener opens a fresh, empty store for one test. Reopen, when set, opens
// the same store again (after Close), to show that what was written stays.
type Opener struct {
	Open   func(t *testing.T) store.Store
	Reopen func(t *testing.T, old store.Store) store.Store
	// BackupPath returns a path for Backup to write to; empty skips the
	// backup test (a store without file backups).
	BackupPath func(t *testing.T) string
	// OpenBackup opens a store from a backup written to path.
	OpenBackup func(t *testing.T, path string) store.Store
}

var t0 = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

// Run runs the whole suite.
func Run(t *testing.T, o Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, Opener)
	}{
		{"Accounts", testAccounts},
		{"Sessions", testSessions},
		{"Limits", testLimits},
		{"Players", testPlayers},
		{"Tables", testTables},
		{"Entries", testEntries},
		{"Race", testRace},
		{"Secrets", testSecrets},
		{"Scratch", testScratch},
		{"History", testHistory},
		{"Durable", testDurable},
		{"Backup", testBackup},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, o) })
	}
}

func open(t *testing.T, o Opener) store.Store {
	s := o.Open(t)
	t.Cleanup(func() { s.Close() })
	return s
}

var ctx = context.Background()

func account(t *testing.T, s store.Store, name string) store.Account {
	t.Helper()
	a, err := s.CreateAccount(ctx, name, "$argon2id$hash-of-"+name, t0)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func table(t *testing.T, s store.Store, id string, creator int64) store.Table {
	t.Helper()
	tb := store.Table{ID: id, Game: "thegame", Setup: json.RawMessage(`{"game":"thegame","players":["Anna","Ben"]}`), PIN: "123456", CreatorID: creator, EngineVersion: "1", Created: t0}
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	return tb
}

func entry(seq int64) store.Entry {
	return store.Entry{Seq: seq, Kind: store.KindAction, Action: json.RawMessage(fmt.Sprintf(`{"type":"play","n":%d}`, seq)), Actor: "table", StateHash: fmt.Sprintf("h%d", seq), EngineVersion: "1", At: t0.Add(time.Duration(seq) * time.Second)}
}

func testAccounts(t *testing.T, o Opener) {
	s := open(t, o)
	a := account(t, s, "Mireille")
	if a.ID == 0 {
		t.Fatal("no id")
	}
	if _, err := s.CreateAccount(ctx, "mireille", "x", t0); !errors.Is(err, store.ErrExists) {
		t.Fatalf("same name in other case: %v", err)
	}
	got, err := s.AccountByName(ctx, "MIREILLE")
	if err != nil || got.ID != a.ID || got.Name != "Mireille" || got.PassHash != a.PassHash || !got.Created.Equal(t0) {
		t.Fatalf("by name: %+v %v", got, err)
	}
	if got, err := s.Account(ctx, a.ID); err != nil || got.Name != "Mireille" {
		t.Fatalf("by id: %+v %v", got, err)
	}
	if _, err := s.AccountByName(ctx, "Niemand"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown: %v", err)
	}
	// Umlauts typed composed or decomposed are one name.
	account(t, s, "Jürgen")
	if _, err := s.CreateAccount(ctx, "Ju\u0308rgen", "x", t0); !errors.Is(err, store.ErrExists) {
		t.Fatalf("decomposed umlaut: %v", err)
	}
}

func testSessions(t *testing.T, o Opener) {
	s := open(t, o)
	a := account(t, s, "Anna")
	table(t, s, "tab1", a.ID)
	login := store.Session{TokenHash: []byte("hash-login"), AccountID: a.ID, Role: "account", Created: t0, Expires: t0.Add(time.Hour)}
	seat := store.Session{TokenHash: []byte("hash-seat"), TableID: "tab1", Role: "player", Player: "Ben", Created: t0, Expires: t0.Add(time.Hour)}
	for _, se := range []store.Session{login, seat} {
		if err := s.CreateSession(ctx, se); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Session(ctx, []byte("hash-login"), t0.Add(time.Minute))
	if err != nil || got.AccountID != a.ID || got.Role != "account" || got.TableID != "" {
		t.Fatalf("login: %+v %v", got, err)
	}
	got, err = s.Session(ctx, []byte("hash-seat"), t0.Add(time.Minute))
	if err != nil || got.AccountID != 0 || got.TableID != "tab1" || got.Player != "Ben" || got.Role != "player" {
		t.Fatalf("seat: %+v %v", got, err)
	}
	if _, err := s.Session(ctx, []byte("hash-login"), t0.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired session found: %v", err)
	}
	if err := s.DeleteSession(ctx, []byte("hash-seat")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Session(ctx, []byte("hash-seat"), t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleted session found: %v", err)
	}
}

func testLimits(t *testing.T, o Opener) {
	s := open(t, o)
	const limit, window, lock = 10, 10 * time.Minute, 10 * time.Minute
	// Nine failures spread over nine minutes: not locked.
	for i := 0; i < 9; i++ {
		locked, err := s.Fail(ctx, "login:anna", t0.Add(time.Duration(i)*time.Minute), limit, window, lock)
		if err != nil || locked {
			t.Fatalf("failure %d: locked=%v %v", i+1, locked, err)
		}
	}
	// The tenth at 10:30, when the first has left the window: still 9.
	if locked, _ := s.Fail(ctx, "login:anna", t0.Add(10*time.Minute+30*time.Second), limit, window, lock); locked {
		t.Fatal("failures older than the window still count")
	}
	// One more within the window makes ten: locked for ten minutes.
	at := t0.Add(10*time.Minute + 45*time.Second)
	if locked, _ := s.Fail(ctx, "login:anna", at, limit, window, lock); !locked {
		t.Fatal("ten failures in ten minutes do not lock")
	}
	for _, c := range []struct {
		at   time.Time
		want bool
	}{{at, true}, {at.Add(9*time.Minute + 59*time.Second), true}, {at.Add(10 * time.Minute), false}} {
		if locked, err := s.Locked(ctx, "login:anna", c.at); err != nil || locked != c.want {
			t.Fatalf("locked at %v = %v, want %v (%v)", c.at.Sub(at), locked, c.want, err)
		}
	}
	if locked, _ := s.Locked(ctx, "login:ben", at); locked {
		t.Fatal("another key is locked")
	}
}

func testPlayers(t *testing.T, o Opener) {
	s := open(t, o)
	a, b := account(t, s, "Anna"), account(t, s, "Ben")
	for _, p := range []store.SavedPlayer{{AccountID: a.ID, Name: "Mireille", Color: "rot", Symbol: "kreis"}, {AccountID: a.ID, Name: "David", Color: "blau", Symbol: "dreieck"}, {AccountID: b.ID, Name: "Mireille", Color: "gelb", Symbol: "stern"}} {
		if err := s.SavePlayer(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	// Saving again under the same name (other case) updates.
	if err := s.SavePlayer(ctx, store.SavedPlayer{AccountID: a.ID, Name: "mireille", Color: "grün", Symbol: "quadrat"}); err != nil {
		t.Fatal(err)
	}
	ps, err := s.Players(ctx, a.ID)
	if err != nil || len(ps) != 2 || ps[0].Name != "David" || ps[1].Name != "mireille" || ps[1].Color != "grün" || ps[1].Symbol != "quadrat" {
		t.Fatalf("players: %+v %v", ps, err)
	}
	if ps, _ := s.Players(ctx, b.ID); len(ps) != 1 || ps[0].Color != "gelb" {
		t.Fatalf("another account's players: %+v", ps)
	}
	if err := s.DeletePlayer(ctx, a.ID, "DAVID"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeletePlayer(ctx, a.ID, "David"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
}

func testTables(t *testing.T, o Opener) {
	s := open(t, o)
	a := account(t, s, "Anna")
	tb := table(t, s, "t1", a.ID)
	if err := s.CreateTable(ctx, tb); !errors.Is(err, store.ErrExists) {
		t.Fatalf("same id twice: %v", err)
	}
	got, err := s.Table(ctx, "t1")
	if err != nil || got.Game != "thegame" || string(got.Setup) != string(tb.Setup) || got.PIN != "123456" || got.CreatorID != a.ID || got.EngineVersion != "1" || !got.Created.Equal(t0) {
		t.Fatalf("table: %+v %v", got, err)
	}
	if _, err := s.Table(ctx, "t2"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown table: %v", err)
	}
	later := tb
	later.ID, later.Created = "t0", t0.Add(time.Hour)
	s.CreateTable(ctx, later)
	ts, err := s.TablesOf(ctx, a.ID, 10)
	if err != nil || len(ts) != 2 || ts[0].ID != "t0" || ts[1].ID != "t1" {
		t.Fatalf("tables of: %+v %v", ts, err)
	}
}

func testEntries(t *testing.T, o Opener) {
	s := open(t, o)
	a := account(t, s, "Anna")
	table(t, s, "t1", a.ID)
	table(t, s, "t2", a.ID)
	// Only seq 1 may start a table; each must follow the last.
	if err := s.Append(ctx, "t1", entry(2)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("gap accepted: %v", err)
	}
	for seq := int64(1); seq <= 3; seq++ {
		if err := s.Append(ctx, "t1", entry(seq)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Append(ctx, "t1", entry(3)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("version written twice: %v", err)
	}
	if err := s.Append(ctx, "t1", entry(5)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("gap accepted: %v", err)
	}
	undo := store.Entry{Seq: 4, Kind: store.KindUndo, Actor: "player:Ben", StateHash: "h4", At: t0, Cards: []store.CardRef{{ID: "TG-57", Fingerprint: "abc"}}}
	if err := s.Append(ctx, "t1", undo); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "t2", entry(1)); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "nope", entry(1)); err == nil {
		t.Fatal("entry for a table that does not exist")
	}
	es, err := s.Entries(ctx, "t1", 0)
	if err != nil || len(es) != 4 {
		t.Fatalf("entries: %d %v", len(es), err)
	}
	for i, e := range es[:3] {
		want := entry(int64(i + 1))
		if e.Seq != want.Seq || e.Kind != store.KindAction || string(e.Action) != string(want.Action) || e.Actor != "table" || e.StateHash != want.StateHash || e.EngineVersion != "1" || !e.At.Equal(want.At) || e.Cards != nil {
			t.Fatalf("entry %d: %+v", i+1, e)
		}
	}
	if u := es[3]; u.Kind != store.KindUndo || u.Action != nil || u.Actor != "player:Ben" || len(u.Cards) != 1 || u.Cards[0] != undo.Cards[0] {
		t.Fatalf("undo entry: %+v", u)
	}
	if es, _ := s.Entries(ctx, "t1", 2); len(es) != 2 || es[0].Seq != 3 {
		t.Fatalf("entries after 2: %+v", es)
	}
}

// Many writers racing for the same versions of many tables: for every
// version exactly one wins, the others learn of the conflict.
func testRace(t *testing.T, o Opener) {
	s := open(t, o)
	a := account(t, s, "Anna")
	const tables, versions, racers = 8, 10, 4
	for i := 0; i < tables; i++ {
		table(t, s, fmt.Sprintf("t%d", i), a.ID)
	}
	var wins, conflicts atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < tables; i++ {
		for r := 0; r < racers; r++ {
			wg.Add(1)
			go func(id string, racer int) {
				defer wg.Done()
				for seq := int64(1); seq <= versions; {
					e := entry(seq)
					e.Actor = fmt.Sprintf("player:%d", racer)
					err := s.Append(ctx, id, e)
					switch {
					case err == nil:
						wins.Add(1)
						seq++
					case errors.Is(err, store.ErrConflict):
						conflicts.Add(1)
						es, err := s.Entries(ctx, id, 0)
						if err != nil {
							t.Error(err)
							return
						}
						seq = int64(len(es)) + 1
					default:
						t.Error(err)
						return
					}
				}
			}(fmt.Sprintf("t%d", i), r)
		}
	}
	wg.Wait()
	if wins.Load() != tables*versions {
		t.Fatalf("%d writes won, want %d (%d conflicts)", wins.Load(), tables*versions, conflicts.Load())
	}
	for i := 0; i < tables; i++ {
		es, _ := s.Entries(ctx, fmt.Sprintf("t%d", i), 0)
		for j, e := range es {
			if e.Seq != int64(j+1) {
				t.Fatalf("table %d: entry %d has seq %d", i, j, e.Seq)
			}
		}
		if len(es) != versions {
			t.Fatalf("table %d has %d entries", i, len(es))
		}
	}
}

func testSecrets(t *testing.T, o Opener) {
	s := open(t, o)
	a := account(t, s, "Anna")
	table(t, s, "t1", a.ID)
	vote := func(p, v string) store.Secret {
		return store.Secret{Player: p, Action: json.RawMessage(fmt.Sprintf(`{"type":"vote","player":%q,"vote":%q}`, p, v)), At: t0}
	}
	got, err := s.AddSecret(ctx, "t1", 3, vote("Anna", "richtig"))
	if err != nil || len(got) != 1 {
		t.Fatalf("first secret: %+v %v", got, err)
	}
	s.AddSecret(ctx, "t1", 3, vote("Ben", "falsch"))
	// Anna changes her mind before all are in: replaced, not added.
	got, err = s.AddSecret(ctx, "t1", 3, vote("Anna", "falsch"))
	if err != nil || len(got) != 2 {
		t.Fatalf("secrets: %+v %v", got, err)
	}
	byPlayer := map[string]string{}
	for _, sec := range got {
		byPlayer[sec.Player] = string(sec.Action)
	}
	if byPlayer["Anna"] != `{"type":"vote","player":"Anna","vote":"falsch"}` {
		t.Fatalf("Anna's choice: %s", byPlayer["Anna"])
	}
	if got, _ := s.Secrets(ctx, "t1", 4); len(got) != 0 {
		t.Fatalf("choices of another version: %+v", got)
	}
	// A choice on a newer version drops the old ones: they can never be revealed.
	s.AddSecret(ctx, "t1", 5, vote("Ben", "richtig"))
	if got, _ := s.Secrets(ctx, "t1", 3); len(got) != 0 {
		t.Fatalf("stale choices kept: %+v", got)
	}
}

func testHistory(t *testing.T, o Opener) {
	s := open(t, o)
	a, b := account(t, s, "Anna"), account(t, s, "Ben")
	table(t, s, "t1", a.ID)
	table(t, s, "t2", a.ID)
	table(t, s, "t3", b.ID)
	fin := func(id string, acc int64, at time.Time, out string) store.Finished {
		return store.Finished{TableID: id, AccountID: acc, Game: "thegame", Players: []string{"Anna", "Ben"}, Outcome: json.RawMessage(out), At: at}
	}
	for _, f := range []store.Finished{fin("t1", a.ID, t0, `{"remaining":12}`), fin("t2", a.ID, t0.Add(time.Hour), `{"remaining":3}`), fin("t3", b.ID, t0, `{"remaining":0}`)} {
		if err := s.Finish(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	// Finishing again (after an undo and a different end) replaces.
	s.Finish(ctx, fin("t1", a.ID, t0.Add(2*time.Hour), `{"remaining":8}`))
	h, err := s.History(ctx, a.ID, 10)
	if err != nil || len(h) != 2 || h[0].TableID != "t1" || string(h[0].Outcome) != `{"remaining":8}` || h[1].TableID != "t2" || len(h[1].Players) != 2 {
		t.Fatalf("history: %+v %v", h, err)
	}
	if err := s.Unfinish(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	if h, _ := s.History(ctx, a.ID, 10); len(h) != 1 || h[0].TableID != "t2" {
		t.Fatalf("after unfinish: %+v", h)
	}
}

// What was written survives closing and opening again.
func testDurable(t *testing.T, o Opener) {
	if o.Reopen == nil {
		t.Skip("store cannot be reopened")
	}
	s := o.Open(t)
	a := account(t, s, "Anna")
	table(t, s, "t1", a.ID)
	for seq := int64(1); seq <= 5; seq++ {
		if err := s.Append(ctx, "t1", entry(seq)); err != nil {
			t.Fatal(err)
		}
	}
	s = o.Reopen(t, s)
	defer s.Close()
	es, err := s.Entries(ctx, "t1", 0)
	if err != nil || len(es) != 5 {
		t.Fatalf("after reopening: %d entries, %v", len(es), err)
	}
	if err := s.Append(ctx, "t1", entry(5)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("version 5 written twice across a restart: %v", err)
	}
}

func testBackup(t *testing.T, o Opener) {
	if o.BackupPath == nil {
		t.Skip("store has no file backups")
	}
	s := open(t, o)
	a := account(t, s, "Anna")
	table(t, s, "t1", a.ID)
	// Writers go on while the backup runs.
	done := make(chan struct{})
	var written atomic.Int64
	go func() {
		defer close(done)
		for seq := int64(1); seq <= 200; seq++ {
			if err := s.Append(ctx, "t1", entry(seq)); err != nil {
				t.Error(err)
				return
			}
			written.Store(seq)
		}
	}()
	for written.Load() < 20 {
		time.Sleep(time.Millisecond)
	}
	path := o.BackupPath(t)
	if err := s.Backup(ctx, path); err != nil {
		t.Fatal(err)
	}
	<-done
	if err := s.Backup(ctx, path); err == nil {
		t.Fatal("backup overwrote an existing file")
	}
	b := o.OpenBackup(t, path)
	defer b.Close()
	es, err := b.Entries(ctx, "t1", 0)
	if err != nil || len(es) < 20 || len(es) > 200 {
		t.Fatalf("backup holds %d entries: %v", len(es), err)
	}
	for i, e := range es {
		if e.Seq != int64(i+1) {
			t.Fatalf("backup is not one consistent snapshot: entry %d has seq %d", i, e.Seq)
		}
	}
	if _, err := b.AccountByName(ctx, "anna"); err != nil {
		t.Fatal(err)
	}
}

// A table's scratch values: written with compare-and-swap, so of two
// writers on one revision exactly one succeeds; per table and key.
func testScratch(t *testing.T, o Opener) {
	s := open(t, o)
	a := account(t, s, "Anna")
	table(t, s, "t1", a.ID)
	table(t, s, "t2", a.ID)
	if _, err := s.Scratch(ctx, "t1", "buzzer"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("empty scratch: %v", err)
	}
	rev, err := s.PutScratch(ctx, "t1", "buzzer", json.RawMessage(`{"round":1}`), 0)
	if err != nil || rev != 1 {
		t.Fatalf("first write: %d %v", rev, err)
	}
	if _, err := s.PutScratch(ctx, "t1", "buzzer", json.RawMessage(`{"round":9}`), 0); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("second create: %v", err)
	}
	if rev, err = s.PutScratch(ctx, "t1", "buzzer", json.RawMessage(`{"round":2}`), 1); err != nil || rev != 2 {
		t.Fatalf("update: %d %v", rev, err)
	}
	if _, err := s.PutScratch(ctx, "t1", "buzzer", json.RawMessage(`{"round":3}`), 1); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale update: %v", err)
	}
	sc, err := s.Scratch(ctx, "t1", "buzzer")
	if err != nil || sc.Rev != 2 || string(sc.Value) != `{"round":2}` {
		t.Fatalf("read: %+v %v", sc, err)
	}
	// Other keys and other tables are their own.
	if _, err := s.PutScratch(ctx, "t1", "timer", json.RawMessage(`{}`), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Scratch(ctx, "t2", "buzzer"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another table's scratch: %v", err)
	}
	if _, err := s.PutScratch(ctx, "nope", "buzzer", json.RawMessage(`{}`), 0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("scratch of a table that does not exist: %v", err)
	}
	// Racing writers on one revision: exactly one wins.
	var wins atomic.Int32
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.PutScratch(ctx, "t1", "buzzer", json.RawMessage(fmt.Sprintf(`{"round":%d}`, 10+i)), 2); err == nil {
				wins.Add(1)
			} else if !errors.Is(err, store.ErrConflict) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Fatalf("%d writers won one revision", wins.Load())
	}
	if sc, _ := s.Scratch(ctx, "t1", "buzzer"); sc.Rev != 3 {
		t.Fatalf("after the race: %+v", sc)
	}
}
