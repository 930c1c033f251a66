// Package pdftext reads the text runs of a PDF as the kit writes it (fpdf:
// uncompressed object table, Flate-compressed content streams, Unicode
// fonts written as UTF-16BE, forms placed with Do), with the size each run
// is printed at: the Tf size scaled by the text matrix and the current
// transformation matrix. Tests use it to check the printed type from the
// file itself rather than from what the renderer meant to draw.
//
// It is a reader for the kit's own files, not for PDFs in general: object
// streams, cross-reference streams and encrypted files are not read.
package pdftext

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"unicode/utf16"

	"druckreif/internal/pdfops"
)

// Run is one string shown by Tj, TJ, ' or ".
type Run struct {
	Page int     // 1-based
	Text string  // decoded
	Size float64 // printed size in points: Tf size × the scale of text matrix × CTM
	X, Y float64 // start of the run on the page, points from the bottom left
}

type object struct {
	dict   []byte
	stream []byte // decoded; nil when the object has no stream
}

var (
	objRe  = regexp.MustCompile(`(?m)^(\d+) 0 obj\s*`)
	refRe  = regexp.MustCompile(`/([A-Za-z0-9_.+-]+)\s+(\d+) 0 R`)
	lenRe  = regexp.MustCompile(`/Length (\d+)`)
	contRe = regexp.MustCompile(`/Contents (\d+) 0 R`)
	matRe  = regexp.MustCompile(`/Matrix\s*\[([^\]]*)\]`)
)

// Read returns every text run of every page, in content order.
func Read(pdf []byte) ([]Run, error) {
	objs := map[int]*object{}
	var pages []int // object numbers of the pages' content streams
	for _, m := range objRe.FindAllSubmatchIndex(pdf, -1) {
		n, _ := strconv.Atoi(string(pdf[m[2]:m[3]]))
		body := pdf[m[1]:]
		end := bytes.Index(body, []byte("endobj"))
		if end < 0 {
			continue
		}
		o := &object{dict: body[:end]}
		if s := bytes.Index(body[:end], []byte("stream")); s >= 0 && bytes.HasPrefix(bytes.TrimLeft(body[:s], " \r\n"), []byte("<<")) {
			o.dict = body[:s]
			lm := lenRe.FindSubmatch(o.dict)
			if lm == nil {
				continue // not an object: "N 0 obj" inside another's stream
			}
			l, _ := strconv.Atoi(string(lm[1]))
			start := s + len("stream")
			for start < len(body) && (body[start] == '\r' || body[start] == '\n') {
				start++
			}
			if start+l > len(body) {
				continue
			}
			raw := body[start : start+l]
			if bytes.Contains(o.dict, []byte("/FlateDecode")) {
				zr, err := zlib.NewReader(bytes.NewReader(raw))
				if err != nil {
					continue
				}
				if raw, err = io.ReadAll(zr); err != nil {
					continue
				}
			}
			o.stream = raw
		}
		objs[n] = o
		if bytes.Contains(o.dict, []byte("/Type /Page\n")) || bytes.Contains(o.dict, []byte("/Type /Page/")) || bytes.Contains(o.dict, []byte("/Type /Page ")) {
			if cm := contRe.FindSubmatch(o.dict); cm != nil {
				c, _ := strconv.Atoi(string(cm[1]))
				pages = append(pages, c)
			}
		}
	}
	// Resource names (fonts, forms) are hashes unique in the file: one map
	// from name to object serves every resource dictionary.
	names := map[string]int{}
	for _, o := range objs {
		for _, m := range refRe.FindAllSubmatch(o.dict, -1) {
			n, _ := strconv.Atoi(string(m[2]))
			names[string(m[1])] = n
		}
	}
	r := reader{objs: objs, names: names}
	for i, c := range pages {
		o := objs[c]
		if o == nil || o.stream == nil {
			return nil, fmt.Errorf("page %d: content object %d missing", i+1, c)
		}
		if err := r.content(i+1, o.stream, identity, 0); err != nil {
			return nil, fmt.Errorf("page %d: %v", i+1, err)
		}
	}
	return r.runs, nil
}

