// Package registry names every game's rules engine: the setup's "game"
// field leads here, for the replay command and the scorer alike.
package registry

import (
	"fmt"
	"slices"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/dativ"
	"druckreif/rules/genial"
	"druckreif/rules/labyrinth"
	"druckreif/rules/raab"
	"druckreif/rules/raab/mini"
	"druckreif/rules/thegame"
)

// Game is one game's engine.
type Game struct {
	Name    string // the setup's "game"
	Version string // the engine's rules version
	// Title is the game's name as the players know it.
	Title string
	new   func(*decks.Set) rules.Runner
}

// Runner returns the engine playing with the cards of set (nil: only what
// the engine knows without cards).
func (g Game) Runner(set *decks.Set) rules.Runner { return g.new(set) }

var games = []Game{
	{"dativ", dativ.Version, "Der Dativ ist dem Genitiv sein Tod – Das Kartenspiel", func(s *decks.Set) rules.Runner { return rules.Run(dativ.New(s)) }},
	{"genial", genial.Version, "Genial daneben – Das Spiel", func(s *decks.Set) rules.Runner { return rules.Run(genial.New(s)) }},
	{"labyrinth", labyrinth.Version, "Der Dativ ist dem Genitiv sein Tod – Das große Spiel", func(s *decks.Set) rules.Runner { return rules.Run(labyrinth.New(s)) }},
	{"raab", raab.Version, "Schlag den Raab – Das Quiz", func(s *decks.Set) rules.Runner { return rules.Run(raab.New(s)) }},
	{"raab-mini", mini.Version, "Schlag den Raab – ein einzelnes Spiel", func(s *decks.Set) rules.Runner { return rules.Run(mini.New(s)) }},
	{"thegame", thegame.Version, "The Game", func(s *decks.Set) rules.Runner { return rules.Run(thegame.New(s)) }},
}

// Lookup finds a game by its setup name.
func Lookup(name string) (Game, error) {
	for _, g := range games {
		if g.Name == name {
			return g, nil
		}
	}
	return Game{}, fmt.Errorf("unknown game %q", name)
}

// Games lists every game, by name.
func Games() []Game { return slices.Clone(games) }

// Names lists the setup names of every game, sorted.
func Names() []string {
	var out []string
	for _, g := range games {
		out = append(out, g.Name)
	}
	slices.Sort(out)
	return out
}
