package main

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"druckreif/i18n"
	"druckreif/scorer"
	"druckreif/scorer/store"
	"druckreif/scorer/store/postgres"
	"druckreif/scorer/store/sqlite"
	"druckreif/scorer/tlscert"
	"druckreif/scorer/web"
)

// dataDir is the user's data directory for druckreif: $XDG_DATA_HOME, else
// the platform's usual place.
func dataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "druckreif")
	}
	home, _ := os.UserHomeDir()
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "druckreif")
	case "windows":
		if d := os.Getenv("LocalAppData"); d != "" {
			return filepath.Join(d, "druckreif")
		}
	}
	return filepath.Join(home, ".local", "share", "druckreif")
}

const dbName = "scorer.db"

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", args, i18n.Sprintf(
		"Aufruf: druckreif serve [OPTIONEN]\n\nStartet den Punktezähler für die Handys am Tisch: zeigt die Adressen im WLAN und einen QR-Code.\nAlle scannen ihn; wer sich anmeldet, eröffnet einen Tisch, die anderen setzen sich mit der PIN dazu.\nDaten (Konten, Tische, Verlauf) liegen im Datenordner; druckreif backup DATEI sichert sie im Betrieb.\nMit --store postgres://… teilen sich mehrere Instanzen eine PostgreSQL-Datenbank und wirken wie eine.\nAnleitung: docs/scorer.md.",
		"Usage: druckreif serve [OPTIONS]\n\nStarts the scorer for the phones at the table: prints the addresses on the Wi-Fi and a QR code.\nEveryone scans it; whoever logs in opens a table, the others join with its PIN.\nData (accounts, tables, history) live in the data folder; druckreif backup FILE saves them while running.\nWith --store postgres://… several instances share one PostgreSQL database and act as one.\nGuide: docs/scorer.md."), stderr)
	addr := fs.String("addr", ":8080", i18n.Sprintf("Adresse und Port, auf denen der Punktezähler lauscht", "address and port the scorer listens on").In(fs.lang))
	httpsAddr := fs.String("https-addr", "", i18n.Sprintf(
		"Adresse und Port für HTTPS (Live-Scan mit der Kamera braucht es); ohne Angabe auf der Adresse von --addr mit einem Port, der im Datenordner bleibt (zuerst 8443); \"\" oder off: kein HTTPS",
		"address and port for HTTPS (live scanning with the camera needs it); when not given, on the address of --addr with a port kept in the data folder (8443 first); \"\" or off: no HTTPS").In(fs.lang))
	qrScheme := fs.String("qr", "http", i18n.Sprintf("Adresse in den QR-Codes der Tische: http oder https", "address in the tables' QR codes: http or https").In(fs.lang))
	data := fs.String("data", dataDir(), i18n.Sprintf("Datenordner", "data folder").In(fs.lang))
	storeURL := storeFlag(fs)
	proxies := fs.String("trusted-proxy", "", i18n.Sprintf(
		"Adressen oder Netze der Reverse-Proxys davor, durch Komma getrennt (z. B. 127.0.0.1): deren X-Forwarded-For und X-Forwarded-Proto gelten",
		"addresses or networks of the reverse proxies in front, comma-separated (e.g. 127.0.0.1): their X-Forwarded-For and X-Forwarded-Proto are believed").In(fs.lang))
	var df deckFlags
	df.register(fs)
	pos, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	lang := fs.lang
	if len(pos) > 0 {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif serve: unerwartetes Argument „%s“", "druckreif serve: unexpected argument %q", pos[0]).In(lang))
		return 2
	}
	httpsGiven := false
	fs.Visit(func(f *flag.Flag) { httpsGiven = httpsGiven || f.Name == "https-addr" })
	if *qrScheme != "http" && *qrScheme != "https" {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif serve: --qr ist http oder https, nicht „%s“", "druckreif serve: --qr is http or https, not %q", *qrScheme).In(lang))
		return 2
	}
	if *qrScheme == "https" && httpsGiven && (*httpsAddr == "" || *httpsAddr == "off") {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif serve: --qr https braucht HTTPS (--https-addr ist aus)", "druckreif serve: --qr https needs HTTPS (--https-addr is off)").In(lang))
		return 2
	}
	opts, err := df.options(lang)
	if err != nil {
		fmt.Fprintln(stderr, "druckreif serve:", err)
		return 2
	}
	trusted, err := web.ParseProxies(*proxies)
	if err != nil {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif serve: --trusted-proxy: %v", "druckreif serve: --trusted-proxy: %v", err).In(lang))
		return 2
	}
	set := df.loadSet(opts, stderr, lang)
	if set == nil {
		return 1
	}
	st, where, err := openStore(*storeURL, *data, fs.lang)
	if err != nil {
		fmt.Fprintf(stderr, "druckreif serve: %v\n", err)
		return 1
	}
	defer st.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "druckreif serve: %v\n", err)
		return 1
	}
	svc := scorer.New(scorer.Config{Store: st, Cards: set})
	srv := web.New(svc)
	srv.TrustedProxies = trusted
	urls := addresses(ln.Addr().(*net.TCPAddr))
	for _, u := range urls {
		if !strings.Contains(u, "127.0.0.1") && !strings.Contains(u, "[::1]") {
			srv.JoinBase = strings.TrimSuffix(u, "/")
			break
		}
	}
	fmt.Fprintln(stdout, i18n.Sprintf("Punktezähler läuft. Daten: %s", "The scorer is running. Data: %s", where).In(lang))
	for _, u := range urls {
		fmt.Fprintln(stdout, "  "+u)
	}
	if srv.JoinBase != "" {
		if q, err := qrcode.New(srv.JoinBase+"/", qrcode.Low); err == nil {
			fmt.Fprintln(stdout, i18n.Sprintf("Mit dem Handy scannen (gleiches WLAN):", "Scan with a phone (same Wi-Fi):").In(lang))
			fmt.Fprint(stdout, q.ToSmallString(false))
		}
	}
	var tlsLn net.Listener
	if !httpsGiven || (*httpsAddr != "" && *httpsAddr != "off") {
		hosts := []string{"localhost"}
		if h, err := os.Hostname(); err == nil {
			hosts = append(hosts, h)
		}
		for _, ip := range hostIPs(ln.Addr().(*net.TCPAddr)) {
			hosts = append(hosts, ip)
		}
		cert, err := tlscert.Load(*data, hosts, time.Now())
		if err != nil {
			fmt.Fprintf(stderr, "druckreif serve: https: %v\n", err)
			return 1
		}
		var raw net.Listener
		if httpsGiven {
			raw, err = net.Listen("tcp", *httpsAddr)
		} else {
			var moved string
			raw, moved, err = listenHTTPS(ln.Addr().(*net.TCPAddr), *data)
			if moved != "" {
				fmt.Fprintln(stdout, i18n.Sprintf("HTTPS-Port %s war belegt; neuer Port %s (im Datenordner gemerkt).", "HTTPS port %s was taken; new port %s (kept in the data folder).", moved, portOf(raw)).In(lang))
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "druckreif serve: https: %v\n", err)
			return 1
		}
		tlsLn = tls.NewListener(raw, &tls.Config{Certificates: []tls.Certificate{cert.TLS}, MinVersion: tls.VersionTLS12})
		secure := addresses(raw.Addr().(*net.TCPAddr))
		for i := range secure {
			secure[i] = "https" + strings.TrimPrefix(secure[i], "http")
		}
		for _, u := range secure {
			if !strings.Contains(u, "127.0.0.1") && !strings.Contains(u, "[::1]") {
				srv.SecureBase = strings.TrimSuffix(u, "/")
				break
			}
		}
		if srv.SecureBase == "" && len(secure) > 0 {
			srv.SecureBase = strings.TrimSuffix(secure[0], "/")
		}
		fmt.Fprintln(stdout, i18n.Sprintf("Sichere Adresse (für den Live-Scan mit der Kamera; das Zertifikat einmal annehmen):", "Secure address (for live scanning with the camera; accept the certificate once):").In(lang))
		for _, u := range secure {
			fmt.Fprintln(stdout, "  "+u)
		}
		fmt.Fprintln(stdout, i18n.Sprintf("  Zertifikat SHA-256: %s", "  certificate SHA-256: %s", cert.Fingerprint).In(lang))
		if *qrScheme == "https" {
			srv.JoinBase = srv.SecureBase
		}
	}
	fmt.Fprintln(stdout, i18n.Sprintf("Beenden mit Strg+C.", "Stop with Ctrl+C.").In(lang))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// DRUCKREIF_CPUPROFILE=FILE records a CPU profile until the server
	// stops, for measuring before optimising (docs/scorer.md, "Load").
	defer startCPUProfile()()
	httpSrv := srv.HTTPServer(*addr)
	// Requests (event streams above all) end when the server stops.
	httpSrv.BaseContext = func(net.Listener) context.Context { return ctx }
	go svc.Run(ctx)
	errc := make(chan error, 2)
	limited, hook := srv.Limit(ln, true)
	httpSrv.ConnState = hook
	go func() { errc <- httpSrv.Serve(limited) }()
	var httpsSrv *http.Server
	if tlsLn != nil {
		httpsSrv = srv.HTTPServer(tlsLn.Addr().String())
		httpsSrv.BaseContext = httpSrv.BaseContext
		limited, hook := srv.Limit(tlsLn, false)
		httpsSrv.ConnState = hook
		go func() { errc <- httpsSrv.Serve(limited) }()
	}
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "druckreif serve: %v\n", err)
			return 1
		}
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		httpSrv.Shutdown(shutdown)
		if httpsSrv != nil {
			httpsSrv.Shutdown(shutdown)
		}
	}
	return 0
}

