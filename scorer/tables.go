package scorer

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math/big"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/text/unicode/norm"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/rules/registry"
	"druckreif/rules/thegame"
	"druckreif/scorer/store"
)

// live is a table in memory: the state its entries fold to.
type live struct {
	mu      sync.Mutex
	loaded  bool
	table   store.Table
	game    registry.Game
	runner  rules.Runner
	seats   []string // the names a player's seat may take
	markers []Marker
	version int64
	state   any
	inForce []forced
	// putBack is The Game's put-back instruction when the last entry was
	// an undo, for every phone to show until the next action.
	putBack []thegame.Return
	// notice is said to every phone until the next action.
	notice *i18n.Text
	// reveal is the question the last entry resolved, for every phone to
	// show until the next entry.
	reveal  *Reveal
	creator string // the creator's account name
	// olderRules is the rules version of the oldest entry made under rules
	// other than the loaded ones ("" when all were made under these).
	olderRules string
	// mismatch says why the table cannot be replayed as it was played
	// (other rules or other cards): it is frozen, never silently changed.
	mismatch *i18n.Text
	used     time.Time
	// unsure: an append failed without a conflict, so the entry may be
	// stored all the same; the next read catches up even on a sole store.
	unsure bool
	// noted is the newest version this instance's phones were told of (or
	// could read): another instance's change is announced only beyond it.
	noted int64
}

// forced is an action in force.
type forced struct {
	seq    int64
	action rules.Action
	actor  string
}

// Snapshot is a table as one viewer may see it.
type Snapshot struct {
	ID      string           `json:"id"`
	Game    string           `json:"game"`
	Title   string           `json:"title"`
	Version int64            `json:"version"`
	State   any              `json:"state"`
	Next    rules.Prompt     `json:"next"`
	Viewer  rules.Viewer     `json:"viewer"`
	Players []Marker         `json:"players"`
	Pending *Pending         `json:"pending,omitempty"`
	PutBack []thegame.Return `json:"put_back,omitempty"`
	// Notice is a word for every phone until the next action (an undo
	// that took back the card a round's choices were made on).
	Notice *i18n.Text `json:"notice,omitempty"`
	// Reveal is the question the last entry resolved: every choice, the
	// correct answer, who gained what by which rule, the standings.
	Reveal *Reveal `json:"reveal,omitempty"`
	// Mismatch: the table was played under other rules or cards.
	Mismatch *i18n.Text `json:"mismatch,omitempty"`
	// Rules: the table was begun under older rules and goes on under the
	// loaded ones (each entry was replayed and holds).
	Rules *i18n.Text `json:"rules,omitempty"`
	// Undoable: the viewer may take back the last action.
	Undoable bool `json:"undoable"`
	// Creator is the name of the account that holds the table role.
	Creator string `json:"-"`
	PIN     string `json:"-"`
}

// Pending are the secret choices of the open round: who has chosen, who
// has not yet, of how many, and the viewer's own choice — never another's.
type Pending struct {
	Type    string          `json:"type"`
	Chosen  []string        `json:"chosen"`
	Missing []string        `json:"missing"`
	Of      int             `json:"of"`
	Mine    json.RawMessage `json:"mine,omitempty"`
}

// Result is the answer to an action or an undo.
type Result struct {
	Snapshot
	Events []rules.Event `json:"events"`
	// Held: a secret choice was recorded; it waits for the others.
	Held bool `json:"-"`
}

func nameKey(name string) string { return strings.ToLower(strings.TrimSpace(norm.NFC.String(name))) }

// setupSeats are the names a setup seats: its players, and a host the
// players list does not hold (Schlag den Raab's single games).
func setupSeats(setup json.RawMessage) []string {
	var head struct {
		Players []string `json:"players"`
		Host    string   `json:"host"`
	}
	json.Unmarshal(setup, &head)
	seats := slices.Clone(head.Players)
	if head.Host != "" && !slices.Contains(seats, head.Host) {
		seats = append(seats, head.Host)
	}
	return seats
}

// stateHash is the hash of a state's JSON: encoding/json writes struct
// fields in order and map keys sorted, so equal states hash alike.
func stateHash(state any) (string, error) {
	b, err := json.Marshal(state)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:16]), nil
}

