package kit

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"druckreif/decks"
	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/layout/components"
)

func defaultSet(t testing.TB) *decks.Set {
	t.Helper()
	set, probs := decks.LoadSet(decks.Options{})
	if set == nil {
		t.Fatal(probs)
	}
	return set
}

func build(t testing.TB, set *decks.Set, o Options) map[string]File {
	t.Helper()
	if o.Paper.Name == "" {
		o.Paper = layout.A4
	}
	files, _, err := Build(set, o)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]File{}
	for _, f := range files {
		m[f.Path] = f
	}
	return m
}

func TestKitHasEveryGame(t *testing.T) {
	files := build(t, defaultSet(t), Options{})
	for _, name := range []string{"kalibrierung-duplex.pdf", "dativ/decoder.pdf"} {
		if _, ok := files[name]; !ok {
			t.Errorf("kit lacks %s", name)
		}
	}
	for _, g := range decks.Games {
		for _, base := range []string{"karten.pdf", "regeln.pdf", "bauanleitung.pdf"} {
			if _, ok := files[string(g)+"/"+base]; !ok {
				t.Errorf("kit lacks %s/%s", g, base)
			}
		}
	}
	// The Game: 102 cards at eight a sheet (A4 landscape, room for 5 mm
	// crop marks) are 13 sheets, 26 pages.
	if f := files["thegame/karten.pdf"]; f.Sheets != 13 || f.Pages != 26 {
		t.Errorf("thegame: %d sheets, %d pages", f.Sheets, f.Pages)
	}
	var list []File
	for _, f := range files {
		list = append(list, f)
		// The default kit prints only characters of the cut fonts'
		// repertoire (layout/fontcut.go): a file that embeds a whole style
		// pays for parsing it, and shows the repertoire lacks something.
		if bytes.Contains(f.Data, []byte("+DejaVuCfull")) {
			t.Errorf("%s embeds a whole style of the font: a character outside the repertoire", f.Path)
		}
	}
	index := Index(list, Options{Paper: layout.A4})
	for _, want := range []string{"labyrinth/karten.pdf", "100 %", "privaten Gebrauch", "kalibrierung-duplex.pdf", "an der langen Kante wenden"} {
		if !strings.Contains(index, want) {
			t.Errorf("index lacks %q", want)
		}
	}
}

// Every QR code printed on a card decodes to the ID printed beside it, and
// that ID names the same card in the decks (and so in the app). Pages are
// rendered by poppler; each card cell is decoded on its own with a pure-Go
// QR reader, which is robust where a page holds nine codes in a row.
func TestEveryQRCodeDecodesToItsCard(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	set := defaultSet(t)
	files := build(t, set, Options{})
	dir := t.TempDir()
	const dpi = 200
	total := 0
	for _, name := range []string{"labyrinth/karten.pdf", "dativ/karten.pdf", "genial/karten.pdf", "raab/karten.pdf", "thegame/karten.pdf"} {
		f := files[name]
		path := filepath.Join(dir, strings.ReplaceAll(name, "/", "-"))
		os.WriteFile(path, f.Data, 0o644)
		prefix := filepath.Join(dir, strings.TrimSuffix(filepath.Base(path), ".pdf"))
		// Grey PGM: poppler writes it five times faster than PNG. Where
		// every back is the common one, which carries no code, only the
		// fronts (the odd pages) are read.
		args := []string{"-r", fmt.Sprint(dpi), "-gray"}
		pages := f.Pages
		if name == "genial/karten.pdf" || name == "thegame/karten.pdf" {
			args, pages = append(args, "-o"), (f.Pages+1)/2
		}
		tooltest.Run(t, "pdftoppm", append(args, path, prefix)...)
		pngs, _ := filepath.Glob(prefix + "-*.pgm")
		sort.Strings(pngs)
		if len(pngs) != pages {
			t.Fatalf("%s: %d pages rendered, %d expected", name, len(pngs), pages)
		}
		seen := map[string]bool{}
		for _, png := range pngs {
			for _, c := range decodeCells(t, png, f.Grid, dpi) {
				ref := decks.ParseRef(c)
				found, warn := set.Find(ref)
				if found == nil || warn != nil {
					t.Errorf("%s: QR %q names no current card", name, c)
				}
				seen[ref.ID] = true
				total++
			}
		}
		// Every card face with content has its code (common backs have none).
		for _, id := range expectedFaces(set, name) {
			if !seen[id] {
				t.Errorf("%s: QR of %s not found", name, id)
			}
		}
	}
	t.Logf("%d QR codes decoded", total)
}

