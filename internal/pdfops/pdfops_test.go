package pdfops

import (
	"math"
	"reflect"
	"testing"
)

func TestTokens(t *testing.T) {
	content := []byte("q 1 0 0 1 12.5 -.5 cm % a comment\n/F1 9 Tf (a\\(b\\) \\101\\n(c)) Tj <48 6 9> Tj [ (x) -250 (y) ] TJ\n" +
		"BI /W 2 /H 1 ID \x00EI\xff EI Q <</A 1>>")
	got := Tokens(content)
	want := []Token{
		{Kind: Operator, S: "q"},
		{Kind: Number, Num: 1}, {Kind: Number, Num: 0}, {Kind: Number, Num: 0}, {Kind: Number, Num: 1},
		{Kind: Number, Num: 12.5}, {Kind: Number, Num: -0.5}, {Kind: Operator, S: "cm"},
		{Kind: Name, S: "F1"}, {Kind: Number, Num: 9}, {Kind: Operator, S: "Tf"},
		{Kind: String, Bytes: []byte("a(b) A\n(c)")}, {Kind: Operator, S: "Tj"},
		{Kind: String, Bytes: []byte{0x48, 0x69}}, {Kind: Operator, S: "Tj"},
		{Kind: Other}, {Kind: String, Bytes: []byte("x")}, {Kind: Number, Num: -250}, {Kind: String, Bytes: []byte("y")}, {Kind: Other},
		{Kind: Operator, S: "TJ"},
		// the inline image's bytes are skipped up to the EI that stands alone
		{Kind: Operator, S: "Q"},
		{Kind: Other}, {Kind: Name, S: "A"}, {Kind: Number, Num: 1}, {Kind: Other},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("tokens\n got %+v\nwant %+v", got, want)
	}
}

func TestMatrixComposesAsCm(t *testing.T) {
	// A scale by 2, then a shift by (10, 0): cm applies the newer
	// matrix first, so the point (1, 1) goes to (12, 2).
	scale := Matrix{2, 0, 0, 2, 0, 0}
	shift := Matrix{1, 0, 0, 1, 10, 0}
	if x, y := scale.Mul(shift).Apply(1, 1); x != 12 || y != 2 {
		t.Fatalf("scale then shift: (%g, %g), want (12, 2)", x, y)
	}
	rot := Matrix{0, 3, -3, 0, 0, 0} // a turn by 90° and a scale by 3
	if s := rot.Scale(); math.Abs(s-3) > 1e-12 {
		t.Fatalf("scale %g, want 3", s)
	}
}
