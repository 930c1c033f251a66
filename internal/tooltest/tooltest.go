// Package tooltest lets tests use system tools (pdftotext, pdftoppm,
// zbarimg, pdffonts, tesseract) to check real output. Without the tool a
// test skips — unless DRUCKREIF_REQUIRE_TOOLS=1 (as in CI), where a missing
// tool fails it, so CI can never pass by skipping.
package tooltest

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// Need skips or fails t unless every named command is on the PATH.
func Need(t testing.TB, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			if os.Getenv("DRUCKREIF_REQUIRE_TOOLS") == "1" {
				t.Fatalf("%s is required (DRUCKREIF_REQUIRE_TOOLS=1) but not installed", n)
			}
			t.Skipf("%s not installed", n)
		}
	}
}

// Run runs a command and returns its standard output, failing t on error.
func Run(t testing.TB, name string, args ...string) []byte {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("%s %v: %v %s", name, args, err, msg)
	}
	return out
}

// ReadPAM reads a PAM image as Ghostscript's pamcmyk32 device writes it
// (WIDTH, HEIGHT, four bytes a pixel: C, M, Y, K).
func ReadPAM(t testing.TB, data []byte) (w, h int, pix []byte) {
	t.Helper()
	end := bytes.Index(data, []byte("ENDHDR\n"))
	if end < 0 {
		t.Fatal("no PAM header")
	}
	for _, line := range strings.Split(string(data[:end]), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "WIDTH" {
			w, _ = strconv.Atoi(f[1])
		}
		if len(f) == 2 && f[0] == "HEIGHT" {
			h, _ = strconv.Atoi(f[1])
		}
	}
	if len(data) < end+7+4*w*h {
		t.Fatalf("PAM of %d × %d too short", w, h)
	}
	return w, h, data[end+7 : end+7+4*w*h]
}
