package layout

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"druckreif/i18n"
	"druckreif/templates"
)

// An edited style file is held to what a card can hold: every number in
// range, no unknown keys (a typo would be ignored silently), and only a
// regular file is read.
func TestStyleNumbersAreChecked(t *testing.T) {
	base, err := templates.FS.ReadFile("genial.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct{ from, to, want string }{
		"negative margin": {`"margin": 3`, `"margin": -50`, "margin -50 mm: erlaubt sind 0 bis 15.75 mm (ein Viertel der kürzeren Kartenseite)"},
		"huge margin":     {`"margin": 3`, `"margin": 1e300`, "margin 1e+300 mm: erlaubt sind 0 bis 15.75 mm"},
		"card size":       {`"width": 63`, `"width": -63`, "Kartengröße -63 × 88 mm ist unmöglich (20 bis 400 mm)"},
		"typo":            {`"margin": 3`, `"marign": 3`, `kein gültiges JSON: json: unknown field "marign"`},
		"band":            {`"margin": 3`, `"margin": 3, "band": {"height": 80}`, "band.height 80 mm: erlaubt sind 0 bis 62 mm"},
		"text size":       {`"size": 5`, `"size": 0.01`, "Größe 0.01 pt, Minimum 0 pt"},
		"text min":        {`"min": 6}`, `"min": -1}`, "Minimum -1 pt"},
		"cmyk unknown":    {`"cmyk": {`, `"cmyk": {"nope": [0, 0, 0, 0], `, "cmyk.nope: keine Farbe dieses Namens in colors"},
		"cmyk range":      {`"face": [0, 70, 100, 0]`, `"face": [0, 170, 100, 0]`, "cmyk.face: [0 170 100 0]: jeder Wert 0 bis 100 (%)"},
		"cmyk clash":      {`"star": "#c62828"`, `"star": "#1a1a1a"`, "cmyk.star und cmyk.text: dieselbe Farbe #1a1a1a mit verschiedenen CMYK-Werten"},
	} {
		dir := t.TempDir()
		edited := strings.Replace(string(base), tc.from, tc.to, 1)
		if edited == string(base) {
			t.Fatalf("%s: %q not in genial.json", name, tc.from)
		}
		os.WriteFile(filepath.Join(dir, "genial.json"), []byte(edited), 0o644)
		_, err := LoadStyle("genial", dir)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "Stil "+filepath.Join(dir, "genial.json")+": ") {
			t.Errorf("%s: got %v, want %q", name, err, tc.want)
		}
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "genial.json"), []byte(strings.Replace(string(base), `"margin": 3`, `"margin": -1`, 1)), 0o644)
	_, err = LoadStyle("genial", dir)
	if se, ok := err.(*StyleError); !ok || !strings.HasPrefix(se.In(i18n.English), "style ") || !strings.Contains(se.In(i18n.English), "allowed are 0 to") {
		t.Errorf("English: %v", err)
	}
	dir = t.TempDir()
	os.Mkdir(filepath.Join(dir, "genial.json"), 0o755)
	if _, err := LoadStyle("genial", dir); err == nil || !strings.Contains(err.Error(), "ist ein Ordner, keine Datei") {
		t.Errorf("folder as style: %v", err)
	}
	for _, g := range []string{"labyrinth", "dativ", "genial", "raab", "thegame"} {
		if _, err := LoadStyle(g, ""); err != nil {
			t.Errorf("built-in %s: %v", g, err)
		}
	}
}

// FuzzStyle: no style file may panic the loader, and one it accepts keeps
// every bound.
func FuzzStyle(f *testing.F) {
	for _, g := range []string{"labyrinth", "dativ"} {
		data, _ := templates.FS.ReadFile(g + ".json")
		f.Add(data)
	}
	f.Add([]byte(`{"card":{"width":63,"height":88},"margin":-1}`))
	f.Add([]byte(`{"card":{"width":1e308,"height":88}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := parseStyle(data, "fuzz.json")
		if err != nil {
			if _, ok := err.(*StyleError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		if s.Card.Width < 20 || s.Card.Width > 400 || s.Card.Height < 20 || s.Card.Height > 400 ||
			s.Margin < 0 || s.Margin > min(s.Card.Width, s.Card.Height)/4 || s.Band.Height < 0 {
			t.Fatalf("accepted %+v", s)
		}
		for k, ts := range s.Text {
			if ts.Size < 3 || ts.Size > 72 || ts.Min < 0 || ts.Min > ts.Size {
				t.Fatalf("accepted text.%s %+v", k, ts)
			}
		}
	})
}

// Every built-in style gives every one of its colours a CMYK value for
// PDF/X-1a (docs/print.md lists them), within the 240 % ink of US shops.
func TestStylesHaveInks(t *testing.T) {
	for _, g := range []string{"labyrinth", "dativ", "thegame", "genial", "raab"} {
		st, err := LoadStyle(g, "")
		if err != nil {
			t.Fatal(err)
		}
		for name := range st.Colors {
			v, ok := st.CMYK[name]
			if !ok {
				t.Errorf("%s: colors.%s has no cmyk value", g, name)
				continue
			}
			if total := v[0] + v[1] + v[2] + v[3]; total > 240 {
				t.Errorf("%s: cmyk.%s %v: %.0f %% of ink", g, name, v, total)
			}
			c := st.Color(name)
			if c.R == c.G && c.G == c.B && (v[0] != 0 || v[1] != 0 || v[2] != 0) {
				t.Errorf("%s: the grey colors.%s in more than black ink: %v", g, name, v)
			}
		}
	}
}

// A style folder made from an older templates/labyrinth.json, which lacked
// text.hint and the colour bull, keeps building: the built-in values apply,
// with a warning naming each key; a key the user set stays theirs.
func TestOldStyleTakesNewKeysFromTheDefault(t *testing.T) {
	builtin, err := fs.ReadFile(templates.FS, "labyrinth.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(builtin, &m); err != nil {
		t.Fatal(err)
	}
	delete(m["text"].(map[string]any), "hint")
	delete(m["colors"].(map[string]any), "bull")
	delete(m["cmyk"].(map[string]any), "bull")
	m["text"].(map[string]any)["question"] = map[string]any{"style": "B", "size": 11, "min": 7}
	old, _ := json.Marshal(m)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "labyrinth.json"), old, 0o644)
	st, err := LoadStyle("labyrinth", dir)
	if err != nil {
		t.Fatalf("an old style is refused: %v", err)
	}
	def, _ := LoadStyle("labyrinth", "")
	if st.Font("hint") != def.Font("hint") || st.Color("bull") != def.Color("bull") || st.Inks()[[3]uint8{0x6d, 0x3b, 0x1f}] != def.Inks()[[3]uint8{0x6d, 0x3b, 0x1f}] {
		t.Errorf("hint %+v, bull %v: not the built-in values", st.Font("hint"), st.Color("bull"))
	}
	if st.Font("question").Size != 11 {
		t.Errorf("the user's question size was replaced: %+v", st.Font("question"))
	}
	var got []string
	for _, w := range st.Warnings {
		got = append(got, w.DE)
	}
	want := []string{
		"die Farbe colors.bull fehlt (Stil aus einer älteren Version?): es gilt #6d3b1f aus templates/labyrinth.json",
		"der Textstil text.hint fehlt (Stil aus einer älteren Version?): es gilt 8 pt aus templates/labyrinth.json",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if err := st.Require(nil, []string{"hint"}); err != nil {
		t.Errorf("Require still refuses: %v", err)
	}
}
