package layout

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"testing"
)

// testForm is 30 × 12 mm: a black square in its top left corner, a red one
// in its bottom right, black text between them, and a green bar that
// runs beyond its right edge (the form must clip it).
func testForm(draws *int) *Form {
	return NewForm(30, 12, func(c *Canvas) error {
		*draws++
		c.Text(8, 1, "Hg", "B", 24, Black, Left)
		c.Rect(0, 0, 5, 5, Black)
		c.Rect(25, 7, 5, 5, RGB(255, 0, 0))
		c.Polygon(RGB(0, 160, 0), 27, 0, 40, 0, 40, 4, 27, 4)
		return nil
	})
}

// A form placed many times is one object in the PDF, drawn once, and shows
// at every placement where it was placed — on the page and turned with the
// page's drawing — in its own colours and font, whatever the page had
// selected before.
func TestFormIsDrawnOnceAndPlacedEverywhere(t *testing.T) {
	draws := 0
	form := testForm(&draws)
	at := [][2]float64{{10, 10}, {50, 30}, {10, 60}}
	page := func(c *Canvas) error {
		// Another fill and font selected before each placement: the form
		// must not inherit them (it is drawn at the first, in black).
		for i, p := range at {
			fill := RGB(255, 0, 0)
			if i == 0 {
				fill = Black
			}
			c.Rect(90, 90, 2, 2, fill)
			c.Text(90, 2, "x", "", 6, fill, Left)
			if err := c.Place(p[0], p[1], form); err != nil {
				return err
			}
		}
		// Turned half round about the page's centre: the form lands at
		// 100 − (x + w), 100 − (y + h), upside down.
		c.Rotated(180, 50, 50, func() {
			if err := c.Place(55, 5, form); err != nil {
				c.Fail(err)
			}
		})
		return nil
	}
	pdf, err := Pages(100, 100, "T", []func(*Canvas) error{page, page})
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(pdf, []byte("/Subtype /Form")); n != 1 {
		t.Fatalf("%d form objects in the PDF, want 1", n)
	}
	if draws != 1 {
		t.Errorf("form drawn %d times, want once", draws)
	}
	for pg := 1; pg <= 2; pg++ {
		img := rasterize(t, pdf, pg, 100)
		for _, p := range at {
			checkForm(t, img, p[0], p[1], false)
		}
		checkForm(t, img, 100-55-30, 100-5-12, true)
	}
}

// checkForm looks at the test form's parts where it was placed with its
// top left corner at (x, y) mm (turned: its bottom right there).
func checkForm(t *testing.T, img image.Image, x, y float64, turned bool) {
	t.Helper()
	px := func(u, v float64) (float64, float64) {
		if turned {
			return x + 30 - u, y + 12 - v
		}
		return x + u, y + v
	}
	at := func(u, v float64) (uint8, uint8, uint8) {
		mx, my := px(u, v)
		r, g, b, _ := img.At(int(mx/25.4*100), int(my/25.4*100)).RGBA()
		return uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)
	}
	check := func(what string, u, v float64, r, g, b uint8) {
		t.Helper()
		cr, cg, cb := at(u, v)
		if !near(color.RGBA{cr, cg, cb, 255}, r, g, b) {
			mx, my := px(u, v)
			t.Errorf("form at (%g, %g) turned %v: %s at (%.1f, %.1f) mm is %d,%d,%d, want %d,%d,%d", x, y, turned, what, mx, my, cr, cg, cb, r, g, b)
		}
	}
	check("black square", 2.5, 2.5, 0, 0, 0)
	check("red square", 27.5, 9.5, 255, 0, 0)
	check("white ground", 2.5, 9.5, 255, 255, 255)
	check("green bar", 28.5, 2, 0, 160, 0)
	check("green bar beyond the edge", 31, 2, 255, 255, 255)
	// The text: black ink, no red.
	dark, red := 0, 0
	for u := 8.0; u < 20; u += 0.25 {
		for v := 1.0; v < 11; v += 0.25 {
			r, g, b := at(u, v)
			switch {
			case r < 90 && g < 90 && b < 90:
				dark++
			case r > 160 && g < 90:
				red++
			}
		}
	}
	if dark < 100 || red > 0 {
		t.Errorf("form at (%g, %g) turned %v: text has %d black and %d red samples", x, y, turned, dark, red)
	}
}

// The form's error (a text that does not fit …) is the placement's, on
// a measuring canvas (drawn once per process) and when printing.
func TestFormErrorsAreReported(t *testing.T) {
	want := errors.New("passt nicht")
	measured := 0
	form := NewForm(10, 10, func(c *Canvas) error {
		if c.Measuring() {
			measured++
		}
		return want
	})
	for range 3 {
		c := &Canvas{W: 50, H: 50, Setter: Setter()}
		if err := c.Place(0, 0, form); !errors.Is(err, want) {
			t.Fatalf("measuring: %v, want %v", err, want)
		}
	}
	if measured != 1 {
		t.Errorf("measured %d times, want once", measured)
	}
	_, err := Pages(50, 50, "T", []func(*Canvas) error{func(c *Canvas) error { return c.Place(0, 0, form) }})
	if !errors.Is(err, want) {
		t.Fatalf("printing: %v, want %v", err, want)
	}
	failing := NewForm(10, 10, func(c *Canvas) error {
		c.Fail(want)
		return nil
	})
	if _, err := Pages(50, 50, "T", []func(*Canvas) error{func(c *Canvas) error { return c.Place(0, 0, failing) }}); !errors.Is(err, want) {
		t.Fatalf("printing, failed inside: %v, want %v", err, want)
	}
}
