package scorer

import (
	"cmp"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"time"

	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/rules/labyrinth"
	"druckreif/rules/registry"
)

// historyLimit bounds the finished games read for an account's history
// (years of weekly evenings).
const historyLimit = 10000

// Game is a finished game of the history.
type Game struct {
	TableID string        `json:"table"`
	Game    string        `json:"game"`
	Title   string        `json:"title"`
	Players []string      `json:"players"`
	Outcome rules.Outcome `json:"outcome"`
	At      time.Time     `json:"at"`
	// keys and winners are the players' and the winners' name keys, and
	// evening the game's evening, once computed (keyed): the statistics
	// look them up thousands of times.
	keys, winners []string
	evening       string
}

// keyed is the game with its name keys computed.
func (g Game) keyed() Game {
	if g.keys == nil {
		g.keys, g.winners, g.evening = keysOf(g.Players), keysOf(g.Outcome.Winners), g.At.Local().Format(time.DateOnly)
	}
	return g
}

func keysOf(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = nameKey(n)
	}
	return out
}

// Evening is the calendar day the game ended on, in the server's time
// zone: an evening is every game the account finished on one day.
func (g Game) Evening() string { return g.keyed().evening }

// Played reports whether name sat at the game's table (names are one
// player whatever their case).
func (g Game) Played(name string) bool {
	_, ok := g.keyed().seat(nameKey(name))
	return ok
}

// Won reports whether name is one of the game's winners.
func (g Game) Won(name string) bool { return g.keyed().won(nameKey(name)) }

// Result is name's result: in The Game the cards the table left (won or
// lost together), otherwise the engine's count — points, chips, the field
// reached. ok is false for a player the game counted nothing for (the host
// of a single Raab game).
func (g Game) Result(name string) (int, bool) { return g.keyed().result(nameKey(name)) }

// The lookups by name key, on a keyed game.

// seat is how the player is spelt at the game's table.
func (g Game) seat(key string) (string, bool) {
	if i := slices.Index(g.keys, key); i >= 0 {
		return g.Players[i], true
	}
	return "", false
}

func (g Game) won(key string) bool { return slices.Contains(g.winners, key) }

func (g Game) result(key string) (int, bool) {
	seat, ok := g.seat(key)
	if !ok {
		return 0, false
	}
	if g.Outcome.Remaining >= 0 {
		return g.Outcome.Remaining, true
	}
	v, ok := g.Outcome.Points[seat]
	return v, ok
}

// competes reports whether the player played the game for a result (not
// as its host only).
func (g Game) competes(key string) bool {
	if _, ok := g.seat(key); !ok {
		return false
	}
	_, counted := g.result(key)
	return counted || g.won(key) || (g.Outcome.Points == nil && g.Outcome.Remaining < 0)
}

// ahead reports whether a finished ahead of b: a won and b did not, or
// neither won and a's result is the better one. Joint winners, and the
// members of one side, are nobody's better.
func (g Game) ahead(a, b string) bool {
	if !g.competes(a) || !g.competes(b) {
		return false
	}
	if wa, wb := g.won(a), g.won(b); wa != wb || wa {
		return wa && !wb
	}
	ra, oka := g.result(a)
	rb, okb := g.result(b)
	return oka && okb && scoringOf(g.Game).better(ra, rb)
}

// scoring is what a game's result is and which one is best.
type scoring struct {
	// Lower: fewer is better (The Game's cards left).
	Lower bool
	// Together: the players win or lose together, nobody is ahead of
	// anyone (The Game).
	Together bool
	// One and Many name a result of 1 and of any other number ("Punkt",
	// "Punkte"); Count is what the score curve counts round by round, and
	// Round what a round of it is called ("nach jeder Frage" After);
	// Best says which result is best; Note explains what a count means,
	// where it needs it.
	One, Many, Count, Round, After, Best, Note i18n.Text
}

