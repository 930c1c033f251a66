package kit

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/decoder"
	"druckreif/layout/raster"
)

// PNGOptions choose the images of druckreif export png.
type PNGOptions struct {
	DPI  float64
	Size ImageSize
}

// ExportPNG writes one PNG per card face into dir: GAME/ID-vorne.png and
// GAME/ID-hinten.png (the labyrinth's green side is vorne, the yellow
// hinten), and a deck's common back once as GAME/rueckseite.png
// (moderationskarten-rueckseite.png for the host cards). Faces are drawn
// and written one at a time, so memory stays flat however many cards
// there are; the images go into a new folder that replaces dir only when
// all are written, so a failed export leaves the previous one.
func ExportPNG(set *decks.Set, o ExportOptions, po PNGOptions, dir string) (int, error) {
	if po.DPI <= 0 {
		po.DPI = 300
	}
	s := o.DecoderStrength
	if !s.Valid() {
		s = decoder.DefaultStrength
	}
	tmp, commit, err := newImageDir(dir)
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	written := 0
	write := func(name string, img *image.RGBA) error {
		path := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := raster.EncodePNG(&buf, img, po.DPI); err != nil {
			return err
		}
		written++
		if o.Progress != nil {
			o.Progress(written, 0, name)
		}
		return os.WriteFile(path, buf.Bytes(), 0o644)
	}
	for _, g := range []decks.Game{decks.Labyrinth, decks.Dativ, decks.TheGame, decks.Genial, decks.Raab} {
		if len(o.Games) > 0 && !containsGame(o.Games, g) {
			continue
		}
		gp, err := gameParts(set, g, o, decoder.Band(s))
		if err != nil {
			return 0, err
		}
		for _, d := range gp.Decks {
			if err := writeDeckPNGs(string(g), d, po, write); err != nil {
				return 0, err
			}
		}
	}
	if err := commit(); err != nil {
		return 0, err
	}
	return written, nil
}

// writeDeckPNGs draws a deck's faces one by one and hands each to write.
// Backs without an ID of their own are the deck's common back when the
// first two are the same picture: it is written once, as rueckseite.png
// (DECK-rueckseite.png for decks other than the main one), and a later
// card whose back differs after all gets its own file. Only the first
// back is held, until the second decides.
func writeDeckPNGs(game string, d Deck, po PNGOptions, write func(string, *image.RGBA) error) error {
	draw := func(f *layout.Face) (*image.RGBA, error) { return FaceImage(f, d.W, d.H, po.DPI, po.Size) }
	backName := game + "/rueckseite.png"
	if d.Name != "karten" {
		backName = game + "/" + d.Name + "-rueckseite.png"
	}
	var first *image.RGBA // the first shared-back candidate, not yet written
	var firstName string
	var common *[32]byte // the common back's pixels' hash, once decided
	decided := false
	for i, c := range d.Cards {
		id := game + "/" + CardID(c, d.Name, i)
		if c.Front != nil {
			img, err := draw(c.Front)
			if err != nil {
				return fmt.Errorf("%s: %w", id, err)
			}
			if err := write(id+"-vorne.png", img); err != nil {
				return err
			}
		}
		if c.Back == nil {
			continue
		}
		img, err := draw(c.Back)
		if err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		own := id + "-hinten.png"
		if c.Back.ID != "" {
			if err := write(own, img); err != nil {
				return err
			}
			continue
		}
		sum := sha256.Sum256(img.Pix)
		switch {
		case !decided && first == nil:
			first, firstName = img, own
		case !decided:
			decided = true
			if sha256.Sum256(first.Pix) == sum {
				common = &sum
				if err := write(backName, first); err != nil {
					return err
				}
			} else if err := write(firstName, first); err != nil {
				return err
			} else if err := write(own, img); err != nil {
				return err
			}
			first = nil
		case common == nil || *common != sum:
			if err := write(own, img); err != nil {
				return err
			}
		}
	}
	if first != nil { // a deck of one card
		return write(backName, first)
	}
	return nil
}

// faceSuffixes are the endings of face IDs that name a side (labyrinth
// green and yellow, dativ front and back).
var faceSuffixes = []string{"-GR", "-GE", "-V", "-H"}

// CardID is the ID a card's image files are named by: its front's printed
// ID without the side's ending, or the deck's name and the card's number
// for cards that print no ID (the host cards).
func CardID(c layout.Card, deck string, i int) string {
	if c.Front == nil || c.Front.ID == "" {
		return fmt.Sprintf("%s-%d", deck, i+1)
	}
	id := c.Front.ID
	for _, s := range faceSuffixes {
		if strings.HasSuffix(id, s) {
			return strings.TrimSuffix(id, s)
		}
	}
	return id
}
