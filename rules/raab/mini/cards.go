package mini

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/maps"
	"druckreif/rules"
)

// base lets every payload carry the "type" field of its line.
type base struct {
	Type string `json:"type"`
}

// decode reads an action's fields strictly: a misspelt field is an error,
// not silently ignored.
func decode(a rules.Action, v any) error {
	if err := rules.DecodeStrict(a.Data, v); err != nil {
		return forbid("bad-action", "Die Aktion „%s“ ist fehlerhaft: %v", "action %q is malformed: %v", a.Type, err)
	}
	return nil
}

// cardTask looks up the task an action names by card (or card side) ID
// and 1-based task number. It returns nil without a card.
func (st *step) cardTask(id string, task int) (decks.RaabTask, string, error) {
	t, key, warn, err := st.e.lookup(*st.s, id, task)
	if warn != nil {
		st.ev = append(st.ev, rules.Event{Text: *warn})
	}
	return t, key, err
}

// CardTask looks up a task of the duel's game as its actions name it — a
// card (or card side) ID and the 1-based task — and returns it with its
// key in State.Used. It returns nil without a card.
func (e *Engine) CardTask(s State, id string, task int) (decks.RaabTask, string, error) {
	t, key, _, err := e.lookup(s, id, task)
	return t, key, err
}

func (e *Engine) lookup(s State, id string, task int) (decks.RaabTask, string, *i18n.Text, error) {
	if id == "" {
		if task != 0 {
			return nil, "", nil, forbid("task-without-card", "„task“ braucht eine Karte („card“)", "\"task\" needs a card (\"card\")")
		}
		return nil, "", nil, nil
	}
	if e.set == nil {
		return nil, "", nil, forbid("no-decks", "Ohne geladene Decks kann die Karte %s nicht gelesen werden: die Lösung selbst angeben",
			"without loaded decks card %s cannot be read: give the solution instead", id)
	}
	f, warn := e.set.Find(decks.ParseRef(id))
	if f == nil || f.Raab == nil {
		return nil, "", nil, forbid("unknown-card", "Die Karte %s gibt es in den Decks nicht", "there is no card %s in the decks", id)
	}
	c := f.Raab
	if c.Game.Code != s.Code {
		return nil, "", nil, forbid("wrong-game", "Die Karte %s gehört zu „%s“, gespielt wird „%s“", "card %s belongs to %q, the game is %q",
			c.ID, c.Game.Name, s.Name)
	}
	tasks, keyBase := c.Tasks, c.ID
	if c.Game.Sided {
		back := f.Side == 1
		tasks, keyBase = c.Side(back), c.SideID(back)
	}
	if task == 0 {
		if len(tasks) != 1 {
			return nil, "", nil, forbid("task-missing", "Auf %s stehen %d Aufgaben: welche („task“: 1 bis %d)?", "%s holds %d tasks: which one (\"task\": 1 to %d)?",
				keyBase, len(tasks), len(tasks))
		}
		task = 1
	}
	if task < 1 || task > len(tasks) {
		return nil, "", nil, forbid("unknown-task", "Auf %s gibt es keine Aufgabe %d (1 bis %d)", "%s has no task %d (1 to %d)", keyBase, task, len(tasks))
	}
	return tasks[task-1], fmt.Sprintf("%s#%d", keyBase, task), warn, nil
}

// use records a card task as played; a task is played only once a duel.
// With two players every question comes from a new card, as the
// rulebook's two-player rule says — except in the games whose own "for
// two" section plays the tasks of one card (OneCardForTwo).
func (st *step) use(key string) error {
	if err := st.s.Usable(key); err != nil {
		return err
	}
	if key != "" {
		st.s.Used = append(st.s.Used, key)
	}
	return nil
}

