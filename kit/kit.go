// Package kit builds the print-and-play kit: it turns a set of decks into
// the PDF files of every game, and writes them together with an index that
// says what to print, on which paper and how.
package kit

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"druckreif/board"
	"druckreif/decks"
	"druckreif/kit/cache"
	"druckreif/layout"
	"druckreif/layout/cards"
	"druckreif/layout/components"
	"druckreif/layout/decoder"
	"druckreif/layout/geomap"
	"druckreif/layout/maze"
	"druckreif/layout/pieces"
)

// Options are the build's choices (the flags of druckreif build).
type Options struct {
	Games      []decks.Game // empty: all
	Paper      layout.Paper
	Mode       layout.Mode
	ShortEdge  bool
	Gutter     float64
	BackOffset [2]float64
	LowInk     bool
	Cards      []string // reprint only these card IDs (any side's ID names the card)
	Templates  string   // directory with edited style files, "" for the built-in ones
	// BoardSeed and BoardLength choose the labyrinth board (0: defaults).
	BoardSeed   uint64
	BoardLength int
	// DecoderStrength is the contrast of the dativ cards' hidden solutions
	// (1–5; 0 means the default).
	DecoderStrength decoder.Strength
	// CardSize is the format of the poker-sized cards (zero: the styles'
	// own, 63 × 88 mm).
	CardSize layout.CardSize
	// Chips is the shape of the round chips (--chips square: squares cut
	// with straight lines).
	Chips components.ChipShape
	// Progress, when set, is told about every finished file.
	Progress func(done, total int, file string) `json:"-"`
	// Cache, when set, holds the files of earlier builds: a job whose
	// inputs are unchanged is taken from it instead of drawn (see
	// buildcache.go). nil draws everything (--no-cache).
	Cache *cache.Cache `json:"-"`
}

// File is one output file of the kit.
type File struct {
	Path   string // relative to the output folder, e.g. labyrinth/karten.pdf
	What   string // what it holds, for the index
	Paper  string
	Duplex string // how to print it
	Sheets int
	Pages  int
	Grid   layout.Grid // where the cards sit on a sheet (zero for non-card files)
	// Count is what the file holds, for the checklists: "Karten" and the
	// kinds of cards counted apart, or pieces by the first word of their
	// name ("Einsatzchip", "Tippkarte" …).
	Count map[string]int
	Data  []byte
	// Cached says the file was taken from the build cache, not drawn.
	Cached bool `json:"-"`
	// Faces, for a card file drawn with the build cache, says how many of
	// its card faces came from the cache and how many were drawn.
	Faces layout.FaceCounts `json:"-"`
	// countUnknown marks a file kept from a build whose manifest recorded
	// no counts: what it holds is not known.
	countUnknown bool
}

// job renders one file or a few.
type job struct {
	game decks.Game
	// name says which drawing the job is, unique in a build, for its
	// cache key; inputs what it draws from the decks.
	name   string
	inputs inputs
	// listing, for the jobs drawn from other files (a cover lists its
	// game's files, a box holds its game's cards), is what they read of
	// them, and part of the key.
	listing []byte
	run     func() ([]File, []string, error)
}

