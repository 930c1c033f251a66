package store

import (
	"encoding/json"
	"fmt"
	"time"
)

// What the SQL stores (packages sqlite and postgres) do alike around their
// SQL: the order of schema migrations, the steps of a Limit call, and how an
// entry's action and cards are kept. Each store brings its own statements.

// Migrate applies the migrations a database at schema version have lacks,
// in order, with apply (version counts from 1). A database at a version
// newer than migrations knows is refused: an older druckreif must not
// write it.
func Migrate(have int, migrations []string, apply func(version int, migration string) error) error {
	if have > len(migrations) {
		return fmt.Errorf("the database has schema version %d, this druckreif knows only up to %d: use a newer druckreif", have, len(migrations))
	}
	for v := have + 1; v <= len(migrations); v++ {
		if err := apply(v, migrations[v-1]); err != nil {
			return err
		}
	}
	return nil
}

// UpdateLimits is the part of Store.Limit that runs inside the store's
// transaction: it reads each key's state with get (a missing key as the
// zero LimitState), hands fn the ones not expired at now, and writes the
// states fn returns with put (a zero Value deletes the key). Errors of get,
// fn and put are returned unchanged.
func UpdateLimits(now time.Time, keys []string, fn func([]LimitState) ([]LimitState, error),
	get func(key string) (LimitState, error), put func(key string, st LimitState) error) error {
	states := make([]LimitState, len(keys))
	for i, k := range keys {
		st, err := get(k)
		if err != nil {
			return err
		}
		if st.Expires.After(now) {
			states[i] = st
		}
	}
	out, err := fn(states)
	if err != nil {
		return err
	}
	if len(out) != len(keys) {
		return fmt.Errorf("store: limit: %d states for %d keys", len(out), len(keys))
	}
	for i, k := range keys {
		if err := put(k, out[i]); err != nil {
			return err
		}
	}
	return nil
}

// EntryColumns are an entry's action and cards as the SQL stores keep
// them: JSON text, or nil (NULL) for an entry without.
func EntryColumns(e Entry) (action, cards any) {
	if e.Action != nil {
		action = string(e.Action)
	}
	if len(e.Cards) > 0 {
		b, _ := json.Marshal(e.Cards)
		cards = string(b)
	}
	return action, cards
}

// SetEntryColumns fills e's Action and Cards from the columns EntryColumns
// made (nil: NULL). e.Seq and tableID name the entry in an error.
func SetEntryColumns(e *Entry, tableID string, action, cards *string) error {
	if action != nil {
		e.Action = json.RawMessage(*action)
	}
	if cards != nil {
		if err := json.Unmarshal([]byte(*cards), &e.Cards); err != nil {
			return fmt.Errorf("entry %d of table %s: cards: %w", e.Seq, tableID, err)
		}
	}
	return nil
}
