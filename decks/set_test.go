package decks

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"druckreif/i18n"
)

func TestIDs(t *testing.T) {
	lab, _ := loadSheets(t, validLabyrinth())
	dat, _ := loadSheets(t, validDativ())
	gen, _ := loadSheets(t, validGenial())
	got := []string{lab.Labyrinth[0].ID, lab.Labyrinth[0].Sides[Green].ID, lab.Labyrinth[0].Sides[Yellow].ID,
		dat.Dativ[0].Sides[Front].ID, dat.Dativ[0].Sides[Back].ID, gen.Genial[1].ID}
	want := []string{"LAB-T-1", "LAB-T-1-GR", "LAB-T-1-GE", "DAT-T-1-V", "DAT-T-1-H", "GEN-T-2"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	// Every ID and QR payload fits the QR alphanumeric mode.
	const alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
	for _, id := range append(got, QRPayload("LAB-T-1-GR", "1.0"), "TG-100B") {
		for _, c := range id {
			if !strings.ContainsRune(alnum, c) {
				t.Errorf("%q: %q is not QR alphanumeric", id, c)
			}
		}
	}
}

func TestTheGameDeck(t *testing.T) {
	cards := TheGameDeck()
	if len(cards) != 102 {
		t.Fatalf("%d cards, want 98 + 4 start cards", len(cards))
	}
	ids := map[string]bool{}
	ones, hundreds := 0, 0
	for _, c := range cards {
		if ids[c.ID] {
			t.Errorf("duplicate ID %s", c.ID)
		}
		ids[c.ID] = true
		switch c.Value {
		case 1:
			ones++
		case 100:
			hundreds++
		}
	}
	if ones != 2 || hundreds != 2 || !ids["TG-1A"] || !ids["TG-1B"] || !ids["TG-100A"] || !ids["TG-100B"] {
		t.Fatalf("start cards wrong: %d ones, %d hundreds", ones, hundreds)
	}
}

func TestFindByIDAndQRPayload(t *testing.T) {
	lab, _ := loadSheets(t, validLabyrinth())
	set, _ := Combine(lab)
	f, warn := set.Find(ParseRef("lab-t-2-ge"))
	if f == nil || f.Labyrinth.Number != 2 || f.Side != int(Yellow) || warn != nil {
		t.Fatalf("side lookup failed: %+v", f)
	}
	f, warn = set.Find(ParseRef("LAB-T-2/0.9"))
	if f == nil || f.Side != -1 || warn == nil {
		t.Fatalf("card lookup with old version: %+v %v", f, warn)
	}
	if !strings.Contains(warn.In(i18n.German), "Version 0.9") {
		t.Errorf("version warning: %s", warn.In(i18n.German))
	}
	if f, _ := set.Find(ParseRef("TG-57")); f == nil || f.TheGame.Value != 57 {
		t.Fatal("The Game card not found")
	}
	if f, _ := set.Find(ParseRef("LAB-T-99")); f != nil {
		t.Fatal("found a card that does not exist")
	}
}

func TestRegionFilter(t *testing.T) {
	lab, _ := loadSheets(t, validLabyrinth()) // card 1: no region, card 2: de-AT
	bay := validGenial().set("Fragen", 2, "Region", "de-DE-BY")
	gen, _ := loadSheets(t, bay) // 1: de-DE-BY, 2: de-CH
	set, _ := Combine(lab, gen)
	count := func(f RegionFilter) (int, int) {
		s := set.Filter(f)
		return len(s.Labyrinth()), len(s.Genial())
	}
	for _, c := range []struct {
		f          RegionFilter
		lab, genia int
	}{
		{RegionFilter{}, 2, 2},
		{RegionFilter{Only: "de-AT"}, 2, 0},
		{RegionFilter{Only: "de-DE"}, 1, 1}, // de-DE keeps de-DE-BY
		{RegionFilter{Exclude: []string{"de-AT"}}, 1, 2},
		{RegionFilter{Exclude: []string{"de-AT", "de-CH"}}, 1, 1},
	} {
		l, g := count(c.f)
		if l != c.lab || g != c.genia {
			t.Errorf("%+v: got %d labyrinth, %d genial; want %d, %d", c.f, l, g, c.lab, c.genia)
		}
	}
}

func TestCombineRejectsSameKennung(t *testing.T) {
	a, _ := loadSheets(t, validGenial())
	b, _ := loadSheets(t, validGenial())
	b.Info.Source = "other"
	_, probs := Combine(a, b)
	want := "other: Deck: Spalte Kennung: die Kennung T hat schon das Deck Testdeck (deck); Kartennummern wären doppelt: bitte eine andere Kennung wählen"
	if len(probs) != 1 || probs[0].String() != want {
		t.Fatalf("got %q, want %q", messages(probs, i18n.German), want)
	}
	// The same Kennung in different games is fine: IDs carry the game.
	c, _ := loadSheets(t, validLabyrinth())
	if _, probs := Combine(a, c); len(probs) != 0 {
		t.Fatalf("different games clash: %q", messages(probs, i18n.German))
	}
}

// writeXLSXDeck writes the same sheets as an .xlsx file.
func writeXLSXDeck(t testing.TB, s sheets, numeric map[string]bool) string {
	t.Helper()
	f := excelize.NewFile()
	first := true
	for name, rows := range s {
		if first {
			f.SetSheetName("Sheet1", name)
			first = false
		} else if _, err := f.NewSheet(name); err != nil {
			t.Fatal(err)
		}
		for r, row := range rows {
			for c, v := range row {
				ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
				if numeric[rows[0][c]] && r > 0 && v != "" {
					if err := f.SetCellValue(name, ref, mustAtoi(t, v)); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := f.SetCellStr(name, ref, v); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	path := filepath.Join(t.TempDir(), "deck.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

func mustAtoi(t testing.TB, s string) int {
	n, ok := parseInteger(s)
	if !ok {
		t.Fatalf("%q not a number", s)
	}
	return n
}

// stripOrigins removes what legitimately differs between the two forms of
// one deck: the file names in origins and the source path.
func stripOrigins(d *Deck) {
	d.Info.Source = ""
	d.Info.NameCell.File = ""
	d.Info.Default = false // where the deck came from, as Source
	for _, c := range d.Raab {
		c.rulebook = 0
	}
	for _, c := range d.Labyrinth {
		for i := range c.Sides {
			c.Sides[i].Origin = Origin{}
		}
	}
	for _, c := range d.Dativ {
		for i := range c.Sides {
			c.Sides[i].Origin = Origin{}
		}
	}
	for _, c := range d.Genial {
		c.Origin = Origin{}
	}
	for _, c := range d.Raab {
		for i, task := range c.Tasks {
			c.Tasks[i] = renderedTask(fileField.ReplaceAllString(fmt.Sprintf("%#v", task), ""))
		}
	}
}

// renderedTask stands in for a Raab task in comparisons: its full Go
// syntax with the origin's file name removed (each mini-game has its own
// task type, and only the file name differs between the two forms).
type renderedTask string

func (renderedTask) Prompt() string   { return "" }
func (renderedTask) Solution() string { return "" }
func (renderedTask) Source() Origin   { return Origin{} }

var fileField = regexp.MustCompile(`File:"[^"]*"`)

func TestXLSXAndCSVParseToIdenticalCards(t *testing.T) {
	numeric := map[string]bool{"Nr": true, "Karte": true, "Kilometer": true, "Jahr": true}
	for _, name := range DefaultDeckNames() {
		t.Run(name, func(t *testing.T) {
			fromCSV, probs := LoadDefault(name)
			if fromCSV == nil {
				t.Fatal(messages(probs, i18n.German))
			}
			s := readDefaultSheets(t, name)
			xlsx := writeXLSXDeck(t, s, numeric)
			fromXLSX, probs := LoadPath(xlsx)
			if fromXLSX == nil {
				t.Fatal(messages(probs, i18n.German))
			}
			if fromCSV.Len() == 0 || fromCSV.Len() != fromXLSX.Len() {
				t.Fatalf("%d cards from CSV, %d from xlsx", fromCSV.Len(), fromXLSX.Len())
			}
			stripOrigins(fromCSV)
			stripOrigins(fromXLSX)
			if !reflect.DeepEqual(fromCSV, fromXLSX) {
				t.Fatal("the xlsx form parses to different cards than the CSV form")
			}
		})
	}
}

// readDefaultSheets reads an embedded default deck's CSV files as sheets.
func readDefaultSheets(t *testing.T, name string) sheets {
	t.Helper()
	dir := filepath.Join("default", name)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	s := sheets{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		sheet, _, err := parseTestCSV(data)
		if err != nil {
			t.Fatal(err)
		}
		s[strings.TrimSuffix(e.Name(), ".csv")] = sheet
	}
	return s
}
