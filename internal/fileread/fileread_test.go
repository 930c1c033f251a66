//go:build unix

package fileread

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"druckreif/i18n"
)

// Only regular files are read, and never more than the limit: a FIFO, a
// device or a folder is refused at once (reading a FIFO would block
// forever, /dev/zero never ends).
func TestOnlyRegularFilesWithinLimit(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "Karten.csv")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.csv")
	os.WriteFile(big, bytes.Repeat([]byte("x"), 101), 0o644)
	ok := filepath.Join(dir, "ok.csv")
	os.WriteFile(ok, []byte("a,b\n"), 0o644)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for path, want := range map[string]string{
			fifo:                    "ist eine Pipe (FIFO), keine gewöhnliche Datei",
			"/dev/zero":             "ist ein Gerät, keine gewöhnliche Datei",
			dir:                     "ist ein Ordner, keine Datei",
			big:                     "Datei zu groß (mehr als 100 Bytes)",
			filepath.Join(dir, "x"): "nicht gefunden",
			"":                      "leerer Dateiname",
		} {
			_, err := ReadPath(path, 100)
			var fe *Error
			if !errors.As(err, &fe) || fe.In(i18n.German) != want {
				t.Errorf("%s: %v, want %q", path, err, want)
			}
		}
		if data, err := ReadPath(ok, 100); err != nil || string(data) != "a,b\n" {
			t.Errorf("regular file: %q %v", data, err)
		}
		if _, err := Read(os.DirFS(dir), "Karten.csv", 100); err == nil || !strings.Contains(err.Error(), "FIFO") {
			t.Errorf("fs.FS fifo: %v", err)
		}
		if data, err := ReadInput("-", strings.NewReader("stdin"), 100); err != nil || string(data) != "stdin" {
			t.Errorf("stdin: %q %v", data, err)
		}
		if _, err := ReadInput("-", bytes.NewReader(make([]byte, 101)), 100); err == nil {
			t.Error("stdin beyond the limit was read")
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a read hangs (FIFO opened?)")
	}
}
