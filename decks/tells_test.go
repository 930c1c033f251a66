package decks

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"druckreif/i18n"
)

// labyrinthTellDeck makes a labyrinth deck of normal cards whose green and
// yellow sides have their right answers at the given letters (0 = A);
// lengths, if not nil, gives the letters of the answers A, B, C of each
// side given the right one (else all are alike long).
func labyrinthTellDeck(t *testing.T, green, yellow []int, lengths func(right int) [3]int) *Deck {
	t.Helper()
	rows := [][]string{{"Nr", "Seite", "Typ", "Frage", "A", "B", "C", "Richtig"}}
	side := func(nr int, face string, right int) []string {
		n := [3]int{9, 9, 9}
		if lengths != nil {
			n = lengths(right)
		}
		var answers []string
		for i, l := range n {
			answers = append(answers, strings.Repeat(string(rune('a'+i)), l))
		}
		return append([]string{strconv.Itoa(nr), face, "normal", fmt.Sprintf("Frage %d %s?", nr, face)}, append(answers, upperLetter(right))...)
	}
	for i := range green {
		rows = append(rows, side(i+1, "grün", green[i]), side(i+1, "gelb", yellow[i]))
	}
	d, probs := loadSheets(t, sheets{"Deck": deckSheet("labyrinth", "T"), "Karten": rows})
	if d == nil {
		t.Fatal(messages(probs, i18n.German))
	}
	return d
}

// spread gives n positions of m options, each used equally often, in a
// shuffled order.
func spread(n, m int, seed uint64) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i % m
	}
	rand.New(rand.NewPCG(seed, 1)).Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func tellMessages(decks ...*Deck) []string {
	return messages(Tells(decks), i18n.German)
}

func TestTellPositionsPerColourAndKind(t *testing.T) {
	// Green: A on 40 of 60 sides. Yellow: even.
	green := append(append(make([]int, 40), spread(10, 1, 1)...), spread(10, 1, 2)...)
	for i := 40; i < 50; i++ {
		green[i] = 1
	}
	for i := 50; i < 60; i++ {
		green[i] = 2
	}
	d := labyrinthTellDeck(t, green, spread(60, 3, 3), nil)
	got := messages(Tells([]*Deck{d}), i18n.German)
	// Nine tests: positions of two stacks, and the two length tests (no
	// unique longest or shortest answer: none); Tarone counts those that
	// could reach the level.
	want := "deck/Karten.csv: Karten: Spalte Richtig: Warnung: grüne Seiten, normale Karten: die richtige Antwort steht 40-mal bei A, 10-mal bei B, 10-mal bei C; " +
		"bei Zufall wären es je 20 (60 Seiten, p < 0,0001 nach Bonferroni-Korrektur für 2 Prüfungen): wer immer A wählt, liegt zu oft richtig; bitte die richtigen Antworten anders verteilen"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	en := messages(Tells([]*Deck{d}), i18n.English)[0]
	if !strings.HasPrefix(en, "deck/Karten.csv: Karten: column Richtig: warning: green sides, normal cards: the right answer is A 40 times, B 10 times, C 10 times; chance would give 20 each (60 sides, p < 0.0001 after a Bonferroni correction for 2 tests)") {
		t.Errorf("English: %s", en)
	}
}

func TestTellLongestAndShortestAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	// The right answer is the longest on 24 of 60 sides of each colour
	// (chance: 20 of the sides with a unique longest answer); the test is
	// over the whole sheet, where it shows.
	counter := 0
	longer := func(right int) [3]int {
		n := [3]int{5 + rng.IntN(10), 5 + rng.IntN(10), 5 + rng.IntN(10)}
		if counter++; counter%5 < 2 {
			n[right] = 20
		}
		return n
	}
	positions := spread(60, 3, 4)
	longest := labyrinthTellDeck(t, positions, spread(60, 3, 5), longer)
	got := tellMessages(longest)
	if len(got) != 1 || !strings.HasPrefix(got[0], "deck/Karten.csv: Karten: Spalte A: Warnung: die richtige Antwort ist auf ") ||
		!strings.Contains(got[0], "Seiten die längste; bei Zufall wären es") ||
		!strings.HasSuffix(got[0], "wer die längste Antwort nimmt, liegt zu oft richtig; bitte die falschen ebenso ausführlich oder die richtige knapper schreiben") {
		t.Errorf("longest: %q", got)
	}
	shorter := func(right int) [3]int {
		n := [3]int{5 + rng.IntN(10), 5 + rng.IntN(10), 5 + rng.IntN(10)}
		if counter++; counter%5 < 2 {
			n[right] = 3
		}
		return n
	}
	got = tellMessages(labyrinthTellDeck(t, positions, spread(60, 3, 5), shorter))
	if len(got) != 1 || !strings.Contains(got[0], "Seiten die kürzeste; bei Zufall wären es") {
		t.Errorf("shortest: %q", got)
	}
	// Lengths drawn regardless of the right answer tell nothing.
	fair := func(right int) [3]int { return [3]int{5 + rng.IntN(10), 5 + rng.IntN(10), 5 + rng.IntN(10)} }
	if got := tellMessages(labyrinthTellDeck(t, positions, spread(60, 3, 5), fair)); len(got) != 0 {
		t.Errorf("fair lengths warned: %q", got)
	}
}

