package workbook

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"

	"druckreif/i18n"
	"druckreif/internal/fileread"
)

// csvDir is a folder of CSV files, one per sheet.
type csvDir struct {
	fsys fs.FS
}

// openCSVDir lists the .csv files of a folder as sheets; none is read yet.
func openCSVDir(wb *Workbook, fsys fs.FS, dir string) error {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return &Error{File: wb.Path, Msg: i18n.Sprintf(
			"Ordner kann nicht gelesen werden: %v", "folder cannot be read: %v", fileread.Cause(err))}
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(path.Ext(e.Name()), ".csv") {
			names = append(names, e.Name())
		}
	}
	if len(names) > wb.lim.Sheets {
		return &Error{File: wb.Path, Msg: i18n.Sprintf(
			"zu viele CSV-Dateien (%d, höchstens %d)", "too many CSV files (%d, at most %d)", len(names), wb.lim.Sheets)}
	}
	if len(names) == 0 {
		return &Error{File: wb.Path, Msg: i18n.Sprintf(
			"der Ordner enthält keine .csv-Dateien", "the folder holds no .csv files")}
	}
	for _, n := range sortedNames(names) {
		wb.Sheets = append(wb.Sheets, &Sheet{
			Name: normalize(strings.TrimSuffix(n, path.Ext(n))),
			File: strings.TrimSuffix(wb.Path, "/") + "/" + n,
			part: path.Join(dir, n),
		})
	}
	wb.src = csvDir{fsys}
	return nil
}

func (d csvDir) load(wb *Workbook, s *Sheet) error {
	data, err := fileread.Read(d.fsys, s.part, wb.lim.FileBytes)
	if err != nil {
		return readError(s.File, err)
	}
	warn, err := parseCSV(wb, s, data)
	if warn != nil {
		wb.Warnings = append(wb.Warnings, warn)
	}
	return err
}

var (
	utf8BOM    = []byte{0xEF, 0xBB, 0xBF}
	utf16LEBOM = []byte{0xFF, 0xFE}
	utf16BEBOM = []byte{0xFE, 0xFF}
)

// decodeCSV turns a CSV file's bytes into UTF-8 text. The rules:
//
//   - a byte-order mark decides: UTF-8, or UTF-16 (Excel's "Unicode-Text");
//   - a file that is valid UTF-8 is UTF-8;
//   - a file with invalid UTF-8 that holds no valid multi-byte UTF-8
//     sequence at all ("ä" written as C3 A4) is Windows-1252, as German
//     Excel's "CSV (Trennzeichen-getrennt)" writes it: it is decoded, with a
//     warning;
//   - a file that mixes valid UTF-8 with invalid bytes is UTF-8 with a few
//     broken cells (a line pasted from elsewhere): those bytes become U+FFFD
//     and their cells are noted, so that each is reported at its row and
//     column (with what it would read as Windows-1252) instead of the whole
//     file being read wrongly ("groÃŸ").
//
// utf8Mixed reports the last case.
func decodeCSV(data []byte, file string) (text []byte, warn *Error, utf8Mixed bool, err error) {
	switch {
	case bytes.HasPrefix(data, utf8BOM):
		data = data[len(utf8BOM):]
		return data, nil, !utf8.Valid(data), nil
	case bytes.HasPrefix(data, utf16LEBOM), bytes.HasPrefix(data, utf16BEBOM):
		dec := unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder()
		out, err := dec.Bytes(data)
		if err != nil {
			return nil, nil, false, &Error{File: file, Msg: i18n.Sprintf(
				"die Datei ist als UTF-16 gekennzeichnet, aber beschädigt: %v", "the file is marked as UTF-16 but damaged: %v", err)}
		}
		return out, nil, false, nil
	}
	if looksUTF16(data) {
		return nil, nil, false, &Error{File: file, Msg: i18n.Sprintf(
			"die Datei ist UTF-16 ohne Byte-Order-Mark; bitte als „CSV UTF-8“ speichern",
			"the file is UTF-16 without a byte-order mark; please save it as \"CSV UTF-8\"")}
	}
	if utf8.Valid(data) {
		return data, nil, false, nil
	}
	if hasMultiByteUTF8(data) {
		return data, nil, true, nil
	}
	decoded, err := charmap.Windows1252.NewDecoder().Bytes(data)
	if err != nil {
		return nil, nil, false, &Error{File: file, Msg: i18n.Sprintf(
			"weder UTF-8 noch Windows-1252: %v", "neither UTF-8 nor Windows-1252: %v", err)}
	}
	return decoded, &Error{File: file, Msg: i18n.Sprintf(
		"die Datei ist nicht UTF-8 und wurde als Windows-1252 gelesen; bitte als „CSV UTF-8“ speichern",
		"the file is not UTF-8 and was read as Windows-1252; please save it as \"CSV UTF-8\"")}, false, nil
}

