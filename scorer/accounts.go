package scorer

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"druckreif/rules/registry"
	"druckreif/scorer/store"
)

// SavePlayer adds one of the account's regular players (or changes the
// colour and symbol of one). Colour and symbol come from the palette, in
// German or English; a player is never told apart by colour alone. Names
// are one player whatever their case: a name that differs from a saved one
// only in case ("anna" for "Anna") replaces it only when replace says so —
// otherwise 409 name-case names the saved spelling, so that nobody's
// player is renamed by a slip of the shift key.
func (s *Service) SavePlayer(ctx context.Context, au Auth, name, colour, symbol string, replace bool) (Marker, error) {
	if au.Account == nil {
		return Marker{}, noAuth()
	}
	name, err := cleanName("name", name)
	if err != nil {
		return Marker{}, err
	}
	c, ok := ColourByName(colour)
	if !ok {
		return Marker{}, fail(http.StatusBadRequest, "bad-color", "color", "Unbekannte Farbe „%s“ (Farben: %s).", "Unknown colour %q (colours: %s).", colour, keyList(Colours, func(c Colour) string { return c.Key }))
	}
	y, ok := SymbolByName(symbol)
	if !ok {
		return Marker{}, fail(http.StatusBadRequest, "bad-symbol", "symbol", "Unbekanntes Symbol „%s“ (Symbole: %s).", "Unknown symbol %q (symbols: %s).", symbol, keyList(Symbols, func(y Symbol) string { return y.Key }))
	}
	if !replace {
		saved, err := s.store.Players(ctx, au.Account.ID)
		if err != nil {
			return Marker{}, err
		}
		for _, p := range saved {
			if nameKey(p.Name) == nameKey(name) && p.Name != name {
				e := fail(http.StatusConflict, "name-case", "name", "Es gibt schon „%s“ – ersetzen?", "There already is %q – replace?", p.Name)
				e.Saved = p.Name
				return Marker{}, e
			}
		}
	}
	if err := s.store.SavePlayer(ctx, store.SavedPlayer{AccountID: au.Account.ID, Name: name, Color: c.Key, Symbol: y.Key}); err != nil {
		return Marker{}, err
	}
	return Marker{Name: name, Colour: c.Key, Hex: c.Hex, Symbol: y.Key, Glyph: y.Glyph, Saved: true}, nil
}

// keyList is the keys of a palette as a message lists them: "rot, blau".
func keyList[T any](palette []T, key func(T) string) string {
	keys := make([]string, len(palette))
	for i, p := range palette {
		keys[i] = key(p)
	}
	return strings.Join(keys, ", ")
}

// Players are the account's saved players.
func (s *Service) Players(ctx context.Context, au Auth) ([]Marker, error) {
	if au.Account == nil {
		return nil, noAuth()
	}
	ps, err := s.store.Players(ctx, au.Account.ID)
	if err != nil {
		return nil, err
	}
	out := []Marker{}
	for _, p := range ps {
		m := markerOf(p.Name, p.Color, p.Symbol)
		m.Saved = true
		out = append(out, m)
	}
	return out, nil
}

// DeletePlayer removes a saved player (their games stay in the history).
func (s *Service) DeletePlayer(ctx context.Context, au Auth, name string) error {
	if au.Account == nil {
		return noAuth()
	}
	err := s.store.DeletePlayer(ctx, au.Account.ID, name)
	if errors.Is(err, store.ErrNotFound) {
		return fail(http.StatusNotFound, "no-player", "name", "Keinen gespeicherten Spieler „%s“.", "No saved player %q.", name)
	}
	return err
}

// TableInfo is one of an account's tables, for its list.
type TableInfo struct {
	ID      string    `json:"id"`
	Game    string    `json:"game"`
	Title   string    `json:"title"`
	Players []string  `json:"players"`
	Created time.Time `json:"created"`
}

// Tables are the tables the account opened, newest first.
func (s *Service) Tables(ctx context.Context, au Auth) ([]TableInfo, error) {
	if au.Account == nil {
		return nil, noAuth()
	}
	ts, err := s.store.TablesOf(ctx, au.Account.ID, 50)
	if err != nil {
		return nil, err
	}
	out := []TableInfo{}
	for _, t := range ts {
		g, _ := registry.Lookup(t.Game)
		out = append(out, TableInfo{ID: t.ID, Game: t.Game, Title: g.Title, Players: setupSeats(t.Setup), Created: t.Created})
	}
	return out, nil
}