// raabTellDeck makes a Raab deck of Wer lügt?, Stimmt's?, Sortieren and
// Entweder – Oder! tasks.
func raabTellDeck(t *testing.T, lies [][]int, trues []bool, firstInOrder []int, eitherOr []int) *Deck {
	t.Helper()
	s := sheets{"Deck": deckSheet("raab", "T")}
	wl := [][]string{{"Karte", "Aussage", "Antwort 1", "Antwort 2", "Antwort 3", "Antwort 4", "Antwort 5", "Antwort 6", "Antwort 7", "Falsch"}}
	for i, l := range lies {
		row := []string{strconv.Itoa(i/3 + 1), fmt.Sprintf("Aussage %d", i)}
		for a := 1; a <= 7; a++ {
			row = append(row, fmt.Sprintf("Antwort %d-%d", i, a))
		}
		var nums []string
		for _, p := range l {
			nums = append(nums, strconv.Itoa(p+1))
		}
		wl = append(wl, append(row, strings.Join(nums, ", ")))
	}
	st := [][]string{{"Karte", "Aussage", "Stimmt"}}
	for i, v := range trues {
		yes := "nein"
		if v {
			yes = "ja"
		}
		st = append(st, []string{strconv.Itoa(i/4 + 1), fmt.Sprintf("Behauptung Nummer %d.", i), yes})
	}
	so := [][]string{{"Karte", "Aufgabe", "A", "B", "C", "D", "Reihenfolge"}}
	for i, first := range firstInOrder {
		order := []string{"A", "B", "C", "D"}
		order[0], order[first] = order[first], order[0]
		so = append(so, []string{strconv.Itoa(i + 1), fmt.Sprintf("Sortiere %d", i), "w", "x", "y", "z", strings.Join(order, ", ")})
	}
	eo := [][]string{{"Karte", "Frage", "A", "B", "Richtig"}}
	for i, r := range eitherOr {
		eo = append(eo, []string{strconv.Itoa(i/4 + 1), fmt.Sprintf("Frage Nummer %d?", i), fmt.Sprintf("Antwort eins %d", i), fmt.Sprintf("Antwort zwei %d", i), upperLetter(r)})
	}
	for name, rows := range map[string][][]string{"Wer luegt": wl, "Stimmts": st, "Sortieren": so, "Entweder-Oder": eo} {
		if len(rows) > 1 {
			s[name] = rows
		}
	}
	d, probs := loadSheets(t, s)
	if d == nil {
		t.Fatal(messages(probs, i18n.German))
	}
	return d
}

// The review's finding: the lies of Wer lügt? were almost never read first.
func TestTellWhoLiesPositions(t *testing.T) {
	var lies [][]int
	for i := range 30 {
		switch i % 3 {
		case 0:
			lies = append(lies, []int{2, 4})
		case 1:
			lies = append(lies, []int{2, 5})
		default:
			lies = append(lies, []int{1, 3, 6})
		}
	}
	got := tellMessages(raabTellDeck(t, lies, nil, nil, nil))
	want := "deck/Wer luegt.csv: Wer luegt: Spalte Falsch: Warnung: die falschen Antworten stehen 0-mal bei Antwort 1, 10-mal bei Antwort 2, 20-mal bei Antwort 3, 10-mal bei Antwort 4, 10-mal bei Antwort 5, 10-mal bei Antwort 6, 10-mal bei Antwort 7; " +
		"bei Zufall wären es je 10 (30 Aufgaben, p = 0,0002 in der einzigen Prüfung): wer immer auf Antwort 3 als Lüge setzt, gewinnt zu oft; bitte die Lügen anders verteilen"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	// Lies spread by chance do not warn.
	rng := rand.New(rand.NewPCG(7, 7))
	lies = lies[:0]
	for range 30 {
		lies = append(lies, rng.Perm(7)[:2+rng.IntN(2)])
	}
	if got := tellMessages(raabTellDeck(t, lies, nil, nil, nil)); len(got) != 0 {
		t.Errorf("lies by chance warned: %q", got)
	}
}

