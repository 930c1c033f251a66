package authoring

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"html"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"druckreif/decks"
	"druckreif/decks/workbook"
	"druckreif/internal/tooltest"
)

// The .ods template is the .xlsx template in LibreOffice's format: the
// same sheets and cells, a valid deck with the same cards.
func TestODSTemplateIsTheXLSXTemplate(t *testing.T) {
	for _, g := range gamesWithTemplates {
		dir := t.TempDir()
		xlsx, ods := filepath.Join(dir, "v.xlsx"), filepath.Join(dir, "v.ods")
		if err := WriteTemplateFile(g, xlsx, false); err != nil {
			t.Fatal(err)
		}
		if err := WriteTemplateFile(g, ods, false); err != nil {
			t.Fatal(err)
		}
		d, probs := decks.LoadPath(ods)
		if d == nil || len(probs) > 0 {
			t.Errorf("%s.ods: %q", g, problems(probs))
			continue
		}
		x, _ := decks.LoadPath(xlsx)
		if x == nil || x.Len() != d.Len() {
			t.Errorf("%s: %d cards from .ods, %v from .xlsx", g, d.Len(), x)
		}
		xs, os := sheetRows(t, xlsx), sheetRows(t, ods)
		if strings.Join(xs.names, "|") != strings.Join(os.names, "|") {
			t.Errorf("%s: sheets %v, want %v", g, os.names, xs.names)
		}
		for name, rows := range xs.rows {
			got := os.rows[name]
			if name == "Anleitung" {
				// It names the file's format: "druckreif check DATEI.ods".
				got = replaceAll(got, "DATEI.ods", "DATEI.xlsx")
			}
			if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", rows) {
				t.Errorf("%s: sheet %s differs:\n.ods  %q\n.xlsx %q", g, name, got, rows)
			}
		}
	}
}

type namedRows struct {
	names []string
	rows  map[string][][]string
}

