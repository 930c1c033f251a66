package preview

import (
	"fmt"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// settle waits until the preview's slow checks after a save are done, as
// they are when an author saves, looks, and saves again.
func settle(p *Preview) {
	for !p.settled() {
		time.Sleep(5 * time.Millisecond)
	}
}

// BenchmarkRebuildOneCard is a save of one card in a 500-card deck, from
// the rebuild's start to its images being ready (the watcher's debounce,
// Debounce, comes on top).
func BenchmarkRebuildOneCard(b *testing.B) {
	deck, rows := writeDeck(b, b.TempDir(), 500)
	p, err := New(Options{Decks: []string{deck}})
	if err != nil {
		b.Fatal(err)
	}
	dirty := map[string]bool{deck: true}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		edit(rows, 17, fmt.Sprintf("Wie viele Ecken hat ein Würfel? (Fassung %d)", i))
		saveCSV(b, filepath.Join(deck, "Karten.csv"), rows)
		settle(p)
		b.StartTimer()
		if changed, err := p.Rebuild(dirty, time.Now()); err != nil || !changed {
			b.Fatal(changed, err)
		}
	}
}

// BenchmarkSaveToEvent is the goal's measure, end to end: a save of one
// card in a 500-card deck (written to a new file renamed over the old,
// as editors do) to its changed event on /events, through the watcher
// and the HTTP stream. It reports the median and p95 in ms.
func BenchmarkSaveToEvent(b *testing.B) {
	deck, rows := writeDeck(b, b.TempDir(), 500)
	s := start(b, Options{Decks: []string{deck}})
	st := s.listen(b)
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		settle(s.p)
		st.drain(100 * time.Millisecond)
		edit(rows, 1+i%500, fmt.Sprintf("Wie viele Ecken hat ein Würfel? (Fassung %d)", i))
		b.StartTimer()
		saved := time.Now()
		saveCSV(b, filepath.Join(deck, "Karten.csv"), rows)
		e, ok := st.next(b, 10*time.Second)
		if !ok || e.name != "changed" || len(e.data.Cards) != 1 {
			b.Fatalf("save %d: %+v", i, e)
		}
		times = append(times, e.at.Sub(saved))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)/2]), "median-ms")
	b.ReportMetric(ms(times[(len(times)*95+99)/100-1]), "p95-ms")
	b.ReportMetric(ms(times[len(times)-1]), "max-ms")
}
