package rules

import "math/rand/v2"

// Shuffle shuffles the card IDs of a game the engine deals, from the
// setup's seed alone, so that replaying the setup deals the same cards
// again. The stream constant is the one the quiz engines have always
// dealt with: changing it would deal recorded games anew.
func Shuffle(seed int64, ids []string) {
	s := uint64(seed)
	r := rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
	r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
}
