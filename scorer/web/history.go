package web

import (
	"cmp"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"druckreif/i18n"
	"druckreif/scorer"
)

// The history's pages: the overview (/history), one game
// (/history/games/{game}), one saved player (/history/players/{name}) and
// one finished table with its score curve (/history/tables/{id}). Every
// text is built here in the page's language; the templates only place it.

// recentGames is how many finished tables the overview lists, and
// timelineLength how many a chart over time shows.
const (
	recentGames    = 50
	timelineLength = 30
)

// gameRow is one finished table in a list.
type gameRow struct {
	scorer.Game
	Summary string // the result in words
}

// recordRow is one saved player's (or one game's) record, in words where
// a number needs its unit.
type recordRow struct {
	scorer.Marker
	scorer.Record
	Best string
}

// historyOverview is /history.
type historyOverview struct {
	Games, Evenings int
	Played          []scorer.Record
	Players         []recordRow
	Recent          []gameRow
}

// gamePage is /history/games/{game}.
type gamePage struct {
	Played   scorer.Record
	BestIs   string
	Together bool
	Table    []recordRow
	Chart    *lineChart
	Caption  string
	HH       *headToHead
	Tables   []gameRow
}

// playerPage is /history/players/{name}.
type playerPage struct {
	Player  scorer.Marker
	Overall scorer.Record
	Games   []playerGame
	Recent  []gameRow
}

// playerGame is one game on a player's page: the record, the results over
// time, and who the player finished ahead of and behind.
type playerGame struct {
	recordRow
	Chart    *lineChart
	Caption  string
	Against  []opponent
	Together bool
}

// opponent is one other saved player: games in which the player finished
// ahead of them, behind them, and all games both played.
type opponent struct {
	scorer.Marker
	Ahead, Behind, Met int
}

// headToHead is a game's matrix of who finished ahead of whom.
type headToHead struct {
	Players []scorer.Marker
	Rows    []headToHeadRow
}

type headToHeadRow struct {
	scorer.Marker
	Cells []headToHeadCell
}

type headToHeadCell struct {
	Self  bool
	Ahead int
	Met   int
	Title string
}

// tablePage is /history/tables/{id}: one table's result and score curve.
type tablePage struct {
	Curve    scorer.Curve
	When     string
	Together bool
	Summary  string
	Ranking  []rankRow
	Chart    *lineChart
	Caption  string
	Round    string // what a round is called ("Frage")
	ByRound  string // "Frage für Frage"
	Players  []scorer.Marker
	Rounds   []roundRow
	Reveals  []roundReveal
}

// roundReveal is a question resolved in a round, as the phones showed it
// at the reveal: tapping the round's line opens it again.
type roundReveal struct {
	ID       string // the anchor the round's line links to
	Round    string // "Frage 3"
	Title    string
	Question string
	Correct  string
	Notes    []string
	Seats    []revealSeat
}

type revealSeat struct {
	scorer.Marker
	Choice string
	Right  *bool
	Points string // "+3", "−2", "0"
	Why    string
}

// rankRow is one player in a table's final order.
type rankRow struct {
	scorer.Marker
	Place  int
	Result string
	Won    bool
}

// roundRow is one line of a table's rounds: its name and every player's
// count after it.
type roundRow struct {
	ID    string
	Label string
	Cells []string
	// Reveal is the anchor of the round's first reveal ("" without one).
	Reveal string
}

// historyPage serves one of the pages of the logged-in account's history,
// with the template name: fill makes the page's data.
func (s *Server) historyPage(name string, fill func(v *view, h *scorer.History, r *http.Request) (any, error)) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		au, ok, err := s.loggedIn(w, r)
		if !ok {
			return err
		}
		h, err := s.svc.History(r.Context(), au)
		if err != nil {
			return err
		}
		v := s.newView(r, au, "")
		d, err := fill(v, h, r)
		if err != nil {
			return err
		}
		v.Data = d
		s.render(w, http.StatusOK, name, v)
		return nil
	}
}

// overviewPage is the history's first page.
func overviewPage(v *view, h *scorer.History, r *http.Request) (any, error) {
	v.Title = v.T("Verlauf", "History")
	d := &historyOverview{Games: len(h.Games), Evenings: h.Evenings(), Played: h.GamesPlayed()}
	for _, m := range h.Saved {
		d.Players = append(d.Players, recordRow{Marker: m, Record: h.Overall(m.Name)})
	}
	for _, g := range h.Games[:min(len(h.Games), recentGames)] {
		d.Recent = append(d.Recent, v.gameRow(g))
	}
	return d, nil
}

