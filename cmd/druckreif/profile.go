package main

import (
	"os"
	"runtime/pprof"
)

// startCPUProfile records a CPU profile into the file DRUCKREIF_CPUPROFILE
// names, if it names one, until the returned function is called: for
// measuring a whole command (build, serve) before optimising it.
func startCPUProfile() (stop func()) {
	path := os.Getenv("DRUCKREIF_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		return func() {}
	}
	if pprof.StartCPUProfile(f) != nil {
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
