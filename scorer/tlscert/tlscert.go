// Package tlscert gives the scorer a certificate for HTTPS on the local
// network. Phones allow the camera (live QR scanning) only in a secure
// context, and a laptop at the table has no certificate from a public
// authority, so the scorer makes its own on first start: self-signed, for
// every address it is reached under. Each phone accepts it once; its
// SHA-256 fingerprint, printed at start, lets the careful check it.
package tlscert

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Files in the data folder.
const (
	CertFile = "https-zertifikat.pem"
	KeyFile  = "https-schluessel.pem"
)

// lifetime is how long a certificate lasts; it is renewed a month before.
const lifetime = 397 * 24 * time.Hour

// Cert is the scorer's certificate.
type Cert struct {
	TLS tls.Certificate
	// Fingerprint is the certificate's SHA-256, as browsers show it
	// (upper-case hex pairs separated by colons).
	Fingerprint string
	// Leaf is the parsed certificate.
	Leaf *x509.Certificate
}

// Load reads the certificate from dir, or makes a new one when there is
// none, when it does not cover every host, or when it expires within a
// month. hosts are IP addresses or names.
func Load(dir string, hosts []string, now time.Time) (*Cert, error) {
	certPath, keyPath := filepath.Join(dir, CertFile), filepath.Join(dir, KeyFile)
	if c, err := read(certPath, keyPath); err == nil && covers(c.Leaf, hosts) && now.Add(30*24*time.Hour).Before(c.Leaf.NotAfter) {
		return c, nil
	}
	c, certPEM, keyPEM, err := generate(hosts, now)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	// The key first, then the certificate: a crash between them leaves a
	// pair that does not match, which the next start replaces.
	if err := writeFile(keyPath, keyPEM, 0o600); err != nil {
		return nil, err
	}
	if err := writeFile(certPath, certPEM, 0o644); err != nil {
		return nil, err
	}
	return c, nil
}

func read(certPath, keyPath string) (*Cert, error) {
	pair, err := tls.LoadX509KeyPair(certPath, keyPath)
	if err != nil {
		return nil, err
	}
	leaf, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		return nil, err
	}
	return &Cert{TLS: pair, Leaf: leaf, Fingerprint: fingerprint(pair.Certificate[0])}, nil
}

// covers reports whether the certificate names every host.
func covers(leaf *x509.Certificate, hosts []string) bool {
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			if !slices.ContainsFunc(leaf.IPAddresses, ip.Equal) {
				return false
			}
		} else if !slices.Contains(leaf.DNSNames, h) {
			return false
		}
	}
	return true
}

func generate(hosts []string, now time.Time) (*Cert, []byte, []byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		return nil, nil, nil, err
	}
	name, _ := os.Hostname()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "druckreif Punktezähler " + name, Organization: []string{"druckreif"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(lifetime),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else if h != "" {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	if len(tmpl.IPAddresses)+len(tmpl.DNSNames) == 0 {
		return nil, nil, nil, errors.New("tlscert: no host to make a certificate for")
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, nil, err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, nil, err
	}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER})
	pair, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		return nil, nil, nil, err
	}
	leaf, _ := x509.ParseCertificate(der)
	return &Cert{TLS: pair, Leaf: leaf, Fingerprint: fingerprint(der)}, certPEM, keyPEM, nil
}

func fingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	h := strings.ToUpper(hex.EncodeToString(sum[:]))
	var parts []string
	for i := 0; i < len(h); i += 2 {
		parts = append(parts, h[i:i+2])
	}
	return strings.Join(parts, ":")
}

// SPKIHash is the base64 SHA-256 of the certificate's public key, the form
// chromium's --ignore-certificate-errors-spki-list takes.
func (c *Cert) SPKIHash() string {
	sum := sha256.Sum256(c.Leaf.RawSubjectPublicKeyInfo)
	return base64std(sum[:])
}

func writeFile(path string, data []byte, mode os.FileMode) error {
	tmp := fmt.Sprintf("%s.tmp-%d", path, time.Now().UnixNano())
	if err := os.WriteFile(tmp, data, mode); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func base64std(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
