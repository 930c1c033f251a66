package authoring

import (
	"archive/zip"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"unicode"

	"druckreif/decks"
	"druckreif/decks/workbook"
)

// An .ods template is written by hand: a zip of a few XML parts, as ODF
// 1.3 describes them and as LibreOffice writes them. Only what the
// template needs: column widths, bold cells, text-formatted columns
// (number:text-style), wrapped text, drop-downs (table:content-validation)
// and the frozen header rows (LibreOffice's view settings).

// WriteODSTemplate writes the template for game g as .ods to w.
func WriteODSTemplate(g decks.Game, w io.Writer) error {
	b, err := buildTemplate(g, ".ods")
	if err != nil {
		return err
	}
	return writeODS(b, w)
}

const odsNamespaces = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ` +
	`xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ` +
	`xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ` +
	`xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ` +
	`xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" ` +
	`xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ` +
	`xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" ` +
	`xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" ` +
	`xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0" ` +
	`xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" ` +
	`xmlns:ooo="http://openoffice.org/2004/office"`

const odsMimeType = "application/vnd.oasis.opendocument.spreadsheet"

func writeODS(b *book, w io.Writer) error {
	zw := zip.NewWriter(w)
	// The mimetype comes first and uncompressed, so that a program can
	// tell the format from the file's first bytes.
	parts := []struct {
		name, body string
		method     uint16
	}{
		{"mimetype", odsMimeType, zip.Store},
		{"content.xml", odsContent(b), zip.Deflate},
		{"styles.xml", odsStyles, zip.Deflate},
		{"settings.xml", odsSettings(b), zip.Deflate},
		{"meta.xml", `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ` + odsNamespaces + ` office:version="1.3"><office:meta><meta:generator>druckreif</meta:generator></office:meta></office:document-meta>`, zip.Deflate},
		{"META-INF/manifest.xml", odsManifest, zip.Deflate},
	}
	for _, p := range parts {
		// No modification time: the same template is the same bytes.
		f, err := zw.CreateHeader(&zip.FileHeader{Name: p.name, Method: p.method})
		if err != nil {
			return err
		}
		if _, err := io.WriteString(f, p.body); err != nil {
			return err
		}
	}
	return zw.Close()
}

const odsManifest = `<?xml version="1.0" encoding="UTF-8"?>` +
	`<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">` +
	`<manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="` + odsMimeType + `"/>` +
	`<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>` +
	`<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>` +
	`<manifest:file-entry manifest:full-path="settings.xml" manifest:media-type="text/xml"/>` +
	`<manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>` +
	`</manifest:manifest>`

// odsStyles holds the named style every cell style derives from, in
// German, as LibreOffice's own are.
const odsStyles = `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ` + odsNamespaces + ` office:version="1.3"><office:styles>` +
	`<style:default-style style:family="table-cell"><style:text-properties fo:font-size="10pt" fo:language="de" fo:country="DE"/></style:default-style>` +
	`<style:style style:name="Default" style:family="table-cell"/>` +
	`</office:styles></office:document-styles>`

// cellStyleName names the automatic cell style of a combination.
func cellStyleName(bold, text, wrap bool) string {
	name := "ce"
	for _, f := range []bool{bold, text, wrap} {
		if f {
			name += "1"
		} else {
			name += "0"
		}
	}
	return name
}

