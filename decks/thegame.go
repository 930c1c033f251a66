package decks

import "fmt"

// TheGameCard is a card of The Game: 98 number cards 2–99 and four start
// cards, two 1s (ascending piles) and two 100s (descending piles).
type TheGameCard struct {
	ID    string // TG-2 … TG-99, TG-1A, TG-1B, TG-100A, TG-100B
	Value int
	Start bool
}

// TheGameDeck generates The Game's cards: the start cards first, then 2–99.
func TheGameDeck() []TheGameCard {
	cards := []TheGameCard{
		{ID: "TG-1A", Value: 1, Start: true}, {ID: "TG-1B", Value: 1, Start: true},
		{ID: "TG-100A", Value: 100, Start: true}, {ID: "TG-100B", Value: 100, Start: true},
	}
	for v := 2; v <= 99; v++ {
		cards = append(cards, TheGameCard{ID: fmt.Sprintf("TG-%d", v), Value: v})
	}
	return cards
}
