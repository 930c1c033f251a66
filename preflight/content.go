package preflight

import (
	"fmt"
	"math"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"druckreif/internal/pdfops"
)

// matrix and object are the content's transformations and tokens, as
// package pdfops reads them.
type (
	matrix = pdfops.Matrix
	object = pdfops.Token
)

var identity = pdfops.Identity

// rect is a rectangle in page points.
type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) empty() bool { return r.x1 <= r.x0 || r.y1 <= r.y0 }

func (r rect) contains(s *rect, eps float64) bool {
	return s.x0 >= r.x0-eps && s.y0 >= r.y0-eps && s.x1 <= r.x1+eps && s.y1 <= r.y1+eps
}

func (r rect) intersect(s rect) rect {
	return rect{math.Max(r.x0, s.x0), math.Max(r.y0, s.y0), math.Min(r.x1, s.x1), math.Min(r.y1, s.y1)}
}

func (r *rect) add(x, y float64) {
	r.x0, r.y0, r.x1, r.y1 = math.Min(r.x0, x), math.Min(r.y0, y), math.Max(r.x1, x), math.Max(r.y1, y)
}

func (r rect) mm() string {
	return fmt.Sprintf("%.1f × %.1f mm", (r.x1-r.x0)/ptPerMM, (r.y1-r.y0)/ptPerMM)
}

var noBox = rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
var everywhere = rect{math.Inf(-1), math.Inf(-1), math.Inf(1), math.Inf(1)}

// colour is a paint colour as the content set it.
type colour struct {
	space string     // "gray", "rgb", "cmyk", "other"
	v     [4]float64 // components
}

func (c colour) ink() (float64, bool) {
	switch c.space {
	case "gray":
		return 100 * (1 - c.v[0]), true
	case "cmyk":
		return 100 * (c.v[0] + c.v[1] + c.v[2] + c.v[3]), true
	}
	return 0, false
}

// luminance is the colour's lightness for rasterizing QR codes, 0–1.
func (c colour) luminance() float64 {
	switch c.space {
	case "gray":
		return c.v[0]
	case "rgb":
		return 0.299*c.v[0] + 0.587*c.v[1] + 0.114*c.v[2]
	case "cmyk":
		k := 1 - c.v[3]
		return 0.299*(1-c.v[0])*k + 0.587*(1-c.v[1])*k + 0.114*(1-c.v[2])*k
	}
	return 0.5
}

// gstate is the graphics state the checks need.
type gstate struct {
	ctm          matrix
	fill, stroke colour
	fillSpace    string // the colour space set by cs, for sc/scn
	strokeSpace  string
	lineWidth    float64
	clip         rect
	// text state
	font     *fontInfo
	fontName string
	size     float64
	hscale   float64
	rise     float64
	leading  float64
	charSp   float64
	wordSp   float64
	render   int
}

// fill is one filled path, kept for rasterizing QR codes.
type fillPath struct {
	polys [][]float64 // closed polygons, x, y pairs in page points
	lum   float64
	clip  rect
	box   rect
}

// pageState interprets one page's content.
type pageState struct {
	c            *checker
	n            int
	trim         rect
	inner        rect // the trim less the safe zone
	maxInk       float64
	minText      float64
	rgb          string // the first RGB colour met
	unembedded   map[string]bool
	safe         string // the first thing found in the safe zone
	fills        []fillPath
	qr           []qrCandidate // dark paths of many squares
	transparency string
}

func newPageState(c *checker, n int, trim *rect) *pageState {
	s := c.o.Safe * ptPerMM
	return &pageState{c: c, n: n, trim: *trim, inner: rect{trim.x0 + s, trim.y0 + s, trim.x1 - s, trim.y1 - s},
		unembedded: map[string]bool{}}
}

