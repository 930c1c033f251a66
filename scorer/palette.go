package scorer

import (
	"fmt"
	"strings"

	"druckreif/i18n"
	"druckreif/layout/pieces"
)

// Colour is a player colour of the scorer's palette: the colours of the
// printed pieces, each with its own symbol, so that players are told apart
// without colour too.
type Colour struct {
	Key  string    // the stored name, German: "rot"
	Name i18n.Text // "Rot" / "Red"
	Hex  string    // "#d32f2f", as printed
}

// Symbol is a player symbol of the palette.
type Symbol struct {
	Key   string    // "kreis"
	Name  i18n.Text // "Kreis" / "Circle"
	Glyph string    // "●"
}

// Colours and Symbols are the palette, in the order of the printed pieces
// (pieces.Players): the n-th colour's printed symbol is the n-th symbol.
var (
	Colours []Colour
	Symbols []Symbol
)

func init() {
	english := map[string]string{"Rot": "Red", "Blau": "Blue", "Grün": "Green", "Gelb": "Yellow", "Lila": "Purple", "Orange": "Orange"}
	symbols := map[string][2]string{"●": {"Kreis", "Circle"}, "■": {"Quadrat", "Square"}, "▲": {"Dreieck", "Triangle"}, "◆": {"Raute", "Diamond"}, "★": {"Stern", "Star"}, "✚": {"Kreuz", "Cross"}}
	for _, p := range pieces.Players {
		hex := fmt.Sprintf("#%02x%02x%02x", p.Colour.R, p.Colour.G, p.Colour.B)
		Colours = append(Colours, Colour{Key: strings.ToLower(p.Name), Name: i18n.T(p.Name, english[p.Name]), Hex: hex})
		n := symbols[p.Symbol]
		Symbols = append(Symbols, Symbol{Key: strings.ToLower(n[0]), Name: i18n.T(n[0], n[1]), Glyph: p.Symbol})
	}
}

// ColourByName finds a colour by its German or English name, any case.
func ColourByName(s string) (Colour, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, c := range Colours {
		if s == c.Key || s == strings.ToLower(c.Name.EN) || s == strings.ToLower(c.Name.DE) {
			return c, true
		}
	}
	return Colour{}, false
}

// SymbolByName finds a symbol by its German or English name or its glyph.
func SymbolByName(s string) (Symbol, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, y := range Symbols {
		if s == y.Key || s == strings.ToLower(y.Name.EN) || s == y.Glyph {
			return y, true
		}
	}
	return Symbol{}, false
}

// Marker is how a player is shown at a table: a colour and a symbol.
type Marker struct {
	Name   string `json:"name"`
	Colour string `json:"color"`  // palette key
	Hex    string `json:"hex"`    // for drawing
	Symbol string `json:"symbol"` // palette key
	Glyph  string `json:"glyph"`
	Saved  bool   `json:"saved"` // one of the creator's saved players
}

// markers gives every player of a table a colour and a symbol: a saved
// player keeps theirs, the others get the palette's pairs in order, never
// a pair a saved player at the table already wears.
func markers(names []string, saved map[string]Marker) []Marker {
	used := map[[2]string]bool{}
	for _, n := range names {
		if m, ok := saved[nameKey(n)]; ok {
			used[[2]string{m.Colour, m.Symbol}] = true
		}
	}
	out := make([]Marker, len(names))
	next := 0
	for i, n := range names {
		if m, ok := saved[nameKey(n)]; ok {
			m.Name = n
			m.Saved = true
			out[i] = m
			continue
		}
		for {
			c := Colours[next%len(Colours)]
			y := Symbols[(next+next/len(Colours))%len(Symbols)]
			next++
			if !used[[2]string{c.Key, y.Key}] {
				used[[2]string{c.Key, y.Key}] = true
				out[i] = Marker{Name: n, Colour: c.Key, Hex: c.Hex, Symbol: y.Key, Glyph: y.Glyph}
				break
			}
		}
	}
	return out
}

func markerOf(name, colour, symbol string) Marker {
	c, _ := ColourByName(colour)
	y, _ := SymbolByName(symbol)
	return Marker{Name: name, Colour: c.Key, Hex: c.Hex, Symbol: y.Key, Glyph: y.Glyph}
}
