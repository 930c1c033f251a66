//go:build ignore

// gen writes the .xlsx decks of this folder from two default decks: genial
// whole, raab with the first two cards of every mini-game. Some cells are
// written as rich text (a bold first word) and one with a line break, as
// authors write them. LibreOffice then saves each as .ods (see README.md).
//
//	go run ./decks/testdata/libreoffice/gen.go
package main

import (
	"encoding/csv"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

const dir = "decks/testdata/libreoffice"

var numeric = map[string]bool{"Nr": true, "Karte": true, "Kilometer": true, "Jahr": true}

func main() {
	write("genial", 0)
	write("raab", 2)
}

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
				header := rows[0][c]
				switch {
				case v == "":
				case ri > 0 && numeric[header]:
					n, err := strconv.Atoi(v)
					if err != nil {
						log.Fatal(file, ri, header, v)
					}
					f.SetCellInt(sheet, ref, int64(n))
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
