package workbook

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"strconv"
	"strings"
	"time"

	"druckreif/i18n"
)

// An .xlsx file is a zip of XML parts. This reader streams the few parts a
// deck needs — the workbook's sheet list, the shared strings, the number
// formats and the worksheets that are asked for — with encoding/xml, and
// bounds everything on the way:
//
//   - a worksheet is read only when Load asks for it, so a sheet the game
//     does not need is never unzipped;
//   - a shared string is stored once, and every cell that refers to it
//     shares that copy; all cell text read counts against TextBytes, so a
//     long string referenced by a million cells is an error, not gigabytes;
//   - every part is read to its end, so a damaged zip (checksum) or XML cut
//     short is an error naming the sheet, never half a sheet;
//   - formulas are found as <f> elements of the parsed XML;
//   - nothing is written to temporary files.
//
// excelize, which writes the templates, reads workbooks too, but it ignores
// XML and checksum errors while streaming rows, copies rich shared strings
// for every cell and spills large parts to temporary files, so for hostile
// input it is not the right reader.

// xlsxPackage is an opened .xlsx file.
type xlsxPackage struct {
	*zipPackage
	date1904  bool
	sst       *sharedStrings // read with the first sheet
	sstPart   string
	styles    []numFormat // by cell style index (cellXfs)
	stylePart string
	read      bool // sst and styles have been read
	cellBytes int  // the longest cell text in bytes that can be within CellRunes
}

