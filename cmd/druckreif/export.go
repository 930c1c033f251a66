package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/internal/fileread"
	"druckreif/internal/interrupt"
	"druckreif/kit"
	"druckreif/layout"
	"druckreif/layout/decoder"
)

// exportProfile is one profile of druckreif export: its name, what it
// makes, and its own flags. flags registers them on the command's flag
// set and returns what makes the profile once the flags are parsed.
type exportProfile struct {
	name  string
	short i18n.Text
	flags func(fs *flagSet) func() (kit.Profile, error)
	// stream, for profiles that write file by file instead of through a
	// kit.Profile (images per card face: memory stays flat), registers its
	// flags and returns what writes the export into a folder.
	stream func(fs *flagSet) func(set *decks.Set, o kit.ExportOptions, out string) (int, []string, error)
}

// maxProfileBytes bounds an ICC profile read with --icc: output profiles
// have some hundred kilobytes to a few megabytes.
const maxProfileBytes = 32 << 20

// exportProfiles are the profiles, in the order --help lists them. A new
// kind of export adds its entry here and its kit.Profile in package kit.
var exportProfiles = []exportProfile{
	{name: "png", short: i18n.Sprintf("eine PNG-Datei je Kartenseite für Kartendruckereien (sRGB, 300 dpi, 3 mm Beschnitt oder --size tgc/mpc)",
		"one PNG per card face for card printers (sRGB, 300 dpi, 3 mm bleed or --size tgc/mpc)"),
		stream: func(fs *flagSet) func(set *decks.Set, o kit.ExportOptions, out string) (int, []string, error) {
			l := fs.lang
			size := fs.String("size", "default", i18n.Sprintf("Bildgröße: default (Karte + 3 mm Beschnitt), tgc (The Game Crafter, 825 × 1125 px) oder mpc (MakePlayingCards, 822 × 1122 px) für Pokerkarten", "image size: default (card + 3 mm bleed), tgc (The Game Crafter, 825 × 1125 px) or mpc (MakePlayingCards, 822 × 1122 px) for poker cards").In(l))
			dpi := fs.Float64("dpi", 300, i18n.Sprintf("Auflösung in dpi", "resolution in dpi").In(l))
			return func(set *decks.Set, o kit.ExportOptions, out string) (int, []string, error) {
				z, err := kit.ParseImageSize(*size)
				if err != nil {
					return 0, nil, err
				}
				if *dpi < 50 || *dpi > 1200 {
					return 0, nil, fmt.Errorf("--dpi %g: 50 bis 1200", *dpi)
				}
				n, err := kit.ExportPNG(set, o, kit.PNGOptions{DPI: *dpi, Size: z}, out)
				return n, nil, err
			}
		}},
	{name: "tts", short: i18n.Sprintf("Decks für Tabletop Simulator: Kartenbögen (höchstens 10 × 7, 4096 px), Rückseite und SPIEL.json; Dativ-Karten mit einem zweiten Zustand, der die Lösung zeigt",
		"decks for Tabletop Simulator: card sheets (at most 10 × 7, 4096 px), back and GAME.json; dativ cards with a second state showing the solution"),
		stream: func(fs *flagSet) func(set *decks.Set, o kit.ExportOptions, out string) (int, []string, error) {
			base := fs.String("url", "", i18n.Sprintf("Adresse, unter der der Zielordner erreichbar ist (Webserver, geteilter Ordner); sonst file:///-Pfade", "address the output folder is served from (web server, shared folder); else file:/// paths").In(fs.lang))
			return func(set *decks.Set, o kit.ExportOptions, out string) (int, []string, error) {
				return kit.ExportTTS(set, o, kit.TTSOptions{URL: *base}, out)
			}
		}},
	{name: "pdfx", short: i18n.Sprintf("PDF/X-4 für Offsetdruckereien (CMYK über ein ICC-Profil, --icc), Vorder- und Rückseiten getrennt",
		"PDF/X-4 for offset print shops (CMYK through an ICC profile, --icc), fronts and backs apart"),
		flags: func(fs *flagSet) func() (kit.Profile, error) {
			l := fs.lang
			iccPath := fs.path("icc", "", i18n.Sprintf("CMYK-Ausgabeprofil der Druckerei (z. B. ISOcoated_v2_eci.icc), wird eingebettet", "the print shop's CMYK output profile (e.g. ISOcoated_v2_eci.icc), embedded"))
			maxInk := fs.Float64("max-ink", kit.DefaultMaxInkX4, i18n.Sprintf("höchster Gesamtfarbauftrag in %%", "highest total ink in %%").In(l))
			return func() (kit.Profile, error) {
				if *iccPath == "" {
					return nil, usageError{i18n.Sprintf(
						"druckreif export pdfx braucht --icc DATEI: das CMYK-Profil der Druckerei oder ISO Coated v2 (ECI) von https://www.eci.org (Downloads: ECI_Offset_2009, ISOcoated_v2_eci.icc)",
						"druckreif export pdfx needs --icc FILE: the print shop's CMYK profile, or ISO Coated v2 (ECI) from https://www.eci.org (downloads: ECI_Offset_2009, ISOcoated_v2_eci.icc)")}
				}
				data, err := fileread.ReadPath(*iccPath, maxProfileBytes)
				if err != nil {
					return nil, err
				}
				p, err := kit.PDFX(data, *maxInk)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", *iccPath, err)
				}
				return p, nil
			}
		}},
	{name: "pdfx1a", short: i18n.Sprintf("PDF/X-1a:2003 (FOGRA39, CMYK aus den Stildateien), je Karte Vorder- und Rückseite in einer Datei",
		"PDF/X-1a:2003 (FOGRA39, CMYK from the style files), each card's front and back in one file"),
		flags: func(fs *flagSet) func() (kit.Profile, error) {
			l := fs.lang
			iccPath := fs.String("icc", "", i18n.Sprintf("wahlweise: CMYK-Profil für die Farben, die keine Stildatei nennt (nicht eingebettet)", "optional: CMYK profile for the colours no style file names (not embedded)").In(l))
			maxInk := fs.Float64("max-ink", kit.DefaultMaxInkX1a, i18n.Sprintf("höchster Gesamtfarbauftrag in %%", "highest total ink in %%").In(l))
			return func() (kit.Profile, error) {
				var data []byte
				if *iccPath != "" {
					var err error
					if data, err = fileread.ReadPath(*iccPath, maxProfileBytes); err != nil {
						return nil, err
					}
				}
				p, err := kit.PDFX1a(*maxInk, data)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", *iccPath, err)
				}
				return p, nil
			}
		}},
}

