package main

import (
	"os"
	"runtime/pprof"
	"runtime/trace"
)

// startCPUProfile records a CPU profile into the file DRUCKREIF_CPUPROFILE
// names and an execution trace into the one DRUCKREIF_TRACE names, if they
// name one, until the returned function is called: for measuring a whole
// command (build, serve) before optimising it.
func startCPUProfile() (stop func()) {
	stopTrace := startTrace()
	stopProfile := startProfile()
	return func() { stopProfile(); stopTrace() }
}

// startTrace records an execution trace into the file DRUCKREIF_TRACE
// names, if it names one (go tool trace shows which jobs ran when, and
// where a core idled).
func startTrace() (stop func()) {
	path := os.Getenv("DRUCKREIF_TRACE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		return func() {}
	}
	if trace.Start(f) != nil {
		f.Close()
		return func() {}
	}
	return func() {
		trace.Stop()
		f.Close()
	}
}

func startProfile() (stop func()) {
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
