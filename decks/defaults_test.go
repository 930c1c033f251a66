package decks

import (
	"strings"
	"testing"
	"unicode/utf8"

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
	// The rulebook's 220 cards: 170 normal, 25 risk and 25 Lingutaurus.
	if kinds[Normal] < 170 || kinds[Risk] != 25 || kinds[Lingutaurus] != 25 {
		t.Errorf("labyrinth: %d cards, %v (want ≥ 170 normal, 25 risk, 25 Lingutaurus)", len(lab.Labyrinth), kinds)
	}
	if regional["de-AT"] < 1 || regional["de-CH"] < 1 {
		t.Errorf("labyrinth base deck needs regional cards for the filter: %v", regional)
	}
	for name, region := range map[string]string{"labyrinth-at": "de-AT", "labyrinth-ch": "de-CH"} {
		d := defaultDeck(t, name)
		if len(d.Labyrinth) < 25 || d.Info.Region != region {
			t.Errorf("%s: %d cards, region %s", name, len(d.Labyrinth), d.Info.Region)
		}
		for _, c := range d.Labyrinth {
			if c.Region != region {
				t.Errorf("%s: card %d has region %q", name, c.Number, c.Region)
			}
		}
	}

	gen := defaultDeck(t, "genial")
	regionalGenial := 0
	for _, c := range gen.Genial {
		if c.Region != "" {
			regionalGenial++
		}
	}
	// The rulebook deals 9 cards to each of two players, 6 to each of
	// three, 5 to each of four: at least 200 questions play eleven games of
	// two before one repeats.
	if len(gen.Genial) < 200 || regionalGenial < 8 {
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
	// Genial daneben is one stack of three-answer cards: about a third each,
	// no letter right on more than 40 % of the questions.
	counts := [3]int{}
	for _, l := range letters {
		counts[l]++
	}
	for i, n := range counts {
		if share := float64(n) / float64(len(letters)); share > 0.40 || share < 0.27 {
			t.Errorf("genial: answer %c is correct in %.0f %% of questions, want about a third", 'a'+i, share*100)
		}
	}
}

// A game plays one colour, and the reader draws its risk and Lingutaurus
// cards from stacks of their own: within each stack and colour no letter
// may be the answer on more than 40 % of the cards, or "on green, say C"
// pays off. This holds for the base deck alone, for all default decks
// together and for the purely Austrian and purely Swiss rounds the
// rulebook describes (their own regional cards left out).
func TestStackKeyBalancePerColour(t *testing.T) {
	set := loadDefaultSet(t)
	base := &Set{Decks: set.Game(Labyrinth)[:1]}
	if base.Decks[0].Info.Code != "STD" {
		t.Fatalf("first labyrinth deck is %s, want STD", base.Decks[0].Info.Code)
	}
	sets := map[string]*Set{
		"base deck":         base,
		"all default decks": set,
		"without de-AT":     set.Filter(RegionFilter{Exclude: []string{"de-AT"}}),
		"without de-CH":     set.Filter(RegionFilter{Exclude: []string{"de-CH"}}),
	}
	for name, s := range sets {
		for _, kind := range []LabyrinthKind{Risk, Lingutaurus} {
			for _, face := range []LabyrinthFace{Green, Yellow} {
				var counts [3]int
				n := 0
				for _, c := range s.Labyrinth() {
					if c.Kind == kind {
						counts[c.Sides[face].Correct]++
						n++
					}
				}
				if n == 0 {
					t.Fatalf("%s: no %v cards", name, kind)
				}
				for i, k := range counts {
					if 10*k > 4*n {
						t.Errorf("%s, %v cards, %s side: %c is correct on %d of %d (%.0f %%)",
							name, kind, face, 'A'+i, k, n, 100*float64(k)/float64(n))
					}
				}
			}
		}
	}
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

// The Dativ card game's default deck is as large as the original (180
// cards, 360 sentences) and broad: many categories, none dominant, some
// sides with several correct variants, regional cards for the filter.
func TestDefaultDativDeck(t *testing.T) {
	dat := defaultDeck(t, "dativ")
	sides, multi := 0, 0
	categories := map[string]int{}
	regions := map[string]int{}
	for _, c := range dat.Dativ {
		regions[c.Region]++
		for _, s := range c.Sides {
			sides++
			categories[s.Category]++
			if len(s.Correct) > 1 {
				multi++
			}
			if len(s.Options) < 2 || len(s.Options) > 4 {
				t.Errorf("%s: %d options", s.ID, len(s.Options))
			}
		}
	}
	if len(dat.Dativ) != 180 || sides != 360 {
		t.Errorf("dativ: %d cards, %d sides; the rulebook has 180 cards with 360 sentences", len(dat.Dativ), sides)
	}
	for n := 1; n <= len(dat.Dativ); n++ {
		if dat.Dativ[n-1].Number != n {
			t.Fatalf("card numbers must run 1…%d without gaps; card %d is number %d", len(dat.Dativ), n, dat.Dativ[n-1].Number)
		}
	}
	// The themes of the books: the audible categories must all be there.
	for _, want := range []string{"Dativ/Genitiv", "Dativ/Akkusativ", "Deklination", "Verbformen", "Konjunktiv", "Plural",
		"Genus", "Steigerung", "Wortwahl", "Fremdwörter", "Anglizismen", "Abkürzungen", "Satzbau", "Pronomen",
		"Präpositionen", "Fugen-s", "Wortherkunft", "Redewendungen"} {
		if categories[want] == 0 {
			t.Errorf("dativ: no side in category %s", want)
		}
	}
	for cat, n := range categories {
		if n > sides*12/100 {
			t.Errorf("dativ: category %s has %d of %d sides; no category may take more than 12 %%", cat, n, sides)
		}
	}
	if len(categories) < 18 {
		t.Errorf("dativ: only %d categories", len(categories))
	}
	if share := float64(multi) / float64(sides); share < 0.15 || share > 0.30 {
		t.Errorf("dativ: %d of %d sides (%.0f %%) have several correct variants; keep it between 15 and 30 %%", multi, sides, share*100)
	}
	if regions["de-AT"] < 2 || regions["de-CH"] < 2 {
		t.Errorf("dativ: regional cards %v; want at least two Austrian and two Swiss", regions)
	}
}

// Played by ear: the reader reads one variant aloud. Where the variants
// sound the same, the side must tell the reader what to do, and such
// sides are at most a quarter of the deck; every other side is audible.
func TestDefaultDativDeckIsPlayableByEar(t *testing.T) {
	dat := defaultDeck(t, "dativ")
	sides, hinted := 0, 0
	for _, c := range dat.Dativ {
		for _, s := range c.Sides {
			sides++
			a, b, alike := s.SoundAlike()
			if s.ReadingHint == "" {
				if alike {
					t.Errorf("%s: %q and %q sound the same, but the side has no Vorlesehinweis", s.ID, s.Options[a], s.Options[b])
				}
				continue
			}
			hinted++
			// A hint is for sides whose writing is the point, and those
			// are printed verbatim.
			if !s.Verbatim {
				t.Errorf("%s: a side with a Vorlesehinweis tests writing and must be Wörtlich", s.ID)
			}
		}
	}
	if hinted*4 > sides {
		t.Errorf("%d of %d sides need a Vorlesehinweis; at most a quarter may", hinted, sides)
	}
	t.Logf("%d of %d sides (%.1f %%) carry a Vorlesehinweis", hinted, sides, 100*float64(hinted)/float64(sides))
}

// The default cards keep to the length budgets of docs/decks.md and name
// the source of their rule.
func TestDefaultDativDeckBudgets(t *testing.T) {
	sources := []string{"Duden", "Regelwerk", "Variantenwörterbuch", "Oxford English Dictionary"}
	for _, c := range defaultDeck(t, "dativ").Dativ {
		for _, s := range c.Sides {
			for _, f := range []struct {
				what, text string
				max        int
			}{{"sentence", s.Sentence, 110}, {"explanation", s.Explanation, 160}, {"reading hint", s.ReadingHint, MaxReadingHint}} {
				if n := utf8.RuneCountInString(f.text); n > f.max {
					t.Errorf("%s: %s has %d characters, budget %d", s.ID, f.what, n, f.max)
				}
			}
			for i, o := range s.Options {
				if n := utf8.RuneCountInString(o); n > 25 {
					t.Errorf("%s: option %s has %d characters, budget 25", s.ID, OptionLetter(i), n)
				}
			}
			cited := false
			for _, src := range sources {
				cited = cited || strings.Contains(s.Explanation, src)
			}
			if !cited {
				t.Errorf("%s: the explanation names no source: %s", s.ID, s.Explanation)
			}
		}
	}
}

// A game draws 17 normal cards of one colour, so each colour's normal
// stack must not favour a letter (at most 40 %), and the dialect questions
// the game promises come from every region, not from two or three.
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
