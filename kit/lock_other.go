//go:build !unix

package kit

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"druckreif/internal/fileread"
)

// lockFolder takes the kit folder's lock by creating the lock file; where
// flock is missing, a build killed hard leaves it behind, and the message
// says to delete it.
func lockFolder(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, errorf("in %s schreibt gerade ein anderer druckreif build (oder ein abgebrochener hat %s hinterlassen: dann löschen)",
			"another druckreif build is writing to %s (or an aborted one left %s behind: then delete it)", filepath.Dir(name), name)
	}
	if err != nil {
		return nil, errorf("%s kann nicht gesperrt werden: %v", "%s cannot be locked: %v", filepath.Dir(name), fileread.Cause(err))
	}
	return f, nil
}

func unlockFolder(f *os.File) {
	f.Close()
	os.Remove(f.Name())
}
