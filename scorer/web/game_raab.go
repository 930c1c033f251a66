package web

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"net/http"
	"slices"
	"strconv"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/rules/raab"
	"druckreif/rules/raab/mini"
	"druckreif/scorer"
)

// The Schlag-den-Raab evening: the box edge with the total and the round,
// the spinner, the choice of candidate, the Wild Card, who begins, and
// each game's duel with its own rules (game_raab_duel.go); the buzzer and
// the sand timer run in static/raab.js.
func init() {
	screens["raab"] = screen{view: raabScreen, action: raabAction}
	standInGames["raab"] = standIns{buzzers: raabBuzzers, runs: raabRuns}
	gameRoutes = append(gameRoutes, func(s *Server) { s.handle("GET /raab/map/{key}", s.raabMap) })
}

// The sides' markers, as the printed pieces: the candidates red with a
// circle, Stefan blue with a square.
var (
	redSide  = scorer.Marker{Name: "Team", Colour: scorer.Colours[0].Key, Hex: scorer.Colours[0].Hex, Symbol: scorer.Symbols[0].Key, Glyph: scorer.Symbols[0].Glyph}
	blueSide = scorer.Marker{Name: "Stefan", Colour: scorer.Colours[1].Key, Hex: scorer.Colours[1].Hex, Symbol: scorer.Symbols[1].Key, Glyph: scorer.Symbols[1].Glyph}
)

func sideMarker(side, name string) scorer.Marker {
	m := redSide
	if side == raab.SideStefan || side == "blue" {
		m = blueSide
	}
	m.Name = name
	return m
}

// raabView is the evening's screen.
type raabView struct {
	ID      string
	ActURL  string
	Version int64
	Phase   string
	Mode    string
	Length  string
	Games   int
	Needed  int
	Number  int
	Points  int
	Tie     bool // the tie-break
	Prompt  i18n.Text
	// Acting: this phone is among those to act now (or acts for everyone).
	Acting bool
	Table  bool // the table's phone
	Me     string
	Host   string

	Team, Stefan scorer.Marker // the sides, with their totals below
	TeamScore    int
	StefanScore  int
	TeamNames    []string
	StefanNames  []string
	Edge         edgeView
	Rounds       []roundDot

	GameName, GameCode string
	// Spinning is the spin the wheel turns for (its key) while the game it
	// landed on is still to be named: the headline and the prompt wait for
	// the wheel to stop.
	Spinning string

	HostChoices []scorer.Marker
	Wheel       *wheelView
	CanSpin     bool
	Choosable   []segment // the full-time host's free choice
	Candidates  []candidateView
	StefanTeam  []candidateView // the team game: Team Stefan's choice
	NamedTeam   string
	NamedStefan string
	WildCards   int
	WildTotal   int
	Chosen      string
	WildChoices []string
	Behind      string
	Duel        *duelView
	History     []historyRow
	Winner      string
	WinnerText  i18n.Text
}

// edgeView is the box edge: the total of each side on a track of all the
// points the evening can give, the mark that can no longer be caught.
type edgeView struct {
	Total            int
	Needed           int
	TeamX, StefanX   float64 // positions, 0…1000
	NeededX          float64
	Ticks            []edgeTick
	TeamLabel, Label string
}

type edgeTick struct {
	X     float64
	Label string
	Major bool
}

type roundDot struct {
	N       int
	Points  int
	Winner  string // "team", "stefan"
	Code    string
	Current bool
}

type segment struct {
	Code, Name   string
	Played       bool
	Current      bool // the game being played
	Three        bool // marked "3": not with two players
	Path         string
	TextX, TextY float64
	Angle        float64
	Index        int
}

// wheelView is the spinner: its segments clockwise from the top, where it
// landed and the game it moved on to.
type wheelView struct {
	Segments []segment
	Land     int     // the segment it landed on
	Final    int     // the game (after moving on clockwise past played games)
	Angle    float64 // the wheel's rotation bringing Final under the pointer
	LandAt   float64 // the rotation bringing Land under the pointer
	Key      string  // which spin this is, to animate it once
	Spun     bool
	Moved    bool // landed on a played game and moved on
	Small    bool // shown beside the choice of candidate
}

