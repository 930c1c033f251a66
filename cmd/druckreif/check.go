package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/kit"
	"druckreif/layout"
	"druckreif/layout/typeset"
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
		ps, sizes = setCards(set, *tpl)
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

// setCards sets every card as the print engine will and reports texts that
// do not fit their card, at the deck cell they came from. A cell that
// fails on many cards (the deck's name, printed on every card) is reported
// once, with the number of cards.
func setCards(set *decks.Set, templates string) (decks.Problems, []layout.TextSize) {
	var out []sizedProblem
	type key struct{ source, reason string }
	seen := map[key]int{} // → index in out
	counts := map[key]int{}
	sizes, errs := kit.Measure(set, templates)
	for _, err := range errs {
		var oe *typeset.OverflowError
		if errors.As(err, &oe) {
			k := key{oe.Source, oe.Reason.DE}
			counts[k]++
			if _, dup := seen[k]; dup {
				continue
			}
			seen[k] = len(out)
			out = append(out, sizedProblem{Problem: decks.Problem{
				Location: decks.Location{File: oe.Source},
				Severity: decks.Error,
				Msg:      i18n.Text{DE: "Karte " + oe.Card + ": " + oe.Reason.DE, EN: "card " + oe.Card + ": " + oe.Reason.EN},
			}})
			continue
		}
		var styled interface{ In(i18n.Lang) string }
		if errors.As(err, &styled) {
			out = append(out, sizedProblem{Problem: decks.Problem{Severity: decks.Error, Msg: i18n.Text{DE: styled.In(i18n.German), EN: styled.In(i18n.English)}}})
			continue
		}
		out = append(out, sizedProblem{Problem: decks.Problem{Severity: decks.Error, Msg: i18n.Sprintf("%v", "%v", err)}})
	}
	// A text set below the floor builds, but is hard to read at the table:
	// a warning at its cell, once per cell with its smallest size.
	small := map[string]int{} // source → index in out
	for _, t := range sizes {
		if t.Size >= layout.TextFloor-1e-6 || t.Source == "" {
			continue
		}
		if i, ok := small[t.Source]; ok {
			if t.Size < out[i].size {
				out[i] = floorWarning(t)
			}
			continue
		}
		small[t.Source] = len(out)
		out = append(out, floorWarning(t))
	}
	for k, i := range seen {
		if n := counts[k]; n > 1 {
			out[i].Msg.DE += fmt.Sprintf(" (ebenso %d weitere Karten)", n-1)
			out[i].Msg.EN += fmt.Sprintf(" (likewise %d more cards)", n-1)
		}
	}
	probs := make(decks.Problems, len(out))
	for i, p := range out {
		probs[i] = p.Problem
	}
	return probs, sizes
}

// sizedProblem is a problem with the text size it is about, so that a cell
// set small on several cards is reported once, at its smallest.
type sizedProblem struct {
	decks.Problem
	size float64
}

func floorWarning(t layout.TextSize) sizedProblem {
	return sizedProblem{Problem: decks.Problem{
		Location: decks.Location{File: t.Source},
		Severity: decks.Warning,
		Msg: i18n.Sprintf("Karte %s: der Text ist in %s pt gesetzt, kleiner als %s pt, schwer zu lesen (kürzen)",
			"card %s: the text is set at %s pt, below %s pt, hard to read (shorten it)", t.Card, points(t.Size), points(layout.TextFloor)),
	}, size: t.Size}
}

// points formats a size as German prints it: 6,5.
func points(v float64) string {
	return strings.Replace(strconv.FormatFloat(math.Floor(v*10+1e-6)/10, 'f', 1, 64), ".", ",", 1)
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
			d.Info.Source, points(least), n).In(lang))
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
