package decks

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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
