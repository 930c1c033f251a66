package web

// The attacks of issue 21, tried as someone on the same Wi-Fi would: in
// parallel, released together, from several addresses. Each test names
// the row of the table it repeats.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"druckreif/scorer"
	"druckreif/scorer/store"
)

// burst sends requests on connections of their own from the loopback
// address from, each written but its last byte, then releases the last
// bytes together — the requests reach the server as one burst, however
// the scheduler runs the goroutines. It returns each answer's status.
func burst(t *testing.T, base, from string, reqs []*http.Request) []int {
	t.Helper()
	host := strings.TrimPrefix(base, "http://")
	type held struct {
		conn net.Conn
		last byte
	}
	conns := make([]held, len(reqs))
	for i, r := range reqs {
		var b bytes.Buffer
		if err := r.Write(&b); err != nil {
			t.Fatal(err)
		}
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		raw := b.Bytes()
		if _, err := c.Write(raw[:len(raw)-1]); err != nil {
			t.Fatal(err)
		}
		conns[i] = held{c, raw[len(raw)-1]}
	}
	statuses := make([]int, len(reqs))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, h := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer h.conn.Close()
			<-start
			h.conn.Write([]byte{h.last})
			h.conn.SetReadDeadline(time.Now().Add(60 * time.Second))
			res, err := http.ReadResponse(bufio.NewReader(h.conn), reqs[i])
			if err != nil {
				t.Errorf("request %d: %v", i, err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			statuses[i] = res.StatusCode
		}()
	}
	close(start)
	wg.Wait()
	return statuses
}

