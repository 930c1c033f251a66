package authoring

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"druckreif/decks"
	"druckreif/decks/workbook"
	"druckreif/i18n"
	"druckreif/internal/fileread"
	"druckreif/internal/interrupt"
)

// Error is why a template was not written, in both languages.
type Error struct {
	Msg i18n.Text
}

func (e *Error) Error() string { return e.Msg.DE }

// In formats the error in l.
func (e *Error) In(l i18n.Lang) string { return e.Msg.In(l) }

func errorf(de, en string, args ...any) *Error { return &Error{Msg: i18n.Sprintf(de, en, args...)} }

// WriteCSVTemplate writes the template for game g as a deck folder of CSV
// files (the form the default decks are kept in): Deck.csv and one file per
// card sheet with the header and the two example rows.
//
// The folder must not exist or be empty: a template never replaces an
// author's deck. With force, the template's files replace files of the same
// names, and every other file in the folder stays as it is.
func WriteCSVTemplate(g decks.Game, dir string, force bool) error {
	schemas := decks.Schemas(g)
	if len(schemas) == 0 {
		return errorf("für %s gibt es keine Vorlage: seine Karten werden erzeugt", "%s has no template: its cards are generated", g)
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
	if err := checkTarget(dir, true, force); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return errorf("%s kann nicht angelegt werden: %v", "%s cannot be created: %v", dir, fileread.Cause(err))
	}
	data := map[string][]byte{}
	for name, rows := range files {
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		if err := w.WriteAll(rows); err != nil {
			return err
		}
		data[filepath.Join(dir, name)] = buf.Bytes()
	}
	return writeAll(data, force)
}

// WriteTemplateFile writes the template to name, as .xlsx or, when name
// ends in .ods, as .ods. An existing file is refused unless force is
// given.
func WriteTemplateFile(g decks.Game, name string, force bool) error {
	if err := checkTarget(name, false, force); err != nil {
		return err
	}
	var buf bytes.Buffer
	write := WriteTemplate
	if workbook.KindOf(name) == workbook.ODS {
		write = WriteODSTemplate
	}
	if err := write(g, &buf); err != nil {
		return err
	}
	return writeAll(map[string][]byte{name: buf.Bytes()}, force)
}

// checkTarget refuses a target that exists (a file, or a folder that holds
// anything), unless force is given; a folder where a file is wanted, or the
// other way round, is refused always.
func checkTarget(target string, folder, force bool) error {
	if target == "" {
		return errorf("-o: leerer Pfad", "-o: empty path")
	}
	info, err := os.Stat(target)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return errorf("%s kann nicht gelesen werden: %v", "%s cannot be read: %v", target, fileread.Cause(err))
	}
	switch {
	case folder && !info.IsDir():
		return errorf("%s ist eine Datei; für --csv bitte einen (neuen) Ordner angeben", "%s is a file; --csv needs a (new) folder", target)
	case !folder && info.IsDir():
		return errorf("%s ist ein Ordner; bitte einen Dateinamen auf .xlsx oder .ods angeben", "%s is a folder; please name a file ending in .xlsx or .ods", target)
	case force:
		return nil
	case !folder:
		return errorf("%s gibt es schon: eine Vorlage überschreibt kein Deck; einen anderen Namen wählen oder mit --force ersetzen",
			"%s already exists: a template does not overwrite a deck; choose another name or replace it with --force", target)
	}
	entries, err := os.ReadDir(target)
	if err != nil {
		return errorf("%s kann nicht gelesen werden: %v", "%s cannot be read: %v", target, fileread.Cause(err))
	}
	if len(entries) > 0 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		sort.Strings(names)
		if len(names) > 5 {
			names = append(names[:5], "…")
		}
		return errorf("der Ordner %s ist nicht leer (%s): eine Vorlage überschreibt kein Deck; einen neuen Ordner wählen oder mit --force die Vorlagedateien hineinschreiben (andere Dateien bleiben)",
			"the folder %s is not empty (%s): a template does not overwrite a deck; choose a new folder or write the template's files into it with --force (other files stay)",
			target, strings.Join(names, ", "))
	}
	return nil
}

// writeAll writes files through temporary files in their folders and
// renames them into place only when all are written, so a failed or
// interrupted write leaves nothing half-written. Without force a file that
// appeared in the meantime is not replaced.
func writeAll(files map[string][]byte, force bool) error {
	tmps := map[string]string{}
	cleanup := func() {
		for _, tmp := range tmps {
			os.Remove(tmp)
		}
	}
	unregister := interrupt.OnInterrupt(cleanup)
	defer unregister()
	var names []string
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		var tmp string
		var err error
		interrupt.Critical(func() {
			if tmp, err = writeTemp(name, files[name]); err == nil {
				tmps[name] = tmp
			}
		})
		if err != nil {
			cleanup()
			return errorf("%s kann nicht geschrieben werden: %v", "%s cannot be written: %v", name, fileread.Cause(err))
		}
	}
	var err error
	interrupt.Critical(func() {
		for _, name := range names {
			if force {
				err = os.Rename(tmps[name], name)
			} else {
				err = renameNoReplace(tmps[name], name)
			}
			if err != nil {
				err = fmt.Errorf("%s: %w", name, fileread.Cause(err))
				return
			}
			delete(tmps, name)
		}
	})
	cleanup()
	if err != nil {
		return errorf("nicht geschrieben: %v", "not written: %v", err)
	}
	return nil
}

// renameNoReplace moves tmp to name unless name exists: a hard link fails
// when the name is taken, atomically; where links are not supported, the
// check comes just before the rename.
func renameNoReplace(tmp, name string) error {
	if err := os.Link(tmp, name); err == nil {
		return os.Remove(tmp)
	} else if errors.Is(err, fs.ErrExist) {
		return errorf("%s ist inzwischen entstanden und bleibt unverändert", "%s appeared in the meantime and is left as it is", name)
	}
	if _, err := os.Lstat(name); err == nil {
		return errorf("%s ist inzwischen entstanden und bleibt unverändert", "%s appeared in the meantime and is left as it is", name)
	}
	return os.Rename(tmp, name)
}

func writeTemp(name string, data []byte) (string, error) {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return "", err
	}
	// CreateTemp makes the file private; a template is an ordinary file.
	err = tmp.Chmod(0o644)
	if err == nil {
		_, err = tmp.Write(data)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}
