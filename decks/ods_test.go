package decks

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"druckreif/decks/workbook"
	"druckreif/i18n"
)

// Decks in three forms (testdata/libreoffice, see its README): the .xlsx
// written as a German author types (numbers as numbers), LibreOffice's save
// of it as .ods, and LibreOffice's save of it as .xlsx. All three give the
// same cards, and every sheet the same cells and notes; a number typed as
// 42,195 reads as 42,195 (and is 42.195, not 42195), and a Version typed
// as the number 2,0 is 2.0.
func TestLibreOfficeODSGivesTheSameCardsAsItsXLSX(t *testing.T) {
	for _, name := range []string{"genial", "labyrinth", "dativ", "raab"} {
		t.Run(name, func(t *testing.T) {
			base := filepath.Join("testdata", "libreoffice", name)
			forms := []string{base + ".xlsx", base + ".ods", base + "-lo.xlsx"}
			var loaded []*Deck
			warnings := -1
			for _, path := range forms {
				d, probs := LoadPath(path)
				// The fixtures are older decks: the checks grown since may
				// warn about them, but alike in every form; an error never.
				n := 0
				for _, p := range probs {
					if p.Severity != Warning {
						t.Fatalf("%s: %s", path, messages(probs, i18n.German))
					}
					n++
				}
				if d == nil || warnings >= 0 && n != warnings {
					t.Fatalf("%s: %d warnings, the first form had %d: %s", path, n, warnings, messages(probs, i18n.German))
				}
				warnings = n
				loaded = append(loaded, d)
			}
			want, ok := map[string]int{"genial": 300, "labyrinth": 220, "dativ": 180, "raab": 54}[name]
			if !ok || loaded[0].Len() != want {
				t.Fatalf("%d cards from %s", loaded[0].Len(), forms[0])
			}
			switch name {
			case "dativ":
				if v := loaded[1].Info.Version; v != "2.0" {
					t.Errorf("Version %q from .ods", v)
				}
			case "raab":
				var estimates []string
				for _, c := range loaded[1].Raab {
					for _, task := range c.Tasks {
						if e, ok := task.(Estimate); ok && strings.Contains(e.Question, "Marathon") {
							estimates = append(estimates, fmt.Sprint(e.Answer, " ", e.Value))
						}
					}
				}
				if fmt.Sprint(estimates) != "[42,195 42.195]" {
					t.Errorf("the marathon from .ods: %v", estimates)
				}
			}
			for _, d := range loaded {
				stripOrigins(d)
			}
			for i, d := range loaded[1:] {
				if !reflect.DeepEqual(loaded[0], d) {
					t.Errorf("%s parses to different cards than %s", forms[i+1], forms[0])
				}
			}
			x := readAllCells(t, forms[0])
			for _, path := range forms[1:] {
				if got := readAllCells(t, path); !reflect.DeepEqual(x, got) {
					for sheet := range x {
						if !reflect.DeepEqual(x[sheet], got[sheet]) {
							t.Errorf("%s: sheet %s differs from %s", path, sheet, forms[0])
						}
					}
				}
			}
		})
	}
}

