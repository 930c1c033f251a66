// Package authoring writes ready-to-fill spreadsheet templates for deck
// authors: the Deck sheet, every card sheet of a game with frozen bold
// headers, column widths, drop-downs for closed columns, two example rows,
// and a sheet "Anleitung" explaining each column in German.
package authoring

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"druckreif/decks"
)

// WriteTemplate writes the template for game g as .xlsx to w.
func WriteTemplate(g decks.Game, w io.Writer) error {
	b, err := buildTemplate(g, ".xlsx")
	if err != nil {
		return err
	}
	return writeXLSX(b, w)
}

// writeXLSX writes a laid-out template with excelize.
func writeXLSX(b *book, w io.Writer) error {
	f := excelize.NewFile()
	defer f.Close()
	styles := map[[3]bool]int{} // by bold, text, wrap
	style := func(bold, text, wrap bool) (int, error) {
		k := [3]bool{bold, text, wrap}
		if id, ok := styles[k]; ok {
			return id, nil
		}
		st := &excelize.Style{}
		if bold {
			st.Font = &excelize.Font{Bold: true}
		}
		if text {
			st.NumFmt = 49 // "@": what is typed stays text
		}
		if wrap {
			st.Alignment = &excelize.Alignment{WrapText: true, Vertical: "top"}
		}
		id, err := f.NewStyle(st)
		styles[k] = id
		return id, err
	}
	for i, s := range b.sheets {
		if i == 0 {
			if err := f.SetSheetName("Sheet1", s.name); err != nil {
				return err
			}
		} else if _, err := f.NewSheet(s.name); err != nil {
			return err
		}
		if err := writeXLSXSheet(f, s, style); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
	}
	f.SetActiveSheet(b.active)
	return f.Write(w)
}

func writeXLSXSheet(f *excelize.File, s *bookSheet, style func(bold, text, wrap bool) (int, error)) error {
	for i, c := range s.cols {
		letter, _ := excelize.ColumnNumberToName(i + 1)
		if err := f.SetColWidth(s.name, letter, letter, c.width); err != nil {
			return err
		}
		if c.text || c.wrap {
			// The whole column: what an author types anywhere in it.
			id, err := style(false, c.text, c.wrap)
			if err != nil {
				return err
			}
			if err := f.SetColStyle(s.name, letter, id); err != nil {
				return err
			}
		}
		if len(c.choices) > 0 {
			dv := excelize.NewDataValidation(true)
			dv.Sqref = fmt.Sprintf("%s2:%s%d", letter, letter, validationRows)
			if err := dv.SetDropList(c.choices); err != nil {
				return err
			}
			dv.SetError(excelize.DataValidationErrorStyleWarning, "Unerwarteter Wert",
				"Erlaubt: "+strings.Join(c.choices, ", "))
			if err := f.AddDataValidation(s.name, dv); err != nil {
				return err
			}
		}
	}
	for r, row := range s.rows {
		for i, c := range row {
			ref := cell(i+1, r+1)
			if c.bold {
				var col bookColumn
				if i < len(s.cols) {
					col = s.cols[i]
				}
				id, err := style(true, col.text, col.wrap)
				if err != nil {
					return err
				}
				if err := f.SetCellStyle(s.name, ref, ref, id); err != nil {
					return err
				}
			}
			if c.text == "" {
				continue
			}
			if c.number {
				n, err := strconv.Atoi(c.text)
				if err != nil {
					return err
				}
				if err := f.SetCellInt(s.name, ref, int64(n)); err != nil {
					return err
				}
				continue
			}
			if err := f.SetCellStr(s.name, ref, c.text); err != nil {
				return err
			}
		}
	}
	if s.freeze {
		return f.SetPanes(s.name, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
	}
	return nil
}

func cell(col, row int) string {
	name, _ := excelize.CoordinatesToCellName(col, row)
	return name
}
