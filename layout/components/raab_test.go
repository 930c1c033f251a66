package components

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/layout/pieces"
)

func defaultRaabSet(t *testing.T) *decks.Set {
	t.Helper()
	set, probs := decks.LoadSet(decks.Options{})
	if set == nil {
		t.Fatalf("default decks: %v", probs)
	}
	return set
}

// smallRaabSet has the cards of only a few mini-games, so that the others
// must be left out.
func smallRaabSet(t *testing.T, codes ...string) *decks.Set {
	t.Helper()
	keep := map[string]bool{}
	for _, c := range codes {
		keep[c] = true
	}
	var cards []*decks.RaabCard
	var info *decks.DeckInfo
	for _, c := range defaultRaabSet(t).Raab() {
		if keep[c.Game.Code] {
			cards, info = append(cards, c), c.Deck
		}
	}
	set, probs := decks.Combine(&decks.Deck{Info: info, Raab: cards})
	if set == nil {
		t.Fatalf("combine: %v", probs)
	}
	return set
}

func raabSheet(t *testing.T, sheets []Sheet, name string) Sheet {
	t.Helper()
	for _, sh := range sheets {
		if sh.Name == name {
			return sh
		}
	}
	t.Fatalf("no sheet %q", name)
	return Sheet{}
}

func raabPage(t *testing.T, pages []Page, name string) Page {
	t.Helper()
	for _, pg := range pages {
		if pg.Name == name {
			return pg
		}
	}
	t.Fatalf("no page %q", name)
	return Page{}
}

// gamesWithCards lists the mini-games with cards, in rulebook order.
func gamesWithCards(set *decks.Set) []*decks.MiniGame {
	has := map[*decks.MiniGame]bool{}
	for _, c := range set.Raab() {
		has[c.Game] = true
	}
	var out []*decks.MiniGame
	for _, g := range decks.MiniGames {
		if has[g] {
			out = append(out, g)
		}
	}
	return out
}

// The spinner has one field per mini-game with cards, in the rulebook's
// order, and marks exactly the games that need three players.
func TestRaabSpinnerSegments(t *testing.T) {
	for _, set := range []*decks.Set{defaultRaabSet(t), smallRaabSet(t, "AK", "BK", "ZO", "WO")} {
		want := gamesWithCards(set)
		segs := spinnerSegments(SortStrips(set))
		if len(segs) != len(want) {
			t.Fatalf("%d segments, want %d", len(segs), len(want))
		}
		for i, s := range segs {
			g := want[i]
			if s.Game != g {
				t.Errorf("segment %d is %s, want %s", i, s.Game.Name, g.Name)
			}
			if s.Shaded != g.ThreePlayers || strings.HasSuffix(s.Label, " (3)") != g.ThreePlayers {
				t.Errorf("%s: shaded %v, label %q, but ThreePlayers %v", g.Name, s.Shaded, s.Label, g.ThreePlayers)
			}
			if !strings.HasPrefix(s.Label, g.Name) {
				t.Errorf("label %q does not carry the rulebook name %q", s.Label, g.Name)
			}
		}
	}
	if n := len(spinnerSegments(SortStrips(defaultRaabSet(t)))); n != len(decks.MiniGames) {
		t.Errorf("default set: %d segments, want all %d mini-games", n, len(decks.MiniGames))
	}
	_, pages := Raab(SortStrips(smallRaabSet(t, "AK", "BK", "ZO")))
	if pg := raabPage(t, pages, "drehscheibe"); !strings.Contains(pg.Title, "(3 Spiele)") {
		t.Errorf("spinner title %q", pg.Title)
	}
}

// The total track runs 0–120 and highlights exactly 8, 28 and 61.
func TestRaabTotalTrackHighlights(t *testing.T) {
	if raabMaxTotal != 120 {
		t.Errorf("total %d, want 120", raabMaxTotal)
	}
	want := map[int]string{8: "Ratzfatz", 28: "Medium", 61: "Showtime"}
	for n := 0; n <= raabMaxTotal; n++ {
		name, hl := totalHighlight(n)
		if w, ok := want[n]; hl != ok || name != w {
			t.Errorf("field %d: highlighted %v %q, want %v %q", n, hl, name, ok, w)
		}
	}
}

