package maze

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"druckreif/board"
	"druckreif/internal/pdftext"
	"druckreif/internal/tooltest"
	"druckreif/layout"
	"druckreif/layout/components"
)

func plans(t *testing.T, b *board.Board) []*Plan {
	t.Helper()
	var out []*Plan
	for _, sh := range []layout.Paper{layout.A2, layout.A3} {
		p, err := NewPlan(b, sh)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// The pieces fit the fields on every board size: measured from the board
// model, every loop and every niche's place is at least 2 mm wider inside
// than the diagonal of the base of the pawns printed for that size and
// than its Lingutaurus tile, and a tile holds a pawn (2 mm to spare).
func TestPiecesFitTheFieldsOnEverySize(t *testing.T) {
	for _, length := range []int{board.MinLength, board.TwoPlayerLength, board.DefaultLength, board.MaxLength} {
		for seed := uint64(1); seed <= 3; seed++ {
			b, _ := board.New(seed, length)
			for _, p := range plans(t, b) {
				set := p.Pieces()
				diag := set.PawnDiagonal()
				need := math.Max(diag, set.Tile) + 2
				// The narrowest loop and niche, measured: a loop's inside is
				// the circle drawn less its line; a niche's place its disc.
				loop, niche := math.Inf(1), math.Inf(1)
				for pos := -board.Behind; pos <= b.Length; pos++ {
					loop = math.Min(loop, 2*p.LoopRadius()-p.loopWidth())
				}
				for i := 0; i < board.Niches; i++ {
					niche = math.Min(niche, 2*p.NicheRadius())
				}
				if seed == 1 {
					t.Logf("%s, %d fields: loops %.1f mm inside, niches %.1f mm; pawn base %g × %g mm (diagonal %.1f), tile %g mm",
						p.Paper.Name, length, loop, niche, set.PawnW, set.PawnD, diag, set.Tile)
				}
				if loop < need || niche < need {
					t.Errorf("%s, seed %d, %d fields: loop %.1f mm, niche %.1f mm inside for a pawn diagonal of %.1f mm and a tile of %g mm (need %.1f)",
						p.Paper.Name, seed, length, loop, niche, diag, set.Tile, need)
				}
				if set.Tile < set.PawnW+2 {
					t.Errorf("%s: a tile of %g mm does not hold a pawn %g mm wide", p.Paper.Name, set.Tile, set.PawnW)
				}
			}
		}
	}
	if a2 := (components.PiecesFor(layout.A2)); a2.PawnW != 18 || a2.PawnD != 14 || a2.Tile != 22 {
		t.Errorf("the A2 pieces changed: %+v", a2)
	}
}

func sheetWalls(p *Plan) *wallSet { return p.wallLines() }

// Loops lie in their cells clear of every wall and of each other, on A2
// and A3; the thread keeps clear of the walls too.
func TestLoopsAndThreadClearOfWalls(t *testing.T) {
	for _, length := range []int{board.TwoPlayerLength, board.DefaultLength, board.MaxLength} {
		for seed := uint64(1); seed <= 3; seed++ {
			b, _ := board.New(seed, length)
			for _, p := range plans(t, b) {
				walls := sheetWalls(p)
				r := p.LoopRadius()
				outer := r + p.loopWidth()/2
				for pos := -board.Behind; pos <= b.Length; pos++ {
					x, y := p.FieldXY(pos)
					if d := walls.dist(xy{x, y}); d < outer+p.wallWidth()/2+0.5 {
						t.Errorf("%s, seed %d: loop %d is %.1f mm from a wall, its edge %.1f", p.Paper.Name, seed, pos, d, outer)
					}
					for other := pos + 1; other <= b.Length; other++ {
						ox, oy := p.FieldXY(other)
						if math.Hypot(ox-x, oy-y) < 2*outer+1 {
							t.Errorf("%s: loops %d and %d touch", p.Paper.Name, pos, other)
						}
					}
				}
				clear := math.Inf(1)
				for pos := -board.Behind; pos < b.Length; pos++ {
					line := b.Maze.Line(pos)
					for i := 1; i < len(line); i++ {
						for k := 0; k <= 4; k++ {
							f := float64(k) / 4
							x, y := p.XY(board.Point{X: line[i-1].X + f*(line[i].X-line[i-1].X), Y: line[i-1].Y + f*(line[i].Y-line[i-1].Y)})
							clear = math.Min(clear, walls.dist(xy{x, y})-p.wallWidth()/2-p.threadWidth()/2)
						}
					}
				}
				if clear < 1 {
					t.Errorf("%s, seed %d, %d fields: the thread comes within %.1f mm of a wall", p.Paper.Name, seed, length, clear)
				}
			}
		}
	}
}

// The places beside the maze hold what they are for: card stacks of
// 63 × 88 mm, chips of 18 mm; none overlaps another or the maze, all lie
// on the sheet.
func TestAreas(t *testing.T) {
	b, _ := board.New(1, 0)
	for _, p := range plans(t, b) {
		kinds := map[AreaKind]int{}
		for i, a := range p.Areas {
			kinds[a.Kind]++
			if a.X < 4 || a.Y < 4 || a.X+a.W > p.Paper.W-4 || a.Y+a.H > p.Paper.H-8 {
				t.Errorf("%s: area %d (%v) off the sheet: %+v", p.Paper.Name, i, a.Kind, a)
			}
			switch a.Kind {
			case Questions, Lingutaurus:
				if a.W-2*cardMargin < CardW || a.H-2*cardMargin < CardH {
					t.Errorf("%s: card place %.1f × %.1f mm", p.Paper.Name, a.W-2*cardMargin, a.H-2*cardMargin)
				}
			case Chips:
				col, row := chipPitch(p.compact())
				if ChipField < components.ChipDiameter+1 || col < ChipField+1 || row < ChipField+1 ||
					a.W < 6*col-1e-9 || a.H < chipHeader+5*row-1e-9 {
					t.Errorf("%s: chip fields Ø %.0f at %.0f × %.0f mm in %.0f × %.0f", p.Paper.Name, ChipField, col, row, a.W, a.H)
				}
			}
			// Clear of the maze (titles sit above the areas).
			nx := math.Max(a.X, math.Min(p.CX, a.X+a.W))
			ny := math.Max(a.Y-7, math.Min(p.CY, a.Y+a.H))
			if d := math.Hypot(nx-p.CX, ny-p.CY); d < p.R+2 {
				t.Errorf("%s: area %v reaches into the maze (%.1f mm from its centre, radius %.0f)", p.Paper.Name, a.Kind, d, p.R)
			}
			for j, o := range p.Areas[:i] {
				if a.X < o.X+o.W && o.X < a.X+a.W && a.Y-7 < o.Y+o.H && o.Y-7 < a.Y+a.H {
					t.Errorf("%s: areas %d and %d overlap", p.Paper.Name, i, j)
				}
			}
		}
		for _, k := range []AreaKind{Questions, Lingutaurus, Chips, Tips, Legend, Title} {
			if kinds[k] != 1 {
				t.Errorf("%s: %d areas of kind %v", p.Paper.Name, kinds[k], k)
			}
		}
	}
	// A3 is laid out for A3: its card places are as large as on A2.
	a2, a3 := plans(t, b)[0], plans(t, b)[1]
	if a3.Areas[0].W != a2.Areas[0].W || a3.R/a2.R > 0.71 || a3.R/a2.R < 0.65 {
		t.Errorf("A3 card place %.0f mm wide (A2 %.0f), maze scaled %.2f", a3.Areas[0].W, a2.Areas[0].W, a3.R/a2.R)
	}
}

// The tiles are cut along straight lines: they cover the board without
// gaps or overlaps in a grid of straight seams from edge to edge, each fits
// its sheet with glue strips of Overlap beyond its right and bottom seams,
// and every seam carries alignment marks that both its tiles print.
func TestTilingHasStraightSeamsWithMarks(t *testing.T) {
	for _, length := range []int{board.TwoPlayerLength, board.DefaultLength, board.MaxLength} {
		b, _ := board.New(1, length)
		p, _ := NewPlan(b, layout.A2)
		for _, sheet := range []layout.Paper{layout.A4, layout.Letter} {
			tl, err := PlanTiles(p, sheet)
			if err != nil {
				t.Fatalf("%d fields, %s: %v", length, sheet.Name, err)
			}
			name := fmt.Sprintf("%d fields, %s", length, sheet.Name)
			if len(tl.Tiles) != 9 || len(tl.Seams) != 12 {
				t.Fatalf("%s: %d tiles, %d seams", name, len(tl.Tiles), len(tl.Seams))
			}
			total := 0.0
			for i, x := range tl.Tiles {
				total += x.Region.W() * x.Region.H()
				if x.Window.W() > sheet.W-2*sheetMargin+1e-6 || x.Window.H() > sheet.H-2*sheetMargin+1e-6 {
					t.Errorf("%s: %s is %.0f × %.0f mm", name, x.Name(), x.Window.W(), x.Window.H())
				}
				for j, o := range tl.Tiles[:i] {
					if math.Min(x.Region.X1, o.Region.X1) > math.Max(x.Region.X0, o.Region.X0)+1e-9 &&
						math.Min(x.Region.Y1, o.Region.Y1) > math.Max(x.Region.Y0, o.Region.Y0)+1e-9 {
						t.Errorf("%s: tiles %d and %d overlap", name, i, j)
					}
				}
				// Glue strips of exactly Overlap where a later tile lies.
				wantR, wantB := 0.0, 0.0
				if x.Col < tileCols-1 {
					wantR = Overlap
				}
				if x.Row < tileRows-1 {
					wantB = Overlap
				}
				if x.Window.X1-x.Region.X1 != wantR || x.Window.Y1-x.Region.Y1 != wantB || x.Window.X0 != x.Region.X0 || x.Window.Y0 != x.Region.Y0 {
					t.Errorf("%s: %s prints %+v for %+v", name, x.Name(), x.Window, x.Region)
				}
			}
			if math.Abs(total-p.Paper.W*p.Paper.H) > 1e-6 {
				t.Errorf("%s: the tiles cover %.0f mm² of %.0f", name, total, p.Paper.W*p.Paper.H)
			}
			// Every seam is one straight line along the shared edge of its
			// two tiles, and the tile on top is the later one.
			for _, s := range tl.Seams {
				u, o := tl.Tiles[s.Under].Region, tl.Tiles[s.Over].Region
				straight := s.From.X == s.To.X || s.From.Y == s.To.Y
				var shared bool
				if s.Vertical() {
					shared = u.X1 == s.From.X && o.X0 == s.From.X && u.Y0 == o.Y0 && s.From.Y == u.Y0 && s.To.Y == u.Y1
				} else {
					shared = u.Y1 == s.From.Y && o.Y0 == s.From.Y && u.X0 == o.X0 && s.From.X == u.X0 && s.To.X == u.X1
				}
				if !straight || !shared || s.Over <= s.Under {
					t.Errorf("%s: seam %v–%v between %s and %s", name, s.From, s.To, tl.Tiles[s.Under].Name(), tl.Tiles[s.Over].Name())
				}
				if len(s.Marks) < 2 {
					t.Errorf("%s: seam %s/%s has %d marks", name, tl.Tiles[s.Under].Name(), tl.Tiles[s.Over].Name(), len(s.Marks))
				}
				// A mark lies on the seam, and each half lies on the sheet
				// of the tile on its side: both halves are printed.
				for _, m := range s.Marks {
					if distToSegment(m, s.From, s.To) > 1e-9 {
						t.Errorf("%s: mark %v is off its seam", name, m)
					}
					ux, uy := 1.0, 0.0
					if !s.Vertical() {
						ux, uy = 0, 1
					}
					before, after := xy{m.X - ux*markArm, m.Y - uy*markArm}, xy{m.X + ux*markArm, m.Y + uy*markArm}
					if !tl.Tiles[s.Under].Region.contains(before) || !tl.Tiles[s.Over].Region.contains(after) ||
						!tl.Tiles[s.Under].Window.contains(m) || !tl.Tiles[s.Over].Window.contains(m) {
						t.Errorf("%s: mark %v of seam %s/%s is not printed on both tiles", name, m, tl.Tiles[s.Under].Name(), tl.Tiles[s.Over].Name())
					}
				}
			}
			// The seams' lines cut the board edge to edge: two column
			// seams, two row seams.
			for _, x := range tl.ColX {
				n := 0
				for _, s := range tl.Seams {
					if s.Vertical() && s.From.X == x {
						n++
					}
				}
				if n != tileRows {
					t.Errorf("%s: the column seam at %.0f mm has %d of %d pieces", name, x, n, tileRows)
				}
			}
		}
	}
}

// pgms renders every page of a PDF in grey.
func pgms(t *testing.T, pdf []byte, dpi int) []*image.Gray {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	os.WriteFile(in, pdf, 0o644)
	tooltest.Run(t, "pdftoppm", "-r", fmt.Sprint(dpi), "-gray", in, filepath.Join(dir, "p"))
	names, _ := filepath.Glob(filepath.Join(dir, "p-*.pgm"))
	sort.Strings(names)
	var out []*image.Gray
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(string(data[:32]))
		var w, h int
		fmt.Sscan(f[1], &w)
		fmt.Sscan(f[2], &h)
		out = append(out, &image.Gray{Pix: data[len(data)-w*h:], Stride: w, Rect: image.Rect(0, 0, w, h)})
	}
	return out
}

// Every tile shows exactly the A2 board: the same maze, not turned, fields
// not moved. Rendered, each tile's own part matches the A2 sheet at the
// same board position right up to its seams, so the halves of a field a
// seam cuts line up; the glue strips and notes are there.
func TestTilesShowTheA2Board(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	b, _ := board.New(1, 0)
	a2, err := OnePage(b, layout.A2)
	if err != nil {
		t.Fatal(err)
	}
	pdf, tl, err := Tiles(b, layout.A4)
	if err != nil {
		t.Fatal(err)
	}
	const dpi = 50
	px := dpi / 25.4
	whole := pgms(t, a2, dpi)[0]
	pages := pgms(t, pdf, dpi)
	// Points of a tile's own part, but not on its cut edge or the
	// alignment marks, which the A2 sheet does not have.
	nearMark := func(q xy) bool {
		for _, s := range tl.Seams {
			for _, m := range s.Marks {
				if math.Abs(q.X-m.X) < markArm+1.5 && math.Abs(q.Y-m.Y) < markArm+1.5 {
					return true
				}
			}
		}
		return false
	}
	shifted, seamDiff, seamPoints := 0.0, 0.0, 0
	for i, x := range tl.Tiles {
		sheet := pages[i+1]
		ox, oy := tl.TileOrigin(i)
		r := x.Region
		var own, nearSeam []xy
		for y := r.Y0 + 1; y < r.Y1-1; y += 2 {
			for bx := r.X0 + 1; bx < r.X1-1; bx += 2 {
				q := xy{bx, y}
				if nearMark(q) {
					continue
				}
				own = append(own, q)
				edge := math.Min(math.Min(bx-r.X0, r.X1-bx), math.Min(y-r.Y0, r.Y1-y))
				if edge < 4 && (bx-r.X0 < 4 && x.Col > 0 || r.X1-bx < 4 && x.Col < tileCols-1 || y-r.Y0 < 4 && x.Row > 0 || r.Y1-y < 4 && x.Row < tileRows-1) {
					nearSeam = append(nearSeam, q)
				}
			}
		}
		diff := func(pts []xy, shift float64) float64 {
			total := 0.0
			for _, q := range pts {
				va := float64(whole.GrayAt(int(q.X*px), int(q.Y*px)).Y)
				best := 255.0
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						vb := float64(sheet.GrayAt(int((ox+q.X+shift)*px)+dx, int((oy+q.Y)*px)+dy).Y)
						best = math.Min(best, math.Abs(va-vb))
					}
				}
				total += best
			}
			return total / float64(len(pts))
		}
		if d := diff(own, 0); d > 3 {
			t.Errorf("%s differs from the A2 board by %.1f grey levels on average", x.Name(), d)
		}
		seamDiff += diff(nearSeam, 0) * float64(len(nearSeam))
		seamPoints += len(nearSeam)
		shifted += diff(own, 8) / float64(len(tl.Tiles))
	}
	if d := seamDiff / float64(seamPoints); d > 3 || seamPoints < 1000 {
		t.Errorf("within 4 mm of the seams the tiles differ from the A2 board by %.1f grey levels (%d points)", d, seamPoints)
	}
	// Tiles shifted by 8 mm must differ, or the comparison is blind.
	if shifted < 6 {
		t.Errorf("shifted tiles differ by only %.1f grey levels on average", shifted)
	}
	tooltest.Need(t, "pdftotext")
	dir := t.TempDir()
	in := filepath.Join(dir, "tiles.pdf")
	os.WriteFile(in, pdf, 0o644)
	text := strings.Join(strings.Fields(string(tooltest.Run(t, "pdftotext", "-layout", in, "-"))), " ")
	for _, want := range []string{"so wird er zusammengesetzt", "A1 · unter B1 kleben", "A1 · unter A2 kleben", "B2 · unter C2 kleben",
		"B2 · unter B3 kleben", "liegt auf dem Klebestreifen von A1", "Spielplan-Kachel C3", "misst genau 100 mm"} {
		if !strings.Contains(text, want) {
			t.Errorf("the tiles do not say %q", want)
		}
	}
}

