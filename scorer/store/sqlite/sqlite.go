// Package sqlite is the scorer's embedded store: one SQLite file through
// modernc.org/sqlite, pure Go, so the druckreif binary stays one static file.
//
// Durability first: WAL with synchronous=FULL, so a write that returned is
// on disk even after a power cut; one writer connection with immediate
// transactions, so writers never deadlock on a lock upgrade; a busy
// timeout for the readers and for a backup running beside the server.
// Entries from many tables that arrive together are written in one
// transaction (group commit): one fsync serves them all, and each still
// gets its own answer.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"modernc.org/sqlite"

	"druckreif/scorer/store"
)

// Store is the SQLite store.
type Store struct {
	path    string
	write   *pool // one connection: SQLite has one writer at a time
	read    *pool
	appends chan appendReq
	done    chan struct{}
	closing sync.Once

	// lock is held while a server has the database open (Open, not
	// OpenBeside): with it, this process is the database's only writer,
	// so it may keep what it wrote in memory.
	lock     *os.File
	sessions *sessionCache // nil without the lock
}

// ErrInUse is Open's error when another process serves the database.
var ErrInUse = errors.New("another druckreif serve has this database open")

// pool is a database handle that prepares each statement once: parsing
// SQL was a quarter of the scorer's CPU time per request.
type pool struct {
	*sql.DB
	stmts sync.Map // query → *sql.Stmt
}

func (p *pool) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := p.stmts.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := p.DB.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if old, loaded := p.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return old.(*sql.Stmt), nil
	}
	return st, nil
}

func (p *pool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := p.stmt(ctx, query)
	if err != nil {
		return p.DB.QueryRowContext(ctx, query, args...) // reports the error
	}
	return st.QueryRowContext(ctx, args...)
}

func (p *pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := p.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

func (p *pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := p.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// inTx is a statement prepared before (with stmt) used within tx.
func (p *pool) inTx(ctx context.Context, tx *sql.Tx, query string) (*sql.Stmt, error) {
	st, ok := p.stmts.Load(query)
	if !ok {
		return nil, errors.New("sqlite: statement not prepared: " + query)
	}
	return tx.StmtContext(ctx, st.(*sql.Stmt)), nil
}

type appendReq struct {
	ctx     context.Context
	tableID string
	entry   store.Entry
	result  chan error
}

// maxBatch bounds a group commit, so one transaction stays short.
const maxBatch = 128

// Open opens (creating it when needed) the store in the file path for a
// server and brings its schema up to date. It locks the database (the file
// path + ".lock") until Close: a second Open of the same database, in this
// process or another, fails with ErrInUse.
func Open(path string) (*Store, error) {
	if err := private(path); err != nil {
		return nil, err
	}
	lock, err := lockFile(path + ".lock")
	if err != nil {
		if errors.Is(err, ErrInUse) {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return nil, err
	}
	s, err := open(path)
	if err != nil {
		if lock != nil {
			lock.Close()
		}
		return nil, err
	}
	if lock != nil {
		s.lock, s.sessions = lock, newSessionCache()
	}
	return s, nil
}

// private makes the folder of the database path readable by its owner
// only (0700) and the database with its journal files and lock 0600: they
// hold password hashes, PINs and hand cards. SQLite creates its -wal and
// -shm files with the database's own permissions, so the database is made
// before SQLite opens it.
func private(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return storageErr(err)
	}
	if fi, err := os.Stat(dir); err == nil && fi.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, fi.Mode().Perm()&0o700); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return storageErr(err)
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm", path + ".lock"} {
		if fi, err := os.Stat(p); err == nil && fi.Mode().Perm()&0o077 != 0 {
			if err := os.Chmod(p, 0o600); err != nil {
				return err
			}
		}
	}
	return nil
}

// OpenBeside opens the store while a server may have it open, for a
// backup: it takes no lock and keeps nothing in memory.
func OpenBeside(path string) (*Store, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	return open(path)
}

// Sole reports whether this process is the only one writing the database
// (store.Sole): true when Open took its lock.
func (s *Store) Sole() bool { return s.lock != nil }

