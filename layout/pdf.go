package layout

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/go-pdf/fpdf"

	"druckreif/fonts"
)

// epoch is the creation date written into every PDF, so that builds of the
// same input differ as little as fpdf allows.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// newDoc starts a PDF in mm with the kit's fonts registered.
func newDoc(pageW, pageH float64) *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: pageW, Ht: pageH}})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCellMargin(0)
	pdf.SetCreationDate(epoch)
	pdf.SetModificationDate(epoch)
	pdf.SetCreator("druckreif", true)
	pdf.SetProducer("druckreif (fpdf)", true)
	for style, data := range fonts.Styles {
		pdf.AddUTF8FontFromBytes(fonts.Family, style, data)
	}
	return pdf
}

// metrics measures text exactly as fpdf will set it: the per-rune widths
// come from fpdf's own width tables, read once from a scratch document
// (measuring on a real document would write font switches into its pages).
type metrics struct {
	mu     sync.Mutex
	doc    *fpdf.Fpdf
	widths map[string]map[rune]int // style → rune → width in 1/1000 em
}

var sharedMetrics = &metrics{widths: map[string]map[rune]int{}}

func (m *metrics) units(style string, r rune) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	tab := m.widths[style]
	if tab == nil {
		tab = map[rune]int{}
		m.widths[style] = tab
	}
	if w, ok := tab[r]; ok {
		return w
	}
	if m.doc == nil {
		m.doc = newDoc(100, 100)
	}
	m.doc.SetFont(fonts.Family, style, 10)
	w := m.doc.GetStringSymbolWidth(string(r))
	tab[r] = w
	return w
}

// Width implements typeset.Metrics.
func (m *metrics) Width(style string, size float64, s string) float64 {
	total := 0
	for _, r := range s {
		total += m.units(style, r)
	}
	return float64(total) * size / 1000 * 25.4 / 72
}

// Has implements typeset.Metrics: whether the font has a glyph for r (a
// missing glyph would print as an empty box).
func (m *metrics) Has(style string, r rune) bool { return fontHas(style, r) }

// withViewerPreferences appends an incremental update to a finished PDF
// that adds /ViewerPreferences to its catalog, so print dialogs default to
// no scaling and the right duplex flip. fpdf cannot write these itself; an
// incremental update (a new version of the catalog object, a new xref
// section and trailer with /Prev) is the PDF's own way to amend a file and
// leaves the rest byte for byte.
func withViewerPreferences(pdf []byte, prefs string) ([]byte, error) {
	root := regexp.MustCompile(`/Root (\d+) 0 R`).FindAllSubmatch(pdf, -1)
	if len(root) == 0 {
		return nil, fmt.Errorf("PDF ohne /Root")
	}
	objNum := string(root[len(root)-1][1])
	objStart := bytes.LastIndex(pdf, []byte("\n"+objNum+" 0 obj"))
	if objStart < 0 {
		return nil, fmt.Errorf("Katalog-Objekt %s nicht gefunden", objNum)
	}
	body := pdf[objStart:]
	open := bytes.Index(body, []byte("<<"))
	end := bytes.Index(body, []byte("endobj"))
	closeDict := bytes.LastIndex(body[:end], []byte(">>"))
	if open < 0 || end < 0 || closeDict < open {
		return nil, fmt.Errorf("Katalog-Objekt %s unlesbar", objNum)
	}
	dict := body[open+2 : closeDict]
	prevXref := regexp.MustCompile(`startxref\s+(\d+)`).FindAllSubmatch(pdf, -1)
	if len(prevXref) == 0 {
		return nil, fmt.Errorf("PDF ohne startxref")
	}
	prev := string(prevXref[len(prevXref)-1][1])
	size := regexp.MustCompile(`/Size (\d+)`).FindAllSubmatch(pdf, -1)
	if len(size) == 0 {
		return nil, fmt.Errorf("PDF ohne /Size")
	}
	info := regexp.MustCompile(`/Info (\d+) 0 R`).FindAllSubmatch(pdf, -1)

	var out bytes.Buffer
	out.Write(pdf)
	if !bytes.HasSuffix(pdf, []byte("\n")) {
		out.WriteByte('\n')
	}
	offset := out.Len()
	fmt.Fprintf(&out, "%s 0 obj\n<<%s/ViewerPreferences << %s >>\n>>\nendobj\n", objNum, dict, prefs)
	xref := out.Len()
	n, _ := strconv.Atoi(objNum)
	fmt.Fprintf(&out, "xref\n%d 1\n%010d 00000 n \ntrailer\n<<\n/Size %s\n/Root %s 0 R\n", n, offset, size[len(size)-1][1], objNum)
	if len(info) > 0 {
		fmt.Fprintf(&out, "/Info %s 0 R\n", info[len(info)-1][1])
	}
	fmt.Fprintf(&out, "/Prev %s\n>>\nstartxref\n%d\n%%%%EOF\n", prev, xref)
	return out.Bytes(), nil
}

// tagSubsetFonts gives the embedded fonts the subset tag the PDF standard
// asks for (six capitals and "+", e.g. DRKRFT+DejaVuC…): fpdf embeds only
// the glyphs used but names the fonts "utf8dejavucond…", so preflight tools
// of print shops would report full, untagged fonts. The new name has the
// same length, so no byte offset in the file moves.
func tagSubsetFonts(pdf []byte) {
	old := []byte("/utf8dejavucond")
	tag := []byte("/DRKRFT+DejaVuC")
	for i := bytes.Index(pdf, old); i >= 0; {
		copy(pdf[i:], tag)
		j := bytes.Index(pdf[i+len(old):], old)
		if j < 0 {
			break
		}
		i += len(old) + j
	}
}