func odsContent(b *book) string {
	var c strings.Builder
	c.WriteString(`<?xml version="1.0" encoding="UTF-8"?><office:document-content ` + odsNamespaces + ` office:version="1.3">`)
	c.WriteString(`<office:automatic-styles>`)
	widths := map[float64]string{}
	for _, s := range b.sheets {
		for _, col := range s.cols {
			if _, ok := widths[col.width]; !ok {
				name := fmt.Sprintf("co%d", len(widths)+1)
				widths[col.width] = name
				// A character of the default font is 7 pt wide, as
				// LibreOffice converts Excel's widths.
				fmt.Fprintf(&c, `<style:style style:name="%s" style:family="table-column"><style:table-column-properties fo:break-before="auto" style:column-width="%.3fcm"/></style:style>`,
					name, col.width*7*2.54/72)
			}
		}
	}
	c.WriteString(`<number:text-style style:name="NText"><number:text-content/></number:text-style>`)
	for _, bold := range []bool{false, true} {
		for _, text := range []bool{false, true} {
			for _, wrap := range []bool{false, true} {
				fmt.Fprintf(&c, `<style:style style:name="%s" style:family="table-cell" style:parent-style-name="Default"`, cellStyleName(bold, text, wrap))
				if text {
					c.WriteString(` style:data-style-name="NText"`)
				}
				c.WriteString(`>`)
				if wrap {
					c.WriteString(`<style:table-cell-properties fo:wrap-option="wrap" style:vertical-align="top"/>`)
				}
				if bold {
					c.WriteString(`<style:text-properties fo:font-weight="bold" style:font-weight-asian="bold" style:font-weight-complex="bold"/>`)
				}
				c.WriteString(`</style:style>`)
			}
		}
	}
	c.WriteString(`</office:automatic-styles><office:body><office:spreadsheet>`)
	validations := map[[2]int]string{} // sheet, column → name
	var list strings.Builder
	for si, s := range b.sheets {
		for ci, col := range s.cols {
			if len(col.choices) == 0 {
				continue
			}
			name := fmt.Sprintf("val%d", len(validations)+1)
			validations[[2]int{si, ci}] = name
			var items []string
			for _, ch := range col.choices {
				items = append(items, `"`+strings.ReplaceAll(ch, `"`, `""`)+`"`)
			}
			fmt.Fprintf(&list, `<table:content-validation table:name="%s" table:condition="%s" table:allow-empty-cell="true" table:display-list="unsorted" table:base-cell-address="%s">`+
				`<table:error-message table:message-type="warning" table:title="Unerwarteter Wert" table:display="true"><text:p>%s</text:p></table:error-message></table:content-validation>`,
				name, esc("of:cell-content-is-in-list("+strings.Join(items, ";")+")"), esc(cellAddress(s.name, ci, 1)), esc("Erlaubt: "+strings.Join(col.choices, ", ")))
		}
	}
	if list.Len() > 0 {
		c.WriteString(`<table:content-validations>` + list.String() + `</table:content-validations>`)
	}
	for si, s := range b.sheets {
		fmt.Fprintf(&c, `<table:table table:name="%s">`, esc(s.name))
		for _, col := range s.cols {
			fmt.Fprintf(&c, `<table:table-column table:style-name="%s" table:default-cell-style-name="%s"/>`, widths[col.width], cellStyleName(false, col.text, col.wrap))
		}
		for r, row := range s.rows {
			writeODSRow(&c, s, row, r, validations, si, 1)
		}
		if hasChoices(s) && len(s.rows) < validationRows {
			writeODSRow(&c, s, nil, len(s.rows), validations, si, validationRows-len(s.rows))
		}
		c.WriteString(`</table:table>`)
	}
	c.WriteString(`</office:spreadsheet></office:body></office:document-content>`)
	return c.String()
}

func hasChoices(s *bookSheet) bool {
	for _, c := range s.cols {
		if len(c.choices) > 0 {
			return true
		}
	}
	return false
}

// writeODSRow writes row r (zero-based) of s, repeated n times; empty
// neighbouring cells that look alike are written once with a count.
func writeODSRow(c *strings.Builder, s *bookSheet, row []bookCell, r int, validations map[[2]int]string, sheet, n int) {
	if n > 1 {
		fmt.Fprintf(c, `<table:table-row table:number-rows-repeated="%d">`, n)
	} else {
		c.WriteString(`<table:table-row>`)
	}
	cells := max(len(row), len(s.cols))
	type empty struct{ style, validation string }
	var run empty
	runLen := 0
	flush := func() {
		if runLen == 0 {
			return
		}
		c.WriteString(`<table:table-cell`)
		if runLen > 1 {
			fmt.Fprintf(c, ` table:number-columns-repeated="%d"`, runLen)
		}
		if run.style != "" {
			fmt.Fprintf(c, ` table:style-name="%s"`, run.style)
		}
		if run.validation != "" {
			fmt.Fprintf(c, ` table:content-validation-name="%s"`, run.validation)
		}
		c.WriteString(`/>`)
		runLen = 0
	}
	// Cells after the last that holds something or a drop-down are left
	// out.
	last := -1
	for i := 0; i < cells; i++ {
		if i < len(row) && (row[i].text != "" || row[i].bold) || r > 0 && validations[[2]int{sheet, i}] != "" {
			last = i
		}
	}
	for i := 0; i <= last; i++ {
		var cell bookCell
		if i < len(row) {
			cell = row[i]
		}
		var col bookColumn
		if i < len(s.cols) {
			col = s.cols[i]
		}
		style := ""
		if cell.bold {
			style = cellStyleName(true, col.text, col.wrap)
		}
		validation := ""
		if r > 0 {
			validation = validations[[2]int{sheet, i}]
		}
		if cell.text == "" {
			if e := (empty{style, validation}); runLen == 0 || e == run {
				run = e
				runLen++
				continue
			}
			flush()
			run, runLen = empty{style, validation}, 1
			continue
		}
		flush()
		c.WriteString(`<table:table-cell`)
		if style != "" {
			fmt.Fprintf(c, ` table:style-name="%s"`, style)
		}
		if validation != "" {
			fmt.Fprintf(c, ` table:content-validation-name="%s"`, validation)
		}
		if cell.number {
			fmt.Fprintf(c, ` office:value-type="float" office:value="%s" calcext:value-type="float">`, esc(cell.text))
		} else {
			c.WriteString(` office:value-type="string" calcext:value-type="string">`)
		}
		c.WriteString(odsParagraphs(cell.text))
		c.WriteString(`</table:table-cell>`)
	}
	flush()
	c.WriteString(`</table:table-row>`)
}

