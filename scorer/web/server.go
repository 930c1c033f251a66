// Package web is the scorer's HTTP face: the JSON API, the phone screens
// (server-rendered html/template with htmx and its SSE extension) and the
// event streams, with the security a page on a shared Wi-Fi needs: a
// Content-Security-Policy without inline script, cross-origin protection on
// every state change, bounded bodies, timeouts, HttpOnly cookies.
package web

import (
	"embed"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"druckreif/i18n"
	"druckreif/scorer"
)

//go:embed static
var staticFS embed.FS

// maxBody bounds every request body: an action is a few hundred bytes.
const maxBody = 64 << 10

// csp allows nothing but the scorer's own files: no inline script, no
// inline style, no other origin.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; media-src 'self' blob:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// Server serves the scorer.
type Server struct {
	svc   *scorer.Service
	mux   *http.ServeMux
	pages *pages
	// JoinBase, when set, is the base URL phones reach the server under
	// (http://192.168.1.20:8080): the join QR code uses it when the
	// creator's own browser talks to localhost.
	JoinBase string
	// SecureBase, when set, is the https address (https://192.168.1.20:8443):
	// pages served over plain http point there for the live camera scan.
	SecureBase string
	// Heartbeat is the event streams' comment interval (15 s).
	Heartbeat time.Duration
	// TrustedProxies are the reverse proxies in front whose
	// X-Forwarded-For and X-Forwarded-Proto are believed (see proxy.go).
	TrustedProxies []netip.Prefix
	streams        streams
}

// New builds the server's routes.
func New(svc *scorer.Service) *Server {
	s := &Server{svc: svc, mux: http.NewServeMux(), pages: loadPages(), Heartbeat: 15 * time.Second}
	api := s.handle // the API's routes
	api("POST /api/accounts", s.apiRegister)
	api("POST /api/login", s.apiLogin)
	api("POST /api/logout", s.apiLogout)
	api("GET /api/players", s.apiPlayers)
	api("POST /api/players", s.apiSavePlayer)
	api("DELETE /api/players/{name}", s.apiDeletePlayer)
	api("GET /api/tables", s.apiTables)
	api("POST /api/tables", s.apiCreateTable)
	api("GET /api/tables/{id}", s.apiTable)
	api("POST /api/tables/{id}/join", s.apiJoin)
	api("GET /api/tables/{id}/seats", s.apiSeats)
	api("GET /api/tables/{id}/reveals", s.apiReveals)
	api("DELETE /api/tables/{id}/seats/{player}", s.apiFreeSeat)
	api("POST /api/tables/{id}/pin", s.apiChangePIN)
	api("POST /api/tables/{id}/rematch", s.apiRematch)
	api("POST /api/tables/{id}/follow", s.apiFollow)
	api("POST /api/tables/{id}/actions", s.idempotent(s.apiAct))
	api("POST /api/tables/{id}/undo", s.idempotent(s.apiUndo))
	api("GET /api/tables/{id}/log", s.apiLog)
	api("GET /api/tables/{id}/events", s.events)
	api("GET /api/history", s.apiHistory)
	api("GET /api/history.json", s.apiHistoryJSON)
	api("GET /api/history.csv", s.apiHistoryCSV)
	api("POST /api/account/password", s.apiChangePassword)
	api("GET /api/account/sessions", s.apiAccountSessions)
	api("DELETE /api/account/sessions", s.apiLogoutEverywhere)
	api("DELETE /api/account", s.apiDeleteAccount)
	s.routeGames()
	api("/api/", func(w http.ResponseWriter, r *http.Request) error {
		return &scorer.Error{Status: http.StatusNotFound, Rule: "no-route", Msg: i18n.Sprintf("Unbekannte Adresse %s %s.", "Unknown address %s %s.", r.Method, r.URL.Path)}
	})
	s.routePages()
	s.routeIcons()
	static, _ := fs.Sub(staticFS, "static")
	files := http.FileServerFS(static)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", cacheFor(files)))
	return s
}

