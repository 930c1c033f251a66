package kit

import (
	"os"
	"path/filepath"
)

// imageDirMark is the file by which an image export's folder is known as
// druckreif's own: only such a folder (or an empty one) is replaced.
const imageDirMark = ".druckreif-bilder"

// newImageDir makes a fresh folder beside dir to write an image export
// into; commit puts it in dir's place. A dir that holds files but not the
// mark is somebody else's and is left alone: the export fails before
// drawing anything.
func newImageDir(dir string) (tmp string, commit func() error, err error) {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		if _, err := os.Stat(filepath.Join(dir, imageDirMark)); err != nil {
			return "", nil, errorf("%s enthält fremde Dateien; wähle mit --out einen leeren oder neuen Ordner",
				"%s holds files that are not an earlier export; choose an empty or new folder with --out", dir)
		}
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", nil, err
	}
	if tmp, err = os.MkdirTemp(parent, ".druckreif-export-*"); err != nil {
		return "", nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, imageDirMark), []byte("druckreif export\n"), 0o644); err != nil {
		os.RemoveAll(tmp)
		return "", nil, err
	}
	commit = func() error {
		old := tmp + ".alt"
		if _, err := os.Stat(dir); err == nil {
			if err := os.Rename(dir, old); err != nil {
				return err
			}
		}
		if err := os.Rename(tmp, dir); err != nil {
			os.Rename(old, dir)
			return err
		}
		return os.RemoveAll(old)
	}
	return tmp, commit, nil
}
