// Package workbook reads a spreadsheet — an .xlsx file, an .ods file or a
// folder of .csv files, one file per sheet — into sheets of text cells.
//
// It knows nothing about games or cards: it turns bytes into rows and reports
// what it cannot read with the file, sheet, row and column, as a spreadsheet
// user sees them. Open reads only the list of sheets (an .ods file, whose
// sheets share one part, is read whole); a sheet's cells are handed out
// when Load asks for them, so a sheet nobody needs costs little and its
// problems are not reported. Every read is bounded (file size, unzipped
// size, text per workbook, rows, columns, cell length, repeated cells), so
// hostile input ends in an error, never in a panic or in unbounded memory.
package workbook

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"golang.org/x/text/unicode/norm"

	"druckreif/i18n"
	"druckreif/internal/fileread"
)

// Limits bound what a single workbook may hold.
type Limits struct {
	FileBytes  int64 // size of one .xlsx, .ods or .csv file
	UnzipBytes int64 // total uncompressed size of the parts of an .xlsx or .ods that are read
	// TextBytes bounds the text of all cells read from one workbook (UTF-8
	// bytes, a text repeated in many cells counted every time), so that a
	// small file cannot make later stages handle gigabytes.
	TextBytes int64
	Rows      int // rows per sheet
	Columns   int // cells per row
	CellRunes int // characters per cell
	Sheets    int // sheets per workbook
}

// DefaultLimits are generous for decks (a deck of 99,999 two-sided cards
// reads fine) and small enough that a hostile file cannot exhaust memory.
var DefaultLimits = Limits{
	FileBytes:  64 << 20,
	UnzipBytes: 256 << 20,
	TextBytes:  64 << 20,
	Rows:       200_000,
	Columns:    200,
	CellRunes:  20_000,
	Sheets:     200,
}

// Workbook is a spreadsheet whose sheets are listed and read on demand.
type Workbook struct {
	// Path names the workbook in messages, as the user gave it.
	Path string
	// Sheets lists every sheet in workbook order; their cells are read by
	// Load.
	Sheets []*Sheet
	// Warnings are things that were read but deserve the author's attention,
	// such as a CSV file that was not UTF-8.
	Warnings []*Error

	lim      Limits
	textLeft int64 // of lim.TextBytes
	src      source
}

// source reads one sheet's cells for Load.
type source interface {
	load(wb *Workbook, s *Sheet) error
}

// Sheet is one table of a workbook. Rows[0] is spreadsheet row 1; Rows is
// nil until the sheet is loaded.
type Sheet struct {
	Name string
	// File names the file the sheet came from in messages: the workbook
	// for .xlsx and .ods, the sheet's own .csv file for a CSV folder.
	File   string
	Rows   [][]string
	loaded bool
	notes  map[cellRef]Note
	part   string // the .xlsx part or the .csv file that holds it
}

type cellRef struct{ row, col int }

// Note is what a cell's text alone does not tell: how the author entered
// it. Decks must hold typed values, so each of these is reported.
type Note struct {
	// Formula: the cell held a formula; its text is the cached result,
	// which is not what the author sees when editing.
	Formula bool
	// Date: a number formatted as a date or time (Excel turns "3.5" into
	// the 3rd of May); the text is the date as TT.MM.JJJJ.
	Date bool
	// Undecodable: the cell held bytes that are not UTF-8 in a file that
	// is; they were replaced by U+FFFD. Windows1252 is the cell read as
	// Windows-1252, which is what the author most likely typed.
	Undecodable bool
	Windows1252 string
}

// Note returns the note of the cell at the zero-based row and column.
func (s *Sheet) Note(row, col int) Note { return s.notes[cellRef{row, col}] }

// Formula reports whether the cell at the zero-based row and column held a
// formula rather than a typed value.
func (s *Sheet) Formula(row, col int) bool { return s.notes[cellRef{row, col}].Formula }

func (s *Sheet) note(row, col int, f func(*Note)) {
	if s.notes == nil {
		s.notes = make(map[cellRef]Note)
	}
	n := s.notes[cellRef{row, col}]
	f(&n)
	s.notes[cellRef{row, col}] = n
}

