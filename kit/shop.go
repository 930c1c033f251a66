package kit

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"druckreif/i18n"
	"druckreif/preflight"

	"druckreif/layout"
	"druckreif/layout/cards"
	"druckreif/layout/decoder"
	"druckreif/layout/icc"
	"druckreif/layout/pieces"
	"druckreif/layout/press"
)

// ShopProfile makes the files a print shop takes: PDF/X in process
// inks, every card face and part a page with 3 mm bleed and its own trim
// box, fronts and backs of the cards as the shop asks for them.
type ShopProfile struct {
	name     string
	standard press.Standard
	intent   press.OutputIntent
	maxInk   float64
	profile  *press.ProfileColours // pdfx: every colour; pdfx1a: the colours no style names, when given
	// Split: fronts and backs of the cards in two files (vorderseiten.pdf,
	// rueckseiten.pdf, page i of both the same card), as German offset
	// shops ask; else one file of each card's front then back (karten.pdf).
	split bool
}

// DefaultMaxInk are the ink limits of the profiles: 300 % for offset on
// coated paper (German shops, FOGRA39), 240 % for the US shops' PDF/X-1a.
const (
	DefaultMaxInkX4  = 300.0
	DefaultMaxInkX1a = 240.0
)

// PDFX is the pdfx profile: PDF/X-4 (PDF 1.6) with the given CMYK output
// profile embedded as output intent, every colour converted through it,
// total ink at most maxInk per cent.
func PDFX(profile []byte, maxInk float64) (*ShopProfile, error) {
	p, err := icc.Parse(profile)
	if err != nil {
		return nil, err
	}
	if err := checkInk(maxInk); err != nil {
		return nil, err
	}
	return &ShopProfile{name: "pdfx", standard: press.X4, intent: outputIntent(p, profile), maxInk: maxInk,
		profile: press.NewProfileColours(p, maxInk/100), split: true}, nil
}

// PDFX1a is the pdfx1a profile: PDF/X-1a:2003 (PDF 1.4, CMYK only, no
// transparency) for the registered printing condition FOGRA39, each
// style colour printed as the CMYK value its style file gives. A profile,
// when given, converts the colours no style file names (else a fixed
// formula does); it is not embedded.
func PDFX1a(maxInk float64, profile []byte) (*ShopProfile, error) {
	if err := checkInk(maxInk); err != nil {
		return nil, err
	}
	sp := &ShopProfile{name: "pdfx1a", standard: press.X1a, maxInk: maxInk,
		intent: press.OutputIntent{Identifier: "FOGRA39", Registry: "http://www.color.org",
			Condition: "Offsetdruck, gestrichenes Papier (ISO 12647-2:2004, FOGRA39)",
			Info:      "Coated FOGRA39 (ISO 12647-2:2004)"}}
	if len(profile) > 0 {
		p, err := icc.Parse(profile)
		if err != nil {
			return nil, err
		}
		sp.profile = press.NewProfileColours(p, maxInk/100)
	}
	return sp, nil
}

func checkInk(maxInk float64) error {
	if !(maxInk >= 100 && maxInk <= 400) {
		return errorf("--max-ink %g: erlaubt sind 100 bis 400 %%", "--max-ink %g: allowed are 100 to 400 %%", maxInk)
	}
	return nil
}

// outputIntent names a profile's printing condition: FOGRA39 by its
// registered name when the profile says it is one (ISO Coated v2 is),
// else "Custom" with the profile's own description.
func outputIntent(p *icc.Profile, data []byte) press.OutputIntent {
	oi := press.OutputIntent{Identifier: "Custom", Condition: p.Description, Info: p.Description, Profile: data}
	d := strings.ToLower(p.Description)
	if strings.Contains(d, "fogra39") || strings.Contains(d, "iso coated v2") {
		oi.Identifier, oi.Registry = "FOGRA39", "http://www.color.org"
		oi.Condition = "Offsetdruck, gestrichenes Papier (ISO 12647-2:2004, FOGRA39)"
	}
	return oi
}

// Name implements Profile.
func (sp *ShopProfile) Name() string { return sp.name }

// Standard is the PDF/X level the profile writes.
func (sp *ShopProfile) Standard() press.Standard { return sp.standard }

// MaxInk is the profile's ink limit in per cent.
func (sp *ShopProfile) MaxInk() float64 { return sp.maxInk }

// Band implements Profile: the Decoder's band designed in process inks.
func (sp *ShopProfile) Band(s decoder.Strength) cards.SolutionBand { return decoder.PressBand(s) }

// Check implements Profile: every file through the preflight, on every
// core, held to the profile's ink limit; then fronts against backs.
func (sp *ShopProfile) Check(files []File) []Problem {
	reports := make([]*preflight.Report, len(files))
	var out []Problem
	var mu sync.Mutex
	inOrder(len(files), func(i int) {
		rep, err := preflight.Check(files[i].Path, files[i].Data, preflight.Options{MaxInk: sp.maxInk})
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			out = append(out, Problem{File: files[i].Path, Error: true, Msg: i18n.Sprintf("%v", "%v", err)})
		} else {
			reports[i] = rep
		}
	})
	var ok []*preflight.Report
	for _, r := range reports {
		if r != nil {
			out = append(out, r.Problems...)
			ok = append(ok, r)
		}
	}
	return append(out, preflight.Pair(ok)...)
}

func (sp *ShopProfile) colours(st *layout.Style) press.Colours {
	if sp.standard == press.X4 {
		return sp.profile
	}
	return press.NewTableColours(st.Inks(), sp.profile, sp.maxInk/100)
}

