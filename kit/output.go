package kit

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"

	"druckreif/i18n"
	"druckreif/internal/fileread"
	"druckreif/internal/interrupt"
)

// The kit's folder holds the kit and possibly files of the user's own (the
// repository's out/README.md, notes). The kit keeps a manifest of the files
// it wrote, with their checksums, and from it:
//
//   - never overwrites or deletes a file it did not write (or that was
//     changed since): it refuses the build and says which file is in the way;
//   - removes its own stale files (karten-teil1.pdf of an earlier build
//     beside a new karten.pdf) and keeps its files of other layouts and
//     paper sizes, and indexes everything it holds;
//   - writes a build all or nothing: every file is staged in a hidden folder
//     inside the kit folder, a journal (the new manifest with the moves to
//     make) is written, and the moves run as a critical section that Ctrl-C
//     waits for; a build killed even then is finished by the next one from
//     the journal. A failed or interrupted build leaves the previous kit
//     as it was and no temporary files;
//   - one build at a time: a lock file in the folder while a build runs.

const (
	manifestName = ".druckreif-kit.json"
	journalName  = ".druckreif-kit.json.neu"
	lockName     = ".druckreif.lock"
	stagingGlob  = ".druckreif-neu-*"
)

// Error is a reason the kit cannot be written, in both languages.
type Error struct {
	Msg i18n.Text
}

func (e *Error) Error() string { return e.Msg.DE }

// In formats the error in l.
func (e *Error) In(l i18n.Lang) string { return e.Msg.In(l) }

func errorf(de, en string, args ...any) *Error { return &Error{Msg: i18n.Sprintf(de, en, args...)} }

// entry is one file of the manifest.
type entry struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Size   int64  `json:"size"`
	MTime  int64  `json:"mtime"` // UnixNano after the file was put in place
	What   string `json:"what"`
	Paper  string `json:"paper"`
	Duplex string `json:"duplex"`
	Sheets int    `json:"sheets"`
	Pages  int    `json:"pages"`
	// Count is what the file holds (File.Count), so the checklists of a
	// later build still count a file it keeps.
	// Always written, empty for a file that holds nothing counted: a
	// manifest without it was written before counts were kept.
	Count map[string]int `json:"count"`
}

func (e entry) file() File {
	return File{Path: e.Path, What: e.What, Paper: e.Paper, Duplex: e.Duplex, Sheets: e.Sheets, Pages: e.Pages, Count: e.Count,
		countUnknown: e.Count == nil}
}

type manifest struct {
	Version int     `json:"version"`
	Files   []entry `json:"files"`
	// Commit is set only in the journal: the staged files to move into
	// place and the stale files to remove.
	Commit *commitPlan `json:"commit,omitempty"`
}

type commitPlan struct {
	Staging string   `json:"staging"` // folder name inside the kit folder
	Moves   []string `json:"moves"`   // paths relative to the kit folder
	Removes []entry  `json:"removes"`
}

// Output is the kit's folder, opened for one build: locked against other
// builds and checked to be a folder the kit may write to.
type Output struct {
	Dir string

	created    bool // Dir did not exist before
	lock       *os.File
	old        map[string]entry // the manifest before this build
	unregister func()
}

// OpenOutput checks and locks the kit folder dir, creating it if needed,
// and finishes a commit an earlier build could not complete. Close it when
// the build is done.
func OpenOutput(dir string) (*Output, error) {
	if dir == "" {
		return nil, errorf("--out: leerer Pfad: bitte einen Ordner angeben", "--out: empty path: please name a folder")
	}
	if err := refuseSystemFolder(dir); err != nil {
		return nil, err
	}
	o := &Output{Dir: dir}
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, errorf("%s kann nicht angelegt werden: %v", "%s cannot be created: %v", dir, fileread.Cause(err))
		}
		o.created = true
	case err != nil:
		return nil, errorf("%s kann nicht gelesen werden: %v", "%s cannot be read: %v", dir, fileread.Cause(err))
	case !info.IsDir():
		return nil, errorf("%s ist eine Datei, kein Ordner", "%s is a file, not a folder", dir)
	}
	lock, err := lockFolder(filepath.Join(dir, lockName))
	if err != nil {
		o.removeIfCreated()
		return nil, err
	}
	o.lock = lock
	o.unregister = interrupt.OnInterrupt(func() { o.Close() })
	if err := o.recover(); err != nil {
		o.Close()
		return nil, err
	}
	old, err := o.readManifest()
	if err != nil {
		o.Close()
		return nil, err
	}
	o.old = old
	// The index is written by every build: refuse early, before rendering,
	// if a file of the user's has its name.
	if err := o.refuseForeign([]string{"README.txt"}); err != nil {
		o.Close()
		return nil, err
	}
	return o, nil
}

