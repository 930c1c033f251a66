// Package cache keeps what a build drew, so that the next build with the
// same inputs reuses it instead of drawing it again.
//
// An entry is addressed by a Key: the SHA-256 of everything that changes
// its look (content, style, paper, options, the program itself), so an
// entry never needs invalidating — a changed input is another key. The
// cache is a folder of files, one per entry, written to a temporary file
// and renamed into place: a reader sees a whole entry or none, and any
// number of processes may read and write one folder at once (two builds
// that draw the same entry both write it, and the second rename replaces
// the first with the same bytes). Every entry carries the SHA-256 of its
// payload; an entry that does not match it (a torn write, a bad disk, an
// edit) is removed and reported as missing, so the caller draws it again
// and a damaged entry is never printed.
//
// The folder is bounded: Trim removes the entries used longest ago (each
// hit sets the entry's modification time) until the folder holds at most
// its bound.
package cache

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultMaxBytes bounds a cache folder unless its user chooses another
// bound: the default kit's files take about 12 MB, so this holds some
// twenty kits of different papers, layouts and decks.
const DefaultMaxBytes = 256 << 20

// Key addresses one entry: the SHA-256 of its inputs (see Hasher).
type Key [sha256.Size]byte

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Cache is one cache folder.
type Cache struct {
	dir string
	max int64

	hits, misses, damaged atomic.Int64

	programOnce sync.Once
	program     string
}

// DefaultDir is the build cache in the user's cache folder:
// os.UserCacheDir()/druckreif/build (on Linux ~/.cache/druckreif/build).
func DefaultDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "druckreif", "build"), nil
}

// Open opens (and creates) the cache folder dir, bounded to maxBytes
// (0: DefaultMaxBytes).
func Open(dir string, maxBytes int64) (*Cache, error) {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &Cache{dir: dir, max: maxBytes}, nil
}

// Dir is the cache's folder.
func (c *Cache) Dir() string { return c.dir }

// Stats counts what the cache was asked since it was opened.
type Stats struct {
	Hits, Misses int64
	// Damaged entries were found, removed and counted as misses.
	Damaged int64
}

// Stats says how many lookups hit, missed and found a damaged entry.
func (c *Cache) Stats() Stats {
	return Stats{Hits: c.hits.Load(), Misses: c.misses.Load(), Damaged: c.damaged.Load()}
}

// An entry's file: magic, payload length (8 bytes, big endian), the
// payload's SHA-256, the payload.
const magic = "druckreif-cache-1\n"

const headerLen = len(magic) + 8 + sha256.Size

func (c *Cache) path(k Key) string {
	s := k.String()
	return filepath.Join(c.dir, s[:2], s[2:])
}

// Get returns the entry of k, or false when there is none or it is
// damaged (then it is removed).
func (c *Cache) Get(k Key) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	name := c.path(k)
	data, err := os.ReadFile(name)
	if err != nil {
		c.misses.Add(1)
		return nil, false
	}
	payload, ok := decode(data)
	if !ok {
		c.damaged.Add(1)
		c.misses.Add(1)
		os.Remove(name)
		return nil, false
	}
	c.hits.Add(1)
	now := time.Now()
	os.Chtimes(name, now, now) // the entry's last use, for Trim
	return payload, true
}

func decode(data []byte) ([]byte, bool) {
	if len(data) < headerLen || !bytes.HasPrefix(data, []byte(magic)) {
		return nil, false
	}
	n := binary.BigEndian.Uint64(data[len(magic):])
	payload := data[headerLen:]
	if uint64(len(payload)) != n {
		return nil, false
	}
	sum := sha256.Sum256(payload)
	if !bytes.Equal(sum[:], data[len(magic)+8:headerLen]) {
		return nil, false
	}
	return payload, true
}

// Put stores the concatenation of parts as the entry of k (in parts, so
// that a caller need not copy its files into one buffer). An entry larger
// than a quarter of the bound is not stored (it would push out everything
// else).
func (c *Cache) Put(k Key, parts ...[]byte) error {
	if c == nil {
		return nil
	}
	var size int
	h := sha256.New()
	for _, p := range parts {
		size += len(p)
		h.Write(p)
	}
	if int64(size) > c.max/4 {
		return nil
	}
	name := c.path(k)
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".neu-*")
	if err != nil {
		return err
	}
	var head [headerLen]byte
	copy(head[:], magic)
	binary.BigEndian.PutUint64(head[len(magic):], uint64(size))
	h.Sum(head[len(magic)+8 : len(magic)+8])
	// Buffered: an entry may come in many small parts (the kept faces of a
	// card file, a part each), and a write each would cost a system call.
	w := bufio.NewWriterSize(tmp, 256<<10)
	_, err = w.Write(head[:])
	for _, p := range parts {
		if err == nil {
			_, err = w.Write(p)
		}
	}
	if err == nil {
		err = w.Flush()
	}
	// No fsync: an entry cut short by a crash fails its checksum and is
	// drawn again, so a cache need not pay for durability.
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// Trim removes the entries used longest ago until the folder holds at
// most its bound, and temporary files of writers that died over an hour
// ago. It is safe beside other processes using the folder: an entry
// removed under a reader is a miss, drawn again.
func (c *Cache) Trim() error {
	if c == nil {
		return nil
	}
	type file struct {
		name string
		size int64
		used time.Time
	}
	var files []file
	var total int64
	err := filepath.WalkDir(c.dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // removed by another process meanwhile
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".neu-") {
			if time.Since(info.ModTime()) > time.Hour {
				os.Remove(name)
			}
			return nil
		}
		files = append(files, file{name, info.Size(), info.ModTime()})
		total += info.Size()
		return nil
	})
	if err != nil || total <= c.max {
		return err
	}
	sort.Slice(files, func(i, j int) bool { return files[i].used.Before(files[j].used) })
	for _, f := range files {
		if total <= c.max {
			break
		}
		if err := os.Remove(f.name); err == nil || errors.Is(err, fs.ErrNotExist) {
			total -= f.size
		}
	}
	return nil
}

// Size is the bytes the folder's entries take.
func (c *Cache) Size() int64 {
	var total int64
	filepath.WalkDir(c.dir, func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				total += info.Size()
			}
		}
		return nil
	})
	return total
}

// Hasher makes a Key from a sequence of inputs. Each input is written
// with its length, so ("ab", "c") and ("a", "bc") are different keys.
type Hasher struct {
	h hash.Hash
}

// NewHasher starts a key.
func NewHasher() *Hasher { return &Hasher{h: sha256.New()} }

// String adds a text input.
func (h *Hasher) String(s string) *Hasher {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(s)))
	h.h.Write(n[:])
	io.WriteString(h.h, s)
	return h
}

// Bytes adds an input.
func (h *Hasher) Bytes(b []byte) *Hasher {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(b)))
	h.h.Write(n[:])
	h.h.Write(b)
	return h
}

// Key is the key of the inputs added so far.
func (h *Hasher) Key() Key {
	var k Key
	h.h.Sum(k[:0])
	return k
}
