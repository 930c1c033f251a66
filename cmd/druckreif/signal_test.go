//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C at any moment of a build leaves either the previous kit or the
// new one, complete, and nothing of the interrupted build: no staged files,
// no journal, no temporary files.
func TestInterruptedBuildLeavesAWholeKit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds several kits")
	}
	deck := filepath.Join(t.TempDir(), "gross")
	os.MkdirAll(deck, 0o755)
	os.WriteFile(filepath.Join(deck, "Deck.csv"), []byte("Spiel,genial\nName,Gross\nKennung,GROSS\nVersion,1\n"), 0o644)
	var b strings.Builder
	b.WriteString("Nr,Frage,a,b,c,Richtig\n")
	for i := 1; i <= 600; i++ {
		fmt.Fprintf(&b, "%d,Wie heißt die Frage Nummer %d?,eins,zwei,drei,a\n", i, i)
	}
	os.WriteFile(filepath.Join(deck, "Fragen.csv"), []byte(b.String()), 0o644)
	out := t.TempDir()
	args := []string{"build", "--no-default-decks", "--deck", deck, "--game", "genial", "--out", out}
	interruptAtEveryStep(t, args, append(args, "--low-ink"), out, "karten-sparsam.pdf")
}

// The same for an export: Ctrl-C leaves the whole previous export or the
// whole new one (with a second game), and nothing of the interrupted one.
func TestInterruptedExportLeavesAWholeExport(t *testing.T) {
	if testing.Short() {
		t.Skip("exports several times")
	}
	out := t.TempDir()
	first := []string{"export", "pdfx1a", "--game", "thegame", "--out", out}
	next := []string{"export", "pdfx1a", "--game", "thegame,genial", "--out", out}
	interruptAtEveryStep(t, first, next, out, "genial/karten.pdf")
}

// interruptAtEveryStep runs first, then interrupts next while it renders,
// stages and commits: each time the folder holds a complete kit, the
// first's or next's (which writes newFile), as its manifest says.
func interruptAtEveryStep(t *testing.T, first, next []string, out, newFile string) {
	if code, _, errs := runCLI(first...); code != 0 {
		t.Fatal(errs)
	}
	for _, when := range []string{"rendering", "staging", "staging", "committing", "committing"} {
		before := snapshot(t, out)
		cmd := exec.Command(os.Args[0], "-test.run=^$") // TestMain runs the command
		cmd.Env = append(os.Environ(), "DRUCKREIF_TEST_RUN="+strings.Join(next, "\x1f"))
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(60 * time.Second)
		if when == "rendering" {
			time.Sleep(150 * time.Millisecond)
		} else {
			mark := ".druckreif-neu-*"
			if when == "committing" {
				mark = ".druckreif-kit.json.neu" // the journal: the moves begin
			}
			for time.Now().Before(deadline) {
				if m, _ := filepath.Glob(filepath.Join(out, mark)); len(m) > 0 {
					break
				}
				if cmd.ProcessState != nil {
					break
				}
				time.Sleep(200 * time.Microsecond)
			}
		}
		seen, _ := filepath.Glob(filepath.Join(out, ".druckreif-*"))
		cmd.Process.Signal(syscall.SIGINT)
		cmd.Wait()
		code := cmd.ProcessState.ExitCode()
		if status, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && status.Signaled() {
			code = 130 // the signal came before the command watched for it
		}
		switch code {
		case 130:
			// Either nothing changed, or the commit the signal waited for
			// is complete (checkKit below).
			if after := snapshot(t, out); after != before && !strings.Contains(after, newFile) {
				t.Errorf("%s: interrupted, and the kit changed without the new build's files", when)
			}
		case 0: // finished before the signal or committed during it
		default:
			t.Fatalf("%s: exit %d (%v) with %v: %s", when, code, cmd.ProcessState, seen, stderr.String())
		}
		checkKit(t, out)
		t.Logf("SIGINT while %s: exit %d", when, code)
	}
}
