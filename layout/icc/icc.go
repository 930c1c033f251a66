// Package icc reads the CMYK output profiles of printing conditions (ICC
// profiles, as the ECI publishes ISO Coated v2 and print shops send their
// own) and converts colours through them: sRGB to CMYK through the
// profile's BToA table, CMYK back to sRGB through its AToB table. It reads
// the table types such profiles use — lut8 ('mft1'), lut16 ('mft2'),
// lutAtoB ('mAB ') and lutBtoA ('mBA ') — over a Lab or XYZ connection
// space, in pure Go.
package icc

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf16"
)

// Intent is a rendering intent: which of the profile's tables is used.
type Intent int

const (
	Perceptual Intent = iota
	RelativeColorimetric
	Saturation
)

// Profile is a parsed CMYK output profile.
type Profile struct {
	// Description is the profile's own name (its 'desc' tag), e.g.
	// "ISO Coated v2 (ECI)".
	Description string
	Version     uint8 // major version: 2 or 4
	pcsLab      bool  // the connection space is Lab (else XYZ)
	white       [3]float64
	toPCS       [3]*pipeline // AToB0..2: CMYK → PCS
	fromPCS     [3]*pipeline // BToA0..2: PCS → CMYK
}

// Errors of reading a profile name what is wrong in plain words; the
// command puts the file name in front.
var errNotCMYK = errors.New("kein CMYK-Ausgabeprofil (Farbraum ist nicht CMYK)")

// Parse reads an ICC profile. It must be an output (or colour space)
// profile of CMYK with at least one AToB and one BToA table.
func Parse(data []byte) (*Profile, error) {
	if len(data) < 132 || string(data[36:40]) != "acsp" {
		return nil, errors.New("keine ICC-Profildatei (Kennung „acsp“ fehlt)")
	}
	if size := binary.BigEndian.Uint32(data[0:4]); int(size) > len(data) || size < 132 {
		return nil, fmt.Errorf("ICC-Profil abgeschnitten (%d von %d Bytes)", len(data), size)
	}
	if string(data[16:20]) != "CMYK" {
		return nil, errNotCMYK
	}
	p := &Profile{Version: data[8], white: [3]float64{0.9642, 1, 0.8249}}
	switch string(data[20:24]) {
	case "Lab ":
		p.pcsLab = true
	case "XYZ ":
	default:
		return nil, fmt.Errorf("unbekannter Verbindungsfarbraum %q", data[20:24])
	}
	n := int(binary.BigEndian.Uint32(data[128:132]))
	if n > 1000 || 132+12*n > len(data) {
		return nil, errors.New("ICC-Profil: Tag-Tabelle unlesbar")
	}
	tags := map[string][]byte{}
	for i := 0; i < n; i++ {
		e := data[132+12*i:]
		sig := string(e[0:4])
		off, size := int(binary.BigEndian.Uint32(e[4:8])), int(binary.BigEndian.Uint32(e[8:12]))
		if off < 0 || size < 8 || off+size > len(data) || off+size < off {
			return nil, fmt.Errorf("ICC-Profil: Tag %q außerhalb der Datei", sig)
		}
		tags[sig] = data[off : off+size]
	}
	p.Description = description(tags["desc"])
	for i, sig := range []string{"A2B0", "A2B1", "A2B2"} {
		if t, ok := tags[sig]; ok {
			pl, err := parseLut(t, true, p.pcsLab)
			if err != nil {
				return nil, fmt.Errorf("ICC-Profil: %s: %w", sig, err)
			}
			if pl.in != 4 || pl.out != 3 {
				return nil, fmt.Errorf("ICC-Profil: %s bildet %d auf %d Kanäle ab, nicht CMYK auf 3", sig, pl.in, pl.out)
			}
			p.toPCS[i] = pl
		}
	}
	for i, sig := range []string{"B2A0", "B2A1", "B2A2"} {
		if t, ok := tags[sig]; ok {
			pl, err := parseLut(t, false, p.pcsLab)
			if err != nil {
				return nil, fmt.Errorf("ICC-Profil: %s: %w", sig, err)
			}
			if pl.in != 3 || pl.out != 4 {
				return nil, fmt.Errorf("ICC-Profil: %s bildet %d auf %d Kanäle ab, nicht 3 auf CMYK", sig, pl.in, pl.out)
			}
			p.fromPCS[i] = pl
		}
	}
	// A profile needs at least one table each way; missing intents fall
	// back to the perceptual one (AToB0/BToA0), as the ICC specification
	// says.
	if p.toPCS[0] == nil || p.fromPCS[0] == nil {
		return nil, errors.New("ICC-Profil ohne Tabellen AToB0/BToA0 (kein Ausgabeprofil)")
	}
	for i := 1; i < 3; i++ {
		if p.toPCS[i] == nil {
			p.toPCS[i] = p.toPCS[0]
		}
		if p.fromPCS[i] == nil {
			p.fromPCS[i] = p.fromPCS[0]
		}
	}
	if wt, ok := tags["wtpt"]; ok && len(wt) >= 20 && string(wt[0:4]) == "XYZ " {
		for i := range p.white {
			p.white[i] = s15f16(wt[8+4*i:])
		}
	}
	return p, nil
}

