package kit

import (
	"druckreif/decks"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"druckreif/layout"
)

// sameShape reports where got lacks a field of want or has it with
// another JSON type, recursing into objects and the first element of
// arrays.
func sameShape(path string, want, got any) error {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object, got %T", path, got)
		}
		for k, wv := range w {
			if strings.HasPrefix(k, "_") {
				continue
			}
			gv, ok := g[k]
			if !ok {
				// CustomDeck keys are sheet numbers: compare with any.
				if _, err := strconv.Atoi(k); err == nil && len(g) > 0 {
					for _, v := range g {
						gv = v
						break
					}
				} else {
					return fmt.Errorf("%s.%s missing", path, k)
				}
			}
			if err := sameShape(path+"."+k, wv, gv); err != nil {
				return err
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) == 0 {
			return fmt.Errorf("%s: want a non-empty array, got %v", path, got)
		}
		return sameShape(path+"[0]", w[0], g[0])
	default:
		if fmt.Sprintf("%T", want) != fmt.Sprintf("%T", got) {
			return fmt.Errorf("%s: want %T, got %T", path, want, got)
		}
	}
	return nil
}

// TestTTSDeck builds the saved object and sheets of a deck of 75 cards
// with a common back, and of a deck with own backs and a second state,
// and checks them against the documented format and its limits.
func TestTTSDeck(t *testing.T) {
	face := func(id string, col layout.Color) *layout.Face {
		return &layout.Face{ID: id, Background: col, Draw: func(c *layout.Canvas) error {
			c.Text(5, 5, id, "B", 10, layout.Black, layout.Left)
			return nil
		}}
	}
	back := &layout.Face{Background: layout.RGB(30, 30, 120)}
	var common, own, plain Deck
	common = Deck{Name: "karten", What: "Testkarten", W: 63, H: 88}
	for i := 1; i <= 75; i++ {
		common.Cards = append(common.Cards, layout.Card{Front: face(fmt.Sprintf("T-%d", i), layout.White), Back: back})
	}
	own = Deck{Name: "karten", W: 88, H: 126}
	plain = Deck{Name: "karten", W: 88, H: 126}
	for i := 1; i <= 3; i++ {
		own.Cards = append(own.Cards, layout.Card{Front: face(fmt.Sprintf("D-%d-V", i), layout.White), Back: face(fmt.Sprintf("D-%d-H", i), layout.White)})
		plain.Cards = append(plain.Cards, layout.Card{Front: face(fmt.Sprintf("D-%d-V", i), layout.RGB(250, 250, 200)), Back: face(fmt.Sprintf("D-%d-H", i), layout.White)})
	}
	plain.Cards[2].Front.Draw = func(*layout.Canvas) error { return fmt.Errorf("passt nicht") }

	exampleData, err := os.ReadFile("testdata/tts-deckcustom-example.json")
	if err != nil {
		t.Fatal(err)
	}
	var example map[string]any
	if err := json.Unmarshal(exampleData, &example); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	imgs := &ttsImages{tmp: dir, final: dir, base: "https://example.org/tts"}
	next := 1
	commonDeck, err := ttsDeck("g", common, nil, &next, imgs)
	if err != nil {
		t.Fatal(err)
	}
	ownDeck, err := ttsDeck("d", own, &plain, &next, imgs)
	if err != nil {
		t.Fatal(err)
	}
	if len(imgs.warnings) != 1 {
		t.Errorf("warnings %v, want one for the plain face that failed", imgs.warnings)
	}
	data, err := json.Marshal(ttsSave{ObjectStates: []ttsObject{commonDeck, ownDeck}})
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if err := sameShape("", example, got); err != nil {
		t.Fatalf("saved object differs from the documented format: %v", err)
	}

	// The first deck: two sheets (69 + 6 cards), one back image.
	if n := len(commonDeck.CustomDeck); n != 2 {
		t.Fatalf("%d sheets, want 2", n)
	}
	for key, sh := range commonDeck.CustomDeck {
		if sh.NumWidth > 10 || sh.NumHeight > 7 || sh.BackURL != "https://example.org/tts/g/karten-rueckseite.png" || sh.UniqueBack {
			t.Errorf("sheet %s: %+v", key, sh)
		}
		name := strings.TrimPrefix(sh.FaceURL, "https://example.org/tts/")
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Width > 4096 || cfg.Height > 4096 || cfg.Width%sh.NumWidth != 0 || cfg.Height%sh.NumHeight != 0 {
			t.Errorf("%s: %d × %d px for %d × %d cards", name, cfg.Width, cfg.Height, sh.NumWidth, sh.NumHeight)
		}
	}
	if sh := commonDeck.CustomDeck["1"]; sh.NumWidth != 10 || sh.NumHeight != 7 {
		t.Errorf("first sheet %d × %d, want 10 × 7", sh.NumWidth, sh.NumHeight)
	}
	if sh := commonDeck.CustomDeck["2"]; sh.NumWidth*sh.NumHeight < 7 {
		t.Errorf("second sheet %d × %d holds fewer than 6 cards and an empty slot", sh.NumWidth, sh.NumHeight)
	}
	if len(commonDeck.DeckIDs) != 75 || len(commonDeck.ContainedObjects) != 75 {
		t.Fatalf("%d deck IDs, %d cards, want 75", len(commonDeck.DeckIDs), len(commonDeck.ContainedObjects))
	}
	for i, c := range commonDeck.ContainedObjects {
		key, slot := c.CardID/100, c.CardID%100
		sh, ok := commonDeck.CustomDeck[strconv.Itoa(key)]
		if c.CardID != commonDeck.DeckIDs[i] || !ok || slot >= sh.NumWidth*sh.NumHeight-1 {
			t.Errorf("card %d: CardID %d (deck ID %d) not in a sheet's slots but the last", i, c.CardID, commonDeck.DeckIDs[i])
		}
		if want := fmt.Sprintf("T-%d", i+1); c.Nickname != want {
			t.Errorf("card %d: Nickname %q, want %q", i, c.Nickname, want)
		}
	}
	if got := commonDeck.ContainedObjects[69].CardID; got != 200 {
		t.Errorf("card 70: CardID %d, want 200 (sheet 2, slot 0)", got)
	}

	// The second deck: a back sheet, and a second state with the plain
	// solution except for the card whose plain face failed.
	for _, sh := range ownDeck.CustomDeck {
		if !sh.UniqueBack || !strings.Contains(sh.BackURL, "hinten") {
			t.Errorf("own backs: %+v, want a back sheet", sh)
		}
	}
	for i, c := range ownDeck.ContainedObjects {
		st := c.States["2"]
		if i == 2 {
			if st != nil {
				t.Error("card 3 has a second state though its plain face failed")
			}
			continue
		}
		if st == nil || st.Nickname != c.Nickname+" (Lösung)" || st.CardID == c.CardID {
			t.Fatalf("card %d: second state %+v", i, st)
		}
		if _, ok := ownDeck.CustomDeck[strconv.Itoa(st.CardID/100)]; !ok {
			t.Errorf("card %d: the second state's sheet %d is not in the deck's CustomDeck", i, st.CardID/100)
		}
	}
	if ownDeck.ContainedObjects[0].Nickname != "D-1" {
		t.Errorf("Nickname %q, want the card ID D-1", ownDeck.ContainedObjects[0].Nickname)
	}
}

// Every default dativ card has its second state in Tabletop Simulator:
// its solution, printed plainly where the Decoder's band stands, fits.
func TestEveryDefaultDativCardFitsInPlainText(t *testing.T) {
	plain, err := gameParts(defaultSet(t), decks.Dativ, ExportOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range plain.Decks {
		for _, p := range CardFitProblems(d.Cards, d.W, d.H) {
			t.Errorf("%s: %s", d.Name, p.Problem)
		}
		n += len(d.Cards)
	}
	if n < 180 {
		t.Fatalf("%d dativ cards drawn in plain text, want the default deck's 180", n)
	}
}
