// Package postgres is the scorer's store on a PostgreSQL server, through
// github.com/jackc/pgx/v5: for a club evening or a convention, where
// several `druckreif serve` instances share one database and act as one
// scorer.
//
// The database does what one process did for the embedded store: the
// version check is the insert of an entry that must directly follow the
// table's last one (the key (table, seq) makes two writes of one version
// impossible, across instances too); the rate limits count in the database;
// secret choices of one table are taken one at a time (an advisory lock),
// so the last one always sees all the others. Every entry and every secret
// choice sends a notification in its own transaction (NOTIFY is delivered
// on commit, in commit order), which the other instances follow on a
// dedicated connection (Follow) to tell their phones at once.
//
// A write that returned nil is committed with synchronous_commit on: on
// disk on the database server before the scorer answers. When the server
// cannot be reached, the store's errors wrap store.ErrUnavailable.
package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgxlisten"

	"druckreif/scorer/store"
)

// channel is the NOTIFY channel of the scorer's changes. Notifications are
// per database, so clubs with a database each do not hear each other.
const channel = "druckreif_changes"

// Timeouts: a store operation that cannot get an answer within opTimeout
// fails as unavailable instead of holding the phone's request.
const (
	opTimeout      = 10 * time.Second
	connectTimeout = 5 * time.Second
	reconnectDelay = 500 * time.Millisecond
)

// Store is the PostgreSQL store.
type Store struct {
	pool *pgxpool.Pool
	// listen is the configuration of the listening connection.
	listen *pgx.ConnConfig
	// instance tells this Store's own notifications from the others'.
	instance string
	dsn      string
}

// IsURL reports whether s names a PostgreSQL database (a postgres:// or
// postgresql:// URL).
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Redact is the URL without its password, to print.
func Redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://…"
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// dialer keeps TCP keep-alives short, so that a connection to a server
// that vanished (a cable, a partition) is noticed within seconds, not
// after the kernel's two hours: the listening connection above all, which
// otherwise waits for notifications that never come.
func dialer() *net.Dialer {
	return &net.Dialer{
		Timeout:         connectTimeout,
		KeepAliveConfig: net.KeepAliveConfig{Enable: true, Idle: 5 * time.Second, Interval: 2 * time.Second, Count: 3},
	}
}

// Open connects to the database named by dsn (a postgres:// URL; pgx's
// pool_max_conns and the other pool settings are understood) and brings
// its schema up to date. Several instances may open one database at once.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Redact(dsn), err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		// Every request makes a few short queries; beyond a handful of
		// connections the database, not the pool, is what waits.
		cfg.MaxConns = 16
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = connectTimeout
	}
	cfg.ConnConfig.DialFunc = dialer().DialContext
	cfg.AfterConnect = durable
	b := make([]byte, 8)
	rand.Read(b)
	s := &Store{listen: cfg.ConnConfig.Copy(), instance: hex.EncodeToString(b), dsn: dsn}
	s.listen.RuntimeParams["application_name"] = "druckreif listen " + s.instance
	cfg.ConnConfig.RuntimeParams["application_name"] = "druckreif " + s.instance
	s.pool, err = pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Redact(dsn), err)
	}
	octx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := s.migrate(octx); err != nil {
		s.pool.Close()
		return nil, fmt.Errorf("%s: %w", Redact(dsn), unavailable(err))
	}
	return s, nil
}

// durable makes sure a commit waits for the disk: a server (or database)
// set to synchronous_commit=off would acknowledge actions a crash of the
// database server can still lose. Stronger settings (remote_apply for a
// standby) are kept.
func durable(ctx context.Context, c *pgx.Conn) error {
	var sc string
	if err := c.QueryRow(ctx, `SELECT current_setting('synchronous_commit')`).Scan(&sc); err != nil {
		return err
	}
	if sc == "off" {
		_, err := c.Exec(ctx, `SET synchronous_commit TO on`)
		return err
	}
	return nil
}

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// Instance is the id this Store's notifications carry (and its
// connections' application_name: "druckreif ID", "druckreif listen ID").
func (s *Store) Instance() string { return s.instance }

