package scorer

import (
	"context"
	"errors"
	"slices"

	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/scorer/store"
)

// The secret round, one mechanism for every game with choices made in
// secret and turned over together (tips and chips, guess cards, answer
// tiles, Raab's picks): each choice waits in the store, outside the
// table's record, until every player to choose has chosen; the last one
// turns them all over as the engine's one action (Collect), an entry made
// by "secrets".
//
// A round is named by the entry in force that opened it (0: the start)
// and by the rules engine's name for it (rules.Rounds: the question, the
// card read, the duel's task and step). It stays open while that entry is
// in force, no reveal came after it and the engine is still in the same
// round: other entries in between (the table entering a printed tip for a
// player without a phone) keep it; an undo that takes back its opening
// entry — the card drawn or read — ends it, and the phones are told to
// choose again; an undo of the reveal opens it again. Choices come from the players' own phones or, for players on
// paper, from the table's phone, which never replaces a phone's choice
// (store.AddSecrets); a batch of several players' choices adds to the
// round, it does not replace it.

// actorSecrets is the actor of the entry that turns a round's choices
// over.
const actorSecrets = "secrets"

// roundOpen reports whether the round is still the one choices go to.
func (l *live) roundOpen(round int64) bool {
	if round != 0 && !slices.ContainsFunc(l.inForce, func(f forced) bool { return f.seq == round }) {
		return false
	}
	for _, f := range l.inForce {
		if f.seq > round && f.actor == actorSecrets {
			return false
		}
	}
	return true
}

// lastInForce is the seq of the last entry in force (0: none).
func (l *live) lastInForce() int64 {
	if n := len(l.inForce); n > 0 {
		return l.inForce[n-1].seq
	}
	return 0
}

// pending are the choices of the table's open round and that round; a
// round no longer open has none.
func (s *Service) pending(ctx context.Context, l *live) (int64, []store.Secret, error) {
	if l.runner == nil || !l.runner.HasSecrets() {
		return 0, nil, nil
	}
	round, secrets, err := s.store.Secrets(ctx, l.table.ID)
	if err != nil || len(secrets) == 0 || !l.roundOpen(round) {
		return 0, nil, err
	}
	key := l.runner.Round(l.state)
	secrets = slices.DeleteFunc(secrets, func(sec store.Secret) bool { return sec.Key != key })
	if len(secrets) == 0 {
		return 0, nil, nil
	}
	return round, secrets, nil
}

// choicesOf are the secret choices a is: itself when it is one player's,
// its single choices when it is a batch (ok false: a is no secret choice
// now, and is applied as it is).
func (l *live) choicesOf(a rules.Action) ([]rules.Action, bool) {
	if _, ok := l.runner.Secret(l.state, a); ok {
		return []rules.Action{a}, true
	}
	parts, ok := l.runner.Split(l.state, a)
	if !ok {
		return nil, false
	}
	for _, p := range parts {
		if _, ok := l.runner.Secret(l.state, p); !ok {
			return nil, false
		}
	}
	return parts, true
}

