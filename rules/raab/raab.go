// Package raab is the rules engine for a whole evening of "Schlag den Raab –
// Das Quiz": Stefan against the candidate team (or two players, or two
// teams), game by game until one side can no longer be caught.
//
// The scoring inside each mini-game is another package's business; this
// engine takes a mini-game's outcome as a "result" action naming the
// winning side.
//
// Decisions where the rulebook leaves room are listed in
// docs/replay/raab.md and each has a test.
package raab

import (
	"encoding/json"
	"slices"
	"strings"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/raab/mini"
)

// Sides of the duel.
const (
	SideStefan = "stefan" // Stefan (blue); in the team game Team Stefan
	SideTeam   = "team"   // the candidate team (red)
)

// Phases of a game, in order. Not every game passes every phase: game 1
// of the classic game starts with "host", later ones with "spin"; "wildcard"
// happens only while Stefan can use a Wild Card; "begin" only when one side
// is behind.
const (
	PhaseHost      = "host"      // choose the host
	PhaseSpin      = "spin"      // the spinner picks the game (or the full-time host chooses)
	PhaseCandidate = "candidate" // the team (both teams) name who plays
	PhaseWildCard  = "wildcard"  // Stefan may use a Wild Card
	PhaseBegin     = "begin"     // the side behind decides who begins
	PhaseResult    = "result"    // the mini-game is played; its winner is reported
	PhaseOver      = "over"
)

// Score is the total on the box edge.
type Score struct {
	Stefan int `json:"stefan"`
	Team   int `json:"team"`
}

func (sc Score) of(side string) int {
	if side == SideStefan {
		return sc.Stefan
	}
	return sc.Team
}

// Game is one game of the evening, in progress or played.
type Game struct {
	Number   int    `json:"number"`              // 1…15, 16 for the tie-break
	Points   int    `json:"points"`              // game n is worth n points
	TieBreak bool   `json:"tie_break,omitempty"` // Showtime's extra game after a 15-game tie
	Code     string `json:"code,omitempty"`      // the mini-game (decks.MiniGame.Code)
	Name     string `json:"name,omitempty"`
	Spun     string `json:"spun,omitempty"`    // the segment the spinner landed on, when that game was already played
	Spinner  string `json:"spinner,omitempty"` // who spun (or chose) the game
	Host     string `json:"host,omitempty"`
	// Chosen is whom the team named; Candidate is who plays for the team
	// (another one when Stefan used a Wild Card).
	Chosen    string `json:"chosen,omitempty"`
	Candidate string `json:"candidate,omitempty"`
	WildCard  bool   `json:"wild_card,omitempty"`
	// StefanPlayer is who plays on Stefan's side: Stefan, or in the team
	// game whom Team Stefan named.
	StefanPlayer   string `json:"stefan_player,omitempty"`
	Before         Score  `json:"before"`                     // the totals before this game
	Begins         string `json:"begins,omitempty"`           // the side that begins the mini-game
	BeginsChosenBy string `json:"begins_chosen_by,omitempty"` // the side behind that decided; empty on a tie
	Winner         string `json:"winner,omitempty"`
	Log            string `json:"log,omitempty"` // reference to the mini-game's own log, if any
	// Duel is the mini-game played on this table (rules/raab/mini), from
	// the moment it is settled who begins; Moves counts its actions.
	Duel  *mini.State `json:"duel,omitempty"`
	Moves int         `json:"moves,omitempty"`
	// Question is the host's current question; Picks what the players
	// have chosen for it so far. Both go when the game is over.
	Question *Question `json:"question,omitempty"`
	Picks    *Picks    `json:"picks,omitempty"`
}

// State is an evening in progress.
type State struct {
	Players        []string `json:"players"`
	Mode           string   `json:"mode"`   // classic, duo, teams
	Length         string   `json:"length"` // ratzfatz, medium, showtime
	Games          int      `json:"games"`  // regular games: 5, 10, 15
	Needed         int      `json:"needed"` // points from 0:0 that can no longer be caught
	Stefan         string   `json:"stefan,omitempty"`
	Team           []string `json:"team"`                  // the candidate team
	TeamStefan     []string `json:"team_stefan,omitempty"` // team game only
	FullTimeHost   string   `json:"full_time_host,omitempty"`
	Spinner        []string `json:"spinner"`          // mini-game codes clockwise (rulebook order)
	Played         []string `json:"played,omitempty"` // mini-game codes in the order chosen
	WildCards      int      `json:"wild_cards"`       // Stefan's unused Wild Cards
	WildCardsTotal int      `json:"wild_cards_total"`
	// FaceDown are the candidates whose Teamplayer card shows the audience
	// side: they played since the cards were last turned back.
	FaceDown []string `json:"face_down,omitempty"`
	Score    Score    `json:"score"`
	Phase    string   `json:"phase"`
	Host     string   `json:"host,omitempty"`    // the current (or next) host
	Current  *Game    `json:"current,omitempty"` // the game in progress
	History  []Game   `json:"history,omitempty"`
	Winner   string   `json:"winner,omitempty"` // the side that won the evening
}

