package kit

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/layout"
)

// commit writes files into dir as one build.
func commit(t *testing.T, dir string, files ...File) error {
	t.Helper()
	out, err := OpenOutput(dir)
	if err != nil {
		return err
	}
	defer out.Close()
	_, _, err = out.Commit(files, Options{})
	return err
}

func pdf(path, data string) File {
	return File{Path: path, What: "Karten", Paper: "A4", Duplex: "beidseitig", Sheets: 1, Pages: 2, Data: []byte(data)}
}

func read(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(data)
}

// noLeftovers checks that no staging folder, journal or temporary file is
// left in dir.
func noLeftovers(t *testing.T, dir string) {
	t.Helper()
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		base := filepath.Base(p)
		if strings.HasPrefix(base, ".druckreif-neu-") || base == journalName || strings.Contains(base, ".tmp") {
			t.Errorf("left behind: %s", p)
		}
		return nil
	})
}

// A failed write leaves the previous kit as it was, and no temporary files.
func TestWriteIsAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	if err := commit(t, dir, pdf("a/karten.pdf", "eins"), pdf("b/karten.pdf", "zwei")); err != nil {
		t.Fatal(err)
	}
	index := read(t, filepath.Join(dir, "README.txt"))
	// b/karten.pdf/x cannot be created: b/karten.pdf is a file.
	err := commit(t, dir, pdf("a/karten.pdf", "NEU"), pdf("b/karten.pdf/x", "kaputt"))
	if err == nil || !strings.Contains(err.Error(), "steht im Weg") {
		t.Fatalf("got %v", err)
	}
	for path, want := range map[string]string{"a/karten.pdf": "eins", "b/karten.pdf": "zwei", "README.txt": index} {
		if got := read(t, filepath.Join(dir, path)); got != want {
			t.Errorf("%s: %q, want the old %q", path, got, want)
		}
	}
	noLeftovers(t, dir)
	info, _ := os.Stat(filepath.Join(dir, "a", "karten.pdf"))
	if info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", info.Mode().Perm())
	}
}

// The kit never overwrites a file it did not write or that was changed
// since, and leaves every other file of the folder alone.
func TestForeignFilesAreNeverReplaced(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "README.txt"), []byte("meine Notizen"), 0o644)
	os.WriteFile(filepath.Join(dir, "README.md"), []byte("# out/"), 0o644)
	_, err := OpenOutput(dir)
	if err == nil || !strings.Contains(err.Error(), "1 Datei(en) hat nicht druckreif geschrieben") || !strings.Contains(err.Error(), filepath.Join(dir, "README.txt")) {
		t.Fatalf("user's README.txt: %v", err)
	}
	if read(t, filepath.Join(dir, "README.txt")) != "meine Notizen" {
		t.Fatal("the user's file was changed")
	}
	os.Remove(filepath.Join(dir, "README.txt"))
	os.MkdirAll(filepath.Join(dir, "genial"), 0o755)
	os.WriteFile(filepath.Join(dir, "genial", "karten.pdf"), []byte("mein PDF"), 0o644)
	err = commit(t, dir, pdf("genial/karten.pdf", "neu"))
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "genial", "karten.pdf")) {
		t.Fatalf("user's karten.pdf: %v", err)
	}
	if e, ok := err.(*Error); !ok || !strings.Contains(e.In(i18n.English), "druckreif replaces no foreign files") {
		t.Errorf("English: %v", err)
	}
	os.Remove(filepath.Join(dir, "genial", "karten.pdf"))
	if err := commit(t, dir, pdf("genial/karten.pdf", "neu")); err != nil {
		t.Fatal(err)
	}
	if read(t, filepath.Join(dir, "README.md")) != "# out/" {
		t.Error("README.md was touched")
	}
	// A kit file the user changed afterwards is the user's.
	os.WriteFile(filepath.Join(dir, "genial", "karten.pdf"), []byte("mit Notizen"), 0o644)
	if err := commit(t, dir, pdf("genial/karten.pdf", "neuer")); err == nil {
		t.Fatal("a changed kit file was replaced")
	}
	if read(t, filepath.Join(dir, "genial", "karten.pdf")) != "mit Notizen" {
		t.Error("the changed file was touched")
	}
	noLeftovers(t, dir)
}

