package authoring

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"druckreif/decks"
	"druckreif/i18n"
)

var gamesWithTemplates = []decks.Game{decks.Labyrinth, decks.Dativ, decks.Genial, decks.Raab}

// A template with its examples kept is a valid deck; the CSV form too.
func TestTemplatesPassCheck(t *testing.T) {
	for _, g := range gamesWithTemplates {
		xlsx := filepath.Join(t.TempDir(), string(g)+".xlsx")
		if err := WriteTemplateFile(g, xlsx); err != nil {
			t.Fatal(err)
		}
		d, probs := decks.LoadPath(xlsx)
		if d == nil || len(probs) > 0 {
			t.Errorf("%s.xlsx: %q", g, problems(probs))
		}
		dir := filepath.Join(t.TempDir(), string(g))
		if err := WriteCSVTemplate(g, dir); err != nil {
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
	if err := WriteTemplateFile(decks.Labyrinth, path); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f.SetCellStr("Karten", "H2", "D") // Richtig of the first example
	f.SetCellStr("Karten", "D3", "")  // Frage of the second
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	_, probs := decks.LoadPath(path)
	got := problems(probs)
	want := []string{
		path + ": Karten: Zeile 2: Spalte Richtig: „D“ ist nicht erlaubt (erlaubt: A, B, C)",
		path + ": Karten: Zeile 3: Spalte Frage: leere Pflichtzelle",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestTemplateStructure(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.xlsx")
	if err := WriteTemplateFile(decks.Dativ, path); err != nil {
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
