// Package authoring writes ready-to-fill spreadsheet templates for deck
// authors: the Deck sheet, every card sheet of a game with frozen bold
// headers, column widths, drop-downs for closed columns, two example rows,
// and a sheet "Anleitung" explaining each column in German.
package authoring

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"druckreif/decks"
)

// exampleRows is how far drop-downs reach: generous for any deck.
const validationRows = 2000

// WriteTemplate writes the template for game g as .xlsx to w.
func WriteTemplate(g decks.Game, w io.Writer) error {
	schemas := decks.Schemas(g)
	if len(schemas) == 0 {
		return fmt.Errorf("für %s gibt es keine Vorlage: seine Karten werden erzeugt", g)
	}
	f := excelize.NewFile()
	defer f.Close()
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	wrap, err := f.NewStyle(&excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return err
	}
	if err := f.SetSheetName("Sheet1", "Deck"); err != nil {
		return err
	}
	if err := writeDeckSheet(f, g, bold); err != nil {
		return err
	}
	for _, s := range schemas {
		if err := writeCardSheet(f, s, bold); err != nil {
			return fmt.Errorf("%s: %w", s.Name, err)
		}
	}
	if err := writeGuide(f, g, schemas, bold, wrap); err != nil {
		return err
	}
	f.SetActiveSheet(1)
	return f.Write(w)
}

func writeDeckSheet(f *excelize.File, g decks.Game, bold int) error {
	values := map[string]string{"Spiel": string(g), "Name": "Mein Deck", "Kennung": "MEIN", "Version": "1.0", "Sprache": "de"}
	row := 1
	for _, kv := range decks.DeckSheetHelp {
		key := kv[0]
		if err := f.SetCellStr("Deck", cell(1, row), key); err != nil {
			return err
		}
		// Values are written as text so that "1.0" stays "1.0".
		if err := f.SetCellStr("Deck", cell(2, row), values[key]); err != nil {
			return err
		}
		row++
	}
	if err := f.SetColWidth("Deck", "A", "A", 12); err != nil {
		return err
	}
	if err := f.SetColWidth("Deck", "B", "B", 30); err != nil {
		return err
	}
	return f.SetCellStyle("Deck", "A1", cell(1, row-1), bold)
}

// numericColumns hold whole numbers; they are written as numbers so that
// spreadsheet programs do not flag them as "number stored as text".
var numericColumns = map[string]bool{"Nr": true, "Karte": true, "Kilometer": true, "Jahr": true}

func writeCardSheet(f *excelize.File, s *decks.SheetSchema, bold int) error {
	if _, err := f.NewSheet(s.Name); err != nil {
		return err
	}
	for i, c := range s.Columns {
		col := i + 1
		if err := f.SetCellStr(s.Name, cell(col, 1), c.Name); err != nil {
			return err
		}
		letter, _ := excelize.ColumnNumberToName(col)
		width := c.Width
		if width == 0 {
			width = 14
		}
		if err := f.SetColWidth(s.Name, letter, letter, width); err != nil {
			return err
		}
		if len(c.Choices) > 0 && !anyContains(c.Choices, ",") {
			dv := excelize.NewDataValidation(true)
			dv.Sqref = fmt.Sprintf("%s2:%s%d", letter, letter, validationRows)
			if err := dv.SetDropList(c.Choices); err != nil {
				return err
			}
			dv.SetError(excelize.DataValidationErrorStyleWarning, "Unerwarteter Wert",
				"Erlaubt: "+strings.Join(c.Choices, ", "))
			if err := f.AddDataValidation(s.Name, dv); err != nil {
				return err
			}
		}
	}
	last, _ := excelize.ColumnNumberToName(len(s.Columns))
	if err := f.SetCellStyle(s.Name, "A1", last+"1", bold); err != nil {
		return err
	}
	if err := f.SetPanes(s.Name, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	for r, ex := range s.Example {
		for i, v := range ex {
			if v == "" {
				continue
			}
			ref := cell(i+1, r+2)
			if n, err := strconv.Atoi(v); err == nil && numericColumns[s.Columns[i].Name] {
				if err := f.SetCellInt(s.Name, ref, int64(n)); err != nil {
					return err
				}
				continue
			}
			if err := f.SetCellStr(s.Name, ref, v); err != nil {
				return err
			}
		}
	}
	return nil
}

func writeGuide(f *excelize.File, g decks.Game, schemas []*decks.SheetSchema, bold, wrap int) error {
	const sheet = "Anleitung"
	if _, err := f.NewSheet(sheet); err != nil {
		return err
	}
	lines := [][]string{
		{"Vorlage für ein eigenes Deck: " + g.Title()},
		{"So geht es: Tabellenblatt „Deck“ ausfüllen, die Beispielzeilen der Kartenblätter überschreiben und neue Zeilen anhängen. Prüfen mit: druckreif check DATEI.xlsx"},
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
	headerRows := map[int]bool{1: true, 5: true}
	for i, l := range lines {
		for j, v := range l {
			if err := f.SetCellStr(sheet, cell(j+1, i+1), v); err != nil {
				return err
			}
		}
		if len(l) == 4 && l[1] == "" || headerRows[i+1] {
			if err := f.SetCellStyle(sheet, cell(1, i+1), cell(5, i+1), bold); err != nil {
				return err
			}
		}
	}
	for col, w := range map[string]float64{"A": 24, "B": 22, "C": 8, "D": 80, "E": 30} {
		if err := f.SetColWidth(sheet, col, col, w); err != nil {
			return err
		}
	}
	return f.SetColStyle(sheet, "D", wrap)
}

func cell(col, row int) string {
	name, _ := excelize.CoordinatesToCellName(col, row)
	return name
}

func anyContains(list []string, sub string) bool {
	for _, s := range list {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