// Usable reports why a card task (its key in Used) cannot be played now:
// it was played in this duel, or two players need a new card.
func (s State) Usable(key string) error {
	if key == "" {
		return nil
	}
	if slices.Contains(s.Used, key) {
		return forbid("task-used", "Die Aufgabe %s wurde in diesem Duell schon gespielt", "task %s was already played in this duel", key)
	}
	if s.Two && !OneCardForTwo(s.Code) {
		card := cardOfKey(key)
		for _, u := range s.Used {
			if cardOfKey(u) == card {
				return forbid("new-card", "Zu zweit gilt: für jede Frage eine neue Karte – von %s wurde schon eine Frage gespielt",
					"with two players every question comes from a new card – a question of %s has already been played", card)
			}
		}
	}
	return nil
}

// cardOfKey is the card (or card side) of a used task key ("RAAB-STD-EN-1#2").
func cardOfKey(key string) string {
	card, _, _ := strings.Cut(key, "#")
	return card
}

// oneCardForTwo are the mini-games whose "for two" section plays the
// tasks of one card: each player takes a card and reads its plates, words,
// tasks or statements to the other (Autokennzeichen, Fremdsprachen,
// Kopfrechnen, Tipp für Tipp, Wer lügt?, Wer weiß mehr?, Wo läuft was?,
// Wörter rückwärts), both write the words of one card (Buchstabensalat),
// or one card's front and back are spelled (Buchstabieren).
var oneCardForTwo = map[string]bool{"AK": true, "BS": true, "BU": true, "FS": true, "KR": true, "TT": true, "WL": true, "WM": true, "TV": true, "WR": true}

// OneCardForTwo reports whether a mini-game's two-player variant plays
// several tasks of one card; in every other game two players use a new
// card for each question.
func OneCardForTwo(code string) bool { return oneCardForTwo[code] }

func wrongCard(t decks.RaabTask) error {
	return forbid("card-type", "Die Karte passt nicht zu dieser Aktion (%T)", "the card does not fit this action (%T)", t)
}

func mismatch(what string, card, given any) error {
	return forbid("answer-mismatch", "%s: auf der Karte steht %v, angegeben ist %v", "%s: the card says %v, the action says %v", what, card, given)
}

// present reports whether a raw JSON field was given (and not null).
func present(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && !bytes.Equal(t, []byte("null"))
}

// parseLetters reads answer letters as a string ("A", "A, C", "ACDB") or
// a list (["A", "C"]), as indices in the order given.
func parseLetters(raw json.RawMessage, n int, field string) ([]int, error) {
	var parts []string
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		for _, r := range s {
			if unicode.IsLetter(r) {
				parts = append(parts, string(r))
			} else if !strings.ContainsRune(" ,;/-+", r) {
				return nil, badLetters(field, s, n)
			}
		}
	} else if err := json.Unmarshal(raw, &parts); err != nil {
		return nil, badLetters(field, string(raw), n)
	}
	var out []int
	for _, p := range parts {
		p = strings.ToUpper(strings.TrimSpace(p))
		if len(p) != 1 || p[0] < 'A' || int(p[0]-'A') >= n {
			return nil, badLetters(field, p, n)
		}
		i := int(p[0] - 'A')
		if slices.Contains(out, i) {
			return nil, forbid("bad-answer", "„%s“: %s ist doppelt", "%q: %s appears twice", field, p)
		}
		out = append(out, i)
	}
	return out, nil
}

func badLetters(field, v string, n int) error {
	return forbid("bad-answer", "„%s“: „%s“ ist kein Antwortbuchstabe (A bis %c)", "%q: %q is not an answer letter (A to %c)", field, v, rune('A'+n-1))
}

// parseLetter reads one letter; ok is false when the field is missing (no
// chip laid).
func parseLetter(raw json.RawMessage, n int, field string) (int, bool, error) {
	if !present(raw) {
		return 0, false, nil
	}
	l, err := parseLetters(raw, n, field)
	if err != nil {
		return 0, false, err
	}
	if len(l) != 1 {
		return 0, false, forbid("bad-answer", "„%s“: genau ein Buchstabe (A bis %c)", "%q: exactly one letter (A to %c)", field, rune('A'+n-1))
	}
	return l[0], true, nil
}

