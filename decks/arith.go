package decks

import (
	"errors"
	"math/big"
	"strings"
	"unicode"
)

// evaluate computes an arithmetic expression exactly, as a Kopfrechnen card
// writes it: whole or decimal numbers (decimal comma or point), + − · × * x
// : / ÷, parentheses, with the usual precedence (Punkt vor Strich) and left
// to right within a level. A trailing "=" is ignored.
func evaluate(expr string) (*big.Rat, error) {
	p := &arithParser{src: []rune(strings.TrimSuffix(strings.TrimSpace(expr), "="))}
	v, err := p.sum()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		return nil, errors.New("unerwartetes Zeichen „" + string(p.src[p.pos]) + "“")
	}
	return v, nil
}

type arithParser struct {
	src []rune
	pos int
}

func (p *arithParser) skipSpace() {
	for p.pos < len(p.src) && unicode.IsSpace(p.src[p.pos]) {
		p.pos++
	}
}

func (p *arithParser) peek() rune {
	p.skipSpace()
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *arithParser) sum() (*big.Rat, error) {
	v, err := p.product()
	if err != nil {
		return nil, err
	}
	for {
		switch p.peek() {
		case '+':
			p.pos++
			w, err := p.product()
			if err != nil {
				return nil, err
			}
			v.Add(v, w)
		case '-', '−', '–':
			p.pos++
			w, err := p.product()
			if err != nil {
				return nil, err
			}
			v.Sub(v, w)
		default:
			return v, nil
		}
	}
}

func (p *arithParser) product() (*big.Rat, error) {
	v, err := p.factor()
	if err != nil {
		return nil, err
	}
	for {
		switch p.peek() {
		case '*', '·', '×', 'x', 'X', '⋅':
			p.pos++
			w, err := p.factor()
			if err != nil {
				return nil, err
			}
			v.Mul(v, w)
		case ':', '/', '÷':
			p.pos++
			w, err := p.factor()
			if err != nil {
				return nil, err
			}
			if w.Sign() == 0 {
				return nil, errors.New("Division durch null")
			}
			v.Quo(v, w)
		default:
			return v, nil
		}
	}
}

func (p *arithParser) factor() (*big.Rat, error) {
	switch c := p.peek(); {
	case c == '(':
		p.pos++
		v, err := p.sum()
		if err != nil {
			return nil, err
		}
		if p.peek() != ')' {
			return nil, errors.New("schließende Klammer fehlt")
		}
		p.pos++
		return v, nil
	case c == '-' || c == '−':
		p.pos++
		v, err := p.factor()
		if err != nil {
			return nil, err
		}
		return v.Neg(v), nil
	case c >= '0' && c <= '9':
		start := p.pos
		for p.pos < len(p.src) && (p.src[p.pos] >= '0' && p.src[p.pos] <= '9' || p.src[p.pos] == ',' || p.src[p.pos] == '.') {
			p.pos++
		}
		lit := string(p.src[start:p.pos])
		lit = normalizeDecimal(lit)
		v, ok := new(big.Rat).SetString(lit)
		if !ok {
			return nil, errors.New("„" + string(p.src[start:p.pos]) + "“ ist keine Zahl")
		}
		return v, nil
	case c == 0:
		return nil, errors.New("die Aufgabe endet zu früh")
	default:
		return nil, errors.New("unerwartetes Zeichen „" + string(c) + "“")
	}
}

// normalizeDecimal turns "1.234,5" and "3,5" into "1234.5" and "3.5" for
// big.Rat; a lone point stays a decimal point ("3.5").
func normalizeDecimal(s string) string {
	if strings.Contains(s, ",") {
		return strings.ReplaceAll(strings.ReplaceAll(s, ".", ""), ",", ".")
	}
	if thousands.MatchString(s) {
		return strings.ReplaceAll(s, ".", "")
	}
	return s
}

// formatRat writes a result as a German reader expects: whole numbers as
// they are, fractions as decimals with a comma (up to six places).
func formatRat(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	s := strings.TrimRight(strings.TrimRight(r.FloatString(6), "0"), ".")
	return strings.ReplaceAll(s, ".", ",")
}
