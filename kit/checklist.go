package kit

import (
	"fmt"
	"sort"
	"strings"

	"druckreif/decks"
)

// Source says who provides a component of the original game.
type Source int

const (
	Printed Source = iota // a file of the kit
	Scorer                // the companion app stands in for it
	Players               // the players bring it
)

func (s Source) String() string {
	return [...]string{"gedruckt", "übernimmt der Punktezähler (App)", "bringen die Spieler mit"}[s]
}

// Component is one entry of a game's component list, as the rulebook names
// it, with who provides it in the kit.
type Component struct {
	Rulebook string   // the rulebook's line (or what its rules name)
	Source   Source   //
	Files    []string // for Printed: path prefixes of the files holding it
	Note     string   // German
}

// Checklists list every component the rulebooks name, per game. The test
// holds them against the rulebooks' component lists and against the files
// a build writes.
var Checklists = map[decks.Game][]Component{
	decks.Labyrinth: {
		{Rulebook: "1 game board", Files: []string{"labyrinth/spielplan-"}, Note: "A2/A3 auf einem Bogen oder in Kacheln"},
		{Rulebook: "220 question cards, printed on both sides, of which 25 are Lingutaurus cards and 25 are risk question cards", Files: []string{"labyrinth/karten"}, Note: "Standard: 106 Karten (56 normal, 25 Risiko, 25 Lingutaurus) plus Österreich- und Schweiz-Deck mit je 25 Karten; eigene Decks erweitern"},
		{Rulebook: "30 bet chips in six colours, each colour with values 1 to 5", Files: []string{"labyrinth/einsatzchips-tippkarten"}},
		{Rulebook: "18 tip cards in six colours, each colour with the letters A, B or C", Files: []string{"labyrinth/einsatzchips-tippkarten"}},
		{Rulebook: "3 Lingutaurus tiles", Files: []string{"labyrinth/figuren-plaettchen"}},
		{Rulebook: "game pieces (one per player, six colours)", Files: []string{"labyrinth/figuren-plaettchen"}, Note: "Faltfiguren"},
		{Rulebook: "rulebook", Files: []string{"labyrinth/regeln"}, Note: "eine Seite in eigenen Worten; das Original liegt dem Spiel bei"},
	},
	decks.Dativ: {
		{Rulebook: "180 cards with 360 sentences on the themes of the books", Files: []string{"dativ/karten"}, Note: "Standard: 180 Karten / 360 Sätze"},
		{Rulebook: "5 guess cards marked „RICHTIG“ (RIGHT)", Files: []string{"dativ/ratekarten"}},
		{Rulebook: "5 guess cards marked „FALSCH“ (WRONG)", Files: []string{"dativ/ratekarten"}},
		{Rulebook: "100 point chips", Files: []string{"dativ/punktechips"}},
		{Rulebook: "1 Decoder", Files: []string{"dativ/decoder"}, Note: "Hülle zum Ausschneiden, Falten und Kleben; rote Folie kaufen – oder druckreif card ID"},
		{Rulebook: "1 rulebook", Files: []string{"dativ/regeln"}},
	},
	decks.TheGame: {
		{Rulebook: "98 number cards 2–99 and four start cards (two 1, two 100)", Files: []string{"thegame/karten"}},
		{Rulebook: "digital assistant", Source: Scorer, Note: "Assistent für Stapelwerte, Nachziehen und Rückgängig"},
		{Rulebook: "rules", Files: []string{"thegame/regeln"}},
	},
	decks.Genial: {
		{Rulebook: "question cards (a, b, c, correct answer marked with an asterisk)", Files: []string{"genial/karten"}},
		{Rulebook: "answer tiles (a, b, c) per player colour", Files: []string{"genial/antwortplaettchen-figuren"}},
		{Rulebook: "game pieces", Files: []string{"genial/antwortplaettchen-figuren"}},
		{Rulebook: "game board (score track)", Files: []string{"genial/punkteleiste"}},
		{Rulebook: "rules", Files: []string{"genial/regeln"}},
	},
	decks.Raab: {
		{Rulebook: "2 stand feet", Files: []string{"raab/figuren"}, Note: "Fußteile an den Aufstellern"},
		{Rulebook: "2 \"Stimmt's?\" chips", Files: []string{"raab/chips-karten"}},
		{Rulebook: "1 Stefan stand-up, 1 Elton / Steven stand-up", Files: []string{"raab/figuren"}, Note: "Rollen, keine Gesichter"},
		{Rulebook: "2 playing pieces (1 red, 1 blue)", Files: []string{"raab/figuren"}},
		{Rulebook: "1 Buzzer", Source: Scorer},
		{Rulebook: "1 round indicator (grey), 2 score indicators (1 red, 1 blue)", Files: []string{"raab/figuren", "raab/gesamtpunkte-runden"}},
		{Rulebook: "1 sorting aid with sorting strips for the individual quiz games", Files: []string{"raab/sortierstreifen"}, Note: "Streifen mit den Kartennummern aus dem Deck; als Box dient ein Schuhkarton"},
		{Rulebook: "2 game-selection spinners (to be assembled)", Files: []string{"raab/drehscheibe"}, Note: "die Quiz-Drehscheibe; die zweite dient nur der Kombination mit Schlag den Raab 1/2"},
		{Rulebook: "3 small wooden dice", Files: []string{"raab/figuren"}, Note: "als Marker auf der Landkarte, nie gewürfelt"},
		{Rulebook: "Combo spinner (double-sided) for Das Quiz + Schlag den Raab 1 or 2", Source: Players, Note: "nur zur Kombination mit Schlag den Raab 1/2: aus jenem Spiel"},
		{Rulebook: "Quiz spinner for Schlag den Raab – Das Quiz", Files: []string{"raab/drehscheibe"}},
		{Rulebook: "1 sand timer", Source: Scorer},
		{Rulebook: "240 quiz and game cards*: 233 quiz cards, 4 Teamplayer cards, 3 Wild Cards (* The quiz cards have an orange corner. This is how you can easily tell them apart from the cards of Schlag den Raab 1 (yellow) and 2 (silver).)", Files: []string{"raab/karten", "raab/chips-karten"}, Note: "Quizkarten aus dem Deck; Teamplayer- und Wild-Cards als Teile"},
		{Rulebook: "1 score track for the individual games", Files: []string{"raab/punkteleiste-einzelspiele"}},
		{Rulebook: "8 letter chips (4 red, 4 blue)", Files: []string{"raab/chips-karten"}},
		{Rulebook: "1 two-part world map (reverse sides: Germany and Europe)", Files: []string{"raab/landkarten"}},
		{Rulebook: "2 risk discs (to be assembled)", Files: []string{"raab/risikoscheiben"}},
		{Rulebook: "box edge with the total points (8, 28, 61 highlighted) and the round spaces", Files: []string{"raab/gesamtpunkte-runden"}},
		{Rulebook: "host cards (rules of every game, read out by the host)", Files: []string{"raab/moderationskarten"}},
		{Rulebook: "photocopiable template for notes", Files: []string{"raab/notizblatt"}},
		{Rulebook: "pen and paper", Source: Players, Note: "für Schätzen, Entfernungen, Buchstabieren u. a."},
		{Rulebook: "Internet access (Suchmaschinen)", Source: Players, Note: "ein Handy mit Suchmaschine"},
		{Rulebook: "rules", Files: []string{"raab/regeln"}},
	},
}

