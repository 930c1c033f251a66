package preview

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"log"

	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/layout"
)

//go:embed static templates
var assets embed.FS

// csp allows the page nothing but its own files: no inline script or
// style, no other origin (the scorer's policy, less camera and media).
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// Server is the preview's web page, images, problems and event stream.
// It only reads what the Preview publishes.
type Server struct {
	p    *Preview
	lang *i18n.Lang // the --lang given, else each request's Accept-Language
	mux  *http.ServeMux
	page *template.Template
}

// NewServer serves p; lang, when not nil, is the language asked for on
// the command line.
func NewServer(p *Preview, lang *i18n.Lang) *Server {
	s := &Server{p: p, lang: lang, mux: http.NewServeMux()}
	s.page = template.Must(template.New("").Funcs(template.FuncMap{
		"t": func(v *view, de, en string) string { return i18n.Text{DE: de, EN: en}.In(v.Lang) },
	}).ParseFS(assets, "templates/*.html"))
	static, _ := fs.Sub(assets, "static")
	fileServer := http.FileServerFS(static)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		fileServer.ServeHTTP(w, r)
	})))
	s.mux.HandleFunc("GET /{$}", s.handlePage)
	s.mux.HandleFunc("GET /teile/karten", s.handleFragment)
	s.mux.HandleFunc("GET /card/{id}/{face}", s.handleImage)
	s.mux.HandleFunc("GET /events", s.handleEvents)
	s.mux.HandleFunc("GET /api/problems", s.handleProblems)
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

// langOf is the language of a response: ?lang=, else --lang, else the
// browser's first choice of German and English, else German.
func (s *Server) langOf(r *http.Request) i18n.Lang {
	if v := r.URL.Query().Get("lang"); v != "" {
		if l, err := i18n.Parse(v); err == nil {
			return l
		}
	}
	if s.lang != nil {
		return *s.lang
	}
	return i18n.FromAcceptLanguage(r.Header.Get("Accept-Language"))
}

// view is what the templates see.
type view struct {
	Lang   i18n.Lang
	State  *State
	Cards  []cardView
	Loose  []problemView
	Games  []string
	Sheets []string
	Errors int
	Warns  int
}

type cardView struct {
	*Card
	Faces    []faceView
	Problems []problemView
	Where    string
	Sig      string // changes when anything shown of the card changes
	Search   string
}

type faceView struct {
	Side, URL, Alt string
	W, H           int
}

type problemView struct {
	Class, Where, Msg string
}

func (s *Server) view(r *http.Request) *view {
	st := s.p.State()
	l := s.langOf(r)
	v := &view{Lang: l, State: st}
	pv := func(p Problem) problemView {
		class := "warnung"
		if p.Severity == decks.Error {
			class = "fehler"
			v.Errors++
		} else {
			v.Warns++
		}
		return problemView{Class: class, Where: p.Location.In(l), Msg: p.Msg.In(l)}
	}
	byCard := map[string][]problemView{}
	for _, p := range st.Problems {
		if p.Card == "" || st.Card(p.Card) == nil {
			v.Loose = append(v.Loose, pv(p))
		} else {
			byCard[p.Card] = append(byCard[p.Card], pv(p))
		}
	}
	games, sheets := map[string]bool{}, map[string]bool{}
	for _, c := range st.Cards {
		cv := cardView{Card: c, Problems: byCard[c.ID]}
		games[string(c.Game)] = true
		if c.Sheet != "" {
			sheets[c.Sheet] = true
		}
		if c.File != "" {
			cv.Where = decks.Location{File: c.File, Sheet: c.Sheet, Row: c.Row}.In(l)
		}
		sideNames := [2]i18n.Text{{DE: "vorne", EN: "front"}, {DE: "hinten", EN: "back"}}
		if c.Game == decks.Labyrinth {
			sideNames = [2]i18n.Text{{DE: "vorne (grün)", EN: "front (green)"}, {DE: "hinten (gelb)", EN: "back (yellow)"}}
		}
		pw, ph := layout.PixelSize(c.W, c.H, 96) // CSS pixels: the card at its true size at 100 %
		for side, f := range c.Faces {
			if f == nil {
				continue
			}
			cv.Faces = append(cv.Faces, faceView{Side: sideNames[side].In(l), W: pw, H: ph,
				URL: "/card/" + c.ID + "/" + Side[side] + ".png?v=" + c.Hash,
				Alt: c.ID + " " + sideNames[side].In(l)})
		}
		sig, _ := json.Marshal(cv.Problems)
		cv.Sig = hashOf(c.Hash, string(sig), cv.Where)
		cv.Search = strings.ToLower(c.ID + " " + c.Text)
		v.Cards = append(v.Cards, cv)
	}
	for g := range games {
		v.Games = append(v.Games, g)
	}
	for sh := range sheets {
		v.Sheets = append(v.Sheets, sh)
	}
	sort.Strings(v.Games)
	sort.Strings(v.Sheets)
	return v
}

