package press

import (
	"fmt"
	"math"
	"strconv"
)

// converter rewrites the colour operators of content streams.
type converter struct {
	colours Colours
	inks    map[[3]uint8]CMYK
}

func (cv *converter) ink(rgb [3]uint8) CMYK {
	if c, ok := cv.inks[rgb]; ok {
		return c
	}
	return cv.colours.Ink(rgb)
}

// stream rewrites one content stream: "r g b rg" and "v g" (fill) and
// their stroking forms RG and G become "c m y k k" and "K". Everything
// else is copied byte for byte; the tokenizer knows strings, names,
// arrays and dictionaries, so a number in a string or a name never
// counts as an operand. Colour spaces set by name (cs, scn) and inline
// images are refused: the kit's drawings never use them, and a stream
// with them would keep colours the pass did not convert.
func (cv *converter) stream(data []byte) ([]byte, error) {
	out := make([]byte, 0, len(data)+len(data)/8)
	type operand struct{ start, end int }
	var nums []operand // the numbers since the last operator
	copied := 0
	i := 0
	for i < len(data) {
		c := data[i]
		switch {
		case isSpace(c):
			i++
		case c == '%':
			for i < len(data) && data[i] != '\n' && data[i] != '\r' {
				i++
			}
		case c == '(':
			end, err := skipString(data, i)
			if err != nil {
				return nil, err
			}
			i, nums = end, nums[:0]
		case c == '<' && i+1 < len(data) && data[i+1] == '<', c == '>' && i+1 < len(data) && data[i+1] == '>':
			i, nums = i+2, nums[:0]
		case c == '<':
			for i < len(data) && data[i] != '>' {
				i++
			}
			i, nums = i+1, nums[:0]
		case c == '[' || c == ']' || c == '{' || c == '}':
			i, nums = i+1, nums[:0]
		case c == '/':
			i++
			for i < len(data) && !isSpace(data[i]) && !isDelim(data[i]) {
				i++
			}
			nums = nums[:0]
		case c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9'):
			start := i
			i++
			for i < len(data) && (data[i] == '.' || (data[i] >= '0' && data[i] <= '9')) {
				i++
			}
			nums = append(nums, operand{start, i})
		default:
			start := i
			for i < len(data) && !isSpace(data[i]) && !isDelim(data[i]) {
				i++
			}
			op := string(data[start:i])
			switch op {
			case "rg", "RG", "g", "G":
				want := 3
				if op == "g" || op == "G" {
					want = 1
				}
				if len(nums) < want {
					return nil, fmt.Errorf("Farbe %q ohne Werte", op)
				}
				args := nums[len(nums)-want:]
				var rgb [3]uint8
				for k := 0; k < 3; k++ {
					a := args[min(k, want-1)]
					v, err := strconv.ParseFloat(string(data[a.start:a.end]), 64)
					if err != nil {
						return nil, fmt.Errorf("Farbwert %q", data[a.start:a.end])
					}
					rgb[k] = uint8(math.Round(math.Max(0, math.Min(1, v)) * 255))
				}
				ink := cv.ink(rgb)
				out = append(out, data[copied:args[0].start]...)
				for _, v := range ink {
					out = strconv.AppendFloat(out, v, 'f', 3, 64)
					out = append(out, ' ')
				}
				if op == "rg" || op == "g" {
					out = append(out, 'k')
				} else {
					out = append(out, 'K')
				}
				copied = i
			case "cs", "CS", "sc", "SC", "scn", "SCN":
				return nil, fmt.Errorf("Farbraum-Operator %q wird nicht umgewandelt", op)
			case "BI", "ID":
				return nil, fmt.Errorf("Inline-Bild im Inhalt")
			}
			nums = nums[:0]
		}
	}
	return append(out, data[copied:]...), nil
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

// skipString returns the index after the literal string starting at i,
// with nested parentheses and escapes.
func skipString(data []byte, i int) (int, error) {
	depth := 0
	for ; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		}
	}
	return 0, fmt.Errorf("Zeichenkette ohne Ende")
}