// Every tile's sheet carries a scale bar of 100 mm: rendered at 254 dpi
// (10 pixels a millimetre) its solid bar is 1000 ± 3 pixels long. Only the
// band of the sheet that holds the bar is rendered.
func TestEveryTileHasA100mmScaleBar(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	b, _ := board.New(1, 0)
	for _, sheet := range []layout.Paper{layout.A4, layout.Letter} {
		pdf, tl, err := Tiles(b, sheet)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		in := filepath.Join(dir, "tiles.pdf")
		os.WriteFile(in, pdf, 0o644)
		for i := range tl.Tiles {
			if sheet == layout.Letter && i > 0 {
				break // Letter draws its bars as A4 does: its first is enough
			}
			bx, by := tl.ScaleBarAt(i)
			// A band from 20 px left of the bar to well past its end, 3 px
			// high through the bar's middle.
			x0, y0 := int(bx*10)-20, int((by+scaleBarHeight/2)*10)-1
			tooltest.Run(t, "pdftoppm", "-r", "254", "-gray", "-f", fmt.Sprint(i+2), "-l", fmt.Sprint(i+2),
				"-x", fmt.Sprint(x0), "-y", fmt.Sprint(y0), "-W", "1100", "-H", "3", "-singlefile", in, filepath.Join(dir, "bar"))
			data, err := os.ReadFile(filepath.Join(dir, "bar.pgm"))
			if err != nil {
				t.Fatal(err)
			}
			f := strings.Fields(string(data[:32]))
			var w, h int
			fmt.Sscan(f[1], &w)
			fmt.Sscan(f[2], &h)
			img := &image.Gray{Pix: data[len(data)-w*h:], Stride: w, Rect: image.Rect(0, 0, w, h)}
			x := 0
			for x < w && img.GrayAt(x, 1).Y > 100 {
				x++
			}
			start := x
			for x < w && img.GrayAt(x, 1).Y <= 100 {
				x++
			}
			if n := x - start; math.Abs(float64(n)-ScaleBar*10) > 3 || math.Abs(float64(start-20)) > 3 {
				t.Errorf("%s, tile %s: the scale bar is %d px (%.1f mm), starting %d px from where it should", sheet.Name, tl.Tiles[i].Name(), n, float64(n)/10, start-20)
			}
		}
	}
}

