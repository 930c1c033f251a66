package preview

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"druckreif/decks"
	"druckreif/decks/remote"
	"druckreif/i18n"
	"druckreif/kit"
	"druckreif/layout"
	"druckreif/layout/raster"
)

// DefaultDPI is the resolution of the page's images.
const DefaultDPI = 150

// MaxDPI bounds a requested image: a 300-dpi face is about 1 MB of pixels.
const MaxDPI = 300

// Options choose what a preview shows.
type Options struct {
	Decks     []string     // paths or addresses; none: the default decks
	Games     []decks.Game // none: every game of the decks
	Regions   decks.RegionFilter
	Templates string // folder of the user's style files, "" for the built-in ones
	// NoCache redraws every card after every save instead of only those
	// whose look changed (to compare, or to rule the comparison out).
	NoCache bool
	// Fetcher reads decks from the web (nil: a Fetcher with the user's
	// cache folder).
	Fetcher *remote.Fetcher
}

// Event is what the page is told after a rebuild: the cards whose images
// were redrawn, the number of problems now and how long it took from
// noticing the save to the images being ready.
type Event struct {
	Cards    []string `json:"cards"`
	Problems int      `json:"problems"`
	MS       int64    `json:"ms"`
}

// Preview holds the decks' cards, their images and problems, and rebuilds
// them when told that decks or styles changed.
type Preview struct {
	opts     Options
	defaults []*decks.Deck // the default decks, read once

	buildMu sync.Mutex              // one rebuild at a time
	good    map[string]*decks.Deck  // per deck: the last copy read without errors
	loadP   map[string][]Problem    // per deck: the problems of its last reading
	web     map[string]*remote.Deck // per address: the last fetch
	fit     map[string][]Problem    // per card hash: texts that do not fit
	loaded  []*decks.Deck           // the decks the state was built from
	origins map[originKey]string    // deck rows → the card made of them

	mu     sync.Mutex // guards state, slow, images and subs
	state  *State
	fast   []Problem // the problems of the last rebuild
	slow   []Problem // duplicates and clashes, found after it
	images map[imageKey][]byte
	subs   map[chan Event]bool

	slowKick chan struct{}

	// running and maxRebuilds count rebuilds at once (tests: at most one).
	running, maxRebuilds atomic.Int32
	slowBusy             atomic.Bool
}

// settled reports whether no slow check is running or due (tests).
func (p *Preview) settled() bool { return !p.slowBusy.Load() && len(p.slowKick) == 0 }

type imageKey struct {
	id, hash string
	side     int
	dpi      int
}

// New reads the decks and makes the first state. Its images are drawn
// when first asked for.
func New(o Options) (*Preview, error) {
	if o.Fetcher == nil {
		o.Fetcher = &remote.Fetcher{}
		if dir, err := remote.DefaultCacheDir(); err == nil {
			o.Fetcher.CacheDir = dir
		}
	}
	p := &Preview{opts: o, good: map[string]*decks.Deck{}, loadP: map[string][]Problem{}, web: map[string]*remote.Deck{},
		fit: map[string][]Problem{}, images: map[imageKey][]byte{}, subs: map[chan Event]bool{}, slowKick: make(chan struct{}, 1)}
	p.defaults, _ = decks.LoadDefaults()
	for _, spec := range o.Decks {
		if decks.IsURL(spec) {
			d, _ := remote.Refresh(context.Background(), o.Fetcher, spec, nil)
			p.web[spec] = d
		}
	}
	if _, err := p.rebuild(nil, time.Now()); err != nil {
		return nil, err
	}
	p.runSlow()
	return p, nil
}

// State is the state the page shows now.
func (p *Preview) State() *State {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.state
}

// Subscribe returns a channel of events and a function that ends it.
func (p *Preview) Subscribe() (<-chan Event, func()) {
	ch := make(chan Event, 32)
	p.mu.Lock()
	p.subs[ch] = true
	p.mu.Unlock()
	return ch, func() {
		p.mu.Lock()
		delete(p.subs, ch)
		p.mu.Unlock()
	}
}