// description reads a 'desc' (v2 textDescriptionType) or 'mluc' (v4) tag.
func description(t []byte) string {
	if len(t) < 12 {
		return ""
	}
	switch string(t[0:4]) {
	case "desc":
		n := int(binary.BigEndian.Uint32(t[8:12]))
		if n <= 0 || 12+n > len(t) {
			return ""
		}
		return strings.TrimRight(string(t[12:12+n]), "\x00")
	case "mluc":
		count := int(binary.BigEndian.Uint32(t[8:12]))
		if count < 1 || len(t) < 28 {
			return ""
		}
		l, off := int(binary.BigEndian.Uint32(t[20:24])), int(binary.BigEndian.Uint32(t[24:28]))
		if off+l > len(t) || l%2 != 0 {
			return ""
		}
		u := make([]uint16, l/2)
		for i := range u {
			u[i] = binary.BigEndian.Uint16(t[off+2*i:])
		}
		return strings.TrimRight(string(utf16.Decode(u)), "\x00")
	}
	return ""
}

func s15f16(b []byte) float64 { return float64(int32(binary.BigEndian.Uint32(b))) / 65536 }

// ToLab converts a CMYK colour (each 0–1) to CIELAB (D50, relative to
// the paper's white for the colorimetric intent) through the AToB table.
func (p *Profile) ToLab(cmyk [4]float64, intent Intent) [3]float64 {
	pl := p.toPCS[intent]
	return p.decodePCS(pl.eval(cmyk[:]), pl)
}

// FromLab converts CIELAB (D50) to CMYK (each 0–1) through the BToA table.
func (p *Profile) FromLab(lab [3]float64, intent Intent) [4]float64 {
	v := p.fromPCS[intent].eval(p.encodePCS(lab, p.fromPCS[intent]))
	var out [4]float64
	for i := range out {
		out[i] = clamp01(v[i])
	}
	return out
}

// decodePCS turns a table's output (0–1 per channel) into Lab.
func (p *Profile) decodePCS(v []float64, pl *pipeline) [3]float64 {
	if p.pcsLab {
		scaleL, scaleAB := labScales(pl)
		return [3]float64{v[0] * scaleL, v[1]*scaleAB - 128, v[2]*scaleAB - 128}
	}
	// XYZ encoded as u1Fixed15: 1.0 is 0x8000 of 0xFFFF.
	x := [3]float64{v[0] * 65535 / 32768, v[1] * 65535 / 32768, v[2] * 65535 / 32768}
	return XYZToLab(x)
}

// labScales are the Lab encoding of a table: lut16 tables use the legacy
// 16-bit encoding (L* 100 at 0xFF00, a* and b* 0 at 0x8000); lut8 and v4's
// lutAtoB/lutBtoA tables put L* 100 at the top of the range and a*, b* 0
// at 128/255.
func labScales(pl *pipeline) (l, ab float64) {
	if pl.legacyLab {
		return 100 * 65535.0 / 65280, 255 * 65535.0 / 65280
	}
	return 100, 255
}

