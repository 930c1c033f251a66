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