func TestTellTrueFalse(t *testing.T) {
	trues := make([]bool, 40)
	for i := range 32 {
		trues[i] = true
	}
	got := tellMessages(raabTellDeck(t, nil, trues, nil, nil))
	want := "deck/Stimmts.csv: Stimmts: Spalte Stimmt: Warnung: 32 der 40 Aussagen stimmen, 8 nicht; bei Zufall wären es je 20 (p = 0,0002 in der einzigen Prüfung): " +
		"wer immer „stimmt“ sagt, liegt zu oft richtig; bitte mehr Aussagen, die nicht stimmen"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	// 24 of 40 is within chance.
	for i := range 40 {
		trues[i] = i < 24
	}
	if got := tellMessages(raabTellDeck(t, nil, trues, nil, nil)); len(got) != 0 {
		t.Errorf("24 of 40 warned: %q", got)
	}
}

func TestTellSortingAndEitherOr(t *testing.T) {
	// Sortieren: the items read already in order, the first one first on
	// 16 of 20 cards. Entweder – Oder!: B right on 30 of 36.
	first := make([]int, 20)
	for i := 16; i < 20; i++ {
		first[i] = i % 4
	}
	eitherOr := make([]int, 36)
	for i := range 30 {
		eitherOr[i] = 1
	}
	got := tellMessages(raabTellDeck(t, nil, nil, first, eitherOr))
	if len(got) != 2 ||
		!strings.HasPrefix(got[1], "deck/Sortieren.csv: Sortieren: Spalte Reihenfolge: Warnung: das Erste der Reihenfolge steht 17-mal bei A, 1-mal bei B, 1-mal bei C, 1-mal bei D; bei Zufall wären es je 5 (20 Aufgaben,") ||
		!strings.HasPrefix(got[0], "deck/Entweder-Oder.csv: Entweder-Oder: Spalte Richtig: Warnung: die richtige Antwort steht 6-mal bei A, 30-mal bei B; bei Zufall wären es je 18 (36 Fragen,") {
		t.Fatalf("got %q", got)
	}
}

// A deck made without a tell — positions and lengths shuffled, statements
// about even — must not warn, however many sheets it has.
func TestTellNoneWithoutATell(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	lengths := func(int) [3]int { return [3]int{5 + rng.IntN(10), 5 + rng.IntN(10), 5 + rng.IntN(10)} }
	lab := labyrinthTellDeck(t, spread(90, 3, 12), spread(90, 3, 13), lengths)
	var lies [][]int
	for range 30 {
		lies = append(lies, rng.Perm(7)[:2+rng.IntN(2)])
	}
	trues := make([]bool, 40)
	for i := range trues {
		trues[i] = i%2 == 0
	}
	raab := raabTellDeck(t, lies, trues, spread(20, 4, 14), spread(36, 2, 15))
	if got := tellMessages(lab, raab); len(got) != 0 {
		t.Errorf("a deck without a tell warned: %q", got)
	}
	if tests := collectTells([]*Deck{lab, raab}); len(tests) != 8 {
		t.Errorf("%d tests made, want 8: two stacks, two length tests, four Raab sheets", len(tests))
	}
}

