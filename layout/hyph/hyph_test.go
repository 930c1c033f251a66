package hyph

import "testing"

func TestGermanHyphenation(t *testing.T) {
	for word, want := range map[string]string{
		"Donaudampfschifffahrt":  "Do-nau-dampf-schiff-fahrt",
		"Rechtschreibreform":     "Recht-schreib-re-form",
		"Straßenbahnhaltestelle": "Stra-ßen-bahn-hal-te-stel-le",
		"Bundespräsident":        "Bun-des-prä-si-dent",
		"Führerscheinprüfung":    "Füh-rer-schein-prü-fung",
		"Aufenthaltserlaubnis":   "Auf-ent-halts-er-laub-nis",
		"Kommasetzung":           "Kom-ma-set-zung",
		"Zusammenschreibung":     "Zu-sam-men-schrei-bung",
		"Uraufführung":           "Ur-auf-füh-rung",
		"Schifffahrt":            "Schiff-fahrt",
		"Kaffeeersatz":           "Kaf-fee-er-satz",
		// Short words and the 2/2 minimum: no "a-ber", no "Ufe-r".
		"aber": "aber",
		"Ufer": "Ufer",
		"Oma":  "Oma",
		// Explicit hyphens are break points; the parts are hyphenated too.
		"E-Mail-Adresse": "E-Mail-Adres-se",
		// Words the patterns alone get wrong, fixed by the exceptions list.
		"Lingutaurus": "Lin-gu-tau-rus",
		"beinhalten":  "be-in-hal-ten",
		"Urinstinkt":  "Ur-in-stinkt",
	} {
		if got := German().Hyphenate(word, "-"); got != want {
			t.Errorf("%s: got %s, want %s", word, got, want)
		}
	}
}

func TestPatternsAloneAreWrongForExceptions(t *testing.T) {
	// Guard: the exceptions list is needed (the bare patterns give these).
	bare := New(germanPatterns, nil)
	if got := bare.Hyphenate("Lingutaurus", "-"); got != "Lin-gut-au-rus" {
		t.Errorf("bare patterns now give %s; re-check the exceptions list", got)
	}
}

func TestNonWordsAreNotDivided(t *testing.T) {
	for _, w := range []string{"1234567", "B2B2B2B2", "„Zitat“", "Haus,"} {
		if pts := German().Points(w); len(pts) != 0 {
			t.Errorf("%q divided at %v", w, pts)
		}
	}
}

func BenchmarkHyphenate(b *testing.B) {
	h := New(germanPatterns, germanExceptions)
	words := []string{"Donaudampfschifffahrt", "Rechtschreibreform", "Straßenbahnhaltestelle", "Aufenthaltserlaubnis"}
	for b.Loop() {
		for _, w := range words {
			h.points(w)
		}
	}
}

// BenchmarkGermanPatterns reads the German patterns as the first
// hyphenation of every druckreif process does.
func BenchmarkGermanPatterns(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		New(germanPatterns, germanExceptions)
	}
}
