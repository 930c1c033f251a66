package layout

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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
	Colors map[string]string    `json:"colors"`
	Text   map[string]TextStyle `json:"text"`

	colors map[string]Color
	source string
}

// TextStyle is a font style, size and smallest size in points.
type TextStyle struct {
	Style string  `json:"style"`
	Size  float64 `json:"size"`
	Min   float64 `json:"min"`
}

// LoadStyle reads a game's style: from dir when given (a user's edited
// copy of templates/), else the built-in one.
func LoadStyle(game, dir string) (*Style, error) {
	name := game + ".json"
	var data []byte
	var err error
	source := "templates/" + name
	if dir != "" {
		source = filepath.Join(dir, name)
		data, err = os.ReadFile(source)
	} else {
		data, err = fs.ReadFile(templates.FS, name)
	}
	if err != nil {
		return nil, fmt.Errorf("Stil %s: %w", source, err)
	}
	s := &Style{source: source}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("Stil %s: %w", source, err)
	}
	if s.Card.Width < 20 || s.Card.Height < 20 || s.Card.Width > 400 || s.Card.Height > 400 {
		return nil, fmt.Errorf("Stil %s: Kartengröße %.0f × %.0f mm ist unmöglich", source, s.Card.Width, s.Card.Height)
	}
	s.colors = map[string]Color{}
	for k, v := range s.Colors {
		c, err := ParseColor(v)
		if err != nil {
			return nil, fmt.Errorf("Stil %s: colors.%s: %w", source, k, err)
		}
		s.colors[k] = c
	}
	for k, t := range s.Text {
		if t.Size <= 0 || t.Min < 0 || t.Min > t.Size {
			return nil, fmt.Errorf("Stil %s: text.%s: Größe %.1f, Minimum %.1f", source, k, t.Size, t.Min)
		}
		switch t.Style {
		case "", "B", "I", "BI":
		default:
			return nil, fmt.Errorf("Stil %s: text.%s: style %q (erlaubt: \"\", B, I, BI)", source, k, t.Style)
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
			return fmt.Errorf("Stil %s: die Farbe colors.%s fehlt", s.source, c)
		}
	}
	for _, t := range texts {
		if _, ok := s.Text[t]; !ok {
			return fmt.Errorf("Stil %s: der Textstil text.%s fehlt", s.source, t)
		}
	}
	return nil
}
