package cards

import (
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"druckreif/decks"
	"druckreif/internal/tooltest"
	"druckreif/layout"
)

func style(t *testing.T, game string) *layout.Style {
	t.Helper()
	st, err := layout.LoadStyle(game, "")
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func defaultSet(t *testing.T) *decks.Set {
	t.Helper()
	set, probs := decks.LoadSet(decks.Options{})
	if set == nil {
		t.Fatal(probs)
	}
	return set
}

// faces renders the given faces one per page (the single layout: the card
// with 3 mm of bleed all round), and returns per page the image at 10
// pixels per mm and the words with their boxes, both in card millimetres.
type face struct {
	img   image.Image
	words []word
}

type word struct {
	Text                   string
	XMin, YMin, XMax, YMax float64
}

func renderFaces(t *testing.T, cs *Set, pick []layout.Card) []face {
	t.Helper()
	tooltest.Need(t, "pdftoppm", "pdftotext")
	pdf, _, err := layout.Render(pick, cs.Width, cs.Height, layout.Options{Paper: layout.A4, Mode: layout.Single})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "f.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	tooltest.Run(t, "pdftoppm", "-r", "254", "-png", in, filepath.Join(dir, "p"))
	out := tooltest.Run(t, "pdftotext", "-bbox", in, "-")
	var doc struct {
		Pages []struct {
			Words []struct {
				XMin string `xml:"xMin,attr"`
				YMin string `xml:"yMin,attr"`
				XMax string `xml:"xMax,attr"`
				YMax string `xml:"yMax,attr"`
				Text string `xml:",chardata"`
			} `xml:"word"`
		} `xml:"body>doc>page"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	mm := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v*25.4/72 - layout.Bleed }
	pngs, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
	if len(pngs) != len(doc.Pages) {
		t.Fatalf("%d images for %d pages", len(pngs), len(doc.Pages))
	}
	var faces []face
	for i, p := range doc.Pages {
		f, err := os.Open(pngs[i])
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		var ws []word
		for _, w := range p.Words {
			ws = append(ws, word{w.Text, mm(w.XMin), mm(w.YMin), mm(w.XMax), mm(w.YMax)})
		}
		faces = append(faces, face{img, ws})
	}
	return faces
}

// px is the colour at card millimetres (x, y) of a rendered face.
func (f face) px(x, y float64) (r, g, b uint8) {
	cr, cg, cb, _ := f.img.At(int((x+layout.Bleed)*10), int((y+layout.Bleed)*10)).RGBA()
	return uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8)
}

func (f face) find(t *testing.T, text string) word {
	t.Helper()
	for _, w := range f.words {
		if w.Text == text {
			return w
		}
	}
	t.Fatalf("%q not on the face (words %v)", text, f.words)
	return word{}
}

// Turned upside down these read as another card: exactly these are marked.
func TestMisreadableValues(t *testing.T) {
	var got []int
	for v := 1; v <= 100; v++ {
		if Misreadable(v) {
			got = append(got, v)
		}
	}
	want := []int{6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98, 99}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("misreadable: %v, want %v", got, want)
	}
}

// The big number of a misreadable card is underlined, in the card's
// colour, just below its baseline; other numbers are not.
func TestMisreadableNumbersAreUnderlined(t *testing.T) {
	st := style(t, "thegame")
	cs, err := TheGame(st)
	if err != nil {
		t.Fatal(err)
	}
	values := []int{6, 7, 9, 68, 69, 89}
	var pick []layout.Card
	for _, v := range values {
		pick = append(pick, cs.Cards[v+2]) // the four start cards come first, then 2, 3 …
	}
	faces := renderFaces(t, cs, pick)
	for i, v := range values {
		f := faces[2*i] // front, back, front, back …
		vs := st.Font("value")
		em := vs.Size * 25.4 / 72
		baseline := cs.Height/2 - em*0.55 + em*0.76
		line := 0
		for y := baseline + 0.3; y < baseline+em*0.25; y += 0.1 {
			r, g, b := f.px(cs.Width/2, y)
			if r < 200 || g < 200 || b < 200 { // ink on the white panel
				line++
			}
		}
		if marked := line > 3; marked != Misreadable(v) {
			t.Errorf("card %d: underline %v (%d rows of ink below the number)", v, marked, line)
		}
	}
}

// The Raab quiz cards' number lies inside the orange corner and inside the
// 3 mm safe zone; no word of a title (or of anything else) reaches into the
// corner, on quiz cards and host cards.
func TestRaabCornerHoldsTheNumberAndClearsTitles(t *testing.T) {
	st := style(t, "raab")
	set := defaultSet(t)
	cs, err := Raab(set, st)
	if err != nil {
		t.Fatal(err)
	}
	hosts, err := HostCards(nil, st)
	if err != nil {
		t.Fatal(err)
	}
	// The longest titles, and a card with a three-digit number.
	raab := set.Raab()
	var pick []layout.Card
	var serials []int
	for i, c := range raab {
		if len(c.Game.Name) > 20 || i == len(raab)-1 || i == 0 {
			pick = append(pick, cs.Cards[i])
			serials = append(serials, c.Serial)
		}
	}
	faces := renderFaces(t, cs, pick)
	quizFaces := 0
	for i, f := range faces {
		// Fronts are even pages (common backs have no words that matter).
		if i%2 == 1 {
			continue
		}
		serial := fmt.Sprint(serials[i/2])
		for _, w := range f.words {
			if w.Text == serial && w.XMin < RaabCorner/2 && w.YMin < RaabCorner/2 {
				continue
			}
			if w.XMin+w.YMin < RaabCorner+0.5 {
				t.Errorf("quiz card %s: %q at %.1f, %.1f reaches into the corner", serial, w.Text, w.XMin, w.YMin)
			}
		}
		// The number's ink: the white pixels inside the corner.
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for y := 0.05; y < RaabCorner; y += 0.1 {
			for x := 0.05; x+y < RaabCorner-1; x += 0.1 {
				if r, g, b := f.px(x, y); r > 230 && g > 230 && b > 230 {
					x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
				}
			}
		}
		if x0 > x1 {
			t.Errorf("quiz card %s: no number in the corner", serial)
			continue
		}
		if x0 < 3 || y0 < 3 {
			t.Errorf("quiz card %s: number at %.1f, %.1f mm, outside the 3 mm safe zone", serial, x0, y0)
		}
		if x1+y0 > RaabCorner-0.5 || x0+y1 > RaabCorner-0.5 {
			t.Errorf("quiz card %s: number (%.1f–%.1f, %.1f–%.1f) leaves the corner", serial, x0, x1, y0, y1)
		}
		quizFaces++
	}
	if quizFaces < 3 {
		t.Fatalf("checked %d quiz cards", quizFaces)
	}
	for i, f := range renderFaces(t, hosts, hosts.Cards[:6]) {
		for _, w := range f.words {
			if w.XMin+w.YMin < HostCorner+0.5 {
				t.Errorf("host card %d: %q at %.1f, %.1f reaches into the corner", i/2+1, w.Text, w.XMin, w.YMin)
			}
		}
	}
}

// Every face with content carries its QR code and its ID together in one
// corner, the same on every card of a game: the bottom right, or the top
// right where the bottom is taken (the dativ solution band, The Game's
// upside-down index). The code decodes to the face's payload.
func TestQRAndIDShareOneCorner(t *testing.T) {
	set := defaultSet(t)
	type kind struct {
		game  string
		build func(st *layout.Style) (*Set, error)
		top   bool
	}
	for _, k := range []kind{
		{"labyrinth", func(st *layout.Style) (*Set, error) { return Labyrinth(set.Labyrinth(), st) }, false},
		{"genial", func(st *layout.Style) (*Set, error) { return Genial(set.Genial(), st) }, false},
		{"raab", func(st *layout.Style) (*Set, error) { return Raab(set, st) }, false},
		{"dativ", func(st *layout.Style) (*Set, error) { return Dativ(set.Dativ(), st, nil) }, true},
		{"thegame", func(st *layout.Style) (*Set, error) { return TheGame(st) }, true},
	} {
		cs, err := k.build(style(t, k.game))
		if err != nil {
			t.Fatal(err)
		}
		pick := cs.Cards[:2]
		var want []*layout.Face
		for _, c := range pick {
			want = append(want, c.Front, c.Back)
		}
		for i, f := range renderFaces(t, cs, pick) {
			lf := want[i]
			if lf.QR == "" {
				continue // a common back
			}
			id := f.find(t, lf.ID)
			// The corner: the right 40 mm, the top or bottom 14 mm.
			inCorner := func(x0, y0, x1, y1 float64) bool {
				if k.top {
					return x0 > cs.Width-40 && y1 < 14
				}
				return x0 > cs.Width-40 && y0 > cs.Height-14
			}
			if !inCorner(id.XMin, id.YMin, id.XMax, id.YMax) {
				t.Errorf("%s: ID %s at %.1f, %.1f, outside the corner", k.game, lf.ID, id.XMin, id.YMin)
			}
			bmp, err := gozxing.NewBinaryBitmapFromImage(f.img)
			if err != nil {
				t.Fatal(err)
			}
			res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
			if err != nil {
				t.Errorf("%s %s: QR code not decoded: %v", k.game, lf.ID, err)
				continue
			}
			if res.GetText() != lf.QR {
				t.Errorf("%s: QR %q, want %q", k.game, res.GetText(), lf.QR)
			}
			for _, p := range res.GetResultPoints() {
				x, y := p.GetX()/10-layout.Bleed, p.GetY()/10-layout.Bleed
				if !inCorner(x, y, x, y) {
					t.Errorf("%s %s: QR code's finder pattern at %.1f, %.1f, outside the corner", k.game, lf.ID, x, y)
				}
			}
			if d := math.Abs(id.YMax - id.YMin); d > 3 || strings.Contains(id.Text, " ") {
				t.Errorf("%s: ID printed large (%.1f mm)", k.game, d)
			}
		}
	}
}

// The deck's name and version stand small beside the QR code, level with
// the game's name on the other side of the card: the longest name that
// builds keeps clear of it, and one letter more fails naming the deck's
// Name cell — at the bottom (labyrinth) and at the top (dativ).
func TestDeckNameKeepsClearOfTheGameName(t *testing.T) {
	set := defaultSet(t)
	lab, dat := *set.Labyrinth()[0], *set.Dativ()[0]
	for _, k := range []struct {
		game, lastWord string // the game's name ends with lastWord on the deck line's level
		build          func(d *decks.DeckInfo) (*Set, error)
	}{
		{"labyrinth", "Spiel", func(d *decks.DeckInfo) (*Set, error) {
			c := lab
			c.Deck = d
			return Labyrinth([]*decks.LabyrinthCard{&c}, style(t, "labyrinth"))
		}},
		{"dativ", "Tod", func(d *decks.DeckInfo) (*Set, error) {
			c := dat
			c.Deck = d
			return Dativ([]*decks.DativCard{&c}, style(t, "dativ"), nil)
		}},
	} {
		var fits *Set
		var fitName string
		for n := 4; n <= 60; n++ {
			info := *set.Labyrinth()[0].Deck
			info.Name = strings.Repeat("M", n)
			cs, err := k.build(&info)
			if err == nil {
				_, _, err = layout.Render(cs.Cards, cs.Width, cs.Height, layout.Options{Paper: layout.A4, Mode: layout.Single})
			}
			if err == nil {
				fits, fitName = cs, info.Name
				continue
			}
			if !strings.Contains(err.Error(), "Deckname ist zu lang") || !strings.Contains(err.Error(), info.NameCell.String()) {
				t.Fatalf("%s: deck name of %d letters: %v", k.game, n, err)
			}
			break
		}
		if fits == nil || len(fitName) >= 60 {
			t.Fatalf("%s: no deck name fits, or every one does (%d letters)", k.game, len(fitName))
		}
		f := renderFaces(t, fits, fits.Cards[:1])[0]
		deck := f.find(t, fitName)
		game := word{YMin: math.Inf(1)}
		for _, w := range f.words { // the game's name nearest the deck line (the header may hold the word too)
			if w.Text == k.lastWord && math.Abs(w.YMin-deck.YMin) < math.Abs(game.YMin-deck.YMin) {
				game = w
			}
		}
		if math.Abs((deck.YMin+deck.YMax)/2-(game.YMin+game.YMax)/2) > 1.5 {
			t.Errorf("%s: the deck line (y %.1f) is not level with the game's name (y %.1f)", k.game, deck.YMin, game.YMin)
		}
		if deck.XMin < game.XMax+1 {
			t.Errorf("%s: a %d-letter deck name begins at %.1f mm, the game's name ends at %.1f mm", k.game, len(fitName), deck.XMin, game.XMax)
		}
	}
}

// Swiss cards print Swiss guillemets and no ß in the game's name (second
// re-review of the labyrinth decks, F3 and F4); a Wörtlich side keeps its
// marks, as CH-16-GR shows the German ones on purpose.
func TestSwissCardsQuoteTheSwissWay(t *testing.T) {
	for region, want := range map[string]bool{"de-CH": true, "de-CH-BE": true, "de-AT": false, "": false, "de-DE-HE": false} {
		if got := swissCard(region); got != want {
			t.Errorf("swissCard(%q) = %v, want %v", region, got, want)
		}
	}
	in := "Was ist der „Estrich“? ‚Znüni‘, Hansjörg’s Znüni"
	if got, want := regionalQuotes(in, true), "Was ist der «Estrich»? ‹Znüni›, Hansjörg’s Znüni"; got != want {
		t.Errorf("Swiss: %q, want %q", got, want)
	}
	if got := regionalQuotes(in, false); got != in {
		t.Errorf("not Swiss: %q changed", got)
	}
}
