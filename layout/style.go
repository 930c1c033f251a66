package layout

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"

	"druckreif/i18n"
	"druckreif/internal/fileread"
	"druckreif/layout/press"
	"druckreif/templates"
)

// Style is a game's look, read from templates/<game>.json.
type Style struct {
	Card struct {
		Width  float64 `json:"width"`
		Height float64 `json:"height"`
	} `json:"card"`
	Margin float64 `json:"margin"`
	Band   struct {
		Height float64 `json:"height"`
	} `json:"band"`
	Colors map[string]string `json:"colors"`
	// CMYK gives colours their value in process inks, in per cent (C, M,
	// Y, K), for print shops' PDF/X-1a files, which name a printing
	// condition (FOGRA39) and carry no profile to convert through.
	CMYK map[string][4]float64 `json:"cmyk"`
	Text map[string]TextStyle  `json:"text"`

	// Warnings are what the style file lacks and took from the built-in
	// style (a style made from an older templates/GAME.json).
	Warnings []i18n.Text

	colors map[string]Color
	source string
}

// The typographic floor of the printed kit. TextFloor is the smallest size
// of game text (what players and the host read: questions, answers,
// tasks, hints); the default decks never go below it, and a user's deck
// or style that does is warned of at its cell by `druckreif check`.
// MetaFloor is the smallest size of a card's small print (ID, deck name
// and version, region badge).
const (
	TextFloor = 7.0
	MetaFloor = 5.5
)

// TextStyle is a font style, size and smallest size in points.
type TextStyle struct {
	Style string  `json:"style"`
	Size  float64 `json:"size"`
	Min   float64 `json:"min"`
}

// StyleError is a problem with a style file, in both languages.
type StyleError struct {
	File string
	Msg  i18n.Text
}

func (e *StyleError) Error() string { return e.In(i18n.German) }

// In formats the error in l.
func (e *StyleError) In(l i18n.Lang) string {
	return i18n.Sprintf("Stil %s: %s", "style %s: %s", e.File, e.Msg.In(l)).In(l)
}

// maxStyleBytes bounds a style file; the built-in ones have a few hundred
// bytes.
const maxStyleBytes = 1 << 20

// LoadStyle reads a game's style: from dir when given (a user's edited
// copy of templates/), else the built-in one. Every number is checked
// against what a card can hold, and unknown keys are refused, so a typo
// ("marign") is not silently ignored.
func LoadStyle(game, dir string) (*Style, error) {
	name := game + ".json"
	var data []byte
	var err error
	source := "templates/" + name
	if dir != "" {
		source = filepath.Join(dir, name)
		data, err = fileread.ReadPath(source, maxStyleBytes)
	} else {
		data, err = fs.ReadFile(templates.FS, name)
	}
	if err != nil {
		var fe *fileread.Error
		if errors.As(err, &fe) {
			return nil, &StyleError{File: source, Msg: fe.Msg}
		}
		return nil, &StyleError{File: source, Msg: i18n.Sprintf("%v", "%v", err)}
	}
	s, err := parseStyle(data, source)
	if err != nil || dir == "" {
		return s, err
	}
	builtin, err := fs.ReadFile(templates.FS, name)
	if err != nil {
		return s, nil // a game without a built-in style has nothing to add
	}
	def, err := parseStyle(builtin, "templates/"+name)
	if err != nil {
		return nil, err
	}
	s.fillFrom(def)
	return s, nil
}

