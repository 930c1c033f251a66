package kit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/internal/tooltest"
	"druckreif/kit/cache"
	"druckreif/layout"
)

// cacheDeckDir writes a Genial daneben deck of n cards into a folder and
// returns it, so a test can edit one card and load it again.
func cacheDeckDir(t testing.TB, n int) string {
	t.Helper()
	dir := t.TempDir()
	writeFileB(t, dir+"/Deck.csv", "Spiel,genial\nName,Cachetest\nKennung,CACHE\nVersion,1\n")
	var sb strings.Builder
	sb.WriteString("Nr,Frage,a,b,c,Richtig\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, "%d,Welche Antwort ist bei Frage %d die richtige?,Die erste Antwort %d,Die zweite,Die dritte,a\n", i, i, i)
	}
	writeFileB(t, dir+"/Fragen.csv", sb.String())
	return dir
}

func loadDir(t testing.TB, dirs ...string) *decks.Set {
	t.Helper()
	var ds []*decks.Deck
	for _, dir := range dirs {
		d, probs := decks.LoadPath(dir)
		if d == nil {
			t.Fatal(probs)
		}
		ds = append(ds, d)
	}
	set, probs := decks.Combine(ds...)
	if len(probs.Errors()) > 0 {
		t.Fatal(probs)
	}
	return set
}

func editCard(t testing.TB, dir string, from, to string) {
	t.Helper()
	name := dir + "/Fragen.csv"
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(from)) {
		t.Fatalf("%q not in the deck", from)
	}
	writeFileB(t, name, string(bytes.Replace(data, []byte(from), []byte(to), 1)))
}