// table returns the table, loaded and up to date, locked: the caller
// unlocks l.mu.
func (s *Service) table(ctx context.Context, id string) (*live, error) {
	s.mu.Lock()
	l := s.tables[id]
	if l == nil {
		l = &live{}
		s.tables[id] = l
	}
	s.mu.Unlock()
	l.mu.Lock()
	l.used = s.now()
	var err error
	switch {
	case !l.loaded:
		err = s.build(ctx, l, id)
	case !s.sole || l.unsure:
		err = s.catchUp(ctx, l)
	}
	if err != nil {
		l.mu.Unlock()
		if errors.Is(err, store.ErrNotFound) {
			s.mu.Lock()
			if s.tables[id] == l {
				delete(s.tables, id)
			}
			s.mu.Unlock()
			return nil, fail(http.StatusNotFound, "no-table", "id", "Diesen Tisch gibt es nicht.", "There is no such table.")
		}
		return nil, err
	}
	return l, nil
}

// build replays a table from its entries.
func (s *Service) build(ctx context.Context, l *live, id string) error {
	t, err := s.store.Table(ctx, id)
	if err != nil {
		return err
	}
	l.table, l.seats, l.version, l.state, l.inForce, l.putBack, l.mismatch, l.olderRules = t, setupSeats(t.Setup), 0, nil, nil, nil, nil, ""
	saved := map[string]Marker{}
	if ps, err := s.store.Players(ctx, t.CreatorID); err == nil {
		for _, p := range ps {
			saved[nameKey(p.Name)] = markerOf(p.Name, p.Color, p.Symbol)
		}
	}
	l.markers = markers(l.seats, saved)
	g, err := registry.Lookup(t.Game)
	if err != nil {
		l.loaded = true
		l.mismatch = mismatchText(t, registry.Game{Name: t.Game}, 0, i18n.Sprintf("Das Spiel „%s“ kennt dieser Punktezähler nicht.", "This scorer does not know the game %q.", t.Game))
		return nil
	}
	l.game, l.runner = g, g.Runner(s.cards)
	if l.state, err = l.runner.Start(t.Setup); err != nil {
		l.loaded = true
		l.mismatch = mismatchText(t, g, 0, i18n.Sprintf("Die Einrichtung gilt nach den geladenen Regeln nicht mehr: %s", "The setup no longer holds under the loaded rules: %s", ruleText(err)))
		return nil
	}
	l.loaded = true
	if err := s.catchUp(ctx, l); err != nil {
		l.loaded = false
		return err
	}
	l.noted = l.version
	// A finished game whose history entry was lost (a crash between the
	// action and the history) is recorded now; Finish replaces.
	if l.mismatch == nil && l.runner.Next(l.state).Over {
		s.recordFinish(ctx, l)
	}
	return nil
}

// catchUp applies the entries written since the table's version (by this
// instance's other requests, or by another instance on the same store).
func (s *Service) catchUp(ctx context.Context, l *live) error {
	if l.mismatch != nil || l.runner == nil {
		return nil
	}
	entries, err := s.store.Entries(ctx, l.table.ID, l.version)
	if err != nil {
		return err
	}
	l.unsure = false
	for _, e := range entries {
		if why := s.applyEntry(l, e); why != nil {
			l.mismatch = mismatchText(l.table, l.game, e.Seq, *why)
			l.version = e.Seq
			return nil
		}
	}
	return nil
}

