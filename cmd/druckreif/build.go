package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/internal/interrupt"
	"druckreif/kit"
	"druckreif/kit/cache"
	"druckreif/layout"
	"druckreif/layout/decoder"
)

func runBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("build", args, i18n.Sprintf(
		"Aufruf: druckreif build [OPTIONEN]\n\nDruckt das Print-and-Play-Set als PDF: ohne Optionen alle Spiele aus den eingebauten\nStandarddecks nach ./out, A4, beidseitig. out/README.txt sagt, was wie zu drucken ist.\nEin fehlgeschlagener Build lässt die vorigen Dateien unangetastet.",
		"Usage: druckreif build [OPTIONS]\n\nPrints the print-and-play kit as PDF: without options every game from the embedded\ndefault decks into ./out, A4, duplex. out/README.txt says what to print and how.\nA failed build leaves the previous files untouched."), stderr)
	l := fs.lang
	var df deckFlags
	df.register(fs)
	out := fs.path("out", "out", i18n.Sprintf("Zielordner", "output folder"))
	game := fs.String("game", "", i18n.Sprintf("nur diese Spiele (Komma-Liste: labyrinth, dativ, thegame, genial, raab)", "only these games (comma list: labyrinth, dativ, thegame, genial, raab)").In(l))
	paper := fs.String("paper", "a4", i18n.Sprintf("Papier: a4, letter oder universal (A4-Breite × Letter-Höhe, passt auf beide)", "paper: a4, letter or universal (A4 width × Letter height, fits both)").In(l))
	mode := fs.String("layout", "duplex", i18n.Sprintf("duplex (beidseitig), gutterfold (Falzlayout für Drucker ohne Duplex) oder single (eine Karte je Seite, für Druckereien)", "duplex, gutterfold (fold layout for printers without duplex) or single (one card per page, for print shops)").In(l))
	short := fs.Bool("short-edge", false, i18n.Sprintf("beim Duplexdruck an der kurzen Kante wenden (Standard: lange Kante)", "duplex flipped on the short edge (default: long edge)").In(l))
	gutter := fs.Float64("gutter", 0, i18n.Sprintf("Abstand zwischen den Karten in mm (mindestens 6; 0 = Karten stoßen aneinander)", "space between cards in mm (at least 6; 0 = cards butted)").In(l))
	offset := fs.String("back-offset", "", i18n.Sprintf("Versatz der Rückseite, wie auf kalibrierung-duplex.pdf abgelesen: wie weit ihr Kreuz rechts (X) und unter (Y) dem der Vorderseite liegt, in mm, von vorn gesehen, z. B. 1.5,-0.5; druckreif verschiebt die Rückseiten um so viel zurück", "the back side's shift as read on kalibrierung-duplex.pdf: how far its cross lies right of (X) and below (Y) the front's, in mm, seen from the front, e.g. 1.5,-0.5; druckreif moves the backs back by as much").In(l))
	lowInk := fs.Bool("low-ink", false, i18n.Sprintf("tintensparend: Umrisse und helle Töne statt vollflächiger Hintergründe", "save ink: outlines and light tints instead of full backgrounds").In(l))
	only := fs.String("cards", "", i18n.Sprintf("nur diese Karten neu drucken (Komma-Liste von IDs, z. B. LAB-STD-3,DAT-STD-12)", "reprint only these cards (comma list of IDs, e.g. LAB-STD-3,DAT-STD-12)").In(l))
	strength := fs.Int("decoder-strength", int(decoder.DefaultStrength), i18n.Sprintf("Stärke der verborgenen Dativ-Lösungen, 1 (gut versteckt) bis 5 (kräftig); siehe dativ/decoder.pdf", "contrast of the hidden dativ solutions, 1 (well hidden) to 5 (strong); see dativ/decoder.pdf").In(l))
	boardSeed := fs.Uint64("board-seed", kit.DefaultBoardSeed, i18n.Sprintf("Nummer des Labyrinths (gleiche Nummer, gleicher Spielplan; die App muss dieselbe kennen)", "number of the maze (same number, same board; the app must use the same)").In(l))
	boardLength := fs.Int("board-length", 0, i18n.Sprintf("Felder vom Start bis zum Ausgang, 12 bis 60 (Standard 50; zu zweit 30 empfohlen)", "fields from start to exit, 12 to 60 (default 50; 30 recommended for two players)").In(l))
	tpl := fs.path("templates", "", i18n.Sprintf("Ordner mit eigenen Stildateien (Kopien von templates/*.json)", "folder with own style files (copies of templates/*.json)"))
	noCache := fs.Bool("no-cache", false, i18n.Sprintf("alles neu zeichnen, ohne den Build-Cache (Dateien früherer Builds mit denselben Eingaben)", "draw everything, without the build cache (files of earlier builds with the same inputs)").In(l))
	cardSize := fs.String("card-size", "poker", i18n.Sprintf("Kartenformat: poker (63 × 88 mm) oder us-poker (63,5 × 88,9 mm, 2,5 × 3,5″); die Dativ-Karte behält ihres", "card format: poker (63 × 88 mm) or us-poker (63.5 × 88.9 mm, 2.5 × 3.5″); the dativ card keeps its own").In(l))
	chips := fs.String("chips", "round", i18n.Sprintf("Form der Chips (Einsatz-, Punkte-, Buchstabenchips): round (rund) oder square (quadratisch, mit geraden Schnitten schneller ausgeschnitten)", "shape of the chips (bet, point, letter chips): round or square (quicker to cut with straight lines)").In(l))
	_, code, ok := fs.parse(args)
	defer startCPUProfile()()
	if !ok {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "druckreif build: %s\n", errorIn(err, l))
		return 2
	}
	opts := kit.Options{BoardSeed: *boardSeed, BoardLength: *boardLength, ShortEdge: *short, Gutter: *gutter, LowInk: *lowInk, Templates: *tpl, DecoderStrength: decoder.Strength(*strength)}
	if !opts.DecoderStrength.Valid() {
		return fail(fmt.Errorf("%s", i18n.Sprintf("--decoder-strength muss zwischen 1 und 5 liegen", "--decoder-strength must be from 1 to 5").In(l)))
	}
	var err error
	if opts.Chips, err = kit.ParseChips(*chips); err != nil {
		return fail(err)
	}
	if opts.Paper, err = layout.ParsePaper(*paper); err != nil {
		return fail(err)
	}
	if opts.Mode, err = layout.ParseMode(*mode); err != nil {
		return fail(err)
	}
	if opts.CardSize, err = layout.ParseCardSize(*cardSize); err != nil {
		return fail(err)
	}
	if *offset != "" {
		if opts.BackOffset, err = parseOffset(*offset); err != nil {
			return fail(err)
		}
	}
	if opts.Games, err = parseGames(*game, l); err != nil {
		return fail(err)
	}
	if *only != "" {
		opts.Cards = strings.Split(*only, ",")
	}
	dopts, err := df.options(l)
	if err != nil {
		return fail(err)
	}
	if err := opts.CheckNumbers(); err != nil {
		return fail(err)
	}
	// Ctrl-C waits for a kit being swapped into place and cleans up what an
	// unfinished build leaves (its staged files, the folder's lock).
	interrupt.Watch()
	// The folder is checked and locked before anything is rendered: a
	// second build into it, or a file of the user's in the way, stops here.
	output, err := kit.OpenOutput(*out)
	if err != nil {
		return fail(err)
	}
	defer output.Close()
	kit.TuneRuntime()
	start := time.Now()
	set := df.loadSet(dopts, stderr, l)
	if set == nil {
		return 1
	}
	opts.Progress = progress(stderr)
	if !*noCache {
		opts.Cache = openBuildCache(stderr, l)
	}
	files, warns, err := kit.Build(set, opts)
	if err != nil {
		printNothingWritten(stderr, "build", err, *out, l)
		return 1
	}
	printWarnings(stderr, warns, l)
	files, notes, err := output.Commit(files, opts)
	if err != nil {
		fmt.Fprintf(stderr, "druckreif build: %s\n", errorIn(err, l))
		return 1
	}
	printNotes(stderr, notes, l)
	pages, cached := 0, 0
	var faces layout.FaceCounts
	for _, f := range files {
		pages += f.Pages
		if f.Cached {
			cached++
		}
		faces.Reused += f.Faces.Reused
		faces.Drawn += f.Faces.Drawn
	}
	fmt.Fprintln(stdout, i18n.OneLine(i18n.Sprintf("%d Dateien mit %d Seiten nach %s geschrieben (%.1f s). Lies %s vor dem Drucken.",
		"%d files with %d pages written to %s (%.1f s). Read %s before printing.",
		len(files), pages, *out, time.Since(start).Seconds(), filepath.Join(*out, "README.txt")).In(l)))
	if opts.Cache != nil {
		fmt.Fprintln(stdout, i18n.Sprintf("Build-Cache: %d Dateien wiederverwendet, die übrigen neu gezeichnet (%s; --no-cache zeichnet alles neu).",
			"build cache: %d files reused, the others drawn anew (%s; --no-cache draws everything).", cached, opts.Cache.Dir()).In(l))
		if faces.Reused > 0 {
			fmt.Fprintln(stdout, i18n.Sprintf("Kartenseiten der neu gezeichneten Dateien: %d aus dem Cache übernommen, %d neu gezeichnet.",
				"card faces of the files drawn anew: %d taken from the cache, %d drawn.", faces.Reused, faces.Drawn).In(l))
		}
	}
	return 0
}

