package web

import (
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"
)

// Connection caps: one phone needs a handful of connections (a page, its
// event stream, a request or two in flight); a client holding hundreds is
// an attack on the process's file descriptors, after which nobody's
// requests are answered. Connections beyond the caps are answered at once
// with 503 too-many-connections and closed; when the whole server nears
// its cap, idle keep-alive connections are closed first (their browsers
// simply open new ones).
const (
	// ConnsPerAddress is how many connections one client address (an IPv6
	// client's /64) may hold open; trusted proxies are not counted.
	ConnsPerAddress = 64
	// ConnsTotal is how many connections the server holds in all (fewer
	// when the process may open fewer files).
	ConnsTotal = 4096
)

// connLimiter counts a server's connections and closes what is over its
// caps.
type connLimiter struct {
	perAddress, total int
	trusted           []netip.Prefix

	mu     sync.Mutex
	byAddr map[string]int
	open   map[net.Conn]*connInfo
}

type connInfo struct {
	addr string
	// idle: a keep-alive connection between requests, which its browser
	// replaces at once when it is closed; a new one that has sent nothing
	// yet is not idle (ReadHeaderTimeout ends it).
	idle  bool
	since time.Time
}

// Limit wraps ln so that it keeps to the connection caps, and returns the
// ConnState hook the http.Server that serves it must use. plain says
// whether the listener speaks plain HTTP (a refusal can then be answered;
// under TLS the connection is just closed).
func (s *Server) Limit(ln net.Listener, plain bool) (net.Listener, func(net.Conn, http.ConnState)) {
	total := min(ConnsTotal, fileLimit()*3/4)
	l := &connLimiter{perAddress: ConnsPerAddress, total: max(total, 64), trusted: s.TrustedProxies, byAddr: map[string]int{}, open: map[net.Conn]*connInfo{}}
	return &limitedListener{Listener: ln, l: l, plain: plain}, l.state
}

type limitedListener struct {
	net.Listener
	l     *connLimiter
	plain bool
}

func (ll *limitedListener) Accept() (net.Conn, error) {
	for {
		c, err := ll.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if ll.l.admit(c) {
			return c, nil
		}
		go refuseConn(c, ll.plain)
	}
}

// refusal is the whole answer to a connection over the caps.
var refusal = func() string {
	body := `{"error":{"rule":"too-many-connections","de":"Zu viele offene Verbindungen von diesem Gerät. Bitte gleich noch einmal versuchen.","en":"Too many open connections from this device. Please try again in a moment."}}` + "\n"
	return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}()

func refuseConn(c net.Conn, plain bool) {
	defer c.Close()
	if !plain {
		return
	}
	c.SetDeadline(time.Now().Add(2 * time.Second))
	c.Write([]byte(refusal))
	// Read what the client sends, so that closing does not reset the
	// connection under the answer before the client has read it.
	buf := make([]byte, 4096)
	c.Read(buf)
}

func (l *connLimiter) key(c net.Conn) string {
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return c.RemoteAddr().String()
	}
	for _, p := range l.trusted {
		if p.Contains(ap.Addr().Unmap()) {
			return ""
		}
	}
	return addressGroup(ap.Addr())
}

func addressGroup(a netip.Addr) string {
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// admit counts a new connection, or says it is over a cap. Near the
// total cap, idle connections are closed to make room.
func (l *connLimiter) admit(c net.Conn) bool {
	k := l.key(c)
	l.mu.Lock()
	defer l.mu.Unlock()
	if k != "" && l.byAddr[k] >= l.perAddress {
		l.closeIdle(k, 1)
		if l.byAddr[k] >= l.perAddress {
			return false
		}
	}
	if len(l.open) >= l.total*9/10 {
		l.closeIdle("", len(l.open)-l.total*9/10+1)
	}
	if len(l.open) >= l.total {
		return false
	}
	l.open[c] = &connInfo{addr: k, since: time.Now()}
	if k != "" {
		l.byAddr[k]++
	}
	return true
}

// closeIdle closes up to n idle connections (of address k, or of anyone
// when k is ""), the longest idle first. l.mu is held.
func (l *connLimiter) closeIdle(k string, n int) {
	for ; n > 0; n-- {
		var oldest net.Conn
		var since time.Time
		for c, ci := range l.open {
			if ci.idle && (k == "" || ci.addr == k) && (oldest == nil || ci.since.Before(since)) {
				oldest, since = c, ci.since
			}
		}
		if oldest == nil {
			return
		}
		l.forget(oldest)
		oldest.Close()
	}
}

func (l *connLimiter) forget(c net.Conn) {
	ci, ok := l.open[c]
	if !ok {
		return
	}
	delete(l.open, c)
	if ci.addr != "" {
		if l.byAddr[ci.addr]--; l.byAddr[ci.addr] <= 0 {
			delete(l.byAddr, ci.addr)
		}
	}
}

// state is the http.Server's ConnState hook: it follows which connections
// are idle and forgets closed ones.
func (l *connLimiter) state(c net.Conn, st http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch st {
	case http.StateIdle:
		if ci, ok := l.open[c]; ok {
			ci.idle, ci.since = true, time.Now()
		}
	case http.StateActive:
		if ci, ok := l.open[c]; ok {
			ci.idle = false
		}
	case http.StateClosed, http.StateHijacked:
		l.forget(c)
	}
}
