package workbook

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"druckreif/i18n"
)

// readXLSX reads every sheet of an .xlsx file with its displayed values
// (what the author sees, e.g. "1.0" for a version typed as text) and notes
// which cells hold formulas.
func readXLSX(data []byte, file string, lim Limits) (wb *Workbook, err error) {
	// excelize is a large parser fed with untrusted input: a panic inside it
	// must become an error about this file, not a crash of the whole check.
	defer func() {
		if r := recover(); r != nil {
			wb, err = nil, &Error{File: file, Msg: i18n.Sprintf(
				"beschädigte .xlsx-Datei (%v)", "damaged .xlsx file (%v)", r)}
		}
	}()
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{
		UnzipSizeLimit:    lim.UnzipBytes,
		UnzipXMLSizeLimit: min(lim.UnzipBytes, 16<<20),
	})
	if err != nil {
		return nil, &Error{File: file, Msg: i18n.Sprintf(
			"keine lesbare .xlsx-Datei: %v", "not a readable .xlsx file: %v", err)}
	}
	defer f.Close()
	names := f.GetSheetList()
	if len(names) > lim.Sheets {
		return nil, &Error{File: file, Msg: i18n.Sprintf(
			"zu viele Tabellenblätter (%d, höchstens %d)", "too many sheets (%d, at most %d)", len(names), lim.Sheets)}
	}
	wb = &Workbook{Path: file}
	formulas := anyFormulas(f, len(names))
	for _, name := range names {
		sheet, err := readXLSXSheet(f, file, name, formulas, lim)
		if err != nil {
			return nil, err
		}
		wb.Sheets = append(wb.Sheets, sheet)
	}
	return wb, nil
}

func readXLSXSheet(f *excelize.File, file, name string, formulas bool, lim Limits) (*Sheet, error) {
	rows, err := f.Rows(name)
	if err != nil {
		return nil, &Error{File: file, Sheet: name, Msg: i18n.Sprintf(
			"Tabellenblatt kann nicht gelesen werden: %v", "sheet cannot be read: %v", err)}
	}
	defer rows.Close()
	sheet := &Sheet{Name: name, File: file}
	for rows.Next() {
		row := len(sheet.Rows) + 1
		if row > lim.Rows {
			return nil, &Error{File: file, Sheet: name, Msg: i18n.Sprintf(
				"zu viele Zeilen (mehr als %d)", "too many rows (more than %d)", lim.Rows)}
		}
		cols, err := rows.Columns()
		if err != nil {
			return nil, &Error{File: file, Sheet: name, Row: row, Msg: i18n.Sprintf(
				"Zeile kann nicht gelesen werden: %v", "row cannot be read: %v", err)}
		}
		cols = trimTrailingEmpty(cols)
		if len(cols) > lim.Columns {
			return nil, &Error{File: file, Sheet: name, Row: row, Msg: i18n.Sprintf(
				"zu viele Spalten (%d, höchstens %d)", "too many columns (%d, at most %d)", len(cols), lim.Columns)}
		}
		for _, c := range cols {
			if utf8.RuneCountInString(c) > lim.CellRunes {
				return nil, &Error{File: file, Sheet: name, Row: row, Msg: i18n.Sprintf(
					"eine Zelle ist zu lang (mehr als %d Zeichen)", "a cell is too long (more than %d characters)", lim.CellRunes)}
			}
		}
		sheet.Rows = append(sheet.Rows, cols)
	}
	if err := rows.Error(); err != nil {
		return nil, &Error{File: file, Sheet: name, Msg: i18n.Sprintf(
			"Tabellenblatt kann nicht gelesen werden: %v", "sheet cannot be read: %v", err)}
	}
	// Rows gives values only; formulas are looked up cell by cell, but only
	// when the sheet has any, so plain decks pay nothing for the check.
	if formulas {
		for r, cols := range sheet.Rows {
			for c := range cols {
				ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
				if fx, _ := f.GetCellFormula(name, ref); fx != "" {
					sheet.markFormula(r, c)
				}
			}
		}
	}
	return sheet, nil
}

// anyFormulas tells cheaply whether any worksheet's XML holds an <f>
// element. excelize keeps the raw XML of every part it did not spill to a
// temporary file; when a worksheet was spilled (it is large), we cannot tell
// and answer true.
func anyFormulas(f *excelize.File, sheets int) bool {
	found, seen := false, 0
	f.Pkg.Range(func(key, value any) bool {
		k, _ := key.(string)
		b, _ := value.([]byte)
		if !strings.HasPrefix(k, "xl/worksheets/sheet") {
			return true
		}
		seen++
		for _, tag := range []string{"<f>", "<f ", ":f>", ":f "} {
			if bytes.Contains(b, []byte(tag)) {
				found = true
				return false
			}
		}
		return true
	})
	return found || seen < sheets
}