// looksUTF16 recognises UTF-16 text without a byte-order mark: in its first
// bytes, every other byte is NUL.
func looksUTF16(data []byte) bool {
	n := min(len(data), 512) &^ 1
	if n < 4 {
		return false
	}
	var even, odd int
	for i := 0; i < n; i += 2 {
		if data[i] == 0 {
			even++
		}
		if data[i+1] == 0 {
			odd++
		}
	}
	half := n / 2
	return (odd*10 >= half*9 && even == 0) || (even*10 >= half*9 && odd == 0)
}

// hasMultiByteUTF8 reports whether data holds at least one valid UTF-8
// sequence of two or more bytes.
func hasMultiByteUTF8(data []byte) bool {
	for len(data) > 0 {
		if data[0] < utf8.RuneSelf {
			data = data[1:]
			continue
		}
		r, size := utf8.DecodeRune(data)
		if r != utf8.RuneError && size > 1 {
			return true
		}
		data = data[size:]
	}
	return false
}

// parseCSV reads one CSV file into its sheet. The separator is whichever
// of comma, semicolon and tab the lines that hold data agree on (see
// guessSeparator). Old Mac files that end lines with CR alone are read too.
func parseCSV(wb *Workbook, sheet *Sheet, data []byte) (*Error, error) {
	file, lim := sheet.File, wb.lim
	data, warn, mixed, err := decodeCSV(data, file)
	if err != nil {
		return nil, err
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return warn, &Error{File: file, Msg: i18n.Sprintf(
			"enthält Binärdaten (Nullbytes): keine CSV-Datei", "contains binary data (NUL bytes): not a CSV file")}
	}
	if bytes.IndexByte(data, '\n') < 0 && bytes.IndexByte(data, '\r') >= 0 {
		data = bytes.ReplaceAll(data, []byte{'\r'}, []byte{'\n'}) // classic Mac OS line ends
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = guessSeparator(data)
	r.FieldsPerRecord = -1
	lastLine := 0
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			row := 0
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				row = pe.StartLine
				err = pe.Err
			}
			return warn, &Error{File: file, Sheet: sheet.Name, Row: row, Msg: i18n.Sprintf(
				"CSV kann nicht gelesen werden: %v", "CSV cannot be read: %v", err)}
		}
		// encoding/csv skips empty lines, but a spreadsheet program shows
		// them as rows: put them back so row numbers match what the author
		// sees. A record ends on the line its last field starts on plus the
		// line breaks inside that field.
		start, _ := r.FieldPos(0)
		for blank := start - lastLine - 1; blank > 0 && len(sheet.Rows) < lim.Rows; blank-- {
			sheet.Rows = append(sheet.Rows, nil)
		}
		endLine, _ := r.FieldPos(len(rec) - 1)
		lastLine = endLine + strings.Count(rec[len(rec)-1], "\n")
		row := len(sheet.Rows) + 1
		if row > lim.Rows {
			return warn, &Error{File: file, Sheet: sheet.Name, Msg: i18n.Sprintf(
				"zu viele Zeilen (mehr als %d)", "too many rows (more than %d)", lim.Rows)}
		}
		rec = trimTrailingEmpty(rec)
		if len(rec) > lim.Columns {
			return warn, &Error{File: file, Sheet: sheet.Name, Row: row, Msg: i18n.Sprintf(
				"zu viele Spalten (%d, höchstens %d)", "too many columns (%d, at most %d)", len(rec), lim.Columns)}
		}
		for c, v := range rec {
			if mixed && !utf8.ValidString(v) {
				as1252, _ := charmap.Windows1252.NewDecoder().String(v)
				v = strings.ToValidUTF8(v, "\uFFFD")
				sheet.note(row-1, c, func(n *Note) { n.Undecodable, n.Windows1252 = true, normalize(as1252) })
			}
			if err := checkCellSize(wb, sheet, row, c, v); err != nil {
				return warn, err
			}
			rec[c] = normalize(v)
		}
		sheet.Rows = append(sheet.Rows, rec)
	}
	return warn, nil
}

