package scorer

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"

	"druckreif/rules"
	"druckreif/scorer/store"
)

// A rematch: the same game with the same players at a new table, and
// every phone at the old one follows to its own seat there without a new
// scan. The old table keeps the new one's id (scratch "rematch"), so a
// phone can follow only from the table the rematch came from.

const scratchRematch = "rematch"

type rematchLink struct {
	ID string `json:"id"`
}

// Rematch opens a table like the finished one (the table role; a new seed
// where the setup has one) and tells the old table's phones.
func (s *Service) Rematch(ctx context.Context, au Auth, id string) (Snapshot, error) {
	l, v, err := s.at(ctx, au, id)
	if err != nil {
		return Snapshot{}, err
	}
	setup, over := l.table.Setup, l.runner != nil && l.state != nil && l.runner.Next(l.state).Over
	l.mu.Unlock()
	if v.Role != rules.RoleTable {
		return Snapshot{}, fail(http.StatusForbidden, "table-role", "", "Eine Revanche eröffnet das Tisch-Handy.", "The table's phone opens a rematch.")
	}
	if !over {
		return Snapshot{}, fail(http.StatusUnprocessableEntity, "not-over", "", "Das Spiel läuft noch: eine Revanche gibt es nach dem Ende.", "The game is still on: a rematch comes after the end.")
	}
	var head map[string]json.RawMessage
	if err := json.Unmarshal(setup, &head); err != nil {
		return Snapshot{}, err
	}
	if _, ok := head["seed"]; ok {
		b, _ := json.Marshal(randomSeed())
		head["seed"] = b
	}
	next, _ := json.Marshal(head)
	snap, err := s.CreateTable(ctx, au, next)
	if err != nil {
		return Snapshot{}, err
	}
	link, _ := json.Marshal(rematchLink{ID: snap.ID})
	for try := 0; ; try++ {
		sc, err := s.store.Scratch(ctx, id, scratchRematch)
		rev := sc.Rev
		if errors.Is(err, store.ErrNotFound) {
			rev = 0
		} else if err != nil {
			return snap, err
		}
		if _, err = s.store.PutScratch(ctx, id, scratchRematch, link, rev); !errors.Is(err, store.ErrConflict) || try > 5 {
			if err != nil {
				return snap, err
			}
			break
		}
	}
	s.notes.Publish(Note{Table: id, Kind: "rematch", ID: snap.ID})
	return snap, nil
}

// Follow seats the phone at the rematch of the table it sits at, in the
// same seat (a player's, or a spectator's). It returns the new seat's
// token (empty for the table role, which holds the new table already).
func (s *Service) Follow(ctx context.Context, au Auth, from, to string) (Joined, error) {
	var link rematchLink
	if _, err := s.scratch(ctx, from, scratchRematch, &link); err != nil {
		return Joined{}, err
	}
	if link.ID == "" || link.ID != to {
		return Joined{}, fail(http.StatusNotFound, "no-rematch", "to", "Zu diesem Tisch gibt es diese Revanche nicht.", "This table has no such rematch.")
	}
	l, v, err := s.at(ctx, au, from)
	if err != nil {
		return Joined{}, err
	}
	l.mu.Unlock()
	if v.Role == rules.RoleTable {
		return Joined{Viewer: v}, nil
	}
	token, hash, err := newToken()
	if err != nil {
		return Joined{}, err
	}
	now := s.now()
	err = s.store.CreateSession(ctx, store.Session{TokenHash: hash, TableID: to, Role: v.Role, Player: v.Player, Created: now, Expires: now.Add(s.sessionTTL), LastSeen: now})
	if errors.Is(err, store.ErrSeatTaken) {
		return Joined{}, fail(http.StatusConflict, "seat-taken", "player", "%s ist schon an einem Handy. Der Tisch kann den Platz freigeben.", "%s is on a phone already. The table can free the seat.", v.Player)
	}
	if err != nil {
		return Joined{}, err
	}
	s.notes.Publish(Note{Table: to, Kind: "seats"})
	return Joined{Viewer: v, Token: token}, nil
}

// randomSeed is a new game's seed.
func randomSeed() int64 {
	n, _ := rand.Int(rand.Reader, big.NewInt(1<<31))
	return n.Int64()
}
