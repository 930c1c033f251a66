package remote

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"druckreif/decks/workbook"
)

// The cache holds one file per address, named by the SHA-256 of the
// address without its fragment: a line of JSON describing the copy, then
// the copy's bytes. It is written to a temporary file and renamed into
// place, so a reader sees the old copy or the new one, never half of one,
// whatever runs at the same time; a file whose bytes do not match their
// recorded length and digest is ignored, so a damaged entry is fetched
// again and never read as a deck.

// DefaultCacheDir is where decks from the web are kept:
// os.UserCacheDir()/druckreif/decks (on Linux ~/.cache/druckreif/decks).
func DefaultCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "druckreif", "decks"), nil
}

type cacheHeader struct {
	URL          string    `json:"url"`
	Kind         string    `json:"kind"`
	FileName     string    `json:"file_name,omitempty"`
	Fetched      time.Time `json:"fetched"`
	ETag         string    `json:"etag,omitempty"`
	LastModified string    `json:"last_modified,omitempty"`
	Size         int64     `json:"size"`
	SHA256       string    `json:"sha256"`
}

// maxHeader bounds the JSON line of a cache file.
const maxHeader = 64 << 10

func cacheKey(u *url.URL) string {
	sum := sha256.Sum256([]byte(withoutFragment(u)))
	return hex.EncodeToString(sum[:16])
}

func (f *Fetcher) cachePath(key string) string {
	return filepath.Join(f.CacheDir, key+".copy")
}

// readCache returns the cached copy for key, nil when there is none or it
// is damaged.
func (f *Fetcher) readCache(key string, lim Limits) *Copy {
	if f.CacheDir == "" {
		return nil
	}
	file, err := os.Open(f.cachePath(key))
	if err != nil {
		return nil
	}
	defer file.Close()
	r := bufio.NewReader(io.LimitReader(file, maxHeader+lim.Bytes+1))
	line, err := r.ReadSlice('\n')
	if err != nil {
		return nil
	}
	var h cacheHeader
	if json.Unmarshal(line, &h) != nil || h.Size < 0 || h.Size > lim.Bytes {
		return nil
	}
	data, err := io.ReadAll(r)
	if err != nil || int64(len(data)) != h.Size {
		return nil
	}
	sum := sha256.Sum256(data)
	if hex.EncodeToString(sum[:]) != h.SHA256 {
		return nil
	}
	kind := workbook.KindOf("x" + h.Kind)
	if kind == workbook.Unknown {
		return nil
	}
	return &Copy{URL: h.URL, Data: data, Kind: kind, FileName: h.FileName, Fetched: h.Fetched,
		ETag: h.ETag, LastModified: h.LastModified, Digest: h.SHA256}
}

// writeCache keeps c as the copy for key. Failing to keep it is not an
// error of the fetch: the next one downloads again.
func (f *Fetcher) writeCache(key string, c *Copy) {
	if f.CacheDir == "" {
		return
	}
	_ = f.writeCacheFile(key, c)
}

func (f *Fetcher) writeCacheFile(key string, c *Copy) error {
	// The folder is private: export links often carry a secret token.
	if err := os.MkdirAll(f.CacheDir, 0o700); err != nil {
		return err
	}
	u, err := url.Parse(c.URL)
	if err != nil {
		return err
	}
	head, err := json.Marshal(cacheHeader{URL: withoutFragment(u), Kind: c.Kind.String(), FileName: c.FileName, Fetched: c.Fetched.UTC(),
		ETag: c.ETag, LastModified: c.LastModified, Size: int64(len(c.Data)), SHA256: c.Digest})
	if err != nil {
		return err
	}
	if bytes.IndexByte(head, '\n') >= 0 || len(head) > maxHeader {
		return errors.New("cache header")
	}
	tmp, err := os.CreateTemp(f.CacheDir, "."+key+".tmp*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(append(head, '\n'))
	if err == nil {
		_, err = tmp.Write(c.Data)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), f.cachePath(key))
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
