package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/kit"
	"druckreif/layout/raster"
)

func runCard(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("card", args, i18n.Sprintf(
		"Aufruf: druckreif card [OPTIONEN] ID …\n\nZeigt eine Karte mit allen Seiten und ihrer Lösung – der digitale Decoder.\nID ist die klein gedruckte Kartennummer (z. B. DAT-STD-12 oder DAT-STD-12-V) oder der\nInhalt ihres QR-Codes (z. B. DAT-STD-12-V/1.0); Groß-/Kleinschreibung egal.",
		"Usage: druckreif card [OPTIONS] ID …\n\nShows a card with all its sides and its solution – the digital decoder. ID is the\ncard number printed small on the card (e.g. DAT-STD-12 or DAT-STD-12-V) or its QR code's\ncontent (e.g. DAT-STD-12-V/1.0); case does not matter."), stderr)
	var df deckFlags
	df.register(fs)
	pngPath := fs.path("png", "", i18n.Sprintf("die Kartenseite als PNG (300 dpi, mit 3 mm Beschnitt) in diese Datei schreiben", "write the card face as a PNG (300 dpi, with 3 mm bleed) to this file"))
	pos, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	lang := fs.lang
	if len(pos) == 0 {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif card: mindestens eine Karten-ID angeben", "druckreif card: name at least one card ID").In(lang))
		return 2
	}
	set, code := df.load(fs, stderr)
	if set == nil {
		return code
	}
	if *pngPath != "" {
		return writeCardPNG(set, pos, *pngPath, stderr, lang)
	}
	status := 0
	for i, arg := range pos {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		f, warn := set.Find(decks.ParseRef(arg))
		if f == nil {
			fmt.Fprintln(stderr, i18n.Sprintf("druckreif card: keine Karte mit der ID „%s“", "druckreif card: no card with ID %q", arg).In(lang))
			status = 1
			continue
		}
		if warn != nil {
			fmt.Fprintln(stderr, i18n.Sprintf("Achtung: %s", "Note: %s", warn.In(lang)).In(lang))
		}
		printCard(stdout, f, lang)
	}
	return status
}

