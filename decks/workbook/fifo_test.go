//go:build unix

package workbook

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO named like a sheet is refused when it is needed and ignored when
// it is not; reading never blocks.
func TestFIFOSheetIsRefusedNotRead(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "Deck.csv"), []byte("Spiel,genial\n"), 0o644)
	if err := syscall.Mkfifo(filepath.Join(dir, "Karten.csv"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		wb, err := Open(os.DirFS(filepath.Dir(dir)), "d", "d", DefaultLimits)
		if err != nil {
			done <- err
			return
		}
		deck, _ := wb.Find("Deck")
		if err := wb.Load(deck); err != nil {
			done <- err
			return
		}
		karten, _ := wb.Find("Karten")
		done <- wb.Load(karten)
	}()
	select {
	case err := <-done:
		if err == nil || err.Error() != "d/Karten.csv: ist eine Pipe (FIFO), keine gewöhnliche Datei" {
			t.Fatalf("got %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reading a FIFO blocks")
	}
	if _, err := Open(os.DirFS("/dev"), "zero", "/dev/zero", DefaultLimits); err == nil || !strings.Contains(err.Error(), "unbekanntes Format") {
		t.Errorf("/dev/zero: %v", err)
	}
}
