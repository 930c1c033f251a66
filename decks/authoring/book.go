package authoring

import (
	"strconv"
	"strings"

	"druckreif/decks"
)

// A template is laid out once, as a book of sheets, and then written as
// .xlsx (excelize) or .ods (by hand, see ods.go): both files have the same
// sheets, cells, bold rows, column widths, text-formatted columns,
// drop-downs and frozen header rows.

// book is a template independent of its file format.
type book struct {
	sheets []*bookSheet
	active int // the sheet shown first
}

type bookSheet struct {
	name   string
	cols   []bookColumn
	rows   [][]bookCell
	freeze bool // the header row stays in view
}

type bookColumn struct {
	width float64 // in characters, as excelize counts them
	// text formats the column's cells as text ("@"), so that what an
	// author types stays as typed: 1.0 stays 1.0 and 3.5 no date.
	text bool
	wrap bool // long texts wrap, aligned at the top
	// choices offers a drop-down in rows 2 … validationRows; what is not
	// in it is warned about, not refused.
	choices []string
}

type bookCell struct {
	text   string
	number bool // written as a whole number
	bold   bool
}

// validationRows is how far drop-downs reach: generous for any deck.
const validationRows = 2000

// numericColumns hold whole numbers; they are written as numbers so that
// spreadsheet programs do not flag them as "number stored as text".
var numericColumns = map[string]bool{"Nr": true, "Karte": true, "Kilometer": true, "Jahr": true}

// buildTemplate lays out the template for game g; ext is the file's
// extension as the Anleitung names it (".xlsx" or ".ods").
func buildTemplate(g decks.Game, ext string) (*book, error) {
	schemas := decks.Schemas(g)
	if len(schemas) == 0 {
		return nil, errorf("für %s gibt es keine Vorlage: seine Karten werden erzeugt", "%s has no template: its cards are generated", g)
	}
	b := &book{active: 1}
	b.sheets = append(b.sheets, deckSheet(g))
	for _, s := range schemas {
		b.sheets = append(b.sheets, cardSheet(s))
	}
	b.sheets = append(b.sheets, guideSheet(g, schemas, ext))
	return b, nil
}

func deckSheet(g decks.Game) *bookSheet {
	values := map[string]string{"Spiel": string(g), "Name": "Mein Deck", "Kennung": "MEIN", "Version": "1.0", "Sprache": "de"}
	s := &bookSheet{name: "Deck", cols: []bookColumn{{width: 12}, {width: 30, text: true}}}
	for _, kv := range decks.DeckSheetHelp {
		s.rows = append(s.rows, []bookCell{{text: kv[0], bold: true}, {text: values[kv[0]]}})
	}
	return s
}

func cardSheet(schema *decks.SheetSchema) *bookSheet {
	s := &bookSheet{name: schema.Name, freeze: true}
	var header []bookCell
	for _, c := range schema.Columns {
		width := c.Width
		if width == 0 {
			width = 14
		}
		col := bookColumn{width: width, text: !numericColumns[c.Name]}
		// A choice holding a comma cannot be offered: both programs
		// separate the items of a list by commas somewhere.
		if len(c.Choices) > 0 && !anyContains(c.Choices, ",") {
			col.choices = c.Choices
		}
		s.cols = append(s.cols, col)
		header = append(header, bookCell{text: c.Name, bold: true})
	}
	s.rows = append(s.rows, header)
	for _, ex := range schema.Example {
		var row []bookCell
		for i, v := range ex {
			_, err := strconv.Atoi(v)
			row = append(row, bookCell{text: v, number: v != "" && err == nil && numericColumns[schema.Columns[i].Name]})
		}
		s.rows = append(s.rows, row)
	}
	return s
}

func guideSheet(g decks.Game, schemas []*decks.SheetSchema, ext string) *bookSheet {
	lines := [][]string{
		{"Vorlage für ein eigenes Deck: " + g.Title()},
		{"So geht es: Tabellenblatt „Deck“ ausfüllen, die Beispielzeilen der Kartenblätter überschreiben und neue Zeilen anhängen. Prüfen mit: druckreif check DATEI" + ext},
		{"Blätter ohne Karten dürfen leer bleiben oder gelöscht werden. Überschriften dürfen auch englisch sein (in eckigen Klammern genannt). Keine Formeln: nur Werte."},
		{},
		{"Blatt", "Spalte", "Pflicht", "Erklärung", "Erlaubte Werte"},
		{"Deck", "", "", "Schlüssel in Spalte A, Wert in Spalte B, ohne Überschrift."},
	}
	for _, kv := range decks.DeckSheetHelp {
		req := "ja"
		if kv[0] == "Region" || kv[0] == "Sprache" {
			req = "nein"
		}
		lines = append(lines, []string{"Deck", kv[0], req, kv[1], ""})
	}
	for _, s := range schemas {
		title := s.Name
		if s.Title != "" {
			title += " (" + s.Title + ")"
		}
		lines = append(lines, []string{}, []string{title, "", "", s.Help})
		for _, c := range s.Columns {
			req := "nein"
			if c.Required {
				req = "ja"
			}
			name := c.Name
			if len(c.Aliases) > 0 {
				name += " [" + strings.Join(c.Aliases, ", ") + "]"
			}
			lines = append(lines, []string{s.Name, name, req, c.Help, strings.Join(c.Choices, " | ")})
		}
	}
	s := &bookSheet{name: "Anleitung", cols: []bookColumn{{width: 24}, {width: 22}, {width: 8}, {width: 80, wrap: true}, {width: 30}}}
	for i, l := range lines {
		// The title, the table's header and each sheet's title line.
		bold := i == 0 || i == 4 || len(l) == 4 && l[1] == ""
		var row []bookCell
		for _, v := range l {
			row = append(row, bookCell{text: v, bold: bold})
		}
		s.rows = append(s.rows, row)
	}
	return s
}

func anyContains(list []string, sub string) bool {
	for _, s := range list {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