// httpsPortFile keeps the HTTPS port chosen for a data folder, so that the
// phones' accepted certificate and bookmarks stay valid across restarts.
const httpsPortFile = "https-port"

// listenHTTPS listens for HTTPS on the address the plain listener has
// (loopback stays loopback, all interfaces stay all), on the port kept in
// the data folder, else 8443, else any free one — a second instance on
// the same machine starts too. The port used is kept. moved names a kept
// port that was taken.
func listenHTTPS(plain *net.TCPAddr, data string) (ln net.Listener, moved string, err error) {
	host := ""
	if !plain.IP.IsUnspecified() {
		host = plain.IP.String()
	}
	keep := filepath.Join(data, httpsPortFile)
	kept := ""
	if b, err := os.ReadFile(keep); err == nil {
		kept = strings.TrimSpace(string(b))
	}
	for _, port := range []string{kept, "8443", "0"} {
		if port == "" || (port == "8443" && kept != "" && kept != "8443") {
			continue
		}
		ln, err = net.Listen("tcp", net.JoinHostPort(host, port))
		if err == nil {
			if port != kept {
				if kept != "" {
					moved = kept
				}
				os.WriteFile(keep, []byte(portOf(ln)+"\n"), 0o600)
			}
			return ln, moved, nil
		}
	}
	return nil, "", err
}