// The same seed gives the same board drawing.
func TestSameSeedSameDrawing(t *testing.T) {
	tooltest.Need(t, "pdftoppm")
	b1, _ := board.New(9, 0)
	b2, _ := board.New(9, 0)
	p1, _ := OnePage(b1, layout.A3)
	p2, _ := OnePage(b2, layout.A3)
	a, b := pgms(t, p1, 40)[0], pgms(t, p2, 40)[0]
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			t.Fatal("same seed, different drawing")
		}
	}
}

// BenchmarkBoardFiles builds what the kit prints of the board: A2, A3 and
// the A4 tiles.
func BenchmarkBoardFiles(bm *testing.B) {
	b, _ := board.New(1, 0)
	for i := 0; i < bm.N; i++ {
		if _, err := OnePage(b, layout.A2); err != nil {
			bm.Fatal(err)
		}
		if _, err := OnePage(b, layout.A3); err != nil {
			bm.Fatal(err)
		}
		if _, _, err := Tiles(b, layout.A4); err != nil {
			bm.Fatal(err)
		}
	}
}

// word is a word pdftotext found on a page, with its box's centre in mm.
type word struct {
	text string
	at   xy
}

func pageWords(t *testing.T, pdf []byte) []word {
	t.Helper()
	tooltest.Need(t, "pdftotext")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	os.WriteFile(in, pdf, 0o644)
	out := string(tooltest.Run(t, "pdftotext", "-bbox", in, "-"))
	var words []word
	for _, line := range strings.Split(out, "\n") {
		var x0, y0, x1, y1 float64
		i := strings.Index(line, "<word ")
		j := strings.Index(line, ">")
		k := strings.Index(line, "</word>")
		if i < 0 || k < 0 {
			continue
		}
		if _, err := fmt.Sscanf(line[i:j], `<word xMin="%f" yMin="%f" xMax="%f" yMax="%f"`, &x0, &y0, &x1, &y1); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		const mm = 25.4 / 72
		words = append(words, word{line[j+1 : k], xy{(x0 + x1) / 2 * mm, (y0 + y1) / 2 * mm}})
	}
	return words
}

