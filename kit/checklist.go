package kit

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"druckreif/decks"
	"druckreif/layout/cards"
)

// Source says who provides a component of the original game.
type Source int

const (
	Printed Source = iota // a file of the kit
	Scorer                // the companion app stands in for it
	Players               // the players bring it
)

func (s Source) String() string {
	return [...]string{"gedruckt", "im Punktezähler (druckreif serve)", "bringen die Spieler mit"}[s]
}

// Tally is something a checklist counts in the printed files, against
// the rulebook's number.
type Tally struct {
	Key  string // a key of File.Count: "Karten", a kind of card, a piece's first word
	Want int    // the rulebook's number; 0 where it names none
	Noun string // German plural, as printed in the list
}

// Component is one entry of a game's component list, as the rulebook names
// it, with who provides it in the kit.
type Component struct {
	Rulebook string   // the rulebook's line, as in its translation in /shared/rulebooks (the test matches it)
	DE       string   // the same in German, for LIESMICH.txt
	Source   Source   //
	Files    []string // for Printed: path prefixes of the files holding it
	Counts   []Tally  // what is counted in those files
	Note     string   // German
}

// The scorer's stand-ins, said once.
const (
	scorerBuzzer  = "jedes Handy am Tisch wird zum Buzzer; wer zuerst drückt, ist dran"
	scorerTimer   = "Sanduhr auf dem Handy, mit Ton am Ende"
	scorerSpinner = "auch als Drehscheibe auf dem Handy"
	scorerDecoder = "ohne Folie: die Lösung jeder Karte im Punktezähler (QR-Code der Karte scannen) oder mit druckreif card ID"
)

