package layout

import (
	"bytes"
	"fmt"
	"image"
	"strings"
	"testing"
)

// memFaces is a FaceStore in memory.
type memFaces struct {
	data   []byte
	stores int
}

func (m *memFaces) Load() []byte { return m.data }
func (m *memFaces) Store(parts [][]byte) {
	m.data, m.stores = bytes.Join(parts, nil), m.stores+1
}

// keptCards are n cards of 63 × 88 mm whose fronts show text (one of
// them in a character outside the cut fonts, a Greek word), a QR code
// and a form, and whose backs are one face shared by all; card i's front
// says texts[i].
func keptCards(texts []string, tile *Form) []Card {
	back := &Face{Background: RGB(40, 80, 160), Key: "back", Draw: func(c *Canvas) error {
		c.Text(5, 40, "Rückseite", "B", 14, White, Left)
		return nil
	}}
	var cards []Card
	for i, s := range texts {
		s := s
		id := fmt.Sprintf("K-%d", i+1)
		f := &Face{ID: id, QR: id + "/1", Background: RGB(250, 240, 200), Key: "front|" + s, Draw: func(c *Canvas) error {
			c.Text(5, 5, s, "B", 12, Black, Left)
			c.Text(5, 20, "λόγος", "", 9, RGB(200, 0, 0), Left)
			c.Text(5, 28, "Antwort", "", 9, Black, Left)
			c.Glyph(30, 50, 0, "Gedreht", "BI", 8, Black)
			if err := c.QR(40, 66, 18, id+"/1"); err != nil {
				return err
			}
			return c.Place(5, 60, tile)
		}}
		cards = append(cards, Card{Front: f, Back: back})
	}
	return cards
}

func keptTile() *Form {
	return NewForm(20, 20, func(c *Canvas) error {
		c.Rect(0, 0, 20, 20, RGB(0, 150, 0))
		c.Text(2, 2, "Kachel ẞŒ", "I", 7, White, Left)
		return nil
	})
}

func renderKept(t *testing.T, cards []Card, store FaceStore) ([]byte, Stats) {
	t.Helper()
	out, st, err := Render(cards, 63, 88, Options{Paper: A4, Mode: Duplex, Title: "T", Faces: store})
	if err != nil {
		t.Fatal(err)
	}
	return out, st
}

func cardTexts(n int) []string {
	var out []string
	for i := 1; i <= n; i++ {
		out = append(out, fmt.Sprintf("Frage Nummer %d", i))
	}
	return out
}

// A rendering with a face store draws every face once and keeps it; the
// next rendering of the same cards draws none and prints the same pages,
// and one that differs in one card draws that card's face alone.
func TestKeptFacesArePlacedAgainAndOnlyAnEditIsDrawn(t *testing.T) {
	texts := cardTexts(12)
	store := &memFaces{}
	first, st := renderKept(t, keptCards(texts, keptTile()), store)
	if st.Faces != (FaceCounts{Drawn: 13}) || store.stores != 1 {
		t.Fatalf("first rendering: %+v, %d stores; want 13 faces drawn (12 fronts, one back) and one store", st.Faces, store.stores)
	}
	again, st := renderKept(t, keptCards(texts, keptTile()), store)
	if st.Faces != (FaceCounts{Reused: 13}) || store.stores != 1 {
		t.Fatalf("same cards again: %+v, %d stores; want all 13 from the store and nothing stored", st.Faces, store.stores)
	}
	edited := append([]string(nil), texts...)
	edited[9] = "Geänderte Frage"
	changed, st := renderKept(t, keptCards(edited, keptTile()), store)
	if st.Faces != (FaceCounts{Reused: 12, Drawn: 1}) || store.stores != 2 {
		t.Fatalf("one card edited: %+v, %d stores; want one drawn, 12 from the store, and a store", st.Faces, store.stores)
	}
	direct, _ := renderKept(t, keptCards(edited, keptTile()), nil)

	// The kept forms are the same bytes as drawn: pages alike to the pixel.
	for pg := 1; pg <= 4; pg++ {
		a, b := rasterize(t, first, pg, 100), rasterize(t, again, pg, 100)
		if n := differentPixels(a, b); n != 0 {
			t.Errorf("page %d: %d pixels differ between the drawn and the replayed faces", pg, n)
		}
	}
	// The edit shows, on its page only; a rendering without the store
	// prints what the replayed faces print.
	for pg := 1; pg <= 4; pg++ {
		old, now, ref := rasterize(t, first, pg, 100), rasterize(t, changed, pg, 100), rasterize(t, direct, pg, 100)
		if n := differentPixels(now, ref); n > 0 {
			// Forms round coordinates from the card's corner: a glyph may
			// snap to the next pixel, no more.
			if bad := farPixels(now, ref); bad > 0 {
				t.Errorf("page %d: %d pixels of the replayed faces unlike the faces drawn directly", pg, bad)
			}
		}
		diff := differentPixels(old, now)
		if pg == 3 && diff < 200 {
			t.Errorf("page 3 (card 10's front): only %d pixels differ after the edit", diff)
		}
		if pg != 3 && diff != 0 {
			t.Errorf("page %d: %d pixels differ after an edit of card 10", pg, diff)
		}
	}
	found := false
	for _, w := range words(t, changed)[2] {
		found = found || w.Text == "Geänderte"
	}
	if !found {
		t.Error("the edited text is not on page 3")
	}
}

