// Package remote reads decks from the web: the export link of a shared
// online spreadsheet (Google Sheets, Nextcloud, OnlyOffice, …) as .xlsx,
// .ods or CSV.
//
// A download is bounded (size, time, redirects, only http and https, plain
// http only to addresses of the local network) and kept in the user's
// cache folder with its ETag and Last-Modified, so that the next fetch
// asks the server whether it changed and a fetch without a network uses
// the last copy and says so. A download that is not a readable spreadsheet
// never replaces the copy that was.
package remote

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"path"
	"strings"
	"syscall"
	"time"

	"druckreif/decks/workbook"
	"druckreif/i18n"
)

// Limits bound one download.
type Limits struct {
	Bytes     int64         // the body, after any transfer compression
	Timeout   time.Duration // the whole exchange, redirects and body included
	Redirects int           // redirects followed
}

// DefaultLimits: a deck may be as large as a deck file may be, and a
// spreadsheet service that has not answered within 30 s is treated as
// unreachable.
var DefaultLimits = Limits{Bytes: workbook.DefaultLimits.FileBytes, Timeout: 30 * time.Second, Redirects: 5}

// Fetcher downloads and caches decks' files. The zero value uses the
// default limits, no cache and the system's network.
type Fetcher struct {
	Limits Limits
	// CacheDir holds the last copy of every address; "" keeps none.
	// DefaultCacheDir is the usual place.
	CacheDir string
	// Now is the clock (for the copies' dates); nil is time.Now.
	Now func() time.Time
	// Transport carries the requests; nil is NewTransport(nil), which
	// refuses plain http to addresses outside the local network.
	Transport http.RoundTripper
	// UserAgent names druckreif to the servers.
	UserAgent string
}

// Copy is the file behind an address, as fetched now or kept from before.
type Copy struct {
	URL          string // as given, fragment included
	Data         []byte
	Kind         workbook.Kind
	FileName     string    // the name the server gave it (Content-Disposition), if any
	Fetched      time.Time // when the server last sent or confirmed this content
	ETag         string
	LastModified string
	Digest       string // SHA-256 of Data, hex
	// Reused: the server said the cached copy is current (304).
	Reused bool
	// Offline: the server could not be reached (or failed); this is the
	// cached copy, and Offline says why.
	Offline error
}

// Error is why an address could not be read, in both languages.
type Error struct {
	URL string
	Msg i18n.Text
	// Unreachable: the network or the server failed (not the file, not
	// a refusal), so a cached copy may stand in.
	Unreachable bool
	Err         error
}

func (e *Error) Error() string         { return e.URL + ": " + e.Msg.DE }
func (e *Error) In(l i18n.Lang) string { return e.URL + ": " + e.Msg.In(l) }
func (e *Error) Unwrap() error         { return e.Err }

// Fetch returns the file at rawURL: downloaded, or the cached copy when the
// server says it has not changed, or when the server cannot be reached (then
// Copy.Offline says why). check is called on a new download before it is
// kept: a download it refuses is returned as its error and the cached copy
// stays as it was.
func (f *Fetcher) Fetch(ctx context.Context, rawURL string, check func(*Copy) error) (*Copy, error) {
	return f.fetch(ctx, rawURL, nil, check)
}

// fetch is Fetch; known is a copy of the address the caller holds (from
// an earlier fetch), which stands in for the cached one where the cache
// has none: a poller without a cache folder still asks with its ETag.
func (f *Fetcher) fetch(ctx context.Context, rawURL string, known *Copy, check func(*Copy) error) (*Copy, error) {
	u, err := parseURL(rawURL)
	if err != nil {
		return nil, err
	}
	lim := f.limits()
	key := cacheKey(u)
	cached := f.readCache(key, lim)
	if cached == nil && known != nil && known.URL == rawURL {
		c := *known
		c.Reused, c.Offline = false, nil
		cached = &c
	}
	if cached != nil {
		cached.URL = rawURL
	}
	fresh, err := f.download(ctx, rawURL, u, cached, lim)
	var re *Error
	switch {
	case err == nil && fresh == nil: // 304 Not Modified
		cached.Reused = true
		cached.Fetched = f.now()
		f.writeCache(key, cached)
		return cached, nil
	case errors.As(err, &re) && re.Unreachable && cached != nil:
		cached.Offline = err
		return cached, nil
	case err != nil:
		return nil, err
	}
	if check != nil {
		if err := check(fresh); err != nil {
			return nil, err
		}
	}
	f.writeCache(key, fresh)
	return fresh, nil
}

