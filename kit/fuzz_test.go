package kit

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzKitFolder: whatever a kit folder's manifest, journal or index holds
// (damaged, hostile: paths like ../../etc/passwd), opening the folder and
// committing a build never panics and never touches anything outside it.
func FuzzKitFolder(f *testing.F) {
	f.Add([]byte(`{"version":1,"files":[{"path":"a/karten.pdf","sha256":"00","size":4}]}`),
		[]byte(`{"version":1,"files":[],"commit":{"staging":".druckreif-neu-1","moves":["../x"],"removes":[{"path":"../../outside"}]}}`),
		[]byte(legacyIndex+"Datei Blätter Seiten\n../outside.pdf 1 1 x\n"))
	f.Add([]byte(`{`), []byte(``), []byte(``))
	f.Fuzz(func(t *testing.T, manifestData, journalData, readme []byte) {
		root := t.TempDir()
		dir := filepath.Join(root, "kit")
		os.MkdirAll(filepath.Join(dir, "a"), 0o755)
		os.WriteFile(filepath.Join(root, "outside"), []byte("fremd"), 0o644)
		os.WriteFile(filepath.Join(root, "outside.pdf"), []byte("fremd"), 0o644)
		os.WriteFile(filepath.Join(dir, manifestName), manifestData, 0o644)
		if len(journalData) > 0 {
			os.WriteFile(filepath.Join(dir, journalName), journalData, 0o644)
		}
		if len(readme) > 0 {
			os.WriteFile(filepath.Join(dir, "README.txt"), readme, 0o644)
		}
		if out, err := OpenOutput(dir); err == nil {
			out.Commit([]File{{Path: "a/karten.pdf", Data: []byte("neu")}}, Options{})
			out.Close()
		}
		entries, _ := os.ReadDir(root)
		if len(entries) != 3 {
			t.Fatalf("%d entries beside the kit folder", len(entries))
		}
		for _, n := range []string{"outside", "outside.pdf"} {
			if data, err := os.ReadFile(filepath.Join(root, n)); err != nil || string(data) != "fremd" {
				t.Fatalf("%s touched", n)
			}
		}
	})
}
