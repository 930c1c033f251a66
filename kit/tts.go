package kit

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/decoder"
	"druckreif/layout/raster"
)

// Tabletop Simulator takes a custom deck as sheets of card faces: at most
// 10 × 7 cards on an image of at most 4096 px a side, the last slot of a
// sheet left empty (the game shows it for hidden cards), and one back
// image, or a sheet of backs laid out like the faces. The saved object
// (https://kb.tabletopsimulator.com/custom-content/save-file-format/)
// is a JSON file whose ObjectStates hold a DeckCustom: CustomDeck maps a
// sheet's number to its images and grid, DeckIDs lists the cards as
// sheet × 100 + slot, and ContainedObjects are the cards themselves.
const (
	ttsMaxCols  = 10
	ttsMaxRows  = 7
	ttsMaxSide  = 4096
	ttsPerSheet = ttsMaxCols*ttsMaxRows - 1
)

// TTSOptions choose where the saved object finds the images.
type TTSOptions struct {
	// URL is where the export folder will be served from (a web server or
	// a shared folder); empty: file:/// URLs of the folder written.
	URL string
}

// ttsSave is a saved object.
type ttsSave struct {
	SaveName      string
	Date          string
	VersionNumber string
	GameMode      string
	GameType      string
	Note          string
	Table         string
	Sky           string
	LuaScript     string
	ObjectStates  []ttsObject
}

// ttsObject is a deck or a card.
type ttsObject struct {
	Name             string
	Transform        ttsTransform
	Nickname         string
	Description      string
	ColorDiffuse     ttsColor
	Locked           bool
	Grid             bool
	Snap             bool
	Autoraise        bool
	Sticky           bool
	Tooltip          bool
	SidewaysCard     bool
	HideWhenFaceDown bool
	CardID           int                   `json:",omitempty"`
	DeckIDs          []int                 `json:",omitempty"`
	CustomDeck       map[string]ttsSheet   `json:",omitempty"`
	ContainedObjects []ttsObject           `json:",omitempty"`
	States           map[string]*ttsObject `json:",omitempty"`
	GUID             string
}

type ttsTransform struct {
	PosX, PosY, PosZ       float64
	RotX, RotY, RotZ       float64
	ScaleX, ScaleY, ScaleZ float64
}

// MarshalJSON writes the transform's fields in the format's lower-case
// names.
func (t ttsTransform) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]float64{"posX": t.PosX, "posY": t.PosY, "posZ": t.PosZ,
		"rotX": t.RotX, "rotY": t.RotY, "rotZ": t.RotZ, "scaleX": t.ScaleX, "scaleY": t.ScaleY, "scaleZ": t.ScaleZ})
}

type ttsColor struct {
	R float64 `json:"r"`
	G float64 `json:"g"`
	B float64 `json:"b"`
}

// ttsSheet is one CustomDeck entry: a face sheet, its back and its grid.
type ttsSheet struct {
	FaceURL      string
	BackURL      string
	NumWidth     int
	NumHeight    int
	BackIsHidden bool
	UniqueBack   bool
	Type         int
}

// ttsImages writes the images of an export and names their URLs.
type ttsImages struct {
	tmp, final string // folder written, and its name once complete
	base       string // --url, or "" for file URLs
	written    int
	warnings   []string
}