func (f *Fetcher) limits() Limits {
	lim := f.Limits
	if lim.Bytes <= 0 {
		lim.Bytes = DefaultLimits.Bytes
	}
	if lim.Timeout <= 0 {
		lim.Timeout = DefaultLimits.Timeout
	}
	if lim.Redirects <= 0 {
		lim.Redirects = DefaultLimits.Redirects
	}
	return lim
}

func (f *Fetcher) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

// parseURL accepts http and https addresses with a host.
func parseURL(rawURL string) (*url.URL, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, &Error{URL: rawURL, Msg: i18n.Sprintf("keine gültige Adresse: %v", "not a valid address: %v", err), Err: err}
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, &Error{URL: rawURL, Msg: i18n.Sprintf(
			"nur Adressen mit https:// (oder http:// im lokalen Netz) werden gelesen, nicht %s://", "only https:// addresses (or http:// on the local network) are read, not %s://", u.Scheme)}
	}
	if u.Host == "" {
		return nil, &Error{URL: rawURL, Msg: i18n.Sprintf("die Adresse nennt keinen Server", "the address names no server")}
	}
	return u, nil
}

// Policy refusals, told apart from an unreachable server.
var (
	errRedirects = errors.New("too many redirects")
	errScheme    = errors.New("redirect to another scheme")
	errNotLAN    = errors.New("plain http outside the local network")
	errTooLarge  = errors.New("too large")
)

