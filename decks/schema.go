package decks

import (
	"strconv"
	"strings"

	"druckreif/decks/workbook"
)

// Column describes one column of a card sheet. The same description drives
// parsing, the authoring template (header, drop-down, width, help text) and
// the documentation test, so they cannot drift apart.
type Column struct {
	Name     string   // canonical German header
	Aliases  []string // accepted alternatives, English first
	Required bool     // every card row must fill it
	Choices  []string // closed set of values, offered as a drop-down
	Help     string   // German explanation for the template's Anleitung sheet
	Width    float64  // column width in the template, in characters
}

// SheetSchema describes one card sheet.
type SheetSchema struct {
	Name    string   // canonical sheet name (safe for file systems)
	Title   string   // the name as printed, if it differs (e.g. "Wer lügt?")
	Aliases []string // accepted alternatives
	Columns []Column
	Help    string     // what the sheet holds, for the Anleitung
	Example [][]string // two example rows, in column order, for the template
}

// names returns the canonical name and the aliases.
func (c Column) names() []string { return append([]string{c.Name}, c.Aliases...) }

// Column returns the column with the canonical name, or nil.
func (s *SheetSchema) Column(name string) *Column {
	for i := range s.Columns {
		if s.Columns[i].Name == name {
			return &s.Columns[i]
		}
	}
	return nil
}

// table is a card sheet bound to its schema: which column holds what.
type table struct {
	file    string
	sheet   *workbook.Sheet
	schema  *SheetSchema
	index   map[string]int // canonical column name → zero-based column
	headers []string       // headers as written
	// headerNames maps canonical column names to headers as written; one
	// map per table, shared by the origins of all its rows.
	headerNames map[string]string
	probs       *Problems
}

// bindTable matches the header row against the schema. It reports missing
// required columns, duplicated columns and (as warnings) unknown ones, and
// returns nil when the sheet cannot be read because a required column is
// missing: every row would otherwise repeat the same complaint.
func bindTable(file string, sheet *workbook.Sheet, schema *SheetSchema, probs *Problems) *table {
	t := &table{file: file, sheet: sheet, schema: schema, index: map[string]int{}, probs: probs}
	if len(sheet.Rows) == 0 {
		probs.errorf(Location{File: file, Sheet: sheet.Name},
			"das Tabellenblatt ist leer: die erste Zeile muss die Spaltenüberschriften enthalten",
			"the sheet is empty: the first row must hold the column headers")
		return nil
	}
	t.headers = sheet.Rows[0]
	byName := map[string]string{}
	for _, c := range schema.Columns {
		for _, n := range c.names() {
			byName[workbook.NormalizeName(n)] = c.Name
		}
	}
	for i, h := range t.headers {
		h = strings.TrimSpace(h)
		if h == "" {
			continue
		}
		canon, ok := byName[workbook.NormalizeName(h)]
		if !ok {
			probs.warnf(Location{File: file, Sheet: sheet.Name, Row: 1, Column: h},
				"unbekannte Spalte, sie wird nicht gelesen (erwartet: %s)",
				"unknown column, it is not read (expected: %s)", schema.columnList())
			continue
		}
		if prev, dup := t.index[canon]; dup {
			probs.errorf(Location{File: file, Sheet: sheet.Name, Row: 1, Column: h},
				"die Spalte %s steht doppelt (schon in Spalte %s)",
				"column %s appears twice (already in column %s)", canon, columnLetter(prev))
			continue
		}
		t.index[canon] = i
	}
	t.headerNames = make(map[string]string, len(t.index))
	for canon, i := range t.index {
		t.headerNames[canon] = strings.TrimSpace(t.headers[i])
	}
	ok := true
	for _, c := range schema.Columns {
		if _, has := t.index[c.Name]; !has && c.Required {
			probs.errorf(Location{File: file, Sheet: sheet.Name, Column: c.Name},
				"Pflichtspalte fehlt", "required column is missing")
			ok = false
		}
	}
	if !ok {
		return nil
	}
	return t
}

func (s *SheetSchema) columnList() string {
	var names []string
	for _, c := range s.Columns {
		names = append(names, c.Name)
	}
	return strings.Join(names, ", ")
}

// columnLetter turns a zero-based index into A, B, …, Z, AA, …
func columnLetter(i int) string {
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('A'+(i-1)%26)) + s
	}
	return s
}