// Close releases the folder's lock; a folder OpenOutput created is removed
// again if the build wrote nothing.
func (o *Output) Close() error {
	if o.unregister != nil {
		o.unregister()
		o.unregister = nil
	}
	if o.lock != nil {
		unlockFolder(o.lock)
		o.lock = nil
	}
	o.removeIfCreated()
	return nil
}

func (o *Output) removeIfCreated() {
	if !o.created {
		return
	}
	if entries, _ := os.ReadDir(o.Dir); len(entries) == 0 {
		os.Remove(o.Dir)
	}
}

// Commit writes the build's files into the folder with the indexes of
// everything the folder then holds, all or nothing. It returns the files
// written (the build's and the indexes) and notes for the user (files of
// the kit that were changed since and are left alone).
func (o *Output) Commit(files []File, opts Options) (written []File, notes []i18n.Text, err error) {
	return o.commit(files, func(content []File) []File {
		indexes := IndexFiles(content)
		return append(indexes, File{Path: "README.txt", What: "Übersicht: was wie zu drucken ist", Paper: "–", Duplex: "–",
			Data: []byte(Index(append(append([]File(nil), content...), indexes...), opts))})
	})
}

// CommitExport writes an export's files into its folder, all or nothing,
// as Commit does for the kit, with the profile's README.txt as the one
// index.
func (o *Output) CommitExport(files []File, p Profile) (written []File, notes []i18n.Text, err error) {
	return o.commit(files, func(content []File) []File {
		return []File{{Path: "README.txt", What: "Übersicht", Paper: "–", Duplex: "–", Data: []byte(p.Readme(content))}}
	})
}

// commit writes files with the indexes made of what the folder then holds.
func (o *Output) commit(files []File, makeIndexes func(content []File) []File) (written []File, notes []i18n.Text, err error) {
	if o.lock == nil {
		return nil, nil, errorf("der Ordner ist nicht geöffnet", "the folder is not open")
	}
	newPaths := map[string]bool{}
	groups := map[string]bool{}
	for _, f := range files {
		if err := checkRelPath(f.Path); err != nil {
			return nil, nil, err
		}
		newPaths[f.Path] = true
		groups[group(f.Path)] = true
	}
	// What the folder holds after this build: the new files, and the old
	// files this build did not rebuild, if they are still as written.
	content := append([]File(nil), files...)
	var stale []entry
	for _, e := range sortedEntries(o.old) {
		if newPaths[e.Path] || isIndex(e.Path) {
			continue
		}
		state := o.state(e)
		if state == missing {
			continue
		}
		if state == changed {
			notes = append(notes, i18n.Sprintf("%s wurde nach dem Build geändert und gehört nicht mehr zum Set; es bleibt unverändert liegen",
				"%s was changed after the build and no longer belongs to the kit; it is left as it is", filepath.Join(o.Dir, e.Path)))
			continue
		}
		if groups[group(e.Path)] {
			stale = append(stale, e)
			continue
		}
		content = append(content, e.file())
	}
	indexes := makeIndexes(content)
	for _, e := range o.old {
		if isIndex(e.Path) && !containsPath(indexes, e.Path) && o.state(e) == unchanged {
			stale = append(stale, e)
		}
	}
	writes := append(append([]File(nil), files...), indexes...)
	var paths []string
	for _, f := range writes {
		paths = append(paths, f.Path)
	}
	if err := o.refuseForeign(paths); err != nil {
		return nil, nil, err
	}
	next, err := o.stage(changedOnly(writes, o), content, indexes, stale)
	if err != nil {
		return nil, nil, err
	}
	if err := o.apply(next); err != nil {
		return nil, nil, err
	}
	o.old = entriesByPath(next.Files)
	return writes, notes, nil
}