var (
	points   = scoring{One: i18n.T("Punkt", "point"), Many: i18n.T("Punkte", "points"), Count: i18n.T("Punkte", "Points"), Round: i18n.T("Runde", "Round"), After: i18n.T("nach jeder Runde", "after every round"), Best: i18n.T("die meisten Punkte", "the most points")}
	scorings = map[string]scoring{
		"thegame":   {Lower: true, Together: true, One: i18n.T("Karte übrig", "card left"), Many: i18n.T("Karten übrig", "cards left"), Count: i18n.T("Gelegte Karten", "Cards laid"), Round: i18n.T("Zug", "Turn"), After: i18n.T("nach jedem Zug", "after every turn"), Best: i18n.T("die wenigsten Karten übrig", "the fewest cards left"), Note: i18n.T("Das Ergebnis sind die Karten, die am Ende zusammen übrig blieben.", "The result is the cards left over together at the end.")},
		"labyrinth": {Count: i18n.T("Feld der Spielfigur", "Field of the piece"), Round: i18n.T("Frage", "Question"), After: i18n.T("nach jeder Frage", "after every question"), Best: i18n.T("das Feld am nächsten am Ausgang", "the field closest to the exit"), Note: i18n.T("Feld 0 ist das Startfeld, −1 bis −4 liegen dahinter; „Nische“: die Figur steht in einer der Nischen.", "Field 0 is the start field, −1 to −4 lie behind it; “niche”: the piece stands in one of the niches.")},
		"dativ":     {One: i18n.T("Chip", "chip"), Many: i18n.T("Chips", "chips"), Count: i18n.T("Chips", "Chips"), Round: i18n.T("Karte", "Card"), After: i18n.T("nach jeder Karte", "after every card"), Best: i18n.T("die meisten Chips", "the most chips")},
		"genial":    {One: points.One, Many: points.Many, Count: points.Count, Round: i18n.T("Frage", "Question"), After: i18n.T("nach jeder Frage", "after every question"), Best: points.Best},
		"raab":      {One: points.One, Many: points.Many, Count: i18n.T("Punkte", "Points"), Round: i18n.T("Spiel", "Game"), After: i18n.T("nach jedem Spiel des Abends", "after every game of the evening"), Best: points.Best, Note: i18n.T("Jeder zählt die Punkte seiner Seite: des Teams oder Stefans.", "Everybody counts the points of their side: the team's or Stefan's.")},
		"raab-mini": {One: points.One, Many: points.Many, Count: points.Count, Round: i18n.T("Aufgabe", "Task"), After: i18n.T("nach jeder Aufgabe", "after every task"), Best: points.Best},
	}
)

func scoringOf(game string) scoring {
	if sc, ok := scorings[game]; ok {
		return sc
	}
	return points
}

func (sc scoring) better(a, b int) bool {
	if sc.Lower {
		return a < b
	}
	return a > b
}

// Together reports whether the game is won or lost by all players
// together (nobody is ahead of anyone).
func Together(game string) bool { return scoringOf(game).Together }

// LowerIsBetter reports whether fewer is the better result in the game.
func LowerIsBetter(game string) bool { return scoringOf(game).Lower }

// Counted is what the game's score curve counts, as a heading.
func Counted(game string) i18n.Text { return scoringOf(game).Count }

// AfterEach says when the score curve's points are taken ("nach jeder
// Frage").
func AfterEach(game string) i18n.Text { return scoringOf(game).After }

// CountNote explains what the game's count means, or is empty.
func CountNote(game string) i18n.Text { return scoringOf(game).Note }

// BestIs says which result of the game is the best one ("die meisten
// Punkte").
func BestIs(game string) i18n.Text { return scoringOf(game).Best }

// RoundName is what a round of the game's score curve is called ("Frage",
// "Zug").
func RoundName(game string) i18n.Text { return scoringOf(game).Round }

// ResultText is a result in words: "3 Karten übrig", "12 Punkte", "Feld
// 17", "in der Nische".
func ResultText(game string, v int) i18n.Text {
	sc := scoringOf(game)
	switch {
	case game == "labyrinth" && v == labyrinth.NichePos:
		return i18n.T("in der Nische", "in a niche")
	case game == "labyrinth":
		return i18n.T("Feld "+Signed(v), "field "+Signed(v))
	}
	unit := sc.Many
	if v == 1 {
		unit = sc.One
	}
	return i18n.T(Signed(v)+" "+unit.DE, Signed(v)+" "+unit.EN)
}

// Signed is a number with a true minus sign (−3), as print has it.
func Signed(v int) string {
	if v < 0 {
		return "−" + strconv.Itoa(-v)
	}
	return strconv.Itoa(v)
}

