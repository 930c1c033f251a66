// Package preflight checks PDF files as a print shop does before it
// prints them: page boxes present and nested, equal page counts of fronts
// and backs, colour spaces (no RGB in PDF/X), the highest total ink of
// every page, fonts embedded, the smallest text, anything but background
// within the safe zone of the trim, and QR codes that decode at the
// printed size. It reads any PDF (with pdfcpu) and interprets the pages'
// content itself; `druckreif export` runs it on its own files and
// `druckreif preflight FILE…` on any.
package preflight

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"druckreif/i18n"
	"druckreif/internal/pdfops"
)

func init() {
	// pdfcpu would otherwise write a configuration file into the user's
	// configuration folder on first use.
	model.ConfigPath = "disable"
}

// Options are the limits the files are held to.
type Options struct {
	Safe    float64 // mm from the trim that only background may reach; 0: 3
	MaxInk  float64 // highest total ink in per cent; 0: 240 for PDF/X-1a, else 300
	MinText float64 // smallest text in points before a warning; 0: 5
}

func (o Options) withDefaults(standard string) Options {
	if o.Safe == 0 {
		o.Safe = 3
	}
	if o.MaxInk == 0 {
		o.MaxInk = 300
		if strings.HasPrefix(standard, "PDF/X-1") {
			o.MaxInk = 240
		}
	}
	if o.MinText == 0 {
		o.MinText = 5
	}
	return o
}

// Problem is one thing found in a file.
type Problem struct {
	File  string
	Page  int    // 1-based; 0 for the file as a whole
	Label string // the page's label (a card's ID), if it has one
	Error bool   // a print shop would refuse the file; else a warning
	Msg   i18n.Text
	// Kind tells problems of the same rule apart from others (its
	// message's form), so a list can count them.
	Kind string
}

// In is the problem's line: "FILE: Seite N (ID): …".
func (p Problem) In(l i18n.Lang) string {
	where := p.File
	if p.Page > 0 {
		page := i18n.Sprintf("Seite %d", "page %d", p.Page).In(l)
		if p.Label != "" {
			page += " (" + p.Label + ")"
		}
		where += ": " + page
	}
	kind := i18n.Sprintf("Warnung", "warning")
	if p.Error {
		kind = i18n.Sprintf("Fehler", "error")
	}
	return i18n.OneLine(where + ": " + kind.In(l) + ": " + p.Msg.In(l))
}

// Report is what was found in one file.
type Report struct {
	File     string
	Standard string // "PDF/X-4", "PDF/X-1a:2003", "" when the file claims none
	Pages    int
	Labels   []string
	// Ink is the highest total ink of each page in per cent, from the
	// colours it paints with (CMYK and grey; RGB colours have none).
	Ink      []float64
	MinText  []float64 // the smallest text of each page in points; 0: none
	Problems []Problem
}

// Errors counts the problems that are errors.
func (r *Report) Errors() int {
	n := 0
	for _, p := range r.Problems {
		if p.Error {
			n++
		}
	}
	return n
}

// ReadError is a file that cannot be read as a PDF at all.
type ReadError struct {
	File string
	Err  error
}

func (e *ReadError) Error() string { return e.File + ": " + e.Err.Error() }

// In formats the error in l.
func (e *ReadError) In(l i18n.Lang) string {
	return i18n.Sprintf("%s: kein lesbares PDF (%v)", "%s: not a readable PDF (%v)", e.File, e.Err).In(l)
}

