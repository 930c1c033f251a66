package layout

import (
	"fmt"
	"strings"
)

// Paper is a sheet size in mm, portrait.
type Paper struct {
	Name string
	W, H float64
}

// The papers druckreif prints on. Universal has A4's width and Letter's
// height, so one file prints unscaled on both.
var (
	A4        = Paper{"a4", 210, 297}
	Letter    = Paper{"letter", 215.9, 279.4}
	Universal = Paper{"universal", 210, 279.4}
	A3        = Paper{"a3", 297, 420}
	A2        = Paper{"a2", 420, 594}
)

// ParsePaper reads a --paper value.
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "a4", "":
		return A4, nil
	case "letter", "us-letter", "usletter":
		return Letter, nil
	case "universal", "uni":
		return Universal, nil
	}
	return Paper{}, fmt.Errorf("unbekanntes Papier %q (a4, letter, universal)", s)
}

// Print geometry, in mm. Home printers cannot print the outer ~5 mm, so
// everything that must be printed — crop marks included — stays inside
// PrintableMargin. Backgrounds run Bleed beyond the cut.
const (
	PrintableMargin = 5.0
	Bleed           = 3.0
	MarkOffset      = 0.5   // gap between the bleed's edge and a crop mark
	MinMark         = 5.0   // crop marks are at least this long …
	MaxMark         = 8.0   // … and at most this
	MarkWidth       = 0.15  // line width of crop marks
	FoldGap         = Bleed // gutterfold: a card's trim lies one bleed from the fold line
	// MarkSafeMargin is where crop marks stop when the sheet has room:
	// printers whose drivers keep a quarter inch (6.35 mm) free still
	// print them whole. Where the room is short they run on towards
	// PrintableMargin, never shorter than MinMark.
	MarkSafeMargin = 7.0
)

// Mode is how fronts and backs are arranged.
type Mode int

const (
	Duplex     Mode = iota // fronts and backs on alternating pages
	Gutterfold             // front and back side by side, fold in the middle
	Single                 // one card face per page with bleed and page boxes
)

func (m Mode) String() string { return [...]string{"duplex", "gutterfold", "single"}[m] }

// ParseMode reads a --layout value.
func ParseMode(s string) (Mode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "duplex", "":
		return Duplex, nil
	case "gutterfold", "falz", "fold":
		return Gutterfold, nil
	case "single", "einzeln":
		return Single, nil
	}
	return 0, fmt.Errorf("unbekanntes Layout %q (duplex, gutterfold, single)", s)
}

// Grid is where cards sit on a sheet.
type Grid struct {
	PageW, PageH float64 // oriented page size
	Landscape    bool
	Cols, Rows   int
	// CardW and CardH are a card's size as it lies on the sheet: for a
	// turned grid the card's height and width.
	CardW, CardH float64
	// Turned grids hold the cards a quarter turn round, where that puts
	// more on a sheet: fronts with their top towards the left edge of the
	// sheet, backs with theirs towards the right, so that a back lies the
	// right way up behind its front after the long-edge flip or the fold.
	Turned bool
	Gutter float64 // space between cards; 0 = butted with shared cuts
	X0, Y0 float64 // top-left trim corner of the first card
	// MarkX is the length of the crop marks at the left and right edges,
	// MarkY at the top and bottom; 0 means no marks there.
	MarkX, MarkY float64
	Fold         bool // gutterfold: fronts left of the fold, backs right
}

// PerSheet is how many cards one sheet holds.
func (g Grid) PerSheet() int { return g.Cols * g.Rows }

// CardPos is the top-left trim corner of the card in a cell.
func (g Grid) CardPos(col, row int) (x, y float64) {
	return g.X0 + float64(col)*(g.CardW+g.Gutter), g.Y0 + float64(row)*(g.CardH+g.Gutter)
}

// MirrorX is the x of the back of a card whose front is at x: mirrored
// about the page's vertical centre line (the long-edge flip, and the fold).
func (g Grid) MirrorX(x float64) float64 { return g.PageW - x - g.CardW }

// MaxGutter is the widest space between cards: wider leaves no second
// card on the sheet.
const MaxGutter = 30.0

// need is the space from the page edge to a card's trim that bleed and
// crop marks need, on each side.
func need() float64 { return PrintableMargin + Bleed + MarkOffset + MinMark }

