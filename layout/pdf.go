package layout

import (
	"bytes"
	"compress/zlib"
	"crypto/sha256"
	"fmt"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-pdf/fpdf"
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
	pdf.SetCompression(false) // compressStreams does it, on every core
	return pdf
}

// setFont selects a style of the kit's font for setting text s (see
// setFace; the face depends on the characters of s).
func setFont(pdf *fpdf.Fpdf, style string, sizePt float64, s string) {
	setFace(pdf, faceFor(style, s), sizePt)
}

// metrics measures text exactly as fpdf will set it: the per-rune widths
// come from fpdf's own width tables, read once from a scratch document
// (measuring on a real document would write font switches into its pages).
// Measuring is the typesetter's inner loop, so reads take no lock: each
// style's widths are an immutable table, replaced by a larger copy when a
// rune is met for the first time.
type metrics struct {
	mu     sync.Mutex // serialises misses
	doc    *fpdf.Fpdf
	tables sync.Map // style → *atomic.Pointer[widthTable]
}

// widthTable holds a style's known widths in 1/1000 em.
type widthTable struct {
	latin [0x250]int32 // runes below U+0250; 0 = not looked up yet
	other map[rune]int32
}

var sharedMetrics = &metrics{}

func (m *metrics) table(style string) *atomic.Pointer[widthTable] {
	if t, ok := m.tables.Load(style); ok {
		return t.(*atomic.Pointer[widthTable])
	}
	p := &atomic.Pointer[widthTable]{}
	p.Store(&widthTable{other: map[rune]int32{}})
	t, _ := m.tables.LoadOrStore(style, p)
	return t.(*atomic.Pointer[widthTable])
}

