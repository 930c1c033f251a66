package workbook

import (
	"bytes"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// Fuzzing the readers: no input may panic, every failure is a located
// *Error, and what is read keeps the limits and is valid NFC text.

func checkRead(t *testing.T, wb *Workbook, err error, lim Limits) {
	if err != nil {
		if _, ok := err.(*Error); !ok {
			t.Fatalf("error of type %T: %v", err, err)
		}
		return
	}
	var text int64
	for _, s := range wb.Sheets {
		if len(s.Rows) > lim.Rows {
			t.Fatalf("%d rows", len(s.Rows))
		}
		for _, r := range s.Rows {
			if len(r) > lim.Columns {
				t.Fatalf("%d columns", len(r))
			}
			for _, c := range r {
				text += int64(len(c))
				if !utf8.ValidString(c) || utf8.RuneCountInString(c) > lim.CellRunes {
					t.Fatalf("cell %q", c)
				}
			}
		}
	}
	if text > lim.TextBytes {
		t.Fatalf("%d bytes of text", text)
	}
}

func fuzzLimits() Limits {
	lim := DefaultLimits
	lim.TextBytes = 1 << 20 // small, so the fuzzer reaches the limit
	return lim
}

func FuzzCSV(f *testing.F) {
	for _, s := range []string{"Nr,Frage\n1,x\n", "a;b\n\"c;d\";e\n", "\xEF\xBB\xBFa\tb\n", "\"", "a,\"b\nc\",d\n\n\n1",
		"\x84\x93\xfc", "Nr;Frage\n1;gr\xfc\xdf;Bär\n", "a;b\rc;d\r", "\xff\xfea\x00;\x00b\x00", "Titel, mit Komma\na;b\nc;d\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lim := fuzzLimits()
		fsys := fstest.MapFS{"d/Karten.csv": &fstest.MapFile{Data: data}}
		wb, err := Open(fsys, "d", "d", lim)
		if err == nil {
			if len(wb.Sheets) != 1 {
				t.Fatalf("%d sheets", len(wb.Sheets))
			}
			err = wb.Load(wb.Sheets[0])
		}
		checkRead(t, wb, err, lim)
	})
}

func FuzzXLSX(f *testing.F) {
	x := excelize.NewFile()
	x.SetCellStr("Sheet1", "A1", "Nr")
	x.SetCellFormula("Sheet1", "B2", "1+1")
	x.SetCellFloat("Sheet1", "C3", 3.25, 2, 64)
	x.NewSheet("Zwei")
	x.SetCellRichText("Zwei", "A1", []excelize.RichTextRun{{Text: "a"}, {Text: "b"}})
	var buf bytes.Buffer
	x.Write(&buf)
	f.Add(buf.Bytes())
	f.Add(rawXLSX{sst: `<si><t>x</t></si>`, styles: `<cellXfs><xf numFmtId="14"/></cellXfs>`, sheets: []rawSheet{{"Karten", worksheet(
		`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="0"><v>45000</v></c><c r="C1"><f>1</f><v>1</v></c></row>`)}}}.bytes(f))
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lim := fuzzLimits()
		wb, err := Open(fstest.MapFS{"x.xlsx": &fstest.MapFile{Data: data}}, "x.xlsx", "x.xlsx", lim)
		if err == nil {
			for _, s := range wb.Sheets {
				if err = wb.Load(s); err != nil {
					break
				}
			}
		}
		checkRead(t, wb, err, lim)
	})
}

func FuzzODS(f *testing.F) {
	f.Add(rawODS{tables: []rawSheet{{"Deck", odsRow(odsText("Spiel"), odsText("genial"))}, {"Karten",
		`<table:table-column table:number-columns-repeated="3" table:default-cell-style-name="ce2"/>` +
			odsRow(odsText(`<text:span>a</text:span><text:s text:c="2"/>b<text:tab/><text:line-break/>`),
				`<table:table-cell table:formula="of:=1+1" office:value-type="float" office:value="2"><text:p>2</text:p></table:table-cell>`,
				`<table:table-cell office:value-type="date" office:date-value="2026-05-03"/>`) +
			`<table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="2" office:value-type="float" office:value="1.5"/></table:table-row>`}},
		autoStyle: `<number:number-style style:name="N2"><number:number number:decimal-places="2"/></number:number-style><style:style style:name="ce2" style:family="table-cell" style:data-style-name="N2"/>`,
	}.bytes(f))
	f.Add(rawODS{mimetype: "application/vnd.oasis.opendocument.text"}.bytes(f))
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lim := fuzzLimits()
		wb, err := Open(fstest.MapFS{"x.ods": &fstest.MapFile{Data: data}}, "x.ods", "x.ods", lim)
		if err == nil {
			for _, s := range wb.Sheets {
				if err = wb.Load(s); err != nil {
					break
				}
			}
		}
		checkRead(t, wb, err, lim)
	})
}
