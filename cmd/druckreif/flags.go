package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"druckreif/decks"
	"druckreif/decks/remote"
	"druckreif/i18n"
)

// langFromArgs finds --lang anywhere in the arguments (so that --help can
// answer in the right language before flags are parsed), else
// DRUCKREIF_LANG, else German.
func langFromArgs(args []string) i18n.Lang {
	for i, a := range args {
		v, ok := "", false
		switch {
		case a == "--lang" || a == "-lang":
			if i+1 < len(args) {
				v, ok = args[i+1], true
			}
		case strings.HasPrefix(a, "--lang="):
			v, ok = strings.TrimPrefix(a, "--lang="), true
		case strings.HasPrefix(a, "-lang="):
			v, ok = strings.TrimPrefix(a, "-lang="), true
		}
		if ok {
			l, _ := i18n.Parse(v)
			return l
		}
	}
	l, _ := i18n.Parse(os.Getenv("DRUCKREIF_LANG"))
	return l
}

// flagSet is a subcommand's flags with a bilingual help text.
type flagSet struct {
	*flag.FlagSet
	lang  i18n.Lang
	usage i18n.Text
}

func newFlagSet(name string, args []string, usage i18n.Text, stderr io.Writer) *flagSet {
	fs := &flagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), lang: langFromArgs(args), usage: usage}
	fs.SetOutput(stderr)
	var langFlag string
	fs.StringVar(&langFlag, "lang", "de", i18n.Sprintf("Sprache der Ausgabe: de oder en", "output language: de or en").In(fs.lang))
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), fs.usage.In(fs.lang))
		fmt.Fprintln(fs.Output(), i18n.Sprintf("\nOptionen:", "\nOptions:").In(fs.lang))
		fs.PrintDefaults()
	}
	return fs
}

// pathFlag is a flag that names a file or folder: an empty value is an
// error, not "the current folder" or "the default".
type pathFlag struct {
	value *string
	lang  i18n.Lang
}

func (p pathFlag) String() string {
	if p.value == nil {
		return ""
	}
	return *p.value
}

func (p pathFlag) Set(v string) error {
	if err := nonEmptyPath(v, p.lang); err != nil {
		return err
	}
	*p.value = v
	return nil
}

func nonEmptyPath(v string, l i18n.Lang) error {
	if v == "" {
		return fmt.Errorf("%s", i18n.Sprintf("leerer Pfad", "empty path").In(l))
	}
	return nil
}

// path defines a path flag with a default.
func (fs *flagSet) path(name, value string, usage i18n.Text) *string {
	p := &value
	fs.Var(pathFlag{p, fs.lang}, name, usage.In(fs.lang))
	return p
}

// errorIn formats an error in the user's language, on one line.
func errorIn(err error, l i18n.Lang) string {
	var t interface{ In(i18n.Lang) string }
	if errors.As(err, &t) {
		return i18n.OneLine(t.In(l))
	}
	return i18n.OneLine(err.Error())
}

// parse parses flags that may stand before, between or after the
// positional arguments, and returns the positional ones. It returns ok=false
// with the exit code when parsing ended the command (--help or a bad flag).
func (fs *flagSet) parse(args []string) (pos []string, code int, ok bool) {
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if err == flag.ErrHelp {
				return nil, 0, false
			}
			return nil, 2, false
		}
		rest = fs.Args()
		if len(rest) == 0 {
			return pos, 0, true
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), 0, true
		}
		pos = append(pos, rest[0])
		rest = rest[1:]
	}
}

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// pathsFlag is a repeatable path flag.
type pathsFlag struct {
	paths *multiFlag
	lang  i18n.Lang
}

func (p pathsFlag) String() string {
	if p.paths == nil {
		return ""
	}
	return p.paths.String()
}

func (p pathsFlag) Set(v string) error {
	if err := nonEmptyPath(v, p.lang); err != nil {
		return err
	}
	return p.paths.Set(v)
}

// deckFlags are the options that choose decks, shared by every command that
// reads cards.
type deckFlags struct {
	paths      multiFlag
	noDefaults bool
	region     string
	exclude    multiFlag
	web        webDecks
}

// deckUsage explains --deck.
var deckUsage = i18n.Sprintf(
	"ein weiteres Deck hinzunehmen: .xlsx- oder .ods-Datei, CSV-Ordner oder der Export-Link einer geteilten Online-Tabelle (https://…, http:// nur im lokalen Netz); mehrfach möglich",
	"add a deck: an .xlsx or .ods file, a CSV folder or the export link of a shared online spreadsheet (https://…, http:// only on the local network); repeatable")