// Loaded reports whether the sheet's cells have been read.
func (s *Sheet) Loaded() bool { return s.loaded }

// Find returns the first sheet whose name matches one of names, compared
// as NormalizeName does, or nil; more lists the other sheets that match as
// well — two sheets an author cannot tell apart by name ("Wer lügt?" and
// "Wer luegt", "Karten" and "karten").
func (w *Workbook) Find(names ...string) (s *Sheet, more []*Sheet) {
	want := map[string]bool{}
	for _, n := range names {
		want[NormalizeName(n)] = true
	}
	for _, sh := range w.Sheets {
		if want[NormalizeName(sh.Name)] {
			if s == nil {
				s = sh
			} else {
				more = append(more, sh)
			}
		}
	}
	return s, more
}

// Sheet finds a sheet as Find does and loads it; it returns nil when there
// is no such sheet or it cannot be read. For tests and tools; decks use
// Find and Load to report both.
func (w *Workbook) Sheet(names ...string) *Sheet {
	s, _ := w.Find(names...)
	if s == nil || w.Load(s) != nil {
		return nil
	}
	return s
}

// Load reads a sheet's cells, once. The text it reads counts against the
// workbook's TextBytes.
func (w *Workbook) Load(s *Sheet) error {
	if s.loaded {
		return nil
	}
	if err := w.src.load(w, s); err != nil {
		s.Rows, s.notes = nil, nil
		return err
	}
	s.loaded = true
	return nil
}

// takeText charges n bytes of cell text to the workbook's budget.
func (w *Workbook) takeText(s *Sheet, row, n int) error {
	w.textLeft -= int64(n)
	if w.textLeft < 0 {
		return &Error{File: s.File, Sheet: s.Name, Row: row, Msg: i18n.Sprintf(
			"zu viel Text: die Arbeitsmappe enthält mehr als %d MiB Text (höchstens %d MiB je Deck; bitte auf mehrere Decks aufteilen)",
			"too much text: the workbook holds more than %d MiB of text (at most %d MiB per deck; please split it into several decks)",
			w.lim.TextBytes>>20, w.lim.TextBytes>>20)}
	}
	return nil
}

// Error is a problem reading a workbook, located as precisely as known.
// Row is the spreadsheet row (1 = first row), 0 when it does not apply;
// Column the column letter, "" when it does not apply.
type Error struct {
	File   string
	Sheet  string
	Row    int
	Column string
	Msg    i18n.Text
}

func (e *Error) Error() string { return e.In(i18n.German) }

// In formats the error in the given language, on one line.
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
	if e.Column != "" {
		if l == i18n.English {
			b.WriteString(": column " + e.Column)
		} else {
			b.WriteString(": Spalte " + e.Column)
		}
	}
	b.WriteString(": " + e.Msg.In(l))
	return i18n.OneLine(b.String())
}

// Open lists the sheets of the workbook at name in fsys: a directory of
// .csv files, an .xlsx or an .ods file. display is how the workbook is
// named in messages. Only regular files are read.
func Open(fsys fs.FS, name, display string, lim Limits) (*Workbook, error) {
	if name == "" || display == "" {
		return nil, &Error{File: display, Msg: i18n.Sprintf("leerer Pfad: bitte eine .xlsx- oder .ods-Datei oder einen Ordner angeben",
			"empty path: please name an .xlsx or .ods file or a folder")}
	}
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, readError(display, err)
	}
	if info.IsDir() {
		wb := newWorkbook(display, lim)
		return wb, openCSVDir(wb, fsys, name)
	}
	kind := KindOf(name)
	switch kind {
	case XLSX, ODS:
		data, err := fileread.Read(fsys, name, lim.FileBytes)
		if err != nil {
			return nil, readError(display, err)
		}
		return OpenBytes(data, kind, display, lim)
	case CSV:
		return nil, &Error{File: display, Msg: i18n.Sprintf(
			"eine einzelne CSV-Datei ist kein Deck: ein Deck ist ein Ordner mit einer CSV-Datei je Tabellenblatt (Deck.csv, Karten.csv …)",
			"a single CSV file is not a deck: a deck is a folder with one CSV file per sheet (Deck.csv, Karten.csv …)")}
	}
	return nil, &Error{File: display, Msg: i18n.Sprintf(
		"unbekanntes Format: erwartet wird eine .xlsx- oder .ods-Datei oder ein Ordner mit .csv-Dateien",
		"unknown format: expected an .xlsx or .ods file or a folder of .csv files")}
}

