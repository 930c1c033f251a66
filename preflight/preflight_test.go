package preflight

import (
	"fmt"
	"strings"
	"testing"

	"druckreif/i18n"
)

// spec describes a one-page-per-entry PDF for the tests, valid PDF/X-1a
// unless a field says otherwise.
type spec struct {
	version  string
	pages    []pageSpec
	info     string // the info dictionary's entries
	catalog  string // extra catalog entries
	intent   string // the output intent dictionary; "" for FOGRA39
	noIntent bool
	noID     bool
	extra    []string // further objects, numbered from 100
}

type pageSpec struct {
	boxes     string // page boxes; "" for a 69 × 94 mm card with 3 mm bleed
	content   string
	resources string
	label     string
}

// A card of 63 × 88 mm with 3 mm bleed, in points.
const (
	cardBoxes = "/MediaBox [0 0 195.591 266.457] /BleedBox [0 0 195.591 266.457] /TrimBox [8.504 8.504 187.087 257.953]"
	// embeddedFont is a font resource whose descriptor has a font file.
	embeddedFont = "/Font << /F1 20 0 R >>"
)

func (s spec) build() []byte {
	var b strings.Builder
	var offs = map[int]int{}
	obj := func(n int, body string) {
		offs[n] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", n, body)
	}
	v := s.version
	if v == "" {
		v = "1.4"
	}
	b.WriteString("%PDF-" + v + "\n%\xe2\xe3\xcf\xd3\n")
	var kids, labels []string
	for i, p := range s.pages {
		n := 10 + 3*i
		kids = append(kids, fmt.Sprintf("%d 0 R", n))
		boxes := p.boxes
		if boxes == "" {
			boxes = cardBoxes
		}
		res := p.resources
		if res == "" {
			res = embeddedFont
		}
		obj(n, fmt.Sprintf("<< /Type /Page /Parent 2 0 R %s /Resources << %s >> /Contents %d 0 R >>", boxes, res, n+1))
		obj(n+1, fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(p.content), p.content))
		label := p.label
		if label == "" {
			label = fmt.Sprintf("CARD-%d", i+1)
		}
		labels = append(labels, fmt.Sprintf("%d << /P (%s) >>", i, label))
	}
	intent := s.intent
	if intent == "" {
		intent = "<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (FOGRA39) /RegistryName (http://www.color.org) /Info (Coated FOGRA39) >>"
	}
	cat := "<< /Type /Catalog /Pages 2 0 R /PageLabels << /Nums [" + strings.Join(labels, " ") + "] >> " + s.catalog
	if !s.noIntent {
		cat += " /OutputIntents [" + intent + "]"
	}
	obj(1, cat+" >>")
	obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(kids)))
	info := s.info
	if info == "" {
		info = "/GTS_PDFXVersion (PDF/X-1a:2003) /Trapped /False /Title (Test)"
	}
	obj(3, "<< "+info+" >>")
	// An embedded TrueType font (its file need not be a real font for the
	// checks) with widths of 500 for every code.
	obj(20, "<< /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+Test /FirstChar 32 /LastChar 126 /Widths 22 0 R /FontDescriptor 21 0 R >>")
	obj(21, "<< /Type /FontDescriptor /FontName /ABCDEF+Test /Flags 32 /FontBBox [0 -200 1000 800] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 23 0 R >>")
	obj(22, "["+strings.Repeat("500 ", 95)+"]")
	obj(23, "<< /Length 4 >>\nstream\nfont\nendstream")
	for i, e := range s.extra {
		obj(100+i, e)
	}
	max := 0
	for n := range offs {
		max = maxInt(max, n)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", max+1)
	for n := 1; n <= max; n++ {
		if off, ok := offs[n]; ok {
			fmt.Fprintf(&b, "%010d 00000 n \n", off)
		} else {
			b.WriteString("0000000000 65535 f \n")
		}
	}
	id := " /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]"
	if s.noID {
		id = ""
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R /Info 3 0 R%s >>\nstartxref\n%d\n%%%%EOF\n", max+1, id, xref)
	return []byte(b.String())
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// okContent is a card face a print shop takes: a background into the
// bleed, black text in black ink inside the safe zone.
const okContent = "0.1 0.6 0.9 0 k 0 0 195.591 266.457 re f\n0 0 0 1 k BT /F1 9 Tf 30 200 Td (Hallo) Tj ET\n"

func check(t *testing.T, name string, s spec, o Options) *Report {
	t.Helper()
	rep, err := Check(name, s.build(), o)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rep
}

func lines(rep *Report) []string {
	var out []string
	for _, p := range rep.Problems {
		out = append(out, p.In(i18n.German))
	}
	return out
}

// TestAValidFilePasses: the base of the tests below meets every rule.
func TestAValidFilePasses(t *testing.T) {
	rep := check(t, "ok.pdf", spec{pages: []pageSpec{{content: okContent}, {content: okContent}}}, Options{})
	if len(rep.Problems) > 0 {
		t.Fatalf("problems in a valid file: %q", lines(rep))
	}
	if rep.Standard != "PDF/X-1a:2003" || rep.Pages != 2 || rep.Labels[1] != "CARD-2" {
		t.Errorf("read %q, %d pages, labels %q", rep.Standard, rep.Pages, rep.Labels)
	}
	if rep.Ink[0] != 160 {
		t.Errorf("ink %.1f %%, want 160 %% (the background)", rep.Ink[0])
	}
	if rep.MinText[0] != 9 {
		t.Errorf("smallest text %.2f pt, want 9", rep.MinText[0])
	}
}

// TestEachRuleBroken breaks one rule per file and expects exactly the line
// that names it, as an error or a warning.
func TestEachRuleBroken(t *testing.T) {
	card := func(content string) []pageSpec { return []pageSpec{{content: content}} }
	cases := []struct {
		name string
		s    spec
		want string // the line, without the file's name
	}{
		{"no-trimbox", spec{pages: []pageSpec{{boxes: "/MediaBox [0 0 195.591 266.457] /BleedBox [0 0 195.591 266.457]", content: okContent}}},
			"Seite 1 (CARD-1): Fehler: keine TrimBox (Endformat)"},
		{"trim-outside-bleed", spec{pages: []pageSpec{{boxes: "/MediaBox [0 0 195.591 266.457] /BleedBox [8 8 187 258] /TrimBox [2 2 190 260]", content: okContent}}},
			"Seite 1 (CARD-1): Fehler: TrimBox 66.3 × 91.0 mm ragt über die BleedBox 63.1 × 88.2 mm hinaus"},
		{"bleed-outside-media", spec{pages: []pageSpec{{boxes: "/MediaBox [0 0 100 100] /BleedBox [0 0 195.591 266.457] /TrimBox [8.504 8.504 90 90]", content: okContent}}},
			"Seite 1 (CARD-1): Fehler: BleedBox 69.0 × 94.0 mm ragt über die MediaBox 35.3 × 35.3 mm hinaus"},
		{"rgb-operator", spec{pages: card(okContent + "1 0 0 rg 50 50 20 20 re f\n")},
			"Seite 1 (CARD-1): Fehler: RGB-Farbe im PDF/X: Farboperator rg (DeviceRGB)"},
		{"rgb-icc", spec{pages: []pageSpec{{content: okContent + "/CS0 cs 1 0 0 sc 50 50 20 20 re f\n", resources: embeddedFont + " /ColorSpace << /CS0 [/ICCBased 101 0 R] >>"}},
			extra: []string{"<< >>", "<< /N 3 /Length 4 >>\nstream\nicc!\nendstream"}},
			"Seite 1 (CARD-1): Fehler: RGB-Farbe im PDF/X: ICC-Farbraum mit 3 Kanälen (RGB) (CS0)"},
		{"too-much-ink", spec{pages: card(okContent + "1 0.9 0.9 0.8 k 50 50 20 20 re f\n")},
			"Seite 1 (CARD-1): Fehler: Farbauftrag 360 % (höchstens 240 %)"},
		{"font-not-embedded", spec{pages: []pageSpec{{content: okContent + "BT /F2 9 Tf 30 150 Td (x) Tj ET\n", resources: embeddedFont[:len(embeddedFont)-3] + " /F2 100 0 R >>"}},
			extra: []string{"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}},
			"Seite 1 (CARD-1): Fehler: Schrift Helvetica nicht eingebettet"},
		{"small-text", spec{pages: card(okContent + "BT /F1 4 Tf 30 150 Td (klein) Tj ET\n")},
			"Seite 1 (CARD-1): Warnung: kleinster Text 4.0 pt (unter 5.0 pt)"},
		{"text-scaled-small", spec{pages: card(okContent + "q 0.5 0 0 0.5 0 0 cm BT /F1 8 Tf 60 300 Td (klein) Tj ET Q\n")},
			"Seite 1 (CARD-1): Warnung: kleinster Text 4.0 pt (unter 5.0 pt)"},
		{"text-in-safe-zone", spec{pages: card(okContent + "BT /F1 9 Tf 12 200 Td (Rand) Tj ET\n")},
			"Seite 1 (CARD-1): Warnung: im Sicherheitsabstand von 3 mm: Text „Rand“ 1.2 mm vom Beschnitt"},
		{"graphic-in-safe-zone", spec{pages: card(okContent + "0 0 0 1 k 180 100 5 5 re f\n")},
			"Seite 1 (CARD-1): Warnung: im Sicherheitsabstand von 3 mm: Grafik 0.7 mm vom Beschnitt"},
		{"no-output-intent", spec{noIntent: true, pages: card(okContent)},
			"Fehler: keine PDF/X-Ausgabebedingung (OutputIntents mit /S /GTS_PDFX)"},
		{"unregistered-intent", spec{intent: "<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (Hausdruckerei) /Info (x) >>", pages: card(okContent)},
			"Fehler: Ausgabebedingung \"Hausdruckerei\" ist kein registrierter Name und hat kein Profil"},
		{"no-trapped", spec{info: "/GTS_PDFXVersion (PDF/X-1a:2003) /Title (Test)", pages: card(okContent)},
			"Fehler: /Trapped fehlt im Info-Verzeichnis"},
		{"no-id", spec{noID: true, pages: card(okContent)},
			"Fehler: keine Dokument-ID (/ID im Trailer)"},
		{"not-pdfx", spec{info: "/Title (Test) /Trapped /False", pages: card(okContent)},
			"Fehler: kein PDF/X (weder GTS_PDFXVersion noch Ausgabebedingung): Druckereien verlangen PDF/X-4 oder PDF/X-1a (druckreif export)"},
		{"x1a-version-too-new", spec{version: "1.6", pages: card(okContent)},
			"Fehler: PDF/X-1a:2003 erlaubt höchstens PDF 1.4, die Datei ist 1.6"},
		{"x4-without-profile", spec{version: "1.6", info: "/GTS_PDFXVersion (PDF/X-4) /Trapped /False", pages: card(okContent)},
			"Fehler: PDF/X-4 verlangt das Ausgabeprofil eingebettet (DestOutputProfile)"},
		{"x1a-transparency", spec{pages: []pageSpec{{content: "/GS1 gs " + okContent, resources: embeddedFont + " /ExtGState << /GS1 << /Type /ExtGState /BM /Multiply >> >>"}}},
			"Seite 1 (CARD-1): Fehler: Transparenz (Füllmethode /Multiply): PDF/X-1a erlaubt keine"},
		{"qr-unreadable", spec{pages: card(okContent + brokenQR)},
			"Seite 1 (CARD-1): Fehler: QR-Code (7 × 7 mm) 49 mm von links, 77 mm von oben: nicht lesbar"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep := check(t, c.name+".pdf", c.s, Options{})
			got := lines(rep)
			want := c.name + ".pdf: " + c.want
			found := false
			for _, l := range got {
				if l == want {
					found = true
				}
			}
			if !found {
				t.Errorf("want %q\ngot %q", want, got)
			}
		})
	}
}

// brokenQR is a QR code's grid of dark squares (37 runs) whose finder
// patterns are there but whose data is noise: a code that does not decode.
var brokenQR = func() string {
	var b strings.Builder
	// White quiet zone, then modules of 0.33 mm (0.95 pt) from 148, 20.
	b.WriteString("0 0 0 0 k 142 14 32 32 re f\n0 0 0 1 k\nq 0.95 0 0 -0.95 148 40 cm\n")
	finder := func(x, y int) {
		fmt.Fprintf(&b, "%d %d 7 1 re %d %d 7 1 re %d %d 1 7 re %d %d 1 7 re %d %d 3 3 re\n", x, y, x, y+6, x, y, x+6, y, x+2, y+2)
	}
	finder(0, 0)
	finder(14, 0)
	finder(0, 14)
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "%d %d 1 1 re\n", 9+(i*7)%11, 9+(i*5)%11)
	}
	b.WriteString("f Q\n")
	return b.String()
}()

// TestFrontsAndBacksPair: as many backs as fronts, page i of both the
// same card; a karten.pdf of fronts and backs has an even number.
func TestFrontsAndBacksPair(t *testing.T) {
	mk := func(labels ...string) spec {
		var ps []pageSpec
		for _, l := range labels {
			ps = append(ps, pageSpec{content: okContent, label: l})
		}
		return spec{pages: ps}
	}
	f := check(t, "shop/vorderseiten.pdf", mk("A-1-V", "A-2-V", "A-3-V"), Options{})
	b := check(t, "shop/rueckseiten.pdf", mk("A-1-H", "A-2-H"), Options{})
	got := Pair([]*Report{f, b})
	if len(got) != 1 || got[0].In(i18n.German) != "shop/rueckseiten.pdf: Fehler: 2 Rückseiten, aber 3 Vorderseiten (shop/vorderseiten.pdf): Seite i beider Dateien muss dieselbe Karte sein" {
		t.Errorf("got %v", got)
	}
	b = check(t, "shop/rueckseiten.pdf", mk("A-1-H", "A-3-H", "A-2-H"), Options{})
	got = Pair([]*Report{f, b})
	if len(got) != 1 || got[0].In(i18n.German) != "shop/rueckseiten.pdf: Seite 2 (A-3-H): Fehler: gehört nicht zur Vorderseite A-2-V" {
		t.Errorf("got %v", got)
	}
	b = check(t, "shop/rueckseiten.pdf", mk("A-1-H", "A-2-H", "A-3-H"), Options{})
	if got := Pair([]*Report{f, b}); len(got) != 0 {
		t.Errorf("matching files: %v", got)
	}
	k := check(t, "us/karten.pdf", mk("A-1-V", "A-1-H", "A-2-V"), Options{})
	if got := Pair([]*Report{k}); len(got) != 1 || !strings.Contains(got[0].In(i18n.German), "3 Seiten: je Karte Vorder- und Rückseite") {
		t.Errorf("odd karten.pdf: %v", got)
	}
}

// TestUnreadableFile: what is no PDF is a read error (exit 2 in the
// command), not a list of problems.
func TestUnreadableFile(t *testing.T) {
	for _, data := range [][]byte{nil, []byte("%PDF-1.4\nnonsense"), []byte("not a pdf at all")} {
		if _, err := Check("x.pdf", data, Options{}); err == nil {
			t.Errorf("%q: no error", data)
		} else if _, ok := err.(*ReadError); !ok {
			t.Errorf("%q: %T, want *ReadError", data, err)
		}
	}
}