type matrix = pdfops.Matrix

var identity = pdfops.Identity

type gstate struct {
	ctm  matrix
	font string
	size float64
	lead float64
}

type reader struct {
	objs  map[int]*object
	names map[string]int
	runs  []Run
}

func (r *reader) unicodeFont(name string) bool {
	o := r.objs[r.names[name]]
	return o != nil && bytes.Contains(o.dict, []byte("/Type0"))
}

func (r *reader) content(page int, data []byte, ctm matrix, depth int) error {
	if depth > 8 {
		return fmt.Errorf("forms nested too deep")
	}
	gs := gstate{ctm: ctm}
	var stack []gstate
	var tm, tlm matrix
	var ops []pdfops.Token
	show := func(strs []pdfops.Token) {
		var text []rune
		for _, s := range strs {
			if s.Kind != pdfops.String {
				continue
			}
			if r.unicodeFont(gs.font) {
				u := make([]uint16, 0, len(s.Bytes)/2)
				for i := 0; i+1 < len(s.Bytes); i += 2 {
					u = append(u, uint16(s.Bytes[i])<<8|uint16(s.Bytes[i+1]))
				}
				text = append(text, utf16.Decode(u)...)
			} else {
				for _, b := range s.Bytes {
					text = append(text, rune(b))
				}
			}
		}
		full := tm.Mul(gs.ctm)
		r.runs = append(r.runs, Run{Page: page, Text: string(text), Size: gs.size * full.Scale(), X: full[4], Y: full[5]})
	}
	num := func(i int) float64 {
		if i < 0 || i >= len(ops) || ops[i].Kind != pdfops.Number {
			return 0
		}
		return ops[i].Num
	}
	nums := func(k int) matrix {
		var m matrix
		for i := 0; i < k && i < 6; i++ {
			m[i] = num(len(ops) - k + i)
		}
		return m
	}
	for _, tok := range pdfops.Tokens(data) {
		if tok.Kind != pdfops.Operator {
			ops = append(ops, tok)
			continue
		}
		switch tok.S {
		case "q":
			stack = append(stack, gs)
		case "Q":
			if len(stack) > 0 {
				gs, stack = stack[len(stack)-1], stack[:len(stack)-1]
			}
		case "cm":
			gs.ctm = nums(6).Mul(gs.ctm)
		case "BT":
			tm, tlm = identity, identity
		case "Tf":
			if len(ops) >= 2 && ops[len(ops)-2].Kind == pdfops.Name {
				gs.font = ops[len(ops)-2].S
			}
			gs.size = num(len(ops) - 1)
		case "TL":
			gs.lead = num(len(ops) - 1)
		case "Tm":
			tm = nums(6)
			tlm = tm
		case "Td", "TD":
			tx, ty := num(len(ops)-2), num(len(ops)-1)
			if tok.S == "TD" {
				gs.lead = -ty
			}
			tlm = matrix{1, 0, 0, 1, tx, ty}.Mul(tlm)
			tm = tlm
		case "T*":
			tlm = matrix{1, 0, 0, 1, 0, -gs.lead}.Mul(tlm)
			tm = tlm
		case "Tj":
			show(ops)
		case "'", "\"":
			tlm = matrix{1, 0, 0, 1, 0, -gs.lead}.Mul(tlm)
			tm = tlm
			show(ops)
		case "TJ":
			show(ops)
		case "Do":
			if len(ops) > 0 && ops[len(ops)-1].Kind == pdfops.Name {
				o := r.objs[r.names[ops[len(ops)-1].S]]
				if o != nil && o.stream != nil && bytes.Contains(o.dict, []byte("/Form")) {
					fm := identity
					if mm := matRe.FindSubmatch(o.dict); mm != nil {
						var v [6]float64
						if _, err := fmt.Sscan(string(mm[1]), &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]); err == nil {
							fm = matrix(v)
						}
					}
					if err := r.content(page, o.stream, fm.Mul(gs.ctm), depth+1); err != nil {
						return err
					}
				}
			}
		}
		ops = ops[:0]
	}
	return nil
}
