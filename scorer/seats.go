package scorer

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"druckreif/rules"
	"druckreif/scorer/store"
)

// PINLength is the number of digits of a table's PIN: long enough that the
// table's limit on wrong PINs (pinPerTable) makes guessing hopeless.
const PINLength = 8

func newPIN() (string, error) { return randomString("0123456789", PINLength) }

// normalPIN is a PIN as typed: spaces and dashes (the PIN is shown as
// "1234 5678") do not count.
func normalPIN(pin string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\u00a0' {
			return -1
		}
		return r
	}, pin)
}

// checkPIN loads the table and checks the PIN. The attempt is counted
// before the comparison — for the address at this table and for the
// table from every address — and given back when the PIN is right, so a
// burst of guesses released together gets no more tries than guesses
// one after the other. The table is returned locked.
func (s *Service) checkPIN(ctx context.Context, id, pin, addr string) (*live, error) {
	group := addressGroup(addr)
	res, err := s.reserve(ctx, []string{"pin:" + id, "pin:" + id + "|" + group}, []Window{s.limits.PINPerTable, s.limits.PINPerAddress}, func(wait time.Duration) *Error {
		return tooMany("pin", wait, "Zu viele falsche PINs für diesen Tisch.", "Too many wrong PINs for this table.")
	})
	if err != nil {
		return nil, err
	}
	l, err := s.table(ctx, id)
	if err != nil {
		// No such table: the attempt counts (a guess of table ids).
		return nil, err
	}
	want := l.table.PIN
	if !s.sole {
		// Another instance may have changed the PIN: the store knows.
		t, err := s.store.Table(ctx, id)
		if err != nil {
			l.mu.Unlock()
			return nil, err
		}
		want, l.table.PIN = t.PIN, t.PIN
	}
	if subtle.ConstantTimeCompare([]byte(normalPIN(pin)), []byte(want)) != 1 {
		l.mu.Unlock()
		return nil, fail(http.StatusForbidden, "pin-wrong", "pin", "Die PIN stimmt nicht.", "Wrong PIN.")
	}
	if err := s.refund(ctx, res); err != nil {
		l.mu.Unlock()
		return nil, err
	}
	return l, nil
}

// Seat is one seat of a table for the seat picker and the table's list.
type Seat struct {
	Marker
	// Taken: a phone holds the seat.
	Taken bool `json:"taken"`
	// LastSeen is when the holding phone was last heard from (for the
	// table role only).
	LastSeen *time.Time `json:"last_seen,omitempty"`
}

// Seats are a table's seats for the seat picker, each marked taken when a
// phone holds it; the PIN is checked as in Join. A seat the asking phone
// holds itself is not taken for it.
func (s *Service) Seats(ctx context.Context, au Auth, id, pin, addr string) ([]Seat, string, error) {
	l, err := s.checkPIN(ctx, id, pin, addr)
	if err != nil {
		return nil, "", err
	}
	markers, title := slices.Clone(l.markers), l.game.Title
	l.mu.Unlock()
	held, err := s.store.TableSessions(ctx, id, s.now())
	if err != nil {
		return nil, "", err
	}
	out := make([]Seat, len(markers))
	for i, m := range markers {
		out[i].Marker = m
		for _, se := range held {
			if se.Role == rules.RolePlayer && se.Player == m.Name && !holds(au, se) {
				out[i].Taken = true
			}
		}
	}
	return out, title, nil
}

// holds reports whether the request carries the session se.
func holds(au Auth, se store.Session) bool {
	return slices.ContainsFunc(au.Seats, func(mine store.Session) bool { return string(mine.TokenHash) == string(se.TokenHash) })
}

// Joined is a seat taken with Join.
type Joined struct {
	Viewer rules.Viewer
	// Token is the new seat's token; empty when the request's own seat
	// token already holds the seat (a reload, a second scan): it stays.
	Token string
}

// Join seats a phone at a table: as a player (one of the setup's names) or
// as a spectator. A player's seat belongs to the phone that took it:
// another phone is refused (409 seat-taken) until the table frees it; the
// phone itself, rejoining with its seat token, keeps it.
func (s *Service) Join(ctx context.Context, au Auth, id, pin, role, player, addr string) (Joined, error) {
	if role != rules.RolePlayer && role != rules.RoleSpectator {
		return Joined{}, fail(http.StatusBadRequest, "bad-role", "role", "role ist „player“ oder „spectator“.", `role is "player" or "spectator".`)
	}
	res, err := s.reserve(ctx, []string{"join:" + id, "join-from:" + addressGroup(addr)}, []Window{s.limits.JoinsPerTable, s.limits.JoinsPerAddress}, func(wait time.Duration) *Error {
		return tooMany("", wait, "Zu viele Beitritte in kurzer Zeit.", "Too many joins in a short time.")
	})
	if err != nil {
		return Joined{}, err
	}
	l, err := s.checkPIN(ctx, id, pin, addr)
	if err != nil {
		return Joined{}, err
	}
	v := rules.Viewer{Role: role}
	if role == rules.RolePlayer {
		for _, n := range l.seats {
			if nameKey(n) == nameKey(player) {
				v.Player = n
			}
		}
		if v.Player == "" {
			seats := strings.Join(l.seats, ", ")
			l.mu.Unlock()
			return Joined{}, fail(http.StatusUnprocessableEntity, "unknown-player", "player", "„%s“ spielt an diesem Tisch nicht mit (es spielen: %s).", "%q is not playing at this table (players: %s).", player, seats)
		}
	}
	l.mu.Unlock()
	for _, se := range au.Seats {
		if se.TableID != id {
			continue
		}
		if se.Role == v.Role && se.Player == v.Player {
			// This phone holds that seat already: it keeps it, and the
			// join does not count against the limits.
			s.refund(ctx, res)
			return Joined{Viewer: v}, nil
		}
		if v.Role == rules.RolePlayer {
			// Taking another seat gives this phone's old one up.
			if err := s.store.DeleteSession(ctx, se.TokenHash); err != nil {
				return Joined{}, err
			}
		}
	}
	token, hash, err := newToken()
	if err != nil {
		return Joined{}, err
	}
	now := s.now()
	err = s.store.CreateSession(ctx, store.Session{TokenHash: hash, TableID: id, Role: role, Player: v.Player, Created: now, Expires: now.Add(s.sessionTTL), LastSeen: now, Addr: addr})
	if errors.Is(err, store.ErrSeatTaken) {
		return Joined{}, fail(http.StatusConflict, "seat-taken", "player", "%s ist schon an einem Handy. Der Tisch kann den Platz freigeben.", "%s is on a phone already. The table can free the seat.", v.Player)
	}
	if err != nil {
		return Joined{}, err
	}
	s.notes.Publish(Note{Table: id, Kind: "seats"})
	return Joined{Viewer: v, Token: token}, nil
}

