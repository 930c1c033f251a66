package workbook

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"druckreif/i18n"
)

// An .ods file (OpenDocument, LibreOffice's own format) is a zip whose
// part content.xml holds every sheet, one <table:table> after the other.
// This reader streams that part once with encoding/xml, when the workbook
// is opened: the part's checksum is only known at its end, so a sheet can
// only be trusted once the whole part has been read. What it keeps of a
// sheet is handed over when Load asks for it, and a problem inside a sheet
// (a cell too long, too many rows) is reported only then, so a sheet the
// game does not need cannot spoil a deck. The bounds are those of .xlsx,
// plus one of its own:
//
//   - a cell or row repeated n times (table:number-columns-repeated,
//     table:number-rows-repeated: how LibreOffice writes equal neighbours
//     and the empty rest of a sheet) costs nothing while it is empty; with
//     content, every copy counts against the row, column and text limits,
//     and the copies of a workbook are bounded by maxRepeatedCopies, so a
//     few bytes cannot expand into millions of cells;
//   - formulas are found as table:formula attributes, dates and times as
//     office:value-type date and time; both are noted as in .xlsx;
//   - numbers are shown as the .xlsx reader shows them (from office:value
//     with the decimals of the cell's number style, a point as decimal
//     separator), so a deck saved as .ods and as .xlsx gives the same
//     cards whatever language the spreadsheet program was set to.
//
// A cell's text is what LibreOffice shows: its paragraphs joined by line
// breaks, spans and links as their text, text:s as spaces, text:tab and
// text:line-break as tab and line break, character data as written (as
// LibreOffice reads it, without the white-space folding ODF describes),
// comments (office:annotation) and drawings left out.

// The OpenDocument namespaces the reader needs.
const (
	nsOffice   = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
	nsTable    = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
	nsText     = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
	nsStyle    = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
	nsNumber   = "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
	nsDraw     = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
	nsCalcExt  = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"
	nsManifest = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
)

// maxRepeatedCopies bounds the cells a workbook's repeats may add beyond
// the cells written: LibreOffice writes equal neighbouring cells once with
// a count, which in a deck adds a few hundred copies at most.
const maxRepeatedCopies = 1_000_000

// maxRepeat bounds one repeat count; LibreOffice's sheets have 2^20 rows
// and 2^14 columns.
const maxRepeat = 1 << 30

// odsMimeTypes are the mimetype parts of a spreadsheet and its template.
var odsMimeTypes = map[string]bool{
	"application/vnd.oasis.opendocument.spreadsheet":          true,
	"application/vnd.oasis.opendocument.spreadsheet-template": true,
}

type odsPackage struct {
	*zipPackage
	cellBytes  int
	copiesLeft int
	parsed     map[*Sheet]*parsedSheet
	styles     odsStyles
}

// parsedSheet is a sheet read at Open, handed over by Load. It holds
// only the rows that have content, each with its zero-based row number:
// every sheet is read at Open, and padding the gaps of sheets nobody
// loads would let a tiny file (200 sheets, each with one cell in row
// 200,000) fill a gigabyte with empty rows.
type parsedSheet struct {
	rows  [][]string
	at    []int // the row number of each of rows, ascending
	notes map[cellRef]Note
	err   error
}

func openODS(wb *Workbook, data []byte) error {
	z, err := openZip(wb, data, ".ods")
	if err != nil {
		return err
	}
	pkg := &odsPackage{zipPackage: z, cellBytes: 4*wb.lim.CellRunes + 4, copiesLeft: maxRepeatedCopies,
		parsed: map[*Sheet]*parsedSheet{}, styles: odsStyles{cell: map[string]cellStyle{}, data: map[string]numFormat{}}}
	if err := pkg.checkKind(wb); err != nil {
		return err
	}
	if err := pkg.readStylesPart(wb); err != nil {
		return err
	}
	if err := pkg.readContent(wb); err != nil {
		return err
	}
	wb.src = pkg
	return nil
}