func sheetRows(t *testing.T, path string) namedRows {
	t.Helper()
	wb, err := workbook.Open(os.DirFS(filepath.Dir(path)), filepath.Base(path), path, workbook.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	out := namedRows{rows: map[string][][]string{}}
	for _, s := range wb.Sheets {
		if err := wb.Load(s); err != nil {
			t.Fatal(err)
		}
		out.names = append(out.names, s.Name)
		out.rows[s.Name] = s.Rows
	}
	return out
}

func replaceAll(rows [][]string, old, new string) [][]string {
	var out [][]string
	for _, r := range rows {
		var c []string
		for _, v := range r {
			c = append(c, strings.ReplaceAll(v, old, new))
		}
		out = append(out, c)
	}
	return out
}

// odsFeatures is what a template offers an author, per sheet and column
// header: the drop-down's items with the rows it covers, and whether the
// column is formatted as text; bold names the bold cells of row 1 and
// column A.
type odsFeatures struct {
	dropDowns map[string]string // "Sheet/Header" → "vorne;hinten rows 2-2000"
	text      map[string]bool   // "Sheet/Header"
	bold      map[string]bool   // "Sheet!A1"
}

// readODSFeatures reads an .ods file's content.xml as LibreOffice would
// apply it: cell styles to data styles, validations to cells, repeats.
func readODSFeatures(t *testing.T, data []byte) odsFeatures {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if zr.File[0].Name != "mimetype" || zr.File[0].Method != zip.Store {
		t.Errorf("the first part is %s (method %d), not the stored mimetype", zr.File[0].Name, zr.File[0].Method)
	}
	var content []byte
	for _, f := range zr.File {
		if f.Name == "content.xml" {
			rc, _ := f.Open()
			content, _ = io.ReadAll(rc)
			rc.Close()
		}
	}
	const (
		table  = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
		style  = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
		number = "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
		text   = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
		fo     = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
	)
	get := func(e xml.StartElement, space, local string) string {
		for _, a := range e.Attr {
			if a.Name.Space == space && a.Name.Local == local {
				return a.Value
			}
		}
		return ""
	}
	textStyles, dataOf, boldStyles := map[string]bool{}, map[string]string{}, map[string]bool{}
	lists := map[string]string{}
	f := odsFeatures{dropDowns: map[string]string{}, text: map[string]bool{}, bold: map[string]bool{}}
	type span struct{ first, last int }
	var sheet, styleName, validation string
	var colText []bool
	var headers []string
	covered := map[string][]span{}
	row, col := 0, 0
	var inHeaderCell bool
	var cellText strings.Builder
	d := xml.NewDecoder(bytes.NewReader(content))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch {
			case e.Name.Space == number && e.Name.Local == "text-style":
				textStyles[get(e, style, "name")] = true
			case e.Name.Space == style && e.Name.Local == "style":
				styleName = get(e, style, "name")
				dataOf[styleName] = get(e, style, "data-style-name")
			case e.Name.Space == style && e.Name.Local == "text-properties":
				if get(e, fo, "font-weight") == "bold" {
					boldStyles[styleName] = true
				}
			case e.Name.Space == table && e.Name.Local == "content-validation":
				cond := get(e, table, "condition")
				inner := strings.TrimSuffix(strings.TrimPrefix(cond, "of:cell-content-is-in-list("), ")")
				lists[get(e, table, "name")] = strings.ReplaceAll(inner, `"`, "")
			case e.Name.Space == table && e.Name.Local == "table":
				sheet, colText, headers, row = get(e, table, "name"), nil, nil, 0
			case e.Name.Space == table && e.Name.Local == "table-column":
				n, _ := strconv.Atoi(get(e, table, "number-columns-repeated"))
				for range max(n, 1) {
					if len(colText) < 64 {
						colText = append(colText, textStyles[dataOf[get(e, table, "default-cell-style-name")]])
					}
				}
			case e.Name.Space == table && e.Name.Local == "table-row":
				n, _ := strconv.Atoi(get(e, table, "number-rows-repeated"))
				row += max(n, 1)
				col = 0
				validation = fmt.Sprint(max(n, 1)) // rows this element covers
			case e.Name.Space == table && (e.Name.Local == "table-cell" || e.Name.Local == "covered-table-cell"):
				n, _ := strconv.Atoi(get(e, table, "number-columns-repeated"))
				reps, _ := strconv.Atoi(validation)
				for range max(n, 1) {
					if v := get(e, table, "content-validation-name"); v != "" {
						key := sheet + "/" + strconv.Itoa(col)
						first := row - reps + 1
						if s := covered[key]; len(s) > 0 && s[len(s)-1].last == first-1 {
							s[len(s)-1].last = row
						} else {
							covered[key] = append(covered[key], span{first, row})
						}
						lists[key] = lists[v]
					}
					if (row == 1 || col == 0) && boldStyles[get(e, table, "style-name")] {
						f.bold[fmt.Sprintf("%s!%s%d", sheet, workbook.ColumnLetter(col), row)] = true
					}
					col++
				}
				inHeaderCell = row == 1
				cellText.Reset()
			case e.Name.Space == text && e.Name.Local == "p":
			}
		case xml.CharData:
			if inHeaderCell {
				cellText.Write(e)
			}
		case xml.EndElement:
			if e.Name.Space == table && e.Name.Local == "table-cell" && inHeaderCell {
				headers = append(headers, cellText.String())
				inHeaderCell = false
			}
			if e.Name.Space == table && e.Name.Local == "table" {
				for i, h := range headers {
					if h == "" {
						continue
					}
					key := sheet + "/" + h
					f.text[key] = i < len(colText) && colText[i]
					if s := covered[sheet+"/"+strconv.Itoa(i)]; len(s) > 0 {
						var parts []string
						for _, sp := range s {
							parts = append(parts, fmt.Sprintf("%d-%d", sp.first, sp.last))
						}
						f.dropDowns[key] = lists[sheet+"/"+strconv.Itoa(i)] + " rows " + strings.Join(parts, ",")
					}
				}
			}
		}
	}
	return f
}

// The .ods template offers what the .xlsx template offers: the same
// drop-downs over the same rows, the same text-formatted columns (what is
// typed stays as typed: 1.0 stays 1.0, 3.5 no date), bold header rows and
// keys, the mimetype first and uncompressed.
func TestODSTemplateStructure(t *testing.T) {
	for _, g := range gamesWithTemplates {
		var ods, xlsx bytes.Buffer
		if err := WriteODSTemplate(g, &ods); err != nil {
			t.Fatal(err)
		}
		if err := WriteTemplate(g, &xlsx); err != nil {
			t.Fatal(err)
		}
		got := readODSFeatures(t, ods.Bytes())
		want := xlsxFeatures(t, xlsx.Bytes())
		for _, m := range []struct {
			name      string
			got, want map[string]string
		}{
			{"drop-downs", got.dropDowns, want.dropDowns},
			{"text columns", boolsAsStrings(got.text), boolsAsStrings(want.text)},
			{"bold cells", boolsAsStrings(got.bold), boolsAsStrings(want.bold)},
		} {
			if a, b := sortedPairs(m.got), sortedPairs(m.want); a != b {
				t.Errorf("%s: %s differ:\n.ods  %s\n.xlsx %s", g, m.name, a, b)
			}
		}
		if len(want.dropDowns) == 0 || len(want.text) == 0 {
			t.Errorf("%s: the .xlsx template offers no drop-downs or text columns", g)
		}
	}
	// Spot checks that the comparison means what it says.
	var ods bytes.Buffer
	WriteODSTemplate(decks.Dativ, &ods)
	f := readODSFeatures(t, ods.Bytes())
	if f.dropDowns["Karten/Seite"] != "vorne;hinten rows 2-2000" || !f.text["Deck/dativ"] || !f.text["Karten/Satz"] || f.text["Karten/Nr"] || !f.bold["Karten!A1"] {
		t.Errorf("dativ: %v", f)
	}
}