// applyEntry applies one stored entry and checks it reaches the state it
// reached when it was made; the reason when it does not.
func (s *Service) applyEntry(l *live, e store.Entry) *i18n.Text {
	if e.Seq != l.version+1 {
		t := i18n.Sprintf("Eintrag %d fehlt.", "Entry %d is missing.", l.version+1)
		return &t
	}
	for _, c := range e.Cards {
		if fp := s.fingerprint(c.ID); fp != c.Fingerprint {
			var t i18n.Text
			if fp == "" {
				t = i18n.Sprintf("Die Karte %s ist in den geladenen Decks nicht mehr vorhanden.", "Card %s is not in the loaded decks any more.", c.ID)
			} else {
				t = i18n.Sprintf("Die Karte %s hat sich seit dem Spiel geändert.", "Card %s has changed since the game.", c.ID)
			}
			return &t
		}
	}
	switch e.Kind {
	case store.KindAction:
		a, err := actionOf(e.Action)
		if err != nil {
			t := i18n.Sprintf("Eintrag %d ist unlesbar: %v", "Entry %d cannot be read: %v", e.Seq, err)
			return &t
		}
		next, _, err := l.runner.Apply(l.state, a)
		if err != nil {
			t := i18n.Sprintf("Eintrag %d gilt nach den geladenen Regeln nicht mehr: %s", "Entry %d no longer holds under the loaded rules: %s", e.Seq, ruleText(err))
			return &t
		}
		l.reveal = revealOf(l, e.Seq, l.state, next, a)
		l.state = next
		l.inForce = append(l.inForce, forced{seq: e.Seq, action: a, actor: e.Actor})
		l.putBack = nil
	case store.KindUndo:
		if len(l.inForce) == 0 {
			t := i18n.Sprintf("Eintrag %d nimmt eine Aktion zurück, die es nicht gibt.", "Entry %d takes back an action that does not exist.", e.Seq)
			return &t
		}
		state, putBack, err := s.undone(l)
		if err != nil {
			t := i18n.Sprintf("Eintrag %d: %s", "Entry %d: %s", e.Seq, ruleText(err))
			return &t
		}
		l.state, l.putBack, l.reveal = state, putBack, nil
		l.inForce = l.inForce[:len(l.inForce)-1]
	default:
		t := i18n.Sprintf("Eintrag %d hat die unbekannte Art „%s“.", "Entry %d is of the unknown kind %q.", e.Seq, e.Kind)
		return &t
	}
	// The state is compared where the rules are the same; an entry made
	// under other rules must still hold (above), and the table says it
	// goes on under newer rules.
	if e.EngineVersion == l.game.Version {
		if h, err := stateHash(l.state); err != nil || h != e.StateHash {
			t := i18n.Sprintf("Nach Eintrag %d ergibt sich ein anderer Spielstand als beim Spiel.", "After entry %d the game state differs from the one played.", e.Seq)
			return &t
		}
	} else if l.olderRules == "" {
		l.olderRules = e.EngineVersion
	}
	l.version = e.Seq
	return nil
}

func mismatchText(t store.Table, g registry.Game, seq int64, why i18n.Text) *i18n.Text {
	msg := i18n.Sprintf("Dieser Tisch lässt sich mit den geladenen Regeln und Karten nicht genau so nachspielen, wie er gespielt wurde", "This table cannot be replayed exactly as it was played with the loaded rules and cards")
	if seq > 0 {
		msg.DE += fmt.Sprintf(" (ab Eintrag %d)", seq)
		msg.EN += fmt.Sprintf(" (from entry %d)", seq)
	}
	msg.DE += ": " + why.DE
	msg.EN += ": " + why.EN
	if g.Version != "" && g.Version != t.EngineVersion {
		msg.DE += fmt.Sprintf(" Gespielt wurde mit Regelversion %s, geladen ist %s.", t.EngineVersion, g.Version)
		msg.EN += fmt.Sprintf(" It was played under rules version %s, version %s is loaded.", t.EngineVersion, g.Version)
	}
	msg.DE += " Der Tisch bleibt unverändert lesbar; starte den Punktezähler mit den Decks, mit denen gespielt wurde, um weiterzuspielen."
	msg.EN += " The table stays readable as it is; start the scorer with the decks it was played with to play on."
	return &msg
}

// undone is the state without the last action in force, and The Game's
// put-back instruction for it.
func (s *Service) undone(l *live) (any, []thegame.Return, error) {
	log := rules.Log{Setup: l.table.Setup}
	for _, f := range l.inForce {
		log.Actions = append(log.Actions, f.action)
	}
	keep := len(log.Actions) - 1
	state, _, err := l.runner.Replay(rules.Log{Setup: log.Setup, Actions: log.Actions[:keep]}, nil)
	if err != nil {
		return nil, nil, err
	}
	var putBack []thegame.Return
	if l.game.Name == "thegame" {
		if putBack, err = thegame.PutBack(s.cards, log, keep); err != nil {
			return nil, nil, err
		}
	}
	return state, putBack, nil
}

func ruleText(err error) string {
	var re *rules.RuleError
	if errors.As(err, &re) {
		return re.Msg.DE
	}
	return err.Error()
}

// actionOf reads an action line: a JSON object with a "type".
func actionOf(raw json.RawMessage) (rules.Action, error) {
	var head struct {
		Type *string `json:"type"`
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return rules.Action{}, errors.New(`an action is a JSON object with a "type"`)
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return rules.Action{}, err
	}
	if head.Type == nil || *head.Type == "" {
		return rules.Action{}, errors.New(`the action has no "type"`)
	}
	return rules.Action{Type: *head.Type, Data: append(json.RawMessage(nil), raw...)}, nil
}