// checkKind refuses what is not an unencrypted spreadsheet: another
// OpenDocument file (a text document renamed .ods), or one saved with a
// password, whose parts are encrypted.
func (p *odsPackage) checkKind(wb *Workbook) error {
	if f, ok := p.parts["mimetype"]; ok && f.UncompressedSize64 < 200 {
		rc, err := p.open(wb, "mimetype")
		if err != nil {
			return err
		}
		b, err := io.ReadAll(io.LimitReader(rc, 200))
		rc.Close()
		if err != nil {
			return p.partError(wb, partName("mimetype"), "", err)
		}
		if mt := strings.TrimSpace(string(b)); !odsMimeTypes[mt] {
			return &Error{File: wb.Path, Msg: i18n.Sprintf(
				"keine Tabellenkalkulation: die Datei ist als „%s“ gekennzeichnet; bitte als .ods-Tabelle (LibreOffice Calc) speichern",
				"not a spreadsheet: the file says it is %q; please save it as an .ods spreadsheet (LibreOffice Calc)", mt)}
		}
	}
	var manifest struct {
		Entries []struct {
			Path       string    `xml:"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0 full-path,attr"`
			Encryption *struct{} `xml:"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0 encryption-data"`
		} `xml:"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0 file-entry"`
	}
	if err := p.parse(wb, "meta-inf/manifest.xml", &manifest, false); err != nil {
		return err
	}
	for _, e := range manifest.Entries {
		if e.Encryption != nil && strings.EqualFold(e.Path, "content.xml") {
			return &Error{File: wb.Path, Msg: i18n.Sprintf(
				"die Datei ist mit einem Kennwort geschützt und kann nicht gelesen werden; bitte ohne Kennwort speichern",
				"the file is protected with a password and cannot be read; please save it without a password")}
		}
	}
	return nil
}

// odsStyles is what the cell styles say about numbers: the number format
// (data style) each cell style shows numbers in.
type odsStyles struct {
	cell map[string]cellStyle // by style:name of family table-cell
	data map[string]numFormat // data styles by style:name
}

type cellStyle struct{ parent, data string }

// format returns the number format of a cell style, following parent
// styles.
func (s *odsStyles) format(name string) numFormat {
	for range 16 { // a parent chain longer than this is a loop
		cs, ok := s.cell[name]
		if !ok {
			return numFormat{}
		}
		if cs.data != "" {
			return s.data[cs.data]
		}
		name = cs.parent
	}
	return numFormat{}
}

// readStyle takes in one element of a styles section: a cell style or a
// data style (read whole). It reports whether it consumed the element.
func (s *odsStyles) readStyle(d *xml.Decoder, t xml.StartElement) (bool, error) {
	switch {
	case t.Name.Space == nsStyle && t.Name.Local == "style":
		if attrNS(t, nsStyle, "family") == "table-cell" {
			s.cell[attrNS(t, nsStyle, "name")] = cellStyle{parent: attrNS(t, nsStyle, "parent-style-name"), data: attrNS(t, nsStyle, "data-style-name")}
		}
		return true, d.Skip()
	case t.Name.Space == nsNumber && strings.HasSuffix(t.Name.Local, "-style"):
		f := numFormat{kind: numGeneral}
		switch t.Name.Local {
		case "date-style", "time-style":
			f.kind = numDate
		case "percentage-style":
			f.kind = numPercent
		case "currency-style":
			f.kind = numFixed
			f.decimals = 2
		}
		for depth := 1; depth > 0; {
			tok, err := innerToken(d)
			if err != nil {
				return true, err
			}
			switch c := tok.(type) {
			case xml.StartElement:
				depth++
				if c.Name.Space == nsNumber && c.Name.Local == "number" {
					if n, err := strconv.Atoi(attrNS(c, nsNumber, "decimal-places")); err == nil && n >= 0 {
						if f.kind == numGeneral {
							f.kind = numFixed
						}
						f.decimals = min(n, 15)
					}
				}
			case xml.EndElement:
				depth--
			}
		}
		s.data[attrNS(t, nsStyle, "name")] = f
		return true, nil
	}
	return false, nil
}

