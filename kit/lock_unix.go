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
// killed build never leaves the folder locked.
func lockFolder(name string) (*os.File, error) {
	for {
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
		// The build before may have removed the file between our open and
		// our lock: then the lock is on a file nobody else sees; again.
		held, err1 := f.Stat()
		now, err2 := os.Stat(name)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return f, nil
		}
		f.Close()
	}
}

// unlockFolder removes the lock file and then releases the lock, so no
// lock file stays behind in the folder (and lockFolder's check makes the
// removal safe).
func unlockFolder(f *os.File) {
	os.Remove(f.Name())
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	f.Close()
}

func busy(dir string) error {
	return errorf("in %s schreibt gerade ein anderer druckreif build; bitte warten, bis er fertig ist, oder einen anderen Ordner wählen (--out)",
		"another druckreif build is writing to %s; please wait until it is done or choose another folder (--out)", dir)
}
