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

// Loading the defaults includes the sound-alike check of every Dativ and
// labyrinth side.
func BenchmarkLoadDefaults(b *testing.B) {
	cpu := cpuSeconds()
	for b.Loop() {
		if _, probs := LoadDefaults(); probs.HasErrors() {
			b.Fatal(probs)
		}
	}
	b.ReportMetric((cpuSeconds()-cpu)*1000/float64(b.N), "cpu-ms/op")
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

// syntheticQuestions is a deck of n questions in the shape of real ones: a
// few phrasings; content words drawn as often as they occur in the default
// decks, and three in ten new compounds of two of them, so that the
// vocabulary grows with the deck as a language's does. Every 50th question
// repeats an earlier one in other words: one content word changed, the
// options shuffled. With open, it is a Raab deck of questions with one
// answer (Blamieren oder Kassieren), else a Genial daneben deck of questions
// with three options. It returns the deck and the numbers of the repeating
// questions (row = number + 1).
func syntheticQuestions(n int, open bool) (sheets, map[int]bool) {
	seed := uint64(2)
	if open {
		seed = 3
	}
	rng := rand.New(rand.NewPCG(1, seed))
	defaults, _ := LoadDefaults()
	var corpus []string // every content word as often as it occurs
	for _, it := range collectDupItems(defaults) {
		for _, w := range strings.Fields(it.full) {
			w = strings.Trim(w, ".,;:!?„“»«()…\"")
			if len([]rune(w)) > 3 && !stopWords[strings.ToLower(w)] {
				corpus = append(corpus, w)
			}
		}
	}
	word := func() string {
		w := corpus[rng.IntN(len(corpus))]
		if rng.IntN(10) < 3 {
			w += strings.ToLower(corpus[rng.IntN(len(corpus))])
		}
		return w
	}
	phrasings := []string{"Wie heißt %s?", "Was ist %s?", "Wo liegt %s?", "Welches Tier lebt %s?", "Woher kommt das Wort %s?", "Wann wurde %s gebaut?"}
	rows := [][]string{{"Nr", "Frage", "a", "b", "c", "Richtig", "Region", "Wörtlich"}}
	if open {
		rows = [][]string{{"Karte", "Frage", "Antwort"}}
	}
	type question struct {
		words   []string
		phrase  string
		options [3]string
		correct int
	}
	var qs []question
	repeats := map[int]bool{}
	texts := map[string]bool{}
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
		text := fmt.Sprintf(q.phrase, strings.Join(q.words, " "))
		if texts[text] {
			i--
			continue
		}
		texts[text] = true
		qs = append(qs, q)
		if open {
			rows = append(rows, []string{fmt.Sprint((i-1)/4 + 1), text, q.options[q.correct]})
		} else {
			rows = append(rows, []string{fmt.Sprint(i), text, q.options[0], q.options[1], q.options[2], "abc"[q.correct : q.correct+1], "", ""})
		}
	}
	if open {
		return sheets{"Deck": deckSheet("raab", "SYN"), "Blamieren oder Kassieren": rows}, repeats
	}
	return sheets{"Deck": deckSheet("genial", "SYN"), "Fragen": rows}, repeats
}

func benchmarkDuplicates(b *testing.B, d ...*Deck) {
	b.ReportAllocs()
	var found int
	cpu := cpuSeconds()
	for b.Loop() {
		found = len(Duplicates(d, nil))
	}
	b.ReportMetric(float64(found), "findings")
	b.ReportMetric((cpuSeconds()-cpu)*1000/float64(b.N), "cpu-ms/op")
}

// 10,000 questions, half with three options, half with one answer, with
// 200 reworded repeats; the smaller and larger sizes show how the time
// grows (comparing all pairs would grow fourfold per step).
func BenchmarkDuplicates10k(b *testing.B) {
	for _, n := range []int{2500, 5000, 10000, 20000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var ds []*Deck
			for _, open := range []bool{false, true} {
				s, _ := syntheticQuestions(n/2, open)
				d, probs := loadSheets(b, s)
				if d == nil {
					b.Fatal(probs)
				}
				ds = append(ds, d)
			}
			benchmarkDuplicates(b, ds...)
		})
	}
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
	benchmarkDuplicates(b, defaults...)
}

// The tell check of the default decks: 39 tests, most of them exact.
func BenchmarkTellsDefaults(b *testing.B) {
	defaults, _ := LoadDefaults()
	benchmarkTells(b, defaults...)
}

// 10,000 labyrinth sides in two stacks of 5,000: beyond the exact test's
// bound, so the χ² approximation; the length tests stay exact.
func BenchmarkTells10k(b *testing.B) {
	d, probs := loadSheets(b, bigLabyrinth(10000))
	if d == nil {
		b.Fatal(probs)
	}
	benchmarkTells(b, d)
}

func benchmarkTells(b *testing.B, d ...*Deck) {
	b.ReportAllocs()
	cpu := cpuSeconds()
	for b.Loop() {
		Tells(d)
	}
	b.ReportMetric((cpuSeconds()-cpu)*1000/float64(b.N), "cpu-ms/op")
}

// Reading the decks of testdata/libreoffice (genial, labyrinth and dativ
// whole, raab's first two cards of every mini-game) in their three forms:
// the .xlsx as typed, LibreOffice's .ods and LibreOffice's .xlsx — the
// workbook alone, and the whole deck. With DRUCKREIF_BIG_FIXTURE=DIR also
// DIR/big.xlsx (TestWriteBigFixture), DIR/big.ods and DIR/big-lo.xlsx
// (LibreOffice's saves of it, as in testdata/libreoffice/README.md).
func BenchmarkReadLibreOffice(b *testing.B) {
	fixtures := filepath.Join("testdata", "libreoffice")
	dirs := map[string]string{"genial": fixtures, "labyrinth": fixtures, "dativ": fixtures, "raab": fixtures}
	names := []string{"genial", "labyrinth", "dativ", "raab"}
	if dir := os.Getenv("DRUCKREIF_BIG_FIXTURE"); dir != "" {
		dirs["big"] = dir
		names = append(names, "big")
	}
	for _, name := range names {
		for _, ext := range []string{".xlsx", ".ods", "-lo.xlsx"} {
			path := filepath.Join(dirs[name], name+ext)
			b.Run(name+ext+"/workbook", func(b *testing.B) {
				b.ReportAllocs()
				cpu := cpuSeconds()
				for b.Loop() {
					readAllSheets(b, path)
				}
				b.ReportMetric((cpuSeconds()-cpu)*1000/float64(b.N), "cpu-ms/op")
			})
			b.Run(name+ext+"/deck", func(b *testing.B) {
				b.ReportAllocs()
				cpu := cpuSeconds()
				for b.Loop() {
					if d, probs := LoadPath(path); d == nil {
						b.Fatal(probs)
					}
				}
				b.ReportMetric((cpuSeconds()-cpu)*1000/float64(b.N), "cpu-ms/op")
			})
		}
	}
}