func (m *metrics) units(style string, r rune) int {
	ptr := m.table(style)
	t := ptr.Load()
	if r >= 0 && int(r) < len(t.latin) {
		if w := t.latin[r]; w != 0 {
			return int(w) - 1
		}
	} else if w, ok := t.other[r]; ok {
		return int(w)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.doc == nil {
		m.doc = newDoc(100, 100)
	}
	setFont(m.doc, style, 10, string(r))
	w := m.doc.GetStringSymbolWidth(string(r))
	next := &widthTable{}
	*next = *ptr.Load()
	if r >= 0 && int(r) < len(next.latin) {
		next.latin[r] = int32(w) + 1 // +1: a width of 0 is known too
	} else {
		next.other = make(map[rune]int32, len(t.other)+1)
		for k, v := range ptr.Load().other {
			next.other[k] = v
		}
		next.other[r] = int32(w)
	}
	ptr.Store(next)
	return w
}

// Width implements typeset.Metrics.
func (m *metrics) Width(style string, size float64, s string) float64 {
	ptr := m.table(style)
	t := ptr.Load()
	total := 0
	for _, r := range s {
		if r >= 0 && int(r) < len(t.latin) && t.latin[r] != 0 {
			total += int(t.latin[r]) - 1
			continue
		}
		total += m.units(style, r)
		t = ptr.Load()
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
// asks for (six capitals and "+", e.g. KQZMWB+DejaVuC…): fpdf embeds only
// the glyphs used but names the fonts "utf8dejavucond…", so preflight
// tools of print shops would report full, untagged fonts. Each subset gets
// a tag of its own, made from its glyphs (the font file's bytes): two
// subsets with one name would let a RIP that merges files, or caches
// fonts by name, print one file's text with the other's glyphs. The new
// name has the same length, so no byte offset in the file moves.
func tagSubsetFonts(pdf []byte) {
	for _, m := range fontDescriptor.FindAllSubmatch(pdf, -1) {
		name, file := m[1], string(m[2])
		at := bytes.Index(pdf, []byte("\n"+file+" 0 obj"))
		if at < 0 {
			continue
		}
		body := pdf[at:]
		s, e := bytes.Index(body, []byte("stream\n")), bytes.Index(body, []byte("endstream"))
		if s < 0 || e < s {
			continue
		}
		sum := sha256.Sum256(append(append([]byte(nil), name...), body[s:e]...))
		tag := make([]byte, 0, 15)
		tag = append(tag, '/')
		for _, b := range sum[:6] {
			tag = append(tag, 'A'+b%26)
		}
		tag = append(tag, "+DejaVuC"...)
		old := append([]byte("/"), name...)
		for i := 0; i < len(pdf); {
			j := bytes.Index(pdf[i:], old)
			if j < 0 {
				break
			}
			j += i
			end := j + len(old)
			// Only the whole name: /utf8dejavucond is not /utf8dejavucondB.
			if end == len(pdf) || isDelimiter(pdf[end]) {
				copy(pdf[j:], tag)
			}
			i = end
		}
	}
}

// fontDescriptor finds fpdf's font descriptors: the font's name and the
// object of its font file.
var fontDescriptor = regexp.MustCompile(`/FontName /(utf8dejavucond\w*)[^>]*?/FontFile2 (\d+) 0 R`)

func isDelimiter(c byte) bool {
	switch c {
	case ' ', '\n', '\r', '\t', '/', '>', ']', '[', '<', '(', ')':
		return true
	}
	return false
}

var lengthRe = regexp.MustCompile(`/Length (\d+)`)

// compressStreams compresses a finished PDF's uncompressed streams — the
// pages' contents and the form objects; fonts come compressed — on every
// core, and writes a new cross-reference table for the objects' new
// offsets. fpdf compresses each page with a zlib writer of its own, made
// afresh (about a megabyte to allocate and clear), one page after another;
// here a few writers are reused and work in parallel. The file is
// otherwise the same, object for object.
func compressStreams(pdf []byte) ([]byte, error) {
	xrefAt := bytes.LastIndex(pdf, []byte("\nxref\n")) + 1
	if xrefAt <= 0 {
		return nil, fmt.Errorf("PDF ohne xref")
	}
	var first, n int
	rest := pdf[xrefAt+len("xref\n"):]
	if _, err := fmt.Sscanf(string(rest[:bytes.IndexByte(rest, '\n')]), "%d %d", &first, &n); err != nil || first != 0 || n < 1 {
		return nil, fmt.Errorf("PDF: xref unlesbar")
	}
	table := rest[bytes.IndexByte(rest, '\n')+1:]
	if len(table) < 20*n {
		return nil, fmt.Errorf("PDF: xref zu kurz")
	}
	type object struct {
		num, start, end  int
		dictEnd, dataEnd int // where "stream\n" begins, where the data ends; 0: no stream to compress
		packed           []byte
	}
	objs := make([]object, 0, n-1)
	for i := 1; i < n; i++ {
		off, err := strconv.Atoi(string(table[20*i : 20*i+10]))
		if err != nil || off <= 0 || off >= xrefAt {
			return nil, fmt.Errorf("PDF: xref-Eintrag %d unlesbar", i)
		}
		objs = append(objs, object{num: i, start: off})
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].start < objs[j].start })
	for i := range objs {
		o := &objs[i]
		o.end = xrefAt
		if i+1 < len(objs) {
			o.end = objs[i+1].start
		}
		body := pdf[o.start:o.end]
		s := bytes.Index(body, []byte("stream\n"))
		// Metadata stays readable to tools that know no PDF (PDF/X-4).
		if s < 0 || bytes.Contains(body[:s], []byte("/Filter")) || bytes.Contains(body[:s], []byte("/Type /Metadata")) {
			continue
		}
		m := lengthRe.FindSubmatch(body[:s])
		if m == nil {
			continue
		}
		l, _ := strconv.Atoi(string(m[1]))
		if s+7+l > len(body) || !bytes.HasPrefix(body[s+7+l:], []byte("\nendstream")) {
			return nil, fmt.Errorf("PDF: Objekt %d: Länge %d passt nicht", o.num, l)
		}
		o.dictEnd, o.dataEnd = s, s+7+l
	}
	// Compress on every core, each worker with one reused writer.
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf bytes.Buffer
			zw, _ := zlib.NewWriterLevel(&buf, zlib.BestSpeed)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(objs) {
					return
				}
				o := &objs[i]
				if o.dataEnd == 0 {
					continue
				}
				buf.Reset()
				zw.Reset(&buf)
				zw.Write(pdf[o.start+o.dictEnd+7 : o.start+o.dataEnd])
				zw.Close()
				o.packed = bytes.Clone(buf.Bytes())
			}
		}()
	}
	wg.Wait()
	// The output is the input with each stream replaced by its packed
	// form (plus a few bytes of dictionary each, and the xref table).
	size := len(pdf) + 64
	for _, o := range objs {
		if o.packed != nil {
			size += len(o.packed) - (o.dataEnd - o.dictEnd - 7) + 32
		}
	}
	var out bytes.Buffer
	out.Grow(size)
	out.Write(pdf[:objs[0].start])
	offsets := make([]int, n)
	for _, o := range objs {
		offsets[o.num] = out.Len()
		body := pdf[o.start:o.end]
		if o.packed == nil {
			out.Write(body)
			continue
		}
		dict := body[:o.dictEnd]
		m := lengthRe.FindIndex(dict)
		out.Write(dict[:m[0]])
		fmt.Fprintf(&out, "/Filter /FlateDecode /Length %d", len(o.packed))
		out.Write(dict[m[1]:])
		out.WriteString("stream\n")
		out.Write(o.packed)
		out.Write(body[o.dataEnd:])
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", n)
	for i := 1; i < n; i++ {
		fmt.Fprintf(&out, "%010d 00000 n \n", offsets[i])
	}
	trailer := bytes.Index(pdf[xrefAt:], []byte("trailer"))
	startxref := bytes.LastIndex(pdf, []byte("startxref"))
	if trailer < 0 || startxref < xrefAt {
		return nil, fmt.Errorf("PDF ohne trailer")
	}
	out.Write(pdf[xrefAt+trailer : startxref])
	fmt.Fprintf(&out, "startxref\n%d\n%%%%EOF\n", xref)
	return out.Bytes(), nil
}