// gameHistoryPage is the history of one game.
func gameHistoryPage(v *view, h *scorer.History, r *http.Request) (any, error) {
	game := r.PathValue("game")
	i := slices.IndexFunc(h.GamesPlayed(), func(rec scorer.Record) bool { return rec.Game == game })
	if i < 0 {
		return nil, notInHistory()
	}
	d := &gamePage{Played: h.GamesPlayed()[i], BestIs: v.Text(scorer.BestIs(game)), Together: scorer.Together(game)}
	v.Title = d.Played.Title
	for _, pr := range h.Table(game) {
		d.Table = append(d.Table, v.recordRow(pr.Marker, pr.Record))
	}
	timeline := h.Timeline(game, timelineLength)
	d.Chart, d.Caption = v.timelineChart(game, timeline, h.Saved)
	d.HH = v.headToHead(h.HeadToHead(game))
	for _, g := range h.Games {
		if g.Game == game {
			d.Tables = append(d.Tables, v.gameRow(g))
		}
	}
	return d, nil
}

// playerHistoryPage is the history of one saved player.
func playerHistoryPage(v *view, h *scorer.History, r *http.Request) (any, error) {
	m, ok := h.Player(r.PathValue("name"))
	if !ok {
		return nil, &scorer.Error{Status: http.StatusNotFound, Rule: "no-player", Field: "name", Msg: i18n.Sprintf("Keinen gespeicherten Spieler „%s“.", "No saved player %q.", r.PathValue("name"))}
	}
	v.Title = m.Name
	d := &playerPage{Player: m, Overall: h.Overall(m.Name)}
	for _, played := range h.GamesPlayed() {
		rec := h.GameRecord(m.Name, played.Game)
		if rec.Games == 0 {
			continue
		}
		pg := playerGame{recordRow: v.recordRow(m, rec), Together: scorer.Together(played.Game)}
		var mine []scorer.Game
		for _, g := range h.Timeline(played.Game, len(h.Games)) {
			if g.Played(m.Name) {
				mine = append(mine, g)
			}
		}
		if len(mine) > timelineLength {
			mine = mine[len(mine)-timelineLength:]
		}
		if len(mine) > 1 {
			pg.Chart, pg.Caption = v.timelineChart(played.Game, mine, []scorer.Marker{m})
		} else if len(mine) == 1 {
			pg.Caption = fmt.Sprintf(v.T("Bisher eine Partie, am %s: %s.", "One game so far, on %s: %s."), v.Day(mine[0].At), v.result(mine[0], m.Name))
		}
		if hh := h.HeadToHead(played.Game); hh != nil {
			me := slices.IndexFunc(hh.Players, func(p scorer.Marker) bool { return p.Name == m.Name })
			for j, p := range hh.Players {
				if me >= 0 && j != me && hh.Met[me][j] > 0 {
					pg.Against = append(pg.Against, opponent{Marker: p, Ahead: hh.Ahead[me][j], Behind: hh.Ahead[j][me], Met: hh.Met[me][j]})
				}
			}
		}
		d.Games = append(d.Games, pg)
	}
	for _, g := range h.Games {
		if g.Played(m.Name) && len(d.Recent) < recentGames {
			d.Recent = append(d.Recent, v.gameRow(g))
		}
	}
	return d, nil
}

