// Package store is what the scorer keeps: accounts and their sessions,
// saved players, tables with their entries (every action and undo, in
// order), secret choices waiting to be revealed, failed attempts for the
// rate limits, and the history of finished games.
//
// Store is the small interface the scorer talks to; the embedded SQLite
// store (package sqlite) is the default. Everything several scorer
// instances on one database would have to agree on lives here, not in
// their memory: a table's version is the number of its entries, and the
// key (table, seq) makes two writes of one version impossible.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"golang.org/x/text/unicode/norm"
)

var (
	// ErrNotFound: no such account, session, table or player.
	ErrNotFound = errors.New("store: not found")
	// ErrExists: the name or id is taken.
	ErrExists = errors.New("store: already exists")
	// ErrConflict: the entry's version was written already (someone was
	// faster), or it does not follow the table's last entry.
	ErrConflict = errors.New("store: version taken")
	// ErrUnavailable: the database cannot be reached just now (a network
	// or server outage). Nothing was written unless the error says the
	// outcome is unknown; either way the request may be tried again.
	ErrUnavailable = errors.New("store: database unavailable")
	// ErrSeatTaken: another phone (another unexpired session) holds the
	// player's seat at the table.
	ErrSeatTaken = errors.New("store: seat taken")
	// ErrFull: the disk (or the database's quota) is full; nothing was
	// written.
	ErrFull = errors.New("store: storage full")
	// ErrReadOnly: the database cannot be written (a read-only file,
	// folder or file system); nothing was written.
	ErrReadOnly = errors.New("store: storage read-only")
)

// Account is a login.
type Account struct {
	ID       int64
	Name     string
	PassHash string // argon2id, in the PHC string format
	Created  time.Time
}

// Session is a logged-in browser or API client. Only the hash of its
// token is stored.
type Session struct {
	TokenHash []byte
	AccountID int64  // the account, for an account login (Role "account")
	TableID   string // the table, for a seat
	Role      string // "account", "player" or "spectator"
	Player    string // the seat's player
	Created   time.Time
	Expires   time.Time
	// LastSeen is when the session was last used (as TouchSession last
	// recorded it), Addr the client's address then.
	LastSeen time.Time
	Addr     string
}

// LimitState is what a rate limit keeps under one key: the limit's own
// encoding of its counts, until Expires (then it is forgotten).
type LimitState struct {
	Value   json.RawMessage
	Expires time.Time
}

// SavedPlayer is one of an account's regular players.
type SavedPlayer struct {
	AccountID int64
	Name      string
	Color     string
	Symbol    string
}

// Table is a game being played.
type Table struct {
	ID        string
	Game      string
	Setup     json.RawMessage
	PIN       string // the join code shown at the table
	CreatorID int64
	// EngineVersion is the rules version the table was started under.
	EngineVersion string
	Created       time.Time
}

// Entry kinds.
const (
	KindAction = "action"
	KindUndo   = "undo" // takes back the last action in force
)

// Entry is one step of a table's record; its Seq is the version it makes.
type Entry struct {
	Seq    int64
	Kind   string
	Action json.RawMessage // the action line (KindAction)
	// Actor is who made it: "table" or "player:NAME".
	Actor string
	// StateHash is the hash of the game state after the entry; a replay
	// under the same rules version that reaches another state is a
	// mismatch, never silently accepted.
	StateHash string
	// EngineVersion is the rules version the entry was made under.
	EngineVersion string
	// Cards are the cards the action used, with their fingerprints.
	Cards []CardRef
	At    time.Time
}

// CardRef is a card an entry used and the fingerprint of its content then.
type CardRef struct {
	ID          string `json:"id"`
	Fingerprint string `json:"fp"`
}

