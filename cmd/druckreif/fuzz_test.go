package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReplayLog: no recorded game may panic the reader; a failure names a
// line of the file, and what is read is in line order.
func FuzzReplayLog(f *testing.F) {
	example, _ := os.ReadFile(filepath.Join("..", "..", "docs", "examples", "genial.jsonl"))
	f.Add(example)
	f.Add([]byte("\xEF\xBB\xBF{\"game\":\"genial\"}\n# Kommentar\n\n{\"type\":\"ask\"}\r\n"))
	f.Add([]byte("{\"game\":\"x\"}\n{\"no\":1}\n"))
	f.Add([]byte("\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		log, lines, err := parseLog(data)
		total := bytes.Count(data, []byte("\n")) + 1
		if err != nil {
			var le *lineError
			if !errors.As(err, &le) || le.line < 1 || le.line > total {
				t.Fatalf("error %v (lines %d)", err, total)
			}
			return
		}
		if log.Setup == nil || len(lines) != len(log.Actions)+1 {
			t.Fatalf("setup %q, %d lines for %d actions", log.Setup, len(lines), len(log.Actions))
		}
		for i := 1; i < len(lines); i++ {
			if lines[i] <= lines[i-1] || lines[i] > total {
				t.Fatalf("lines %v", lines)
			}
		}
	})
}
