package decks

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bigLabyrinth is a labyrinth deck with n rows (n/2 cards).
func bigLabyrinth(n int) sheets {
	rows := [][]string{{"Nr", "Seite", "Typ", "Frage", "A", "B", "C", "Richtig", "Region", "Wörtlich"}}
	for i := 0; i < n; i++ {
		side := "grün"
		if i%2 == 1 {
			side = "gelb"
		}
		rows = append(rows, []string{fmt.Sprint(i/2 + 1), side, "normal",
			fmt.Sprintf("Welche Form ist in Satz Nummer %d standardsprachlich richtig, wenn man genau hinsieht?", i),
			"wegen des Regens", "wegen dem Regen", "wegen den Regen", "ABC"[i%3 : i%3+1], "", ""})
	}
	return sheets{"Deck": deckSheet("labyrinth", "BIG"), "Karten": rows}
}

func benchmarkLoad(b *testing.B, path string, cards int) {
	b.ReportAllocs()
	for b.Loop() {
		d, probs := LoadPath(path)
		if d == nil || len(d.Labyrinth) != cards {
			b.Fatalf("load failed: %v", probs)
		}
	}
	b.ReportMetric(float64(cards)*float64(b.N)/b.Elapsed().Seconds(), "cards/s")
}

// 10,000 rows = 5,000 two-sided cards.
func BenchmarkLoadCSV10k(b *testing.B) {
	benchmarkLoad(b, writeCSVDeck(b, bigLabyrinth(10000)), 5000)
}

func BenchmarkLoadXLSX10k(b *testing.B) {
	benchmarkLoad(b, writeXLSXDeck(b, bigLabyrinth(10000), map[string]bool{"Nr": true}), 5000)
}

func BenchmarkLoadDefaults(b *testing.B) {
	for b.Loop() {
		if _, probs := LoadDefaults(); probs.HasErrors() {
			b.Fatal(probs)
		}
	}
}

// TestWriteBigFixture writes the 10,000-row workbook for measuring the whole
// command (peak memory) when DRUCKREIF_BIG_FIXTURE names a directory.
func TestWriteBigFixture(t *testing.T) {
	dir := os.Getenv("DRUCKREIF_BIG_FIXTURE")
	if dir == "" {
		t.Skip("set DRUCKREIF_BIG_FIXTURE=DIR to write big.xlsx and big/ there")
	}
	x := writeXLSXDeck(t, bigLabyrinth(10000), map[string]bool{"Nr": true})
	data, _ := os.ReadFile(x)
	os.WriteFile(filepath.Join(dir, "big.xlsx"), data, 0o644)
	c := writeCSVDeck(t, bigLabyrinth(10000))
	os.MkdirAll(filepath.Join(dir, "big"), 0o755)
	for _, n := range []string{"Deck.csv", "Karten.csv"} {
		data, _ := os.ReadFile(filepath.Join(c, n))
		os.WriteFile(filepath.Join(dir, "big", n), data, 0o644)
	}
}

// syntheticGenial is a Genial daneben deck of n questions in the shape of
// real ones — a few phrasings, content words drawn Zipf-like from the
// vocabulary of the default decks, three options — where every 50th
// question repeats an earlier one in other words: one content word
// changed, the options shuffled. It returns the deck and the numbers of
// the repeating questions.
func syntheticGenial(n int) (sheets, map[int]bool) {
	rng := rand.New(rand.NewPCG(1, 2))
	defaults, _ := LoadDefaults()
	seen := map[string]bool{}
	var vocab []string
	for _, it := range collectDupItems(defaults) {
		for _, w := range strings.Fields(it.full) {
			w = strings.Trim(w, ".,;:!?„“»«()…\"")
			if len([]rune(w)) > 3 && !seen[w] && !stopWords[strings.ToLower(w)] {
				seen[w] = true
				vocab = append(vocab, w)
			}
		}
	}
	rng.Shuffle(len(vocab), func(i, j int) { vocab[i], vocab[j] = vocab[j], vocab[i] })
	zipf := rand.NewZipf(rand.New(rand.NewPCG(3, 4)), 1.1, 2, uint64(len(vocab)-1))
	word := func() string { return vocab[zipf.Uint64()] }
	phrasings := []string{"Wie heißt %s?", "Was ist %s?", "Wo liegt %s?", "Welches Tier lebt %s?", "Woher kommt das Wort %s?", "Wann wurde %s gebaut?"}
	rows := [][]string{{"Nr", "Frage", "a", "b", "c", "Richtig", "Region", "Wörtlich"}}
	type question struct {
		words   []string
		phrase  string
		options [3]string
		correct int
	}
	var qs []question
	repeats := map[int]bool{}
	for i := 1; i <= n; i++ {
		var q question
		if i%50 == 0 {
			q = qs[rng.IntN(len(qs))]
			q.words = append([]string(nil), q.words...)
			q.words[rng.IntN(len(q.words))] = word()
			q.options[0], q.options[1], q.options[2] = q.options[2], q.options[0], q.options[1]
			q.correct = (q.correct + 1) % 3
			repeats[i] = true
		} else {
			for k := 0; k < 3+rng.IntN(4); k++ {
				q.words = append(q.words, word())
			}
			q.phrase = phrasings[rng.IntN(len(phrasings))]
			for k := range q.options {
				q.options[k] = fmt.Sprintf("Der %s %s (%d)", word(), word(), k+1)
			}
			q.correct = rng.IntN(3)
		}
		qs = append(qs, q)
		rows = append(rows, []string{fmt.Sprint(i), fmt.Sprintf(q.phrase, strings.Join(q.words, " ")),
			q.options[0], q.options[1], q.options[2], "abc"[q.correct : q.correct+1], "", ""})
	}
	return sheets{"Deck": deckSheet("genial", "SYN"), "Fragen": rows}, repeats
}

func benchmarkDuplicates(b *testing.B, d *Deck) {
	b.ReportAllocs()
	var found int
	cpu := cpuSeconds()
	for b.Loop() {
		found = len(Duplicates([]*Deck{d}, nil))
	}
	b.ReportMetric(float64(found), "findings")
	b.ReportMetric((cpuSeconds()-cpu)*1000/float64(b.N), "cpu-ms/op")
}

// 10,000 questions with 200 reworded repeats.
func BenchmarkDuplicates10k(b *testing.B) {
	s, _ := syntheticGenial(10000)
	d, probs := loadSheets(b, s)
	if d == nil {
		b.Fatal(probs)
	}
	benchmarkDuplicates(b, d)
}

// 10,000 sides of one template with the same options: the worst case for
// an index of words, since all share them.
func BenchmarkDuplicatesTemplated10k(b *testing.B) {
	d, probs := loadSheets(b, bigLabyrinth(10000))
	if d == nil {
		b.Fatal(probs)
	}
	benchmarkDuplicates(b, d)
}

func BenchmarkDuplicatesDefaults(b *testing.B) {
	defaults, _ := LoadDefaults()
	b.ReportAllocs()
	for b.Loop() {
		Duplicates(defaults, nil)
	}
}
