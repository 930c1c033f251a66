package maps

import (
	"math"
	"testing"
)

func TestOutlines(t *testing.T) {
	for _, m := range All {
		rings, err := m.Outlines()
		if err != nil {
			t.Fatalf("%s: %v", m.Key, err)
		}
		if len(rings) < 10 {
			t.Errorf("%s: only %d rings", m.Key, len(rings))
		}
		again, _ := m.Outlines()
		if &again[0] != &rings[0] {
			t.Errorf("%s: parsed twice", m.Key)
		}
		for _, r := range rings {
			for i, p := range r.Points {
				q := r.Points[(i+len(r.Points)-1)%len(r.Points)]
				if math.Abs(p.Lon-q.Lon) > 180 {
					t.Errorf("%s: %s crosses the 180th meridian at %v–%v", m.Key, r.Country, q, p)
				}
			}
		}
	}
	for _, file := range outlineFiles {
		data, _ := outlineFS.ReadFile(file)
		if len(data) > 512<<10 {
			t.Errorf("%s: %d bytes, keep it well under 1 MiB", file, len(data))
		}
	}
}

func TestRingContains(t *testing.T) {
	sq := Ring{Points: []LonLat{{0, 0}, {10, 0}, {10, 10}, {0, 10}}}
	if !sq.Contains(5, 5) || sq.Contains(5, 11) || sq.Contains(-1, 5) {
		t.Error("unit square")
	}
}

func TestOutlinesUnknownMap(t *testing.T) {
	if _, err := (&Map{Key: "X"}).Outlines(); err == nil {
		t.Error("no error for a map without outlines")
	}
}