func (sp *ShopProfile) options(g *GameParts, title string) layout.ShopOptions {
	return layout.ShopOptions{Title: title, Standard: sp.standard, Intent: sp.intent, Colours: sp.colours(g.Style)}
}

// Jobs implements Profile.
func (sp *ShopProfile) Jobs(g *GameParts) []ExportJob {
	game := string(g.Game)
	title := g.Game.Title()
	var jobs []ExportJob
	file := func(path, what string, pages func() []layout.ShopPage, count map[string]int) {
		jobs = append(jobs, ExportJob{Path: path, Run: func() (File, error) {
			pg := pages()
			data, err := layout.RenderShop(pg, sp.options(g, title+" – "+what))
			if err != nil {
				return File{}, err
			}
			return File{Path: path, What: what, Paper: sp.standard.String(), Duplex: "Druckerei", Sheets: len(pg), Pages: len(pg),
				Count: count, Data: data}, nil
		}})
	}
	cardCount := map[string]int{}
	for _, d := range g.Decks {
		cardCount["Karten"] += len(d.Cards)
	}
	if sp.split {
		file(game+"/vorderseiten.pdf", "Vorderseiten aller Karten, eine je Seite", func() []layout.ShopPage { return faces(g.Decks, front) }, cardCount)
		file(game+"/rueckseiten.pdf", "Rückseiten aller Karten, eine je Seite, in der Reihenfolge der Vorderseiten", func() []layout.ShopPage { return faces(g.Decks, back) }, cardCount)
	} else {
		file(game+"/karten.pdf", "alle Karten, je Vorder- und Rückseite", func() []layout.ShopPage { return faces(g.Decks, both) }, cardCount)
	}
	if len(g.Pieces) > 0 || len(g.Sheets) > 0 {
		count := map[string]int{}
		for _, pc := range g.Pieces {
			count[strings.Fields(pc.Name)[0]]++
		}
		file(game+"/teile.pdf", "alle übrigen Teile, je Teil oder Bogen eine Seite", func() []layout.ShopPage {
			pages := pieces.ShopPages(g.Pieces)
			for _, s := range g.Sheets {
				pages = append(pages, layout.ShopPage{Label: s.Title, W: s.W, H: s.H, Ground: layout.White, Draw: s.Draw})
			}
			return pages
		}, count)
	}
	return jobs
}

type side int

const (
	front side = iota
	back
	both
)

// faces are the pages of the cards' faces: each a card with its bleed, its
// background running into it. A card without a back gets an empty one, so
// the backs' file has as many pages as the fronts'.
func faces(ds []Deck, s side) []layout.ShopPage {
	var out []layout.ShopPage
	for _, d := range ds {
		for _, c := range d.Cards {
			id := c.Front.ID
			page := func(f *layout.Face, label string) layout.ShopPage {
				if f == nil {
					return layout.ShopPage{Label: label, W: d.W, H: d.H, Ground: layout.White}
				}
				if f.ID != "" {
					label = f.ID
				}
				return layout.ShopPage{Label: label, W: d.W, H: d.H, Ground: f.Background, Draw: f.Draw}
			}
			if s != back {
				out = append(out, page(c.Front, id))
			}
			if s != front {
				out = append(out, page(c.Back, id))
			}
		}
	}
	return out
}

// Readme implements Profile: what the export folder holds and what to tell
// the shop.
func (sp *ShopProfile) Readme(files []File) string {
	var b strings.Builder
	fmt.Fprintf(&b, "druckreif – Druckdaten für die Druckerei (%s)\n", sp.standard)
	b.WriteString("=====================================================\n\n")
	b.WriteString("Nur für den privaten Gebrauch neben einem Exemplar des Originalspiels.\n\n")
	fmt.Fprintf(&b, "- Norm: %s; Ausgabebedingung: %s (%s).\n", sp.standard, sp.intent.Identifier, sp.intent.Info)
	fmt.Fprintf(&b, "- Alle Farben CMYK, Gesamtfarbauftrag höchstens %.0f %%; Schwarz in Text und Linien nur K.\n", sp.maxInk)
	b.WriteString("- Jede Seite eine Karte oder ein Teil: TrimBox = Endformat, 3 mm Beschnitt (BleedBox = MediaBox), keine Marken.\n")
	if sp.split {
		b.WriteString("- Karten: <spiel>/vorderseiten.pdf und <spiel>/rueckseiten.pdf, Seite i beider Dateien ist dieselbe Karte.\n")
	} else {
		b.WriteString("- Karten: <spiel>/karten.pdf, je Karte Vorderseite, dann Rückseite.\n")
	}
	b.WriteString("- Übrige Teile (Spielplan, Chips, Plättchen, Figuren, Drehscheibe, Decoder-Hülle, Regeln): <spiel>/teile.pdf,\n")
	b.WriteString("  je Teil eine Seite (zweiseitige Teile: Vorderseite, dann Rückseite), Bögen in ihrer Größe (Spielplan A2).\n")
	b.WriteString("- Die Seiten tragen als Seitenbeschriftung die Karten-ID oder den Namen des Teils.\n\n")
	fmt.Fprintf(&b, "%-36s %-7s %s\n", "Datei", "Seiten", "Inhalt")
	files = append([]File(nil), files...)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	for _, f := range files {
		fmt.Fprintf(&b, "%-36s %-7d %s\n", f.Path, f.Pages, f.What)
	}
	return b.String()
}