type candidateView struct {
	Marker   scorer.Marker
	FaceUp   bool
	Eligible bool
	Hosting  bool
}

type historyRow struct {
	Number   int
	Points   int
	Name     string
	Winner   string
	Who      string
	Score    string
	WildCard bool
}

func raabScreen(d *boardData) any {
	st, ok := d.Snap.State.(raab.State)
	if !ok {
		return nil
	}
	raabMarkers(st, d)
	return raabEvening(st, d)
}

// raabMarkers keep red with a circle for the candidate in a duel and blue
// with a square for Stefan, as the printed pieces: Stefan wears blue ■,
// and a player the table gave red or blue (Stefan aside) gets another of
// the palette's pairs.
func raabMarkers(st raab.State, d *boardData) {
	ms := slices.Clone(d.Snap.Players)
	used := map[string]bool{}
	for _, m := range ms {
		used[m.Colour] = true
	}
	free := func() (scorer.Colour, scorer.Symbol) {
		for i, c := range scorer.Colours[2:] {
			if !used[c.Key] {
				used[c.Key] = true
				return c, scorer.Symbols[2+i]
			}
		}
		return scorer.Colours[2], scorer.Symbols[2]
	}
	for i, m := range ms {
		switch {
		case st.Mode != raab.ModeTeams && m.Name == st.Stefan:
			ms[i] = sideMarker(raab.SideStefan, m.Name)
			ms[i].Saved = m.Saved
		case m.Colour == scorer.Colours[0].Key || m.Colour == scorer.Colours[1].Key:
			c, y := free()
			ms[i] = scorer.Marker{Name: m.Name, Colour: c.Key, Hex: c.Hex, Symbol: y.Key, Glyph: y.Glyph, Saved: m.Saved}
		}
		if d.Me != nil && d.Me.Name == m.Name {
			me := ms[i]
			d.Me = &me
		}
	}
	d.Snap.Players = ms
}

