package kit

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"druckreif/decks"
	"druckreif/layout"
)

// pngInfo reads a PNG's size and its pHYs resolution in dpi.
func pngInfo(t *testing.T, path string) (w, h int, dpi float64) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(data, []byte("pHYs"))
	if i < 0 {
		t.Fatalf("%s: no pHYs chunk", path)
	}
	return cfg.Width, cfg.Height, float64(binary.BigEndian.Uint32(data[i+4:])) * 0.0254
}

func TestExportPNGTheGame(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "png")
	n, err := ExportPNG(defaultSet(t), ExportOptions{Games: []decks.Game{decks.TheGame}}, PNGOptions{DPI: 300, Size: SizeDefault}, dir)
	if err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "thegame", "*.png"))
	if n != 103 || len(names) != 103 {
		t.Fatalf("%d images (%d files), want 103: 102 fronts and one common back", n, len(names))
	}
	for _, want := range []string{"TG-1A-vorne.png", "TG-100B-vorne.png", "TG-57-vorne.png", "rueckseite.png"} {
		w, h, dpi := pngInfo(t, filepath.Join(dir, "thegame", want))
		if w != 815 || h != 1110 || dpi < 299.9 || dpi > 300.1 {
			t.Errorf("%s: %d × %d px at %.1f dpi, want 815 × 1110 at 300", want, w, h, dpi)
		}
	}
}

// TestPNGSizesAndNames draws a small deck with every --size: shop sizes
// for poker cards, the card's own size plus bleed for others, and the
// files named by card ID and side.
func TestPNGSizesAndNames(t *testing.T) {
	face := func(id string, col layout.Color) *layout.Face {
		return &layout.Face{ID: id, Background: col, Draw: func(c *layout.Canvas) error {
			c.Text(5, 5, id, "B", 10, layout.Black, layout.Left)
			return nil
		}}
	}
	green, yellow := layout.RGB(60, 160, 60), layout.RGB(240, 200, 40)
	poker := Deck{Name: "karten", W: 63, H: 88, Cards: []layout.Card{
		{Front: face("LAB-X-1-GR", green), Back: face("LAB-X-1-GE", yellow)},
		{Front: face("LAB-X-2-GR", green), Back: face("LAB-X-2-GE", yellow)},
	}}
	common := Deck{Name: "moderationskarten", W: 63, H: 88, Cards: []layout.Card{
		{Front: face("", green), Back: face("", yellow)},
		{Front: face("", green), Back: face("", yellow)},
		{Front: face("", green), Back: &layout.Face{Background: green}},
	}}
	big := Deck{Name: "karten", W: 88, H: 126, Cards: []layout.Card{{Front: face("DAT-X-1-V", green), Back: face("DAT-X-1-H", yellow)}}}
	for _, tc := range []struct {
		size       ImageSize
		deck       Deck
		w, h       int
		wantImages []string
	}{
		{SizeDefault, poker, 815, 1110, []string{"g/LAB-X-1-hinten.png", "g/LAB-X-1-vorne.png", "g/LAB-X-2-hinten.png", "g/LAB-X-2-vorne.png"}},
		{SizeTGC, poker, 825, 1125, nil},
		{SizeMPC, poker, 822, 1122, nil},
		{SizeTGC, big, 1110, 1559, []string{"g/DAT-X-1-hinten.png", "g/DAT-X-1-vorne.png"}},
		{SizeDefault, common, 815, 1110, []string{"g/moderationskarten-1-vorne.png", "g/moderationskarten-2-vorne.png",
			"g/moderationskarten-3-hinten.png", "g/moderationskarten-3-vorne.png", "g/moderationskarten-rueckseite.png"}},
	} {
		var got []string
		err := writeDeckPNGs("g", tc.deck, PNGOptions{DPI: 300, Size: tc.size}, func(name string, img *image.RGBA) error {
			got = append(got, name)
			if b := img.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h {
				t.Errorf("%s %s: %d × %d px, want %d × %d", tc.size, name, b.Dx(), b.Dy(), tc.w, tc.h)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(got)
		if tc.wantImages != nil && !equalStrings(got, tc.wantImages) {
			t.Errorf("%s: images %v, want %v", tc.size, got, tc.wantImages)
		}
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestImageExportLeavesForeignFolders: an export never replaces a folder
// of somebody else's files, and replaces its own.
func TestImageExportLeavesForeignFolders(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mine")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "brief.txt"), []byte("meins"), 0o644)
	if _, _, err := newImageDir(dir); err == nil {
		t.Fatal("a folder with foreign files was accepted")
	}
	if _, err := os.Stat(filepath.Join(dir, "brief.txt")); err != nil {
		t.Fatal("the foreign file is gone")
	}
	own := filepath.Join(t.TempDir(), "export")
	for i := 0; i < 2; i++ {
		tmp, commit, err := newImageDir(own)
		if err != nil {
			t.Fatalf("round %d: %v", i, err)
		}
		os.WriteFile(filepath.Join(tmp, "x.png"), []byte{byte(i)}, 0o644)
		if err := commit(); err != nil {
			t.Fatal(err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(own, "x.png")); len(b) != 1 || b[0] != 1 {
		t.Errorf("second export did not replace the first: %v", b)
	}
}