// Build renders the kit's files; it writes nothing (see OpenOutput).
func Build(set *decks.Set, o Options) ([]File, []string, error) {
	if err := o.CheckNumbers(); err != nil {
		return nil, nil, err
	}
	if err := o.checkCards(set); err != nil {
		return nil, nil, err
	}
	want := map[decks.Game]bool{}
	for _, g := range o.Games {
		want[g] = true
	}
	var jobs []job
	add := func(g decks.Game, name string, in inputs, run func() ([]File, []string, error)) {
		if len(want) == 0 || want[g] {
			jobs = append(jobs, job{game: g, name: name, inputs: in, run: run})
		}
	}
	// addReading adds a job that draws from reads alone of the decks: its
	// key holds reads (as JSON), so the job must be given nothing else of
	// them. Without JSON for reads it is keyed by its game's decks.
	addReading := func(g decks.Game, name string, reads any, run func() ([]File, []string, error)) {
		if len(want) != 0 && !want[g] {
			return
		}
		listing, err := json.Marshal(reads)
		if err != nil {
			jobs = append(jobs, job{game: g, name: name, inputs: gameDecks, run: run})
			return
		}
		jobs = append(jobs, job{game: g, name: name, inputs: noDecks, listing: listing, run: run})
	}
	add(decks.Dativ, "cards/dativ", gameDecks, func() ([]File, []string, error) {
		return cardFile(o, "dativ", "Satzkarten (Vorder- und Rückseite je ein Satz, Lösung unten)", func(st *layout.Style) (*cards.Set, error) {
			return cards.Dativ(set.Dativ(), st, decoder.Band(strength(o)))
		})
	})
	add(decks.Labyrinth, "cards/labyrinth", gameDecks, func() ([]File, []string, error) {
		return cardFile(o, "labyrinth", "Fragekarten (grüne Seite vorne, gelbe hinten)", func(st *layout.Style) (*cards.Set, error) {
			return cards.Labyrinth(set.Labyrinth(), st)
		})
	})
	add(decks.TheGame, "cards/thegame", noDecks, func() ([]File, []string, error) {
		return cardFile(o, "thegame", "98 Zahlenkarten 2–99 und 4 Startkarten (1, 1, 100, 100)", func(st *layout.Style) (*cards.Set, error) {
			return cards.TheGame(st)
		})
	})
	add(decks.Genial, "cards/genial", gameDecks, func() ([]File, []string, error) {
		return cardFile(o, "genial", "Fragekarten mit gemeinsamer Rückseite", func(st *layout.Style) (*cards.Set, error) {
			return cards.Genial(set.Genial(), st)
		})
	})
	add(decks.Raab, "cards/raab", gameDecks, func() ([]File, []string, error) {
		return cardFile(o, "raab", "Quizkarten aller Spiele (Lösungen auf der Rückseite, wo die Regel sie dort hat)", func(st *layout.Style) (*cards.Set, error) {
			return cards.Raab(set, st)
		})
	})
	if len(o.Cards) == 0 {
		add(decks.Dativ, "decoder", noDecks, func() ([]File, []string, error) { return decoderFile(o) })
		add(decks.Labyrinth, "board", noDecks, func() ([]File, []string, error) { return boardFiles(o) })
		add(decks.Labyrinth, "components/labyrinth", noDecks, func() ([]File, []string, error) { return componentFiles(o, "labyrinth", components.Labyrinth()) })
		add(decks.Dativ, "components/dativ", noDecks, func() ([]File, []string, error) { return componentFiles(o, "dativ", components.Dativ()) })
		add(decks.Genial, "components/genial", noDecks, func() ([]File, []string, error) { return componentFiles(o, "genial", components.Genial()) })
		add(decks.Genial, "track/genial", noDecks, func() ([]File, []string, error) {
			return pageFile(o, "genial/spielplan", "Spielplan: Punkteleiste 0–300 für die Spielfiguren und abc-Feld für die Antwortplättchen", components.GenialTrack)
		})
		for _, g := range []decks.Game{decks.Labyrinth, decks.Dativ, decks.TheGame, decks.Genial, decks.Raab} {
			g := g
			add(g, "rules/"+string(g), noDecks, func() ([]File, []string, error) { return rulesFile(o, g) })
		}
		add(decks.Raab, "hostcards", gameDecks, func() ([]File, []string, error) {
			return cardFile(o, "raab", "Moderationskarten, eine je Spiel", func(st *layout.Style) (*cards.Set, error) {
				return cards.HostCards(set, st)
			}, "moderationskarten")
		})
		// The host sheet and the parts are keyed by what they read of the
		// decks (the cards with hints, the sorting strips), not by the
		// decks whole: an edit of another card reuses them.
		hinted := cards.RaabHintCards(set)
		addReading(decks.Raab, "hostsheet", hinted, func() ([]File, []string, error) { return hostSheetFile(o, hinted) })
		add(decks.Raab, "maps", noDecks, func() ([]File, []string, error) { return mapsFile(o) })
		strips := components.SortStrips(set)
		addReading(decks.Raab, "components/raab", strips, func() ([]File, []string, error) {
			sheets, pages := components.Raab(strips)
			files, _, err := componentFiles(o, "raab", sheets)
			if err != nil {
				return nil, nil, err
			}
			for _, pg := range pages {
				f, err := pagesFile(o, "raab/"+pg.Name, pg)
				if err != nil {
					return nil, nil, err
				}
				files = append(files, f)
			}
			return files, nil, nil
		})
	}
	if o.Mode == layout.Duplex && len(o.Cards) == 0 {
		jobs = append(jobs, job{name: "calibration", run: func() ([]File, []string, error) { return calibrationFile(o) }})
	}

	keys := newKeyer(o.Cache, set, o)
	files := make([][]File, len(jobs))
	warns := make([][]string, len(jobs))
	errs := make([]error, len(jobs))
	var mu sync.Mutex
	done := 0
	inOrder(len(jobs), func(i int) {
		j := jobs[i]
		files[i], warns[i], errs[i] = keys.runCached(j)
		mu.Lock()
		defer mu.Unlock()
		done++
		if o.Progress != nil {
			name := string(j.game)
			if len(files[i]) > 0 {
				name = files[i][0].Path
			}
			o.Progress(done, len(jobs), name)
		}
	})
	var allWarns []string
	for i := range jobs {
		if errs[i] != nil {
			return nil, nil, errs[i]
		}
		for _, w := range warns[i] {
			if !slices.Contains(allWarns, w) { // a style's note, from each file it styles
				allWarns = append(allWarns, w)
			}
		}
	}
	var out []File
	for _, fs := range files {
		out = append(out, fs...)
	}
	if len(o.Cards) == 0 {
		tails, err := gameTails(o, keys, want, out)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, tails...)
	}
	o.Cache.Trim() // keep the cache within its bound; a failure only costs room
	return out, allWarns, nil
}