// The sorting strips name exactly the games with cards, with the runs of
// set.SerialRuns — the rulebook's range and the extra cards for two — and
// print them.
func TestRaabSortingStrips(t *testing.T) {
	set := defaultRaabSet(t)
	strips := SortStrips(set)
	var games []*decks.MiniGame
	for _, s := range strips {
		if runs := set.SerialRuns(s.Game); fmt.Sprint(runs) != fmt.Sprint(s.Runs) {
			t.Errorf("%s: strip %v, SerialRuns %v", s.Game.Name, s.Runs, runs)
		}
		games = append(games, s.Game)
	}
	extras := map[string]string{}
	for _, s := range strips {
		extras[s.Game.Code] = s.Range() + " | " + s.Extra()
	}
	for code, want := range map[string]string{
		"TT": "156–165 | ", "ZO": "222–233 | ", "EN": "45–50 · 234 | 234: Zusatzkarte für das Spiel zu zweit",
		"WO": "199–216 · 238–240 | 238–240: Zusatzkarten für das Spiel zu zweit",
	} {
		if extras[code] != want {
			t.Errorf("%s: strip says %q, want %q", code, extras[code], want)
		}
	}
	if fmt.Sprint(games) != fmt.Sprint(gamesWithCards(set)) {
		t.Errorf("strips for %v", games)
	}
	sheets, _ := Raab(SortStrips(set))
	sh := raabSheet(t, sheets, "sortierstreifen")
	if len(sh.Pieces) != len(strips) {
		t.Fatalf("%d strip pieces for %d games", len(sh.Pieces), len(strips))
	}
	for i, pc := range sh.Pieces {
		if pc.Name != "Sortierstreifen "+strips[i].Game.Name {
			t.Errorf("piece %d is %q", i, pc.Name)
		}
	}
	// A set without the cards of a game has no strip for it.
	small := smallRaabSet(t, "BS", "ST")
	got := SortStrips(small)
	if len(got) != 2 || got[0].Game.Code != "BS" || got[1].Game.Code != "ST" || got[0].Range() != "26–34" {
		t.Errorf("small set: %+v", got)
	}

	tooltest.Need(t, "pdftotext")
	text := pdfText(t, sheetPDF(t, layout.A4, sh))
	for _, s := range strips {
		if !strings.Contains(text, s.Range()) {
			t.Errorf("%s: range %s not printed", s.Game.Name, s.Range())
		}
		if x := s.Extra(); x != "" && !strings.Contains(strings.Join(strings.Fields(text), " "), x) {
			t.Errorf("%s: %q not printed", s.Game.Name, x)
		}
	}
}

// The chips and cards: 8 letter chips, 2 Stimmt's chips, 4 Teamplayer
// cards, 3 Wild Cards, every one with a back.
func TestRaabChipsAndCards(t *testing.T) {
	sheets, _ := Raab(SortStrips(defaultRaabSet(t)))
	sh := raabSheet(t, sheets, "chips-karten")
	count := map[string]int{}
	for _, pc := range sh.Pieces {
		if pc.Back == nil {
			t.Errorf("%s has no back", pc.Name)
		}
		for _, kind := range []string{"Buchstabenchip ", "Stimmt’s?-Chip ", "Teamplayer-Karte ", "Wild Card "} {
			if strings.HasPrefix(pc.Name, kind) {
				count[kind]++
			}
		}
		if pc.Round && pc.W != pc.H {
			t.Errorf("%s: round but %v × %v", pc.Name, pc.W, pc.H)
		}
	}
	want := map[string]int{"Buchstabenchip ": 8, "Stimmt’s?-Chip ": 2, "Teamplayer-Karte ": 4, "Wild Card ": 3}
	if fmt.Sprint(count) != fmt.Sprint(want) || len(sh.Pieces) != 17 {
		t.Errorf("pieces %v (%d), want %v", count, len(sh.Pieces), want)
	}
	for _, side := range []string{"Rot", "Blau"} {
		for _, l := range []string{"A", "B", "C", "D"} {
			found := false
			for _, pc := range sh.Pieces {
				found = found || pc.Name == "Buchstabenchip "+side+" "+l
			}
			if !found {
				t.Errorf("no letter chip %s %s", side, l)
			}
		}
	}
	// Every two-sided piece anywhere has its back; the stand-ups, read
	// from both sides by folding, are one-sided pieces.
	for _, sh := range sheets {
		for _, pc := range sh.Pieces {
			if strings.Contains(sh.Name, "chips") != (pc.Back != nil) {
				t.Errorf("%s/%s: back %v", sh.Name, pc.Name, pc.Back != nil)
			}
		}
	}
}

