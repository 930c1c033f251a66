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
	"math"
	"regexp"
	"strconv"
	"unicode/utf16"
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

type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// mul is m × n (m applied first).
func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// scale is the factor by which m scales lengths (for text: the size);
// for a uniform scale with rotation it is exact.
func (m matrix) scale() float64 { return math.Sqrt(math.Abs(m[0]*m[3] - m[1]*m[2])) }

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
	var ops []token
	show := func(strs []token) {
		var text []rune
		for _, s := range strs {
			if s.kind != str {
				continue
			}
			if r.unicodeFont(gs.font) {
				u := make([]uint16, 0, len(s.raw)/2)
				for i := 0; i+1 < len(s.raw); i += 2 {
					u = append(u, uint16(s.raw[i])<<8|uint16(s.raw[i+1]))
				}
				text = append(text, utf16.Decode(u)...)
			} else {
				for _, b := range s.raw {
					text = append(text, rune(b))
				}
			}
		}
		full := tm.mul(gs.ctm)
		r.runs = append(r.runs, Run{Page: page, Text: string(text), Size: gs.size * full.scale(), X: full[4], Y: full[5]})
	}
	num := func(i int) float64 {
		if i < 0 || i >= len(ops) || ops[i].kind != number {
			return 0
		}
		return ops[i].num
	}
	nums := func(k int) matrix {
		var m matrix
		for i := 0; i < k && i < 6; i++ {
			m[i] = num(len(ops) - k + i)
		}
		return m
	}
	t := tokenizer{data: data}
	for {
		tok, err := t.next()
		if err != nil {
			return err
		}
		if tok.kind == eof {
			return nil
		}
		if tok.kind != operator {
			ops = append(ops, tok)
			continue
		}
		switch string(tok.raw) {
		case "q":
			stack = append(stack, gs)
		case "Q":
			if len(stack) > 0 {
				gs, stack = stack[len(stack)-1], stack[:len(stack)-1]
			}
		case "cm":
			gs.ctm = nums(6).mul(gs.ctm)
		case "BT":
			tm, tlm = identity, identity
		case "Tf":
			if len(ops) >= 2 && ops[len(ops)-2].kind == name {
				gs.font = string(ops[len(ops)-2].raw)
			}
			gs.size = num(len(ops) - 1)
		case "TL":
			gs.lead = num(len(ops) - 1)
		case "Tm":
			tm = nums(6)
			tlm = tm
		case "Td", "TD":
			tx, ty := num(len(ops)-2), num(len(ops)-1)
			if string(tok.raw) == "TD" {
				gs.lead = -ty
			}
			tlm = matrix{1, 0, 0, 1, tx, ty}.mul(tlm)
			tm = tlm
		case "T*":
			tlm = matrix{1, 0, 0, 1, 0, -gs.lead}.mul(tlm)
			tm = tlm
		case "Tj":
			show(ops)
		case "'", "\"":
			tlm = matrix{1, 0, 0, 1, 0, -gs.lead}.mul(tlm)
			tm = tlm
			show(ops)
		case "TJ":
			show(ops)
		case "Do":
			if len(ops) > 0 && ops[len(ops)-1].kind == name {
				o := r.objs[r.names[string(ops[len(ops)-1].raw)]]
				if o != nil && o.stream != nil && bytes.Contains(o.dict, []byte("/Form")) {
					fm := identity
					if mm := matRe.FindSubmatch(o.dict); mm != nil {
						var v [6]float64
						if _, err := fmt.Sscan(string(mm[1]), &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]); err == nil {
							fm = matrix(v)
						}
					}
					if err := r.content(page, o.stream, fm.mul(gs.ctm), depth+1); err != nil {
						return err
					}
				}
			}
		case "BI":
			return fmt.Errorf("inline images are not read")
		}
		ops = ops[:0]
	}
}

type kind int

const (
	eof kind = iota
	number
	name
	str
	operator
	delim // [ ] << >> { }
)

type token struct {
	kind kind
	raw  []byte // names without the slash, strings decoded, operators as written
	num  float64
}

type tokenizer struct {
	data []byte
	i    int
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool { return bytes.IndexByte([]byte("()<>[]{}/%"), c) >= 0 }

func (t *tokenizer) next() (token, error) {
	d := t.data
	for t.i < len(d) {
		c := d[t.i]
		switch {
		case isSpace(c):
			t.i++
		case c == '%':
			for t.i < len(d) && d[t.i] != '\n' && d[t.i] != '\r' {
				t.i++
			}
		case c == '(':
			return t.literal()
		case c == '<' && t.i+1 < len(d) && d[t.i+1] == '<', c == '>' && t.i+1 < len(d) && d[t.i+1] == '>':
			t.i += 2
			return token{kind: delim}, nil
		case c == '<':
			end := bytes.IndexByte(d[t.i:], '>')
			if end < 0 {
				return token{}, fmt.Errorf("unterminated hex string")
			}
			hex := bytes.Map(func(r rune) rune {
				if isSpace(byte(r)) {
					return -1
				}
				return r
			}, d[t.i+1:t.i+end])
			if len(hex)%2 == 1 {
				hex = append(hex, '0')
			}
			out := make([]byte, len(hex)/2)
			for k := range out {
				v, err := strconv.ParseUint(string(hex[2*k:2*k+2]), 16, 8)
				if err != nil {
					return token{}, fmt.Errorf("bad hex string")
				}
				out[k] = byte(v)
			}
			t.i += end + 1
			return token{kind: str, raw: out}, nil
		case c == '[' || c == ']' || c == '{' || c == '}':
			t.i++
			return token{kind: delim}, nil
		case c == '/':
			s := t.i + 1
			t.i++
			for t.i < len(d) && !isSpace(d[t.i]) && !isDelim(d[t.i]) {
				t.i++
			}
			return token{kind: name, raw: d[s:t.i]}, nil
		default:
			s := t.i
			for t.i < len(d) && !isSpace(d[t.i]) && !isDelim(d[t.i]) {
				t.i++
			}
			if t.i == s { // a stray delimiter such as ')'
				t.i++
				continue
			}
			w := d[s:t.i]
			if v, err := strconv.ParseFloat(string(w), 64); err == nil {
				return token{kind: number, num: v}, nil
			}
			return token{kind: operator, raw: w}, nil
		}
	}
	return token{kind: eof}, nil
}

// literal reads a (…) string with its escapes and balanced parentheses.
func (t *tokenizer) literal() (token, error) {
	d := t.data
	t.i++
	depth := 1
	var out []byte
	for t.i < len(d) {
		c := d[t.i]
		t.i++
		switch c {
		case '\\':
			if t.i >= len(d) {
				break
			}
			e := d[t.i]
			t.i++
			switch e {
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case '\r', '\n':
				// line continuation
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && t.i < len(d) && d[t.i] >= '0' && d[t.i] <= '7'; k++ {
						v = v*8 + int(d[t.i]-'0')
						t.i++
					}
					out = append(out, byte(v))
				} else {
					out = append(out, e)
				}
			}
		case '(':
			depth++
			out = append(out, c)
		case ')':
			depth--
			if depth == 0 {
				return token{kind: str, raw: out}, nil
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return token{}, fmt.Errorf("unterminated string")
}
