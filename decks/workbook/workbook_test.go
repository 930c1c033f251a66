package workbook

import (
	"archive/zip"
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
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

// loadAll opens a workbook and loads every sheet.
func loadAll(t *testing.T, fsys fs.FS, name string, lim Limits) (*Workbook, error) {
	t.Helper()
	wb, err := Open(fsys, name, name, lim)
	if err != nil {
		return nil, err
	}
	for _, s := range wb.Sheets {
		if err := wb.Load(s); err != nil {
			return wb, err
		}
	}
	return wb, nil
}

func csvSheet(t *testing.T, data string) (*Sheet, *Workbook, error) {
	t.Helper()
	wb, err := openCSV(t, map[string][]byte{"Fragen.csv": []byte(data)})
	if err != nil {
		return nil, nil, err
	}
	s := wb.Sheets[0]
	return s, wb, wb.Load(s)
}

func TestCSVSeparatorsAndBOM(t *testing.T) {
	for name, data := range map[string]string{
		"comma":          "Nr,Frage\n1,\"Wer, wie, was?\"\n",
		"semicolon":      "Nr;Frage\n1;Wer, wie, was?\n",
		"tab":            "Nr\tFrage\n1\tWer, wie, was?\n",
		"bom+semicolon":  "\xEF\xBB\xBFNr;Frage\r\n1;Wer, wie, was?\r\n",
		"quoted-newline": "Nr;Frage\n1;\"Wer, wie, was?\"\n",
		"old mac":        "Nr;Frage\r1;Wer, wie, was?\r",
		"utf-16le":       utf16(false, "\ufeffNr\tFrage\r\n1\tWer, wie, was?\r\n"),
		"utf-16be":       utf16(true, "\ufeffNr\tFrage\r\n1\tWer, wie, was?\r\n"),
	} {
		s, _, err := csvSheet(t, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(s.Rows) != 2 || s.Rows[0][0] != "Nr" || s.Rows[1][1] != "Wer, wie, was?" {
			t.Errorf("%s: rows %q", name, s.Rows)
		}
	}
}

func utf16(bigEndian bool, s string) string {
	var b []byte
	for _, r := range s {
		hi, lo := byte(r>>8), byte(r)
		if bigEndian {
			b = append(b, hi, lo)
		} else {
			b = append(b, lo, hi)
		}
	}
	return string(b)
}

// The separator is the one the data lines agree on, not the first line's:
// the template's Anleitung re-saved by German Excel has a title with
// commas and semicolons on every line.
func TestCSVSeparatorFromDataLines(t *testing.T) {
	data := "Anleitung: Spalten, Werte, Beispiele\n" +
		"Blatt;Spalte;Erklärung\n" +
		"Karten;Nr;Nummer der Karte, ab 1\n" +
		"Karten;Frage;\"Die Frage, z. B. \"\"Wer?\"\"\"\n" +
		";;\n"
	s, _, err := csvSheet(t, data)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Rows[3]; len(got) != 3 || got[2] != `Die Frage, z. B. "Wer?"` {
		t.Errorf("row 4: %q", got)
	}
	if sep := guessSeparator([]byte("a,b,c\n1,2,3\n")); sep != ',' {
		t.Errorf("comma file: %q", sep)
	}
	if sep := guessSeparator([]byte("Titel; mit Semikolon\na,b\n1,2\n3,4\n")); sep != ',' {
		t.Errorf("comma file with a title: %q", sep)
	}
}

// A whole file in Windows-1252 (German Excel's plain CSV) is decoded with a
// warning.
func TestCSVWindows1252IsDecodedWithWarning(t *testing.T) {
	s, wb, err := csvSheet(t, "Nr;Frage\n1;Gr\xfc\xdfe aus K\xf6ln \x84zitiert\x93\n") // Grüße aus Köln „zitiert“
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Rows[1][1]; got != "Grüße aus Köln „zitiert“" {
		t.Errorf("decoded %q", got)
	}
	if len(wb.Warnings) != 1 || !strings.Contains(wb.Warnings[0].In(i18n.German), "d/Fragen.csv: die Datei ist nicht UTF-8") {
		t.Errorf("warnings %v", wb.Warnings)
	}
}

// A UTF-8 file with one line pasted from a Windows-1252 file is not decoded
// as Windows-1252 as a whole ("groÃŸ"): the broken cells are noted, each
// with what it would read as Windows-1252.
func TestCSVInvalidBytesInUTF8AreNotedAtTheirCell(t *testing.T) {
	s, wb, err := csvSheet(t, "Nr;Frage;Antwort\n1;Wie groß ist der Bär?;sehr\n2;Gr\xfc\xdfe;K\xf6ln\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(wb.Warnings) != 0 {
		t.Errorf("warnings %v", wb.Warnings)
	}
	if got := s.Rows[1][1]; got != "Wie groß ist der Bär?" {
		t.Errorf("valid UTF-8 row: %q", got)
	}
	for col, want := range map[int]string{1: "Grüße", 2: "Köln"} {
		n := s.Note(2, col)
		if !n.Undecodable || n.Windows1252 != want || !strings.Contains(s.Rows[2][col], "\uFFFD") {
			t.Errorf("column %d: %+v, cell %q", col, n, s.Rows[2][col])
		}
	}
	if n := s.Note(1, 1); n.Undecodable {
		t.Error("a valid cell is noted")
	}
}

// Misleading messages are replaced by the cause: UTF-16 without a
// byte-order mark is not "binary data".
func TestCSVEncodingMessages(t *testing.T) {
	for data, want := range map[string]string{
		utf16(false, "Nr\tFrage\n1\tx\n"): "d/Fragen.csv: die Datei ist UTF-16 ohne Byte-Order-Mark; bitte als „CSV UTF-8“ speichern",
		"\x89PNG\x00\x00\x00\x0dIHDR\x00": "d/Fragen.csv: enthält Binärdaten (Nullbytes): keine CSV-Datei",
	} {
		_, _, err := csvSheet(t, data)
		if err == nil || err.(*Error).In(i18n.German) != want {
			t.Errorf("%q: got %v, want %s", data[:8], err, want)
		}
	}
}

func TestCSVErrorsNameRow(t *testing.T) {
	_, _, err := csvSheet(t, "Nr,Frage\n1,ok\n2,\"kaputt\n3,x\n")
	want := `d/Fragen.csv: Fragen: Zeile 3: CSV kann nicht gelesen werden: extraneous or missing " in quoted-field`
	if err == nil || err.(*Error).In(i18n.German) != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}

func TestLimits(t *testing.T) {
	lim := DefaultLimits
	lim.Rows = 10
	big := strings.Repeat("1,x\n", 11)
	fsys := fstest.MapFS{"d/K.csv": &fstest.MapFile{Data: []byte(big)}}
	if _, err := loadAll(t, fsys, "d", lim); err == nil || !strings.Contains(err.Error(), "zu viele Zeilen (mehr als 10)") {
		t.Errorf("rows: %v", err)
	}
	lim = DefaultLimits
	lim.FileBytes = 100
	fsys = fstest.MapFS{"d/K.csv": &fstest.MapFile{Data: bytes.Repeat([]byte("a"), 101)}}
	if _, err := loadAll(t, fsys, "d", lim); err == nil || !strings.Contains(err.Error(), "Datei zu groß") {
		t.Errorf("size: %v", err)
	}
	lim = DefaultLimits
	lim.Columns = 3
	fsys = fstest.MapFS{"d/K.csv": &fstest.MapFile{Data: []byte("a,b,c,d\n")}}
	if _, err := loadAll(t, fsys, "d", lim); err == nil || !strings.Contains(err.Error(), "zu viele Spalten (4, höchstens 3)") {
		t.Errorf("columns: %v", err)
	}
	lim = DefaultLimits
	lim.CellRunes = 5
	fsys = fstest.MapFS{"d/K.csv": &fstest.MapFile{Data: []byte("a,b\nc,ääääää\n")}}
	if _, err := loadAll(t, fsys, "d", lim); err == nil || err.Error() != "d/K.csv: K: Zeile 2: Spalte B: die Zelle ist zu lang (mehr als 5 Zeichen)" {
		t.Errorf("cell: %v", err)
	}
}

// The text of a whole workbook is bounded, however it is spread over
// sheets: two sheets within the file limit but over the text limit.
func TestTextPerWorkbookIsBounded(t *testing.T) {
	lim := DefaultLimits
	lim.TextBytes = 1000
	sheet := []byte(strings.Repeat("abcdefghi\n", 60)) // 540 bytes of text
	fsys := fstest.MapFS{"d/A.csv": {Data: sheet}, "d/B.csv": {Data: sheet}}
	wb, err := Open(fsys, "d", "d", lim)
	if err != nil {
		t.Fatal(err)
	}
	if err := wb.Load(wb.Sheets[0]); err != nil {
		t.Fatal(err)
	}
	err = wb.Load(wb.Sheets[1])
	if err == nil || !strings.HasPrefix(err.Error(), "d/B.csv: B: Zeile 52: zu viel Text: die Arbeitsmappe enthält mehr als 0 MiB Text") {
		t.Fatalf("got %v", err)
	}
}

// countingFS records which files were opened.
type countingFS struct {
	fs.FS
	mu     sync.Mutex
	opened map[string]int
}

func (c *countingFS) Open(name string) (fs.File, error) {
	c.mu.Lock()
	c.opened[name]++
	c.mu.Unlock()
	return c.FS.Open(name)
}

// Open lists sheets; only Load reads one, so a sheet nobody asks for is
// never read (ten 60 MB sheets "nicht gelesen" used to be read in full).
func TestSheetsAreReadOnlyWhenLoaded(t *testing.T) {
	fsys := &countingFS{FS: fstest.MapFS{
		"d/Deck.csv":    {Data: []byte("Spiel,genial\n")},
		"d/Fragen.csv":  {Data: []byte("Nr,Frage\n")},
		"d/Notizen.csv": {Data: []byte("egal")},
	}, opened: map[string]int{}}
	wb, err := Open(fsys, "d", "d", DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if len(wb.Sheets) != 3 || fsys.opened["d/Deck.csv"]+fsys.opened["d/Fragen.csv"]+fsys.opened["d/Notizen.csv"] != 0 {
		t.Fatalf("sheets %d, opened %v", len(wb.Sheets), fsys.opened)
	}
	deck, _ := wb.Find("deck")
	if err := wb.Load(deck); err != nil || deck.Rows[0][1] != "genial" {
		t.Fatal(err, deck.Rows)
	}
	opened := fsys.opened["d/Deck.csv"]
	if opened == 0 || fsys.opened["d/Notizen.csv"] != 0 || fsys.opened["d/Fragen.csv"] != 0 {
		t.Errorf("opened %v", fsys.opened)
	}
	wb.Load(deck)
	if fsys.opened["d/Deck.csv"] != opened {
		t.Error("a sheet is read twice")
	}
}

// Names and cells are compared and printed in NFC: decomposed umlauts, as
// macOS writes file names, match composed ones.
func TestNamesAndCellsAreNFC(t *testing.T) {
	decomposed := "Scha\u0308tzen" // "Schätzen" as macOS writes it
	wb, err := openCSV(t, map[string][]byte{decomposed + ".csv": []byte("Seite,Antwort\ngru\u0308n,Ba\u0308r\n")})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := wb.Find("Schätzen")
	if s == nil || s.Name != "Schätzen" {
		t.Fatalf("sheet %v", wb.Sheets[0].Name)
	}
	wb.Load(s)
	if s.Rows[1][0] != "grün" || s.Rows[1][1] != "Bär" {
		t.Errorf("cells %q", s.Rows[1])
	}
	if NormalizeName("Erkla\u0308rung") != NormalizeName("Erklärung") || NormalizeName("Erklärung") != NormalizeName("erklaerung") {
		t.Error("NormalizeName does not fold decomposed umlauts")
	}
}

// Two sheets an author cannot tell apart by name are both found, so the
// second can be reported as a duplicate rather than as "unknown".
func TestFindReportsDuplicates(t *testing.T) {
	wb, err := openCSV(t, map[string][]byte{"Wer luegt.csv": []byte("a"), "Wer lügt.csv": []byte("b"), "Deck.csv": []byte("c")})
	if err != nil {
		t.Fatal(err)
	}
	s, more := wb.Find("Wer lügt?", "Wer luegt")
	if s == nil || len(more) != 1 {
		t.Fatalf("found %v, more %v", s, more)
	}
}

// rawXLSX builds an .xlsx by hand, so tests can write what excelize never
// would (damaged, hostile or unusual files).
type rawXLSX struct {
	sheets []rawSheet
	sst    string // body of <sst>, "" for none
	styles string // body of <styleSheet>, "" for none
}

type rawSheet struct{ name, xml string }

func (x rawXLSX) bytes(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name, body string) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	add("_rels/.rels", `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	wb := `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>`
	rels := `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
	for i, s := range x.sheets {
		wb += fmt.Sprintf(`<sheet name="%s" sheetId="%d" r:id="rId%d"/>`, s.name, i+1, i+1)
		rels += fmt.Sprintf(`<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet%d.xml"/>`, i+1, i+1)
	}
	rels += `<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`
	rels += `<Relationship Id="rIdT" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>`
	add("xl/workbook.xml", wb+`</sheets></workbook>`)
	add("xl/_rels/workbook.xml.rels", rels+`</Relationships>`)
	for i, s := range x.sheets {
		add(fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1), s.xml)
	}
	if x.sst != "" {
		add("xl/sharedStrings.xml", `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`+x.sst+`</sst>`)
	}
	if x.styles != "" {
		add("xl/styles.xml", `<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`+x.styles+`</styleSheet>`)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func worksheet(rows string) string {
	return `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` + rows + `</sheetData></worksheet>`
}

func openXLSXBytes(t *testing.T, data []byte, lim Limits) (*Workbook, error) {
	t.Helper()
	return loadAll(t, fstest.MapFS{"x.xlsx": {Data: data}}, "x.xlsx", lim)
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
	wb, err := openXLSXBytes(t, buf.Bytes(), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	s := wb.Sheets[0]
	if s.Rows[0][1] != "1.0" || s.Rows[1][0] != "7" || s.Rows[1][2] != "#DIV/0!" {
		t.Errorf("values %q", s.Rows)
	}
	if !s.Formula(1, 1) || s.Formula(1, 0) || s.Formula(0, 1) {
		t.Errorf("formula detection wrong")
	}
}

// Values read as excelize (the library that writes the templates) reads
// them, for everything a deck holds — but numbers with a decimal comma, as
// a German spreadsheet shows them (excelize writes 3.5).
func TestXLSXValuesMatchExcelize(t *testing.T) {
	f := excelize.NewFile()
	f.SetSheetName("Sheet1", "Karten")
	f.NewSheet("Wer lügt?")
	values := []any{"Text", 42, 3.5, -0.25, 1e-7, 123456789012, true, false, "  Leerzeichen  ", "Zeile 1\nZeile 2", "Grüße „x“ – ß", "<f>keine Formel</f>", "a_b_c"}
	for i, v := range values {
		cell, _ := excelize.CoordinatesToCellName(i%5+1, i/5+1)
		f.SetCellValue("Karten", cell, v)
		f.SetCellValue("Wer lügt?", cell, v)
	}
	f.SetCellRichText("Karten", "A9", []excelize.RichTextRun{{Text: "fett", Font: &excelize.Font{Bold: true}}, {Text: " und normal"}})
	f.SetCellStr("Karten", "D12", "weit unten")
	var buf bytes.Buffer
	f.Write(&buf)
	wb, err := openXLSXBytes(t, buf.Bytes(), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range wb.Sheets {
		want, _ := f.GetRows(s.Name)
		for i, v := range values {
			if _, ok := v.(float64); ok {
				r, c := i/5, i%5
				want[r][c] = strings.Replace(want[r][c], ".", ",", 1)
			}
		}
		if fmt.Sprintf("%q", s.Rows) != fmt.Sprintf("%q", want) {
			t.Errorf("%s:\n got %q\nwant %q", s.Name, s.Rows, want)
		}
	}
}

// Number formats: dates are noted (Excel turns "3.5" into a date), fixed
// decimals and percentages are shown as formatted, General as typed.
func TestXLSXNumberFormats(t *testing.T) {
	x := rawXLSX{
		styles: `<numFmts count="2"><numFmt numFmtId="164" formatCode="0.0"/><numFmt numFmtId="165" formatCode="[$-407]DD.MM.YYYY"/></numFmts>` +
			`<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="14"/><xf numFmtId="9"/></cellXfs>`,
		sheets: []rawSheet{{"Deck", worksheet(`<row r="1">` +
			`<c r="A1"><v>0.30000000000000004</v></c><c r="B1" s="1"><v>1</v></c><c r="C1" s="2"><v>46145</v></c>` +
			`<c r="D1" s="3"><v>45000.5</v></c><c r="E1" s="4"><v>0.125</v></c><c r="F1" t="b"><v>1</v></c>` +
			`<c r="G1" t="d"><v>2026-05-03T00:00:00</v></c></row>`)}},
	}
	wb, err := openXLSXBytes(t, x.bytes(t), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	s := wb.Sheets[0]
	want := []string{"0,3", "1,0", "03.05.2026", "15.03.2023 12:00:00", "13%", "TRUE", "03.05.2026"}
	if fmt.Sprintf("%q", s.Rows[0]) != fmt.Sprintf("%q", want) {
		t.Errorf("got %q, want %q", s.Rows[0], want)
	}
	for col, date := range []bool{false, false, true, true, false, false, true} {
		if s.Note(0, col).Date != date {
			t.Errorf("column %d: date %v", col, !date)
		}
	}
}

// Formulas are found in the parsed XML, however the element is written:
// with a line break before its attributes, with a namespace prefix, or as
// an empty shared-formula reference. Text that looks like a formula tag is
// text.
func TestXLSXFormulasFromParsedXML(t *testing.T) {
	x := rawXLSX{
		sst: `<si><t>&lt;f&gt;1+1&lt;/f&gt;</t></si>`,
		sheets: []rawSheet{{"Karten", `<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1">` +
			`<x:c r="A1"><x:f` + "\n" + `>1+1</x:f><x:v>2</x:v></x:c>` +
			`<x:c r="B1" t="str"><x:f t="shared" si="0"/><x:v>x</x:v></x:c>` +
			`<x:c r="C1" t="s"><x:v>0</x:v></x:c>` +
			`<x:c r="D1"><x:v>3</x:v></x:c>` +
			`</x:row></x:sheetData></x:worksheet>`}},
	}
	wb, err := openXLSXBytes(t, x.bytes(t), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	s := wb.Sheets[0]
	for col, formula := range []bool{true, true, false, false} {
		if s.Formula(0, col) != formula {
			t.Errorf("column %s: formula %v, want %v (cells %q)", ColumnLetter(col), !formula, formula, s.Rows[0])
		}
	}
	if s.Rows[0][2] != "<f>1+1</f>" {
		t.Errorf("text %q", s.Rows[0][2])
	}
}

// A damaged .xlsx is an error naming the sheet — never half the cards with
// exit code 0: XML cut short or garbled, a zip checksum that does not
// match, a sheet whose data is missing, a shared string that does not exist.
func TestXLSXDamageIsAnErrorNamingTheSheet(t *testing.T) {
	var rows strings.Builder
	for i := 1; i <= 200; i++ {
		fmt.Fprintf(&rows, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>Frage %d</t></is></c></row>`, i, i, i)
	}
	good := worksheet(rows.String())
	for name, tc := range map[string]struct {
		data func() []byte
		want string
	}{
		"truncated": {func() []byte {
			return rawXLSX{sheets: []rawSheet{{"Karten", good[:len(good)/2]}}}.bytes(t)
		}, "x.xlsx: Karten: beschädigte .xlsx-Datei: das Tabellenblatt ist kein vollständiges XML"},
		"truncated between rows": {func() []byte {
			cut := strings.Index(good, `<row r="100"`)
			return rawXLSX{sheets: []rawSheet{{"Karten", good[:cut]}}}.bytes(t)
		}, "x.xlsx: Karten: beschädigte .xlsx-Datei: das Tabellenblatt ist kein vollständiges XML"},
		"garbled": {func() []byte {
			return rawXLSX{sheets: []rawSheet{{"Karten", strings.Replace(good, "</row>", "</rwo>", 1)}}}.bytes(t)
		}, "x.xlsx: Karten: beschädigte .xlsx-Datei: das Tabellenblatt ist kein vollständiges XML"},
		"checksum": {func() []byte {
			data := rawXLSX{sheets: []rawSheet{{"Karten", good}}}.bytes(t)
			return corruptCRC(t, data, "xl/worksheets/sheet1.xml")
		}, "x.xlsx: Karten: beschädigte .xlsx-Datei: das Tabellenblatt ist im Archiv beschädigt (zip: checksum error)"},
		"missing part": {func() []byte {
			data := rawXLSX{sheets: []rawSheet{{"Karten", good}}}.bytes(t)
			return dropPart(t, data, "xl/worksheets/sheet1.xml")
		}, "x.xlsx: Karten: beschädigte .xlsx-Datei: die Daten des Tabellenblatts fehlen (xl/worksheets/sheet1.xml)"},
		"bad shared string": {func() []byte {
			return rawXLSX{sst: `<si><t>a</t></si>`, sheets: []rawSheet{{"Karten", worksheet(`<row r="3"><c r="B3" t="s"><v>7</v></c></row>`)}}}.bytes(t)
		}, "x.xlsx: Karten: Zeile 3: Spalte B: beschädigte .xlsx-Datei: die Zelle verweist auf den gemeinsamen Text Nr. 7, den es nicht gibt"},
		"broken shared strings": {func() []byte {
			return rawXLSX{sst: `<si><t>a</t></si><si><t>b`, sheets: []rawSheet{{"Deck", worksheet(`<row r="1"><c r="A1" t="s"><v>0</v></c></row>`)}}}.bytes(t)
		}, "x.xlsx: beschädigte .xlsx-Datei: die Tabelle der gemeinsamen Texte (xl/sharedStrings.xml) ist kein vollständiges XML"},
	} {
		wb, err := openXLSXBytes(t, tc.data(), DefaultLimits)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %s", name, err, tc.want)
			continue
		}
		if wb != nil && len(wb.Sheets) > 0 && wb.Sheets[0].Rows != nil {
			t.Errorf("%s: rows of a damaged sheet are kept", name)
		}
	}
}

// corruptCRC rewrites the stored checksum of one part.
func corruptCRC(t *testing.T, data []byte, part string) []byte {
	zr, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		h := f.FileHeader
		if f.Name == part {
			h.CRC32 ^= 0xdeadbeef
		}
		w, err := zw.CreateRaw(&h)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := f.OpenRaw()
		buf2 := new(bytes.Buffer)
		buf2.ReadFrom(r)
		w.Write(buf2.Bytes())
	}
	zw.Close()
	return buf.Bytes()
}

func dropPart(t *testing.T, data []byte, part string) []byte {
	zr, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if f.Name == part {
			continue
		}
		zw.Copy(f)
	}
	zw.Close()
	return buf.Bytes()
}

// One long shared string referenced by many cells used to be copied per
// cell (a 212 KB file took 4 GB): the text per workbook is bounded, and
// reading up to the error stays within a few MiB.
func TestXLSXSharedStringBombIsBounded(t *testing.T) {
	long := strings.Repeat("Wort ", 4000) // 20,000 characters
	var rows strings.Builder
	for r := 1; r <= 2000; r++ {
		fmt.Fprintf(&rows, `<row r="%d">`, r)
		for c := 0; c < 100; c++ {
			fmt.Fprintf(&rows, `<c r="%s%d" t="s"><v>0</v></c>`, ColumnLetter(c), r)
		}
		rows.WriteString(`</row>`)
	}
	data := rawXLSX{sst: `<si><t>` + long + `</t></si>`, sheets: []rawSheet{{"Karten", worksheet(rows.String())}}}.bytes(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := openXLSXBytes(t, data, DefaultLimits)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "x.xlsx: Karten: Zeile 34: zu viel Text: die Arbeitsmappe enthält mehr als 64 MiB Text") {
		t.Fatalf("got %v", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("allocated %d MiB before refusing", alloc>>20)
	}
}

// Parts of an .xlsx that are not read (sheets a game does not need) are
// never unzipped: a damaged unknown sheet does not matter.
func TestXLSXUnneededSheetsAreNotRead(t *testing.T) {
	x := rawXLSX{sheets: []rawSheet{
		{"Deck", worksheet(`<row r="1"><c r="A1" t="inlineStr"><is><t>Spiel</t></is></c></row>`)},
		{"Notizen", worksheet(strings.Repeat(`<row><c t="inlineStr"><is><t>x</t></is></c></row>`, 1000))},
	}}
	data := corruptCRC(t, x.bytes(t), "xl/worksheets/sheet2.xml")
	wb, err := Open(fstest.MapFS{"x.xlsx": {Data: data}}, "x.xlsx", "x.xlsx", DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	deck, _ := wb.Find("Deck")
	if err := wb.Load(deck); err != nil || deck.Rows[0][0] != "Spiel" {
		t.Fatal(err)
	}
	notes, _ := wb.Find("Notizen")
	if notes.Loaded() {
		t.Error("an unneeded sheet was read")
	}
	if err := wb.Load(notes); err == nil {
		t.Error("the damaged sheet reads without error")
	}
}

func TestXLSXHostileInput(t *testing.T) {
	// A zip whose content exceeds the unzip limit (a zip bomb) and plain
	// junk both end in a clear error.
	lim := DefaultLimits
	lim.UnzipBytes = 1 << 20
	bomb := rawXLSX{sheets: []rawSheet{{"Karten", worksheet(strings.Repeat(" ", 4<<20))}}}.bytes(t)
	_, err := openXLSXBytes(t, bomb, lim)
	if err == nil || err.Error() != "x.xlsx: Karten: zu groß: entpackt mehr als 1 MiB" {
		t.Errorf("zip bomb: %v", err)
	}
	// One text node of 32 MB (it compresses to 32 KB) is refused after
	// 1 MiB: the XML decoder holds a whole text in memory.
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	huge := rawXLSX{sheets: []rawSheet{{"Karten", worksheet(`<row><c t="inlineStr"><is><t>` + strings.Repeat("a", 32<<20) + `</t></is></c></row>`)}}}.bytes(t)
	runtime.ReadMemStats(&after)
	building := after.TotalAlloc - before.TotalAlloc
	_, err = openXLSXBytes(t, huge, DefaultLimits)
	runtime.ReadMemStats(&before)
	if err == nil || err.Error() != "x.xlsx: Karten: Zeile 1: Spalte A: die Zelle ist zu lang (mehr als 20000 Zeichen)" {
		t.Errorf("huge text node: %v", err)
	}
	if alloc := before.TotalAlloc - after.TotalAlloc; alloc > 16<<20 {
		t.Errorf("reading allocated %d MiB (building the file %d MiB)", alloc>>20, building>>20)
	}
	_, err = openXLSXBytes(t, []byte("no zip at all"), DefaultLimits)
	if err == nil || !strings.HasPrefix(err.Error(), "x.xlsx: keine lesbare .xlsx-Datei") {
		t.Errorf("junk: %v", err)
	}
	// Entities beyond XML's own are refused, not expanded.
	ent := rawXLSX{sheets: []rawSheet{{"Karten", `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><worksheet><sheetData><row><c t="inlineStr"><is><t>&a;</t></is></c></row></sheetData></worksheet>`}}}.bytes(t)
	if _, err := openXLSXBytes(t, ent, DefaultLimits); err == nil || !strings.Contains(err.Error(), "kein vollständiges XML") {
		t.Errorf("entity: %v", err)
	}
	// Formatted empty rows far down do not count as rows; a value there does.
	far := rawXLSX{sheets: []rawSheet{{"Karten", worksheet(`<row r="1"><c r="A1"><v>1</v></c></row><row r="1048576" ht="20" customHeight="1"/>`)}}}.bytes(t)
	if wb, err := openXLSXBytes(t, far, DefaultLimits); err != nil || len(wb.Sheets[0].Rows) != 1 {
		t.Errorf("formatted empty row: %v", err)
	}
	far = rawXLSX{sheets: []rawSheet{{"Karten", worksheet(`<row r="1048576"><c r="A1048576"><v>1</v></c></row>`)}}}.bytes(t)
	if _, err := openXLSXBytes(t, far, DefaultLimits); err == nil || !strings.Contains(err.Error(), "zu viele Zeilen") {
		t.Errorf("value in row 1048576: %v", err)
	}
}

func TestOpenKinds(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.csv"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.ods"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.numbers"), []byte("x"), 0o644)
	fsys := os.DirFS(dir)
	if _, err := Open(fsys, "a.csv", "a.csv", DefaultLimits); err == nil || !strings.Contains(err.Error(), "eine einzelne CSV-Datei ist kein Deck") {
		t.Errorf("single csv: %v", err)
	}
	if _, err := Open(fsys, "a.ods", "a.ods", DefaultLimits); err == nil || !strings.Contains(err.Error(), "a.ods: keine lesbare .ods-Datei") {
		t.Errorf("ods: %v", err)
	}
	if _, err := Open(fsys, "a.numbers", "a.numbers", DefaultLimits); err == nil || !strings.Contains(err.Error(), "unbekanntes Format: erwartet wird eine .xlsx- oder .ods-Datei") {
		t.Errorf("numbers: %v", err)
	}
	if _, err := Open(fsys, "nope", "nope", DefaultLimits); err == nil || err.Error() != "nope: nicht gefunden" {
		t.Errorf("missing: %v", err)
	}
	if _, err := Open(fsys, ".", "", DefaultLimits); err == nil || !strings.Contains(err.Error(), "leerer Pfad") {
		t.Errorf("empty path: %v", err)
	}
}

// A message stays on one line whatever the file is called.
func TestErrorsAreOneLine(t *testing.T) {
	e := &Error{File: "mein\ndeck.xlsx", Sheet: "Kar\rten", Row: 2, Msg: i18n.Sprintf("kaputt", "broken")}
	if got := e.In(i18n.English); got != `mein\ndeck.xlsx: Kar\rten: row 2: broken` {
		t.Errorf("got %q", got)
	}
}

func TestNormalizeName(t *testing.T) {
	for a, b := range map[string]string{"Erklärung": "erklaerung", "Wer lügt?": "Wer luegt", "Option 1": "option1", "Entweder – Oder!": "Entweder-Oder", "Stimmt's?": "Stimmts"} {
		if NormalizeName(a) != NormalizeName(b) {
			t.Errorf("%q and %q should match", a, b)
		}
	}
}

// Reading a workbook writes nothing: no temporary files (excelize spilled
// large parts to the temporary folder, and Ctrl-C left 209 MB there). The
// package reads through fs.FS and does not even import os.
func TestReadersWriteNothing(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p := strings.Trim(imp.Path.Value, `"`); p == "os" || p == "io/ioutil" {
				t.Errorf("%s imports %s", name, p)
			}
		}
	}
}

// A tag of megabytes (an attribute value with no end) is refused at the
// same bound as a text.
func TestXLSXLongTagIsRefused(t *testing.T) {
	data := rawXLSX{sheets: []rawSheet{{"Karten", worksheet(`<row r="1" x="` + strings.Repeat("a", 4<<20) + `"/>`)}}}.bytes(t)
	_, err := openXLSXBytes(t, data, DefaultLimits)
	if err == nil || err.Error() != "x.xlsx: Karten: beschädigte .xlsx-Datei: das Tabellenblatt enthält einen Text oder ein XML-Element von mehr als 1 MiB am Stück" {
		t.Errorf("got %v", err)
	}
}

// The cell limit holds for every way a cell gets its text.
func TestXLSXCellLimit(t *testing.T) {
	lim := DefaultLimits
	lim.CellRunes = 10
	long := strings.Repeat("ä", 11)
	for name, tc := range map[string]struct {
		x    rawXLSX
		want string
	}{
		"inline": {rawXLSX{sheets: []rawSheet{{"K", worksheet(`<row r="2"><c r="C2" t="inlineStr"><is><t>` + long + `</t></is></c></row>`)}}},
			"x.xlsx: K: Zeile 2: Spalte C: die Zelle ist zu lang (mehr als 10 Zeichen)"},
		"shared": {rawXLSX{sst: `<si><t>` + long + `</t></si>`, sheets: []rawSheet{{"K", worksheet(`<row r="2"><c r="C2" t="s"><v>0</v></c></row>`)}}},
			"x.xlsx: K: Zeile 2: Spalte C: die Zelle ist zu lang (mehr als 10 Zeichen)"},
		"shared, far too long": {rawXLSX{sst: `<si><t>` + strings.Repeat("x", 100) + `</t></si>`, sheets: []rawSheet{{"K", worksheet(`<row r="2"><c r="C2" t="s"><v>0</v></c></row>`)}}},
			"x.xlsx: die Tabelle der gemeinsamen Texte (xl/sharedStrings.xml) enthält einen Text, der länger ist, als eine Zelle sein darf (mehr als 10 Zeichen)"},
		"formula result": {rawXLSX{sheets: []rawSheet{{"K", worksheet(`<row r="2"><c r="C2" t="str"><f>A1</f><v>` + strings.Repeat("x", 100) + `</v></c></row>`)}}},
			"x.xlsx: K: Zeile 2: Spalte C: die Zelle ist zu lang (mehr als 10 Zeichen)"},
	} {
		_, err := openXLSXBytes(t, tc.x.bytes(t), lim)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v, want %s", name, err, tc.want)
		}
	}
}
