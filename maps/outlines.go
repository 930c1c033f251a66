package maps

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
)

// The outlines of the countries near each map: Natural Earth data (public
// domain), converted by maps/internal/gen, see data/LICENSE.txt. Regenerate
// from the repository root with
//
//	go run ./maps/internal/gen /tmp/npmgeo/package
//
// after unpacking the world-atlas npm package there (npm pack world-atlas@2).
//
//go:embed data/d.txt data/eu.txt data/globus.txt
var outlineFS embed.FS

// LonLat is a position in degrees, east and north positive.
type LonLat struct{ Lon, Lat float64 }

// Ring is one closed outline of a country: an outer boundary or a hole (an
// enclave, such as Lesotho in South Africa). The first point is not
// repeated at the end.
type Ring struct {
	Country string // Natural Earth's short English name, e.g. "Germany"
	Hole    bool
	Points  []LonLat
}

// Contains reports whether a coordinate lies inside the ring (even-odd
// rule on the unprojected coordinates).
func (r Ring) Contains(lat, lon float64) bool {
	in := false
	p := r.Points
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		a, b := p[i], p[j]
		if (a.Lat > lat) != (b.Lat > lat) &&
			lon < a.Lon+(lat-a.Lat)*(b.Lon-a.Lon)/(b.Lat-a.Lat) {
			in = !in
		}
	}
	return in
}

// outlineFiles names each map's data file.
var outlineFiles = map[string]string{"D": "data/d.txt", "EU": "data/eu.txt", "Globus": "data/globus.txt"}

// outlines parses each file once, on first use.
var outlines = func() map[string]func() ([]Ring, error) {
	out := map[string]func() ([]Ring, error){}
	for key, file := range outlineFiles {
		out[key] = sync.OnceValues(func() ([]Ring, error) { return parseOutlines(file) })
	}
	return out
}()

// Outlines returns the country outlines drawn on the map: every ring of
// Natural Earth's country boundaries that comes near the map's extent (at
// 1:50m for Germany and Europe, 1:110m for the world), with coordinates
// rounded to 0.01°. No ring crosses the 180th meridian. The rings are
// shared: callers must not change them.
func (m *Map) Outlines() ([]Ring, error) {
	f, ok := outlines[m.Key]
	if !ok {
		return nil, fmt.Errorf("keine Umrisse für die Karte %q", m.Key)
	}
	return f()
}

// parseOutlines reads one data file: NAME <TAB> o|h <TAB> lon,lat lon,lat …
func parseOutlines(file string) ([]Ring, error) {
	data, err := outlineFS.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var rings []Ring
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		bad := func(what string) error { return fmt.Errorf("maps/%s: Zeile %d: %s", file, n, what) }
		name, rest, ok1 := strings.Cut(line, "\t")
		kind, coords, ok2 := strings.Cut(rest, "\t")
		if !ok1 || !ok2 || name == "" || (kind != "o" && kind != "h") {
			return nil, bad("erwartet NAME, o oder h, Koordinaten")
		}
		r := Ring{Country: name, Hole: kind == "h", Points: make([]LonLat, 0, strings.Count(coords, " ")+1)}
		for _, f := range strings.Fields(coords) {
			lonS, latS, ok := strings.Cut(f, ",")
			lon, err1 := strconv.ParseFloat(lonS, 64)
			lat, err2 := strconv.ParseFloat(latS, 64)
			if !ok || err1 != nil || err2 != nil || math.Abs(lon) > 180 || math.Abs(lat) > 90 {
				return nil, bad(fmt.Sprintf("Koordinate %q", f))
			}
			r.Points = append(r.Points, LonLat{lon, lat})
		}
		if len(r.Points) < 3 {
			return nil, bad("weniger als drei Punkte")
		}
		rings = append(rings, r)
	}
	return rings, sc.Err()
}