// run interprets a content stream with its resources, from a graphics
// state (nil: the page's initial one). depth bounds nested forms.
func (p *pageState) run(content []object, res types.Dict, ctm matrix, clip *rect, depth int) {
	if depth > 12 {
		return
	}
	gs := gstate{ctm: ctm, lineWidth: 1, hscale: 1, clip: everywhere,
		fill: colour{space: "gray"}, stroke: colour{space: "gray"}, fillSpace: "DeviceGray", strokeSpace: "DeviceGray"}
	if clip != nil {
		gs.clip = *clip
	}
	var stack []gstate
	var ops []object
	// The current path: its polygons in page space, its rectangles.
	var polys [][]float64
	var cur []float64
	rects := 0
	var pendingClip bool
	var tm, tlm matrix
	flush := func() {
		if len(cur) >= 4 {
			polys = append(polys, cur)
		}
		cur = nil
	}
	pathBox := func() rect {
		b := noBox
		for _, pl := range polys {
			for i := 0; i+1 < len(pl); i += 2 {
				b.add(pl[i], pl[i+1])
			}
		}
		for i := 0; i+1 < len(cur); i += 2 {
			b.add(cur[i], cur[i+1])
		}
		return b
	}
	endPath := func(fill, stroke bool) {
		flush()
		b := pathBox()
		if pendingClip && !b.empty() {
			gs.clip = gs.clip.intersect(b)
		}
		pendingClip = false
		if (fill || stroke) && !b.empty() {
			if stroke {
				w := gs.lineWidth * gs.ctm.Scale() / 2
				b = rect{b.x0 - w, b.y0 - w, b.x1 + w, b.y1 + w}
			}
			if fill {
				p.paint(gs.fill)
				p.fills = append(p.fills, fillPath{polys: polys, lum: gs.fill.luminance(), clip: gs.clip, box: b})
				if rects >= 21 && gs.fill.luminance() < 0.3 {
					p.qr = append(p.qr, qrCandidate{box: b.intersect(gs.clip), fill: len(p.fills) - 1})
				}
			}
			if stroke {
				p.paint(gs.stroke)
			}
			p.placed(b.intersect(gs.clip), false, "")
		}
		polys, cur, rects = nil, nil, 0
	}
	for _, tok := range content {
		if tok.Kind != pdfops.Operator {
			ops = append(ops, tok)
			continue
		}
		num := func(i int) float64 {
			if i < len(ops) && ops[i].Kind == pdfops.Number {
				return ops[i].Num
			}
			return 0
		}
		nums := func(k int) []float64 {
			out := make([]float64, 0, k)
			for _, o := range ops {
				if o.Kind == pdfops.Number {
					out = append(out, o.Num)
				}
			}
			if len(out) > k {
				out = out[len(out)-k:]
			}
			return out
		}
		pt := func(x, y float64) (float64, float64) { return gs.ctm.Apply(x, y) }
		switch tok.S {
		case "q":
			stack = append(stack, gs)
		case "Q":
			if len(stack) > 0 {
				gs, stack = stack[len(stack)-1], stack[:len(stack)-1]
			}
		case "cm":
			v := nums(6)
			if len(v) == 6 {
				gs.ctm = matrix{v[0], v[1], v[2], v[3], v[4], v[5]}.Mul(gs.ctm)
			}
		case "w":
			gs.lineWidth = num(0)
		case "m":
			flush()
			x, y := pt(num(0), num(1))
			cur = []float64{x, y}
		case "l":
			x, y := pt(num(0), num(1))
			cur = append(cur, x, y)
		case "c":
			v := nums(6)
			if len(v) == 6 && len(cur) >= 2 {
				x0, y0 := cur[len(cur)-2], cur[len(cur)-1]
				x1, y1 := pt(v[0], v[1])
				x2, y2 := pt(v[2], v[3])
				x3, y3 := pt(v[4], v[5])
				for k := 1; k <= 8; k++ {
					t := float64(k) / 8
					u := 1 - t
					cur = append(cur, u*u*u*x0+3*u*u*t*x1+3*u*t*t*x2+t*t*t*x3, u*u*u*y0+3*u*u*t*y1+3*u*t*t*y2+t*t*t*y3)
				}
			}
		case "v", "y":
			v := nums(4)
			if len(v) == 4 {
				x, y := pt(v[2], v[3])
				cur = append(cur, x, y)
			}
		case "h":
			flush()
		case "re":
			v := nums(4)
			if len(v) == 4 {
				flush()
				x0, y0 := pt(v[0], v[1])
				x1, y1 := pt(v[0]+v[2], v[1])
				x2, y2 := pt(v[0]+v[2], v[1]+v[3])
				x3, y3 := pt(v[0], v[1]+v[3])
				polys = append(polys, []float64{x0, y0, x1, y1, x2, y2, x3, y3})
				rects++
			}
		case "f", "F", "f*":
			endPath(true, false)
		case "S", "s":
			endPath(false, true)
		case "B", "B*", "b", "b*":
			endPath(true, true)
		case "n":
			endPath(false, false)
		case "W", "W*":
			pendingClip = true
		case "g":
			gs.fill = colour{space: "gray", v: [4]float64{num(0)}}
		case "G":
			gs.stroke = colour{space: "gray", v: [4]float64{num(0)}}
		case "rg":
			v := nums(3)
			gs.fill = colour{space: "rgb", v: [4]float64{at(v, 0), at(v, 1), at(v, 2)}}
			p.rgbOp(tok.S)
		case "RG":
			v := nums(3)
			gs.stroke = colour{space: "rgb", v: [4]float64{at(v, 0), at(v, 1), at(v, 2)}}
			p.rgbOp(tok.S)
		case "k":
			v := nums(4)
			gs.fill = colour{space: "cmyk", v: [4]float64{at(v, 0), at(v, 1), at(v, 2), at(v, 3)}}
		case "K":
			v := nums(4)
			gs.stroke = colour{space: "cmyk", v: [4]float64{at(v, 0), at(v, 1), at(v, 2), at(v, 3)}}
		case "cs", "CS":
			name := lastName(ops)
			space := p.colourSpace(name, res)
			if tok.S == "cs" {
				gs.fillSpace, gs.fill = space, colour{space: kindOf(space), v: [4]float64{0, 0, 0, 1}}
			} else {
				gs.strokeSpace, gs.stroke = space, colour{space: kindOf(space), v: [4]float64{0, 0, 0, 1}}
			}
		case "sc", "scn", "SC", "SCN":
			space := gs.fillSpace
			if tok.S == "SC" || tok.S == "SCN" {
				space = gs.strokeSpace
			}
			v := nums(4)
			col := colour{space: kindOf(space)}
			copy(col.v[:], v)
			if col.space == "gray" || col.space == "rgb" {
				n := 1
				if col.space == "rgb" {
					n = 3
				}
				copy(col.v[:], nums(n))
			}
			if tok.S == "sc" || tok.S == "scn" {
				gs.fill = col
			} else {
				gs.stroke = col
			}
		case "gs":
			p.extGState(lastName(ops), res)
		case "sh":
			p.colourSpaceOf(lastName(ops), res, "Shading")
		case "BT":
			tm, tlm = identity, identity
		case "Tf":
			gs.fontName = lastName(ops)
			gs.size = num(len(ops) - 1)
			gs.font = p.font(gs.fontName, res)
		case "Tz":
			gs.hscale = num(0) / 100
		case "Ts":
			gs.rise = num(0)
		case "TL":
			gs.leading = num(0)
		case "Tc":
			gs.charSp = num(0)
		case "Tw":
			gs.wordSp = num(0)
		case "Tr":
			gs.render = int(num(0))
		case "Td", "TD":
			tlm = matrix{1, 0, 0, 1, num(0), num(1)}.Mul(tlm)
			tm = tlm
			if tok.S == "TD" {
				gs.leading = -num(1)
			}
		case "Tm":
			v := nums(6)
			if len(v) == 6 {
				tlm = matrix{v[0], v[1], v[2], v[3], v[4], v[5]}
				tm = tlm
			}
		case "T*":
			tlm = matrix{1, 0, 0, 1, 0, -gs.leading}.Mul(tlm)
			tm = tlm
		case "Tj", "'", "\"", "TJ":
			if tok.S != "Tj" && tok.S != "TJ" {
				tlm = matrix{1, 0, 0, 1, 0, -gs.leading}.Mul(tlm)
				tm = tlm
			}
			tm = p.showText(ops, &gs, tm)
		case "Do":
			p.xobject(lastName(ops), res, gs, depth)
		}
		ops = ops[:0]
	}
}