// Secret is one player's secret choice (a tip, a vote, an answer tile, a
// bid) waiting outside the log until every player has chosen.
type Secret struct {
	Player string
	Action json.RawMessage
	At     time.Time
	// By is who entered it: the player's own seat ("player:NAME") or the
	// table's phone ("table", for a player choosing on paper). A choice
	// the table enters never replaces one made on the player's own phone.
	By string
	// Key is the rules engine's name of the choosing round it was made in
	// (rules.Rounds): it counts only while the game is still in that round.
	Key string
}

// ByTable is Secret.By for a choice the table's phone entered.
const ByTable = "table"

// Finished is a finished game in the creator's history.
type Finished struct {
	TableID   string
	AccountID int64
	Game      string
	Players   []string
	// Outcome is the engine's rules.Outcome as JSON.
	Outcome json.RawMessage
	At      time.Time
}

// Scratch is a small value a table keeps beside its record: what the
// phones' stand-ins share (the buzzer's round, the sand timer). It is not
// part of the game and never replayed. Rev counts its writes, so that
// instances on one database change it with compare-and-swap.
type Scratch struct {
	Value json.RawMessage
	Rev   int64
}

// Store keeps everything the scorer must not lose. Every write that
// returns nil is durable.
type Store interface {
	// CreateAccount returns ErrExists when the name is taken (names are
	// compared without regard to case).
	CreateAccount(ctx context.Context, name, passHash string, now time.Time) (Account, error)
	AccountByName(ctx context.Context, name string) (Account, error)
	Account(ctx context.Context, id int64) (Account, error)

	// SetPassword replaces the account's password hash.
	SetPassword(ctx context.Context, accountID int64, passHash string) error
	// DeleteAccount removes the account with everything it holds: its
	// sessions, saved players, history, and the tables it opened (with
	// their entries, choices, seats and scratch values).
	DeleteAccount(ctx context.Context, accountID int64) error

	// CreateSession stores a session. A player's seat (Role "player") is
	// held by one session at a time: ErrSeatTaken when another unexpired
	// session holds the same table's same player.
	CreateSession(ctx context.Context, s Session) error
	// Session returns ErrNotFound for unknown or expired tokens.
	Session(ctx context.Context, tokenHash []byte, now time.Time) (Session, error)
	DeleteSession(ctx context.Context, tokenHash []byte) error
	// TouchSession records that the session was used at now from addr.
	TouchSession(ctx context.Context, tokenHash []byte, now time.Time, addr string) error
	// AccountSessions are the account's unexpired logins, newest first.
	AccountSessions(ctx context.Context, accountID int64, now time.Time) ([]Session, error)
	// DeleteAccountSessions ends every login of the account but the one
	// with the token hash keep (nil: all).
	DeleteAccountSessions(ctx context.Context, accountID int64, keep []byte) error
	// TableSessions are the unexpired seats (players and spectators) of a
	// table.
	TableSessions(ctx context.Context, tableID string, now time.Time) ([]Session, error)
	// FreeSeat ends the session that holds the player's seat at the
	// table; ErrNotFound when no session holds it.
	FreeSeat(ctx context.Context, tableID, player string) error

	// Limit runs fn over the limit states of keys atomically: no other
	// Limit call on any of the keys, in this process or another instance
	// on the same database, runs between fn's reading and the writing of
	// what it returns. fn gets the states in the order of keys (an
	// expired or missing one as the zero LimitState) and returns the new
	// ones (a zero Value deletes the key); an error from fn writes
	// nothing and is returned. fn must not block: it runs inside the
	// store's transaction.
	Limit(ctx context.Context, now time.Time, keys []string, fn func(states []LimitState) ([]LimitState, error)) error

	// SavePlayer adds or updates one of an account's players.
	SavePlayer(ctx context.Context, p SavedPlayer) error
	Players(ctx context.Context, accountID int64) ([]SavedPlayer, error)
	DeletePlayer(ctx context.Context, accountID int64, name string) error

	// CreateTable returns ErrExists when the id is taken.
	CreateTable(ctx context.Context, t Table) error
	Table(ctx context.Context, id string) (Table, error)
	// SetPIN replaces the table's PIN; ErrNotFound for no such table.
	SetPIN(ctx context.Context, tableID, pin string) error
	// TablesOf are the tables an account created, newest first.
	TablesOf(ctx context.Context, accountID int64, limit int) ([]Table, error)

	// Append writes entry e of table id. It returns ErrConflict unless
	// e.Seq is exactly one more than the table's last entry.
	Append(ctx context.Context, tableID string, e Entry) error
	// Entries are the table's entries after seq, in order.
	Entries(ctx context.Context, tableID string, after int64) ([]Entry, error)

	// AddSecrets records players' secret choices of the table's choosing
	// round (the scorer names rounds by the entry that opened them) and
	// returns every choice of that round. A choice replaces the player's
	// earlier one in the round, except that one entered by the table
	// (By ByTable) never replaces one made on the player's own phone. The
	// choices of every other round of the table are dropped.
	AddSecrets(ctx context.Context, tableID string, round int64, s []Secret) ([]Secret, error)
	// Secrets are the table's secret choices waiting to be revealed, and
	// the round they belong to.
	Secrets(ctx context.Context, tableID string) (round int64, s []Secret, err error)

	// Finish records (or replaces) a finished game; Unfinish removes it
	// again (the last action was undone).
	Finish(ctx context.Context, f Finished) error
	Unfinish(ctx context.Context, tableID string) error
	// History is an account's finished games, newest first.
	History(ctx context.Context, accountID int64, limit int) ([]Finished, error)

	// Scratch reads one of a table's scratch values; ErrNotFound when it
	// has none under key.
	Scratch(ctx context.Context, tableID, key string) (Scratch, error)
	// PutScratch writes a table's scratch value if its revision is still
	// rev (0: there is none yet) and returns the new revision; ErrConflict
	// when another write came first, ErrNotFound for a table that does
	// not exist.
	PutScratch(ctx context.Context, tableID, key string, value json.RawMessage, rev int64) (int64, error)

	// Backup writes a consistent copy of everything into a new file.
	Backup(ctx context.Context, path string) error
	Close() error
}

