package kit

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"druckreif/decks"
	"druckreif/kit/cache"
	"druckreif/layout"
)

// A build reuses whole files from the cache (Options.Cache): every job
// of Build — one game's cards, a board, a guide — is keyed by everything
// its files' look depends on, and a job whose key is in the cache is not
// run; its files come out of the cache as they were written. The key of
// a job is made of
//
//   - the program (its commit, or the hash of its executable: code, fonts,
//     built-in styles and decks are all inside it);
//   - the job's name (which function draws it);
//   - the build's options, all of them but the games chosen (which only
//     say which jobs run), as JSON, so a new option is part of the key
//     without anyone remembering to add it;
//   - the content of the style files of --templates;
//   - for the jobs that draw decks, the decks of their game (every card
//     with its deck's name, version and origin, as JSON): the card jobs
//     Every job that is given the decks is keyed by its game's decks
//     whole, not by the part of them it reads today (the Raab parts read
//     only the cards' numbers, the host cards more): a key narrower than
//     what the drawing reads would print stale files after a change of
//     the drawing code that nobody carried into the key.
//
// A job that draws no deck (the rules, boards, guides, chips) is
// therefore reused after any edit of a deck, and a game's cards are drawn
// again only when that game's decks changed.

// inputs says what a job draws from the decks, for its key.
type inputs int

const (
	noDecks   inputs = iota // the job draws no deck
	gameDecks               // the decks of the job's game (only those: Raab numbers its cards across its own decks)
)

// keyer makes the jobs' keys of one build.
type keyer struct {
	c    *cache.Cache
	set  *decks.Set
	base []byte // program, options and styles; nil: no caching

	mu    sync.Mutex
	decks map[decks.Game][]byte // fingerprints, made once per build
}

func newKeyer(c *cache.Cache, set *decks.Set, o Options) *keyer {
	k := &keyer{c: c, set: set, decks: map[decks.Game][]byte{}}
	k.base = lookBase(o)
	return k
}

// lookBase is the part of every key that the program, the options and
// the styles make; nil when the build is not cached.
func lookBase(o Options) []byte {
	if o.Cache == nil {
		return nil
	}
	program := o.Cache.Program()
	if program == "" {
		return nil
	}
	look := o
	look.Games = nil
	opts, err := json.Marshal(look)
	if err != nil {
		return nil
	}
	styles, ok := stylesFingerprint(o.Templates)
	if !ok {
		return nil
	}
	key := cache.NewHasher().String(program).Bytes(opts).Bytes(styles).Key()
	return key[:]
}

// key is the key of job j, and false when the job is not to be cached.
func (k *keyer) key(j job) (cache.Key, bool) {
	if k.base == nil || j.name == "" {
		return cache.Key{}, false
	}
	h := cache.NewHasher().Bytes(k.base).String(j.name).Bytes(j.listing)
	switch j.inputs {
	case gameDecks:
		fp, ok := k.deckFingerprint(j.game)
		if !ok {
			return cache.Key{}, false
		}
		h.Bytes(fp)
	}
	return h.Key(), true
}

// deckFingerprint is the decks of game g, as JSON.
func (k *keyer) deckFingerprint(g decks.Game) ([]byte, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if fp, ok := k.decks[g]; ok {
		return fp, fp != nil
	}
	data, err := json.Marshal(k.set.Game(g))
	if err != nil {
		data = nil
	}
	k.decks[g] = data
	return data, data != nil
}

// stylesFingerprint is the content of the style folder's files (none for
// the built-in styles, which are part of the program).
func stylesFingerprint(dir string) ([]byte, bool) {
	if dir == "" {
		return []byte("built-in"), true
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, false
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	h := cache.NewHasher()
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, false
		}
		h.String(e.Name()).Bytes(data)
	}
	key := h.Key()
	return key[:], true
}

// A cached job: its files' descriptions and warnings as JSON, then each
// file's bytes.
type cachedJob struct {
	Files    []File   `json:"files"` // Data left out
	Sizes    []int    `json:"sizes"`
	Warnings []string `json:"warnings"`
}

// encodeJob is a job's entry in parts: the header, then each file's bytes
// as they are (not copied into one buffer).
func encodeJob(files []File, warns []string) ([][]byte, error) {
	cj := cachedJob{Warnings: warns}
	for _, f := range files {
		d := f
		d.Data = nil
		cj.Files = append(cj.Files, d)
		cj.Sizes = append(cj.Sizes, len(f.Data))
	}
	head, err := json.Marshal(cj)
	if err != nil {
		return nil, err
	}
	parts := [][]byte{binary.BigEndian.AppendUint64(nil, uint64(len(head))), head}
	for _, f := range files {
		parts = append(parts, f.Data)
	}
	return parts, nil
}