func (s *Server) render(w http.ResponseWriter, name string, v *view) {
	var b bytes.Buffer
	if err := s.page.ExecuteTemplate(&b, name, v); err != nil {
		log.Printf("preview: %s: %v", name, err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	s.render(w, "page", s.view(r))
}

// handleFragment is the page's changing part, which the script fetches
// after an event and merges card by card.
func (s *Server) handleFragment(w http.ResponseWriter, r *http.Request) {
	s.render(w, "parts", s.view(r))
}

func (s *Server) handleImage(w http.ResponseWriter, r *http.Request) {
	l := s.langOf(r)
	side := -1
	for i, name := range Side {
		if r.PathValue("face") == name+".png" {
			side = i
		}
	}
	fail := func(code int, de, en string, args ...any) {
		http.Error(w, i18n.Sprintf(de, en, args...).In(l), code)
	}
	if side < 0 {
		fail(http.StatusNotFound, "keine solche Seite: %s (vorne.png oder hinten.png)", "no such side: %s (vorne.png or hinten.png)", r.PathValue("face"))
		return
	}
	dpi := DefaultDPI
	if q := r.URL.Query(); q.Has("dpi") {
		n, err := strconv.Atoi(q.Get("dpi"))
		if err != nil || n < 30 || n > MaxDPI {
			fail(http.StatusBadRequest, "dpi=%q: eine ganze Zahl von 30 bis %d angeben", "dpi=%q: give a whole number from 30 to %d", q.Get("dpi"), MaxDPI)
			return
		}
		dpi = n
	}
	id := r.PathValue("id")
	png, ok, err := s.p.Image(id, side, dpi)
	if !ok {
		fail(http.StatusNotFound, "keine Karte mit der ID „%s“ (oder ohne diese Seite)", "no card with ID %q (or without this side)", id)
		return
	}
	if err != nil {
		fail(http.StatusUnprocessableEntity, "%s kann nicht gezeichnet werden: %s", "%s cannot be drawn: %s", id, textOf(err).In(l))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Content-Length", strconv.Itoa(len(png)))
	if c := s.p.State().Card(id); c != nil && r.URL.Query().Get("v") == c.Hash {
		h.Set("Cache-Control", "private, max-age=31536000, immutable") // the URL changes with the look
	} else {
		h.Set("Cache-Control", "no-store")
	}
	w.Write(png)
}

// problemJSON is one problem as /api/problems gives it.
type problemJSON struct {
	File     string `json:"file"`
	Sheet    string `json:"sheet"`
	Row      int    `json:"row"`
	Column   string `json:"column"`
	Card     string `json:"card"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func (s *Server) handleProblems(w http.ResponseWriter, r *http.Request) {
	l := s.langOf(r)
	out := []problemJSON{}
	for _, p := range s.p.State().Problems {
		out = append(out, problemJSON{File: p.File, Sheet: p.Sheet, Row: p.Row, Column: p.Column, Card: p.Card,
			Severity: p.SeverityName(), Message: i18n.OneLine(p.Msg.In(l))})
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(out)
}

// handleEvents is the event stream: hello on connect, changed after
// every rebuild that changed anything.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	events, stop := s.p.Subscribe()
	defer stop()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	st := s.p.State()
	send := func(name string, data any) bool {
		b, _ := json.Marshal(data)
		_, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		fl.Flush()
		return err == nil
	}
	if !send("hello", map[string]int{"cards": len(st.Cards), "problems": len(st.Problems)}) {
		return
	}
	beat := time.NewTicker(20 * time.Second)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case e := <-events:
			if e.Cards == nil {
				e.Cards = []string{}
			}
			if !send("changed", e) {
				return
			}
		case <-beat.C:
			if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}