// markLength is the length of the crop marks in a margin of m mm between
// the page edge and the trim: up to MarkSafeMargin from the edge where
// that leaves MinMark, else towards PrintableMargin.
func markLength(m float64) float64 {
	room := m - Bleed - MarkOffset
	return min(MaxMark, room-PrintableMargin, max(MinMark, room-MarkSafeMargin))
}

// PlanGrid fits as many cards of w × h mm as possible on the paper, in
// portrait or landscape, upright or turned, keeping bleed and crop marks
// (at least MinMark long) inside the printable area and centring the
// grid. On a tie it keeps the cards upright, then the sheet portrait.
// Gutterfold grids use half the page for fronts and mirror them into the
// other half.
func PlanGrid(p Paper, w, h, gutter float64, mode Mode) (Grid, error) {
	if !(gutter >= 0 && gutter <= MaxGutter) { // also NaN
		return Grid{}, fmt.Errorf("der Abstand zwischen den Karten (--gutter) muss 0 oder %.0f bis %.0f mm sein, nicht %g", 2*Bleed, MaxGutter, gutter)
	}
	if gutter > 0 && gutter < 2*Bleed {
		return Grid{}, fmt.Errorf("der Abstand zwischen den Karten (--gutter) muss mindestens %.0f mm sein, damit jede Karte ihren eigenen Anschnitt von %.0f mm hat", 2*Bleed, Bleed)
	}
	var best Grid
	for _, turned := range []bool{false, true} {
		for _, landscape := range []bool{false, true} {
			pw, ph := p.W, p.H
			if landscape {
				pw, ph = ph, pw
			}
			cw, ch := w, h
			if turned {
				cw, ch = h, w
			}
			g := Grid{PageW: pw, PageH: ph, Landscape: landscape, Turned: turned, CardW: cw, CardH: ch, Gutter: gutter, Fold: mode == Gutterfold}
			availW := pw - 2*need()
			if g.Fold {
				// Each half holds the cards between the outer margin and the fold.
				availW = pw/2 - need() - FoldGap
			}
			g.Cols = fit(availW, cw, gutter)
			g.Rows = fit(ph-2*need(), ch, gutter)
			if g.Cols < 1 || g.Rows < 1 {
				continue
			}
			gridW := span(g.Cols, cw, gutter)
			gridH := span(g.Rows, ch, gutter)
			if g.Fold {
				g.X0 = pw/2 - FoldGap - gridW
			} else {
				g.X0 = (pw - gridW) / 2
			}
			g.Y0 = (ph - gridH) / 2
			g.MarkX = markLength(g.X0)
			g.MarkY = markLength(g.Y0)
			// Prefer more cards; on a tie keep the first: upright, portrait.
			if g.PerSheet() > best.PerSheet() {
				best = g
			}
		}
	}
	if best.PerSheet() == 0 {
		return Grid{}, fmt.Errorf("eine Karte von %.0f × %.0f mm passt nicht mit Anschnitt und Schnittmarken auf %s", w, h, p.Name)
	}
	return best, nil
}

func fit(avail, size, gutter float64) int {
	if avail < size {
		return 0
	}
	return int((avail + gutter + 1e-9) / (size + gutter))
}

func span(n int, size, gutter float64) float64 {
	return float64(n)*size + float64(n-1)*gutter
}

// BackShift is how far the content of a back page is moved, in that
// page's own axes (x right, y down), to undo a printer's duplex shift.
// offset is the shift as read on the portrait calibration sheet
// (kalibrierung-duplex.pdf, page 1 against the light): how far the back's
// cross lies to the right (x) and below (y) the front's, in mm, seen from
// the front. On a portrait sheet, turned over sideways (long edge), the
// back is mirrored left to right, so its x runs the other way; turned over
// top to bottom (short edge), its y does. A landscape sheet is turned onto
// the portrait paper by the print dialog, a quarter turn anticlockwise
// (its top to the paper's left edge, as printers' drivers turn landscape
// pages), so the printer's shift lies along its other axes: the paper's
// right is the sheet's up, the paper's down the sheet's right.
func BackShift(offset [2]float64, landscape, shortEdge bool) (x, y float64) {
	dx, dy := offset[0], offset[1]
	switch {
	case !landscape && !shortEdge:
		return dx, -dy
	case !landscape:
		return -dx, dy
	case !shortEdge:
		return dy, dx
	default:
		return -dy, -dx
	}
}
