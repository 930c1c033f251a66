package commonpw

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// The embedded list is what the package comment says it is: the first
// 10,000 lines of @zxcvbn-ts/language-common 4.1.3's src/passwords.json,
// written one per line (python3: "\n".join(json.load(f)[:10000]) + "\n").
func TestListIsThePackagesFirst10000(t *testing.T) {
	h := sha256.Sum256([]byte(list))
	if got := hex.EncodeToString(h[:]); got != "fd8ee3ed0ec0e1ca7cdc36ed3e6e4dfc85115bee120024db50c1370cc8e00cbc" {
		t.Fatalf("passwords.txt changed: sha256 %s", got)
	}
	if Size() != 10000 {
		t.Fatalf("%d passwords, want 10000", Size())
	}
}

func TestCommon(t *testing.T) {
	for _, pw := range []string{"12345678", "password", "Password", "QWERTYUIOP", "iloveyou", "football"} {
		if !Common(pw) {
			t.Errorf("%q is not found", pw)
		}
	}
	for _, pw := range []string{"Rotkehlchen am Fenster", "dativ-genitiv-2026", "", "k7#Qz!p2Lw"} {
		if Common(pw) {
			t.Errorf("%q counts as common", pw)
		}
	}
}
