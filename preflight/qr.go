package preflight

import (
	"image"
	"image/draw"
	"math"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/makiuchi-d/gozxing/qrcode/detector"
	"golang.org/x/image/vector"
)

// qrDPI is the resolution QR codes are decoded at: a print's.
const qrDPI = 300

// checkQR decodes every QR code of the page at the printed size: each
// dark path of many squares (how QR codes are drawn as vectors) is
// rasterized at 300 dpi with everything filled around and over it, and
// read; a code that does not decode is an error, one whose modules are
// smaller than 0.25 mm a warning (phones at 30 cm read 0.33 mm).
func (p *pageState) checkQR() {
	for _, qc := range p.qr {
		cand := qc.box
		// The quiet zone: three modules of a code 21 to 57 modules wide lie
		// within a quarter of its width around it.
		w := cand.x1 - cand.x0
		region := rect{cand.x0 - w/4, cand.y0 - w/4, cand.x1 + w/4, cand.y1 + w/4}
		// At a print's resolution, then finer, the code with what lies
		// around it; then the code on its quiet zone alone, read straight
		// off its module grid. One decoder's miss on one rasterization is
		// no unreadable code (zbar and phone cameras read what the others
		// show), so only a code none of them reads is reported.
		quiet := rect{cand.x0 - w/12, cand.y0 - w/12, cand.x1 + w/12, cand.y1 + w/12}
		var text string
		var modulePx float64
		ok := false
		dpi := 0.0
		for _, try := range []struct {
			dpi  float64
			area rect
			pure bool
		}{{qrDPI, region, false}, {1.5 * qrDPI, region, false}, {2 * qrDPI, region, false}, {qrDPI, quiet, true}, {2 * qrDPI, quiet, true}} {
			dpi = try.dpi
			if text, modulePx, ok = decodeQR(p.rasterize(try.area, try.dpi, qc.fill), try.pure); ok {
				break
			}
		}
		if !ok {
			p.c.problem(p.n, true, "QR-Code (%.0f × %.0f mm) %.0f mm von links, %.0f mm von oben: nicht lesbar", "QR code (%.0f × %.0f mm) %.0f mm from the left, %.0f mm from the top: does not decode",
				w/ptPerMM, (cand.y1-cand.y0)/ptPerMM, (cand.x0-p.trim.x0)/ptPerMM, (p.trim.y1-cand.y1)/ptPerMM)
			continue
		}
		if module := modulePx * 25.4 / dpi; modulePx > 0 && module < 0.25 {
			p.c.problem(p.n, false, "QR-Code „%s“: Module %.2f mm (Handys lesen ab 0,25 mm sicher)", "QR code %q: modules of %.2f mm (phones read 0.25 mm and more reliably)", text, module)
		}
	}
}

// qrCandidate is a dark path of many squares (how QR codes are drawn as
// vectors): its box and its index among the page's fills.
type qrCandidate struct {
	box  rect
	fill int
}

// rasterize paints the page's filled paths that meet the region, in order,
// in grey at dpi, on white — from the last fill before the code that
// covers the whole region (the code's quiet zone, its card's ground): what
// lies under that does not show.
func (p *pageState) rasterize(region rect, dpi float64, code int) *image.Gray {
	k := dpi / 72.0
	wpx, hpx := int(math.Ceil((region.x1-region.x0)*k)), int(math.Ceil((region.y1-region.y0)*k))
	if wpx <= 0 || hpx <= 0 || wpx*hpx > 64<<20 {
		return image.NewGray(image.Rect(0, 0, 1, 1))
	}
	img := image.NewGray(image.Rect(0, 0, wpx, hpx))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	from := 0
	for i := code; i >= 0; i-- {
		f := p.fills[i]
		if len(f.polys) == 1 && len(f.polys[0]) == 8 && f.box.contains(&region, 0) && f.clip.contains(&region, 0) && rectangular(f.polys[0]) {
			from = i
			break
		}
	}
	var r vector.Rasterizer
	for _, f := range p.fills[from:] {
		box := f.box.intersect(f.clip).intersect(region)
		if box.empty() {
			continue
		}
		// Device pixels of the path's box, y down from the region's top.
		x0, y0 := int(math.Floor((box.x0-region.x0)*k)), int(math.Floor((region.y1-box.y1)*k))
		x1, y1 := int(math.Ceil((box.x1-region.x0)*k)), int(math.Ceil((region.y1-box.y0)*k))
		if x1 <= x0 || y1 <= y0 {
			continue
		}
		r.Reset(x1-x0, y1-y0)
		for _, pl := range f.polys {
			for i := 0; i+1 < len(pl); i += 2 {
				x, y := float32((pl[i]-region.x0)*k-float64(x0)), float32((region.y1-pl[i+1])*k-float64(y0))
				if i == 0 {
					r.MoveTo(x, y)
				} else {
					r.LineTo(x, y)
				}
			}
			r.ClosePath()
		}
		// The coverage into an alpha mask (vector's fast path), then the
		// grey laid over what is there.
		mask := image.NewAlpha(image.Rect(0, 0, x1-x0, y1-y0))
		r.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
		lum := 255 * math.Max(0, math.Min(1, f.lum))
		for y := 0; y < y1-y0; y++ {
			if y+y0 < 0 || y+y0 >= hpx {
				continue
			}
			row := img.Pix[(y+y0)*img.Stride:]
			for x, a := range mask.Pix[y*mask.Stride : y*mask.Stride+x1-x0] {
				if a == 0 || x+x0 < 0 || x+x0 >= wpx {
					continue
				}
				k := float64(a) / 255
				row[x+x0] = uint8(float64(row[x+x0])*(1-k) + lum*k + 0.5)
			}
		}
	}
	return img
}

// decodeQR reads a QR code in an image: its text and its module size in
// pixels, as the finder patterns measure it. pure reads an image of the
// code alone on white.
func decodeQR(img *image.Gray, pure bool) (string, float64, bool) {
	src := gozxing.NewLuminanceSourceFromImage(img)
	reader := qrcode.NewQRCodeReader()
	for _, binarize := range []func(gozxing.LuminanceSource) gozxing.Binarizer{gozxing.NewHybridBinarizer, gozxing.NewGlobalHistgramBinarizer} {
		bmp, err := gozxing.NewBinaryBitmap(binarize(src))
		if err != nil {
			continue
		}
		hint := gozxing.DecodeHintType_TRY_HARDER
		if pure {
			hint = gozxing.DecodeHintType_PURE_BARCODE
		}
		res, err := reader.Decode(bmp, map[gozxing.DecodeHintType]interface{}{hint: true})
		if err != nil {
			continue
		}
		module, n := 0.0, 0
		for _, pt := range res.GetResultPoints() {
			if fp, ok := pt.(*detector.FinderPattern); ok {
				module += fp.GetEstimatedModuleSize()
				n++
			}
		}
		if n > 0 {
			module /= float64(n)
		}
		return res.GetText(), module, true
	}
	return "", 0, false
}

// rectangular reports whether four corners form an axis-aligned rectangle
// (a fill of one "re"), so its box is what it covers.
func rectangular(pl []float64) bool {
	xs, ys := map[float64]bool{}, map[float64]bool{}
	for i := 0; i+1 < len(pl); i += 2 {
		xs[math.Round(pl[i]*100)] = true
		ys[math.Round(pl[i+1]*100)] = true
	}
	return len(xs) == 2 && len(ys) == 2
}
