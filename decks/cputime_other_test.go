//go:build !unix

package decks

func cpuSeconds() float64 { return 0 }
