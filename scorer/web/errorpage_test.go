package web

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The error page, parsed when it is first shown (not at start), shows the
// reason in the reader's language.
func TestErrorPageIsParsedWhenFirstShown(t *testing.T) {
	for lang, want := range map[string]string{"de": "Das ging nicht", "en": "That did not work"} {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", "/kaputt", nil)
		r.Header.Set("Accept-Language", lang)
		renderErrorPage(w, r, http.StatusNotFound, errors.New("boom"))
		body := w.Body.String()
		if w.Code != http.StatusNotFound || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
			t.Errorf("%s: status %d, type %q", lang, w.Code, w.Header().Get("Content-Type"))
		}
		if !strings.Contains(body, want) || !strings.Contains(body, "</html>") {
			t.Errorf("%s: page lacks %q or its end:\n%.300s", lang, want, body)
		}
	}
}
