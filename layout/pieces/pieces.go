// Package pieces prints punch-out components — chips, tiles, small cards,
// stand-ups — as sheets of pieces, each with its own cut line and a gap to
// the next, so no cut ever runs through a neighbour. Two-sided pieces get
// a back page mirrored for long-edge duplex printing.
package pieces

import (
	"fmt"

	"druckreif/layout"
)

// Piece is one component to cut out.
type Piece struct {
	Name   string  // e.g. "Einsatzchip Rot 3"
	W, H   float64 // mm
	Round  bool    // a disc of diameter W
	Corner float64 // corner radius of a rectangular piece
	// Outline, when set, is the cut line as a closed polygon of x, y pairs
	// in the piece's millimetres, for shapes other than rectangles and
	// discs (a divider with a tab); W × H is its bounding box.
	Outline []float64
	Front   func(c *layout.Canvas)
	Back    func(c *layout.Canvas) // nil: one-sided
	// Edge and BackEdge are the colours at the edge of the front and the
	// back, which their bleed continues beyond the cut: the back's
	// BackBleed on a home printer's sheet, and for a print shop the 3 mm
	// of both sides. Not set: white.
	Edge, BackEdge layout.Color
	// Stand, when set, is the geometry of a fold-over stand-up.
	Stand *Stand
	// NewRow starts a new row of the sheet with this piece, so that the
	// straight cuts along the row before it (square chips) run across the
	// whole sheet without entering it.
	NewRow bool
}

// Stand is a fold-over stand-up's strip, from top to bottom: a foot, the
// back panel (upside down), the front panel, a foot. Folded at the head,
// the panels are glued back to back and the feet bent outwards, one to the
// front and one to the back: the figure stands on a double base of W ×
// 2·Foot with its panels over the middle.
type Stand struct {
	Panel, Foot float64
}

// Gap is the space between neighbouring pieces: each has its own cut line
// with room for the scissors.
const Gap = 3.0

// BackBleed is how much larger than its front a back is printed on every
// side: a duplex shift of up to this much still puts the back's colour
// behind the whole front.
const BackBleed = 2.0

// GapFor is the space between pieces on the sheets of these pieces: on
// two-sided sheets room for both neighbours' back bleed. One-sided
// rectangles of one size and one edge colour (square chips) are butted
// instead: neighbours share their cuts, and a cut a little off shows the
// same colour.
func GapFor(pieces []Piece) float64 {
	for _, pc := range pieces {
		if pc.Back != nil {
			return max(Gap, 2*BackBleed)
		}
	}
	if butted(pieces) {
		return 0
	}
	return Gap
}

func butted(pieces []Piece) bool {
	if len(pieces) < 2 {
		return false
	}
	first := pieces[0]
	for _, pc := range pieces {
		if pc.Round || pc.Corner > 0 || len(pc.Outline) > 0 || pc.W != first.W || pc.H != first.H || pc.Edge != first.Edge || !pc.Edge.Set {
			return false
		}
	}
	return true
}

// Placement is where a piece sits on a page.
type Placement struct {
	Piece *Piece
	Page  int // 0-based sheet
	X, Y  float64
}

// Layout shelves pieces onto sheets in the order given, inside the
// printable area, leaving room at the top for a title.
func Layout(p layout.Paper, pieces []Piece) ([]Placement, int) {
	const top = layout.PrintableMargin + 12
	left := layout.PrintableMargin + 2
	right := p.W - layout.PrintableMargin - 2
	bottom := p.H - layout.PrintableMargin - 2
	gap := GapFor(pieces)
	var out []Placement
	page, x, y, rowH := 0, left, top, 0.0
	for i := range pieces {
		pc := &pieces[i]
		if x+pc.W > right || (pc.NewRow && x > left) {
			x, y, rowH = left, y+rowH+gap, 0
		}
		if y+pc.H > bottom {
			page, x, y, rowH = page+1, left, top, 0
		}
		out = append(out, Placement{Piece: pc, Page: page, X: x, Y: y})
		x += pc.W + gap
		rowH = max(rowH, pc.H)
	}
	return out, page + 1
}

