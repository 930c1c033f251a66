//go:build unix

package kit

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"

	"druckreif/internal/fileread"
)

// lockFolder takes the kit folder's lock, or says that another build
// holds it. The lock (flock) ends with the process, however it ends, so a
// killed build never leaves the folder locked. The lock file stays: removing
// it would let two builds lock two different files.
func lockFolder(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, errorf("%s kann nicht gesperrt werden: %v", "%s cannot be locked: %v", filepath.Dir(name), fileread.Cause(err))
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, busy(filepath.Dir(name))
		}
		return nil, errorf("%s kann nicht gesperrt werden: %v", "%s cannot be locked: %v", filepath.Dir(name), err)
	}
	return f, nil
}

func unlockFolder(f *os.File) {
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	f.Close()
}

func busy(dir string) error {
	return errorf("in %s schreibt gerade ein anderer druckreif build; bitte warten, bis er fertig ist, oder einen anderen Ordner wählen (--out)",
		"another druckreif build is writing to %s; please wait until it is done or choose another folder (--out)", dir)
}
