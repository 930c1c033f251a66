package workbook

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"druckreif/i18n"
)

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// parseCSV reads one CSV file as a sheet. It accepts UTF-8 with or without a
// byte-order mark and, because German Excel writes it, Windows-1252 (with a
// warning). The separator is whichever of comma, semicolon and tab occurs
// most often outside quotes in the first line.
func parseCSV(data []byte, file, sheetName string, lim Limits) (*Sheet, *Error, error) {
	var warn *Error
	data = bytes.TrimPrefix(data, utf8BOM)
	if !utf8.Valid(data) {
		decoded, err := charmap.Windows1252.NewDecoder().Bytes(data)
		if err != nil {
			return nil, nil, &Error{File: file, Msg: i18n.Sprintf(
				"weder UTF-8 noch Windows-1252: %v", "neither UTF-8 nor Windows-1252: %v", err)}
		}
		data = decoded
		warn = &Error{File: file, Msg: i18n.Sprintf(
			"die Datei ist nicht UTF-8 und wurde als Windows-1252 gelesen; bitte als „CSV UTF-8“ speichern",
			"the file is not UTF-8 and was read as Windows-1252; please save it as \"CSV UTF-8\"")}
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, nil, &Error{File: file, Msg: i18n.Sprintf(
			"enthält Binärdaten (Nullbytes): keine CSV-Datei", "contains binary data (NUL bytes): not a CSV file")}
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = detectSeparator(data)
	r.FieldsPerRecord = -1
	r.ReuseRecord = false
	sheet := &Sheet{Name: sheetName, File: file}
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
			return nil, nil, &Error{File: file, Sheet: sheetName, Row: row, Msg: i18n.Sprintf(
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
			return nil, nil, &Error{File: file, Sheet: sheetName, Msg: i18n.Sprintf(
				"zu viele Zeilen (mehr als %d)", "too many rows (more than %d)", lim.Rows)}
		}
		rec = trimTrailingEmpty(rec)
		if len(rec) > lim.Columns {
			return nil, nil, &Error{File: file, Sheet: sheetName, Row: row, Msg: i18n.Sprintf(
				"zu viele Spalten (%d, höchstens %d)", "too many columns (%d, at most %d)", len(rec), lim.Columns)}
		}
		for _, c := range rec {
			if utf8.RuneCountInString(c) > lim.CellRunes {
				return nil, nil, &Error{File: file, Sheet: sheetName, Row: row, Msg: i18n.Sprintf(
					"eine Zelle ist zu lang (mehr als %d Zeichen)", "a cell is too long (more than %d characters)", lim.CellRunes)}
			}
		}
		sheet.Rows = append(sheet.Rows, rec)
	}
	return sheet, warn, nil
}

// detectSeparator looks at the first line of a CSV file.
func detectSeparator(data []byte) rune {
	counts := map[rune]int{}
	inQuotes := false
	for _, b := range data {
		if b == '"' {
			inQuotes = !inQuotes
			continue
		}
		if inQuotes {
			continue
		}
		if b == '\n' || b == '\r' {
			break
		}
		switch b {
		case ',', ';', '\t':
			counts[rune(b)]++
		}
	}
	best := ','
	for _, sep := range []rune{';', '\t'} {
		if counts[sep] > counts[best] {
			best = sep
		}
	}
	return best
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
