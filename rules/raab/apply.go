package raab

import (
	"fmt"
	"slices"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/rules/raab/mini"
)

// Action types.
const (
	ActHost      = "host"      // {"player": "Anna"}: the host of this game
	ActSpin      = "spin"      // {"game": "AK"}: the segment the spinner landed on
	ActChoose    = "choose"    // {"game": "AK"}: the full-time host picks a game
	ActCandidate = "candidate" // {"player": "Ben"}: who plays for the team (for one of the teams)
	ActWildCard  = "wildcard"  // {"player": "Cleo"}: Stefan names another opponent
	ActAccept    = "accept"    // {}: Stefan keeps the team's choice
	ActBegin     = "begin"     // {"side": "stefan"|"team"}: who begins, decided by the side behind
	ActResult    = "result"    // {"winner": "stefan"|"team", "game": "AK", "log": "…"}: the mini-game's winner
)

// ActionTypes lists every action type of the evening; while a game's duel
// is played, the duel's own (DuelActionTypes) come in too.
var ActionTypes = []string{ActHost, ActSpin, ActChoose, ActCandidate, ActWildCard, ActAccept, ActBegin, ActResult, ActAsk, ActDuel}

type playerPayload struct {
	Type   string `json:"type"`
	Player string `json:"player"`
}

type gamePayload struct {
	Type string `json:"type"`
	Game string `json:"game"`
}

type emptyPayload struct {
	Type string `json:"type"`
}

type beginPayload struct {
	Type string `json:"type"`
	Side string `json:"side"`
}

type resultPayload struct {
	Type   string `json:"type"`
	Winner string `json:"winner"`
	Game   string `json:"game"` // optional: the mini-game, checked against the current one
	Log    string `json:"log"`  // optional: reference to the mini-game's log
}

func event(de, en string) rules.Event { return rules.Event{Text: i18n.Text{DE: de, EN: en}} }

func forbid(rule, de, en string) *rules.RuleError {
	return &rules.RuleError{Rule: rule, Msg: i18n.Text{DE: de, EN: en}}
}

func decode(a rules.Action, v any, typ *string) error {
	if len(a.Data) > 0 {
		if err := rules.DecodeStrict(a.Data, v); err != nil {
			return rules.Forbid("payload", "die Angaben zu „%s“ sind nicht lesbar: %v", "cannot read the fields of %q: %v", a.Type, err)
		}
	}
	if *typ != "" && *typ != a.Type {
		return rules.Forbid("payload", "die Aktion nennt zwei Typen: „%s“ und „%s“", "the action names two types: %q and %q", a.Type, *typ)
	}
	return nil
}

func (e engine) Apply(in State, a rules.Action) (State, []rules.Event, error) {
	if in.Phase == PhaseOver {
		return in, nil, forbid("game-over", fmt.Sprintf("der Abend ist vorbei: %s hat gewonnen", in.sideDE(in.Winner, false)),
			fmt.Sprintf("the evening is over: %s won", in.sideEN(in.Winner)))
	}
	s := in.clone()
	var ev []rules.Event
	var err error
	duel := a.Type == ActAsk || a.Type == ActDuel || slices.Contains(DuelActionTypes, a.Type)
	switch {
	case duel && s.Phase == PhaseResult:
		ev, err = e.duelAction(&s, a)
	case duel && a.Type != ActChoose:
		err = s.outOfTurn(a.Type)
	}
	switch {
	case err != nil || duel && s.Phase == PhaseResult:
	default:
		ev, err = e.apply(&s, a)
	}
	if err == nil && s.Phase == PhaseResult && s.Current.Duel == nil {
		err = e.startDuel(&s, 0, "")
	}
	if err != nil {
		return in, nil, err
	}
	return s, ev, nil
}

