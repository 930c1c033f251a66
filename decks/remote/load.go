package remote

import (
	"context"
	"errors"
	"net/url"
	"path"
	"strings"

	"druckreif/decks"
	"druckreif/decks/workbook"
	"druckreif/i18n"
)

// A deck from the web is named by one address or, for CSV, by several:
//
//   - the export link of a whole workbook as .xlsx or .ods: every sheet,
//     as from a file;
//   - CSV links, separated by spaces, one per sheet (a CSV export holds
//     one sheet): the sheet's name comes from the link's fragment
//     (…&gid=0#Deck), else from the file name the server sends (Google
//     Sheets sends "Tabelle - Blatt.csv": the part after the last " - ").
//
// Messages name the address of the sheet's file (for CSV, the sheet's
// own link) and the sheet's cell, as for a file.

// Deck is a deck read from the web.
type Deck struct {
	Deck     *decks.Deck // nil when it has errors
	Problems decks.Problems
	Copies   []*Copy // the files, as read
}

// Digest identifies the content read: equal digests, equal decks. A
// caller that polls (a preview) redraws only when it changes.
func (d *Deck) Digest() string {
	var parts []string
	for _, c := range d.Copies {
		parts = append(parts, c.Digest)
	}
	return strings.Join(parts, "+")
}

// Loader returns a function for decks.Options.Remote.
func (f *Fetcher) Loader(ctx context.Context) func(spec string) (*decks.Deck, decks.Problems) {
	return func(spec string) (*decks.Deck, decks.Problems) {
		d := Load(ctx, f, spec)
		return d.Deck, d.Problems
	}
}

// Load fetches the deck named by spec (see above) and reads it. A copy
// used because the server could not be reached is a warning naming the
// address and the copy's date.
func Load(ctx context.Context, f *Fetcher, spec string) *Deck {
	return load(ctx, f, spec, nil)
}

// Refresh fetches the deck named by spec again, for a caller that keeps
// it up to date (druckreif preview --poll): every address is asked with
// the ETag and Last-Modified of its copy in prev (or in the cache), so a
// server that knows them answers 304 Not Modified and nothing is
// downloaded. changed reports whether the content differs from prev's
// (Digest), or it could not be read now and could before, or the other
// way round. When it did not change, the deck is prev's, not read again,
// with the notices of this fetch (offline or not). A nil prev is a first
// Load.
func Refresh(ctx context.Context, f *Fetcher, spec string, prev *Deck) (d *Deck, changed bool) {
	if prev == nil {
		return load(ctx, f, spec, nil), true
	}
	known := map[string]*Copy{}
	for _, c := range prev.Copies {
		known[c.URL] = c
	}
	var copies []*Copy
	var fetchErr error
	for _, raw := range strings.Fields(spec) {
		c, err := f.fetch(ctx, raw, known[raw], func(c *Copy) error { return readable(c, workbook.DefaultLimits) })
		if err != nil {
			fetchErr = err
			break
		}
		copies = append(copies, c)
	}
	same := fetchErr == nil && len(copies) == len(prev.Copies)
	for i := 0; same && i < len(copies); i++ {
		same = copies[i].Digest == prev.Copies[i].Digest
	}
	if !same {
		if fetchErr != nil {
			d = &Deck{Copies: copies, Problems: decks.Problems{problemOf(fetchErr, strings.Join(strings.Fields(spec), " "))}}
		} else {
			d = load(ctx, f, spec, copies)
		}
		return d, d.Digest() != prev.Digest() || (d.Deck == nil) != (prev.Deck == nil)
	}
	out := &Deck{Deck: prev.Deck, Copies: copies}
	stale := map[decks.Problem]bool{}
	for _, c := range prev.Copies {
		if c.Offline != nil {
			stale[OfflineNotice(c)] = true
		}
	}
	for _, c := range copies {
		if c.Offline != nil {
			out.Problems = append(out.Problems, OfflineNotice(c))
		}
	}
	for _, p := range prev.Problems {
		if !stale[p] {
			out.Problems = append(out.Problems, p)
		}
	}
	return out, false
}

