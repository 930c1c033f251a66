package workbook

import (
	"bytes"
	"testing"
	"testing/fstest"

	"github.com/xuri/excelize/v2"
)

// Fuzzing the readers: no input may panic, and every failure is a
// located *Error.

func FuzzCSV(f *testing.F) {
	for _, s := range []string{"Nr,Frage\n1,x\n", "a;b\n\"c;d\";e\n", "\xEF\xBB\xBFa\tb\n", "\"", "a,\"b\nc\",d\n\n\n1", "\x84\x93\xfc"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"d/Karten.csv": &fstest.MapFile{Data: data}}
		wb, err := Open(fsys, "d", "d", DefaultLimits)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if len(wb.Sheets) != 1 {
			t.Fatalf("%d sheets", len(wb.Sheets))
		}
	})
}

func FuzzXLSX(f *testing.F) {
	x := excelize.NewFile()
	x.SetCellStr("Sheet1", "A1", "Nr")
	x.SetCellFormula("Sheet1", "B2", "1+1")
	var buf bytes.Buffer
	x.Write(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"x.xlsx": &fstest.MapFile{Data: data}}
		_, err := Open(fsys, "x.xlsx", "x.xlsx", DefaultLimits)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
		}
	})
}
