// Package decks turns question spreadsheets into typed, validated cards.
//
// A deck is a workbook (an .xlsx or .ods file, a folder of .csv files, or
// an online spreadsheet's export link read by package decks/remote) with a
// sheet "Deck" describing it and one or more card sheets. Load reads one
// deck and reports every problem with file, sheet, row and column; a Set
// combines decks, filters them by region and finds cards by their printed
// ID. Everything downstream — the print engine, the rules engines and the
// scorer — reads cards only through this package.
package decks

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"druckreif/decks/workbook"
)

// Game names one of the five games.
type Game string

const (
	Labyrinth Game = "labyrinth" // Der Dativ ist dem Genitiv sein Tod: Das große Spiel
	Dativ     Game = "dativ"     // Der Dativ ist dem Genitiv sein Tod: the card game
	Genial    Game = "genial"    // Genial daneben: Das Spiel
	Raab      Game = "raab"      // Schlag den Raab – Das Quiz
	TheGame   Game = "thegame"   // The Game (generated, no spreadsheet)
)

// Games lists the games in the order the kit presents them.
var Games = []Game{Labyrinth, Dativ, TheGame, Genial, Raab}

// Title is the game's name as printed.
func (g Game) Title() string {
	switch g {
	case Labyrinth:
		return "Der Dativ ist dem Genitiv sein Tod: Das große Spiel"
	case Dativ:
		return "Der Dativ ist dem Genitiv sein Tod: Das Kartenspiel"
	case Genial:
		return "Genial daneben: Das Spiel"
	case Raab:
		return "Schlag den Raab – Das Quiz"
	case TheGame:
		return "The Game"
	}
	return string(g)
}

// ParseGame reads a game name as typed on the command line or in a Deck
// sheet.
func ParseGame(s string) (Game, bool) {
	switch workbook.NormalizeName(s) {
	case "labyrinth", "dasgrossespiel", "grossesspiel", "labyrinthspiel":
		return Labyrinth, true
	case "dativ", "kartenspiel", "dativkarten", "dativcards":
		return Dativ, true
	case "genial", "genialdaneben":
		return Genial, true
	case "raab", "schlagdenraab", "schlagdenraabdasquiz", "raabquiz":
		return Raab, true
	case "thegame", "game":
		return TheGame, true
	}
	return "", false
}

// DeckInfo is what the Deck sheet says about a deck. Every card points to
// it, so a printed card can show its deck's name, version and region.
type DeckInfo struct {
	Game     Game
	Name     string
	NameCell Location // where Name was written, for messages about it
	Code     string   // Kennung: A–Z and 0–9, at most 8 characters, part of every card ID
	Version  string   // printed and carried in the QR code: A–Z, 0–9, "." and "-"
	Region   string   // region of every card without its own
	Language string
	Source   string // the deck's path as given, for messages
	// Default marks an embedded default deck (its Raab cards carry the
	// rulebook's orange-corner numbers).
	Default bool
}

// Deck is one workbook's cards, typed per game.
type Deck struct {
	Info      *DeckInfo
	Labyrinth []*LabyrinthCard
	Dativ     []*DativCard
	Genial    []*GenialCard
	Raab      []*RaabCard
}

// Len is the number of physical cards in the deck.
func (d *Deck) Len() int {
	return len(d.Labyrinth) + len(d.Dativ) + len(d.Genial) + len(d.Raab)
}

// Origin is the row a card side came from, so that later stages (the print
// engine's text fitting) can name the exact cell of a problem.
type Origin struct {
	File  string
	Sheet string
	Row   int
	cols  map[string]string // canonical column → header as written
}

func (r row) origin() Origin {
	return Origin{File: r.t.file, Sheet: r.t.sheet.Name, Row: r.Number(), cols: r.t.headerNames}
}

// Cell locates one field of the row by its canonical column name.
func (o Origin) Cell(column string) Location {
	col := column
	if h, ok := o.cols[column]; ok {
		col = h
	}
	return Location{File: o.File, Sheet: o.Sheet, Row: o.Row, Column: col}
}