func (w *ttsImages) write(name string, img image.Image) (string, error) {
	path := filepath.Join(w.tmp, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := raster.EncodePNG(&buf, img, 0); err != nil {
		return "", err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return "", err
	}
	w.written++
	if w.base != "" {
		return strings.TrimSuffix(w.base, "/") + "/" + name, nil
	}
	abs, err := filepath.Abs(filepath.Join(w.final, filepath.FromSlash(name)))
	if err != nil {
		return "", err
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String(), nil
}

// ExportTTS writes per game the face sheets, backs and GAME.json of its
// decks into dir (replacing it only when all is written).
//
// It returns the number of images and warnings: a dativ card whose
// solution does not fit on it in plain text has no second state.
func ExportTTS(set *decks.Set, o ExportOptions, to TTSOptions, dir string) (int, []string, error) {
	s := o.DecoderStrength
	if !s.Valid() {
		s = decoder.DefaultStrength
	}
	tmp, commit, err := newImageDir(dir)
	if err != nil {
		return 0, nil, err
	}
	defer os.RemoveAll(tmp)
	imgs := &ttsImages{tmp: tmp, final: dir, base: to.URL}
	for _, g := range []decks.Game{decks.Labyrinth, decks.Dativ, decks.TheGame, decks.Genial, decks.Raab} {
		if len(o.Games) > 0 && !containsGame(o.Games, g) {
			continue
		}
		gp, err := gameParts(set, g, o, decoder.Band(s))
		if err != nil {
			return 0, nil, err
		}
		var plain *GameParts
		if g == decks.Dativ {
			// A red film does not work on a screen: the second state of a
			// dativ card shows its solution in plain text.
			if plain, err = gameParts(set, g, o, nil); err != nil {
				return 0, nil, err
			}
		}
		save := ttsSave{SaveName: "", ObjectStates: nil}
		next := 1
		for i, d := range gp.Decks {
			var alt *Deck
			if plain != nil {
				alt = &plain.Decks[i]
			}
			deck, err := ttsDeck(string(g), d, alt, &next, imgs)
			if err != nil {
				return 0, nil, fmt.Errorf("%s: %w", g, err)
			}
			deck.Transform.PosX = float64(i) * 3
			save.ObjectStates = append(save.ObjectStates, deck)
		}
		data, err := json.MarshalIndent(save, "", "  ")
		if err != nil {
			return 0, nil, err
		}
		if err := os.WriteFile(filepath.Join(tmp, string(g)+".json"), append(data, '\n'), 0o644); err != nil {
			return 0, nil, err
		}
	}
	if err := commit(); err != nil {
		return 0, nil, err
	}
	return imgs.written, imgs.warnings, nil
}

// ttsDeck draws a deck's sheets and returns its DeckCustom; sheet numbers
// are taken from *next on. plain, when given, is the same deck drawn for
// the cards' second state.
func ttsDeck(game string, d Deck, plain *Deck, next *int, imgs *ttsImages) (ttsObject, error) {
	deck := ttsObject{Name: "DeckCustom", Nickname: d.What, Transform: ttsTransform{PosY: 1, RotY: 180, RotZ: 180, ScaleX: 1, ScaleY: 1, ScaleZ: 1},
		ColorDiffuse: ttsColor{0.713, 0.713, 0.713}, Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
		HideWhenFaceDown: true, CustomDeck: map[string]ttsSheet{}, GUID: ttsGUID(game + "/" + d.Name)}
	sheets, err := ttsSheets(game, d.Name, d, next, imgs, false)
	if err != nil {
		return deck, err
	}
	var plainSheets []sheetRef
	if plain != nil {
		if plainSheets, err = ttsSheets(game, d.Name+"-loesung", *plain, next, imgs, true); err != nil {
			return deck, err
		}
	}
	for _, sh := range append(append([]sheetRef{}, sheets...), plainSheets...) {
		deck.CustomDeck[strconv.Itoa(sh.key)] = sh.sheet
	}
	for i, c := range d.Cards {
		sh := sheets[i/ttsPerSheet]
		cardID := sh.key*100 + i%ttsPerSheet
		id := CardID(c, d.Name, i)
		card := ttsCard(id, cardID, sh, game)
		if plainSheets != nil && !plainSheets[i/ttsPerSheet].missing[i%ttsPerSheet] {
			ps := plainSheets[i/ttsPerSheet]
			alt := ttsCard(id+" (Lösung)", ps.key*100+i%ttsPerSheet, ps, game)
			card.States = map[string]*ttsObject{"2": &alt}
		}
		deck.DeckIDs = append(deck.DeckIDs, cardID)
		deck.ContainedObjects = append(deck.ContainedObjects, card)
	}
	return deck, nil
}

func ttsCard(nick string, cardID int, sh sheetRef, game string) ttsObject {
	return ttsObject{Name: "Card", Nickname: nick, CardID: cardID,
		Transform:    ttsTransform{PosY: 1, RotY: 180, RotZ: 180, ScaleX: 1, ScaleY: 1, ScaleZ: 1},
		ColorDiffuse: ttsColor{0.713, 0.713, 0.713}, Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
		HideWhenFaceDown: true, CustomDeck: map[string]ttsSheet{strconv.Itoa(sh.key): sh.sheet}, GUID: ttsGUID(game + "/" + nick + strconv.Itoa(cardID))}
}

// ttsGUID is a stable six-hex-digit object ID, as the game writes them.
func ttsGUID(s string) string {
	sum := sha256.Sum256([]byte(s))
	return fmt.Sprintf("%x", sum[:3])
}

type sheetRef struct {
	key     int
	sheet   ttsSheet
	missing map[int]bool // slots left empty (see ttsSheets)
}

// ttsGrid is the grid of a sheet of n cards: up to 10 across, with one
// slot more than cards.
func ttsGrid(n int) (cols, rows int) {
	cols = min(ttsMaxCols, n+1)
	rows = (n + 1 + cols - 1) / cols
	return cols, rows
}

// ttsCell is a card's size in pixels on a sheet of cols × rows: as large
// as 4096 px allow, at most 300 dpi.
func ttsCell(w, h float64, cols, rows int) (pw, ph int, dpi float64) {
	k := math.Min(float64(ttsMaxSide)/(float64(cols)*w), float64(ttsMaxSide)/(float64(rows)*h))
	k = math.Min(k, 300/25.4)
	return int(math.Floor(w * k)), int(math.Floor(h * k)), k * 25.4
}

// ttsSheets draws a deck's face sheets and its back (one image when the
// cards share one, else back sheets laid out as the faces).
//
// With tolerant, a face that cannot be drawn leaves its slot empty and a
// warning instead of failing the export.
func ttsSheets(game, name string, d Deck, next *int, imgs *ttsImages, tolerant bool) ([]sheetRef, error) {
	var out []sheetRef
	common, err := commonBack(d)
	if err != nil {
		return nil, err
	}
	backURL := ""
	for start, s := 0, 1; start < len(d.Cards); start, s = start+ttsPerSheet, s+1 {
		chunk := d.Cards[start:min(len(d.Cards), start+ttsPerSheet)]
		cols, rows := ttsGrid(len(chunk))
		cw, ch, dpi := ttsCell(d.W, d.H, cols, rows)
		face := func(c layout.Card) *layout.Face { return c.Front }
		missing := map[int]bool{}
		fail := func(i int, err error) error {
			if !tolerant {
				return err
			}
			missing[i] = true
			imgs.warnings = append(imgs.warnings, err.Error())
			return nil
		}
		faces, err := ttsSheetImage(chunk, face, d, cols, rows, cw, ch, dpi, fail)
		if err != nil {
			return nil, err
		}
		faceURL, err := imgs.write(fmt.Sprintf("%s/%s-vorne-%d.png", game, name, s), faces)
		if err != nil {
			return nil, err
		}
		sheet := ttsSheet{FaceURL: faceURL, NumWidth: cols, NumHeight: rows, BackIsHidden: true}
		if common != nil {
			if backURL == "" {
				img, err := layout.FacePixelsSized(common, d.W, d.H, dpi, cw, ch, false)
				if err != nil {
					return nil, err
				}
				if backURL, err = imgs.write(fmt.Sprintf("%s/%s-rueckseite.png", game, name), img); err != nil {
					return nil, err
				}
			}
			sheet.BackURL = backURL
		} else {
			back := func(c layout.Card) *layout.Face { return c.Back }
			backs, err := ttsSheetImage(chunk, back, d, cols, rows, cw, ch, dpi, fail)
			if err != nil {
				return nil, err
			}
			if sheet.BackURL, err = imgs.write(fmt.Sprintf("%s/%s-hinten-%d.png", game, name, s), backs); err != nil {
				return nil, err
			}
			sheet.UniqueBack = true
		}
		out = append(out, sheetRef{key: *next, sheet: sheet, missing: missing})
		*next++
	}
	return out, nil
}

// commonBack is the back all cards of a deck share, or nil: backs
// without their own ID that draw the same picture.
func commonBack(d Deck) (*layout.Face, error) {
	var first *[32]byte
	for _, c := range d.Cards {
		if c.Back == nil || c.Back.ID != "" {
			return nil, nil
		}
		img, err := layout.FacePixels(c.Back, d.W, d.H, 50, false)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(img.Pix)
		if first == nil {
			first = &sum
		} else if sum != *first {
			return nil, nil
		}
	}
	if len(d.Cards) == 0 {
		return nil, nil
	}
	return d.Cards[0].Back, nil
}

// ttsSheetImage draws one side of cards into a sheet's grid, row by row.
// A face that cannot be drawn is handed to fail with its slot; the sheet
// fails when fail returns an error.
func ttsSheetImage(cards []layout.Card, side func(layout.Card) *layout.Face, d Deck, cols, rows, cw, ch int, dpi float64, fail func(int, error) error) (*image.RGBA, error) {
	sheet := image.NewRGBA(image.Rect(0, 0, cols*cw, rows*ch))
	draw.Draw(sheet, sheet.Bounds(), image.White, image.Point{}, draw.Src)
	for i, c := range cards {
		f := side(c)
		if f == nil {
			continue
		}
		img, err := layout.FacePixelsSized(f, d.W, d.H, dpi, cw, ch, false)
		if err != nil {
			if err := fail(i, fmt.Errorf("%s: %w", f.ID, err)); err != nil {
				return nil, err
			}
			continue
		}
		at := image.Pt(i%cols*cw, i/cols*ch)
		draw.Draw(sheet, image.Rectangle{at, at.Add(image.Pt(cw, ch))}, img, image.Point{}, draw.Src)
	}
	return sheet, nil
}