// The values a cell may hold (testdata/libreoffice/werte.xlsx, column A
// says what column B holds) read alike from the .xlsx, LibreOffice's .ods
// and LibreOffice's .xlsx: numbers as a German spreadsheet shows them,
// dates and times noted as dates, text as typed. Only formulas differ —
// the first .xlsx holds none of their results, LibreOffice computed them
// and turned the truth values into formulas (TRUE()) — and a formula is
// an error whichever it is.
func TestLibreOfficeReadsValuesAlike(t *testing.T) {
	want := map[string]string{
		"ganze Zahl": "157", "Dezimalzahl": "42,195", "negativ": "-3,5", "groß": "1234567", "klein": "0,001",
		"viele Stellen": "0,3", "Format 0": "3", "Format 0.00": "1,50", "Format #,##0": "1234567",
		"Format #,##0.00": "1234,50", "Format 0%": "13%", "Format 0.00%": "12,50%", "Format 0.0": "3,0",
		"Format Euro": "12,50", "Format Text @": "7", "Datum": "03.05.2026 date", "Datum TT.MM.JJJJ": "03.05.2026 date",
		"Uhrzeit": "14:30:00 date", "Text mit Ziffern": "007", "Text wie Zahl": "3,5",
		"Leerzeichen": "  zwei  Leer   zeichen ", "Zeilenumbruch": "erste Zeile\nzweite Zeile", "Umlaute zerlegt": "Grün",
		"Anführungszeichen": "„Zitat“ & ‚halb‘ <b>", "Fett teilweise": "Fett und normal", "Kommentar": "mit Kommentar",
		"Link": "Beispiel", "verbunden": "über zwei Spalten", "versteckte Zeile": "versteckt",
		"lang": strings.Repeat("Wort ", 400), "nach Lücke": "unten",
		"wahr": "TRUE", "falsch": "FALSE", "Formel Zahl": "formula", "Formel Text": "formula",
	}
	for _, path := range []string{"werte.xlsx", "werte.ods", "werte-lo.xlsx"} {
		path = filepath.Join("testdata", "libreoffice", path)
		wb, err := workbook.Open(os.DirFS(filepath.Dir(path)), filepath.Base(path), path, workbook.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		s := wb.Sheet("Werte")
		if s == nil {
			t.Fatalf("%s: no sheet Werte", path)
		}
		seen := 0
		for r, row := range s.Rows {
			if len(row) < 2 || row[0] == "" {
				continue
			}
			seen++
			got := row[1]
			note := s.Note(r, 1)
			switch {
			case note.Formula && (row[0] == "wahr" || row[0] == "falsch"):
				got = want[row[0]] // LibreOffice's TRUE(): an error too
			case note.Formula:
				got = "formula" // its cached result, if any, is no value
			case note.Date:
				got += " date"
			}
			if got != want[row[0]] {
				t.Errorf("%s: %s: got %q, want %q", path, row[0], got, want[row[0]])
			}
		}
		if seen != len(want) {
			t.Errorf("%s: %d values, want %d", path, seen, len(want))
		}
		if len(s.Rows) != 38 || len(s.Rows[1]) != 5 || s.Rows[1][4] != "weiter rechts" || len(s.Rows[31]) != 2 {
			t.Errorf("%s: %d rows, row 2 %q, row 32 %q", path, len(s.Rows), s.Rows[1], s.Rows[31])
		}
	}
}

// readAllCells reads every sheet's cells and notes, for comparing forms.
func readAllCells(t testing.TB, path string) map[string][]string {
	t.Helper()
	wb, err := workbook.Open(os.DirFS(filepath.Dir(path)), filepath.Base(path), path, workbook.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, s := range wb.Sheets {
		if err := wb.Load(s); err != nil {
			t.Fatal(err)
		}
		for r, row := range s.Rows {
			for c, v := range row {
				if n := s.Note(r, c); v != "" || n != (workbook.Note{}) {
					out[s.Name] = append(out[s.Name], fmt.Sprintf("%s%d %q %+v", workbook.ColumnLetter(c), r+1, v, n))
				}
			}
		}
	}
	return out
}

func readAllSheets(t testing.TB, path string) map[string][][]string {
	t.Helper()
	wb, err := workbook.Open(os.DirFS(filepath.Dir(path)), filepath.Base(path), path, workbook.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][][]string{}
	for _, s := range wb.Sheets {
		if err := wb.Load(s); err != nil {
			t.Fatal(err)
		}
		out[s.Name] = s.Rows
	}
	return out
}

// A wrong value in an .ods deck is reported at its sheet, row and column,
// as for .xlsx.
func TestODSProblemsNameTheCell(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "libreoffice", "genial.ods"))
	if err != nil {
		t.Fatal(err)
	}
	// The first "a" below the header of the sheet Fragen is the answer
	// of its first card.
	edited := editODSContent(t, data, func(content string) string {
		i := strings.Index(content, `table:name="Fragen"`)
		i += strings.Index(content[i:], `</table:table-row>`)
		j := i + strings.Index(content[i:], `<text:p>a</text:p>`)
		return content[:j] + `<text:p>d</text:p>` + content[j+len(`<text:p>a</text:p>`):]
	})
	path := filepath.Join(t.TempDir(), "genial.ods")
	os.WriteFile(path, edited, 0o644)
	_, probs := LoadPath(path)
	want := path + ": Fragen: Zeile 2: Spalte Richtig: „d“ ist nicht erlaubt (erlaubt: a, b, c)"
	if got := strings.Join(messages(probs, i18n.German), "\n"); !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant %s", got, want)
	}
}

// editODSContent rewrites the content.xml of an .ods file.
func editODSContent(t *testing.T, data []byte, edit func(string) string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if f.Name != "content.xml" {
			zw.Copy(f)
			continue
		}
		rc, _ := f.Open()
		body, _ := io.ReadAll(rc)
		rc.Close()
		w, _ := zw.Create(f.Name)
		w.Write([]byte(edit(string(body))))
	}
	zw.Close()
	return buf.Bytes()
}

// A deck whose cells hold a formula, a date, a time and an error value
// (testdata/libreoffice/fehler.*) is refused with the same messages at the
// same cells whether it comes as .xlsx, as LibreOffice's .ods or as
// LibreOffice's .xlsx.
func TestODSRefusesDatesAndFormulasAsXLSX(t *testing.T) {
	want := []string{
		"Fragen: Zeile 2: Spalte a: die Zelle enthält eine Formel; bitte den Wert eintragen",
		"Fragen: Zeile 3: Spalte b: die Zelle ist als Datum formatiert (03.05.2026): Tabellenkalkulationen machen aus 3.5 gern den 3. Mai; bitte die Zelle als Text formatieren und den Wert neu eingeben",
		"Fragen: Zeile 4: Spalte c: die Zelle ist als Datum formatiert (21:00:00): Tabellenkalkulationen machen aus 3.5 gern den 3. Mai; bitte die Zelle als Text formatieren und den Wert neu eingeben",
		"Fragen: Zeile 5: Spalte Frage: die Zelle enthält eine Formel; bitte den Wert eintragen",
	}
	for _, name := range []string{"fehler.xlsx", "fehler.ods", "fehler-lo.xlsx"} {
		path := filepath.Join("testdata", "libreoffice", name)
		d, probs := LoadPath(path)
		var got []string
		for _, m := range messages(probs, i18n.German) {
			got = append(got, strings.TrimPrefix(m, path+": "))
		}
		if d != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