// The kit removes its own stale files, keeps those of other layouts and
// papers, and indexes everything it holds.
func TestStaleFilesGoOtherPapersStay(t *testing.T) {
	dir := t.TempDir()
	if err := commit(t, dir, pdf("raab/karten-teil1.pdf", "1"), pdf("raab/karten-teil2.pdf", "2"), pdf("raab/regeln.pdf", "r")); err != nil {
		t.Fatal(err)
	}
	if err := commit(t, dir, pdf("raab/karten-letter.pdf", "L"), pdf("raab/regeln-letter.pdf", "rl")); err != nil {
		t.Fatal(err)
	}
	if err := commit(t, dir, pdf("raab/karten.pdf", "neu"), pdf("raab/regeln.pdf", "r2")); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"raab/karten-teil1.pdf", "raab/karten-teil2.pdf"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); err == nil {
			t.Errorf("stale %s survives", gone)
		}
	}
	index, liesmich := read(t, filepath.Join(dir, "README.txt")), read(t, filepath.Join(dir, "raab", "LIESMICH.txt"))
	for _, f := range []string{"raab/karten.pdf", "raab/karten-letter.pdf", "raab/regeln.pdf", "raab/regeln-letter.pdf"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s is missing", f)
		}
		if !strings.Contains(index, f+" ") {
			t.Errorf("README.txt does not list %s", f)
		}
		if !strings.Contains(liesmich, strings.TrimPrefix(f, "raab/")+":") {
			t.Errorf("LIESMICH.txt does not list %s", f)
		}
	}
	if strings.Contains(index, "teil1") {
		t.Error("README.txt lists a removed file")
	}
	// A stale file the user changed stays, with a note, and leaves the kit.
	if err := commit(t, dir, pdf("raab/karten-teil1.pdf", "1"), pdf("raab/karten-teil2.pdf", "2")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "raab", "karten-teil2.pdf"), []byte("angemalt"), 0o644)
	out, _ := OpenOutput(dir)
	_, notes, err := out.Commit([]File{pdf("raab/karten.pdf", "wieder")}, Options{})
	out.Close()
	if err != nil || len(notes) != 1 || !strings.Contains(notes[0].DE, "karten-teil2.pdf wurde nach dem Build geändert") {
		t.Fatalf("%v %v", err, notes)
	}
	if read(t, filepath.Join(dir, "raab", "karten-teil2.pdf")) != "angemalt" {
		t.Error("the changed stale file was removed")
	}
	if _, err := os.Stat(filepath.Join(dir, "raab", "karten-teil1.pdf")); err == nil {
		t.Error("the unchanged stale file survives")
	}
}

