// Command gen converts Natural Earth country outlines (TopoJSON from the
// world-atlas npm package) into the compact outline files that package maps
// embeds: one ring per line, for each of the three maps only the rings
// near its extent.
//
// Regenerate (from the repository root) with:
//
//	cd /tmp/npmgeo && npm pack world-atlas@2 && tar xzf world-atlas-2.0.2.tgz
//	go run ./maps/internal/gen /tmp/npmgeo/package
//
// The output goes to maps/data/ (d.txt, eu.txt, globus.txt). Format: lines
// starting with # are comments; every other line is
//
//	NAME <TAB> o|h <TAB> lon,lat lon,lat …
//
// with o for an outer ring and h for a hole, coordinates in degrees rounded
// to two decimals, the ring not repeating its first point at the end.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"druckreif/maps"
)

// topology is the part of a TopoJSON file gen reads.
type topology struct {
	Type      string `json:"type"`
	Transform *struct {
		Scale     [2]float64 `json:"scale"`
		Translate [2]float64 `json:"translate"`
	} `json:"transform"`
	Arcs    [][][2]float64 `json:"arcs"`
	Objects map[string]struct {
		Geometries []geometry `json:"geometries"`
	} `json:"objects"`
}

type geometry struct {
	Type       string          `json:"type"`
	Arcs       json.RawMessage `json:"arcs"`
	Properties struct {
		Name string `json:"name"`
	} `json:"properties"`
}

type point struct{ Lon, Lat float64 }

// ring is one closed line of a country: outer boundary or hole.
type ring struct {
	Name string
	Hole bool
	Pts  []point
}

// job is one output file.
type job struct {
	file   string
	source string // countries-10m/-50m/-110m.json
	m      *maps.Map
	margin float64 // degrees around the extent a ring's box must reach
}

var jobs = []job{
	{"d.txt", "countries-10m.json", maps.Germany, 1}, // 10m: small islands such as Helgoland
	{"eu.txt", "countries-50m.json", maps.Europe, 2},
	{"globus.txt", "countries-110m.json", maps.World, 2},
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./maps/internal/gen DIR (the unpacked world-atlas package)")
		os.Exit(2)
	}
	out := filepath.Join("maps", "data")
	if _, err := os.Stat(out); err != nil {
		fmt.Fprintln(os.Stderr, "run from the repository root:", err)
		os.Exit(1)
	}
	cache := map[string][]ring{}
	for _, j := range jobs {
		rings, ok := cache[j.source]
		if !ok {
			var err error
			rings, err = load(filepath.Join(os.Args[1], j.source))
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			cache[j.source] = rings
		}
		n, size, err := write(filepath.Join(out, j.file), j, rings)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("%s: %d rings, %d bytes\n", j.file, n, size)
	}
}

// load decodes the countries of a TopoJSON file into rings.
func load(path string) ([]ring, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t topology
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if t.Type != "Topology" {
		return nil, fmt.Errorf("%s: not a TopoJSON topology", path)
	}
	arcs := decodeArcs(t)
	countries, ok := t.Objects["countries"]
	if !ok {
		return nil, fmt.Errorf("%s: no object \"countries\"", path)
	}
	var rings []ring
	for _, g := range countries.Geometries {
		var polys [][][]int
		switch g.Type {
		case "Polygon":
			var p [][]int
			if err := json.Unmarshal(g.Arcs, &p); err != nil {
				return nil, fmt.Errorf("%s: %s: %w", path, g.Properties.Name, err)
			}
			polys = [][][]int{p}
		case "MultiPolygon":
			if err := json.Unmarshal(g.Arcs, &polys); err != nil {
				return nil, fmt.Errorf("%s: %s: %w", path, g.Properties.Name, err)
			}
		default:
			continue // null geometries
		}
		for _, poly := range polys {
			for k, idx := range poly {
				pts, err := assemble(arcs, idx)
				if err != nil {
					return nil, fmt.Errorf("%s: %s: %w", path, g.Properties.Name, err)
				}
				for _, part := range splitAntimeridian(pts) {
					rings = append(rings, ring{Name: g.Properties.Name, Hole: k > 0, Pts: part})
				}
			}
		}
	}
	return rings, nil
}

// decodeArcs undoes the quantization: positions are delta-encoded integers
// to be accumulated, then scaled and translated.
func decodeArcs(t topology) [][]point {
	out := make([][]point, len(t.Arcs))
	for i, arc := range t.Arcs {
		pts := make([]point, len(arc))
		var x, y float64
		for k, p := range arc {
			if t.Transform == nil {
				pts[k] = point{p[0], p[1]}
				continue
			}
			x += p[0]
			y += p[1]
			pts[k] = point{x*t.Transform.Scale[0] + t.Transform.Translate[0], y*t.Transform.Scale[1] + t.Transform.Translate[1]}
		}
		out[i] = pts
	}
	return out
}