// The printed board reads as the model says: every field's number on its
// badge beside its loop — outside the loop's inside, where a piece stands,
// and nearer its own loop than any other — the bull in each of the three
// bull fields' loops and nowhere else in the maze, START in the centre,
// six niches — on A2 and on A3.
func TestPrintedFieldsMatchTheModel(t *testing.T) {
	b, _ := board.New(1, 0)
	for _, p := range plans(t, b) {
		pdf, err := OnePage(b, p.Paper)
		if err != nil {
			t.Fatal(err)
		}
		words := pageWords(t, pdf)
		r := p.LoopRadius()
		inner := r - p.loopWidth()/2
		find := func(text string, x, y, radius float64) []word {
			var out []word
			for _, w := range words {
				if w.text == text && math.Hypot(w.at.X-x, w.at.Y-y) < radius {
					out = append(out, w)
				}
			}
			return out
		}
		badges := p.Badges()
		for pos := -board.Behind; pos <= b.Length; pos++ {
			x, y := p.FieldXY(pos)
			if pos == 0 {
				if len(find("START", x, y, r)) != 1 {
					t.Errorf("%s: START is not in the start's loop", p.Paper.Name)
				}
				continue
			}
			label := fmt.Sprint(pos)
			if pos < 0 {
				label = fmt.Sprintf("−%d", -pos)
			}
			bd := badges[pos+board.Behind]
			got := find(label, bd.X, bd.Y, bd.R)
			if len(got) != 1 {
				t.Errorf("%s: field %d's label %q is not on its badge", p.Paper.Name, pos, label)
				continue
			}
			at := got[0].at
			if d := math.Hypot(at.X-x, at.Y-y); d < inner+1 {
				t.Errorf("%s: field %d's number is %.1f mm from the loop's centre, inside the loop (%.1f mm)", p.Paper.Name, pos, d, inner)
			}
			for other := -board.Behind; other <= b.Length; other++ {
				ox, oy := p.FieldXY(other)
				if other != pos && math.Hypot(at.X-ox, at.Y-oy) < math.Hypot(at.X-x, at.Y-y) {
					t.Errorf("%s: field %d's number lies nearer the loop of field %d", p.Paper.Name, pos, other)
				}
			}
			if want := map[bool]int{true: 1, false: 0}[b.IsBull(pos)]; len(find("♉", x, y, r)) != want {
				t.Errorf("%s: field %d shows %d bulls, want %d", p.Paper.Name, pos, len(find("♉", x, y, r)), want)
			}
		}
		bulls, niches := 0, 0
		for _, w := range words {
			if math.Hypot(w.at.X-p.CX, w.at.Y-p.CY) < p.R {
				bulls += map[bool]int{true: 1}[w.text == "♉"]
				niches += map[bool]int{true: 1}[w.text == "Nische"]
			}
		}
		if bulls != 3 || niches != board.Niches {
			t.Errorf("%s: %d bulls and %d niches in the maze", p.Paper.Name, bulls, niches)
		}
		for i := 0; i < board.Niches; i++ {
			x, y := p.XY(b.NicheCentre(i))
			if len(find("Nische", x, y, p.NicheRadius())) != 1 {
				t.Errorf("%s: niche %d is not labelled in its place", p.Paper.Name, i)
			}
		}
	}
}

