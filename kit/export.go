package kit

import (
	"fmt"
	"sort"
	"sync"

	"druckreif/board"
	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/cards"
	"druckreif/layout/components"
	"druckreif/layout/decoder"
	"druckreif/layout/geomap"
	"druckreif/layout/maze"
	"druckreif/layout/pieces"
	"druckreif/preflight"
)

// ExportOptions are the choices of druckreif export that every profile
// shares: which games, decks and styles.
type ExportOptions struct {
	Games           []decks.Game // empty: all
	Templates       string
	DecoderStrength decoder.Strength
	CardSize        layout.CardSize
	// Progress, when set, is told about every finished file.
	Progress func(done, total int, file string)
}

// Profile is one kind of export (druckreif export PROFILE): it turns the
// parts of each game into files and checks what it made. The print shop
// profiles (pdfx, pdfx1a) are here; others (images per card, decks for a
// digital table) add their own.
type Profile interface {
	// Name is the profile's name on the command line, and the export
	// folder's (out/export/NAME).
	Name() string
	// Band is the solution band the dativ cards are printed with.
	Band(s decoder.Strength) cards.SolutionBand
	// Jobs are the files of one game, each rendered by its own call; the
	// kit runs them on every core.
	Jobs(g *GameParts) []ExportJob
	// Check preflights the files the profile made, before anything is
	// written: errors stop the export.
	Check(files []File) []Problem
	// Readme is the export folder's README.txt.
	Readme(files []File) string
}

// ExportJob renders one file of an export.
type ExportJob struct {
	Path string
	Run  func() (File, error)
}

// Problem is what a check found in a file, as druckreif preflight prints
// it.
type Problem = preflight.Problem

// GameParts are everything of one game that is printed, as drawings: its
// decks of cards, its punch-out pieces and its whole sheets.
type GameParts struct {
	Game     decks.Game
	Style    *layout.Style // the game's card style, with its colours' inks
	Decks    []Deck
	Pieces   []pieces.Piece
	Sheets   []Sheet
	Warnings []string
}

// Deck is a game's cards of one kind and size.
type Deck struct {
	Name  string // "karten", "moderationskarten"
	What  string
	Cards []layout.Card
	W, H  float64
}

// Sheet is a component printed as one whole page: the board, a track, the
// spinner, a map, the rules.
type Sheet struct {
	Name  string // "spielplan-a2", "regeln"
	Title string
	W, H  float64
	Draw  func(c *layout.Canvas) error
}

// Parts collects the parts of the games o chooses, drawn as p prints them.
func Parts(set *decks.Set, o ExportOptions, p Profile) ([]*GameParts, error) {
	if o.DecoderStrength != 0 && !o.DecoderStrength.Valid() {
		return nil, errorf("--decoder-strength %d: erlaubt sind 1 bis 5", "--decoder-strength %d: allowed are 1 to 5", o.DecoderStrength)
	}
	s := o.DecoderStrength
	if !s.Valid() {
		s = decoder.DefaultStrength
	}
	want := map[decks.Game]bool{}
	for _, g := range o.Games {
		want[g] = true
	}
	var out []*GameParts
	for _, g := range []decks.Game{decks.Labyrinth, decks.Dativ, decks.TheGame, decks.Genial, decks.Raab} {
		if len(want) > 0 && !want[g] {
			continue
		}
		gp, err := gameParts(set, g, o, p.Band(s))
		if err != nil {
			return nil, err
		}
		out = append(out, gp)
	}
	return out, nil
}

