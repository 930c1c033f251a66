//go:build unix

package interrupt

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// The child process: a critical section that is interrupted half way.
func TestMain(m *testing.M) {
	if log := os.Getenv("INTERRUPT_TEST_LOG"); log != "" {
		child(log)
		return
	}
	os.Exit(m.Run())
}

func child(log string) {
	f, _ := os.OpenFile(log, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	say := func(s string) { f.WriteString(s + "\n"); f.Sync() }
	Watch()
	OnInterrupt(func() { say("first cleanup") })
	OnInterrupt(func() { say("second cleanup") })
	gone := OnInterrupt(func() { say("unregistered cleanup") })
	gone()
	Critical(func() {
		say("critical start")
		syscall.Kill(os.Getpid(), syscall.SIGINT)
		time.Sleep(300 * time.Millisecond)
		say("critical end")
	})
	time.Sleep(5 * time.Second)
	say("after critical")
	os.Exit(0)
}

// A signal during a critical section takes effect when the section ends;
// then the cleanups run, the latest first, and the process exits with 130.
func TestSignalWaitsForCriticalSection(t *testing.T) {
	log := filepath.Join(t.TempDir(), "log")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "INTERRUPT_TEST_LOG="+log)
	err := cmd.Run()
	code := cmd.ProcessState.ExitCode()
	if code != 128+int(syscall.SIGINT) {
		t.Fatalf("exit %d (%v), want 130", code, err)
	}
	got, _ := os.ReadFile(log)
	want := "critical start\ncritical end\nsecond cleanup\nfirst cleanup\n"
	if string(got) != want {
		t.Fatalf("log:\n%s\nwant:\n%s", got, want)
	}
}

// Without Watch, Critical only runs its function.
func TestCriticalWithoutWatch(t *testing.T) {
	ran := false
	Critical(func() { ran = true })
	if !ran {
		t.Fatal("not run")
	}
}