// openBuildCache opens the build cache in the user's cache folder, or
// says in one line why the build goes without it.
func openBuildCache(stderr io.Writer, l i18n.Lang) *cache.Cache {
	dir, err := cache.DefaultDir()
	if err == nil {
		var c *cache.Cache
		if c, err = cache.Open(dir, cache.DefaultMaxBytes); err == nil {
			return c
		}
	}
	fmt.Fprintln(stderr, i18n.OneLine(i18n.Sprintf("Hinweis: ohne Build-Cache (%v); alles wird neu gezeichnet", "note: no build cache (%v); everything is drawn", err).In(l)))
	return nil
}

func parseOffset(s string) ([2]float64, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return [2]float64{}, fmt.Errorf("--back-offset erwartet X,Y in mm, z. B. 1.5,-0.5")
	}
	var v [2]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || !(f >= -kit.MaxBackOffset && f <= kit.MaxBackOffset) { // also NaN
			return v, fmt.Errorf("--back-offset: %q ist kein Versatz in mm (−20 bis 20)", p)
		}
		v[i] = f
	}
	return v, nil
}

// parseGames reads --game: a comma list of games, "" for all.
func parseGames(list string, l i18n.Lang) ([]decks.Game, error) {
	if list == "" {
		return nil, nil
	}
	var out []decks.Game
	for _, name := range strings.Split(list, ",") {
		g, ok := decks.ParseGame(name)
		if !ok {
			return nil, fmt.Errorf("%s", i18n.Sprintf("unbekanntes Spiel „%s“", "unknown game %q", name).In(l))
		}
		out = append(out, g)
	}
	return out, nil
}