// decodeCells reads the QR code of every card cell of a rendered page.
func decodeCells(t *testing.T, pngPath string, g layout.Grid, dpi float64) []string {
	t.Helper()
	img := readPGM(t, pngPath)
	px := dpi / 25.4
	var out []string
	reader := qrcode.NewQRCodeReader()
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			for _, mirrored := range []bool{false, true} {
				if mirrored && !g.Fold {
					continue
				}
				x, y := g.CardPos(c, r)
				if mirrored {
					x = g.MirrorX(x)
				}
				rect := image.Rect(int(x*px), int(y*px), int((x+g.CardW)*px), int((y+g.CardH)*px))
				// The hybrid binarizer first, then the global one: on a busy
				// card face (the Dativ cards' hidden solution band) one of
				// them can miss a code the other reads.
				src := gozxing.NewLuminanceSourceFromImage(img.SubImage(rect))
				for _, binarize := range []func(gozxing.LuminanceSource) gozxing.Binarizer{
					gozxing.NewHybridBinarizer, gozxing.NewGlobalHistgramBinarizer} {
					bmp, err := gozxing.NewBinaryBitmap(binarize(src))
					if err != nil {
						t.Fatal(err)
					}
					if res, err := reader.Decode(bmp, nil); err == nil {
						out = append(out, res.GetText())
						break
					}
				} // no code: an empty cell or a common back
			}
		}
	}
	return out
}

// readPGM reads a binary PGM (P5) as poppler writes it.
func readPGM(t *testing.T, path string) *image.Gray {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var w, h, maxv int
	f := strings.Fields(string(data[:min(len(data), 32)]))
	if len(f) < 4 || f[0] != "P5" {
		t.Fatalf("%s: not a binary PGM", path)
	}
	fmt.Sscan(f[1], &w)
	fmt.Sscan(f[2], &h)
	fmt.Sscan(f[3], &maxv)
	if maxv != 255 || w*h > len(data) {
		t.Fatalf("%s: not an 8-bit PGM", path)
	}
	pix := data[len(data)-w*h:]
	return &image.Gray{Pix: pix, Stride: w, Rect: image.Rect(0, 0, w, h)}
}

