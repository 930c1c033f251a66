package preflight

import (
	"image"
	"image/color"
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
	for _, cand := range p.qr {
		// The quiet zone: three modules of a code 21 to 57 modules wide lie
		// within a quarter of its width around it.
		w := cand.x1 - cand.x0
		region := rect{cand.x0 - w/4, cand.y0 - w/4, cand.x1 + w/4, cand.y1 + w/4}
		// At a print's resolution, then finer: one decoder's miss on one
		// rasterization is no unreadable code (zbar and phone cameras read
		// what the finer ones show).
		var text string
		var modulePx float64
		ok := false
		dpi := 0.0
		for _, dpi = range []float64{qrDPI, 1.5 * qrDPI, 2 * qrDPI} {
			if text, modulePx, ok = decodeQR(p.rasterize(region, dpi)); ok {
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

// rasterize paints the page's filled paths that meet the region, in order,
// in grey at dpi, on white.
func (p *pageState) rasterize(region rect, dpi float64) *image.Gray {
	k := dpi / 72.0
	wpx, hpx := int(math.Ceil((region.x1-region.x0)*k)), int(math.Ceil((region.y1-region.y0)*k))
	if wpx <= 0 || hpx <= 0 || wpx*hpx > 64<<20 {
		return image.NewGray(image.Rect(0, 0, 1, 1))
	}
	img := image.NewGray(image.Rect(0, 0, wpx, hpx))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	var r vector.Rasterizer
	for _, f := range p.fills {
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
		src := image.NewUniform(color.Gray{Y: uint8(math.Round(255 * math.Max(0, math.Min(1, f.lum))))})
		r.Draw(img, image.Rect(x0, y0, x1, y1), src, image.Point{})
	}
	return img
}

// decodeQR reads a QR code in an image: its text and its module size in
// pixels, as the finder patterns measure it.
func decodeQR(img *image.Gray) (string, float64, bool) {
	src := gozxing.NewLuminanceSourceFromImage(img)
	reader := qrcode.NewQRCodeReader()
	for _, binarize := range []func(gozxing.LuminanceSource) gozxing.Binarizer{gozxing.NewHybridBinarizer, gozxing.NewGlobalHistgramBinarizer} {
		bmp, err := gozxing.NewBinaryBitmap(binarize(src))
		if err != nil {
			continue
		}
		res, err := reader.Decode(bmp, map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_TRY_HARDER: true})
		if err != nil {
			// The code alone on its quiet zone, as a vector drawing gives it:
			// read its modules straight off the grid.
			res, err = reader.Decode(bmp, map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_PURE_BARCODE: true})
		}
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
