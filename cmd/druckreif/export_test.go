package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"druckreif/internal/tooltest"
	"druckreif/preflight"
)

// testProfile is Ghostscript's CMYK profile (Debian's ghostscript): the
// project ships none.
const testProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

func needProfile(t *testing.T) {
	t.Helper()
	tooltest.Need(t, "qpdf", "gs")
	if _, err := os.Stat(testProfile); err != nil {
		if os.Getenv("DRUCKREIF_REQUIRE_TOOLS") == "1" {
			t.Fatalf("%s is required: %v", testProfile, err)
		}
		t.Skip(err)
	}
}

// exportGames are the games the outside check exports: The Game (cards
// with common backs, the rules) within go test's time; every game with
// DRUCKREIF_EXPORT_FULL=1 (CI). The dativ band in process inks is
// measured by layout/decoder's TestPressDecoderRates.
func exportGames() []string {
	if os.Getenv("DRUCKREIF_EXPORT_FULL") == "1" {
		return nil
	}
	return []string{"--game", "thegame"}
}

// qpdfJSON is what the outside check reads of a file through qpdf.
type qpdfJSON struct {
	Pages []struct {
		Object string `json:"object"`
		Label  *struct {
			P string `json:"/P"`
		} `json:"label"`
	} `json:"pages"`
	QPDF []json.RawMessage `json:"qpdf"`
}

type qpdfFile struct {
	path    string
	objects map[string]any
	pages   []string // page objects
	labels  []string
}

func readQPDF(t *testing.T, path string) *qpdfFile {
	t.Helper()
	var j qpdfJSON
	if err := json.Unmarshal(tooltest.Run(t, "qpdf", "--json=2", path), &j); err != nil {
		t.Fatal(err)
	}
	if len(j.QPDF) != 2 {
		t.Fatalf("%s: qpdf JSON without objects", path)
	}
	f := &qpdfFile{path: path}
	if err := json.Unmarshal(j.QPDF[1], &f.objects); err != nil {
		t.Fatal(err)
	}
	for _, p := range j.Pages {
		f.pages = append(f.pages, p.Object)
		label := ""
		if p.Label != nil {
			label = strings.TrimPrefix(p.Label.P, "u:")
		}
		f.labels = append(f.labels, label)
	}
	return f
}

// value is an object's value (a stream's dictionary).
func (f *qpdfFile) value(ref string) map[string]any {
	o, _ := f.objects["obj:"+ref].(map[string]any)
	if v, ok := o["value"].(map[string]any); ok {
		return v
	}
	if s, ok := o["stream"].(map[string]any); ok {
		d, _ := s["dict"].(map[string]any)
		return d
	}
	return nil
}

func (f *qpdfFile) trailer() map[string]any {
	o, _ := f.objects["trailer"].(map[string]any)
	v, _ := o["value"].(map[string]any)
	return v
}

func box(v any) [4]float64 {
	var b [4]float64
	a, _ := v.([]any)
	for i := 0; i < 4 && i < len(a); i++ {
		b[i], _ = a[i].(float64)
	}
	return b
}

// inkPerPage renders a file with Ghostscript in CMYK (no antialiasing, so
// every pixel is a colour the content painted) and returns each page's
// highest total ink in per cent.
func inkPerPage(t *testing.T, path string, dpi int) []float64 {
	t.Helper()
	dir := t.TempDir()
	tooltest.Run(t, "gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pamcmyk32", "-r"+strconv.Itoa(dpi),
		"-sOutputICCProfile="+testProfile, "-o", filepath.Join(dir, "p-%04d.pam"), path)
	names, _ := filepath.Glob(filepath.Join(dir, "p-*.pam"))
	sort.Strings(names)
	var out []float64
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		_, _, pix := tooltest.ReadPAM(t, data)
		m := 0
		for i := 0; i+3 < len(pix); i += 4 {
			if s := int(pix[i]) + int(pix[i+1]) + int(pix[i+2]) + int(pix[i+3]); s > m {
				m = s
			}
		}
		out = append(out, float64(m)*100/255)
		os.Remove(n)
	}
	return out
}

var rgbOperator = regexp.MustCompile(`(?m)(?:^|\s)-?[0-9.]+\s+-?[0-9.]+\s+-?[0-9.]+\s+(?:rg|RG)(?:\s|$)`)

