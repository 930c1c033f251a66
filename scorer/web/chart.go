package web

import (
	"fmt"
	"math"
	"strings"

	"druckreif/scorer"
)

// lineChart is a line chart as the server draws it into the page's SVG
// (templates/chart.html): no script, no chart library, no inline style —
// colours are SVG presentation attributes, everything else classes of
// app.css. Every line carries its player's symbol at each point, so the
// players are told apart without their colours too.
type lineChart struct {
	W, H   float64 // the viewBox, in CSS pixels at a phone's width
	Left   float64 // the plot's edges
	Right  float64
	Top    float64
	Bottom float64
	YTicks []chartTick
	XTicks []chartTick
	Series []chartSeries
	Label  string // the chart in words, for screen readers
	XTitle string
	// TitleX and TitleY place the x axis's title; TickX is where the y
	// ticks' labels end, TickY where the x ticks' labels stand.
	TitleX, TitleY, TickX, TickY float64
	// Zero is where the value 0 is, when the plot has values below it.
	Zero *float64
}

// chartTick is one labelled tick of an axis, at the position At.
type chartTick struct {
	At    float64
	Label string
}

// chartSeries is one player's line.
type chartSeries struct {
	Marker scorer.Marker
	Path   string // the line through the points, an SVG path
	// Points carry the player's symbol: every point, or on a long line
	// every few points and the last (symbols closer than about their
	// size would merge into one band).
	Points []chartPoint
	Shape  string // the player's symbol as an SVG path around 0,0
}

// maxSymbols is how many symbols a line carries at most.
const maxSymbols = 24

// chartPoint is one value of a line, where it is drawn and what it says.
type chartPoint struct {
	X, Y  float64
	Title string
}

// chartValue is one value of a series at position X (0, 1, 2 … on the
// x axis).
type chartValue struct {
	X     int
	V     int
	Title string
}

// symbolShapes are the palette's symbols as SVG paths around 0,0, about
// 11 px across: the shapes of the printed pieces.
var symbolShapes = map[string]string{
	"kreis":   "M-5 0a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z",
	"quadrat": "M-4.5-4.5h9v9h-9Z",
	"dreieck": "M0-5.8L5.4 4H-5.4Z",
	"raute":   "M0-6.2L6.2 0L0 6.2L-6.2 0Z",
	"stern":   starPath(6.4, 2.7),
	"kreuz":   "M-2-6h4v4h4v4h-4v4h-4v-4h-4v-4h4Z",
}

// starPath is a five-pointed star with the outer and inner radius.
func starPath(outer, inner float64) string {
	var b strings.Builder
	for i := range 10 {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := math.Pi/5*float64(i) - math.Pi/2
		cmd := "L"
		if i == 0 {
			cmd = "M"
		}
		fmt.Fprintf(&b, "%s%.2f %.2f", cmd, r*math.Cos(a), r*math.Sin(a))
	}
	b.WriteString("Z")
	return b.String()
}

// dodge is how far apart equal values of different lines are drawn, so
// that a line hidden under another still shows (the exact values are in
// the table beside every chart).
const dodge = 4.0

// newLineChart lays out the series (one per marker, values by x position
// 0 … n-1) on axes whose x ticks are labelled by xLabel (every few
// positions, so that the labels do not crowd).
func newLineChart(label, xTitle string, n int, xLabel func(i int) string, markers []scorer.Marker, values [][]chartValue) *lineChart {
	c := &lineChart{W: 360, H: 226, Left: 36, Right: 352, Top: 10, Bottom: 186, Label: label, XTitle: xTitle}
	c.TickX, c.TickY, c.TitleX, c.TitleY = c.Left-6, c.Bottom+16, (c.Left+c.Right)/2, c.H-4
	lo, hi := math.MaxInt, math.MinInt
	for _, vs := range values {
		for _, v := range vs {
			lo, hi = min(lo, v.V), max(hi, v.V)
		}
	}
	if lo > hi {
		lo, hi = 0, 1
	}
	lo, hi = min(lo, 0), max(hi, lo+1)
	step := niceStep(hi - lo)
	lo, hi = floorTo(lo, step), ceilTo(hi, step)
	y := func(v float64) float64 {
		return round1(c.Bottom - (v-float64(lo))/float64(hi-lo)*(c.Bottom-c.Top))
	}
	for v := lo; v <= hi; v += step {
		c.YTicks = append(c.YTicks, chartTick{At: y(float64(v)), Label: scorer.Signed(v)})
	}
	if lo < 0 {
		zero := y(0)
		c.Zero = &zero
	}
	x := func(i int) float64 {
		if n <= 1 {
			return (c.Left + c.Right) / 2
		}
		return round1(c.Left + 8 + float64(i)/float64(n-1)*(c.Right-c.Left-16))
	}
	every := max(1, int(math.Ceil(float64(n)/7)))
	for i := 0; i < n; i += every {
		c.XTicks = append(c.XTicks, chartTick{At: x(i), Label: xLabel(i)})
	}
	// Equal values at one position are spread apart, in the order of the
	// lines.
	spread := map[[2]int][]int{} // {x, value} → the series there
	for si, vs := range values {
		for _, v := range vs {
			spread[[2]int{v.X, v.V}] = append(spread[[2]int{v.X, v.V}], si)
		}
	}
	symbolEvery := max(1, int(math.Ceil(float64(n)/maxSymbols)))
	for si, vs := range values {
		s := chartSeries{Marker: markers[si], Shape: symbolShapes[markers[si].Symbol]}
		if s.Shape == "" {
			s.Shape = symbolShapes["kreis"]
		}
		var path strings.Builder
		for k, v := range vs {
			at := spread[[2]int{v.X, v.V}]
			off := 0.0
			for rank, other := range at {
				if other == si {
					off = (float64(rank) - float64(len(at)-1)/2) * dodge
				}
			}
			p := chartPoint{X: x(v.X), Y: round1(y(float64(v.V)) + off), Title: v.Title}
			cmd := "L"
			if k == 0 {
				cmd = "M"
			}
			fmt.Fprintf(&path, "%s%.1f %.1f", cmd, p.X, p.Y)
			if k%symbolEvery == 0 || k == len(vs)-1 {
				s.Points = append(s.Points, p)
			}
		}
		s.Path = path.String()
		c.Series = append(c.Series, s)
	}
	return c
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// niceStep is a tick step of 1, 2 or 5 times a power of ten that divides
// span into at most five steps.
func niceStep(span int) int {
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if span <= 5*m*p {
				return m * p
			}
		}
	}
}

func floorTo(v, step int) int {
	if v >= 0 {
		return v / step * step
	}
	return -ceilTo(-v, step)
}

func ceilTo(v, step int) int {
	if v <= 0 {
		return -floorTo(-v, step)
	}
	return (v + step - 1) / step * step
}
