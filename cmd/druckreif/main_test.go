package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"druckreif/decks"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// The default decks check without errors and without warnings, but for
// those the decks package holds: the repeats across decks that
// decks.TestDefaultDecksRepeatNothingNew keeps from growing, the tells of
// decks.TestDefaultDecksHaveNoTell and the reading hints its default deck
// tests list as pending (issue 25).
func TestCheckDefaultDecksClean(t *testing.T) {
	defaults, loading := decks.LoadDefaults()
	known := len(loading) + len(decks.Duplicates(defaults, nil)) + len(decks.Tells(defaults))
	code, out, _ := runCLI("check")
	if code != 0 || !strings.Contains(out, fmt.Sprintf("0 Fehler, %d Warnung(en)", known)) {
		t.Fatalf("exit %d, want %d warnings the decks package holds and no other:\n%s", code, known, out)
	}
}

// The acceptance: a template passes check; a broken answer key fails
// naming file, sheet, row and column.
func TestTemplateThenCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.xlsx")
	if code, _, errs := runCLI("template", "labyrinth", "-o", path); code != 0 {
		t.Fatalf("template: exit %d: %s", code, errs)
	}
	if code, out, _ := runCLI("check", path); code != 0 {
		t.Fatalf("check of a fresh template: exit %d:\n%s", code, out)
	}
	f, _ := excelize.OpenFile(path)
	f.SetCellStr("Karten", "H3", "X")
	f.Save()
	code, out, _ := runCLI("check", path, "--lang", "en")
	want := path + `: Karten: row 3: column Richtig: "X" is not allowed (allowed: A, B, C)`
	if code != 1 || !strings.Contains(out, want) {
		t.Fatalf("exit %d, want 1 and %q in:\n%s", code, want, out)
	}
}

// template --ods writes LibreOffice's format; check reads it.
func TestODSTemplateThenCheck(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "genial-vorlage.ods")
	if code, out, errs := runCLI("template", "genial", "--ods", "-o", path); code != 0 || !strings.Contains(out, "Vorlage geschrieben: "+path) {
		t.Fatalf("template --ods: exit %d: %s", code, errs)
	}
	if code, out, _ := runCLI("check", path); code != 0 || !strings.Contains(out, "1 Deck(s) mit 2 Karten geprüft: 0 Fehler, 0 Warnung(en).") {
		t.Fatalf("check of a fresh .ods template: exit %d:\n%s", code, out)
	}
	if code, _, errs := runCLI("template", "genial", "--ods", "-o", filepath.Join(dir, "g.xlsx")); code != 2 || !strings.Contains(errs, "muss auf .xlsx oder .ods enden") {
		t.Errorf("--ods with .xlsx: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI("template", "genial", "--ods", "--csv"); code != 2 || !strings.Contains(errs, "schließen einander aus") {
		t.Errorf("--ods --csv: exit %d: %s", code, errs)
	}
}

func TestCardShowsSolution(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mein")
	if code, _, errs := runCLI("template", "dativ", "--csv", "-o", dir); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := runCLI("card", "--no-default-decks", "--deck", dir, "dat-mein-1-h/1.0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"DAT-MEIN-1 ·", "Rückseite (DAT-MEIN-1-H)  ◀ gescannte Seite",
		"✔ Sie versprach, pünktlich zu sein.", "✔ Sie versprach pünktlich zu sein.", "Erklärung:",
		"Beim Vorlesen: Satzzeichen mitsprechen"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if code, _, errs := runCLI("card", "--no-default-decks", "--deck", dir, "DAT-MEIN-9"); code != 1 || !strings.Contains(errs, "keine Karte mit der ID") {
		t.Errorf("unknown card: exit %d %s", code, errs)
	}
}

// The labyrinth template's yellow side is a spelling question: card shows
// its reading hint with the answers, and the green side, audible, none.
func TestCardShowsLabyrinthReadingHint(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mein")
	if code, _, errs := runCLI("template", "labyrinth", "--csv", "-o", dir); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := runCLI("card", "--no-default-decks", "--deck", dir, "LAB-MEIN-1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "Gelb (LAB-MEIN-1-GE)\n  Welche Schreibung ist richtig?\n  A) Sattelit\n  B) Satellit   ✔ richtig\n  C) Satelit\n  Beim Vorlesen: Antworten buchstabieren\n"
	if !strings.Contains(out, want) || strings.Count(out, "Beim Vorlesen:") != 1 {
		t.Errorf("want the yellow side's hint once, as\n%s\nin:\n%s", want, out)
	}
	if _, out, _ := runCLI("card", "--lang", "en", "--no-default-decks", "--deck", dir, "LAB-MEIN-1"); !strings.Contains(out, "When reading aloud: Antworten buchstabieren") {
		t.Errorf("in English:\n%s", out)
	}
}