// usageError is a missing piece of the command line: exit 2.
type usageError struct{ msg i18n.Text }

func (e usageError) Error() string         { return e.msg.DE }
func (e usageError) In(l i18n.Lang) string { return e.msg.In(l) }

func exportUsage(l i18n.Lang) string {
	var b strings.Builder
	b.WriteString(i18n.Sprintf(
		"Aufruf: druckreif export PROFIL [--game SPIELE] [--out ORDNER] [OPTIONEN]\n\nSchreibt Druckdaten für eine Druckerei nach out/export/PROFIL (oder --out), prüft sie vorher\n(wie druckreif preflight) und schreibt nichts, wenn die Prüfung Fehler findet.\n\nProfile:",
		"Usage: druckreif export PROFILE [--game GAMES] [--out FOLDER] [OPTIONS]\n\nWrites print data for a print shop into out/export/PROFILE (or --out), checks it first\n(as druckreif preflight does) and writes nothing when the check finds errors.\n\nProfiles:").In(l))
	for _, p := range exportProfiles {
		fmt.Fprintf(&b, "\n  %-8s %s", p.name, p.short.In(l))
	}
	b.WriteString(i18n.Sprintf("\n\n„druckreif export PROFIL --help“ nennt die Optionen eines Profils.", "\n\n\"druckreif export PROFILE --help\" lists a profile's options.").In(l))
	return b.String()
}

