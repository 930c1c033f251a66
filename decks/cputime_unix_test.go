//go:build unix

package decks

import "syscall"

// cpuSeconds is the processor time the test process has used, user and
// system: a measure that other processes on a shared machine disturb less
// than the wall clock.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9
}
