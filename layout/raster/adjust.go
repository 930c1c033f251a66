package raster

import (
	"image"
	"math"
)

// Stroke adjustment, as poppler's Splash does it by default: a fill that
// is one axis-aligned rectangle, and every axis-aligned piece of a stroke
// (a rule, a rectangle's sides, a dash), has its edges moved to the
// nearest pixel boundary, at least one pixel apart — sharp lines instead
// of antialiased ones. Curves, slanted lines and text are not adjusted.

// axisRect is the extent of a polygon that is an axis-aligned rectangle.
func axisRect(pts [][2]float64) (x0, y0, x1, y1 float64, ok bool) {
	if len(pts) == 5 && pts[0] == pts[4] {
		pts = pts[:4]
	}
	if len(pts) != 4 {
		return 0, 0, 0, 0, false
	}
	x0, x1 = math.Min(pts[0][0], pts[2][0]), math.Max(pts[0][0], pts[2][0])
	y0, y1 = math.Min(pts[0][1], pts[2][1]), math.Max(pts[0][1], pts[2][1])
	if x0 == x1 || y0 == y1 {
		return 0, 0, 0, 0, false
	}
	for _, p := range pts {
		if (p[0] != x0 && p[0] != x1) || (p[1] != y0 && p[1] != y1) {
			return 0, 0, 0, 0, false
		}
	}
	// Opposite corners differ in both coordinates (no bow tie).
	if pts[0][0] == pts[2][0] || pts[0][1] == pts[2][1] || pts[1][0] == pts[3][0] || pts[1][1] == pts[3][1] {
		return 0, 0, 0, 0, false
	}
	return x0, y0, x1, y1, true
}

// snapEdges rounds an extent to pixel boundaries as Splash does (halves
// up), keeping at least one pixel.
func snapEdges(a, b float64) (int, int) {
	i0, i1 := int(math.Floor(a+0.5)), int(math.Floor(b+0.5))
	if i1 == i0 {
		i1++
	}
	return i0, i1
}

// snappedRect is a rectangle adjusted to whole pixels.
func snappedRect(x0, y0, x1, y1 float64) image.Rectangle {
	ix0, ix1 := snapEdges(x0, x1)
	iy0, iy1 := snapEdges(y0, y1)
	return image.Rect(ix0, iy0, ix1, iy1)
}

// rectPolyline is a rectangle of whole pixels as a path the scanner
// covers exactly (its far edges just inside the last pixel, as Splash
// draws them).
func rectPolyline(r image.Rectangle) polyline {
	x0, y0 := float64(r.Min.X), float64(r.Min.Y)
	x1, y1 := float64(r.Max.X)-0.01, float64(r.Max.Y)-0.01
	return polyline{pts: [][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, closed: true}
}

// adjustStroke snaps the axis-aligned pieces of a stroke's polygons.
func adjustStroke(polys []polyline) {
	for i, pl := range polys {
		if x0, y0, x1, y1, ok := axisRect(pl.pts); ok {
			polys[i] = rectPolyline(snappedRect(x0, y0, x1, y1))
		}
	}
}
