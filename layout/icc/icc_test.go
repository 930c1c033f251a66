package icc

import (
	"fmt"
	"path/filepath"
	"strings"

	"druckreif/internal/tooltest"
	"math"
	"os"
	"testing"
)

// testProfile is Ghostscript's CMYK profile, which Debian's ghostscript
// installs; the project ships none.
const testProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

func loadTest(t testing.TB) *Profile {
	t.Helper()
	data, err := os.ReadFile(testProfile)
	if err != nil {
		if os.Getenv("DRUCKREIF_REQUIRE_TOOLS") == "1" {
			t.Fatalf("%s is required (ghostscript): %v", testProfile, err)
		}
		t.Skipf("no CMYK profile: %v", err)
	}
	p, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func deltaE(a, b [3]float64) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// TestRoundTrip converts colours through the BToA table and back through
// the AToB table: in the gamut they come back (ΔE ≤ 1.5), the paper is
// CMYK 0 and its white L* 100, and the primaries are the inks alone.
func TestRoundTrip(t *testing.T) {
	p := loadTest(t)
	if p.Description == "" || !p.pcsLab {
		t.Fatalf("description %q, Lab PCS %v", p.Description, p.pcsLab)
	}
	if lab := p.ToLab([4]float64{}, RelativeColorimetric); deltaE(lab, [3]float64{100, 0, 0}) > 0.5 {
		t.Errorf("paper: Lab %.1f, want 100 0 0", lab)
	}
	if c := p.FromLab([3]float64{100, 0, 0}, RelativeColorimetric); c != ([4]float64{}) {
		t.Errorf("white: CMYK %.3f, want none", c)
	}
	for _, c := range [][4]float64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0.5, 0.4, 0.4, 0}, {0.2, 0.7, 0.1, 0}, {0.6, 0, 0.9, 0.1}} {
		lab := p.ToLab(c, RelativeColorimetric)
		back := p.FromLab(lab, RelativeColorimetric)
		if d := deltaE(lab, p.ToLab(back, RelativeColorimetric)); d > 1.5 {
			t.Errorf("%v → Lab %.1f → %.3f: ΔE %.1f", c, lab, back, d)
		}
	}
	cyan := p.FromLab(p.ToLab([4]float64{1, 0, 0, 0}, RelativeColorimetric), RelativeColorimetric)
	if cyan[0] < 0.97 || cyan[1]+cyan[2]+cyan[3] > 0.05 {
		t.Errorf("process cyan comes back as %.3f", cyan)
	}
}

// TestRefusesWhatIsNoCMYKProfile: an RGB profile, a text file and a
// truncated profile are refused with a reason.
func TestRefusesWhatIsNoCMYKProfile(t *testing.T) {
	data, err := os.ReadFile(testProfile)
	if err != nil {
		t.Skip(err)
	}
	if _, err := Parse(data[:len(data)/2]); err == nil {
		t.Error("a truncated profile was accepted")
	}
	if _, err := Parse([]byte("not a profile at all, but long enough to have a header of an ICC profile, which it lacks: 0123456789012345678901234567890123456789")); err == nil {
		t.Error("text was accepted")
	}
	if rgb, err := os.ReadFile(filepath.Join(filepath.Dir(testProfile), "srgb.icc")); err == nil {
		if _, err := Parse(rgb); err != errNotCMYK {
			t.Errorf("sRGB profile: %v, want %v", err, errNotCMYK)
		}
	}
}

// minimalPDF writes a one-page PDF of w × h points with the given
// content stream, for Ghostscript to render.
func minimalPDF(w, h int, content string) []byte {
	var b []byte
	var offs []int
	obj := func(s string) {
		offs = append(offs, len(b))
		b = append(b, fmt.Sprintf("%d 0 obj\n%s\nendobj\n", len(offs), s)...)
	}
	b = append(b, "%PDF-1.4\n"...)
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 %d %d] >>", w, h))
	obj("<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << >> >>")
	obj(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content)+1, content))
	xref := len(b)
	b = append(b, fmt.Sprintf("xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)...)
	for _, o := range offs {
		b = append(b, fmt.Sprintf("%010d 00000 n \n", o)...)
	}
	b = append(b, fmt.Sprintf("trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, xref)...)
	return b
}

// TestBToAAgreesWithGhostscript converts colours of every kind through the
// profile's relative colorimetric BToA table and compares the result with
// what Ghostscript (lcms2) makes of the same sRGB colours through the same
// profile: both CMYK values, read back through the AToB table, must lie
// within ΔE 1 of each other (the CMYK values themselves may differ where
// the profile allows several mixes for one colour).
func TestBToAAgreesWithGhostscript(t *testing.T) {
	tooltest.Need(t, "gs")
	p := loadTest(t)
	colours := [][3]uint8{{255, 255, 255}, {46, 125, 50}, {242, 194, 0}, {198, 40, 40}, {21, 101, 192}, {106, 27, 154},
		{239, 108, 0}, {78, 52, 46}, {245, 124, 0}, {30, 136, 229}, {67, 160, 71}, {229, 57, 53}, {195, 146, 166},
		{140, 200, 230}, {128, 128, 128}, {255, 243, 224}, {90, 90, 90}}
	var content strings.Builder
	for i, c := range colours {
		fmt.Fprintf(&content, "%.4f %.4f %.4f rg %d 0 10 10 re f\n", float64(c[0])/255, float64(c[1])/255, float64(c[2])/255, 10*i)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "patches.pdf")
	if err := os.WriteFile(in, minimalPDF(10*len(colours), 10, content.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "patches.pam")
	tooltest.Run(t, "gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pamcmyk32", "-r72", "-dRenderIntent=1", "-dBlackPtComp=0",
		"-sOutputICCProfile="+testProfile, "-o", out, in)
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	w, _, pix := tooltest.ReadPAM(t, data)
	for i, c := range colours {
		x, y := 10*i+5, 5
		px := pix[4*(y*w+x):]
		gsCMYK := [4]float64{float64(px[0]) / 255, float64(px[1]) / 255, float64(px[2]) / 255, float64(px[3]) / 255}
		ours := p.FromLab(SRGBToLab(c[0], c[1], c[2]), RelativeColorimetric)
		a, b := p.ToLab(ours, RelativeColorimetric), p.ToLab(gsCMYK, RelativeColorimetric)
		if d := deltaE(a, b); d > 1 {
			t.Errorf("%v: ours %.3f (Lab %.1f), Ghostscript %.3f (Lab %.1f): ΔE %.1f", c, ours, a, gsCMYK, b, d)
		}
	}
}
