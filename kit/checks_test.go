package kit

import (
	"testing"

	"druckreif/decks"
)

// The print engine carries a text's cell as one string; ParseLocation
// must give back the parts, so the preview can name card and column and
// English can be shown.
func TestParseLocationRoundTrips(t *testing.T) {
	for _, l := range []decks.Location{
		{File: "mein-deck/Karten.csv", Sheet: "Karten", Row: 7, Column: "Richtig"},
		{File: "a: b.xlsx", Sheet: "Deck", Column: "Name"},
		{File: "mein.ods", Sheet: "Karten", Row: 12},
		{File: "nur-datei.xlsx"},
	} {
		if got := ParseLocation(l.String()); got != l {
			t.Errorf("ParseLocation(%q) = %+v, want %+v", l.String(), got, l)
		}
	}
	if got := ParseLocation("x: Zeile zwölf"); got.File != "x: Zeile zwölf" || got.Row != 0 {
		t.Errorf("an unreadable row: %+v", got)
	}
}