// Sheets renders the pieces: per sheet a front page and, when any piece on
// it has a back, a back page with each back mirrored behind its front
// (portrait, long edge), moved against the printer's duplex shift
// backOffset as read on the calibration sheet (layout.BackShift).
// notes is printed under the title of every front page.
func Sheets(p layout.Paper, title, notes string, pieces []Piece, backOffset [2]float64) ([]byte, int, error) {
	sx, sy := layout.BackShift(backOffset, false, false)
	places, sheets := Layout(p, pieces)
	var draws []func(*layout.Canvas) error
	pages := 0
	for s := 0; s < sheets; s++ {
		var onSheet []Placement
		twoSided := false
		for _, pl := range places {
			if pl.Page == s {
				onSheet = append(onSheet, pl)
				twoSided = twoSided || pl.Piece.Back != nil
			}
		}
		s := s
		draws = append(draws, func(c *layout.Canvas) error {
			head := title
			if sheets > 1 {
				head += fmt.Sprintf(" · Blatt %d/%d", s+1, sheets)
			}
			c.Text(layout.PrintableMargin+2, layout.PrintableMargin+1, head, "B", 11, layout.Black, layout.Left)
			c.Text(layout.PrintableMargin+2, layout.PrintableMargin+6.5, notes, "", 7, layout.RGB(70, 70, 70), layout.Left)
			if butted(pieces) {
				// Butted pieces share their cuts; their edge colour runs
				// on round the block, so the outer cuts forgive too.
				for _, pl := range onSheet {
					pc := pl.Piece
					c.Rect(pl.X-BackBleed, pl.Y-BackBleed, pc.W+2*BackBleed, pc.H+2*BackBleed, pc.Edge)
				}
			}
			for _, pl := range onSheet {
				pc := pl.Piece
				if pc.Front != nil {
					pc.Front(c.Sub(pl.X, pl.Y, pc.W, pc.H))
				}
				cut(c, pc, pl.X, pl.Y, false)
			}
			return nil
		})
		pages++
		if twoSided {
			draws = append(draws, func(c *layout.Canvas) error {
				c.Text(p.W-layout.PrintableMargin-2, layout.PrintableMargin+1, "Rückseiten · backs (lange Kante wenden)", "", 8, layout.RGB(70, 70, 70), layout.Right)
				for _, pl := range onSheet {
					pc := pl.Piece
					if pc.Back == nil {
						continue
					}
					x := p.W - pl.X - pc.W + sx // long-edge flip: mirrored left to right
					y := pl.Y + sy
					backBleed(c, pc, x, y)
					pc.Back(c.Sub(x, y, pc.W, pc.H))
				}
				return nil
			})
			pages++
		}
	}
	twoSided := false
	for _, pc := range pieces {
		twoSided = twoSided || pc.Back != nil
	}
	if twoSided {
		data, err := layout.PagesDuplex(p.W, p.H, title, draws)
		return data, pages, err
	}
	data, err := layout.Pages(p.W, p.H, title, draws)
	return data, pages, err
}

// backBleed paints a back's bleed: its edge colour BackBleed beyond the
// piece on every side — a disc for round pieces, a square-cornered
// rectangle for all others, so rounded corners cut from the front show
// the back's colour too.
func backBleed(c *layout.Canvas, pc *Piece, x, y float64) {
	if !pc.BackEdge.Set {
		return
	}
	if pc.Round {
		c.Circle(x+pc.W/2, y+pc.H/2, pc.W/2+BackBleed, pc.BackEdge, layout.Color{}, 0)
		return
	}
	c.Rect(x-BackBleed, y-BackBleed, pc.W+2*BackBleed, pc.H+2*BackBleed, pc.BackEdge)
}

// ShopPages are the pieces for a print shop: each piece a page of its own,
// its front, then its back where it has one, each with its edge colour as
// bleed, no cut line (the trim box is the cut).
func ShopPages(pcs []Piece) []layout.ShopPage {
	var out []layout.ShopPage
	for i := range pcs {
		pc := &pcs[i]
		out = append(out, layout.ShopPage{Label: pc.Name, W: pc.W, H: pc.H, Ground: pc.Edge, Draw: drawing(pc.Front)})
		if pc.Back != nil {
			out = append(out, layout.ShopPage{Label: pc.Name + " (Rückseite)", W: pc.W, H: pc.H, Ground: pc.BackEdge, Draw: drawing(pc.Back)})
		}
	}
	return out
}

func drawing(draw func(*layout.Canvas)) func(*layout.Canvas) error {
	return func(c *layout.Canvas) error {
		if draw != nil {
			draw(c)
		}
		return nil
	}
}

// cut draws a piece's cut line at (x, y), on the front.
func cut(c *layout.Canvas, pc *Piece, x, y float64, mirrored bool) {
	if len(pc.Outline) < 6 {
		c.Cut(x, y, pc.W, pc.H, pc.Corner, pc.Round)
		return
	}
	xy := make([]float64, 0, len(pc.Outline)+2)
	for i := 0; i+1 < len(pc.Outline); i += 2 {
		px := pc.Outline[i]
		if mirrored {
			px = pc.W - px
		}
		xy = append(xy, x+px, y+pc.Outline[i+1])
	}
	xy = append(xy, xy[0], xy[1])
	c.Polyline(0.2, layout.RGB(90, 90, 90), xy...)
}