func jsonRequest(t *testing.T, method, url string, body any) *http.Request {
	b, _ := json.Marshal(body)
	r, err := http.NewRequest(method, url, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	r.Header.Set("Content-Type", "application/json")
	r.Close = true
	return r
}

func count(statuses []int) map[int]int {
	m := map[int]int{}
	for _, s := range statuses {
		m[s]++
	}
	return m
}

// Row 1: 300 logins on one account released together, the right password
// among them: no more wrong passwords are tried than the backoff allows
// one after the other (five before the first wait), whatever arrives at
// once.
func TestAttackParallelLogins(t *testing.T) {
	e := newEnv(t)
	e.phone().want(201, "POST", "/api/accounts", map[string]string{"name": "Anna", "password": "richtig-und-lang"})
	const n = 300
	var reqs []*http.Request
	for i := range n {
		pw := fmt.Sprintf("falsch-%03d", i)
		if i == n-1 {
			pw = "richtig-und-lang"
		}
		reqs = append(reqs, jsonRequest(t, "POST", e.srv.URL+"/api/login", map[string]string{"name": "Anna", "password": pw}))
	}
	got := count(burst(t, e.srv.URL, "127.0.0.2", reqs))
	t.Logf("300 logins released together: %v", got)
	if tried := got[401] + got[200]; tried > 5 || got[429] != n-tried {
		t.Fatalf("%d passwords were tried (%v); at most 5 may be", tried, got)
	}
}

// Row 2: 2,000 PIN guesses held back by their last byte and released
// together: no more are compared than ten, the right PIN among them
// refused unless it was one of those ten.
func TestAttackParallelPINs(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	const n = 2000
	var reqs []*http.Request
	right := 1999
	for i := range n {
		guess := fmt.Sprintf("%08d", i)
		if i == right {
			guess = pin
		}
		reqs = append(reqs, jsonRequest(t, "POST", e.srv.URL+"/api/tables/"+id+"/join", map[string]string{"pin": guess, "role": "spectator"}))
	}
	statuses := burst(t, e.srv.URL, "127.0.0.2", reqs)
	got := count(statuses)
	t.Logf("2,000 PIN guesses released together: %v", got)
	// The limit is ten wrong PINs: a right one found among them is given
	// back (the players' joins do not use up the table's guesses), which
	// can let one more guess of the burst be compared — after the PIN is
	// known anyway.
	if wrong := got[403]; wrong > 10 || got[200] > 1 || got[429] != n-wrong-got[200] {
		t.Fatalf("%d wrong PINs were compared (%v); at most 10 may be", wrong, got)
	}
}

// Row 3: guesses from many addresses: each address has its ten, but the
// table as a whole no more than thirty in ten minutes; an IPv6 device is
// counted by its /64.
func TestAttackPINsFromManyAddresses(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	compared := 0
	for host := 2; host <= 9; host++ {
		p := e.phoneFrom(fmt.Sprintf("127.0.0.%d", host))
		for i := range 10 {
			r := p.do("POST", "/api/tables/"+id+"/join", map[string]string{"pin": fmt.Sprintf("%08d", host*100+i), "role": "spectator"})
			if r.status == 403 {
				compared++
			} else if r.status != 429 || r.rule(t) != "too-many-attempts" {
				t.Fatalf("guess from 127.0.0.%d: %d %s", host, r.status, r.body)
			}
		}
	}
	if compared != 30 {
		t.Fatalf("%d guesses compared from eight addresses, want the table's 30", compared)
	}
	// The right PIN waits too; a new PIN from the table's phone starts the
	// count again and the old one no longer works.
	p := e.phoneFrom("127.0.0.20")
	if r := p.do("POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "spectator"}); r.status != 429 {
		t.Fatalf("the right PIN during the table's lock: %d", r.status)
	}
	m := a.want(200, "POST", "/api/tables/"+id+"/pin", nil)
	newPIN := m["pin"].(string)
	if len(newPIN) != scorer.PINLength || newPIN == pin {
		t.Fatalf("new PIN %q", newPIN)
	}
	p.want(403, "POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "spectator"})
	p.want(200, "POST", "/api/tables/"+id+"/join", map[string]string{"pin": newPIN[:4] + " " + newPIN[4:], "role": "spectator"})
	e.phone().want(401, "POST", "/api/tables/"+id+"/pin", nil)
	p.want(403, "POST", "/api/tables/"+id+"/pin", nil)
}

// Row 4: a seat belongs to the phone that took it. A second phone joining
// it gets 409 seat-taken and sees nothing of it; the seat picker marks it
// taken; the table frees it; the owner's phone rejoining keeps it.
func TestAttackTakeSomeonesSeat(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	ben := e.seat(id, pin, "Ben")
	ben.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 0, "action": map[string]any{"type": "hand", "player": "Ben", "cards": []int{13, 57}}})
	thief := e.phoneFrom("127.0.0.3")
	r := thief.do("POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "player", "player": "ben"})
	if r.status != 409 || r.rule(t) != "seat-taken" || !strings.Contains(string(r.body), "Ben ist schon an einem Handy. Der Tisch kann den Platz freigeben.") {
		t.Fatalf("joining Ben's seat: %d %s", r.status, r.body)
	}
	if strings.Contains(string(r.body), "57") || strings.Contains(r.header.Get("Set-Cookie"), seatPrefix) {
		t.Fatalf("the refusal gives something away: %s %q", r.body, r.header.Get("Set-Cookie"))
	}
	thief.want(401, "GET", "/api/tables/"+id, nil)
	// The seat picker shows it taken, for the thief; not for Ben's phone.
	page := thief.do("GET", "/j/"+id+"?pin="+pin, nil)
	if !strings.Contains(string(page.body), "ist schon an einem Handy") || strings.Contains(string(page.body), `name="player" value="Ben"`) {
		t.Fatalf("the seat picker offers Ben's seat:\n%s", page.body)
	}
	// Ben's own phone rejoining (a second scan, a reload) keeps its seat
	// and its token.
	m := ben.want(200, "POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "player", "player": "Ben"})
	if m["token"] != ben.token {
		t.Fatalf("rejoining gave Ben's phone another token")
	}
	// The table lists the seat as held, frees it; the next phone takes it.
	seats := a.want(200, "GET", "/api/tables/"+id+"/seats", nil)["seats"].([]any)
	if s := seats[1].(map[string]any); s["name"] != "Ben" || s["taken"] != true || s["last_seen"] == nil {
		t.Fatalf("seats: %v", seats)
	}
	ben.want(403, "GET", "/api/tables/"+id+"/seats", nil)
	ben.want(403, "DELETE", "/api/tables/"+id+"/seats/Ben", nil)
	a.want(200, "DELETE", "/api/tables/"+id+"/seats/Ben", nil)
	ben.want(401, "GET", "/api/tables/"+id, nil)
	thief.want(200, "POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "player", "player": "Ben"})
}

// Row 5: The Game: a seated player probing another's hand with hand
// entries of her own learns nothing — a card in Ben's hand and one in
// nobody's get the same answer.
func TestAttackProbeHandCards(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	ben, anna := e.seat(id, pin, "Ben"), e.seat(id, pin, "Anna")
	ben.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 0, "action": map[string]any{"type": "hand", "player": "Ben", "cards": []int{13, 57}}})
	// Every probe gets the same answer, whether Ben holds the card or
	// not: each card is entered and taken back again.
	v := 1
	answers := map[string]int{}
	for _, card := range []int{12, 13, 56, 57} {
		start := time.Now()
		r := anna.do("POST", "/api/tables/"+id+"/actions", map[string]any{"version": v, "action": map[string]any{"type": "hand", "player": "Anna", "cards": []int{card}}})
		took := time.Since(start)
		if r.status != 200 {
			t.Fatalf("Anna's entry of the %d: %d %s", card, r.status, r.body)
		}
		ev, _ := json.Marshal(r.json(t)["events"])
		answers[fmt.Sprint(r.status, " ", strings.ReplaceAll(string(ev), fmt.Sprint(card), "N"))]++
		t.Logf("the %d: %d in %v", card, r.status, took)
		m := anna.want(200, "POST", "/api/tables/"+id+"/undo", map[string]any{"version": v + 1})
		v = version(t, m)
	}
	if len(answers) != 1 {
		t.Fatalf("the answers differ between Ben's cards and others: %v", answers)
	}
	// Anna may lay Ben's 13: the slip is no refusal that would tell.
	if r := anna.do("POST", "/api/tables/"+id+"/actions", map[string]any{"version": v, "action": map[string]any{"type": "play", "pile": "1A", "value": 13}}); r.status != 200 {
		t.Fatalf("laying a card Ben entered: %d %s", r.status, r.body)
	}
	// And the table's phone may not enter Ben's hand: his phone holds the seat.
	if r := a.act(id, v+1, `{"type":"hand","player":"Ben","cards":[40]}`); r.status != 403 || r.rule(t) != "seat-has-phone" {
		t.Fatalf("the table entering a phone's hand: %d %s", r.status, r.body)
	}
	a.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": v + 1, "action": map[string]any{"type": "hand", "player": "Cem", "cards": []int{40}}})
}

// Row 6: the table's /log before the end leaves out the hand cards Ben
// entered on his phone and says it is partial; the table's own entries
// stay; after the end it is whole.
func TestAttackLogHoldsHands(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(`{"game":"thegame","players":["Anna","Ben"],"starter":"Anna"}`)
	ben := e.seat(id, pin, "Ben")
	ben.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 0, "action": map[string]any{"type": "hand", "player": "Ben", "cards": []int{13, 57}}})
	a.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 1, "action": map[string]any{"type": "hand", "player": "Anna", "cards": []int{20}}})
	a.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 2, "action": map[string]any{"type": "play", "pile": "1A", "value": 20}})
	body := string(a.do("GET", "/api/tables/"+id+"/log", nil).body)
	lines := strings.Split(strings.TrimSpace(body), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], `"partial":true`) || strings.Contains(body, "57") || !strings.Contains(body, `"cards":[20]`) {
		t.Fatalf("log before the end:\n%s", body)
	}
	ben.want(403, "GET", "/api/tables/"+id+"/log", nil)
	// Ben reports a blockade, the table confirms: the game is over.
	v := 3
	for _, act := range []string{`{"type":"play","pile":"1A","value":21}`, `{"type":"draw"}`} {
		a.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": v, "action": json.RawMessage(act)})
		v++
	}
	ben.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": v, "action": json.RawMessage(`{"type":"block"}`)})
	a.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": v + 1, "action": json.RawMessage(`{"type":"confirm"}`)})
	body = string(a.do("GET", "/api/tables/"+id+"/log", nil).body)
	if strings.Contains(body, "partial") || !strings.Contains(body, `"cards":[13,57]`) {
		t.Fatalf("log after the end:\n%s", body)
	}
}