func openXLSX(wb *Workbook, data []byte) error {
	z, err := openZip(wb, data, ".xlsx")
	if err != nil {
		return err
	}
	pkg := &xlsxPackage{zipPackage: z, cellBytes: 4*wb.lim.CellRunes + 4}
	// The package relationships name the workbook part.
	wbPart := "xl/workbook.xml"
	var rels relationships
	if err := pkg.parse(wb, "_rels/.rels", &rels, false); err != nil {
		return err
	}
	for _, r := range rels.List {
		if strings.HasSuffix(r.Type, "/officeDocument") {
			wbPart = resolvePart("", r.Target)
		}
	}
	var book struct {
		Pr struct {
			Date1904 string `xml:"date1904,attr"`
		} `xml:"workbookPr"`
		Sheets []struct {
			Name string     `xml:"name,attr"`
			Attr []xml.Attr `xml:",any,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := pkg.parse(wb, wbPart, &book, true); err != nil {
		return err
	}
	pkg.date1904 = book.Pr.Date1904 == "1" || book.Pr.Date1904 == "true"
	var bookRels relationships
	if err := pkg.parse(wb, relsOf(wbPart), &bookRels, false); err != nil {
		return err
	}
	targets := map[string]relationship{}
	for _, r := range bookRels.List {
		targets[r.ID] = r
		switch {
		case strings.HasSuffix(r.Type, "/sharedStrings"):
			pkg.sstPart = resolvePart(path.Dir(wbPart), r.Target)
		case strings.HasSuffix(r.Type, "/styles"):
			pkg.stylePart = resolvePart(path.Dir(wbPart), r.Target)
		}
	}
	if len(book.Sheets) > wb.lim.Sheets {
		return &Error{File: wb.Path, Msg: i18n.Sprintf(
			"zu viele Tabellenblätter (%d, höchstens %d)", "too many sheets (%d, at most %d)", len(book.Sheets), wb.lim.Sheets)}
	}
	for _, s := range book.Sheets {
		sheet := &Sheet{Name: normalize(s.Name), File: wb.Path}
		for _, a := range s.Attr {
			// r:id, whatever the prefix and namespace (transitional or strict).
			if a.Name.Local == "id" && a.Name.Space != "" {
				if r, ok := targets[a.Value]; ok && r.TargetMode != "External" && strings.HasSuffix(r.Type, "/worksheet") {
					sheet.part = resolvePart(path.Dir(wbPart), r.Target)
				}
			}
		}
		wb.Sheets = append(wb.Sheets, sheet)
	}
	wb.src = pkg
	return nil
}

type relationships struct {
	List []relationship `xml:"Relationship"`
}

type relationship struct {
	ID         string `xml:"Id,attr"`
	Type       string `xml:"Type,attr"`
	Target     string `xml:"Target,attr"`
	TargetMode string `xml:"TargetMode,attr"`
}

// resolvePart turns a relationship target into a part name.
func resolvePart(base, target string) string {
	if strings.HasPrefix(target, "/") {
		return strings.ToLower(path.Clean(target)[1:])
	}
	return strings.ToLower(path.Clean(path.Join(base, target)))
}

func relsOf(part string) string {
	return path.Join(path.Dir(part), "_rels", path.Base(part)+".rels")
}

// readShared reads the shared strings and number formats, once.
func (p *xlsxPackage) readShared(wb *Workbook) error {
	if p.read {
		return nil
	}
	p.read = true
	if err := p.readStyles(wb); err != nil {
		return err
	}
	sst, err := p.readSharedStrings(wb)
	if err != nil {
		return err
	}
	p.sst = sst
	return nil
}

// sharedStrings is the workbook's table of texts: all texts in one string,
// each entry a slice of it, so that cells referring to an entry share it.
type sharedStrings struct {
	text string
	ends []uint32
}

func (s *sharedStrings) get(i int) (string, bool) {
	if s == nil || i < 0 || i >= len(s.ends) {
		return "", false
	}
	start := uint32(0)
	if i > 0 {
		start = s.ends[i-1]
	}
	return s.text[start:s.ends[i]], true
}

func (p *xlsxPackage) readSharedStrings(wb *Workbook) (*sharedStrings, error) {
	const part = "xl/sharedStrings.xml"
	rc, err := p.open(wb, p.sstPart)
	if err != nil || rc == nil {
		return nil, err
	}
	defer rc.Close()
	fail := func(err error) (*sharedStrings, error) {
		return nil, p.partError(wb, i18n.Sprintf("die Tabelle der gemeinsamen Texte (%s)", "the table of shared texts (%s)", part), "", err)
	}
	var buf strings.Builder
	var ends []uint32
	d := newXMLDecoder(rc)
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fail(err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "si" {
			var t strings.Builder
			if err := readRichText(d, &t, int64(p.cellBytes)); errors.Is(err, errCellTooLong) {
				return nil, &Error{File: wb.Path, Msg: i18n.Sprintf(
					"die Tabelle der gemeinsamen Texte (%s) enthält einen Text, der länger ist, als eine Zelle sein darf (mehr als %d Zeichen)",
					"the table of shared texts (%s) holds a text longer than a cell may be (more than %d characters)", part, wb.lim.CellRunes)}
			} else if err != nil {
				return fail(err)
			}
			if int64(buf.Len()+t.Len()) > wb.lim.TextBytes {
				return nil, &Error{File: wb.Path, Msg: i18n.Sprintf(
					"zu viel Text: die Tabelle der gemeinsamen Texte (%s) hat mehr als %d MiB",
					"too much text: the table of shared texts (%s) holds more than %d MiB", part, wb.lim.TextBytes>>20)}
			}
			if len(ends) >= maxSharedStrings {
				return nil, &Error{File: wb.Path, Msg: i18n.Sprintf(
					"zu viele gemeinsame Texte (mehr als %d)", "too many shared texts (more than %d)", maxSharedStrings)}
			}
			buf.WriteString(normalize(t.String()))
			ends = append(ends, uint32(buf.Len()))
		}
	}
	if _, err := io.Copy(io.Discard, rc); err != nil {
		return fail(err)
	}
	return &sharedStrings{text: buf.String(), ends: ends}, nil
}

// maxSharedStrings bounds the shared strings table: a deck at the row and
// column limits with every cell different would not need more.
const maxSharedStrings = 4_000_000

// readRichText collects the text of an <si> or <is> element: its <t>
// elements, directly or in runs <r>, but not the phonetic hints <rPh>. It
// consumes the element's end.
func readRichText(d *xml.Decoder, b *strings.Builder, limit int64) error {
	depth, inT, inPh := 1, false, 0
	for depth > 0 {
		tok, err := d.Token()
		if err != nil {
			if err == io.EOF {
				return io.ErrUnexpectedEOF
			}
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch t.Name.Local {
			case "t":
				inT = true
			case "rPh":
				inPh++
			}
		case xml.EndElement:
			depth--
			switch t.Name.Local {
			case "t":
				inT = false
			case "rPh":
				inPh--
			}
		case xml.CharData:
			if inT && inPh == 0 {
				if int64(b.Len()+len(t)) > limit {
					return errCellTooLong
				}
				b.WriteString(unescapeOOXML(string(t)))
			}
		}
	}
	return nil
}

// unescapeOOXML decodes the _xHHHH_ escapes OOXML uses for characters XML
// cannot hold (a carriage return is _x000D_); _x005F_ escapes an underscore.
func unescapeOOXML(s string) string {
	if !strings.Contains(s, "_x") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if i+7 <= len(s) && s[i] == '_' && s[i+1] == 'x' && s[i+6] == '_' {
			if n, err := strconv.ParseUint(s[i+2:i+6], 16, 16); err == nil {
				b.WriteRune(rune(n))
				i += 7
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// numFormat is how a style shows numbers, as far as reading matters.
type numFormat struct {
	kind     numKind
	decimals int
}

type numKind int

const (
	numGeneral numKind = iota // as typed (up to 15 significant digits)
	numFixed                  // a fixed number of decimals: "0.0", "#,##0.00"
	numPercent                // "0%", "0.0%"
	numDate                   // dates and times
)

func (p *xlsxPackage) readStyles(wb *Workbook) error {
	var st struct {
		NumFmts []struct {
			ID   int    `xml:"numFmtId,attr"`
			Code string `xml:"formatCode,attr"`
		} `xml:"numFmts>numFmt"`
		Xfs []struct {
			NumFmtID int `xml:"numFmtId,attr"`
		} `xml:"cellXfs>xf"`
	}
	if err := p.parse(wb, p.stylePart, &st, false); err != nil {
		return err
	}
	custom := map[int]string{}
	for _, f := range st.NumFmts {
		custom[f.ID] = f.Code
	}
	for _, xf := range st.Xfs {
		code, ok := custom[xf.NumFmtID]
		if !ok {
			code = builtinFormats[xf.NumFmtID]
		}
		p.styles = append(p.styles, classifyFormat(code))
	}
	return nil
}

// builtinFormats are the number formats every spreadsheet program knows by
// number; the ones not listed (0 = General) show numbers as typed.
var builtinFormats = map[int]string{
	1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%",
	14: "mm-dd-yy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM", 19: "h:mm:ss AM/PM",
	20: "h:mm", 21: "h:mm:ss", 22: "m/d/yy h:mm", 27: "yyyy\"年\"m\"月\"", 30: "m/d/yy", 31: "yyyy\"年\"m\"月\"d\"日\"",
	36: "yyyy\"年\"m\"月\"", 45: "mm:ss", 46: "[h]:mm:ss", 47: "mmss.0", 50: "yyyy\"年\"m\"月\"", 57: "yyyy\"年\"m\"月\"",
}

// classifyFormat reads a number format code far enough to know whether it
// shows a date, a percentage or a fixed number of decimals.
func classifyFormat(code string) numFormat {
	section, _, _ := strings.Cut(code, ";")
	// Drop quoted literals, escapes and [colour]/[$-407] brackets, which do
	// not decide the kind (except [h], [m], [s] of durations).
	var b strings.Builder
	for i := 0; i < len(section); i++ {
		switch c := section[i]; c {
		case '"':
			j := strings.IndexByte(section[i+1:], '"')
			if j < 0 {
				i = len(section)
			} else {
				i += j + 1
			}
		case '\\', '_', '*':
			i++
		case '[':
			j := strings.IndexByte(section[i:], ']')
			if j < 0 {
				i = len(section)
				break
			}
			inner := strings.ToLower(section[i+1 : i+j])
			if inner == "h" || inner == "hh" || inner == "m" || inner == "mm" || inner == "s" || inner == "ss" {
				b.WriteString(inner)
			}
			i += j
		default:
			b.WriteByte(c)
		}
	}
	f := strings.ToLower(b.String())
	switch {
	case f == "" || f == "general" || f == "@":
		return numFormat{kind: numGeneral}
	case strings.ContainsAny(f, "ymdhs") || strings.Contains(f, "am/pm"):
		return numFormat{kind: numDate}
	}
	decimals := 0
	if _, frac, ok := strings.Cut(f, "."); ok {
		for _, c := range frac {
			if c != '0' && c != '#' && c != '?' {
				break
			}
			decimals++
		}
	}
	if strings.Contains(f, "%") {
		return numFormat{kind: numPercent, decimals: decimals}
	}
	if strings.ContainsAny(f, "0#?") && !strings.ContainsAny(f, "e/") {
		return numFormat{kind: numFixed, decimals: decimals}
	}
	return numFormat{kind: numGeneral}
}

func (p *xlsxPackage) load(wb *Workbook, s *Sheet) error {
	if err := p.readShared(wb); err != nil {
		return err
	}
	if s.part == "" {
		return &Error{File: wb.Path, Sheet: s.Name, Msg: i18n.Sprintf(
			"das Blatt ist kein Tabellenblatt (Diagramm- oder Makroblatt) und kann nicht gelesen werden",
			"the sheet is not a worksheet (a chart or macro sheet) and cannot be read")}
	}
	rc, err := p.open(wb, s.part)
	if err != nil {
		return err
	}
	if rc == nil {
		return &Error{File: wb.Path, Sheet: s.Name, Msg: p.damaged(
			"die Daten des Tabellenblatts fehlen (%s)", "the sheet's data is missing (%s)", s.part)}
	}
	defer rc.Close()
	if err := p.readSheet(wb, s, newXMLDecoder(rc)); err != nil {
		return p.partError(wb, sheetWhat, s.Name, err)
	}
	if _, err := io.Copy(io.Discard, rc); err != nil {
		return p.partError(wb, sheetWhat, s.Name, err)
	}
	return nil
}

// readSheet streams a worksheet's <sheetData> into s.Rows.
func (p *xlsxPackage) readSheet(wb *Workbook, s *Sheet, d *xml.Decoder) error {
	lim := wb.lim
	at := func(row, col int, msg i18n.Text) error {
		e := &Error{File: wb.Path, Sheet: s.Name, Row: row, Msg: msg}
		if col >= 0 {
			e.Column = ColumnLetter(col)
		}
		return e
	}
	damaged := p.damaged
	var cells []string
	row, col := 0, -1
	sawEnd := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "row":
				r := row + 1
				if v := attr(t, "r"); v != "" {
					n, err := strconv.Atoi(v)
					if err != nil || n < 1 {
						return at(row+1, -1, damaged("ungültige Zeilennummer „%s“", "invalid row number %q", v))
					}
					r = n
				}
				if r <= row {
					return at(r, -1, damaged("die Zeilen stehen nicht in Reihenfolge", "the rows are out of order"))
				}
				row, col, cells = r, -1, nil
			case "c":
				if row == 0 {
					return at(0, -1, damaged("eine Zelle steht außerhalb einer Zeile", "a cell outside a row"))
				}
				c := col + 1
				if ref := attr(t, "r"); ref != "" {
					n, ok := columnOfRef(ref)
					if !ok {
						return at(row, -1, damaged("ungültiger Zellbezug „%s“", "invalid cell reference %q", ref))
					}
					c = n
				}
				if c <= col {
					return at(row, c, damaged("die Zellen stehen nicht in Reihenfolge", "the cells are out of order"))
				}
				col = c
				v, note, err := p.readCell(d, t)
				if errors.Is(err, errCellTooLong) {
					return at(row, col, i18n.Sprintf("die Zelle ist zu lang (mehr als %d Zeichen)", "the cell is too long (more than %d characters)", lim.CellRunes))
				}
				if err != nil {
					if ce, ok := err.(*cellError); ok {
						return at(row, col, p.damagedText(i18n.T(ce.de, ce.en)))
					}
					return err
				}
				if v == "" && !note.Formula {
					continue
				}
				// Only rows and columns that hold something count: Excel
				// writes formatted but empty rows far down a sheet.
				if row > lim.Rows {
					return at(0, -1, i18n.Sprintf("zu viele Zeilen (mehr als %d)", "too many rows (more than %d)", lim.Rows))
				}
				if col >= lim.Columns {
					return at(row, -1, i18n.Sprintf("zu viele Spalten (%d, höchstens %d)", "too many columns (%d, at most %d)", col+1, lim.Columns))
				}
				if err := checkCellSize(wb, s, row, col, v); err != nil {
					return err
				}
				for len(cells) < col {
					cells = append(cells, "")
				}
				cells = append(cells, v)
				if note != (Note{}) {
					s.note(row-1, col, func(n *Note) { *n = note })
				}
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "row":
				if len(cells) > 0 {
					for len(s.Rows) < row-1 {
						s.Rows = append(s.Rows, nil)
					}
					s.Rows = append(s.Rows, cells)
				}
				cells = nil
			case "worksheet":
				sawEnd = true
			}
		}
	}
	if !sawEnd {
		return io.ErrUnexpectedEOF
	}
	return nil
}

// readCell reads one <c> element: its value as the author sees it, and
// whether it holds a formula or a date.
func (p *xlsxPackage) readCell(d *xml.Decoder, start xml.StartElement) (string, Note, error) {
	var note Note
	var v, inline strings.Builder
	hasInline := false
	typ, style := attr(start, "t"), attr(start, "s")
	for depth := 1; depth > 0; {
		tok, err := d.Token()
		if err != nil {
			if err == io.EOF {
				return "", note, io.ErrUnexpectedEOF
			}
			return "", note, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "f":
				note.Formula = true
				if err := d.Skip(); err != nil {
					return "", note, err
				}
			case "v":
				if err := readText(d, &v, p.cellBytes); err != nil {
					return "", note, err
				}
			case "is":
				hasInline = true
				if err := readRichText(d, &inline, int64(p.cellBytes)); err != nil {
					return "", note, err
				}
			default:
				depth++
			}
		case xml.EndElement:
			depth--
		}
	}
	raw := v.String()
	switch typ {
	case "s":
		if raw == "" {
			return "", note, nil
		}
		i, err := strconv.Atoi(strings.TrimSpace(raw))
		text, ok := p.sst.get(i)
		if err != nil || !ok {
			return "", note, &cellError{
				fmt.Sprintf("die Zelle verweist auf den gemeinsamen Text Nr. %s, den es nicht gibt", raw),
				fmt.Sprintf("the cell refers to shared text no. %s, which does not exist", raw)}
		}
		return text, note, nil
	case "inlineStr":
		if hasInline {
			return normalize(inline.String()), note, nil
		}
		return normalize(unescapeOOXML(raw)), note, nil
	case "str", "e":
		return normalize(unescapeOOXML(raw)), note, nil
	case "b":
		switch strings.TrimSpace(raw) {
		case "1", "true":
			return "TRUE", note, nil
		case "0", "false":
			return "FALSE", note, nil
		case "":
			return "", note, nil
		}
		return "", note, &cellError{fmt.Sprintf("ungültiger Wahrheitswert „%s“", raw), fmt.Sprintf("invalid boolean %q", raw)}
	case "d":
		note.Date = true
		if raw == "" {
			return "", note, nil
		}
		if t, err := time.Parse("2006-01-02T15:04:05", strings.TrimSuffix(raw, "Z")); err == nil {
			return t.Format("02.01.2006"), note, nil
		}
		if t, err := time.Parse("2006-01-02", raw); err == nil {
			return t.Format("02.01.2006"), note, nil
		}
		return raw, note, nil
	case "", "n":
		raw = strings.TrimSpace(raw)
		if raw == "" {
			return "", note, nil
		}
		f, err := strconv.ParseFloat(raw, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return "", note, &cellError{fmt.Sprintf("ungültige Zahl „%s“", raw), fmt.Sprintf("invalid number %q", raw)}
		}
		format := numFormat{}
		if i, err := strconv.Atoi(style); err == nil && i >= 0 && i < len(p.styles) {
			format = p.styles[i]
		}
		switch format.kind {
		case numDate:
			note.Date = true
			return excelDate(f, p.date1904), note, nil
		case numPercent:
			return fixed(f*100, format.decimals) + "%", note, nil
		case numFixed:
			return fixed(f, format.decimals), note, nil
		}
		return generalNumber(raw, f), note, nil
	}
	return "", note, &cellError{fmt.Sprintf("unbekannter Zelltyp „%s“", typ), fmt.Sprintf("unknown cell type %q", typ)}
}

// Numbers are shown as a German spreadsheet shows them, with a decimal
// comma and no thousands separator (42,195; 1234567; 12,5%): a typed
// number reads as the same text typed as text, so 42,195 km stays 42,195
// km on the card and is not read as 42195 ("42.195" is forty-two
// thousand in German), and cards print German numbers.
func decimalComma(s string) string { return strings.Replace(s, ".", ",", 1) }

// generalNumber shows a number as the General format does: as typed, but
// with at most 15 significant digits (what a spreadsheet keeps).
func generalNumber(raw string, f float64) string {
	return decimalComma(generalDigits(raw, f))
}

func generalDigits(raw string, f float64) string {
	digits := 0
	for _, c := range strings.TrimLeft(strings.SplitN(strings.ToLower(raw), "e", 2)[0], "-+0.") {
		if c >= '0' && c <= '9' {
			digits++
		}
	}
	if digits > 15 {
		return strconv.FormatFloat(f, 'G', 15, 64)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// fixed shows f with the given number of decimals, rounding halves away
// from zero as spreadsheets do (0.125 as 0.13, not 0.12).
func fixed(f float64, decimals int) string {
	decimals = min(decimals, 15)
	scale := math.Pow(10, float64(decimals))
	if r := math.Round(f*scale) / scale; !math.IsInf(r, 0) && !math.IsNaN(r) {
		f = r
	}
	return decimalComma(strconv.FormatFloat(f, 'f', decimals, 64))
}

// excelDate shows a date serial number as TT.MM.JJJJ (with the time if it
// has one).
func excelDate(serial float64, date1904 bool) string {
	epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	if date1904 {
		epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	if serial < -1e6 || serial > 1e7 {
		return strconv.FormatFloat(serial, 'f', -1, 64)
	}
	t := epoch.Add(time.Duration(math.Round(serial*86400)) * time.Second)
	if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
		return t.Format("02.01.2006")
	}
	if serial < 1 {
		return t.Format("15:04:05")
	}
	return t.Format("02.01.2006 15:04:05")
}

// readText collects the character data of the current element and consumes
// its end.
func readText(d *xml.Decoder, b *strings.Builder, limit int) error {
	for depth := 1; depth > 0; {
		tok, err := d.Token()
		if err != nil {
			if err == io.EOF {
				return io.ErrUnexpectedEOF
			}
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if b.Len()+len(t) > limit {
				return errCellTooLong
			}
			b.Write(t)
		}
	}
	return nil
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}

// columnOfRef reads the zero-based column of a cell reference like "AB12".
func columnOfRef(ref string) (int, bool) {
	col, i := 0, 0
	for ; i < len(ref); i++ {
		c := ref[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c < 'A' || c > 'Z' {
			break
		}
		col = col*26 + int(c-'A'+1)
		if col > 16384 {
			return 0, false
		}
	}
	if i == 0 || i == len(ref) {
		return 0, false
	}
	for _, c := range ref[i:] {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	return col - 1, true
}
