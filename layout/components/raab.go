package components

import "druckreif/decks"

// Raab returns the punch-out sheets and pages of Schlag den Raab – Das Quiz.
// (Being written: see the open issue.)
func Raab(set *decks.Set) ([]Sheet, []Page) {
	_ = set
	return nil, nil
}