// Check reads a PDF and checks it.
func Check(name string, data []byte, o Options) (rep *Report, err error) {
	defer func() {
		if r := recover(); r != nil {
			rep, err = nil, &ReadError{name, fmt.Errorf("%v", r)}
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	ctx, err := api.ReadContext(bytes.NewReader(data), conf)
	if err != nil {
		return nil, &ReadError{name, err}
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, &ReadError{name, err}
	}
	x := ctx.XRefTable
	rep = &Report{File: name, Pages: x.PageCount}
	c := &checker{x: x, rep: rep, forms: map[int]*form{}, fonts: map[int]*fontInfo{}}
	c.document()
	c.o = o.withDefaults(rep.Standard)
	rep.Labels = c.pageLabels()
	for i := 1; i <= x.PageCount; i++ {
		if err := c.page(i); err != nil {
			return nil, &ReadError{name, fmt.Errorf("Seite %d: %w", i, err)}
		}
	}
	return rep, nil
}

// Pair checks files that belong together: the fronts and backs of one
// deck (vorderseiten.pdf and rueckseiten.pdf in one folder) must have as
// many pages, page i of both the same card; a file of each card's front
// then back (karten.pdf of a PDF/X profile) an even number.
func Pair(reports []*Report) []Problem {
	var out []Problem
	byDir := map[string]map[string]*Report{}
	for _, r := range reports {
		dir, base := filepath.Split(r.File)
		if byDir[dir] == nil {
			byDir[dir] = map[string]*Report{}
		}
		byDir[dir][base] = r
	}
	for _, files := range byDir {
		f, b := files["vorderseiten.pdf"], files["rueckseiten.pdf"]
		switch {
		case f != nil && b != nil && f.Pages != b.Pages:
			out = append(out, Problem{File: b.File, Error: true, Msg: i18n.Sprintf(
				"%d Rückseiten, aber %d Vorderseiten (%s): Seite i beider Dateien muss dieselbe Karte sein",
				"%d backs but %d fronts (%s): page i of both files must be the same card", b.Pages, f.Pages, f.File)})
		case f != nil && b != nil:
			for i := range f.Labels {
				if i < len(b.Labels) && f.Labels[i] != "" && b.Labels[i] != "" && !sameCard(f.Labels[i], b.Labels[i]) {
					out = append(out, Problem{File: b.File, Page: i + 1, Label: b.Labels[i], Error: true, Msg: i18n.Sprintf(
						"gehört nicht zur Vorderseite %s", "does not belong to the front %s", f.Labels[i])})
					break
				}
			}
		}
		if k := files["karten.pdf"]; k != nil && k.Standard != "" && k.Pages%2 != 0 {
			out = append(out, Problem{File: k.File, Error: true, Msg: i18n.Sprintf(
				"%d Seiten: je Karte Vorder- und Rückseite ergibt eine gerade Zahl", "%d pages: a front and a back per card make an even number", k.Pages)})
		}
	}
	return out
}

// sameCard reports whether two page labels name one card: the same, or
// the same card ID with another side's suffix (DAT-STD-1-V, DAT-STD-1-H).
func sameCard(a, b string) bool {
	if a == b {
		return true
	}
	trim := func(s string) string {
		if i := strings.LastIndex(s, "-"); i > 0 {
			return s[:i]
		}
		return s
	}
	return trim(a) == trim(b)
}

// checker holds the state of checking one file.
type checker struct {
	x   *model.XRefTable
	rep *Report
	o   Options
	// Forms and fonts are read once per file, however often placed.
	forms map[int]*form
	fonts map[int]*fontInfo
}

// form is a decoded form XObject.
type form struct {
	content []object
	matrix  matrix
	bbox    *[4]float64
	res     types.Dict
	image   bool
	space   types.Object // an image's colour space
}

// fontInfo is what text needs of a font: whether its codes are two bytes,
// its widths, whether it is embedded.
type fontInfo struct {
	dict     types.Dict
	base     string
	embedded bool
	two      bool
	widths   func(int) float64
}

func (c *checker) problem(page int, isErr bool, de, en string, args ...any) {
	label := ""
	if page > 0 && page <= len(c.rep.Labels) {
		label = c.rep.Labels[page-1]
	}
	c.rep.Problems = append(c.rep.Problems, Problem{File: c.rep.File, Page: page, Label: label, Error: isErr, Msg: i18n.Sprintf(de, en, args...), Kind: de})
}

// document checks what the file says of itself: the PDF/X version, its
// output intent, the trapping key and the document ID.
func (c *checker) document() {
	info := c.infoDict()
	if info != nil {
		if s, ok := c.text(info, "GTS_PDFXVersion"); ok {
			c.rep.Standard = s
		}
	}
	if c.rep.Standard == "" {
		// PDF/X-4 may say it in XMP only.
		if md := c.metadata(); bytes.Contains(md, []byte("GTS_PDFXVersion>PDF/X-4")) {
			c.rep.Standard = "PDF/X-4"
		}
	}
	if c.rep.Standard == "" {
		c.problem(0, true, "kein PDF/X (weder GTS_PDFXVersion noch Ausgabebedingung): Druckereien verlangen PDF/X-4 oder PDF/X-1a (druckreif export)",
			"no PDF/X (neither GTS_PDFXVersion nor an output intent): print shops ask for PDF/X-4 or PDF/X-1a (druckreif export)")
		return
	}
	x4 := strings.HasPrefix(c.rep.Standard, "PDF/X-4")
	x1a := strings.HasPrefix(c.rep.Standard, "PDF/X-1a")
	if !x4 && !x1a && !strings.HasPrefix(c.rep.Standard, "PDF/X-3") {
		c.problem(0, true, "unbekannte PDF/X-Version %q", "unknown PDF/X version %q", c.rep.Standard)
	}
	if v := c.x.HeaderVersion; v != nil {
		if x4 && *v < model.V16 {
			c.problem(0, true, "PDF/X-4 verlangt PDF 1.6, die Datei ist %s", "PDF/X-4 needs PDF 1.6, the file is %s", v.String())
		}
		if x1a && *v > model.V14 {
			c.problem(0, true, "PDF/X-1a:2003 erlaubt höchstens PDF 1.4, die Datei ist %s", "PDF/X-1a:2003 allows PDF 1.4 at most, the file is %s", v.String())
		}
	}
	if info == nil || info["Trapped"] == nil {
		c.problem(0, true, "/Trapped fehlt im Info-Verzeichnis", "/Trapped is missing from the info dictionary")
	}
	if len(c.x.ID) != 2 {
		c.problem(0, true, "keine Dokument-ID (/ID im Trailer)", "no document ID (/ID in the trailer)")
	}
	if x4 && !bytes.Contains(c.metadata(), []byte("GTS_PDFXVersion")) {
		c.problem(0, true, "PDF/X-4 verlangt XMP-Metadaten mit pdfxid:GTS_PDFXVersion", "PDF/X-4 needs XMP metadata with pdfxid:GTS_PDFXVersion")
	}
	cat, err := c.x.Catalog()
	if err != nil {
		c.problem(0, true, "Katalog unlesbar: %v", "catalog unreadable: %v", err)
		return
	}
	intents, _ := c.x.DereferenceArray(cat["OutputIntents"])
	found := false
	for _, o := range intents {
		d, err := c.x.DereferenceDict(o)
		if err != nil || d == nil {
			continue
		}
		if s := d.NameEntry("S"); s == nil || *s != "GTS_PDFX" {
			continue
		}
		found = true
		id, _ := c.text(d, "OutputConditionIdentifier")
		if id == "" {
			c.problem(0, true, "Ausgabebedingung ohne OutputConditionIdentifier", "output intent without OutputConditionIdentifier")
		}
		prof, _, err := c.x.DereferenceStreamDict(d["DestOutputProfile"])
		switch {
		case err == nil && prof != nil:
			if err := prof.Decode(); err != nil || len(prof.Content) < 20 {
				c.problem(0, true, "Ausgabeprofil unlesbar", "output profile unreadable")
			} else if cs := string(prof.Content[16:20]); cs != "CMYK" {
				c.problem(0, true, "Ausgabeprofil mit Farbraum %q, nicht CMYK", "output profile of colour space %q, not CMYK", cs)
			}
		case x4:
			c.problem(0, true, "PDF/X-4 verlangt das Ausgabeprofil eingebettet (DestOutputProfile)", "PDF/X-4 needs the output profile embedded (DestOutputProfile)")
		case id != "" && !registered[id]:
			c.problem(0, true, "Ausgabebedingung %q ist kein registrierter Name und hat kein Profil", "output condition %q is no registered name and has no profile", id)
		}
	}
	if !found {
		c.problem(0, true, "keine PDF/X-Ausgabebedingung (OutputIntents mit /S /GTS_PDFX)", "no PDF/X output intent (OutputIntents with /S /GTS_PDFX)")
	}
}

// registered are characterized printing conditions of the ICC's registry
// that a PDF/X-1a file may name without embedding a profile.
var registered = map[string]bool{"FOGRA39": true, "FOGRA51": true, "FOGRA52": true, "FOGRA47": true, "CGATS TR 001": true,
	"CGATS TR 006": true, "GRACoL2006_Coated1v2": true, "SWOP2006_Coated3v2": true, "SWOP2006_Coated5v2": true, "CGATS21_CRPC1": true,
	"CGATS21_CRPC6": true, "JC200103": true}

func (c *checker) infoDict() types.Dict {
	if c.x.Info == nil {
		return nil
	}
	d, _ := c.x.DereferenceDict(*c.x.Info)
	return d
}

func (c *checker) metadata() []byte {
	cat, err := c.x.Catalog()
	if err != nil {
		return nil
	}
	sd, _, err := c.x.DereferenceStreamDict(cat["Metadata"])
	if err != nil || sd == nil {
		return nil
	}
	if sd.Decode() != nil {
		return sd.Raw
	}
	return sd.Content
}

// text reads a text string entry.
func (c *checker) text(d types.Dict, key string) (string, bool) {
	o, ok := d[key]
	if !ok {
		return "", false
	}
	o, _ = c.x.Dereference(o)
	switch v := o.(type) {
	case types.StringLiteral:
		s, err := types.StringLiteralToString(v)
		return s, err == nil
	case types.HexLiteral:
		s, err := types.HexLiteralToString(v)
		return s, err == nil
	case types.Name:
		return string(v), true
	}
	return "", false
}

// pageLabels reads the catalog's page labels (a number tree of label
// dictionaries): the prefix, followed by the number in the label's style.
func (c *checker) pageLabels() []string {
	labels := make([]string, c.rep.Pages)
	cat, err := c.x.Catalog()
	if err != nil {
		return labels
	}
	root, err := c.x.DereferenceDict(cat["PageLabels"])
	if err != nil || root == nil {
		return labels
	}
	type start struct {
		page int
		d    types.Dict
	}
	var starts []start
	var walk func(d types.Dict, depth int)
	walk = func(d types.Dict, depth int) {
		if depth > 32 {
			return
		}
		nums, _ := c.x.DereferenceArray(d["Nums"])
		for i := 0; i+1 < len(nums); i += 2 {
			n, err := c.x.DereferenceNumber(nums[i])
			ld, err2 := c.x.DereferenceDict(nums[i+1])
			if err == nil && err2 == nil {
				starts = append(starts, start{int(n), ld})
			}
		}
		kids, _ := c.x.DereferenceArray(d["Kids"])
		for _, k := range kids {
			if kd, err := c.x.DereferenceDict(k); err == nil && kd != nil {
				walk(kd, depth+1)
			}
		}
	}
	walk(root, 0)
	for i, s := range starts {
		end := c.rep.Pages
		if i+1 < len(starts) {
			end = starts[i+1].page
		}
		prefix, _ := c.text(s.d, "P")
		style := s.d.NameEntry("S")
		first := 1
		if st, err := c.x.DereferenceNumber(s.d["St"]); err == nil && st > 0 {
			first = int(st)
		}
		for p := s.page; p < end && p < len(labels); p++ {
			if p < 0 {
				continue
			}
			labels[p] = prefix
			if style != nil {
				labels[p] += fmt.Sprint(first + p - s.page)
			}
		}
	}
	return labels
}

// box reads a page box in points.
func (c *checker) box(d types.Dict, key string) (*rect, bool) {
	a, err := c.x.DereferenceArray(d[key])
	if err != nil || len(a) != 4 {
		return nil, false
	}
	var v [4]float64
	for i := range v {
		f, err := c.x.DereferenceNumber(a[i])
		if err != nil {
			return nil, false
		}
		v[i] = f
	}
	return &rect{math.Min(v[0], v[2]), math.Min(v[1], v[3]), math.Max(v[0], v[2]), math.Max(v[1], v[3])}, true
}

const ptPerMM = 72 / 25.4

// page checks one page: its boxes, then its content.
func (c *checker) page(n int) error {
	d, _, inh, err := c.x.PageDict(n, false)
	if err != nil {
		return err
	}
	var media *rect
	if inh != nil && inh.MediaBox != nil {
		m := inh.MediaBox
		media = &rect{m.LL.X, m.LL.Y, m.UR.X, m.UR.Y}
	}
	if m, ok := c.box(d, "MediaBox"); ok {
		media = m
	}
	if media == nil {
		c.problem(n, true, "keine MediaBox", "no MediaBox")
		media = &rect{0, 0, 612, 792}
	}
	trim, hasTrim := c.box(d, "TrimBox")
	bleed, hasBleed := c.box(d, "BleedBox")
	if !hasTrim {
		if art, ok := c.box(d, "ArtBox"); ok {
			trim, hasTrim = art, true
		}
	}
	if !hasTrim {
		c.problem(n, true, "keine TrimBox (Endformat)", "no TrimBox (trimmed size)")
		trim = media
	}
	if !hasBleed {
		if hasTrim {
			c.problem(n, false, "keine BleedBox (Beschnitt)", "no BleedBox (bleed)")
		}
		bleed = media
	}
	const eps = 0.01
	if !media.contains(bleed, eps) {
		c.problem(n, true, "BleedBox %s ragt über die MediaBox %s hinaus", "BleedBox %s extends beyond the MediaBox %s", bleed.mm(), media.mm())
	}
	if !bleed.contains(trim, eps) {
		c.problem(n, true, "TrimBox %s ragt über die BleedBox %s hinaus", "TrimBox %s extends beyond the BleedBox %s", trim.mm(), bleed.mm())
	}
	if hasTrim && hasBleed && c.rep.Standard != "" {
		if m := math.Min(math.Min(trim.x0-bleed.x0, trim.y0-bleed.y0), math.Min(bleed.x1-trim.x1, bleed.y1-trim.y1)) / ptPerMM; m < 3-0.05 {
			c.problem(n, false, "Beschnitt nur %.1f mm (Druckereien verlangen 3 mm)", "bleed only %.1f mm (print shops ask for 3 mm)", m)
		}
	}
	var res types.Dict
	if inh != nil {
		res = inh.Resources
	}
	if r, err := c.x.DereferenceDict(d["Resources"]); err == nil && r != nil {
		res = r
	}
	content, err := c.x.PageContent(d, n)
	if err != nil && err != model.ErrNoContent {
		return err
	}
	pg := newPageState(c, n, trim)
	pg.run(pdfops.Tokens(content), res, identity, nil, 0)
	pg.finish()
	return nil
}