// migrations are the schema's versions, applied in order, each once: the
// same tables and columns at the same version numbers as the SQLite store
// (a test holds them to it), in PostgreSQL's types.
var migrations = []string{
	// 1: everything the scorer needs at the table.
	`CREATE TABLE accounts (
		id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		name TEXT NOT NULL,
		name_key TEXT NOT NULL UNIQUE,
		pass_hash TEXT NOT NULL,
		created TIMESTAMPTZ NOT NULL
	);
	CREATE TABLE sessions (
		token_hash BYTEA PRIMARY KEY,
		account_id BIGINT REFERENCES accounts(id) ON DELETE CASCADE,
		table_id TEXT,
		role TEXT NOT NULL,
		player TEXT NOT NULL DEFAULT '',
		created TIMESTAMPTZ NOT NULL,
		expires TIMESTAMPTZ NOT NULL
	);
	CREATE INDEX sessions_expires ON sessions(expires);
	CREATE TABLE failures (key TEXT NOT NULL, at TIMESTAMPTZ NOT NULL);
	CREATE INDEX failures_key ON failures(key, at);
	CREATE TABLE locks (key TEXT PRIMARY KEY, until TIMESTAMPTZ NOT NULL);
	CREATE TABLE players (
		account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
		name TEXT NOT NULL,
		name_key TEXT NOT NULL,
		color TEXT NOT NULL,
		symbol TEXT NOT NULL,
		PRIMARY KEY (account_id, name_key)
	);
	CREATE TABLE tables (
		id TEXT PRIMARY KEY,
		game TEXT NOT NULL,
		setup JSON NOT NULL,
		pin TEXT NOT NULL,
		creator_id BIGINT NOT NULL REFERENCES accounts(id),
		engine_version TEXT NOT NULL,
		created TIMESTAMPTZ NOT NULL
	);
	CREATE INDEX tables_creator ON tables(creator_id, created);
	CREATE TABLE entries (
		table_id TEXT NOT NULL REFERENCES tables(id),
		seq BIGINT NOT NULL,
		kind TEXT NOT NULL,
		action JSON,
		actor TEXT NOT NULL,
		state_hash TEXT NOT NULL,
		cards JSONB,
		at TIMESTAMPTZ NOT NULL,
		PRIMARY KEY (table_id, seq)
	);
	CREATE TABLE secrets (
		table_id TEXT NOT NULL REFERENCES tables(id),
		version BIGINT NOT NULL,
		player TEXT NOT NULL,
		action JSON NOT NULL,
		at TIMESTAMPTZ NOT NULL,
		PRIMARY KEY (table_id, version, player)
	);
	CREATE TABLE finished (
		table_id TEXT PRIMARY KEY REFERENCES tables(id),
		account_id BIGINT NOT NULL,
		game TEXT NOT NULL,
		players TEXT[] NOT NULL,
		outcome JSON NOT NULL,
		at TIMESTAMPTZ NOT NULL
	);
	CREATE INDEX finished_account ON finished(account_id, at);`,
	// 2: the rules version of each entry, so that a table started under
	// older rules goes on under newer ones.
	`ALTER TABLE entries ADD COLUMN engine_version TEXT NOT NULL DEFAULT '';`,
	// 3: the phones' stand-ins beside a table's record (buzzer, sand timer).
	`CREATE TABLE scratch (
		table_id TEXT NOT NULL REFERENCES tables(id),
		key TEXT NOT NULL,
		value JSON NOT NULL,
		rev BIGINT NOT NULL,
		PRIMARY KEY (table_id, key)
	);`,
	// 4: seats held by one phone each, when and from where a session was
	// last used, secret choices kept by their choosing round and who
	// entered them, and the rate limits' states (replacing failures and
	// locks).
	`DELETE FROM sessions a USING sessions b
		WHERE a.role = 'player' AND b.role = 'player' AND a.table_id = b.table_id AND a.player = b.player
		  AND (a.created, a.token_hash) < (b.created, b.token_hash);
	CREATE UNIQUE INDEX sessions_seat ON sessions(table_id, player) WHERE role = 'player';
	CREATE INDEX sessions_account ON sessions(account_id);
	CREATE INDEX sessions_table ON sessions(table_id);
	ALTER TABLE sessions ADD COLUMN last_seen TIMESTAMPTZ NOT NULL DEFAULT 'epoch';
	ALTER TABLE sessions ADD COLUMN addr TEXT NOT NULL DEFAULT '';
	ALTER TABLE secrets RENAME COLUMN version TO round;
	ALTER TABLE secrets ADD COLUMN by_actor TEXT NOT NULL DEFAULT '';
	ALTER TABLE secrets ADD COLUMN round_key TEXT NOT NULL DEFAULT '';
	DROP TABLE failures;
	DROP TABLE locks;
	CREATE TABLE limits (
		key TEXT PRIMARY KEY,
		value JSON NOT NULL,
		expires TIMESTAMPTZ NOT NULL
	);
	CREATE INDEX limits_expires ON limits(expires);`,
}