// Row 7: the Dativ reader saying right or wrong in the read learns
// nothing: both answers give the same status and the same view.
func TestAttackReaderAsksIfRight(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	views := map[string]string{}
	for _, right := range []string{"true", "false"} {
		id, pin := a.table(`{"game":"dativ","players":["Mireille","David","Aylin"],"seed":1,"first":"David"}`)
		david := e.seat(id, pin, "David")
		r := david.act(id, 0, `{"type":"read","card":"DAT-STD-1-H","option":"a","right":`+right+`}`)
		if r.status != 200 {
			t.Fatalf("read with right %s: %d %s", right, r.status, r.body)
		}
		st := r.json(t)["state"].(map[string]any)
		b, _ := json.Marshal(st["reading"])
		views[right] = string(b)
	}
	if views["true"] != views["false"] || strings.Contains(views["true"], `"right":true`) || strings.Contains(views["true"], `"right":false`) {
		t.Fatalf("the reader's views differ or tell: %v", views)
	}
}

// Row 8: ten wrong logins for someone else's name lock nobody out: the
// owner's phone, which never guessed wrong, gets in with the right
// password, now and ten minutes later.
func TestAttackLockOwnerOut(t *testing.T) {
	e := newEnv(t)
	e.phone().want(201, "POST", "/api/accounts", map[string]string{"name": "Anna", "password": "richtig-und-lang"})
	attacker := e.phoneFrom("127.0.0.66")
	for i := range 12 {
		attacker.do("POST", "/api/login", map[string]string{"name": "Anna", "password": fmt.Sprint("falsch", i)})
	}
	owner := e.phoneFrom("127.0.0.5")
	for range 2 {
		owner.want(200, "POST", "/api/login", map[string]string{"name": "anna", "password": "richtig-und-lang"})
		e.clock.add(10 * time.Minute)
	}
}