// fillFrom takes the colours and text styles the style lacks from def, the
// built-in style, with a warning naming each key: a style folder made from
// an older templates/GAME.json keeps building when a newer version adds a
// key (text.hint), and says what it took.
func (s *Style) fillFrom(def *Style) {
	for _, k := range sortedKeys(def.colors) {
		if _, ok := s.colors[k]; ok {
			continue
		}
		s.colors[k] = def.colors[k]
		if s.Colors == nil {
			s.Colors = map[string]string{}
		}
		s.Colors[k] = def.Colors[k]
		if v, ok := def.CMYK[k]; ok {
			if s.CMYK == nil {
				s.CMYK = map[string][4]float64{}
			}
			s.CMYK[k] = v
		}
		s.Warnings = append(s.Warnings, i18n.Sprintf(
			"die Farbe colors.%s fehlt (Stil aus einer älteren Version?): es gilt %s aus %s",
			"the colour colors.%s is missing (a style from an older version?): %s from %s applies", k, def.Colors[k], def.source))
	}
	for _, k := range sortedKeys(def.Text) {
		if _, ok := s.Text[k]; ok {
			continue
		}
		if s.Text == nil {
			s.Text = map[string]TextStyle{}
		}
		t := def.Text[k]
		s.Text[k] = t
		s.Warnings = append(s.Warnings, i18n.Sprintf(
			"der Textstil text.%s fehlt (Stil aus einer älteren Version?): es gilt %g pt aus %s",
			"the text style text.%s is missing (a style from an older version?): %g pt from %s applies", k, t.Size, def.source))
	}
}

// Source is the style file's path, for messages.
func (s *Style) Source() string { return s.source }

// parseStyle reads and checks a style file's content.
func parseStyle(data []byte, source string) (*Style, error) {
	fail := func(de, en string, args ...any) (*Style, error) {
		return nil, &StyleError{File: source, Msg: i18n.Sprintf(de, en, args...)}
	}
	s := &Style{source: source}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(s); err != nil {
		return fail("kein gültiges JSON: %v", "not valid JSON: %v", err)
	}
	if s.Card.Width < 20 || s.Card.Height < 20 || s.Card.Width > 400 || s.Card.Height > 400 {
		return fail("Kartengröße %g × %g mm ist unmöglich (20 bis 400 mm)", "card size %g × %g mm is impossible (20 to 400 mm)", s.Card.Width, s.Card.Height)
	}
	short := min(s.Card.Width, s.Card.Height)
	if s.Margin < 0 || s.Margin > short/4 {
		return fail("margin %g mm: erlaubt sind 0 bis %g mm (ein Viertel der kürzeren Kartenseite)",
			"margin %g mm: allowed are 0 to %g mm (a quarter of the card's shorter side)", s.Margin, short/4)
	}
	if s.Band.Height < 0 || s.Band.Height > s.Card.Height-2*s.Margin-20 {
		return fail("band.height %g mm: erlaubt sind 0 bis %g mm (über dem Band bleiben mindestens 20 mm)",
			"band.height %g mm: allowed are 0 to %g mm (at least 20 mm stay above the band)", s.Band.Height, max(0, s.Card.Height-2*s.Margin-20))
	}
	s.colors = map[string]Color{}
	for k, v := range s.Colors {
		c, err := ParseColor(v)
		if err != nil {
			return fail("colors.%s: %v", "colors.%s: %v", k, err)
		}
		s.colors[k] = c
	}
	for k, v := range s.CMYK {
		if _, ok := s.colors[k]; !ok {
			return fail("cmyk.%s: keine Farbe dieses Namens in colors", "cmyk.%s: no colour of that name in colors", k)
		}
		total := 0.0
		for _, x := range v {
			if !(x >= 0 && x <= 100) {
				return fail("cmyk.%s: %v: jeder Wert 0 bis 100 (%%)", "cmyk.%s: %v: each value 0 to 100 (%%)", k, v)
			}
			total += x
		}
		if total > 400 {
			return fail("cmyk.%s: %v", "cmyk.%s: %v", k, v)
		}
	}
	seen := map[Color]string{}
	for _, k := range sortedKeys(s.CMYK) {
		c := s.colors[k]
		if other, ok := seen[c]; ok && s.CMYK[other] != s.CMYK[k] {
			return fail("cmyk.%s und cmyk.%s: dieselbe Farbe %s mit verschiedenen CMYK-Werten", "cmyk.%s and cmyk.%s: the same colour %s with different CMYK values", other, k, s.Colors[k])
		}
		seen[c] = k
	}
	for k, t := range s.Text {
		if t.Size < 3 || t.Size > 72 || t.Min < 0 || t.Min > t.Size || (t.Min > 0 && t.Min < 3) {
			return fail("text.%s: Größe %g pt, Minimum %g pt (erlaubt: Größe 3 bis 72 pt, Minimum 3 pt bis zur Größe)",
				"text.%s: size %g pt, minimum %g pt (allowed: size 3 to 72 pt, minimum 3 pt up to the size)", k, t.Size, t.Min)
		}
		switch t.Style {
		case "", "B", "I", "BI":
		default:
			return fail("text.%s: style %q (erlaubt: \"\", B, I, BI)", "text.%s: style %q (allowed: \"\", B, I, BI)", k, t.Style)
		}
	}
	return s, nil
}