func expectedFaces(set *decks.Set, file string) []string {
	var ids []string
	switch file {
	case "labyrinth/karten.pdf":
		for _, c := range set.Labyrinth() {
			ids = append(ids, c.Sides[0].ID, c.Sides[1].ID)
		}
	case "dativ/karten.pdf":
		for _, c := range set.Dativ() {
			ids = append(ids, c.Sides[0].ID, c.Sides[1].ID)
		}
	case "genial/karten.pdf":
		for _, c := range set.Genial() {
			ids = append(ids, c.ID)
		}
	case "raab/karten.pdf":
		for _, c := range set.Raab() {
			ids = append(ids, c.SideID(false))
		}
	case "thegame/karten.pdf":
		for _, c := range decks.TheGameDeck() {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// A question too long for its card stops the build with the card's ID and
// the cell it came from.
func TestOverflowStopsTheBuild(t *testing.T) {
	dir := t.TempDir()
	writeDeck(t, dir, strings.Repeat("Sehr lange Frage ", 60))
	d, probs := decks.LoadPath(dir)
	if d == nil {
		t.Fatal(probs)
	}
	set, _ := decks.Combine(d)
	_, _, err := Build(set, Options{Paper: layout.A4, Games: []decks.Game{decks.Labyrinth}})
	want := "LAB-LONG-1-GR (" + dir + "/Karten.csv: Karten: Zeile 2: Spalte Frage): der Text passt nicht auf die Karte"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	errs := Preflight(set, "")
	if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "LAB-LONG-1-GR (") {
		t.Fatalf("preflight: %v", errs)
	}
}

func writeDeck(t *testing.T, dir, question string) {
	t.Helper()
	os.WriteFile(filepath.Join(dir, "Deck.csv"), []byte("Spiel,labyrinth\nName,Lang\nKennung,LONG\nVersion,1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "Karten.csv"), []byte(fmt.Sprintf(
		"Nr,Seite,Typ,Frage,A,B,C,Richtig\n1,grün,normal,%s,a,b,c,A\n1,gelb,normal,Kurz?,a,b,c,B\n", question)), 0o644)
}

// Long German compounds are hyphenated on the printed card.
func TestPrintedTextIsHyphenated(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	dir := t.TempDir()
	writeDeck(t, dir, "Was bedeutet Donaudampfschifffahrtsgesellschaftskapitänsmütze genau?")
	d, _ := decks.LoadPath(dir)
	set, _ := decks.Combine(d)
	files := build(t, set, Options{Games: []decks.Game{decks.Labyrinth}})
	path := filepath.Join(t.TempDir(), "k.pdf")
	os.WriteFile(path, files["labyrinth/karten.pdf"].Data, 0o644)
	text := string(tooltest.Run(t, "pdftotext", "-raw", "-f", "1", "-l", "1", path, "-"))
	if !hyphenatedBreak(text) {
		t.Fatalf("no hyphenated line break in:\n%s", text)
	}
}

// hyphenatedBreak looks for the compound divided at its pattern points:
// "Donau-" / "dampfschifffahrtsge-" / "sellschaftskapitäns-" / "mütze genau?"
// (widow control keeps "genau?" from standing alone, which decides the
// points after the first).
func hyphenatedBreak(text string) bool {
	return strings.Contains(text, "Donau-\n") && strings.Count(text, "-\n") >= 2 &&
		strings.Contains(strings.ReplaceAll(text, "-\n", ""), "Donaudampfschifffahrtsgesellschaftskapitänsmütze")
}

func TestReprintSelectedCards(t *testing.T) {
	files := build(t, defaultSet(t), Options{Cards: []string{"LAB-STD-3", "gen-std-7", "TG-1B"}})
	if len(files) != 3 {
		t.Fatalf("%d files", len(files))
	}
	for name, f := range files {
		if f.Sheets != 1 {
			t.Errorf("%s: %d sheets", name, f.Sheets)
		}
	}
	if _, ok := files["kalibrierung-duplex.pdf"]; ok {
		t.Error("a reprint needs no calibration sheet")
	}
}

func TestLowInkAndLayoutsBuild(t *testing.T) {
	set := defaultSet(t)
	for _, o := range []Options{
		{LowInk: true, Games: []decks.Game{decks.Genial}},
		{Mode: layout.Gutterfold, Games: []decks.Game{decks.Raab}},
		{Mode: layout.Single, Games: []decks.Game{decks.TheGame}},
		{Paper: layout.Letter, Games: []decks.Game{decks.Dativ}},
		{Paper: layout.Universal, Gutter: 8, Games: []decks.Game{decks.Labyrinth}},
	} {
		files := build(t, set, o)
		for name := range files {
			if strings.Contains(name, "/karten") && !strings.Contains(name, fileSuffix(withPaper(o))) {
				t.Errorf("%s does not say its layout (%q)", name, fileSuffix(withPaper(o)))
			}
		}
	}
}

func withPaper(o Options) Options {
	if o.Paper.Name == "" {
		o.Paper = layout.A4
	}
	return o
}

func writeFileB(b testing.TB, path, s string) {
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		b.Fatal(err)
	}
}

