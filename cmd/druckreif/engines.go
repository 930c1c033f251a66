package main

import (
	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/registry"
)

func engineFor(game string, set *decks.Set) (rules.Runner, error) {
	g, err := registry.Lookup(game)
	if err != nil {
		return nil, err
	}
	return g.Runner(set), nil
}

func engineNames() []string { return registry.Names() }