// Checklists list every component the rulebooks name, per game. The test
// holds them against the rulebooks' component lists and against the files
// a build writes.
var Checklists = map[decks.Game][]Component{
	decks.Labyrinth: {
		{Rulebook: "1 game board", DE: "1 Spielplan", Files: []string{"labyrinth/spielplan-"}, Note: "A2/A3 auf einem Bogen oder in Kacheln"},
		{Rulebook: "220 question cards, printed on both sides, of which 25 are Lingutaurus cards and 25 are risk question cards",
			DE: "220 beidseitig bedruckte Fragekarten, davon 25 Lingutaurus- und 25 Risikokarten", Files: []string{"labyrinth/karten"},
			Counts: []Tally{{"Karten", 220, "Karten"}, {cards.KindLingutaurus, 25, "Lingutaurus-Karten"}, {cards.KindRisk, 25, "Risikokarten"}},
			Note:   "weitere Karten mit eigenen Decks: druckreif template labyrinth"},
		{Rulebook: "30 bet chips in six colours, each colour with values 1 to 5", DE: "30 Einsatzchips in sechs Farben, je Farbe die Werte 1 bis 5",
			Files: []string{"labyrinth/einsatzchips-tippkarten"}, Counts: []Tally{{"Einsatzchip", 30, "Chips"}}},
		{Rulebook: "18 tip cards in six colours, each colour with the letters A, B or C", DE: "18 Tippkarten in sechs Farben, je Farbe A, B und C",
			Files: []string{"labyrinth/einsatzchips-tippkarten"}, Counts: []Tally{{"Tippkarte", 18, "Tippkarten"}}},
		{Rulebook: "3 Lingutaurus tiles", DE: "3 Lingutaurus-Plättchen", Files: []string{"labyrinth/figuren-plaettchen"},
			Counts: []Tally{{"Lingutaurus-Plättchen", 3, "Plättchen"}}, Note: "für den A3-Plan kleinere in figuren-plaettchen-a3"},
		{Rulebook: "game pieces (one per player, six colours)", DE: "Spielfiguren (eine je Spieler, sechs Farben)", Files: []string{"labyrinth/figuren-plaettchen"},
			Counts: []Tally{{"Spielfigur", 6, "Figuren"}}, Note: "Faltfiguren; für den A3-Plan kleinere in figuren-plaettchen-a3"},
		{Rulebook: "rulebook", DE: "Spielregel", Files: []string{"labyrinth/regeln"}, Note: "eine Seite in eigenen Worten; das Original liegt dem Spiel bei"},
	},
	decks.Dativ: {
		{Rulebook: "180 cards with 360 sentences on the themes of the books", DE: "180 Karten mit 360 Sätzen zu den Themen der Bücher",
			Files: []string{"dativ/karten"}, Counts: []Tally{{"Karten", 180, "Karten (je zwei Sätze)"}},
			Note: "weitere Karten mit eigenen Decks: druckreif template dativ"},
		{Rulebook: "5 guess cards marked „RICHTIG“ (RIGHT)", DE: "5 Ratekarten „RICHTIG“", Files: []string{"dativ/ratekarten"},
			Counts: []Tally{{"RICHTIG", 5, "Karten"}}},
		{Rulebook: "5 guess cards marked „FALSCH“ (WRONG)", DE: "5 Ratekarten „FALSCH“", Files: []string{"dativ/ratekarten"},
			Counts: []Tally{{"FALSCH", 5, "Karten"}}},
		{Rulebook: "100 point chips", DE: "100 Punktechips", Files: []string{"dativ/punktechips"}, Counts: []Tally{{"Punktechip", 100, "Chips"}}},
		{Rulebook: "1 Decoder", DE: "1 Decoder", Files: []string{"dativ/decoder"},
			Note: "Hülle zum Ausschneiden, Falten und Kleben, rote Folie dazukaufen (Bauanleitung in bauanleitung.pdf); " + scorerDecoder},
		{Rulebook: "1 rulebook", DE: "1 Spielregel", Files: []string{"dativ/regeln"}},
	},
	decks.TheGame: {
		{Rulebook: "98 number cards 2–99 and four start cards (two 1, two 100)", DE: "98 Zahlenkarten 2–99 und vier Startkarten (zweimal 1, zweimal 100)",
			Files: []string{"thegame/karten"}, Counts: []Tally{{"Karten", 102, "Karten"}},
			Note: "6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98 und 99 unterstrichen, damit sie auf dem Kopf nicht verwechselt werden"},
		{Rulebook: "digital assistant", DE: "digitaler Assistent", Source: Scorer, Note: "Stapelwerte, Nachziehen, Rückgängig, mit oder ohne Kartenwerte"},
		{Rulebook: "rules", DE: "Spielregel", Files: []string{"thegame/regeln"}},
	},
	decks.Genial: {
		{Rulebook: "question cards (a, b, c, correct answer marked with an asterisk)", DE: "Fragekarten (a, b, c; die richtige Antwort mit Sternchen)",
			Files: []string{"genial/karten"}, Counts: []Tally{{"Karten", 0, "Karten"}}, Note: "weitere Karten mit eigenen Decks: druckreif template genial"},
		{Rulebook: "answer tiles (a, b, c) per player colour", DE: "Antwortplättchen a, b, c je Spielerfarbe", Files: []string{"genial/antwortplaettchen-figuren"},
			Counts: []Tally{{"Antwortplättchen", 0, "Plättchen (sechs Farben)"}}},
		{Rulebook: "game pieces", DE: "Spielfiguren", Files: []string{"genial/antwortplaettchen-figuren"}, Counts: []Tally{{"Spielfigur", 0, "Figuren"}}},
		{Rulebook: "game board (score track)", DE: "Spielplan (Punkteleiste)", Files: []string{"genial/spielplan"},
			Note: "Punkteleiste 0–300 und das abc-Feld für die verdeckten Antwortplättchen"},
		{Rulebook: "rules", DE: "Spielregel", Files: []string{"genial/regeln"}},
	},
	decks.Raab: {
		{Rulebook: "2 stand feet", DE: "2 Standfüße", Files: []string{"raab/figuren"}, Counts: []Tally{{"Aufsteller", 2, "Aufstellern mit Fuß"}},
			Note: "an den Aufstellern angeformt: umknicken und ankleben"},
		{Rulebook: "2 \"Stimmt's?\" chips", DE: "2 „Stimmt’s?“-Chips", Files: []string{"raab/chips-karten"}, Counts: []Tally{{"Stimmt’s?-Chip", 2, "Chips"}}},
		{Rulebook: "1 Stefan stand-up, 1 Elton / Steven stand-up", DE: "1 Aufsteller Stefan, 1 Aufsteller Elton/Steven", Files: []string{"raab/figuren"},
			Counts: []Tally{{"Aufsteller", 2, "Aufstellern"}}, Note: "Rollen, keine Gesichter: Stefan und Moderation, diese mit einer Elton-Seite"},
		{Rulebook: "2 playing pieces (1 red, 1 blue)", DE: "2 Spielfiguren (rot, blau)", Files: []string{"raab/figuren"}, Counts: []Tally{{"Spielfigur", 2, "Figuren"}}},
		{Rulebook: "1 Buzzer", DE: "1 Buzzer", Source: Scorer, Note: scorerBuzzer},
		{Rulebook: "1 round indicator (grey), 2 score indicators (1 red, 1 blue)", DE: "1 Rundenanzeiger (grau), 2 Punkteanzeiger (rot, blau)",
			Files: []string{"raab/figuren", "raab/gesamtpunkte-runden"}, Counts: []Tally{{"Rundenanzeiger", 1, "Rundenanzeigern"}, {"Punkteanzeiger", 2, "Punkteanzeigern"}}},
		{Rulebook: "1 sorting aid with sorting strips for the individual quiz games", DE: "1 Sortierhilfe mit Sortierstreifen für die einzelnen Quizspiele",
			Files: []string{"raab/sortierstreifen"}, Counts: []Tally{{"Sortierstreifen", 0, "Trennkarten, eine je Spiel mit Karten"}},
			Note: "Trennkarten mit Lasche statt des Streifens; als Box dient ein Schuhkarton"},
		{Rulebook: "2 game-selection spinners (to be assembled)", DE: "2 Drehscheiben zur Spielauswahl (zum Zusammenbauen)", Files: []string{"raab/drehscheibe"},
			Note: "die Quiz-Drehscheibe; die zweite dient nur der Kombination mit Schlag den Raab 1/2; " + scorerSpinner},
		{Rulebook: "3 small wooden dice", DE: "3 kleine Holzwürfel", Files: []string{"raab/figuren"}, Counts: []Tally{{"Würfelmarke", 3, "Marken"}},
			Note: "als Marken auf der Landkarte, nie gewürfelt"},
		{Rulebook: "Combo spinner (double-sided) for Das Quiz + Schlag den Raab 1 or 2", DE: "Kombi-Drehscheibe (beidseitig) für Das Quiz + Schlag den Raab 1 oder 2",
			Source: Players, Note: "nur zur Kombination mit Schlag den Raab 1/2: aus jenem Spiel"},
		{Rulebook: "Quiz spinner for Schlag den Raab – Das Quiz", DE: "Quiz-Drehscheibe für Schlag den Raab – Das Quiz", Files: []string{"raab/drehscheibe"},
			Note: scorerSpinner},
		{Rulebook: "1 sand timer", DE: "1 Sanduhr", Source: Scorer, Note: scorerTimer},
		{Rulebook: "240 quiz and game cards*: 233 quiz cards, 4 Teamplayer cards, 3 Wild Cards (* The quiz cards have an orange corner. This is how you can easily tell them apart from the cards of Schlag den Raab 1 (yellow) and 2 (silver).)",
			DE: "240 Quiz- und Spielkarten: 233 Quizkarten (mit oranger Ecke), 4 Teamplayer-Karten, 3 Wild Cards", Files: []string{"raab/karten", "raab/chips-karten"},
			Counts: []Tally{{"Karten", 233, "Quizkarten"}, {"Teamplayer-Karte", 4, "Teamplayer-Karten"}, {"Wild", 3, "Wild Cards"}},
			Note:   "weitere Quizkarten mit eigenen Decks: druckreif template raab"},
		{Rulebook: "1 score track for the individual games", DE: "1 Punkteleiste für die Einzelspiele", Files: []string{"raab/punkteleiste-einzelspiele"}},
		{Rulebook: "8 letter chips (4 red, 4 blue)", DE: "8 Buchstabenchips (4 rot, 4 blau)", Files: []string{"raab/chips-karten"},
			Counts: []Tally{{"Buchstabenchip", 8, "Chips"}}},
		{Rulebook: "1 two-part world map (reverse sides: Germany and Europe)", DE: "1 zweiteilige Weltkarte (Rückseiten: Deutschland und Europa)",
			Files: []string{"raab/landkarten"}, Note: "drei Blätter: Deutschland, Europa, Welt"},
		{Rulebook: "2 risk discs (to be assembled)", DE: "2 Risikoscheiben (zum Zusammenbauen)", Files: []string{"raab/risikoscheiben"}},
		{Rulebook: "box edge with the total points (8, 28, 61 highlighted) and the round spaces", DE: "Schachtelrand mit den Gesamtpunkten (8, 28, 61 hervorgehoben) und den Rundenfeldern",
			Files: []string{"raab/gesamtpunkte-runden"}},
		{Rulebook: "host cards (rules of every game, read out by the host)", DE: "Moderationskarten (die Regeln jedes Spiels zum Vorlesen)",
			Files: []string{"raab/moderationskarten"}, Counts: []Tally{{"Karten", 0, "Karten, eine je Spiel"}}},
		{Rulebook: "photocopiable template for notes", DE: "Kopiervorlage für Notizen", Files: []string{"raab/notizblatt"}},
		{Rulebook: "pen and paper", DE: "Stift und Papier", Source: Players, Note: "für Schätzen, Entfernungen, Buchstabieren u. a."},
		{Rulebook: "Internet access (Suchmaschinen)", DE: "Internetzugang (Suchmaschinen)", Source: Players, Note: "ein Handy mit Suchmaschine"},
		{Rulebook: "rules", DE: "Spielregel", Files: []string{"raab/regeln"}},
	},
}