func at(v []float64, i int) float64 {
	if i < len(v) {
		return v[i]
	}
	return 0
}

func lastName(ops []object) string {
	for i := len(ops) - 1; i >= 0; i-- {
		if ops[i].Kind == pdfops.Name {
			return ops[i].S
		}
	}
	return ""
}

func kindOf(space string) string {
	switch space {
	case "DeviceGray", "CalGray", "G":
		return "gray"
	case "DeviceRGB", "CalRGB", "RGB":
		return "rgb"
	case "DeviceCMYK", "CMYK":
		return "cmyk"
	}
	return "other"
}

func (p *pageState) rgbOp(op string) {
	if p.rgb == "" {
		p.rgb = fmt.Sprintf("Farboperator %s (DeviceRGB)", op)
	}
}

// colourSpace resolves a colour space name: the device spaces, or a
// resource of the page; an RGB one is reported.
func (p *pageState) colourSpace(name string, res types.Dict) string {
	switch name {
	case "DeviceGray", "DeviceCMYK", "Pattern":
		return name
	case "DeviceRGB":
		if p.rgb == "" {
			p.rgb = "Farbraum /DeviceRGB"
		}
		return name
	}
	x := p.c.x
	csd, _ := x.DereferenceDict(res["ColorSpace"])
	o, ok := csd[name]
	if !ok {
		return "other"
	}
	return p.spaceOf(o, name)
}