// changedOnly leaves out the files the folder already holds byte for byte,
// as the kit wrote them: a rebuild after a one-card edit (most files from
// the build cache) then moves and syncs one file instead of forty, and the
// manifest keeps those files' entries.
func changedOnly(writes []File, o *Output) []File {
	var out []File
	for _, f := range writes {
		if e, ok := o.old[f.Path]; ok && e.Size == int64(len(f.Data)) && o.state(e) == unchanged {
			sum := sha256.Sum256(f.Data)
			if hex.EncodeToString(sum[:]) == e.SHA256 && sameDescription(e, f) {
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// sameDescription reports whether the manifest's entry describes f as the
// build does, so a kept entry says what the new build would have said.
func sameDescription(e entry, f File) bool {
	if e.What != f.What || e.Paper != f.Paper || e.Duplex != f.Duplex || e.Sheets != f.Sheets || e.Pages != f.Pages || len(e.Count) != len(f.Count) || e.Count == nil {
		return false
	}
	for k, v := range f.Count {
		if e.Count[k] != v {
			return false
		}
	}
	return true
}

// stage writes every file into a new hidden folder inside the kit folder
// and the journal beside the manifest. Each step is a critical section: on
// Ctrl-C the cleanup waits for the file being written, and no step starts
// after it, so the cleanup removes everything staged.
func (o *Output) stage(writes, content, indexes []File, stale []entry) (*manifest, error) {
	var staging string
	var err error
	var unregister func()
	interrupt.Critical(func() {
		staging, err = os.MkdirTemp(o.Dir, stagingGlob)
		if err == nil {
			unregister = interrupt.OnInterrupt(func() {
				os.RemoveAll(staging)
				os.Remove(filepath.Join(o.Dir, journalName))
			})
		}
	})
	if err != nil {
		return nil, errorf("%s: kein Platz für neue Dateien: %v", "%s: no room for new files: %v", o.Dir, fileread.Cause(err))
	}
	ok := false
	defer func() {
		unregister()
		if !ok {
			os.RemoveAll(staging)
			os.Remove(filepath.Join(o.Dir, journalName))
		}
	}()
	written := map[string]entry{}
	for _, f := range writes {
		var e entry
		interrupt.Critical(func() { e, err = writeStaged(staging, f) })
		if err != nil {
			return nil, errorf("%s kann nicht geschrieben werden: %v", "%s cannot be written: %v", filepath.Join(o.Dir, f.Path), fileread.Cause(err))
		}
		written[f.Path] = e
	}
	next := &manifest{Version: 1, Commit: &commitPlan{Staging: filepath.Base(staging), Removes: stale}}
	for _, f := range append(append([]File(nil), content...), indexes...) {
		if e, ok := written[f.Path]; ok {
			next.Files = append(next.Files, e)
		} else {
			next.Files = append(next.Files, o.old[f.Path])
		}
	}
	for _, f := range writes {
		next.Commit.Moves = append(next.Commit.Moves, f.Path)
	}
	sort.Slice(next.Files, func(i, j int) bool { return next.Files[i].Path < next.Files[j].Path })
	interrupt.Critical(func() { err = writeJSON(filepath.Join(o.Dir, journalName), next) })
	if err != nil {
		return nil, errorf("%s kann nicht geschrieben werden: %v", "%s cannot be written: %v", filepath.Join(o.Dir, journalName), fileread.Cause(err))
	}
	ok = true
	return next, nil
}

// writeStaged writes one file below the staging folder and describes it.
func writeStaged(staging string, f File) (entry, error) {
	name := filepath.Join(staging, filepath.FromSlash(f.Path))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return entry{}, err
	}
	out, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return entry{}, err
	}
	_, err = out.Write(f.Data)
	if err == nil {
		err = out.Chmod(0o644) // whatever the umask: the kit is for everyone
	}
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return entry{}, err
	}
	info, err := os.Stat(name)
	if err != nil {
		return entry{}, err
	}
	sum := sha256.Sum256(f.Data)
	return entry{Path: f.Path, SHA256: hex.EncodeToString(sum[:]), Size: int64(len(f.Data)), MTime: info.ModTime().UnixNano(),
		What: f.What, Paper: f.Paper, Duplex: f.Duplex, Sheets: f.Sheets, Pages: f.Pages, Count: counted(f.Count)}, nil
}

// counted is what a manifest records of a file's counts: never nil, so a
// file that holds nothing counted is told from one of an older manifest.
func counted(c map[string]int) map[string]int {
	if c == nil {
		return map[string]int{}
	}
	return c
}

// commitHook lets tests stop a commit after a number of moves, as a crash
// would.
var commitHook func(moved int)

// apply carries out a journal: moves the staged files into place, removes
// stale ones and makes the journal the manifest. It runs as a critical
// section, so Ctrl-C waits for it, and it can run again on a journal whose
// commit was cut short.
func (o *Output) apply(j *manifest) error {
	var err error
	interrupt.Critical(func() {
		staging := filepath.Join(o.Dir, j.Commit.Staging)
		for i, p := range j.Commit.Moves {
			if commitHook != nil {
				commitHook(i)
			}
			src := filepath.Join(staging, filepath.FromSlash(p))
			dst := filepath.Join(o.Dir, filepath.FromSlash(p))
			if _, serr := os.Lstat(src); errors.Is(serr, fs.ErrNotExist) {
				continue // moved before the commit was cut short
			}
			if err = os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return
			}
			if err = os.Rename(src, dst); err != nil {
				return
			}
		}
		for _, e := range j.Commit.Removes {
			if o.state(e) == unchanged {
				os.Remove(filepath.Join(o.Dir, filepath.FromSlash(e.Path)))
			}
		}
		done := *j
		done.Commit = nil
		if err = writeJSON(filepath.Join(o.Dir, manifestName), &done); err != nil {
			return
		}
		os.Remove(filepath.Join(o.Dir, journalName))
		os.RemoveAll(staging)
		syncDir(o.Dir)
	})
	if err != nil {
		return errorf("%s: das Set konnte nicht fertig geschrieben werden (%v); der nächste Build vollendet es", "%s: the kit could not be completed (%v); the next build completes it", o.Dir, fileread.Cause(err))
	}
	return nil
}