func decodeJob(data []byte) ([]File, []string, bool) {
	if len(data) < 8 {
		return nil, nil, false
	}
	n := binary.BigEndian.Uint64(data)
	if n > uint64(len(data)-8) {
		return nil, nil, false
	}
	var cj cachedJob
	dec := json.NewDecoder(bytes.NewReader(data[8 : 8+n]))
	if dec.Decode(&cj) != nil || len(cj.Sizes) != len(cj.Files) {
		return nil, nil, false
	}
	rest := data[8+n:]
	for i, size := range cj.Sizes {
		if size < 0 || size > len(rest) {
			return nil, nil, false
		}
		cj.Files[i].Data = rest[:size:size]
		cj.Files[i].Cached = true
		rest = rest[size:]
	}
	if len(rest) != 0 {
		return nil, nil, false
	}
	return cj.Files, cj.Warnings, true
}

// runCached runs job j, or takes its files from the cache.
func (k *keyer) runCached(j job) ([]File, []string, error) {
	key, ok := k.key(j)
	if !ok {
		return j.run()
	}
	if data, hit := k.c.Get(key); hit {
		if files, warns, ok := decodeJob(data); ok {
			return files, warns, nil
		}
	}
	files, warns, err := j.run()
	if err != nil {
		return nil, nil, err
	}
	if parts, err := encodeJob(files, warns); err == nil {
		k.c.Put(key, parts...) // a cache that cannot be written only costs time
	}
	return files, warns, nil
}

// qrStore keeps a card file's QR codes in the build cache, as one entry
// keyed by the program and the file's payloads in order. A code holds a
// card's ID and its deck's version, which an edited text leaves as they
// are: after a one-card edit the edited file's codes come from the cache
// and only its drawing is done again.
type qrStore struct{ c *cache.Cache }

// qrStoreOf is the QR store of the build cache c (none without a cache).
func qrStoreOf(c *cache.Cache) layout.QRStore {
	if c == nil || c.Program() == "" {
		return nil
	}
	return qrStore{c}
}

func (s qrStore) key(payloads []string) cache.Key {
	h := cache.NewHasher().String(s.c.Program()).String("qr")
	for _, p := range payloads {
		h.String(p)
	}
	return h.Key()
}

// An entry is, for each payload in order: its length (4 bytes) and text,
// the code's size n (2 bytes) and its n × n modules, eight to a byte.
func (s qrStore) Load(payloads []string) map[string][][]bool {
	data, ok := s.c.Get(s.key(payloads))
	if !ok {
		return nil
	}
	out := map[string][][]bool{}
	for len(data) > 0 {
		if len(data) < 4 {
			return nil
		}
		n := int(binary.BigEndian.Uint32(data))
		if n > len(data)-4-2 {
			return nil
		}
		payload := string(data[4 : 4+n])
		data = data[4+n:]
		size := int(binary.BigEndian.Uint16(data))
		data = data[2:]
		bytesN := (size*size + 7) / 8
		if bytesN > len(data) {
			return nil
		}
		bm := make([][]bool, size)
		for r := range bm {
			bm[r] = make([]bool, size)
			for c := range bm[r] {
				i := r*size + c
				bm[r][c] = data[i/8]&(1<<(i%8)) != 0
			}
		}
		out[payload] = bm
		data = data[bytesN:]
	}
	return out
}

func (s qrStore) Store(payloads []string, codes map[string][][]bool) {
	var out []byte
	seen := map[string]bool{}
	for _, p := range payloads {
		bm, ok := codes[p]
		if seen[p] || !ok {
			continue
		}
		seen[p] = true
		out = binary.BigEndian.AppendUint32(out, uint32(len(p)))
		out = append(out, p...)
		size := len(bm)
		out = binary.BigEndian.AppendUint16(out, uint16(size))
		bits := make([]byte, (size*size+7)/8)
		for r, row := range bm {
			for c, dark := range row {
				if dark {
					i := r*size + c
					bits[i/8] |= 1 << (i % 8)
				}
			}
		}
		out = append(out, bits...)
	}
	s.c.Put(s.key(payloads), out)
}

// faceStore keeps the faces of one card file in the build cache (see
// layout.FaceStore), as one entry keyed by the program, the options, the
// styles and the file's path — not by its cards: after an edit the entry
// of the file's last build is found, and the faces whose keys it holds
// (their cards' content, layout.Face.Key) are written from it instead of
// being drawn. Each build of the file that draws a face replaces the
// entry.
type faceStore struct {
	c   *cache.Cache
	key cache.Key
}

// faceStoreOf is the face store of the file at path, none without a cache.
func faceStoreOf(o Options, path string) layout.FaceStore {
	base := lookBase(o)
	if base == nil {
		return nil
	}
	return faceStore{o.Cache, cache.NewHasher().Bytes(base).String("faces").String(path).Key()}
}

func (s faceStore) Load() []byte {
	data, ok := s.c.Get(s.key)
	if !ok {
		return nil
	}
	return data
}

func (s faceStore) Store(parts [][]byte) { s.c.Put(s.key, parts...) }