// readStylesPart reads the named cell styles and data styles of
// styles.xml, which the cells' automatic styles refer to.
func (p *odsPackage) readStylesPart(wb *Workbook) error {
	const part = "styles.xml"
	rc, err := p.open(wb, part)
	if err != nil || rc == nil {
		return err
	}
	defer rc.Close()
	d := newXMLDecoder(rc)
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return p.partError(wb, partName(part), "", err)
		}
		if t, ok := tok.(xml.StartElement); ok {
			if _, err := p.styles.readStyle(d, t); err != nil {
				return p.partError(wb, partName(part), "", err)
			}
		}
	}
	if _, err := io.Copy(io.Discard, rc); err != nil {
		return p.partError(wb, partName(part), "", err)
	}
	return nil
}

// readContent streams content.xml: the automatic styles, then every sheet.
func (p *odsPackage) readContent(wb *Workbook) error {
	const part = "content.xml"
	rc, err := p.open(wb, part)
	if err != nil {
		return err
	}
	if rc == nil {
		return &Error{File: wb.Path, Msg: i18n.Sprintf(
			"keine lesbare .ods-Datei: der Teil %s fehlt", "not a readable .ods file: the part %s is missing", part)}
	}
	defer rc.Close()
	what := i18n.Sprintf("der Inhalt (%s)", "the content (%s)", part)
	d := newXMLDecoder(rc)
	sawBody := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return p.partError(wb, what, "", err)
		}
		t, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch {
		case t.Name.Space == nsOffice && t.Name.Local == "spreadsheet":
			sawBody = true
		case t.Name.Space == nsTable && t.Name.Local == "table":
			if len(wb.Sheets) >= wb.lim.Sheets {
				return &Error{File: wb.Path, Msg: i18n.Sprintf(
					"zu viele Tabellenblätter (mehr als %d)", "too many sheets (more than %d)", wb.lim.Sheets)}
			}
			s := &Sheet{Name: normalize(attrNS(t, nsTable, "name")), File: wb.Path}
			wb.Sheets = append(wb.Sheets, s)
			parsed, err := p.readTable(wb, s, d)
			if err != nil {
				return p.partError(wb, sheetWhat, s.Name, err)
			}
			p.parsed[s] = parsed
		default:
			if _, err := p.styles.readStyle(d, t); err != nil {
				return p.partError(wb, what, "", err)
			}
		}
	}
	if _, err := io.Copy(io.Discard, rc); err != nil {
		return p.partError(wb, what, "", err)
	}
	if !sawBody {
		return &Error{File: wb.Path, Msg: i18n.Sprintf(
			"keine Tabellenkalkulation: die .ods-Datei enthält keine Tabellen (office:spreadsheet fehlt)",
			"not a spreadsheet: the .ods file holds no tables (office:spreadsheet is missing)")}
	}
	return nil
}

func (p *odsPackage) load(wb *Workbook, s *Sheet) error {
	parsed := p.parsed[s]
	if parsed == nil {
		return &Error{File: wb.Path, Sheet: s.Name, Msg: p.damaged("das Tabellenblatt fehlt", "the sheet is missing")}
	}
	if parsed.err != nil {
		return parsed.err
	}
	var rows [][]string
	if len(parsed.at) > 0 {
		rows = make([][]string, parsed.at[len(parsed.at)-1]+1)
	}
	for i, r := range parsed.rows {
		rows[parsed.at[i]] = r
	}
	s.Rows, s.notes = rows, parsed.notes
	delete(p.parsed, s)
	return nil
}

