package web

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/scorer"
)

// Cookies: the login, and one seat per table.
const (
	loginCookie = "druckreif_login"
	seatPrefix  = "druckreif_seat_"
	cookieAge   = 30 * 24 * time.Hour
)

// tokens are the tokens a request carries: a bearer token replaces the
// cookies; an empty Authorization header counts as none.
func tokens(r *http.Request, tableID string) []string {
	if h := strings.TrimSpace(r.Header.Get("Authorization")); h != "" {
		scheme, token, _ := strings.Cut(h, " ")
		if strings.EqualFold(scheme, "Bearer") && strings.TrimSpace(token) != "" {
			return []string{strings.TrimSpace(token)}
		}
		return []string{"\x00invalid"} // a malformed header proves nothing
	}
	var out []string
	if c, err := r.Cookie(loginCookie); err == nil {
		out = append(out, c.Value)
	}
	if tableID != "" {
		if c, err := r.Cookie(seatPrefix + tableID); err == nil {
			out = append(out, c.Value)
		}
	}
	return out
}

func (s *Server) auth(r *http.Request) (scorer.Auth, error) {
	return s.svc.Authenticate(r.Context(), clientAddr(r), tokens(r, r.PathValue("id"))...)
}

func setCookie(w http.ResponseWriter, r *http.Request, name, value string, age time.Duration) {
	http.SetCookie(w, &http.Cookie{
		Name:     name,
		Value:    value,
		Path:     "/",
		MaxAge:   int(age / time.Second),
		HttpOnly: true,
		Secure:   r.TLS != nil,
		SameSite: http.SameSiteLaxMode,
	})
}

// decode reads a JSON body into v: a body over the limit is 413, bad JSON
// 400 with where it broke.
func decode(r *http.Request, v any) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return tooLarge()
		}
		return &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-body", Msg: i18n.Sprintf("Der Inhalt der Anfrage ist nicht lesbar: %v", "The request body cannot be read: %v", err)}
	}
	if err := json.Unmarshal(body, v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case len(strings.TrimSpace(string(body))) == 0:
			return &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-json", Msg: i18n.T("Die Anfrage braucht einen JSON-Inhalt.", "The request needs a JSON body.")}
		case errors.As(err, &se):
			return &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-json", Msg: i18n.Sprintf("Kein gültiges JSON (bei Byte %d).", "Not valid JSON (at byte %d).", se.Offset)}
		case errors.As(err, &te):
			return &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-field", Field: te.Field, Msg: i18n.Sprintf("Das Feld „%s“ hat den falschen Typ (erwartet: %s).", "Field %q has the wrong type (expected: %s).", te.Field, te.Type.String())}
		}
		return &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-json", Msg: i18n.Sprintf("Kein gültiges JSON: %v", "Not valid JSON: %v", err)}
	}
	return nil
}

func missing(field string) error {
	return &scorer.Error{Status: http.StatusBadRequest, Rule: "field-missing", Field: field, Msg: i18n.Sprintf("Das Feld „%s“ fehlt.", "Field %q is missing.", field)}
}

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

func (s *Server) apiRegister(w http.ResponseWriter, r *http.Request) error {
	var c credentials
	if err := decode(r, &c); err != nil {
		return err
	}
	a, err := s.svc.Register(r.Context(), c.Name, c.Password)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"name": a.Name})
	return nil
}

func (s *Server) apiLogin(w http.ResponseWriter, r *http.Request) error {
	var c credentials
	if err := decode(r, &c); err != nil {
		return err
	}
	token, a, err := s.svc.Login(r.Context(), c.Name, c.Password, clientAddr(r))
	if err != nil {
		return err
	}
	setCookie(w, r, loginCookie, token, cookieAge)
	writeJSON(w, http.StatusOK, map[string]any{"token": token, "name": a.Name})
	return nil
}

func (s *Server) apiLogout(w http.ResponseWriter, r *http.Request) error {
	for _, t := range tokens(r, "") {
		s.svc.Logout(r.Context(), t)
	}
	setCookie(w, r, loginCookie, "", -time.Second)
	writeJSON(w, http.StatusOK, map[string]any{})
	return nil
}

func (s *Server) apiPlayers(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	ps, err := s.svc.Players(r.Context(), au)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"players": ps})
	return nil
}

func (s *Server) apiSavePlayer(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	var p struct {
		Name   string `json:"name"`
		Color  string `json:"color"`
		Symbol string `json:"symbol"`
		// Replace: a saved player whose name differs only in case is
		// replaced (otherwise 409 name-case).
		Replace bool `json:"replace"`
	}
	if err := decode(r, &p); err != nil {
		return err
	}
	m, err := s.svc.SavePlayer(r.Context(), au, p.Name, p.Color, p.Symbol, p.Replace)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, m)
	return nil
}

func (s *Server) apiDeletePlayer(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	if err := s.svc.DeletePlayer(r.Context(), au, r.PathValue("name")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{})
	return nil
}

func (s *Server) apiTables(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	ts, err := s.svc.Tables(r.Context(), au)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"tables": ts})
	return nil
}