// Change is a change one scorer instance made to a table in a store that
// several instances share: a new entry, or a secret choice coming in.
type Change struct {
	Table   string
	Version int64
	// Kind is ChangeEntry, ChangeSecret or ChangeScratch.
	Kind string
	// Key is the scratch value's key (ChangeScratch; Version is its new
	// revision).
	Key string
}

// Change kinds.
const (
	ChangeEntry  = "entry"  // Version is the table's new version
	ChangeSecret = "secret" // a secret choice was made on Version
	// ChangeScratch: the table's scratch value Key was written.
	ChangeScratch = "scratch"
	// ChangeResync: changes may have been missed (the feed was
	// interrupted); every table followed must be brought up to date.
	ChangeResync = "resync"
)

// Feed is what a store that several scorer instances share offers beside
// Store: the changes the other instances make, so that each can tell its
// own phones at once. A store used by one instance only (the embedded
// SQLite) has none.
type Feed interface {
	// Follow calls fn with every change another instance (another Store
	// value on the same database) makes, in commit order, until ctx ends.
	// Changes made while the feed is interrupted are lost; when it is
	// connected again, fn gets a ChangeResync. Follow does not call fn
	// concurrently; fn should not block.
	Follow(ctx context.Context, fn func(Change)) error
}

// Sole is implemented by a store that reports whether this process is the
// only one writing it (the embedded SQLite holds a lock on its database).
// Then what this process wrote is all there is: a table it holds in memory
// needs no look at the store before each read.
type Sole interface {
	Sole() bool
}

// NameKey is how names are compared: NFC, lower case, trimmed.
func NameKey(name string) string { return strings.ToLower(strings.TrimSpace(norm.NFC.String(name))) }
