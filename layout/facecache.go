package layout

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/go-pdf/fpdf"
)

// Faces kept beyond one rendering. A build after a one-card edit draws
// the edited card's file again, and most of that file's faces are as they
// were. A face with a Key is therefore drawn on a form of its own (a PDF
// form object as big as the card), and the forms are kept in a FaceStore
// (the kit's build cache): the next rendering of the file places a kept
// face's form instead of drawing it, and draws only the faces whose key
// it does not find.
//
// A kept form is the face's content stream as fpdf wrote it, the forms it
// placed in turn (art, the Decoder's tiles), each under the name fpdf
// gave it (the SHA-1 of its content), and the characters it set in each
// font: fpdf names a font by the hash of its definition, the same in every
// document, and embeds only the characters a document set, so a replayed
// face has its characters set into the document's subsets (setRunes).
//
// A form inherits the graphics state of the place where it is drawn, so
// every face's form is made, and every kept one placed, in one state
// (canonicalState): what its content leaves to the state is then the same
// in every document.

// FaceStore keeps the drawings of faces beyond one rendering of a file.
// Load returns what Store was last given for the file (nil when nothing,
// or when it cannot be read); Store receives the kept faces of the file
// just rendered, encoded (see encodeFaces), when it drew any.
type FaceStore interface {
	Load() []byte
	Store(data []byte)
}

// FaceCounts says how a rendering came by its faces with a Key.
type FaceCounts struct {
	Reused, Drawn int
}

// keptFace is one face's form and the characters it sets.
type keptFace struct {
	form  fpdf.Template
	runes runeLog
}

// docFaces are the kept faces of one document.
type docFaces struct {
	store  FaceStore
	stored map[string]*keptFace // from the store, by key
	used   map[string]*keptFace // placed in this document, by key
	shared *stamps              // forms the faces' forms drew, for the next face to place
	placed []fpdf.Template      // the faces' forms, in the order first placed
	toSet  runeLog              // characters of replayed faces, set before output
	counts FaceCounts
	// streams are the forms' contents with their packed form: a replayed
	// form's is read with it, a new one's made by the output's
	// compression, and both kept packed.
	streams *packCache
	packOf  map[string]*packedStream // by form name
}

func newDocFaces(store FaceStore) *docFaces {
	if store == nil {
		return nil
	}
	d := &docFaces{store: store, used: map[string]*keptFace{}, shared: &stamps{}, toSet: runeLog{}}
	if data := store.Load(); data != nil {
		if stored, err := decodeFaces(data); err == nil {
			d.stored = stored
		}
	}
	return d
}

// has reports whether the face will be placed from the store.
func (d *docFaces) has(f *Face) bool {
	if d == nil || f == nil || f.Key == "" {
		return false
	}
	_, ok := d.stored[f.Key]
	return ok
}

// canonicalState is the graphics state every kept face is drawn in and
// placed in: black fill and stroke (fpdf writes neither when it starts a
// form in them, so a form's content takes them from where it is placed),
// a fixed line width, and the regular cut face at a fixed size (a form
// starts by selecting the document's current font: it is the same font in
// every document this way, and registered in each). fpdf's own record of
// the state follows, so later drawing on the page does not trust a state
// the form left.
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

// paint places face f with its top left corner at the card-local (0, 0)
// of c: from this document's or the store's forms, or drawn on a new one.
func (d *docFaces) paint(c *Canvas, f *Face) error {
	canonicalState(c.pdf, c.font)
	kf, ok := d.used[f.Key]
	if !ok {
		if kf, ok = d.stored[f.Key]; ok {
			d.counts.Reused++
			d.toSet.merge(kf.runes)
		} else {
			var err error
			if kf, err = d.draw(c, f); err != nil {
				return err
			}
			d.counts.Drawn++
		}
		d.used[f.Key] = kf
		d.placed = append(d.placed, kf.form)
	}
	c.place(0, 0, c.H, stamp{kf.form, kf.form.ID()})
	return nil
}

// draw draws face f on a form of its own, recording the characters it
// sets.
func (d *docFaces) draw(c *Canvas, f *Face) (*keptFace, error) {
	if c.font.set == nil {
		c.font.set = map[face]map[rune]bool{}
	}
	kf := &keptFace{runes: runeLog{}}
	var drawErr error
	var failed []error
	own := &stamps{shared: d.shared}
	tpl := c.pdf.CreateTemplateCustom(fpdf.PointType{}, fpdf.SizeType{Wd: c.W, Ht: c.H}, func(tpl *fpdf.Tpl) {
		doc := &tpl.Fpdf
		fc := &Canvas{pdf: doc, W: c.W, H: c.H, Setter: c.Setter, LowInk: c.LowInk, qr: c.qr,
			stamps: own, errs: &failed,
			// The document's record of the characters in its subsets
			// serves the face (fpdf's subsets are the document's); the
			// face's own log says what a replay must set.
			font: &fontState{set: c.font.set, log: kf.runes}}
		if f.Draw != nil {
			drawErr = f.Draw(fc)
		}
		if drawErr == nil {
			drawErr = doc.Error()
		}
	})
	if drawErr != nil {
		return nil, drawErr
	}
	if len(failed) > 0 {
		return nil, failed[0]
	}
	if len(tpl.Images()) > 0 || len(tpl.Templates()) > 0 {
		return nil, fmt.Errorf("layout: face %s: a kept face places no images and registers its forms itself", f.ID)
	}
	kf.form = &keptForm{id: tpl.ID(), w: c.W, h: c.H, body: tpl.Bytes(), forms: own.placed}
	return kf, nil
}