// outsideCheck reads every file of an export with qpdf and Ghostscript,
// not with the writer's own idea of it, and returns the highest ink of
// the export and the number of pages.
func outsideCheck(t *testing.T, dir, version, standard string, maxInk float64, x4 bool) (float64, int) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.pdf"))
	if len(files) == 0 {
		t.Fatal("no files exported")
	}
	const k = 72 / 25.4
	highest, pages := 0.0, 0
	counts := map[string]int{}
	labels := map[string][]string{}
	for _, path := range files {
		rel, _ := filepath.Rel(dir, path)
		if out, err := exec.Command("qpdf", "--check", path).CombinedOutput(); err != nil {
			t.Errorf("%s: qpdf --check: %v\n%s", rel, err, out)
		}
		data, _ := os.ReadFile(path)
		if !bytes.HasPrefix(data, []byte("%PDF-"+version)) {
			t.Errorf("%s: header %q, want PDF %s", rel, data[:8], version)
		}
		f := readQPDF(t, path)
		counts[rel], labels[rel] = len(f.pages), f.labels
		pages += len(f.pages)
		tr := f.trailer()
		if ids, _ := tr["/ID"].([]any); len(ids) != 2 {
			t.Errorf("%s: no document ID", rel)
		}
		info := f.value(strings.TrimSpace(tr["/Info"].(string)))
		if info["/GTS_PDFXVersion"] != "u:"+standard || info["/Trapped"] != "/False" {
			t.Errorf("%s: GTS_PDFXVersion %v, Trapped %v", rel, info["/GTS_PDFXVersion"], info["/Trapped"])
		}
		cat := f.value(tr["/Root"].(string))
		intents, _ := cat["/OutputIntents"].([]any)
		if len(intents) != 1 {
			t.Fatalf("%s: %d output intents", rel, len(intents))
		}
		oi, _ := intents[0].(map[string]any)
		if oi["/S"] != "/GTS_PDFX" {
			t.Errorf("%s: output intent %v", rel, oi)
		}
		if x4 {
			ref, _ := oi["/DestOutputProfile"].(string)
			num := strings.Fields(ref)[0]
			prof := tooltest.Run(t, "qpdf", "--show-object="+num, "--filtered-stream-data", path)
			if len(prof) < 20 || string(prof[16:20]) != "CMYK" || string(prof[36:40]) != "acsp" {
				t.Errorf("%s: output profile is no CMYK profile", rel)
			}
			if _, ok := cat["/Metadata"]; !ok {
				t.Errorf("%s: no XMP metadata", rel)
			}
		} else if oi["/OutputConditionIdentifier"] != "u:FOGRA39" || oi["/RegistryName"] != "u:http://www.color.org" {
			t.Errorf("%s: output intent %v, want FOGRA39 of the ICC's registry", rel, oi)
		}
		// Boxes on every page: MediaBox = BleedBox = TrimBox + 3 mm.
		for i, p := range f.pages {
			d := f.value(p)
			media, bleed, trim := box(d["/MediaBox"]), box(d["/BleedBox"]), box(d["/TrimBox"])
			if media != bleed {
				t.Errorf("%s page %d: MediaBox %v, BleedBox %v", rel, i+1, media, bleed)
			}
			for j := 0; j < 2; j++ {
				if math.Abs(trim[j]-bleed[j]-3*k) > 0.01 || math.Abs(bleed[j+2]-trim[j+2]-3*k) > 0.01 {
					t.Errorf("%s page %d: TrimBox %v not 3 mm inside the BleedBox %v", rel, i+1, trim, bleed)
					break
				}
			}
			if strings.HasSuffix(rel, "seiten.pdf") || strings.HasSuffix(rel, "karten.pdf") {
				w, h := (trim[2]-trim[0])/k, (trim[3]-trim[1])/k
				if !(near(w, 63) && near(h, 88)) && !(near(w, 88) && near(h, 126)) {
					t.Errorf("%s page %d: card of %.2f × %.2f mm", rel, i+1, w, h)
				}
			}
			if strings.HasPrefix(f.labels[i], "Spielplan (A2)") {
				if w, h := (trim[2]-trim[0])/k, (trim[3]-trim[1])/k; !near(w, 420) || !near(h, 594) {
					t.Errorf("%s: the board's TrimBox is %.1f × %.1f mm, not A2", rel, w, h)
				}
			}
			if !x4 {
				if res, ok := d["/Resources"].(map[string]any); ok {
					if _, ok := res["/ExtGState"]; ok {
						t.Errorf("%s page %d: graphics states in PDF/X-1a (transparency?)", rel, i+1)
					}
				}
			}
		}
		// No RGB in any content stream (qpdf uncompresses them all).
		qdf := filepath.Join(t.TempDir(), "q.pdf")
		tooltest.Run(t, "qpdf", "--qdf", "--object-streams=disable", path, qdf)
		raw, _ := os.ReadFile(qdf)
		if rgbOperator.Match(raw) || bytes.Contains(raw, []byte("/DeviceRGB")) {
			t.Errorf("%s: RGB colour: %q", rel, rgbOperator.Find(raw))
		}
		// The highest ink of every page, rendered in CMYK, and the
		// preflight's reading of the same file against it.
		inks := inkPerPage(t, path, 24)
		rep, err := preflight.Check(rel, data, preflight.Options{MaxInk: maxInk})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Pages != len(f.pages) || len(inks) != len(f.pages) {
			t.Fatalf("%s: preflight %d pages, qpdf %d, Ghostscript %d", rel, rep.Pages, len(f.pages), len(inks))
		}
		for i, v := range inks {
			highest = math.Max(highest, v)
			if v > maxInk+1 {
				t.Errorf("%s page %d (%s): %.0f %% of ink rendered, the limit is %.0f %%", rel, i+1, f.labels[i], v, maxInk)
			}
			if v > rep.Ink[i]+1.5 {
				t.Errorf("%s page %d: Ghostscript renders %.0f %%, preflight read %.0f %% from the content", rel, i+1, v, rep.Ink[i])
			}
			if rep.Labels[i] != f.labels[i] {
				t.Errorf("%s page %d: preflight's label %q, qpdf's %q", rel, i+1, rep.Labels[i], f.labels[i])
			}
		}
		for _, p := range rep.Problems {
			if p.Error {
				t.Errorf("preflight: %s", p.In(0))
			}
		}
	}
	for rel, n := range counts {
		if strings.HasSuffix(rel, "vorderseiten.pdf") {
			back := strings.TrimSuffix(rel, "vorderseiten.pdf") + "rueckseiten.pdf"
			if counts[back] != n {
				t.Errorf("%s: %d pages, %s %d", rel, n, back, counts[back])
			}
			for i := range labels[rel] {
				if !strings.HasPrefix(labels[back][i], strings.SplitN(labels[rel][i], "-", 3)[0]) {
					t.Errorf("%s page %d: back %q for front %q", back, i+1, labels[back][i], labels[rel][i])
				}
			}
		}
		if strings.HasSuffix(rel, "karten.pdf") && n%2 != 0 {
			t.Errorf("%s: %d pages, not a front and a back per card", rel, n)
		}
	}
	return highest, pages
}

