package raab

import (
	"encoding/json"
	"fmt"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
)

// Modes of play, chosen by the number of players.
const (
	ModeClassic = "classic" // 3–5 players: Stefan against a team of 2–4 candidates
	ModeDuo     = "duo"     // 2 players: no host, no Teamplayer cards, no Wild Cards
	ModeTeams   = "teams"   // 6+ players: candidate team against Team Stefan
)

// Length is one of the three game lengths of the rulebook.
type Length struct {
	Key       string // "ratzfatz", "medium", "showtime"
	Name      string // as printed
	Games     int    // the maximum number of regular games
	WildCards int    // Stefan's Wild Cards in the classic game
}

// Lengths are the rulebook's game lengths.
var Lengths = []Length{
	{"ratzfatz", "Ratzfatz", 5, 1},
	{"medium", "Medium", 10, 2},
	{"showtime", "Showtime", 15, 3},
}

func lengthByKey(s string) (Length, bool) {
	for _, l := range Lengths {
		if strings.EqualFold(strings.TrimSpace(s), l.Key) {
			return l, true
		}
	}
	return Length{}, false
}

// TotalPoints is what games 1…n are worth together: game k is worth k.
func TotalPoints(games int) int { return games * (games + 1) / 2 }

// Needed is how many points a side needs, from 0:0, so that it can no
// longer be caught: more than all the other side could still reach. It
// reproduces the rulebook's table (8, 28, 61) rather than copying it.
func Needed(games int) int {
	total := TotalPoints(games)
	for x := 0; ; x++ {
		if x > total-x {
			return x
		}
	}
}

// tieBreakPossible reports whether the regular games can end level: only
// when their points add up to an even number (Showtime's 120; Ratzfatz's 15
// and Medium's 55 are odd).
func tieBreakPossible(games int) bool { return TotalPoints(games)%2 == 0 }

// setup is the JSON setup of an evening.
type setup struct {
	Game       string   `json:"game"`
	Players    []string `json:"players"`
	Seed       int64    `json:"seed"`
	Length     string   `json:"length"`
	Stefan     string   `json:"stefan"`
	TeamStefan []string `json:"team_stefan"`
	Host       string   `json:"host"`
	Spinner    []string `json:"spinner"`
}

func setupErr(de, en string, args ...any) error { return rules.ForbidSetup(de, en, args...) }

// miniGame reads a mini-game as its code ("AK"), the rulebook's name
// ("Autokennzeichen", "Stimmt's?") or the ID of one of its quiz cards
// ("RAAB-STD-AK-3", looked up in the set when there is one; the ID names
// the game either way).
func (e engine) miniGame(s string) *decks.MiniGame {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if g := decks.MiniGameByCode(strings.ToUpper(s)); g != nil {
		return g
	}
	if g := decks.MiniGameByName(s); g != nil {
		return g
	}
	ref := decks.ParseRef(s)
	if e.set != nil {
		if f, _ := e.set.Find(ref); f != nil && f.Raab != nil {
			return f.Raab.Game
		}
	}
	if parts := strings.Split(ref.ID, "-"); len(parts) >= 4 && parts[0] == "RAAB" {
		return decks.MiniGameByCode(parts[2])
	}
	return nil
}

