package press

import (
	"bytes"
	"crypto/md5"
	"fmt"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf16"
)

// Standard is a PDF/X conformance level.
type Standard int

const (
	// X4 is PDF/X-4 (ISO 15930-7:2010): PDF 1.6, colour through the
	// embedded output profile, transparency allowed.
	X4 Standard = iota
	// X1a is PDF/X-1a:2003 (ISO 15930-4): PDF 1.4, CMYK only, no
	// transparency, the printing condition named by its registered name.
	X1a
)

func (s Standard) String() string { return [...]string{"PDF/X-4", "PDF/X-1a:2003"}[s] }

func (s Standard) version() string { return [...]string{"1.6", "1.4"}[s] }

// OutputIntent is the printing condition the colours were made for.
type OutputIntent struct {
	// Identifier is the OutputConditionIdentifier: a name of the ICC's
	// registry of characterized printing conditions ("FOGRA39") or
	// "Custom" for the profile of a shop's own.
	Identifier string
	Condition  string // human-readable, e.g. "Offset, gestrichenes Papier (ISO 12647-2)"
	Registry   string // "http://www.color.org" for a registered identifier
	Info       string // the profile's description
	Profile    []byte // the ICC profile, embedded (required for PDF/X-4)
}

// Box is a page box in PDF points: lower left and upper right corner.
type Box [4]float64

// Page is what the pass knows of one page: its label (a card's ID, a
// part's name) and its trim and bleed boxes; the media box is the bleed
// box.
type Page struct {
	Label       string
	Trim, Bleed Box
}

// Document describes the file to make.
type Document struct {
	Standard Standard
	Intent   OutputIntent
	Title    string
	Created  time.Time
	Pages    []Page
	Colours  Colours
	// Inks are the colours a drawing designed in process inks (the
	// Decoder's band): each sRGB value stands for the ink given, ahead of
	// Colours.
	Inks map[[3]uint8]CMYK
}