// Very large decks are split into parts so memory stays bounded.
func TestLargeDecksAreSplit(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 1,400 cards")
	}
	g, err := layout.PlanGrid(layout.A4, 63, 88, 0, layout.Duplex)
	if err != nil {
		t.Fatal(err)
	}
	// One full part of cards and five cards more: a second part of one sheet.
	set := synthetic(t, g.PerSheet()*maxSheetsPerFile+5)
	files := build(t, set, Options{Games: []decks.Game{decks.Labyrinth}})
	a, b := files["labyrinth/karten-teil1.pdf"], files["labyrinth/karten-teil2.pdf"]
	_, whole := files["labyrinth/karten.pdf"]
	if whole || a.Sheets != maxSheetsPerFile || b.Sheets != 1 {
		t.Fatalf("parts: %d and %d sheets (one file: %v)", a.Sheets, b.Sheets, whole)
	}
}

// rulebookComponents reads a rulebook's component list.
func rulebookComponents(t *testing.T, file, start, end string, bullet string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "rulebooks", file))
	if err != nil {
		tooltest.Need(t, "rulebooks-in-../shared") // skips without the rulebooks, fails in CI
	}
	text := string(data)
	i := strings.Index(text, "\n"+start+"\n")
	j := strings.Index(text[i+1:], "\n"+end+"\n")
	var out []string
	for _, l := range strings.Split(text[i+len(start)+2:i+1+j], "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		out = append(out, strings.TrimSpace(strings.TrimPrefix(l, bullet)))
	}
	return out
}

// Every component the rulebooks list is printed by the kit, or named in the
// kit index as provided by the scorer or the players.
func TestComponentChecklist(t *testing.T) {
	lists := map[decks.Game][]string{
		decks.Labyrinth: rulebookComponents(t, "labyrinth.txt", "Components", "Cards", "- "),
		decks.Dativ:     rulebookComponents(t, "dativ-cards.txt", "Components", "Setup", "• "),
		decks.Raab:      rulebookComponents(t, "raab-quiz.txt", "Game Material", "Basic Rules", ""),
	}
	for g, names := range lists {
		if len(names) < 5 {
			t.Fatalf("%s: read only %d components from the rulebook", g, len(names))
		}
		for _, n := range names {
			found := false
			for _, c := range Checklists[g] {
				if c.Rulebook == n {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: rulebook component %q is not in the kit's checklist", g, n)
			}
		}
	}
	files := build(t, defaultSet(t), Options{})
	var list []File
	for _, f := range files {
		list = append(list, f)
	}
	for g, comps := range Checklists {
		for _, c := range comps {
			if c.Source != Printed {
				if c.Note == "" && c.Source == Players {
					t.Errorf("%s: %q is left to the players without a note", g, c.Rulebook)
				}
				continue
			}
			ok := false
			for _, f := range list {
				for _, pre := range c.Files {
					if strings.HasPrefix(f.Path, pre) {
						ok = true
					}
				}
			}
			if !ok {
				t.Errorf("%s: %q should be printed, but no file %v is in the kit", g, c.Rulebook, c.Files)
			}
		}
		index := GameIndex(g, list)
		if strings.Contains(index, "[ ]") {
			t.Errorf("%s: the index marks a component missing:\n%s", g, index)
		}
	}
}

// An answer word too long for a line is divided as the last resort — the
// Genial deck builds without soft hyphens — unless the card is marked
// Wörtlich: then the build stops naming the card and the cell.
func TestLongAnswerWordIsHyphenatedUnlessVerbatim(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	const word = "Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung"
	deck := func(verbatim string) *decks.Set {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "Deck.csv"), []byte("Spiel,genial\nName,Lang\nKennung,LONG\nVersion,1\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "Fragen.csv"), []byte(fmt.Sprintf(
			"Nr,Frage,a,b,c,Richtig,Wörtlich\n1,Wie heißt die Verordnung?,%s,Die Bauordnung,Die Grundbuchordnung,a,%s\n", word, verbatim)), 0o644)
		d, probs := decks.LoadPath(dir)
		if d == nil {
			t.Fatal(probs)
		}
		set, _ := decks.Combine(d)
		return set
	}
	files := build(t, deck(""), Options{Games: []decks.Game{decks.Genial}, Cards: []string{"GEN-LONG-1"}})
	path := filepath.Join(t.TempDir(), "g.pdf")
	os.WriteFile(path, files["genial/karten-nachdruck.pdf"].Data, 0o644) // a reprint of the one card
	text := string(tooltest.Run(t, "pdftotext", "-raw", "-f", "1", "-l", "1", path, "-"))
	joined := strings.ReplaceAll(strings.ReplaceAll(text, "-\n", ""), "\n", " ")
	if !strings.Contains(text, "-\n") || !strings.Contains(joined, word) {
		t.Fatalf("the answer is not divided with hyphens:\n%s", text)
	}
	_, _, err := Build(deck("ja"), Options{Paper: layout.A4, Games: []decks.Game{decks.Genial}})
	if err == nil || !strings.Contains(err.Error(), "GEN-LONG-1 (") || !strings.Contains(err.Error(), "Spalte a") || !strings.Contains(err.Error(), "zu breit") {
		t.Fatalf("a verbatim card must fail naming the card and cell, got %v", err)
	}
}

