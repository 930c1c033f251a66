package workbook

import (
	"archive/zip"
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// rawODS builds an .ods by hand, so tests can write what LibreOffice never
// would (damaged, hostile or unusual files).
type rawODS struct {
	tables    []rawSheet // name and the XML inside <table:table>
	autoStyle string     // body of content.xml's <office:automatic-styles>
	styles    string     // body of styles.xml's <office:styles>, "" for no styles.xml
	mimetype  string     // "" for the spreadsheet's
	manifest  string     // "" for a plain one
	content   string     // replaces the whole content.xml when set
}

const odsNamespaces = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ` +
	`xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ` +
	`xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ` +
	`xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"`

func (x rawODS) contentXML() string {
	if x.content != "" {
		return x.content
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><office:document-content ` + odsNamespaces + ` office:version="1.3">`)
	b.WriteString(`<office:automatic-styles>` + x.autoStyle + `</office:automatic-styles><office:body><office:spreadsheet>`)
	for _, t := range x.tables {
		fmt.Fprintf(&b, `<table:table table:name="%s">%s</table:table>`, t.name, t.xml)
	}
	b.WriteString(`</office:spreadsheet></office:body></office:document-content>`)
	return b.String()
}

func (x rawODS) bytes(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name, body string, method uint16) {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	mt := x.mimetype
	if mt == "" {
		mt = "application/vnd.oasis.opendocument.spreadsheet"
	}
	add("mimetype", mt, zip.Store)
	manifest := x.manifest
	if manifest == "" {
		manifest = `<manifest:file-entry manifest:full-path="/" manifest:media-type="` + mt + `"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>`
	}
	add("META-INF/manifest.xml", `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">`+manifest+`</manifest:manifest>`, zip.Deflate)
	add("content.xml", x.contentXML(), zip.Deflate)
	if x.styles != "" {
		add("styles.xml", `<?xml version="1.0" encoding="UTF-8"?><office:document-styles `+odsNamespaces+`><office:styles>`+x.styles+`</office:styles></office:document-styles>`, zip.Deflate)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func odsRow(cells ...string) string {
	return `<table:table-row>` + strings.Join(cells, "") + `</table:table-row>`
}

func odsText(p string) string {
	return `<table:table-cell office:value-type="string"><text:p>` + p + `</text:p></table:table-cell>`
}

func openODSBytes(t *testing.T, data []byte, lim Limits) (*Workbook, error) {
	t.Helper()
	return loadAll(t, fstest.MapFS{"x.ods": {Data: data}}, "x.ods", lim)
}

// Cell text is what LibreOffice shows: paragraphs as lines, spans and links
// as their text, text:s as spaces, tabs and line breaks, no comments, no
// drawings; character data as written.
func TestODSText(t *testing.T) {
	x := rawODS{tables: []rawSheet{{"Karten", odsRow(
		odsText(`<text:span text:style-name="T1">fett</text:span> und <text:a xlink:href="https://example.org">Link</text:a>`),
		`<table:table-cell office:value-type="string"><text:p>Zeile 1</text:p><text:p>Zeile 2</text:p><text:p/></table:table-cell>`,
		odsText(`<text:s text:c="2"/>zwei<text:s/> Leer<text:s text:c="3"/>zeichen `),
		odsText(`a<text:tab/>b<text:line-break/>c`),
		`<table:table-cell office:value-type="string"><office:annotation><text:p>ein Kommentar</text:p></office:annotation><text:p>mit Kommentar<draw:frame><draw:text-box><text:p>Bild</text:p></draw:text-box></draw:frame></text:p></table:table-cell>`,
		odsText(`Gru`+"\u0308"+`ße &amp; „Zitat“`),
		`<table:table-cell office:value-type="string" office:string-value="nur Attribut"/>`,
		`<table:table-cell><text:p>ohne Typ</text:p></table:table-cell>`,
	)}}}
	wb, err := openODSBytes(t, x.bytes(t), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"fett und Link", "Zeile 1\nZeile 2\n", "  zwei  Leer   zeichen ", "a\tb\nc", "mit Kommentar", "Grüße & „Zitat“", "nur Attribut", "ohne Typ"}
	if got := wb.Sheets[0].Rows[0]; fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// Numbers are shown as the .xlsx reader shows them: from office:value, with
// the decimals of the cell's number style (automatic, named in styles.xml,
// inherited, or the column's default), whatever the display text says.
// Dates, times and formulas are noted.
func TestODSValuesAndNotes(t *testing.T) {
	x := rawODS{
		styles: `<number:number-style style:name="N3"><number:number number:decimal-places="3" number:min-integer-digits="1"/></number:number-style>` +
			`<style:style style:name="Drei" style:family="table-cell" style:data-style-name="N3"/>`,
		autoStyle: `<number:number-style style:name="N2"><number:number number:decimal-places="2" number:min-integer-digits="1"/></number:number-style>` +
			`<number:number-style style:name="N0"><number:number number:min-integer-digits="1"/></number:number-style>` +
			`<number:percentage-style style:name="P1"><number:number number:decimal-places="1" number:min-integer-digits="1"/><number:text>%</number:text></number:percentage-style>` +
			`<number:date-style style:name="D1"><number:day/><number:text>.</number:text><number:month/></number:date-style>` +
			`<style:style style:name="ce2" style:family="table-cell" style:data-style-name="N2"/>` +
			`<style:style style:name="ce0" style:family="table-cell" style:data-style-name="N0"/>` +
			`<style:style style:name="ceP" style:family="table-cell" style:data-style-name="P1"/>` +
			`<style:style style:name="ceD" style:family="table-cell" style:data-style-name="D1"/>` +
			`<style:style style:name="ce3" style:family="table-cell" style:parent-style-name="Drei"/>`,
		tables: []rawSheet{{"Deck", `<table:table-column table:number-columns-repeated="13"/><table:table-column table:default-cell-style-name="ce2"/>` + odsRow(
			`<table:table-cell office:value-type="float" office:value="7"><text:p>7</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="float" office:value="3.5"><text:p>3,5</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="float" office:value="1.5" table:style-name="ce2"><text:p>1,50</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="float" office:value="2.25" table:style-name="ce0"><text:p>2,25</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="float" office:value="0.1234" table:style-name="ce3"><text:p>0,123</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="percentage" office:value="0.125" table:style-name="ceP"><text:p>12,5 %</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="currency" office:currency="EUR" office:value="12.5"><text:p>12,50 €</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="boolean" office:boolean-value="true"><text:p>WAHR</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="date" office:date-value="2026-05-03"><text:p>03.05.26</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="date" office:date-value="2026-05-03T14:30:00"><text:p>03.05.26 14:30</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="time" office:time-value="PT14H30M00S"><text:p>14:30</text:p></table:table-cell>`,
			`<table:table-cell table:formula="of:=[.A1]*6" office:value-type="float" office:value="42"><text:p>42</text:p></table:table-cell>`,
			`<table:table-cell table:formula="of:=1/0" office:value-type="string" office:string-value="" calcext:value-type="error"><text:p>#DIV/0!</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="float" office:value="4"><text:p>4,00</text:p></table:table-cell>`,
			`<table:table-cell office:value-type="float" office:value="45000" table:style-name="ceD"><text:p>15.03.</text:p></table:table-cell>`,
		)}},
	}
	wb, err := openODSBytes(t, x.bytes(t), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	s := wb.Sheets[0]
	want := []string{"7", "3,5", "1,50", "2,25", "0,123", "12,5%", "12,50", "TRUE", "03.05.2026", "03.05.2026 14:30:00", "14:30:00", "42", "#DIV/0!", "4,00", "15.03.2023"}
	if fmt.Sprintf("%q", s.Rows[0]) != fmt.Sprintf("%q", want) {
		t.Errorf("got  %q\nwant %q", s.Rows[0], want)
	}
	for col := range want {
		date := col == 8 || col == 9 || col == 10 || col == 14
		formula := col == 11 || col == 12
		if n := s.Note(0, col); n.Date != date || n.Formula != formula {
			t.Errorf("column %s: note %+v", ColumnLetter(col), n)
		}
	}
}

// Repeated cells and rows expand to copies where they hold something; the
// empty rest of a sheet, as LibreOffice writes it (2^20 rows of 2^14
// cells), costs nothing. Row numbers count the repeats.
func TestODSRepeats(t *testing.T) {
	x := rawODS{tables: []rawSheet{{"Karten",
		`<table:table-column table:number-columns-repeated="16384"/>` +
			odsRow(`<table:table-cell table:number-columns-repeated="3" office:value-type="string"><text:p>ja</text:p></table:table-cell>`,
				`<table:table-cell table:number-columns-repeated="2"/>`, odsText("x"), `<table:table-cell table:number-columns-repeated="16378"/>`) +
			`<table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>` +
			`<table:table-row table:number-rows-repeated="2">` + odsText("gleich") + `<table:covered-table-cell><text:p>verdeckt</text:p></table:covered-table-cell>` + odsText("z") + `</table:table-row>` +
			`<table:table-header-rows>` + odsRow(odsText("in einer Gruppe")) + `</table:table-header-rows>` +
			`<table:table-row table:number-rows-repeated="1048569"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>`}}}
	start := time.Now()
	wb, err := openODSBytes(t, x.bytes(t), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("reading empty repeats took %v", d)
	}
	rows := wb.Sheets[0].Rows
	want := `[["ja" "ja" "ja" "" "" "x"] [] [] [] ["gleich" "" "z"] ["gleich" "" "z"] ["in einer Gruppe"]]`
	if got := fmt.Sprintf("%q", rows); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	rows[4][0] = "geändert"
	if rows[5][0] != "gleich" {
		t.Error("the copies of a repeated row share their cells")
	}
}

// Repeats are bombs when they hold something: each copy counts against the
// row, column and text limits, and the copies of a workbook are bounded, so
// a few hundred bytes never expand into gigabytes.
func TestODSRepeatBombs(t *testing.T) {
	long := strings.Repeat("Wort ", 4000) // 20,000 characters
	for name, tc := range map[string]struct {
		table string
		want  string
	}{
		"columns": {odsRow(odsText("a"), `<table:table-cell table:number-columns-repeated="16384" office:value-type="string"><text:p>x</text:p></table:table-cell>`),
			"x.ods: Karten: Zeile 1: zu viele Spalten (16385, höchstens 200)"},
		"rows": {`<table:table-row table:number-rows-repeated="1048576">` + odsText("x") + `</table:table-row>`,
			"x.ods: Karten: zu viele Zeilen (mehr als 200000)"},
		"rows after empty rows": {`<table:table-row table:number-rows-repeated="200000"><table:table-cell/></table:table-row>` + odsRow(odsText("x")),
			"x.ods: Karten: zu viele Zeilen (mehr als 200000)"},
		"text": {`<table:table-row table:number-rows-repeated="20"><table:table-cell table:number-columns-repeated="200" office:value-type="string"><text:p>` + long + `</text:p></table:table-cell></table:table-row>`,
			"x.ods: Karten: Zeile 1: zu viel Text: die Arbeitsmappe enthält mehr als 64 MiB Text"},
		"copies": {`<table:table-row table:number-rows-repeated="200000"><table:table-cell table:number-columns-repeated="200" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>`,
			"x.ods: Karten: Zeile 1: zu viele wiederholte Zellen"},
		"spaces": {odsRow(odsText(`<text:s text:c="1000000000"/>`)),
			"x.ods: Karten: Zeile 1: Spalte A: die Zelle ist zu lang (mehr als 20000 Zeichen)"},
		"count": {`<table:table-row table:number-rows-repeated="9999999999">` + odsText("x") + `</table:table-row>`,
			"x.ods: Karten: Zeile 1: beschädigte .ods-Datei: ungültige Wiederholungszahl „9999999999“ (table:number-rows-repeated)"},
		"zero": {odsRow(`<table:table-cell table:number-columns-repeated="0"/>`),
			"x.ods: Karten: Zeile 1: Spalte A: beschädigte .ods-Datei: ungültige Wiederholungszahl „0“ (table:number-columns-repeated)"},
	} {
		data := rawODS{tables: []rawSheet{{"Karten", tc.table}}}.bytes(t)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := openODSBytes(t, data, DefaultLimits)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %s", name, err, tc.want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
			t.Errorf("%s: %d-byte file allocated %d MiB before refusing", name, len(data), alloc>>20)
		}
	}
}

// Bombs that are no error cost little too: 100,000 column definitions
// do not make every cell's style look-up 100,000 steps (20,000 rows took
// 40 times as long as under one repeated column definition), and sheets nobody loads do not fill memory
// with the empty rows before their one cell (200 sheets with a cell in
// row 199,999 each kept 1 GiB and allocated 5 GB).
func TestODSQuietBombs(t *testing.T) {
	rows := strings.Repeat(`<table:table-row><table:table-cell table:number-columns-repeated="199999"/><table:table-cell/></table:table-row>`, 20_000) +
		odsRow(odsText("x"))
	columns := rawODS{tables: []rawSheet{{"Karten", strings.Repeat(`<table:table-column/>`, 100_000) + rows}}}.bytes(t)
	control := rawODS{tables: []rawSheet{{"Karten", `<table:table-column table:number-columns-repeated="100000"/>` + rows}}}.bytes(t)
	open := func(data []byte) (*Workbook, time.Duration) {
		t.Helper()
		start := time.Now()
		wb, err := Open(fstest.MapFS{"x.ods": {Data: data}}, "x.ods", "x.ods", DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		return wb, time.Since(start)
	}
	// The best of three of each, taken in turns: the machine may be busy.
	var bomb, plain time.Duration
	for i := range 3 {
		wb, b := open(columns)
		_, c := open(control)
		if i == 0 || b < bomb {
			bomb = b
		}
		if i == 0 || c < plain {
			plain = c
		}
		if r := wb.Sheet("Karten").Rows; len(r) != 20_001 || r[20_000][0] != "x" {
			t.Fatalf("%d rows", len(r))
		}
	}
	// The definitions are 100,000 more elements to parse, no more.
	if bomb > 4*plain {
		t.Errorf("100,000 column definitions: %v to open, %v with one", bomb, plain)
	}

	var sparse []rawSheet
	for i := range 200 {
		sparse = append(sparse, rawSheet{fmt.Sprintf("Blatt %d", i), `<table:table-row table:number-rows-repeated="199998"><table:table-cell/></table:table-row>` + odsRow(odsText("x"))})
	}
	data := rawODS{tables: sparse}.bytes(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	wb, _ := open(data)
	runtime.GC()
	runtime.ReadMemStats(&after)
	if kept := int64(after.HeapAlloc) - int64(before.HeapAlloc); kept > 32<<20 {
		t.Errorf("a %d-byte file keeps %d MiB", len(data), kept>>20)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("a %d-byte file allocated %d MiB", len(data), alloc>>20)
	}
	s := wb.Sheets[len(wb.Sheets)-1]
	if err := wb.Load(s); err != nil {
		t.Fatal(err)
	}
	if r := s.Rows[len(s.Rows)-1]; len(s.Rows) != 199_999 || len(r) != 1 || r[0] != "x" {
		t.Errorf("%d rows, the last %q", len(s.Rows), r)
	}
}

// A damaged .ods is an error naming the file and, where it can, the sheet —
// never half the cards.
func TestODSDamageIsAnError(t *testing.T) {
	var rows strings.Builder
	for i := 1; i <= 200; i++ {
		rows.WriteString(odsRow(odsText(fmt.Sprintf("Frage %d", i))))
	}
	good := rawODS{tables: []rawSheet{{"Deck", odsRow(odsText("Spiel"), odsText("genial"))}, {"Karten", rows.String()}}}
	content := good.contentXML()
	for name, tc := range map[string]struct {
		data func() []byte
		want string
	}{
		"truncated in a sheet": {func() []byte {
			x := good
			x.content = content[:strings.Index(content, "Frage 100")]
			return x.bytes(t)
		}, "x.ods: Karten: beschädigte .ods-Datei: das Tabellenblatt ist kein vollständiges XML"},
		"garbled": {func() []byte {
			x := good
			x.content = strings.Replace(content, "</table:table-row>", "</table:table-rwo>", 3)
			return x.bytes(t)
		}, "x.ods: Deck: beschädigte .ods-Datei: das Tabellenblatt ist kein vollständiges XML"},
		"checksum": {func() []byte {
			return corruptCRC(t, good.bytes(t), "content.xml")
		}, "x.ods: beschädigte .ods-Datei: der Inhalt (content.xml) ist im Archiv beschädigt (zip: checksum error)"},
		"no content": {func() []byte {
			return dropPart(t, good.bytes(t), "content.xml")
		}, "x.ods: keine lesbare .ods-Datei: der Teil content.xml fehlt"},
		"a text document": {func() []byte {
			x := good
			x.mimetype = "application/vnd.oasis.opendocument.text"
			return x.bytes(t)
		}, "x.ods: keine Tabellenkalkulation: die Datei ist als „application/vnd.oasis.opendocument.text“ gekennzeichnet"},
		"no spreadsheet": {func() []byte {
			x := good
			x.content = `<?xml version="1.0"?><office:document-content ` + odsNamespaces + `><office:body><office:text/></office:body></office:document-content>`
			return x.bytes(t)
		}, "x.ods: keine Tabellenkalkulation: die .ods-Datei enthält keine Tabellen"},
		"password": {func() []byte {
			x := good
			x.manifest = `<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry>`
			return x.bytes(t)
		}, "x.ods: die Datei ist mit einem Kennwort geschützt"},
		"bad number": {func() []byte {
			return rawODS{tables: []rawSheet{{"Karten", odsRow(odsText("a"), `<table:table-cell office:value-type="float" office:value="viel"/>`)}}}.bytes(t)
		}, "x.ods: Karten: Zeile 1: Spalte B: beschädigte .ods-Datei: ungültige Zahl „viel“"},
		"unknown type": {func() []byte {
			return rawODS{tables: []rawSheet{{"Karten", `<table:table-row table:number-rows-repeated="4"/>` + odsRow(`<table:table-cell table:number-columns-repeated="2"/><table:table-cell office:value-type="bild"/>`)}}}.bytes(t)
		}, "x.ods: Karten: Zeile 5: Spalte C: beschädigte .ods-Datei: unbekannter Zelltyp „bild“"},
		"junk": {func() []byte { return []byte("kein zip") }, "x.ods: keine lesbare .ods-Datei"},
		"entity": {func() []byte {
			x := good
			x.content = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><office:document-content ` + odsNamespaces + `><office:body><office:spreadsheet><table:table table:name="K">` + odsRow(odsText("&a;")) + `</table:table></office:spreadsheet></office:body></office:document-content>`
			return x.bytes(t)
		}, "x.ods: K: beschädigte .ods-Datei: das Tabellenblatt ist kein vollständiges XML"},
	} {
		wb, err := openODSBytes(t, tc.data(), DefaultLimits)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %s", name, err, tc.want)
			continue
		}
		if wb != nil {
			for _, s := range wb.Sheets {
				if s.Loaded() && s.Rows != nil && strings.HasPrefix(err.Error(), "x.ods: "+s.Name) {
					t.Errorf("%s: rows of a damaged sheet are kept", name)
				}
			}
		}
	}
}

// The shared bounds hold for .ods too: the unzipped size, a run of XML
// without a tag, the number of sheets.
func TestODSHostileInput(t *testing.T) {
	lim := DefaultLimits
	lim.UnzipBytes = 1 << 20
	bomb := rawODS{tables: []rawSheet{{"Karten", strings.Repeat(" ", 4<<20)}}}.bytes(t)
	if _, err := openODSBytes(t, bomb, lim); err == nil || err.Error() != "x.ods: Karten: zu groß: entpackt mehr als 1 MiB" {
		t.Errorf("zip bomb: %v", err)
	}
	huge := rawODS{tables: []rawSheet{{"Karten", odsRow(odsText(strings.Repeat("a", 32<<20)))}}}.bytes(t)
	if _, err := openODSBytes(t, huge, DefaultLimits); err == nil || !strings.Contains(err.Error(), "enthält einen Text oder ein XML-Element von mehr als 1 MiB am Stück") {
		t.Errorf("huge text node: %v", err)
	}
	lim = DefaultLimits
	lim.CellRunes = 10
	long := rawODS{tables: []rawSheet{{"Karten", odsRow(odsText("a"), odsText(strings.Repeat("ä", 11)))}}}.bytes(t)
	if _, err := openODSBytes(t, long, lim); err == nil || err.Error() != "x.ods: Karten: Zeile 1: Spalte B: die Zelle ist zu lang (mehr als 10 Zeichen)" {
		t.Errorf("long cell: %v", err)
	}
	lim = DefaultLimits
	lim.Sheets = 2
	three := rawODS{tables: []rawSheet{{"A", ""}, {"B", ""}, {"C", ""}}}.bytes(t)
	if _, err := openODSBytes(t, three, lim); err == nil || err.Error() != "x.ods: zu viele Tabellenblätter (mehr als 2)" {
		t.Errorf("sheets: %v", err)
	}
}

// A sheet the game does not need cannot spoil the deck: its problem is
// reported only when it is loaded.
func TestODSProblemsOfUnneededSheetsWait(t *testing.T) {
	lim := DefaultLimits
	lim.CellRunes = 10
	data := rawODS{tables: []rawSheet{
		{"Deck", odsRow(odsText("Spiel"), odsText("genial"))},
		{"Notizen", odsRow(odsText(strings.Repeat("x", 100)))},
	}}.bytes(t)
	wb, err := Open(fstest.MapFS{"x.ods": {Data: data}}, "x.ods", "x.ods", lim)
	if err != nil {
		t.Fatal(err)
	}
	deck, _ := wb.Find("Deck")
	if err := wb.Load(deck); err != nil || deck.Rows[0][1] != "genial" {
		t.Fatal(err, deck.Rows)
	}
	notes, _ := wb.Find("Notizen")
	if err := wb.Load(notes); err == nil || err.Error() != "x.ods: Notizen: Zeile 1: Spalte A: die Zelle ist zu lang (mehr als 10 Zeichen)" {
		t.Errorf("got %v", err)
	}
	if notes.Rows != nil || notes.Loaded() {
		t.Error("a sheet with a problem is loaded")
	}
}

// Sheet names keep their order and are NFC, as for the other formats.
func TestODSSheetNames(t *testing.T) {
	data := rawODS{tables: []rawSheet{{"Deck", ""}, {"Scha\u0308tzen", ""}, {"Wer lügt?", ""}}}.bytes(t)
	wb, err := openODSBytes(t, data, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range wb.Sheets {
		names = append(names, s.Name)
	}
	if got := strings.Join(names, "|"); got != "Deck|Schätzen|Wer lügt?" {
		t.Errorf("sheets %s", got)
	}
	if s, _ := wb.Find("Wer luegt"); s == nil {
		t.Error("Find does not fold the name")
	}
}