func portOf(ln net.Listener) string {
	if ln == nil {
		return ""
	}
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

// storeFlag is --store: empty for the SQLite file in the data folder, or
// the URL of a PostgreSQL database that several instances share. Its
// default is $DRUCKREIF_STORE (read after parsing, so that --help never
// prints a password).
func storeFlag(fs *flagSet) *string {
	return fs.String("store", "", i18n.Sprintf(
		"Datenbank: leer für SQLite im Datenordner, oder postgres://BENUTZER:PASSWORT@HOST/DATENBANK für mehrere Instanzen auf einer PostgreSQL-Datenbank (Vorgabe: $DRUCKREIF_STORE)",
		"database: empty for SQLite in the data folder, or postgres://USER:PASSWORD@HOST/DATABASE for several instances on one PostgreSQL database (default: $DRUCKREIF_STORE)").In(fs.lang))
}

// openStore opens the store the flags name and says where it is (without
// a password).
func openStore(url, data string, lang i18n.Lang) (store.Store, string, error) {
	if url == "" {
		url = os.Getenv("DRUCKREIF_STORE")
	}
	switch {
	case url == "":
		path := filepath.Join(data, dbName)
		st, err := sqlite.Open(path)
		if errors.Is(err, sqlite.ErrInUse) {
			return nil, path, errors.New(i18n.Sprintf(
				"der Datenordner %s ist schon in Gebrauch: ein anderes „druckreif serve“ läuft damit (beenden oder --data mit einem anderen Ordner angeben)",
				"the data folder %s is in use: another “druckreif serve” runs with it (stop it or give --data another folder)", data).In(lang))
		}
		return st, path, err
	case postgres.IsURL(url):
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		st, err := postgres.Open(ctx, url)
		return st, postgres.Redact(url), err
	}
	return nil, "", errors.New(i18n.Sprintf("--store „%s“: leer lassen für SQLite im Datenordner, oder eine postgres://-URL", "--store %q: leave it empty for SQLite in the data folder, or give a postgres:// URL", url).In(lang))
}

// addresses are the URLs the server is reached under: loopback, then every
// LAN address of the machine when it listens on all of them.
func addresses(a *net.TCPAddr) []string {
	port := a.Port
	url := func(ip net.IP) string {
		if ip.To4() == nil {
			return fmt.Sprintf("http://[%s]:%d/", ip, port)
		}
		return fmt.Sprintf("http://%s:%d/", ip, port)
	}
	if !a.IP.IsUnspecified() {
		return []string{url(a.IP)}
	}
	out := []string{url(net.IPv4(127, 0, 0, 1))}
	ifaces, _ := net.InterfaceAddrs()
	var lan []string
	for _, ia := range ifaces {
		n, ok := ia.(*net.IPNet)
		if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() || n.IP.To4() == nil {
			continue
		}
		lan = append(lan, url(n.IP))
	}
	sort.Strings(lan)
	return append(out, lan...)
}

// hostIPs are the IP addresses the server is reached under.
func hostIPs(a *net.TCPAddr) []string {
	var out []string
	for _, u := range addresses(a) {
		host := strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/")
		if h, _, err := net.SplitHostPort(host); err == nil {
			out = append(out, strings.Trim(h, "[]"))
		}
	}
	return out
}

func runBackup(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("backup", args, i18n.Sprintf(
		"Aufruf: druckreif backup [--data ORDNER] DATEI\n\nSchreibt eine in sich stimmige Kopie der Daten des Punktezählers nach DATEI – auch während er läuft\n(SQLite VACUUM INTO; die Dateien einer laufenden Datenbank zu kopieren ist keine Sicherung).\nEine vorhandene DATEI wird nie überschrieben. Zurückspielen: den Punktezähler beenden und die Kopie\nals scorer.db in den Datenordner legen.\nEine PostgreSQL-Datenbank (--store, DRUCKREIF_STORE) sichert pg_dump; backup sagt dann, wie.",
		"Usage: druckreif backup [--data FOLDER] FILE\n\nWrites a consistent copy of the scorer's data to FILE — also while it runs (SQLite VACUUM INTO;\ncopying the files of a live database is not a backup). An existing FILE is never overwritten.\nRestore: stop the scorer and put the copy into the data folder as scorer.db.\nA PostgreSQL database (--store, DRUCKREIF_STORE) is backed up with pg_dump; backup then says how."), stderr)
	data := fs.String("data", dataDir(), i18n.Sprintf("Datenordner", "data folder").In(fs.lang))
	storeURL := storeFlag(fs)
	file, code, ok := fs.parseFile(args, stderr)
	if !ok {
		return code
	}
	lang := fs.lang
	if url := cmp.Or(*storeURL, os.Getenv("DRUCKREIF_STORE")); url != "" {
		// A PostgreSQL database is saved with its own tool, which writes
		// a consistent copy while the scorer instances go on.
		fmt.Fprintln(stderr, i18n.Sprintf(
			"druckreif backup: die Daten liegen in PostgreSQL (%s); sichern mit pg_dump, auch im Betrieb:\n  pg_dump --format=custom --file=%s 'postgres://…'\nZurückspielen in eine leere Datenbank: pg_restore --dbname='postgres://…' %s",
			"druckreif backup: the data are in PostgreSQL (%s); back them up with pg_dump, also while running:\n  pg_dump --format=custom --file=%s 'postgres://…'\nRestore into an empty database: pg_restore --dbname='postgres://…' %s",
			postgres.Redact(url), file, file).In(lang))
		return 1
	}
	path := filepath.Join(*data, dbName)
	if _, err := os.Stat(path); err != nil {
		fmt.Fprintln(stderr, i18n.Sprintf("druckreif backup: keine Daten in %s", "druckreif backup: no data in %s", path).In(lang))
		return 1
	}
	st, err := sqlite.OpenBeside(path)
	if err != nil {
		fmt.Fprintf(stderr, "druckreif backup: %v\n", err)
		return 1
	}
	defer st.Close()
	if err := st.Backup(context.Background(), file); err != nil {
		if errors.Is(err, os.ErrExist) {
			fmt.Fprintln(stderr, i18n.Sprintf("druckreif backup: %s gibt es schon; es wird nicht überschrieben", "druckreif backup: %s exists; it is not overwritten", file).In(lang))
			return 1
		}
		fmt.Fprintf(stderr, "druckreif backup: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, i18n.Sprintf("Gesichert: %s", "Saved: %s", file).In(lang))
	return 0
}