// apply is one of the evening's own actions.
func (e engine) apply(s *State, a rules.Action) ([]rules.Event, error) {
	var ev []rules.Event
	var err error
	switch a.Type {
	case ActHost:
		var p playerPayload
		if err = decode(a, &p, &p.Type); err == nil {
			ev, err = s.host(p.Player)
		}
	case ActSpin, ActChoose:
		var p gamePayload
		if err = decode(a, &p, &p.Type); err == nil {
			ev, err = s.pick(a.Type, p.Game, e.miniGame(p.Game))
		}
	case ActCandidate:
		var p playerPayload
		if err = decode(a, &p, &p.Type); err == nil {
			ev, err = s.candidate(p.Player)
		}
	case ActWildCard:
		var p playerPayload
		if err = decode(a, &p, &p.Type); err == nil {
			ev, err = s.wildCard(p.Player)
		}
	case ActAccept:
		var p emptyPayload
		if err = decode(a, &p, &p.Type); err == nil {
			ev, err = s.accept()
		}
	case ActBegin:
		var p beginPayload
		if err = decode(a, &p, &p.Type); err == nil {
			ev, err = s.begin(p.Side)
		}
	case ActResult:
		var p resultPayload
		if err = decode(a, &p, &p.Type); err == nil {
			ev, err = s.result(p, e.miniGame(p.Game))
		}
	default:
		err = rules.Forbid("unknown-action", "unbekannte Aktion „%s“ (erlaubt: %s)", "unknown action %q (allowed: %s)",
			a.Type, strings.Join(append(slices.Clone(ActionTypes), DuelActionTypes...), ", "))
	}
	return ev, err
}

// outOfTurn is an action whose time has not come (or has passed).
func (s State) outOfTurn(typ string) error {
	p := e0.Next(s)
	return rules.Forbid("out-of-turn", "„%s“ ist jetzt nicht dran; jetzt: %s", "%q is not due now; now: %s",
		typ, strings.Join(p.Allowed, ", "))
}

var e0 = engine{duels: mini.New(nil).(*mini.Engine)}

// ------------------------------------------------------------------ host

func (s *State) host(name string) ([]rules.Event, error) {
	switch {
	case s.Mode == ModeDuo:
		return nil, rules.Forbid("no-host", "zu zweit gibt es keinen Moderator", "with two players there is no host")
	case s.FullTimeHost != "":
		return nil, rules.Forbid("full-time-host", "%s moderiert den ganzen Abend", "%s hosts the whole evening", s.FullTimeHost)
	case s.Mode == ModeClassic && s.Phase != PhaseHost && s.Number() > 1:
		return nil, rules.Forbid("host-rotation", "Moderator wird, wer zuletzt gegen Stefan gespielt hat: %s", "the host is whoever just played against Stefan: %s", s.Host)
	case s.Phase != PhaseHost:
		return nil, s.outOfTurn(ActHost)
	}
	p, ok := s.find(name)
	if !ok {
		return nil, rules.Forbid("unknown-player", "„%s“ spielt nicht mit", "%q is not playing", name)
	}
	side := SideTeam
	if s.Mode == ModeTeams {
		side = hostSide(s.Number())
	}
	if s.sideOf(p) != side {
		return nil, forbid("host-team", fmt.Sprintf("den Moderator für Spiel %d stellt %s; %s gehört nicht dazu", s.Number(), s.sideDE(side, false), p),
			fmt.Sprintf("game %d's host comes from %s; %s is not in it", s.Number(), s.sideEN(side), p))
	}
	s.Host, s.Current.Host = p, p
	s.Phase = PhaseSpin
	return []rules.Event{rules.Eventf("%s moderiert Spiel %d.", "%s hosts game %d.", p, s.Number())}, nil
}

// Number is the number of the game in progress (0 when the evening is over).
func (s State) Number() int {
	if s.Current == nil {
		return 0
	}
	return s.Current.Number
}

// ------------------------------------------------------------ spin, choose

