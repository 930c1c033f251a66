package web

import (
	"net/http"
	"strconv"

	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/scorer"
)

// The stand-ins' API: the phones' clock synchronisation, the buzzer and
// the sand timer (scorer/standins.go). Which phones are buzzers and who
// runs the buzzer and the timer is the game's business: a game's screen
// registers it in standInGames.

// standIns is what a game says about its stand-ins.
type standIns struct {
	// buzzers are the players whose phones are buzzers now (none: the
	// buzzer is not in play).
	buzzers func(snap scorer.Snapshot) []string
	// runs reports whether the viewer runs the buzzer and the timer (the
	// host; the table's phone).
	runs func(snap scorer.Snapshot) bool
}

var standInGames = map[string]standIns{}

// gameRoutes are routes a game's screen adds (a map drawn for the phones).
var gameRoutes []func(s *Server)

// routeGames adds the stand-ins' API and the games' own routes.
func (s *Server) routeGames() {
	s.routeStandIns()
	for _, r := range gameRoutes {
		r(s)
	}
}

func (s *Server) routeStandIns() {
	api := s.handle // the API's routes
	api("GET /api/clock", s.apiClockPing)
	api("POST /api/tables/{id}/clock", s.apiClockSync)
	api("GET /api/tables/{id}/buzzer", s.apiBuzzer)
	api("POST /api/tables/{id}/buzzer", s.apiPress)
	api("POST /api/tables/{id}/buzzer/reset", s.apiBuzzerReset)
	api("GET /api/tables/{id}/timer", s.apiTimer)
	api("POST /api/tables/{id}/timer", s.apiStartTimer)
}

// apiClockPing is one round trip of a phone's clock synchronisation: the
// server's time when the request came (t1) and when it answers (t2). It
// needs no login: the time is no secret, and every step here is time on
// the measurement.
func (s *Server) apiClockPing(w http.ResponseWriter, r *http.Request) error {
	t1 := s.svc.ServerTime()
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	b := []byte(`{"t1":` + ftoa(t1) + `,"t2":` + ftoa(s.svc.ServerTime()) + "}\n")
	w.Write(b)
	return nil
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

func (s *Server) apiClockSync(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Samples []scorer.ClockSample `json:"samples"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	c, err := s.svc.SyncClock(r.Context(), au, r.PathValue("id"), req.Samples)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}

// standInsOf is the table as the request sees it and what its game says
// about the stand-ins.
func (s *Server) standInsOf(r *http.Request) (scorer.Auth, scorer.Snapshot, []string, bool, error) {
	au, err := s.auth(r)
	if err != nil {
		return au, scorer.Snapshot{}, nil, false, err
	}
	snap, err := s.svc.Table(r.Context(), au, r.PathValue("id"))
	if err != nil {
		return au, snap, nil, false, err
	}
	var players []string
	runs := snap.Viewer.Role == rules.RoleTable
	if g, ok := standInGames[snap.Game]; ok {
		if g.buzzers != nil && snap.Mismatch == nil {
			players = g.buzzers(snap)
		}
		if g.runs != nil {
			runs = g.runs(snap)
		}
	} else if snap.Viewer.Role == rules.RolePlayer {
		runs = true // without a host every player may start the timer
	}
	return au, snap, players, runs, nil
}

// buzzerBody is the buzzer as the API shows it, with each press's side
// where the game names one.
func buzzerBody(bv scorer.BuzzerView) map[string]any {
	return map[string]any{"version": bv.Version, "round": bv.Round, "players": bv.Players, "open": bv.Open, "pressed": bv.Pressed, "waiting": bv.Waiting, "result": bv.Result, "now": bv.Now}
}

func (s *Server) apiBuzzer(w http.ResponseWriter, r *http.Request) error {
	au, _, players, _, err := s.standInsOf(r)
	if err != nil {
		return err
	}
	bv, err := s.svc.Buzzer(r.Context(), au, r.PathValue("id"), players)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, buzzerBody(bv))
	return nil
}

func (s *Server) apiPress(w http.ResponseWriter, r *http.Request) error {
	defer s.svc.PressArriving(r.PathValue("id"))()
	received := s.svc.ServerTime()
	var req struct {
		Version *int64   `json:"version"`
		At      *float64 `json:"at"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Version == nil {
		return missing("version")
	}
	if req.At == nil {
		return missing("at")
	}
	au, _, players, _, err := s.standInsOf(r)
	if err != nil {
		return err
	}
	bv, err := s.svc.Press(r.Context(), au, r.PathValue("id"), *req.Version, *req.At, received, players)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, buzzerBody(bv))
	return nil
}

func notRunning() error {
	return &scorer.Error{Status: http.StatusForbidden, Rule: "not-host", Msg: i18n.T("Buzzer und Sanduhr bedient der Moderator.", "The host runs the buzzer and the sand timer.")}
}

func (s *Server) apiBuzzerReset(w http.ResponseWriter, r *http.Request) error {
	au, _, players, runs, err := s.standInsOf(r)
	if err != nil {
		return err
	}
	if !runs {
		return notRunning()
	}
	bv, err := s.svc.ResetBuzzer(r.Context(), au, r.PathValue("id"), players)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, buzzerBody(bv))
	return nil
}

func (s *Server) apiTimer(w http.ResponseWriter, r *http.Request) error {
	tv, err := onTable(s, r, s.svc.Timer)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, tv)
	return nil
}

func (s *Server) apiStartTimer(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Kind    string  `json:"kind"`
		Seconds float64 `json:"seconds"`
		Stop    bool    `json:"stop"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	au, snap, _, runs, err := s.standInsOf(r)
	if err != nil {
		return err
	}
	if !runs {
		return notRunning()
	}
	if req.Kind == "" {
		req.Kind = "sand"
	}
	if req.Seconds == 0 {
		req.Seconds = scorer.DefaultSandTimer
	}
	by := snap.Viewer.Player
	tv, err := s.svc.StartTimer(r.Context(), au, r.PathValue("id"), req.Kind, req.Seconds, by, req.Stop)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, tv)
	return nil
}
