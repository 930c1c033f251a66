//go:build !unix

package web

// fileLimit: no such limit to read here.
func fileLimit() int { return ConnsTotal * 2 }