// xlsxFeatures reads the same from the .xlsx template with excelize.
func xlsxFeatures(t *testing.T, data []byte) odsFeatures {
	t.Helper()
	x, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	f := odsFeatures{dropDowns: map[string]string{}, text: map[string]bool{}, bold: map[string]bool{}}
	for _, sheet := range x.GetSheetList() {
		rows, _ := x.GetRows(sheet)
		if len(rows) == 0 {
			continue
		}
		header := rows[0]
		for i, h := range header {
			if h == "" {
				continue
			}
			// The column's style, or as LibreOffice writes it, its cells'.
			letter, _ := excelize.ColumnNumberToName(i + 1)
			colStyle, _ := x.GetColStyle(sheet, letter)
			cellStyle, _ := x.GetCellStyle(sheet, letter+"2")
			f.text[sheet+"/"+h] = isText(x, colStyle) || isText(x, cellStyle)
		}
		dvs, _ := x.GetDataValidations(sheet)
		for _, dv := range dvs {
			from, to, _ := strings.Cut(dv.Sqref, ":")
			c1, first, _ := excelize.CellNameToCoordinates(from)
			_, last, _ := excelize.CellNameToCoordinates(to)
			items := strings.ReplaceAll(strings.Trim(html.UnescapeString(dv.Formula1), `"`), ",", ";")
			f.dropDowns[sheet+"/"+header[c1-1]] = fmt.Sprintf("%s rows %d-%d", items, first, last)
		}
		for r := range rows {
			for c := range max(len(rows[r]), 1) {
				if r != 0 && c != 0 {
					continue
				}
				ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
				id, _ := x.GetCellStyle(sheet, ref)
				if st, _ := x.GetStyle(id); st != nil && st.Font != nil && st.Font.Bold {
					f.bold[sheet+"!"+ref] = true
				}
			}
		}
	}
	return f
}

// isText reports whether a style formats numbers as text ("@").
func isText(x *excelize.File, id int) bool {
	st, err := x.GetStyle(id)
	return err == nil && st != nil && (st.NumFmt == 49 || st.CustomNumFmt != nil && *st.CustomNumFmt == "@")
}

func boolsAsStrings(m map[string]bool) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = strconv.FormatBool(v)
	}
	return out
}

func sortedPairs(m map[string]string) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + "=" + m[k] + "\n")
	}
	return b.String()
}

// Templates LibreOffice saved as .ods from the .xlsx templates
// (../testdata/libreoffice) are valid decks, and LibreOffice kept the
// drop-downs and text formats the .xlsx template has.
func TestLibreOfficeSavedTemplatesAreDecks(t *testing.T) {
	for _, g := range gamesWithTemplates {
		path := filepath.Join("..", "testdata", "libreoffice", string(g)+"-vorlage.ods")
		d, probs := decks.LoadPath(path)
		if d == nil || len(probs) > 0 {
			t.Errorf("%s: %q", path, problems(probs))
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := readODSFeatures(t, data)
		if len(f.dropDowns) == 0 || !f.text["Deck/"+string(g)] {
			t.Errorf("%s: LibreOffice's file has drop-downs %v, text columns %v", path, f.dropDowns, f.text)
		}
	}
}

// With DRUCKREIF_LIBREOFFICE=1 and LibreOffice installed, LibreOffice
// opens the .ods template and saves it as .xlsx with the drop-downs and
// text formats intact (LibreOffice is no dependency of the tests; this is
// how the template was checked).
func TestLibreOfficeOpensTheODSTemplate(t *testing.T) {
	if os.Getenv("DRUCKREIF_LIBREOFFICE") != "1" {
		t.Skip("set DRUCKREIF_LIBREOFFICE=1 to check the .ods template with LibreOffice")
	}
	tooltest.Need(t, "libreoffice")
	dir := t.TempDir()
	ods := filepath.Join(dir, "genial.ods")
	if err := WriteTemplateFile(decks.Genial, ods, false); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("libreoffice", "--headless", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"), "--convert-to", "xlsx", "--outdir", dir, ods)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "genial.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	f := xlsxFeatures(t, data)
	if !strings.HasPrefix(f.dropDowns["Fragen/Richtig"], "a;b;c rows 2-") || !f.text["Fragen/Frage"] || f.text["Fragen/Nr"] || !f.bold["Fragen!A1"] {
		t.Errorf("LibreOffice read %v", f)
	}
}
