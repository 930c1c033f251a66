//go:build unix

package kit

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the test process has used so far, on every
// core: on a shared machine it depends far less on the others' load than
// the wall time does.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