// Row 9: redirects only to this server's own paths.
func TestAttackOpenRedirect(t *testing.T) {
	e := newEnv(t)
	c := e.phone()
	for _, back := range []string{"/%09/127.0.0.2:18599/x", "//evil.example/x", "/\\evil.example", "/%0d%0a/evil.example", "https://evil.example/", "/%5cevil.example", "/\t/evil.example", "javascript:alert(1)", "/%E2%80%8F/evil"} {
		r := c.do("GET", "/lang?to=en&back="+url.QueryEscape(back), nil)
		loc := r.header.Get("Location")
		if r.status != http.StatusSeeOther || (loc != "/" && !(strings.HasPrefix(loc, "/") && !strings.HasPrefix(loc, "//") && !strings.ContainsAny(loc, "\\\t\r\n"))) {
			t.Errorf("back=%q: %d Location %q", back, r.status, loc)
		}
		if u, _ := url.Parse(loc); u == nil || u.Host != "" || strings.HasPrefix(strings.Map(func(r rune) rune {
			if r < ' ' {
				return -1
			}
			return r
		}, loc), "//") {
			t.Errorf("back=%q leads off-site: %q", back, loc)
		}
	}
	if r := c.do("GET", "/lang?to=en&back=/t/abc?x=1", nil); r.header.Get("Location") != "/t/abc?x=1" {
		t.Errorf("a local path is not kept: %q", r.header.Get("Location"))
	}
}

// Row 10: one session opening many event streams keeps at most four; a
// device opening hundreds of idle connections gets 503 beyond its cap,
// and others are still served.
func TestAttackStreamsAndConnections(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(theGame3)
	spec := e.seat(id, pin, "")
	var open []*stream
	for range 10 {
		open = append(open, spec.stream(t, id, ""))
	}
	time.Sleep(200 * time.Millisecond)
	closed := 0
	for _, s := range open {
	drain:
		for {
			select {
			case _, ok := <-s.lines:
				if !ok {
					closed++
					break drain
				}
			default:
				break drain
			}
		}
	}
	if closed != 10-StreamsPerToken {
		t.Fatalf("%d of 10 streams of one session were closed, want %d", closed, 10-StreamsPerToken)
	}

	// Connections: a server with the caps, as serve runs it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	limited, hook := e.web.Limit(ln, true)
	srv := e.web.HTTPServer("")
	srv.ConnState = hook
	go srv.Serve(limited)
	defer srv.Close()
	var idle []net.Conn
	refused := 0
	for range ConnsPerAddress + 20 {
		c, err := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.77")}}).Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		idle = append(idle, c)
	}
	for _, c := range idle {
		c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		b := make([]byte, 1024)
		if n, _ := c.Read(b); n > 0 && strings.Contains(string(b[:n]), "too-many-connections") {
			refused++
		}
	}
	for _, c := range idle {
		c.Close()
	}
	if refused < 20 {
		t.Fatalf("%d of %d connections from one device refused, want at least 20", refused, ConnsPerAddress+20)
	}
	res, err := (&http.Client{Timeout: 5 * time.Second}).Get("http://" + ln.Addr().String() + "/api/clock")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("another device during the flood: %v %v", res, err)
	}
}