// The checklists count what the build printed against the rulebook, in
// German: where the default decks print fewer cards than the original has
// (the Raab quiz cards), the list says so with the numbers.
func TestChecklistCountsWhatIsPrinted(t *testing.T) {
	set := defaultSet(t)
	files := build(t, set, Options{})
	var list []File
	for _, f := range files {
		list = append(list, f)
	}
	risk, bull := 0, 0
	for _, c := range set.Labyrinth() {
		switch c.Kind {
		case decks.Risk:
			risk++
		case decks.Lingutaurus:
			bull++
		}
	}
	raabMark := "[x]"
	if len(set.Raab()) < 233 {
		raabMark = "[~]"
	}
	mark := "[x]" // as many as the rulebook's, or more
	if len(set.Labyrinth()) < 220 || bull < 25 || risk < 25 {
		mark = "[~]"
	}
	for g, want := range map[decks.Game][]string{
		decks.Labyrinth: {
			fmt.Sprintf("%s 220 beidseitig bedruckte Fragekarten, davon 25 Lingutaurus- und 25 Risikokarten – gedruckt: %d von 220 Karten, %d von 25 Lingutaurus-Karten, %d von 25 Risikokarten in karten.pdf", mark, len(set.Labyrinth()), bull, risk),
			"[x] 30 Einsatzchips in sechs Farben, je Farbe die Werte 1 bis 5 – gedruckt: 30 von 30 Chips",
		},
		decks.Dativ:   {fmt.Sprintf("gedruckt: %d von 180 Karten (je zwei Sätze)", len(set.Dativ())), "[x] 100 Punktechips – gedruckt: 100 von 100 Chips"},
		decks.TheGame: {"[x] 98 Zahlenkarten 2–99 und vier Startkarten (zweimal 1, zweimal 100) – gedruckt: 102 von 102 Karten", "[x] digitaler Assistent – im Punktezähler (druckreif serve)"},
		decks.Genial:  {fmt.Sprintf("gedruckt: %d Karten in karten.pdf", len(set.Genial())), "abc-Feld"},
		decks.Raab: {
			fmt.Sprintf("%s 240 Quiz- und Spielkarten: 233 Quizkarten (mit oranger Ecke), 4 Teamplayer-Karten, 3 Wild Cards – gedruckt: %d von 233 Quizkarten, 4 von 4 Teamplayer-Karten, 3 von 3 Wild Cards", raabMark, len(set.Raab())),
			"[x] 1 Buzzer – im Punktezähler (druckreif serve): ", "[x] 1 Sanduhr – im Punktezähler (druckreif serve): ",
		},
	} {
		index := GameIndex(g, list)
		for _, w := range want {
			if !strings.Contains(index, w) {
				t.Errorf("%s: the index lacks %q:\n%s", g, w, index)
			}
		}
		// German throughout: no line of the rulebooks' English translation.
		for _, c := range Checklists[g] {
			if c.DE == "" || (c.Rulebook != c.DE && strings.Contains(index, c.Rulebook)) {
				t.Errorf("%s: %q is printed in English", g, c.Rulebook)
			}
		}
	}
	// A reprint of three cards says so.
	files = build(t, set, Options{Cards: []string{"LAB-STD-3", "LAB-STD-4", "LAB-STD-5"}})
	list = nil
	for _, f := range files {
		list = append(list, f)
	}
	if index := GameIndex(decks.Labyrinth, list); !strings.Contains(index, "gedruckt: 3 von 220 Karten") {
		t.Errorf("a reprint of three cards:\n%s", index)
	}
}