// fingerprint is the hash of a card's content as loaded (without where it
// was read from), "" for a card that is not loaded.
func (s *Service) fingerprint(id string) string {
	if fp, ok := s.fingerprints.Load(id); ok {
		return fp.(string)
	}
	f, _ := s.cards.Find(decks.ParseRef(id))
	fp := ""
	if f != nil {
		var card any
		switch {
		case f.Labyrinth != nil:
			card = f.Labyrinth
		case f.Dativ != nil:
			card = f.Dativ
		case f.Genial != nil:
			card = f.Genial
		case f.Raab != nil:
			card = f.Raab
		case f.TheGame != nil:
			card = f.TheGame
		}
		b, _ := json.Marshal(card)
		var tree any
		json.Unmarshal(b, &tree)
		b, _ = json.Marshal(withoutOrigin(tree))
		h := sha256.Sum256(b)
		fp = hex.EncodeToString(h[:12])
	}
	s.fingerprints.Store(id, fp)
	return fp
}

// withoutOrigin drops the "Origin" fields (file, sheet, row): moving a
// card within its spreadsheet does not change it.
func withoutOrigin(v any) any {
	switch t := v.(type) {
	case map[string]any:
		delete(t, "Origin")
		for k, x := range t {
			t[k] = withoutOrigin(x)
		}
	case []any:
		for i, x := range t {
			t[i] = withoutOrigin(x)
		}
	}
	return v
}