func cacheFor(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		h.ServeHTTP(w, r)
	})
}

// Handler is the whole server with its protections around it.
func (s *Server) Handler() http.Handler {
	protect := http.NewCrossOriginProtection()
	protect.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, &scorer.Error{Status: http.StatusForbidden, Rule: "cross-origin", Msg: i18n.T("Anfrage von einer fremden Seite abgelehnt.", "Request from another site refused.")})
	}))
	return recoverPanics(s.forwarded(secureHeaders(limitBody(protect.Handler(s.mux)))))
}

// HTTPServer is an http.Server with the scorer's timeouts: slow clients
// cannot hold connections, event streams lift the write deadline
// themselves.
func (s *Server) HTTPServer(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    32 << 10,
		ErrorLog:          log.New(io.Discard, "", 0),
	}
}

func secureHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		// Join links carry the PIN: never pass them on.
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Cross-Origin-Opener-Policy", "same-origin")
		hd.Set("Permissions-Policy", "camera=(self), microphone=(), geolocation=()")
		h.ServeHTTP(w, r)
	})
}

func limitBody(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > maxBody {
			writeError(w, r, tooLarge())
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		h.ServeHTTP(w, r)
	})
}

func tooLarge() error {
	return &scorer.Error{Status: http.StatusRequestEntityTooLarge, Rule: "body-too-large", Msg: i18n.Sprintf("Die Anfrage ist größer als %d KiB.", "The request is larger than %d KiB.", maxBody>>10)}
}

// recoverPanics answers a panic with a plain 500: no stack trace reaches a
// phone; the log keeps it.
func recoverPanics(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Printf("scorer: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
				writeError(w, r, errors.New("internal error"))
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// apiError is the JSON shape of every refusal.
type apiError struct {
	Rule  string `json:"rule"`
	DE    string `json:"de"`
	EN    string `json:"en"`
	Field string `json:"field,omitempty"`
	// Saved is the saved spelling of a name that differs only in case
	// (409 name-case).
	Saved string `json:"saved,omitempty"`
}

func errorBody(err error) apiError {
	if e, ok := scorer.AsError(err); ok {
		return apiError{Rule: e.Rule, DE: e.Msg.DE, EN: e.Msg.EN, Field: e.Field, Saved: e.Saved}
	}
	return apiError{Rule: "internal", DE: "Interner Fehler: der Punktezähler konnte die Anfrage nicht ausführen.", EN: "Internal error: the scorer could not carry out the request."}
}

// writeError answers an API request with the error's status and JSON, a
// page request with the error page.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	status := scorer.Status(err)
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		err, status = tooLarge(), http.StatusRequestEntityTooLarge
	}
	switch {
	case r.Context().Err() != nil:
		return // the phone is gone: no one to answer, nothing to report
	case status == http.StatusInternalServerError:
		log.Printf("scorer: %s %s: %v", r.Method, r.URL.Path, err)
	case status == http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", "2")
	}
	if e, ok := scorer.AsError(err); ok && e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	if !strings.HasPrefix(r.URL.Path, "/api/") {
		if r.Header.Get("HX-Request") == "true" {
			// A tap on the board that cannot be answered with a board (the
			// database unreachable): the reason alone, which app.js shows
			// on the board the phone still has.
			body := errorBody(err)
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(status)
			io.WriteString(w, i18n.T(body.DE, body.EN).In(lang(r)))
			return
		}
		renderErrorPage(w, r, status, err)
		return
	}
	body := map[string]any{"error": errorBody(err)}
	var e *scorer.Error
	if errors.As(err, &e) && e.Current != nil {
		body["version"], body["state"], body["next"] = e.Current.Version, e.Current.State, e.Current.Next
	}
	writeJSON(w, status, body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true)
	enc.Encode(v)
}

// clientAddr is the request's remote address without its port: the
// address the PIN limit counts.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
