package rules

import "strings"

// SeatOf is the seat (the index in the seating order) of the player a
// name means, case and surrounding spaces ignored — as people type names
// on phones and in replay files; -1 when no one of that name plays.
func SeatOf(players []string, name string) int {
	name = strings.TrimSpace(name)
	for i, p := range players {
		if strings.EqualFold(p, name) {
			return i
		}
	}
	return -1
}

// SeatNames checks the players' names of a setup — each one given, none
// twice (case ignored, since SeatOf ignores it) — and returns them
// trimmed.
func SeatNames(names []string) ([]string, error) {
	seen := map[string]bool{}
	players := make([]string, len(names))
	for i, p := range names {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, Forbid("player-name", "Spieler %d hat keinen Namen.", "Player %d has no name.", i+1)
		}
		if seen[strings.ToLower(p)] {
			return nil, Forbid("player-name", "Der Name „%s“ kommt doppelt vor.", "The name %q appears twice.", p)
		}
		seen[strings.ToLower(p)] = true
		players[i] = p
	}
	return players, nil
}

// FirstSeat is the seat of the player a setup names to begin (the first
// reader or questioner; the rulebooks let the youngest begin): seat 0
// when it names no one.
func FirstSeat(players []string, first string) (int, error) {
	if first == "" {
		return 0, nil
	}
	i := SeatOf(players, first)
	if i < 0 {
		return 0, Forbid("unknown-player", "„%s“ spielt nicht mit und kann nicht anfangen.", "%q is not playing and cannot begin.", first)
	}
	return i, nil
}