// assemble joins a ring's arcs; index ~i (= -i-1) is arc i reversed. Each
// arc after the first starts where the previous one ended, so its first
// point is dropped.
func assemble(arcs [][]point, idx []int) ([]point, error) {
	var pts []point
	for _, a := range idx {
		rev := a < 0
		if rev {
			a = ^a
		}
		if a >= len(arcs) {
			return nil, fmt.Errorf("arc %d out of range", a)
		}
		arc := arcs[a]
		for k := range arc {
			p := arc[k]
			if rev {
				p = arc[len(arc)-1-k]
			}
			if k == 0 && len(pts) > 0 {
				continue
			}
			pts = append(pts, p)
		}
	}
	return pts, nil
}

// splitAntimeridian cuts a ring that crosses the 180th meridian (world-atlas
// joins Russia's and Fiji's parts on both sides into one ring, with a jump
// of almost 360° in longitude) into one ring per side, so that every ring
// can be drawn as a plain polygon. Rings without such a jump are returned
// as they are.
func splitAntimeridian(pts []point) [][]point {
	jump := false
	for i := range pts {
		if math.Abs(pts[i].Lon-pts[(i+len(pts)-1)%len(pts)].Lon) > 180 {
			jump = true
			break
		}
	}
	if !jump {
		return [][]point{pts}
	}
	// Unwrap: make the longitudes continuous, beyond ±180 where needed.
	un := make([]point, len(pts))
	off := 0.0
	for i, p := range pts {
		if i > 0 {
			switch d := p.Lon + off - un[i-1].Lon; {
			case d > 180:
				off -= 360
			case d < -180:
				off += 360
			}
		}
		un[i] = point{p.Lon + off, p.Lat}
	}
	// Then clip each copy shifted by a whole turn to [-180, 180].
	var out [][]point
	for _, shift := range []float64{-360, 0, 360} {
		s := make([]point, len(un))
		for i, p := range un {
			s[i] = point{p.Lon + shift, p.Lat}
		}
		s = clipLon(s, -180, true)
		s = clipLon(s, 180, false)
		if len(s) >= 3 {
			out = append(out, s)
		}
	}
	return out
}

// clipLon clips a polygon to the half-plane lon >= x (keepEast) or
// lon <= x (Sutherland–Hodgman against one line).
func clipLon(pts []point, x float64, keepEast bool) []point {
	in := func(p point) bool {
		if keepEast {
			return p.Lon >= x
		}
		return p.Lon <= x
	}
	cross := func(a, b point) point {
		t := (x - a.Lon) / (b.Lon - a.Lon)
		return point{x, a.Lat + t*(b.Lat-a.Lat)}
	}
	var out []point
	for i, b := range pts {
		a := pts[(i+len(pts)-1)%len(pts)]
		switch {
		case in(a) && in(b):
			out = append(out, b)
		case in(a):
			out = append(out, cross(a, b))
		case in(b):
			out = append(out, cross(a, b), b)
		}
	}
	return out
}

// write keeps the rings whose bounding box meets the map's extent plus the
// margin, rounds them and writes the file.
func write(path string, j job, rings []ring) (int, int, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s (%s): Natural Earth %s via world-atlas; see LICENSE.txt.\n", j.m.Name, j.m.Key, j.source)
	fmt.Fprintf(&b, "# Generated by maps/internal/gen; do not edit. NAME<TAB>o|h<TAB>lon,lat …\n")
	n := 0
	for _, r := range rings {
		pts := round(r.Pts)
		if len(pts) < 3 || !meets(pts, j.m, j.margin) {
			continue
		}
		kind := "o"
		if r.Hole {
			kind = "h"
		}
		b.WriteString(r.Name)
		b.WriteByte('\t')
		b.WriteString(kind)
		b.WriteByte('\t')
		for i, p := range pts {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(num(p.Lon))
			b.WriteByte(',')
			b.WriteString(num(p.Lat))
		}
		b.WriteByte('\n')
		n++
	}
	f, err := os.Create(path)
	if err != nil {
		return 0, 0, err
	}
	w := bufio.NewWriter(f)
	w.WriteString(b.String())
	if err := w.Flush(); err != nil {
		f.Close()
		return 0, 0, err
	}
	return n, b.Len(), f.Close()
}

// round rounds to two decimals and drops points that become duplicates,
// including a closing point equal to the first.
func round(in []point) []point {
	r := func(v float64) float64 { return math.Round(v*100) / 100 }
	var out []point
	for _, p := range in {
		q := point{r(p.Lon), r(p.Lat)}
		if len(out) > 0 && out[len(out)-1] == q {
			continue
		}
		out = append(out, q)
	}
	for len(out) > 1 && out[len(out)-1] == out[0] {
		out = out[:len(out)-1]
	}
	return out
}

// meets reports whether the ring's bounding box intersects the extent
// grown by margin degrees.
func meets(pts []point, m *maps.Map, margin float64) bool {
	w, e, s, n := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		w, e = math.Min(w, p.Lon), math.Max(e, p.Lon)
		s, n = math.Min(s, p.Lat), math.Max(n, p.Lat)
	}
	return e >= m.West-margin && w <= m.East+margin && n >= m.South-margin && s <= m.North+margin
}

func num(v float64) string {
	if v == 0 {
		v = 0 // no "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
