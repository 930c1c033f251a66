package maze

import (
	"fmt"

	"druckreif/layout"
)

// The A2 board tiled across A4 or Letter sheets: three columns of three
// rows, cut along straight lines.
//
// Earlier the seams followed the maze's walls so that no field was cut;
// but nine jigsaw outlines cut by hand show every wobble, while a straight
// cut is easy to do well and to align. A field a seam crosses is fine: its
// halves meet again when the sheets are printed at 100 % and laid on the
// alignment marks. Every tile but the last of its row and column carries a
// glue strip beyond its right and bottom seam; the next tiles, cut exactly
// along their left and top seams, go on top, row by row from the top left.
const (
	tileRows = 3
	tileCols = 3
	// Overlap is the width of a glue strip beyond a seam.
	Overlap = 10.0
	// sheetMargin is kept free around a tile on its sheet: printers
	// print to about 5 mm of the edge, and the margin carries the tile's
	// label, the note which edge goes on top and the scale bar.
	sheetMargin = 8.0
	// ScaleBar is the length of the bar printed beside every tile: a sheet
	// printed at other than 100 % shows on the first tile.
	ScaleBar = 100.0
	// markArm is how far an alignment mark reaches to each side of its
	// seam.
	markArm = 6.0
)

// Tile is one sheet's part of the board, in A2 board mm.
type Tile struct {
	Row, Col int
	// Region is the part of the board this tile shows once glued; Window
	// adds the glue strips the later tiles cover, and is what the sheet
	// prints.
	Region, Window box
}

// Name is the tile's place on the board: its column A–C and row 1–3,
// as on a map ("B2").
func (t Tile) Name() string { return fmt.Sprintf("%c%d", 'A'+t.Col, t.Row+1) }

// Seam is a straight cut between two tiles: the line From–To on the
// board, Under the tile whose glue strip lies beyond it, Over the tile cut
// exactly along it and laid on top.
type Seam struct {
	From, To    xy
	Under, Over int // indices into Tiling.Tiles
	// Marks are where alignment marks cross the seam, each reaching
	// markArm to both sides: printed on both tiles, the two halves of a
	// mark make one straight line when the tiles lie right.
	Marks []xy
}

// Vertical reports whether the seam runs from top to bottom.
func (s Seam) Vertical() bool { return s.From.X == s.To.X }

// Tiling is the board cut into tiles for one paper.
type Tiling struct {
	Sheet layout.Paper
	Rows  int
	Cols  int
	Tiles []Tile // in gluing order, row by row from the top left
	// ColX are the x of the column seams, RowY the y of the row seams.
	ColX [tileCols - 1]float64
	RowY [tileRows - 1]float64
	// Seams are every seam between two neighbouring tiles.
	Seams []Seam
}

// Tile returns the tile at a row and column.
func (t *Tiling) Tile(r, c int) *Tile { return &t.Tiles[r*t.Cols+c] }

// PlanTiles cuts the A2 plan's board into equal tiles for a sheet.
func PlanTiles(p *Plan, sheet layout.Paper) (*Tiling, error) {
	W, H := p.Paper.W, p.Paper.H
	maxW, maxH := sheet.W-2*sheetMargin, sheet.H-2*sheetMargin
	t := &Tiling{Sheet: sheet, Rows: tileRows, Cols: tileCols}
	tw, th := W/tileCols, H/tileRows
	if tw+Overlap > maxW || th+Overlap > maxH {
		return nil, fmt.Errorf("Kacheln: %.0f × %.0f mm mit Klebestreifen passen nicht auf %s (%.0f × %.0f mm)", tw+Overlap, th+Overlap, sheet.Name, maxW, maxH)
	}
	for c := range t.ColX {
		t.ColX[c] = float64(c+1) * tw
	}
	for r := range t.RowY {
		t.RowY[r] = float64(r+1) * th
	}
	for r := 0; r < tileRows; r++ {
		for c := 0; c < tileCols; c++ {
			reg := box{float64(c) * tw, float64(r) * th, float64(c+1) * tw, float64(r+1) * th}
			win := reg
			if c < tileCols-1 {
				win.X1 += Overlap
			}
			if r < tileRows-1 {
				win.Y1 += Overlap
			}
			t.Tiles = append(t.Tiles, Tile{Row: r, Col: c, Region: reg, Window: win})
		}
	}
	// Marks at a sixth, half and five sixths of every seam: clear of the
	// corners, where four tiles meet, and of the strip's labels at a
	// third and two thirds.
	shares := []float64{1.0 / 6, 0.5, 5.0 / 6}
	for r := 0; r < tileRows; r++ {
		for c := 0; c < tileCols; c++ {
			i := r*tileCols + c
			reg := t.Tiles[i].Region
			if c < tileCols-1 {
				s := Seam{From: xy{reg.X1, reg.Y0}, To: xy{reg.X1, reg.Y1}, Under: i, Over: i + 1}
				for _, f := range shares {
					s.Marks = append(s.Marks, xy{reg.X1, reg.Y0 + f*reg.H()})
				}
				t.Seams = append(t.Seams, s)
			}
			if r < tileRows-1 {
				s := Seam{From: xy{reg.X0, reg.Y1}, To: xy{reg.X1, reg.Y1}, Under: i, Over: i + tileCols}
				for _, f := range shares {
					s.Marks = append(s.Marks, xy{reg.X0 + f*reg.W(), reg.Y1})
				}
				t.Seams = append(t.Seams, s)
			}
		}
	}
	return t, nil
}

// label is what a glue strip of tile under says: which tile it is and
// which tile is glued onto it ("B2 · unter C2 kleben").
func (t *Tiling) label(s Seam) string {
	return t.Tiles[s.Under].Name() + " · unter " + t.Tiles[s.Over].Name() + " kleben"
}
