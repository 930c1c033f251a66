package authoring

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"

	"druckreif/decks"
)

// WriteCSVTemplate writes the template for game g as a deck folder of CSV
// files (the form the default decks are kept in): Deck.csv and one file per
// card sheet with the header and the two example rows.
func WriteCSVTemplate(g decks.Game, dir string) error {
	schemas := decks.Schemas(g)
	if len(schemas) == 0 {
		return fmt.Errorf("für %s gibt es keine Vorlage: seine Karten werden erzeugt", g)
	}
	files := map[string][][]string{
		"Deck.csv": {{"Spiel", string(g)}, {"Name", "Mein Deck"}, {"Kennung", "MEIN"}, {"Version", "1.0"}, {"Sprache", "de"}},
	}
	for _, s := range schemas {
		var header []string
		for _, c := range s.Columns {
			header = append(header, c.Name)
		}
		files[s.Name+".csv"] = append([][]string{header}, s.Example...)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, rows := range files {
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		if err := w.WriteAll(rows); err != nil {
			return err
		}
		if err := writeFileAtomic(filepath.Join(dir, name), buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// writeFileAtomic writes through a temporary file in the same folder and
// renames it, so a failed write never leaves a half-written file behind.
func writeFileAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// WriteTemplateFile writes the .xlsx template atomically to name.
func WriteTemplateFile(g decks.Game, name string) error {
	var buf bytes.Buffer
	if err := WriteTemplate(g, &buf); err != nil {
		return err
	}
	return writeFileAtomic(name, buf.Bytes())
}