// cardsOf are the cards an action names (card IDs in any of its strings),
// each with its fingerprint, so that a later change of the decks is
// noticed instead of silently replaying another card.
func (s *Service) cardsOf(a rules.Action) []store.CardRef {
	var tree any
	if json.Unmarshal(a.Data, &tree) != nil {
		return nil
	}
	seen := map[string]bool{}
	var out []store.CardRef
	var walk func(v any)
	walk = func(v any) {
		switch t := v.(type) {
		case map[string]any:
			for _, x := range t {
				walk(x)
			}
		case []any:
			for _, x := range t {
				walk(x)
			}
		case string:
			if len(t) < 4 || len(t) > 60 || !strings.Contains(t, "-") {
				return
			}
			ref := decks.ParseRef(t)
			if seen[ref.ID] {
				return
			}
			if fp := s.fingerprint(ref.ID); fp != "" {
				seen[ref.ID] = true
				out = append(out, store.CardRef{ID: ref.ID, Fingerprint: fp})
			}
		}
	}
	walk(tree)
	slices.SortFunc(out, func(a, b store.CardRef) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// viewer is who the request is at this table: the creator's login holds
// the table role; a seat is a player or a spectator.
func viewerAt(au Auth, t store.Table) (rules.Viewer, bool) {
	if au.Account != nil && au.Account.ID == t.CreatorID {
		return rules.Viewer{Role: rules.RoleTable}, true
	}
	var best *store.Session
	for i, se := range au.Seats {
		if se.TableID != t.ID {
			continue
		}
		if best == nil || (best.Role == rules.RoleSpectator && se.Role == rules.RolePlayer) {
			best = &au.Seats[i]
		}
	}
	if best == nil {
		return rules.Viewer{}, false
	}
	if best.Role == rules.RolePlayer {
		return rules.Viewer{Role: rules.RolePlayer, Player: best.Player}, true
	}
	return rules.Viewer{Role: rules.RoleSpectator}, true
}

func noAuth() *Error {
	return fail(http.StatusUnauthorized, "login-required", "", "Bitte anmelden oder mit der PIN an den Tisch setzen.", "Please log in or join the table with its PIN.")
}

func notAtTable() *Error {
	return fail(http.StatusForbidden, "not-at-table", "", "Du sitzt nicht an diesem Tisch: mit der PIN beitreten.", "You are not at this table: join with its PIN.")
}

// at loads the table and resolves who the request is there.
func (s *Service) at(ctx context.Context, au Auth, id string) (*live, rules.Viewer, error) {
	if !au.Any() {
		return nil, rules.Viewer{}, noAuth()
	}
	l, err := s.table(ctx, id)
	if err != nil {
		return nil, rules.Viewer{}, err
	}
	v, ok := viewerAt(au, l.table)
	if !ok {
		l.mu.Unlock()
		return nil, rules.Viewer{}, notAtTable()
	}
	return l, v, nil
}

// snapshot is the table as v sees it; l is locked.
func (s *Service) snapshot(ctx context.Context, l *live, v rules.Viewer) (Snapshot, error) {
	snap := Snapshot{ID: l.table.ID, Game: l.table.Game, Title: l.game.Title, Version: l.version, Viewer: v, Players: l.markers, Mismatch: l.mismatch, PIN: l.table.PIN}
	if l.olderRules != "" && l.mismatch == nil {
		t := i18n.Sprintf("Dieser Tisch wurde mit Regelversion %s begonnen und geht mit Version %s weiter; jeder bisherige Zug gilt auch nach den neuen Regeln.", "This table was begun under rules version %s and goes on under version %s; every move so far holds under the new rules too.", l.olderRules, l.game.Version)
		snap.Rules = &t
	}
	if l.creator == "" {
		if a, err := s.account(ctx, l.table.CreatorID); err == nil {
			l.creator = a.Name
		}
	}
	snap.Creator = l.creator
	if l.runner == nil {
		return snap, nil
	}
	snap.State = l.runner.View(l.state, v)
	snap.Next = l.runner.Next(l.state)
	for _, r := range l.putBack {
		snap.PutBack = append(snap.PutBack, r.For(v))
	}
	if n := len(l.inForce); n > 0 && l.mismatch == nil {
		snap.Undoable = v.Role == rules.RoleTable || (v.Role == rules.RolePlayer && l.inForce[n-1].actor == "player:"+v.Player)
	}
	snap.Notice = l.notice
	snap.Reveal = l.reveal
	_, secrets, err := s.pending(ctx, l)
	if err != nil {
		return snap, err
	}
	snap.Pending = l.pendingOf(secrets, v)
	return snap, nil
}

// Table is the table as the request may see it.
func (s *Service) Table(ctx context.Context, au Auth, id string) (Snapshot, error) {
	l, v, err := s.at(ctx, au, id)
	if err != nil {
		return Snapshot{}, err
	}
	defer l.mu.Unlock()
	return s.snapshot(ctx, l, v)
}

// newID is a table id: ten characters that are easy to read and type.
func newID() (string, error) { return randomString("abcdefghjkmnpqrstuvwxyz23456789", 10) }

func randomString(alphabet string, n int) (string, error) {
	b := make([]byte, n)
	max := big.NewInt(int64(len(alphabet)))
	for i := range b {
		x, err := rand.Int(rand.Reader, max)
		if err != nil {
			return "", err
		}
		b[i] = alphabet[x.Int64()]
	}
	return string(b), nil
}

// CreateTable starts a table from a setup line; the creator's login holds
// its table role.
func (s *Service) CreateTable(ctx context.Context, au Auth, setup json.RawMessage) (Snapshot, error) {
	if au.Account == nil {
		return Snapshot{}, fail(http.StatusUnauthorized, "login-required", "", "Zum Eröffnen eines Tisches bitte anmelden.", "Please log in to open a table.")
	}
	setup = bytes.TrimSpace(setup)
	var head struct {
		Game string `json:"game"`
	}
	if len(setup) == 0 || setup[0] != '{' || json.Unmarshal(setup, &head) != nil {
		return Snapshot{}, fail(http.StatusBadRequest, "bad-setup", "setup", "Die Einrichtung muss ein JSON-Objekt sein wie eine Einrichtungszeile von druckreif replay.", "The setup must be a JSON object like a setup line of druckreif replay.")
	}
	g, err := registry.Lookup(head.Game)
	if err != nil {
		return Snapshot{}, fail(http.StatusUnprocessableEntity, "unknown-game", "setup.game", "Unbekanntes Spiel „%s“ (bekannt: %s).", "Unknown game %q (known: %s).", head.Game, strings.Join(registry.Names(), ", "))
	}
	runner := g.Runner(s.cards)
	if _, err := runner.Start(setup); err != nil {
		return Snapshot{}, ruleError(err, "setup")
	}
	if len(setupSeats(setup)) == 0 {
		return Snapshot{}, fail(http.StatusUnprocessableEntity, "players", "setup.players", "Die Einrichtung nennt keine Spieler.", "The setup names no players.")
	}
	for _, name := range setupSeats(setup) {
		if _, err := cleanName("setup.players", name); err != nil || name != strings.TrimSpace(name) {
			return Snapshot{}, fail(http.StatusUnprocessableEntity, "players", "setup.players", "Der Spielername „%s“ geht nicht: ohne Steuerzeichen, höchstens %d Zeichen.", "The player name %q will not do: no control characters, at most %d characters.", name, maxName)
		}
	}
	if _, err := s.reserve(ctx, []string{"tables:" + strconv.FormatInt(au.Account.ID, 10)}, []Window{s.limits.TablesPerAccount}, func(wait time.Duration) *Error {
		return tooMany("", wait, "Zu viele neue Tische in der letzten Stunde.", "Too many new tables in the last hour.")
	}); err != nil {
		return Snapshot{}, err
	}
	pin, err := newPIN()
	if err != nil {
		return Snapshot{}, err
	}
	var id string
	for try := 0; ; try++ {
		if id, err = newID(); err != nil {
			return Snapshot{}, err
		}
		t := store.Table{ID: id, Game: g.Name, Setup: append(json.RawMessage(nil), setup...), PIN: pin, CreatorID: au.Account.ID, EngineVersion: g.Version, Created: s.now()}
		err = s.store.CreateTable(ctx, t)
		if err == nil {
			break
		}
		if !errors.Is(err, store.ErrExists) || try > 5 {
			return Snapshot{}, err
		}
	}
	return s.Table(ctx, au, id)
}

// ruleError is an engine's refusal as a 422 with the rule's name.
func ruleError(err error, field string) error {
	var re *rules.RuleError
	if errors.As(err, &re) {
		return &Error{Status: http.StatusUnprocessableEntity, Rule: re.Rule, Field: field, Msg: re.Msg}
	}
	return &Error{Status: http.StatusUnprocessableEntity, Rule: "refused", Field: field, Msg: i18n.Sprintf("%v", "%v", err)}
}

// mayPost checks that the viewer may post the action: the table role acts
// for everyone; a player's seat only for its own player and, where the
// action names nobody, only when its player is to act; spectators read.
func (l *live) mayPost(v rules.Viewer, a rules.Action) error {
	switch v.Role {
	case rules.RoleTable:
		return nil
	case rules.RoleSpectator:
		return fail(http.StatusForbidden, "spectator", "action", "Zuschauer können nur zusehen.", "Spectators can only watch.")
	}
	speakers := l.runner.Speakers(l.state, a)
	for _, p := range speakers {
		if p != v.Player {
			return fail(http.StatusForbidden, "not-your-seat", "action", "Von diesem Platz aus kann nur %s handeln, nicht %s.", "From this seat only %s can act, not %s.", v.Player, p)
		}
	}
	if ds := l.runner.Deciders(l.state, a); len(ds) > 0 && !slices.Contains(ds, v.Player) {
		return fail(http.StatusForbidden, "not-your-team", "action", "Das entscheidet nicht %s, sondern %s.", "This is not %s's decision but %s's.", v.Player, strings.Join(ds, ", "))
	}
	if len(speakers) == 0 && !slices.Contains(l.runner.Next(l.state).Actors, v.Player) {
		return fail(http.StatusForbidden, "not-your-turn", "action", "%s ist gerade nicht am Zug.", "It is not %s's turn.", v.Player)
	}
	return nil
}

// mayEnterPrivate keeps the table's phone from entering what is a
// player's lasting secret (The Game's hand cards) for a player whose own
// phone holds the seat: that phone enters it, and nobody else learns it.
func (s *Service) mayEnterPrivate(ctx context.Context, l *live, v rules.Viewer, a rules.Action) error {
	if v.Role != rules.RoleTable {
		return nil
	}
	player, _, ok := l.runner.Private(l.state, a)
	if !ok || player == "" {
		return nil
	}
	held, err := s.store.TableSessions(ctx, l.table.ID, s.now())
	if err != nil {
		return err
	}
	for _, se := range held {
		if se.Role == rules.RolePlayer && nameKey(se.Player) == nameKey(player) {
			return fail(http.StatusForbidden, "seat-has-phone", "action", "%s spielt mit eigenem Handy: die Handkarten trägt nur dieses Handy ein.", "%s plays on their own phone: only that phone enters their hand cards.", se.Player)
		}
	}
	return nil
}

func actorOf(v rules.Viewer) string {
	if v.Role == rules.RolePlayer {
		return "player:" + v.Player
	}
	return v.Role
}

func stale(version, current int64) *Error {
	return fail(http.StatusConflict, "stale-version", "version", "Jemand war schneller: die Aktion galt für einen älteren Spielstand (Eintrag %d, jetzt %d). Hier ist der neue.", "Someone was faster: the action was made on an older state of the game (entry %d, now %d). Here is the new one.", version, current)
}

// Act applies an action made on version. Exactly one of two phones racing
// on one version gets through; the other gets 409 with the fresh state.
func (s *Service) Act(ctx context.Context, au Auth, id string, version int64, raw json.RawMessage) (Result, error) {
	l, v, err := s.current(ctx, au, id, version)
	if err != nil {
		return Result{}, err
	}
	defer l.mu.Unlock()
	a, err := actionOf(raw)
	if err != nil {
		return Result{}, fail(http.StatusBadRequest, "bad-action", "action", "Die Aktion ist nicht lesbar: %v", "The action cannot be read: %v", err)
	}
	if err := l.mayPost(v, a); err != nil {
		return Result{}, err
	}
	if err := s.mayEnterPrivate(ctx, l, v, a); err != nil {
		return Result{}, err
	}
	if choices, ok := l.choicesOf(a); ok {
		return s.choose(ctx, l, v, choices)
	}
	next, events, err := l.runner.Apply(l.state, a)
	if err != nil {
		return Result{}, ruleError(err, "action")
	}
	if err := s.commit(ctx, l, store.KindAction, a, next, nil, actorOf(v)); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return Result{}, s.staleError(ctx, l, v, version)
		}
		return Result{}, err
	}
	snap, err := s.snapshot(ctx, l, v)
	if events == nil {
		events = []rules.Event{}
	}
	return Result{Snapshot: snap, Events: events}, err
}