// Row 11: one account opening tables as fast as it can, and joins from one
// device, are capped; an account keeps at most 20 logins.
func TestAttackFloodTablesAndJoins(t *testing.T) {
	l := scorer.DefaultLimits
	f := newEnvLimits(t, t.TempDir(), false, &l)
	a := f.account("Anna")
	made := 0
	var last response
	for range l.TablesPerAccount.Max + 5 {
		last = a.do("POST", "/api/tables", map[string]any{"setup": json.RawMessage(theGame3)})
		if last.status == 201 {
			made++
		}
	}
	if made != l.TablesPerAccount.Max || last.status != 429 || last.rule(t) != "too-many-attempts" || last.header.Get("Retry-After") == "" {
		t.Fatalf("%d tables made, last %d %s", made, last.status, last.body)
	}
	f.clock.add(time.Hour)
	id, pin := a.table(theGame3)
	joined := 0
	for range l.JoinsPerAddress.Max + 5 {
		p := f.phoneFrom("127.0.0.4") // a new phone each time, on one device's address
		if r := p.do("POST", "/api/tables/"+id+"/join", map[string]string{"pin": pin, "role": "spectator"}); r.status == 200 {
			joined++
		} else if r.status != 429 {
			t.Fatalf("join: %d %s", r.status, r.body)
		}
	}
	if joined != l.JoinsPerAddress.Max {
		t.Fatalf("%d joins from one device in a minute, want %d", joined, l.JoinsPerAddress.Max)
	}
	// Logins: the oldest beyond 20 end.
	var tokens []string
	for i := range scorer.SessionsPerAccount + 3 {
		f.clock.add(time.Second)
		m := f.phoneFrom(fmt.Sprintf("127.0.1.%d", i+1)).want(200, "POST", "/api/login", map[string]string{"name": "Anna", "password": "passwort-Anna"})
		tokens = append(tokens, m["token"].(string))
	}
	newest := f.phone()
	newest.token = tokens[len(tokens)-1]
	ss := newest.want(200, "GET", "/api/account/sessions", nil)["sessions"].([]any)
	if len(ss) != scorer.SessionsPerAccount {
		t.Fatalf("%d sessions kept", len(ss))
	}
	old := f.phone()
	old.token = tokens[0]
	old.want(401, "GET", "/api/account/sessions", nil)
}

