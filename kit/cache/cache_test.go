package cache

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func key(s string) Key { return NewHasher().String(s).Key() }

func TestPutGetRoundTrip(t *testing.T) {
	c, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(key("a")); ok {
		t.Fatal("empty cache hit")
	}
	want := []byte("%PDF-1.3 some bytes")
	if err := c.Put(key("a"), want); err != nil {
		t.Fatal(err)
	}
	got, ok := c.Get(key("a"))
	if !ok || !bytes.Equal(got, want) {
		t.Fatalf("Get = %q, %v; want %q", got, ok, want)
	}
	if _, ok := c.Get(key("b")); ok {
		t.Fatal("another key hit")
	}
	if s := c.Stats(); s.Hits != 1 || s.Misses != 2 || s.Damaged != 0 {
		t.Errorf("stats %+v, want 1 hit, 2 misses", s)
	}
}

func TestHasherSeparatesInputs(t *testing.T) {
	a := NewHasher().String("ab").String("c").Key()
	b := NewHasher().String("a").String("bc").Key()
	if a == b {
		t.Fatal(`("ab","c") and ("a","bc") have the same key`)
	}
}

// Every way an entry can be damaged is detected, the entry removed and
// reported missing: a damaged entry is drawn again, never used.
func TestDamagedEntryIsAMissAndRemoved(t *testing.T) {
	payload := bytes.Repeat([]byte("Karte "), 1000)
	damage := map[string]func([]byte) []byte{
		"flipped byte": func(b []byte) []byte { b[len(b)/2] ^= 0x20; return b },
		"truncated":    func(b []byte) []byte { return b[:len(b)-10] },
		"cut header":   func(b []byte) []byte { return b[:20] },
		"empty":        func(b []byte) []byte { return nil },
		"longer":       func(b []byte) []byte { return append(b, 'x') },
		"other magic":  func(b []byte) []byte { b[0] = 'X'; return b },
		"bad checksum": func(b []byte) []byte { b[len(magic)+8] ^= 1; return b },
	}
	for name, hurt := range damage {
		t.Run(name, func(t *testing.T) {
			c, _ := Open(t.TempDir(), 0)
			k := key(name)
			if err := c.Put(k, payload); err != nil {
				t.Fatal(err)
			}
			file := c.path(k)
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, hurt(data), 0o644); err != nil {
				t.Fatal(err)
			}
			if got, ok := c.Get(k); ok {
				t.Fatalf("damaged entry returned (%d bytes)", len(got))
			}
			if _, err := os.Stat(file); !os.IsNotExist(err) {
				t.Errorf("damaged entry not removed: %v", err)
			}
			if c.Stats().Damaged != 1 {
				t.Errorf("damaged count %d, want 1", c.Stats().Damaged)
			}
			c.Put(k, payload)
			if got, ok := c.Get(k); !ok || !bytes.Equal(got, payload) {
				t.Error("entry written again is not read back")
			}
		})
	}
}

// Trim keeps the folder within its bound and removes the entries used
// longest ago first.
func TestTrimKeepsTheBoundLeastRecentlyUsedFirst(t *testing.T) {
	const max = 64 << 10
	c, _ := Open(t.TempDir(), max)
	payload := bytes.Repeat([]byte{7}, 10<<10) // ten entries are over the bound
	base := time.Now().Add(-time.Hour)
	for i := 0; i < 10; i++ {
		k := key(fmt.Sprint(i))
		if err := c.Put(k, payload); err != nil {
			t.Fatal(err)
		}
		at := base.Add(time.Duration(i) * time.Minute)
		os.Chtimes(c.path(k), at, at)
	}
	c.Get(key("0")) // used now: the most recent
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	if size := c.Size(); size > max {
		t.Fatalf("%d bytes after Trim, bound %d", size, max)
	}
	if _, ok := c.Get(key("0")); !ok {
		t.Error("the entry used last was removed")
	}
	if _, ok := c.Get(key("1")); ok {
		t.Error("the entry used longest ago was kept")
	}
	if _, ok := c.Get(key("9")); !ok {
		t.Error("a recent entry was removed")
	}
}

func TestPutSkipsEntriesTooLargeForTheBound(t *testing.T) {
	c, _ := Open(t.TempDir(), 1000)
	c.Put(key("big"), make([]byte, 300))
	if _, ok := c.Get(key("big")); ok {
		t.Error("an entry over a quarter of the bound was stored")
	}
}

// Writers and readers of one folder at once (the builds of two processes
// share the user's cache): a reader sees a whole entry or none, never a
// part, and no temporary files stay.
func TestConcurrentWritersAndReaders(t *testing.T) {
	dir := t.TempDir()
	payloads := make([][]byte, 8)
	for i := range payloads {
		payloads[i] = bytes.Repeat([]byte{byte('a' + i)}, 200<<10)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for w := 0; w < 6; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			c, _ := Open(dir, 4<<20) // each writer its own handle, as a process would
			for round := 0; round < 20; round++ {
				i := (w + round) % len(payloads)
				k := key(fmt.Sprint(i))
				if got, ok := c.Get(k); ok && !bytes.Equal(got, payloads[i]) {
					errs <- fmt.Errorf("entry %d read with other bytes", i)
					return
				}
				if err := c.Put(k, payloads[i]); err != nil {
					errs <- err
					return
				}
				if round%5 == 0 {
					c.Trim()
				}
			}
			if c.Stats().Damaged != 0 {
				errs <- fmt.Errorf("writer %d saw %d damaged entries", w, c.Stats().Damaged)
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, "*", ".neu-*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

func TestProgramIsStableAndRemembered(t *testing.T) {
	c, _ := Open(t.TempDir(), 0)
	p := c.Program()
	if p == "" {
		t.Fatal("no program name")
	}
	c2, _ := Open(c.Dir(), 0)
	if p2 := c2.Program(); p2 != p {
		t.Errorf("program %q, then %q", p, p2)
	}
	SetProgramForTest("other")
	defer SetProgramForTest("")
	c3, _ := Open(c.Dir(), 0)
	if c3.Program() != "other" {
		t.Error("SetProgramForTest not honoured")
	}
}
