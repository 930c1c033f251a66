package workbook

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"druckreif/i18n"
)

// zipPackage is an opened zip of XML parts: an .xlsx or an .ods file. It
// streams parts and bounds what they may cost; the format's reader makes
// sense of them.
type zipPackage struct {
	kind      string               // ".xlsx" or ".ods", as messages name the format
	parts     map[string]*zip.File // by lower-case part name
	unzipLeft int64
}

// maxZipEntries bounds the number of parts; a workbook has a few dozen.
const maxZipEntries = 10_000

func openZip(wb *Workbook, data []byte, kind string) (*zipPackage, error) {
	unreadable := func(err error) error {
		return &Error{File: wb.Path, Msg: i18n.Sprintf(
			"keine lesbare %s-Datei: %v", "not a readable %s file: %v", kind, err)}
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, unreadable(err)
	}
	if len(zr.File) > maxZipEntries {
		return nil, unreadable(fmt.Errorf("%d Teile", len(zr.File)))
	}
	z := &zipPackage{kind: kind, parts: map[string]*zip.File{}, unzipLeft: wb.lim.UnzipBytes}
	for _, f := range zr.File {
		name := strings.ToLower(strings.TrimPrefix(strings.ReplaceAll(f.Name, `\`, "/"), "/"))
		if _, dup := z.parts[name]; dup {
			return nil, unreadable(fmt.Errorf("der Teil %s steht doppelt im Archiv", f.Name))
		}
		z.parts[name] = f
	}
	return z, nil
}

// damaged formats a message prefixed with "damaged .xlsx file: " (or
// .ods).
func (z *zipPackage) damaged(de, en string, args ...any) i18n.Text {
	return z.damagedText(i18n.Sprintf(de, en, args...))
}

func (z *zipPackage) damagedText(t i18n.Text) i18n.Text {
	return i18n.T("beschädigte "+z.kind+"-Datei: "+t.DE, "damaged "+z.kind+" file: "+t.EN)
}

// open opens a part for streaming; the reader counts against the unzip
// limit and reports a checksum mismatch at its end. A part that is not
// there is nil, not an error.
func (z *zipPackage) open(wb *Workbook, part string) (io.ReadCloser, error) {
	f, ok := z.parts[part]
	if !ok {
		return nil, nil
	}
	rc, err := f.Open()
	if err != nil {
		return nil, &Error{File: wb.Path, Msg: z.damaged(
			"der Teil %s kann nicht entpackt werden: %v", "the part %s cannot be unzipped: %v", f.Name, err)}
	}
	return &limitedPart{rc: rc, left: &z.unzipLeft, max: wb.lim.UnzipBytes}, nil
}

// maxXMLRun bounds the bytes between two "<" of a part: encoding/xml holds
// a whole text or tag in memory before it returns it, so one text node of
// 200 MB would cost 200 MB. No cell text (at most CellRunes characters,
// escaped) or tag comes near it.
const maxXMLRun = 1 << 20

var errXMLRun = errors.New("XML run too long")

// limitedPart stops reading when the workbook's unzip budget is spent.
type limitedPart struct {
	rc   io.ReadCloser
	left *int64
	max  int64
	run  int // bytes since the last "<"
}

var (
	errUnzipLimit  = errors.New("unzip limit")
	errCellTooLong = errors.New("cell too long") // more text than CellRunes allows
)

func (l *limitedPart) Read(b []byte) (int, error) {
	if *l.left <= 0 {
		return 0, errUnzipLimit
	}
	if int64(len(b)) > *l.left {
		b = b[:*l.left+1]
	}
	n, err := l.rc.Read(b)
	*l.left -= int64(n)
	if *l.left < 0 {
		return n, errUnzipLimit
	}
	if i := bytes.LastIndexByte(b[:n], '<'); i >= 0 {
		l.run = n - i - 1
	} else {
		l.run += n
	}
	if l.run > maxXMLRun {
		return n, errXMLRun
	}
	return n, err
}

func (l *limitedPart) Close() error { return l.rc.Close() }

// cellError is a damaged cell, located by the sheet's reader.
type cellError struct{ de, en string }

func (e *cellError) Error() string { return e.de }

// damagedCell is the message of a damaged cell (or of an error that is
// one).
func (z *zipPackage) damagedCell(err error) i18n.Text {
	var ce *cellError
	if errors.As(err, &ce) {
		return z.damagedText(i18n.T(ce.de, ce.en))
	}
	return z.damagedText(i18n.T(err.Error(), err.Error()))
}

// innerToken reads the next token inside an element: the end of the part
// there means the XML was cut short.
func innerToken(d *xml.Decoder) (xml.Token, error) {
	tok, err := d.Token()
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return tok, err
}

// partError explains a failed read of a part: the unzip limit, a damaged
// zip entry, or XML that is broken or cut short. what names the part as the
// author knows it; sheet is set for a worksheet.
func (z *zipPackage) partError(wb *Workbook, what i18n.Text, sheet string, err error) error {
	var located *Error
	if errors.As(err, &located) {
		return located
	}
	var ce *cellError
	if errors.As(err, &ce) {
		return &Error{File: wb.Path, Sheet: sheet, Msg: z.damagedText(i18n.T(ce.de, ce.en))}
	}
	say := func(de, en string) i18n.Text {
		return z.damagedText(i18n.T(fmt.Sprintf(de, what.DE, err), fmt.Sprintf(en, what.EN, err)))
	}
	e := &Error{File: wb.Path, Sheet: sheet}
	var se *xml.SyntaxError
	var corrupt flate.CorruptInputError
	switch {
	case errors.Is(err, errUnzipLimit):
		e.Msg = i18n.Sprintf("zu groß: entpackt mehr als %d MiB", "too large: more than %d MiB unzipped", wb.lim.UnzipBytes>>20)
	case errors.Is(err, errXMLRun):
		e.Msg = say("%s enthält einen Text oder ein XML-Element von mehr als 1 MiB am Stück%.0v",
			"%s holds a text or XML element of more than 1 MiB in one piece%.0v")
	case errors.Is(err, zip.ErrChecksum), errors.Is(err, zip.ErrFormat), errors.Is(err, zip.ErrAlgorithm), errors.As(err, &corrupt):
		e.Msg = say("%s ist im Archiv beschädigt (%v)", "%s is damaged in the archive (%v)")
	case errors.As(err, &se), errors.Is(err, io.ErrUnexpectedEOF):
		e.Msg = say("%s ist kein vollständiges XML (%v)", "%s is not complete XML (%v)")
	default:
		e.Msg = say("%s: %v", "%s: %v")
	}
	return e
}

// partName names a part that is not a sheet in messages.
func partName(part string) i18n.Text {
	return i18n.Sprintf("der Teil %s", "the part %s", part)
}

var sheetWhat = i18n.T("das Tabellenblatt", "the sheet")

// parse decodes a small part (relationships, the workbook, a manifest)
// into v. A missing optional part leaves v empty.
func (z *zipPackage) parse(wb *Workbook, part string, v any, required bool) error {
	rc, err := z.open(wb, part)
	if err != nil {
		return err
	}
	if rc == nil {
		if required {
			return &Error{File: wb.Path, Msg: i18n.Sprintf(
				"keine lesbare %s-Datei: der Teil %s fehlt", "not a readable %s file: the part %s is missing", z.kind, part)}
		}
		return nil
	}
	defer rc.Close()
	d := newXMLDecoder(rc)
	if err := d.Decode(v); err != nil {
		return z.partError(wb, partName(part), "", err)
	}
	if _, err := io.Copy(io.Discard, rc); err != nil { // verifies the checksum
		return z.partError(wb, partName(part), "", err)
	}
	return nil
}

func newXMLDecoder(r io.Reader) *xml.Decoder {
	d := xml.NewDecoder(r)
	d.Strict = true
	return d
}
