package thegame

// Move is a card of the active player's hand that fits on a pile.
type Move struct {
	Value int    `json:"value"`
	Pile  string `json:"pile"`
}

// Moves lists the legal single plays of the active player among the cards
// the engine knows (in full mode: the whole hand) on the piles of known
// value.
func Moves(s State) []Move {
	if s.Phase != PhaseTurn {
		return nil
	}
	var out []Move
	for _, v := range s.Hands[s.Active].Known {
		for _, p := range s.Piles {
			if p.Known && Fits(p, v) {
				out = append(out, Move{Value: v, Pile: p.Name})
			}
		}
	}
	return out
}

// CanReach reports whether the active player can lay k more cards from the
// known part of the hand (full mode: whether the minimum is still
// reachable). It searches every order; hands are at most eight cards and k
// at most three.
func CanReach(s State, k int) bool {
	if k <= 0 {
		return true
	}
	hand := append([]int(nil), s.Hands[s.Active].Known...)
	tops := make([]int, len(s.Piles))
	for i, p := range s.Piles {
		tops[i] = p.Top
		if !p.Known {
			tops[i] = -1
		}
	}
	return reach(s.Piles, tops, hand, k)
}

func reach(piles []Pile, tops, hand []int, k int) bool {
	if k == 0 {
		return true
	}
	for hi, v := range hand {
		if v == 0 {
			continue
		}
		for pi, p := range piles {
			if tops[pi] < 0 {
				continue
			}
			p.Top = tops[pi]
			if !Fits(p, v) {
				continue
			}
			old := tops[pi]
			tops[pi], hand[hi] = v, 0
			ok := reach(piles, tops, hand, k-1)
			tops[pi], hand[hi] = old, v
			if ok {
				return true
			}
		}
	}
	return false
}