// Every game has a cover page listing the files of its folder, and its
// assembly guide opens with the same cover.
func TestCoverListsTheGamesFiles(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	files := build(t, defaultSet(t), Options{})
	pageText := func(f File, page int) string {
		path := filepath.Join(t.TempDir(), "p.pdf")
		os.WriteFile(path, f.Data, 0o644)
		p := strconv.Itoa(page)
		return strings.Join(strings.Fields(string(tooltest.Run(t, "pdftotext", "-f", p, "-l", p, path, "-"))), " ")
	}
	for _, g := range decks.Games {
		cover, ok := files[string(g)+"/deckblatt.pdf"]
		if !ok {
			t.Errorf("kit lacks %s/deckblatt.pdf", g)
			continue
		}
		if cover.Pages != 1 {
			t.Errorf("%s: cover of %d pages", g, cover.Pages)
		}
		text := pageText(cover, 1)
		for path := range files {
			if name, ok := strings.CutPrefix(path, string(g)+"/"); ok && !strings.HasSuffix(name, ".txt") && !strings.Contains(text, name) {
				t.Errorf("%s: the cover does not list %s", g, name)
			}
		}
		if guide := pageText(files[string(g)+"/bauanleitung.pdf"], 1); guide != text {
			t.Errorf("%s: the guide's first page is not the cover:\n%s\n---\n%s", g, guide, text)
		}
	}
}

// The cover lists a game's box before the box is drawn (they are drawn
// side by side): what it lists is what the box file holds.
func TestBoxEntriesAreTheBoxFiles(t *testing.T) {
	for _, o := range []Options{{Paper: layout.A4}, {Paper: layout.Letter, Chips: components.SquareChips, CardSize: layout.USPoker}} {
		for g := range boxed {
			built := []File{{Path: string(g) + "/karten.pdf", Count: map[string]int{"Karten": 130}}}
			entries, err := boxEntries(o, g, built)
			if err != nil {
				t.Fatal(err)
			}
			files, err := boxFile(o, g, built)
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != len(files) || len(files) == 0 {
				t.Fatalf("%s: %d entries, %d files", g, len(entries), len(files))
			}
			for i, f := range files {
				e := entries[i]
				if e.Path != f.Path || e.What != f.What || e.Duplex != f.Duplex || e.Paper != f.Paper || fmt.Sprint(e.Count) != fmt.Sprint(f.Count) {
					t.Errorf("%s: listed %+v, drawn %s %q %q %q %v", g, e, f.Path, f.What, f.Duplex, f.Paper, f.Count)
				}
			}
		}
		if entries, err := boxEntries(o, decks.Genial, nil); err != nil || len(entries) != 0 {
			t.Errorf("a game without cards: box entries %v, %v", entries, err)
		}
	}
}
