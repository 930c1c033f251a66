package raster

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/png"
	"testing"
)

func TestEncodePNGMarksResolutionAndSRGB(t *testing.T) {
	c := New(20, 10, Identity)
	var p Path
	p.Rect(2, 2, 5, 5)
	c.Fill(&p, Color{R: 200})
	var buf bytes.Buffer
	if err := EncodePNG(&buf, c.Image(), 300); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	i := bytes.Index(data, []byte("pHYs"))
	if i < 0 || !bytes.Contains(data, []byte("sRGB")) {
		t.Fatal("pHYs or sRGB chunk missing")
	}
	if ppm := binary.BigEndian.Uint32(data[i+4:]); ppm != 11811 || data[i+12] != 1 {
		t.Errorf("pHYs = %d px/unit, unit %d; want 11811 px/m (300 dpi)", ppm, data[i+12])
	}
	img, err := png.Decode(bytes.NewReader(data)) // checks the chunks' CRCs
	if err != nil {
		t.Fatal(err)
	}
	if r, _, _, _ := img.At(4, 4).RGBA(); r>>8 != 200 {
		t.Errorf("pixel (4, 4) red = %d, want 200", r>>8)
	}
	if r, _, _, _ := img.At(8, 4).RGBA(); r>>8 != 255 {
		t.Errorf("pixel (8, 4) red = %d, want 255 (white ground)", r>>8)
	}
}

func TestStrokeCoversLineAndClipLimits(t *testing.T) {
	c := New(40, 40, Identity)
	var l Path
	l.MoveTo(0, 20)
	l.LineTo(40, 20)
	var clip Path
	clip.Rect(0, 0, 20, 40)
	c.PushClip(&clip)
	c.StrokePath(&l, Stroke{Width: 4}, Color{})
	c.Pop()
	img := c.Image()
	at := func(x, y int) uint8 { return img.Pix[img.PixOffset(x, y)] }
	if at(10, 19) != 0 || at(10, 21) != 0 {
		t.Errorf("inside the stroke: %d %d, want black", at(10, 19), at(10, 21))
	}
	if at(10, 23) != 255 || at(30, 20) != 255 {
		t.Errorf("outside the stroke or the clip: %d %d, want white", at(10, 23), at(30, 20))
	}
	_ = image.Point{}
}

func TestDashesLeaveGaps(t *testing.T) {
	c := New(40, 10, Identity)
	var l Path
	l.MoveTo(0, 5)
	l.LineTo(40, 5)
	c.StrokePath(&l, Stroke{Width: 2, Dash: []float64{4, 4}}, Color{})
	img := c.Image()
	at := func(x int) uint8 { return img.Pix[img.PixOffset(x, 5)] }
	if at(2) != 0 || at(6) != 255 || at(10) != 0 {
		t.Errorf("dash pattern 4 on 4 off: got %d %d %d, want 0 255 0", at(2), at(6), at(10))
	}
}
