package tlscert

import (
	"crypto/x509"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	c, err := Load(dir, []string{"127.0.0.1", "192.168.1.20", "spieltisch.local"}, now)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(c.Leaf)
	for _, h := range []string{"127.0.0.1", "192.168.1.20", "spieltisch.local"} {
		if _, err := c.Leaf.Verify(x509.VerifyOptions{DNSName: h, Roots: pool, CurrentTime: now}); err != nil {
			t.Errorf("%s: %v", h, err)
		}
	}
	if len(c.Fingerprint) != 95 {
		t.Fatalf("fingerprint %q", c.Fingerprint)
	}
	if fi, _ := os.Stat(filepath.Join(dir, KeyFile)); fi.Mode().Perm() != 0o600 {
		t.Fatalf("key mode %v", fi.Mode())
	}
	// The same hosts: the same certificate, every phone keeps trusting it.
	again, _ := Load(dir, []string{"192.168.1.20", "127.0.0.1"}, now.Add(24*time.Hour))
	if again.Fingerprint != c.Fingerprint {
		t.Fatal("a certificate covering the hosts was replaced")
	}
	// A new address (another Wi-Fi): a new certificate for it.
	moved, _ := Load(dir, []string{"10.0.0.5"}, now)
	if moved.Fingerprint == c.Fingerprint || moved.Leaf.IPAddresses[0].String() != "10.0.0.5" {
		t.Fatal("no new certificate for a new address")
	}
	// About to expire: renewed.
	old, _ := Load(dir, []string{"10.0.0.5"}, now.Add(lifetime-10*24*time.Hour))
	if old.Fingerprint == moved.Fingerprint {
		t.Fatal("an expiring certificate was kept")
	}
}
