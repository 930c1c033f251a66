package main

import (
	"bytes"
	"encoding/binary"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestCardPNG draws a labyrinth card's green side (its front, named by the
// card's ID) and a dativ back as 300-dpi images with bleed.
func TestCardPNG(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		id, file string
		w, h     int
	}{{"LAB-STD-7", "lab.png", 815, 1110}, {"dat-std-3-h", "dat.png", 1110, 1559}} {
		path := filepath.Join(dir, tc.file)
		code, _, errs := runCLI("card", "--png", path, tc.id)
		if code != 0 {
			t.Fatalf("card --png %s: exit %d: %s", tc.id, code, errs)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Width != tc.w || cfg.Height != tc.h {
			t.Errorf("%s: %d × %d px, want %d × %d (the card + 3 mm bleed at 300 dpi)", tc.id, cfg.Width, cfg.Height, tc.w, tc.h)
		}
		i := bytes.Index(data, []byte("pHYs"))
		if i < 0 || binary.BigEndian.Uint32(data[i+4:]) != 11811 {
			t.Errorf("%s: no pHYs of 300 dpi", tc.id)
		}
	}
	if code, _, _ := runCLI("card", "--png", filepath.Join(dir, "x.png"), "LAB-NONE-1"); code != 1 {
		t.Errorf("unknown ID: exit %d, want 1", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.png")); err == nil {
		t.Error("a failed card --png left a file")
	}
}