// parseOrder reads an order of the four letters A–D.
func parseOrder(raw json.RawMessage, field string) ([]int, bool, error) {
	if !present(raw) {
		return nil, false, nil
	}
	l, err := parseLetters(raw, 4, field)
	if err != nil {
		return nil, false, err
	}
	if len(l) != 4 {
		return nil, false, forbid("bad-answer", "„%s“: die Reihenfolge nennt alle vier Buchstaben A–D genau einmal", "%q: the order names each of the letters A–D exactly once", field)
	}
	return l, true, nil
}

// parseTruth reads a Stimmt's? chip: true/false, "ja"/"nein", "stimmt"/"stimmt nicht".
func parseTruth(raw json.RawMessage, field string) (bool, bool, error) {
	if !present(raw) {
		return false, false, nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err == nil {
		return b, true, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "ja", "yes", "true", "stimmt", "wahr", "richtig":
			return true, true, nil
		case "nein", "no", "false", "stimmt nicht", "falsch":
			return false, true, nil
		}
	}
	return false, false, forbid("bad-answer", "„%s“: true oder false (stimmt / stimmt nicht)", "%q: true or false", field)
}

// parseDecimal reads a guessed number exactly as written: a JSON number
// or a string ("13,5" with a decimal comma); nil when missing.
func parseDecimal(raw json.RawMessage, field string) (*big.Rat, error) {
	if !present(raw) {
		return nil, nil
	}
	var num json.Number
	if err := json.Unmarshal(raw, &num); err == nil {
		if r, ok := decimal(num.String()); ok {
			return r, nil
		}
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if r, ok := decimal(s); ok {
			return r, nil
		}
	}
	return nil, forbid("bad-answer", "„%s“: eine Zahl, nicht %s", "%q: a number, not %s", field, string(raw))
}

// decimal reads "1234", "-44", "13.5", "13,5" or "1.234,5" exactly.
func decimal(s string) (*big.Rat, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), "−", "-")
	if strings.Contains(s, ",") {
		s = strings.ReplaceAll(strings.ReplaceAll(s, ".", ""), ",", ".")
	}
	if s == "" || len(s) > 40 || strings.Contains(s, "/") {
		return nil, false
	}
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		// keep exponents small: 1e+06 is fine, 1e999999 is not a guess
		if e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+")); err != nil || e > 30 || e < -30 {
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// fmtRat writes a number as Germans read it.
func fmtRat(r *big.Rat) string {
	if r.IsInt() {
		return formatInt(r.Num().Int64())
	}
	f, _ := r.Float64()
	return formatFloat(f)
}

// parseSquare reads a grid square such as "C4" on map m.
func parseSquare(raw json.RawMessage, m *maps.Map, field string) (maps.Square, bool, error) {
	if !present(raw) {
		return maps.Square{}, false, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return maps.Square{}, false, forbid("bad-answer", "„%s“: ein Feld wie „C4“", "%q: a square such as \"C4\"", field)
	}
	sq, ok := m.ParseSquare(s)
	if !ok {
		return maps.Square{}, false, forbid("bad-square", "„%s“: „%s“ ist kein Feld der Karte %s (A1 bis %c%d)", "%q: %q is not a square of map %s (A1 to %c%d)",
			field, s, m.Name, rune('A'+m.Columns-1), m.Rows)
	}
	return sq, true, nil
}

func mapByKey(k string) (*maps.Map, bool) { return maps.ByKey(k) }

func letterString(idx []int) string {
	var b strings.Builder
	for i, x := range idx {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteRune(rune('A' + x))
	}
	if b.Len() == 0 {
		return "–"
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

// formatInt writes a whole number with German thousands points.
func formatInt(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune('.')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

func formatFloat(f float64) string {
	return strings.Replace(strconv.FormatFloat(f, 'f', -1, 64), ".", ",", 1)
}
