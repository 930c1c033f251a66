package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"druckreif/scorer"
)

// maxResend bounds the events replayed to a phone that comes back after a
// long time: beyond it, the newest version says all there is to know.
const maxResend = 1000

// events is a table's live stream: one event per change, with the version
// as its id and {"version": N} as its data; a secret choice coming in is an
// event "secrets" with how many have chosen; a comment line every 15 s
// keeps the connection (and the Wi-Fi) awake. A phone resuming with
// Last-Event-ID gets every change it missed. Pages pass the version they
// show as ?v=, and get the newest version at once if it moved on.
func (s *Server) events(w http.ResponseWriter, r *http.Request) error {
	au, err := s.auth(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	// Subscribe before reading the version, so no change falls between.
	sub := s.svc.Notes().Subscribe(id)
	defer sub.Close()
	version, err := s.svc.Watch(r.Context(), au, id)
	if err != nil {
		return err
	}
	rc := http.NewResponseController(w)
	// The stream lives as long as the phone stays: no write deadline.
	rc.SetWriteDeadline(time.Time{})
	rc.SetReadDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: 2000\n\n")

	last := int64(-1)
	if v, err := strconv.ParseInt(r.Header.Get("Last-Event-ID"), 10, 64); err == nil && v >= 0 {
		from := max(v+1, version-maxResend+1)
		for n := from; n <= version; n++ {
			writeEvent(w, scorer.Note{Version: n})
		}
		last = version
	} else if v, err := strconv.ParseInt(r.URL.Query().Get("v"), 10, 64); err == nil && v < version {
		writeEvent(w, scorer.Note{Version: version})
		last = version
	}
	if err := rc.Flush(); err != nil {
		return nil
	}
	beat := time.NewTicker(s.Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return nil
		case n := <-sub.C:
			if n.Kind == "" && n.Version <= last {
				continue
			}
			if n.Kind == "" {
				last = n.Version
			}
			writeEvent(w, n)
		case <-beat.C:
			fmt.Fprintf(w, ": ping\n\n")
		}
		if err := rc.Flush(); err != nil {
			return nil
		}
	}
}

func writeEvent(w http.ResponseWriter, n scorer.Note) {
	data, _ := json.Marshal(n)
	if n.Kind != "" {
		fmt.Fprintf(w, "event: %s\n", n.Kind)
	}
	fmt.Fprintf(w, "id: %d\ndata: %s\n\n", n.Version, data)
}
