package main

import (
	"fmt"
	"sort"

	"druckreif/decks"
	"druckreif/rules"
)

// engines maps a setup's "game" to its rules engine.
var engines = map[string]func(set *decks.Set) rules.Runner{}

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
