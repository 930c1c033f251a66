package web

import (
	"bytes"
	"crypto/rand"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"druckreif/board"
	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/rules/registry"
	"druckreif/rules/thegame"
	"druckreif/scorer"
	"druckreif/scorer/store"
)

//go:embed templates
var templateFS embed.FS

type pages struct {
	byName map[string]*template.Template
}

var funcs = template.FuncMap{
	"join":       strings.Join,
	"inc":        func(i int) int { return i + 1 },
	"signed":     signed,
	"deref":      func(b *bool) bool { return b != nil && *b },
	"mul":        func(a, b float64) float64 { return a * b },
	"letter":     func(i int) string { return string(rune('A' + i)) },
	"lower":      strings.ToLower,
	"letters":    func() []string { return []string{"A", "B", "C"} },
	"fieldIndex": func(pos int) int { return pos + board.Behind },
}

func loadPages() *pages {
	p := &pages{byName: map[string]*template.Template{}}
	for _, name := range []string{"home", "players", "history", "history-game", "history-player", "history-table", "error", "new", "join", "table", "account", "pass"} {
		p.byName[name] = parsePage(name)
	}
	return p
}

// parsePage parses a page with the layout, the board and every game's
// screen. The function "game" draws the table's game with its own
// template: html/template renders it, escaped as everything else, and it
// is inserted as the HTML it already is.
func parsePage(name string) *template.Template {
	var t *template.Template
	game := func(v *view) (template.HTML, error) {
		d := v.Data.(*boardData)
		var b bytes.Buffer
		if err := t.ExecuteTemplate(&b, "game-"+d.Snap.Game, v); err != nil {
			return "", err
		}
		return template.HTML(b.String()), nil
	}
	t = template.Must(template.New(name).Funcs(funcs).Funcs(template.FuncMap{"game": game}).ParseFS(templateFS,
		"templates/layout.html", "templates/chart.html", "templates/board.html", "templates/round.html", "templates/scan.html", "templates/game-*.html", "templates/"+name+".html"))
	return t
}

// view is what every page template gets.
type view struct {
	Lang    i18n.Lang
	Title   string
	Account *store.Account
	Path    string
	Message string
	Problem string
	Data    any
}

// T picks the text of the page's language.
func (v *view) T(de, en string) string {
	if v.Lang == i18n.English {
		return en
	}
	return de
}

// Text is a two-language text in the page's language.
func (v *view) Text(t any) string {
	switch t := t.(type) {
	case i18n.Text:
		return t.In(v.Lang)
	case *i18n.Text:
		if t != nil {
			return t.In(v.Lang)
		}
	}
	return ""
}

// Sub is the page's view with other data, for a template that draws a
// part of the page (the board inside the handed-over phone's page).
func (v *view) Sub(data any) *view {
	c := *v
	c.Data = data
	return &c
}

func (v *view) OtherLang() string {
	if v.Lang == i18n.English {
		return "de"
	}
	return "en"
}

// Date is a date and time as people at the table read it.
func (v *view) Date(t time.Time) string {
	if v.Lang == i18n.English {
		return t.Local().Format("2 Jan 2006, 15:04")
	}
	return t.Local().Format("02.01.2006, 15:04")
}

// Seen is when a phone was last seen, as a time of day today, else a date.
func (v *view) Seen(t *time.Time) string {
	if t == nil {
		return ""
	}
	if l := t.Local(); l.YearDay() == time.Now().YearDay() && l.Year() == time.Now().Year() {
		return l.Format("15:04")
	}
	return v.Date(*t)
}

// Remaining is The Game's result in words.
func (v *view) Remaining(n int) string {
	switch {
	case n == 0:
		return v.T("gewonnen (0 Karten übrig)", "won (0 cards left)")
	case n < 10:
		return fmt.Sprintf(v.T("%d Karten übrig – ausgezeichnet", "%d cards left – excellent"), n)
	}
	return fmt.Sprintf(v.T("%d Karten übrig", "%d cards left"), n)
}

// lang is the page language: the lang cookie, else the browser's first
// choice between German and English, else German.
func lang(r *http.Request) i18n.Lang {
	if c, err := r.Cookie("lang"); err == nil {
		l, _ := i18n.Parse(c.Value)
		return l
	}
	return i18n.FromAcceptLanguage(r.Header.Get("Accept-Language"))
}

func (s *Server) newView(r *http.Request, au scorer.Auth, title string) *view {
	return &view{Lang: lang(r), Title: title, Account: au.Account, Path: r.URL.RequestURI()}
}