func open(path string) (*Store, error) {
	dsn := func(extra ...string) string {
		q := url.Values{}
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous(FULL)")
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "foreign_keys(ON)")
		for _, e := range extra {
			k, v, _ := strings.Cut(e, "=")
			q.Add(k, v)
		}
		return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	}
	writeDB, err := sql.Open("sqlite", dsn("_txlock=immediate"))
	if err != nil {
		return nil, err
	}
	write := &pool{DB: writeDB}
	write.SetMaxOpenConns(1)
	write.SetConnMaxIdleTime(0)
	write.SetConnMaxLifetime(0)
	if err := migrate(writeDB); err != nil {
		write.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	readDB, err := sql.Open("sqlite", dsn("_pragma=query_only(1)"))
	if err != nil {
		write.Close()
		return nil, err
	}
	read := &pool{DB: readDB}
	// The writer's one statement is prepared now: inside its transaction
	// the one connection is taken, and preparing then would wait forever.
	if _, err := write.stmt(context.Background(), insertEntry); err != nil {
		write.Close()
		read.Close()
		return nil, err
	}
	read.SetMaxOpenConns(4)
	s := &Store{path: path, write: write, read: read, appends: make(chan appendReq, maxBatch), done: make(chan struct{})}
	go s.writeEntries()
	return s, nil
}

// Close stops the writer and closes the database.
func (s *Store) Close() error {
	s.closing.Do(func() { close(s.appends) })
	<-s.done
	err := s.read.Close()
	if werr := s.write.Close(); err == nil {
		err = werr
	}
	if s.lock != nil {
		s.lock.Close() // after the database: the next server finds it closed
	}
	return err
}

// migrations are the schema's versions, applied in order, each once. Times
// are Unix milliseconds.
var migrations = []string{
	// 1: everything the scorer needs at the table.
	`CREATE TABLE accounts (
		id INTEGER PRIMARY KEY,
		name TEXT NOT NULL,
		name_key TEXT NOT NULL UNIQUE,
		pass_hash TEXT NOT NULL,
		created INTEGER NOT NULL
	);
	CREATE TABLE sessions (
		token_hash BLOB PRIMARY KEY,
		account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
		table_id TEXT,
		role TEXT NOT NULL,
		player TEXT NOT NULL DEFAULT '',
		created INTEGER NOT NULL,
		expires INTEGER NOT NULL
	);
	CREATE INDEX sessions_expires ON sessions(expires);
	CREATE TABLE failures (key TEXT NOT NULL, at INTEGER NOT NULL);
	CREATE INDEX failures_key ON failures(key, at);
	CREATE TABLE locks (key TEXT PRIMARY KEY, until INTEGER NOT NULL);
	CREATE TABLE players (
		account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
		name TEXT NOT NULL,
		name_key TEXT NOT NULL,
		color TEXT NOT NULL,
		symbol TEXT NOT NULL,
		PRIMARY KEY (account_id, name_key)
	);
	CREATE TABLE tables (
		id TEXT PRIMARY KEY,
		game TEXT NOT NULL,
		setup TEXT NOT NULL,
		pin TEXT NOT NULL,
		creator_id INTEGER NOT NULL REFERENCES accounts(id),
		engine_version TEXT NOT NULL,
		created INTEGER NOT NULL
	);
	CREATE INDEX tables_creator ON tables(creator_id, created);
	CREATE TABLE entries (
		table_id TEXT NOT NULL REFERENCES tables(id),
		seq INTEGER NOT NULL,
		kind TEXT NOT NULL,
		action TEXT,
		actor TEXT NOT NULL,
		state_hash TEXT NOT NULL,
		cards TEXT,
		at INTEGER NOT NULL,
		PRIMARY KEY (table_id, seq)
	) WITHOUT ROWID;
	CREATE TABLE secrets (
		table_id TEXT NOT NULL REFERENCES tables(id),
		version INTEGER NOT NULL,
		player TEXT NOT NULL,
		action TEXT NOT NULL,
		at INTEGER NOT NULL,
		PRIMARY KEY (table_id, version, player)
	) WITHOUT ROWID;
	CREATE TABLE finished (
		table_id TEXT PRIMARY KEY REFERENCES tables(id),
		account_id INTEGER NOT NULL,
		game TEXT NOT NULL,
		players TEXT NOT NULL,
		outcome TEXT NOT NULL,
		at INTEGER NOT NULL
	);
	CREATE INDEX finished_account ON finished(account_id, at);`,
	// 2: the rules version of each entry, so that a table started under
	// older rules goes on under newer ones.
	`ALTER TABLE entries ADD COLUMN engine_version TEXT NOT NULL DEFAULT '';`,
	// 3: the phones' stand-ins beside a table's record (buzzer, sand timer).
	`CREATE TABLE scratch (
		table_id TEXT NOT NULL REFERENCES tables(id),
		key TEXT NOT NULL,
		value TEXT NOT NULL,
		rev INTEGER NOT NULL,
		PRIMARY KEY (table_id, key)
	) WITHOUT ROWID;`,
	// 4: seats held by one phone each, when and from where a session was
	// last used, secret choices kept by their choosing round and who
	// entered them, and the rate limits' states (replacing failures and
	// locks).
	`DELETE FROM sessions WHERE role = 'player' AND rowid NOT IN (
		SELECT MAX(rowid) FROM sessions WHERE role = 'player' GROUP BY table_id, player);
	CREATE UNIQUE INDEX sessions_seat ON sessions(table_id, player) WHERE role = 'player';
	CREATE INDEX sessions_account ON sessions(account_id);
	CREATE INDEX sessions_table ON sessions(table_id);
	ALTER TABLE sessions ADD COLUMN last_seen INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE sessions ADD COLUMN addr TEXT NOT NULL DEFAULT '';
	ALTER TABLE secrets RENAME COLUMN version TO round;
	ALTER TABLE secrets ADD COLUMN by_actor TEXT NOT NULL DEFAULT '';
	ALTER TABLE secrets ADD COLUMN round_key TEXT NOT NULL DEFAULT '';
	DROP TABLE failures;
	DROP TABLE locks;
	CREATE TABLE limits (
		key TEXT PRIMARY KEY,
		value TEXT NOT NULL,
		expires INTEGER NOT NULL
	) WITHOUT ROWID;
	CREATE INDEX limits_expires ON limits(expires);`,
}

