// Package scorer is the companion scorer's core: accounts and sessions,
// tables played through the rules engines, seats and what each may see and
// do, secret choices, undo, live notes and histories. It is the I/O shell
// around the pure engines of package rules; its HTTP face is package
// scorer/web, what it keeps is behind scorer/store.
//
// A table's truth is its entries in the store; the state in memory is a
// cache rebuilt from them and brought up to date before every use, so
// several instances on one database agree.
package scorer

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/scorer/store"
)

// Config is what a Service needs.
type Config struct {
	Store store.Store
	// Cards are the decks the engines look cards up in (the printed ones).
	Cards *decks.Set
	// Now is the clock (tests set it); nil is time.Now.
	Now func() time.Time
	// SessionTTL is how long a login or a seat lasts; 0 is 30 days.
	SessionTTL time.Duration
	// Limits are the rate limits; nil is DefaultLimits.
	Limits *Limits
}

// Service is the scorer.
type Service struct {
	store      store.Store
	cards      *decks.Set
	now        func() time.Time
	sessionTTL time.Duration
	limits     Limits
	hashing    chan struct{}
	notes      *Broker
	follower   follower
	// sole: this process is the store's only writer (store.Sole), so a
	// table in memory is current without asking the store.
	sole bool

	mu     sync.Mutex
	tables map[string]*live

	// arriving counts the buzzer presses of each table this instance has
	// received and not yet recorded (table ID → int).
	arriving arrivals
	lag      pressLag

	fingerprints sync.Map // card ID → fingerprint of its content
	accounts     sync.Map // account ID → store.Account
}

// New starts a service.
func New(c Config) *Service {
	s := &Service{store: c.Store, cards: c.Cards, now: c.Now, sessionTTL: c.SessionTTL, notes: NewBroker(), tables: map[string]*live{}}
	if s.now == nil {
		s.now = time.Now
	}
	if s.sessionTTL == 0 {
		s.sessionTTL = 30 * 24 * time.Hour
	}
	s.limits = DefaultLimits
	if c.Limits != nil {
		s.limits = *c.Limits
	}
	if s.cards == nil {
		s.cards = &decks.Set{}
	}
	if so, ok := s.store.(store.Sole); ok {
		s.sole = so.Sole()
	}
	// Two hashes at once keep a burst of logins at 38 MiB and both cores busy.
	s.hashing = make(chan struct{}, 2)
	return s
}

// Notes are the service's live notes, for event streams.
func (s *Service) Notes() *Broker { return s.notes }

// Store is the service's store.
func (s *Service) Store() store.Store { return s.store }

// Cards are the decks the service plays with.
func (s *Service) Cards() *decks.Set { return s.cards }

// Error is a request the scorer refuses, with the HTTP status that says
// why, the rule or check it broke, the request field it concerns and the
// reason in both languages.
type Error struct {
	Status int
	Rule   string
	Field  string
	Msg    i18n.Text
	// Current is the table as the caller may see it, for a stale version
	// (409): the screen shows the fresh state.
	Current *Snapshot
	// RetryAfter is how many seconds to wait before trying again (429,
	// 503), for the Retry-After header; 0 says nothing.
	RetryAfter int
	// Saved is the saved spelling of a name a request differs from only in
	// case (409 name-case).
	Saved string
}

func (e *Error) Error() string { return e.Msg.DE }

func fail(status int, rule, field, de, en string, args ...any) *Error {
	return &Error{Status: status, Rule: rule, Field: field, Msg: i18n.Sprintf(de, en, args...)}
}

// Status is the HTTP status of err: its own for an *Error, 503 when the
// store cannot be reached, 500 otherwise.
func Status(err error) int {
	if e, ok := AsError(err); ok {
		return e.Status
	}
	return http.StatusInternalServerError
}

// AsError is err as a refusal the phone is told about: an *Error as it
// is, the store being unreachable as a 503 that says so. It is false for
// an internal error.
func AsError(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	switch {
	case errors.Is(err, store.ErrUnavailable):
		return &Error{Status: http.StatusServiceUnavailable, Rule: "store-unavailable", RetryAfter: 2, Msg: i18n.T(
			"Die Datenbank ist gerade nicht erreichbar. Bitte gleich noch einmal versuchen – was bestätigt wurde, bleibt erhalten.",
			"The database cannot be reached just now. Please try again in a moment – what was confirmed is kept.")}, true
	case errors.Is(err, store.ErrFull):
		return &Error{Status: http.StatusServiceUnavailable, Rule: "storage-full", RetryAfter: 60, Msg: i18n.T(
			"Der Speicher des Laptops ist voll: diese Eingabe wurde nicht gespeichert. Bitte auf dem Laptop Platz schaffen und dann noch einmal versuchen – was bestätigt wurde, bleibt erhalten.",
			"The laptop's storage is full: this entry was not saved. Please free some space on the laptop, then try again – what was confirmed is kept.")}, true
	case errors.Is(err, store.ErrReadOnly):
		return &Error{Status: http.StatusServiceUnavailable, Rule: "storage-read-only", RetryAfter: 60, Msg: i18n.T(
			"Der Punktezähler kann seine Daten gerade nicht schreiben (nur lesbar): diese Eingabe wurde nicht gespeichert. Bitte auf dem Laptop den Datenordner prüfen – was bestätigt wurde, bleibt erhalten.",
			"The scorer cannot write its data just now (read-only): this entry was not saved. Please check the data folder on the laptop – what was confirmed is kept.")}, true
	}
	return nil, false
}

// IdleTable is how long a table nobody touches stays in memory; it is
// rebuilt from the store when asked for again.
const IdleTable = 15 * time.Minute

// Evict drops tables from memory that were not used for idle; they are
// rebuilt from the store when asked for again. A table in use (locked)
// stays.
func (s *Service) Evict(idle time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cut := s.now().Add(-idle)
	for id, l := range s.tables {
		if l.mu.TryLock() {
			if l.used.Before(cut) {
				delete(s.tables, id)
			}
			l.mu.Unlock()
		}
	}
}

// Run keeps the service going until ctx ends: it evicts idle tables and,
// on a store that several instances share, follows the changes the others
// make.
func (s *Service) Run(ctx context.Context) {
	if feed, ok := s.store.(store.Feed); ok {
		go s.follow(ctx, feed)
	}
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.Evict(IdleTable)
			// Memory a flood of requests took (connections, streams,
			// buffers) goes back to the system within a minute, not
			// only at the runtime's own pace: a full collection of a
			// heap of a few dozen MiB takes milliseconds.
			debug.FreeOSMemory()
		}
	}
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