func (p *Preview) publish(e Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for ch := range p.subs {
		select {
		case ch <- e:
		default: // a page that stopped reading misses events, not the preview
		}
	}
}

// Rebuild reads the decks named in dirty again (all when nil; none when
// only styles changed), lays the cards out, redraws those whose look
// changed and tells the page. noticed is when the first of the saves
// was seen. It reports whether anything changed.
func (p *Preview) Rebuild(dirty map[string]bool, noticed time.Time) (bool, error) {
	ev, err := p.rebuild(dirty, noticed)
	if err != nil || ev == nil {
		return false, err
	}
	p.publish(*ev)
	select {
	case p.slowKick <- struct{}{}:
	default:
	}
	return true, nil
}

// rebuild makes and publishes a new state; the event is nil when nothing
// changed (or on the first build).
func (p *Preview) rebuild(dirty map[string]bool, noticed time.Time) (*Event, error) {
	p.buildMu.Lock()
	defer p.buildMu.Unlock()
	if n := p.running.Add(1); n > p.maxRebuilds.Load() {
		p.maxRebuilds.Store(n)
	}
	defer p.running.Add(-1)
	first := p.state == nil
	var loaded []*decks.Deck
	var stale []string
	var probs []Problem
	if len(p.opts.Decks) == 0 {
		loaded = p.defaults
	}
	for _, spec := range p.opts.Decks {
		if first || dirty == nil || dirty[spec] {
			var d *decks.Deck
			var ps decks.Problems
			if decks.IsURL(spec) {
				if w := p.web[spec]; w != nil {
					d, ps = w.Deck, w.Problems
				}
			} else {
				d, ps = decks.LoadPath(spec)
			}
			p.loadP[spec] = problemsOf(ps)
			if d != nil && !ps.HasErrors() {
				p.good[spec] = d
			}
		}
		if slices.ContainsFunc(p.loadP[spec], func(pr Problem) bool { return pr.Severity == decks.Error }) {
			stale = append(stale, spec)
		}
		probs = append(probs, p.loadP[spec]...)
		if d := p.good[spec]; d != nil {
			loaded = append(loaded, d)
		}
	}
	set, combined := decks.Combine(loaded...)
	probs = append(probs, problemsOf(combined)...)
	set = set.Filter(p.opts.Regions)
	probs = append(probs, problemsOf(decks.Tells(loaded))...)

	parts, err := kit.CardDecks(set, kit.ExportOptions{Games: p.opts.Games, Templates: p.opts.Templates})
	if err != nil {
		// A style file that does not parse: the problem is shown and the
		// cards stay as they were.
		if first {
			return nil, err
		}
		probs = append(probs, Problem{Location: decks.Location{File: styleFile(err)}, Severity: decks.Error, Msg: textOf(err)})
		return p.publishProblems(probs, stale, noticed), nil
	}
	cards := p.cardsOf(set, parts)

	// Redraw what changed, and set those cards to see whether their texts
	// fit; the others keep their images and findings.
	old := map[string]string{}
	if !first {
		for _, c := range p.state.Cards {
			old[c.ID] = c.Hash
		}
	}
	var changed []*Card
	for _, c := range cards {
		if h, ok := old[c.ID]; !first && (!ok || h != c.Hash || p.opts.NoCache) {
			changed = append(changed, c)
		}
	}
	drawn, ok := p.draw(changed)
	// A card whose faces were drawn fits (drawing fails on text that does
	// not); the other cards new to this state are set to find out why not.
	for _, c := range drawn {
		if ok[c.ID] {
			p.fit[c.Hash] = nil
		}
	}
	var unfit []*Card
	for _, c := range cards {
		if _, known := p.fit[c.Hash]; (!known || p.opts.NoCache) && !ok[c.ID] {
			unfit = append(unfit, c)
		}
	}
	p.checkFit(unfit)

	for _, c := range cards {
		probs = append(probs, p.fit[c.Hash]...)
	}
	p.loaded = loaded

	ids := make([]string, 0, len(drawn))
	for _, c := range drawn {
		ids = append(ids, c.ID)
	}
	p.mu.Lock()
	prev := p.state
	p.fast = probs
	st := p.newStateLocked(cards, stale)
	p.mu.Unlock()
	if first {
		return nil, nil
	}
	if len(ids) == 0 && sameProblems(prev.Problems, st.Problems) && len(prev.Cards) == len(st.Cards) && slices.Equal(prev.Stale, st.Stale) {
		return nil, nil
	}
	return &Event{Cards: ids, Problems: len(st.Problems), MS: time.Since(noticed).Milliseconds()}, nil
}

