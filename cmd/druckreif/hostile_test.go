package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"druckreif/kit"
)

// The kit folder: never a foreign file replaced, stale files gone, both
// paper sizes indexed, nothing changed by a failed build.

func TestBuildNeverReplacesForeignFiles(t *testing.T) {
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "README.txt"), []byte("meine Liste"), 0o644)
	code, _, errs := runCLI("build", "--game", "genial", "--out", out)
	if code != 2 || !strings.Contains(errs, "README.txt") || !strings.Contains(errs, "druckreif ersetzt keine fremden Dateien") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "README.txt")); string(got) != "meine Liste" {
		t.Fatal("the user's README.txt was replaced")
	}
	if entries, _ := os.ReadDir(out); len(entries) != 1 {
		t.Errorf("a refused build left %d entries (the lock?)", len(entries))
	}
}

// The README's build into the repository's out/, which holds the tracked
// out/README.md: the kit leaves that file alone, and builds again.
func TestBuildBesideOwnFiles(t *testing.T) {
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "README.md"), []byte("# out/\n"), 0o644)
	for i := 0; i < 2; i++ {
		if code, _, errs := runCLI("build", "--game", "genial", "--out", out); code != 0 {
			t.Fatalf("build %d: exit %d: %s", i+1, code, errs)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(out, "README.md")); string(got) != "# out/\n" {
		t.Fatal("out/README.md was touched")
	}
	checkKit(t, out)
}

func TestBuildTwoPapersInOneFolder(t *testing.T) {
	out := t.TempDir()
	for _, paper := range []string{"a4", "letter"} {
		if code, _, errs := runCLI("build", "--game", "genial", "--paper", paper, "--out", out); code != 0 {
			t.Fatalf("%s: exit %d: %s", paper, code, errs)
		}
	}
	index, _ := os.ReadFile(filepath.Join(out, "README.txt"))
	liesmich, _ := os.ReadFile(filepath.Join(out, "genial", "LIESMICH.txt"))
	for _, f := range []string{"genial/karten.pdf", "genial/karten-letter.pdf", "kalibrierung-duplex.pdf", "kalibrierung-duplex-letter.pdf"} {
		if !bytes.Contains(index, []byte(f+" ")) {
			t.Errorf("README.txt lacks %s", f)
		}
	}
	for _, f := range []string{"karten.pdf:", "karten-letter.pdf:"} {
		if !bytes.Contains(liesmich, []byte(f)) {
			t.Errorf("genial/LIESMICH.txt lacks %s", f)
		}
	}
	checkKit(t, out)
}

// An unknown card ID is an error that changes nothing.
func TestBuildUnknownCardChangesNothing(t *testing.T) {
	out := t.TempDir()
	if code, _, errs := runCLI("build", "--game", "genial", "--out", out); code != 0 {
		t.Fatal(errs)
	}
	before := snapshot(t, out)
	code, _, errs := runCLI("build", "--cards", "NOPE-1", "--out", out, "--lang", "en")
	if code != 1 || !strings.Contains(errs, "--cards: no card with ID NOPE-1") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if after := snapshot(t, out); after != before {
		t.Errorf("the folder changed:\n%s\n---\n%s", before, after)
	}
	// A known ID is reprinted beside the full deck.
	if code, _, errs := runCLI("build", "--cards", "GEN-STD-7", "--out", out); code != 0 {
		t.Fatal(errs)
	}
	for _, f := range []string{"genial/karten.pdf", "genial/karten-nachdruck.pdf"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	checkKit(t, out)
}

// A second build into a folder another build is writing is refused.
func TestBuildWhileAnotherBuilds(t *testing.T) {
	out := t.TempDir()
	busy, err := kit.OpenOutput(out)
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	code, _, errs := runCLI("build", "--game", "genial", "--out", out)
	if code != 2 || !strings.Contains(errs, "schreibt gerade ein anderer druckreif build") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

// Numbers and paths of flags are checked before anything happens.
func TestFlagValuesAreChecked(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "--gutter", "-20"}, "--gutter -20: erlaubt sind 0"},
		{[]string{"build", "--gutter", "NaN"}, "--gutter NaN: erlaubt sind 0"},
		{[]string{"build", "--gutter", "3"}, "--gutter 3: erlaubt sind 0"},
		{[]string{"build", "--chips", "oval"}, "--chips \"oval\": erlaubt sind round"},
		{[]string{"build", "--back-offset", "NaN,NaN"}, "--back-offset: \"NaN\" ist kein Versatz in mm"},
		{[]string{"build", "--back-offset", "Inf,0"}, "--back-offset: \"Inf\" ist kein Versatz in mm"},
		{[]string{"build", "--board-length", "5"}, "--board-length 5: erlaubt sind 12 bis 60 Felder"},
		{[]string{"build", "--out", ""}, "leerer Pfad"},
		{[]string{"build", "--templates", ""}, "leerer Pfad"},
		{[]string{"build", "--deck", ""}, "leerer Pfad"},
		{[]string{"build", "--out", "/"}, "/ ist ein Systemordner"},
		{[]string{"template", "genial", "-o", ""}, "leerer Pfad"},
	} {
		code, _, errs := runCLI(tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, want 2 and %q in: %s", tc.args, code, tc.want, errs)
		}
	}
}