// migrationLock is the advisory lock that lets one instance migrate while
// the others starting at the same moment wait, then find nothing to do.
const migrationLock = 0x64727563 // "druc"

// migrate applies the missing migrations in one transaction: PostgreSQL's
// DDL is transactional, so a failed migration leaves the schema as it was.
func (s *Store) migrate(ctx context.Context) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied TIMESTAMPTZ NOT NULL)`); err != nil {
			return err
		}
		var have int
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
			return err
		}
		return store.Migrate(have, migrations, func(v int, migration string) error {
			if _, err := tx.Exec(ctx, migration); err != nil {
				return fmt.Errorf("schema migration %d: %w", v, err)
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, applied) VALUES ($1, now())`, v)
			return err
		})
	})
}

// unavailable marks errors that mean the database cannot be reached just
// now — a refused or broken connection, a timeout, a server shutting
// down — as store.ErrUnavailable; other errors pass unchanged.
func unavailable(err error) error {
	if err == nil || errors.Is(err, store.ErrUnavailable) {
		return err
	}
	var pe *pgconn.PgError
	var ce *pgconn.ConnectError
	var ne net.Error
	if errors.As(err, &pe) {
		switch pe.Code {
		case "53100": // disk_full
			return fmt.Errorf("%w: %w", store.ErrFull, err)
		case "25006": // read_only_sql_transaction (a standby, default_transaction_read_only)
			return fmt.Errorf("%w: %w", store.ErrReadOnly, err)
		}
	}
	switch {
	case errors.As(err, &pe):
		// Class 08: connection exception; 57P01–57P03: the server shuts
		// down or starts; 53: out of connections or resources; 57014: a
		// statement cancelled (by our own timeout).
		if !strings.HasPrefix(pe.Code, "08") && !strings.HasPrefix(pe.Code, "53") && pe.Code != "57P01" && pe.Code != "57P02" && pe.Code != "57P03" && pe.Code != "57014" {
			return err
		}
	case errors.As(err, &ce), errors.As(err, &ne), pgconn.Timeout(err),
		errors.Is(err, context.DeadlineExceeded), errors.Is(err, pgconn.ErrConnClosed),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), pgconn.SafeToRetry(err):
	default:
		return err
	}
	return fmt.Errorf("%w: %w", store.ErrUnavailable, err)
}

func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrNotFound
	}
	return unavailable(err)
}

// op bounds one store operation in time.
func op(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, opTimeout)
}

func (s *Store) CreateAccount(ctx context.Context, name, passHash string, now time.Time) (store.Account, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	a := store.Account{Name: name, PassHash: passHash, Created: now}
	err := s.pool.QueryRow(ctx, `INSERT INTO accounts (name, name_key, pass_hash, created) VALUES ($1, $2, $3, $4) RETURNING id`,
		name, store.NameKey(name), passHash, now).Scan(&a.ID)
	if isUnique(err) {
		return store.Account{}, store.ErrExists
	}
	if err != nil {
		return store.Account{}, unavailable(err)
	}
	return a, nil
}

func (s *Store) account(ctx context.Context, where string, arg any) (store.Account, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	var a store.Account
	err := s.pool.QueryRow(ctx, `SELECT id, name, pass_hash, created FROM accounts WHERE `+where+` = $1`, arg).Scan(&a.ID, &a.Name, &a.PassHash, &a.Created)
	return a, notFound(err)
}

func (s *Store) AccountByName(ctx context.Context, name string) (store.Account, error) {
	return s.account(ctx, "name_key", store.NameKey(name))
}