// Record is a saved player's record in one game ("" for all games): the
// evenings they played it on, the games, the wins and the best result.
type Record struct {
	Game     string `json:"game,omitempty"`
	Title    string `json:"title,omitempty"`
	Evenings int    `json:"evenings"`
	Games    int    `json:"games"`
	Wins     int    `json:"wins"`
	// Best is the best result (The Game: the fewest cards left; the most
	// points, chips or the farthest field otherwise); nil when none was
	// counted.
	Best *int `json:"best"`
}

// History is an account's finished games, newest first, and its saved
// players; its methods are what a group looks at after a few evenings.
type History struct {
	Games []Game
	Saved []Marker
}

// History reads the account's history.
func (s *Service) History(ctx context.Context, au Auth) (*History, error) {
	if au.Account == nil {
		return nil, noAuth()
	}
	fs, err := s.store.History(ctx, au.Account.ID, historyLimit)
	if err != nil {
		return nil, err
	}
	h := &History{Games: []Game{}}
	for _, f := range fs {
		g := Game{TableID: f.TableID, Game: f.Game, Players: f.Players, At: f.At, Outcome: rules.Outcome{Remaining: -1}}
		if rg, err := registry.Lookup(f.Game); err == nil {
			g.Title = rg.Title
		}
		json.Unmarshal(f.Outcome, &g.Outcome)
		h.Games = append(h.Games, g.keyed())
	}
	if h.Saved, err = s.Players(ctx, au); err != nil {
		return nil, err
	}
	return h, nil
}

// keyed are the history's games, each keyed.
func (h *History) keyed() []Game {
	for i, g := range h.Games {
		if g.keys == nil {
			h.Games[i] = g.keyed()
		}
	}
	return h.Games
}

// Record is name's record over the games for which keep is true.
func (h *History) Record(name string, keep func(Game) bool) Record {
	var r Record
	evenings := map[string]bool{}
	key := nameKey(name)
	for _, g := range h.keyed() {
		if !keep(g) {
			continue
		}
		if _, ok := g.seat(key); !ok {
			continue
		}
		r.Games++
		evenings[g.Evening()] = true
		if g.won(key) {
			r.Wins++
		}
		if v, ok := g.result(key); ok && (r.Best == nil || scoringOf(g.Game).better(v, *r.Best)) {
			r.Best = &v
		}
	}
	r.Evenings = len(evenings)
	return r
}

// GameRecord is name's record in one game.
func (h *History) GameRecord(name, game string) Record {
	r := h.Record(name, func(g Game) bool { return g.Game == game })
	r.Game, r.Title = game, titleOf(game)
	return r
}

// Overall is name's record over every game (no best result: results of
// different games do not compare).
func (h *History) Overall(name string) Record {
	r := h.Record(name, func(Game) bool { return true })
	r.Best = nil
	return r
}

// Evenings is the number of evenings with a finished game.
func (h *History) Evenings() int {
	days := map[string]bool{}
	for _, g := range h.Games {
		days[g.Evening()] = true
	}
	return len(days)
}

// GamesPlayed are the games of the history, the most played first, each
// with its title.
func (h *History) GamesPlayed() []Record {
	byGame := map[string]*Record{}
	evenings := map[string]map[string]bool{}
	for _, g := range h.Games {
		r := byGame[g.Game]
		if r == nil {
			r = &Record{Game: g.Game, Title: titleOf(g.Game)}
			byGame[g.Game] = r
			evenings[g.Game] = map[string]bool{}
		}
		r.Games++
		evenings[g.Game][g.Evening()] = true
	}
	var out []Record
	for _, r := range byGame {
		r.Evenings = len(evenings[r.Game])
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b Record) int { return cmp.Or(b.Games-a.Games, cmp.Compare(a.Title, b.Title)) })
	return out
}

// PlayerRecord is one saved player with a record.
type PlayerRecord struct {
	Marker
	Record
}

// Table is the game's table of saved players who played it: the most
// wins first.
func (h *History) Table(game string) []PlayerRecord {
	var out []PlayerRecord
	for _, m := range h.Saved {
		if r := h.GameRecord(m.Name, game); r.Games > 0 {
			out = append(out, PlayerRecord{Marker: m, Record: r})
		}
	}
	slices.SortStableFunc(out, func(a, b PlayerRecord) int { return cmp.Or(b.Wins-a.Wins, b.Games-a.Games) })
	return out
}

