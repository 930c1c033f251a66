package web

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	// At most StreamsPerToken streams per session: a new one closes the
	// oldest (a phone that reloaded, or a flood of streams).
	ctx, done := s.streams.openStream(r.Context(), streamKey(r, id))
	defer done()
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
		case <-ctx.Done():
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

// StreamsPerToken is how many event streams one session may hold open at
// once: a phone and a wall screen on the table's login, a reload or two.
const StreamsPerToken = 4

// streams are the open event streams per session, oldest first.
type streams struct {
	mu   sync.Mutex
	open map[string][]*openStream
}

type openStream struct{ cancel context.CancelFunc }

// openStream registers a new stream under key and closes the oldest beyond
// StreamsPerToken; done unregisters it.
func (st *streams) openStream(parent context.Context, key string) (context.Context, func()) {
	ctx, cancel := context.WithCancel(parent)
	me := &openStream{cancel: cancel}
	st.mu.Lock()
	if st.open == nil {
		st.open = map[string][]*openStream{}
	}
	list := append(st.open[key], me)
	for len(list) > StreamsPerToken {
		list[0].cancel()
		list = list[1:]
	}
	st.open[key] = list
	st.mu.Unlock()
	return ctx, func() {
		cancel()
		st.mu.Lock()
		defer st.mu.Unlock()
		list := slices.DeleteFunc(st.open[key], func(o *openStream) bool { return o == me })
		if len(list) == 0 {
			delete(st.open, key)
		} else {
			st.open[key] = list
		}
	}
}

// streamKey names the session(s) a stream request carries.
func streamKey(r *http.Request, tableID string) string {
	h := sha256.Sum256([]byte(strings.Join(tokens(r, tableID), "\x00")))
	return string(h[:])
}
