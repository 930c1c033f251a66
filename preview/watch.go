package preview

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"druckreif/decks"
	"druckreif/decks/remote"
)

// Debounce is how long the watcher waits after a save for the next one
// before rebuilding: an editor's save is a burst of writes, a rename, a
// change of mode. MaxWait bounds it when saves never pause.
const (
	Debounce = 20 * time.Millisecond
	MaxWait  = 200 * time.Millisecond
)

// styles is the dirty set's key for a change of style files: the decks
// stay, the cards are laid out again.
const styles = "\x00styles"

// Watch rebuilds the preview after every save of its deck files and style
// files until ctx ends, and polls its decks from the web every poll. Saves
// are coalesced: at most one rebuild runs, and one that starts takes
// every save seen so far, so work never piles up and the latest state
// wins. It returns when ctx ends, or at once when the files cannot be
// watched.
func (p *Preview) Watch(ctx context.Context, poll time.Duration) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	targets := p.targets()
	watched := map[string]bool{}
	addAll := func() {
		for _, t := range targets {
			for _, dir := range t.dirs() {
				if watched[dir] {
					continue
				}
				if err := w.Add(dir); err == nil {
					watched[dir] = true
				}
			}
		}
	}
	addAll()

	q := newQueue()
	go q.run(ctx, func(dirty map[string]bool, noticed time.Time) { p.Rebuild(dirty, noticed) })
	if poll > 0 {
		for _, spec := range p.opts.Decks {
			if decks.IsURL(spec) {
				go p.pollWeb(ctx, spec, poll, q)
			}
		}
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			now := time.Now()
			if ev.Op&(fsnotify.Remove|fsnotify.Rename) != 0 && watched[filepath.Clean(ev.Name)] {
				// A watched folder went away (or was renamed over): watch
				// it again once it is back.
				delete(watched, filepath.Clean(ev.Name))
			}
			if ev.Op&fsnotify.Create != 0 {
				addAll()
			}
			if ev.Op == fsnotify.Chmod {
				continue
			}
			for _, t := range targets {
				if t.concerns(ev.Name) {
					q.add(t.spec, now)
				}
			}
		case <-w.Errors:
			// An overflowing event queue loses saves: rebuild everything.
			q.add("", time.Now())
		case <-time.After(2 * time.Second):
			addAll() // folders that came back without an event seen
		}
	}
}

// target is what a deck or the style folder is on disk.
type target struct {
	spec string // the deck as given, or styles
	path string // absolute
	dir  bool   // a folder of .csv files (or style files)
	ext  string // in a folder: the files' ending
}

func (p *Preview) targets() []target {
	var out []target
	for _, spec := range p.opts.Decks {
		if decks.IsURL(spec) {
			continue
		}
		abs, err := filepath.Abs(spec)
		if err != nil {
			continue
		}
		st, err := os.Stat(abs)
		out = append(out, target{spec: spec, path: abs, dir: err == nil && st.IsDir(), ext: ".csv"})
	}
	if p.opts.Templates != "" {
		if abs, err := filepath.Abs(p.opts.Templates); err == nil {
			out = append(out, target{spec: styles, path: abs, dir: true, ext: ".json"})
		}
	}
	return out
}

// dirs are the folders to watch: a file's folder (editors replace the
// file by renaming a new one over it, which a watch on the file itself
// loses), and a folder together with its parent (to see it come back).
func (t target) dirs() []string {
	if t.dir {
		return []string{t.path, filepath.Dir(t.path)}
	}
	return []string{filepath.Dir(t.path)}
}

func (t target) concerns(name string) bool {
	name, _ = filepath.Abs(name)
	if name == t.path {
		return true
	}
	return t.dir && filepath.Dir(name) == t.path && strings.EqualFold(filepath.Ext(name), t.ext)
}

// queue collects what changed until the debounce has passed and hands
// it, all at once, to one rebuild at a time.
type queue struct {
	mu      sync.Mutex
	dirty   map[string]bool
	all     bool
	noticed time.Time // the first save not yet rebuilt
	last    time.Time // the latest
	kick    chan struct{}
}

func newQueue() *queue { return &queue{dirty: map[string]bool{}, kick: make(chan struct{}, 1)} }

// add notes a save of spec ("" for everything).
func (q *queue) add(spec string, at time.Time) {
	q.mu.Lock()
	if q.noticed.IsZero() {
		q.noticed = at
	}
	q.last = at
	if spec == "" {
		q.all = true
	} else {
		q.dirty[spec] = true
	}
	q.mu.Unlock()
	select {
	case q.kick <- struct{}{}:
	default:
	}
}

// take waits out the debounce and returns what changed, or ok=false when
// nothing is waiting.
func (q *queue) take(ctx context.Context) (dirty map[string]bool, noticed time.Time, ok bool) {
	for {
		q.mu.Lock()
		if q.noticed.IsZero() {
			q.mu.Unlock()
			return nil, time.Time{}, false
		}
		wait := Debounce - time.Since(q.last)
		if limit := MaxWait - time.Since(q.noticed); limit < wait {
			wait = limit
		}
		if wait <= 0 {
			dirty, noticed = q.dirty, q.noticed
			if q.all {
				dirty = nil
			}
			q.dirty, q.all, q.noticed = map[string]bool{}, false, time.Time{}
			q.mu.Unlock()
			return dirty, noticed, true
		}
		q.mu.Unlock()
		select {
		case <-ctx.Done():
			return nil, time.Time{}, false
		case <-time.After(wait):
		}
	}
}

func (q *queue) run(ctx context.Context, rebuild func(map[string]bool, time.Time)) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-q.kick:
		}
		for {
			dirty, noticed, ok := q.take(ctx)
			if !ok {
				break
			}
			if dirty != nil && dirty[styles] {
				delete(dirty, styles) // the decks stay, the layout is redone
			}
			rebuild(dirty, noticed)
		}
	}
}

// pollWeb fetches a deck from the web again every poll, conditionally, and
// queues a rebuild when its content changed.
func (p *Preview) pollWeb(ctx context.Context, spec string, poll time.Duration, q *queue) {
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		p.buildMu.Lock()
		prev := p.web[spec]
		p.buildMu.Unlock()
		d, changed := remote.Refresh(ctx, p.opts.Fetcher, spec, prev)
		if !changed {
			continue
		}
		noticed := time.Now()
		p.buildMu.Lock()
		p.web[spec] = d
		p.buildMu.Unlock()
		q.add(spec, noticed)
	}
}