// check ” is an error, not the current folder; a path with a line break
// stays on its message's line.
func TestCheckPathsAsGiven(t *testing.T) {
	code, out, _ := runCLI("check", "")
	if code != 1 || !strings.Contains(out, "'': leerer Pfad") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI("check", "zwei\nzeilen.xlsx")
	if code != 1 || !strings.HasPrefix(out, `zwei\nzeilen.xlsx: nicht gefunden`+"\n") {
		t.Fatalf("exit %d:\n%q", code, out)
	}
}

// A deck name too long for the line beside the QR code fails check at the
// Deck sheet's Name cell, once for all cards.
func TestCheckDeckNameBesideQRCode(t *testing.T) {
	deck := filepath.Join(t.TempDir(), "breit")
	os.MkdirAll(deck, 0o755)
	os.WriteFile(filepath.Join(deck, "Deck.csv"), []byte("Spiel,genial\nName,"+strings.Repeat("W", 40)+"\nKennung,BREIT\nVersion,1.0.0-BETA\n"), 0o644)
	os.WriteFile(filepath.Join(deck, "Fragen.csv"), []byte("Nr,Frage,a,b,c,Richtig\n1,Eins?,x,y,z,a\n2,Zwei?,x,y,z,b\n3,Drei?,x,y,z,c\n"), 0o644)
	code, out, _ := runCLI("check", deck)
	want := deck + "/Deck.csv: Deck: Zeile 2: Spalte Name: Karte GEN-BREIT-1: der Deckname ist zu lang für die Kartenzeile neben dem QR-Code"
	if code != 1 || !strings.Contains(out, want) || !strings.Contains(out, "(ebenso 2 weitere Karten)") || strings.Count(out, "Deckname") != 1 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestTemplateRefusesExisting(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mein.xlsx")
	os.WriteFile(path, []byte("mein Deck"), 0o644)
	code, _, errs := runCLI("template", "labyrinth", "-o", path, "--lang", "en")
	if code != 1 || !strings.Contains(errs, "already exists: a template does not overwrite a deck") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI("template", "labyrinth", "-o", path, "--force"); code != 0 {
		t.Fatalf("--force: exit %d: %s", code, errs)
	}
}

// A recorded game is read within bounds: a line over the limit is an
// error at its line (the illegal action after it is never silently
// skipped); a byte-order mark is fine; "-" is standard input.
func TestReplayInputIsBounded(t *testing.T) {
	example, _ := os.ReadFile(filepath.Join("..", "..", "docs", "examples", "genial.jsonl"))
	dir := t.TempDir()
	long := filepath.Join(dir, "long.jsonl")
	lines := bytes.SplitN(example, []byte("\n"), 3)
	var b bytes.Buffer
	b.Write(lines[0])
	b.WriteString("\n{\"type\":\"ask\",\"pad\":\"" + strings.Repeat("x", 1<<20) + "\"}\n")
	b.WriteString(`{"type":"illegal"}` + "\n")
	os.WriteFile(long, b.Bytes(), 0o644)
	code, _, errs := runCLI("replay", long)
	if code != 1 || errs != long+":2: die Zeile ist zu lang (mehr als 1 MiB)\n" {
		t.Fatalf("long line: exit %d: %q", code, errs)
	}
	bom := filepath.Join(dir, "bom.jsonl")
	os.WriteFile(bom, append([]byte("\xEF\xBB\xBF"), example...), 0o644)
	if code, _, errs := runCLI("replay", bom); code != 0 {
		t.Fatalf("byte-order mark: exit %d: %s", code, errs)
	}
	stdin = bytes.NewReader(example)
	defer func() { stdin = os.Stdin }()
	if code, out, errs := runCLI("replay", "-"); code != 0 || !strings.Contains(out, `"over": true`) {
		t.Fatalf("stdin: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI("replay", "/dev/zero"); code != 2 || !strings.Contains(errs, "/dev/zero: ist ein Gerät, keine gewöhnliche Datei") {
		t.Fatalf("/dev/zero: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI("replay", dir); code != 2 || !strings.Contains(errs, "ist ein Ordner") {
		t.Fatalf("folder: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI("replay", "--lang", "en", bom+"x"); code != 2 || !strings.Contains(errs, "not found") {
		t.Fatalf("missing: exit %d: %s", code, errs)
	}
}

// checkKit verifies a kit folder: every file its manifest lists is on disk
// as written, and nothing of an unfinished build is left.
func checkKit(t *testing.T, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ".druckreif-kit.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Files []struct {
			Path   string `json:"path"`
			SHA256 string `json:"sha256"`
		} `json:"files"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, f := range m.Files {
		data, err := os.ReadFile(filepath.Join(dir, f.Path))
		sum := sha256.Sum256(data)
		if err != nil || hex.EncodeToString(sum[:]) != f.SHA256 {
			t.Errorf("%s: not as the manifest says (%v)", f.Path, err)
		}
	}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		base := filepath.Base(p)
		if strings.HasPrefix(base, ".druckreif-neu-") || base == ".druckreif-kit.json.neu" || strings.Contains(base, ".tmp") {
			t.Errorf("left behind: %s", p)
		}
		return nil
	})
}

// snapshot lists a folder's files with their checksums.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			data, _ := os.ReadFile(p)
			sum := sha256.Sum256(data)
			rel, _ := filepath.Rel(dir, p)
			b.WriteString(rel + " " + hex.EncodeToString(sum[:8]) + "\n")
		}
		return nil
	})
	return b.String()
}
