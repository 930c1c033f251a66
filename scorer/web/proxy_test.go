package web

import (
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Behind a trusted reverse proxy, the PIN limit counts each phone's own
// address (X-Forwarded-For), and https at the proxy makes cookies Secure;
// from anyone else the headers change nothing.
func TestTrustedProxy(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	guess := func(c *client, from string) int {
		c.header.Set("X-Forwarded-For", from+", 127.0.0.1")
		return c.do("POST", "/api/tables/"+id+"/join", map[string]string{"pin": "999999", "role": "spectator"}).status
	}
	join := func(c *client, from string) int {
		c.header.Set("X-Forwarded-For", from)
		return c.do("POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "spectator"}).status
	}
	// Not trusted (the default): every phone is the proxy's address, and
	// a header cannot buy more guesses.
	p := e.phone()
	for i := range 10 {
		guess(p, "192.0.2."+strconv.Itoa(i+1))
	}
	if got := join(e.phone(), "192.0.2.99"); got != 429 {
		t.Fatalf("X-Forwarded-For from an untrusted peer changed the address: %d", got)
	}

	e.clock.add(11 * time.Minute)
	e.web.TrustedProxies, _ = ParseProxies("127.0.0.1, ::1")
	e.srv.Config.Handler = e.web.Handler()
	for range 10 {
		guess(p, "192.0.2.10")
	}
	if got := join(e.phone(), "192.0.2.10"); got != 429 {
		t.Fatalf("the guessing phone is not locked out: %d", got)
	}
	if got := join(e.phone(), "192.0.2.11"); got != 200 {
		t.Fatalf("another phone behind the same proxy is locked out too: %d", got)
	}
	// https at the proxy: the login cookie is Secure.
	c := e.phone()
	c.header.Set("X-Forwarded-Proto", "https")
	r := c.do("POST", "/api/login", map[string]string{"name": "Anna", "password": "passwort-Anna"})
	if r.status != 200 || !strings.Contains(r.header.Get("Set-Cookie"), "Secure") {
		t.Fatalf("login through an https proxy: %d %q", r.status, r.header.Get("Set-Cookie"))
	}
}

func TestParseProxies(t *testing.T) {
	got, err := ParseProxies(" 127.0.0.1, 10.1.2.3/16,::1 ")
	want := []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.1.0.0/16"), netip.MustParsePrefix("::1/128")}
	if err != nil || len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := ParseProxies("proxy.example"); err == nil {
		t.Fatal("a host name accepted")
	}
}
