package decks

import (
	"testing"

	"druckreif/i18n"
)

func loadDefaultSet(t *testing.T) *Set {
	t.Helper()
	set, probs := LoadSet(Options{})
	if set == nil {
		t.Fatal(messages(probs, i18n.German))
	}
	return set
}

func defaultDeck(t *testing.T, name string) *Deck {
	t.Helper()
	d, probs := LoadDefault(name)
	if d == nil {
		t.Fatal(messages(probs, i18n.German))
	}
	if len(probs) > 0 {
		t.Errorf("%s: the default decks must check without warnings: %q", name, messages(probs, i18n.German))
	}
	return d
}

// The default content must stay large enough for a complete kit: these
// minimums cannot shrink silently.
func TestDefaultDeckCounts(t *testing.T) {
	lab := defaultDeck(t, "labyrinth")
	kinds := map[LabyrinthKind]int{}
	regional := map[string]int{}
	for _, c := range lab.Labyrinth {
		kinds[c.Kind]++
		regional[c.Region]++
	}
	// Three full games per colour side: a game uses 17 normal, 3 risk and
	// at least 3 Lingutaurus cards.
	if len(lab.Labyrinth) < 80 || kinds[Normal] < 56 || kinds[Risk] < 12 || kinds[Lingutaurus] < 12 {
		t.Errorf("labyrinth: %d cards, %v", len(lab.Labyrinth), kinds)
	}
	if regional["de-AT"] < 1 || regional["de-CH"] < 1 {
		t.Errorf("labyrinth base deck needs regional cards for the filter: %v", regional)
	}
	for name, region := range map[string]string{"labyrinth-at": "de-AT", "labyrinth-ch": "de-CH"} {
		d := defaultDeck(t, name)
		if len(d.Labyrinth) < 10 || d.Info.Region != region {
			t.Errorf("%s: %d cards, region %s", name, len(d.Labyrinth), d.Info.Region)
		}
		for _, c := range d.Labyrinth {
			if c.Region != region {
				t.Errorf("%s: card %d has region %q", name, c.Number, c.Region)
			}
		}
	}

	dat := defaultDeck(t, "dativ")
	multi, categories, regionalDativ := 0, map[string]bool{}, 0
	for _, c := range dat.Dativ {
		if c.Region != "" {
			regionalDativ++
		}
		for _, s := range c.Sides {
			if len(s.Correct) > 1 {
				multi++
			}
			categories[s.Category] = true
			if len(s.Options) < 2 || len(s.Options) > 4 {
				t.Errorf("%s: %d options", s.ID, len(s.Options))
			}
		}
	}
	if len(dat.Dativ) < 60 || multi < 15 || len(categories) < 6 || regionalDativ < 1 {
		t.Errorf("dativ: %d cards, %d sides with several correct options, %d categories, %d regional cards",
			len(dat.Dativ), multi, len(categories), regionalDativ)
	}

	gen := defaultDeck(t, "genial")
	regionalGenial := 0
	for _, c := range gen.Genial {
		if c.Region != "" {
			regionalGenial++
		}
	}
	if len(gen.Genial) < 60 || regionalGenial < 1 {
		t.Errorf("genial: %d questions, %d regional", len(gen.Genial), regionalGenial)
	}
}

// raabMinimum is how many cards one full play of each mini-game can
// consume, from the rulebook: a race to N points lasts at most 2N−1 tasks
// when every task gives a point; two-player variants give each player a
// card of their own; "after N tasks" games use N tasks.
var raabMinimum = map[string]int{
	"AK": 2, // race to 4: ≤ 7 plates, 6 per card; two players: a card each
	"BK": 3, // race to 5: ≤ 9 questions, 4 per card
	"BS": 1, // race to 5: ≤ 9 words of a card's 10
	"BZ": 1, // race to 5: ≤ 9 words
	"BU": 1, // 10 terms per player (front and back for two)
	"EN": 2, // race to 4: ≥ 7 pairs, 4 per card
	"EO": 2, // credit 3: ≥ 5 questions when both keep answering
	"FZ": 5, // race to 5: ≤ 9 quotes, 2 per card
	"FS": 2, // 5 words, 3 per card; two players: a card each
	"FP": 2, // credit 4: ≥ 4 questions, 2 per card
	"KR": 2, // two players: a card each for the sand timer
	"LM": 1, // 5 songs
	"LS": 1, // 5 songs
	"SC": 2, // race to 4: ≥ 7 questions, 4 per card
	"SQ": 3, // race to 5: ≤ 9 questions, 3 per card
	"SO": 4, // leader after 4 tasks, one per card
	"SW": 2, // race to 5: ≤ 9 proverbs, 8 per card
	"ST": 2, // credit 3: ≥ 5 statements, 4 per card
	"SM": 1, // race to 4: ≤ 7 words, 8 per card
	"TT": 2, // two players: a card each (3 tasks a side)
	"WW": 2, // race to 4: ≥ 7 events, 5 per card
	"WL": 2, // two players: a card each (3 tasks)
	"WM": 2, // two players: a card each (2 tasks)
	"TV": 3, // race to 4: ≥ 7 tasks, 3 per card
	"WO": 6, // per map: race to 4, ≥ 7 places, 4 per card; three maps
	"WR": 2, // two players: a card each for the sand timer
	"ZO": 4, // up to 7 questions, 2 per card
}