// Saved player by name (any case).
func (h *History) Player(name string) (Marker, bool) {
	for _, m := range h.Saved {
		if nameKey(m.Name) == nameKey(name) {
			return m, true
		}
	}
	return Marker{}, false
}

// Timeline is the game's last n finished tables, oldest first (game "":
// every game).
func (h *History) Timeline(game string, n int) []Game {
	var out []Game
	for _, g := range h.Games {
		if game == "" || g.Game == game {
			out = append(out, g)
		}
	}
	if len(out) > n {
		out = out[:n]
	}
	slices.Reverse(out)
	return out
}

// HeadToHead is who finished ahead of whom in one game, among the saved
// players who played it for a result.
type HeadToHead struct {
	Players []Marker
	// Ahead[i][j] counts the games in which Players[i] finished ahead of
	// Players[j]; Met[i][j] the games both played.
	Ahead, Met [][]int
}

// HeadToHead of the game; nil for a game won or lost together, or with
// fewer than two saved players in it.
func (h *History) HeadToHead(game string) *HeadToHead {
	if Together(game) {
		return nil
	}
	var players []Marker
	var keys []string
	for _, m := range h.Saved {
		key := nameKey(m.Name)
		if slices.ContainsFunc(h.keyed(), func(g Game) bool { return g.Game == game && g.competes(key) }) {
			players, keys = append(players, m), append(keys, key)
		}
	}
	if len(players) < 2 {
		return nil
	}
	hh := &HeadToHead{Players: players, Ahead: make([][]int, len(players)), Met: make([][]int, len(players))}
	for i := range players {
		hh.Ahead[i], hh.Met[i] = make([]int, len(players)), make([]int, len(players))
	}
	for _, g := range h.Games {
		if g.Game != game {
			continue
		}
		for i, a := range keys {
			for j, b := range keys {
				if i == j || !g.competes(a) || !g.competes(b) {
					continue
				}
				hh.Met[i][j]++
				if g.ahead(a, b) {
					hh.Ahead[i][j]++
				}
			}
		}
	}
	return hh
}

func titleOf(game string) string {
	if g, err := registry.Lookup(game); err == nil {
		return g.Title
	}
	return game
}

// Stats are one saved player's results over the history (GET
// /api/history).
type Stats struct {
	Marker
	Evenings int `json:"evenings"`
	Games    int `json:"games"`
	Wins     int `json:"wins"`
	// TheGameBest is The Game's best result: the fewest cards left (−1:
	// never played).
	TheGameBest int `json:"thegame_best"`
	// Records are the player's records per game played, the most played
	// first.
	Records []Record `json:"records"`
}

// Stats per saved player.
func (h *History) Stats() []Stats {
	out := []Stats{}
	played := h.GamesPlayed()
	for _, m := range h.Saved {
		all := h.Overall(m.Name)
		st := Stats{Marker: m, Evenings: all.Evenings, Games: all.Games, Wins: all.Wins, TheGameBest: -1, Records: []Record{}}
		for _, p := range played {
			r := h.GameRecord(m.Name, p.Game)
			if r.Games == 0 {
				continue
			}
			st.Records = append(st.Records, r)
			if r.Game == "thegame" && r.Best != nil {
				st.TheGameBest = *r.Best
			}
		}
		out = append(out, st)
	}
	return out
}

// Export is one finished table as GET /api/history.json and .csv give it.
type Export struct {
	// Date is when the game ended, RFC 3339 in the server's time zone.
	Date    string   `json:"date"`
	Game    string   `json:"game"`
	Table   string   `json:"table"`
	Players []string `json:"players"`
	// Results are every player's result (see Game.Result); null for one
	// the game counted nothing for.
	Results map[string]*int `json:"results"`
	Winners []string        `json:"winners"`
}