// current loads the table for a change made on version: the table must
// not be frozen, and version must be the table's current one. The table is
// returned locked.
func (s *Service) current(ctx context.Context, au Auth, id string, version int64) (*live, rules.Viewer, error) {
	l, v, err := s.at(ctx, au, id)
	if err != nil {
		return nil, v, err
	}
	if l.mismatch != nil {
		l.mu.Unlock()
		return nil, v, &Error{Status: http.StatusLocked, Rule: "table-mismatch", Msg: *l.mismatch}
	}
	if version != l.version {
		err := s.staleError(ctx, l, v, version)
		l.mu.Unlock()
		return nil, v, err
	}
	return l, v, nil
}

// staleError is 409 with the table as it is now (after catching up).
func (s *Service) staleError(ctx context.Context, l *live, v rules.Viewer, version int64) error {
	if err := s.catchUp(ctx, l); err != nil {
		return err
	}
	e := stale(version, l.version)
	snap, err := s.snapshot(ctx, l, v)
	if err != nil {
		return err
	}
	e.Current = &snap
	return e
}

// commit writes one entry and, once it is durable, makes it the table's
// state and tells the phones.
func (s *Service) commit(ctx context.Context, l *live, kind string, a rules.Action, next any, putBack []thegame.Return, actor string) error {
	hash, err := stateHash(next)
	if err != nil {
		return err
	}
	wasOver := l.runner.Next(l.state).Over
	e := store.Entry{Seq: l.version + 1, Kind: kind, Actor: actor, StateHash: hash, EngineVersion: l.game.Version, At: s.now()}
	if kind == store.KindAction {
		e.Action = a.Data
		e.Cards = s.cardsOf(a)
	}
	if err := s.store.Append(ctx, l.table.ID, e); err != nil {
		if !errors.Is(err, store.ErrConflict) {
			l.unsure = true
		}
		if errors.Is(err, store.ErrUnavailable) && s.notes.Subscribers(l.table.ID) > 0 {
			// The entry may be written all the same, only its answer lost:
			// once the store answers again, the phones here learn the
			// table's version either way.
			s.announceLater(context.WithoutCancel(ctx), l.table.ID, tell{})
		}
		return err
	}
	l.reveal = nil
	if kind == store.KindAction {
		l.reveal = revealOf(l, e.Seq, l.state, next, a)
	}
	l.version = e.Seq
	l.state = next
	l.putBack = putBack
	l.notice = nil
	if kind == store.KindAction {
		l.inForce = append(l.inForce, forced{seq: e.Seq, action: a, actor: actor})
	} else {
		l.inForce = l.inForce[:len(l.inForce)-1]
	}
	over := l.runner.Next(next).Over
	switch {
	case over && !wasOver:
		s.recordFinish(ctx, l)
	case !over && wasOver:
		if err := s.store.Unfinish(context.WithoutCancel(ctx), l.table.ID); err != nil {
			log.Printf("scorer: table %s: history: %v", l.table.ID, err)
		}
	}
	s.notes.Publish(Note{Table: l.table.ID, Version: l.version})
	l.noted = l.version
	return nil
}