func (p *Profile) encodePCS(lab [3]float64, pl *pipeline) []float64 {
	if p.pcsLab {
		scaleL, scaleAB := labScales(pl)
		return []float64{clamp01(lab[0] / scaleL), clamp01((lab[1] + 128) / scaleAB), clamp01((lab[2] + 128) / scaleAB)}
	}
	x := LabToXYZ(lab)
	return []float64{clamp01(x[0] * 32768 / 65535), clamp01(x[1] * 32768 / 65535), clamp01(x[2] * 32768 / 65535)}
}

func clamp01(v float64) float64 {
	if v < 0 || math.IsNaN(v) {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}

// pipeline is one table of a profile, as the processing elements the ICC
// specification chains: for lut8/lut16 a matrix (XYZ input only), input
// curves, a multidimensional table and output curves; for lutAtoB
// A curves, table, M curves, matrix, B curves; lutBtoA the reverse.
type pipeline struct {
	in, out   int
	legacyLab bool
	steps     []func([]float64) []float64
}

func (pl *pipeline) eval(v []float64) []float64 {
	x := append([]float64(nil), v...)
	for _, s := range pl.steps {
		x = s(x)
	}
	return x
}

func parseLut(t []byte, toPCS, pcsLab bool) (*pipeline, error) {
	if len(t) < 32 {
		return nil, errors.New("Tabelle zu kurz")
	}
	switch string(t[0:4]) {
	case "mft1", "mft2":
		return parseMft(t, toPCS, pcsLab)
	case "mAB ", "mBA ":
		return parseMAB(t, string(t[0:4]) == "mAB ")
	}
	return nil, fmt.Errorf("Tabellentyp %q wird nicht unterstützt", t[0:4])
}

// parseMft reads lut8Type and lut16Type.
func parseMft(t []byte, toPCS, pcsLab bool) (*pipeline, error) {
	wide := string(t[0:4]) == "mft2"
	in, out, grid := int(t[8]), int(t[9]), int(t[10])
	if in < 1 || in > 8 || out < 1 || out > 8 || grid < 2 {
		return nil, fmt.Errorf("Tabelle mit %d Ein-, %d Ausgängen und %d Gitterpunkten", in, out, grid)
	}
	pl := &pipeline{in: in, out: out, legacyLab: wide}
	var matrix [9]float64
	for i := range matrix {
		matrix[i] = s15f16(t[12+4*i:])
	}
	inEntries, outEntries, pos, size := 256, 256, 48, 1
	if wide {
		if len(t) < 52 {
			return nil, errors.New("Tabelle zu kurz")
		}
		inEntries, outEntries = int(binary.BigEndian.Uint16(t[48:50])), int(binary.BigEndian.Uint16(t[50:52]))
		pos, size = 52, 2
		if inEntries < 2 || outEntries < 2 || inEntries > 4096 || outEntries > 4096 {
			return nil, errors.New("Kurvenlängen unmöglich")
		}
	}
	cells := 1
	for i := 0; i < in; i++ {
		cells *= grid
		if cells > 1<<24 {
			return nil, errors.New("Tabelle zu groß")
		}
	}
	need := pos + size*(in*inEntries+cells*out+out*outEntries)
	if need > len(t) {
		return nil, fmt.Errorf("Tabelle abgeschnitten (%d von %d Bytes)", len(t), need)
	}
	read := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			if wide {
				v[i] = float64(binary.BigEndian.Uint16(t[pos+2*i:])) / 65535
			} else {
				v[i] = float64(t[pos+i]) / 255
			}
		}
		pos += size * n
		return v
	}
	inCurves := make([][]float64, in)
	for i := range inCurves {
		inCurves[i] = read(inEntries)
	}
	table := read(cells * out)
	outCurves := make([][]float64, out)
	for i := range outCurves {
		outCurves[i] = read(outEntries)
	}
	if !toPCS && !pcsLab && in == 3 && matrix != [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1} {
		// The matrix applies to XYZ input only, in the encoded values.
		pl.steps = append(pl.steps, func(v []float64) []float64 {
			return []float64{
				clamp01(matrix[0]*v[0] + matrix[1]*v[1] + matrix[2]*v[2]),
				clamp01(matrix[3]*v[0] + matrix[4]*v[1] + matrix[5]*v[2]),
				clamp01(matrix[6]*v[0] + matrix[7]*v[1] + matrix[8]*v[2]),
			}
		})
	}
	grids := make([]int, in)
	for i := range grids {
		grids[i] = grid
	}
	pl.steps = append(pl.steps, tableCurves(inCurves), clut(grids, out, table), tableCurves(outCurves))
	return pl, nil
}