// publishProblems publishes the old cards with new problems.
func (p *Preview) publishProblems(probs []Problem, stale []string, noticed time.Time) *Event {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fast = probs
	st := p.newStateLocked(p.state.Cards, stale)
	return &Event{Cards: []string{}, Problems: len(st.Problems), MS: time.Since(noticed).Milliseconds()}
}

func (p *Preview) newStateLocked(cards []*Card, stale []string) *State {
	st := &State{Cards: cards, byID: map[string]*Card{}, Stale: stale}
	if p.state != nil {
		st.Seq = p.state.Seq + 1
	}
	for _, c := range cards {
		st.byID[strings.ToUpper(c.ID)] = c
	}
	st.Problems = append(append([]Problem{}, p.fast...), p.slow...)
	p.attach(st.Problems)
	sortProblems(st.Problems)
	p.state = st
	return st
}

// runSlow finds, in the background, what takes long: questions asked
// twice (also against the default decks) and decks sharing a default
// deck's code. A result for decks a later save replaced is dropped; when
// it differs from the last one, the page is told in a second event.
func (p *Preview) runSlow() {
	p.slowOnce()
	go func() {
		for range p.slowKick {
			t0 := time.Now()
			p.slowBusy.Store(true)
			changed := p.slowOnce()
			p.slowBusy.Store(false)
			if changed {
				st := p.State()
				p.publish(Event{Cards: []string{}, Problems: len(st.Problems), MS: time.Since(t0).Milliseconds()})
			}
		}
	}()
}

