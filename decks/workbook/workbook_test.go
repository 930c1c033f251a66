package workbook

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/xuri/excelize/v2"

	"druckreif/i18n"
)

func openCSV(t *testing.T, files map[string][]byte) (*Workbook, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys["d/"+name] = &fstest.MapFile{Data: data}
	}
	return Open(fsys, "d", "d", DefaultLimits)
}

func TestCSVSeparatorsAndBOM(t *testing.T) {
	for name, data := range map[string]string{
		"comma":          "Nr,Frage\n1,\"Wer, wie, was?\"\n",
		"semicolon":      "Nr;Frage\n1;Wer, wie, was?\n",
		"tab":            "Nr\tFrage\n1\tWer, wie, was?\n",
		"bom+semicolon":  "\xEF\xBB\xBFNr;Frage\r\n1;Wer, wie, was?\r\n",
		"quoted-newline": "Nr;Frage\n1;\"Wer, wie, was?\"\n",
	} {
		wb, err := openCSV(t, map[string][]byte{"Fragen.csv": []byte(data)})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rows := wb.Sheet("fragen").Rows
		if len(rows) != 2 || rows[0][0] != "Nr" || rows[1][1] != "Wer, wie, was?" {
			t.Errorf("%s: rows %q", name, rows)
		}
	}
}

func TestCSVWindows1252IsDecodedWithWarning(t *testing.T) {
	data := []byte("Nr;Frage\n1;Gr\xfc\xdfe aus K\xf6ln \x84zitiert\x93\n") // Grüße aus Köln „zitiert“
	wb, err := openCSV(t, map[string][]byte{"Fragen.csv": data})
	if err != nil {
		t.Fatal(err)
	}
	if got := wb.Sheets[0].Rows[1][1]; got != "Grüße aus Köln „zitiert“" {
		t.Errorf("decoded %q", got)
	}
	if len(wb.Warnings) != 1 || !strings.Contains(wb.Warnings[0].In(i18n.German), "d/Fragen.csv: die Datei ist nicht UTF-8") {
		t.Errorf("warnings %v", wb.Warnings)
	}
}

func TestCSVErrorsNameRow(t *testing.T) {
	_, err := openCSV(t, map[string][]byte{"Fragen.csv": []byte("Nr,Frage\n1,ok\n2,\"kaputt\n3,x\n")})
	want := `d/Fragen.csv: Fragen: Zeile 3: CSV kann nicht gelesen werden: extraneous or missing " in quoted-field`
	if err == nil || err.(*Error).In(i18n.German) != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}

func TestCSVBinaryJunk(t *testing.T) {
	_, err := openCSV(t, map[string][]byte{"Karten.csv": {0x89, 'P', 'N', 'G', 0, 0, 0, 13}})
	if err == nil || !strings.Contains(err.Error(), "Binärdaten") {
		t.Fatalf("got %v", err)
	}
}

func TestLimits(t *testing.T) {
	lim := DefaultLimits
	lim.Rows = 10
	big := strings.Repeat("1,x\n", 11)
	fsys := fstest.MapFS{"d/K.csv": &fstest.MapFile{Data: []byte(big)}}
	if _, err := Open(fsys, "d", "d", lim); err == nil || !strings.Contains(err.Error(), "zu viele Zeilen (mehr als 10)") {
		t.Errorf("rows: %v", err)
	}
	lim = DefaultLimits
	lim.FileBytes = 100
	fsys = fstest.MapFS{"d/K.csv": &fstest.MapFile{Data: bytes.Repeat([]byte("a"), 101)}}
	if _, err := Open(fsys, "d", "d", lim); err == nil || !strings.Contains(err.Error(), "Datei zu groß") {
		t.Errorf("size: %v", err)
	}
	lim = DefaultLimits
	lim.Columns = 3
	fsys = fstest.MapFS{"d/K.csv": &fstest.MapFile{Data: []byte("a,b,c,d\n")}}
	if _, err := Open(fsys, "d", "d", lim); err == nil || !strings.Contains(err.Error(), "zu viele Spalten (4, höchstens 3)") {
		t.Errorf("columns: %v", err)
	}
}

func TestXLSXValuesFormulasAndErrors(t *testing.T) {
	f := excelize.NewFile()
	f.SetCellStr("Sheet1", "A1", "Version")
	f.SetCellStr("Sheet1", "B1", "1.0")
	f.SetCellInt("Sheet1", "A2", 7)
	f.SetCellFormula("Sheet1", "B2", "A2*6")
	f.SetCellValue("Sheet1", "C2", "#DIV/0!")
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	wb, err := Open(fstest.MapFS{"x.xlsx": &fstest.MapFile{Data: buf.Bytes()}}, "x.xlsx", "x.xlsx", DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	s := wb.Sheets[0]
	if s.Rows[0][1] != "1.0" || s.Rows[1][0] != "7" {
		t.Errorf("values %q", s.Rows)
	}
	if !s.Formula(1, 1) || s.Formula(1, 0) || s.Formula(0, 1) {
		t.Errorf("formula detection wrong")
	}
}

func TestXLSXHostileInput(t *testing.T) {
	// A zip whose declared size exceeds the unzip limit (a zip bomb) and
	// plain junk both end in a clear error.
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("xl/worksheets/sheet1.xml")
	w.Write(bytes.Repeat([]byte{' '}, 4<<20)) // compresses to a few KiB
	zw.Close()
	lim := DefaultLimits
	lim.UnzipBytes = 1 << 20
	_, err := Open(fstest.MapFS{"bomb.xlsx": &fstest.MapFile{Data: buf.Bytes()}}, "bomb.xlsx", "bomb.xlsx", lim)
	if err == nil || !strings.HasPrefix(err.Error(), "bomb.xlsx: keine lesbare .xlsx-Datei") {
		t.Errorf("zip bomb: %v", err)
	}
	_, err = Open(fstest.MapFS{"junk.xlsx": &fstest.MapFile{Data: []byte("no zip at all")}}, "junk.xlsx", "junk.xlsx", DefaultLimits)
	if err == nil || !strings.HasPrefix(err.Error(), "junk.xlsx: keine lesbare .xlsx-Datei") {
		t.Errorf("junk: %v", err)
	}
}

func TestOpenKinds(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.csv"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.ods"), []byte("x"), 0o644)
	fsys := os.DirFS(dir)
	if _, err := Open(fsys, "a.csv", "a.csv", DefaultLimits); err == nil || !strings.Contains(err.Error(), "eine einzelne CSV-Datei ist kein Deck") {
		t.Errorf("single csv: %v", err)
	}
	if _, err := Open(fsys, "a.ods", "a.ods", DefaultLimits); err == nil || !strings.Contains(err.Error(), "unbekanntes Format") {
		t.Errorf("ods: %v", err)
	}
	if _, err := Open(fsys, "nope", "nope", DefaultLimits); err == nil || !strings.HasPrefix(err.Error(), "nope: kann nicht gelesen werden") {
		t.Errorf("missing: %v", err)
	}
}

func TestNormalizeName(t *testing.T) {
	for a, b := range map[string]string{"Erklärung": "erklaerung", "Wer lügt?": "Wer luegt", "Option 1": "option1", "Entweder – Oder!": "Entweder-Oder", "Stimmt's?": "Stimmts"} {
		if NormalizeName(a) != NormalizeName(b) {
			t.Errorf("%q and %q should match", a, b)
		}
	}
}