// row is one data row of a bound table.
type row struct {
	t   *table
	idx int // zero-based index into sheet.Rows
}

// rows returns the data rows that hold anything, after checking every cell
// of the sheet for what no deck may contain.
func (t *table) rows() []row {
	var out []row
	for i := 1; i < len(t.sheet.Rows); i++ {
		empty := true
		for _, c := range t.sheet.Rows[i] {
			if strings.TrimSpace(c) != "" {
				empty = false
				break
			}
		}
		if empty {
			continue
		}
		r := row{t: t, idx: i}
		r.checkCells()
		out = append(out, r)
	}
	return out
}

// Number is the row number as the spreadsheet shows it.
func (r row) Number() int { return r.idx + 1 }

// at locates a column of this row.
func (r row) at(col string) Location {
	loc := Location{File: r.t.file, Sheet: r.t.sheet.Name, Row: r.Number(), Column: col}
	if i, ok := r.t.index[col]; ok && i < len(r.t.headers) {
		loc.Column = strings.TrimSpace(r.t.headers[i])
	}
	return loc
}

// has reports whether the sheet has the column at all.
func (r row) has(col string) bool { _, ok := r.t.index[col]; return ok }

// get returns the trimmed cell of a column, "" if absent.
func (r row) get(col string) string {
	i, ok := r.t.index[col]
	if !ok {
		return ""
	}
	cells := r.t.sheet.Rows[r.idx]
	if i >= len(cells) {
		return ""
	}
	return strings.TrimSpace(cells[i])
}

// need returns a cell that must not be empty, reporting it if it is.
func (r row) need(col string) string {
	v := r.get(col)
	if v == "" {
		r.errorf(col, "leere Pflichtzelle", "required cell is empty")
	}
	return v
}

func (r row) errorf(col, de, en string, args ...any) { r.t.probs.errorf(r.at(col), de, en, args...) }
func (r row) warnf(col, de, en string, args ...any)  { r.t.probs.warnf(r.at(col), de, en, args...) }

// positive reads a required whole number ≥ 1.
func (r row) positive(col string) (int, bool) {
	v := r.need(col)
	if v == "" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 99999 {
		r.errorf(col, "„%s“ ist keine Kartennummer (ganze Zahl von 1 bis 99999)",
			"%q is not a card number (whole number from 1 to 99999)", v)
		return 0, false
	}
	return n, true
}

// choice reads a cell from a closed set; keys are compared case-insensitively
// after NormalizeName. It reports an unknown value with the allowed ones.
func choice[T any](r row, col string, required bool, options map[string]T) (T, bool) {
	var zero T
	v := r.get(col)
	if v == "" {
		if required {
			r.errorf(col, "leere Pflichtzelle", "required cell is empty")
		}
		return zero, false
	}
	if t, ok := options[workbook.NormalizeName(v)]; ok {
		return t, true
	}
	allowed := r.t.schema.Column(col)
	list := ""
	if allowed != nil {
		list = strings.Join(allowed.Choices, ", ")
	}
	r.errorf(col, "„%s“ ist nicht erlaubt (erlaubt: %s)", "%q is not allowed (allowed: %s)", v, list)
	return zero, false
}

// errorValues are the error values spreadsheet programs show in cells, in
// English and German.
var errorValues = map[string]bool{
	"#NULL!": true, "#DIV/0!": true, "#VALUE!": true, "#REF!": true, "#NAME?": true,
	"#NUM!": true, "#N/A": true, "#SPILL!": true, "#CALC!": true, "#GETTING_DATA": true,
	"#NV": true, "#WERT!": true, "#BEZUG!": true, "#ZAHL!": true, "#ÜBERLAUF!": true,
	"#BERECHNEN!": true, "#NAME": true, "#LEER!": true,
}

// checkCells reports formulas, error values and characters that cannot be
// printed in any cell of the row, including unknown columns.
func (r row) checkCells() {
	cells := r.t.sheet.Rows[r.idx]
	for i, c := range cells {
		col := ""
		if i < len(r.t.headers) {
			col = strings.TrimSpace(r.t.headers[i])
		}
		if col == "" {
			col = columnLetter(i)
		}
		checkCell(r.t.probs, Location{File: r.t.file, Sheet: r.t.sheet.Name, Row: r.idx + 1, Column: col},
			c, r.t.sheet.Note(r.idx, i))
	}
}
