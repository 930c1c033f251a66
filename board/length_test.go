package board

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// simulateLeader plays many 20-question games with a simple player model
// and returns the leader's final positions (without an exit), sorted. The
// model (docs/board.md): a player of skill s knows an answer with
// probability s (then right 95 % of the time), otherwise has an educated
// guess (right 60 %) or a blind one (33 %), half and half; sure answers
// get the highest chip left, blind ones the lowest, educated ones the
// middle; on the three risk questions the chip is chosen blind (the
// middle one). Wrong answers move back, at most to the niche (−5).
func simulateLeader(players, games int, r *rand.Rand) []int {
	var leaders []int
	for g := 0; g < games; g++ {
		skill := make([]float64, players)
		for i := range skill {
			skill[i] = 0.45 + 0.35*r.Float64()
		}
		pos := make([]int, players)
		chips := make([][]int, players)
		for i := range chips {
			chips[i] = []int{1, 2, 3, 4, 5}
		}
		risk := map[int]bool{}
		for len(risk) < 3 {
			risk[r.IntN(20)] = true
		}
		for q := 0; q < 20; q++ {
			reader := q % players
			for i := 0; i < players; i++ {
				if i == reader {
					continue
				}
				p, kind := 0.33, 0
				switch {
				case r.Float64() < skill[i]:
					p, kind = 0.95, 2
				case r.Float64() < 0.5:
					p, kind = 0.6, 1
				}
				if risk[q] {
					kind = 1
				}
				c := chips[i]
				idx := len(c) / 2
				switch kind {
				case 2:
					idx = len(c) - 1
				case 0:
					idx = 0
				}
				chip := c[idx]
				chips[i] = append(c[:idx:idx], c[idx+1:]...)
				if len(chips[i]) == 0 {
					chips[i] = []int{1, 2, 3, 4, 5}
				}
				if pos[i] < -Behind {
					pos[i] = 0 // back from the niche to the start
				}
				if r.Float64() < p {
					pos[i] += chip
				} else {
					pos[i] = max(pos[i]-chip, -Behind-1)
				}
			}
		}
		best := pos[0]
		for _, v := range pos {
			best = max(best, v)
		}
		leaders = append(leaders, best)
	}
	sort.Ints(leaders)
	return leaders
}

// TestDefaultLengthFitsTwentyQuestions keeps DefaultLength honest: with
// 3–6 players the leader of a 20-question game should come close to the
// exit — the median leader gets past half the way — but reach it early
// only in a minority of games. Two players answer only every other
// question; docs/board.md recommends a shorter board (30) for them, and
// the test checks that too.
func TestDefaultLengthFitsTwentyQuestions(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for players := 2; players <= 6; players++ {
		length := DefaultLength
		if players == 2 {
			length = TwoPlayerLength
		}
		l := simulateLeader(players, 4000, r)
		median, p90 := l[len(l)/2], l[len(l)*9/10]
		reached := 0
		for _, v := range l {
			if v >= length {
				reached++
			}
		}
		share := float64(reached) / float64(len(l))
		t.Logf("%d players: leader median %d, 90th percentile %d, reaches field %d in %.0f %% of games",
			players, median, p90, length, 100*share)
		if median < length/2 || share > 0.35 {
			t.Errorf("%d players: a %d-field board does not fit (median %d, exit reached %.0f %%)", players, length, median, 100*share)
		}
	}
}