func (s *Server) render(w http.ResponseWriter, status int, name string, v *view) {
	var b bytes.Buffer
	t := s.pages.byName[name]
	if err := t.ExecuteTemplate(&b, "layout", v); err != nil {
		log.Printf("scorer: page %s: %v", name, err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// renderErrorPage shows a refusal as a page in the reader's language.
func renderErrorPage(w http.ResponseWriter, r *http.Request, status int, err error) {
	v := &view{Lang: lang(r), Title: http.StatusText(status), Path: r.URL.RequestURI()}
	body := errorBody(err)
	v.Data = map[string]string{"Heading": v.T("Das ging nicht", "That did not work"), "Reason": v.T(body.DE, body.EN)}
	var b bytes.Buffer
	if e := errorPages().ExecuteTemplate(&b, "layout", v); e != nil {
		http.Error(w, http.StatusText(status), status)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// errorPages is parsed when the first error page is shown, not when the
// program starts: every druckreif command links this package, and parsing
// every template took 4 ms of each build's start.
var errorPages = sync.OnceValue(func() *template.Template { return parsePage("error") })

// handle registers a handler that may fail: its error is answered as
// writeError does (in JSON to the API, as an error page to a browser).
func (s *Server) handle(pattern string, h func(w http.ResponseWriter, r *http.Request) error) {
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			writeError(w, r, err)
		}
	})
}

func (s *Server) routePages() {
	s.handle("GET /{$}", s.home)
	s.handle("POST /login", s.formLogin)
	s.handle("POST /register", s.formRegister)
	s.handle("POST /logout", s.formLogout)
	s.handle("GET /lang", s.switchLang)
	s.handle("GET /join", s.joinByCode)
	s.handle("GET /players", s.playersPage)
	s.handle("POST /players", s.formSavePlayer)
	s.handle("POST /players/delete", s.formDeletePlayer)
	s.handle("GET /history", s.historyPage("history", overviewPage))
	s.handle("GET /history/games/{game}", s.historyPage("history-game", gameHistoryPage))
	s.handle("GET /history/players/{name}", s.historyPage("history-player", playerHistoryPage))
	s.handle("GET /history/tables/{id}", s.historyTablePage)
	s.handle("GET /new", s.newPage)
	s.handle("POST /new", s.newStep2)
	s.handle("POST /new/create", s.formCreate)
	s.handle("GET /j/{id}", s.joinPage)
	s.handle("POST /j/{id}", s.formJoin)
	s.handle("GET /t/{id}", s.tablePage)
	s.handle("GET /t/{id}/view", s.boardFragment)
	s.handle("POST /t/{id}/act", s.idempotent(s.formAct))
	s.handle("POST /t/{id}/undo", s.idempotent(s.formUndo))
	s.handle("GET /t/{id}/qr.svg", s.joinQR)
	s.handle("POST /t/{id}/seats/free", s.formFreeSeat)
	s.handle("POST /t/{id}/pin", s.formNewPIN)
	s.handle("GET /t/{id}/pass", s.passPage)
	s.handle("POST /t/{id}/rematch", s.formRematch)
	s.handle("POST /t/{id}/follow", s.formFollow)
	s.handle("GET /t/{id}/pass/done", s.passDone)
	s.handle("GET /account", s.accountPage)
	s.handle("POST /account/password", s.formPassword)
	s.handle("POST /account/logout-everywhere", s.formLogoutEverywhere)
	s.handle("POST /account/delete", s.formDeleteAccount)
}

func seeOther(w http.ResponseWriter, r *http.Request, to string) {
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// localPath keeps a redirect on this server: an absolute path of this
// server, or "/". Browsers drop tabs and line breaks from a Location and
// read a backslash as a slash, so "/\t/host" or "/\\host" would lead to
// another site: any control character, backslash or a second leading
// slash, and anything that parses with a scheme or host, is refused.
func localPath(p string) string {
	if !strings.HasPrefix(p, "/") || len(p) > 2048 {
		return "/"
	}
	for _, r := range p {
		if r < ' ' || r == 0x7f || r == '\\' || (r >= 0x80 && r < 0xa0) {
			return "/"
		}
	}
	if strings.HasPrefix(p, "//") {
		return "/"
	}
	u, err := url.Parse(p)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || !strings.HasPrefix(u.Path, "/") {
		return "/"
	}
	return p
}

func (s *Server) switchLang(w http.ResponseWriter, r *http.Request) error {
	l, _ := i18n.Parse(r.URL.Query().Get("to"))
	http.SetCookie(w, &http.Cookie{Name: "lang", Value: l.String(), Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode, HttpOnly: true, Secure: r.TLS != nil})
	seeOther(w, r, localPath(r.URL.Query().Get("back")))
	return nil
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	v := s.newView(r, au, "")
	v.Title = v.T("Punktezähler", "Scorer")
	d := map[string]any{}
	if r.TLS == nil && !isLoopback(r) {
		// The password would cross the Wi-Fi unencrypted: say so, and
		// where the secure address is.
		d["Insecure"] = true
		if s.SecureBase != "" {
			d["SecureURL"] = s.SecureBase + "/"
		}
	}
	if au.Account != nil {
		tables, err := s.svc.Tables(r.Context(), au)
		if err != nil {
			return err
		}
		d["Tables"] = tables
	}
	// The seats this phone holds: back to the table after leaving it.
	if mine := s.mySeats(r); len(mine) > 0 {
		d["Seats"] = mine
	}
	v.Data = d
	s.render(w, http.StatusOK, "home", v)
	return nil
}

// mySeat is a table this phone has a seat at.
type mySeat struct {
	ID, Title string
	Player    string // "" for a spectator
}

// mySeats are the tables whose seat cookies this phone carries and that
// still know the seat.
func (s *Server) mySeats(r *http.Request) []mySeat {
	var out []mySeat
	for _, c := range r.Cookies() {
		id, ok := strings.CutPrefix(c.Name, seatPrefix)
		if !ok || len(out) >= 10 {
			continue
		}
		au, err := s.svc.Authenticate(r.Context(), clientAddr(r), c.Value)
		if err != nil || len(au.Seats) == 0 {
			continue
		}
		snap, err := s.svc.Table(r.Context(), au, id)
		if err != nil {
			continue
		}
		out = append(out, mySeat{ID: id, Title: snap.Title, Player: snap.Viewer.Player})
	}
	return out
}

// joinByCode takes the table code and the PIN typed on the start page.
func (s *Server) joinByCode(w http.ResponseWriter, r *http.Request) error {
	code := strings.Map(func(c rune) rune {
		if c == ' ' || c == '-' {
			return -1
		}
		return c
	}, strings.ToLower(strings.TrimSpace(r.URL.Query().Get("code"))))
	if code == "" || strings.ContainsFunc(code, func(c rune) bool { return !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') }) {
		v := s.newView(r, scorer.Auth{}, "")
		v.Title = v.T("Punktezähler", "Scorer")
		v.Problem = v.T("Den Tischcode gibt es so nicht: er steht unter dem QR-Code des Tisches (Buchstaben und Ziffern).", "No such table code: it is under the table's QR code (letters and digits).")
		v.Data = map[string]any{}
		s.render(w, http.StatusBadRequest, "home", v)
		return nil
	}
	seeOther(w, r, "/j/"+code+"?pin="+url.QueryEscape(r.URL.Query().Get("pin")))
	return nil
}

// groupedCode is a table's code as the table shows it: in groups of four.
func groupedCode(id string) string {
	var b strings.Builder
	for i, c := range id {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// formProblem shows a refusal on the page the form came from.
func (s *Server) formProblem(w http.ResponseWriter, r *http.Request, name string, v *view, err error) error {
	var e *scorer.Error
	if !errors.As(err, &e) {
		return err
	}
	v.Problem = v.Text(e.Msg)
	s.render(w, e.Status, name, v)
	return nil
}

// isLoopback reports whether the request comes from this machine (its
// password does not cross a network).
func isLoopback(r *http.Request) bool {
	ip := net.ParseIP(clientAddr(r))
	return ip != nil && ip.IsLoopback()
}

func (s *Server) formLogin(w http.ResponseWriter, r *http.Request) error {
	token, _, err := s.svc.Login(r.Context(), r.PostFormValue("name"), r.PostFormValue("password"), clientAddr(r))
	if err != nil {
		v := s.newView(r, scorer.Auth{}, "")
		v.Title = v.T("Anmelden", "Log in")
		return s.formProblem(w, r, "home", v, err)
	}
	setCookie(w, r, loginCookie, token, cookieAge)
	seeOther(w, r, "/")
	return nil
}

func (s *Server) formRegister(w http.ResponseWriter, r *http.Request) error {
	name, password := r.PostFormValue("name"), r.PostFormValue("password")
	v := s.newView(r, scorer.Auth{}, "")
	v.Title = v.T("Konto anlegen", "Create account")
	if _, err := s.svc.Register(r.Context(), name, password); err != nil {
		return s.formProblem(w, r, "home", v, err)
	}
	token, _, err := s.svc.Login(r.Context(), name, password, clientAddr(r))
	if err != nil {
		return s.formProblem(w, r, "home", v, err)
	}
	setCookie(w, r, loginCookie, token, cookieAge)
	seeOther(w, r, "/")
	return nil
}

func (s *Server) formLogout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(loginCookie); err == nil {
		s.svc.Logout(r.Context(), c.Value)
	}
	setCookie(w, r, loginCookie, "", -time.Second)
	seeOther(w, r, "/")
	return nil
}

// loggedIn is the request's login, or a redirect to the login page.
func (s *Server) loggedIn(w http.ResponseWriter, r *http.Request) (scorer.Auth, bool, error) {
	au, err := s.auth(r)
	if err != nil {
		return au, false, err
	}
	if au.Account == nil {
		seeOther(w, r, "/")
		return au, false, nil
	}
	return au, true, nil
}

func (s *Server) playersView(r *http.Request, au scorer.Auth) (*view, error) {
	v := s.newView(r, au, "")
	v.Title = v.T("Spieler", "Players")
	ps, err := s.svc.Players(r.Context(), au)
	if err != nil {
		return nil, err
	}
	v.Data = map[string]any{"Players": ps, "Colours": scorer.Colours, "Symbols": scorer.Symbols}
	return v, nil
}

func (s *Server) playersPage(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	v, err := s.playersView(r, au)
	if err != nil {
		return err
	}
	s.render(w, http.StatusOK, "players", v)
	return nil
}

func (s *Server) formSavePlayer(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	name, colour, symbol := r.PostFormValue("name"), r.PostFormValue("color"), r.PostFormValue("symbol")
	if _, err := s.svc.SavePlayer(r.Context(), au, name, colour, symbol, r.PostFormValue("replace") == "1"); err != nil {
		v, verr := s.playersView(r, au)
		if verr != nil {
			return verr
		}
		if e, ok := scorer.AsError(err); ok && e.Rule == "name-case" {
			// The name differs from a saved one only in case: ask
			// before replacing, with what was typed kept.
			v.Data.(map[string]any)["Replace"] = map[string]string{"Name": strings.Join(strings.Fields(name), " "), "Color": colour, "Symbol": symbol, "Saved": e.Saved}
			s.render(w, e.Status, "players", v)
			return nil
		}
		return s.formProblem(w, r, "players", v, err)
	}
	seeOther(w, r, "/players")
	return nil
}

func (s *Server) formDeletePlayer(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	if err := s.svc.DeletePlayer(r.Context(), au, r.PostFormValue("name")); err != nil {
		return err
	}
	seeOther(w, r, "/players")
	return nil
}

// newTable is the new-table form's data.
type newTable struct {
	Games     []registry.Game
	Game      string
	Title     string
	Saved     []scorer.Marker
	Names     []string
	Players   []string
	Step2     bool
	MiniGames []*decks.MiniGame
}

const maxSeats = 8

func (s *Server) newView2(r *http.Request, au scorer.Auth) (*view, *newTable, error) {
	v := s.newView(r, au, "")
	v.Title = v.T("Neuer Tisch", "New table")
	saved, err := s.svc.Players(r.Context(), au)
	if err != nil {
		return nil, nil, err
	}
	d := &newTable{Games: registry.Games(), Game: "thegame", Saved: saved, Names: make([]string, maxSeats), MiniGames: decks.MiniGames}
	for i := range d.Names {
		if i < len(saved) {
			d.Names[i] = saved[i].Name
		}
	}
	v.Data = d
	return v, d, nil
}

func (s *Server) newPage(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	v, _, err := s.newView2(r, au)
	if err != nil {
		return err
	}
	s.render(w, http.StatusOK, "new", v)
	return nil
}

// formPlayers are the filled player fields, in order.
func formPlayers(r *http.Request) []string {
	var out []string
	for _, p := range r.PostForm["player"] {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (s *Server) newStep2(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	v, d, err := s.newView2(r, au)
	if err != nil {
		return err
	}
	r.ParseForm()
	g, err := registry.Lookup(r.PostFormValue("game"))
	d.Players = formPlayers(r)
	switch {
	case err != nil:
		v.Problem = v.T("Bitte ein Spiel wählen.", "Please choose a game.")
	case len(d.Players) == 0:
		v.Problem = v.T("Bitte mindestens einen Spieler eintragen.", "Please enter at least one player.")
	}
	if v.Problem != "" {
		copy(d.Names, d.Players)
		s.render(w, http.StatusUnprocessableEntity, "new", v)
		return nil
	}
	d.Game, d.Title, d.Step2 = g.Name, g.Title, true
	s.render(w, http.StatusOK, "new", v)
	return nil
}

func randomSeed() int64 {
	n, _ := rand.Int(rand.Reader, big.NewInt(1<<31))
	return n.Int64()
}

// setupFromForm builds the setup line from the new-table form, or takes
// the advanced JSON as it is.
func setupFromForm(r *http.Request) json.RawMessage {
	if raw := strings.TrimSpace(r.PostFormValue("setup")); raw != "" {
		return json.RawMessage(raw)
	}
	game := r.PostFormValue("game")
	su := map[string]any{"game": game, "players": formPlayers(r)}
	opt := func(key string) {
		if v := r.PostFormValue(key); v != "" {
			su[key] = v
		}
	}
	switch game {
	case "thegame":
		switch r.PostFormValue("level") {
		case "profi":
			su["profi"] = true
		case "profi-small":
			su["profi"], su["small_hands"] = true, true
		}
		opt("starter")
	case "labyrinth":
		opt("reader")
		opt("face")
	case "dativ":
		opt("first")
	case "raab":
		raabSetupFromForm(r, su)
	case "raab-mini":
		opt("minigame")
		if ps := formPlayers(r); len(ps) > 2 {
			su["players"], su["host"] = ps[:2], ps[2]
		}
	}
	if r.PostFormValue("deal") != "" {
		su["deal"] = true
		su["seed"] = randomSeed()
	}
	b, _ := json.Marshal(su)
	return b
}

func (s *Server) formCreate(w http.ResponseWriter, r *http.Request) error {
	au, ok, err := s.loggedIn(w, r)
	if !ok {
		return err
	}
	r.ParseForm()
	snap, err := s.svc.CreateTable(r.Context(), au, setupFromForm(r))
	if err != nil {
		v, d, verr := s.newView2(r, au)
		if verr != nil {
			return verr
		}
		d.Players = formPlayers(r)
		if g, err := registry.Lookup(r.PostFormValue("game")); err == nil {
			d.Game, d.Title, d.Step2 = g.Name, g.Title, true
		}
		return s.formProblem(w, r, "new", v, err)
	}
	seeOther(w, r, "/t/"+snap.ID)
	return nil
}

// joinData is the seat picker's data.
type joinData struct {
	ID, PIN, Title string
	NeedPIN        bool
	Seats          []scorer.Seat
	PINLength      int
}

func (s *Server) joinPage(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	id, pin := r.PathValue("id"), r.URL.Query().Get("pin")
	v := s.newView(r, au, "")
	v.Title = v.T("Platz nehmen", "Take a seat")
	d := &joinData{ID: id, PIN: pin, Title: v.T("An den Tisch", "Join the table"), PINLength: scorer.PINLength}
	v.Data = d
	if pin == "" {
		d.NeedPIN = true
		s.render(w, http.StatusOK, "join", v)
		return nil
	}
	if r.URL.Query().Get("role") == rules.RoleSpectator {
		return s.join(w, r, id, pin, rules.RoleSpectator, "")
	}
	seats, title, err := s.svc.Seats(r.Context(), au, id, pin, clientAddr(r))
	if err != nil {
		var e *scorer.Error
		if errors.As(err, &e) && e.Status == http.StatusForbidden {
			d.NeedPIN, d.PIN = true, ""
			return s.formProblem(w, r, "join", v, err)
		}
		return err
	}
	d.Seats, d.Title = seats, title
	s.render(w, http.StatusOK, "join", v)
	return nil
}

func (s *Server) formJoin(w http.ResponseWriter, r *http.Request) error {
	role := r.PostFormValue("role")
	if role == "" {
		role = rules.RolePlayer
	}
	return s.join(w, r, r.PathValue("id"), r.PostFormValue("pin"), role, r.PostFormValue("player"))
}

func (s *Server) join(w http.ResponseWriter, r *http.Request, id, pin, role, player string) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	j, err := s.svc.Join(r.Context(), au, id, pin, role, player, clientAddr(r))
	var e *scorer.Error
	if errors.As(err, &e) && e.Rule == "seat-taken" {
		// Back to the seat picker, which shows the seat taken and why.
		v := s.newView(r, au, "")
		v.Title = v.T("Platz nehmen", "Take a seat")
		d := &joinData{ID: id, PIN: pin, Title: v.T("An den Tisch", "Join the table"), PINLength: scorer.PINLength}
		v.Data = d
		if d.Seats, d.Title, err = s.svc.Seats(r.Context(), au, id, pin, clientAddr(r)); err != nil {
			return err
		}
		v.Problem = v.Text(e.Msg)
		s.render(w, e.Status, "join", v)
		return nil
	}
	if err != nil {
		return err
	}
	if j.Token != "" {
		setCookie(w, r, seatPrefix+id, j.Token, cookieAge)
	}
	seeOther(w, r, "/t/"+id)
	return nil
}

// boardData is what the table screen shows.
type boardData struct {
	Snap         scorer.Snapshot
	Me           *scorer.Marker
	CanAct       bool
	Notice       string
	Fault        string
	PutBack      []thegame.Return
	PendingCount int
	StateJSON    string
	Example      string
	// Game is what the game's own screen draws (nil: the generic table).
	Game    any
	JoinURL string
	// Cards are the decks the table plays with; Lang the page's language.
	Cards *decks.Set
	Lang  i18n.Lang
	// SecureURL is this table at the https address, for the live scan.
	SecureURL string
	// Pick is a card the reader asked to look at (?pick=), PickSide its side.
	Pick, PickSide string
	WallURL        string
	// PIN, Seats and Spectators are for the table role: the PIN to read
	// out, who holds which seat (and when that phone was last seen), and
	// how many phones watch.
	PIN        string
	Code       string
	Seats      []scorer.Seat
	Spectators int
	// Choosing: the game's secret round is open (its screen says so).
	Choosing bool
	// PassFor is the player on paper the table's phone is handed to (the
	// board drawn as that player sees it); ActURL is where its forms go.
	PassFor string
	ActURL  string
}

// marker is a player's colour and symbol at the table.
func (d *boardData) marker(name string) scorer.Marker {
	for _, m := range d.Snap.Players {
		if m.Name == name {
			return m
		}
	}
	return scorer.Marker{Name: name}
}

// lang is a view in the page's language, for texts built in Go.
func (d *boardData) lang() *view { return &view{Lang: d.Lang} }

// Acting reports whether the player is among those to act now.
func (d *boardData) Acting(name string) bool { return slices.Contains(d.Snap.Next.Actors, name) }

// InviteOpen: the invitation with its QR code shows in full before the
// first move while seats are free; once every seat is taken or the game
// has begun it folds into one line (a tap opens it again).
func (d *boardData) InviteOpen() bool {
	free := slices.ContainsFunc(d.Seats, func(s scorer.Seat) bool { return !s.Taken })
	return d.Snap.Version == 0 && free
}

func (s *Server) boardFor(r *http.Request, snap scorer.Snapshot) *boardData {
	d := &boardData{Snap: snap, PutBack: snap.PutBack, Cards: s.svc.Cards(), Lang: lang(r), ActURL: "/t/" + snap.ID + "/act"}
	d.Pick, d.PickSide = dativPicked(r)
	if snap.Pending != nil {
		d.PendingCount = len(snap.Pending.Chosen)
	}
	for i, m := range snap.Players {
		if snap.Viewer.Role == rules.RolePlayer && m.Name == snap.Viewer.Player {
			d.Me = &snap.Players[i]
		}
	}
	allowed := len(snap.Next.Allowed) > 0 && snap.Mismatch == nil
	switch snap.Viewer.Role {
	case rules.RoleTable:
		d.CanAct = allowed
	case rules.RolePlayer:
		d.CanAct = allowed && slices.Contains(snap.Next.Actors, snap.Viewer.Player)
	}
	if b, err := json.MarshalIndent(snap.State, "", "  "); err == nil {
		d.StateJSON = string(b)
	}
	if len(snap.Next.Allowed) > 0 {
		d.Example = `{"type":"` + snap.Next.Allowed[0] + `"}`
	}
	if sc, ok := screens[snap.Game]; ok && snap.State != nil {
		d.Game = sc.view(d)
	}
	if r.TLS == nil && s.SecureBase != "" {
		d.SecureURL = s.SecureBase + "/t/" + snap.ID
	}
	base := s.joinBase(r)
	d.JoinURL = base + "/j/" + snap.ID + "?pin=" + url.QueryEscape(snap.PIN)
	d.WallURL = d.JoinURL + "&role=spectator"
	if snap.Viewer.Role == rules.RoleTable {
		d.PIN, d.Code = groupedPIN(snap.PIN), groupedCode(snap.ID)
		au, _ := s.auth(r)
		if seats, spectators, err := s.svc.TableSeats(r.Context(), au, snap.ID); err == nil {
			d.Seats, d.Spectators = seats, spectators
		}
	}
	return d
}

// groupedPIN is a PIN as the table shows it: in groups of four, easier to
// read out and type ("1234 5678").
func groupedPIN(pin string) string {
	if len(pin) != 8 {
		return pin
	}
	return pin[:4] + " " + pin[4:]
}

// joinBase is the address phones reach the server under: the request's
// own host, unless that is loopback (the creator's browser on the laptop
// itself) and the LAN address is known.
func (s *Server) joinBase(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host := r.Host
	h := host
	if hh, _, err := splitHost(host); err == nil {
		h = hh
	}
	if s.JoinBase != "" && (h == "localhost" || h == "127.0.0.1" || h == "::1" || h == "[::1]") {
		return s.JoinBase
	}
	return scheme + "://" + host
}

func splitHost(hostport string) (string, string, error) {
	i := strings.LastIndex(hostport, ":")
	if i < 0 || strings.HasSuffix(hostport, "]") {
		return hostport, "", nil
	}
	return hostport[:i], hostport[i+1:], nil
}

func (s *Server) tableView(r *http.Request) (*view, *boardData, error) {
	au, err := s.auth(r)
	if err != nil {
		return nil, nil, err
	}
	snap, err := s.svc.Table(r.Context(), au, r.PathValue("id"))
	if err != nil {
		return nil, nil, err
	}
	v := s.newView(r, au, snap.Title)
	d := s.boardFor(r, snap)
	v.Data = d
	return v, d, nil
}

func (s *Server) tablePage(w http.ResponseWriter, r *http.Request) error {
	v, _, err := s.tableView(r)
	if err != nil {
		var e *scorer.Error
		if errors.As(err, &e) && (e.Status == http.StatusUnauthorized || e.Status == http.StatusForbidden) {
			seeOther(w, r, "/j/"+r.PathValue("id"))
			return nil
		}
		return err
	}
	s.render(w, http.StatusOK, "table", v)
	return nil
}

func (s *Server) renderBoard(w http.ResponseWriter, status int, v *view) {
	var b bytes.Buffer
	if err := s.pages.byName["table"].ExecuteTemplate(&b, "board", v); err != nil {
		log.Printf("scorer: board: %v", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// boardFragment is the board for htmx; 204 when the phone already shows
// this version (its own action, echoed by the event stream).
func (s *Server) boardFragment(w http.ResponseWriter, r *http.Request) error {
	v, d, err := s.tableView(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	seatsChanged := q.Get("seats") != "" && d.Snap.Viewer.Role == rules.RoleTable
	if q.Get("pick") == "" && !seatsChanged && q.Get("v") == strconv.FormatInt(d.Snap.Version, 10) && q.Get("p") == strconv.Itoa(d.PendingCount) {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	s.renderBoard(w, http.StatusOK, v)
	return nil
}

// actionFromForm makes the action line from a table screen's form: the
// game's screen turns its own forms into actions; "raw" is one action line
// as typed.
func actionFromForm(r *http.Request, d *boardData) (json.RawMessage, error) {
	if r.PostFormValue("type") == "raw" {
		return json.RawMessage(r.PostFormValue("action")), nil
	}
	if sc, ok := screens[d.Snap.Game]; ok && sc.action != nil {
		return sc.action(r, d)
	}
	return nil, unknownAction(r.PostFormValue("type"))
}

// unknownAction refuses a form's action type no screen knows.
func unknownAction(typ string) error {
	return &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-action", Field: "type", Msg: i18n.Sprintf("Unbekannte Aktion „%s“.", "Unknown action %q.", typ)}
}

// secretFromForm puts a secret choice from the form into the action a: on
// a player's phone the player's own (form field and action key field), on
// the table's phone every player's that was entered (form fields
// field-NAME, under the action key all).
func secretFromForm(a map[string]any, r *http.Request, d *boardData, field, all string) {
	if d.Snap.Viewer.Role == rules.RolePlayer {
		a["player"], a[field] = d.Snap.Viewer.Player, r.PostFormValue(field)
		return
	}
	choices := map[string]string{}
	for _, p := range d.Snap.Players {
		if v := r.PostFormValue(field + "-" + p.Name); v != "" {
			choices[p.Name] = v
		}
	}
	a[all] = choices
}

// formNumber reads a whole number from a form field.
func formNumber(r *http.Request, field string) (int, error) {
	v := r.PostFormValue(field)
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-number", Field: field, Msg: i18n.Sprintf("„%s“ ist keine Zahl.", "%q is not a number.", v)}
	}
	return n, nil
}

// answerForm answers a table screen's form: htmx gets the board, a plain
// form post the whole page; a refusal is shown on it, a stale version with
// the fresh state.
func (s *Server) answerForm(w http.ResponseWriter, r *http.Request, au scorer.Auth, res scorer.Result, err error) error {
	var snap scorer.Snapshot
	var notice, fault string
	status := http.StatusOK
	v := s.newView(r, au, "")
	if err != nil {
		var e *scorer.Error
		if !errors.As(err, &e) {
			return err
		}
		status = e.Status
		if e.Current != nil {
			snap = *e.Current
			notice = v.T("Jemand war schneller – hier ist der neue Stand.", "Someone was faster – here is the new state.")
		} else {
			fault = v.Text(e.Msg)
			if snap, err = s.svc.Table(r.Context(), au, r.PathValue("id")); err != nil {
				return err
			}
		}
	} else {
		snap = res.Snapshot
		if res.Held {
			notice = v.T("Deine Wahl ist abgegeben – sie bleibt geheim, bis alle gewählt haben.", "Your choice is in – it stays secret until everyone has chosen.")
		}
	}
	v.Title = snap.Title
	d := s.boardFor(r, snap)
	d.Notice, d.Fault = notice, fault
	v.Data = d
	if r.Header.Get("HX-Request") == "true" {
		s.renderBoard(w, status, v)
		return nil
	}
	s.render(w, status, "table", v)
	return nil
}

// formVersion is the version a form was made on.
func formVersion(r *http.Request) (int64, error) {
	version, err := strconv.ParseInt(r.PostFormValue("version"), 10, 64)
	if err != nil {
		return 0, missing("version")
	}
	return version, nil
}

func (s *Server) formAct(w http.ResponseWriter, r *http.Request) error {
	if as := r.URL.Query().Get("as"); as != "" {
		return s.actAs(w, r, as)
	}
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	version, err := formVersion(r)
	if err != nil {
		return err
	}
	snap, err := s.svc.Table(r.Context(), au, r.PathValue("id"))
	if err != nil {
		return err
	}
	action, err := actionFromForm(r, s.boardFor(r, snap))
	if err != nil {
		return s.answerForm(w, r, au, scorer.Result{}, err)
	}
	res, err := s.svc.Act(r.Context(), au, r.PathValue("id"), version, action)
	return s.answerForm(w, r, au, res, err)
}

func (s *Server) formUndo(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	version, err := strconv.ParseInt(r.PostFormValue("version"), 10, 64)
	if err != nil {
		return missing("version")
	}
	res, err := s.svc.Undo(r.Context(), au, r.PathValue("id"), version)
	return s.answerForm(w, r, au, res, err)
}

// joinQR is the join link as a QR code, for the table's phone only (it
// holds the PIN).
func (s *Server) joinQR(w http.ResponseWriter, r *http.Request) error {
	snap, err := onTable(s, r, s.svc.Table)
	if err != nil {
		return err
	}
	if snap.Viewer.Role != rules.RoleTable {
		return &scorer.Error{Status: http.StatusForbidden, Rule: "table-role", Msg: i18n.T("Den Beitritts-Code zeigt nur das Tisch-Handy.", "Only the table's phone shows the join code.")}
	}
	link := s.joinBase(r) + "/j/" + snap.ID + "?pin=" + url.QueryEscape(snap.PIN)
	svg, err := qrSVG(link)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(svg)
	return nil
}

// qrSVG draws a QR code as SVG squares, with the quiet zone.
func qrSVG(content string) ([]byte, error) {
	q, err := qrcode.New(content, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	bits := q.Bitmap() // includes the quiet zone
	n := len(bits)
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges"><rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n, n, n)
	for y, row := range bits {
		for x, on := range row {
			if on {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x, y)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}
