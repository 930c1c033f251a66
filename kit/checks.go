package kit

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/layout"
	"druckreif/layout/decoder"
	"druckreif/layout/typeset"
)

// The checks of druckreif check that need more than a deck's own rows:
// whether the texts fit their cards as the print engine sets them, and
// how the user's decks stand against the default decks. druckreif preview
// runs the same checks, so both live here.

// FitProblems sets every card as the print engine will and reports texts
// that do not fit their card, at the deck cell they came from, and texts
// set below the typographic floor (layout.TextFloor) as warnings at their
// cells. A cell that fails on many cards (the deck's name, printed on
// every card) is reported once, with the number of cards. It also returns
// every block of text set, with its size (check reports the smallest per
// deck).
func FitProblems(set *decks.Set, templatesDir string) (decks.Problems, []layout.TextSize) {
	sizes, errs := Measure(set, templatesDir)
	return append(fitProblems(errs), floorWarnings(sizes)...), sizes
}

// CardFitProblems is FitProblems for some cards of one deck only (the ones
// an edit changed), each problem naming its card's face ID.
func CardFitProblems(cs []layout.Card, w, h float64) []FitProblem {
	var out []FitProblem
	sizes, errs := layout.Measure(cs, w, h)
	for _, err := range errs {
		var oe *typeset.OverflowError
		card := ""
		if errors.As(err, &oe) {
			card = oe.Card
		}
		out = append(out, FitProblem{Card: card, Problem: fitProblems([]error{err})[0]})
	}
	for _, sp := range smallTexts(sizes) {
		out = append(out, FitProblem{Card: sp.card, Problem: sp.Problem})
	}
	return out
}

// sizedProblem is a warning of a text set small, with its size, so that a
// cell set small on several cards is reported once, at its smallest.
type sizedProblem struct {
	decks.Problem
	card string
	size float64
}

// floorWarnings warns of the texts set below the floor: a text that builds,
// but is hard to read at the table.
func floorWarnings(sizes []layout.TextSize) decks.Problems {
	var out decks.Problems
	for _, sp := range smallTexts(sizes) {
		out = append(out, sp.Problem)
	}
	return out
}

// smallTexts are the cells set below the floor, once per cell with its
// smallest size, in the order first set.
func smallTexts(sizes []layout.TextSize) []sizedProblem {
	var out []sizedProblem
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
	return out
}

func floorWarning(t layout.TextSize) sizedProblem {
	return sizedProblem{Problem: decks.Problem{
		Location: ParseLocation(t.Source),
		Severity: decks.Warning,
		Msg: i18n.Sprintf("Karte %s: der Text ist in %s pt gesetzt, kleiner als %s pt, schwer zu lesen (kürzen)",
			"card %s: the text is set at %s pt, below %s pt, hard to read (shorten it)", t.Card, Points(t.Size), Points(layout.TextFloor)),
	}, card: t.Card, size: t.Size}
}

// Points formats a text size as German prints it, rounded down: 6,5.
func Points(v float64) string {
	return strings.Replace(strconv.FormatFloat(math.Floor(v*10+1e-6)/10, 'f', 1, 64), ".", ",", 1)
}

// FitProblem is a text that does not fit, with the face it is on.
type FitProblem struct {
	Card    string // the face's printed ID, "" when not known
	Problem decks.Problem
}

func fitProblems(errs []error) decks.Problems {
	var out decks.Problems
	type key struct{ source, reason string }
	seen := map[key]int{} // → index in out
	counts := map[key]int{}
	for _, err := range errs {
		var oe *typeset.OverflowError
		if errors.As(err, &oe) {
			k := key{oe.Source, oe.Reason.DE}
			counts[k]++
			if _, dup := seen[k]; dup {
				continue
			}
			seen[k] = len(out)
			out = append(out, decks.Problem{
				Location: ParseLocation(oe.Source),
				Severity: decks.Error,
				Msg:      i18n.Text{DE: "Karte " + oe.Card + ": " + oe.Reason.DE, EN: "card " + oe.Card + ": " + oe.Reason.EN},
			})
			continue
		}
		var styled interface{ In(i18n.Lang) string }
		if errors.As(err, &styled) {
			out = append(out, decks.Problem{Severity: decks.Error, Msg: i18n.Text{DE: styled.In(i18n.German), EN: styled.In(i18n.English)}})
			continue
		}
		out = append(out, decks.Problem{Severity: decks.Error, Msg: i18n.Sprintf("%v", "%v", err)})
	}
	for k, i := range seen {
		if n := counts[k]; n > 1 {
			out[i].Msg.DE += fmt.Sprintf(" (ebenso %d weitere Karten)", n-1)
			out[i].Msg.EN += fmt.Sprintf(" (likewise %d more cards)", n-1)
		}
	}
	return out
}