// load reads the deck named by spec; fetched are copies of its first
// addresses already fetched (by Refresh), in order.
func load(ctx context.Context, f *Fetcher, spec string, fetched []*Copy) *Deck {
	urls := strings.Fields(spec)
	display := strings.Join(urls, " ")
	out := &Deck{}
	fail := func(err error) *Deck {
		out.Problems = append(out.Problems, problemOf(err, display))
		return out
	}
	if len(urls) == 0 {
		return fail(&Error{URL: "''", Msg: i18n.Sprintf("leere Adresse", "empty address")})
	}
	lim := workbook.DefaultLimits
	var sheets []workbook.CSVSheet
	for i, raw := range urls {
		var c *Copy
		var err error
		if i < len(fetched) {
			c = fetched[i]
		} else {
			c, err = f.Fetch(ctx, raw, func(c *Copy) error { return readable(c, lim) })
		}
		if err != nil {
			return fail(err)
		}
		out.Copies = append(out.Copies, c)
		if c.Offline != nil {
			out.Problems = append(out.Problems, OfflineNotice(c))
		}
		if c.Kind != workbook.CSV {
			if len(urls) > 1 {
				return fail(&Error{URL: raw, Msg: i18n.Sprintf(
					"mehrere Adressen in einem Deck gehen nur für CSV (ein Blatt je Adresse); eine %s-Datei ist die ganze Arbeitsmappe: bitte allein angeben",
					"several addresses in one deck work only for CSV (one sheet each); an %s file is the whole workbook: please give it alone", c.Kind)})
			}
			wb, err := workbook.OpenBytes(c.Data, c.Kind, raw, lim)
			d, probs := decks.LoadWorkbook(wb, err, raw)
			out.Deck, out.Problems = d, append(out.Problems, probs...)
			return out
		}
		name, err := sheetName(c)
		if err != nil {
			return fail(err)
		}
		sheets = append(sheets, workbook.CSVSheet{Name: name, File: raw, Data: c.Data})
	}
	wb, err := workbook.OpenCSVSheets(display, sheets, lim)
	if err == nil {
		if s, _ := wb.Find("Deck"); s == nil {
			return fail(&Error{URL: display, Msg: i18n.Sprintf(
				"das Blatt „Deck“ fehlt: eine CSV-Adresse liefert ein einziges Blatt; bitte die Adressen aller Blätter durch Leerzeichen getrennt angeben (…#Deck …#Karten) oder die ganze Tabelle als .xlsx oder .ods laden (siehe docs/decks.md)",
				"the sheet \"Deck\" is missing: a CSV address sends a single sheet; please give the addresses of all sheets separated by spaces (…#Deck …#Karten) or load the whole spreadsheet as .xlsx or .ods (see docs/decks.md)")})
		}
	}
	d, probs := decks.LoadWorkbook(wb, err, display)
	out.Deck, out.Problems = d, append(out.Problems, probs...)
	return out
}

// readable refuses a download that is not a readable spreadsheet, so that
// it does not replace a good cached copy: every sheet is read.
func readable(c *Copy, lim workbook.Limits) error {
	var wb *workbook.Workbook
	var err error
	if c.Kind == workbook.CSV {
		wb, err = workbook.OpenCSVSheets(c.URL, []workbook.CSVSheet{{Name: "CSV", File: c.URL, Data: c.Data}}, lim)
	} else {
		wb, err = workbook.OpenBytes(c.Data, c.Kind, c.URL, lim)
	}
	if err != nil {
		return err
	}
	for _, s := range wb.Sheets {
		if err := wb.Load(s); err != nil {
			return err
		}
	}
	return nil
}

// sheetName names the sheet a CSV link holds.
func sheetName(c *Copy) (string, error) {
	if u, err := url.Parse(c.URL); err == nil && strings.TrimSpace(u.Fragment) != "" {
		return strings.TrimSpace(u.Fragment), nil
	}
	name := strings.TrimSuffix(c.FileName, path.Ext(c.FileName))
	if i := strings.LastIndex(name, " - "); i >= 0 {
		name = name[i+len(" - "):]
	}
	if name = strings.TrimSpace(name); name != "" {
		return name, nil
	}
	return "", &Error{URL: c.URL, Msg: i18n.Sprintf(
		"die CSV-Datei nennt kein Tabellenblatt: bitte den Blattnamen mit # an die Adresse hängen (z. B. …&gid=0#Karten)",
		"the CSV file names no sheet: please append the sheet's name to the address with # (e.g. …&gid=0#Karten)")}
}

// OfflineNotice says that a cached copy stands in for c's address, and
// how old it is: a warning naming the address and the copy's date.
func OfflineNotice(c *Copy) decks.Problem {
	reason := i18n.T(c.Offline.Error(), c.Offline.Error())
	var re *Error
	if errors.As(c.Offline, &re) {
		reason = re.Msg
	}
	local := c.Fetched.Local()
	return decks.Problem{Location: decks.Location{File: c.URL}, Severity: decks.Warning, Msg: i18n.T(
		"offline ("+reason.DE+"): es gilt die zuletzt geladene Kopie vom "+local.Format("02.01.2006 15:04"),
		"offline ("+reason.EN+"): using the last copy, fetched "+local.Format("2006-01-02 15:04"))}
}

// problemOf turns a failed fetch or read into a deck's problem.
func problemOf(err error, display string) decks.Problem {
	var re *Error
	var we *workbook.Error
	switch {
	case errors.As(err, &re):
		return decks.Problem{Location: decks.Location{File: re.URL}, Severity: decks.Error, Msg: re.Msg}
	case errors.As(err, &we):
		return decks.Problem{Location: decks.Location{File: we.File, Sheet: we.Sheet, Row: we.Row, Column: we.Column}, Severity: decks.Error, Msg: we.Msg}
	}
	return decks.Problem{Location: decks.Location{File: display}, Severity: decks.Error, Msg: i18n.T(err.Error(), err.Error())}
}