// download fetches u; a nil copy and nil error mean 304 Not Modified.
func (f *Fetcher) download(ctx context.Context, rawURL string, u *url.URL, cached *Copy, lim Limits) (*Copy, error) {
	ctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, withoutFragment(u), nil)
	if err != nil {
		return nil, &Error{URL: rawURL, Msg: i18n.Sprintf("keine gültige Adresse: %v", "not a valid address: %v", err), Err: err}
	}
	ua := f.UserAgent
	if ua == "" {
		ua = "druckreif"
	}
	req.Header.Set("User-Agent", ua)
	req.Header.Set("Accept", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/vnd.oasis.opendocument.spreadsheet, text/csv;q=0.9, */*;q=0.5")
	if cached != nil {
		if cached.ETag != "" {
			req.Header.Set("If-None-Match", cached.ETag)
		}
		if cached.LastModified != "" {
			req.Header.Set("If-Modified-Since", cached.LastModified)
		}
	}
	client := &http.Client{
		Transport: f.transport(),
		CheckRedirect: func(next *http.Request, via []*http.Request) error {
			if len(via) > lim.Redirects {
				return errRedirects
			}
			if next.URL.Scheme != "http" && next.URL.Scheme != "https" {
				return fmt.Errorf("%w: %s", errScheme, next.URL.Scheme)
			}
			return nil
		},
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, f.requestError(rawURL, err, lim)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotModified && cached != nil:
		return nil, nil
	case resp.StatusCode >= 500, resp.StatusCode == http.StatusTooManyRequests, resp.StatusCode == http.StatusRequestTimeout:
		return nil, &Error{URL: rawURL, Unreachable: true, Msg: i18n.Sprintf(
			"der Server antwortet mit %s", "the server answers %s", resp.Status)}
	case resp.StatusCode == http.StatusUnauthorized, resp.StatusCode == http.StatusForbidden, resp.StatusCode == http.StatusNotFound, resp.StatusCode == http.StatusGone:
		return nil, &Error{URL: rawURL, Msg: i18n.Sprintf(
			"der Server antwortet mit %s: ist die Tabelle für alle mit dem Link freigegeben, und ist es ihr Export-Link (siehe docs/decks.md)?",
			"the server answers %s: is the sheet shared with anyone who has the link, and is this its export link (see docs/decks.md)?", resp.Status)}
	case resp.StatusCode != http.StatusOK:
		return nil, &Error{URL: rawURL, Msg: i18n.Sprintf("der Server antwortet mit %s", "the server answers %s", resp.Status)}
	}
	if resp.ContentLength > lim.Bytes {
		return nil, tooLarge(rawURL, lim)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, lim.Bytes+1))
	if err != nil {
		return nil, f.requestError(rawURL, err, lim)
	}
	if int64(len(data)) > lim.Bytes {
		return nil, tooLarge(rawURL, lim)
	}
	c := &Copy{URL: rawURL, Data: data, Fetched: f.now(), ETag: resp.Header.Get("ETag"), LastModified: resp.Header.Get("Last-Modified")}
	sum := sha256.Sum256(data)
	c.Digest = hex.EncodeToString(sum[:])
	if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition")); err == nil {
		c.FileName = path.Base(strings.ReplaceAll(params["filename"], `\`, "/"))
	}
	kind, err := kindOf(rawURL, resp.Request.URL, resp.Header.Get("Content-Type"), c.FileName, data)
	if err != nil {
		return nil, err
	}
	c.Kind = kind
	return c, nil
}

func tooLarge(rawURL string, lim Limits) error {
	return &Error{URL: rawURL, Err: errTooLarge, Msg: i18n.Sprintf(
		"die Datei ist zu groß (mehr als %d MiB)", "the file is too large (more than %d MiB)", lim.Bytes>>20)}
}

// requestError explains a failed request: a refusal of druckreif's own, or
// an unreachable server (which a cached copy may stand in for).
func (f *Fetcher) requestError(rawURL string, err error, lim Limits) error {
	e := &Error{URL: rawURL, Err: err}
	var ne net.Error
	switch {
	case errors.Is(err, errRedirects):
		e.Msg = i18n.Sprintf("zu viele Weiterleitungen (mehr als %d)", "too many redirects (more than %d)", lim.Redirects)
	case errors.Is(err, errScheme):
		e.Msg = i18n.Sprintf("eine Weiterleitung führt zu einer Adresse, die nicht http oder https ist (%v)",
			"a redirect leads to an address that is not http or https (%v)", err)
	case errors.Is(err, errNotLAN):
		e.Msg = i18n.Sprintf("http:// nur im lokalen Netz: für einen Server im Internet bitte https:// verwenden",
			"http:// only on the local network: for a server on the internet please use https://")
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		e.Unreachable = true
		e.Msg = i18n.Sprintf("keine vollständige Antwort innerhalb von %v", "no complete answer within %v", lim.Timeout)
	default:
		e.Unreachable = true
		e.Msg = i18n.Sprintf("nicht erreichbar: %v", "not reachable: %v", cause(err))
	}
	return e
}

// cause is the innermost message of a request's error, without the
// method and address url.Error repeats.
func cause(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

func withoutFragment(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

// kindOf tells the downloaded file's format: by its content when it is a
// zip, else by what the server and the address say, else CSV. A web page
// is refused: it is what a sheet's own link or a login page sends.
func kindOf(rawURL string, final *url.URL, contentType, fileName string, data []byte) (workbook.Kind, error) {
	mt, _, _ := mime.ParseMediaType(contentType)
	hint := workbook.Unknown
	switch mt {
	case "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":
		hint = workbook.XLSX
	case "application/vnd.oasis.opendocument.spreadsheet":
		hint = workbook.ODS
	case "text/csv", "text/comma-separated-values", "application/csv", "text/tab-separated-values":
		hint = workbook.CSV
	}
	for _, name := range []string{fileName, final.Path, rawURL} {
		if hint == workbook.Unknown {
			hint = workbook.KindOf(strings.SplitN(name, "?", 2)[0])
		}
	}
	switch workbook.Sniff(data) {
	case workbook.XLSX:
		return workbook.XLSX, nil
	case workbook.ODS:
		return workbook.ODS, nil
	case workbook.Unknown:
		if hint == workbook.XLSX || hint == workbook.ODS {
			return hint, nil // damaged: its reader says how
		}
		return 0, &Error{URL: rawURL, Msg: i18n.Sprintf(
			"die Adresse liefert ein ZIP-Archiv, aber keine .xlsx- oder .ods-Datei", "the address sends a zip archive, but no .xlsx or .ods file")}
	}
	if hint == workbook.XLSX || hint == workbook.ODS {
		return hint, nil // not a zip at all: its reader says so
	}
	if mt == "text/html" || mt == "application/xhtml+xml" || looksLikeHTML(data) {
		return 0, &Error{URL: rawURL, Msg: i18n.Sprintf(
			"die Adresse liefert eine Webseite, keine Tabelle: ist es der Export-Link der Tabelle (z. B. …/export?format=xlsx), und ist sie für alle mit dem Link freigegeben (siehe docs/decks.md)?",
			"the address sends a web page, not a spreadsheet: is it the sheet's export link (e.g. …/export?format=xlsx), and is the sheet shared with anyone who has the link (see docs/decks.md)?")}
	}
	return workbook.CSV, nil
}

func looksLikeHTML(data []byte) bool {
	head := strings.ToLower(strings.TrimSpace(string(data[:min(len(data), 512)])))
	head = strings.TrimPrefix(head, "\ufeff")
	return strings.HasPrefix(head, "<!doctype html") || strings.HasPrefix(head, "<html") || strings.HasPrefix(head, "<head")
}

// transport is the fetcher's own (NewTransport) unless it was given one.
func (f *Fetcher) transport() http.RoundTripper {
	if f.Transport != nil {
		return f.Transport
	}
	return defaultTransport
}

var defaultTransport = NewTransport(nil)

// NewTransport returns the transport a Fetcher uses by default, with tlsConfig
// for https (nil: the system's roots): https as usual, with the system's
// proxy settings; plain http only to addresses of the local network,
// checked on the address actually dialled (so that no name can resolve
// around it), and never through a proxy.
func NewTransport(tlsConfig *tls.Config) http.RoundTripper {
	secure := http.DefaultTransport.(*http.Transport).Clone()
	if tlsConfig != nil {
		secure.TLSClientConfig = tlsConfig
	}
	plain := http.DefaultTransport.(*http.Transport).Clone()
	plain.Proxy = nil
	dialer := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: func(network, address string, _ syscall.RawConn) error {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return err
		}
		if ip := net.ParseIP(host); ip == nil || !LocalNetwork(ip) {
			return errNotLAN
		}
		return nil
	}}
	plain.DialContext = dialer.DialContext
	return schemeTransport{secure: secure, plain: plain}
}

// schemeTransport sends https and plain http through different transports.
type schemeTransport struct{ secure, plain http.RoundTripper }

func (t schemeTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Scheme == "http" {
		return t.plain.RoundTrip(r)
	}
	return t.secure.RoundTrip(r)
}

// sharedAddressSpace is 100.64.0.0/10 (RFC 6598), the carrier-grade NAT
// range that mesh VPNs such as Tailscale use for a household's devices.
var sharedAddressSpace = &net.IPNet{IP: net.IPv4(100, 64, 0, 0), Mask: net.CIDRMask(10, 32)}

// LocalNetwork reports whether ip belongs to this machine or the local
// network: loopback, private ranges (10/8, 172.16/12, 192.168/16, fc00::/7),
// link-local, and the shared address space of mesh VPNs.
func LocalNetwork(ip net.IP) bool {
	return ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || sharedAddressSpace.Contains(ip)
}