// progress shows the finished files on a terminal (nil: not one).
func progress(stderr io.Writer) func(done, total int, file string) {
	if !isTerminal(stderr) {
		return nil
	}
	return func(done, total int, file string) {
		fmt.Fprintf(stderr, "\r[%d/%d] %s\033[K", done, total, file)
		if done == total {
			fmt.Fprintln(stderr)
		}
	}
}

// isTerminal reports whether w is a terminal, so progress is shown only
// to a person watching.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// printWarnings writes the warnings of a build or an export, one a line.
func printWarnings(stderr io.Writer, warns []string, l i18n.Lang) {
	for _, w := range warns {
		fmt.Fprintln(stderr, i18n.OneLine(i18n.Sprintf("Warnung: %s", "warning: %s", w).In(l)))
	}
}

// printNotes writes what the output folder says after a build or an export.
func printNotes(stderr io.Writer, notes []i18n.Text, l i18n.Lang) {
	for _, n := range notes {
		fmt.Fprintln(stderr, i18n.OneLine(i18n.Sprintf("Hinweis: %s", "note: %s", n.In(l)).In(l)))
	}
}

// printNothingWritten says why the command (build, export NAME) failed
// and that the previous files in out are untouched.
func printNothingWritten(stderr io.Writer, command string, err error, out string, l i18n.Lang) {
	fmt.Fprintf(stderr, "druckreif %s: %s\n", command, errorIn(err, l))
	fmt.Fprintln(stderr, i18n.Sprintf("Nichts geschrieben; die vorigen Dateien in %s sind unverändert.", "Nothing written; the previous files in %s are unchanged.", out).In(l))
}