func (p *Preview) slowOnce() bool {
	p.buildMu.Lock()
	loaded := p.loaded
	p.buildMu.Unlock()
	own := len(p.opts.Decks) > 0
	var probs decks.Problems
	if own {
		probs = append(probs, kit.ClashesWithDefaults(loaded, p.defaults)...)
	}
	probs = append(probs, kit.DuplicateProblems(loaded, p.defaults, own)...)
	slow := problemsOf(probs)
	p.buildMu.Lock()
	defer p.buildMu.Unlock()
	if !slices.Equal(loaded, p.loaded) {
		return false // a newer rebuild: its own run follows
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if sameProblems(slow, p.slow) {
		return false
	}
	p.slow = slow
	p.newStateLocked(p.state.Cards, p.state.Stale)
	return true
}

func sameProblems(a, b []Problem) bool {
	return slices.EqualFunc(a, b, func(x, y Problem) bool { return x == y })
}

// cardsOf turns the laid-out decks into the page's cards, each with the
// hash of its look: its source card's content and its game's style.
func (p *Preview) cardsOf(set *decks.Set, parts []*kit.GameParts) []*Card {
	origins := map[originKey]string{}
	defer func() { p.origins = origins }()
	sources := map[string]any{}
	for _, d := range set.Decks {
		for _, c := range d.Labyrinth {
			sources[c.ID] = c
		}
		for _, c := range d.Dativ {
			sources[c.ID] = c
		}
		for _, c := range d.Genial {
			sources[c.ID] = c
		}
		for _, c := range d.Raab {
			sources[c.ID] = c
		}
	}
	var cards []*Card
	for _, gp := range parts {
		style, _ := json.Marshal(gp.Style)
		var gameHash []string // the game's contents, for cards without a source of their own
		for _, d := range gp.Decks {
			for i, lc := range d.Cards {
				id := kit.CardID(lc, d.Name, i)
				c := &Card{ID: id, Game: gp.Game, Deck: d.What, W: d.W, H: d.H, Faces: [2]*layout.Face{lc.Front, lc.Back}}
				src, ok := sources[id]
				if !ok {
					if f, _ := set.Find(decks.ParseRef(id)); f != nil && f.TheGame != nil {
						src, ok = f.TheGame, true
					}
				}
				var body string
				if ok {
					desc := describe(src)
					body = desc.h.String()
					c.Text = strings.Join(desc.text, " ")
					if len(desc.origins) > 0 {
						o := desc.origins[0]
						c.File, c.Sheet, c.Row = o.File, o.Sheet, o.Row
					}
					for _, o := range desc.origins {
						origins[originKey{o.File, o.Sheet, o.Row}] = id
					}
					if info := deckInfoOf(src); info != nil {
						c.Deck = info.Name
					}
					gameHash = append(gameHash, body)
				} else if look := faceLooks(lc); look != "" {
					body = "look:" + look
				} else {
					body = "game:" + strings.Join(gameHash, "|")
				}
				c.Hash = hashOf(string(gp.Game), d.Name, fmt.Sprint(i, d.W, d.H), string(style), body, faceIDs(lc))
				cards = append(cards, c)
			}
		}
	}
	return cards
}

// faceLooks is what a card made of no deck card shows (see
// layout.Face.Look), "" when its faces do not say.
func faceLooks(c layout.Card) string {
	if c.Front == nil || c.Front.Look == "" || (c.Back != nil && c.Back.Look == "") {
		return ""
	}
	if c.Back == nil {
		return c.Front.Look
	}
	return c.Front.Look + "\x00" + c.Back.Look
}

func faceIDs(c layout.Card) string {
	var s []string
	for _, f := range []*layout.Face{c.Front, c.Back} {
		if f != nil {
			s = append(s, f.ID+"|"+f.QR)
		}
	}
	return strings.Join(s, ",")
}

func deckInfoOf(src any) *decks.DeckInfo {
	switch c := src.(type) {
	case *decks.LabyrinthCard:
		return c.Deck
	case *decks.DativCard:
		return c.Deck
	case *decks.GenialCard:
		return c.Deck
	case *decks.RaabCard:
		return c.Deck
	}
	return nil
}

type originKey struct {
	file, sheet string
	row         int
}

// attach names, for each problem at a row a card was made of, that card.
// The rows are those of the cards shown: while a deck cannot be read, its
// new problems are matched against the rows of its last good copy.
func (p *Preview) attach(probs []Problem) {
	for i := range probs {
		if probs[i].Card != "" || probs[i].Row <= 0 {
			continue
		}
		if id, ok := p.origins[originKey{probs[i].File, probs[i].Sheet, probs[i].Row}]; ok {
			probs[i].Card = id
		}
	}
}

// checkFit sets the cards' texts as the print engine does, keeping the
// findings per card hash.
func (p *Preview) checkFit(cs []*Card) {
	for _, c := range cs {
		p.fit[c.Hash] = nil
	}
	for _, c := range cs {
		lc := layout.Card{Front: c.Faces[0], Back: c.Faces[1]}
		for _, fp := range kit.CardFitProblems([]layout.Card{lc}, c.W, c.H) {
			pr := problemOf(fp.Problem)
			pr.Card = c.ID
			p.fit[c.Hash] = append(p.fit[c.Hash], pr)
		}
	}
}

// draw draws both faces of the cards at the page's resolution, on every
// core, and returns the cards redrawn and those of them whose every face
// could be drawn. A face that cannot be drawn keeps its last image; its
// problem is in the fit findings.
func (p *Preview) draw(cs []*Card) (redrawn []*Card, whole map[string]bool) {
	type job struct {
		c    *Card
		side int
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	type result struct {
		key imageKey
		png []byte
	}
	var mu sync.Mutex
	var results []result
	failed := map[string]bool{}
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				png, err := drawFace(j.c, j.side, DefaultDPI)
				if err != nil {
					mu.Lock()
					failed[j.c.ID] = true
					mu.Unlock()
					continue
				}
				mu.Lock()
				results = append(results, result{imageKey{j.c.ID, j.c.Hash, j.side, DefaultDPI}, png})
				mu.Unlock()
			}
		}()
	}
	for _, c := range cs {
		for side, f := range c.Faces {
			if f != nil {
				jobs <- job{c, side}
			}
		}
	}
	close(jobs)
	wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	ids := map[string]bool{}
	for _, r := range results {
		ids[r.key.id] = true
	}
	p.pruneImagesLocked(ids)
	for _, r := range results {
		p.images[r.key] = r.png
	}
	whole = map[string]bool{}
	for _, c := range cs {
		if ids[c.ID] {
			redrawn = append(redrawn, c)
			whole[c.ID] = !failed[c.ID]
		}
	}
	return redrawn, whole
}

