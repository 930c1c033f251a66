//go:build ignore

// gen writes the .xlsx files of this folder, which LibreOffice then saves
// as .ods and as its own .xlsx (see README.md):
//
//   - the default decks genial, labyrinth and dativ whole, and raab with
//     the first two cards of every mini-game, as a German author types them
//     into a spreadsheet: a cell that reads as a number (157, 42,195) is a
//     number, the rest text (the dativ deck's Version is a number too, in
//     the format 0.0); some cells are rich text (a bold first word) and one
//     holds a line break;
//
//   - werte.xlsx: one sheet of the values a deck's cells may hold — numbers
//     in every kind of format, truth values, dates, formulas, rich text,
//     merged cells, comments, links, spaces — whose cells the readers must
//     read alike from every form;
//
//   - fehler.xlsx: a genial deck whose cells hold what a deck refuses: a
//     formula, a date, a time, an error value.
//
//     go run ./decks/testdata/libreoffice/gen.go
package main

import (
	"encoding/csv"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

const dir = "decks/testdata/libreoffice"

func main() {
	write("genial", 0)
	write("labyrinth", 0)
	write("dativ", 0)
	write("raab", 2)
	values()
	refused()
}

// germanNumber matches what a German spreadsheet takes for a number when
// it is typed: 157, -3, 42,195 (a thousands point would be typed as well,
// but the decks hold none).
var germanNumber = regexp.MustCompile(`^-?\d{1,15}(,\d{1,15})?$`)

// write converts the default deck name; maxCard > 0 keeps only the rows of
// cards 1 … maxCard of every sheet that numbers its cards.
func write(name string, maxCard int) {
	files, err := filepath.Glob(filepath.Join("decks/default", name, "*.csv"))
	if err != nil || len(files) == 0 {
		log.Fatal("no default deck ", name, err)
	}
	sort.Strings(files)
	f := excelize.NewFile()
	bold := &excelize.Font{Bold: true}
	oneDecimal, err := f.NewStyle(&excelize.Style{NumFmt: 0, CustomNumFmt: ptr("0.0")})
	if err != nil {
		log.Fatal(err)
	}
	for i, file := range files {
		sheet := strings.TrimSuffix(filepath.Base(file), ".csv")
		if i == 0 {
			f.SetSheetName("Sheet1", sheet)
		} else if _, err := f.NewSheet(sheet); err != nil {
			log.Fatal(err)
		}
		data, err := os.Open(file)
		if err != nil {
			log.Fatal(err)
		}
		r := csv.NewReader(data)
		r.FieldsPerRecord = -1
		rows, err := r.ReadAll()
		data.Close()
		if err != nil {
			log.Fatal(file, err)
		}
		out := 0
		for ri, row := range rows {
			if ri > 0 && maxCard > 0 && rows[0][0] == "Karte" {
				if n, err := strconv.Atoi(row[0]); err == nil && n > maxCard {
					continue
				}
			}
			out++
			for c, v := range row {
				ref, _ := excelize.CoordinatesToCellName(c+1, out)
				switch {
				case v == "":
				case ri > 0 && sheet != "Deck" && germanNumber.MatchString(v):
					n, err := strconv.ParseFloat(strings.Replace(v, ",", ".", 1), 64)
					if err != nil {
						log.Fatal(file, ri, v)
					}
					f.SetCellFloat(sheet, ref, n, -1, 64)
				case sheet == "Deck" && c == 1 && rows[ri][0] == "Version" && name == "dativ":
					// typed as a number in the format 0.0: reads 2,0
					n, err := strconv.ParseFloat(v, 64)
					if err != nil {
						log.Fatal(file, ri, v)
					}
					f.SetCellFloat(sheet, ref, n, -1, 64)
					f.SetCellStyle(sheet, ref, ref, oneDecimal)
				case ri > 0 && ri%7 == 3 && strings.Contains(v, " ") && len(v) > 30:
					// rich text: the first word bold
					first, rest, _ := strings.Cut(v, " ")
					f.SetCellRichText(sheet, ref, []excelize.RichTextRun{{Text: first, Font: bold}, {Text: " " + rest}})
				case ri == 5 && c == 1 && name == "genial":
					f.SetCellStr(sheet, ref, strings.Replace(v, " ", "\n", 1))
				default:
					f.SetCellStr(sheet, ref, v)
				}
			}
		}
	}
	if err := f.SaveAs(filepath.Join(dir, name+".xlsx")); err != nil {
		log.Fatal(err)
	}
}

// values writes werte.xlsx: column A names what column B holds.
func values() {
	f := excelize.NewFile()
	const s = "Werte"
	f.SetSheetName("Sheet1", s)
	row := 0
	style := func(fmtID int, custom string) int {
		st := &excelize.Style{NumFmt: fmtID}
		if custom != "" {
			st = &excelize.Style{CustomNumFmt: &custom}
		}
		id, err := f.NewStyle(st)
		if err != nil {
			log.Fatal(err)
		}
		return id
	}
	add := func(what string, set func(ref string)) {
		row++
		f.SetCellStr(s, "A"+strconv.Itoa(row), what)
		set("B" + strconv.Itoa(row))
	}
	num := func(what string, v float64, st int) {
		add(what, func(ref string) {
			f.SetCellFloat(s, ref, v, -1, 64)
			if st != 0 {
				f.SetCellStyle(s, ref, ref, st)
			}
		})
	}
	str := func(what, v string) { add(what, func(ref string) { f.SetCellStr(s, ref, v) }) }
	num("ganze Zahl", 157, 0)
	num("Dezimalzahl", 42.195, 0)
	num("negativ", -3.5, 0)
	num("groß", 1234567, 0)
	num("klein", 0.001, 0)
	num("viele Stellen", 0.1+0.2, 0)
	num("Format 0", 2.5, style(1, ""))
	num("Format 0.00", 1.5, style(2, ""))
	num("Format #,##0", 1234567.4, style(3, ""))
	num("Format #,##0.00", 1234.5, style(4, ""))
	num("Format 0%", 0.125, style(9, ""))
	num("Format 0.00%", 0.125, style(10, ""))
	num("Format 0.0", 3, style(0, "0.0"))
	num("Format Euro", 12.5, style(0, `#,##0.00\ "€"`))
	num("Format Text @", 7, style(49, ""))
	num("Datum", 46145, style(14, ""))
	num("Datum TT.MM.JJJJ", 46145, style(0, "DD.MM.YYYY"))
	num("Uhrzeit", 0.6041666666666666, style(20, ""))
	add("wahr", func(ref string) { f.SetCellBool(s, ref, true) })
	add("falsch", func(ref string) { f.SetCellBool(s, ref, false) })
	add("Formel Zahl", func(ref string) { f.SetCellFormula(s, ref, "6*7") })
	add("Formel Text", func(ref string) { f.SetCellFormula(s, ref, `"Rhein"&"land"`) })
	str("Text mit Ziffern", "007")
	str("Text wie Zahl", "3,5")
	str("Leerzeichen", "  zwei  Leer   zeichen ")
	str("Zeilenumbruch", "erste Zeile\nzweite Zeile")
	str("Umlaute zerlegt", "Gru\u0308n")
	str("Anführungszeichen", "„Zitat“ & ‚halb‘ <b>")
	add("Fett teilweise", func(ref string) {
		f.SetCellRichText(s, ref, []excelize.RichTextRun{{Text: "Fett", Font: &excelize.Font{Bold: true}}, {Text: " und normal"}})
	})
	add("Kommentar", func(ref string) {
		f.SetCellStr(s, ref, "mit Kommentar")
		f.AddComment(s, excelize.Comment{Cell: ref, Author: "Autorin", Text: "ein Kommentar"})
	})
	add("Link", func(ref string) {
		f.SetCellStr(s, ref, "Beispiel")
		f.SetCellHyperLink(s, ref, "https://example.org", "External")
	})
	add("verbunden", func(ref string) {
		f.SetCellStr(s, ref, "über zwei Spalten")
		next := "C" + strings.TrimPrefix(ref, "B")
		f.MergeCell(s, ref, next)
	})
	add("versteckte Zeile", func(ref string) {
		f.SetCellStr(s, ref, "versteckt")
		r, _ := strconv.Atoi(strings.TrimPrefix(ref, "B"))
		f.SetRowVisible(s, r, false)
	})
	str("lang", strings.Repeat("Wort ", 400))
	row += 3 // empty rows between
	str("nach Lücke", "unten")
	f.SetCellStr(s, "E2", "weiter rechts")
	if err := f.SaveAs(filepath.Join(dir, "werte.xlsx")); err != nil {
		log.Fatal(err)
	}
}

func ptr[T any](v T) *T { return &v }

// refused writes fehler.xlsx: a genial deck with a formula (C2), a date
// (D3: 3.5 turned into the 3rd of May), a time (E4) and a formula's error
// value (B5).
func refused() {
	f := excelize.NewFile()
	f.SetSheetName("Sheet1", "Deck")
	for i, kv := range [][2]string{{"Spiel", "genial"}, {"Name", "Fehler"}, {"Kennung", "FEH"}, {"Version", "1.0"}} {
		f.SetCellStr("Deck", "A"+strconv.Itoa(i+1), kv[0])
		f.SetCellStr("Deck", "B"+strconv.Itoa(i+1), kv[1])
	}
	const s = "Fragen"
	f.NewSheet(s)
	f.SetSheetRow(s, "A1", &[]string{"Nr", "Frage", "a", "b", "c", "Richtig"})
	for i, q := range [][]string{
		{"Wie heißt die Hauptstadt von Bayern?", "München", "Nürnberg", "Augsburg", "a"},
		{"Wie viele Länder hat Deutschland?", "14", "16", "18", "b"},
		{"Wann beginnt die Tagesschau?", "19 Uhr", "20 Uhr", "21 Uhr", "b"},
		{"Welcher Fluss fließt durch Köln?", "Rhein", "Main", "Elbe", "a"},
	} {
		r := strconv.Itoa(i + 2)
		f.SetCellInt(s, "A"+r, int64(i+1))
		for c, v := range q {
			ref, _ := excelize.CoordinatesToCellName(c+2, i+2)
			f.SetCellStr(s, ref, v)
		}
	}
	f.SetCellFormula(s, "C2", `"Mün"&"chen"`)
	date, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
	f.SetCellFloat(s, "D3", 46145, -1, 64)
	f.SetCellStyle(s, "D3", "D3", date)
	clock, _ := f.NewStyle(&excelize.Style{NumFmt: 20})
	f.SetCellFloat(s, "E4", 0.875, -1, 64)
	f.SetCellStyle(s, "E4", "E4", clock)
	f.SetCellFormula(s, "B5", "1/0")
	if err := f.SaveAs(filepath.Join(dir, "fehler.xlsx")); err != nil {
		log.Fatal(err)
	}
}