// columnStyles are a sheet's default cell styles per column, as runs,
// kept only for the columns a cell with content may stand in (Limits.Columns):
// looking a cell's style up must not cost as many steps as a hostile file
// has <table:table-column> elements.
type columnStyles []struct {
	upTo  int // last column (zero-based) of the run
	style string
}

func (c columnStyles) at(col int) string {
	for _, r := range c {
		if col <= r.upTo {
			return r.style
		}
	}
	return ""
}

// readTable reads one <table:table> up to its end. A problem inside the
// sheet is kept for Load and the rest of the sheet skipped; a broken XML
// stream or archive is returned.
func (p *odsPackage) readTable(wb *Workbook, s *Sheet, d *xml.Decoder) (*parsedSheet, error) {
	sheet := &Sheet{Name: s.Name, File: s.File}
	parsed := &parsedSheet{}
	var cols columnStyles
	nextCol := 0
	row := 0 // the last row number read
	var sheetErr error
	for depth := 1; depth > 0; {
		tok, err := innerToken(d)
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Space != nsTable || sheetErr != nil {
				if err := d.Skip(); err != nil {
					return nil, err
				}
				continue
			}
			switch t.Name.Local {
			case "table-column":
				n, err := p.repeat(t, "number-columns-repeated")
				if err != nil {
					sheetErr = &Error{File: s.File, Sheet: s.Name, Msg: p.damagedCell(err)}
				} else if nextCol < wb.lim.Columns {
					nextCol += n
					cols = append(cols, struct {
						upTo  int
						style string
					}{nextCol - 1, attrNS(t, nsTable, "default-cell-style-name")})
				}
				if err := d.Skip(); err != nil {
					return nil, err
				}
			case "table-row":
				n, err := p.repeat(t, "number-rows-repeated")
				if err != nil {
					sheetErr = &Error{File: s.File, Sheet: s.Name, Row: row + 1, Msg: p.damagedCell(err)}
					if err := d.Skip(); err != nil {
						return nil, err
					}
					continue
				}
				first := row + 1
				row += n
				sheetErr, err = p.readRow(wb, sheet, parsed, d, t, first, n, cols)
				if err != nil {
					return nil, err
				}
			case "table":
				// A table inside a table (ODF's subtables) is no sheet.
				if err := d.Skip(); err != nil {
					return nil, err
				}
			default:
				// table:table-header-rows, table:table-row-group and their
				// like hold rows; everything else holds none.
				depth++
			}
		case xml.EndElement:
			depth--
		}
	}
	if sheetErr != nil {
		return &parsedSheet{err: sheetErr}, nil
	}
	parsed.notes = sheet.notes
	return parsed, nil
}

// repeat reads a repeat count: 1 when absent.
func (p *odsPackage) repeat(t xml.StartElement, name string) (int, error) {
	v := attrNS(t, nsTable, name)
	if v == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > maxRepeat {
		return 0, &cellError{fmt.Sprintf("ungültige Wiederholungszahl „%s“ (table:%s)", v, name), fmt.Sprintf("invalid repeat count %q (table:%s)", v, name)}
	}
	return n, nil
}

