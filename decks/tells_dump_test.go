package decks

import (
	"fmt"
	"os"
	"testing"

	"druckreif/i18n"
)

// TestTellTable prints every test of the tell check on the default decks
// with its counts and p-values (docs/decks.md, „Verräterische Antworten“):
//
//	DRUCKREIF_TELLS=1 go test ./decks -run TellTable -v
func TestTellTable(t *testing.T) {
	if os.Getenv("DRUCKREIF_TELLS") == "" {
		t.Skip("set DRUCKREIF_TELLS=1 to print every tell test of the default decks")
	}
	decks, probs := LoadDefaults()
	if probs.HasErrors() {
		t.Fatal(probs)
	}
	tests := collectTells(decks)
	k := tellCorrection(tests)
	fmt.Printf("%d tests, %d counted for the correction\n", len(tests), k)
	for _, x := range tests {
		fmt.Printf("%-60s %-28s kind %d n %4d counts %v among %d expected %.1f p %.5f corrected %.4f minP %.2g exact %v\n",
			x.at.In(i18n.German), x.stack.DE, x.kind, x.tasks, x.counts, x.among, x.expected[0], x.p, min(1, x.p*float64(k)), x.minP, x.exact)
	}
}