// Export is every finished table, oldest first.
func (h *History) Export() []Export {
	out := []Export{}
	for _, g := range slices.Backward(h.Games) {
		e := Export{Date: g.At.Local().Format(time.RFC3339), Game: g.Game, Table: g.TableID, Players: slices.Clone(g.Players), Results: map[string]*int{}, Winners: slices.Clone(g.Outcome.Winners)}
		if e.Players == nil {
			e.Players = []string{}
		}
		if e.Winners == nil {
			e.Winners = []string{}
		}
		for _, p := range g.Players {
			if v, ok := g.Result(p); ok {
				e.Results[p] = &v
			} else {
				e.Results[p] = nil
			}
		}
		out = append(out, e)
	}
	return out
}

// Curve is one table's score curve: where every player stood at the start
// and after each round, by folding the table's actions through its engine.
type Curve struct {
	Table   string
	Game    string
	Title   string
	Players []Marker
	// Rounds[0] is the start, Rounds[n] the standing after round n.
	Rounds []map[string]int
	// Reveals[n] are the questions resolved in round n, as every phone
	// showed them (Reveals[0], the start, has none).
	Reveals [][]Reveal
	Over    bool
	// Finished is the table's entry in the history (nil while it goes on).
	Finished *Game
}

// Curve is the score curve of one of the account's tables. Only the
// account that opened the table reads it.
func (s *Service) Curve(ctx context.Context, au Auth, id string) (Curve, error) {
	if au.Account == nil {
		return Curve{}, noAuth()
	}
	c, err := s.curve(ctx, au, id)
	if err != nil {
		return Curve{}, err
	}
	h, err := s.History(ctx, au)
	if err != nil {
		return Curve{}, err
	}
	if i := slices.IndexFunc(h.Games, func(g Game) bool { return g.TableID == id }); i >= 0 {
		c.Finished = &h.Games[i]
	}
	return c, nil
}

func (s *Service) curve(ctx context.Context, au Auth, id string) (Curve, error) {
	l, v, err := s.at(ctx, au, id)
	if err != nil {
		return Curve{}, err
	}
	defer l.mu.Unlock()
	if v.Role != rules.RoleTable {
		return Curve{}, fail(http.StatusForbidden, "table-role", "", "Diesen Verlauf sieht nur das Konto, das den Tisch geöffnet hat.", "Only the account that opened the table sees this history.")
	}
	if l.mismatch != nil || l.runner == nil {
		return Curve{}, &Error{Status: http.StatusLocked, Rule: "table-mismatch", Msg: *l.mismatch}
	}
	c := Curve{Table: l.table.ID, Game: l.table.Game, Title: l.game.Title, Players: l.markers, Over: l.runner.Next(l.state).Over}
	state, err := l.runner.Start(l.table.Setup)
	if err != nil {
		return Curve{}, err
	}
	start, ok := l.runner.Scoreboard(state)
	if !ok {
		return c, nil
	}
	var steps []rules.Scoreboard
	var reveals []*Reveal
	for _, f := range l.inForce {
		next, _, err := l.runner.Apply(state, f.action)
		if err != nil {
			return Curve{}, err // the table replayed when it was loaded
		}
		reveals = append(reveals, revealOf(l, f.seq, state, next, f.action))
		state = next
		st, _ := l.runner.Scoreboard(state)
		steps = append(steps, st)
	}
	var in []int
	c.Rounds, in = roundsOf(start, steps)
	c.Reveals = make([][]Reveal, len(c.Rounds))
	for i, r := range reveals {
		if r != nil {
			c.Reveals[in[i]] = append(c.Reveals[in[i]], *r)
		}
	}
	return c, nil
}

// roundsOf is a score curve from the scoreboard at the start and after
// each action: the start, then the last scores of every round (a round
// ends where the engine's round count changes). Actions before the first
// round that change nothing are no round; in[i] is the round action i
// belongs to.
func roundsOf(start rules.Scoreboard, steps []rules.Scoreboard) (out []map[string]int, in []int) {
	out = []map[string]int{start.Scores}
	in = make([]int, len(steps))
	open := 0 // the first action of the round not yet closed
	for i, st := range steps {
		if i+1 < len(steps) && steps[i+1].Round == st.Round {
			continue // the round goes on
		}
		if st.Round == start.Round && maps.Equal(st.Scores, start.Scores) {
			continue
		}
		out = append(out, st.Scores)
		for ; open <= i; open++ {
			in[open] = len(out) - 1
		}
	}
	for ; open < len(steps); open++ {
		in[open] = len(out) - 1
	}
	return out, in
}