func (s *Store) Account(ctx context.Context, id int64) (store.Account, error) {
	return s.account(ctx, "id", id)
}

func (s *Store) SetPassword(ctx context.Context, accountID int64, passHash string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `UPDATE accounts SET pass_hash = $2 WHERE id = $1`, accountID, passHash)
	if err != nil {
		return unavailable(err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

// accountTables lists what an account's deletion takes with it: every
// table it opened, with everything that hangs on a table.
var accountTables = []string{
	`DELETE FROM entries WHERE table_id IN (SELECT id FROM tables WHERE creator_id = $1)`,
	`DELETE FROM secrets WHERE table_id IN (SELECT id FROM tables WHERE creator_id = $1)`,
	`DELETE FROM scratch WHERE table_id IN (SELECT id FROM tables WHERE creator_id = $1)`,
	`DELETE FROM finished WHERE table_id IN (SELECT id FROM tables WHERE creator_id = $1) OR account_id = $1`,
	`DELETE FROM sessions WHERE table_id IN (SELECT id FROM tables WHERE creator_id = $1) OR account_id = $1`,
	`DELETE FROM tables WHERE creator_id = $1`,
	`DELETE FROM players WHERE account_id = $1`,
	`DELETE FROM accounts WHERE id = $1`,
}

func (s *Store) DeleteAccount(ctx context.Context, accountID int64) error {
	ctx, cancel := op(ctx)
	defer cancel()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		for i, q := range accountTables {
			tag, err := tx.Exec(ctx, q, accountID)
			if err != nil {
				return err
			}
			if i == len(accountTables)-1 && tag.RowsAffected() == 0 {
				return store.ErrNotFound
			}
		}
		return nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return err
	}
	return unavailable(err)
}

func (s *Store) CreateSession(ctx context.Context, se store.Session) error {
	ctx, cancel := op(ctx)
	defer cancel()
	var account *int64
	if se.AccountID != 0 {
		account = &se.AccountID
	}
	var table *string
	if se.TableID != "" {
		table = &se.TableID
	}
	if se.LastSeen.IsZero() {
		se.LastSeen = se.Created
	}
	// Expired sessions go as new ones come, so the table stays small (and
	// an expired seat is free again). The delete runs first, in its own
	// statement: an expired holder must be gone when the seat is taken.
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE expires <= $1`, se.Created); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, account_id, table_id, role, player, created, expires, last_seen, addr) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			se.TokenHash, account, table, se.Role, se.Player, se.Created, se.Expires, se.LastSeen, se.Addr)
		return err
	})
	if isUnique(err) {
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.ConstraintName == "sessions_seat" {
			return store.ErrSeatTaken
		}
		return store.ErrExists
	}
	return unavailable(err)
}

const sessionColumns = `token_hash, account_id, table_id, role, player, created, expires, last_seen, addr`

func scanSession(row pgx.Row) (store.Session, error) {
	var se store.Session
	var account *int64
	var table *string
	if err := row.Scan(&se.TokenHash, &account, &table, &se.Role, &se.Player, &se.Created, &se.Expires, &se.LastSeen, &se.Addr); err != nil {
		return se, err
	}
	if account != nil {
		se.AccountID = *account
	}
	if table != nil {
		se.TableID = *table
	}
	return se, nil
}

func (s *Store) Session(ctx context.Context, tokenHash []byte, now time.Time) (store.Session, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	se, err := scanSession(s.pool.QueryRow(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE token_hash = $1 AND expires > $2`, tokenHash, now))
	return se, notFound(err)
}

