package authoring

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"

	"druckreif/decks"
	"druckreif/decks/workbook"
	"druckreif/i18n"
)

var gamesWithTemplates = []decks.Game{decks.Labyrinth, decks.Dativ, decks.Genial, decks.Raab}

// A template with its examples kept is a valid deck; the CSV form too.
func TestTemplatesPassCheck(t *testing.T) {
	for _, g := range gamesWithTemplates {
		xlsx := filepath.Join(t.TempDir(), string(g)+".xlsx")
		if err := WriteTemplateFile(g, xlsx, false); err != nil {
			t.Fatal(err)
		}
		d, probs := decks.LoadPath(xlsx)
		if d == nil || len(probs) > 0 {
			t.Errorf("%s.xlsx: %q", g, problems(probs))
		}
		dir := filepath.Join(t.TempDir(), string(g))
		if err := WriteCSVTemplate(g, dir, false); err != nil {
			t.Fatal(err)
		}
		c, probs := decks.LoadPath(dir)
		if c == nil || len(probs) > 0 {
			t.Errorf("%s CSV: %q", g, problems(probs))
		}
		if d != nil && c != nil && d.Len() != c.Len() {
			t.Errorf("%s: %d cards from xlsx, %d from CSV", g, d.Len(), c.Len())
		}
	}
}

// Broken examples fail with the exact cell.
func TestBrokenTemplateFailsPrecisely(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.xlsx")
	if err := WriteTemplateFile(decks.Labyrinth, path, false); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f.SetCellStr("Karten", "H2", "D") // Richtig of the first example
	f.SetCellStr("Karten", "D3", "")  // Frage of the second
	f.SetCellStr("Karten", "I3", "")  // its Vorlesehinweis: Sattelit and Satellit sound the same
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	_, probs := decks.LoadPath(path)
	got := problems(probs)
	want := []string{
		path + ": Karten: Zeile 2: Spalte Richtig: „D“ ist nicht erlaubt (erlaubt: A, B, C)",
		path + ": Karten: Zeile 3: Spalte Frage: leere Pflichtzelle",
		path + ": Karten: Zeile 3: Spalte Vorlesehinweis: Warnung: die Antworten A („Sattelit“) und B („Satellit“) klingen vorgelesen gleich: bitte einen Vorlesehinweis angeben, z. B. „buchstabieren“ oder „Komma = kurze Pause, sonst ohne Pause lesen“",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestTemplateStructure(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.xlsx")
	if err := WriteTemplateFile(decks.Dativ, path, false); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sheets := strings.Join(f.GetSheetList(), ",")
	if sheets != "Deck,Karten,Anleitung" {
		t.Errorf("sheets %s", sheets)
	}
	if v, _ := f.GetCellValue("Deck", "B4"); v != "1.0" {
		t.Errorf("Version written as %q, must stay text 1.0", v)
	}
	panes, err := f.GetPanes("Karten")
	if err != nil || !panes.Freeze || panes.YSplit != 1 {
		t.Errorf("header row not frozen: %+v %v", panes, err)
	}
	dvs, err := f.GetDataValidations("Karten")
	if err != nil {
		t.Fatal(err)
	}
	var lists []string
	for _, dv := range dvs {
		lists = append(lists, dv.Sqref+"="+strings.Trim(dv.Formula1, `"`))
	}
	if got := strings.Join(lists, " "); !strings.Contains(got, "B2:B2000=vorne,hinten") || !strings.Contains(got, "M2:M2000=ja,nein") {
		t.Errorf("drop-downs: %s", got)
	}
	style, _ := f.GetCellStyle("Karten", "A1")
	st, _ := f.GetStyle(style)
	if st == nil || st.Font == nil || !st.Font.Bold {
		t.Error("header not bold")
	}
	guide, _ := f.GetRows("Anleitung")
	text := ""
	for _, r := range guide {
		text += strings.Join(r, "|") + "\n"
	}
	for _, col := range []string{"Satz", "Option 1", "Richtig", "Erklärung", "Vorlesehinweis", "Wörtlich", "Kennung"} {
		if !strings.Contains(text, "|"+col) {
			t.Errorf("Anleitung does not explain %s", col)
		}
	}
}

func problems(ps decks.Problems) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.In(i18n.German))
	}
	return out
}