// One build at a time per folder: a second is refused while the first
// holds the folder, and may go once it is done.
func TestOneBuildAtATime(t *testing.T) {
	dir := t.TempDir()
	first, err := OpenOutput(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := OpenOutput(dir); err == nil || !strings.Contains(err.Error(), "schreibt gerade ein anderer druckreif build") {
		t.Fatalf("second build: %v", err)
	}
	first.Close()
	second, err := OpenOutput(dir)
	if err != nil {
		t.Fatal(err)
	}
	second.Close()
}

// A commit cut short (a crash, power loss, kill -9 during the moves) is
// finished by the next build from its journal: never a mixed kit.
func TestCutShortCommitIsFinished(t *testing.T) {
	dir := t.TempDir()
	if err := commit(t, dir, pdf("a/karten.pdf", "alt a"), pdf("b/karten.pdf", "alt b"), pdf("c/karten.pdf", "alt c")); err != nil {
		t.Fatal(err)
	}
	type crash struct{}
	commitHook = func(moved int) {
		if moved == 1 {
			panic(crash{})
		}
	}
	func() {
		out, err := OpenOutput(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			recover()
			unlockFolder(out.lock) // the process ends: its lock goes with it
		}()
		out.Commit([]File{pdf("a/karten.pdf", "neu a"), pdf("b/karten.pdf", "neu b"), pdf("c/karten.pdf", "neu c")}, Options{})
		t.Fatal("the hook did not stop the commit")
	}()
	commitHook = nil
	if read(t, filepath.Join(dir, "a/karten.pdf")) != "neu a" || read(t, filepath.Join(dir, "b/karten.pdf")) != "alt b" {
		t.Fatal("the test did not cut the commit short")
	}
	out, err := OpenOutput(dir) // any next build
	if err != nil {
		t.Fatal(err)
	}
	out.Close()
	for _, p := range []string{"a", "b", "c"} {
		if got := read(t, filepath.Join(dir, p, "karten.pdf")); got != "neu "+p {
			t.Errorf("%s: %q after recovery", p, got)
		}
	}
	noLeftovers(t, dir)
	// The recovered kit is consistent: the next build may replace all.
	if err := commit(t, dir, pdf("a/karten.pdf", "3"), pdf("b/karten.pdf", "3"), pdf("c/karten.pdf", "3")); err != nil {
		t.Fatal(err)
	}
}

// System folders and the home folder itself are refused; a folder the
// build created and did not use is removed again.
func TestSystemFoldersAreRefused(t *testing.T) {
	home, _ := os.UserHomeDir()
	for _, dir := range []string{"/", "/etc", "/usr/local/share/kit", "/tmp", "/var/lib/x", home, ""} {
		if dir == "" && home == "" {
			continue
		}
		out, err := OpenOutput(dir)
		if err == nil {
			out.Close()
			t.Errorf("%q accepted", dir)
		}
	}
	if _, err := OpenOutput("/etc"); !strings.Contains(err.Error(), "/etc ist ein Systemordner") {
		t.Errorf("message: %v", err)
	}
	dir := filepath.Join(t.TempDir(), "neu", "kit")
	out, err := OpenOutput(dir)
	if err != nil {
		t.Fatal(err)
	}
	out.Close()
	if _, err := os.Stat(dir); err == nil {
		t.Error("an unused new folder stays")
	}
}

// A kit written before the manifest existed is recognised by its index:
// its files are the kit's, other files are not.
func TestLegacyKitIsAdopted(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "genial"), 0o755)
	os.WriteFile(filepath.Join(dir, "genial", "karten.pdf"), []byte("alt"), 0o644)
	os.WriteFile(filepath.Join(dir, "genial", "notizen.pdf"), []byte("meins"), 0o644)
	os.WriteFile(filepath.Join(dir, "README.txt"), []byte(Index([]File{pdf("genial/karten.pdf", "")}, Options{})), 0o644)
	if err := commit(t, dir, pdf("genial/karten.pdf", "neu")); err != nil {
		t.Fatal(err)
	}
	if read(t, filepath.Join(dir, "genial", "karten.pdf")) != "neu" || read(t, filepath.Join(dir, "genial", "notizen.pdf")) != "meins" {
		t.Error("adoption went wrong")
	}
	if err := commit(t, dir, pdf("genial/notizen.pdf", "neu")); err == nil {
		t.Error("a file the legacy index does not list was replaced")
	}
}