func near(a, b float64) bool { return math.Abs(a-b) < 0.05 }

// TestExportPDFXOutsideCheck exports with the pdfx profile and reads every
// file with qpdf and Ghostscript: PDF 1.6, PDF/X-4, the output intent with
// its CMYK profile, boxes on every page, fronts and backs of equal count,
// no RGB in any content stream, at most 300 % ink on every page rendered
// in CMYK.
func TestExportPDFXOutsideCheck(t *testing.T) {
	needProfile(t)
	dir := t.TempDir()
	args := append([]string{"export", "pdfx", "--icc", testProfile, "--out", dir}, exportGames()...)
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"thegame/vorderseiten.pdf", "thegame/rueckseiten.pdf", "thegame/teile.pdf", "README.txt", ".druckreif-kit.json"} {
		if _, err := os.Stat(filepath.Join(dir, want)); err != nil {
			t.Errorf("%s missing", want)
		}
	}
	ink, pages := outsideCheck(t, dir, "1.6", "PDF/X-4", 300, true)
	t.Logf("pdfx: %d pages, highest ink %.0f %%", pages, ink)
}

// TestExportPDFX1aOutsideCheck: the pdfx1a profile's files are PDF 1.4,
// PDF/X-1a:2003 for FOGRA39 by its registered name, at most 240 % of ink,
// no transparency, each card's front then back in karten.pdf.
func TestExportPDFX1aOutsideCheck(t *testing.T) {
	needProfile(t)
	dir := t.TempDir()
	args := append([]string{"export", "pdfx1a", "--out", dir}, exportGames()...)
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "thegame/karten.pdf")); err != nil {
		t.Fatal(err)
	}
	ink, pages := outsideCheck(t, dir, "1.4", "PDF/X-1a:2003", 240, false)
	t.Logf("pdfx1a: %d pages, highest ink %.0f %%", pages, ink)
}

