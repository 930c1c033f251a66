// Package preview is druckreif preview: a deck's cards drawn as the kit
// prints them, kept up to date while the author edits the spreadsheet.
// Preview (this file and build.go) holds the cards, their images and the
// problems check finds and rebuilds them; watch.go turns saves of deck and
// style files into rebuilds; server.go is the web page and its event
// stream, which only read what Preview publishes.
package preview

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/layout"
)

// Card is one physical card as the page shows it.
type Card struct {
	ID    string     // as druckreif card prints it and export png names it: LAB-STD-17
	Game  decks.Game // labyrinth, dativ …
	Deck  string     // the deck's name ("Grundspiel"), or the kit's deck for host cards
	File  string     // where its first row is
	Sheet string
	Row   int
	Text  string  // every text of the card, for the page's filter
	W, H  float64 // the trimmed card, mm
	Faces [2]*layout.Face
	// Hash changes whenever anything the card's look depends on changes:
	// its content (not its rows' positions) and its game's style.
	Hash string
}

// Side names a face in URLs and files as druckreif export png does: the
// labyrinth's green side is vorne, its yellow side hinten.
var Side = [2]string{"vorne", "hinten"}

// Problem is one finding of druckreif check, at the cell and card it
// concerns (Card "" when no card has the cell).
type Problem struct {
	decks.Location
	Card     string
	Severity decks.Severity
	Msg      i18n.Text
}

// SeverityName is "error" or "warning", as /api/problems spells it.
func (p Problem) SeverityName() string {
	if p.Severity == decks.Error {
		return "error"
	}
	return "warning"
}

// State is what the page shows at one moment. A published State is never
// changed: a rebuild makes a new one.
type State struct {
	Cards    []*Card // in deck order
	byID     map[string]*Card
	Problems []Problem // sorted: file, sheet, row
	// Stale names the decks whose last save could not be read: their
	// cards are those of the last good save.
	Stale []string
	// Seq counts the states published; the page's fragments carry it.
	Seq int
}

// Card finds a card by its ID, case not mattering.
func (s *State) Card(id string) *Card { return s.byID[strings.ToUpper(id)] }

// ProblemsOf are the problems of one card.
func (s *State) ProblemsOf(id string) []Problem {
	var out []Problem
	for _, p := range s.Problems {
		if p.Card == id {
			out = append(out, p)
		}
	}
	return out
}

// Loose are the problems that concern no card (a deck's name, a missing
// sheet, a file that cannot be read).
func (s *State) Loose() []Problem { return s.ProblemsOf("") }

func sortProblems(ps []Problem) {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Sheet != b.Sheet {
			return a.Sheet < b.Sheet
		}
		if a.Row != b.Row {
			return a.Row < b.Row
		}
		return a.Column < b.Column
	})
}

// content walks a source card (a *decks.LabyrinthCard …) and writes
// everything that can show on its faces into h, and its texts into text.
// The rows it came from (decks.Origin) are left out, so inserting a row
// above a card does not redraw it; they are collected into origins.
type content struct {
	h       strings.Builder
	text    []string
	origins []decks.Origin
	seen    map[uintptr]bool
}

var originType = reflect.TypeOf(decks.Origin{})

func (c *content) walk(v reflect.Value, depth int) {
	if depth > 12 {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			c.h.WriteString("nil;")
			return
		}
		if v.Kind() == reflect.Pointer {
			if c.seen[v.Pointer()] {
				return
			}
			c.seen[v.Pointer()] = true
		}
		c.walk(v.Elem(), depth+1)
	case reflect.Struct:
		if v.Type() == originType {
			o := decks.Origin{File: v.Field(0).String(), Sheet: v.Field(1).String(), Row: int(v.Field(2).Int())}
			c.origins = append(c.origins, o)
			return
		}
		for i := 0; i < v.NumField(); i++ {
			c.h.WriteString(v.Type().Field(i).Name)
			c.h.WriteByte('=')
			c.walk(v.Field(i), depth+1)
		}
	case reflect.Slice, reflect.Array:
		fmt.Fprintf(&c.h, "[%d:", v.Len())
		for i := 0; i < v.Len(); i++ {
			c.walk(v.Index(i), depth+1)
		}
		c.h.WriteString("]")
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			fmt.Fprintf(&c.h, "%v:", k)
			c.walk(v.MapIndex(k), depth+1)
		}
	case reflect.String:
		s := v.String()
		fmt.Fprintf(&c.h, "%q;", s)
		if s != "" {
			c.text = append(c.text, s)
		}
	case reflect.Bool:
		fmt.Fprintf(&c.h, "%t;", v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		fmt.Fprintf(&c.h, "%d;", v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		fmt.Fprintf(&c.h, "%d;", v.Uint())
	case reflect.Float32, reflect.Float64:
		fmt.Fprintf(&c.h, "%v;", math.Float64bits(v.Float()))
	default: // functions, channels: no content of their own
	}
}

// describe reads a source card's content, texts and rows.
func describe(card any) *content {
	c := &content{seen: map[uintptr]bool{}}
	c.walk(reflect.ValueOf(card), 0)
	return c
}

func hashOf(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