func (s *Store) querySessions(ctx context.Context, where string, args ...any) ([]store.Session, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, _ := s.pool.Query(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE `+where, args...)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Session, error) { return scanSession(row) })
	return out, unavailable(err)
}

func (s *Store) DeleteSession(ctx context.Context, tokenHash []byte) error {
	ctx, cancel := op(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
	return unavailable(err)
}

func (s *Store) TouchSession(ctx context.Context, tokenHash []byte, now time.Time, addr string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `UPDATE sessions SET last_seen = $2, addr = $3 WHERE token_hash = $1`, tokenHash, now, addr)
	return unavailable(err)
}

func (s *Store) AccountSessions(ctx context.Context, accountID int64, now time.Time) ([]store.Session, error) {
	return s.querySessions(ctx, `account_id = $1 AND role = 'account' AND expires > $2 ORDER BY last_seen DESC, created DESC`, accountID, now)
}

func (s *Store) DeleteAccountSessions(ctx context.Context, accountID int64, keep []byte) error {
	ctx, cancel := op(ctx)
	defer cancel()
	if keep == nil {
		keep = []byte{}
	}
	_, err := s.pool.Exec(ctx, `DELETE FROM sessions WHERE account_id = $1 AND role = 'account' AND token_hash <> $2`, accountID, keep)
	return unavailable(err)
}

func (s *Store) TableSessions(ctx context.Context, tableID string, now time.Time) ([]store.Session, error) {
	return s.querySessions(ctx, `table_id = $1 AND expires > $2 ORDER BY created`, tableID, now)
}

func (s *Store) FreeSeat(ctx context.Context, tableID, player string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `DELETE FROM sessions WHERE table_id = $1 AND role = 'player' AND player = $2`, tableID, player)
	if err != nil {
		return unavailable(err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

// Limit takes advisory locks on the keys (in sorted order, so two calls
// never wait for each other crosswise), then reads, runs fn and writes in
// one transaction: instances counting the same key at once each see the
// other's count.
func (s *Store) Limit(ctx context.Context, now time.Time, keys []string, fn func([]store.LimitState) ([]store.LimitState, error)) error {
	ctx, cancel := op(ctx)
	defer cancel()
	var fnErr error
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		sorted := slices.Clone(keys)
		slices.Sort(sorted)
		for _, k := range slices.Compact(sorted) {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('limit:' || $1, 0))`, k); err != nil {
				return err
			}
		}
		err := store.UpdateLimits(now, keys, func(states []store.LimitState) ([]store.LimitState, error) {
			out, err := fn(states)
			fnErr = err
			return out, err
		}, func(k string) (store.LimitState, error) {
			var value string
			var expires time.Time
			err := tx.QueryRow(ctx, `SELECT value::text, expires FROM limits WHERE key = $1`, k).Scan(&value, &expires)
			if errors.Is(err, pgx.ErrNoRows) {
				return store.LimitState{}, nil
			}
			return store.LimitState{Value: json.RawMessage(value), Expires: expires}, err
		}, func(k string, st store.LimitState) error {
			var err error
			if len(st.Value) == 0 {
				_, err = tx.Exec(ctx, `DELETE FROM limits WHERE key = $1`, k)
			} else {
				_, err = tx.Exec(ctx, `INSERT INTO limits (key, value, expires) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires = excluded.expires`,
					k, string(st.Value), st.Expires)
			}
			return err
		})
		if err != nil {
			return err
		}
		// A few expired states go with every call, so the table stays small.
		_, err = tx.Exec(ctx, `DELETE FROM limits WHERE key IN (SELECT key FROM limits WHERE expires <= $1 LIMIT 32)`, now)
		return err
	})
	if fnErr != nil {
		return fnErr
	}
	return unavailable(err)
}

func (s *Store) SavePlayer(ctx context.Context, p store.SavedPlayer) error {
	ctx, cancel := op(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `INSERT INTO players (account_id, name, name_key, color, symbol) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (account_id, name_key) DO UPDATE SET name = excluded.name, color = excluded.color, symbol = excluded.symbol`,
		p.AccountID, p.Name, store.NameKey(p.Name), p.Color, p.Symbol)
	return unavailable(err)
}

func (s *Store) Players(ctx context.Context, accountID int64) ([]store.SavedPlayer, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, _ := s.pool.Query(ctx, `SELECT name, color, symbol FROM players WHERE account_id = $1 ORDER BY name_key`, accountID)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.SavedPlayer, error) {
		p := store.SavedPlayer{AccountID: accountID}
		return p, row.Scan(&p.Name, &p.Color, &p.Symbol)
	})
	return out, unavailable(err)
}