// ParseLocation reads back a location the print engine carries as text
// (decks.Location.String: "FILE: SHEET: Zeile N: Spalte C"), so that its
// parts can be shown, and translated, on their own. What does not parse
// stays the file.
func ParseLocation(s string) decks.Location {
	var l decks.Location
	rest := s
	if i := strings.LastIndex(rest, ": Spalte "); i >= 0 {
		l.Column, rest = rest[i+len(": Spalte "):], rest[:i]
	}
	if i := strings.LastIndex(rest, ": Zeile "); i >= 0 {
		n, err := strconv.Atoi(rest[i+len(": Zeile "):])
		if err != nil {
			return decks.Location{File: s}
		}
		l.Row, rest = n, rest[:i]
	}
	if i := strings.LastIndex(rest, ": "); i >= 0 && (l.Row > 0 || l.Column != "") {
		l.Sheet, rest = rest[i+2:], rest[:i]
	}
	l.File = rest
	return l
}

// DuplicateProblems warns of questions asked twice. The user's own decks
// are compared with each other and with the default decks they will be
// built with (defaults, as decks.LoadDefaults gives them); findings among
// the defaults alone are left to their authors. Without own decks, the
// loaded decks are the defaults and are compared among themselves.
func DuplicateProblems(loaded, defaults []*decks.Deck, own bool) decks.Problems {
	if !own {
		return decks.Duplicates(loaded, nil)
	}
	mine := map[*decks.DeckInfo]bool{}
	for _, d := range loaded {
		mine[d.Info] = true
	}
	var all []*decks.Deck
	for _, d := range defaults {
		if !slices.ContainsFunc(loaded, func(l *decks.Deck) bool { return l.Info.Source == d.Info.Source }) {
			all = append(all, d)
		}
	}
	return decks.Duplicates(append(all, loaded...), func(d *decks.DeckInfo) bool { return mine[d] })
}

// ClashesWithDefaults warns when a user's deck shares its Kennung with a
// default deck of the same game: a build with the defaults would refuse it.
func ClashesWithDefaults(mine, defaults []*decks.Deck) decks.Problems {
	var out decks.Problems
	for _, d := range mine {
		for _, def := range defaults {
			if d.Info.Game == def.Info.Game && d.Info.Code == def.Info.Code && d.Info.Source != def.Info.Source {
				out = append(out, decks.Problem{
					Location: decks.Location{File: d.Info.Source, Sheet: "Deck", Column: "Kennung"},
					Severity: decks.Warning,
					Msg: i18n.Sprintf("die Kennung %s hat auch das Standarddeck „%s“: zusammen mit den Standarddecks wäre das ein Fehler (andere Kennung wählen oder --no-default-decks)",
						"code %s is also used by the default deck %q: together with the default decks this is an error (choose another code or use --no-default-decks)",
						d.Info.Code, def.Info.Name),
				})
			}
		}
	}
	return out
}

// CardDecks lays out the card decks of the games named in o.Games (every
// game the set has decks of when empty) as the kit prints them, for
// drawing single faces (druckreif preview). Boards, pieces and sheets are
// laid out too but not drawn.
func CardDecks(set *decks.Set, o ExportOptions) ([]*GameParts, error) {
	var out []*GameParts
	for _, g := range []decks.Game{decks.Labyrinth, decks.Dativ, decks.TheGame, decks.Genial, decks.Raab} {
		if len(o.Games) > 0 && !containsGame(o.Games, g) {
			continue
		}
		if len(o.Games) == 0 && len(set.Game(g)) == 0 {
			continue
		}
		gp, err := gameParts(set, g, o, decoder.Band(decoder.DefaultStrength))
		if err != nil {
			return nil, err
		}
		out = append(out, gp)
	}
	return out, nil
}