// createdBody is the answer to a new table (POST /api/tables, a rematch).
func createdBody(snap scorer.Snapshot) map[string]any {
	return map[string]any{
		"id": snap.ID, "pin": snap.PIN, "version": snap.Version, "state": snap.State, "next": snap.Next,
		"join": "/j/" + snap.ID + "?pin=" + snap.PIN, "players": snap.Players,
	}
}

func (s *Server) apiRematch(w http.ResponseWriter, r *http.Request) error {
	snap, err := onTable(s, r, s.svc.Rematch)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, createdBody(snap))
	return nil
}

// apiFollow takes a phone from a finished table to its own seat at the
// rematch (the id of the "rematch" event): {"to"} → as apiJoin answers.
func (s *Server) apiFollow(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		To string `json:"to"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.To == "" {
		return missing("to")
	}
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	j, err := s.svc.Follow(r.Context(), au, r.PathValue("id"), req.To)
	if err != nil {
		return err
	}
	body := map[string]any{"role": j.Viewer.Role}
	if j.Token != "" {
		body["token"] = j.Token
		setCookie(w, r, seatPrefix+req.To, j.Token, cookieAge)
	}
	if j.Viewer.Player != "" {
		body["player"] = j.Viewer.Player
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

func (s *Server) apiCreateTable(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	var req struct {
		Setup json.RawMessage `json:"setup"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	if len(req.Setup) == 0 || string(req.Setup) == "null" {
		return missing("setup")
	}
	snap, err := s.svc.CreateTable(r.Context(), au, req.Setup)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, createdBody(snap))
	return nil
}

// tableBody is a table as the API shows it.
func tableBody(snap scorer.Snapshot) map[string]any {
	body := map[string]any{"version": snap.Version, "state": snap.State, "next": snap.Next, "players": snap.Players, "role": snap.Viewer.Role, "undoable": snap.Undoable}
	if snap.Viewer.Player != "" {
		body["player"] = snap.Viewer.Player
	}
	if snap.Pending != nil {
		body["pending"] = snap.Pending
	}
	if snap.PutBack != nil {
		body["put_back"] = snap.PutBack
	}
	if snap.Notice != nil {
		body["notice"] = map[string]string{"de": snap.Notice.DE, "en": snap.Notice.EN}
	}
	if snap.Reveal != nil {
		body["reveal"] = snap.Reveal
	}
	if snap.Mismatch != nil {
		body["mismatch"] = map[string]string{"de": snap.Mismatch.DE, "en": snap.Mismatch.EN}
	}
	if snap.Rules != nil {
		body["rules"] = map[string]string{"de": snap.Rules.DE, "en": snap.Rules.EN}
	}
	return body
}

// onTable is the Service's call on the table the request's path names,
// made as the request's login: how most of a table's handlers begin.
func onTable[T any](s *Server, r *http.Request, call func(ctx context.Context, au scorer.Auth, tableID string) (T, error)) (T, error) {
	au, err := s.auth(r)
	if err != nil {
		var none T
		return none, err
	}
	return call(r.Context(), au, r.PathValue("id"))
}

func (s *Server) apiTable(w http.ResponseWriter, r *http.Request) error {
	snap, err := onTable(s, r, s.svc.Table)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, tableBody(snap))
	return nil
}

