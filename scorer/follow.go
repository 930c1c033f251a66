package scorer

import (
	"context"
	"errors"
	"log"
	"net/http"
	"sync"
	"time"

	"druckreif/rules"
	"druckreif/scorer/store"
)

// With a store that several instances share (a store.Feed), the changes
// the other instances make reach this instance's phones: each change
// brings the table up to date from the store, then becomes a note for the
// table's event streams here. Changes of one table are taken one after
// the other and merged while one is being told, so a busy table costs one
// catch-up per round, not one per change.

// follower is what the service is about to tell, per table.
type follower struct {
	mu      sync.Mutex
	pending map[string]tell
	running map[string]bool
}

// tell is what to announce of a table: its version when it moved, how
// many secret choices are in when one came in, and whether the buzzer or
// the sand timer changed (the phones fetch them again).
type tell struct{ secrets, buzzer, timer bool }

// merge is what both tells announce.
func (t tell) merge(o tell) tell {
	return tell{secrets: t.secrets || o.secrets, buzzer: t.buzzer || o.buzzer, timer: t.timer || o.timer}
}

// follow follows the feed until ctx ends.
func (s *Service) follow(ctx context.Context, feed store.Feed) {
	for ctx.Err() == nil {
		err := feed.Follow(ctx, func(c store.Change) { s.changed(ctx, c) })
		if ctx.Err() != nil {
			return
		}
		log.Printf("scorer: following the other instances: %v", err)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

// changed takes a change another instance made.
func (s *Service) changed(ctx context.Context, c store.Change) {
	switch c.Kind {
	case store.ChangeResync:
		// Changes were missed: every table a phone here follows is
		// brought up to date and announced.
		for _, id := range s.notes.Tables() {
			s.announceLater(ctx, id, tell{secrets: true, buzzer: true, timer: true})
		}
	case store.ChangeEntry, store.ChangeSecret:
		// A table no phone here follows needs nothing now: its cache
		// catches up when it is next used.
		if s.notes.Subscribers(c.Table) > 0 {
			s.announceLater(ctx, c.Table, tell{secrets: c.Kind == store.ChangeSecret})
		}
	case store.ChangeScratch:
		// The stand-ins another instance changed (a press, a decided
		// round, a timer started): the phones here fetch them again. A
		// phone's clock is nobody else's business.
		t := tell{buzzer: c.Key == scratchBuzzer, timer: c.Key == scratchTimer}
		if (t.buzzer || t.timer) && s.notes.Subscribers(c.Table) > 0 {
			s.announceLater(ctx, c.Table, t)
		}
		if c.Key == scratchRematch && s.notes.Subscribers(c.Table) > 0 {
			// Another instance opened the rematch: its phones here follow.
			var link rematchLink
			if _, err := s.scratch(ctx, c.Table, scratchRematch, &link); err == nil && link.ID != "" {
				s.notes.Publish(Note{Table: c.Table, Kind: "rematch", ID: link.ID})
			}
		}
	}
}

// announceLater announces the table in the background.
func (s *Service) announceLater(ctx context.Context, id string, t tell) {
	f := &s.follower
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.pending == nil {
		f.pending, f.running = map[string]tell{}, map[string]bool{}
	}
	f.pending[id] = f.pending[id].merge(t)
	if !f.running[id] {
		f.running[id] = true
		go s.announceAll(ctx, id)
	}
}

// announceAll announces what is pending for the table until nothing is.
// While the store cannot be reached it tries again, for up to a minute
// (by then the feed has reconnected and asked for a resync).
func (s *Service) announceAll(ctx context.Context, id string) {
	f := &s.follower
	delay := 100 * time.Millisecond
	for {
		f.mu.Lock()
		t, ok := f.pending[id]
		delete(f.pending, id)
		if !ok {
			delete(f.running, id)
			f.mu.Unlock()
			return
		}
		f.mu.Unlock()
		err := s.announce(ctx, id, t)
		if err == nil || ctx.Err() != nil || delay > 30*time.Second {
			if err != nil && ctx.Err() == nil {
				log.Printf("scorer: table %s: changes of other instances: %v", id, err)
			}
			delay = 100 * time.Millisecond
			continue
		}
		f.mu.Lock()
		f.pending[id] = f.pending[id].merge(t)
		f.mu.Unlock()
		select {
		case <-ctx.Done():
		case <-time.After(delay):
		}
		delay *= 2
	}
}

// announce brings the table up to date and tells its phones here.
func (s *Service) announce(ctx context.Context, id string, t tell) error {
	l, err := s.table(ctx, id)
	if err != nil {
		var e *Error
		if errors.As(err, &e) && e.Status == http.StatusNotFound {
			return nil
		}
		return err
	}
	version, moved := l.version, l.version > l.noted
	l.noted = version
	var choices []rules.Action
	of := 0
	if t.secrets && l.mismatch == nil && l.runner != nil {
		var secrets []store.Secret
		if _, secrets, err = s.pending(ctx, l); err == nil {
			choices, of = l.tally(secrets, "")
		}
	}
	l.mu.Unlock()
	if moved {
		s.notes.Publish(Note{Table: id, Version: version})
	}
	if len(choices) > 0 {
		s.notes.Publish(Note{Table: id, Version: version, Kind: "secrets", Chosen: len(choices), Of: of})
	}
	if t.buzzer {
		s.notes.Publish(Note{Table: id, Version: version, Kind: "buzzer"})
	}
	if t.timer {
		s.notes.Publish(Note{Table: id, Version: version, Kind: "timer"})
	}
	return err
}