// TestExportPDFXNeedsAProfile: without --icc the command says in one line
// where to get one, and exits 2.
func TestExportPDFXNeedsAProfile(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"export", "pdfx", "--out", t.TempDir()}, &stdout, &stderr)
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	if code != 2 || len(lines) != 1 || !strings.Contains(lines[0], "--icc") || !strings.Contains(lines[0], "eci.org") {
		t.Fatalf("exit %d, %q", code, stderr.String())
	}
	code = run([]string{"export", "nope"}, &stdout, &stderr)
	if code != 2 {
		t.Errorf("unknown profile: exit %d", code)
	}
}

// The export folder is a kit folder: a file of the user's in the way stops
// the export before anything is written; a second export replaces only
// the export's own files and keeps the user's.
func TestExportKeepsForeignFiles(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "README.txt")
	os.WriteFile(mine, []byte("meine Notizen"), 0o644)
	var stdout, stderr bytes.Buffer
	args := []string{"export", "pdfx1a", "--game", "thegame", "--out", dir}
	if code := run(args, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "ersetzt keine fremden Dateien") {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the refused export left %d entries", len(entries))
	}
	os.Remove(mine)
	notes := filepath.Join(dir, "notizen.txt")
	os.WriteFile(notes, []byte("bleibt"), 0o644)
	for i := 0; i < 2; i++ {
		stderr.Reset()
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Fatalf("export %d: exit %d: %s", i+1, code, stderr.String())
		}
	}
	if data, _ := os.ReadFile(notes); string(data) != "bleibt" {
		t.Error("the user's file was touched")
	}
	for _, want := range []string{"thegame/karten.pdf", "thegame/teile.pdf", "README.txt", ".druckreif-kit.json"} {
		if _, err := os.Stat(filepath.Join(dir, want)); err != nil {
			t.Errorf("%s: %v", want, err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".druckreif-neu-*")); len(left) > 0 {
		t.Errorf("staging left behind: %v", left)
	}
}

// druckreif preflight: one line per finding, "FILE: Seite N (ID): …";
// exit 1 for errors (a home kit's sheets are no PDF/X), 0 for warnings
// only (an export), 2 for a file that is no PDF.
func TestPreflightCommand(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--game", "thegame", "--out", filepath.Join(dir, "kit")}, &stdout, &stderr); code != 0 {
		t.Fatal(stderr.String())
	}
	if code := run([]string{"export", "pdfx1a", "--game", "thegame", "--out", filepath.Join(dir, "x1a")}, &stdout, &stderr); code != 0 {
		t.Fatal(stderr.String())
	}
	home := filepath.Join(dir, "kit", "thegame", "karten.pdf")
	stdout.Reset()
	if code := run([]string{"preflight", home}, &stdout, &stderr); code != 1 {
		t.Errorf("home kit: exit %d", code)
	}
	for _, want := range []string{
		home + ": Fehler: kein PDF/X (weder GTS_PDFXVersion noch Ausgabebedingung)",
		home + ": Seite 1: Fehler: keine TrimBox (Endformat)",
		home + ": Seite 1: Fehler: RGB-Farbe (Farboperator rg (DeviceRGB)): Druckereien verlangen CMYK",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("no %q in\n%s", want, stdout.String())
		}
	}
	shop := filepath.Join(dir, "x1a", "thegame", "karten.pdf")
	stdout.Reset()
	if code := run([]string{"preflight", "--lang", "en", shop}, &stdout, &stderr); code != 0 {
		t.Errorf("export: exit %d\n%s", code, stdout.String())
	}
	if !strings.Contains(stdout.String(), shop+": 204 pages, PDF/X-1a:2003, highest ink") || !strings.Contains(stdout.String(), ": 0 errors") {
		t.Errorf("summary:\n%s", stdout.String())
	}
	bad := filepath.Join(dir, "bad.pdf")
	os.WriteFile(bad, []byte("%PDF-1.4\nnonsense"), 0o644)
	stdout.Reset()
	if code := run([]string{"preflight", shop, bad}, &stdout, &stderr); code != 2 || !strings.Contains(stdout.String(), bad+": kein lesbares PDF") {
		t.Errorf("unreadable: exit %d\n%s", code, stdout.String())
	}
}
