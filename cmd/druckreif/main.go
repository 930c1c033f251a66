// Command druckreif turns question spreadsheets into a print-and-play kit of
// five German party quiz games and checks the decks they come from.
//
//	druckreif check [DECK…]          validate decks (default: the embedded ones)
//	druckreif template GAME -o FILE  write a ready-to-fill spreadsheet
//	druckreif card ID                show a card with its solution
//	druckreif build                  print the kit (PDF) into ./out
//	druckreif export PROFILE         print data for a print shop (PDF/X)
//	druckreif preflight FILE…        check PDFs as a print shop would
//	druckreif replay FILE            replay a recorded game
//	druckreif serve                  run the scorer for the phones at the table
//	druckreif backup FILE            back up the scorer's data while it runs
//
// Every subcommand has --help; messages are German unless --lang en.
package main

import (
	"fmt"
	"io"
	"os"

	"druckreif/i18n"
)

// command is one subcommand.
type command struct {
	name  string
	short i18n.Text
	run   func(args []string, stdout, stderr io.Writer) int
}

var commands []command

func init() {
	commands = []command{
		{"check", i18n.Sprintf("Decks prüfen (ohne Angabe: die eingebauten Standarddecks)", "check decks (none given: the embedded default decks)"), runCheck},
		{"template", i18n.Sprintf("eine ausfüllbare Vorlage (.xlsx oder CSV-Ordner) für ein Spiel schreiben", "write a ready-to-fill template (.xlsx or CSV folder) for a game"), runTemplate},
		{"card", i18n.Sprintf("eine Karte mit Lösung zeigen (digitaler Decoder)", "show a card with its solution (digital decoder)"), runCard},
		{"build", i18n.Sprintf("das Print-and-Play-Set als PDF nach ./out drucken", "print the print-and-play kit as PDF into ./out"), runBuild},
		{"export", i18n.Sprintf("Druckdaten für Druckereien (PDF/X in CMYK) nach ./out/export", "print data for print shops (PDF/X in CMYK) into ./out/export"), runExport},
		{"preflight", i18n.Sprintf("PDF-Dateien prüfen, wie eine Druckerei sie prüft", "check PDF files as a print shop does"), runPreflight},
		{"replay", i18n.Sprintf("ein aufgezeichnetes Spiel nachspielen", "replay a recorded game"), runReplay},
		{"preview", i18n.Sprintf("Decks im Browser ansehen, live beim Bearbeiten", "view decks in the browser, live while editing"), runPreview},
		{"serve", i18n.Sprintf("den Punktezähler für Handys starten", "run the scorer for phones"), runServe},
		{"backup", i18n.Sprintf("die Daten des Punktezählers sichern, auch im Betrieb", "back up the scorer's data, also while it runs"), runBackup},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	lang := langFromArgs(args)
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		usage(stdout, lang)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "%s\n", i18n.Sprintf("druckreif: unbekannter Befehl „%s“", "druckreif: unknown command %q", args[0]).In(lang))
	usage(stderr, lang)
	return 2
}

func usage(w io.Writer, lang i18n.Lang) {
	fmt.Fprintln(w, i18n.Sprintf(
		"druckreif – Print-and-Play-Sets für deutsche Quizspiele\n\nAufruf: druckreif BEFEHL [OPTIONEN] [ARGUMENTE]\n\nBefehle:",
		"druckreif – print-and-play kits for German quiz games\n\nUsage: druckreif COMMAND [OPTIONS] [ARGUMENTS]\n\nCommands:").In(lang))
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.short.In(lang))
	}
	fmt.Fprintln(w, i18n.Sprintf(
		"\n„druckreif BEFEHL --help“ erklärt einen Befehl. English: --lang en",
		"\n\"druckreif COMMAND --help\" explains a command. Deutsch: --lang de").In(lang))
}