// gameTails makes the files that list a game's other files among built:
// its box (schachtel.pdf) and its cover with the guide that opens with it.
// They are made once the other files are known, the games side by side,
// and within a game the box, the cover and the guide side by side too —
// the cover lists the box by its path and description, which are known
// before it is drawn. Made one after the other, they were the last 60 ms
// of a Genial daneben build, on one core.
func gameTails(o Options, keys *keyer, want map[decks.Game]bool, built []File) ([]File, error) {
	var games []decks.Game
	for _, g := range decks.Games {
		if len(want) == 0 || want[g] {
			games = append(games, g)
		}
	}
	boxes, covers := make([][]File, len(games)), make([][]File, len(games))
	errs := make([]error, 2*len(games))
	inOrder(2*len(games), func(i int) {
		g := games[i/2]
		if i%2 == 0 {
			if boxed[g] {
				boxes[i/2], _, errs[i] = keys.runCached(job{game: g, name: "box/" + string(g), listing: fileListing(g, built),
					run: func() ([]File, []string, error) { fs, err := boxFile(o, g, built); return fs, nil, err }})
			}
			return
		}
		listed := built
		if boxed[g] {
			entries, err := boxEntries(o, g, built)
			if err != nil {
				errs[i] = err
				return
			}
			listed = append(slices.Clip(built), entries...) // the cover lists the box
		}
		covers[i/2], _, errs[i] = keys.runCached(job{game: g, name: "cover/" + string(g), listing: fileListing(g, listed),
			run: func() ([]File, []string, error) { fs, err := coverAndGuide(o, g, listed); return fs, nil, err }})
	})
	var out []File
	for i := range games {
		for _, err := range errs[2*i : 2*i+2] {
			if err != nil {
				return nil, err
			}
		}
		out = append(append(out, boxes[i]...), covers[i]...)
	}
	return out, nil
}

// fileListing is what a game's cover and box read of the files built for
// it: their paths, descriptions and card counts.
func fileListing(g decks.Game, built []File) []byte {
	var b strings.Builder
	for _, f := range built {
		if strings.HasPrefix(f.Path, string(g)+"/") {
			fmt.Fprintf(&b, "%s\x00%s\x00%d\n", f.Path, f.What, f.Count["Karten"])
		}
	}
	return []byte(b.String())
}

// inOrder runs do(0) … do(n−1) on one worker per core, each worker
// taking the next index, so the longest jobs — added first (the card
// files, the dativ cards before all) — start at once and the short ones
// fill the gaps at the end (started all at once, whichever goroutine ran
// first took a core, and the dativ cards often started last and ran
// alone).
func inOrder(n int, do func(i int)) {
	var wg sync.WaitGroup
	var next atomic.Int64
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				do(i)
			}
		}()
	}
	wg.Wait()
}

// fileSuffix names the layout in the file name.
func fileSuffix(o Options) string {
	s := ""
	switch o.Mode {
	case layout.Gutterfold:
		s = "-falz"
	case layout.Single:
		s = "-einzeln"
	}
	if o.Paper.Name != "a4" {
		s += "-" + o.Paper.Name
	}
	if o.LowInk {
		s += "-sparsam"
	}
	return s
}

// maxSheetsPerFile bounds one PDF: fpdf holds every page in memory until
// it writes the file, so very large decks are split into parts (peak memory
// stays flat however many cards there are).
const maxSheetsPerFile = 150

