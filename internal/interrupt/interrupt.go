// Package interrupt makes Ctrl-C safe: a command that writes files registers
// how to undo its unfinished work, and marks the few steps that must not be
// cut in half (renaming a staged kit into place) as critical.
//
// When SIGINT, SIGTERM or SIGHUP arrives, Watch waits for a running
// critical section to finish, runs the registered cleanups (the latest
// first) and ends the process with 128+signal, as shells expect. Without
// Watch (in tests, or as a library) nothing changes: Critical just runs its
// function and cleanups are only run by their owners.
package interrupt

import (
	"maps"
	"os"
	"os/signal"
	"slices"
	"sync"
	"syscall"
)

var (
	// critical is held while a critical section runs; the signal handler
	// takes it before it cleans up, so it waits for the section to end.
	critical sync.RWMutex

	mu       sync.Mutex
	cleanups = map[int]func(){}
	nextID   int
	watching bool
)

// Critical runs f with interrupts held back: a signal that arrives during f
// takes effect when f has returned. Critical sections may run concurrently.
func Critical(f func()) {
	critical.RLock()
	defer critical.RUnlock()
	f()
}

// OnInterrupt registers cleanup to run if the process is interrupted. The
// returned function unregisters it; call it when the work is done (or has
// been cleaned up normally).
func OnInterrupt(cleanup func()) (unregister func()) {
	mu.Lock()
	defer mu.Unlock()
	id := nextID
	nextID++
	cleanups[id] = cleanup
	return func() {
		mu.Lock()
		defer mu.Unlock()
		delete(cleanups, id)
	}
}

// Watch starts handling SIGINT, SIGTERM and SIGHUP for the whole process;
// the commands that write files call it (a second call does nothing). A
// long-running server that shuts down on its own signal handling must not.
func Watch() {
	mu.Lock()
	if watching {
		mu.Unlock()
		return
	}
	watching = true
	mu.Unlock()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		sig := <-sigs
		os.Exit(cleanup(sig))
	}()
}

// cleanup waits for running critical sections, runs every registered
// cleanup (the latest first) and returns the exit code for sig. It never
// releases the critical lock: the process ends right after.
func cleanup(sig os.Signal) int {
	critical.Lock()
	mu.Lock()
	ids := slices.Sorted(maps.Keys(cleanups))
	slices.Reverse(ids)
	fs := make([]func(), 0, len(ids))
	for _, id := range ids {
		fs = append(fs, cleanups[id])
	}
	clear(cleanups)
	mu.Unlock()
	for _, f := range fs {
		f()
	}
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}