// Row 13: a secret vote answered 202 stays when another phone posts a
// batch naming only itself, and when the table enters a printed card for
// a player on paper; it survives a restart; an undo of the card read
// discards it and tells the phones; the reveal shows every choice.
func TestAttackPendingChoiceKept(t *testing.T) {
	dir := t.TempDir()
	e := newEnvWith(t, dir, false)
	a := e.account("Anna")
	id, pin := a.table(`{"game":"dativ","players":["Mireille","David","Aylin","Jonas"],"seed":1,"first":"David"}`)
	mireille, aylin := e.seat(id, pin, "Mireille"), e.seat(id, pin, "Aylin")
	david := e.seat(id, pin, "David")
	david.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 0, "action": json.RawMessage(`{"type":"read","card":"DAT-STD-1-H","option":"b"}`)})
	m := mireille.want(202, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 1, "action": json.RawMessage(`{"type":"vote","player":"Mireille","vote":"richtig"}`)})
	if p := m["pending"].(map[string]any); p["mine"] == nil {
		t.Fatalf("Mireille's own choice not shown to her: %v", p)
	}
	// Aylin posts a batch naming only herself; the table enters Jonas's
	// printed card — and Mireille's, which her phone has already.
	aylin.want(202, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 1, "action": json.RawMessage(`{"type":"vote","votes":{"Aylin":"falsch"}}`)})
	m = a.want(202, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 1, "action": json.RawMessage(`{"type":"vote","votes":{"Jonas":"falsch","Mireille":"falsch"}}`)})
	p := m["pending"].(map[string]any)
	if fmt.Sprint(p["chosen"]) != "[Mireille Aylin Jonas]" || fmt.Sprint(p["missing"]) != "[David]" {
		t.Fatalf("pending after the batches: %v", p)
	}
	if ev := fmt.Sprint(m["events"]); !strings.Contains(ev, "Mireille hat schon am eigenen Handy gewählt") {
		t.Fatalf("the table is not told that Mireille's phone choice stays: %s", ev)
	}
	// A restart keeps them.
	e.restart(a, mireille, aylin, david)
	if p := mireille.want(200, "GET", "/api/tables/"+id, nil)["pending"].(map[string]any); fmt.Sprint(p["chosen"]) != "[Mireille Aylin Jonas]" || p["mine"] == nil {
		t.Fatalf("pending after a restart: %v", p)
	}
	// An undo of the reading discards them and says so; a new reading
	// asks again.
	m = a.want(200, "POST", "/api/tables/"+id+"/undo", map[string]any{"version": 1})
	if m["pending"] != nil || !strings.Contains(fmt.Sprint(m["notice"]), "Karte zurückgenommen – bitte neu wählen") {
		t.Fatalf("after undoing the reading: %v", m)
	}
	md := mireille.want(200, "GET", "/api/tables/"+id, nil)
	if !strings.Contains(fmt.Sprint(md["notice"]), "bitte neu wählen") {
		t.Fatalf("Mireille's phone is not told: %v", md["notice"])
	}
	v := version(t, m)
	david.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": v, "action": json.RawMessage(`{"type":"read","card":"DAT-STD-2","side":"vorne","option":"b"}`)})
	for _, c := range []struct {
		who  *client
		line string
	}{{mireille, `{"type":"vote","player":"Mireille","vote":"richtig"}`}, {aylin, `{"type":"vote","player":"Aylin","vote":"falsch"}`}, {a, `{"type":"vote","votes":{"Jonas":"richtig"}}`}} {
		c.who.want(202, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": v + 1, "action": json.RawMessage(c.line)})
	}
	m = david.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": v + 1, "action": json.RawMessage(`{"type":"vote","player":"David","vote":"falsch"}`)})
	last := m["state"].(map[string]any)["last"].(map[string]any)
	if fmt.Sprint(last["votes"]) != "[richtig falsch falsch richtig]" {
		t.Fatalf("the reveal: %v", last)
	}
}

// Row 16: a login takes one full argon2id hash whether the name exists or
// not and however long the password: the medians of 50 attempts each
// (interleaved in alternating order, each from an address of its own so
// that no backoff answers early) are within 20 %.
func TestAttackLoginTiming(t *testing.T) {
	e := newEnv(t)
	e.phone().want(201, "POST", "/api/accounts", map[string]string{"name": "Anna", "password": "richtig-und-lang"})
	long := strings.Repeat("x", 300)
	var known, unknown []time.Duration
	for i := range 50 {
		// Alternating which goes first: the collection of one hash's 19
		// MiB tends to fall into the attempt after it.
		names := []string{"Anna", "Niemand"}
		if i%2 == 1 {
			names = []string{"Niemand", "Anna"}
		}
		for _, name := range names {
			p := e.phoneFrom(fmt.Sprintf("127.0.%d.%d", 2+i/200, 2+i%200))
			start := time.Now()
			r := p.do("POST", "/api/login", map[string]string{"name": name, "password": long})
			took := time.Since(start)
			if r.status != 401 {
				t.Fatalf("%s: %d %s", name, r.status, r.body)
			}
			if name == "Anna" {
				known = append(known, took)
			} else {
				unknown = append(unknown, took)
			}
		}
	}
	median := func(d []time.Duration) time.Duration {
		slices.Sort(d)
		return d[len(d)/2]
	}
	mk, mu := median(known), median(unknown)
	t.Logf("300-character password, median of 50: known name %v, unknown name %v", mk, mu)
	if ratio := float64(mk) / float64(mu); ratio < 0.8 || ratio > 1.25 {
		t.Fatalf("known %v against unknown %v: whether an account exists can be timed", mk, mu)
	}
}