func raabEvening(st raab.State, d *boardData) *raabView {
	snap := d.Snap
	v := &raabView{ID: snap.ID, ActURL: d.ActURL, Version: snap.Version, Phase: st.Phase, Mode: st.Mode, Games: st.Games, Needed: st.Needed,
		Prompt: snap.Next.Text, Table: snap.Viewer.Role == rules.RoleTable, Me: snap.Viewer.Player, Host: st.Host,
		TeamScore: st.Score.Team, StefanScore: st.Score.Stefan, WildCards: st.WildCards, WildTotal: st.WildCardsTotal}
	for _, l := range raab.Lengths {
		if l.Key == st.Length {
			v.Length = l.Name
		}
	}
	v.Acting = d.CanAct
	teamName, stefanName := "Team", "Stefan"
	switch st.Mode {
	case raab.ModeTeams:
		teamName, stefanName = "Kandidatenteam", "Team Stefan"
	case raab.ModeDuo:
		teamName, stefanName = st.Team[0], st.Stefan
	}
	v.Team, v.Stefan = sideMarker(raab.SideTeam, teamName), sideMarker(raab.SideStefan, stefanName)
	v.TeamNames = st.Team
	v.StefanNames = st.TeamStefan
	if st.Mode != raab.ModeTeams {
		v.StefanNames = []string{st.Stefan}
	}
	v.Edge = boxEdge(st)
	for n := 1; n <= st.Games; n++ {
		dot := roundDot{N: n, Points: n}
		if n <= len(st.History) {
			h := st.History[n-1]
			dot.Winner, dot.Code = h.Winner, h.Code
		}
		if st.Current != nil && st.Current.Number == n {
			dot.Current = true
		}
		v.Rounds = append(v.Rounds, dot)
	}
	if len(st.History) > st.Games {
		h := st.History[st.Games]
		v.Rounds = append(v.Rounds, roundDot{N: h.Number, Points: h.Points, Winner: h.Winner, Code: h.Code})
	} else if st.Current != nil && st.Current.TieBreak {
		v.Rounds = append(v.Rounds, roundDot{N: st.Current.Number, Points: st.Current.Points, Current: true})
	}
	for i := len(st.History) - 1; i >= 0; i-- {
		h := st.History[i]
		row := historyRow{Number: h.Number, Points: h.Points, Name: h.Name, Winner: h.Winner, Who: h.Candidate + " – " + h.StefanPlayer, WildCard: h.WildCard}
		if h.Duel != nil {
			row.Score = fmt.Sprintf("%d:%d", h.Duel.Score[0], h.Duel.Score[1])
		}
		v.History = append(v.History, row)
	}
	if st.Phase == raab.PhaseOver {
		v.Winner = st.Winner
		return v
	}
	c := st.Current
	v.Number, v.Points, v.Tie = c.Number, c.Points, c.TieBreak
	v.GameName, v.GameCode = c.Name, c.Code
	switch st.Phase {
	case raab.PhaseHost:
		for _, p := range snap.Next.Actors {
			v.HostChoices = append(v.HostChoices, d.marker(p))
		}
	case raab.PhaseSpin:
		v.CanSpin = d.CanAct
		if st.FullTimeHost != "" {
			for _, code := range st.Spinner {
				g := decks.MiniGameByCode(code)
				if !slices.Contains(st.Played, code) {
					v.Choosable = append(v.Choosable, segment{Code: code, Name: g.Name})
				}
			}
		}
	case raab.PhaseCandidate:
		v.Candidates, v.StefanTeam = candidates(st, d)
		v.NamedTeam, v.NamedStefan = c.Candidate, c.StefanPlayer
		if st.Mode != raab.ModeTeams {
			v.NamedStefan = ""
		}
	case raab.PhaseWildCard:
		v.Chosen = c.Chosen
		for _, p := range st.Team {
			if p != c.Chosen && p != st.Host && !slices.Contains(st.FaceDown, p) {
				v.WildChoices = append(v.WildChoices, p)
			}
		}
	case raab.PhaseBegin:
		v.Behind = behind(st)
	case raab.PhaseResult:
		if c.Duel != nil {
			v.Duel = duelScreen(st, *c.Duel, d)
		}
	}
	// The spinner: to spin, and while the spun game is being staffed; with
	// two players (who go straight to the duel) until its first question.
	if st.Phase != raab.PhaseResult || st.Mode == raab.ModeDuo && c.Moves == 0 && c.Question == nil {
		v.Wheel = wheel(st)
		v.Wheel.Small = st.Phase != raab.PhaseSpin
		if st.Phase != raab.PhaseSpin {
			v.Spinning = v.Wheel.Key
		}
	}
	return v
}

func behind(st raab.State) string {
	switch {
	case st.Score.Stefan < st.Score.Team:
		return raab.SideStefan
	case st.Score.Team < st.Score.Stefan:
		return raab.SideTeam
	}
	return ""
}

func candidates(st raab.State, d *boardData) ([]candidateView, []candidateView) {
	var team, stefan []candidateView
	// In the team game each team names its own player: a player's phone
	// offers only its own team's (the table's phone offers both).
	names := func(members []string) bool {
		v := d.Snap.Viewer
		return st.Mode != raab.ModeTeams || v.Role != rules.RolePlayer || slices.Contains(members, v.Player)
	}
	for _, p := range st.Team {
		cv := candidateView{Marker: d.marker(p), FaceUp: !slices.Contains(st.FaceDown, p), Hosting: p == st.Host}
		cv.Eligible = cv.FaceUp && !cv.Hosting && (st.Mode != raab.ModeTeams || st.Current.Candidate == "") && names(st.Team)
		team = append(team, cv)
	}
	if st.Mode == raab.ModeTeams {
		for _, p := range st.TeamStefan {
			stefan = append(stefan, candidateView{Marker: d.marker(p), FaceUp: true, Hosting: p == st.Host, Eligible: p != st.Host && st.Current.StefanPlayer == "" && names(st.TeamStefan)})
		}
	}
	return team, stefan
}

