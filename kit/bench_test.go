package kit

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/kit/cache"
	"druckreif/layout"
	"druckreif/layout/cards"
)

// reportCPU adds the process's CPU time per operation (cpu-s/op) to a
// benchmark's figures: defer reportCPU(b)() before the loop.
func reportCPU(b *testing.B) func() {
	start, ok := processCPU()
	return func() {
		if end, ok2 := processCPU(); ok && ok2 && b.N > 0 {
			b.ReportMetric((end-start).Seconds()/float64(b.N), "cpu-s/op")
		}
	}
}

// BenchmarkDefaultKit builds every file of the default kit (all games, A4
// duplex), as `druckreif build` does, without writing.
func BenchmarkDefaultKit(b *testing.B) {
	TuneRuntime()
	set := defaultSet(b)
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		if _, _, err := Build(set, Options{Paper: layout.A4}); err != nil {
			b.Fatal(err)
		}
	}
}

// synthetic makes a labyrinth set of n cards (2n faces) with varied,
// realistic German text: every face is typeset, hyphenated and gets a QR
// code.
func synthetic(b testing.TB, n int) *decks.Set {
	b.Helper()
	var sb strings.Builder
	sb.WriteString("Nr,Seite,Typ,Frage,A,B,C,Richtig\n")
	words := []string{"Donaudampfschifffahrt", "Rechtschreibreform", "Genitiv", "Dativ", "Straßenbahnhaltestelle", "Kommasetzung", "Zusammenschreibung", "Bundespräsident"}
	for i := 1; i <= n; i++ {
		for _, side := range []string{"grün", "gelb"} {
			w := words[i%len(words)]
			fmt.Fprintf(&sb, "%d,%s,normal,Frage %d (%s): Welche Form von „%s“ ist nach der %s richtig und warum?,Antwort eins %d,Antwort zwei,Antwort drei,%c\n",
				i, side, i, side, w, words[(i+3)%len(words)], i, 'A'+rune(i%3))
		}
	}
	return benchDeck(b, "labyrinth", "Karten", sb.String())
}

// benchDeck loads a deck of game "BENCH" whose one sheet holds csv.
func benchDeck(b testing.TB, game, sheet, csv string) *decks.Set {
	b.Helper()
	dir := b.TempDir()
	writeFileB(b, dir+"/Deck.csv", "Spiel,"+game+"\nName,Bench\nKennung,BENCH\nVersion,1\n")
	writeFileB(b, dir+"/"+sheet+".csv", csv)
	d, probs := decks.LoadPath(dir)
	if d == nil {
		b.Fatal(probs)
	}
	set, _ := decks.Combine(d)
	return set
}

func benchCards(b *testing.B, cardsN int) {
	TuneRuntime()
	set := synthetic(b, cardsN)
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b)()
	for b.Loop() {
		// As druckreif build --game labyrinth does it (large decks in parts).
		if _, _, err := Build(set, Options{Paper: layout.A4, Games: []decks.Game{decks.Labyrinth}}); err != nil {
			b.Fatal(err)
		}
	}
	faces := float64(2 * cardsN)
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N)/faces*1000, "s/1000faces")
}

// 500 cards = 1,000 faces; the series 50 … 5,000 cards (100 … 10,000 faces)
// shows how the cost grows.
func BenchmarkFaces100(b *testing.B)   { benchCards(b, 50) }
func BenchmarkFaces1000(b *testing.B)  { benchCards(b, 500) }
func BenchmarkFaces10000(b *testing.B) { benchCards(b, 5000) }

// genialDeck makes a Genial daneben deck of n cards from the default
// deck's questions (repeated, each repetition numbered), so the text is
// real German: the 440-card deck is the figure compared with gLabels and
// a raw fpdf floor in /work/shared/notes.
func genialDeck(b testing.TB, n int) *decks.Set {
	b.Helper()
	data, err := os.ReadFile("../decks/default/genial/Fragen.csv")
	if err != nil {
		b.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		b.Fatal(err)
	}
	var sb strings.Builder
	w := csv.NewWriter(&sb)
	w.Write([]string{"Nr", "Frage", "a", "b", "c", "Richtig"})
	for i := 0; i < n; i++ {
		r := rows[1+i%(len(rows)-1)]
		q := r[1]
		if k := i / (len(rows) - 1); k > 0 {
			q = fmt.Sprintf("%s (Runde %d)", q, k+1)
		}
		w.Write([]string{fmt.Sprint(i + 1), q, r[2], r[3], r[4], r[5]})
	}
	w.Flush()
	return benchDeck(b, "genial", "Fragen", sb.String())
}

// BenchmarkGenial440 renders 440 Genial daneben cards with QR codes (and
// their common back), as druckreif build --game genial does for the cards.
func BenchmarkGenial440(b *testing.B) {
	TuneRuntime()
	set := genialDeck(b, 440)
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b)()
	for b.Loop() {
		if _, _, err := cardFile(Options{Paper: layout.A4}, "genial", "Fragekarten", func(st *layout.Style) (*cards.Set, error) {
			return cards.Genial(set.Genial(), st)
		}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDefaultKitCached builds the default kit with every file in the
// build cache: the floor of a rebuild (keys, reading and checking
// entries).
func BenchmarkDefaultKitCached(b *testing.B) {
	TuneRuntime()
	set := defaultSet(b)
	c, err := cache.Open(b.TempDir(), 0)
	if err != nil {
		b.Fatal(err)
	}
	o := Options{Paper: layout.A4, Cache: c}
	if _, _, err := Build(set, o); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b)()
	for b.Loop() {
		if _, _, err := Build(set, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenial440OneCardEdit draws the 440 Genial daneben cards after
// an edit of one card (a new text every time), with the build cache: the
// card file is drawn again, its other faces and its QR codes come from the
// cache.
func BenchmarkGenial440OneCardEdit(b *testing.B) {
	TuneRuntime()
	set := genialDeck(b, 440)
	c, err := cache.Open(b.TempDir(), 0)
	if err != nil {
		b.Fatal(err)
	}
	o := Options{Paper: layout.A4, Games: []decks.Game{decks.Genial}, Cache: c}
	if _, _, err := Build(set, o); err != nil {
		b.Fatal(err)
	}
	card := set.Genial()[7]
	question := card.Question
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b)()
	i := 0
	for b.Loop() {
		i++
		card.Question = fmt.Sprintf("%s (%d)", question, i)
		if _, _, err := Build(set, o); err != nil {
			b.Fatal(err)
		}
	}
}