// LoadPath reads the deck at a path on disk: an .xlsx or .ods file or a
// folder of .csv files. An address (https://…) is refused here: decks
// from the web are read by package decks/remote (see Options.Remote).
func LoadPath(path string) (*Deck, Problems) {
	var probs Problems
	if path == "" {
		probs.errorf(Location{File: "''"}, "leerer Pfad: bitte eine .xlsx- oder .ods-Datei oder einen Ordner angeben (für den aktuellen Ordner: .)",
			"empty path: please name an .xlsx or .ods file or a folder (for the current folder: .)")
		return nil, probs
	}
	if IsURL(path) {
		probs.errorf(Location{File: path}, "eine Adresse im Netz kann hier nicht gelesen werden", "an address on the web cannot be read here")
		return nil, probs
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return Load(os.DirFS(filepath.Dir(abs)), filepath.Base(abs), path)
}

// IsURL reports whether a deck is named by an address with a scheme
// (https://…, http://…, or one druckreif refuses, such as ftp://), not by
// a path.
func IsURL(s string) bool {
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok || len(scheme) < 2 || rest == "" {
		return false // "C://x" is no address either
	}
	for i, c := range scheme {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// Load reads the deck at name in fsys; display names it in messages. The
// deck is nil when it has errors.
func Load(fsys fs.FS, name, display string) (*Deck, Problems) {
	wb, err := workbook.Open(fsys, name, display, workbook.DefaultLimits)
	return LoadWorkbook(wb, err, display)
}

// LoadWorkbook reads the deck in an opened workbook; err is the error of
// opening it, reported as the deck's problem. display names the deck in
// messages. The deck is nil when it has errors.
func LoadWorkbook(wb *workbook.Workbook, err error, display string) (*Deck, Problems) {
	var probs Problems
	if err != nil {
		if we, ok := err.(*workbook.Error); ok {
			probs.addRead(Error, we)
		} else {
			probs.errorf(Location{File: display}, "%v", "%v", err)
		}
		return nil, probs
	}
	for _, w := range wb.Warnings {
		probs.addRead(Warning, w)
	}
	deck := parseWorkbook(wb, &probs)
	if probs.HasErrors() {
		return nil, probs
	}
	return deck, probs
}

// parseWorkbook reads the Deck sheet and then the game's card sheets; no
// other sheet is read.
func parseWorkbook(wb *workbook.Workbook, probs *Problems) *Deck {
	known := map[*workbook.Sheet]bool{}
	info := parseDeckSheet(wb, known, probs)
	if info == nil {
		return nil
	}
	d := &Deck{Info: info}
	for _, s := range wb.Sheets {
		if workbook.NormalizeName(s.Name) == workbook.NormalizeName("Anleitung") {
			known[s] = true // the template's instructions
		}
	}
	switch info.Game {
	case Labyrinth:
		d.Labyrinth = parseLabyrinth(wb, info, known, probs)
	case Dativ:
		d.Dativ = parseDativ(wb, info, known, probs)
	case Genial:
		d.Genial = parseGenial(wb, info, known, probs)
	case Raab:
		d.Raab = parseRaab(wb, info, known, probs)
	}
	for _, s := range wb.Sheets {
		if !known[s] {
			probs.warnf(Location{File: s.File, Sheet: s.Name},
				"unbekanntes Tabellenblatt, es wird nicht gelesen", "unknown sheet, it is not read")
		}
	}
	if d.Len() == 0 && !probs.HasErrors() {
		probs.errorf(Location{File: wb.Path}, "das Deck enthält keine Karten", "the deck holds no cards")
	}
	return d
}

var deckSheetNames = []string{"Deck"}

var (
	codePattern     = regexp.MustCompile(`^[A-Z0-9]{1,8}$`)
	versionPattern  = regexp.MustCompile(`^[0-9A-Z][0-9A-Z.\-]{0,15}$`)
	numberVersion   = regexp.MustCompile(`^[0-9]+,[0-9]+$`)
	languagePattern = regexp.MustCompile(`^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$`)
	yearPattern     = regexp.MustCompile(`^(19|20|21)\d\d$`)
)

// deckKeys are the keys of the Deck sheet, canonical first.
var deckKeys = map[string]string{
	"spiel": "Spiel", "game": "Spiel",
	"name":    "Name",
	"kennung": "Kennung", "code": "Kennung",
	"version": "Version",
	"region":  "Region",
	"sprache": "Sprache", "language": "Sprache",
}

// parseDeckSheet reads the key/value sheet "Deck".
func parseDeckSheet(wb *workbook.Workbook, known map[*workbook.Sheet]bool, probs *Problems) *DeckInfo {
	sheet, usable := findSheet(wb, known, probs, deckSheetNames...)
	if sheet == nil {
		if usable {
			probs.errorf(Location{File: wb.Path, Sheet: "Deck"},
				"das Tabellenblatt fehlt (Schlüssel in Spalte A, Wert in Spalte B: Spiel, Name, Kennung, Version)",
				"the sheet is missing (key in column A, value in column B: Spiel, Name, Kennung, Version)")
		}
		return nil
	}
	at := func(row int, key string) Location {
		return Location{File: sheet.File, Sheet: sheet.Name, Row: row, Column: key}
	}
	values := map[string]string{}
	rows := map[string]int{}
	keys := map[string]string{}
	for i, cells := range sheet.Rows {
		if len(cells) == 0 || strings.TrimSpace(strings.Join(cells, "")) == "" {
			continue
		}
		rawKey := strings.TrimSpace(cells[0])
		for c, v := range cells {
			checkCell(probs, at(i+1, rawKey), v, sheet.Note(i, c))
		}
		key, ok := deckKeys[workbook.NormalizeName(rawKey)]
		if !ok {
			probs.warnf(at(i+1, rawKey), "unbekannter Schlüssel, er wird nicht gelesen (bekannt: Spiel, Name, Kennung, Version, Region, Sprache)",
				"unknown key, it is not read (known: Spiel, Name, Kennung, Version, Region, Sprache)")
			continue
		}
		if prev, dup := rows[key]; dup {
			probs.errorf(at(i+1, rawKey), "der Schlüssel steht doppelt (schon in Zeile %d)",
				"the key appears twice (already in row %d)", prev)
			continue
		}
		v := ""
		if len(cells) > 1 {
			v = strings.TrimSpace(cells[1])
		}
		values[key], rows[key], keys[key] = v, i+1, rawKey
	}
	info := &DeckInfo{Source: wb.Path, Language: "de"}
	ok := true
	need := func(key string) string {
		v, present := values[key]
		if !present {
			probs.errorf(Location{File: sheet.File, Sheet: sheet.Name, Column: key},
				"Pflichtangabe fehlt", "required entry is missing")
			ok = false
		} else if v == "" {
			probs.errorf(at(rows[key], keys[key]), "leere Pflichtzelle (Wert in Spalte B)",
				"required cell is empty (value in column B)")
			ok = false
		}
		return v
	}
	if v := need("Spiel"); v != "" {
		g, known := ParseGame(v)
		switch {
		case !known:
			probs.errorf(at(rows["Spiel"], keys["Spiel"]), "unbekanntes Spiel „%s“ (erlaubt: labyrinth, dativ, genial, raab)",
				"unknown game %q (allowed: labyrinth, dativ, genial, raab)", v)
			ok = false
		case g == TheGame:
			probs.errorf(at(rows["Spiel"], keys["Spiel"]), "The Game braucht kein Deck: seine Karten 1–100 werden erzeugt",
				"The Game needs no deck: its cards 1–100 are generated")
			ok = false
		default:
			info.Game = g
		}
	}
	info.Name = need("Name")
	if info.Name != "" {
		info.NameCell = at(rows["Name"], keys["Name"])
		if n := utf8.RuneCountInString(info.Name); n > maxNameRunes {
			probs.errorf(info.NameCell, "der Name ist zu lang (%d Zeichen, höchstens %d): er steht klein auf jeder Karte neben dem QR-Code",
				"the name is too long (%d characters, at most %d): it is printed small on every card beside the QR code", n, maxNameRunes)
			ok = false
		} else if strings.ContainsAny(info.Name, "\n\t") {
			probs.errorf(info.NameCell, "der Name muss in eine Zeile passen (ohne Zeilenumbruch)",
				"the name must fit on one line (no line break)")
			ok = false
		}
	}
	if v := need("Kennung"); v != "" {
		if !codePattern.MatchString(v) {
			probs.errorf(at(rows["Kennung"], keys["Kennung"]), "„%s“ ist keine gültige Kennung (A–Z und 0–9, höchstens 8 Zeichen)",
				"%q is not a valid code (A–Z and 0–9, at most 8 characters)", v)
			ok = false
		}
		info.Code = v
	}
	if v := need("Version"); v != "" {
		if numberVersion.MatchString(v) {
			// Typed as a number, 1.0 reads as a German spreadsheet shows
			// it, 1,0; it is meant as 1.0.
			v = strings.Replace(v, ",", ".", 1)
		}
		if !versionPattern.MatchString(v) {
			probs.errorf(at(rows["Version"], keys["Version"]), "„%s“ ist keine gültige Version (A–Z, 0–9, „.“ und „-“, höchstens 16 Zeichen, z. B. 1.0)",
				"%q is not a valid version (A–Z, 0–9, \".\" and \"-\", at most 16 characters, e.g. 1.0)", v)
			ok = false
		}
		info.Version = v
	}
	if v := values["Region"]; v != "" {
		code, known := CanonicalRegion(v)
		if !known {
			probs.errorf(at(rows["Region"], keys["Region"]), "unbekannter Regionscode „%s“ (bekannt: %s)",
				"unknown region code %q (known: %s)", v, strings.Join(Regions(), ", "))
			ok = false
		}
		info.Region = code
	}
	if v := values["Sprache"]; v != "" {
		if !languagePattern.MatchString(v) {
			probs.errorf(at(rows["Sprache"], keys["Sprache"]), "„%s“ ist kein Sprachcode (z. B. de)",
				"%q is not a language code (e.g. de)", v)
			ok = false
		}
		info.Language = v
	}
	if !ok {
		return nil
	}
	return info
}

// Columns every card sheet may have.
var (
	regionColumn = Column{Name: "Region", Aliases: []string{"Region code"}, Width: 10,
		Help: "Leer für Karten, die alle Deutschsprachigen betreffen; sonst der Regionscode, z. B. de-AT, de-CH, de-DE-BY (siehe docs/decks.md)."}
	verbatimColumn = Column{Name: "Wörtlich", Aliases: []string{"Verbatim"}, Choices: []string{"ja", "nein"}, Width: 9,
		Help: "„ja“, wenn die Karte Rechtschreibung, Zeichensetzung oder Trennung selbst prüft: Der Druck übernimmt den Text dann genau so (keine Anführungszeichen-Umwandlung, keine automatische Silbentrennung)."}
	standColumn = Column{Name: "Stand", Aliases: []string{"As of", "Year"}, Width: 8,
		Help: "Jahr, in dem die Angabe galt (bei Entfernungen, Einwohnerzahlen, Fernsehprogrammen), z. B. 2026."}
)

var yesNo = map[string]bool{"ja": true, "yes": true, "j": true, "y": true, "x": true, "nein": false, "no": false, "n": false}

// region reads a row's Region cell, falling back to the deck's region. ok
// is false when the cell holds an unknown code (already reported), so that
// callers do not report follow-up differences between sides.
func (r row) region(info *DeckInfo) (code string, ok bool) {
	v := r.get("Region")
	if v == "" {
		return info.Region, true
	}
	code, ok = CanonicalRegion(v)
	if !ok {
		r.errorf("Region", "unbekannter Regionscode „%s“ (bekannt: %s)", "unknown region code %q (known: %s)",
			v, strings.Join(Regions(), ", "))
		return "", false
	}
	return code, true
}

// verbatim reads a row's Wörtlich cell.
func (r row) verbatim() bool {
	v, _ := choice(r, "Wörtlich", false, yesNo)
	return v
}

// stand reads an optional year a fact was true.
func (r row) stand() string {
	v := r.get("Stand")
	if v != "" && !yearPattern.MatchString(v) {
		r.errorf("Stand", "„%s“ ist kein Jahr (z. B. 2026)", "%q is not a year (e.g. 2026)", v)
		return ""
	}
	return v
}

// cardSheet finds and reads a card sheet, reports it missing if required,
// and marks it as known.
func cardSheet(wb *workbook.Workbook, schema *SheetSchema, known map[*workbook.Sheet]bool, required bool, probs *Problems) *table {
	s, ok := findSheet(wb, known, probs, append([]string{schema.Name, schema.Title}, schema.Aliases...)...)
	if s == nil {
		if required && ok {
			probs.errorf(Location{File: wb.Path, Sheet: schema.Name}, "das Tabellenblatt fehlt", "the sheet is missing")
		}
		return nil
	}
	return bindTable(s.File, s, schema, probs)
}

// findSheet finds a sheet by its names and reads it. Sheets whose names an
// author cannot tell apart ("Wer lügt?" and "Wer luegt") are an error at
// the second, not an "unknown sheet". ok is false when the sheet exists
// but cannot be used (already reported).
func findSheet(wb *workbook.Workbook, known map[*workbook.Sheet]bool, probs *Problems, names ...string) (s *workbook.Sheet, ok bool) {
	s, more := wb.Find(names...)
	if s == nil {
		return nil, true
	}
	known[s] = true
	for _, m := range more {
		known[m] = true
		probs.errorf(Location{File: m.File, Sheet: m.Name},
			"das Tabellenblatt steht doppelt: „%s“ und „%s“ meinen dasselbe Blatt; bitte zusammenführen oder eines löschen",
			"the sheet appears twice: %q and %q name the same sheet; please merge them or delete one", s.Name, m.Name)
	}
	if len(more) > 0 {
		return nil, false
	}
	if err := wb.Load(s); err != nil {
		if we, isRead := err.(*workbook.Error); isRead {
			probs.addRead(Error, we)
		} else {
			probs.errorf(Location{File: s.File, Sheet: s.Name}, "%v", "%v", err)
		}
		return nil, false
	}
	return s, true
}

// maxNameRunes bounds a deck's name, which every card prints in its
// footer beside the QR code; the print engine also measures it.
const maxNameRunes = 40
