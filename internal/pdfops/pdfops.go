// Package pdfops reads the operators of PDF content streams: a lexer for
// operands and operators, and the transformation matrices they set. The
// preflight checks and the tests that read the kit's printed text share
// it, so the two readings of a page cannot disagree on what it says.
package pdfops

import (
	"math"
	"strconv"
)

// Matrix is a PDF transformation [a b c d e f].
type Matrix [6]float64

// Identity leaves points where they are.
var Identity = Matrix{1, 0, 0, 1, 0, 0}

// Mul is m then n (a point is transformed by m first), as cm and the
// text matrix compose.
func (m Matrix) Mul(n Matrix) Matrix {
	return Matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// Apply transforms the point (x, y).
func (m Matrix) Apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

// Scale is the matrix's mean linear scale (the square root of its area
// factor): for a uniform scale with rotation, exactly the factor by which
// it scales lengths (for text, the size).
func (m Matrix) Scale() float64 { return math.Sqrt(math.Abs(m[0]*m[3] - m[1]*m[2])) }

// Tokens splits a content stream into operands and operators; inline
// images (BI … ID … EI) are skipped.
func Tokens(content []byte) []Token {
	lex := lexer{data: content}
	var out []Token
	for {
		tok, ok := lex.next()
		if !ok {
			return out
		}
		if tok.Kind == Operator && tok.S == "BI" {
			lex.skipInlineImage()
			continue
		}
		out = append(out, tok)
	}
}

// lexer splits content into operands and operators.
type lexer struct {
	data []byte
	i    int
}

// Kind is what a token is.
type Kind int

const (
	Number   Kind = iota
	Name          // S without the slash
	String        // Bytes decoded: escapes of (…), digits of <…>
	Operator      // S as written
	Other         // [ ] << >> { }
)

// Token is one operand or operator of a content stream.
type Token struct {
	Kind  Kind
	Num   float64
	S     string
	Bytes []byte
}

func (l *lexer) next() (Token, bool) {
	d := l.data
	for l.i < len(d) {
		ch := d[l.i]
		switch {
		case isSpace(ch):
			l.i++
		case ch == '%':
			for l.i < len(d) && d[l.i] != '\n' && d[l.i] != '\r' {
				l.i++
			}
		case ch == '/':
			start := l.i + 1
			l.i++
			for l.i < len(d) && !isSpace(d[l.i]) && !isDelim(d[l.i]) {
				l.i++
			}
			return Token{Kind: Name, S: string(d[start:l.i])}, true
		case ch == '(':
			return Token{Kind: String, Bytes: l.literal()}, true
		case ch == '<' && l.i+1 < len(d) && d[l.i+1] == '<', ch == '>' && l.i+1 < len(d) && d[l.i+1] == '>':
			l.i += 2
			return Token{Kind: Other}, true
		case ch == '<':
			return Token{Kind: String, Bytes: l.hex()}, true
		case ch == '[' || ch == ']' || ch == '{' || ch == '}':
			l.i++
			return Token{Kind: Other}, true
		case ch == '+' || ch == '-' || ch == '.' || (ch >= '0' && ch <= '9'):
			start := l.i
			l.i++
			for l.i < len(d) && (d[l.i] == '.' || (d[l.i] >= '0' && d[l.i] <= '9')) {
				l.i++
			}
			return Token{Kind: Number, Num: parseNumber(d[start:l.i])}, true
		default:
			start := l.i
			for l.i < len(d) && !isSpace(d[l.i]) && !isDelim(d[l.i]) {
				l.i++
			}
			if l.i == start {
				l.i++
				continue
			}
			return Token{Kind: Operator, S: string(d[start:l.i])}, true
		}
	}
	return Token{}, false
}

// parseNumber reads a PDF number ([+-]digits[.digits]) without the
// general float parser: content streams are mostly numbers.
func parseNumber(b []byte) float64 {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	var ip, fp, scale float64 = 0, 0, 1
	dot := false
	for _, c := range b {
		switch {
		case c == '.':
			if dot {
				v, _ := strconv.ParseFloat(string(b), 64)
				return v
			}
			dot = true
		case dot:
			fp = fp*10 + float64(c-'0')
			scale *= 10
		default:
			ip = ip*10 + float64(c-'0')
		}
	}
	v := ip + fp/scale
	if neg {
		return -v
	}
	return v
}

func (l *lexer) literal() []byte {
	d := l.data
	var out []byte
	depth := 0
	for ; l.i < len(d); l.i++ {
		ch := d[l.i]
		switch ch {
		case '\\':
			l.i++
			if l.i >= len(d) {
				return out
			}
			switch e := d[l.i]; e {
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
			case '\n', '\r':
			default:
				if e >= '0' && e <= '7' {
					v := 0
					for k := 0; k < 3 && l.i < len(d) && d[l.i] >= '0' && d[l.i] <= '7'; k++ {
						v = v*8 + int(d[l.i]-'0')
						l.i++
					}
					l.i--
					out = append(out, byte(v))
				} else {
					out = append(out, e)
				}
			}
			continue
		case '(':
			depth++
			if depth == 1 {
				continue
			}
		case ')':
			depth--
			if depth == 0 {
				l.i++
				return out
			}
		}
		out = append(out, ch)
	}
	return out
}

func (l *lexer) hex() []byte {
	d := l.data
	l.i++
	var out []byte
	var hi = -1
	for ; l.i < len(d) && d[l.i] != '>'; l.i++ {
		v := hexVal(d[l.i])
		if v < 0 {
			continue
		}
		if hi < 0 {
			hi = v
		} else {
			out = append(out, byte(hi<<4|v))
			hi = -1
		}
	}
	if hi >= 0 {
		out = append(out, byte(hi<<4))
	}
	l.i++
	return out
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// skipInlineImage skips from after BI to after EI.
func (l *lexer) skipInlineImage() {
	d := l.data
	for l.i+2 < len(d) {
		if d[l.i] == 'E' && d[l.i+1] == 'I' && (l.i == 0 || isSpace(d[l.i-1])) && (l.i+2 == len(d) || isSpace(d[l.i+2])) {
			l.i += 2
			return
		}
		l.i++
	}
	l.i = len(d)
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}
