package main

import (
	"fmt"
	"io"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/kit"
	"druckreif/layout"
)

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", args, i18n.Sprintf(
		"Aufruf: druckreif check [OPTIONEN] [DECK …]\n\nPrüft Decks (.xlsx- und .ods-Dateien, Ordner mit .csv-Dateien, Export-Links geteilter\nOnline-Tabellen) und meldet jedes Problem als „DATEI: BLATT: Zeile N: Spalte C: Meldung“.\nOhne DECK werden die eingebauten Standarddecks geprüft. Exit-Code 1 bei Fehlern,\n0 wenn es nur Warnungen gibt.",
		"Usage: druckreif check [OPTIONS] [DECK …]\n\nChecks decks (.xlsx and .ods files, folders of .csv files, export links of shared\nonline spreadsheets) and reports every problem as \"FILE: SHEET: row N: column C:\nmessage\". Without DECK the embedded default decks are checked. Exits 1 on errors,\n0 with warnings only."), stderr)
	var named multiFlag
	fs.Var(pathsFlag{&named, fs.lang}, "deck", deckUsage.In(fs.lang))
	tpl := fs.path("templates", "", i18n.Sprintf("Ordner mit eigenen Stildateien (Kopien von templates/*.json)", "folder with own style files (copies of templates/*.json)"))
	pos, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	pos = append(named, pos...)
	lang := fs.lang
	var web webDecks
	opts := decks.Options{Remote: web.load}
	var loaded []*decks.Deck
	var probs decks.Problems
	if len(pos) == 0 {
		loaded, probs = decks.LoadDefaults()
	} else {
		for _, p := range pos {
			d, ps := opts.Load(p)
			probs = append(probs, ps...)
			if d != nil {
				loaded = append(loaded, d)
			}
		}
	}
	set, combined := decks.Combine(loaded...)
	probs = append(probs, combined...)
	var sizes []layout.TextSize
	if !probs.HasErrors() {
		var ps decks.Problems
		ps, sizes = kit.FitProblems(set, *tpl)
		probs = append(probs, ps...)
	}
	probs = append(probs, styleWarnings(*tpl)...)
	var defaults []*decks.Deck
	if len(pos) > 0 {
		defaults, _ = decks.LoadDefaults()
		probs = append(probs, kit.ClashesWithDefaults(loaded, defaults)...)
	}
	probs = append(probs, kit.DuplicateProblems(loaded, defaults, len(pos) > 0)...)
	// Tells are a property of each sheet: only the decks named are tested.
	probs = append(probs, decks.Tells(loaded)...)
	errs, warns := printProblems(stdout, probs, lang)
	printSmallest(stdout, loaded, sizes, lang)
	cards := 0
	for _, d := range loaded {
		cards += d.Len()
	}
	fmt.Fprintln(stdout, i18n.Sprintf("%d Deck(s) mit %d Karten geprüft: %d Fehler, %d Warnung(en).",
		"%d deck(s) with %d cards checked: %d error(s), %d warning(s).", len(loaded), cards, errs, warns).In(lang))
	if errs > 0 {
		return 1
	}
	return 0
}

// printSmallest says per deck the smallest size its texts are set at
// (blocks from the deck's cells; the card's small print is fixed).
func printSmallest(w io.Writer, loaded []*decks.Deck, sizes []layout.TextSize, lang i18n.Lang) {
	for _, d := range loaded {
		least, n := 0.0, 0
		for _, t := range sizes {
			// A workbook's cells are "FILE: SHEET: …", a CSV folder's "DIR/SHEET.csv: …".
			if rest, ok := strings.CutPrefix(t.Source, d.Info.Source); ok && (strings.HasPrefix(rest, ": ") || strings.HasPrefix(rest, "/")) {
				if n == 0 || t.Size < least {
					least = t.Size
				}
				n++
			}
		}
		if n == 0 {
			continue
		}
		fmt.Fprintln(w, i18n.Sprintf("%s: kleinste Schrift %s pt (%d Textblöcke)", "%s: smallest text %s pt (%d text blocks)",
			d.Info.Source, kit.Points(least), n).In(lang))
	}
}

// styleWarnings are the keys a user's style folder lacks and takes from
// the built-in styles, one warning each at the style file.
func styleWarnings(dir string) decks.Problems {
	if dir == "" {
		return nil
	}
	var out decks.Problems
	for _, g := range decks.Games {
		st, err := layout.LoadStyle(string(g), dir)
		if err != nil {
			continue // the preflight reports it as an error
		}
		for _, w := range st.Warnings {
			out = append(out, decks.Problem{Location: decks.Location{File: st.Source()}, Severity: decks.Warning, Msg: w})
		}
	}
	return out
}