// recordFinish puts a finished game into its creator's history. The game
// itself is already safe in its entries; a failure here is repaired when
// the table is next loaded.
func (s *Service) recordFinish(ctx context.Context, l *live) {
	out, _ := json.Marshal(l.runner.Outcome(l.state))
	f := store.Finished{TableID: l.table.ID, AccountID: l.table.CreatorID, Game: l.table.Game, Players: l.seats, Outcome: out, At: s.now()}
	if err := s.store.Finish(context.WithoutCancel(ctx), f); err != nil {
		log.Printf("scorer: table %s: history: %v", l.table.ID, err)
	}
}

// Undo takes back the last action in force, as a new entry: the table's
// version only grows. The table role may undo anything, a seat only what
// it did itself.
func (s *Service) Undo(ctx context.Context, au Auth, id string, version int64) (Result, error) {
	l, v, err := s.current(ctx, au, id, version)
	if err != nil {
		return Result{}, err
	}
	defer l.mu.Unlock()
	if len(l.inForce) == 0 {
		return Result{}, fail(http.StatusUnprocessableEntity, "nothing-to-undo", "", "Es gibt nichts zurückzunehmen.", "There is nothing to undo.")
	}
	last := l.inForce[len(l.inForce)-1]
	if v.Role != rules.RoleTable && !(v.Role == rules.RolePlayer && last.actor == "player:"+v.Player) {
		return Result{}, fail(http.StatusForbidden, "not-your-action", "", "Zurücknehmen kann nur, wer die Aktion gemacht hat, oder das Tisch-Handy.", "Only who made the action, or the table's phone, can undo it.")
	}
	state, putBack, err := s.undone(l)
	if err != nil {
		return Result{}, err
	}
	round, open, err := s.pending(ctx, l)
	if err != nil {
		return Result{}, err
	}
	if err := s.commit(ctx, l, store.KindUndo, rules.Action{}, state, putBack, actorOf(v)); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return Result{}, s.staleError(ctx, l, v, version)
		}
		return Result{}, err
	}
	if len(open) > 0 && !l.roundOpen(round) {
		// The undo took back the card the choices were made on: they are
		// void, and every phone is asked to choose again.
		l.notice = roundTakenBack()
	}
	snap, err := s.snapshot(ctx, l, v)
	return Result{Snapshot: snap, Events: []rules.Event{}}, err
}

