package decoder

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"druckreif/layout"
	"druckreif/layout/cards"
	"druckreif/layout/typeset"
)

// The band's text layer: the solution's words in hidden ink, overlapped by
// decoy lines from above and from below, every decoy word one of the
// side's own, and the solution drawn last (behind the film nothing cuts
// its strokes).
func TestDecoysOverlapTheSolution(t *testing.T) {
	st, err := layout.LoadStyle("dativ", "")
	if err != nil {
		t.Fatal(err)
	}
	side := testSides[2] // three lines of sentence, three of explanation
	w, h := st.Card.Width-2*st.Margin, st.Band.Height
	var set []typeset.SetBlock
	var words []placedWord
	if _, err := layout.Pages(w, h, "T", []func(*layout.Canvas) error{func(c *layout.Canvas) error {
		var err error
		set, err = c.Setter.Fit(scaledBlocks(cards.SolutionBlocks(st, side), bandLook), w-2*pad, h-2*pad)
		if err != nil {
			return err
		}
		words = bandLook.textLayer(c, seed(side.ID), side, set, 0, 0, w, h)
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	vocab := map[string]bool{}
	for _, v := range vocabulary(side) {
		vocab[v] = true
	}
	solutionLines := map[float64]bool{}
	var decoyLines []float64
	seenHidden := false
	for _, p := range words {
		if p.hidden {
			seenHidden = true
			solutionLines[p.y] = true
			continue
		}
		if seenHidden {
			t.Fatalf("decoy %q drawn after the solution", p.text)
		}
		if !vocab[strings.TrimPrefix(p.text, "✔ ")] {
			t.Errorf("decoy word %q is not one of the side's", p.text)
		}
		if len(decoyLines) == 0 || decoyLines[len(decoyLines)-1] != p.y {
			decoyLines = append(decoyLines, p.y)
		}
	}
	if len(solutionLines) < 4 {
		t.Fatalf("%d solution lines, want the sentence's and the explanation's", len(solutionLines))
	}
	// Every solution line has a decoy line less than a line above it and
	// one less than a line below it: the eye finds no line alone.
	lh := set[0].LineHeight()
	for y := range solutionLines {
		above, below := false, false
		for _, d := range decoyLines {
			above = above || (d < y && y-d < lh)
			below = below || (d > y && d-y < lh)
		}
		if !above || !below {
			t.Errorf("solution line at %.1f mm: decoy above %v, below %v", y, above, below)
		}
	}
	// And the decoys fill the band to its bottom.
	if last := decoyLines[len(decoyLines)-1]; last < h-pad-2*lh {
		t.Errorf("last decoy line at %.1f mm of a %.1f mm band", last, h)
	}
}

// The camouflage is drawn once per document: a few tiles as form objects,
// placed under every band, so a deck of bands is not a deck of patterns.
func TestCamouflageIsDrawnOncePerDocument(t *testing.T) {
	sides := allSides(t)[:40]
	pdf, _ := bandLayerPDF(t, sides, DefaultStrength, everything)
	if n := bytes.Count(pdf, []byte("/Subtype /Form")); n < 1 || n > camouflagePatterns {
		t.Errorf("%d form objects in the PDF of %d bands, want 1 to %d camouflage tiles", n, len(sides), camouflagePatterns)
	}
	// 40 bands: the blobs alone (~1,000 per band) would be some 3 MB.
	if perBand := float64(len(pdf)) / float64(len(sides)); perBand > 40_000 {
		t.Errorf("%.0f bytes per band", perBand)
	}
	// Neighbouring bands show different parts of the tiles.
	a, b := seed(sides[0].ID), seed(sides[1].ID)
	a.IntN(camouflagePatterns)
	b.IntN(camouflagePatterns)
	if math.Abs(a.Float64()-b.Float64()) < 1e-9 {
		t.Error("two cards, one offset")
	}
}