// recover finishes a commit that was cut short (the journal is still
// there) and removes staging folders of builds that never got to commit.
func (o *Output) recover() error {
	data, err := os.ReadFile(filepath.Join(o.Dir, journalName))
	var j manifest
	if err == nil && json.Unmarshal(data, &j) == nil && j.Commit != nil && validJournal(&j) {
		if err := o.apply(&j); err != nil {
			return err
		}
	} else if err == nil {
		os.Remove(filepath.Join(o.Dir, journalName)) // written only in part: its build never committed
	}
	leftovers, _ := filepath.Glob(filepath.Join(o.Dir, stagingGlob))
	for _, l := range leftovers {
		os.RemoveAll(l)
	}
	return nil
}

func validJournal(j *manifest) bool {
	if !strings.HasPrefix(j.Commit.Staging, ".druckreif-neu-") || strings.ContainsAny(j.Commit.Staging, `/\`) {
		return false
	}
	for _, p := range j.Commit.Moves {
		if checkRelPath(p) != nil {
			return false
		}
	}
	for _, e := range append(j.Files, j.Commit.Removes...) {
		if checkRelPath(e.Path) != nil {
			return false
		}
	}
	return true
}

// readManifest reads what the kit wrote into the folder before. A folder
// written by a druckreif without a manifest is recognised by its index,
// which lists every file of the kit.
func (o *Output) readManifest() (map[string]entry, error) {
	data, err := os.ReadFile(filepath.Join(o.Dir, manifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return o.adoptLegacy(), nil
	}
	if err != nil {
		return nil, errorf("%s kann nicht gelesen werden: %v", "%s cannot be read: %v", filepath.Join(o.Dir, manifestName), fileread.Cause(err))
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, errorf("%s ist beschädigt (%v): das Verzeichnis der Dateien des Sets; bitte die Datei löschen, dann gelten alle Dateien im Ordner als fremd",
			"%s is damaged (%v): the list of the kit's files; please delete it, then every file in the folder counts as foreign", filepath.Join(o.Dir, manifestName), err)
	}
	out := map[string]entry{}
	for _, e := range m.Files {
		if checkRelPath(e.Path) == nil {
			out[e.Path] = e
		}
	}
	return out, nil
}

// legacyIndex is the first line of the index every druckreif build writes.
const legacyIndex = "druckreif – Print-and-Play-Set\n"

var legacyLine = regexp.MustCompile(`^(\S+\.(?:pdf|txt))\s+\d+\s+\d+\s`)

func (o *Output) adoptLegacy() map[string]entry {
	out := map[string]entry{}
	data, err := os.ReadFile(filepath.Join(o.Dir, "README.txt"))
	if err != nil || !bytes.HasPrefix(data, []byte(legacyIndex)) {
		return out
	}
	paths := []string{"README.txt"}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if m := legacyLine.FindStringSubmatch(sc.Text()); m != nil && checkRelPath(m[1]) == nil {
			paths = append(paths, m[1])
		}
	}
	for _, p := range paths {
		if e, ok := describe(filepath.Join(o.Dir, filepath.FromSlash(p)), p); ok {
			out[p] = e
		}
	}
	return out
}

// describe hashes a file on disk as a manifest entry.
func describe(name, rel string) (entry, bool) {
	info, err := os.Lstat(name)
	if err != nil || !info.Mode().IsRegular() {
		return entry{}, false
	}
	sum, err := hashFile(name)
	if err != nil {
		return entry{}, false
	}
	return entry{Path: rel, SHA256: sum, Size: info.Size(), MTime: info.ModTime().UnixNano()}, true
}

type fileState int

const (
	unchanged fileState = iota
	changed
	missing
)

// state compares a file on disk with what the manifest says the kit wrote.
// Size and time decide when they agree; otherwise the checksum does.
func (o *Output) state(e entry) fileState {
	name := filepath.Join(o.Dir, filepath.FromSlash(e.Path))
	info, err := os.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return missing
	}
	if err != nil || !info.Mode().IsRegular() {
		return changed
	}
	if info.Size() == e.Size && info.ModTime().UnixNano() == e.MTime {
		return unchanged
	}
	if sum, err := hashFile(name); err == nil && sum == e.SHA256 && info.Size() == e.Size {
		return unchanged
	}
	return changed
}

// refuseForeign checks that every path the build writes is free or holds
// a file the kit wrote and nobody changed since, and that no folder on the
// way is a file.
func (o *Output) refuseForeign(paths []string) error {
	var foreign, blocked []string
	for _, p := range paths {
		name := filepath.Join(o.Dir, filepath.FromSlash(p))
		for dir := path.Dir(p); dir != "."; dir = path.Dir(dir) {
			if info, err := os.Lstat(filepath.Join(o.Dir, filepath.FromSlash(dir))); err == nil && !info.IsDir() {
				blocked = append(blocked, filepath.Join(o.Dir, filepath.FromSlash(dir)))
			}
		}
		info, err := os.Lstat(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil || info.IsDir() {
			blocked = append(blocked, name)
			continue
		}
		e, ours := o.old[p]
		if !ours || o.state(e) != unchanged {
			foreign = append(foreign, name)
		}
	}
	if len(blocked) > 0 {
		return errorf("%s steht im Weg (ein Ordner, wo eine Datei des Sets hingehört, oder umgekehrt); nichts geschrieben",
			"%s is in the way (a folder where a file of the kit belongs, or the other way round); nothing written", strings.Join(uniq(blocked), ", "))
	}
	if len(foreign) > 0 {
		return errorf("%s: %d Datei(en) hat nicht druckreif geschrieben (oder sie wurden seither geändert) und würden ersetzt: %s. druckreif ersetzt keine fremden Dateien: bitte verschieben oder einen anderen Ordner wählen (--out); nichts geschrieben",
			"%s: %d file(s) were not written by druckreif (or were changed since) and would be replaced: %s. druckreif replaces no foreign files: please move them or choose another folder (--out); nothing written",
			o.Dir, len(foreign), strings.Join(foreign, ", "))
	}
	return nil
}

// checkRelPath accepts the kit's own relative, clean, slash-separated paths.
func checkRelPath(p string) error {
	if p == "" || path.IsAbs(p) || path.Clean(p) != p || strings.HasPrefix(p, "../") || p == ".." || strings.Contains(p, `\`) ||
		strings.HasPrefix(path.Base(p), ".druckreif") {
		return errorf("ungültiger Dateiname im Set: %q", "invalid file name in the kit: %q", p)
	}
	return nil
}

// group names the files that replace one another: a card file and its
// parts (karten.pdf, karten-teil1.pdf …) are one group, so a rebuild
// removes the parts of the earlier build. Files of other layouts and
// papers (karten-letter.pdf) are other groups and stay.
func group(p string) string {
	return teilSuffix.ReplaceAllString(strings.TrimSuffix(p, ".pdf"), "")
}

var teilSuffix = regexp.MustCompile(`-teil\d+$`)

// isIndex reports the index files, which every build writes anew from
// everything the folder holds.
func isIndex(p string) bool { return p == "README.txt" || path.Base(p) == "LIESMICH.txt" }

func containsPath(files []File, p string) bool {
	for _, f := range files {
		if f.Path == p {
			return true
		}
	}
	return false
}

func sortedEntries(m map[string]entry) []entry {
	out := make([]entry, 0, len(m))
	for _, e := range m {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func entriesByPath(es []entry) map[string]entry {
	out := map[string]entry{}
	for _, e := range es {
		out[e.Path] = e
	}
	return out
}

func hashFile(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// writeJSON writes v durably: to a temporary file, synced, renamed.
func writeJSON(name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp := name + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// refuseSystemFolder refuses folders of the operating system and the top
// of the user's own (a kit there would scatter files among the system's or
// the user's own): /, /etc, /usr …, the home folder itself.
func refuseSystemFolder(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return errorf("%s: %v", "%s: %v", dir, err)
	}
	resolved := resolveExisting(abs)
	home, _ := os.UserHomeDir()
	for _, p := range []string{abs, resolved} {
		if isSystemFolder(p, home) {
			example := filepath.Join(home, "druckreif-set")
			if home == "" || isSystemFolder(home, "") {
				example = "druckreif-set"
			}
			return errorf("%s ist ein Systemordner (oder der Home-Ordner selbst): das Set braucht einen eigenen Ordner, z. B. --out %s",
				"%s is a system folder (or the home folder itself): the kit needs a folder of its own, e.g. --out %s", dir, example)
		}
	}
	return nil
}

// resolveExisting follows symbolic links in the part of p that exists.
func resolveExisting(p string) string {
	rest := ""
	for cur := p; ; cur = filepath.Dir(cur) {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(cur) == cur {
			return p
		}
		rest = filepath.Join(filepath.Base(cur), rest)
	}
}

func isSystemFolder(p, home string) bool {
	p = filepath.Clean(p)
	if filepath.Dir(p) == p { // a root: / or C:\
		return true
	}
	if home != "" && p == filepath.Clean(home) {
		return true
	}
	if runtime.GOOS == "windows" {
		vol := filepath.VolumeName(p)
		if strings.EqualFold(p, vol+`\Users`) {
			return true
		}
		for _, s := range []string{`\Windows`, `\Program Files`, `\Program Files (x86)`, `\ProgramData`} {
			if strings.EqualFold(p, vol+s) || strings.HasPrefix(strings.ToLower(p), strings.ToLower(vol+s+`\`)) {
				return true
			}
		}
		return false
	}
	// The folder itself may not be one of these; below some of them a kit
	// is fine (/tmp/kit, /home/anna/kit, /var/tmp/kit).
	for _, s := range []string{"/home", "/root", "/tmp", "/var/tmp", "/mnt", "/media", "/opt", "/srv", "/Users", "/Volumes", "/private/tmp"} {
		if p == s {
			return true
		}
	}
	if strings.HasPrefix(p, "/var/tmp/") || strings.HasPrefix(p, "/var/folders/") || strings.HasPrefix(p, "/private/var/folders/") || strings.HasPrefix(p, "/private/tmp/") {
		return false
	}
	for _, s := range []string{"/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run", "/sbin", "/sys",
		"/usr", "/var", "/System", "/Library", "/Applications", "/private"} {
		if p == s || strings.HasPrefix(p, s+"/") {
			return true
		}
	}
	return false
}