// Color returns a named colour; a name the style lacks is a programming
// error in a renderer, caught by the tests of every built-in style.
func (s *Style) Color(name string) Color {
	c, ok := s.colors[name]
	if !ok {
		panic(fmt.Sprintf("%s: Farbe %q fehlt", s.source, name))
	}
	return c
}

// Inks are the style's colours with a CMYK value (cmyk), by their sRGB
// value. Two colours of the same sRGB value must have the same inks.
func (s *Style) Inks() map[[3]uint8]press.CMYK {
	out := map[[3]uint8]press.CMYK{}
	for k, v := range s.CMYK {
		c := s.colors[k]
		out[[3]uint8{c.R, c.G, c.B}] = press.CMYK{v[0] / 100, v[1] / 100, v[2] / 100, v[3] / 100}
	}
	return out
}

// Font returns a named text style.
func (s *Style) Font(name string) TextStyle {
	t, ok := s.Text[name]
	if !ok {
		panic(fmt.Sprintf("%s: Textstil %q fehlt", s.source, name))
	}
	if t.Min == 0 {
		t.Min = t.Size
	}
	return t
}

// Require checks that the style names every colour and text style a
// renderer uses, so an edited template fails with a clear message instead
// of a broken card.
func (s *Style) Require(colors, texts []string) error {
	for _, c := range colors {
		if _, ok := s.colors[c]; !ok {
			return &StyleError{File: s.source, Msg: i18n.Sprintf("die Farbe colors.%s fehlt", "the colour colors.%s is missing", c)}
		}
	}
	for _, t := range texts {
		if _, ok := s.Text[t]; !ok {
			return &StyleError{File: s.source, Msg: i18n.Sprintf("der Textstil text.%s fehlt", "the text style text.%s is missing", t)}
		}
	}
	return nil
}

// CardSize is a card format: "poker" is the styles' own 63 × 88 mm,
// "us-poker" 63.5 × 88.9 mm (2.5 × 3.5 inches), as shops in the US cut.
type CardSize struct {
	Name string
	W, H float64
}

// The card formats of --card-size.
var (
	Poker   = CardSize{"poker", 63, 88}
	USPoker = CardSize{"us-poker", 63.5, 88.9}
)

// ParseCardSize reads a --card-size value.
func ParseCardSize(s string) (CardSize, error) {
	switch s {
	case "", "poker":
		return Poker, nil
	case "us-poker", "uspoker", "us":
		return USPoker, nil
	}
	return CardSize{}, fmt.Errorf("unbekannte Kartengröße %q (poker, us-poker)", s)
}

// Resize makes the style's cards of poker format (63 × 88 mm) the given
// size; cards of other formats (the dativ card, 88 × 126 mm) keep theirs.
func (s *Style) Resize(cs CardSize) {
	if cs.W == 0 || s.Card.Width != Poker.W || s.Card.Height != Poker.H {
		return
	}
	s.Card.Width, s.Card.Height = cs.W, cs.H
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
