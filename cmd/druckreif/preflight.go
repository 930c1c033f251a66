package main

import (
	"fmt"
	"io"
	"math"

	"druckreif/i18n"
	"druckreif/internal/fileread"
	"druckreif/preflight"
)

// maxPDFBytes bounds a file druckreif preflight reads.
const maxPDFBytes = 1 << 30

func runPreflight(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("preflight", args, i18n.Sprintf(
		"Aufruf: druckreif preflight [OPTIONEN] DATEI…\n\nPrüft PDF-Dateien, wie eine Druckerei sie prüft: Seitenboxen, gleich viele Vorder- und Rückseiten\n(vorderseiten.pdf/rueckseiten.pdf), Farbräume (kein RGB in PDF/X), Farbauftrag je Seite, eingebettete\nSchriften, kleinste Schrift, Sicherheitsabstand, QR-Codes. Eine Zeile je Befund: DATEI: Seite N (ID): …\nFehler (was eine Druckerei ablehnt): Exit 1; nur Warnungen: 0; eine unlesbare Datei: 2.",
		"Usage: druckreif preflight [OPTIONS] FILE…\n\nChecks PDF files as a print shop does: page boxes, as many fronts as backs (vorderseiten.pdf/\nrueckseiten.pdf), colour spaces (no RGB in PDF/X), ink per page, embedded fonts, smallest text,\nsafe zone, QR codes. One line per finding: FILE: page N (ID): …\nErrors (what a print shop refuses): exit 1; warnings only: 0; a file that cannot be read: 2."), stderr)
	l := fs.lang
	safe := fs.Float64("safe", 3, i18n.Sprintf("Sicherheitsabstand zum Beschnitt in mm, in dem nur Hintergrund liegen darf", "safe zone from the trim in mm, where only background may lie").In(l))
	maxInk := fs.Float64("max-ink", 0, i18n.Sprintf("höchster Gesamtfarbauftrag in %% (0: 240 für PDF/X-1a, sonst 300)", "highest total ink in %% (0: 240 for PDF/X-1a, else 300)").In(l))
	minText := fs.Float64("min-text", 5, i18n.Sprintf("kleinste Schrift in pt, darunter eine Warnung", "smallest text in pt, a warning below").In(l))
	files, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	if len(files) == 0 {
		fs.Usage()
		return 2
	}
	if !(*safe >= 0 && *safe <= 20) || !(*maxInk == 0 || (*maxInk >= 100 && *maxInk <= 400)) || !(*minText > 0 && *minText <= 72) {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif preflight: --safe 0 bis 20 mm, --max-ink 100 bis 400 %%, --min-text bis 72 pt",
			"druckreif preflight: --safe 0 to 20 mm, --max-ink 100 to 400 %%, --min-text up to 72 pt").In(l))
		return 2
	}
	o := preflight.Options{Safe: *safe, MaxInk: *maxInk, MinText: *minText}
	if *safe == 0 {
		o.Safe = math.SmallestNonzeroFloat64
	}
	var reports []*preflight.Report
	var probs []preflight.Problem
	unreadable := false
	for _, name := range files {
		data, err := fileread.ReadPath(name, maxPDFBytes)
		if err != nil {
			fmt.Fprintln(stdout, i18n.OneLine(name+": "+errorIn(err, l)))
			unreadable = true
			continue
		}
		rep, err := preflight.Check(name, data, o)
		if err != nil {
			fmt.Fprintln(stdout, errorIn(err, l))
			unreadable = true
			continue
		}
		reports = append(reports, rep)
		probs = append(probs, rep.Problems...)
	}
	probs = append(probs, preflight.Pair(reports)...)
	errs, _ := printFindings(stdout, probs, false, l)
	for _, r := range reports {
		fmt.Fprintln(stdout, summary(r, probs, l))
	}
	switch {
	case unreadable:
		return 2
	case errs > 0:
		return 1
	}
	return 0
}

// printFindings prints problems one per line, errors first. grouped
// prints each kind of warning of a file once, with the number of pages
// it was found on (druckreif export: its own files' warnings repeat on
// every card); else every warning.
func printFindings(w io.Writer, probs []preflight.Problem, grouped bool, l i18n.Lang) (errs, warns int) {
	for _, p := range probs {
		if p.Error {
			fmt.Fprintln(w, p.In(l))
			errs++
		}
	}
	type key struct{ file, kind string }
	count := map[key]int{}
	var first []preflight.Problem
	for _, p := range probs {
		if p.Error {
			continue
		}
		warns++
		k := key{p.File, p.Kind}
		if count[k] == 0 || !grouped {
			first = append(first, p)
		}
		count[k]++
	}
	for _, p := range first {
		line := p.In(l)
		if n := count[key{p.File, p.Kind}]; grouped && n > 1 {
			line += i18n.Sprintf(" (und auf %d weiteren Seiten; druckreif preflight zeigt alle)", " (and on %d more pages; druckreif preflight shows all)", n-1).In(l)
		}
		fmt.Fprintln(w, line)
	}
	return errs, warns
}

// summary is a file's closing line: its pages, standard, highest ink,
// smallest text and the count of findings.
func summary(r *preflight.Report, probs []preflight.Problem, l i18n.Lang) string {
	ink, inkPage, small := 0.0, 0, 0.0
	for i, v := range r.Ink {
		if v > ink {
			ink, inkPage = v, i+1
		}
	}
	for _, v := range r.MinText {
		if v > 0 && (small == 0 || v < small) {
			small = v
		}
	}
	errs, warns := 0, 0
	for _, p := range probs {
		if p.File != r.File {
			continue
		}
		if p.Error {
			errs++
		} else {
			warns++
		}
	}
	std := r.Standard
	if std == "" {
		std = i18n.Sprintf("kein PDF/X", "no PDF/X").In(l)
	}
	text := i18n.Sprintf("keine Schrift", "no text").In(l)
	if small > 0 {
		text = i18n.Sprintf("kleinste Schrift %.1f pt", "smallest text %.1f pt", small).In(l)
	}
	return i18n.Sprintf("%s: %d Seiten, %s, höchster Farbauftrag %.0f %% (Seite %d), %s: %d Fehler, %d Warnungen",
		"%s: %d pages, %s, highest ink %.0f %% (page %d), %s: %d errors, %d warnings",
		r.File, r.Pages, std, ink, inkPage, text, errs, warns).In(l)
}
