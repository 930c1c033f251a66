package main

import (
	"fmt"
	"io"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/kit"
)

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", args, i18n.Sprintf(
		"Aufruf: druckreif check [OPTIONEN] [DECK …]\n\nPrüft Decks (.xlsx- und .ods-Dateien, Ordner mit .csv-Dateien, Export-Links geteilter\nOnline-Tabellen) und meldet jedes Problem als „DATEI: BLATT: Zeile N: Spalte C: Meldung“.\nOhne DECK werden die eingebauten Standarddecks geprüft. Exit-Code 1 bei Fehlern,\n0 wenn es nur Warnungen gibt.",
		"Usage: druckreif check [OPTIONS] [DECK …]\n\nChecks decks (.xlsx and .ods files, folders of .csv files, export links of shared\nonline spreadsheets) and reports every problem as \"FILE: SHEET: row N: column C:\nmessage\". Without DECK the embedded default decks are checked. Exits 1 on errors,\n0 with warnings only."), stderr)
	var named multiFlag
	fs.Var(pathsFlag{&named, fs.lang}, "deck", deckUsage.In(fs.lang))
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
	if !probs.HasErrors() {
		probs = append(probs, kit.FitProblems(set, "")...)
	}
	var defaults []*decks.Deck
	if len(pos) > 0 {
		defaults, _ = decks.LoadDefaults()
		probs = append(probs, kit.ClashesWithDefaults(loaded, defaults)...)
	}
	probs = append(probs, kit.DuplicateProblems(loaded, defaults, len(pos) > 0)...)
	// Tells are a property of each sheet: only the decks named are tested.
	probs = append(probs, decks.Tells(loaded)...)
	errs, warns := printProblems(stdout, probs, lang)
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