// A replayed face sets its characters into the document's fonts: in a
// document where no face is drawn, every character of the replayed ones
// — in the cut and the whole font, in the face and in the form it
// places — is there, as text a reader can copy.
func TestReplayedFacesSetTheirCharacters(t *testing.T) {
	// The face that drew the tile (card 1's front, drawn alone), and a
	// face that took the tile from the face before it (card 3's front,
	// drawn after two others): each carries the tile's characters.
	for _, c := range []struct {
		name          string
		drawn, replay []string
	}{
		{"the face that drew the tile", cardTexts(1), cardTexts(1)},
		{"a face that took the tile from another", cardTexts(3), cardTexts(3)[2:]},
	} {
		t.Run(c.name, func(t *testing.T) {
			store := &memFaces{}
			renderKept(t, keptCards(c.drawn, keptTile()), store)
			out, st := renderKept(t, keptCards(c.replay, keptTile()), store)
			if st.Faces.Drawn != 0 {
				t.Fatalf("%+v: want every face from the store", st.Faces)
			}
			var text []string
			for _, page := range words(t, out) {
				for _, w := range page {
					text = append(text, w.Text)
				}
			}
			all := strings.Join(text, " ")
			for _, want := range []string{"Frage", "Nummer", "λόγος", "Gedreht", "Kachel", "ẞŒ", "Rückseite"} {
				if !strings.Contains(all, want) {
					t.Errorf("%q missing from the replayed document's text: %s", want, all)
				}
			}
		})
	}
}

// What the store gives back is read only when it reads as written: data
// cut short anywhere, grown, of another version, with a count or an
// index out of place is refused, and the rendering draws every face, as
// if nothing were kept. (A flipped bit inside a content is the build
// cache's to catch: its checksum covers every entry.)
func TestDamagedKeptFacesAreDrawnAgain(t *testing.T) {
	store := &memFaces{}
	renderKept(t, keptCards(cardTexts(4), keptTile()), store)
	good := store.data
	if _, err := decodeFaces(good); err != nil {
		t.Fatalf("good data refused: %v", err)
	}
	damaged := map[string][]byte{
		"empty":          {},
		"another magic":  append([]byte("DRF2"), good[4:]...),
		"one byte short": good[:len(good)-1],
		"bytes after":    append(bytes.Clone(good), 0),
		"forms counted wrong": func() []byte {
			b := bytes.Clone(good)
			b[4] = 0x7f
			return b
		}(),
	}
	for cut := 5; cut < len(good); cut += 37 {
		damaged[fmt.Sprintf("cut at %d", cut)] = good[:cut]
	}
	for name, data := range damaged {
		if _, err := decodeFaces(data); err == nil {
			t.Errorf("%s: read as valid", name)
			continue
		}
		store := &memFaces{data: data}
		_, st, err := Render(keptCards(cardTexts(4), keptTile()), 63, 88, Options{Paper: A4, Mode: Duplex, Title: "T", Faces: store})
		if err != nil {
			t.Errorf("%s: rendering failed: %v", name, err)
			continue
		}
		if st.Faces != (FaceCounts{Drawn: 5}) || store.stores != 1 {
			t.Errorf("%s: faces %+v, %d stores; want all 5 drawn and stored anew", name, st.Faces, store.stores)
		}
	}
}