// pruneImagesLocked forgets the older images of the cards just redrawn,
// and images at other resolutions beyond a few.
func (p *Preview) pruneImagesLocked(redrawn map[string]bool) {
	others := 0
	for k := range p.images {
		if k.dpi != DefaultDPI {
			others++
		}
	}
	for k := range p.images {
		if redrawn[k.id] || (k.dpi != DefaultDPI && others > 64) {
			delete(p.images, k)
		}
	}
}

// Image is a card face as PNG at dpi: drawn when first asked for, then
// kept while the card's look stays. ok is false for an unknown card or
// side.
func (p *Preview) Image(id string, side, dpi int) (png []byte, ok bool, err error) {
	st := p.State()
	c := st.Card(id)
	if c == nil || side < 0 || side > 1 || c.Faces[side] == nil {
		return nil, false, nil
	}
	key := imageKey{c.ID, c.Hash, side, dpi}
	p.mu.Lock()
	png, have := p.images[key]
	if !have && dpi == DefaultDPI {
		// The card's last good image, when its newest look cannot be drawn.
		for k, v := range p.images {
			if k.id == c.ID && k.side == side && k.dpi == dpi {
				png, have = v, true
			}
		}
	}
	p.mu.Unlock()
	if have {
		return png, true, nil
	}
	png, err = drawFace(c, side, dpi)
	if err != nil {
		return nil, true, err
	}
	p.mu.Lock()
	p.images[key] = png
	p.mu.Unlock()
	return png, true, nil
}

func drawFace(c *Card, side, dpi int) ([]byte, error) {
	img, err := kit.FaceImage(c.Faces[side], c.W, c.H, float64(dpi), kit.SizeDefault)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := raster.EncodePNG(&b, img, float64(dpi)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func problemsOf(ps decks.Problems) []Problem {
	out := make([]Problem, 0, len(ps))
	for _, p := range ps {
		out = append(out, problemOf(p))
	}
	return out
}

func problemOf(p decks.Problem) Problem {
	return Problem{Location: p.Location, Severity: p.Severity, Msg: p.Msg}
}

func textOf(err error) i18n.Text {
	if t, ok := err.(interface{ In(i18n.Lang) string }); ok {
		return i18n.Text{DE: t.In(i18n.German), EN: t.In(i18n.English)}
	}
	return i18n.Sprintf("%v", "%v", err)
}

func styleFile(err error) string {
	var se *layout.StyleError
	if e, ok := err.(*layout.StyleError); ok {
		se = e
	}
	if se != nil {
		return se.File
	}
	return ""
}