func gameParts(set *decks.Set, g decks.Game, o ExportOptions, band cards.SolutionBand) (*GameParts, error) {
	st, err := layout.LoadStyle(string(g), o.Templates)
	if err != nil {
		return nil, err
	}
	st.Resize(o.CardSize)
	gp := &GameParts{Game: g, Style: st}
	deck := func(name, what string, build func(*layout.Style) (*cards.Set, error)) error {
		cs, err := build(st)
		if err != nil {
			return fmt.Errorf("%s: %w", g, err)
		}
		gp.Decks = append(gp.Decks, Deck{Name: name, What: what, Cards: cs.Cards, W: cs.Width, H: cs.Height})
		gp.Warnings = append(gp.Warnings, cs.Warnings...)
		return nil
	}
	a4 := layout.A4
	sheet := func(name, title string, draw func(*layout.Canvas) error) {
		gp.Sheets = append(gp.Sheets, Sheet{Name: name, Title: title, W: a4.W, H: a4.H, Draw: draw})
	}
	addPieces := func(sheets []components.Sheet) {
		for _, sh := range sheets {
			gp.Pieces = append(gp.Pieces, sh.Pieces...)
		}
	}
	switch g {
	case decks.Labyrinth:
		if err := deck("karten", "Fragekarten", func(st *layout.Style) (*cards.Set, error) { return cards.Labyrinth(set.Labyrinth(), st) }); err != nil {
			return nil, err
		}
		addPieces(components.Labyrinth())
		b, err := board.New(DefaultBoardSeed, 0)
		if err != nil {
			return nil, err
		}
		plan, err := maze.NewPlan(b, layout.A2)
		if err != nil {
			return nil, err
		}
		gp.Sheets = append(gp.Sheets, Sheet{Name: "spielplan-a2", Title: "Spielplan (A2)", W: layout.A2.W, H: layout.A2.H,
			Draw: func(c *layout.Canvas) error { plan.Draw(c, 0, 0); return nil }})
	case decks.Dativ:
		if err := deck("karten", "Satzkarten", func(st *layout.Style) (*cards.Set, error) { return cards.Dativ(set.Dativ(), st, band) }); err != nil {
			return nil, err
		}
		addPieces(components.Dativ())
		sheet("decoder", "Decoder-Hülle", decoder.Sleeve(st))
	case decks.TheGame:
		if err := deck("karten", "Zahlenkarten", cards.TheGame); err != nil {
			return nil, err
		}
	case decks.Genial:
		if err := deck("karten", "Fragekarten", func(st *layout.Style) (*cards.Set, error) { return cards.Genial(set.Genial(), st) }); err != nil {
			return nil, err
		}
		addPieces(components.Genial())
		sheet("spielplan", "Spielplan", components.GenialTrack)
	case decks.Raab:
		if err := deck("karten", "Quizkarten", func(st *layout.Style) (*cards.Set, error) { return cards.Raab(set, st) }); err != nil {
			return nil, err
		}
		if err := deck("moderationskarten", "Moderationskarten", func(st *layout.Style) (*cards.Set, error) { return cards.HostCards(set, st) }); err != nil {
			return nil, err
		}
		sheets, pages := components.Raab(components.SortStrips(set))
		addPieces(sheets)
		for _, pg := range pages {
			for i, d := range pg.Draw {
				name := pg.Name
				if len(pg.Draw) > 1 {
					name = fmt.Sprintf("%s-%d", pg.Name, i+1)
				}
				sheet(name, pg.Title, d)
			}
		}
		for _, m := range geomap.Plans(a4) {
			gp.Sheets = append(gp.Sheets, Sheet{Name: "landkarte", Title: m.Title(), W: m.PageW, H: m.PageH, Draw: m.Draw})
		}
	}
	rules, err := components.RulesPage(string(g))
	if err != nil {
		return nil, err
	}
	sheet("regeln", "Spielregeln", rules)
	return gp, nil
}

// Export renders the files of an export with profile p and checks each
// with the profile's preflight; it writes nothing (see OpenOutput and
// Output.CommitExport). Problems that are errors are returned with an
// error: an export a print shop would refuse is not written.
func Export(set *decks.Set, o ExportOptions, p Profile) ([]File, []string, []Problem, error) {
	parts, err := Parts(set, o, p)
	if err != nil {
		return nil, nil, nil, err
	}
	var jobs []ExportJob
	var warns []string
	for _, gp := range parts {
		jobs = append(jobs, p.Jobs(gp)...)
		warns = append(warns, gp.Warnings...)
	}
	files := make([]File, len(jobs))
	errs := make([]error, len(jobs))
	var mu sync.Mutex
	done := 0
	inOrder(len(jobs), func(i int) {
		files[i], errs[i] = jobs[i].Run()
		mu.Lock()
		defer mu.Unlock()
		done++
		if o.Progress != nil {
			o.Progress(done, len(jobs), jobs[i].Path)
		}
	})
	for i := range jobs {
		if errs[i] != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", jobs[i].Path, errs[i])
		}
	}
	sort.SliceStable(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	all := p.Check(files)
	failed := 0
	for _, pr := range all {
		if pr.Error {
			failed++
		}
	}
	if failed > 0 {
		return nil, warns, all, errorf("die Prüfung der eigenen Dateien fand %d Fehler; nichts geschrieben",
			"the check of its own files found %d errors; nothing written", failed)
	}
	return files, warns, all, nil
}
