package web

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// The vendored files are exactly the built files of the npm packages the
// README names (sha256 of the files in the packages' tarballs).
func TestVendoredFiles(t *testing.T) {
	for file, want := range map[string]string{
		"static/htmx.min.js":      "d6fdc75f204e6bdefa99b69bf1e6d4ac69b8a364f77929f45c13476b4000f717", // htmx.org 2.0.11
		"static/sse.min.js":       "98a46496de0c3605fbffdce9167ba427bdd9553184f83f149c261891a92c0136", // htmx-ext-sse 2.2.4
		"static/jsQR.js":          "bc40c8a15196236b2314db0856f72ca0b49980cd5413b8c852a7349f5fee0859", // jsqr 1.4.0
		"static/idiomorph.min.js": "4cbd535caf7663a51eda9bce6595371c384fc430d54b8d414e29a61167f19f96", // idiomorph 0.8.0
	} {
		b, err := staticFS.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("%s: sha256 %s, want %s", file, got, want)
		}
	}
}