// tableRole loads the table for a request that only the table role may
// make; the table is returned unlocked.
func (s *Service) tableRole(ctx context.Context, au Auth, id string) (*live, error) {
	l, v, err := s.at(ctx, au, id)
	if err != nil {
		return nil, err
	}
	l.mu.Unlock()
	if v.Role != rules.RoleTable {
		return nil, fail(http.StatusForbidden, "table-role", "", "Das kann nur das Tisch-Handy.", "Only the table's phone can do that.")
	}
	return l, nil
}

// TableSeats are the table's seats with whether a phone holds each and
// when it was last heard from, and how many phones watch (table role).
func (s *Service) TableSeats(ctx context.Context, au Auth, id string) ([]Seat, int, error) {
	l, err := s.tableRole(ctx, au, id)
	if err != nil {
		return nil, 0, err
	}
	l.mu.Lock()
	markers := slices.Clone(l.markers)
	l.mu.Unlock()
	sessions, err := s.store.TableSessions(ctx, id, s.now())
	if err != nil {
		return nil, 0, err
	}
	out := make([]Seat, len(markers))
	spectators := 0
	for _, se := range sessions {
		if se.Role == rules.RoleSpectator {
			spectators++
		}
	}
	for i, m := range markers {
		out[i].Marker = m
		for _, se := range sessions {
			if se.Role == rules.RolePlayer && se.Player == m.Name {
				seen := se.LastSeen
				out[i].Taken, out[i].LastSeen = true, &seen
			}
		}
	}
	return out, spectators, nil
}

// FreeSeat lets the next phone take a player's seat (table role): the
// phone holding it is out.
func (s *Service) FreeSeat(ctx context.Context, au Auth, id, player string) error {
	l, err := s.tableRole(ctx, au, id)
	if err != nil {
		return err
	}
	name := ""
	for _, n := range l.seats {
		if nameKey(n) == nameKey(player) {
			name = n
		}
	}
	if name == "" {
		return fail(http.StatusNotFound, "unknown-player", "player", "„%s“ spielt an diesem Tisch nicht mit.", "%q is not playing at this table.", player)
	}
	if err := s.store.FreeSeat(ctx, id, name); err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	s.notes.Publish(Note{Table: id, Kind: "seats"})
	return nil
}

// ChangePIN gives the table a new PIN (table role): the old one stops
// working, seats already taken stay, and the count of wrong PINs for the
// table starts again.
func (s *Service) ChangePIN(ctx context.Context, au Auth, id string) (string, error) {
	l, err := s.tableRole(ctx, au, id)
	if err != nil {
		return "", err
	}
	pin, err := newPIN()
	if err != nil {
		return "", err
	}
	if err := s.store.SetPIN(ctx, id, pin); err != nil {
		return "", err
	}
	l.mu.Lock()
	l.table.PIN = pin
	l.mu.Unlock()
	err = s.store.Limit(ctx, s.now(), []string{"pin:" + id}, func([]store.LimitState) ([]store.LimitState, error) {
		return []store.LimitState{{}}, nil
	})
	return pin, err
}

// TableAs is the table as player sees it, for the table's phone handed to
// a player without a phone of their own to choose in secret. Only the
// table role may ask, and only for a seat no phone holds.
func (s *Service) TableAs(ctx context.Context, au Auth, id, player string) (Snapshot, error) {
	l, v, err := s.at(ctx, au, id)
	if err != nil {
		return Snapshot{}, err
	}
	defer l.mu.Unlock()
	if v.Role != rules.RoleTable {
		return Snapshot{}, fail(http.StatusForbidden, "table-role", "", "Das kann nur das Tisch-Handy.", "Only the table's phone can do that.")
	}
	name := ""
	for _, n := range l.seats {
		if nameKey(n) == nameKey(player) {
			name = n
		}
	}
	if name == "" {
		return Snapshot{}, fail(http.StatusNotFound, "unknown-player", "player", "„%s“ spielt an diesem Tisch nicht mit.", "%q is not playing at this table.", player)
	}
	held, err := s.store.TableSessions(ctx, id, s.now())
	if err != nil {
		return Snapshot{}, err
	}
	for _, se := range held {
		if se.Role == rules.RolePlayer && se.Player == name {
			return Snapshot{}, fail(http.StatusConflict, "seat-has-phone", "player", "%s spielt am eigenen Handy.", "%s plays on their own phone.", name)
		}
	}
	return s.snapshot(ctx, l, rules.Viewer{Role: rules.RolePlayer, Player: name})
}