// choose records secret choices (one player's, or a batch the table's
// phone entered for players on paper) in the open round. They wait,
// durable but unread by the others, until every player to choose has
// chosen; the last choice turns them over together.
func (s *Service) choose(ctx context.Context, l *live, v rules.Viewer, choices []rules.Action) (Result, error) {
	round, open, err := s.pending(ctx, l)
	if err != nil {
		return Result{}, err
	}
	if len(open) == 0 {
		// No round is open: this choice opens one, named by the entry
		// the choosing is about (the card just drawn or read).
		round = l.lastInForce()
	}
	var secrets []store.Secret
	for _, c := range choices {
		player, _ := l.runner.Secret(l.state, c)
		// Each choice must be one the rules allow now, on its own.
		if _, _, err := l.runner.Apply(l.state, c); err != nil {
			return Result{}, ruleError(err, "action")
		}
		by := store.ByTable
		if v.Role == rules.RolePlayer && v.Player == player {
			by = actorOf(v)
		}
		secrets = append(secrets, store.Secret{Player: player, Action: c.Data, At: s.now(), By: by, Key: l.runner.Round(l.state)})
	}
	all, err := s.store.AddSecrets(ctx, l.table.ID, round, secrets)
	if err != nil {
		return Result{}, err
	}
	var events []rules.Event
	for _, sec := range secrets {
		if sec.By != store.ByTable {
			continue
		}
		// The table entered a choice for a player who had made one on
		// their phone already: the phone's stays, and the table is told.
		for _, kept := range all {
			if kept.Player == sec.Player && kept.By != store.ByTable {
				events = append(events, rules.Event{Text: i18n.Sprintf("%s hat schon am eigenen Handy gewählt; diese Wahl bleibt.", "%s has chosen on their own phone already; that choice stays.", sec.Player)})
			}
		}
	}
	typ := ""
	if len(choices) > 0 {
		typ = choices[0].Type
	}
	chosen, of := l.tally(all, typ)
	if len(chosen) < of {
		s.notes.Publish(Note{Table: l.table.ID, Version: l.version, Kind: "secrets", Chosen: len(chosen), Of: of})
		snap, err := s.snapshot(ctx, l, v)
		if events == nil {
			events = []rules.Event{}
		}
		return Result{Snapshot: snap, Events: events, Held: true}, err
	}
	reveal, err := l.runner.Collect(l.state, chosen)
	if err != nil {
		return Result{}, ruleError(err, "action")
	}
	next, ev, err := l.runner.Apply(l.state, reveal)
	if err != nil {
		return Result{}, ruleError(err, "action")
	}
	if err := s.commit(ctx, l, store.KindAction, reveal, next, nil, actorSecrets); err != nil {
		if errors.Is(err, store.ErrConflict) {
			// Another phone turned them over first: the choice is in.
			if err := s.catchUp(ctx, l); err != nil {
				return Result{}, err
			}
			snap, err := s.snapshot(ctx, l, v)
			return Result{Snapshot: snap, Events: []rules.Event{}}, err
		}
		return Result{}, err
	}
	snap, err := s.snapshot(ctx, l, v)
	return Result{Snapshot: snap, Events: append(events, ev...)}, err
}

// tally are the secret choices of kind typ made by the players to choose
// now, in their order, and how many players are to choose. An empty typ is
// the kind of the latest choice (secrets come oldest first).
func (l *live) tally(secrets []store.Secret, typ string) ([]rules.Action, int) {
	if typ == "" && len(secrets) > 0 {
		if last, err := actionOf(secrets[len(secrets)-1].Action); err == nil {
			typ = last.Type
		}
	}
	byPlayer := map[string]rules.Action{}
	for _, sec := range secrets {
		if sa, err := actionOf(sec.Action); err == nil && sa.Type == typ {
			if _, ok := l.runner.Secret(l.state, sa); ok {
				byPlayer[sec.Player] = sa
			}
		}
	}
	actors := l.runner.Next(l.state).Actors
	var choices []rules.Action
	for _, p := range actors {
		if c, ok := byPlayer[p]; ok {
			choices = append(choices, c)
		}
	}
	return choices, len(actors)
}

// pendingOf is what the viewer may know of the open round: who has chosen,
// of how many, and the viewer's own choice — never another's.
func (l *live) pendingOf(secrets []store.Secret, v rules.Viewer) *Pending {
	if len(secrets) == 0 {
		return nil
	}
	chosen, of := l.tally(secrets, "")
	if len(chosen) == 0 {
		return nil
	}
	p := &Pending{Of: of}
	names := map[string]bool{}
	for _, c := range chosen {
		player, _ := l.runner.Secret(l.state, c)
		names[player] = true
		p.Type = c.Type
	}
	// In seating order.
	for _, name := range l.seats {
		for _, sec := range secrets {
			if sec.Player != name || !names[name] {
				continue
			}
			p.Chosen = append(p.Chosen, name)
			if v.Role == rules.RolePlayer && name == v.Player {
				p.Mine = sec.Action
			}
		}
	}
	for _, name := range l.runner.Next(l.state).Actors {
		if !names[name] {
			p.Missing = append(p.Missing, name)
		}
	}
	return p
}

// roundTakenBack is the notice for the phones when an undo took back the
// card the open round's choices were made on.
func roundTakenBack() *i18n.Text {
	t := i18n.T("Karte zurückgenommen – bitte neu wählen.", "Card taken back – please choose again.")
	return &t
}
