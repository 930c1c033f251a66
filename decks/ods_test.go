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

// Decks saved by LibreOffice as .ods (testdata/libreoffice, made from the
// .xlsx beside them; see its README) give the same cards as the .xlsx, and
// every sheet the same cells.
func TestLibreOfficeODSGivesTheSameCardsAsItsXLSX(t *testing.T) {
	for _, name := range []string{"genial", "raab"} {
		t.Run(name, func(t *testing.T) {
			base := filepath.Join("testdata", "libreoffice", name)
			fromXLSX, probs := LoadPath(base + ".xlsx")
			if fromXLSX == nil {
				t.Fatal(messages(probs, i18n.German))
			}
			fromODS, probs := LoadPath(base + ".ods")
			if fromODS == nil {
				t.Fatal(messages(probs, i18n.German))
			}
			if fromODS.Len() == 0 || fromODS.Len() != fromXLSX.Len() {
				t.Fatalf("%d cards from .ods, %d from .xlsx", fromODS.Len(), fromXLSX.Len())
			}
			stripOrigins(fromXLSX)
			stripOrigins(fromODS)
			if !reflect.DeepEqual(fromXLSX, fromODS) {
				t.Fatal("the .ods parses to different cards than the .xlsx")
			}
			x, o := readAllSheets(t, base+".xlsx"), readAllSheets(t, base+".ods")
			if len(x) != len(o) {
				t.Fatalf("%d sheets in .xlsx, %d in .ods", len(x), len(o))
			}
			for sheet, rows := range x {
				if fmt.Sprintf("%q", rows) != fmt.Sprintf("%q", o[sheet]) {
					t.Errorf("sheet %s differs", sheet)
				}
			}
		})
	}
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