// readRow reads one <table:table-row>, repeated n times from row first,
// into parsed (its notes into sheet). sheetErr is a problem of the sheet;
// err a broken stream.
func (p *odsPackage) readRow(wb *Workbook, sheet *Sheet, parsed *parsedSheet, d *xml.Decoder, start xml.StartElement, first, n int, cols columnStyles) (sheetErr, err error) {
	lim := wb.lim
	at := func(col int, msg i18n.Text) error {
		e := &Error{File: sheet.File, Sheet: sheet.Name, Row: first, Msg: msg}
		if col >= 0 {
			e.Column = ColumnLetter(col)
		}
		return e
	}
	rowStyle := attrNS(start, nsTable, "default-cell-style-name")
	var cells []string
	var notes map[int]Note
	col := 0 // the next column
	for depth := 1; depth > 0; {
		tok, err := innerToken(d)
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if sheetErr != nil || t.Name.Space != nsTable || (t.Name.Local != "table-cell" && t.Name.Local != "covered-table-cell") {
				if err := d.Skip(); err != nil {
					return nil, err
				}
				continue
			}
			reps, rerr := p.repeat(t, "number-columns-repeated")
			if rerr != nil {
				sheetErr = at(col, p.damagedCell(rerr))
				if err := d.Skip(); err != nil {
					return nil, err
				}
				continue
			}
			c := col
			col = min(col+reps, maxRepeat)
			if t.Name.Local == "covered-table-cell" {
				// Hidden under a merged cell: LibreOffice does not show it.
				if err := d.Skip(); err != nil {
					return nil, err
				}
				continue
			}
			style := attrNS(t, nsTable, "style-name")
			if style == "" {
				style = rowStyle
			}
			if style == "" {
				style = cols.at(c)
			}
			v, note, cerr := p.readCell(d, t, style)
			if cerr != nil {
				var ce *cellError
				switch {
				case errors.Is(cerr, errCellTooLong):
					sheetErr = at(c, i18n.Sprintf("die Zelle ist zu lang (mehr als %d Zeichen)", "the cell is too long (more than %d characters)", lim.CellRunes))
				case errors.As(cerr, &ce):
					sheetErr = at(c, p.damagedCell(ce))
				default:
					return nil, cerr
				}
				continue
			}
			if v == "" && !note.Formula {
				continue
			}
			// Only cells that hold something count, as in .xlsx.
			if first > lim.Rows {
				sheetErr = &Error{File: sheet.File, Sheet: sheet.Name, Msg: i18n.Sprintf("zu viele Zeilen (mehr als %d)", "too many rows (more than %d)", lim.Rows)}
				continue
			}
			if c+reps > lim.Columns {
				sheetErr = at(-1, i18n.Sprintf("zu viele Spalten (%d, höchstens %d)", "too many columns (%d, at most %d)", c+reps, lim.Columns))
				continue
			}
			if err := p.takeCopies(sheet, first, reps-1); err != nil {
				sheetErr = err
				continue
			}
			if err := checkCellSize(wb, sheet, first, c, v); err != nil {
				sheetErr = err
				continue
			}
			if err := wb.takeText(sheet, first, (reps-1)*len(v)); err != nil {
				sheetErr = err
				continue
			}
			for len(cells) < c {
				cells = append(cells, "")
			}
			for range reps {
				if note != (Note{}) {
					if notes == nil {
						notes = map[int]Note{}
					}
					notes[len(cells)] = note
				}
				cells = append(cells, v)
			}
		case xml.EndElement:
			depth--
		}
	}
	if sheetErr != nil || len(cells) == 0 {
		return sheetErr, nil
	}
	last := first + n - 1
	if last > lim.Rows {
		return &Error{File: sheet.File, Sheet: sheet.Name, Msg: i18n.Sprintf("zu viele Zeilen (mehr als %d)", "too many rows (more than %d)", lim.Rows)}, nil
	}
	if n > 1 {
		if err := p.takeCopies(sheet, first, (n-1)*len(cells)); err != nil {
			return err, nil
		}
		rowText := 0
		for _, v := range cells {
			rowText += len(v)
		}
		if err := wb.takeText(sheet, first, (n-1)*rowText); err != nil {
			return err, nil
		}
	}
	for i := range n {
		r := cells
		if i > 0 {
			r = append([]string(nil), cells...)
		}
		parsed.rows = append(parsed.rows, r)
		parsed.at = append(parsed.at, first-1+i)
		for c, note := range notes {
			sheet.note(first-1+i, c, func(n *Note) { *n = note })
		}
	}
	return nil, nil
}

