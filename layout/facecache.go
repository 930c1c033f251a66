package layout

import (
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"
)

// Faces kept beyond one rendering. A build after a one-card edit draws
// the edited card's file again, and most of that file's faces are as they
// were. A face with a Key is therefore drawn apart, on a page as big as
// the card of a form of fpdf's that is never placed (one per document,
// prepare), and what fpdf wrote there — the face in the card's own
// coordinates — is written into the sheet where the face goes (inside a
// clip to the card and a translation to its corner), and kept in a
// FaceStore (the kit's build cache). The next rendering of the file
// writes a kept face's content instead of drawing the face, and draws
// only the faces whose key it does not find. The page holds the same
// operators either way: no form objects, the same file.
//
// A kept content is the bytes fpdf wrote, with the forms it places (art,
// the Decoder's tiles), each kept under the name fpdf gave it (the SHA-1
// of its content), and the characters it set in each font: fpdf names a
// font by the hash of its definition, the same in every document, and
// embeds only the characters a document set, so a replayed face has its
// characters set into the document's subsets (finish).
//
// fpdf starts a form's content by setting the document's line style and
// font, and writes neither colour it finds black, so a face's content
// takes black from where it is written: every face is drawn, and every
// kept one written, in one graphics state (canonicalState).

// FaceStore keeps the drawings of faces beyond one rendering of a file.
// Load returns what Store was last given for the file (nil when nothing,
// or when it cannot be read); Store receives the kept faces of the file
// just rendered, encoded (see encodeFaces) in parts to be written one
// after another, when it drew any.
type FaceStore interface {
	Load() []byte
	Store(parts [][]byte)
}

// FaceCounts says how a rendering came by its faces with a Key.
type FaceCounts struct {
	Reused, Drawn int
}

// keptFace is one face's content and the characters it sets: as a log
// when drawn, as text per font when read from the store (made a log only
// when the face is used).
type keptFace struct {
	form  *keptForm
	runes runeLog
	texts []fontText
}

// fontText is the characters a face set in one face of the font.
type fontText struct {
	face face
	text string
}

// log is the face's characters as a log.
func (kf *keptFace) log() runeLog {
	if kf.runes == nil {
		kf.runes = runeLog{}
		for _, t := range kf.texts {
			kf.runes.add(t.face, t.text)
		}
	}
	return kf.runes
}

// docFaces are the kept faces of one document.
type docFaces struct {
	store  FaceStore
	stored map[string]*keptFace // from the store, by key
	used   map[string]*keptFace // written in this document, by key
	drawn  map[string]*keptFace // drawn for this document (prepare), by key
	shared *stamps              // forms the faces drew, for the next face to place
	forms  []fpdf.Template      // the forms the faces place, each once
	listed map[string]bool      // by name
	toSet  runeLog              // characters of replayed faces, set before output
	counts FaceCounts
}

func newDocFaces(store FaceStore) *docFaces {
	if store == nil {
		return nil
	}
	d := &docFaces{store: store, used: map[string]*keptFace{}, drawn: map[string]*keptFace{}, shared: &stamps{}, listed: map[string]bool{}, toSet: runeLog{}}
	if data := store.Load(); data != nil {
		if stored, err := decodeFaces(data); err == nil {
			d.stored = stored
		}
	}
	return d
}

// has reports whether the face will be written from the store.
func (d *docFaces) has(f *Face) bool {
	if d == nil || f == nil || f.Key == "" {
		return false
	}
	_, ok := d.stored[f.Key]
	return ok
}

// canonicalState is the graphics state every kept face is drawn in:
// black fill and stroke (fpdf writes neither when it starts a form in
// them, so a face's content takes them from where it is written, and it
// is written behind "0 g 0 G"), a fixed line width, and the regular cut
// face at a fixed size (fpdf starts a form by selecting the current font:
// it is the same in every document this way; a document with kept faces
// that sets nothing in that face embeds it all the same, a few kB).
func canonicalState(pdf *fpdf.Fpdf, fs *fontState) {
	pdf.SetFillColor(0, 0, 0)
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetLineWidth(0.2)
	setFace(pdf, face{}, 6)
	if fs != nil {
		fs.ok = false
	}
}

