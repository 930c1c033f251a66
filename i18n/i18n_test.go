package i18n

import "testing"

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"decks/mein deck.xlsx": "decks/mein deck.xlsx",
		"a\nb.xlsx":            `a\nb.xlsx`,
		"Grüße „x“":            "Grüße „x“",
		"x\r\ty\x1b[31m":       `x\r\ty\u001B[31m`,
		"abc\u202Edef\u2029":   `abc\u202Edef\u2029`,
		"\u0085next line (C1)": `\u0085next line (C1)`,
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
}
