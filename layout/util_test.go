package layout

import (
	"os"
	"os/exec"
	"testing"
)

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func tooltestHas(name string) bool {
	_, err := exec.LookPath(name)
	return err == nil
}