// boxEdge lays the totals on a track of every point the regular games
// give (15, 55, 120), with the mark from which a side can no longer be
// caught (8, 28, 61) highlighted, as on the box.
func boxEdge(st raab.State) edgeView {
	total := raab.TotalPoints(st.Games)
	top := max(total, st.Score.Team, st.Score.Stefan)
	x := func(n int) float64 { return 20 + 960*float64(n)/float64(top) }
	e := edgeView{Total: top, Needed: st.Needed, TeamX: x(st.Score.Team), StefanX: x(st.Score.Stefan), NeededX: x(st.Needed)}
	step := 1
	switch {
	case top > 60:
		step = 10
	case top > 20:
		step = 5
	}
	for n := 0; n <= top; n += step {
		e.Ticks = append(e.Ticks, edgeTick{X: x(n), Label: strconv.Itoa(n), Major: true})
	}
	return e
}

// wheel is the spinner, clockwise in the rulebook's order, as printed.
func wheel(st raab.State) *wheelView {
	n := len(st.Spinner)
	w := &wheelView{}
	seg := 360.0 / float64(n)
	current := ""
	if st.Current != nil {
		current = st.Current.Code
	}
	for i, code := range st.Spinner {
		g := decks.MiniGameByCode(code)
		a0, a1 := float64(i)*seg, float64(i+1)*seg
		s := segment{Code: code, Name: g.Name, Played: slices.Contains(st.Played, code) && code != current, Current: code == current, Three: g.ThreePlayers && st.Mode == raab.ModeDuo, Index: i,
			Path: arc(a0, a1), Angle: (a0 + a1) / 2}
		s.TextX, s.TextY = polar(s.Angle, 62)
		w.Segments = append(w.Segments, s)
	}
	c := st.Current
	if c != nil && c.Code != "" {
		w.Spun = true
		w.Final = slices.Index(st.Spinner, c.Code)
		w.Land = w.Final
		if c.Spun != "" {
			w.Land, w.Moved = slices.Index(st.Spinner, c.Spun), true
		}
		w.Key = fmt.Sprintf("%d-%s-%s", c.Number, c.Spun, c.Code)
	} else if len(st.History) > 0 {
		w.Final = slices.Index(st.Spinner, st.History[len(st.History)-1].Code)
		w.Land = w.Final
	}
	w.Angle = -w.Segments[w.Final].Angle
	w.LandAt = -w.Segments[w.Land].Angle
	if w.Moved && w.Final < w.Land {
		w.Angle -= 360 // on clockwise past the last segment: the wheel turns on, not back
	}
	return w
}

// polar is a point at an angle (degrees clockwise from the top) and a
// radius around the wheel's centre (100, 100).
func polar(deg, r float64) (float64, float64) {
	a := (deg - 90) * math.Pi / 180
	return math.Round((100+r*math.Cos(a))*10) / 10, math.Round((100+r*math.Sin(a))*10) / 10
}

func arc(a0, a1 float64) string {
	x0, y0 := polar(a0, 96)
	x1, y1 := polar(a1, 96)
	large := 0
	if a1-a0 > 180 {
		large = 1
	}
	return fmt.Sprintf("M100 100L%g %gA96 96 0 %d 1 %g %gZ", x0, y0, large, x1, y1)
}

// WheelRotate is the wheel's rotation as an SVG transform.
func (w *wheelView) Rotate() string { return fmt.Sprintf("rotate(%g 100 100)", w.Angle) }

// LabelRotate turns a segment's label along its radius.
func (s segment) LabelRotate() string {
	a := s.Angle - 90
	if s.Angle > 180 {
		a += 180
	}
	return fmt.Sprintf("rotate(%g %g %g)", math.Round(a*10)/10, s.TextX, s.TextY)
}

// Short is a segment's label: short enough for the wheel.
func (s segment) Short() string {
	n := s.Name
	if r := []rune(n); len(r) > 13 {
		return string(r[:12]) + "."
	}
	return n
}