// Kind is a workbook's file format.
type Kind int

const (
	Unknown Kind = iota
	XLSX         // Office Open XML (Excel, and what most programs export)
	ODS          // OpenDocument (LibreOffice's own format)
	CSV          // one sheet as comma-, semicolon- or tab-separated text
)

func (k Kind) String() string {
	switch k {
	case XLSX:
		return ".xlsx"
	case ODS:
		return ".ods"
	case CSV:
		return ".csv"
	}
	return "?"
}

// KindOf tells a workbook's format by its file name.
func KindOf(name string) Kind {
	switch strings.ToLower(path.Ext(name)) {
	case ".xlsx", ".xlsm":
		return XLSX
	case ".ods", ".ots":
		return ODS
	case ".csv":
		return CSV
	}
	return Unknown
}

// OpenBytes lists the sheets of an .xlsx or .ods file held in memory (a
// download); display names it in messages.
func OpenBytes(data []byte, kind Kind, display string, lim Limits) (*Workbook, error) {
	if int64(len(data)) > lim.FileBytes {
		return nil, &Error{File: display, Msg: fileread.TooLarge(lim.FileBytes)}
	}
	wb := newWorkbook(display, lim)
	var err error
	switch kind {
	case XLSX:
		err = openXLSX(wb, data)
	case ODS:
		err = openODS(wb, data)
	default:
		return nil, &Error{File: display, Msg: i18n.Sprintf("unbekanntes Format", "unknown format")}
	}
	if err != nil {
		return nil, err
	}
	return wb, nil
}

func newWorkbook(display string, lim Limits) *Workbook {
	return &Workbook{Path: display, lim: lim, textLeft: lim.TextBytes}
}

// readError turns a failed read of a file into a located error.
func readError(display string, err error) error {
	var fe *fileread.Error
	if errors.As(err, &fe) {
		return &Error{File: display, Msg: fe.Msg}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrNotExist) {
		return &Error{File: display, Msg: i18n.Sprintf("nicht gefunden", "not found")}
	}
	return &Error{File: display, Msg: i18n.Sprintf("kann nicht gelesen werden: %v", "cannot be read: %v", err)}
}

// sortedNames returns names sorted, for a stable sheet order.
func sortedNames(names []string) []string {
	sort.Strings(names)
	return names
}

// normalize is applied to every sheet name and cell: text is compared and
// printed in Unicode NFC (macOS and many zip tools write "ü" as "u" and a
// combining diaeresis, which would not match "ü"), and line breaks are
// "\n" whatever program wrote them.
func normalize(s string) string {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return norm.NFC.String(s)
}

// NormalizeName folds a sheet or column name for matching: case and spaces
// are ignored, so is punctuation that file systems refuse in sheet names
// ("Wer lügt?" = "Wer luegt"), umlauts match their ASCII spellings (ä = ae,
// ß = ss), and composed and decomposed umlauts are the same, so
// "Erklaerung", "erklärung" and "ERKLÄRUNG" are one column.
func NormalizeName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(norm.NFC.String(s)) {
		switch r {
		case ' ', '\t', '\u00a0', '_', '-', '–', '—', '!', '?', '\'', '’', '.', '/', '\u00ad', '\u200b', '\ufeff':
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

// ColumnLetter turns a zero-based column index into A, B, …, Z, AA, …
func ColumnLetter(i int) string {
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('A'+(i-1)%26)) + s
	}
	return s
}

// Sniff tells a file's format by its content: a zip holding an
// OpenDocument spreadsheet or an Office Open XML workbook, or else text
// (CSV). It returns Unknown for a zip that is neither.
func Sniff(data []byte) Kind {
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return CSV
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return Unknown
	}
	for _, f := range zr.File {
		switch strings.ToLower(f.Name) {
		case "mimetype", "content.xml":
			return ODS
		case "[content_types].xml", "xl/workbook.xml":
			return XLSX
		}
	}
	return Unknown
}