func TestDefaultRaabCoversEveryMiniGame(t *testing.T) {
	d := defaultDeck(t, "raab")
	count := map[string]int{}
	perMap := map[string]int{}
	for _, c := range d.Raab {
		count[c.Game.Code]++
		if p, ok := c.Tasks[0].(Place); ok {
			perMap[p.Map.Key]++
		}
	}
	for _, g := range MiniGames {
		if count[g.Code] < raabMinimum[g.Code] {
			t.Errorf("%s: %d cards, one full play needs %d", g.Name, count[g.Code], raabMinimum[g.Code])
		}
	}
	for _, m := range []string{"D", "EU", "Globus"} {
		if perMap[m] < 2 {
			t.Errorf("Wo liegt was? map %s: %d cards, need 2", m, perMap[m])
		}
	}
}

// Three-answer decks must not give the answer away by its letter.
func TestAnswerKeyBalance(t *testing.T) {
	check := func(name string, letters []int) {
		counts := [3]int{}
		for _, l := range letters {
			counts[l]++
		}
		for i, n := range counts {
			if share := float64(n) / float64(len(letters)); share > 0.45 {
				t.Errorf("%s: answer %c is correct in %.0f %% of questions", name, 'A'+i, share*100)
			}
		}
	}
	for _, name := range []string{"labyrinth", "labyrinth-at", "labyrinth-ch"} {
		var letters []int
		for _, c := range defaultDeck(t, name).Labyrinth {
			for _, s := range c.Sides {
				letters = append(letters, s.Correct)
			}
		}
		check(name, letters)
	}
	var letters []int
	for _, c := range defaultDeck(t, "genial").Genial {
		letters = append(letters, c.Correct)
	}
	check("genial", letters)
}

func TestDefaultSetCombines(t *testing.T) {
	set := loadDefaultSet(t)
	if len(set.Game(Labyrinth)) != 3 || len(set.Raab()) == 0 {
		t.Fatalf("set: %s", set.Stats())
	}
	at := set.Filter(RegionFilter{Exclude: []string{"de-AT"}})
	if len(at.Game(Labyrinth)) != 2 {
		t.Errorf("excluding de-AT should drop the Austrian deck: %s", at.Stats())
	}
}

// The rulebook's 170 normal cards in the base deck. A game draws 17 of one
// colour, so each colour's normal stack must not favour a letter (at most
// 40 %), and the dialect questions the game promises come from every
// region, not from two or three.
func TestLabyrinthNormalStack(t *testing.T) {
	base := defaultDeck(t, "labyrinth")
	var counts [2][3]int
	n := 0
	regions := map[string]bool{}
	for _, c := range base.Labyrinth {
		if c.Kind != Normal {
			continue
		}
		n++
		for face := range c.Sides {
			counts[face][c.Sides[face].Correct]++
		}
		regions[c.Region] = true
	}
	if n < 170 {
		t.Errorf("labyrinth base deck: %d normal cards, the rulebook has 170", n)
	}
	for face, k := range counts {
		for i, m := range k {
			if 10*m > 4*n {
				t.Errorf("normal cards, %s side: %c is correct on %d of %d", LabyrinthFace(face), 'A'+i, m, n)
			}
		}
	}
	// North, Rhineland and Ruhr, Palatinate, Saarland, Thuringia, Bavaria and
	// Franconia, Swabia, Saxony, Berlin, Hesse, Austria, Switzerland, South Tyrol.
	for _, want := range []string{"de-DE-HH", "de-DE-SH", "de-DE-NI", "de-DE-MV", "de-DE-NW", "de-DE-RP", "de-DE-SL",
		"de-DE-TH", "de-DE-BY", "de-DE-BW", "de-DE-SN", "de-DE-BE", "de-DE-HE", "de-AT", "de-CH", "de-IT"} {
		if !regions[want] {
			t.Errorf("labyrinth base deck: no normal card for region %s", want)
		}
	}
}