// prepare draws the faces of cards that are neither kept in the store
// nor drawn yet, each face of a Key once, on the pages of one form of
// fpdf's (a form per face would cost a new fpdf each), and keeps them.
func (d *docFaces) prepare(pdf *fpdf.Fpdf, res docRes, cards []Card, w, h float64, lowInk bool) error {
	if d == nil {
		return nil
	}
	var todo []*Face
	seen := map[string]bool{}
	for _, card := range cards {
		for _, f := range []*Face{card.Front, card.Back} {
			if f == nil || f.Key == "" || seen[f.Key] || d.stored[f.Key] != nil || d.drawn[f.Key] != nil {
				continue
			}
			seen[f.Key] = true
			todo = append(todo, f)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	canonicalState(pdf, res.font)
	if res.font.set == nil {
		res.font.set = map[face]map[rune]bool{}
	}
	kept := make([]*keptFace, len(todo))
	var drawErr error
	tpl := pdf.CreateTemplateCustom(fpdf.PointType{}, fpdf.SizeType{Wd: w, Ht: h}, func(tpl *fpdf.Tpl) {
		doc := &tpl.Fpdf
		for i, f := range todo {
			if i > 0 {
				// Each face on a page of its own, begun in the same state
				// as the first (fpdf begins a page with the state it
				// has: line style and font written out, colours other
				// than black too).
				canonicalState(doc, nil)
				doc.AddPage()
			}
			kf := &keptFace{runes: runeLog{}}
			own := &stamps{shared: d.shared}
			var failed []error
			fc := &Canvas{pdf: doc, W: w, H: h, Setter: Setter(), LowInk: lowInk, qr: res.qr,
				stamps: own, errs: &failed,
				// The document's record of the characters in its subsets
				// serves the face (fpdf's subsets are the document's);
				// the face's own log says what a replay must set.
				font: &fontState{set: res.font.set, log: kf.runes}}
			if f.Draw != nil {
				drawErr = f.Draw(fc)
			}
			if drawErr == nil {
				drawErr = doc.Error()
			}
			if drawErr == nil && len(failed) > 0 {
				drawErr = failed[0]
			}
			if drawErr != nil {
				return
			}
			kf.form = &keptForm{w: w, h: h, forms: own.placed}
			kept[i] = kf
		}
	})
	if drawErr != nil {
		return drawErr
	}
	if len(tpl.Images()) > 0 || len(tpl.Templates()) > 0 {
		return errors.New("layout: a kept face places no images and registers its forms itself")
	}
	pages := tpl.FromPages()
	if len(pages) != len(todo) {
		return fmt.Errorf("layout: %d faces drawn on %d pages", len(todo), len(pages))
	}
	for i, f := range todo {
		body := pages[i].Bytes()
		kept[i].form.body = body
		kept[i].form.id = fmt.Sprintf("%x", sha1.Sum(body))
		d.drawn[f.Key] = kept[i]
	}
	return nil
}

// paint writes face f with its top left corner at the card-local (0, 0)
// of c, clipped to the card: from this document's or the store's kept
// contents, or drawn anew.
func (d *docFaces) paint(c *Canvas, res docRes, f *Face) error {
	kf, ok := d.used[f.Key]
	if !ok {
		if kf, ok = d.stored[f.Key]; ok {
			d.counts.Reused++
			d.toSet.merge(kf.log())
		} else {
			if d.drawn[f.Key] == nil {
				if err := d.prepare(c.pdf, res, []Card{{Front: f}}, c.W, c.H, c.LowInk); err != nil {
					return err
				}
			}
			kf = d.drawn[f.Key]
			d.counts.Drawn++
		}
		d.used[f.Key] = kf
		for _, t := range kf.form.forms {
			if id := t.ID(); !d.listed[id] {
				d.listed[id] = true
				d.forms = append(d.forms, t)
			}
		}
	}
	// The content in a state of its own: black fill and stroke as it was
	// drawn in (see canonicalState), the card's corner its origin, the
	// card its clip; it leaves the page's state as it found it.
	const k = 72 / 25.4
	_, pageH := c.pdf.GetPageSize()
	body := kf.form.body
	buf := make([]byte, 0, len(body)+96)
	buf = append(buf, "q 0 g 0 G 1 0 0 1 "...)
	buf = strconv.AppendFloat(buf, c.X*k, 'f', 3, 64)
	buf = append(buf, ' ')
	buf = strconv.AppendFloat(buf, (pageH-c.Y-c.H)*k, 'f', 3, 64)
	buf = append(buf, " cm 0 0 "...)
	buf = strconv.AppendFloat(buf, c.W*k, 'f', 3, 64)
	buf = append(buf, ' ')
	buf = strconv.AppendFloat(buf, c.H*k, 'f', 3, 64)
	buf = append(buf, " re W n\n"...)
	buf = append(buf, body...)
	buf = append(buf, "\nQ\n"...)
	c.pdf.RawWriteStr(string(buf))
	return nil
}

// finish readies the document's kept faces for output. It registers the
// forms they place with the document, through one empty form that names
// them all (fpdf lists a form among a page's resources only once a page
// placed it with fpdf's own call, which draws it: the empty form is what
// is drawn, in an empty clip). And it sets the characters of the
// replayed faces into the document's font subsets, on a scratch form of
// the document, never placed, that shares its fonts.
func (d *docFaces) finish(pdf *fpdf.Fpdf) {
	if d == nil {
		return
	}
	if len(d.used) > 0 {
		registerFace(pdf, face{}) // the font every kept content starts by selecting
	}
	if len(d.forms) > 0 {
		body := []byte("% the forms of the kept faces\n")
		names := &keptForm{id: fmt.Sprintf("%x", sha1.Sum(body)), w: 1, h: 1, body: body, forms: d.forms}
		pdf.RawWriteStr("q 0 0 0 0 re W n\n")
		pdf.UseTemplateScaled(names, fpdf.PointType{}, fpdf.SizeType{Wd: 1, Ht: 1})
		pdf.RawWriteStr("Q\n")
	}
	if len(d.toSet) == 0 {
		return
	}
	faces := d.toSet.faces()
	for _, f := range faces {
		registerFace(pdf, f)
	}
	pdf.CreateTemplateCustom(fpdf.PointType{}, fpdf.SizeType{Wd: 1, Ht: 1}, func(tpl *fpdf.Tpl) {
		for _, f := range faces {
			setFace(&tpl.Fpdf, f, 1)
			tpl.Text(0, 0, d.toSet.text(f))
		}
	})
}

// countsOf is how the document came by its kept faces.
func (d *docFaces) countsOf() FaceCounts {
	if d == nil {
		return FaceCounts{}
	}
	return d.counts
}

// save gives the store the document's kept faces when it drew any.
func (d *docFaces) save() {
	if d == nil || d.counts.Drawn == 0 {
		return
	}
	parts, err := encodeFaces(d.used)
	if err != nil {
		return // a face that cannot be kept is drawn again next time
	}
	d.store.Store(parts)
}

// runeLog is, per face of the font, the characters a drawing set in it.
type runeLog map[face]map[rune]bool

func (l runeLog) add(f face, s string) {
	set := l[f]
	if set == nil {
		set = map[rune]bool{}
		l[f] = set
	}
	for _, r := range s {
		set[r] = true
	}
}

func (l runeLog) merge(o runeLog) {
	if l == nil {
		return
	}
	for f, rs := range o {
		set := l[f]
		if set == nil {
			set = map[rune]bool{}
			l[f] = set
		}
		for r := range rs {
			set[r] = true
		}
	}
}

// faces lists the log's faces in a fixed order.
func (l runeLog) faces() []face {
	out := make([]face, 0, len(l))
	for f := range l {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b face) int {
		if c := strings.Compare(a.style, b.style); c != 0 {
			return c
		}
		switch {
		case a.full == b.full:
			return 0
		case b.full:
			return -1
		}
		return 1
	})
	return out
}

// text is the characters set in f, in order.
func (l runeLog) text(f face) string {
	rs := make([]rune, 0, len(l[f]))
	for r := range l[f] {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	return string(rs)
}

// keptForm is a form read back from the store: fpdf places and writes it
// as any form, by its name, size, content and the forms it places.
type keptForm struct {
	id    string
	w, h  float64
	body  []byte
	forms []fpdf.Template
}

func (k *keptForm) ID() string { return k.id }
func (k *keptForm) Size() (fpdf.PointType, fpdf.SizeType) {
	return fpdf.PointType{}, fpdf.SizeType{Wd: k.w, Ht: k.h}
}
func (k *keptForm) Bytes() []byte                          { return k.body }
func (k *keptForm) Images() map[string]*fpdf.ImageInfoType { return nil }
func (k *keptForm) Templates() []fpdf.Template             { return k.forms }
func (k *keptForm) NumPages() int                          { return 1 }
func (k *keptForm) FromPage(page int) (fpdf.Template, error) {
	if page != 1 {
		return nil, fmt.Errorf("layout: a kept form has one page, not %d", page)
	}
	return k, nil
}
func (k *keptForm) FromPages() []fpdf.Template { return []fpdf.Template{k} }

var errKeptForm = errors.New("layout: a kept form is kept by the build cache, not serialized")

func (k *keptForm) Serialize() ([]byte, error) { return nil, errKeptForm }
func (k *keptForm) GobEncode() ([]byte, error) { return nil, errKeptForm }
func (k *keptForm) GobDecode([]byte) error     { return errKeptForm }

// The store's data for a file:
//
//	"DRF3"
//	forms: count, then each: name, width, height (mm, float64 bits),
//	       content (its length, then the bytes fpdf wrote), count of the
//	       forms it places and their indices (each smaller than its own:
//	       a form comes after those it places); a face's content is a
//	       form of the table too, never placed as one
//	faces: count, then each: key, index of its form, count of fonts and
//	       for each: style, whole-font flag, characters (UTF-8)
//
// Counts and lengths are unsigned varints; strings are a length and bytes.
// The contents are stored as they are: a face's is some kilobytes, the
// cache's checksum covers them, and they are written into the page
// without being copied on reading.
const facesMagic = "DRF3"

func encodeFaces(faces map[string]*keptFace) ([][]byte, error) {
	keys := make([]string, 0, len(faces))
	for k := range faces {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	index := map[string]int{}
	var forms []fpdf.Template
	var walk func(t fpdf.Template) error
	walk = func(t fpdf.Template) error {
		id := t.ID()
		if _, ok := index[id]; ok {
			return nil
		}
		if len(t.Images()) > 0 || t.NumPages() != 1 {
			return errors.New("layout: a form with images or pages cannot be kept")
		}
		if corner, _ := t.Size(); corner != (fpdf.PointType{}) {
			return errors.New("layout: a form with a corner cannot be kept")
		}
		for _, kid := range t.Templates() {
			if err := walk(kid); err != nil {
				return err
			}
		}
		index[id] = len(forms)
		forms = append(forms, t)
		return nil
	}
	for _, k := range keys {
		if err := walk(faces[k].form); err != nil {
			return nil, err
		}
	}
	// The parts: the bytes between the contents, and the contents as
	// they are.
	var parts [][]byte
	out := []byte(facesMagic)
	out = binary.AppendUvarint(out, uint64(len(forms)))
	for _, t := range forms {
		_, size := t.Size()
		out = appendString(out, t.ID())
		out = binary.BigEndian.AppendUint64(out, math.Float64bits(size.Wd))
		out = binary.BigEndian.AppendUint64(out, math.Float64bits(size.Ht))
		body := t.Bytes()
		out = binary.AppendUvarint(out, uint64(len(body)))
		parts = append(parts, out, body)
		out = nil
		kids := t.Templates()
		out = binary.AppendUvarint(out, uint64(len(kids)))
		for _, kid := range kids {
			out = binary.AppendUvarint(out, uint64(index[kid.ID()]))
		}
	}
	out = binary.AppendUvarint(out, uint64(len(keys)))
	for _, k := range keys {
		kf := faces[k]
		out = appendString(out, k)
		out = binary.AppendUvarint(out, uint64(index[kf.form.ID()]))
		log := kf.log()
		fs := log.faces()
		out = binary.AppendUvarint(out, uint64(len(fs)))
		for _, f := range fs {
			out = appendString(out, f.style)
			full := byte(0)
			if f.full {
				full = 1
			}
			out = append(out, full)
			out = appendString(out, log.text(f))
		}
	}
	return append(parts, out), nil
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// decodeFaces reads what encodeFaces wrote. Data that does not read as
// written (a damaged entry, another version's) is an error, and the
// rendering draws every face.
func decodeFaces(data []byte) (map[string]*keptFace, error) {
	r := faceReader{data: data}
	if string(r.bytes(len(facesMagic))) != facesMagic {
		return nil, errors.New("layout: kept faces: not " + facesMagic)
	}
	n := r.count()
	forms := make([]*keptForm, 0, min(n, 1<<16))
	for i := 0; i < n && r.err == nil; i++ {
		k := &keptForm{id: r.string()}
		k.w, k.h = r.float(), r.float()
		k.body = r.bytes(r.length(maxFormBytes))
		kids := r.count()
		for j := 0; j < kids && r.err == nil; j++ {
			at := r.count()
			if at >= i {
				r.fail("a form placed before it is read")
				break
			}
			k.forms = append(k.forms, forms[at])
		}
		if len(k.id) != 2*sha1.Size {
			r.fail("a form's name")
		}
		if !(k.w > 0 && k.h > 0 && k.w < 1e4 && k.h < 1e4) {
			r.fail("a form's size")
		}
		forms = append(forms, k)
	}
	faces := map[string]*keptFace{}
	n = r.count()
	for i := 0; i < n && r.err == nil; i++ {
		key := r.string()
		at := r.count()
		if at >= len(forms) {
			r.fail("a face without its form")
			break
		}
		kf := &keptFace{form: forms[at]}
		fonts := r.count()
		for j := 0; j < fonts && r.err == nil; j++ {
			f := face{style: r.string()}
			switch r.bytes(1)[0] {
			case 0:
			case 1:
				f.full = true
			default:
				r.fail("a font's family")
			}
			if !knownStyle(f.style) {
				r.fail("a font's style")
			}
			kf.texts = append(kf.texts, fontText{f, r.string()})
		}
		faces[key] = kf
	}
	if r.err == nil && r.off != len(r.data) {
		r.fail("bytes after the faces")
	}
	if r.err != nil {
		return nil, r.err
	}
	return faces, nil
}

// faceReader reads the store's data, remembering the first failure.
type faceReader struct {
	data []byte
	off  int
	err  error
}

var oneZero = []byte{0}

func (r *faceReader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("layout: kept faces damaged at byte %d: %s", r.off, what)
	}
}

func (r *faceReader) bytes(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.data)-r.off {
		r.fail("shorter than it says")
		if n == 1 {
			return oneZero
		}
		return nil
	}
	b := r.data[r.off : r.off+n]
	r.off += n
	return b
}

func (r *faceReader) count() int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.data[r.off:])
	if n <= 0 || v > uint64(len(r.data)) {
		r.fail("a count")
		return 0
	}
	r.off += n
	return int(v)
}

// maxFormBytes bounds a kept form's content (a card face's is some
// kilobytes; the Decoder's densest some tens).
const maxFormBytes = 16 << 20

// length reads a length of at most max.
func (r *faceReader) length(max int) int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.data[r.off:])
	if n <= 0 || v > uint64(max) {
		r.fail("a length")
		return 0
	}
	r.off += n
	return int(v)
}

func (r *faceReader) string() string { return string(r.bytes(r.count())) }

func (r *faceReader) float() float64 {
	b := r.bytes(8)
	if len(b) < 8 {
		return 0
	}
	return math.Float64frombits(binary.BigEndian.Uint64(b))
}