// checkCellSize charges a cell's text to the workbook and refuses a cell
// longer than the limit.
func checkCellSize(wb *Workbook, sheet *Sheet, row, col int, v string) error {
	if len(v) > wb.lim.CellRunes && utf8.RuneCountInString(v) > wb.lim.CellRunes {
		return &Error{File: sheet.File, Sheet: sheet.Name, Row: row, Column: ColumnLetter(col), Msg: i18n.Sprintf(
			"die Zelle ist zu lang (mehr als %d Zeichen)", "the cell is too long (more than %d characters)", wb.lim.CellRunes)}
	}
	return wb.takeText(sheet, row, len(v))
}

// separators are the field separators spreadsheet programs write.
var separators = []byte{',', ';', '\t'}

// guessSeparator chooses the field separator from the lines that hold
// data, not from the first line alone (a title line or the instructions'
// header may hold a comma in its text while every line holds semicolons).
// For each candidate it counts, outside quotes, on how many of the first
// lines it occurs; the separator found on the most lines wins, then the
// one whose count per line is most often the same (a table has the same
// number of columns on every line), then the comma.
func guessSeparator(data []byte) rune {
	const sample = 200 // lines
	type stat struct {
		lines  int
		counts map[int]int // occurrences on a line → number of such lines
	}
	stats := make([]stat, len(separators))
	for i := range stats {
		stats[i].counts = map[int]int{}
	}
	var perLine [3]int
	inQuotes, lines, blank := false, 0, true
	endLine := func() {
		if !blank {
			lines++
			for i, n := range perLine {
				if n > 0 {
					stats[i].lines++
					stats[i].counts[n]++
				}
			}
		}
		perLine, blank = [3]int{}, true
	}
	for _, b := range data {
		if lines >= sample {
			break
		}
		if b == '"' {
			inQuotes = !inQuotes
			blank = false
			continue
		}
		if inQuotes {
			continue
		}
		switch b {
		case '\n', '\r':
			endLine()
			continue
		case ' ':
			continue
		}
		blank = false
		for i, s := range separators {
			if b == s {
				perLine[i]++
			}
		}
	}
	endLine()
	best := 0
	for i := 1; i < len(stats); i++ {
		a, b := stats[i], stats[best]
		if a.lines > b.lines || a.lines == b.lines && a.lines > 0 && mostCommon(a.counts) > mostCommon(b.counts) {
			best = i
		}
	}
	return rune(separators[best])
}

func mostCommon(counts map[int]int) int {
	m := 0
	for _, n := range counts {
		m = max(m, n)
	}
	return m
}

// trimTrailingEmpty drops empty cells at the end of a row, as spreadsheet
// programs do not distinguish them from absent cells.
func trimTrailingEmpty(rec []string) []string {
	n := len(rec)
	for n > 0 && rec[n-1] == "" {
		n--
	}
	return rec[:n]
}

// CSVSheet is one sheet's CSV text held in memory, as downloaded.
type CSVSheet struct {
	Name string // the sheet's name
	File string // names the sheet's source in messages (its address)
	Data []byte
}

// OpenCSVSheets makes a workbook of CSV texts in memory, one sheet each;
// display names the workbook in messages. The texts are read as a CSV
// folder's files are.
func OpenCSVSheets(display string, sheets []CSVSheet, lim Limits) (*Workbook, error) {
	wb := newWorkbook(display, lim)
	if len(sheets) > lim.Sheets {
		return nil, &Error{File: display, Msg: i18n.Sprintf(
			"zu viele CSV-Dateien (%d, höchstens %d)", "too many CSV files (%d, at most %d)", len(sheets), lim.Sheets)}
	}
	src := csvMemory{}
	for _, cs := range sheets {
		if int64(len(cs.Data)) > lim.FileBytes {
			return nil, &Error{File: cs.File, Msg: fileread.TooLarge(lim.FileBytes)}
		}
		s := &Sheet{Name: normalize(cs.Name), File: cs.File}
		wb.Sheets = append(wb.Sheets, s)
		src[s] = cs.Data
	}
	wb.src = src
	return wb, nil
}

// csvMemory holds the CSV texts of OpenCSVSheets.
type csvMemory map[*Sheet][]byte

func (m csvMemory) load(wb *Workbook, s *Sheet) error {
	warn, err := parseCSV(wb, s, m[s])
	if warn != nil {
		wb.Warnings = append(wb.Warnings, warn)
	}
	return err
}
