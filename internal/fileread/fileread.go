// Package fileread reads the files a user names — decks, style files,
// recorded games — safely: only regular files (a FIFO named deck.csv would
// block forever, /dev/zero never ends), and never more than a limit.
package fileread

import (
	"errors"
	"io"
	"io/fs"
	"os"

	"druckreif/i18n"
)

// Error is why a file was not read, in both languages, without the file's
// name: callers put it where their messages name files.
type Error struct {
	Msg i18n.Text
	Err error // the underlying error, if any
}

func (e *Error) Error() string { return e.Msg.DE }
func (e *Error) Unwrap() error { return e.Err }

// In returns the reason in l.
func (e *Error) In(l i18n.Lang) string { return e.Msg.In(l) }

// Read reads the regular file name in fsys, refusing one larger than max
// bytes.
func Read(fsys fs.FS, name string, max int64) ([]byte, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, openError(err)
	}
	if err := Regular(info); err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, openError(err)
	}
	defer f.Close()
	return readAll(f, max)
}

// ReadPath reads the regular file at path on disk, refusing one larger
// than max bytes. "-" is not special here; see ReadInput.
func ReadPath(path string, max int64) ([]byte, error) {
	if path == "" {
		return nil, &Error{Msg: i18n.Sprintf("leerer Dateiname", "empty file name")}
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, openError(err)
	}
	if err := Regular(info); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, openError(err)
	}
	defer f.Close()
	return readAll(f, max)
}

// ReadInput reads path, or standard input when path is "-": a pipe is
// what "-" is for, so only the limit applies there.
func ReadInput(path string, stdin io.Reader, max int64) ([]byte, error) {
	if path == "-" {
		return readAll(stdin, max)
	}
	return ReadPath(path, max)
}

// Regular refuses anything but a regular file, saying what it is instead.
func Regular(info fs.FileInfo) error {
	m := info.Mode()
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return &Error{Msg: i18n.Sprintf("ist ein Ordner, keine Datei", "is a folder, not a file")}
	case m&fs.ModeNamedPipe != 0:
		return &Error{Msg: i18n.Sprintf("ist eine Pipe (FIFO), keine gewöhnliche Datei", "is a pipe (FIFO), not a regular file")}
	case m&fs.ModeSocket != 0:
		return &Error{Msg: i18n.Sprintf("ist ein Socket, keine gewöhnliche Datei", "is a socket, not a regular file")}
	case m&fs.ModeDevice != 0:
		return &Error{Msg: i18n.Sprintf("ist ein Gerät, keine gewöhnliche Datei", "is a device, not a regular file")}
	}
	return &Error{Msg: i18n.Sprintf("ist keine gewöhnliche Datei", "is not a regular file")}
}

func readAll(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, &Error{Msg: i18n.Sprintf("kann nicht gelesen werden: %v", "cannot be read: %v", err), Err: err}
	}
	if int64(len(data)) > max {
		return nil, &Error{Msg: TooLarge(max)}
	}
	return data, nil
}

// TooLarge says that a file is larger than max bytes, naming the limit in
// the largest unit that states it exactly enough for a reader.
func TooLarge(max int64) i18n.Text {
	if max >= 1<<20 {
		return i18n.Sprintf("Datei zu groß (mehr als %d MiB)", "file too large (more than %d MiB)", max>>20)
	}
	return i18n.Sprintf("Datei zu groß (mehr als %d Bytes)", "file too large (more than %d bytes)", max)
}

func openError(err error) error {
	var pe *fs.PathError
	inner := err
	if errors.As(err, &pe) {
		inner = pe.Err
	}
	if errors.Is(err, fs.ErrNotExist) {
		return &Error{Msg: i18n.Sprintf("nicht gefunden", "not found"), Err: err}
	}
	return &Error{Msg: i18n.Sprintf("kann nicht gelesen werden: %v", "cannot be read: %v", inner), Err: err}
}

// Cause is the operating system's reason inside a path or link error
// ("permission denied"), for messages that name the file themselves.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