// finish readies the document's kept faces for output: it registers
// their forms with the document, through one empty form that names them
// all (fpdf lists a form among a page's resources only once something on
// a page placed it with fpdf's own call, which draws it; the empty form
// is what is drawn), and it sets the characters of the replayed faces
// into the document's font subsets, on a scratch form of the document,
// never placed, that shares its fonts.
func (d *docFaces) finish(pdf *fpdf.Fpdf) {
	if d == nil {
		return
	}
	if len(d.placed) > 0 {
		body := []byte("% the kept faces\n")
		names := &keptForm{id: fmt.Sprintf("%x", sha1.Sum(body)), w: 1, h: 1, body: body, forms: d.placed}
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

// packs is the packed streams of the document's kept forms and of the
// forms they place, for the output's compression.
func (d *docFaces) packs() *packCache {
	if d == nil {
		return nil
	}
	d.streams, d.packOf = &packCache{}, map[string]*packedStream{}
	var walk func(t fpdf.Template)
	walk = func(t fpdf.Template) {
		id := t.ID()
		if d.packOf[id] != nil {
			return
		}
		var packed []byte
		if k, ok := t.(*keptForm); ok {
			packed = k.packed
		}
		d.packOf[id] = d.streams.add(t.Bytes(), packed)
		for _, kid := range t.Templates() {
			walk(kid)
		}
	}
	for _, t := range d.placed {
		walk(t)
	}
	return d.streams
}

// save gives the store the document's kept faces when it drew any.
func (d *docFaces) save() {
	if d == nil || d.counts.Drawn == 0 {
		return
	}
	data, err := encodeFaces(d.used, d.packOf)
	if err != nil {
		return // a face that cannot be kept is drawn again next time
	}
	d.store.Store(data)
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
	id     string
	w, h   float64
	body   []byte
	packed []byte // body as zlib, when read from the store
	forms  []fpdf.Template
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
//	"DRF2"
//	forms: count, then each: name, width, height (mm, float64 bits),
//	       content's length, content packed (zlib), count of the forms it
//	       places and their indices (each smaller than its own: a form
//	       comes after those it places)
//	faces: count, then each: key, index of its form, count of fonts and
//	       for each: style, whole-font flag, characters (UTF-8)
//
// Counts and lengths are unsigned varints; strings are a length and bytes.
const facesMagic = "DRF2"

func encodeFaces(faces map[string]*keptFace, packOf map[string]*packedStream) ([]byte, error) {
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
	out := []byte(facesMagic)
	out = binary.AppendUvarint(out, uint64(len(forms)))
	for _, t := range forms {
		_, size := t.Size()
		out = appendString(out, t.ID())
		out = binary.BigEndian.AppendUint64(out, math.Float64bits(size.Wd))
		out = binary.BigEndian.AppendUint64(out, math.Float64bits(size.Ht))
		body := t.Bytes()
		var packed []byte
		if ps := packOf[t.ID()]; ps != nil && ps.packed != nil {
			packed = ps.packed
		} else {
			packed = zlibPack(body)
		}
		out = binary.AppendUvarint(out, uint64(len(body)))
		out = appendString(out, string(packed))
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
		fs := kf.runes.faces()
		out = binary.AppendUvarint(out, uint64(len(fs)))
		for _, f := range fs {
			out = appendString(out, f.style)
			full := byte(0)
			if f.full {
				full = 1
			}
			out = append(out, full)
			out = appendString(out, kf.runes.text(f))
		}
	}
	return out, nil
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
		return nil, errors.New("layout: kept faces: not DRF1")
	}
	n := r.count()
	forms := make([]*keptForm, 0, min(n, 1<<16))
	for i := 0; i < n && r.err == nil; i++ {
		k := &keptForm{id: r.string()}
		k.w, k.h = r.float(), r.float()
		size := r.length(maxFormBytes)
		k.packed = r.bytes(r.count())
		k.body = r.unpack(k.packed, size)
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
		kf := &keptFace{form: forms[at], runes: runeLog{}}
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
			kf.runes.add(f, r.string())
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

// unpack inflates a packed content of size bytes.
func (r *faceReader) unpack(packed []byte, size int) []byte {
	if r.err != nil {
		return nil
	}
	zr, err := zlib.NewReader(bytes.NewReader(packed))
	if err != nil {
		r.fail("a form's content: " + err.Error())
		return nil
	}
	body := make([]byte, size)
	if _, err := io.ReadFull(zr, body); err != nil {
		r.fail("a form's content: " + err.Error())
		return nil
	}
	if n, _ := zr.Read(make([]byte, 1)); n != 0 || zr.Close() != nil {
		r.fail("a form's content is longer than it says")
		return nil
	}
	return body
}

// zlibPack packs data as compressStreams does.
func zlibPack(data []byte) []byte {
	var buf bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&buf, zlib.BestSpeed)
	zw.Write(data)
	zw.Close()
	return buf.Bytes()
}

func (r *faceReader) float() float64 {
	b := r.bytes(8)
	if len(b) < 8 {
		return 0
	}
	return math.Float64frombits(binary.BigEndian.Uint64(b))
}