// spaceOf classifies a colour space object.
func (p *pageState) spaceOf(o types.Object, name string) string {
	x := p.c.x
	o, _ = x.Dereference(o)
	switch v := o.(type) {
	case types.Name:
		if string(v) == "DeviceRGB" && p.rgb == "" {
			p.rgb = "Farbraum /DeviceRGB (" + name + ")"
		}
		return string(v)
	case types.Array:
		if len(v) == 0 {
			return "other"
		}
		family, _ := x.Dereference(v[0])
		fn, _ := family.(types.Name)
		switch string(fn) {
		case "ICCBased":
			if len(v) > 1 {
				if sd, _, err := x.DereferenceStreamDict(v[1]); err == nil && sd != nil {
					if n := sd.IntEntry("N"); n != nil {
						switch *n {
						case 1:
							return "DeviceGray"
						case 3:
							if p.rgb == "" {
								p.rgb = "ICC-Farbraum mit 3 Kanälen (RGB) (" + name + ")"
							}
							return "DeviceRGB"
						case 4:
							return "DeviceCMYK"
						}
					}
				}
			}
		case "CalRGB", "Lab":
			if p.rgb == "" {
				p.rgb = "Farbraum /" + string(fn) + " (" + name + ")"
			}
			return "DeviceRGB"
		case "Separation", "DeviceN", "Indexed":
			// An alternate (or base) space in RGB is RGB colour too.
			idx := 2
			if string(fn) == "Indexed" {
				idx = 1
			}
			if len(v) > idx {
				p.spaceOf(v[idx], name)
			}
			return "other"
		}
		return string(fn)
	}
	return "other"
}

// colourSpaceOf checks the colour space of a shading or image resource.
func (p *pageState) colourSpaceOf(name string, res types.Dict, kind string) {
	x := p.c.x
	d, _ := x.DereferenceDict(res[kind])
	o, ok := d[name]
	if !ok {
		return
	}
	o, _ = x.Dereference(o)
	var dict types.Dict
	switch v := o.(type) {
	case types.Dict:
		dict = v
	case types.StreamDict:
		dict = v.Dict
	}
	if cs, ok := dict["ColorSpace"]; ok {
		p.spaceOf(cs, name)
	}
}