// Convert makes a PDF/X file of a PDF as fpdf wrote it (uncompressed page
// and form streams, one cross-reference table): every colour operator of
// the pages and forms becomes a CMYK operator, the pages get their boxes,
// the catalog the output intent, page labels and (PDF/X-4) XMP metadata,
// the information dictionary the PDF/X keys, the trailer a document ID.
// The result has the same shape, so the streams can be compressed after.
func Convert(pdf []byte, d Document) ([]byte, error) {
	objs, trailer, err := readObjects(pdf)
	if err != nil {
		return nil, err
	}
	if d.Standard == X4 && len(d.Intent.Profile) == 0 {
		return nil, fmt.Errorf("PDF/X-4 braucht ein eingebettetes Ausgabeprofil")
	}
	root, info := refIn(trailer, "/Root"), refIn(trailer, "/Info")
	if root == 0 || info == 0 {
		return nil, fmt.Errorf("PDF ohne /Root oder /Info")
	}
	pagesObj := refIn(objs[root].body, "/Pages")
	if pagesObj == 0 {
		return nil, fmt.Errorf("Katalog ohne /Pages")
	}
	kids := refsIn(objs[pagesObj].body, "/Kids")
	if len(kids) != len(d.Pages) {
		return nil, fmt.Errorf("%d Seiten im PDF, %d beschrieben", len(kids), len(d.Pages))
	}
	if d.Standard == X1a {
		for _, o := range objs {
			if o != nil && Transparent(o.dict()) {
				return nil, fmt.Errorf("PDF/X-1a erlaubt keine Transparenz (Objekt %d)", o.num)
			}
		}
	}
	// The streams whose colours are converted: page contents and forms.
	content := map[int]bool{}
	for _, k := range kids {
		for _, c := range refsIn(objs[k].body, "/Contents") {
			content[c] = true
		}
	}
	for _, o := range objs {
		if o != nil && bytes.Contains(o.dict(), []byte("/Subtype /Form")) {
			content[o.num] = true
		}
	}
	conv := &converter{colours: d.Colours, inks: d.Inks}
	var todo []*object
	for n := range content {
		if objs[n] == nil || !objs[n].stream {
			return nil, fmt.Errorf("Inhalt %d ist kein Datenstrom", n)
		}
		todo = append(todo, objs[n])
	}
	errs := make([]error, len(todo))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(todo) {
					return
				}
				o := todo[i]
				data, err := conv.stream(o.data())
				if err != nil {
					errs[i] = fmt.Errorf("Objekt %d: %w", o.num, err)
					continue
				}
				o.replaceData(data)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	for i, k := range kids {
		objs[k].body = pageWithBoxes(objs[k].body, d.Pages[i])
	}
	// New objects: the output profile, the metadata.
	n := len(objs)
	add := func(body string) int {
		objs = append(objs, &object{num: n, body: []byte(body)})
		n++
		return n - 1
	}
	intent := fmt.Sprintf("<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier %s /OutputCondition %s /Info %s",
		pdfString(d.Intent.Identifier), pdfString(d.Intent.Condition), pdfString(d.Intent.Info))
	if d.Intent.Registry != "" {
		intent += " /RegistryName " + pdfString(d.Intent.Registry)
	}
	if len(d.Intent.Profile) > 0 {
		icc := add(fmt.Sprintf("<< /N 4 /Length %d >>\nstream\n%s\nendstream", len(d.Intent.Profile), d.Intent.Profile))
		intent += fmt.Sprintf(" /DestOutputProfile %d 0 R", icc)
	}
	intent += " >>"
	created := d.Created.UTC()
	pdfDate := created.Format("D:20060102150405+00'00'")
	var metadata int
	if d.Standard == X4 {
		xmp := xmpPacket(d, created)
		metadata = add(fmt.Sprintf("<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n%s\nendstream", len(xmp), xmp))
	}
	var cat strings.Builder
	fmt.Fprintf(&cat, "<< /Type /Catalog /Pages %d 0 R /OutputIntents [%s] /PageLabels << /Nums [", pagesObj, intent)
	for i, p := range d.Pages {
		fmt.Fprintf(&cat, " %d << /P %s >>", i, pdfString(p.Label))
	}
	cat.WriteString(" ] >>")
	if metadata != 0 {
		fmt.Fprintf(&cat, " /Metadata %d 0 R", metadata)
	}
	cat.WriteString(" >>")
	objs[root].body = []byte(cat.String())
	objs[info].body = []byte(fmt.Sprintf("<< /Title %s /Creator (druckreif) /Producer (druckreif) /CreationDate (%s) /ModDate (%s) /Trapped /False /GTS_PDFXVersion (%s) >>",
		pdfString(d.Title), pdfDate, pdfDate, gtsVersion(d.Standard)))
	return writeObjects(d.Standard, objs, root, info)
}

func gtsVersion(s Standard) string { return s.String() }

var (
	blendMode = regexp.MustCompile(`/BM\s*/(\w+)`)
	softMask  = regexp.MustCompile(`/SMask\s*/?(\w+)`)
	alpha     = regexp.MustCompile(`/(?:ca|CA)\s+([0-9.]+)`)
)

// Transparent reports what PDF/X-1a forbids in a dictionary: a blend mode
// other than Normal or Compatible, a soft mask, a constant alpha below 1.
func Transparent(dict []byte) bool {
	for _, m := range blendMode.FindAllSubmatch(dict, -1) {
		if n := string(m[1]); n != "Normal" && n != "Compatible" {
			return true
		}
	}
	for _, m := range softMask.FindAllSubmatch(dict, -1) {
		if string(m[1]) != "None" {
			return true
		}
	}
	for _, m := range alpha.FindAllSubmatch(dict, -1) {
		if v, err := strconv.ParseFloat(string(m[1]), 64); err != nil || v < 1 {
			return true
		}
	}
	return false
}