func openCache(t testing.TB, dir string) *cache.Cache {
	t.Helper()
	c, err := cache.Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func drawn(files map[string]File) []string {
	var out []string
	for p, f := range files {
		if !f.Cached {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// samePages renders both PDFs and compares them page for page, as a
// reader sees them: fpdf writes the fonts' objects in varying order, so
// the bytes of two drawings of the same pages differ; and a face kept in
// the build cache is a form object whose coordinates fpdf rounds from the
// card's corner instead of the page's, which moves a glyph by less than a
// thousandth of a millimetre — enough for the renderer to snap a line of
// small text to the next pixel row. So every pixel must match a pixel of
// the other page at most one pixel away within a quarter of the grey
// scale, both ways; a changed word, a missing glyph or a moved block does
// not.
func samePages(t *testing.T, name string, a, b []byte) {
	t.Helper()
	dir := t.TempDir()
	render := func(tag string, data []byte) []string {
		pdf := filepath.Join(dir, tag+".pdf")
		os.WriteFile(pdf, data, 0o644)
		tooltest.Run(t, "pdftoppm", "-r", "60", "-gray", pdf, filepath.Join(dir, tag)) // 60 dpi: a QR module is a pixel
		pages, _ := filepath.Glob(filepath.Join(dir, tag+"-*.pgm"))
		sort.Strings(pages)
		return pages
	}
	pa, pb := render("a", a), render("b", b)
	if len(pa) != len(pb) || len(pa) == 0 {
		t.Fatalf("%s: %d pages against %d", name, len(pa), len(pb))
	}
	for i := range pa {
		ga, gb := readPGM(t, pa[i]), readPGM(t, pb[i])
		if bad, x, y := unmatchedPixels(ga, gb, 64); bad > 0 {
			t.Errorf("%s: page %d differs: %d pixels without a match, the first at (%d, %d)", name, i+1, bad, x, y)
		}
	}
}

// unmatchedPixels counts the pixels of either image that no pixel of the
// other within one pixel matches to tol grey levels, and names the first.
func unmatchedPixels(a, b *image.Gray, tol int) (bad, fx, fy int) {
	w, h := a.Rect.Dx(), a.Rect.Dy()
	if b.Rect.Dx() != w || b.Rect.Dy() != h {
		return w * h, -1, -1
	}
	fx, fy = -1, -1
	near := func(p, q *image.Gray, x, y int) bool {
		v := int(p.Pix[y*p.Stride+x])
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				xx, yy := x+dx, y+dy
				if xx < 0 || yy < 0 || xx >= w || yy >= h {
					continue
				}
				if d := v - int(q.Pix[yy*q.Stride+xx]); d <= tol && d >= -tol {
					return true
				}
			}
		}
		return false
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if a.Pix[y*a.Stride+x] == b.Pix[y*b.Stride+x] {
				continue
			}
			if !near(a, b, x, y) || !near(b, a, x, y) {
				if bad == 0 {
					fx, fy = x, y
				}
				bad++
			}
		}
	}
	return bad, fx, fy
}

// After a one-card edit only the edited game's card file is drawn again;
// every other file comes from the cache, and the kit is, page for page,
// what a build without the cache draws.
func TestCacheOneCardEditRedrawsOnlyItsFile(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	deck := cacheDeckDir(t, 24)
	c := openCache(t, t.TempDir())
	o := Options{Games: []decks.Game{decks.Genial}, Cache: c}
	first := build(t, loadDir(t, deck), o)
	if got := drawn(first); len(got) != len(first) {
		t.Fatalf("first build drew %v of %d files", got, len(first))
	}
	again := build(t, loadDir(t, deck), o)
	if got := drawn(again); len(got) != 0 {
		t.Errorf("unchanged build drew %v", got)
	}
	for p, f := range again {
		if !bytes.Equal(f.Data, first[p].Data) {
			t.Errorf("%s from the cache is not what was drawn", p)
		}
	}

	editCard(t, deck, "Die erste Antwort 7,", "Die erste Antwort 7 (geändert),")
	set := loadDir(t, deck)
	edited := build(t, set, o)
	if got := drawn(edited); len(got) != 1 || got[0] != "genial/karten.pdf" {
		t.Fatalf("after a one-card edit drew %v, want [genial/karten.pdf]", got)
	}
	if bytes.Equal(edited["genial/karten.pdf"].Data, first["genial/karten.pdf"].Data) {
		t.Fatal("the edited card file is the old one")
	}
	fresh := build(t, set, Options{Games: o.Games})
	if len(fresh) != len(edited) {
		t.Fatalf("--no-cache build has %d files, the cached one %d", len(fresh), len(edited))
	}
	for p, f := range fresh {
		e, ok := edited[p]
		if !ok {
			t.Fatalf("%s missing from the cached build", p)
		}
		if f.Pages != e.Pages || f.Sheets != e.Sheets || f.What != e.What || f.Paper != e.Paper || f.Duplex != e.Duplex {
			t.Errorf("%s: described as %+v, cached as %+v", p, describeOnly(f), describeOnly(e))
		}
		samePages(t, p, f.Data, e.Data)
	}
}

func describeOnly(f File) File { f.Data = nil; return f }

// Within the edited card file, only the edited card's face is drawn: the
// others, and the common back, are placed from the cache, and the file
// is, page for page, what a build without the cache draws.
func TestCacheOneCardEditDrawsOnlyItsFaces(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	deck := cacheDeckDir(t, 24)
	o := Options{Games: []decks.Game{decks.Genial}, Cache: openCache(t, t.TempDir())}
	first := build(t, loadDir(t, deck), o)["genial/karten.pdf"]
	if first.Faces != (layout.FaceCounts{Drawn: 25}) {
		t.Fatalf("first build: faces %+v, want 25 drawn (24 fronts, the common back)", first.Faces)
	}
	editCard(t, deck, "Die erste Antwort 7,", "Die erste Antwort 7 (geändert),")
	set := loadDir(t, deck)
	edited := build(t, set, o)["genial/karten.pdf"]
	if edited.Cached || edited.Faces != (layout.FaceCounts{Reused: 24, Drawn: 1}) {
		t.Fatalf("after a one-card edit: cached %v, faces %+v; want the file drawn with 1 face drawn, 24 reused", edited.Cached, edited.Faces)
	}
	fresh := build(t, set, Options{Games: o.Games})["genial/karten.pdf"]
	if fresh.Faces != (layout.FaceCounts{}) {
		t.Errorf("a build without the cache counts kept faces: %+v", fresh.Faces)
	}
	samePages(t, "genial/karten.pdf", fresh.Data, edited.Data)
	// And the edit is there: the first sheet's fronts differ from before.
	dir := t.TempDir()
	for tag, data := range map[string][]byte{"old": first.Data, "new": edited.Data} {
		os.WriteFile(filepath.Join(dir, tag+".pdf"), data, 0o644)
		tooltest.Run(t, "pdftoppm", "-r", "60", "-gray", "-f", "1", "-l", "1", "-singlefile", filepath.Join(dir, tag+".pdf"), filepath.Join(dir, tag))
	}
	if bad, _, _ := unmatchedPixels(readPGM(t, filepath.Join(dir, "old.pgm")), readPGM(t, filepath.Join(dir, "new.pgm")), 64); bad < 20 {
		t.Errorf("the edited card's sheet is what it was before the edit (%d pixels differ)", bad)
	}
}

// A face entry that passes the cache's checksum but does not read as kept
// faces (another version's, a bug's) costs a redrawing, never a face: the
// file is drawn whole, and the entry written anew.
func TestCacheDamagedFaceEntryIsRedrawn(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	deck := cacheDeckDir(t, 8)
	c := openCache(t, t.TempDir())
	o := Options{Games: []decks.Game{decks.Genial}, Cache: c, Paper: layout.A4}
	build(t, loadDir(t, deck), o)
	store := faceStoreOf(o, "genial/karten.pdf").(faceStore)
	good := store.Load()
	if good == nil {
		t.Fatal("no faces kept for genial/karten.pdf")
	}
	text := "Frage 3 die"
	edit := func(to string) {
		editCard(t, deck, text, to)
		text = to
	}
	for name, bad := range map[string][]byte{
		"another version": append([]byte("DRF9"), good[4:]...),
		"cut short":       good[:len(good)/3],
		"forms counted wrong": func() []byte {
			b := bytes.Clone(good)
			b[4] = 0x7f
			return b
		}(),
	} {
		t.Run(name, func(t *testing.T) {
			c.Put(store.key, bad) // a valid entry of the cache, with damaged faces
			edit("Frage 3 (" + name + ") die")
			set := loadDir(t, deck)
			f := build(t, set, o)["genial/karten.pdf"]
			if f.Faces.Drawn < 8 {
				t.Errorf("faces %+v: damaged faces were placed", f.Faces)
			}
			samePages(t, "genial/karten.pdf", build(t, set, Options{Games: o.Games})["genial/karten.pdf"].Data, f.Data)
			edit("Frage 3 (" + name + " wieder) die")
			if f := build(t, loadDir(t, deck), o)["genial/karten.pdf"]; f.Faces != (layout.FaceCounts{Reused: 8, Drawn: 1}) {
				t.Errorf("after redrawing, the next edit: faces %+v, want 8 reused and 1 drawn", f.Faces)
			}
		})
	}
}

// Everything a file's look depends on is in its key: another paper,
// style, option or program draws again.
func TestCacheKeyHasEveryInput(t *testing.T) {
	deck := cacheDeckDir(t, 8)
	set := loadDir(t, deck)
	c := openCache(t, t.TempDir())
	base := Options{Games: []decks.Game{decks.Genial}, Cache: c}
	build(t, set, base)

	styles := t.TempDir()
	data, err := os.ReadFile("../templates/genial.json")
	if err != nil {
		t.Fatal(err)
	}
	writeFileB(t, styles+"/genial.json", string(data))
	variants := map[string]Options{
		"paper":     {Paper: layout.Letter},
		"low ink":   {LowInk: true},
		"offset":    {BackOffset: [2]float64{1, 0}},
		"layout":    {Mode: layout.Gutterfold},
		"reprint":   {Cards: []string{"GEN-CACHE-3"}},
		"styles":    {Templates: styles},
		"program":   {},
		"card size": {CardSize: layout.USPoker},
	}
	for name, v := range variants {
		t.Run(name, func(t *testing.T) {
			v.Games, v.Cache = base.Games, openCache(t, c.Dir())
			if name == "program" {
				cache.SetProgramForTest("another druckreif")
				defer cache.SetProgramForTest("")
			}
			files := build(t, set, v)
			for p, f := range files {
				if f.Cached {
					t.Errorf("%s taken from the cache after changing the %s", p, name)
				}
			}
		})
	}
	// An edited style file is part of the key: the same folder with
	// another content draws again.
	writeFileB(t, styles+"/genial.json", strings.Replace(string(data), "{", "{ ", 1))
	files := build(t, set, Options{Games: base.Games, Templates: styles, Cache: openCache(t, c.Dir())})
	if f := files["genial/karten.pdf"]; f.Cached {
		t.Error("card file taken from the cache after its style file changed")
	}
	// Choosing fewer games reuses what the full choice drew.
	files = build(t, set, Options{Games: []decks.Game{decks.Genial, decks.TheGame}, Cache: openCache(t, c.Dir())})
	for p, f := range files {
		if strings.HasPrefix(p, "genial/") && !f.Cached {
			t.Errorf("%s drawn again though only --game changed", p)
		}
	}
}

// A damaged entry is found by its checksum and drawn again — never
// printed — and the cache is whole again afterwards.
func TestCacheDamagedEntryIsRedrawn(t *testing.T) {
	deck := cacheDeckDir(t, 8)
	set := loadDir(t, deck)
	dir := t.TempDir()
	o := Options{Games: []decks.Game{decks.Genial}, Cache: openCache(t, dir)}
	first := build(t, set, o)
	entries := cacheEntries(t, dir)
	if len(entries) == 0 {
		t.Fatal("nothing cached")
	}
	for i, e := range entries {
		data, _ := os.ReadFile(e)
		if i%2 == 0 {
			data[len(data)*2/3] ^= 0xff // a flipped byte inside a PDF
		} else {
			data = data[:len(data)/2] // a torn write
		}
		os.WriteFile(e, data, 0o644)
	}
	c := openCache(t, dir)
	again := build(t, set, Options{Games: o.Games, Cache: c})
	if got := drawn(again); len(got) != len(again) {
		t.Errorf("with every entry damaged, drew only %v", got)
	}
	if c.Stats().Damaged != int64(len(entries)) {
		t.Errorf("%d damaged entries found, %d damaged", c.Stats().Damaged, len(entries))
	}
	for p, f := range again {
		if len(f.Data) == 0 || !bytes.HasPrefix(f.Data, []byte("%PDF")) || f.Pages != first[p].Pages {
			t.Errorf("%s: not a whole drawing after a damaged entry", p)
		}
	}
	c = openCache(t, dir)
	third := build(t, set, Options{Games: o.Games, Cache: c})
	if got := drawn(third); len(got) != 0 || c.Stats().Damaged != 0 {
		t.Errorf("after redrawing, drew %v and found %d damaged", got, c.Stats().Damaged)
	}
}

func cacheEntries(t testing.TB, dir string) []string {
	var out []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && filepath.Base(filepath.Dir(p)) != "program" && !strings.HasPrefix(info.Name(), ".") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// The cache stays within its bound however many builds fill it.
func TestCacheStaysWithinItsBound(t *testing.T) {
	deck := cacheDeckDir(t, 8)
	set := loadDir(t, deck)
	dir := t.TempDir()
	const bound = 3 << 20
	for _, p := range []layout.Paper{layout.A4, layout.Letter, layout.Universal} {
		for _, low := range []bool{false, true} {
			c, err := cache.Open(dir, bound)
			if err != nil {
				t.Fatal(err)
			}
			build(t, set, Options{Games: []decks.Game{decks.Genial, decks.TheGame}, Paper: p, LowInk: low, Cache: c})
			if size := c.Size(); size > bound {
				t.Fatalf("cache holds %d bytes, bound %d", size, bound)
			}
		}
	}
}

// Builds in several processes at once, two into each of two folders,
// with one cache: into one folder the second waits for nothing and is
// refused (the kit's lock), or runs after the first; each folder ends
// whole, as its manifest says, and no cache entry is damaged.
func TestConcurrentBuildsShareTheCache(t *testing.T) {
	if out := os.Getenv("DRUCKREIF_CACHE_HELPER_OUT"); out != "" {
		helperBuild(out, os.Getenv("DRUCKREIF_CACHE_HELPER_DECK"), os.Getenv("DRUCKREIF_CACHE_HELPER_CACHE"))
		return
	}
	if testing.Short() {
		t.Skip("starts four processes")
	}
	deck := cacheDeckDir(t, 16)
	cacheDir := t.TempDir()
	root := t.TempDir()
	outs := []string{filepath.Join(root, "a"), filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "b")}
	cmds := make([]*exec.Cmd, len(outs))
	results := make([]*bytes.Buffer, len(outs))
	for i, out := range outs {
		cmd := exec.Command(os.Args[0], "-test.run=^TestConcurrentBuildsShareTheCache$")
		cmd.Env = append(os.Environ(), "DRUCKREIF_CACHE_HELPER_OUT="+out, "DRUCKREIF_CACHE_HELPER_DECK="+deck, "DRUCKREIF_CACHE_HELPER_CACHE="+cacheDir)
		results[i] = &bytes.Buffer{}
		cmd.Stdout, cmd.Stderr = results[i], results[i]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[i] = cmd
	}
	built := map[string]int{}
	for i, cmd := range cmds {
		err := cmd.Wait()
		out := results[i].String()
		switch {
		case err == nil && strings.Contains(out, "BUILT"):
			built[outs[i]]++
		case strings.Contains(out, "BUSY"):
		default:
			t.Errorf("build %d into %s: %v\n%s", i, outs[i], err, out)
		}
	}
	for _, out := range []string{outs[0], outs[2]} {
		if built[out] == 0 {
			t.Errorf("no build into %s succeeded", out)
		}
		checkKitWhole(t, out)
	}
	c := openCache(t, cacheDir)
	files := build(t, loadDir(t, deck), Options{Games: []decks.Game{decks.Genial}, Cache: c})
	if got := drawn(files); len(got) != 0 || c.Stats().Damaged != 0 {
		t.Errorf("after the concurrent builds, drew %v, %d damaged entries", got, c.Stats().Damaged)
	}
}

func helperBuild(out, deck, cacheDir string) {
	fail := func(err error) {
		fmt.Println("FAIL", err)
		os.Exit(1)
	}
	o, err := OpenOutput(out)
	if err != nil {
		if strings.Contains(err.Error(), "anderer druckreif build") {
			fmt.Println("BUSY")
			os.Exit(0)
		}
		fail(err)
	}
	defer o.Close()
	d, probs := decks.LoadPath(deck)
	if d == nil {
		fail(fmt.Errorf("%v", probs))
	}
	set, _ := decks.Combine(d)
	c, err := cache.Open(cacheDir, 0)
	if err != nil {
		fail(err)
	}
	opts := Options{Games: []decks.Game{decks.Genial}, Paper: layout.A4, Cache: c}
	files, _, err := Build(set, opts)
	if err != nil {
		fail(err)
	}
	if _, _, err := o.Commit(files, opts); err != nil {
		fail(err)
	}
	fmt.Println("BUILT")
}

// checkKitWhole checks that every file of a kit folder's manifest is
// there with its checksum and that nothing half-written is left.
func checkKitWhole(t *testing.T, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, manifestName))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Files) == 0 {
		t.Fatalf("%s: empty manifest", dir)
	}
	for _, e := range m.Files {
		body, err := os.ReadFile(filepath.Join(dir, e.Path))
		if err != nil {
			t.Errorf("%s: %v", e.Path, err)
			continue
		}
		sum := sha256.Sum256(body)
		if hex.EncodeToString(sum[:]) != e.SHA256 {
			t.Errorf("%s: not the file its manifest lists", e.Path)
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".druckreif-neu-*"))
	if _, err := os.Stat(filepath.Join(dir, journalName)); err == nil || len(left) > 0 {
		t.Errorf("%s: staging or journal left: %v", dir, left)
	}
}