// The sorting dividers stand above the cards: as wide as a quiz card and
// taller than one by their tab, with tabs alternating left and right.
func TestRaabDividersStandAboveTheCards(t *testing.T) {
	sheets, _ := Raab(SortStrips(defaultRaabSet(t)))
	sh := raabSheet(t, sheets, "sortierstreifen")
	st, err := layout.LoadStyle("raab", "")
	if err != nil {
		t.Fatal(err)
	}
	for i, pc := range sh.Pieces {
		if pc.W < st.Card.Width || pc.H < st.Card.Height+10 {
			t.Errorf("%s: %.0f × %.0f mm, cards are %.0f × %.0f", pc.Name, pc.W, pc.H, st.Card.Width, st.Card.Height)
		}
		// The tab: the outline's top edge, in the left or the right half.
		top := []float64{}
		for j := 0; j+1 < len(pc.Outline); j += 2 {
			if pc.Outline[j+1] == 0 {
				top = append(top, pc.Outline[j])
			}
		}
		if len(top) != 2 || (top[0] < pc.W/2) != (i%2 == 0) {
			t.Errorf("%s: tab edge at %v", pc.Name, top)
		}
	}
}

// The stand-ups and tokens the rulebook lists are all there.
func TestRaabFigures(t *testing.T) {
	sheets, _ := Raab(SortStrips(defaultRaabSet(t)))
	sh := raabSheet(t, sheets, "figuren")
	var names []string
	for _, pc := range sh.Pieces {
		names = append(names, pc.Name)
	}
	all := strings.Join(names, "|")
	for _, want := range []string{"Aufsteller Stefan", "Aufsteller Moderation", "Spielfigur Rot", "Spielfigur Blau",
		"Rundenanzeiger Grau", "Punkteanzeiger Rot", "Punkteanzeiger Blau", "Würfelmarke Rot", "Würfelmarke Blau", "Würfelmarke Grau"} {
		if !strings.Contains(all, want) {
			t.Errorf("no %q among %v", want, names)
		}
	}
	// The host stand-up has Elton's side, which "Blamieren oder Kassieren"
	// turns to the players.
	tooltest.Need(t, "pdftotext")
	text := pdfText(t, sheetPDF(t, layout.A4, sh))
	for _, want := range []string{"Moderation", "Elton", "Kassieren"} {
		if !strings.Contains(text, want) {
			t.Errorf("figuren: %q not printed", want)
		}
	}
}

// Every page and sheet renders on every paper, with all text fitting, and
// the build copes with a set without Raab cards.
func TestRaabRenders(t *testing.T) {
	for _, set := range []*decks.Set{defaultRaabSet(t), {}, nil} {
		sheets, pages := Raab(SortStrips(set))
		if len(pages) != 5 {
			t.Errorf("%d pages", len(pages))
		}
		for _, p := range []layout.Paper{layout.A4, layout.Letter, layout.Universal} {
			for _, sh := range sheets {
				if !strings.Contains(sh.Title, "–") {
					t.Errorf("title %q: the kit index cuts it at the dash", sh.Title)
				}
				if _, n, err := pieces.Sheets(p, sh.Title, sh.Notes, sh.Pieces, [2]float64{}); err != nil || n < 1 {
					t.Errorf("%s on %s: %d pages, %v", sh.Name, p.Name, n, err)
				}
				// One sheet each, except the dividers: as tall as a card
				// plus a tab, six fit a sheet (27 games: five sheets).
				if _, n := pieces.Layout(p, sh.Pieces); n > 1 && sh.Name != "sortierstreifen" {
					t.Errorf("%s on %s: %d sheets, want one", sh.Name, p.Name, n)
				}
			}
			for _, pg := range pages {
				if _, err := layout.Pages(p.W, p.H, pg.Title, pg.Draw); err != nil {
					t.Errorf("%s on %s: %v", pg.Name, p.Name, err)
				}
			}
		}
	}
	// A text too long for its box fails the page instead of vanishing.
	_, err := layout.Pages(100, 100, "zu lang", []func(*layout.Canvas) error{func(c *layout.Canvas) error {
		textBox(c, strings.Repeat("Wild Card ", 40), "", 8, 6, 0, 0, 20, 5, ink, layout.Left)
		return nil
	}})
	if err == nil || !strings.Contains(err.Error(), "Wild Card") {
		t.Errorf("an overflowing text went unnoticed: %v", err)
	}
}

