package web

import (
	"crypto/tls"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Behind a reverse proxy (several instances on one database), every phone
// reaches an instance from the proxy's address: the PIN limit would count
// the whole room as one address, and a proxy that terminates TLS would
// make the scorer think its cookies travel over plain http. The proxies
// named in TrustedProxies are believed about the client's address
// (X-Forwarded-For) and about https (X-Forwarded-Proto); any other sender
// of these headers is not, so a phone cannot pretend to be another to get
// more PIN guesses.

// ParseProxies reads a comma-separated list of addresses and networks
// ("127.0.0.1, 10.1.0.0/16").
func ParseProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if strings.Contains(f, "/") {
			p, err := netip.ParsePrefix(f)
			if err != nil {
				return nil, err
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, err
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

func (s *Server) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range s.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// forwarded rewrites a request that came through a trusted proxy: its
// remote address becomes the client's, the nearest address in
// X-Forwarded-For that is not itself a trusted proxy; X-Forwarded-Proto
// https marks it as having come over TLS.
func (s *Server) forwarded(h http.Handler) http.Handler {
	if len(s.TrustedProxies) == 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		peer, perr := netip.ParseAddr(host)
		if err != nil || perr != nil || !s.trusted(peer) {
			h.ServeHTTP(w, r)
			return
		}
		r2 := new(http.Request)
		*r2 = *r
		var hops []string
		for _, v := range r.Header.Values("X-Forwarded-For") {
			hops = append(hops, strings.Split(v, ",")...)
		}
		for i := len(hops) - 1; i >= 0; i-- {
			a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break // a garbled hop: trust nothing further left
			}
			r2.RemoteAddr = netip.AddrPortFrom(a.Unmap(), 0).String()
			if !s.trusted(a) {
				break
			}
		}
		if r.TLS == nil && strings.EqualFold(strings.TrimSpace(r.Header.Get("X-Forwarded-Proto")), "https") {
			r2.TLS = &tls.ConnectionState{} // the phone's connection to the proxy is encrypted
		}
		h.ServeHTTP(w, r2)
	})
}