// xmpPacket is the document's XMP metadata, which PDF/X-4 requires, its
// title, dates and trapping state the same as the information dictionary's.
func xmpPacket(d Document, created time.Time) string {
	date := created.Format("2006-01-02T15:04:05+00:00")
	id := fmt.Sprintf("%x", md5.Sum([]byte(d.Title+date)))
	uuid := id[0:8] + "-" + id[8:12] + "-" + id[12:16] + "-" + id[16:20] + "-" + id[20:32]
	return `<?xpacket begin="` + "\ufeff" + `" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">` + xmlEscape(d.Title) + `</rdf:li></rdf:Alt></dc:title>
<xmp:CreateDate>` + date + `</xmp:CreateDate>
<xmp:ModifyDate>` + date + `</xmp:ModifyDate>
<xmp:MetadataDate>` + date + `</xmp:MetadataDate>
<xmp:CreatorTool>druckreif</xmp:CreatorTool>
<pdf:Producer>druckreif</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:` + uuid + `</xmpMM:DocumentID>
<xmpMM:InstanceID>uuid:` + uuid + `</xmpMM:InstanceID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>`
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// pdfString writes a text string: plain ASCII as a literal string, any
// other as UTF-16BE with its byte order mark, in hex.
func pdfString(s string) string {
	ascii := true
	for _, r := range s {
		if r < 0x20 || r > 0x7e {
			ascii = false
			break
		}
	}
	if ascii {
		return "(" + strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(s) + ")"
	}
	var b strings.Builder
	b.WriteString("<FEFF")
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteString(">")
	return b.String()
}

var boxKeys = regexp.MustCompile(`/(?:MediaBox|CropBox|BleedBox|TrimBox|ArtBox)\s*\[[^\]]*\]\s*`)

// pageWithBoxes writes a page's boxes into its dictionary, in place of any
// it had: MediaBox and BleedBox the bleed, TrimBox the trim.
func pageWithBoxes(body []byte, p Page) []byte {
	body = boxKeys.ReplaceAll(body, nil)
	box := func(b Box) string { return fmt.Sprintf("[%.3f %.3f %.3f %.3f]", b[0], b[1], b[2], b[3]) }
	boxes := fmt.Sprintf("/MediaBox %s /BleedBox %s /TrimBox %s\n", box(p.Bleed), box(p.Bleed), box(p.Trim))
	at := bytes.Index(body, []byte("/Type /Page"))
	at += len("/Type /Page")
	out := append([]byte(nil), body[:at]...)
	out = append(out, '\n')
	out = append(out, boxes...)
	return append(out, body[at:]...)
}

// object is one indirect object of the file: its body from after
// "N 0 obj" to before "endobj", and whether it holds a stream.
type object struct {
	num    int
	body   []byte
	stream bool
}

func (o *object) dict() []byte {
	if i := bytes.Index(o.body, []byte("stream\n")); o.stream && i >= 0 {
		return o.body[:i]
	}
	return o.body
}

func (o *object) data() []byte {
	i := bytes.Index(o.body, []byte("stream\n"))
	j := bytes.LastIndex(o.body, []byte("endstream"))
	data := o.body[i+len("stream\n") : j]
	return bytes.TrimSuffix(data, []byte("\n"))
}

var lengthKey = regexp.MustCompile(`/Length \d+`)

func (o *object) replaceData(data []byte) {
	dict := lengthKey.ReplaceAll(o.dict(), []byte(fmt.Sprintf("/Length %d", len(data))))
	var b bytes.Buffer
	b.Grow(len(dict) + len(data) + 32)
	b.Write(dict)
	b.WriteString("stream\n")
	b.Write(data)
	b.WriteString("\nendstream")
	o.body = b.Bytes()
}

// readObjects splits a PDF with one classic cross-reference table into
// its objects (indexed by number; nil where free) and its trailer.
func readObjects(pdf []byte) ([]*object, []byte, error) {
	xrefAt := bytes.LastIndex(pdf, []byte("\nxref\n")) + 1
	if xrefAt <= 0 {
		return nil, nil, fmt.Errorf("PDF ohne xref")
	}
	rest := pdf[xrefAt+len("xref\n"):]
	nl := bytes.IndexByte(rest, '\n')
	var first, n int
	if _, err := fmt.Sscanf(string(rest[:nl]), "%d %d", &first, &n); err != nil || first != 0 || n < 1 {
		return nil, nil, fmt.Errorf("PDF: xref unlesbar")
	}
	table := rest[nl+1:]
	if len(table) < 20*n {
		return nil, nil, fmt.Errorf("PDF: xref zu kurz")
	}
	type at struct{ num, off int }
	var offs []at
	for i := 1; i < n; i++ {
		if table[20*i+17] != 'n' {
			continue
		}
		off, err := strconv.Atoi(string(table[20*i : 20*i+10]))
		if err != nil || off <= 0 || off >= xrefAt {
			return nil, nil, fmt.Errorf("PDF: xref-Eintrag %d unlesbar", i)
		}
		offs = append(offs, at{i, off})
	}
	sort.Slice(offs, func(i, j int) bool { return offs[i].off < offs[j].off })
	objs := make([]*object, n)
	for i, a := range offs {
		end := xrefAt
		if i+1 < len(offs) {
			end = offs[i+1].off
		}
		raw := pdf[a.off:end]
		head := fmt.Sprintf("%d 0 obj", a.num)
		if !bytes.HasPrefix(raw, []byte(head)) {
			return nil, nil, fmt.Errorf("PDF: Objekt %d nicht an seiner Stelle", a.num)
		}
		e := bytes.LastIndex(raw, []byte("endobj"))
		if e < 0 {
			return nil, nil, fmt.Errorf("PDF: Objekt %d ohne endobj", a.num)
		}
		body := bytes.TrimSpace(raw[len(head):e])
		o := &object{num: a.num, body: body}
		if s := bytes.Index(body, []byte("stream\n")); s >= 0 && bytes.HasSuffix(body, []byte("endstream")) {
			o.stream = true
		}
		objs[a.num] = o
	}
	t := bytes.Index(pdf[xrefAt:], []byte("trailer"))
	if t < 0 {
		return nil, nil, fmt.Errorf("PDF ohne trailer")
	}
	return objs, pdf[xrefAt+t:], nil
}

func refIn(b []byte, key string) int {
	m := regexp.MustCompile(regexp.QuoteMeta(key) + `\s+(\d+)\s+0\s+R`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

var refRe = regexp.MustCompile(`(\d+)\s+0\s+R`)

// refsIn reads the references of key: one, or an array of them.
func refsIn(b []byte, key string) []int {
	i := bytes.Index(b, []byte(key))
	if i < 0 {
		return nil
	}
	rest := bytes.TrimLeft(b[i+len(key):], " \n\r\t")
	var span []byte
	if len(rest) > 0 && rest[0] == '[' {
		end := bytes.IndexByte(rest, ']')
		if end < 0 {
			return nil
		}
		span = rest[:end]
	} else {
		m := refRe.FindIndex(rest)
		if m == nil || m[0] != 0 {
			return nil
		}
		span = rest[:m[1]]
	}
	var out []int
	for _, m := range refRe.FindAllSubmatch(span, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		out = append(out, n)
	}
	return out
}

// writeObjects writes the file: header with the standard's version and a
// binary comment, the objects, one cross-reference table, the trailer
// with a document ID made from the content.
func writeObjects(s Standard, objs []*object, root, info int) ([]byte, error) {
	var out bytes.Buffer
	out.WriteString("%PDF-" + s.version() + "\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs))
	for _, o := range objs {
		if o == nil {
			continue
		}
		offsets[o.num] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n", o.num)
		out.Write(o.body)
		out.WriteString("\nendobj\n")
	}
	id := md5.Sum(out.Bytes())
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objs))
	for i := 1; i < len(objs); i++ {
		if objs[i] == nil {
			out.WriteString("0000000000 65535 f \n")
			continue
		}
		fmt.Fprintf(&out, "%010d 00000 n \n", offsets[i])
	}
	fmt.Fprintf(&out, "trailer\n<<\n/Size %d\n/Root %d 0 R\n/Info %d 0 R\n/ID [<%x> <%x>]\n>>\nstartxref\n%d\n%%%%EOF\n",
		len(objs), root, info, id, id, xref)
	return out.Bytes(), nil
}