// takeCopies charges n repeated copies of cells to the workbook.
func (p *odsPackage) takeCopies(sheet *Sheet, row, n int) error {
	p.copiesLeft -= n
	if p.copiesLeft < 0 {
		return &Error{File: sheet.File, Sheet: sheet.Name, Row: row, Msg: i18n.Sprintf(
			"zu viele wiederholte Zellen (table:number-columns-repeated, table:number-rows-repeated): die Arbeitsmappe ergäbe mehr als %d Kopien",
			"too many repeated cells (table:number-columns-repeated, table:number-rows-repeated): the workbook would expand to more than %d copies",
			maxRepeatedCopies)}
	}
	return nil
}

// readCell reads one <table:table-cell>: its value as the .xlsx reader
// would show it, and whether it holds a formula or a date.
func (p *odsPackage) readCell(d *xml.Decoder, start xml.StartElement, style string) (string, Note, error) {
	var note Note
	note.Formula = attrNS(start, nsTable, "formula") != ""
	var text strings.Builder
	paragraphs := 0
	for depth := 1; depth > 0; {
		tok, err := innerToken(d)
		if err != nil {
			return "", note, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Space == nsText && (t.Name.Local == "p" || t.Name.Local == "h") {
				if paragraphs > 0 {
					if text.Len() >= p.cellBytes {
						return "", note, errCellTooLong // a million empty paragraphs
					}
					text.WriteByte('\n')
				}
				paragraphs++
				if err := p.readParagraph(d, &text); err != nil {
					return "", note, err
				}
				continue
			}
			// Comments, drawings and anything else a cell may hold are
			// not its text.
			if err := d.Skip(); err != nil {
				return "", note, err
			}
		case xml.EndElement:
			depth--
		}
	}
	shown := text.String()
	typ := attrNS(start, nsOffice, "value-type")
	if attrNS(start, nsCalcExt, "value-type") == "error" {
		typ = "string" // a formula's error value, as shown ("#DIV/0!")
	}
	number := func() (float64, error) {
		raw := strings.TrimSpace(attrNS(start, nsOffice, "value"))
		f, err := strconv.ParseFloat(raw, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, &cellError{fmt.Sprintf("ungültige Zahl „%s“", raw), fmt.Sprintf("invalid number %q", raw)}
		}
		return f, nil
	}
	switch typ {
	case "", "string":
		if paragraphs == 0 {
			shown = attrNS(start, nsOffice, "string-value")
		}
		return normalize(shown), note, nil
	case "float":
		f, err := number()
		if err != nil {
			return "", note, err
		}
		switch format := p.styles.format(style); format.kind {
		case numFixed:
			return fixed(f, format.decimals), note, nil
		case numPercent:
			return fixed(f*100, format.decimals) + "%", note, nil
		case numDate:
			note.Date = true
			return excelDate(f, false), note, nil
		}
		return generalNumber(strings.TrimSpace(attrNS(start, nsOffice, "value")), f), note, nil
	case "percentage":
		f, err := number()
		if err != nil {
			return "", note, err
		}
		return fixed(f*100, p.styles.format(style).decimals) + "%", note, nil
	case "currency":
		f, err := number()
		if err != nil {
			return "", note, err
		}
		decimals := 2
		if format := p.styles.format(style); format.kind != numGeneral {
			decimals = format.decimals
		}
		return fixed(f, decimals), note, nil
	case "boolean":
		switch strings.TrimSpace(attrNS(start, nsOffice, "boolean-value")) {
		case "true", "1":
			return "TRUE", note, nil
		case "false", "0":
			return "FALSE", note, nil
		}
		v := attrNS(start, nsOffice, "boolean-value")
		return "", note, &cellError{fmt.Sprintf("ungültiger Wahrheitswert „%s“", v), fmt.Sprintf("invalid boolean %q", v)}
	case "date":
		note.Date = true
		raw := strings.TrimSpace(attrNS(start, nsOffice, "date-value"))
		if t, err := time.Parse("2006-01-02T15:04:05.999999999", raw); err == nil {
			if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
				return t.Format("02.01.2006"), note, nil
			}
			return t.Format("02.01.2006 15:04:05"), note, nil
		}
		if t, err := time.Parse("2006-01-02", raw); err == nil {
			return t.Format("02.01.2006"), note, nil
		}
		return normalize(shown), note, nil
	case "time":
		note.Date = true
		if d, ok := parseODFDuration(attrNS(start, nsOffice, "time-value")); ok {
			s := int64(d.Round(time.Second) / time.Second)
			return fmt.Sprintf("%02d:%02d:%02d", s/3600, s/60%60, s%60), note, nil
		}
		return normalize(shown), note, nil
	}
	return "", note, &cellError{fmt.Sprintf("unbekannter Zelltyp „%s“", typ), fmt.Sprintf("unknown cell type %q", typ)}
}

