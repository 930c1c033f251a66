package decks

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"druckreif/decks/workbook"
)

// MiniGame is one of the quiz games of Schlag den Raab – Das Quiz with its
// sheet, its cards' layout needs and its task type.
type MiniGame struct {
	Code         string // in card IDs, e.g. "AK"; stable, never reused
	Name         string // as the rulebook prints it, e.g. "Wer lügt?"
	ThreePlayers bool   // marked "3": needs a host besides the two players
	Sided        bool   // rows say which side of the card they are on (Seite)
	// PerCard is how many tasks a card (or, for sided games, a card side)
	// holds in the rulebook; MaxPerCard is how many fit the printed card.
	PerCard, MaxPerCard int
	// Key is the column whose value may appear only once in a deck (the
	// same licence plate or question twice is a mistake).
	Key       string
	Sheet     SheetSchema
	parse     func(r row) RaabTask
	checkCard func(c *RaabCard, rows []row)
}

// RaabTask is one question, word or statement on a Raab card. Each mini-game
// has its own task type; Prompt is what the host reads, Solution what is
// printed where the rulebook puts it (often the back of the card).
type RaabTask interface {
	Prompt() string
	Solution() string
	Source() Origin
}

// RaabCard is one quiz card of a mini-game.
type RaabCard struct {
	ID     string // RAAB-<Kennung>-<Code>-<Karte>
	Deck   *DeckInfo
	Game   *MiniGame
	Number int // Karte: the card's number within its mini-game
	// Serial is the card number printed for the sorting aid, counted over
	// all mini-games in the rulebook's order (1–233 in the original). It is
	// derived when decks are combined and is not part of the ID.
	Serial int
	// rulebook is the rulebook's orange-corner number of a default deck's
	// card (numberByRulebook), 0 for a user's card.
	rulebook int
	Region   string
	Stand    string // the latest year a fact on the card was true, if given
	Tasks    []RaabTask
}

// SideID is the ID of the card's front (V) or back (H).
func (c *RaabCard) SideID(back bool) string {
	if back {
		return c.ID + "-H"
	}
	return c.ID + "-V"
}

// Side returns the tasks on one side of a sided card (Buchstabieren, Tipp
// für Tipp); for other games every task is on the front.
func (c *RaabCard) Side(back bool) []RaabTask {
	var out []RaabTask
	for _, t := range c.Tasks {
		if s, ok := t.(interface{ OnBack() bool }); ok && s.OnBack() == back {
			out = append(out, t)
		} else if !ok && !back {
			out = append(out, t)
		}
	}
	return out
}

// MiniGameByCode finds a mini-game by its ID code.
func MiniGameByCode(code string) *MiniGame {
	for _, g := range MiniGames {
		if g.Code == code {
			return g
		}
	}
	return nil
}

// MiniGameByName finds a mini-game by its rulebook name or sheet name.
func MiniGameByName(name string) *MiniGame {
	n := workbook.NormalizeName(name)
	for _, g := range MiniGames {
		if workbook.NormalizeName(g.Name) == n || workbook.NormalizeName(g.Sheet.Name) == n {
			return g
		}
	}
	return nil
}

func raabCardID(code, game string, nr int) string {
	return fmt.Sprintf("RAAB-%s-%s-%d", code, game, nr)
}

var karteColumn = Column{Name: "Karte", Aliases: []string{"Card"}, Required: true, Width: 7,
	Help: "Nummer der Karte innerhalb dieses Spiels (ab 1); alle Zeilen mit derselben Nummer stehen auf einer Karte."}

func parseRaab(wb *workbook.Workbook, info *DeckInfo, known map[*workbook.Sheet]bool, probs *Problems) []*RaabCard {
	var cards []*RaabCard
	for _, g := range MiniGames {
		t := cardSheet(wb, &g.Sheet, known, false, probs)
		if t == nil {
			continue
		}
		cards = append(cards, parseMiniGame(t, g, info)...)
	}
	return cards
}

// parseMiniGame groups the rows of one mini-game's sheet into cards.
func parseMiniGame(t *table, g *MiniGame, info *DeckInfo) []*RaabCard {
	byNumber := map[int]*RaabCard{}
	rowsOf := map[int][]row{}
	keys := questionIndex{}
	for _, r := range t.rows() {
		nr, ok := r.positive("Karte")
		task := g.parse(r)
		region, regionOK := r.region(info)
		stand := r.stand()
		keys.check(r, g.Key, r.get(g.Key))
		if !ok || task == nil {
			continue
		}
		c := byNumber[nr]
		if c == nil {
			c = &RaabCard{ID: raabCardID(info.Code, g.Code, nr), Deck: info, Game: g, Number: nr, Region: region}
			byNumber[nr] = c
		} else if c.Region != region && regionOK {
			first := rowsOf[nr][0]
			r.errorf("Region", "Karte %d: die Region „%s“ weicht von Zeile %d ab („%s“); die Region gehört zur ganzen Karte",
				"card %d: region %q differs from row %d (%q); a region belongs to the whole card",
				nr, region, first.Number(), c.Region)
		}
		if stand > c.Stand {
			c.Stand = stand
		}
		c.Tasks = append(c.Tasks, task)
		rowsOf[nr] = append(rowsOf[nr], r)
	}
	var nrs []int
	for nr := range byNumber {
		nrs = append(nrs, nr)
	}
	sort.Ints(nrs)
	var cards []*RaabCard
	for _, nr := range nrs {
		c, rows := byNumber[nr], rowsOf[nr]
		checkTaskCount(g, c, rows)
		if g.checkCard != nil {
			g.checkCard(c, rows)
		}
		cards = append(cards, c)
	}
	return cards
}

