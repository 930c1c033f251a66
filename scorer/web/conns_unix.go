//go:build unix

package web

import "syscall"

// fileLimit is how many files the process may open (Go raises the soft
// limit to the hard one at start).
func fileLimit() int {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur > 1<<30 {
		return ConnsTotal * 2
	}
	return int(rl.Cur)
}