func (s *State) pick(typ, segment string, g *decks.MiniGame) ([]rules.Event, error) {
	if typ == ActChoose && s.FullTimeHost == "" {
		return nil, rules.Forbid("choose-freely", "nur ein hauptamtlicher Moderator (Teamspiel) darf das Spiel frei wählen; sonst entscheidet die Drehscheibe",
			"only a full-time host (team game) may choose the game freely; otherwise the spinner decides")
	}
	if s.Phase != PhaseSpin {
		return nil, s.outOfTurn(typ)
	}
	if g == nil || !slices.Contains(s.Spinner, g.Code) {
		return nil, rules.Forbid("spin-segment", "„%s“ ist kein Feld der Drehscheibe (%s)", "%q is not a segment of the spinner (%s)",
			segment, strings.Join(s.Spinner, ", "))
	}
	by := s.Host
	if s.Mode == ModeDuo {
		by = s.duoSpinner(s.Number())
	}
	var ev []rules.Event
	if s.Mode == ModeDuo && g.ThreePlayers {
		// "In that case choose a new game": spin again.
		return []rules.Event{rules.Eventf("„%s“ braucht mindestens drei Spieler: %s dreht noch einmal.",
			"%q needs at least three players: %s spins again.", g.Name, by)}, nil
	}
	spun := ""
	if s.played(g.Code) {
		if typ == ActChoose {
			return nil, rules.Forbid("choose-played", "„%s“ wurde schon gespielt", "%q has already been played", g.Name)
		}
		next := s.clockwise(g.Code)
		if next == nil {
			// Start makes sure the spinner has enough games; this is a guard.
			return nil, rules.Forbid("spinner-empty", "alle Spiele der Drehscheibe sind gespielt", "every game on the spinner has been played")
		}
		ev = append(ev, rules.Eventf("„%s“ wurde schon gespielt: weiter im Uhrzeigersinn zu „%s“.",
			"%q has already been played: on clockwise to %q.", g.Name, next.Name))
		spun, g = g.Code, next
	}
	c := s.Current
	c.Code, c.Name, c.Spun, c.Spinner = g.Code, g.Name, spun, by
	c.Host = s.Host
	s.Played = append(s.Played, g.Code)
	how, howEN := "Die Drehscheibe bestimmt", "The spinner picks"
	if typ == ActChoose {
		how, howEN = s.Host+" wählt", s.Host+" chooses"
	}
	label, labelEN := fmt.Sprintf("Spiel %d", c.Number), fmt.Sprintf("game %d", c.Number)
	if c.TieBreak {
		label, labelEN = "das Entscheidungsspiel", "the tie-break"
	}
	ev = append(ev, event(fmt.Sprintf("%s für %s (%s): „%s“.", how, label, pointsDE(c.Points), g.Name),
		fmt.Sprintf("%s for %s (%s): %q.", howEN, labelEN, pointsEN(c.Points), g.Name)))
	switch s.Mode {
	case ModeDuo:
		c.Candidate, c.StefanPlayer = s.Team[0], s.Stefan
		ev = append(ev, s.toBegin()...)
	default:
		s.Phase = PhaseCandidate
	}
	return ev, nil
}

// clockwise is the next game after code on the spinner, going clockwise,
// that can be played and has not been played.
func (s State) clockwise(code string) *decks.MiniGame {
	avail := s.available()
	i := slices.Index(s.Spinner, code)
	for k := 1; k <= len(s.Spinner); k++ {
		c := s.Spinner[(i+k)%len(s.Spinner)]
		if slices.Contains(avail, c) && !s.played(c) {
			return decks.MiniGameByCode(c)
		}
	}
	return nil
}

// ------------------------------------------------------------- candidates

func (s *State) candidate(name string) ([]rules.Event, error) {
	if s.Mode == ModeDuo {
		return nil, rules.Forbid("two-players", "zu zweit steht fest, wer spielt", "with two players it is fixed who plays")
	}
	if s.Phase != PhaseCandidate {
		return nil, s.outOfTurn(ActCandidate)
	}
	p, ok := s.find(name)
	if !ok {
		return nil, rules.Forbid("unknown-player", "„%s“ spielt nicht mit", "%q is not playing", name)
	}
	if p == s.Host {
		return nil, rules.Forbid("candidate-host", "%s moderiert dieses Spiel und muss unparteiisch bleiben", "%s hosts this game and must stay impartial", p)
	}
	c := s.Current
	if s.Mode == ModeTeams {
		side := s.sideOf(p)
		if side == "" {
			return nil, rules.Forbid("candidate-team", "%s gehört zu keinem Team", "%s belongs to no team", p)
		}
		if side == SideTeam && c.Candidate != "" || side == SideStefan && c.StefanPlayer != "" {
			return nil, forbid("candidate-chosen", fmt.Sprintf("%s hat schon jemanden für dieses Spiel bestimmt", s.sideDE(side, true)),
				fmt.Sprintf("%s has already named a player for this game", s.sideEN(side, true)))
		}
		if side == SideTeam {
			c.Candidate = p
			c.Chosen = p
		} else {
			c.StefanPlayer = p
		}
		ev := []rules.Event{event(fmt.Sprintf("%s spielt für %s.", p, s.sideDE(side, false)), fmt.Sprintf("%s plays for %s.", p, s.sideEN(side)))}
		if c.Candidate != "" && c.StefanPlayer != "" {
			ev = append(ev, s.toBegin()...)
		}
		return ev, nil
	}
	if s.sideOf(p) != SideTeam {
		return nil, rules.Forbid("candidate-team", "%s gehört nicht zum Kandidatenteam", "%s is not on the candidate team", p)
	}
	if !s.faceUp(p) {
		return nil, s.teamplayerErr(p)
	}
	c.Chosen, c.Candidate, c.StefanPlayer = p, p, s.Stefan
	ev := []rules.Event{rules.Eventf("Das Team schickt %s gegen Stefan.", "The team sends %s against Stefan.", p)}
	if s.WildCards > 0 && len(s.wildCardChoices()) > 0 {
		s.Phase = PhaseWildCard
		return ev, nil
	}
	return append(ev, s.toBegin()...), nil
}