// A kept face is written into the page, as a face drawn directly is: the
// file holds no form object per face, only those the faces place (the
// tile here) and one that lists them.
func TestKeptFacesAddNoFormObjects(t *testing.T) {
	direct, _ := renderKept(t, keptCards(cardTexts(6), keptTile()), nil)
	store := &memFaces{}
	drawn, _ := renderKept(t, keptCards(cardTexts(6), keptTile()), store)
	replayed, _ := renderKept(t, keptCards(cardTexts(6), keptTile()), store)
	count := func(pdf []byte) int { return bytes.Count(pdf, []byte("/Subtype /Form")) }
	if n := count(direct); n != 1 {
		t.Fatalf("drawn directly: %d form objects, want the tile's", n)
	}
	for name, pdf := range map[string][]byte{"drawn": drawn, "replayed": replayed} {
		if n := count(pdf); n != 2 {
			t.Errorf("%s kept: %d form objects, want 2 (the tile and the list)", name, n)
		}
		if len(pdf) > len(direct)*11/10 {
			t.Errorf("%s kept: %d bytes against %d drawn directly", name, len(pdf), len(direct))
		}
	}
}

func differentPixels(a, b image.Image) int {
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}

// farPixels counts the pixels of a that no pixel of b within one pixel
// matches to a quarter of the range in every channel (and the other way).
func farPixels(a, b image.Image) int {
	close := func(p, q image.Image, x, y int) bool {
		pr, pg, pb, _ := p.At(x, y).RGBA()
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				qr, qg, qb, _ := q.At(x+dx, y+dy).RGBA()
				if absDiff(pr, qr) <= 0x4000 && absDiff(pg, qg) <= 0x4000 && absDiff(pb, qb) <= 0x4000 {
					return true
				}
			}
		}
		return false
	}
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !close(a, b, x, y) || !close(b, a, x, y) {
				n++
			}
		}
	}
	return n
}

func FuzzDecodeFaces(f *testing.F) {
	store := &memFaces{}
	cards := keptCards(cardTexts(2), keptTile())
	if _, _, err := Render(cards, 63, 88, Options{Paper: A4, Mode: Duplex, Title: "T", Faces: store}); err != nil {
		f.Fatal(err)
	}
	f.Add(store.data)
	f.Add([]byte("DRF2\x01\x28"))
	f.Fuzz(func(t *testing.T, data []byte) {
		decodeFaces(data) // must not panic, whatever it reads
	})
}

// A blend mode cannot be kept (fpdf gives a face drawn apart no graphics
// states of its own): a face with a Key that blends fails the rendering,
// saying so, instead of printing without its blend.
func TestKeptFaceWithABlendFails(t *testing.T) {
	f := &Face{ID: "B-1", Key: "blend", Draw: func(c *Canvas) error {
		c.Blend("Multiply", func() { c.Rect(0, 0, 10, 10, Black) })
		return nil
	}}
	_, _, err := Render([]Card{{Front: f}}, 63, 88, Options{Paper: A4, Mode: Duplex, Title: "T", Faces: &memFaces{}})
	if err == nil || !strings.Contains(err.Error(), "Blend") {
		t.Fatalf("err = %v, want the blend named", err)
	}
	if _, _, err := Render([]Card{{Front: f}}, 63, 88, Options{Paper: A4, Mode: Duplex, Title: "T"}); err != nil {
		t.Fatalf("without a face store: %v", err)
	}
}
