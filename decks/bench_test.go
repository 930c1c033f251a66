package decks

import (
	"fmt"
	"os"
	"path/filepath"
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