// odsParagraphs writes a cell's text as ODF paragraphs: a line each, runs
// of spaces and a leading space as text:s and tabs as text:tab, since ODF
// readers may fold white space in character data.
func odsParagraphs(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		b.WriteString(`<text:p>`)
		spaces := 0
		flushSpaces := func(atStart bool) {
			if spaces == 0 {
				return
			}
			if !atStart {
				b.WriteByte(' ')
				spaces--
			}
			if spaces == 1 {
				b.WriteString(`<text:s/>`)
			} else if spaces > 1 {
				fmt.Fprintf(&b, `<text:s text:c="%d"/>`, spaces)
			}
			spaces = 0
		}
		start := true
		for _, r := range line {
			switch r {
			case ' ':
				spaces++
				continue
			case '\t':
				flushSpaces(start)
				b.WriteString(`<text:tab/>`)
			default:
				flushSpaces(start)
				b.WriteString(esc(string(r)))
			}
			start = false
		}
		// Trailing spaces: all as text:s, since a reader may drop one.
		if spaces > 0 {
			flushSpaces(true)
		}
		b.WriteString(`</text:p>`)
	}
	return b.String()
}

// cellAddress is a cell as ODF names it: Karten.B2, 'Entweder-Oder'.E2.
func cellAddress(sheet string, col, row int) string {
	plain := true
	for _, r := range sheet {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
			plain = false
		}
	}
	if !plain {
		sheet = "'" + strings.ReplaceAll(sheet, "'", "''") + "'"
	}
	return fmt.Sprintf("%s.%s%d", sheet, workbook.ColumnLetter(col), row+1)
}

// odsSettings are LibreOffice's view settings: the card sheet is shown
// first, and the header rows of card sheets stay in view when scrolling.
func odsSettings(b *book) string {
	var c strings.Builder
	c.WriteString(`<?xml version="1.0" encoding="UTF-8"?><office:document-settings ` + odsNamespaces + ` office:version="1.3"><office:settings>`)
	c.WriteString(`<config:config-item-set config:name="ooo:view-settings"><config:config-item-map-indexed config:name="Views"><config:config-item-map-entry>`)
	c.WriteString(`<config:config-item config:name="ViewId" config:type="string">view1</config:config-item>`)
	c.WriteString(`<config:config-item-map-named config:name="Tables">`)
	item := func(name, typ string, v int) {
		fmt.Fprintf(&c, `<config:config-item config:name="%s" config:type="%s">%d</config:config-item>`, name, typ, v)
	}
	for _, s := range b.sheets {
		if !s.freeze {
			continue
		}
		fmt.Fprintf(&c, `<config:config-item-map-entry config:name="%s">`, esc(s.name))
		item("HorizontalSplitMode", "short", 0)
		item("VerticalSplitMode", "short", 2) // 2: frozen
		item("HorizontalSplitPosition", "int", 0)
		item("VerticalSplitPosition", "int", 1) // below row 1
		item("ActiveSplitRange", "short", 2)
		item("PositionLeft", "int", 0)
		item("PositionRight", "int", 0)
		item("PositionTop", "int", 0)
		item("PositionBottom", "int", 1)
		c.WriteString(`</config:config-item-map-entry>`)
	}
	c.WriteString(`</config:config-item-map-named>`)
	fmt.Fprintf(&c, `<config:config-item config:name="ActiveTable" config:type="string">%s</config:config-item>`, esc(b.sheets[b.active].name))
	c.WriteString(`</config:config-item-map-entry></config:config-item-map-indexed></config:config-item-set></office:settings></office:document-settings>`)
	return c.String()
}

// esc escapes text for XML character data and attribute values.
func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
