package decks

import (
	"embed"
	"io/fs"
	"path"
	"sort"
)

// defaultFS holds the default decks as CSV folders, so every question is
// reviewable in a diff, and the binary carries them wherever it runs.
//
//go:embed default
var defaultFS embed.FS

// DefaultDeckNames lists the embedded default decks (folder names).
func DefaultDeckNames() []string {
	entries, _ := fs.ReadDir(defaultFS, "default")
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}

// LoadDefault reads one embedded default deck by folder name.
func LoadDefault(name string) (*Deck, Problems) {
	d, probs := Load(defaultFS, path.Join("default", name), "decks/default/"+name)
	if d != nil {
		d.Info.Default = true
		numberByRulebook(d.Raab)
	}
	return d, probs
}

// LoadDefaults reads every embedded default deck.
func LoadDefaults() ([]*Deck, Problems) {
	var decks []*Deck
	var probs Problems
	for _, n := range DefaultDeckNames() {
		d, p := LoadDefault(n)
		probs = append(probs, p...)
		if d != nil {
			decks = append(decks, d)
		}
	}
	return decks, probs
}

// Options selects the decks of a run: the defaults unless NoDefaults, plus
// the user's decks, filtered by region.
type Options struct {
	Paths      []string // files, folders and addresses (IsURL)
	NoDefaults bool
	Regions    RegionFilter
	// Remote reads a deck named by an address; without it, addresses are
	// refused. Package decks/remote provides one.
	Remote func(spec string) (*Deck, Problems)
}

// Load reads one deck the options name: a path, or an address through
// Remote.
func (o Options) Load(path string) (*Deck, Problems) {
	if IsURL(path) && o.Remote != nil {
		return o.Remote(path)
	}
	return LoadPath(path)
}

// LoadSet reads the decks the options name, combines and filters them. The
// set is nil when any deck has errors.
func LoadSet(o Options) (*Set, Problems) {
	var decks []*Deck
	var probs Problems
	if !o.NoDefaults {
		d, p := LoadDefaults()
		decks, probs = append(decks, d...), append(probs, p...)
	}
	for _, path := range o.Paths {
		d, p := o.Load(path)
		probs = append(probs, p...)
		if d != nil {
			decks = append(decks, d)
		}
	}
	set, p := Combine(decks...)
	probs = append(probs, p...)
	if probs.HasErrors() {
		return nil, probs
	}
	return set.Filter(o.Regions), probs
}