// cardFile renders one game's cards into one PDF, or into numbered parts
// when there are more than maxSheetsPerFile sheets.
func cardFile(o Options, game, what string, build func(*layout.Style) (*cards.Set, error), name ...string) ([]File, []string, error) {
	base := "karten"
	if len(name) > 0 {
		base = name[0]
	}
	if len(o.Cards) > 0 {
		// A reprint of some cards goes beside the full deck, not over it.
		base, what = base+"-nachdruck", "Nachdruck einzelner Karten: "+what
	}
	st, err := layout.LoadStyle(game, o.Templates)
	if err != nil {
		return nil, nil, err
	}
	st.Resize(o.CardSize)
	cs, err := build(st)
	if err != nil {
		return nil, nil, err
	}
	cs.Cards = selectCards(cs.Cards, o.Cards)
	if len(cs.Cards) == 0 {
		return nil, nil, nil
	}
	perFile := maxSheetsPerFile
	if o.Mode != layout.Single {
		g, err := layout.PlanGrid(o.Paper, cs.Width, cs.Height, o.Gutter, o.Mode)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", game, err)
		}
		perFile *= g.PerSheet()
	}
	parts := (len(cs.Cards) + perFile - 1) / perFile
	var files []File
	for p := 0; p < parts; p++ {
		chunk := cs.Cards[p*perFile : min(len(cs.Cards), (p+1)*perFile)]
		title := decks.Game(game).Title() + " – " + what
		path := game + "/" + base + fileSuffix(o) + ".pdf"
		if parts > 1 {
			title += fmt.Sprintf(" (Teil %d von %d)", p+1, parts)
			path = fmt.Sprintf("%s/%s%s-teil%d.pdf", game, base, fileSuffix(o), p+1)
		}
		data, stats, err := layout.Render(chunk, cs.Width, cs.Height, layout.Options{
			Paper: o.Paper, Mode: o.Mode, ShortEdge: o.ShortEdge, Gutter: o.Gutter,
			BackOffset: o.BackOffset, LowInk: o.LowInk, Title: title, QR: qrStoreOf(o.Cache),
			Faces: faceStoreOf(o, path),
		})
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", game, err)
		}
		count := map[string]int{"Karten": len(chunk)}
		for _, c := range chunk {
			if c.Kind != "" {
				count[c.Kind]++
			}
		}
		files = append(files, File{
			Path:   path,
			What:   what,
			Paper:  paperNote(o, stats),
			Duplex: duplexNote(o, stats),
			Sheets: stats.Sheets,
			Pages:  stats.Pages,
			Grid:   stats.Grid,
			Count:  count,
			Data:   data,
			Faces:  stats.Faces,
		})
	}
	return files, append(cs.Warnings, StyleNotes(st)...), nil
}