func TestRegionFlagsValidated(t *testing.T) {
	code, _, errs := runCLI("card", "--region", "de-XY", "TG-5")
	if code != 2 || !strings.Contains(errs, "unbekannte Region „de-XY“") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

func TestHelpAndUnknownCommands(t *testing.T) {
	for _, c := range commands {
		code, _, errs := runCLI(c.name, "--help")
		if c.name == "replay" || c.name == "serve" {
			continue
		}
		if code != 0 || !strings.Contains(errs, "Aufruf: druckreif "+c.name) {
			t.Errorf("%s --help: exit %d: %s", c.name, code, errs)
		}
		_, _, errs = runCLI(c.name, "--help", "--lang", "en")
		if !strings.Contains(errs, "Usage: druckreif "+c.name) {
			t.Errorf("%s --help --lang en: %s", c.name, errs)
		}
	}
	if code, _, _ := runCLI("frobnicate"); code != 2 {
		t.Errorf("unknown command exit %d", code)
	}
	if code, out, _ := runCLI("help"); code != 0 || !strings.Contains(out, "template") {
		t.Errorf("help: %d %s", code, out)
	}
}

func TestCheckReportsKennungClashWithDefaults(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g")
	runCLI("template", "genial", "--csv", "-o", dir)
	deck := filepath.Join(dir, "Deck.csv")
	data, _ := os.ReadFile(deck)
	os.WriteFile(deck, bytes.Replace(data, []byte("MEIN"), []byte("STD"), 1), 0o644)
	code, out, _ := runCLI("check", dir)
	if code != 0 || !strings.Contains(out, "Warnung: die Kennung STD hat auch das Standarddeck") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

// A failed build leaves the previous kit untouched.
func TestFailedBuildKeepsPreviousKit(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if code, _, errs := runCLI("build", "--game", "genial", "--out", out); code != 0 {
		t.Fatalf("first build: exit %d: %s", code, errs)
	}
	before, err := os.ReadFile(filepath.Join(out, "genial", "karten.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(filepath.Join(out, "genial", "karten.pdf"))
	if info.Mode().Perm() != 0o644 {
		t.Errorf("kit file mode %v, want 0644", info.Mode().Perm())
	}
	// A deck whose question cannot fit any card.
	deck := filepath.Join(t.TempDir(), "lang")
	os.MkdirAll(deck, 0o755)
	os.WriteFile(filepath.Join(deck, "Deck.csv"), []byte("Spiel,genial\nName,Lang\nKennung,LANG\nVersion,1\n"), 0o644)
	os.WriteFile(filepath.Join(deck, "Fragen.csv"), []byte("Nr,Frage,a,b,c,Richtig\n1,"+strings.Repeat("Wort ", 300)+",x,y,z,a\n"), 0o644)
	code, _, errs := runCLI("build", "--game", "genial", "--deck", deck, "--out", out)
	if code != 1 || !strings.Contains(errs, "GEN-LANG-1 (") || !strings.Contains(errs, "Nichts geschrieben") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	after, _ := os.ReadFile(filepath.Join(out, "genial", "karten.pdf"))
	if !bytes.Equal(before, after) {
		t.Fatal("the failed build changed the previous kit")
	}
	// check reports the same overflow at its cell (preflight).
	code, stdout, _ := runCLI("check", deck)
	if code != 1 || !strings.Contains(stdout, deck+"/Fragen.csv: Fragen: Zeile 2: Spalte Frage: Karte GEN-LANG-1: der Text passt nicht auf die Karte") {
		t.Fatalf("check: exit %d:\n%s", code, stdout)
	}
}

func TestBuildFlagsValidated(t *testing.T) {
	for _, args := range [][]string{
		{"build", "--paper", "a5"},
		{"build", "--layout", "zickzack"},
		{"build", "--back-offset", "1"},
		{"build", "--game", "schach"},
	} {
		if code, _, _ := runCLI(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// Every registered engine replays its example game from docs/examples to
// the end; a broken line is reported as FILE:LINE with the rule's reason.
func TestReplayExamples(t *testing.T) {
	for _, g := range engineNames() {
		path := filepath.Join("..", "..", "docs", "examples", g+".jsonl")
		code, out, errs := runCLI("replay", path)
		if code != 0 || !strings.Contains(out, `"over": true`) {
			t.Errorf("%s: exit %d, %s\n%s", g, code, errs, out[:min(len(out), 300)])
		}
	}
	// Append an action after the end: it must be refused with its line.
	data, _ := os.ReadFile(filepath.Join("..", "..", "docs", "examples", "genial.jsonl"))
	lines := strings.Count(strings.TrimRight(string(data), "\n"), "\n") + 1
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, append(data, []byte(`{"type":"ask","card":"GEN-STD-1"}`+"\n")...), 0o644)
	code, _, errs := runCLI("replay", bad)
	if code != 1 || !strings.HasPrefix(errs, fmt.Sprintf("%s:%d: ", bad, lines+1)) {
		t.Fatalf("exit %d: %q", code, errs)
	}
}

// A log the scorer exported before the end (hand cards of the phones left
// out): replay says it is partial, and replays what is there.
func TestReplayPartialLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "teil.jsonl")
	log := `{"game":"thegame","partial":true,"players":["Anna","Ben"],"starter":"Anna"}` + "\n" +
		`{"type":"play","pile":"1A","value":20}` + "\n" +
		`{"type":"play","pile":"1A","value":30}` + "\n" +
		`{"type":"draw","count":2}` + "\n"
	os.WriteFile(path, []byte(log), 0o644)
	code, out, errs := runCLI("replay", path)
	if code != 0 || !strings.Contains(errs, "teilweiser Verlauf") || !strings.Contains(out, `"partial": true`) {
		t.Fatalf("exit %d\n%s\n%s", code, errs, out)
	}
}

// A regional deck that repeats a default question gets a warning that names
// both places; the check still passes.
func TestCheckWarnsOfRepeatsOfTheDefaults(t *testing.T) {
	def, _ := decks.LoadDefault("genial")
	c := def.Genial[12]
	dir := filepath.Join(t.TempDir(), "at")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "Deck.csv"), []byte("Spiel,genial\nName,Österreich\nKennung,AT\nVersion,1.0\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "Fragen.csv"), []byte(fmt.Sprintf("Nr,Frage,a,b,c,Richtig\n1,\"%s\",\"%s\",\"%s\",\"%s\",%s\n",
		strings.ToUpper(c.Question), c.Answers[0], c.Answers[1], c.Answers[2], c.CorrectLetter())), 0o644)
	code, out, _ := runCLI("check", dir)
	want := fmt.Sprintf("%s/Fragen.csv: Fragen: Zeile 2: Spalte Frage: Warnung: dieselbe Frage steht schon in %s (decks/default/genial/Fragen.csv: Fragen: Zeile %d: Spalte Frage)",
		dir, c.ID, c.Origin.Row)
	if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "0 Fehler, 1 Warnung(en)") {
		t.Fatalf("exit %d, want line\n%s\ngot:\n%s", code, want, out)
	}
}