func (s State) teamplayerErr(p string) error {
	return rules.Forbid("teamplayer", "die Teamplayer-Karte von %s liegt auf der Publikumsseite: erst wenn alle Kandidaten gespielt haben, darf %s wieder spielen (frei: %s)",
		"%s's Teamplayer card shows the audience side: %s may play again only once every candidate has played (available: %s)",
		p, p, strings.Join(s.eligible(), ", "))
}

// wildCardChoices are the candidates Stefan may name instead of the one
// the team chose.
func (s State) wildCardChoices() []string {
	var out []string
	for _, p := range s.eligible() {
		if p != s.Current.Chosen {
			out = append(out, p)
		}
	}
	return out
}

func (s *State) wildCard(name string) ([]rules.Event, error) {
	switch {
	case s.Mode != ModeClassic:
		return nil, rules.Forbid("no-wildcards", "zu zweit und im Teamspiel gibt es keine Wild Cards", "there are no Wild Cards with two players or in the team game")
	case s.WildCards == 0:
		return nil, rules.Forbid("wildcard-none", "Stefan hat seine %s schon eingesetzt; jede nur einmal", "Stefan has already used his %s; each only once", wildCards(s.WildCardsTotal))
	case s.Phase != PhaseWildCard:
		return nil, s.outOfTurn(ActWildCard)
	}
	p, ok := s.find(name)
	if !ok {
		return nil, rules.Forbid("unknown-player", "„%s“ spielt nicht mit", "%q is not playing", name)
	}
	c := s.Current
	switch {
	case s.sideOf(p) != SideTeam:
		return nil, rules.Forbid("candidate-team", "%s gehört nicht zum Kandidatenteam", "%s is not on the candidate team", p)
	case p == c.Chosen:
		return nil, rules.Forbid("wildcard-same", "mit der Wild Card nennt Stefan einen anderen Gegner als %s", "with a Wild Card Stefan names an opponent other than %s", p)
	case p == s.Host:
		return nil, rules.Forbid("candidate-host", "%s moderiert dieses Spiel und muss unparteiisch bleiben", "%s hosts this game and must stay impartial", p)
	case !s.faceUp(p):
		return nil, s.teamplayerErr(p)
	}
	c.Candidate, c.WildCard = p, true
	s.WildCards--
	ev := []rules.Event{event(fmt.Sprintf("Stefan setzt eine Wild Card ein: statt %s spielt %s (noch %s).", c.Chosen, p, wildCards(s.WildCards)),
		fmt.Sprintf("Stefan uses a Wild Card: %s plays instead of %s (%s left).", p, c.Chosen, wildCards(s.WildCards)))}
	return append(ev, s.toBegin()...), nil
}

func (s *State) accept() ([]rules.Event, error) {
	if s.Phase != PhaseWildCard {
		return nil, s.outOfTurn(ActAccept)
	}
	ev := []rules.Event{rules.Eventf("Stefan nimmt %s als Gegner an.", "Stefan accepts %s as opponent.", s.Current.Candidate)}
	return append(ev, s.toBegin()...), nil
}