func (s *Server) apiJoin(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		PIN    *string `json:"pin"`
		Role   string  `json:"role"`
		Player string  `json:"player"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.PIN == nil {
		return missing("pin")
	}
	if req.Role == "" {
		req.Role = rules.RolePlayer
	}
	id := r.PathValue("id")
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	j, err := s.svc.Join(r.Context(), au, id, *req.PIN, req.Role, req.Player, clientAddr(r))
	if err != nil {
		return err
	}
	token := j.Token
	if token == "" {
		// The phone holds this seat already: its token stays.
		token = seatToken(r, id)
	} else {
		setCookie(w, r, seatPrefix+id, token, cookieAge)
	}
	body := map[string]any{"token": token, "role": j.Viewer.Role}
	if j.Viewer.Player != "" {
		body["player"] = j.Viewer.Player
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

// seatToken is the seat token the request carries for the table (bearer
// or cookie).
func seatToken(r *http.Request, tableID string) string {
	if h := strings.TrimSpace(r.Header.Get("Authorization")); h != "" {
		if scheme, token, _ := strings.Cut(h, " "); strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(token)
		}
	}
	if c, err := r.Cookie(seatPrefix + tableID); err == nil {
		return c.Value
	}
	return ""
}

// apiReveals are every reveal of the table's game so far: its rounds.
func (s *Server) apiReveals(w http.ResponseWriter, r *http.Request) error {
	rv, err := onTable(s, r, s.svc.Reveals)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"reveals": rv})
	return nil
}

// apiSeats lists the table's seats: who holds each and when that phone
// was last seen (table role).
func (s *Server) apiSeats(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	seats, spectators, err := s.svc.TableSeats(r.Context(), au, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"seats": seats, "spectators": spectators})
	return nil
}

func (s *Server) apiFreeSeat(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	if err := s.svc.FreeSeat(r.Context(), au, r.PathValue("id"), r.PathValue("player")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{})
	return nil
}

func (s *Server) apiChangePIN(w http.ResponseWriter, r *http.Request) error {
	pin, err := onTable(s, r, s.svc.ChangePIN)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"pin": pin})
	return nil
}

func (s *Server) apiChangePassword(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	if err := s.svc.ChangePassword(r.Context(), au, req.Old, req.New, clientAddr(r)); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{})
	return nil
}

func (s *Server) apiAccountSessions(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	ss, err := s.svc.Sessions(r.Context(), au)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"sessions": ss})
	return nil
}

func (s *Server) apiLogoutEverywhere(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	if err := s.svc.LogoutEverywhere(r.Context(), au); err != nil {
		return err
	}
	setCookie(w, r, loginCookie, "", -time.Second)
	writeJSON(w, http.StatusOK, map[string]any{})
	return nil
}

func (s *Server) apiDeleteAccount(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Password string `json:"password"`
	}
	if err := decode(r, &req); err != nil {
		return err
	}
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	if err := s.svc.DeleteAccount(r.Context(), au, req.Password, clientAddr(r)); err != nil {
		return err
	}
	setCookie(w, r, loginCookie, "", -time.Second)
	writeJSON(w, http.StatusOK, map[string]any{})
	return nil
}

// versioned is a request made on a version of the table.
type versioned struct {
	Version *int64          `json:"version"`
	Action  json.RawMessage `json:"action"`
}

func events(ev []rules.Event) []map[string]string {
	out := []map[string]string{}
	for _, e := range ev {
		out = append(out, map[string]string{"de": e.Text.DE, "en": e.Text.EN})
	}
	return out
}

func (s *Server) apiAct(w http.ResponseWriter, r *http.Request) error {
	var req versioned
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Version == nil {
		return missing("version")
	}
	if len(req.Action) == 0 || string(req.Action) == "null" {
		return missing("action")
	}
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	res, err := s.svc.Act(r.Context(), au, r.PathValue("id"), *req.Version, req.Action)
	if err != nil {
		return err
	}
	body := tableBody(res.Snapshot)
	body["events"] = events(res.Events)
	status := http.StatusOK
	if res.Held {
		status = http.StatusAccepted
	}
	writeJSON(w, status, body)
	return nil
}

func (s *Server) apiUndo(w http.ResponseWriter, r *http.Request) error {
	var req versioned
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Version == nil {
		return missing("version")
	}
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	res, err := s.svc.Undo(r.Context(), au, r.PathValue("id"), *req.Version)
	if err != nil {
		return err
	}
	body := tableBody(res.Snapshot)
	if res.PutBack == nil && res.Game == "thegame" {
		body["put_back"] = []any{}
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

func (s *Server) apiLog(w http.ResponseWriter, r *http.Request) error {
	b, err := onTable(s, r, s.svc.Log)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", `attachment; filename="`+r.PathValue("id")+`.jsonl"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
	return nil
}

func (s *Server) apiHistory(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	h, err := s.svc.History(r.Context(), au)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": h.Games, "players": h.Stats()})
	return nil
}

// apiHistoryJSON is the account's finished tables, oldest first, one
// object each (scorer.Export): for a spreadsheet or a script.
func (s *Server) apiHistoryJSON(w http.ResponseWriter, r *http.Request) error {
	h, err := s.exportable(r)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Disposition", `attachment; filename="druckreif-verlauf.json"`)
	writeJSON(w, http.StatusOK, h.Export())
	return nil
}

// apiHistoryCSV is the same as CSV (RFC 4180: CRLF line ends, quoted
// where needed, UTF-8 without a byte-order mark), a header row, one row
// per finished table. Players, results and winners hold one name or
// number a line: a name never holds a line break, so the cells are
// read back without doubt; a player's result is on the line of their
// name in players (empty for one the game counted nothing for).
func (s *Server) apiHistoryCSV(w http.ResponseWriter, r *http.Request) error {
	h, err := s.exportable(r)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	cw.UseCRLF = true
	cw.Write([]string{"date", "game", "table", "players", "results", "winners"})
	for _, e := range h.Export() {
		results := make([]string, len(e.Players))
		for i, p := range e.Players {
			if v := e.Results[p]; v != nil {
				results[i] = strconv.Itoa(*v)
			}
		}
		cw.Write([]string{e.Date, e.Game, e.Table, strings.Join(e.Players, "\n"), strings.Join(results, "\n"), strings.Join(e.Winners, "\n")})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8; header=present")
	w.Header().Set("Content-Disposition", `attachment; filename="druckreif-verlauf.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
	return nil
}

// exportable is the history of the request's login; a seat at a table
// has none.
func (s *Server) exportable(r *http.Request) (*scorer.History, error) {
	au, err := s.auth(r)
	if err != nil {
		return nil, err
	}
	return s.svc.History(r.Context(), au)
}