// selectCards keeps the cards named by --cards (by any face's ID or the
// card ID that prefixes them).
func selectCards(all []layout.Card, ids []string) []layout.Card {
	if len(ids) == 0 {
		return all
	}
	var out []layout.Card
	for _, c := range all {
		for _, id := range ids {
			id = decks.ParseRef(id).ID
			if matches(c.Front, id) || matches(c.Back, id) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

func matches(f *layout.Face, id string) bool {
	return f != nil && (f.ID == id || strings.HasPrefix(f.ID, id+"-"))
}

func paperNote(o Options, st layout.Stats) string {
	orient := "hoch"
	if st.Grid.Landscape {
		orient = "quer"
	}
	if o.Mode == layout.Single {
		return "Kartengröße mit 3 mm Anschnitt (für die Druckerei)"
	}
	return fmt.Sprintf("%s %s, %d Karten je Blatt", strings.ToUpper(o.Paper.Name[:1])+o.Paper.Name[1:], orient, st.PerSheet)
}

func duplexNote(o Options, st layout.Stats) string {
	switch o.Mode {
	case layout.Gutterfold:
		return "einseitig drucken, in der Mitte falzen, kleben, ausschneiden"
	case layout.Single:
		return "eine Seite je Karte, Vorder- und Rückseite abwechselnd"
	}
	flip := "an der langen Kante wenden"
	if o.ShortEdge {
		flip = "an der kurzen Kante wenden"
	}
	return "beidseitig drucken, " + flip
}

// Index is the kit's README.txt: what each file is and how to print it.
func Index(files []File, o Options) string {
	var b strings.Builder
	b.WriteString("druckreif – Print-and-Play-Set\n")
	b.WriteString("==============================\n\n")
	b.WriteString("Nur für den privaten Gebrauch neben einem Exemplar des Originalspiels.\n")
	b.WriteString("For personal use beside a copy of the original game only.\n\n")
	b.WriteString("So wird gedruckt:\n")
	b.WriteString("- Immer in Originalgröße drucken: „100 %“ bzw. „Tatsächliche Größe“, NICHT „An Seite anpassen“.\n")
	b.WriteString("  Print at 100 % (actual size), never \"fit to page\".\n")
	b.WriteString("- Beidseitige Dateien: im Druckdialog „beidseitig“ mit der angegebenen Wendekante wählen.\n")
	b.WriteString("  Vorher einmal kalibrierung-duplex.pdf drucken; liegt das Kreuz der Rückseite versetzt, an der Skala\n")
	b.WriteString("  ablesen, wie weit rechts (X) und unten (Y) es liegt (mm, von vorn gesehen), und mit\n")
	b.WriteString("  druckreif build --back-offset X,Y ausgleichen (Hochformat messen; Querformat wird umgerechnet).\n")
	b.WriteString("- Geschnitten wird an den Schnittmarken; der Hintergrund läuft 3 mm über den Schnitt hinaus.\n")
	b.WriteString("- Dativ-Kartenspiel: Die Lösung steht verschlüsselt im Streifen unten auf jeder Karte und ist nur\n")
	b.WriteString("  durch rote Folie lesbar. Dafür braucht es einen FARBDRUCKER (auch mit --low-ink bleibt der Streifen\n")
	b.WriteString("  farbig). dativ/decoder.pdf enthält den Decoder zum Falten und einen Kalibrierstreifen: die Stärke\n")
	b.WriteString("  wählen, die durch die Folie gut lesbar ist, und mit --decoder-strength N neu bauen.\n")
	b.WriteString("  The dativ solutions need a colour printer and red film; see dativ/decoder.pdf.\n")
	b.WriteString("- Papier: am einfachsten 160–200 g/m² (zieht fast jeder Drucker ein), die Karten in Kartenhüllen vor eine\n")
	b.WriteString("  alte Spielkarte gesteckt (beidseitige: Vorderseite, Spielkarte, Rückseite). Karton mit 250–300 g/m² nur,\n")
	b.WriteString("  wenn der Drucker ihn einzieht. Jede <spiel>/bauanleitung.pdf sagt, welche Hüllen passen, und erklärt\n")
	b.WriteString("  Duplex-Test, Duplex von Hand und Zusammenbau; Spielpläne und Regeln auf Normalpapier.\n")
	b.WriteString("- Was Papier nicht kann (Buzzer, Sanduhr, The-Game-Assistent, Lösungen ohne rote Folie), übernimmt der\n")
	b.WriteString("  Punktezähler auf den Handys: druckreif serve. Die Drehscheibe gibt es dort auch. Jede <spiel>/LIESMICH.txt\n")
	b.WriteString("  zählt, was gedruckt ist, gegen die Materialliste der Spielregel.\n\n")
	fmt.Fprintf(&b, "%-40s %-8s %-7s %s\n", "Datei", "Blätter", "Seiten", "Inhalt · Papier · Druck")
	sorted := append([]File(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	for _, f := range sorted {
		fmt.Fprintf(&b, "%-40s %-8d %-7d %s\n%49s%s · %s\n", f.Path, f.Sheets, f.Pages, f.What, "", f.Paper, f.Duplex)
	}
	return b.String()
}

// decoderFile is the Decoder frame and the strength calibration strip.
func decoderFile(o Options) ([]File, []string, error) {
	st, err := layout.LoadStyle("dativ", o.Templates)
	if err != nil {
		return nil, nil, err
	}
	data, err := decoder.Sheets(o.Paper, st, strength(o))
	if err != nil {
		return nil, nil, err
	}
	return []File{{Path: "dativ/decoder" + fileSuffix(Options{Paper: o.Paper}) + ".pdf",
		What:  "Decoder-Hülle zum Falten und Kleben (Fenster für rote Folie) und Kalibrierstreifen der Stärken 1–5",
		Paper: strings.ToUpper(o.Paper.Name[:1]) + o.Paper.Name[1:] + ", FARBDRUCKER nötig", Duplex: "einseitig drucken",
		Sheets: 2, Pages: 2, Data: data}}, nil, nil
}

// DefaultBoardSeed is the maze everyone gets unless they choose another:
// the board in the app is the same one.
const DefaultBoardSeed = 1

// boardFiles are the labyrinth board on one A2 or A3 sheet and tiled
// across sheets of the chosen paper.
func boardFiles(o Options) ([]File, []string, error) {
	seed := o.BoardSeed
	if seed == 0 {
		seed = DefaultBoardSeed
	}
	b, err := board.New(seed, o.BoardLength)
	if err != nil {
		return nil, nil, err
	}
	var files []File
	for _, p := range []layout.Paper{layout.A2, layout.A3} {
		data, err := maze.OnePage(b, p)
		if err != nil {
			return nil, nil, err
		}
		what := "Spielplan in Originalgröße"
		if p == layout.A3 {
			what = "Spielplan für A3 (Labyrinth kleiner, Karten- und Chipfelder in Originalgröße; Figuren und Plättchen dazu in figuren-plaettchen-a3.pdf)"
		}
		files = append(files, File{Path: "labyrinth/spielplan-" + p.Name + ".pdf",
			What:  fmt.Sprintf("%s, %d Felder, Labyrinth Nr. %d", what, b.Length, seed),
			Paper: strings.ToUpper(p.Name) + " (Copyshop)", Duplex: "einseitig", Sheets: 1, Pages: 1, Data: data})
	}
	tiles := o.Paper
	if tiles.Name == "universal" {
		tiles = layout.A4
	}
	data, tl, err := maze.Tiles(b, tiles)
	if err != nil {
		return nil, nil, err
	}
	n := tl.Cols * tl.Rows
	files = append(files, File{Path: "labyrinth/spielplan-" + tiles.Name + "-kacheln.pdf",
		What:  fmt.Sprintf("Spielplan in Originalgröße auf %d Blättern zum Zusammenkleben, mit Übersicht", n),
		Paper: strings.ToUpper(tiles.Name[:1]) + tiles.Name[1:], Duplex: "einseitig", Sheets: n + 1, Pages: n + 1, Data: data})
	return files, nil, nil
}

// componentFiles prints a game's punch-out sheets.
func componentFiles(o Options, game string, sheets []components.Sheet) ([]File, []string, error) {
	var files []File
	for _, sh := range components.WithChips(sheets, o.Chips) {
		data, pages, err := pieces.Sheets(o.Paper, sh.Title, sh.Notes, sh.Pieces, o.BackOffset)
		if err != nil {
			return nil, nil, err
		}
		f := componentEntry(o, game, sh)
		f.Sheets, f.Pages, f.Data = sheetCount(pages, f.Duplex), pages, data
		files = append(files, f)
	}
	return files, nil, nil
}

// componentEntries are the files componentFiles makes of sheets, without
// their pages.
func componentEntries(o Options, game string, sheets []components.Sheet) []File {
	var files []File
	for _, sh := range components.WithChips(sheets, o.Chips) {
		files = append(files, componentEntry(o, game, sh))
	}
	return files
}

// componentEntry is a sheet's file without its pages: its path, what it
// holds and how to print it.
func componentEntry(o Options, game string, sh components.Sheet) File {
	duplex := "einseitig drucken"
	for _, pc := range sh.Pieces {
		if pc.Back != nil {
			duplex = "beidseitig drucken, an der langen Kante wenden"
			break
		}
	}
	count := map[string]int{}
	for _, pc := range sh.Pieces {
		count[strings.Fields(pc.Name)[0]]++
	}
	return File{Path: game + "/" + sh.Name + fileSuffix(Options{Paper: o.Paper}) + ".pdf",
		What:  fmt.Sprintf("%s (%d Teile)", strings.TrimPrefix(sh.Title[strings.Index(sh.Title, "–")+len("–"):], " "), len(sh.Pieces)),
		Paper: strings.ToUpper(o.Paper.Name[:1]) + o.Paper.Name[1:], Duplex: duplex, Count: count}
}

func sheetCount(pages int, duplex string) int {
	if strings.HasPrefix(duplex, "beidseitig") {
		return (pages + 1) / 2
	}
	return pages
}

// pageFile prints one page drawn by draw.
func pageFile(o Options, name, what string, draw func(*layout.Canvas) error) ([]File, []string, error) {
	data, err := layout.Pages(o.Paper.W, o.Paper.H, what, []func(*layout.Canvas) error{draw})
	if err != nil {
		return nil, nil, err
	}
	return []File{{Path: name + fileSuffix(Options{Paper: o.Paper}) + ".pdf", What: what,
		Paper: strings.ToUpper(o.Paper.Name[:1]) + o.Paper.Name[1:], Duplex: "einseitig drucken", Sheets: 1, Pages: 1, Data: data}}, nil, nil
}

// pagesFile prints a component made of whole pages.
func pagesFile(o Options, name string, pg components.Page) (File, error) {
	render := layout.Pages
	duplex := "einseitig drucken"
	if pg.Duplex {
		render = layout.PagesDuplex
		duplex = "beidseitig drucken, an der langen Kante wenden"
	}
	data, err := render(o.Paper.W, o.Paper.H, pg.Title, pg.Draw)
	if err != nil {
		return File{}, err
	}
	n := len(pg.Draw)
	return File{Path: name + fileSuffix(Options{Paper: o.Paper}) + ".pdf", What: pg.Title,
		Paper: strings.ToUpper(o.Paper.Name[:1]) + o.Paper.Name[1:], Duplex: duplex, Sheets: sheetCount(n, duplex), Pages: n, Data: data}, nil
}

// hostSheetFile is the host's sheet with the hints of the Tipp-für-Tipp
// sides that print them only in short form; none when every side fits.
func hostSheetFile(o Options, hinted []*decks.RaabCard) ([]File, []string, error) {
	st, err := layout.LoadStyle("raab", o.Templates)
	if err != nil {
		return nil, nil, err
	}
	st.Resize(o.CardSize)
	p := o.Paper
	if p.Name == "universal" {
		p = layout.A4
	}
	draws := cards.RaabHostSheet(hinted, st, p.W, p.H)
	if len(draws) == 0 {
		return nil, nil, nil
	}
	f, err := pagesFile(Options{Paper: p}, "raab/moderationsblatt-tipps", components.Page{
		Name: "moderationsblatt-tipps", Title: "Moderationsblatt „Tipp für Tipp“: die Tipps der Karten in Kurzform", Draw: draws})
	if err != nil {
		return nil, nil, err
	}
	return []File{f}, nil, nil
}

// mapsFile is the three maps of "Wo liegt was?" with their grids.
func mapsFile(o Options) ([]File, []string, error) {
	p := o.Paper
	if p.Name == "universal" {
		p = layout.A4
	}
	data, err := geomap.Sheets(p)
	if err != nil {
		return nil, nil, err
	}
	n := len(geomap.PrintPlans(p))
	return []File{{Path: "raab/landkarten" + fileSuffix(Options{Paper: o.Paper}) + ".pdf",
		What:  "Landkarten Deutschland, Europa, Welt (in zwei Hälften zum Aneinanderlegen) mit Raster für „Wo liegt was?“ (Kartendaten: Natural Earth)",
		Paper: strings.ToUpper(p.Name[:1]) + p.Name[1:], Duplex: "einseitig drucken", Sheets: n, Pages: n, Data: data}}, nil, nil
}

// rulesFile is a game's one-page rules summary.
func rulesFile(o Options, g decks.Game) ([]File, []string, error) {
	draw, err := components.RulesPage(string(g))
	if err != nil {
		return nil, nil, err
	}
	return pageFile(o, string(g)+"/regeln", "Spielregeln auf einer Seite (Zusammenfassung in eigenen Worten)", draw)
}

// boxed are the games whose deck gets a box (schachtel.pdf): the Dativ
// cards are advised without sleeves and Raab's quiz cards stand behind
// their dividers in a shoe box.
var boxed = map[decks.Game]bool{decks.Labyrinth: true, decks.TheGame: true, decks.Genial: true}

// boxFile is the box for a game's deck, for as many cards as built holds
// in the game's card files.
func boxFile(o Options, g decks.Game, built []File) ([]File, error) {
	sh, ok, err := boxSheet(o, g, built)
	if !ok || err != nil {
		return nil, err
	}
	files, _, err := componentFiles(o, string(g), []components.Sheet{sh})
	return files, err
}

// boxEntries are the files boxFile makes, without their pages: what the
// cover lists of them.
func boxEntries(o Options, g decks.Game, built []File) ([]File, error) {
	sh, ok, err := boxSheet(o, g, built)
	if !ok || err != nil {
		return nil, err
	}
	return componentEntries(o, string(g), []components.Sheet{sh}), nil
}

// boxSheet is the sheet of a game's box, sized for its cards among built;
// ok is false when the game has no cards.
func boxSheet(o Options, g decks.Game, built []File) (sh components.Sheet, ok bool, err error) {
	n := 0
	for _, f := range built {
		if strings.HasPrefix(f.Path, string(g)+"/karten") {
			n += f.Count["Karten"]
		}
	}
	if n == 0 {
		return sh, false, nil
	}
	st, err := layout.LoadStyle(string(g), o.Templates)
	if err != nil {
		return sh, false, err
	}
	st.Resize(o.CardSize)
	sh, err = components.DeckBox(g, n, st.Card.Width, st.Card.Height, o.Paper)
	return sh, err == nil, err
}

// coverAndGuide are a game's cover page (deckblatt.pdf), listing the
// game's files among built, and its assembly guide, which opens with the
// same cover.
func coverAndGuide(o Options, g decks.Game, built []File) ([]File, error) {
	pg, err := components.Guide(string(g), o.Paper.W, o.Paper.H)
	if err != nil {
		return nil, err
	}
	suffix := fileSuffix(Options{Paper: o.Paper})
	prefix := string(g) + "/"
	items := []components.CoverItem{
		{Path: "deckblatt" + suffix + ".pdf", What: "dieses Deckblatt"},
		{Path: pg.Name + suffix + ".pdf", What: pg.Title},
	}
	for _, f := range built {
		if strings.HasPrefix(f.Path, prefix) {
			items = append(items, components.CoverItem{Path: strings.TrimPrefix(f.Path, prefix), What: f.What})
		}
	}
	sort.SliceStable(items[2:], func(i, j int) bool { return items[2+i].Path < items[2+j].Path })
	cover, err := components.Cover(g, items, o.LowInk)
	if err != nil {
		return nil, err
	}
	coverPage := components.Page{Name: "deckblatt", Title: "Deckblatt: " + g.Title() + ", mit dem Inhalt der Mappe", Draw: []func(*layout.Canvas) error{cover}}
	pg.Draw = append([]func(*layout.Canvas) error{cover}, pg.Draw...)
	// The two files are drawn side by side.
	pgs := []components.Page{coverPage, pg}
	files := make([]File, len(pgs))
	errs := make([]error, len(pgs))
	inOrder(len(pgs), func(i int) { files[i], errs[i] = pagesFile(o, prefix+pgs[i].Name, pgs[i]) })
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// calibrationFile is the duplex calibration sheet.
func calibrationFile(o Options) ([]File, []string, error) {
	data, err := layout.Calibration(layout.Options{Paper: o.Paper, Mode: o.Mode, ShortEdge: o.ShortEdge,
		BackOffset: o.BackOffset, Title: "Duplex-Kalibrierung"})
	if err != nil {
		return nil, nil, err
	}
	return []File{{Path: "kalibrierung-duplex" + fileSuffix(o) + ".pdf", What: "Kalibrierblatt für den Duplexdruck (Rückseiten-Versatz messen)",
		Paper: strings.ToUpper(o.Paper.Name[:1]) + o.Paper.Name[1:], Duplex: duplexNote(o, layout.Stats{}), Sheets: 1, Pages: 2, Data: data}}, nil, nil
}

// StyleNotes are a style's warnings (keys taken from the built-in style),
// each naming the style file, in German.
func StyleNotes(st *layout.Style) []string {
	var out []string
	for _, w := range st.Warnings {
		out = append(out, st.Source()+": "+w.DE)
	}
	return out
}

// Preflight sets every card of the set without writing a PDF and returns
// what would stop a build: text that does not fit its card even at the
// smallest size, characters the font lacks. `druckreif check` reports these.
func Preflight(set *decks.Set, templatesDir string) []error {
	_, errs := Measure(set, templatesDir)
	return errs
}

// Measure is Preflight that also returns every block of text the cards
// set, with its size in points, for the typographic floor.
func Measure(set *decks.Set, templatesDir string) ([]layout.TextSize, []error) {
	type renderer struct {
		game  string
		build func(*layout.Style) (*cards.Set, error)
	}
	rs := []renderer{
		{"labyrinth", func(st *layout.Style) (*cards.Set, error) { return cards.Labyrinth(set.Labyrinth(), st) }},
		{"dativ", func(st *layout.Style) (*cards.Set, error) {
			return cards.Dativ(set.Dativ(), st, decoder.Band(decoder.DefaultStrength))
		}},
		{"genial", func(st *layout.Style) (*cards.Set, error) { return cards.Genial(set.Genial(), st) }},
		{"raab", func(st *layout.Style) (*cards.Set, error) { return cards.Raab(set, st) }},
	}
	var errs []error
	var sizes []layout.TextSize
	for _, r := range rs {
		st, err := layout.LoadStyle(r.game, templatesDir)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		cs, err := r.build(st)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		sz, es := layout.Measure(cs.Cards, cs.Width, cs.Height)
		sizes = append(sizes, sz...)
		errs = append(errs, es...)
	}
	return sizes, errs
}

// TuneRuntime sets the garbage collector for a build: a build allocates
// much short-lived memory (fpdf makes a compressor per page), so collecting
// less often saves about a quarter of the time, while a soft memory limit
// keeps the peak bounded for very large decks. `druckreif build` calls it;
// the benchmarks call it too, to measure what the command does.
func TuneRuntime() {
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(200 << 20)
}

func strength(o Options) decoder.Strength {
	if o.DecoderStrength.Valid() {
		return o.DecoderStrength
	}
	return decoder.DefaultStrength
}
