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

func TestFromAcceptLanguage(t *testing.T) {
	for header, want := range map[string]Lang{
		"": German, "en-US,en;q=0.9": English, "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7": English,
		"de-AT": German, "fr": German, "EN": English,
	} {
		if got := FromAcceptLanguage(header); got != want {
			t.Errorf("%q: %v, want %v", header, got, want)
		}
	}
}