// GameIndex is the kit index of one game: its files and the checklist,
// which counts what the files hold against the rulebook.
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
	b.WriteString("\nMaterial laut Spielregel ([x] wie im Original, [~] weniger als im Original, leere Klammern: fehlt in diesem Build):\n")
	for _, c := range Checklists[g] {
		mark, where := checkComponent(g, c, mine)
		fmt.Fprintf(&b, "%s %s – %s", mark, c.DE, where)
		switch {
		case c.Note != "" && c.Source == Scorer:
			fmt.Fprintf(&b, ": %s", c.Note)
		case c.Note != "":
			fmt.Fprintf(&b, " (%s)", c.Note)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// checkComponent says whether a component is there and where: the files
// holding it, with what they hold counted against the rulebook. A folder
// may hold the same files for several layouts (karten.pdf beside
// karten-letter.pdf, a reprint beside the full deck): each layout is
// counted on its own, and the best one sets the mark.
func checkComponent(g decks.Game, c Component, mine []File) (mark, where string) {
	if c.Source != Printed {
		return "[x]", c.Source.String()
	}
	var found []File
	for _, f := range mine {
		for _, pre := range c.Files {
			if strings.HasPrefix(f.Path, pre) {
				found = append(found, f)
				break
			}
		}
	}
	if len(found) == 0 {
		return "[ ]", "fehlt in diesem Build"
	}
	names := func(files []File) string {
		var n []string
		for _, f := range files {
			n = append(n, strings.TrimPrefix(f.Path, string(g)+"/"))
		}
		return strings.Join(uniq(n), ", ")
	}
	if len(c.Counts) == 0 {
		return "[x]", "gedruckt: " + names(found)
	}
	var variants []string
	byVariant := map[string][]File{}
	for _, f := range found {
		v := variantOf(f.Path)
		if byVariant[v] == nil {
			variants = append(variants, v)
		}
		byVariant[v] = append(byVariant[v], f)
	}
	sort.Strings(variants) // A4 duplex ("") first
	rank := map[string]int{"[ ]": 0, "[~]": 1, "[x]": 2}
	mark = "[ ]"
	var parts []string
	for _, v := range variants {
		vm, counted := tally(c.Counts, byVariant[v])
		if rank[vm] > rank[mark] {
			mark = vm
		}
		parts = append(parts, counted+" in "+names(byVariant[v]))
	}
	return mark, "gedruckt: " + strings.Join(parts, "; ")
}

// tally counts a component in the files of one layout.
func tally(counts []Tally, files []File) (mark, counted string) {
	got := make([]int, len(counts))
	for _, f := range files {
		if f.countUnknown {
			// Written by a build that kept no counts: the file is there, its
			// contents are not known.
			return "[x]", "Anzahl unbekannt (neu bauen, um zu zählen)"
		}
		for i, t := range counts {
			got[i] += f.Count[t.Key]
		}
	}
	mark = "[x]"
	var out []string
	for i, t := range counts {
		switch {
		case got[i] == 0:
			mark = "[ ]"
		case got[i] < t.Want && mark == "[x]":
			mark = "[~]"
		}
		if t.Want > 0 {
			out = append(out, fmt.Sprintf("%d von %d %s", got[i], t.Want, t.Noun))
		} else {
			out = append(out, fmt.Sprintf("%d %s", got[i], t.Noun))
		}
	}
	return mark, strings.Join(out, ", ")
}

// variantOf is the layout a kit file was built for, as its name says it
// (see fileSuffix): "" for A4 duplex, "-falz-letter", "-nachdruck" for a
// reprint, "-a3" for the pieces of the A3 board. The parts of one file (-teil1, -teil2) are one layout.
func variantOf(p string) string {
	var v strings.Builder
	for _, part := range strings.Split(strings.TrimSuffix(path.Base(p), ".pdf"), "-") {
		if variantWords[part] {
			v.WriteString("-" + part)
		}
	}
	return v.String()
}

// variantWords are the words fileSuffix and reprints add to a file name.
var variantWords = map[string]bool{"a3": true, "nachdruck": true, "falz": true, "einzeln": true, "letter": true, "universal": true, "sparsam": true}

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