// tableCurves applies one sampled curve per channel, linearly
// interpolated.
func tableCurves(curves [][]float64) func([]float64) []float64 {
	return func(v []float64) []float64 {
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = sample(curves[i], x)
		}
		return out
	}
}

func sample(c []float64, x float64) float64 {
	x = clamp01(x) * float64(len(c)-1)
	i := int(x)
	if i >= len(c)-1 {
		return c[len(c)-1]
	}
	f := x - float64(i)
	return c[i] + f*(c[i+1]-c[i])
}

// clut interpolates a multidimensional table multilinearly. The first
// input channel varies slowest in the table, as the ICC lays them out.
func clut(grids []int, out int, table []float64) func([]float64) []float64 {
	in := len(grids)
	strides := make([]int, in)
	s := out
	for i := in - 1; i >= 0; i-- {
		strides[i] = s
		s *= grids[i]
	}
	return func(v []float64) []float64 {
		base := 0
		frac := make([]float64, in)
		step := make([]int, in)
		for i := 0; i < in; i++ {
			x := clamp01(v[i]) * float64(grids[i]-1)
			k := int(x)
			if k >= grids[i]-1 {
				k = grids[i] - 2
			}
			frac[i] = x - float64(k)
			base += k * strides[i]
			step[i] = strides[i]
		}
		res := make([]float64, out)
		for corner := 0; corner < 1<<in; corner++ {
			w, off := 1.0, base
			for i := 0; i < in; i++ {
				if corner&(1<<i) != 0 {
					w *= frac[i]
					off += step[i]
				} else {
					w *= 1 - frac[i]
				}
			}
			if w == 0 {
				continue
			}
			for o := 0; o < out; o++ {
				res[o] += w * table[off+o]
			}
		}
		return res
	}
}

// parseMAB reads lutAtoBType and lutBtoAType (v4 profiles).
func parseMAB(t []byte, aToB bool) (*pipeline, error) {
	in, out := int(t[8]), int(t[9])
	if in < 1 || in > 8 || out < 1 || out > 8 {
		return nil, fmt.Errorf("Tabelle mit %d Ein- und %d Ausgängen", in, out)
	}
	pl := &pipeline{in: in, out: out}
	off := func(at int) int { return int(binary.BigEndian.Uint32(t[at:])) }
	offB, offMatrix, offM, offCLUT, offA := off(12), off(16), off(20), off(24), off(28)
	curvesAt := func(at, n int) (func([]float64) []float64, error) {
		if at == 0 {
			return nil, nil
		}
		var cs []func(float64) float64
		for i := 0; i < n; i++ {
			c, size, err := parseCurve(t, at)
			if err != nil {
				return nil, err
			}
			cs = append(cs, c)
			at += (size + 3) &^ 3
		}
		return func(v []float64) []float64 {
			o := make([]float64, len(v))
			for i, x := range v {
				o[i] = clamp01(cs[i](clamp01(x)))
			}
			return o
		}, nil
	}
	var matrix func([]float64) []float64
	if offMatrix != 0 {
		if offMatrix+48 > len(t) {
			return nil, errors.New("Matrix außerhalb der Tabelle")
		}
		var m [12]float64
		for i := range m {
			m[i] = s15f16(t[offMatrix+4*i:])
		}
		matrix = func(v []float64) []float64 {
			return []float64{
				clamp01(m[0]*v[0] + m[1]*v[1] + m[2]*v[2] + m[9]),
				clamp01(m[3]*v[0] + m[4]*v[1] + m[5]*v[2] + m[10]),
				clamp01(m[6]*v[0] + m[7]*v[1] + m[8]*v[2] + m[11]),
			}
		}
	}
	var table func([]float64) []float64
	if offCLUT != 0 {
		if offCLUT+20 > len(t) {
			return nil, errors.New("Tabelle außerhalb")
		}
		clutIn := in
		if !aToB {
			clutIn = 3
		}
		grids := make([]int, clutIn)
		cells := 1
		for i := range grids {
			grids[i] = int(t[offCLUT+i])
			if grids[i] < 2 {
				return nil, errors.New("Gitter mit weniger als 2 Punkten")
			}
			cells *= grids[i]
		}
		prec := int(t[offCLUT+16])
		if prec != 1 && prec != 2 {
			return nil, fmt.Errorf("Tabellengenauigkeit %d", prec)
		}
		data := offCLUT + 20
		if data+prec*cells*out > len(t) {
			return nil, errors.New("Tabelle abgeschnitten")
		}
		vals := make([]float64, cells*out)
		for i := range vals {
			if prec == 2 {
				vals[i] = float64(binary.BigEndian.Uint16(t[data+2*i:])) / 65535
			} else {
				vals[i] = float64(t[data+i]) / 255
			}
		}
		table = clut(grids, out, vals)
	}
	mid := 3 // the M curves and matrix sit on the three PCS channels
	var aCurves, bCurves, mCurves func([]float64) []float64
	var err error
	aN, bN := in, out
	if !aToB {
		aN, bN = out, in
	}
	if aCurves, err = curvesAt(offA, aN); err != nil {
		return nil, err
	}
	if bCurves, err = curvesAt(offB, bN); err != nil {
		return nil, err
	}
	if mCurves, err = curvesAt(offM, mid); err != nil {
		return nil, err
	}
	order := []func([]float64) []float64{aCurves, table, mCurves, matrix, bCurves}
	if !aToB {
		order = []func([]float64) []float64{bCurves, matrix, mCurves, table, aCurves}
	}
	for _, s := range order {
		if s != nil {
			pl.steps = append(pl.steps, s)
		}
	}
	if bCurves == nil {
		return nil, errors.New("Tabelle ohne B-Kurven")
	}
	return pl, nil
}