func (s *Server) historyTablePage(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	c, err := s.svc.Curve(r.Context(), au, r.PathValue("id"))
	if err != nil {
		return err
	}
	v := s.newView(r, au, "")
	v.Title = c.Title
	d := &tablePage{Curve: c, Together: scorer.Together(c.Game), Round: v.Text(scorer.RoundName(c.Game))}
	d.ByRound = d.Round + " für " + d.Round
	if v.Lang == i18n.English {
		d.ByRound = d.Round + " by " + strings.ToLower(d.Round)
	}
	if f := c.Finished; f != nil {
		d.When = fmt.Sprintf(v.T("Beendet am %s", "Finished on %s"), v.Date(f.At))
		d.Summary = v.gameRow(*f).Summary
		d.Ranking = v.ranking(*f, c.Players)
	} else {
		d.When = v.T("Das Spiel läuft noch.", "The game is still going on.")
	}
	// The lines: every player the engine counts, in seating order.
	var values [][]chartValue
	for _, m := range c.Players {
		if len(c.Rounds) == 0 {
			break
		}
		if _, counted := c.Rounds[0][m.Name]; !counted {
			continue
		}
		d.Players = append(d.Players, m)
		var vs []chartValue
		for i, round := range c.Rounds {
			vs = append(vs, chartValue{X: i, V: round[m.Name], Title: fmt.Sprintf("%s, %s: %s", m.Name, v.roundLabel(c.Game, i), v.count(c.Game, round[m.Name]))})
		}
		values = append(values, vs)
	}
	if len(d.Players) > 0 && len(c.Rounds) > 1 {
		count := v.Text(scorer.Counted(c.Game))
		d.Caption = count + " " + v.Text(scorer.AfterEach(c.Game)) + "."
		if note := v.Text(scorer.CountNote(c.Game)); note != "" {
			d.Caption += " " + note
		}
		d.Chart = newLineChart(fmt.Sprintf(v.T("Verlauf: %s je %s", "Curve: %s per %s"), count, d.Round), d.Round, len(c.Rounds), func(i int) string {
			if i == 0 {
				return v.T("Start", "Start")
			}
			return strconv.Itoa(i)
		}, d.Players, values)
	}
	for i, round := range c.Rounds {
		row := roundRow{ID: "runde-" + strconv.Itoa(i), Label: strconv.Itoa(i)}
		if i == 0 {
			row.Label = v.T("Start", "Start")
		}
		for _, m := range d.Players {
			row.Cells = append(row.Cells, v.count(c.Game, round[m.Name]))
		}
		for k, rv := range c.Reveals[i] {
			r := v.roundReveal(rv, c.Players)
			r.ID, r.Round = fmt.Sprintf("aufloesung-%d-%d", i, k+1), v.roundLabel(c.Game, i)
			if k == 0 {
				row.Reveal = r.ID
			}
			d.Reveals = append(d.Reveals, r)
		}
		d.Rounds = append(d.Rounds, row)
	}
	v.Data = d
	s.render(w, http.StatusOK, "history-table", v)
	return nil
}

// roundReveal is a reveal in the page's words.
func (v *view) roundReveal(rv scorer.Reveal, players []scorer.Marker) roundReveal {
	out := roundReveal{Title: v.Text(rv.Title), Question: rv.Question, Correct: v.Text(rv.Correct)}
	for _, n := range rv.Notes {
		out.Notes = append(out.Notes, v.Text(n))
	}
	for _, s := range rv.Seats {
		m := scorer.Marker{Name: s.Player}
		if i := slices.IndexFunc(players, func(p scorer.Marker) bool { return p.Name == s.Player }); i >= 0 {
			m = players[i]
		}
		pts := scorer.Signed(s.Points)
		if s.Points > 0 {
			pts = "+" + pts
		}
		out.Seats = append(out.Seats, revealSeat{Marker: m, Choice: v.Text(s.Choice), Right: s.Right, Points: pts, Why: v.Text(s.Why)})
	}
	return out
}

func notInHistory() error {
	return &scorer.Error{Status: http.StatusNotFound, Rule: "not-in-history", Msg: i18n.T("Dieses Spiel ist noch nicht im Verlauf.", "This game is not in the history yet.")}
}

// roundLabel names round i of a score curve: "Start", "Frage 3".
func (v *view) roundLabel(game string, i int) string {
	if i == 0 {
		return v.T("Start", "Start")
	}
	return v.Text(scorer.RoundName(game)) + " " + strconv.Itoa(i)
}

// count is a value of the score curve: a number, or the labyrinth's niche.
func (v *view) count(game string, n int) string {
	if game == "labyrinth" && n < -4 {
		return v.T("Nische", "niche")
	}
	return scorer.Signed(n)
}

// result is a player's result in words.
func (v *view) result(g scorer.Game, name string) string {
	n, ok := g.Result(name)
	switch {
	case !ok:
		return "–"
	case g.Game == "thegame":
		return v.Remaining(n)
	}
	return v.Text(scorer.ResultText(g.Game, n))
}