// Row 17: weak passwords are refused; the password can be changed (which
// ends every other login), the logins listed and ended everywhere, the
// account deleted with its tables.
func TestAttackAccounts(t *testing.T) {
	e := newEnv(t)
	c := e.phone()
	for pw, rule := range map[string]string{"12345678": "password-common", "password": "password-common", "Passwort": "password-common", "hallo123": "password-common", "        ": "password-blank", "qwertz": "password-short", "Anna Lena": "password-name"} {
		r := c.do("POST", "/api/accounts", map[string]string{"name": "Anna Lena", "password": pw})
		if r.status != 400 || r.rule(t) != rule {
			t.Errorf("password %q: %d %s, want %s", pw, r.status, r.body, rule)
		}
	}
	a := e.account("Anna")
	other := e.phoneFrom("127.0.0.8")
	m := other.want(200, "POST", "/api/login", map[string]string{"name": "Anna", "password": "passwort-Anna"})
	other.token = m["token"].(string)
	ss := a.want(200, "GET", "/api/account/sessions", nil)["sessions"].([]any)
	if len(ss) != 2 {
		t.Fatalf("sessions: %v", ss)
	}
	addrs := []string{ss[0].(map[string]any)["addr"].(string), ss[1].(map[string]any)["addr"].(string)}
	if !slices.Contains(addrs, "127.0.0.8") {
		t.Fatalf("where the logins were seen: %v", addrs)
	}
	a.want(403, "POST", "/api/account/password", map[string]string{"old": "falsch-falsch", "new": "ein neues langes Passwort"})
	a.want(400, "POST", "/api/account/password", map[string]string{"old": "passwort-Anna", "new": "12345678"})
	a.want(200, "POST", "/api/account/password", map[string]string{"old": "passwort-Anna", "new": "ein neues langes Passwort"})
	other.want(401, "GET", "/api/account/sessions", nil)
	a.want(200, "GET", "/api/account/sessions", nil)
	e.phoneFrom("127.0.0.9").want(401, "POST", "/api/login", map[string]string{"name": "Anna", "password": "passwort-Anna"})
	// Log out everywhere.
	b := e.phoneFrom("127.0.0.10")
	b.token = b.want(200, "POST", "/api/login", map[string]string{"name": "Anna", "password": "ein neues langes Passwort"})["token"].(string)
	b.want(200, "DELETE", "/api/account/sessions", nil)
	a.want(401, "GET", "/api/account/sessions", nil)
	b.want(401, "GET", "/api/account/sessions", nil)
	// Delete the account: its table ends for the phones at it.
	d := e.phoneFrom("127.0.0.11")
	d.token = d.want(200, "POST", "/api/login", map[string]string{"name": "Anna", "password": "ein neues langes Passwort"})["token"].(string)
	id, pin := d.table(theGame3)
	ben := e.seat(id, pin, "Ben")
	d.want(403, "DELETE", "/api/account", map[string]string{"password": "falsch-falsch"})
	d.want(200, "DELETE", "/api/account", map[string]string{"password": "ein neues langes Passwort"})
	d.want(401, "GET", "/api/tables", nil)
	if r := ben.do("GET", "/api/tables/"+id, nil); r.status != 401 && r.status != 404 {
		t.Fatalf("a phone at the deleted account's table: %d %s", r.status, r.body)
	}
	e.phoneFrom("127.0.0.12").want(401, "POST", "/api/login", map[string]string{"name": "Anna", "password": "ein neues langes Passwort"})
	e.phone().want(201, "POST", "/api/accounts", map[string]string{"name": "Anna", "password": "wieder ein Konto"})
}

// Row 14: a full disk or a read-only database: 503 with the rule and a
// clear word on the phone, nothing half written.
func TestAttackStorageFull(t *testing.T) {
	for _, c := range []struct {
		err  error
		rule string
		de   string
	}{
		{store.ErrFull, "storage-full", "Der Speicher des Laptops ist voll"},
		{store.ErrReadOnly, "storage-read-only", "nur lesbar"},
	} {
		e := newEnv(t)
		a := e.account("Anna")
		id, _ := a.table(theGame3)
		e.svc = nil
		faulty := &failingStore{Store: e.store, err: c.err}
		in := e.start(faulty, false)
		a.base = in.srv.URL
		faulty.failing.Store(true)
		r := a.act(id, 0, `{"type":"play","pile":"1A","value":5}`)
		if r.status != 503 || r.rule(t) != c.rule || !strings.Contains(string(r.body), c.de) || r.header.Get("Retry-After") == "" {
			t.Fatalf("%v: %d %s", c.err, r.status, r.body)
		}
		page := a.do("POST", "/api/login", map[string]string{"name": "Anna", "password": "passwort-Anna"})
		if page.status != 503 || page.rule(t) != c.rule {
			t.Fatalf("login with %v: %d %s", c.err, page.status, page.body)
		}
		faulty.failing.Store(false)
		if m := a.want(200, "GET", "/api/tables/"+id, nil); version(t, m) != 0 {
			t.Fatalf("something was written: version %v", m["version"])
		}
	}
}

