package decks

import (
	"fmt"
	"sort"
	"strings"

	"druckreif/decks/workbook"
	"druckreif/i18n"
)

// Severity says whether a problem stops a deck from being used.
type Severity int

const (
	Error   Severity = iota // the deck cannot be used as it is
	Warning                 // the deck works, but the author should look
)

// Location is a place in a workbook as a spreadsheet user sees it: Row is
// the row number the spreadsheet program shows (the header is row 1) and
// Column the header as written in the file (on the Deck sheet: the key).
// Fields that do not apply are left empty.
type Location struct {
	File   string
	Sheet  string
	Row    int
	Column string
}

// In formats the location as "FILE: SHEET: Zeile N: Spalte C" (or in
// English "row N: column C"), leaving out what does not apply.
func (l Location) In(lang i18n.Lang) string {
	parts := []string{l.File}
	if l.Sheet != "" {
		parts = append(parts, l.Sheet)
	}
	if l.Row > 0 {
		if lang == i18n.English {
			parts = append(parts, fmt.Sprintf("row %d", l.Row))
		} else {
			parts = append(parts, fmt.Sprintf("Zeile %d", l.Row))
		}
	}
	if l.Column != "" {
		if lang == i18n.English {
			parts = append(parts, "column "+l.Column)
		} else {
			parts = append(parts, "Spalte "+l.Column)
		}
	}
	return i18n.OneLine(strings.Join(parts, ": "))
}

func (l Location) String() string { return l.In(i18n.German) }

// Problem is one thing wrong with a deck, where it is and what to do.
type Problem struct {
	Location
	Severity Severity
	Msg      i18n.Text
}

// In formats the problem as one line: location, then the message, warnings
// marked as such.
func (p Problem) In(lang i18n.Lang) string {
	msg := p.Msg.In(lang)
	if p.Severity == Warning {
		if lang == i18n.English {
			msg = "warning: " + msg
		} else {
			msg = "Warnung: " + msg
		}
	}
	return p.Location.In(lang) + ": " + i18n.OneLine(msg)
}

func (p Problem) String() string { return p.In(i18n.German) }

// Problems is every problem found, in the order found.
type Problems []Problem

func (ps *Problems) add(sev Severity, at Location, msg i18n.Text) {
	*ps = append(*ps, Problem{Location: at, Severity: sev, Msg: msg})
}

func (ps *Problems) errorf(at Location, de, en string, args ...any) {
	ps.add(Error, at, i18n.Sprintf(de, en, args...))
}

func (ps *Problems) warnf(at Location, de, en string, args ...any) {
	ps.add(Warning, at, i18n.Sprintf(de, en, args...))
}

// addRead turns a workbook reading error into a problem.
func (ps *Problems) addRead(sev Severity, e *workbook.Error) {
	ps.add(sev, Location{File: e.File, Sheet: e.Sheet, Row: e.Row, Column: e.Column}, e.Msg)
}

// HasErrors reports whether any problem is an error.
func (ps Problems) HasErrors() bool {
	for _, p := range ps {
		if p.Severity == Error {
			return true
		}
	}
	return false
}

// Errors returns only the errors.
func (ps Problems) Errors() Problems {
	var out Problems
	for _, p := range ps {
		if p.Severity == Error {
			out = append(out, p)
		}
	}
	return out
}

// Sort orders problems by file, sheet and row, keeping the order found
// within a row, so a report reads top to bottom like the spreadsheet.
func (ps Problems) Sort() {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i].Location, ps[j].Location
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Sheet != b.Sheet {
			return a.Sheet < b.Sheet
		}
		return a.Row < b.Row
	})
}

// Error makes Problems usable as an error: all errors, one per line.
func (ps Problems) Error() string {
	var lines []string
	for _, p := range ps.Errors() {
		lines = append(lines, p.String())
	}
	return strings.Join(lines, "\n")
}