// A rebuild writes only the files whose bytes changed: the others stay in
// the folder as they were (not moved, not synced again) and keep their
// manifest entries; the folder stays whole.
func TestRebuildRewritesOnlyChangedFiles(t *testing.T) {
	deck := cacheDeckDir(t, 8)
	out := filepath.Join(t.TempDir(), "kit")
	c := openCache(t, t.TempDir())
	commit := func() map[string]int64 {
		o, err := OpenOutput(out)
		if err != nil {
			t.Fatal(err)
		}
		defer o.Close()
		opts := Options{Games: []decks.Game{decks.Genial}, Paper: layout.A4, Cache: c}
		files, _, err := Build(loadDir(t, deck), opts)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := o.Commit(files, opts); err != nil {
			t.Fatal(err)
		}
		times := map[string]int64{}
		for _, f := range files {
			info, err := os.Stat(filepath.Join(out, f.Path))
			if err != nil {
				t.Fatal(err)
			}
			times[f.Path] = info.ModTime().UnixNano()
		}
		return times
	}
	before := commit()
	editCard(t, deck, "Die erste Antwort 3,", "Die erste Antwort 3 (neu),")
	after := commit()
	for p, tm := range after {
		rewritten := tm != before[p]
		if want := p == "genial/karten.pdf"; rewritten != want {
			t.Errorf("%s: rewritten %v, want %v", p, rewritten, want)
		}
	}
	checkKitWhole(t, out)
}