// ------------------------------------------------------------------ begin

// toBegin enters the "who begins" step: on a tie the team begins without
// a choice; otherwise the side behind decides.
func (s *State) toBegin() []rules.Event {
	s.Current.Before = s.Score
	if s.behind() == "" {
		s.Current.Begins = SideTeam
		s.Phase = PhaseResult
		return []rules.Event{event(fmt.Sprintf("Gleichstand (%d:%d): %s beginnt.", s.Score.Team, s.Score.Stefan, s.sideDE(SideTeam, false)),
			fmt.Sprintf("Level (%d:%d): %s begins.", s.Score.Team, s.Score.Stefan, s.sideEN(SideTeam)))}
	}
	s.Phase = PhaseBegin
	return nil
}

func (s *State) begin(v string) ([]rules.Event, error) {
	if s.Phase == PhaseResult && s.Current.BeginsChosenBy == "" {
		return nil, rules.Forbid("begin-tie", "bei Gleichstand beginnt das Team; es gibt nichts zu entscheiden", "on a tie the team begins; there is nothing to decide")
	}
	if s.Phase != PhaseBegin {
		return nil, s.outOfTurn(ActBegin)
	}
	side, ok := parseSide(v)
	if !ok {
		return nil, rules.Forbid("side", "„side“ muss „stefan“ oder „team“ sein, nicht „%s“", "\"side\" must be \"stefan\" or \"team\", not %q", v)
	}
	by := s.behind()
	s.Current.Begins, s.Current.BeginsChosenBy = side, by
	s.Phase = PhaseResult
	return []rules.Event{event(fmt.Sprintf("%s liegt zurück und bestimmt: %s beginnt.", s.sideDE(by, true), s.sideDE(side, false)),
		fmt.Sprintf("%s is behind and decides: %s begins.", s.sideEN(by, true), s.sideEN(side)))}, nil
}

// ----------------------------------------------------------------- result

