// Package storetest is the test suite every store must pass: the same
// tests run against the embedded SQLite store and against PostgreSQL.
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
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
		{"Seats", testSeats},
		{"AccountSessions", testAccountSessions},
		{"DeleteAccount", testDeleteAccount},
		{"Limits", testLimits},
		{"LimitsRace", testLimitsRace},
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

// A limit's state under a key is read, changed and written by fn as one
// step; expired states read as empty; several keys at once.
func testLimits(t *testing.T, o Opener) {
	s := open(t, o)
	count := func(at time.Time, keys ...string) []int {
		t.Helper()
		var got []int
		err := s.Limit(ctx, at, keys, func(states []store.LimitState) ([]store.LimitState, error) {
			out := make([]store.LimitState, len(states))
			for i, st := range states {
				n := 0
				if len(st.Value) > 0 {
					json.Unmarshal(st.Value, &n)
				}
				got = append(got, n)
				out[i] = store.LimitState{Value: json.RawMessage(fmt.Sprint(n + 1)), Expires: at.Add(10 * time.Minute)}
			}
			return out, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	for i := range 3 {
		if got := count(t0.Add(time.Duration(i)*time.Minute), "pin:tab1"); got[0] != i {
			t.Fatalf("call %d read %d", i, got[0])
		}
	}
	if got := count(t0.Add(3*time.Minute), "pin:tab1", "pin:tab1:10.0.0.7"); got[0] != 3 || got[1] != 0 {
		t.Fatalf("two keys: %v", got)
	}
	// Ten minutes after its last write the state has expired.
	if got := count(t0.Add(13*time.Minute+time.Second), "pin:tab1"); got[0] != 0 {
		t.Fatalf("expired state read as %d", got[0])
	}
	// An error from fn writes nothing; a zero value deletes.
	refused := errors.New("refused")
	err := s.Limit(ctx, t0.Add(14*time.Minute), []string{"pin:tab1"}, func(states []store.LimitState) ([]store.LimitState, error) {
		return []store.LimitState{{Value: json.RawMessage(`99`), Expires: t0.Add(time.Hour)}}, refused
	})
	if !errors.Is(err, refused) {
		t.Fatalf("fn's error: %v", err)
	}
	if got := count(t0.Add(14*time.Minute), "pin:tab1"); got[0] != 1 {
		t.Fatalf("after a refused call: %d", got[0])
	}
	s.Limit(ctx, t0.Add(15*time.Minute), []string{"pin:tab1"}, func([]store.LimitState) ([]store.LimitState, error) {
		return []store.LimitState{{}}, nil
	})
	if got := count(t0.Add(15*time.Minute), "pin:tab1"); got[0] != 0 {
		t.Fatalf("after deleting: %d", got[0])
	}
}

// Parallel calls on one key never lose a count: the limit holds under a
// burst of requests released together.
func testLimitsRace(t *testing.T, o Opener) {
	s := open(t, o)
	const n = 60
	start := make(chan struct{})
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			err := s.Limit(ctx, t0, []string{"b", "a"}, func(states []store.LimitState) ([]store.LimitState, error) {
				out := make([]store.LimitState, 2)
				for i, st := range states {
					c := 0
					json.Unmarshal(st.Value, &c)
					out[i] = store.LimitState{Value: json.RawMessage(fmt.Sprint(c + 1)), Expires: t0.Add(time.Hour)}
				}
				return out, nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	close(start)
	wg.Wait()
	s.Limit(ctx, t0, []string{"a", "b"}, func(states []store.LimitState) ([]store.LimitState, error) {
		for i, st := range states {
			if string(st.Value) != fmt.Sprint(n) {
				t.Errorf("key %d counted %s of %d calls", i, st.Value, n)
			}
		}
		return states, nil
	})
}

// A player's seat is held by one session at a time; freeing it lets the
// next one take it; an expired holder frees it too.
func testSeats(t *testing.T, o Opener) {
	s := open(t, o)
	a := account(t, s, "Anna")
	table(t, s, "tab1", a.ID)
	table(t, s, "tab2", a.ID)
	seat := func(hash, tab, role, player string, created time.Time) store.Session {
		return store.Session{TokenHash: []byte(hash), TableID: tab, Role: role, Player: player, Created: created, Expires: created.Add(time.Hour), Addr: "10.0.0.2"}
	}
	if err := s.CreateSession(ctx, seat("ben1", "tab1", "player", "Ben", t0)); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, seat("ben2", "tab1", "player", "Ben", t0)); !errors.Is(err, store.ErrSeatTaken) {
		t.Fatalf("a second phone on Ben's seat: %v", err)
	}
	// Ben at another table, spectators, and another player are not held.
	for _, se := range []store.Session{seat("ben3", "tab2", "player", "Ben", t0), seat("spec1", "tab1", "spectator", "", t0), seat("spec2", "tab1", "spectator", "", t0), seat("cla1", "tab1", "player", "Clara", t0)} {
		if err := s.CreateSession(ctx, se); err != nil {
			t.Fatalf("%s: %v", se.TokenHash, err)
		}
	}
	if err := s.TouchSession(ctx, []byte("ben1"), t0.Add(5*time.Minute), "10.0.0.9"); err != nil {
		t.Fatal(err)
	}
	got, err := s.Session(ctx, []byte("ben1"), t0.Add(6*time.Minute))
	if err != nil || !got.LastSeen.Equal(t0.Add(5*time.Minute)) || got.Addr != "10.0.0.9" {
		t.Fatalf("touched session: %+v %v", got, err)
	}
	ss, err := s.TableSessions(ctx, "tab1", t0.Add(6*time.Minute))
	if err != nil || len(ss) != 4 {
		t.Fatalf("table sessions: %+v %v", ss, err)
	}
	if err := s.FreeSeat(ctx, "tab1", "Ben"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Session(ctx, []byte("ben1"), t0.Add(6*time.Minute)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the freed seat's session still works: %v", err)
	}
	if err := s.FreeSeat(ctx, "tab1", "Ben"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("freeing a free seat: %v", err)
	}
	if err := s.CreateSession(ctx, seat("ben4", "tab1", "player", "Ben", t0.Add(7*time.Minute))); err != nil {
		t.Fatalf("the next phone after freeing: %v", err)
	}
	// Once the holder's session has expired, the seat is free.
	if err := s.CreateSession(ctx, seat("cla2", "tab1", "player", "Clara", t0.Add(61*time.Minute))); err != nil {
		t.Fatalf("a seat whose holder expired: %v", err)
	}
}

// An account's logins: listed newest first, all but one ended at once.
func testAccountSessions(t *testing.T, o Opener) {
	s := open(t, o)
	a, b := account(t, s, "Anna"), account(t, s, "Ben")
	for i, h := range []string{"a1", "a2", "a3"} {
		at := t0.Add(time.Duration(i) * time.Minute)
		if err := s.CreateSession(ctx, store.Session{TokenHash: []byte(h), AccountID: a.ID, Role: "account", Created: at, Expires: at.Add(time.Hour), Addr: "10.0.0.1"}); err != nil {
			t.Fatal(err)
		}
	}
	s.CreateSession(ctx, store.Session{TokenHash: []byte("b1"), AccountID: b.ID, Role: "account", Created: t0, Expires: t0.Add(time.Hour)})
	s.TouchSession(ctx, []byte("a1"), t0.Add(10*time.Minute), "10.0.0.5")
	ss, err := s.AccountSessions(ctx, a.ID, t0.Add(11*time.Minute))
	if err != nil || len(ss) != 3 || string(ss[0].TokenHash) != "a1" || ss[0].Addr != "10.0.0.5" || string(ss[1].TokenHash) != "a3" {
		t.Fatalf("sessions: %+v %v", ss, err)
	}
	if err := s.DeleteAccountSessions(ctx, a.ID, []byte("a2")); err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{"a1", "a3"} {
		if _, err := s.Session(ctx, []byte(h), t0.Add(11*time.Minute)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("%s survived: %v", h, err)
		}
	}
	for _, h := range []string{"a2", "b1"} {
		if _, err := s.Session(ctx, []byte(h), t0.Add(11*time.Minute)); err != nil {
			t.Fatalf("%s ended: %v", h, err)
		}
	}
	if err := s.SetPassword(ctx, a.ID, "$argon2id$new"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.AccountByName(ctx, "anna"); got.PassHash != "$argon2id$new" {
		t.Fatalf("password hash: %q", got.PassHash)
	}
}

// Deleting an account takes its tables and everything on them, and
// leaves other accounts alone.
func testDeleteAccount(t *testing.T, o Opener) {
	s := open(t, o)
	a, b := account(t, s, "Anna"), account(t, s, "Ben")
	table(t, s, "ta", a.ID)
	table(t, s, "tb", b.ID)
	for _, id := range []string{"ta", "tb"} {
		if err := s.Append(ctx, id, entry(1)); err != nil {
			t.Fatal(err)
		}
		s.AddSecrets(ctx, id, 1, []store.Secret{{Player: "Ben", Action: json.RawMessage(`{}`), At: t0, By: "player:Ben"}})
		s.PutScratch(ctx, id, "timer", json.RawMessage(`{}`), 0)
		s.CreateSession(ctx, store.Session{TokenHash: []byte("seat-" + id), TableID: id, Role: "player", Player: "Ben", Created: t0, Expires: t0.Add(time.Hour)})
		s.Finish(ctx, store.Finished{TableID: id, AccountID: a.ID, Game: "thegame", Players: []string{"Ben"}, Outcome: json.RawMessage(`{}`), At: t0})
	}
	s.SavePlayer(ctx, store.SavedPlayer{AccountID: a.ID, Name: "Mireille", Color: "rot", Symbol: "kreis"})
	s.CreateSession(ctx, store.Session{TokenHash: []byte("login-a"), AccountID: a.ID, Role: "account", Created: t0, Expires: t0.Add(time.Hour)})
	if err := s.DeleteAccount(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AccountByName(ctx, "Anna"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("account: %v", err)
	}
	if _, err := s.Table(ctx, "ta"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("its table: %v", err)
	}
	for _, h := range []string{"login-a", "seat-ta"} {
		if _, err := s.Session(ctx, []byte(h), t0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("session %s: %v", h, err)
		}
	}
	if ps, _ := s.Players(ctx, a.ID); len(ps) != 0 {
		t.Fatalf("saved players: %+v", ps)
	}
	if es, _ := s.Entries(ctx, "tb", 0); len(es) != 1 {
		t.Fatalf("another account's table lost entries: %d", len(es))
	}
	if _, err := s.Session(ctx, []byte("seat-tb"), t0); err != nil {
		t.Fatalf("another table's seat: %v", err)
	}
	if err := s.DeleteAccount(ctx, a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleting twice: %v", err)
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
	if err := s.SetPIN(ctx, "t1", "87654321"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Table(ctx, "t1"); got.PIN != "87654321" {
		t.Fatalf("PIN after SetPIN: %q", got.PIN)
	}
	if err := s.SetPIN(ctx, "t2", "1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SetPIN of no table: %v", err)
	}
	tb.PIN = "87654321"
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
	vote := func(p, v, by string) store.Secret {
		return store.Secret{Player: p, Action: json.RawMessage(fmt.Sprintf(`{"type":"vote","player":%q,"vote":%q}`, p, v)), At: t0, By: by, Key: "read-3"}
	}
	got, err := s.AddSecrets(ctx, "t1", 3, []store.Secret{vote("Anna", "richtig", "player:Anna")})
	if err != nil || len(got) != 1 || got[0].By != "player:Anna" {
		t.Fatalf("first secret: %+v %v", got, err)
	}
	s.AddSecrets(ctx, "t1", 3, []store.Secret{vote("Ben", "falsch", "player:Ben")})
	// Anna changes her mind before all are in: replaced, not added.
	got, err = s.AddSecrets(ctx, "t1", 3, []store.Secret{vote("Anna", "falsch", "player:Anna")})
	if err != nil || len(got) != 2 {
		t.Fatalf("secrets: %+v %v", got, err)
	}
	// The table enters printed cards for Ben and Clara: Clara's is added,
	// Ben's own choice on his phone stays.
	got, err = s.AddSecrets(ctx, "t1", 3, []store.Secret{vote("Ben", "richtig", store.ByTable), vote("Clara", "richtig", store.ByTable)})
	if err != nil || len(got) != 3 {
		t.Fatalf("with the table's entries: %+v %v", got, err)
	}
	byPlayer := map[string]store.Secret{}
	for _, sec := range got {
		byPlayer[sec.Player] = sec
	}
	if string(byPlayer["Anna"].Action) != `{"type":"vote","player":"Anna","vote":"falsch"}` {
		t.Fatalf("Anna's choice: %s", byPlayer["Anna"].Action)
	}
	if b := byPlayer["Ben"]; b.By != "player:Ben" || !strings.Contains(string(b.Action), "falsch") {
		t.Fatalf("the table replaced Ben's own choice: %+v", b)
	}
	// The table may correct what it entered, and Clara may choose herself.
	s.AddSecrets(ctx, "t1", 3, []store.Secret{vote("Clara", "falsch", store.ByTable)})
	s.AddSecrets(ctx, "t1", 3, []store.Secret{vote("Clara", "richtig", "player:Clara")})
	round, got, err := s.Secrets(ctx, "t1")
	if err != nil || round != 3 || len(got) != 3 || got[0].Key != "read-3" {
		t.Fatalf("secrets of round 3: %d %+v %v", round, got, err)
	}
	for _, sec := range got {
		if sec.Player == "Clara" && (sec.By != "player:Clara" || !strings.Contains(string(sec.Action), "richtig")) {
			t.Fatalf("Clara's choice: %+v", sec)
		}
	}
	// A choice of another round drops the old ones: they can never be revealed.
	s.AddSecrets(ctx, "t1", 5, []store.Secret{vote("Ben", "richtig", "player:Ben")})
	if round, got, _ := s.Secrets(ctx, "t1"); round != 5 || len(got) != 1 {
		t.Fatalf("stale choices kept: %d %+v", round, got)
	}
	// An earlier round (after an undo) replaces a later one too.
	s.AddSecrets(ctx, "t1", 2, []store.Secret{vote("Anna", "richtig", "player:Anna")})
	if round, got, _ := s.Secrets(ctx, "t1"); round != 2 || len(got) != 1 || got[0].Player != "Anna" {
		t.Fatalf("after an earlier round: %d %+v", round, got)
	}
	if round, got, err := s.Secrets(ctx, "nope"); err != nil || round != 0 || len(got) != 0 {
		t.Fatalf("a table without secrets: %d %+v %v", round, got, err)
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
