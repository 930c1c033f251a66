package main

import (
	"fmt"
	"sort"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/dativ"
	"druckreif/rules/genial"
	"druckreif/rules/labyrinth"
	"druckreif/rules/raab"
	"druckreif/rules/raab/mini"
	"druckreif/rules/thegame"
)

// engines maps a setup's "game" to its rules engine.
var engines = map[string]func(set *decks.Set) rules.Runner{
	"dativ":     func(s *decks.Set) rules.Runner { return rules.Run(dativ.New(s)) },
	"genial":    func(s *decks.Set) rules.Runner { return rules.Run(genial.New(s)) },
	"labyrinth": func(s *decks.Set) rules.Runner { return rules.Run(labyrinth.New(s)) },
	"raab":      func(s *decks.Set) rules.Runner { return rules.Run(raab.New(s)) },
	"raab-mini": func(s *decks.Set) rules.Runner { return rules.Run(mini.New(s)) },
	"thegame":   func(s *decks.Set) rules.Runner { return rules.Run(thegame.New(s)) },
}

func engineFor(game string, set *decks.Set) (rules.Runner, error) {
	mk, ok := engines[game]
	if !ok {
		return nil, fmt.Errorf("unknown game %q", game)
	}
	return mk(set), nil
}

func engineNames() []string {
	var out []string
	for n := range engines {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
