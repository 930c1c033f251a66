// Package workbook reads a spreadsheet — an .xlsx file or a folder of .csv
// files, one file per sheet — into sheets of text cells.
//
// It knows nothing about games or cards: it turns bytes into rows and reports
// what it cannot read with the file, sheet and row, as a spreadsheet user sees
// them. Every read is bounded (file size, unzip size, rows, columns, cell
// length), so hostile input ends in an error, never in a panic or in
// unbounded memory.
package workbook

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"

	"druckreif/i18n"
)

// Limits bound what a single workbook may hold.
type Limits struct {
	FileBytes  int64 // size of one .xlsx or .csv file
	UnzipBytes int64 // total uncompressed size of an .xlsx
	Rows       int   // rows per sheet
	Columns    int   // cells per row
	CellRunes  int   // characters per cell
	Sheets     int   // sheets per workbook
}

// DefaultLimits are generous for decks (a deck of 10,000 cards reads fine)
// and small enough that a hostile file cannot exhaust memory.
var DefaultLimits = Limits{
	FileBytes:  64 << 20,
	UnzipBytes: 256 << 20,
	Rows:       200_000,
	Columns:    200,
	CellRunes:  20_000,
	Sheets:     200,
}

// Workbook is a spreadsheet read into text.
type Workbook struct {
	// Path names the workbook in messages, as the user gave it.
	Path   string
	Sheets []*Sheet
	// Warnings are things that were read but deserve the author's attention,
	// such as a CSV file that was not UTF-8.
	Warnings []*Error
}

// Sheet is one table of a workbook. Rows[0] is spreadsheet row 1.
type Sheet struct {
	Name string
	// File names the file the sheet came from in messages: the workbook
	// for .xlsx, the sheet's own .csv file for a CSV folder.
	File     string
	Rows     [][]string
	formulas map[cellRef]bool
}

type cellRef struct{ row, col int }

// Formula reports whether the cell at the zero-based row and column held a
// formula rather than a typed value. Decks must hold values: a formula's
// cached result is not what the author sees when editing.
func (s *Sheet) Formula(row, col int) bool { return s.formulas[cellRef{row, col}] }

func (s *Sheet) markFormula(row, col int) {
	if s.formulas == nil {
		s.formulas = make(map[cellRef]bool)
	}
	s.formulas[cellRef{row, col}] = true
}

// Sheet returns the sheet whose name matches one of names, compared as
// NormalizeName does, or nil.
func (w *Workbook) Sheet(names ...string) *Sheet {
	for _, s := range w.Sheets {
		for _, n := range names {
			if NormalizeName(s.Name) == NormalizeName(n) {
				return s
			}
		}
	}
	return nil
}

// Error is a problem reading a workbook, located as precisely as known.
// Row is the spreadsheet row (1 = first row), 0 when it does not apply.
type Error struct {
	File  string
	Sheet string
	Row   int
	Msg   i18n.Text
}

func (e *Error) Error() string { return e.In(i18n.German) }

// In formats the error in the given language.
func (e *Error) In(l i18n.Lang) string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Sheet != "" {
		b.WriteString(": " + e.Sheet)
	}
	if e.Row > 0 {
		if l == i18n.English {
			fmt.Fprintf(&b, ": row %d", e.Row)
		} else {
			fmt.Fprintf(&b, ": Zeile %d", e.Row)
		}
	}
	b.WriteString(": " + e.Msg.In(l))
	return b.String()
}

// Open reads the workbook at name in fsys: a directory of .csv files or an
// .xlsx file. display is how the workbook is named in messages.
func Open(fsys fs.FS, name, display string, lim Limits) (*Workbook, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, &Error{File: display, Msg: i18n.Sprintf(
			"kann nicht gelesen werden: %v", "cannot be read: %v", unwrapPathError(err))}
	}
	if info.IsDir() {
		return openCSVDir(fsys, name, display, lim)
	}
	switch strings.ToLower(path.Ext(name)) {
	case ".xlsx", ".xlsm":
		data, err := readLimited(fsys, name, display, lim.FileBytes)
		if err != nil {
			return nil, err
		}
		return readXLSX(data, display, lim)
	case ".csv":
		return nil, &Error{File: display, Msg: i18n.Sprintf(
			"eine einzelne CSV-Datei ist kein Deck: ein Deck ist ein Ordner mit einer CSV-Datei je Tabellenblatt (Deck.csv, Karten.csv …)",
			"a single CSV file is not a deck: a deck is a folder with one CSV file per sheet (Deck.csv, Karten.csv …)")}
	}
	return nil, &Error{File: display, Msg: i18n.Sprintf(
		"unbekanntes Format: erwartet wird eine .xlsx-Datei oder ein Ordner mit .csv-Dateien",
		"unknown format: expected an .xlsx file or a folder of .csv files")}
}

func openCSVDir(fsys fs.FS, dir, display string, lim Limits) (*Workbook, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, &Error{File: display, Msg: i18n.Sprintf(
			"Ordner kann nicht gelesen werden: %v", "folder cannot be read: %v", unwrapPathError(err))}
	}
	wb := &Workbook{Path: display}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(path.Ext(e.Name()), ".csv") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if len(names) > lim.Sheets {
		return nil, &Error{File: display, Msg: i18n.Sprintf(
			"zu viele CSV-Dateien (%d, höchstens %d)", "too many CSV files (%d, at most %d)", len(names), lim.Sheets)}
	}
	if len(names) == 0 {
		return nil, &Error{File: display, Msg: i18n.Sprintf(
			"der Ordner enthält keine .csv-Dateien", "the folder holds no .csv files")}
	}
	for _, n := range names {
		file := path.Join(dir, n)
		shown := strings.TrimSuffix(display, "/") + "/" + n
		data, err := readLimited(fsys, file, shown, lim.FileBytes)
		if err != nil {
			return nil, err
		}
		sheetName := strings.TrimSuffix(n, path.Ext(n))
		sheet, warn, err := parseCSV(data, shown, sheetName, lim)
		if err != nil {
			return nil, err
		}
		if warn != nil {
			wb.Warnings = append(wb.Warnings, warn)
		}
		wb.Sheets = append(wb.Sheets, sheet)
	}
	return wb, nil
}

// readLimited reads a whole file but refuses one larger than max bytes.
func readLimited(fsys fs.FS, name, display string, max int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, &Error{File: display, Msg: i18n.Sprintf(
			"kann nicht gelesen werden: %v", "cannot be read: %v", unwrapPathError(err))}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, &Error{File: display, Msg: i18n.Sprintf(
			"kann nicht gelesen werden: %v", "cannot be read: %v", err)}
	}
	if int64(len(data)) > max {
		return nil, &Error{File: display, Msg: i18n.Sprintf(
			"Datei zu groß (mehr als %d MiB)", "file too large (more than %d MiB)", max>>20)}
	}
	return data, nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// NormalizeName folds a sheet or column name for matching: case and spaces
// are ignored, so is punctuation that file systems refuse in sheet names
// ("Wer lügt?" = "Wer luegt"), and umlauts match their ASCII spellings (ä = ae, ß = ss), so
// "Erklaerung", "erklärung" and "ERKLÄRUNG" are one column.
func NormalizeName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case ' ', '\t', '\u00a0', '_', '-', '–', '—', '!', '?', '\'', '’', '.', '/':
		case 'ä':
			b.WriteString("ae")
		case 'ö':
			b.WriteString("oe")
		case 'ü':
			b.WriteString("ue")
		case 'ß', 'ẞ':
			b.WriteString("ss")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