// checkTaskCount reports a card (or card side) with more tasks than fit the
// printed card, and a sided card with an empty side. Fewer tasks than the
// original cards hold is fine: a small regional deck may have them.
func checkTaskCount(g *MiniGame, c *RaabCard, rows []row) {
	groups := [][]row{rows}
	if g.Sided {
		groups = [][]row{nil, nil}
		for _, r := range rows {
			face, _ := choice(r, "Seite", false, dativFaces)
			groups[face] = append(groups[face], r)
		}
	}
	for face, rs := range groups {
		if len(rs) == 0 {
			rows[0].warnf("Seite", "Karte %d hat keine Aufgaben auf der Seite „%s“ (zu zweit spielt jeder eine Seite)",
				"card %d has no tasks on side %q (with two players each plays one side)", c.Number, DativFace(face).String())
			continue
		}
		if len(rs) > g.MaxPerCard {
			rs[len(rs)-1].errorf("Karte", "Karte %d hat %d Aufgaben%s; auf eine Karte passen höchstens %d",
				"card %d has %d tasks%s; at most %d fit on a card", c.Number, len(rs), sideNote(g, face), g.MaxPerCard)
		}
	}
}

func sideNote(g *MiniGame, face int) string {
	if !g.Sided {
		return ""
	}
	return " (" + DativFace(face).String() + ")"
}

// sameOnCard reports rows of one card that differ in a column that belongs
// to the whole card (e.g. Buchstabensalat's category, Wo liegt was?'s map).
func sameOnCard(c *RaabCard, rows []row, col string) {
	first := rows[0].get(col)
	for _, r := range rows[1:] {
		if !strings.EqualFold(r.get(col), first) && r.get(col) != "" && first != "" {
			r.errorf(col, "Karte %d: „%s“ weicht von Zeile %d ab („%s“); alle Aufgaben einer Karte teilen diese Angabe",
				"card %d: %q differs from row %d (%q); all tasks of a card share this value",
				c.Number, r.get(col), rows[0].Number(), first)
		}
	}
}

// integer reads a whole number, negative allowed, "1.234" as thousands.
func (r row) integer(col string, required bool) (int, bool) {
	v := r.get(col)
	if v == "" {
		if required {
			r.errorf(col, "leere Pflichtzelle", "required cell is empty")
		}
		return 0, false
	}
	n, ok := parseInteger(v)
	if !ok {
		r.errorf(col, "„%s“ ist keine ganze Zahl", "%q is not a whole number", v)
	}
	return n, ok
}

var thousands = regexp.MustCompile(`^-?\d{1,3}([.\x{202F} ]\d{3})+$`)

func parseInteger(v string) (int, bool) {
	v = strings.ReplaceAll(v, "−", "-")
	if thousands.MatchString(v) {
		v = strings.NewReplacer(".", "", " ", "", "\u202f", "").Replace(v)
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// number reads a decimal number as Germans write it ("3,5", "1.234,5") or
// with a decimal point ("3.5"); it returns the value and the text.
func (r row) number(col string, required bool) (float64, bool) {
	v := r.get(col)
	if v == "" {
		if required {
			r.errorf(col, "leere Pflichtzelle", "required cell is empty")
		}
		return 0, false
	}
	f, ok := parseNumber(v)
	if !ok {
		r.errorf(col, "„%s“ ist keine Zahl (z. B. 1234 oder 3,5)", "%q is not a number (e.g. 1234 or 3,5)", v)
	}
	return f, ok
}

var (
	decimalPattern = regexp.MustCompile(`^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$`)
	// pointPattern is what remains for strconv.ParseFloat: digits with a
	// decimal point. ParseFloat alone would also take "NaN", "Inf", "1e9"
	// and hexadecimal "0x1p-3", which no author means as an answer.
	pointPattern = regexp.MustCompile(`^-?\d+(\.\d+)?$`)
)

func parseNumber(v string) (float64, bool) {
	v = strings.NewReplacer("−", "-", "\u202f", "", " ", "").Replace(v)
	if decimalPattern.MatchString(v) {
		v = strings.ReplaceAll(strings.ReplaceAll(v, ".", ""), ",", ".")
	}
	if !pointPattern.MatchString(v) {
		return 0, false
	}
	f, err := strconv.ParseFloat(v, 64)
	return f, err == nil && !math.IsInf(f, 0)
}

// coordinate reads degrees; a point or a comma is always the decimal
// separator here ("10.123" is ten degrees, not ten thousand).
func (r row) coordinate(col string) (float64, bool) {
	v := r.need(col)
	if v == "" {
		return 0, false
	}
	v = strings.Replace(strings.ReplaceAll(v, "−", "-"), ",", ".", 1)
	f, err := strconv.ParseFloat(v, 64)
	if !pointPattern.MatchString(v) || err != nil || f < -180 || f > 180 {
		r.errorf(col, "„%s“ ist keine Gradzahl (z. B. 52,52)", "%q is not a number of degrees (e.g. 52.52)", v)
		return 0, false
	}
	return f, true
}