// failingStore fails every write with err while failing is set, as a full
// disk would: SQLite's own SQLITE_FULL is mapped to store.ErrFull by the
// store (tested there).
type failingStore struct {
	store.Store
	err     error
	failing atomic.Bool
}

func (f *failingStore) Append(ctx context.Context, id string, e store.Entry) error {
	if f.failing.Load() {
		return fmt.Errorf("%w: disk I/O", f.err)
	}
	return f.Store.Append(ctx, id, e)
}

func (f *failingStore) Limit(ctx context.Context, now time.Time, keys []string, fn func([]store.LimitState) ([]store.LimitState, error)) error {
	if f.failing.Load() {
		return fmt.Errorf("%w: disk I/O", f.err)
	}
	return f.Store.Limit(ctx, now, keys, fn)
}

// Row 13, the labyrinth: the table's phone entering a printed tip for a
// player on paper as an entry of its own keeps the choice Mireille made
// on her phone, and so does an undo of that entry; only taking back the
// card drawn discards it.
func TestPendingChoiceSurvivesOtherEntries(t *testing.T) {
	e := newEnv(t)
	a := e.account("Anna")
	id, pin := a.table(`{"game":"labyrinth","players":["Anna","Mireille","Sebastian","David"],"seed":1,"reader":"Anna"}`)
	mireille := e.seat(id, pin, "Mireille")
	a.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 0, "action": json.RawMessage(`{"type":"draw","kind":"normal"}`)})
	mireille.want(202, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 1, "action": json.RawMessage(`{"type":"place","player":"Mireille","tip":"B","chip":4}`)})
	mine := func(want bool) {
		t.Helper()
		m := mireille.want(200, "GET", "/api/tables/"+id, nil)
		p, _ := m["pending"].(map[string]any)
		if got := p != nil && p["mine"] != nil; got != want {
			t.Fatalf("Mireille's choice pending: %v, want %v (%v)", got, want, m["pending"])
		}
	}
	a.want(200, "POST", "/api/tables/"+id+"/actions", map[string]any{"version": 1, "action": json.RawMessage(`{"type":"tip","player":"David","tip":"A"}`)})
	mine(true)
	a.want(200, "POST", "/api/tables/"+id+"/undo", map[string]any{"version": 2})
	mine(true)
	m := a.want(200, "POST", "/api/tables/"+id+"/undo", map[string]any{"version": 3})
	mine(false)
	if !strings.Contains(fmt.Sprint(m["notice"]), "Karte zurückgenommen") {
		t.Fatalf("no notice after taking back the card: %v", m["notice"])
	}
}

// Over plain http from another machine the login page says the password
// crosses the Wi-Fi unencrypted and links the HTTPS address.
func TestInsecureLoginSaysSo(t *testing.T) {
	e := newEnv(t)
	e.web.SecureBase = "https://192.168.1.20:8443"
	e.web.TrustedProxies, _ = ParseProxies("127.0.0.1")
	e.srv.Config.Handler = e.web.Handler()
	lan := e.phone()
	lan.header.Set("X-Forwarded-For", "192.168.1.34")
	page := string(lan.do("GET", "/", nil).body)
	if !strings.Contains(page, "unverschlüsselt durchs WLAN") || !strings.Contains(page, `href="https://192.168.1.20:8443/"`) {
		t.Fatalf("the login page over http from the LAN:\n%s", page)
	}
	if page := string(e.phone().do("GET", "/", nil).body); strings.Contains(page, "unverschlüsselt") {
		t.Fatal("the laptop's own browser is warned")
	}
}