func (e engine) start(raw json.RawMessage) (State, error) {
	var su setup
	if err := rules.DecodeStrict(raw, &su); err != nil {
		if re, ok := err.(*rules.RuleError); ok {
			return State{}, re
		}
		return State{}, setupErr("Setup nicht lesbar: %v", "cannot read the setup: %v", err)
	}
	if su.Game != "" {
		if g, ok := decks.ParseGame(su.Game); !ok || g != decks.Raab {
			return State{}, setupErr("das Setup ist für „%s“, nicht für Schlag den Raab", "the setup is for %q, not for Schlag den Raab", su.Game)
		}
	}
	s := State{}
	seen := map[string]bool{}
	for _, p := range su.Players {
		p = strings.TrimSpace(p)
		if p == "" {
			return State{}, setupErr("ein Spielername ist leer", "a player name is empty")
		}
		if seen[strings.ToLower(p)] {
			return State{}, setupErr("„%s“ steht doppelt in der Spielerliste", "%q appears twice among the players", p)
		}
		seen[strings.ToLower(p)] = true
		s.Players = append(s.Players, p)
	}
	if len(s.Players) < 2 {
		return State{}, setupErr("Schlag den Raab braucht mindestens 2 Spieler", "Schlag den Raab needs at least 2 players")
	}
	l, ok := lengthByKey(su.Length)
	if !ok {
		return State{}, setupErr("„length“ muss „ratzfatz“ (5 Spiele), „medium“ (10) oder „showtime“ (15) sein, nicht „%s“",
			"\"length\" must be \"ratzfatz\" (5 games), \"medium\" (10) or \"showtime\" (15), not %q", su.Length)
	}
	s.Length, s.Games, s.Needed = l.Key, l.Games, Needed(l.Games)

	player := func(field, name string) (string, error) {
		if i := rules.SeatOf(s.Players, name); i >= 0 {
			return s.Players[i], nil
		}
		return "", setupErr("„%s“ (%s) spielt nicht mit", "%q (%s) is not one of the players", name, field)
	}

	switch n := len(s.Players); {
	case n <= 5:
		s.Mode = ModeClassic
		if n == 2 {
			s.Mode = ModeDuo
		}
		if len(su.TeamStefan) > 0 || su.Host != "" {
			return State{}, setupErr("„team_stefan“ und „host“ gibt es nur im Teamspiel (ab 6 Spielern)",
				"\"team_stefan\" and \"host\" exist only in the team game (6 or more players)")
		}
		if strings.TrimSpace(su.Stefan) == "" {
			return State{}, setupErr("„stefan“ fehlt: wer spielt Stefan Raab?", "\"stefan\" is missing: who plays Stefan Raab?")
		}
		st, err := player("stefan", su.Stefan)
		if err != nil {
			return State{}, err
		}
		s.Stefan = st
		for _, p := range s.Players {
			if p != st {
				s.Team = append(s.Team, p)
			}
		}
		if s.Mode == ModeClassic {
			s.WildCards, s.WildCardsTotal = l.WildCards, l.WildCards
		}
	default:
		s.Mode = ModeTeams
		if su.Stefan != "" {
			return State{}, setupErr("im Teamspiel gibt es „team_stefan“ statt „stefan“", "the team game takes \"team_stefan\" instead of \"stefan\"")
		}
		inStefan := map[string]bool{}
		for _, name := range su.TeamStefan {
			p, err := player("team_stefan", name)
			if err != nil {
				return State{}, err
			}
			if inStefan[p] {
				return State{}, setupErr("„%s“ steht doppelt in „team_stefan“", "%q appears twice in \"team_stefan\"", p)
			}
			inStefan[p] = true
		}
		if su.Host != "" {
			h, err := player("host", su.Host)
			if err != nil {
				return State{}, err
			}
			if inStefan[h] {
				return State{}, setupErr("der hauptamtliche Moderator %s gehört zu keinem Team", "the full-time host %s belongs to no team", h)
			}
			s.FullTimeHost = h
		}
		for _, p := range s.Players {
			switch {
			case inStefan[p]:
				s.TeamStefan = append(s.TeamStefan, p)
			case p != s.FullTimeHost:
				s.Team = append(s.Team, p)
			}
		}
		if len(s.TeamStefan) < 2 || len(s.Team) < 2 {
			return State{}, setupErr("im Teamspiel braucht jedes Team mindestens 2 Spieler (Team Stefan: %d, Kandidatenteam: %d)",
				"in the team game each team needs at least 2 players (Team Stefan: %d, candidate team: %d)", len(s.TeamStefan), len(s.Team))
		}
	}

	// The spinner: the segments in the rulebook's order, clockwise.
	on := map[*decks.MiniGame]bool{}
	if len(su.Spinner) > 0 {
		for _, v := range su.Spinner {
			g := e.miniGame(v)
			if g == nil {
				return State{}, setupErr("„%s“ ist kein Spiel von Schlag den Raab – Das Quiz", "%q is not a game of Schlag den Raab – Das Quiz", v)
			}
			if on[g] {
				return State{}, setupErr("„%s“ steht doppelt auf der Drehscheibe", "%q is on the spinner twice", g.Name)
			}
			on[g] = true
		}
	} else {
		for _, g := range decks.MiniGames {
			if e.withCard[g.Code] {
				on[g] = true
			}
		}
	}
	for _, g := range decks.MiniGames {
		if on[g] || len(on) == 0 {
			s.Spinner = append(s.Spinner, g.Code)
		}
	}
	need := s.Games
	if tieBreakPossible(s.Games) {
		need++
	}
	if avail := len(s.available()); avail < need {
		de := fmt.Sprintf("auf der Drehscheibe sind %d spielbare Spiele, für %s braucht es bis zu %d", avail, l.Name, need)
		en := fmt.Sprintf("the spinner has %d playable games, %s needs up to %d", avail, l.Name, need)
		if s.Mode == ModeDuo {
			de += " (zu zweit ohne die „3“-Spiele)"
			en += " (with two players, without the \"3\" games)"
		}
		return State{}, &rules.RuleError{Rule: "setup", Msg: i18n.Text{DE: de, EN: en}}
	}

	s.Host = s.FullTimeHost
	s.Current = &Game{Number: 1, Points: 1}
	s.Phase = s.phaseBeforeGame()
	return s, nil
}