func TestMultinomialPExact(t *testing.T) {
	for _, c := range []struct {
		counts []int
		want   float64
	}{
		{[]int{8, 2}, 2 * (1 + 10 + 45) / 1024.0}, // two-sided binomial: |x−5| ≥ 3
		{[]int{5, 5}, 1},
		{[]int{0, 0, 5}, 3 / 243.0},
		{[]int{2, 2, 1}, 1},
		// Outcomes of 3 in 3 cells: (1,1,1) has probability 6/27, every
		// other is at least as uneven.
		{[]int{3, 0, 0}, 3 / 27.0},
		{[]int{2, 1, 0}, 21 / 27.0},
	} {
		p, exact := multinomialP(c.counts)
		if !exact || math.Abs(p-c.want) > 1e-12 {
			t.Errorf("%v: p = %v (exact %v), want %v", c.counts, p, exact, c.want)
		}
	}
	// Where the χ² approximation takes over, it agrees with the exact
	// test on a large sample.
	exact, _ := multinomialP([]int{120, 90, 90})
	chi2 := 3.0*(120*120+90*90+90*90)/300 - 300
	approx := distuv.ChiSquared{K: 2}.Survival(chi2)
	if math.Abs(exact-approx)/exact > 0.1 {
		t.Errorf("exact %v, χ² %v", exact, approx)
	}
}

// The χ² statistic for several right options per task holds its level:
// on lies placed by chance, p < 0.05 in about 5 % of decks.
func TestPositionTestSeveralRightHoldsItsLevel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	rejected := 0
	const decks = 2000
	for range decks {
		var tasks []tellTask
		for range 30 {
			tasks = append(tasks, tellTask{options: 7, right: rng.Perm(7)[:2+rng.IntN(2)]})
		}
		if positionTest(Location{}, i18n.Text{}, nounTasks, upperLetter, 7, tasks, true).p < 0.05 {
			rejected++
		}
	}
	if share := float64(rejected) / decks; share < 0.035 || share > 0.065 {
		t.Errorf("rejected %.1f %% of chance decks at the 5 %% level", 100*share)
	}
}

func TestTellCorrectionCountsOnlyTestsThatCouldWarn(t *testing.T) {
	tests := []tellTest{{minP: 1e-9}, {minP: 1e-9}, {minP: 0.012}, {minP: 0.5}}
	if k := tellCorrection(tests); k != 2 {
		t.Errorf("K = %d, want 2", k)
	}
	if k := tellCorrection(nil); k != 1 {
		t.Errorf("K = %d without tests", k)
	}
}

// The default decks' answer keys tell nothing (issue 25).
func TestDefaultDecksHaveNoTell(t *testing.T) {
	decks, probs := LoadDefaults()
	if probs.HasErrors() {
		t.Fatal(probs)
	}
	found := messages(Tells(decks), i18n.German)
	for _, m := range found {
		t.Error(m)
	}
}

// The only option with a gloss is the key (second re-review of the
// labyrinth decks, F2): on 20 sides of 60 per colour the right answer
// alone explains itself in brackets. With the gloss on a random option the
// same deck does not warn.
func TestTellLoneGloss(t *testing.T) {
	deck := func(glossed func(nr, right int) int) *Deck {
		rows := [][]string{{"Nr", "Seite", "Typ", "Frage", "A", "B", "C", "Richtig"}}
		green, yellow := spread(60, 3, 7), spread(60, 3, 8)
		for i := range green {
			for face, right := range [2]int{green[i], yellow[i]} {
				answers := []string{"Antwort eins", "Antwort zwei", "Antwort drei"}
				if i < 20 {
					g := glossed(i, right)
					answers[g] = strings.Replace(answers[g], "Antwort", "Ant (wort)", 1) // as many letters
				}
				rows = append(rows, append([]string{strconv.Itoa(i + 1), [2]string{"grün", "gelb"}[face], "normal", fmt.Sprintf("Frage %d %d?", i+1, face)},
					append(answers, upperLetter(right))...))
			}
		}
		d, probs := loadSheets(t, sheets{"Deck": deckSheet("labyrinth", "T"), "Karten": rows})
		if d == nil {
			t.Fatal(messages(probs, i18n.German))
		}
		return d
	}
	got := tellMessages(deck(func(_, right int) int { return right }))
	if len(got) != 1 || !strings.HasPrefix(got[0], "deck/Karten.csv: Karten: Spalte A: Warnung: die richtige Antwort ist auf 40 von 40 Seiten die einzige mit einer Erläuterung") {
		t.Errorf("glossed key: %q", got)
	}
	if got := tellMessages(deck(func(nr, _ int) int { return nr % 3 })); len(got) != 0 {
		t.Errorf("gloss on any option: %q", got)
	}
}