// parseODFDuration reads a time value such as PT12H30M00S (hours may
// exceed 24; seconds may have decimals).
func parseODFDuration(s string) (time.Duration, bool) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	rest, ok := strings.CutPrefix(s, "P")
	if !ok {
		return 0, false
	}
	var total float64
	inTime := false
	for rest != "" {
		if rest[0] == 'T' {
			inTime, rest = true, rest[1:]
			continue
		}
		i := strings.IndexAny(rest, "YMWDHS")
		if i <= 0 {
			return 0, false
		}
		n, err := strconv.ParseFloat(rest[:i], 64)
		if err != nil || n < 0 || n > 1e9 {
			return 0, false
		}
		switch unit := rest[i]; {
		case unit == 'D' && !inTime:
			total += n * 86400
		case unit == 'H' && inTime:
			total += n * 3600
		case unit == 'M' && inTime:
			total += n * 60
		case unit == 'S' && inTime:
			total += n
		default:
			return 0, false // years, months and weeks have no fixed length
		}
		rest = rest[i+1:]
	}
	if neg {
		total = -total
	}
	return time.Duration(total * float64(time.Second)), true
}

// readParagraph appends the text of a <text:p> (or <text:h>) to b and
// consumes its end.
func (p *odsPackage) readParagraph(d *xml.Decoder, b *strings.Builder) error {
	limit := p.cellBytes
	write := func(s string) error {
		if b.Len()+len(s) > limit {
			return errCellTooLong
		}
		b.WriteString(s)
		return nil
	}
	for depth := 1; depth > 0; {
		tok, err := innerToken(d)
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch {
			case t.Name.Space == nsText && t.Name.Local == "s":
				n := 1
				if v := attrNS(t, nsText, "c"); v != "" {
					if n, err = strconv.Atoi(v); err != nil || n < 0 {
						n = 1
					}
				}
				if n > limit-b.Len() {
					return errCellTooLong
				}
				if err := write(strings.Repeat(" ", n)); err != nil {
					return err
				}
				if err := d.Skip(); err != nil {
					return err
				}
			case t.Name.Space == nsText && t.Name.Local == "tab":
				if err := write("\t"); err != nil {
					return err
				}
				if err := d.Skip(); err != nil {
					return err
				}
			case t.Name.Space == nsText && t.Name.Local == "line-break":
				if err := write("\n"); err != nil {
					return err
				}
				if err := d.Skip(); err != nil {
					return err
				}
			case t.Name.Space == nsOffice && t.Name.Local == "annotation",
				t.Name.Space == nsText && (t.Name.Local == "note" || t.Name.Local == "ruby-text"),
				t.Name.Space == nsDraw:
				// Not part of the paragraph's text (ODF 6.1.1).
				if err := d.Skip(); err != nil {
					return err
				}
			default:
				depth++ // spans, links, fields: their text
			}
		case xml.EndElement:
			depth--
		case xml.CharData:
			if err := write(string(t)); err != nil {
				return err
			}
		}
	}
	return nil
}

// attrNS returns the attribute space:local of e, "" when absent.
func attrNS(e xml.StartElement, space, local string) string {
	for _, a := range e.Attr {
		if a.Name.Local == local && a.Name.Space == space {
			return a.Value
		}
	}
	return ""
}