// raabRuns: the host runs the buzzer and the timer (the table's phone for
// him); with two players both.
func raabRuns(snap scorer.Snapshot) bool {
	if snap.Viewer.Role == rules.RoleTable {
		return true
	}
	st, ok := snap.State.(raab.State)
	if !ok || snap.Viewer.Role != rules.RolePlayer {
		return false
	}
	if st.Mode == raab.ModeDuo {
		return true
	}
	return snap.Viewer.Player == st.Host
}

// raabBuzzers are the duel's two players while the host's question is
// open on the buzzer.
func raabBuzzers(snap scorer.Snapshot) []string {
	st, ok := snap.State.(raab.State)
	if !ok || st.Phase != raab.PhaseResult || st.Current == nil || st.Current.Duel == nil {
		return nil
	}
	c := st.Current
	if c.Duel.Winner != "" || c.Question == nil || c.Question.Step != raab.StepBuzz || !slices.Contains(snap.Next.Allowed, "buzz") {
		return nil
	}
	return []string{c.Candidate, c.StefanPlayer}
}

// randomSegment is a spin of the spinner: a segment drawn at random. With
// two players the "3" games are left out, as the engine would send the
// spinner round again after landing on one.
func randomSegment(st raab.State) string {
	var pool []string
	for _, code := range st.Spinner {
		if g := decks.MiniGameByCode(code); g != nil && !(st.Mode == raab.ModeDuo && g.ThreePlayers) {
			pool = append(pool, code)
		}
	}
	return pool[spinRandom(pool)]
}

// spinRandom draws the segment (an index into the segments); tests set it.
var spinRandom = func(segments []string) int {
	n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(segments))))
	return int(n.Int64())
}

func badForm(field, de, en string, args ...any) error {
	return &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-form", Field: field, Msg: i18n.Sprintf(de, en, args...)}
}

// raabAction makes an action of the evening or its duel from one of the
// screen's forms.
func raabAction(r *http.Request, d *boardData) (json.RawMessage, error) {
	st, ok := d.Snap.State.(raab.State)
	if !ok {
		return nil, badForm("type", "Kein Spielabend.", "No evening.")
	}
	f := r.PostFormValue
	typ := f("type")
	a := map[string]any{"type": typ}
	switch typ {
	case raab.ActHost, raab.ActCandidate, raab.ActWildCard:
		a["player"] = f("player")
	case raab.ActSpin:
		g := f("game")
		if g == "" || f("random") != "" {
			g = randomSegment(st)
		}
		a["game"] = g
	case raab.ActAccept:
	case raab.ActBegin:
		a["side"] = f("side")
	case raab.ActResult:
		if w := f("winner"); w != "" {
			a["winner"] = w
		}
		if st.Current != nil && st.Current.Code != "" {
			a["game"] = st.Current.Code
		}
	case "choose":
		if st.Phase != raab.PhaseResult {
			a["game"] = f("game")
			break
		}
		return duelAction(r, st, d)
	default:
		return duelAction(r, st, d)
	}
	b, _ := json.Marshal(a)
	return b, nil
}

// mini's side names for the duel forms.
func duelColour(v string) (string, bool) {
	side, ok := mini.ParseSide(v)
	if !ok {
		return "", false
	}
	return mini.SideKey(side), true
}

// duelPage is the duel's part of the page: the page's words and the duel.
type duelPage struct {
	*view
	*duelView
}

// DuelFor is the duel with the page, for the duel's template.
func (v *raabView) DuelFor(p *view) duelPage { return duelPage{p, v.Duel} }

// raabSetupFromForm adds the evening's options from the new-table form:
// the length; Stefan, or in the team game Team Stefan and a full-time
// host.
func raabSetupFromForm(r *http.Request, su map[string]any) {
	if v := r.PostFormValue("length"); v != "" {
		su["length"] = v
	}
	players := formPlayers(r)
	if len(players) <= 5 {
		if v := r.PostFormValue("stefan"); v != "" {
			su["stefan"] = v
		}
		return
	}
	if ts := r.PostForm["team_stefan"]; len(ts) > 0 {
		su["team_stefan"] = ts
	}
	if h := r.PostFormValue("host"); h != "" {
		su["host"] = h
	}
}