func (d *deckFlags) register(fs *flagSet) {
	l := fs.lang
	fs.Var(pathsFlag{&d.paths, l}, "deck", deckUsage.In(l))
	fs.BoolVar(&d.noDefaults, "no-default-decks", false, i18n.Sprintf("die eingebauten Standarddecks weglassen", "leave out the embedded default decks").In(l))
	fs.StringVar(&d.region, "region", "", i18n.Sprintf("nur Karten ohne Region und Karten dieser Region behalten (z. B. de-AT)", "keep only cards without a region and cards of this region (e.g. de-AT)").In(l))
	fs.Var(&d.exclude, "exclude-region", i18n.Sprintf("Karten dieser Region weglassen (z. B. de-AT für rein österreichische Runden); mehrfach möglich", "leave out the cards of this region (e.g. de-AT for purely Austrian rounds); repeatable").In(l))
}

// options turns the flags into deck options, checking the region codes.
func (d *deckFlags) options(lang i18n.Lang) (decks.Options, error) {
	o := decks.Options{Paths: d.paths, NoDefaults: d.noDefaults, Remote: d.web.load}
	if d.region != "" {
		code, ok := decks.CanonicalRegion(d.region)
		if !ok {
			return o, fmt.Errorf("%s", i18n.Sprintf("unbekannte Region „%s“ (bekannt: %s)", "unknown region %q (known: %s)", d.region, strings.Join(decks.Regions(), ", ")).In(lang))
		}
		o.Regions.Only = code
	}
	for _, x := range d.exclude {
		code, ok := decks.CanonicalRegion(x)
		if !ok {
			return o, fmt.Errorf("%s", i18n.Sprintf("unbekannte Region „%s“ (bekannt: %s)", "unknown region %q (known: %s)", x, strings.Join(decks.Regions(), ", ")).In(lang))
		}
		o.Regions.Exclude = append(o.Regions.Exclude, code)
	}
	return o, nil
}

// load is options and loadSet for a command that reads the decks at once:
// the set, or nil and the exit code after writing why (2: a flag is wrong,
// 1: the decks do not load).
func (d *deckFlags) load(fs *flagSet, stderr io.Writer) (*decks.Set, int) {
	opts, err := d.options(fs.lang)
	if err != nil {
		fmt.Fprintf(stderr, "druckreif %s: %v\n", fs.Name(), err)
		return nil, 2
	}
	set := d.loadSet(opts, stderr, fs.lang)
	if set == nil {
		return nil, 1
	}
	return set, 0
}

// parseFile parses the arguments of a command that takes one FILE: the
// file, or false and the exit code after writing why.
func (fs *flagSet) parseFile(args []string, stderr io.Writer) (string, int, bool) {
	pos, code, ok := fs.parse(args)
	if !ok {
		return "", code, false
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif %s: genau eine DATEI angeben", "druckreif %s: name exactly one FILE", fs.Name()).In(fs.lang))
		return "", 2, false
	}
	return pos[0], 0, true
}

// loadSet loads the decks with opts (made by options), writing the
// notices of decks read offline; nil, after writing why, when they do not
// load.
func (d *deckFlags) loadSet(opts decks.Options, stderr io.Writer, lang i18n.Lang) *decks.Set {
	set, probs := decks.LoadSet(opts)
	d.web.printNotices(stderr, lang)
	if set == nil {
		printProblems(stderr, probs.Errors(), lang)
	}
	return set
}

// printProblems writes problems one per line and returns the counts.
func printProblems(w io.Writer, probs decks.Problems, lang i18n.Lang) (errs, warns int) {
	probs.Sort()
	for _, p := range probs {
		fmt.Fprintln(w, i18n.OneLine(p.In(lang)))
		if p.Severity == decks.Error {
			errs++
		} else {
			warns++
		}
	}
	return errs, warns
}

// webDecks reads the decks named by addresses, through the user's cache,
// and keeps the notices of copies used offline, which every command prints
// (build and serve print no other warnings of loading).
type webDecks struct {
	fetcher *remote.Fetcher
	notices decks.Problems
}

func (w *webDecks) load(spec string) (*decks.Deck, decks.Problems) {
	if w.fetcher == nil {
		w.fetcher = &remote.Fetcher{}
		if dir, err := remote.DefaultCacheDir(); err == nil {
			w.fetcher.CacheDir = dir
		}
	}
	d := remote.Load(context.Background(), w.fetcher, spec)
	for _, c := range d.Copies {
		if c.Offline != nil {
			w.notices = append(w.notices, remote.OfflineNotice(c))
		}
	}
	return d.Deck, d.Problems
}

// printNotices writes the notices of decks read offline.
func (w *webDecks) printNotices(out io.Writer, lang i18n.Lang) {
	for _, p := range w.notices {
		fmt.Fprintln(out, i18n.OneLine(p.In(lang)))
	}
}