func migrate(db *sql.DB) error {
	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied INTEGER NOT NULL)`); err != nil {
		return err
	}
	var have int
	if err := db.QueryRow(`SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return err
	}
	return store.Migrate(have, migrations, func(v int, migration string) error {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		if _, err := tx.Exec(migration); err != nil {
			tx.Rollback()
			return fmt.Errorf("schema migration %d: %w", v, err)
		}
		if _, err := tx.Exec(`INSERT INTO schema_migrations (version, applied) VALUES (?, ?)`, v, time.Now().UnixMilli()); err != nil {
			tx.Rollback()
			return err
		}
		return tx.Commit()
	})
}

// key is how names are compared: NFC, lower case, trimmed.
func key(name string) string { return store.NameKey(name) }

func ms(t time.Time) int64     { return t.UnixMilli() }
func fromMS(v int64) time.Time { return time.UnixMilli(v) }
func isUnique(err error) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

// SQLite's result codes (the primary code is the low byte).
const (
	sqliteReadOnly = 8
	sqliteFull     = 13
)

// storageErr marks a write that failed because the disk is full or the
// database cannot be written as store.ErrFull or store.ErrReadOnly (the
// phones are told so); other errors pass unchanged.
func storageErr(err error) error {
	if err == nil {
		return nil
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqliteFull:
			return fmt.Errorf("%w: %w", store.ErrFull, err)
		case sqliteReadOnly:
			return fmt.Errorf("%w: %w", store.ErrReadOnly, err)
		}
	}
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return fmt.Errorf("%w: %w", store.ErrFull, err)
	case errors.Is(err, syscall.EROFS):
		return fmt.Errorf("%w: %w", store.ErrReadOnly, err)
	}
	return err
}

func (s *Store) CreateAccount(ctx context.Context, name, passHash string, now time.Time) (store.Account, error) {
	res, err := s.write.ExecContext(ctx, `INSERT INTO accounts (name, name_key, pass_hash, created) VALUES (?, ?, ?, ?)`, name, key(name), passHash, ms(now))
	if isUnique(err) {
		return store.Account{}, store.ErrExists
	}
	if err != nil {
		return store.Account{}, storageErr(err)
	}
	id, _ := res.LastInsertId()
	return store.Account{ID: id, Name: name, PassHash: passHash, Created: now}, nil
}