// extGState checks a graphics state for what PDF/X-1a forbids.
func (p *pageState) extGState(name string, res types.Dict) {
	x := p.c.x
	d, _ := x.DereferenceDict(res["ExtGState"])
	g, err := x.DereferenceDict(d[name])
	if err != nil || g == nil {
		return
	}
	if bm := g.NameEntry("BM"); bm != nil && *bm != "Normal" && *bm != "Compatible" {
		p.transparency = "Füllmethode /" + *bm
	}
	if sm, ok := g["SMask"]; ok {
		if n, isName := sm.(types.Name); !isName || n != "None" {
			p.transparency = "weiche Maske (SMask)"
		}
	}
	for _, k := range []string{"CA", "ca"} {
		if v, err := x.DereferenceNumber(g[k]); err == nil && g[k] != nil && v < 1 {
			p.transparency = fmt.Sprintf("Deckkraft %s %.2f", k, v)
		}
	}
}

// font finds a font resource (read once per file) and notes a font that
// is not embedded.
func (p *pageState) font(name string, res types.Dict) *fontInfo {
	x := p.c.x
	fonts, _ := x.DereferenceDict(res["Font"])
	ref, isRef := fonts[name].(types.IndirectRef)
	if isRef {
		if fi, ok := p.c.fonts[ref.ObjectNumber.Value()]; ok {
			p.noteFont(fi)
			return fi
		}
	}
	f, err := x.DereferenceDict(fonts[name])
	if err != nil || f == nil {
		return nil
	}
	fi := &fontInfo{dict: f, base: name}
	if b := f.NameEntry("BaseFont"); b != nil {
		fi.base = *b
	}
	desc := f
	st := f.NameEntry("Subtype")
	if st != nil && *st == "Type0" {
		kids, _ := x.DereferenceArray(f["DescendantFonts"])
		if len(kids) > 0 {
			if k, err := x.DereferenceDict(kids[0]); err == nil && k != nil {
				desc = k
			}
		}
	}
	if st != nil && *st == "Type3" {
		fi.embedded = true
	} else {
		fd, _ := x.DereferenceDict(desc["FontDescriptor"])
		for _, k := range []string{"FontFile", "FontFile2", "FontFile3"} {
			if _, ok := fd[k]; ok {
				fi.embedded = true
			}
		}
	}
	fi.two, fi.widths = p.c.fontWidths(f)
	if isRef {
		p.c.fonts[ref.ObjectNumber.Value()] = fi
	}
	p.noteFont(fi)
	return fi
}

func (p *pageState) noteFont(fi *fontInfo) {
	if !fi.embedded {
		p.unembedded[fi.base] = true
	}
}

// showText measures a text showing operator: its size, its box on the
// page; returns the text matrix after it.
func (p *pageState) showText(ops []object, gs *gstate, tm matrix) matrix {
	var strs []object
	for _, o := range ops {
		if o.Kind == pdfops.String {
			strs = append(strs, o)
		}
	}
	if gs.render == 3 || gs.render == 7 || len(strs) == 0 {
		// Invisible text (or a clip only): nothing printed.
		return tm
	}
	trm := matrix{gs.size * gs.hscale, 0, 0, gs.size, 0, gs.rise}.Mul(tm).Mul(gs.ctm)
	if size := gs.size * matrix(tm).Mul(gs.ctm).Scale(); size > 0 && (p.minText == 0 || size < p.minText) {
		p.minText = size
	}
	two := false
	var widths func(code int) float64
	if f := gs.font; f != nil {
		two, widths = f.two, f.widths
	}
	adv := 0.0
	text := ""
	for _, s := range strs {
		b := s.Bytes
		step := 1
		if two {
			step = 2
		}
		for i := 0; i+step <= len(b); i += step {
			code := int(b[i])
			if two {
				code = int(b[i])<<8 | int(b[i+1])
			}
			w := 0.5
			if widths != nil {
				w = widths(code) / 1000
			}
			adv += w*gs.size + gs.charSp
			if code == ' ' {
				adv += gs.wordSp
			}
			if code >= 0x20 && code < 0xFFFE {
				text += string(rune(code))
			}
		}
	}
	p.paint(gs.fill)
	box := noBox
	// The ink of Latin text: capitals and ascenders reach 0.75 em above
	// the baseline, descenders 0.22 em below (DejaVu: 0.73 and 0.24).
	for _, q := range [][2]float64{{0, -0.22}, {adv / gs.size, -0.22}, {0, 0.75}, {adv / gs.size, 0.75}} {
		x, y := trm.Apply(q[0], q[1])
		box.add(x, y)
	}
	p.placed(box.intersect(gs.clip), true, text)
	return matrix{1, 0, 0, 1, adv * gs.hscale, 0}.Mul(tm)
}