// Log is the table's record as druckreif replay reads it: the setup line,
// then every action in force. Only the table role may read it. Before the
// game's end it leaves out what is a player's lasting secret and was not
// entered by the table itself (The Game's hand cards entered on a
// player's own phone), and its setup line says "partial": true; after the
// end it is whole.
func (s *Service) Log(ctx context.Context, au Auth, id string) ([]byte, error) {
	l, v, err := s.at(ctx, au, id)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	if v.Role != rules.RoleTable {
		return nil, fail(http.StatusForbidden, "table-role", "", "Den Verlauf sieht nur das Tisch-Handy.", "Only the table's phone sees the record.")
	}
	var actions []forced
	if l.mismatch != nil {
		// The frozen table's record: what was played, as stored.
		entries, err := s.store.Entries(ctx, id, 0)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.Kind == store.KindUndo && len(actions) > 0 {
				actions = actions[:len(actions)-1]
			} else if e.Kind == store.KindAction {
				actions = append(actions, forced{seq: e.Seq, action: rules.Action{Data: e.Action}, actor: e.Actor})
			}
		}
	} else {
		actions = l.inForce
	}
	over := l.runner != nil && l.state != nil && l.mismatch == nil && l.runner.Next(l.state).Over
	partial := false
	var lines [][]byte
	for _, f := range actions {
		line := bytes.TrimSpace(f.action.Data)
		if !over && l.runner != nil && l.state != nil && f.actor != rules.RoleTable {
			a, err := actionOf(line)
			if err == nil {
				if _, redacted, ok := l.runner.Private(l.state, a); ok {
					partial = true
					if redacted.Data == nil {
						continue
					}
					line = redacted.Data
				}
			}
		}
		lines = append(lines, line)
	}
	setup := bytes.TrimSpace(l.table.Setup)
	if partial {
		var head map[string]json.RawMessage
		if json.Unmarshal(setup, &head) == nil {
			head["partial"] = json.RawMessage("true")
			setup, _ = json.Marshal(head)
		}
	}
	var b bytes.Buffer
	b.Write(setup)
	b.WriteByte('\n')
	for _, line := range lines {
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// Watch checks that the request may follow the table live and returns its
// version now.
func (s *Service) Watch(ctx context.Context, au Auth, id string) (int64, error) {
	l, _, err := s.at(ctx, au, id)
	if err != nil {
		return 0, err
	}
	defer l.mu.Unlock()
	return l.version, nil
}
