package scorer

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"time"

	"druckreif/rules"
	"druckreif/rules/registry"
	"druckreif/scorer/store"
)

// SavePlayer adds one of the account's regular players (or changes the
// colour and symbol of one). Colour and symbol come from the palette, in
// German or English; a player is never told apart by colour alone.
func (s *Service) SavePlayer(ctx context.Context, au Auth, name, colour, symbol string) (Marker, error) {
	if au.Account == nil {
		return Marker{}, noAuth()
	}
	name, err := cleanName("name", name)
	if err != nil {
		return Marker{}, err
	}
	c, ok := ColourByName(colour)
	if !ok {
		return Marker{}, fail(http.StatusBadRequest, "bad-color", "color", "Unbekannte Farbe „%s“ (Farben: %s).", "Unknown colour %q (colours: %s).", colour, colourList())
	}
	y, ok := SymbolByName(symbol)
	if !ok {
		return Marker{}, fail(http.StatusBadRequest, "bad-symbol", "symbol", "Unbekanntes Symbol „%s“ (Symbole: %s).", "Unknown symbol %q (symbols: %s).", symbol, symbolList())
	}
	if err := s.store.SavePlayer(ctx, store.SavedPlayer{AccountID: au.Account.ID, Name: name, Color: c.Key, Symbol: y.Key}); err != nil {
		return Marker{}, err
	}
	return Marker{Name: name, Colour: c.Key, Hex: c.Hex, Symbol: y.Key, Glyph: y.Glyph, Saved: true}, nil
}

func colourList() string {
	var out string
	for i, c := range Colours {
		if i > 0 {
			out += ", "
		}
		out += c.Key
	}
	return out
}

func symbolList() string {
	var out string
	for i, y := range Symbols {
		if i > 0 {
			out += ", "
		}
		out += y.Key
	}
	return out
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

// Game is a finished game of the history.
type Game struct {
	TableID string        `json:"table"`
	Game    string        `json:"game"`
	Title   string        `json:"title"`
	Players []string      `json:"players"`
	Outcome rules.Outcome `json:"outcome"`
	At      time.Time     `json:"at"`
}

// Stats are one saved player's results over the history.
type Stats struct {
	Marker
	Games int `json:"games"`
	Wins  int `json:"wins"`
	// TheGameBest is The Game's best result: the fewest cards left (−1:
	// never played).
	TheGameBest int `json:"thegame_best"`
}

// History is the account's finished games and, per saved player, games,
// wins and The Game's best result.
func (s *Service) History(ctx context.Context, au Auth) ([]Game, []Stats, error) {
	if au.Account == nil {
		return nil, nil, noAuth()
	}
	fs, err := s.store.History(ctx, au.Account.ID, 1000)
	if err != nil {
		return nil, nil, err
	}
	games := []Game{}
	for _, f := range fs {
		g := Game{TableID: f.TableID, Game: f.Game, Players: f.Players, At: f.At}
		if rg, err := registry.Lookup(f.Game); err == nil {
			g.Title = rg.Title
		}
		json.Unmarshal(f.Outcome, &g.Outcome)
		games = append(games, g)
	}
	players, err := s.Players(ctx, au)
	if err != nil {
		return nil, nil, err
	}
	stats := []Stats{}
	for _, p := range players {
		st := Stats{Marker: p, TheGameBest: -1}
		for _, g := range games {
			if !slices.ContainsFunc(g.Players, func(n string) bool { return nameKey(n) == nameKey(p.Name) }) {
				continue
			}
			st.Games++
			if slices.ContainsFunc(g.Outcome.Winners, func(n string) bool { return nameKey(n) == nameKey(p.Name) }) {
				st.Wins++
			}
			if g.Game == "thegame" && g.Outcome.Remaining >= 0 && (st.TheGameBest < 0 || g.Outcome.Remaining < st.TheGameBest) {
				st.TheGameBest = g.Outcome.Remaining
			}
		}
		stats = append(stats, st)
	}
	return games, stats, nil
}