func runExport(args []string, stdout, stderr io.Writer) int {
	l := langFromArgs(args)
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, exportUsage(l))
		for _, a := range args {
			if a == "-h" || a == "--help" || a == "-help" {
				return 0
			}
		}
		return 2
	}
	var prof *exportProfile
	for i := range exportProfiles {
		if exportProfiles[i].name == args[0] {
			prof = &exportProfiles[i]
		}
	}
	if prof == nil {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif export: unbekanntes Profil „%s“", "druckreif export: unknown profile %q", args[0]).In(l))
		fmt.Fprintln(stderr, exportUsage(l))
		return 2
	}
	name := prof.name
	fs := newFlagSet("export "+name, args, i18n.Sprintf("Aufruf: druckreif export %s [OPTIONEN]\n\n%s.", "Usage: druckreif export %s [OPTIONS]\n\n%s.", name, prof.short.In(l)), stderr)
	var df deckFlags
	df.register(fs)
	out := fs.path("out", filepath.Join("out", "export", name), i18n.Sprintf("Zielordner", "output folder"))
	game := fs.String("game", "", i18n.Sprintf("nur diese Spiele (Komma-Liste: labyrinth, dativ, thegame, genial, raab)", "only these games (comma list: labyrinth, dativ, thegame, genial, raab)").In(l))
	tpl := fs.path("templates", "", i18n.Sprintf("Ordner mit eigenen Stildateien (Kopien von templates/*.json)", "folder with own style files (copies of templates/*.json)"))
	strength := fs.Int("decoder-strength", int(decoder.DefaultStrength), i18n.Sprintf("Stärke der verborgenen Dativ-Lösungen, 1 bis 5", "contrast of the hidden dativ solutions, 1 to 5").In(l))
	cardSize := fs.String("card-size", "poker", i18n.Sprintf("Kartenformat: poker (63 × 88 mm) oder us-poker (63,5 × 88,9 mm); die Dativ-Karte behält ihres", "card format: poker (63 × 88 mm) or us-poker (63.5 × 88.9 mm); the dativ card keeps its own").In(l))
	var makeProfile func() (kit.Profile, error)
	var stream func(set *decks.Set, o kit.ExportOptions, out string) (int, []string, error)
	if prof.stream != nil {
		stream = prof.stream(fs)
	} else {
		makeProfile = prof.flags(fs)
	}
	_, code, ok := fs.parse(args[1:])
	defer startCPUProfile()()
	if !ok {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "druckreif export %s: %s\n", name, errorIn(err, l))
		return 2
	}
	opts := kit.ExportOptions{Templates: *tpl, DecoderStrength: decoder.Strength(*strength)}
	if !opts.DecoderStrength.Valid() {
		return fail(fmt.Errorf("%s", i18n.Sprintf("--decoder-strength muss zwischen 1 und 5 liegen", "--decoder-strength must be from 1 to 5").In(l)))
	}
	var err error
	if opts.CardSize, err = layout.ParseCardSize(*cardSize); err != nil {
		return fail(err)
	}
	if opts.Games, err = parseGames(*game, l); err != nil {
		return fail(err)
	}
	dopts, err := df.options(l)
	if err != nil {
		return fail(err)
	}
	if stream != nil {
		kit.TuneRuntime()
		set := df.loadSet(dopts, stderr, l)
		if set == nil {
			return 1
		}
		start := time.Now()
		n, warns, err := stream(set, opts, *out)
		printWarnings(stderr, warns, l)
		if err != nil {
			printNothingWritten(stderr, "export "+name, err, *out, l)
			return 1
		}
		fmt.Fprintln(stdout, i18n.OneLine(i18n.Sprintf("%d Bilder nach %s geschrieben (%.1f s).", "%d images written to %s (%.1f s).", n, *out, time.Since(start).Seconds()).In(l)))
		return 0
	}
	profile, err := makeProfile()
	if err != nil {
		return fail(err)
	}
	interrupt.Watch()
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
	files, warns, problems, err := kit.Export(set, opts, profile)
	printWarnings(stderr, warns, l)
	printFindings(stderr, problems, true, l)
	if err != nil {
		printNothingWritten(stderr, "export "+name, err, *out, l)
		return 1
	}
	written, notes, err := output.CommitExport(files, profile)
	if err != nil {
		fmt.Fprintf(stderr, "druckreif export %s: %s\n", name, errorIn(err, l))
		return 1
	}
	printNotes(stderr, notes, l)
	pages := 0
	for _, f := range written {
		pages += f.Pages
	}
	fmt.Fprintln(stdout, i18n.OneLine(i18n.Sprintf("%d Dateien mit %d Seiten nach %s geschrieben und geprüft (%.1f s). Lies %s.",
		"%d files with %d pages written to %s and checked (%.1f s). Read %s.",
		len(written), pages, *out, time.Since(start).Seconds(), filepath.Join(*out, "README.txt")).In(l)))
	return 0
}