// xobject interprets a form (recursively) or places an image.
func (p *pageState) xobject(name string, res types.Dict, gs gstate, depth int) {
	f := p.c.xobject(name, res)
	if f == nil {
		return
	}
	if f.image {
		if f.space != nil {
			p.spaceOf(f.space, name)
		}
		box := noBox
		for _, q := range [][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			bx, by := gs.ctm.Apply(q[0], q[1])
			box.add(bx, by)
		}
		p.placed(box.intersect(gs.clip), false, "")
		return
	}
	ctm := f.matrix.Mul(gs.ctm)
	clip := gs.clip
	if v := f.bbox; v != nil {
		b := noBox
		for _, q := range [][2]float64{{v[0], v[1]}, {v[2], v[1]}, {v[0], v[3]}, {v[2], v[3]}} {
			bx, by := ctm.Apply(q[0], q[1])
			b.add(bx, by)
		}
		clip = clip.intersect(b)
	}
	fres := res
	if f.res != nil {
		fres = f.res
	}
	p.run(f.content, fres, ctm, &clip, depth+1)
}

// xobject reads an XObject resource, once per file.
func (c *checker) xobject(name string, res types.Dict) *form {
	x := c.x
	xd, _ := x.DereferenceDict(res["XObject"])
	ref, isRef := xd[name].(types.IndirectRef)
	if isRef {
		if f, ok := c.forms[ref.ObjectNumber.Value()]; ok {
			return f
		}
	}
	sd, _, err := x.DereferenceStreamDict(xd[name])
	if err != nil || sd == nil {
		return nil
	}
	st := sd.Dict.NameEntry("Subtype")
	if st == nil {
		return nil
	}
	f := &form{matrix: identity}
	switch *st {
	case "Image":
		f.image = true
		f.space = sd.Dict["ColorSpace"]
	case "Form":
		if err := sd.Decode(); err != nil {
			return nil
		}
		f.content = pdfops.Tokens(sd.Content)
		if a, err := x.DereferenceArray(sd.Dict["Matrix"]); err == nil && len(a) == 6 {
			for i := range f.matrix {
				f.matrix[i], _ = x.DereferenceNumber(a[i])
			}
		}
		if bb, err := x.DereferenceArray(sd.Dict["BBox"]); err == nil && len(bb) == 4 {
			var v [4]float64
			for i := range v {
				v[i], _ = x.DereferenceNumber(bb[i])
			}
			f.bbox = &v
		}
		if r, err := x.DereferenceDict(sd.Dict["Resources"]); err == nil && r != nil {
			f.res = r
		}
	default:
		return nil
	}
	if isRef {
		c.forms[ref.ObjectNumber.Value()] = f
	}
	return f
}

// paint records the ink of a colour painted with.
func (p *pageState) paint(c colour) {
	if ink, ok := c.ink(); ok && ink > p.maxInk {
		p.maxInk = ink
	}
}