func (s *Store) DeletePlayer(ctx context.Context, accountID int64, name string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `DELETE FROM players WHERE account_id = $1 AND name_key = $2`, accountID, store.NameKey(name))
	if err != nil {
		return unavailable(err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

func (s *Store) CreateTable(ctx context.Context, t store.Table) error {
	ctx, cancel := op(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `INSERT INTO tables (id, game, setup, pin, creator_id, engine_version, created) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		t.ID, t.Game, string(t.Setup), t.PIN, t.CreatorID, t.EngineVersion, t.Created)
	if isUnique(err) {
		return store.ErrExists
	}
	return unavailable(err)
}

const tableColumns = `id, game, setup, pin, creator_id, engine_version, created`

func (s *Store) SetPIN(ctx context.Context, tableID, pin string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `UPDATE tables SET pin = $2 WHERE id = $1`, tableID, pin)
	if err != nil {
		return unavailable(err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

func scanTable(row pgx.Row) (store.Table, error) {
	var t store.Table
	var setup string
	if err := row.Scan(&t.ID, &t.Game, &setup, &t.PIN, &t.CreatorID, &t.EngineVersion, &t.Created); err != nil {
		return t, err
	}
	t.Setup = json.RawMessage(setup)
	return t, nil
}

func (s *Store) Table(ctx context.Context, id string) (store.Table, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	t, err := scanTable(s.pool.QueryRow(ctx, `SELECT `+tableColumns+` FROM tables WHERE id = $1`, id))
	return t, notFound(err)
}

func (s *Store) TablesOf(ctx context.Context, accountID int64, limit int) ([]store.Table, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, _ := s.pool.Query(ctx, `SELECT `+tableColumns+` FROM tables WHERE creator_id = $1 ORDER BY created DESC, id LIMIT $2`, accountID, limit)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Table, error) { return scanTable(row) })
	return out, unavailable(err)
}

// insertEntry writes an entry only if it directly follows the table's
// last one, and notifies the other instances in the same transaction. Of
// two instances writing one version, the second waits on the key until
// the first commits, then writes nothing: no row, no notification.
const insertEntry = `WITH added AS (
	INSERT INTO entries (table_id, seq, kind, action, actor, state_hash, cards, at, engine_version)
	SELECT $1::text, $2::bigint, $3::text, $4::json, $5::text, $6::text, $7::jsonb, $8::timestamptz, $9::text
	WHERE (SELECT COALESCE(MAX(seq), 0) FROM entries WHERE table_id = $1::text) = $2::bigint - 1
	  AND EXISTS (SELECT 1 FROM tables WHERE id = $1::text)
	ON CONFLICT DO NOTHING
	RETURNING seq
)
SELECT pg_notify($10, $11) FROM added`

// Append writes entry e of table id: committed, and on disk, when it
// returns nil.
func (s *Store) Append(ctx context.Context, tableID string, e store.Entry) error {
	ctx, cancel := op(ctx)
	defer cancel()
	action, cards := store.EntryColumns(e)
	tag, err := s.pool.Exec(ctx, insertEntry, tableID, e.Seq, e.Kind, action, e.Actor, e.StateHash, cards, e.At, e.EngineVersion,
		channel, s.payload(store.ChangeEntry, e.Seq, tableID))
	if err != nil {
		return unavailable(err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrConflict
	}
	return nil
}

func (s *Store) Entries(ctx context.Context, tableID string, after int64) ([]store.Entry, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, _ := s.pool.Query(ctx, `SELECT seq, kind, action::text, actor, state_hash, cards::text, at, engine_version FROM entries WHERE table_id = $1 AND seq > $2 ORDER BY seq`, tableID, after)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Entry, error) {
		var e store.Entry
		var action, cards *string
		if err := row.Scan(&e.Seq, &e.Kind, &action, &e.Actor, &e.StateHash, &cards, &e.At, &e.EngineVersion); err != nil {
			return e, err
		}
		return e, store.SetEntryColumns(&e, tableID, action, cards)
	})
	return out, unavailable(err)
}

// AddSecrets takes the table's secret choices one at a time (an advisory
// lock per table): of two last choices made at once on two instances, the
// second sees the first and turns them over.
func (s *Store) AddSecrets(ctx context.Context, tableID string, round int64, secrets []store.Secret) ([]store.Secret, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	var out []store.Secret
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('secrets:' || $1, 0))`, tableID); err != nil {
			return err
		}
		// Choices of another round can never be revealed any more.
		if _, err := tx.Exec(ctx, `DELETE FROM secrets WHERE table_id = $1 AND round <> $2`, tableID, round); err != nil {
			return err
		}
		for _, sec := range secrets {
			// A choice the table enters for a player never replaces the
			// one the player made on their own phone.
			if _, err := tx.Exec(ctx, `INSERT INTO secrets (table_id, round, player, action, at, by_actor, round_key) VALUES ($1, $2, $3, $4, $5, $6, $7)
				ON CONFLICT (table_id, round, player) DO UPDATE SET action = excluded.action, at = excluded.at, by_actor = excluded.by_actor, round_key = excluded.round_key
				WHERE excluded.by_actor <> 'table' OR secrets.by_actor = 'table'`,
				tableID, round, sec.Player, string(sec.Action), sec.At, sec.By, sec.Key); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, channel, s.payload(store.ChangeSecret, round, tableID)); err != nil {
			return err
		}
		var err error
		_, out, err = querySecrets(ctx, tx, tableID)
		return err
	})
	return out, unavailable(err)
}