func (s *Store) SetPassword(ctx context.Context, accountID int64, passHash string) error {
	res, err := s.write.ExecContext(ctx, `UPDATE accounts SET pass_hash = ? WHERE id = ?`, passHash, accountID)
	if err != nil {
		return storageErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// accountTables lists what an account's deletion takes with it: every
// table it opened, with everything that hangs on a table.
var accountTables = []string{
	`DELETE FROM entries WHERE table_id IN (SELECT id FROM tables WHERE creator_id = ?1)`,
	`DELETE FROM secrets WHERE table_id IN (SELECT id FROM tables WHERE creator_id = ?1)`,
	`DELETE FROM scratch WHERE table_id IN (SELECT id FROM tables WHERE creator_id = ?1)`,
	`DELETE FROM finished WHERE table_id IN (SELECT id FROM tables WHERE creator_id = ?1) OR account_id = ?1`,
	`DELETE FROM sessions WHERE table_id IN (SELECT id FROM tables WHERE creator_id = ?1) OR account_id = ?1`,
	`DELETE FROM tables WHERE creator_id = ?1`,
	`DELETE FROM players WHERE account_id = ?1`,
	`DELETE FROM accounts WHERE id = ?1`,
}

func (s *Store) DeleteAccount(ctx context.Context, accountID int64) error {
	tables, err := s.tableIDsOf(ctx, accountID)
	if err != nil {
		return err
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return storageErr(err)
	}
	defer tx.Rollback()
	for i, q := range accountTables {
		res, err := tx.ExecContext(ctx, q, accountID)
		if err != nil {
			return storageErr(err)
		}
		if n, _ := res.RowsAffected(); i == len(accountTables)-1 && n == 0 {
			return store.ErrNotFound
		}
	}
	if err := tx.Commit(); err != nil {
		return storageErr(err)
	}
	s.sessions.deleteWhere(func(se store.Session) bool {
		return se.AccountID == accountID || slices.Contains(tables, se.TableID)
	})
	return nil
}

func (s *Store) tableIDsOf(ctx context.Context, accountID int64) ([]string, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT id FROM tables WHERE creator_id = ?`, accountID)
	return collect(rows, err, func(row scanner) (string, error) {
		var id string
		return id, row.Scan(&id)
	})
}

// scanner is a row to read: *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// collect reads every row of a query with scan (the rows and err that
// QueryContext returned), as pgx.CollectRows does for the PostgreSQL store.
func collect[T any](rows *sql.Rows, err error, scan func(scanner) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func (s *Store) scanAccount(row *sql.Row) (store.Account, error) {
	var a store.Account
	var created int64
	if err := row.Scan(&a.ID, &a.Name, &a.PassHash, &created); err != nil {
		return a, notFound(err)
	}
	a.Created = fromMS(created)
	return a, nil
}

func (s *Store) AccountByName(ctx context.Context, name string) (store.Account, error) {
	return s.scanAccount(s.read.QueryRowContext(ctx, `SELECT id, name, pass_hash, created FROM accounts WHERE name_key = ?`, key(name)))
}

func (s *Store) Account(ctx context.Context, id int64) (store.Account, error) {
	return s.scanAccount(s.read.QueryRowContext(ctx, `SELECT id, name, pass_hash, created FROM accounts WHERE id = ?`, id))
}

func (s *Store) CreateSession(ctx context.Context, se store.Session) error {
	var account any
	if se.AccountID != 0 {
		account = se.AccountID
	}
	var table any
	if se.TableID != "" {
		table = se.TableID
	}
	if se.LastSeen.IsZero() {
		se.LastSeen = se.Created
	}
	// Expired sessions go as new ones come, so the table stays small (and
	// an expired seat is free again).
	if _, err := s.write.ExecContext(ctx, `DELETE FROM sessions WHERE expires <= ?`, ms(se.Created)); err != nil {
		return storageErr(err)
	}
	_, err := s.write.ExecContext(ctx, `INSERT INTO sessions (token_hash, account_id, table_id, role, player, created, expires, last_seen, addr) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		se.TokenHash, account, table, se.Role, se.Player, ms(se.Created), ms(se.Expires), ms(se.LastSeen), se.Addr)
	if isUnique(err) {
		if strings.Contains(err.Error(), "sessions.table_id") {
			return store.ErrSeatTaken
		}
		return store.ErrExists
	}
	if err != nil {
		return storageErr(err)
	}
	s.sessions.put(se, se.Created)
	return nil
}

const sessionColumns = `token_hash, account_id, table_id, role, player, created, expires, last_seen, addr`

func scanSession(sc scanner) (store.Session, error) {
	var se store.Session
	var account sql.NullInt64
	var table sql.NullString
	var created, expires, seen int64
	if err := sc.Scan(&se.TokenHash, &account, &table, &se.Role, &se.Player, &created, &expires, &seen, &se.Addr); err != nil {
		return se, notFound(err)
	}
	se.AccountID, se.TableID = account.Int64, table.String
	se.Created, se.Expires, se.LastSeen = fromMS(created), fromMS(expires), fromMS(seen)
	return se, nil
}

func (s *Store) Session(ctx context.Context, tokenHash []byte, now time.Time) (store.Session, error) {
	if se, ok := s.sessions.get(tokenHash, now); ok {
		return se, nil
	}
	se, err := scanSession(s.read.QueryRowContext(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE token_hash = ? AND expires > ?`, tokenHash, ms(now)))
	if err != nil {
		return se, err
	}
	s.sessions.put(se, now)
	return se, nil
}

func (s *Store) querySessions(ctx context.Context, where string, args ...any) ([]store.Session, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE `+where, args...)
	return collect(rows, err, scanSession)
}

func (s *Store) DeleteSession(ctx context.Context, tokenHash []byte) error {
	// Forgotten first: from here on the token is refused, even if the
	// delete below fails.
	s.sessions.delete(tokenHash)
	_, err := s.write.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash)
	return storageErr(err)
}

func (s *Store) TouchSession(ctx context.Context, tokenHash []byte, now time.Time, addr string) error {
	if _, err := s.write.ExecContext(ctx, `UPDATE sessions SET last_seen = ?, addr = ? WHERE token_hash = ?`, ms(now), addr, tokenHash); err != nil {
		return storageErr(err)
	}
	s.sessions.touch(tokenHash, now, addr)
	return nil
}

func (s *Store) AccountSessions(ctx context.Context, accountID int64, now time.Time) ([]store.Session, error) {
	return s.querySessions(ctx, `account_id = ? AND role = 'account' AND expires > ? ORDER BY last_seen DESC, created DESC`, accountID, ms(now))
}

func (s *Store) DeleteAccountSessions(ctx context.Context, accountID int64, keep []byte) error {
	if keep == nil {
		keep = []byte{}
	}
	// Forgotten first, as in DeleteSession.
	s.sessions.deleteWhere(func(se store.Session) bool {
		return se.AccountID == accountID && se.Role == "account" && string(se.TokenHash) != string(keep)
	})
	_, err := s.write.ExecContext(ctx, `DELETE FROM sessions WHERE account_id = ? AND role = 'account' AND token_hash <> ?`, accountID, keep)
	return storageErr(err)
}

func (s *Store) TableSessions(ctx context.Context, tableID string, now time.Time) ([]store.Session, error) {
	return s.querySessions(ctx, `table_id = ? AND expires > ? ORDER BY created`, tableID, ms(now))
}

func (s *Store) FreeSeat(ctx context.Context, tableID, player string) error {
	s.sessions.deleteWhere(func(se store.Session) bool {
		return se.TableID == tableID && se.Role == "player" && se.Player == player
	})
	res, err := s.write.ExecContext(ctx, `DELETE FROM sessions WHERE table_id = ? AND role = 'player' AND player = ?`, tableID, player)
	if err != nil {
		return storageErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

func (s *Store) Limit(ctx context.Context, now time.Time, keys []string, fn func([]store.LimitState) ([]store.LimitState, error)) error {
	// The writer's immediate transaction holds SQLite's write lock from
	// its first statement: no other Limit runs between reading and
	// writing (one process holds the database: store.Sole).
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return storageErr(err)
	}
	defer tx.Rollback()
	err = store.UpdateLimits(now, keys, fn, func(k string) (store.LimitState, error) {
		var value string
		var expires int64
		err := tx.QueryRowContext(ctx, `SELECT value, expires FROM limits WHERE key = ?`, k).Scan(&value, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return store.LimitState{}, nil
		}
		return store.LimitState{Value: json.RawMessage(value), Expires: fromMS(expires)}, storageErr(err)
	}, func(k string, st store.LimitState) error {
		var err error
		if len(st.Value) == 0 {
			_, err = tx.ExecContext(ctx, `DELETE FROM limits WHERE key = ?`, k)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO limits (key, value, expires) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires = excluded.expires`,
				k, string(st.Value), ms(st.Expires))
		}
		return storageErr(err)
	})
	if err != nil {
		return err
	}
	// A few expired states go with every call, so the table stays small.
	if _, err := tx.ExecContext(ctx, `DELETE FROM limits WHERE key IN (SELECT key FROM limits WHERE expires <= ? LIMIT 32)`, ms(now)); err != nil {
		return storageErr(err)
	}
	return storageErr(tx.Commit())
}

func (s *Store) SavePlayer(ctx context.Context, p store.SavedPlayer) error {
	_, err := s.write.ExecContext(ctx, `INSERT INTO players (account_id, name, name_key, color, symbol) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (account_id, name_key) DO UPDATE SET name = excluded.name, color = excluded.color, symbol = excluded.symbol`,
		p.AccountID, p.Name, key(p.Name), p.Color, p.Symbol)
	return storageErr(err)
}

func (s *Store) Players(ctx context.Context, accountID int64) ([]store.SavedPlayer, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT name, color, symbol FROM players WHERE account_id = ? ORDER BY name_key`, accountID)
	return collect(rows, err, func(row scanner) (store.SavedPlayer, error) {
		p := store.SavedPlayer{AccountID: accountID}
		return p, row.Scan(&p.Name, &p.Color, &p.Symbol)
	})
}

func (s *Store) DeletePlayer(ctx context.Context, accountID int64, name string) error {
	res, err := s.write.ExecContext(ctx, `DELETE FROM players WHERE account_id = ? AND name_key = ?`, accountID, key(name))
	if err != nil {
		return storageErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

func (s *Store) CreateTable(ctx context.Context, t store.Table) error {
	_, err := s.write.ExecContext(ctx, `INSERT INTO tables (id, game, setup, pin, creator_id, engine_version, created) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.Game, string(t.Setup), t.PIN, t.CreatorID, t.EngineVersion, ms(t.Created))
	if isUnique(err) {
		return store.ErrExists
	}
	return storageErr(err)
}

func (s *Store) SetPIN(ctx context.Context, tableID, pin string) error {
	res, err := s.write.ExecContext(ctx, `UPDATE tables SET pin = ? WHERE id = ?`, pin, tableID)
	if err != nil {
		return storageErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

const tableColumns = `id, game, setup, pin, creator_id, engine_version, created`

func scanTable(sc scanner) (store.Table, error) {
	var t store.Table
	var setup string
	var created int64
	if err := sc.Scan(&t.ID, &t.Game, &setup, &t.PIN, &t.CreatorID, &t.EngineVersion, &created); err != nil {
		return t, notFound(err)
	}
	t.Setup, t.Created = json.RawMessage(setup), fromMS(created)
	return t, nil
}

func (s *Store) Table(ctx context.Context, id string) (store.Table, error) {
	return scanTable(s.read.QueryRowContext(ctx, `SELECT `+tableColumns+` FROM tables WHERE id = ?`, id))
}

func (s *Store) TablesOf(ctx context.Context, accountID int64, limit int) ([]store.Table, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT `+tableColumns+` FROM tables WHERE creator_id = ? ORDER BY created DESC, id LIMIT ?`, accountID, limit)
	return collect(rows, err, scanTable)
}

// Append hands the entry to the writer and waits until its transaction is
// committed (or refused).
func (s *Store) Append(ctx context.Context, tableID string, e store.Entry) (err error) {
	req := appendReq{ctx: ctx, tableID: tableID, entry: e, result: make(chan error, 1)}
	defer func() {
		if recover() != nil { // the store is closed
			err = errors.New("store: closed")
		}
	}()
	s.appends <- req
	return <-req.result
}

// writeEntries is the one writer of entries: it takes what has arrived,
// writes it in one transaction and answers each request.
func (s *Store) writeEntries() {
	defer close(s.done)
	for first := range s.appends {
		batch := []appendReq{first}
	more:
		for len(batch) < maxBatch {
			select {
			case r, ok := <-s.appends:
				if !ok {
					break more
				}
				batch = append(batch, r)
			default:
				break more
			}
		}
		s.commit(batch)
	}
}

// insertEntry writes an entry only if it directly follows the table's
// last one; otherwise nothing changes and no error stops the batch.
const insertEntry = `INSERT INTO entries (table_id, seq, kind, action, actor, state_hash, cards, at, engine_version)
	SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
	WHERE (SELECT COALESCE(MAX(seq), 0) FROM entries WHERE table_id = ?1) = ?2 - 1
	  AND EXISTS (SELECT 1 FROM tables WHERE id = ?1)
	ON CONFLICT DO NOTHING`

func (s *Store) commit(batch []appendReq) {
	results := make([]error, len(batch))
	fail := func(err error) {
		err = storageErr(err)
		for _, r := range batch {
			r.result <- err
		}
	}
	tx, err := s.write.BeginTx(context.Background(), nil)
	if err != nil {
		fail(err)
		return
	}
	insert, err := s.write.inTx(context.Background(), tx, insertEntry)
	if err != nil {
		tx.Rollback()
		fail(err)
		return
	}
	for i, r := range batch {
		if err := r.ctx.Err(); err != nil {
			results[i] = err // the caller is gone: write nothing it was not told of
			continue
		}
		e := r.entry
		action, cards := store.EntryColumns(e)
		res, err := insert.Exec(r.tableID, e.Seq, e.Kind, action, e.Actor, e.StateHash, cards, ms(e.At), e.EngineVersion)
		if err != nil {
			tx.Rollback()
			fail(err)
			return
		}
		if n, _ := res.RowsAffected(); n == 0 {
			results[i] = store.ErrConflict
		}
	}
	if err := tx.Commit(); err != nil {
		fail(err)
		return
	}
	for i, r := range batch {
		r.result <- results[i]
	}
}

func (s *Store) Entries(ctx context.Context, tableID string, after int64) ([]store.Entry, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT seq, kind, action, actor, state_hash, cards, at, engine_version FROM entries WHERE table_id = ? AND seq > ? ORDER BY seq`, tableID, after)
	return collect(rows, err, func(row scanner) (store.Entry, error) {
		var e store.Entry
		var action, cards *string // nil: NULL
		var at int64
		if err := row.Scan(&e.Seq, &e.Kind, &action, &e.Actor, &e.StateHash, &cards, &at, &e.EngineVersion); err != nil {
			return e, err
		}
		e.At = fromMS(at)
		return e, store.SetEntryColumns(&e, tableID, action, cards)
	})
}

func (s *Store) AddSecrets(ctx context.Context, tableID string, round int64, secrets []store.Secret) ([]store.Secret, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, storageErr(err)
	}
	defer tx.Rollback()
	// Choices of another round can never be revealed any more.
	if _, err := tx.ExecContext(ctx, `DELETE FROM secrets WHERE table_id = ? AND round <> ?`, tableID, round); err != nil {
		return nil, storageErr(err)
	}
	for _, sec := range secrets {
		// A choice the table enters for a player never replaces the one
		// the player made on their own phone.
		if _, err := tx.ExecContext(ctx, `INSERT INTO secrets (table_id, round, player, action, at, by_actor, round_key) VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (table_id, round, player) DO UPDATE SET action = excluded.action, at = excluded.at, by_actor = excluded.by_actor, round_key = excluded.round_key
			WHERE excluded.by_actor <> 'table' OR secrets.by_actor = 'table'`,
			tableID, round, sec.Player, string(sec.Action), ms(sec.At), sec.By, sec.Key); err != nil {
			return nil, storageErr(err)
		}
	}
	_, out, err := querySecrets(ctx, tx, tableID)
	if err != nil {
		return nil, err
	}
	return out, storageErr(tx.Commit())
}

func (s *Store) Secrets(ctx context.Context, tableID string) (int64, []store.Secret, error) {
	return querySecrets(ctx, s.read, tableID)
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func querySecrets(ctx context.Context, q querier, tableID string) (int64, []store.Secret, error) {
	rows, err := q.QueryContext(ctx, `SELECT round, player, action, at, by_actor, round_key FROM secrets WHERE table_id = ? ORDER BY round DESC, at, player`, tableID)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	var out []store.Secret
	round := int64(-1)
	for rows.Next() {
		var sec store.Secret
		var action string
		var at, r int64
		if err := rows.Scan(&r, &sec.Player, &action, &at, &sec.By, &sec.Key); err != nil {
			return 0, nil, err
		}
		if round >= 0 && r != round {
			break // an older round left behind: only the newest counts
		}
		round = r
		sec.Action, sec.At = json.RawMessage(action), fromMS(at)
		out = append(out, sec)
	}
	return max(round, 0), out, rows.Err()
}

func (s *Store) Finish(ctx context.Context, f store.Finished) error {
	players, _ := json.Marshal(f.Players)
	_, err := s.write.ExecContext(ctx, `INSERT INTO finished (table_id, account_id, game, players, outcome, at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (table_id) DO UPDATE SET players = excluded.players, outcome = excluded.outcome, at = excluded.at`,
		f.TableID, f.AccountID, f.Game, string(players), string(f.Outcome), ms(f.At))
	return storageErr(err)
}

func (s *Store) Unfinish(ctx context.Context, tableID string) error {
	_, err := s.write.ExecContext(ctx, `DELETE FROM finished WHERE table_id = ?`, tableID)
	return storageErr(err)
}

func (s *Store) History(ctx context.Context, accountID int64, limit int) ([]store.Finished, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT table_id, game, players, outcome, at FROM finished WHERE account_id = ? ORDER BY at DESC, table_id LIMIT ?`, accountID, limit)
	return collect(rows, err, func(row scanner) (store.Finished, error) {
		f := store.Finished{AccountID: accountID}
		var players, outcome string
		var at int64
		if err := row.Scan(&f.TableID, &f.Game, &players, &outcome, &at); err != nil {
			return f, err
		}
		f.Outcome, f.At = json.RawMessage(outcome), fromMS(at)
		return f, json.Unmarshal([]byte(players), &f.Players)
	})
}

func (s *Store) Scratch(ctx context.Context, tableID, k string) (store.Scratch, error) {
	var sc store.Scratch
	var value string
	err := s.read.QueryRowContext(ctx, `SELECT value, rev FROM scratch WHERE table_id = ? AND key = ?`, tableID, k).Scan(&value, &sc.Rev)
	if err != nil {
		return sc, notFound(err)
	}
	sc.Value = json.RawMessage(value)
	return sc, nil
}

func (s *Store) PutScratch(ctx context.Context, tableID, k string, value json.RawMessage, rev int64) (int64, error) {
	var res sql.Result
	var err error
	if rev == 0 {
		res, err = s.write.ExecContext(ctx, `INSERT INTO scratch (table_id, key, value, rev) SELECT ?1, ?2, ?3, 1
			WHERE EXISTS (SELECT 1 FROM tables WHERE id = ?1) ON CONFLICT DO NOTHING`, tableID, k, string(value))
	} else {
		res, err = s.write.ExecContext(ctx, `UPDATE scratch SET value = ?, rev = rev + 1 WHERE table_id = ? AND key = ? AND rev = ?`, string(value), tableID, k, rev)
	}
	if err != nil {
		return 0, storageErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := s.Table(ctx, tableID); err != nil {
			return 0, err
		}
		return 0, store.ErrConflict
	}
	return rev + 1, nil
}

// Backup writes a consistent copy with VACUUM INTO, which reads one
// snapshot of the database while the server goes on writing. The copy is
// made under a temporary name beside path and linked into place only when
// complete, so an existing file is never overwritten and a failed backup
// leaves nothing behind.
func (s *Store) Backup(ctx context.Context, path string) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s: %w", path, os.ErrExist)
	}
	tmp := fmt.Sprintf("%s.tmp-%d", path, time.Now().UnixNano())
	defer os.Remove(tmp)
	// The copy holds what the database holds: readable by its owner only,
	// from its first byte (VACUUM INTO fills an empty file it is given).
	t, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return storageErr(err)
	}
	t.Close()
	if _, err := s.write.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		return storageErr(err)
	}
	f, err := os.Open(tmp)
	if err != nil {
		return err
	}
	err = f.Sync()
	f.Close()
	if err != nil {
		return err
	}
	// Link, not rename: link refuses to replace a file that appeared meanwhile.
	if err := os.Link(tmp, path); err != nil {
		return err
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

var _ store.Store = (*Store)(nil)