// parseCurve reads a 'curv' or 'para' element at t[at:], returning it and
// its size in bytes.
func parseCurve(t []byte, at int) (func(float64) float64, int, error) {
	if at+12 > len(t) {
		return nil, 0, errors.New("Kurve außerhalb der Tabelle")
	}
	switch string(t[at : at+4]) {
	case "curv":
		n := int(binary.BigEndian.Uint32(t[at+8:]))
		if at+12+2*n > len(t) || n > 1<<16 {
			return nil, 0, errors.New("Kurve abgeschnitten")
		}
		switch n {
		case 0:
			return func(x float64) float64 { return x }, 12, nil
		case 1:
			g := float64(binary.BigEndian.Uint16(t[at+12:])) / 256
			return func(x float64) float64 { return math.Pow(x, g) }, 14, nil
		}
		c := make([]float64, n)
		for i := range c {
			c[i] = float64(binary.BigEndian.Uint16(t[at+12+2*i:])) / 65535
		}
		return func(x float64) float64 { return sample(c, x) }, 12 + 2*n, nil
	case "para":
		kind := int(binary.BigEndian.Uint16(t[at+8:]))
		counts := []int{1, 3, 4, 5, 7}
		if kind > 4 || at+12+4*counts[kind] > len(t) {
			return nil, 0, errors.New("parametrische Kurve unlesbar")
		}
		var p [7]float64
		for i := 0; i < counts[kind]; i++ {
			p[i] = s15f16(t[at+12+4*i:])
		}
		g, a, b, c, d, e, f := p[0], p[1], p[2], p[3], p[4], p[5], p[6]
		pow := func(x float64) float64 {
			if x <= 0 {
				return 0
			}
			return math.Pow(x, g)
		}
		size := 12 + 4*counts[kind]
		switch kind {
		case 0:
			return pow, size, nil
		case 1:
			return func(x float64) float64 {
				if x >= -b/a {
					return pow(a*x + b)
				}
				return 0
			}, size, nil
		case 2:
			return func(x float64) float64 {
				if x >= -b/a {
					return pow(a*x+b) + c
				}
				return c
			}, size, nil
		case 3:
			return func(x float64) float64 {
				if x >= d {
					return pow(a*x + b)
				}
				return c * x
			}, size, nil
		default:
			return func(x float64) float64 {
				if x >= d {
					return pow(a*x+b) + e
				}
				return c*x + f
			}, size, nil
		}
	}
	return nil, 0, fmt.Errorf("Kurventyp %q", t[at:at+4])
}