// writeCardPNG draws one card face as a PNG, written whole or not at all.
func writeCardPNG(set *decks.Set, ids []string, path string, stderr io.Writer, lang i18n.Lang) int {
	if len(ids) != 1 {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif card --png: genau eine Karten-ID angeben", "druckreif card --png: name exactly one card ID").In(lang))
		return 2
	}
	fail := func(err error) int {
		msg := err.Error()
		if e, ok := err.(interface{ In(i18n.Lang) string }); ok {
			msg = e.In(lang)
		}
		fmt.Fprintln(stderr, "druckreif card:", msg)
		return 1
	}
	found, err := kit.FindFace(set, ids[0], kit.ExportOptions{})
	if err != nil {
		return fail(err)
	}
	img, err := kit.FaceImage(found.Face, found.W, found.H, 300, kit.SizeDefault)
	if err != nil {
		return fail(err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".druckreif-card-*.png")
	if err != nil {
		return fail(err)
	}
	defer os.Remove(tmp.Name())
	if err := raster.EncodePNG(tmp, img, 300); err != nil {
		tmp.Close()
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fail(err)
	}
	return 0
}

// t picks the language of a fixed label.
func t(lang i18n.Lang, de, en string) string { return i18n.Text{DE: de, EN: en}.In(lang) }

func deckLine(d *decks.DeckInfo, lang i18n.Lang, region string) string {
	s := fmt.Sprintf("%s „%s“ %s", t(lang, "Deck", "deck"), d.Name, d.Version)
	if region != "" {
		s += " · " + t(lang, "Region", "region") + " " + region
	}
	return s
}

func marker(scanned bool, lang i18n.Lang) string {
	if scanned {
		return "  ◀ " + t(lang, "gescannte Seite", "scanned side")
	}
	return ""
}

func printCard(w io.Writer, f *decks.Found, lang i18n.Lang) {
	switch {
	case f.Labyrinth != nil:
		c := f.Labyrinth
		kind := map[decks.LabyrinthKind]string{decks.Normal: t(lang, "normale Frage", "normal question"),
			decks.Risk: t(lang, "Risikofrage (!)", "risk question (!)"), decks.Lingutaurus: t(lang, "Lingutaurus-Frage", "Lingutaurus question")}[c.Kind]
		fmt.Fprintf(w, "%s · %s · %s · %s\n", c.ID, decks.Labyrinth.Title(), kind, deckLine(c.Deck, lang, c.Region))
		for face, s := range c.Sides {
			fmt.Fprintf(w, "\n%s (%s)%s\n  %s\n", strings.ToUpper(s.Face.String()[:1])+s.Face.String()[1:], s.ID, marker(f.Side == face, lang), s.Question)
			for i, a := range s.Answers {
				mark := ""
				if i == s.Correct {
					mark = "   ✔ " + t(lang, "richtig", "correct")
				}
				fmt.Fprintf(w, "  %c) %s%s\n", 'A'+i, a, mark)
			}
			if s.ReadingHint != "" {
				fmt.Fprintf(w, "  %s %s\n", t(lang, "Beim Vorlesen:", "When reading aloud:"), s.ReadingHint)
			}
		}
	case f.Dativ != nil:
		c := f.Dativ
		fmt.Fprintf(w, "%s · %s · %s\n", c.ID, decks.Dativ.Title(), deckLine(c.Deck, lang, c.Region))
		for face, s := range c.Sides {
			name := t(lang, "Vorderseite", "Front")
			if s.Face == decks.Back {
				name = t(lang, "Rückseite", "Back")
			}
			fmt.Fprintf(w, "\n%s (%s)%s · %s\n  %s\n", name, s.ID, marker(f.Side == face, lang), s.Category, s.Sentence)
			for i, o := range s.Options {
				fmt.Fprintf(w, "  %s) %s\n", decks.OptionLetter(i), o)
			}
			if s.ReadingHint != "" {
				fmt.Fprintf(w, "  %s %s\n", t(lang, "Beim Vorlesen:", "When reading aloud:"), s.ReadingHint)
			}
			fmt.Fprintf(w, "  %s\n", t(lang, "Lösung (alle richtigen Fassungen vorlesen):", "Solution (read every correct version aloud):"))
			for _, sol := range s.Solutions() {
				fmt.Fprintf(w, "    ✔ %s\n", sol)
			}
			fmt.Fprintf(w, "  %s %s\n", t(lang, "Erklärung:", "Explanation:"), s.Explanation)
		}
	case f.Genial != nil:
		c := f.Genial
		fmt.Fprintf(w, "%s · %s · %s\n\n  %s\n", c.ID, decks.Genial.Title(), deckLine(c.Deck, lang, c.Region), c.Question)
		for i, a := range c.Answers {
			mark := ""
			if i == c.Correct {
				mark = " *   ✔ " + t(lang, "richtig", "correct")
			}
			fmt.Fprintf(w, "  %c) %s%s\n", 'a'+i, a, mark)
		}
	case f.Raab != nil:
		c := f.Raab
		fmt.Fprintf(w, "%s · %s · %s · %s %d (%s %d) · %s\n", c.ID, decks.Raab.Title(), c.Game.Name,
			t(lang, "Karte", "card"), c.Number, t(lang, "Sortiernummer", "sorting number"), c.Serial, deckLine(c.Deck, lang, c.Region))
		if c.Stand != "" {
			fmt.Fprintf(w, "%s %s\n", t(lang, "Stand:", "As of:"), c.Stand)
		}
		sides := [][]decks.RaabTask{c.Tasks}
		if c.Game.Sided {
			sides = [][]decks.RaabTask{c.Side(false), c.Side(true)}
		}
		for i, tasks := range sides {
			if c.Game.Sided {
				name := t(lang, "Vorderseite", "Front")
				if i == 1 {
					name = t(lang, "Rückseite", "Back")
				}
				fmt.Fprintf(w, "\n%s (%s)\n", name, c.SideID(i == 1))
			} else {
				fmt.Fprintln(w)
			}
			for n, task := range tasks {
				sol := task.Solution()
				if sol == "" {
					fmt.Fprintf(w, "  %d. %s\n", n+1, task.Prompt())
				} else {
					fmt.Fprintf(w, "  %d. %s  →  %s\n", n+1, task.Prompt(), sol)
				}
			}
		}
	case f.TheGame != nil:
		c := f.TheGame
		kind := t(lang, "Zahlenkarte", "number card")
		if c.Start {
			kind = t(lang, "Startkarte", "start card")
		}
		fmt.Fprintf(w, "%s · The Game · %s %d\n", c.ID, kind, c.Value)
	}
}