func (v *view) gameRow(g scorer.Game) gameRow {
	row := gameRow{Game: g}
	switch {
	case g.Game == "thegame":
		row.Summary = v.Remaining(g.Outcome.Remaining)
	case len(g.Outcome.Winners) > 0:
		row.Summary = v.T("Gewonnen", "Won") + ": " + strings.Join(g.Outcome.Winners, ", ")
	default:
		row.Summary = v.T("ohne Sieger", "no winner")
	}
	return row
}

func (v *view) recordRow(m scorer.Marker, rec scorer.Record) recordRow {
	row := recordRow{Marker: m, Record: rec, Best: "–"}
	if rec.Best != nil {
		row.Best = v.Text(scorer.ResultText(rec.Game, *rec.Best))
	}
	return row
}

// ranking is a finished table's players in their final order: the
// winners, then by result; equal ones share a place.
func (v *view) ranking(g scorer.Game, markers []scorer.Marker) []rankRow {
	type ranked struct {
		rankRow
		won    bool
		value  int
		scored bool
	}
	var rs []ranked
	for _, m := range markers {
		n, ok := g.Result(m.Name)
		rs = append(rs, ranked{rankRow: rankRow{Marker: m, Result: v.result(g, m.Name), Won: g.Won(m.Name)}, won: g.Won(m.Name), value: n, scored: ok})
	}
	lower := scorer.LowerIsBetter(g.Game)
	order := func(a, b ranked) int {
		if a.won != b.won {
			if a.won {
				return -1
			}
			return 1
		}
		if a.scored != b.scored {
			if a.scored {
				return -1
			}
			return 1
		}
		if lower {
			return cmp.Compare(a.value, b.value)
		}
		return cmp.Compare(b.value, a.value)
	}
	slices.SortStableFunc(rs, order)
	var out []rankRow
	for i, r := range rs {
		r.Place = i + 1
		if i > 0 && order(rs[i-1], r) == 0 {
			r.Place = out[i-1].Place
		}
		out = append(out, r.rankRow)
	}
	return out
}

// timelineChart is the results of the games (oldest first) of the given
// players, one line each; nil when there is nothing to draw.
func (v *view) timelineChart(game string, games []scorer.Game, players []scorer.Marker) (*lineChart, string) {
	var markers []scorer.Marker
	var values [][]chartValue
	for _, m := range players {
		var vs []chartValue
		for i, g := range games {
			if n, ok := g.Result(m.Name); ok {
				vs = append(vs, chartValue{X: i, V: n, Title: fmt.Sprintf("%s, %s: %s", m.Name, v.Day(g.At), v.result(g, m.Name))})
			}
		}
		if len(vs) > 0 {
			markers = append(markers, m)
			values = append(values, vs)
		}
	}
	if len(values) == 0 {
		return nil, ""
	}
	what := v.Text(scorer.Counted(game))
	if game == "thegame" {
		what = v.T("Karten übrig (weniger ist besser)", "Cards left (fewer is better)")
	}
	caption := fmt.Sprintf(v.T("%s je Partie, die letzten %d Partien", "%s per game, the last %d games"), what, len(games))
	if len(games) == 1 {
		caption = fmt.Sprintf(v.T("%s in der bisher einzigen Partie", "%s in the only game so far"), what)
	}
	chart := newLineChart(caption, v.T("Partien, nach Datum", "Games, by date"), len(games), func(i int) string { return v.Day(games[i].At) }, markers, values)
	return chart, caption
}

// headToHead is the game's matrix in words.
func (v *view) headToHead(hh *scorer.HeadToHead) *headToHead {
	if hh == nil {
		return nil
	}
	out := &headToHead{Players: hh.Players}
	for i, a := range hh.Players {
		row := headToHeadRow{Marker: a}
		for j, b := range hh.Players {
			c := headToHeadCell{Self: i == j, Ahead: hh.Ahead[i][j], Met: hh.Met[i][j]}
			if !c.Self {
				c.Title = fmt.Sprintf(v.T("%s vor %s: in %d von %d gemeinsamen Partien", "%s ahead of %s: in %d of %d games together"), a.Name, b.Name, c.Ahead, c.Met)
			}
			row.Cells = append(row.Cells, c)
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// Day is a short date for a chart's axis: "3.12." or "3 Dec".
func (v *view) Day(t time.Time) string {
	if v.Lang == i18n.English {
		return t.Local().Format("2 Jan")
	}
	return t.Local().Format("2.1.")
}

// PlayerPath is the history page of a saved player.
func (v *view) PlayerPath(name string) string { return "/history/players/" + url.PathEscape(name) }
