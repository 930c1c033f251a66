package main

import (
	"fmt"
	"io"

	"druckreif/decks"
	"druckreif/decks/authoring"
	"druckreif/decks/workbook"
	"druckreif/i18n"
	"druckreif/internal/interrupt"
)

func runTemplate(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("template", args, i18n.Sprintf(
		"Aufruf: druckreif template SPIEL [-o DATEI] [--ods | --csv] [--force]\n\nSchreibt eine ausfüllbare Vorlage für ein Spiel (labyrinth, dativ, genial, raab):\nBlatt „Deck“, die Kartenblätter mit Überschriften, Auswahllisten, als Text formatierten\nSpalten und zwei Beispielzeilen, und das Blatt „Anleitung“. Standard ist .xlsx; mit --ods\n(oder -o DATEI.ods) entsteht eine .ods-Datei für LibreOffice, mit --csv ein Ordner mit CSV-Dateien.",
		"Usage: druckreif template GAME [-o FILE] [--ods | --csv] [--force]\n\nWrites a ready-to-fill template for a game (labyrinth, dativ, genial, raab): the\n\"Deck\" sheet, the card sheets with headers, drop-downs, text-formatted columns and two\nexample rows, and the \"Anleitung\" (instructions) sheet. The default is .xlsx; with --ods\n(or -o FILE.ods) it writes an .ods file for LibreOffice, with --csv a folder of CSV files."), stderr)
	out := fs.path("o", "", i18n.Sprintf("Zieldatei (Standard: SPIEL-vorlage.xlsx, mit --ods: SPIEL-vorlage.ods, mit --csv: Ordner SPIEL-vorlage); eine vorhandene wird nicht überschrieben", "output file (default: GAME-vorlage.xlsx, with --ods: GAME-vorlage.ods, with --csv: folder GAME-vorlage); an existing one is not overwritten"))
	force := fs.Bool("force", false, i18n.Sprintf("eine vorhandene Datei ersetzen; in einen vorhandenen Ordner die Vorlagedateien schreiben (andere Dateien bleiben)", "replace an existing file; write the template's files into an existing folder (other files stay)").In(fs.lang))
	asCSV := fs.Bool("csv", false, i18n.Sprintf("als Ordner mit CSV-Dateien schreiben", "write a folder of CSV files").In(fs.lang))
	asODS := fs.Bool("ods", false, i18n.Sprintf("als .ods-Datei (OpenDocument, LibreOffice) schreiben", "write an .ods file (OpenDocument, LibreOffice)").In(fs.lang))
	pos, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	lang := fs.lang
	if len(pos) != 1 {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif template: genau ein SPIEL angeben (labyrinth, dativ, genial, raab)",
			"druckreif template: name exactly one GAME (labyrinth, dativ, genial, raab)").In(lang))
		return 2
	}
	g, known := decks.ParseGame(pos[0])
	if !known || g == decks.TheGame {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif template: kein Spiel mit Vorlage: „%s“ (labyrinth, dativ, genial, raab; The Game braucht keine)",
			"druckreif template: no game with a template: %q (labyrinth, dativ, genial, raab; The Game needs none)", pos[0]).In(lang))
		return 2
	}
	if *asCSV && *asODS {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif template: --csv und --ods schließen einander aus",
			"druckreif template: --csv and --ods exclude each other").In(lang))
		return 2
	}
	target := *out
	if target == "" {
		target = string(g) + "-vorlage"
		switch {
		case *asODS:
			target += ".ods"
		case !*asCSV:
			target += ".xlsx"
		}
	}
	interrupt.Watch() // Ctrl-C removes the template's temporary files
	var err error
	if *asCSV {
		err = authoring.WriteCSVTemplate(g, target, *force)
	} else {
		kind := workbook.KindOf(target)
		if *asODS && kind != workbook.ODS || kind != workbook.ODS && kind != workbook.XLSX {
			fmt.Fprintln(stderr, i18n.Sprintf("druckreif template: die Zieldatei muss auf .xlsx oder .ods enden (oder --csv nutzen)",
				"druckreif template: the output file must end in .xlsx or .ods (or use --csv)").In(lang))
			return 2
		}
		err = authoring.WriteTemplateFile(g, target, *force)
	}
	if err != nil {
		fmt.Fprintf(stderr, "druckreif template: %s\n", errorIn(err, lang))
		return 1
	}
	fmt.Fprintln(stdout, i18n.OneLine(i18n.Sprintf("Vorlage geschrieben: %s (prüfen mit: druckreif check %s)",
		"template written: %s (check it with: druckreif check %s)", target, target).In(lang)))
	return 0
}