// Every field's badge stands clear: of the walls' hedges, of the thread,
// of every other loop and badge, and within the maze (3 lengths × 3 seeds,
// A2 and A3).
func TestBadgesStandClear(t *testing.T) {
	for _, length := range []int{board.TwoPlayerLength, board.DefaultLength, board.MaxLength} {
		for seed := uint64(1); seed <= 3; seed++ {
			b, _ := board.New(seed, length)
			for _, p := range plans(t, b) {
				worst := math.Inf(1)
				for i, bd := range p.Badges() {
					if i == board.Behind {
						continue
					}
					worst = math.Min(worst, bd.Clear)
					if bd.Clear < 0 {
						t.Errorf("%s, seed %d, %d fields: the badge of field %d touches something (%.1f mm)", p.Paper.Name, seed, length, i-board.Behind, bd.Clear)
					}
				}
				if seed == 1 {
					t.Logf("%s, %d fields: badges keep at least %.2f mm clear", p.Paper.Name, length, worst)
				}
			}
		}
	}
}

// The board's lettering, read from the PDF content streams (the Tf size
// scaled by text matrix and CTM): at least 9 pt on A2, at least 7 pt on
// A3, where the maze's lettering scales with the maze.
func TestBoardTextSizes(t *testing.T) {
	b, _ := board.New(1, 0)
	for _, sheet := range []struct {
		paper layout.Paper
		floor float64
	}{{layout.A2, 9}, {layout.A3, 7}} {
		pdf, err := OnePage(b, sheet.paper)
		if err != nil {
			t.Fatal(err)
		}
		runs, err := pdftext.Read(pdf)
		if err != nil {
			t.Fatal(err)
		}
		least, n := 99.0, 0
		for _, r := range runs {
			if strings.TrimSpace(r.Text) == "" {
				continue
			}
			n++
			least = math.Min(least, r.Size)
			if r.Size < sheet.floor-0.005 {
				t.Errorf("%s: %q at %.2f pt, below %.0f pt", sheet.paper.Name, r.Text, r.Size, sheet.floor)
			}
		}
		t.Logf("%s: %d runs of text, the smallest %.2f pt", sheet.paper.Name, n, least)
		if n < 100 {
			t.Errorf("%s: only %d runs of text read", sheet.paper.Name, n)
		}
	}
}