// GameIndex is the kit index of one game: its files and the checklist.
func GameIndex(g decks.Game, files []File) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n\n", g.Title(), strings.Repeat("=", len([]rune(g.Title()))))
	b.WriteString("Nur für den privaten Gebrauch neben einem Exemplar des Originalspiels.\n\n")
	b.WriteString("Dateien (immer in Originalgröße, 100 %, drucken):\n")
	var mine []File
	for _, f := range files {
		if strings.HasPrefix(f.Path, string(g)+"/") {
			mine = append(mine, f)
		}
	}
	sort.Slice(mine, func(i, j int) bool { return mine[i].Path < mine[j].Path })
	for _, f := range mine {
		pages := "Seiten"
		if f.Pages == 1 {
			pages = "Seite"
		}
		fmt.Fprintf(&b, "- %s: %s\n  %s · %s · %d Blatt, %d %s\n", strings.TrimPrefix(f.Path, string(g)+"/"), f.What, f.Paper, f.Duplex, f.Sheets, f.Pages, pages)
	}
	b.WriteString("\nMaterial laut Spielregel:\n")
	for _, c := range Checklists[g] {
		mark := "[x]"
		where := c.Source.String()
		if c.Source == Printed {
			var found []string
			for _, f := range mine {
				for _, pre := range c.Files {
					if strings.HasPrefix(f.Path, pre) {
						found = append(found, strings.TrimPrefix(f.Path, string(g)+"/"))
						break
					}
				}
			}
			if len(found) == 0 {
				mark, where = "[ ]", "fehlt in diesem Build"
			} else {
				where = "gedruckt: " + strings.Join(uniq(found), ", ")
			}
		}
		fmt.Fprintf(&b, "%s %s – %s", mark, c.Rulebook, where)
		if c.Note != "" {
			fmt.Fprintf(&b, " (%s)", c.Note)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func uniq(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// IndexFiles are the per-game kit indexes (<game>/LIESMICH.txt) for the
// games a build produced files for.
func IndexFiles(files []File) []File {
	var out []File
	for _, g := range decks.Games {
		for _, f := range files {
			if strings.HasPrefix(f.Path, string(g)+"/") {
				out = append(out, File{Path: string(g) + "/LIESMICH.txt", What: "Übersicht: Dateien und Materialliste",
					Paper: "–", Duplex: "–", Data: []byte(GameIndex(g, files))})
				break
			}
		}
	}
	return out
}