// A template never replaces an author's work: an existing file or a folder
// that holds anything is refused; with force, a file is replaced and a
// folder gets the template's files while every other file stays.
func TestTemplateNeverOverwritesWithoutForce(t *testing.T) {
	dir := t.TempDir()
	deck := filepath.Join(dir, "mein.xlsx")
	os.WriteFile(deck, []byte("1.500 Karten"), 0o644)
	if err := WriteTemplateFile(decks.Labyrinth, deck, false); err == nil || !strings.Contains(err.Error(), "gibt es schon") {
		t.Fatalf("existing xlsx: %v", err)
	}
	if got, _ := os.ReadFile(deck); string(got) != "1.500 Karten" {
		t.Fatal("the deck was overwritten")
	}
	if err := WriteTemplateFile(decks.Labyrinth, deck, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(deck); string(got) == "1.500 Karten" {
		t.Error("--force did not replace the file")
	}
	if err := WriteTemplateFile(decks.Labyrinth, dir, true); err == nil || !strings.Contains(err.Error(), "ist ein Ordner") {
		t.Errorf("folder as xlsx: %v", err)
	}
	folder := filepath.Join(dir, "raab")
	os.MkdirAll(folder, 0o755)
	os.WriteFile(filepath.Join(folder, "Kopfrechnen.csv"), []byte("meine Aufgaben"), 0o644)
	os.WriteFile(filepath.Join(folder, "Notizen.txt"), []byte("meine Notizen"), 0o644)
	err := WriteCSVTemplate(decks.Raab, folder, false)
	if err == nil || !strings.Contains(err.Error(), "ist nicht leer (Kopfrechnen.csv, Notizen.txt)") {
		t.Fatalf("non-empty folder: %v", err)
	}
	if e, ok := err.(*Error); !ok || !strings.Contains(e.In(i18n.English), "a template does not overwrite a deck") {
		t.Errorf("English: %v", err)
	}
	if entries, _ := os.ReadDir(folder); len(entries) != 2 {
		t.Fatalf("%d files after a refused template", len(entries))
	}
	if err := WriteCSVTemplate(decks.Raab, folder, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(folder, "Notizen.txt")); string(got) != "meine Notizen" {
		t.Error("--force touched a file the template does not write")
	}
	if got, _ := os.ReadFile(filepath.Join(folder, "Deck.csv")); !strings.Contains(string(got), "Spiel,raab") {
		t.Errorf("Deck.csv: %q", got)
	}
	empty := filepath.Join(dir, "leer")
	os.Mkdir(empty, 0o755)
	if err := WriteCSVTemplate(decks.Genial, empty, false); err != nil {
		t.Errorf("empty folder: %v", err)
	}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if strings.Contains(filepath.Base(p), ".tmp") {
			t.Errorf("left behind: %s", p)
		}
		return nil
	})
}

// A template re-saved by German Excel — semicolons, CRLF, every sheet one
// file, the Anleitung too — is the same deck, and every sheet reads as
// Excel showed it (the separator comes from the lines that hold data, not
// from the Anleitung's title). Both of Excel's CSV forms: "CSV UTF-8"
// (with a byte-order mark) and "CSV (Trennzeichen-getrennt)" in
// Windows-1252 (not for raab, whose texts hold "−", which Windows-1252
// lacks).
func TestTemplateResavedByGermanExcel(t *testing.T) {
	for _, g := range gamesWithTemplates {
		for _, form := range []string{"utf-8", "windows-1252"} {
			if form == "windows-1252" && g == decks.Raab {
				continue
			}
			resaved(t, g, form)
		}
	}
}

func resaved(t *testing.T, g decks.Game, form string) {
	xlsx := filepath.Join(t.TempDir(), "v.xlsx")
	if err := WriteTemplateFile(g, xlsx, false); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(xlsx)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), string(g))
	os.MkdirAll(dir, 0o755)
	for _, sheet := range f.GetSheetList() {
		rows, _ := f.GetRows(sheet)
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		w.Comma = ';'
		w.UseCRLF = true
		w.WriteAll(rows)
		data := append([]byte("\xEF\xBB\xBF"), buf.Bytes()...)
		if form == "windows-1252" {
			if data, err = charmap.Windows1252.NewEncoder().Bytes(buf.Bytes()); err != nil {
				t.Fatalf("%s: %v", sheet, err)
			}
		}
		os.WriteFile(filepath.Join(dir, sheet+".csv"), data, 0o644)
	}
	d, probs := decks.LoadPath(dir)
	var errs []string
	for _, p := range probs {
		if !strings.Contains(p.String(), "Windows-1252") {
			errs = append(errs, p.String())
		}
	}
	if d == nil || len(errs) > 0 {
		t.Errorf("%s, %s: %q", g, form, errs)
	}
	wb, err := workbook.Open(os.DirFS(filepath.Dir(dir)), string(g), string(g), workbook.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range wb.Sheets {
		if err := wb.Load(s); err != nil {
			t.Errorf("%s, %s: %v", g, form, err)
		}
		want, _ := f.GetRows(s.Name)
		if len(s.Rows) != len(want) {
			t.Errorf("%s, %s: %s has %d rows, want %d", g, form, s.Name, len(s.Rows), len(want))
			continue
		}
		for i := range want {
			if strings.Join(s.Rows[i], "|") != strings.Join(trim(want[i]), "|") {
				t.Errorf("%s, %s: %s row %d: %q, want %q", g, form, s.Name, i+1, s.Rows[i], want[i])
				break
			}
		}
	}
}

func trim(row []string) []string {
	for len(row) > 0 && row[len(row)-1] == "" {
		row = row[:len(row)-1]
	}
	return row
}