// placed checks where something was painted: anything but background
// within the safe zone of the trim. Background is what reaches the trim
// (it runs into the bleed); text never is.
func (p *pageState) placed(b rect, isText bool, text string) {
	if p.safe != "" || b.empty() {
		return
	}
	const eps = 0.05
	t := p.trim
	if !isText && (b.x0 <= t.x0+eps || b.y0 <= t.y0+eps || b.x1 >= t.x1-eps || b.y1 >= t.y1-eps) {
		return // runs to the trim or beyond: background, or an element in the bleed
	}
	in := p.inner
	if b.x0 >= in.x0-eps && b.y0 >= in.y0-eps && b.x1 <= in.x1+eps && b.y1 <= in.y1+eps {
		return
	}
	if b.intersect(t).empty() {
		return // outside the trim altogether (in the bleed): cut away
	}
	d := math.Min(math.Min(b.x0-t.x0, b.y0-t.y0), math.Min(t.x1-b.x1, t.y1-b.y1)) / ptPerMM
	what := "Grafik"
	if isText {
		what = fmt.Sprintf("Text „%s“", shorten(text, 24))
	}
	p.safe = fmt.Sprintf("%s %.1f mm vom Beschnitt", what, math.Max(0, d))
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// finish reports the page's findings.
func (p *pageState) finish() {
	c := p.c
	x := c.rep.Standard != ""
	c.rep.Ink = append(c.rep.Ink, p.maxInk)
	c.rep.MinText = append(c.rep.MinText, p.minText)
	if p.rgb != "" {
		if x {
			c.problem(p.n, true, "RGB-Farbe im PDF/X: %s", "RGB colour in PDF/X: %s", p.rgb)
		} else {
			c.problem(p.n, true, "RGB-Farbe (%s): Druckereien verlangen CMYK", "RGB colour (%s): print shops ask for CMYK", p.rgb)
		}
	}
	if p.maxInk > c.o.MaxInk+0.05 {
		c.problem(p.n, true, "Farbauftrag %.0f %% (höchstens %.0f %%)", "total ink %.0f %% (at most %.0f %%)", p.maxInk, c.o.MaxInk)
	}
	for name := range p.unembedded {
		c.problem(p.n, true, "Schrift %s nicht eingebettet", "font %s not embedded", name)
	}
	if p.transparency != "" && strings1a(c.rep.Standard) {
		c.problem(p.n, true, "Transparenz (%s): PDF/X-1a erlaubt keine", "transparency (%s): PDF/X-1a allows none", p.transparency)
	}
	if p.minText > 0 && p.minText < c.o.MinText-0.005 {
		c.problem(p.n, false, "kleinster Text %.1f pt (unter %.1f pt)", "smallest text %.1f pt (below %.1f pt)", p.minText, c.o.MinText)
	}
	if p.safe != "" {
		c.problem(p.n, false, "im Sicherheitsabstand von %.0f mm: %s", "within the %.0f mm safe zone: %s", c.o.Safe, p.safe)
	}
	p.checkQR()
}

func strings1a(s string) bool { return len(s) >= 8 && s[:8] == "PDF/X-1a" }

// fontWidths returns whether a font's codes are two bytes, and its
// glyph widths in 1/1000 em.
func (c *checker) fontWidths(f types.Dict) (bool, func(int) float64) {
	x := c.x
	if st := f.NameEntry("Subtype"); st != nil && *st == "Type0" {
		kids, _ := x.DereferenceArray(f["DescendantFonts"])
		if len(kids) == 0 {
			return true, nil
		}
		k, err := x.DereferenceDict(kids[0])
		if err != nil || k == nil {
			return true, nil
		}
		dw := 1000.0
		if v, err := x.DereferenceNumber(k["DW"]); err == nil && k["DW"] != nil {
			dw = v
		}
		w := map[int]float64{}
		arr, _ := x.DereferenceArray(k["W"])
		for i := 0; i < len(arr); {
			first, err := x.DereferenceNumber(arr[i])
			if err != nil || i+1 >= len(arr) {
				break
			}
			next, _ := x.Dereference(arr[i+1])
			if list, ok := next.(types.Array); ok {
				for j, o := range list {
					v, _ := x.DereferenceNumber(o)
					w[int(first)+j] = v
				}
				i += 2
				continue
			}
			if i+2 >= len(arr) {
				break
			}
			last, _ := x.DereferenceNumber(arr[i+1])
			v, _ := x.DereferenceNumber(arr[i+2])
			for cid := int(first); cid <= int(last) && cid-int(first) < 1<<16; cid++ {
				w[cid] = v
			}
			i += 3
		}
		return true, func(code int) float64 {
			if v, ok := w[code]; ok {
				return v
			}
			return dw
		}
	}
	first := 0
	if v, err := x.DereferenceNumber(f["FirstChar"]); err == nil && f["FirstChar"] != nil {
		first = int(v)
	}
	ws, _ := x.DereferenceArray(f["Widths"])
	return false, func(code int) float64 {
		if i := code - first; i >= 0 && i < len(ws) {
			v, _ := x.DereferenceNumber(ws[i])
			return v
		}
		return 500
	}
}