func (s *State) result(p resultPayload, g *decks.MiniGame) ([]rules.Event, error) {
	if s.Phase != PhaseResult {
		return nil, s.outOfTurn(ActResult)
	}
	c := s.Current
	var win string
	if d := c.Duel; d != nil && c.Moves > 0 {
		// The duel was played on this table: its winner is the result.
		if d.Winner == "" {
			return nil, forbid("duel-open", fmt.Sprintf("„%s“ ist noch nicht entschieden (%d:%d)", c.Name, d.Score[0], d.Score[1]),
				fmt.Sprintf("%q is not decided yet (%d:%d)", c.Name, d.Score[0], d.Score[1]))
		}
		win = duelSide(d.Winner)
		if p.Winner != "" {
			if w, ok := parseSide(p.Winner); !ok || w != win {
				return nil, forbid("result-duel", fmt.Sprintf("das Duell hat %s gewonnen, nicht „%s“", s.sideDE(win, false), p.Winner),
					fmt.Sprintf("the duel was won by %s, not %q", s.sideEN(win), p.Winner))
			}
		}
	} else {
		w, ok := parseSide(p.Winner)
		if !ok {
			return nil, rules.Forbid("side", "„winner“ muss „stefan“ oder „team“ sein, nicht „%s“", "\"winner\" must be \"stefan\" or \"team\", not %q", p.Winner)
		}
		win = w
		c.Duel = nil // not played here: the result is reported
	}
	if p.Game != "" {
		if g == nil || g.Code != c.Code {
			return nil, rules.Forbid("result-game", "das Ergebnis ist für „%s“, gespielt wird aber „%s“", "the result is for %q, but %q is being played", p.Game, c.Name)
		}
	}
	c.Winner, c.Log = win, p.Log
	c.Question, c.Picks = nil, nil
	if win == SideTeam {
		s.Score.Team += c.Points
	} else {
		s.Score.Stefan += c.Points
	}
	ev := []rules.Event{event(fmt.Sprintf("%s gewinnt „%s“ und bekommt %s. Stand: Team %d, Stefan %d.",
		s.sideDE(win, true), c.Name, pointsDE(c.Points), s.Score.Team, s.Score.Stefan),
		fmt.Sprintf("%s wins %q and gets %s. Score: team %d, Stefan %d.",
			s.sideEN(win, true), c.Name, pointsEN(c.Points), s.Score.Team, s.Score.Stefan))}

	// Teamplayer cards: the candidate turns his card; once everyone has
	// played, all turn back.
	if s.Mode == ModeClassic {
		s.FaceDown = append(s.FaceDown, c.Candidate)
		if len(s.FaceDown) == len(s.Team) {
			s.FaceDown = nil
			ev = append(ev, rules.Eventf("Alle Kandidaten haben gespielt: alle Teamplayer-Karten zurück auf die Teamseite.",
				"Every candidate has played: all Teamplayer cards back to the team side."))
		}
	}
	s.History = append(s.History, *c)

	// The end: the tie-break decides; otherwise a side that can no longer
	// be caught wins at once.
	end := ""
	switch {
	case c.TieBreak:
		end = win
	default:
		end = s.uncaught(c.Number)
	}
	if end != "" {
		s.Winner, s.Phase, s.Current = end, PhaseOver, nil
		won, lost := s.Score.of(end), s.Score.of(other(end))
		if c.TieBreak {
			ev = append(ev, event(fmt.Sprintf("%s gewinnt das Entscheidungsspiel und den Abend, %d:%d.", s.sideDE(end, true), won, lost),
				fmt.Sprintf("%s wins the tie-break and the evening, %d:%d.", s.sideEN(end, true), won, lost)))
		} else {
			ev = append(ev, event(fmt.Sprintf("%s ist nicht mehr einzuholen und gewinnt den Abend, %d:%d.", s.sideDE(end, true), won, lost),
				fmt.Sprintf("%s can no longer be caught and wins the evening, %d:%d.", s.sideEN(end, true), won, lost)))
		}
		return ev, nil
	}

	next := &Game{Number: c.Number + 1, Points: c.Number + 1}
	if c.Number == s.Games {
		// Only reachable on a tie after the last regular game (Showtime).
		next.TieBreak = true
		ev = append(ev, rules.Eventf("Gleichstand nach %d Spielen (%d:%d): ein Entscheidungsspiel folgt.",
			"Level after %d games (%d:%d): a tie-break follows.", c.Number, s.Score.Team, s.Score.Stefan))
	}
	switch {
	case s.Mode == ModeClassic:
		s.Host = c.Candidate // whoever just played hosts next
		ev = append(ev, rules.Eventf("%s moderiert das nächste Spiel.", "%s hosts the next game.", s.Host))
	case s.Mode == ModeTeams && s.FullTimeHost == "":
		s.Host = ""
	}
	next.Host = s.Host
	s.Current = next
	s.Phase = s.phaseBeforeGame()
	return ev, nil
}

// ------------------------------------------------------------ side names

func (s State) sideDE(side string, capital bool) string {
	var n string
	switch {
	case s.Mode == ModeTeams && side == SideStefan:
		return "Team Stefan"
	case s.Mode == ModeTeams:
		n = "das Kandidatenteam"
	case side == SideStefan:
		return "Stefan"
	case s.Mode == ModeDuo:
		return s.Team[0]
	default:
		n = "das Team"
	}
	if capital {
		n = "D" + n[1:]
	}
	return n
}

func (s State) sideEN(side string, capital ...bool) string {
	n := s.sideName(side)
	if len(capital) > 0 && capital[0] && strings.HasPrefix(n, "the ") {
		n = "The " + n[4:]
	}
	return n
}

func (s State) sideName(side string) string {
	switch {
	case s.Mode == ModeTeams && side == SideStefan:
		return "Team Stefan"
	case s.Mode == ModeTeams:
		return "the candidate team"
	case side == SideStefan:
		return "Stefan"
	case s.Mode == ModeDuo:
		return s.Team[0]
	}
	return "the team"
}

func pointsDE(n int) string {
	if n == 1 {
		return "1 Punkt"
	}
	return fmt.Sprintf("%d Punkte", n)
}

func pointsEN(n int) string {
	if n == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%d points", n)
}

func wildCards(n int) string {
	if n == 1 {
		return "1 Wild Card"
	}
	return fmt.Sprintf("%d Wild Cards", n)
}