// A user's text that fits only below the typographic floor builds, and
// check warns of it at its cell (file: sheet: row: column) with exit 0 — here
// the answers, shrunk with the long question to 6.4 pt —; the
// smallest size per deck is reported.
func TestCheckWarnsOfTextBelowTheFloor(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("Welches Wort der deutschen Sprache beschreibt am besten diese ziemlich lange Frage? ", 6)
	os.WriteFile(filepath.Join(dir, "Deck.csv"), []byte("Spiel,labyrinth\nName,Klein\nKennung,KLEIN\nVersion,1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "Karten.csv"), []byte(fmt.Sprintf(
		"Nr,Seite,Typ,Frage,A,B,C,Richtig\n1,grün,normal,%s,a,b,c,A\n1,gelb,normal,Kurz?,a,b,c,B\n", long)), 0o644)
	code, out, _ := runCLI("check", dir)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	want := filepath.Join(dir, "Karten.csv") + ": Karten: Zeile 2: Spalte A: Warnung: Karte LAB-KLEIN-1-GR: der Text ist in "
	if !strings.Contains(out, want) || !strings.Contains(out, "kleiner als 7,0 pt") {
		t.Errorf("no floor warning at the cell %q:\n%s", want, out)
	}
	if !strings.Contains(out, dir+": kleinste Schrift 6,") {
		t.Errorf("no smallest size for the deck:\n%s", out)
	}
}

// check --templates with a style from an older version (no text.hint):
// a warning naming the key at the style file, no error.
func TestCheckOldStyleWarns(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../../templates/labyrinth.json")
	if err != nil {
		t.Fatal(err)
	}
	old := regexp.MustCompile(`,\s*"hint": \{[^}]*\}`).ReplaceAll(data, nil)
	if bytes.Equal(old, data) {
		t.Fatal("no text.hint to remove")
	}
	os.WriteFile(filepath.Join(dir, "labyrinth.json"), old, 0o644)
	for _, g := range []string{"dativ", "genial", "raab", "thegame"} {
		d, _ := os.ReadFile("../../templates/" + g + ".json")
		os.WriteFile(filepath.Join(dir, g+".json"), d, 0o644)
	}
	code, out, _ := runCLI("check", "--templates", dir)
	want := filepath.Join(dir, "labyrinth.json") + ": Warnung: der Textstil text.hint fehlt (Stil aus einer älteren Version?): es gilt 8 pt aus templates/labyrinth.json"
	if code != 0 || !strings.Contains(out, want) {
		t.Fatalf("exit %d, want %q in:\n%s", code, want, out)
	}
}
