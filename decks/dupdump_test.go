package decks

import (
	"fmt"
	"os"
	"sort"
	"testing"
)

// TestDuplicateScores prints every pair of default questions whose overlap
// reaches 0.25, with the overlap and what their answers say, to choose the
// thresholds of the duplicate check (docs/decks.md):
//
//	DRUCKREIF_DUP_SCORES=1 go test ./decks -run DuplicateScores -v
func TestDuplicateScores(t *testing.T) {
	if os.Getenv("DRUCKREIF_DUP_SCORES") == "" {
		t.Skip("set DRUCKREIF_DUP_SCORES=1 to print the overlap of similar default questions")
	}
	decks, probs := LoadDefaults()
	if probs.HasErrors() {
		t.Fatal(probs)
	}
	items := collectDupItems(decks)
	weight := weighShingles(items)
	var questions []int
	for j, it := range items {
		if it.kind == kindQuestion {
			questions = append(questions, j)
		}
	}
	type pair struct {
		i, j, agree int
		sim         float64
	}
	var pairs []pair
	similarPairs(items, questions, weight, 0.25, nil, func(i, j int, sim float64) {
		pairs = append(pairs, pair{i, j, answersAgree(&items[i], &items[j]), sim})
	})
	sort.Slice(pairs, func(a, b int) bool { return pairs[a].sim > pairs[b].sim })
	for _, p := range pairs {
		a, b := items[p.i], items[p.j]
		fmt.Printf("%.2f answers %+d\n  %s %q\n  %s %q\n", p.sim, p.agree, a.id, a.full, b.id, b.full)
	}
}