// A Raab edit draws again the files that show the edited card (the quiz
// cards, the host cards that name the games' numbers) and none of the
// others: the parts and the host sheet are keyed by what they read of the
// decks (the sorting strips' numbers, the cards with hints), the maps,
// rules and guide by nothing of them. An edit of a card with hints draws
// the host sheet again; a card more moves the sorting strips' numbers,
// and they are drawn again.
func TestCacheRaabEditRedrawsWhatDrawsTheDecks(t *testing.T) {
	deck := t.TempDir()
	entries, err := os.ReadDir("../decks/default/raab")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile("../decks/default/raab/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		writeFileB(t, deck+"/"+e.Name(), string(data))
	}
	c := openCache(t, t.TempDir())
	o := Options{Games: []decks.Game{decks.Raab}, Cache: c}
	first := build(t, loadDir(t, deck), o)
	if _, ok := first["raab/sortierstreifen.pdf"]; !ok {
		t.Fatal("no sorting strips")
	}
	if _, ok := first["raab/moderationsblatt-tipps.pdf"]; !ok {
		t.Fatal("no host sheet")
	}
	sheet := deck + "/Wann war das.csv"
	data, _ := os.ReadFile(sheet)
	writeFileB(t, sheet, strings.Replace(string(data), "Die Westalliierten beginnen die Berliner Luftbrücke.", "Die Luftbrücke nach West-Berlin beginnt.", 1))
	edited := build(t, loadDir(t, deck), o)
	for p, f := range edited {
		showsTheCard := p == "raab/karten.pdf" || p == "raab/moderationskarten.pdf"
		if showsTheCard && f.Cached {
			t.Errorf("%s taken from the cache after a Raab edit", p)
		}
		if !showsTheCard && !f.Cached && p != "raab/deckblatt.pdf" {
			t.Errorf("%s drawn again after an edit of a card it does not show", p)
		}
	}
	hints := deck + "/Tipp für Tipp.csv"
	data, _ = os.ReadFile(hints)
	writeFileB(t, hints, strings.Replace(string(data), "Meine kurzen Federn", "Meine sehr kurzen Federn", 1))
	if f := build(t, loadDir(t, deck), o)["raab/moderationsblatt-tipps.pdf"]; f.Cached {
		t.Error("host sheet taken from the cache after a card with hints was edited")
	}
	if _, ok := edited["raab/landkarten.pdf"]; !ok {
		t.Fatal("no maps in the Raab files")
	}
	data, _ = os.ReadFile(sheet)
	writeFileB(t, sheet, string(data)+"9,Der erste Mensch betritt den Mond.,1969,,\n9,Die Mauer fällt.,1989,,\n9,Die Titanic sinkt.,1912,,\n")
	more := build(t, loadDir(t, deck), o)
	if f := more["raab/sortierstreifen.pdf"]; f.Cached {
		t.Error("sorting strips taken from the cache after a card was added")
	}
	if f := more["raab/karten.pdf"]; f.Cached {
		t.Error("cards taken from the cache after a card was added")
	}
}

// The QR store gives back exactly the codes it was given, for the same
// payloads only.
func TestQRStoreRoundTrip(t *testing.T) {
	c := openCache(t, t.TempDir())
	s := qrStoreOf(c)
	payloads := []string{"GEN-STD-1/1.0", "GEN-STD-2/1.0", "GEN-STD-1/1.0"}
	codes := map[string][][]bool{}
	for i, p := range payloads[:2] {
		size := 21 + 4*i
		bm := make([][]bool, size)
		for r := range bm {
			bm[r] = make([]bool, size)
			for col := range bm[r] {
				bm[r][col] = (r*7+col*3+i)%5 < 2
			}
		}
		codes[p] = bm
	}
	if got := s.Load(payloads); got != nil {
		t.Fatal("codes before any were stored")
	}
	s.Store(payloads, codes)
	got := s.Load(payloads)
	if len(got) != 2 {
		t.Fatalf("%d codes back, want 2", len(got))
	}
	for p, bm := range codes {
		if fmt.Sprint(got[p]) != fmt.Sprint(bm) {
			t.Errorf("%s: other modules back", p)
		}
	}
	if s.Load(payloads[:2]) != nil {
		t.Error("codes of other payloads returned")
	}
}