func (s *Store) Secrets(ctx context.Context, tableID string) (int64, []store.Secret, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	round, out, err := querySecrets(ctx, s.pool, tableID)
	return round, out, unavailable(err)
}

type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// querySecrets are the choices of the table's newest round (older ones
// are dropped as a new one begins).
func querySecrets(ctx context.Context, q querier, tableID string) (int64, []store.Secret, error) {
	rows, _ := q.Query(ctx, `SELECT round, player, action::text, at, by_actor, round_key FROM secrets
		WHERE table_id = $1 AND round = (SELECT MAX(round) FROM secrets WHERE table_id = $1) ORDER BY at, player`, tableID)
	round := int64(0)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Secret, error) {
		var sec store.Secret
		var action string
		err := row.Scan(&round, &sec.Player, &action, &sec.At, &sec.By, &sec.Key)
		sec.Action = json.RawMessage(action)
		return sec, err
	})
	return round, out, err
}

func (s *Store) Finish(ctx context.Context, f store.Finished) error {
	ctx, cancel := op(ctx)
	defer cancel()
	players := f.Players
	if players == nil {
		players = []string{}
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO finished (table_id, account_id, game, players, outcome, at) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (table_id) DO UPDATE SET players = excluded.players, outcome = excluded.outcome, at = excluded.at`,
		f.TableID, f.AccountID, f.Game, players, string(f.Outcome), f.At)
	return unavailable(err)
}

func (s *Store) Unfinish(ctx context.Context, tableID string) error {
	ctx, cancel := op(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `DELETE FROM finished WHERE table_id = $1`, tableID)
	return unavailable(err)
}

func (s *Store) History(ctx context.Context, accountID int64, limit int) ([]store.Finished, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	rows, _ := s.pool.Query(ctx, `SELECT table_id, game, players, outcome::text, at FROM finished WHERE account_id = $1 ORDER BY at DESC, table_id LIMIT $2`, accountID, limit)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Finished, error) {
		f := store.Finished{AccountID: accountID}
		var outcome string
		err := row.Scan(&f.TableID, &f.Game, &f.Players, &outcome, &f.At)
		f.Outcome = json.RawMessage(outcome)
		return f, err
	})
	return out, unavailable(err)
}

func (s *Store) Scratch(ctx context.Context, tableID, k string) (store.Scratch, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	var sc store.Scratch
	var value string
	err := s.pool.QueryRow(ctx, `SELECT value::text, rev FROM scratch WHERE table_id = $1 AND key = $2`, tableID, k).Scan(&value, &sc.Rev)
	if err != nil {
		return sc, notFound(err)
	}
	sc.Value = json.RawMessage(value)
	return sc, nil
}

// Scratch writes: the revision is the compare-and-swap (an insert that
// finds the key taken, an update that finds another revision, changes
// nothing), and the write notifies the other instances in the same
// statement, so that their phones learn of a press or a timer at once.
const (
	createScratch = `WITH added AS (
	INSERT INTO scratch (table_id, key, value, rev) SELECT $1, $2, $3, 1
	WHERE EXISTS (SELECT 1 FROM tables WHERE id = $1)
	ON CONFLICT DO NOTHING RETURNING 1
)
SELECT pg_notify($4, $5) FROM added`
	updateScratch = `WITH changed AS (
	UPDATE scratch SET value = $3, rev = rev + 1 WHERE table_id = $1 AND key = $2 AND rev = $6 RETURNING 1
)
SELECT pg_notify($4, $5) FROM changed`
)

func (s *Store) PutScratch(ctx context.Context, tableID, k string, value json.RawMessage, rev int64) (int64, error) {
	ctx, cancel := op(ctx)
	defer cancel()
	note := s.payload(store.ChangeScratch+":"+url.PathEscape(k), rev+1, tableID)
	var tag pgconn.CommandTag
	var err error
	if rev == 0 {
		tag, err = s.pool.Exec(ctx, createScratch, tableID, k, string(value), channel, note)
	} else {
		tag, err = s.pool.Exec(ctx, updateScratch, tableID, k, string(value), channel, note, rev)
	}
	if err != nil {
		return 0, unavailable(err)
	}
	if tag.RowsAffected() == 0 {
		if _, err := s.Table(ctx, tableID); err != nil {
			return 0, err
		}
		return 0, store.ErrConflict
	}
	return rev + 1, nil
}

// ErrBackup is Backup's answer: a PostgreSQL database is saved with the
// server's own tool.
var ErrBackup = errors.New("a PostgreSQL store is backed up with pg_dump (pg_dump --format=custom --file=FILE DATABASE-URL), while the scorer runs")

// Backup refuses: pg_dump writes a consistent copy of a live database.
func (s *Store) Backup(ctx context.Context, path string) error { return ErrBackup }

// payload is a notification: who made the change, what kind, the version
// and the table (last, so any table id fits).
func (s *Store) payload(kind string, version int64, tableID string) string {
	return s.instance + " " + kind + " " + strconv.FormatInt(version, 10) + " " + tableID
}

func (s *Store) parse(payload string) (store.Change, bool) {
	f := strings.SplitN(payload, " ", 4)
	if len(f) != 4 || f[0] == s.instance {
		return store.Change{}, false
	}
	v, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil {
		return store.Change{}, false
	}
	c := store.Change{Kind: f[1], Version: v, Table: f[3]}
	if k, ok := strings.CutPrefix(c.Kind, store.ChangeScratch+":"); ok {
		if c.Key, err = url.PathUnescape(k); err != nil {
			return store.Change{}, false
		}
		c.Kind = store.ChangeScratch
	}
	return c, true
}

// Follow listens on a connection of its own. When the connection breaks,
// it connects again every half second; once listening again it reports a
// ChangeResync, since what was notified meanwhile is lost.
func (s *Store) Follow(ctx context.Context, fn func(store.Change)) error {
	var mu sync.Mutex
	down := false
	l := &pgxlisten.Listener{
		Connect: func(ctx context.Context) (*pgx.Conn, error) {
			return pgx.ConnectConfig(ctx, s.listen)
		},
		LogError: func(ctx context.Context, err error) {
			if ctx.Err() != nil {
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if !down { // once per outage, not every half second
				log.Printf("scorer: PostgreSQL: live changes of other instances interrupted (%v); reconnecting", err)
				down = true
			}
		},
		ReconnectDelay: reconnectDelay,
	}
	l.Handle(channel, &follower{s: s, fn: fn, reconnected: func() {
		mu.Lock()
		defer mu.Unlock()
		if down {
			log.Printf("scorer: PostgreSQL: listening again; bringing the tables up to date")
			down = false
		}
	}})
	err := l.Listen(ctx)
	if ctx.Err() != nil {
		return nil
	}
	return err
}

type follower struct {
	s           *Store
	fn          func(store.Change)
	reconnected func()
}

// HandleBacklog runs each time the listener is listening (again).
func (f *follower) HandleBacklog(ctx context.Context, channel string, conn *pgx.Conn) error {
	f.reconnected()
	f.fn(store.Change{Kind: store.ChangeResync})
	return nil
}

func (f *follower) HandleNotification(ctx context.Context, n *pgconn.Notification, conn *pgx.Conn) error {
	if c, ok := f.s.parse(n.Payload); ok {
		f.fn(c)
	}
	return nil
}

var (
	_ store.Store = (*Store)(nil)
	_ store.Feed  = (*Store)(nil)
)
