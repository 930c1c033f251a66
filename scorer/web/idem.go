package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"

	"druckreif/i18n"
	"druckreif/scorer"
)

// Idempotency-Key (draft-ietf-httpapi-idempotency-key-header): an action
// or undo sent again with the key of one already answered — a double tap,
// a retry after a dropped connection — gets the original answer and
// changes nothing. The answer is kept beside the table's record (a scratch
// value), under the key and the sender's session together, so one phone
// can never read another's answer with a key it saw.

// maxIdemKey bounds a key: a UUID is 36 characters.
const maxIdemKey = 128

type keptAnswer struct {
	Status int    `json:"status"`
	Type   string `json:"type"`
	Body   []byte `json:"body"`
}

// recorder keeps an answer in memory to store it before sending it.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (rc *recorder) Header() http.Header         { return rc.header }
func (rc *recorder) Write(b []byte) (int, error) { return rc.body.Write(b) }
func (rc *recorder) WriteHeader(status int) {
	if rc.status == 0 {
		rc.status = status
	}
}

// idempotent runs h once per Idempotency-Key of the request's sender at
// the table; without a key it just runs h.
func (s *Server) idempotent(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
		if key == "" {
			return h(w, r)
		}
		if len(key) > maxIdemKey || strings.ContainsFunc(key, func(c rune) bool { return c < '!' || c > '~' }) {
			return &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-idempotency-key", Field: "Idempotency-Key", Msg: i18n.Sprintf("Der Idempotency-Key ist höchstens %d druckbare Zeichen lang.", "The Idempotency-Key is at most %d printable characters.", maxIdemKey)}
		}
		id := r.PathValue("id")
		sum := sha256.Sum256([]byte(strings.Join(tokens(r, id), "\x00") + "\x00" + r.URL.Path + "\x00" + key))
		scratch := "idem/" + hex.EncodeToString(sum[:16])
		if raw, ok := s.svc.KeptAnswer(r.Context(), id, scratch); ok {
			var kept keptAnswer
			if json.Unmarshal(raw, &kept) == nil {
				replay(w, kept)
				return nil
			}
		}
		rc := &recorder{header: http.Header{}}
		if err := h(rc, r); err != nil {
			writeError(rc, r, err)
		}
		if rc.status == 0 {
			rc.status = http.StatusOK
		}
		kept := keptAnswer{Status: rc.status, Type: rc.header.Get("Content-Type"), Body: rc.body.Bytes()}
		if rc.status < 500 {
			// Another request with the same key came first: its answer is
			// the one (this one was refused as stale, or did nothing new).
			b, _ := json.Marshal(kept)
			if first, ok := s.svc.KeepAnswer(r.Context(), id, scratch, b); !ok {
				var k keptAnswer
				if json.Unmarshal(first, &k) == nil {
					kept = k
				}
			}
		}
		for k, v := range rc.header {
			w.Header()[k] = v
		}
		replay(w, kept)
		return nil
	}
}

func replay(w http.ResponseWriter, k keptAnswer) {
	if k.Type != "" {
		w.Header().Set("Content-Type", k.Type)
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(k.Status)
	w.Write(k.Body)
}