// The symbols the pieces use are in the kit's font.
func TestRaabGlyphs(t *testing.T) {
	m := layout.Setter().M
	for _, s := range []string{raabRed.Symbol, raabBlue.Symbol, raabGreySy, "✔", "✘", "◀", "–", "„", "“", "’", "…"} {
		for _, r := range s {
			for _, style := range []string{"", "B"} {
				if !m.Has(style, r) {
					t.Errorf("font %q lacks %q", style, r)
				}
			}
		}
	}
}

// The notes page has the headings and blanks of the template text.
func TestRaabNotesMatchTemplate(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "templates", "texts", "raab-notizen.md"))
	if err != nil {
		t.Fatal(err)
	}
	structure := func(text string) []string {
		var out []string
		for _, l := range strings.Split(text, "\n") {
			l = strings.TrimSpace(l)
			if strings.HasPrefix(l, "#") || strings.Contains(l, blank) {
				out = append(out, l)
			}
		}
		return out
	}
	got, want := structure(raabNotesText), structure(string(data))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes page differs from templates/texts/raab-notizen.md:\n got %q\nwant %q", got, want)
	}

	tooltest.Need(t, "pdftotext")
	_, pages := Raab(SortStrips(defaultRaabSet(t)))
	pg := raabPage(t, pages, "notizblatt")
	pdf, err := layout.Pages(layout.Letter.W, layout.Letter.H, pg.Title, pg.Draw)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	for _, h := range want {
		if strings.HasPrefix(h, "#") && !strings.Contains(text, strings.TrimLeft(h, "# ")) {
			t.Errorf("heading %q not printed", h)
		}
	}
	if n := strings.Count(text, "Aufgabe "); n != 7 {
		t.Errorf("%d task rows printed, want 7", n)
	}
}

// The score track and the total track print what they promise.
func TestRaabTracksPrint(t *testing.T) {
	tooltest.Need(t, "pdftotext")
	_, pages := Raab(SortStrips(defaultRaabSet(t)))
	for _, c := range []struct {
		page string
		want []string
	}{
		{"punkteleiste-einzelspiele", []string{"Kandidaten", "Stefan", "START", "ZIEL Zocken", "Entweder – Oder!", "Führerscheinprüfung", "Stimmt’s?"}},
		{"gesamtpunkte-runden", []string{"Ratzfatz", "Medium", "Showtime", "120", "Stechen", "Spiel 1–15"}},
		{"risikoscheiben", []string{"EINSATZ", "Unterteil", "Oberteil", "Musterbeutelklammer"}},
	} {
		pg := raabPage(t, pages, c.page)
		pdf, err := layout.Pages(layout.A4.W, layout.A4.H, pg.Title, pg.Draw)
		if err != nil {
			t.Fatal(err)
		}
		text := pdfText(t, pdf)
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: %q not printed", c.page, w)
			}
		}
		if c.page == "gesamtpunkte-runden" {
			for n := 0; n <= 120; n++ {
				if !regexp.MustCompile(fmt.Sprintf(`(?m)(^|\s)%d(\s|$)`, n)).MatchString(text) {
					t.Errorf("field %d not printed", n)
				}
			}
		}
	}
}

func sheetPDF(t *testing.T, p layout.Paper, sh Sheet) []byte {
	t.Helper()
	data, _, err := pieces.Sheets(p, sh.Title, sh.Notes, sh.Pieces, [2]float64{})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