// Reprinting with --cards names a card that exists, and writes beside the
// full deck instead of over it; an unknown ID is an error.
func TestReprintChecksIDs(t *testing.T) {
	set := defaultSet(t)
	if _, _, err := Build(set, Options{Paper: layout.A4, Cards: []string{"NOPE-1"}}); err == nil || !strings.Contains(err.Error(), "keine Karte mit der ID NOPE-1") {
		t.Errorf("unknown: %v", err)
	}
	if _, _, err := Build(set, Options{Paper: layout.A4, Cards: []string{"LAB-STD-3"}, Games: []decks.Game{decks.Genial}}); err == nil || !strings.Contains(err.Error(), "LAB-STD-3 gehört zu keinem der mit --game gewählten Spiele") {
		t.Errorf("other game: %v", err)
	}
	files, _, err := Build(set, Options{Paper: layout.A4, Cards: []string{"LAB-STD-3"}})
	if err != nil || len(files) != 1 || files[0].Path != "labyrinth/karten-nachdruck.pdf" {
		t.Errorf("known: %v %v", err, files)
	}
	for _, o := range []Options{{Gutter: -20}, {Gutter: 3}, {BackOffset: [2]float64{nan(), 0}}, {BoardLength: 5}} {
		if err := o.CheckNumbers(); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
}

func nan() float64 { var z float64; return z / z }

// The checklists count each layout in the folder on its own and keep
// counting the files a later build keeps: A4 and Letter cards side by side
// are not twice the deck, a reprint is not more cards, and a build of
// another game leaves the first game's counts standing.
func TestChecklistCountsLayoutsApartAndKeptFiles(t *testing.T) {
	dir := t.TempDir()
	cardsOf := func(path string, n int) File {
		f := pdf(path, path)
		f.Count = map[string]int{"Karten": n}
		return f
	}
	steps := [][]File{
		{cardsOf("thegame/karten.pdf", 102), cardsOf("genial/karten.pdf", 150),
			// Two files hold one component; one of them holds nothing counted.
			{Path: "raab/figuren.pdf", Data: []byte("f"), Count: map[string]int{"Rundenanzeiger": 1, "Punkteanzeiger": 2}},
			{Path: "raab/gesamtpunkte-runden.pdf", Data: []byte("g")}},
		{cardsOf("thegame/karten-letter-teil1.pdf", 80), cardsOf("thegame/karten-letter-teil2.pdf", 22)},
		{cardsOf("thegame/karten-nachdruck.pdf", 2)},
		{cardsOf("genial/karten-falz.pdf", 150)},
	}
	for i, files := range steps {
		if err := commit(t, dir, files...); err != nil {
			t.Fatalf("build %d: %v", i+1, err)
		}
	}
	thegame := read(t, filepath.Join(dir, "thegame", "LIESMICH.txt"))
	want := "[x] 98 Zahlenkarten 2–99 und vier Startkarten (zweimal 1, zweimal 100) – gedruckt: 102 von 102 Karten in karten.pdf; 102 von 102 Karten in karten-letter-teil1.pdf, karten-letter-teil2.pdf; 2 von 102 Karten in karten-nachdruck.pdf"
	if !strings.Contains(thegame, want) {
		t.Errorf("thegame/LIESMICH.txt, want %q:\n%s", want, thegame)
	}
	genial := read(t, filepath.Join(dir, "genial", "LIESMICH.txt"))
	if want := "gedruckt: 150 Karten in karten.pdf; 150 Karten in karten-falz.pdf"; !strings.Contains(genial, want) {
		t.Errorf("genial/LIESMICH.txt, want %q:\n%s", want, genial)
	}
	raab := read(t, filepath.Join(dir, "raab", "LIESMICH.txt"))
	if want := "[x] 1 Rundenanzeiger (grau), 2 Punkteanzeiger (rot, blau) – gedruckt: 1 von 1 Rundenanzeigern, 2 von 2 Punkteanzeigern in figuren.pdf, gesamtpunkte-runden.pdf"; !strings.Contains(raab, want) {
		t.Errorf("raab/LIESMICH.txt, want %q:\n%s", want, raab)
	}
	// A manifest of a build that kept no counts: the files are there, what
	// they hold is not known.
	name := filepath.Join(dir, manifestName)
	old := read(t, name)
	os.WriteFile(name, regexp.MustCompile(`,\s*"count":\s*\{[^}]*\}`).ReplaceAll([]byte(old), nil), 0o644)
	if err := commit(t, dir, cardsOf("genial/karten.pdf", 150)); err != nil {
		t.Fatal(err)
	}
	thegame = read(t, filepath.Join(dir, "thegame", "LIESMICH.txt"))
	if want := "gedruckt: Anzahl unbekannt (neu bauen, um zu zählen) in karten.pdf;"; !strings.Contains(thegame, want) || strings.Contains(old, "null") {
		t.Errorf("after a manifest without counts, want %q:\n%s", want, thegame)
	}
}

// variantOf reads back every layout fileSuffix writes into a name.
func TestVariantOfReadsFileSuffix(t *testing.T) {
	for _, mode := range []layout.Mode{layout.Duplex, layout.Gutterfold, layout.Single} {
		for _, paper := range []layout.Paper{layout.A4, layout.Letter, layout.Universal} {
			for _, low := range []bool{false, true} {
				s := fileSuffix(Options{Mode: mode, Paper: paper, LowInk: low})
				for _, name := range []string{"genial/karten" + s + ".pdf", "raab/gesamtpunkte-runden" + s + "-teil3.pdf"} {
					if got := variantOf(name); got != s {
						t.Errorf("variantOf(%q) = %q, want %q", name, got, s)
					}
				}
				if got := variantOf("dativ/karten-nachdruck" + s + ".pdf"); got != "-nachdruck"+s {
					t.Errorf("reprint %q: %q", s, got)
				}
			}
		}
	}
}