type engine struct {
	set      *decks.Set
	withCard map[string]bool // mini-game codes with cards in set
	duels    *mini.Engine    // plays each game's duel
}

// Version is the version of these rules. It changes whenever a change to
// the engine could give a recorded game another state, so that a stored
// table can tell it was played under other rules.
const Version = "2"

// New returns the engine. set supplies the default spinner (the mini-games
// with cards in it) and looks up quiz card IDs; it may be nil.
func New(set *decks.Set) rules.Engine[State] {
	e := engine{set: set, withCard: map[string]bool{}, duels: mini.New(set).(*mini.Engine)}
	if set != nil {
		for _, c := range set.Raab() {
			e.withCard[c.Game.Code] = true
		}
	}
	return e
}

func (e engine) Start(setup json.RawMessage) (State, error) { return e.start(setup) }

// clone copies what Apply may change, so the caller's state stays as it
// was. Slices Apply only appends to are clipped (an append then copies);
// the player lists and the spinner are never changed after Start and are
// shared.
func (s State) clone() State {
	c := s
	c.Played = slices.Clip(s.Played)
	c.FaceDown = slices.Clip(s.FaceDown)
	c.History = slices.Clip(s.History)
	if s.Current != nil {
		g := *s.Current
		c.Current = &g
	}
	return c
}

// ---------------------------------------------------------------- helpers

func (s State) members(side string) []string {
	if side == SideTeam {
		return s.Team
	}
	if s.Mode == ModeTeams {
		return s.TeamStefan
	}
	return []string{s.Stefan}
}

// sideOf is the side a player belongs to, "" for the full-time host.
func (s State) sideOf(p string) string {
	if slices.Contains(s.Team, p) {
		return SideTeam
	}
	if p == s.Stefan || slices.Contains(s.TeamStefan, p) {
		return SideStefan
	}
	return ""
}

func other(side string) string {
	if side == SideStefan {
		return SideTeam
	}
	return SideStefan
}

// behind is the side with fewer points, "" on a tie.
func (s State) behind() string {
	switch {
	case s.Score.Stefan < s.Score.Team:
		return SideStefan
	case s.Score.Team < s.Score.Stefan:
		return SideTeam
	}
	return ""
}

// remaining is what the regular games after the current number are worth.
func (s State) remaining(number int) int {
	if number >= s.Games {
		return 0
	}
	return TotalPoints(s.Games) - TotalPoints(number)
}

// uncaught is the side that can no longer be caught after game number:
// it has more than the other side plus everything still to play. A side
// that can still draw level is caught (Showtime then has a tie-break).
func (s State) uncaught(number int) string {
	rest := s.remaining(number)
	switch {
	case s.Score.Team > s.Score.Stefan+rest:
		return SideTeam
	case s.Score.Stefan > s.Score.Team+rest:
		return SideStefan
	}
	return ""
}

// available are the spinner's games that can be played: with two players
// not the "3" games.
func (s State) available() []string {
	var out []string
	for _, c := range s.Spinner {
		if g := decks.MiniGameByCode(c); g != nil && !(s.Mode == ModeDuo && g.ThreePlayers) {
			out = append(out, c)
		}
	}
	return out
}

// faceUp reports whether a candidate's Teamplayer card shows the team side.
func (s State) faceUp(p string) bool { return !slices.Contains(s.FaceDown, p) }

// eligible are the candidates who may play now: face up and not hosting.
func (s State) eligible() []string {
	var out []string
	for _, p := range s.Team {
		if p != s.Host && s.faceUp(p) {
			out = append(out, p)
		}
	}
	return out
}

// hostSide is the team that provides game n's host when the teams take
// turns: the candidate team for odd games, Team Stefan for even ones.
func hostSide(n int) string {
	if n%2 == 1 {
		return SideTeam
	}
	return SideStefan
}

// duoSpinner is who spins game n with two players: the candidate for odd
// games, Stefan for even ones.
func (s State) duoSpinner(n int) string {
	if n%2 == 1 {
		return s.Team[0]
	}
	return s.Stefan
}

// phaseBeforeGame is where a new game starts.
func (s State) phaseBeforeGame() string {
	switch s.Mode {
	case ModeClassic:
		if s.Host == "" {
			return PhaseHost
		}
	case ModeTeams:
		if s.FullTimeHost == "" {
			return PhaseHost
		}
	}
	return PhaseSpin
}

func (s State) find(name string) (string, bool) {
	if i := rules.SeatOf(s.Players, name); i >= 0 {
		return s.Players[i], true
	}
	return "", false
}

func parseSide(v string) (string, bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case SideStefan:
		return SideStefan, true
	case SideTeam:
		return SideTeam, true
	}
	return "", false
}

func (s State) played(code string) bool { return slices.Contains(s.Played, code) }
