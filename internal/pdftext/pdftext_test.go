package pdftext

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"math"
	"testing"
)

func minimalPDF(content string) []byte {
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write([]byte(content))
	w.Close()
	var b bytes.Buffer
	b.WriteString("%PDF-1.3\n3 0 obj\n<</Type /Page\n/Parent 1 0 R\n/Resources 2 0 R\n/Contents 4 0 R>>\nendobj\n")
	fmt.Fprintf(&b, "4 0 obj\n<</Filter /FlateDecode /Length %d>>\nstream\n", z.Len())
	b.Write(z.Bytes())
	b.WriteString("\nendstream\nendobj\n2 0 obj\n<</Font <</F1 5 0 R>> >>\nendobj\n5 0 obj\n<</Type /Font /Subtype /Type0>>\nendobj\n")
	return b.Bytes()
}

// Sizes combine Tf, the text matrix and the CTM; q/Q restore the CTM and
// the font; strings decode as UTF-16BE in a Unicode font.
func TestSizesFromMatrices(t *testing.T) {
	pdf := minimalPDF("BT /F1 10 Tf ET\nq 0.5 0 0 0.5 0 0 cm BT 10 20 Td <00480069> Tj ET Q\n" +
		"BT 0 2 -2 0 5 5 Tm [<0041> -20 <0042>] TJ ET\nq BT /F1 1 Tf 7 0 0 7 0 0 Tm <00DF> Tj ET Q BT <0043> Tj ET\n")
	runs, err := Read(pdf)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		text string
		size float64
	}{{"Hi", 5}, {"AB", 20}, {"ß", 7}, {"C", 10}}
	if len(runs) != len(want) {
		t.Fatalf("runs %+v", runs)
	}
	for i, w := range want {
		if runs[i].Text != w.text || math.Abs(runs[i].Size-w.size) > 1e-9 {
			t.Errorf("run %d: %q at %g pt, want %q at %g pt", i, runs[i].Text, runs[i].Size, w.text, w.size)
		}
	}
	if runs[0].X != 5 || runs[0].Y != 10 {
		t.Errorf("first run at (%g, %g), want (5, 10)", runs[0].X, runs[0].Y)
	}
}
