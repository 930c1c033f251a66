package main

import (
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// build reuses the files of an earlier build with the same inputs from
// the user's cache and says how many; --no-cache draws everything and
// leaves the cache as it is.
func TestBuildCacheAndNoCache(t *testing.T) {
	cacheHome := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cacheHome)
	out := filepath.Join(t.TempDir(), "kit")
	reused := regexp.MustCompile(`Build-Cache: (\d+) Dateien wiederverwendet`)
	count := func(stdout string) int {
		m := reused.FindStringSubmatch(stdout)
		if m == nil {
			return -1
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	code, stdout, stderr := runCLI("build", "--game", "thegame", "--out", out)
	if code != 0 {
		t.Fatalf("build: %d %s", code, stderr)
	}
	if n := count(stdout); n != 0 {
		t.Fatalf("first build reused %d files:\n%s", n, stdout)
	}
	entries := func() int {
		n := 0
		filepath.WalkDir(filepath.Join(cacheHome, "druckreif", "build"), func(_ string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				n++
			}
			return nil
		})
		return n
	}
	filled := entries()
	if filled == 0 {
		t.Fatal("nothing in the cache after a build")
	}
	code, stdout, stderr = runCLI("build", "--game", "thegame", "--out", out)
	if code != 0 {
		t.Fatalf("build: %d %s", code, stderr)
	}
	// The Game's cards, rules, guide and the calibration sheet.
	if n := count(stdout); n < 4 {
		t.Errorf("second build reused %d files, want at least 4:\n%s", n, stdout)
	}
	code, stdout, stderr = runCLI("build", "--game", "thegame", "--no-cache", "--out", filepath.Join(t.TempDir(), "kit2"))
	if code != 0 {
		t.Fatalf("build --no-cache: %d %s", code, stderr)
	}
	if count(stdout) != -1 {
		t.Errorf("--no-cache build speaks of the cache:\n%s", stdout)
	}
	if n := entries(); n != filled {
		t.Errorf("--no-cache changed the cache: %d entries, were %d", n, filled)
	}
}
