// Command druckreif-load puts the scorer under the load of a busy evening:
// phones at tables playing The Game in assistant mode, every phone on its
// table's event stream, the active phone acting as soon as the last answer
// arrives, the other phones fetching the new state as soon as the event
// arrives. It reports the action round trips, the time from a tap until
// every phone at the table has the new state, errors, and the servers'
// peak memory.
//
//	go build -o /tmp/druckreif ./cmd/druckreif
//	go run ./cmd/druckreif-load --spawn /tmp/druckreif               # 200 phones, 50 tables, 60 s
//	go run ./cmd/druckreif-load --url http://127.0.0.1:8080 --pid 1234
//
// With --spawn it starts the servers itself (--instances N of them, on one
// --store when given, else each on its own new data folder — which only
// makes sense with one instance) and stops them at the end.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"druckreif/internal/scorertest"
)

func main() {
	tables := flag.Int("tables", 50, "tables")
	phones := flag.Int("phones", 4, "phones (players) per table")
	duration := flag.Duration("duration", 60*time.Second, "how long to play")
	urls := flag.String("url", "", "scorer URLs, comma-separated (tables are spread over them)")
	pids := flag.String("pid", "", "server process ids to measure, comma-separated")
	spawn := flag.String("spawn", "", "path of a druckreif binary to start the servers with")
	instances := flag.Int("instances", 1, "with --spawn: servers to start")
	storeURL := flag.String("store", "", "with --spawn: the --store of the servers (e.g. postgres://…); empty: a new SQLite folder")
	flag.Parse()

	var servers []*exec.Cmd
	if *spawn != "" {
		var list []string
		dir, _ := os.MkdirTemp("", "druckreif-load-")
		defer os.RemoveAll(dir)
		for i := 0; i < *instances; i++ {
			args := []string{"serve", "--addr", "127.0.0.1:0", "--https-addr", "", "--data", dir}
			if *storeURL != "" {
				args = append(args, "--store", *storeURL)
			}
			cmd, url, err := start(*spawn, args)
			if err != nil {
				fail(err)
			}
			servers = append(servers, cmd)
			list = append(list, url)
			*pids += "," + strconv.Itoa(cmd.Process.Pid)
		}
		*urls = strings.Join(list, ",")
		defer func() {
			for _, s := range servers {
				s.Process.Signal(os.Interrupt)
				s.Wait()
			}
		}()
	}
	if *urls == "" {
		fail(errors.New("give --url or --spawn"))
	}
	bases := strings.Split(*urls, ",")
	pidList := strings.Split(strings.Trim(*pids, ","), ",")
	mem := watchMemory(pidList)

	r := &run{bases: bases, phonesPer: *phones}
	ctx, cancel := context.WithTimeout(context.Background(), *duration)
	defer cancel()
	var wg sync.WaitGroup
	loadBefore := loadavg()
	cpuBefore := cpuTimes(pidList)
	began := time.Now()
	for i := 0; i < *tables; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.table(ctx, bases[i%len(bases)], i)
		}()
	}
	wg.Wait()
	elapsed := time.Since(began)
	peaks := mem.stop()
	cpu := cpuTimes(pidList)
	for i := range cpu {
		cpu[i] -= cpuBefore[i]
	}
	r.report(os.Stdout, *tables, *phones, elapsed, peaks, cpu)
	// The machine may be shared: its load says how much the figures mean.
	fmt.Printf("machine load average: %s before, %s after (%d cores)\n", loadBefore, loadavg(), runtime.NumCPU())
	if r.errors.Load() > 0 {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "druckreif-load:", err)
	os.Exit(2)
}

// start runs a server and waits for its address.
func start(bin string, args []string) (*exec.Cmd, string, error) {
	cmd := exec.Command(bin, args...)
	u, err := scorertest.Start(cmd)
	if err != nil {
		return nil, "", err
	}
	return cmd, u, nil
}

// run is one load run.
type run struct {
	bases     []string
	phonesPer int

	mu       sync.Mutex
	actions  []time.Duration // round trip of each action
	spread   []time.Duration // tap until every phone has the new state
	errors   atomic.Int64
	games    atomic.Int64
	firstErr atomic.Value
}

func (r *run) fault(err error) {
	if r.errors.Add(1) == 1 {
		r.firstErr.Store(err.Error())
	}
}

// device is one phone (or the host's laptop) with an address of its own:
// the scorer's limits count devices, and a table's phones are several.
// On Linux every 127.x.y.z is this machine; elsewhere all share 127.0.0.1.
type device struct{ client *http.Client }

func newDevice(table, n int) *device {
	tr := &http.Transport{MaxIdleConnsPerHost: 16, IdleConnTimeout: time.Minute}
	if runtime.GOOS == "linux" {
		local := &net.TCPAddr{IP: net.IPv4(127, 1, byte(table), byte(n+1))}
		tr.DialContext = (&net.Dialer{LocalAddr: local, Timeout: 10 * time.Second}).DialContext
	}
	return &device{client: &http.Client{Transport: tr}}
}

func (r *run) call(ctx context.Context, d *device, method, url, token string, body any) (int, map[string]any, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := d.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	var m map[string]any
	err = json.NewDecoder(res.Body).Decode(&m)
	return res.StatusCode, m, err
}

// login makes an account for one table's host, as at a club evening
// where every table has its own.
func (r *run) login(d *device) (string, error) {
	name := fmt.Sprintf("last-%d", time.Now().UnixNano())
	ctx := context.Background()
	if code, m, err := r.call(ctx, d, "POST", r.bases[0]+"/api/accounts", "", map[string]string{"name": name, "password": "lastlastlast"}); err != nil || code != 201 {
		return "", fmt.Errorf("account: %d %v %v", code, m, err)
	}
	code, m, err := r.call(ctx, d, "POST", r.bases[0]+"/api/login", "", map[string]string{"name": name, "password": "lastlastlast"})
	if err != nil || code != 200 {
		return "", fmt.Errorf("login: %d %v %v", code, m, err)
	}
	return m["token"].(string), nil
}

// tap is one action waiting until every phone has seen it.
type tap struct {
	at   time.Time
	seen int
}

// game is one table's game in progress.
type game struct {
	mu    sync.Mutex
	taps  map[int]*tap // version → tap
	have  []int        // per phone: the newest version it holds
	over  chan struct{}
	ended sync.Once
}

// table plays games at one table, a new one when the last is over.
func (r *run) table(ctx context.Context, base string, n int) {
	host := newDevice(n, 249)
	token, err := r.login(host)
	if err != nil {
		r.fault(err)
		return
	}
	devices := make([]*device, r.phonesPer)
	for i := range devices {
		devices[i] = newDevice(n, i)
	}
	for ctx.Err() == nil {
		names := make([]string, r.phonesPer)
		for i := range names {
			names[i] = fmt.Sprintf("P%d", i+1)
		}
		setup, _ := json.Marshal(map[string]any{"game": "thegame", "players": names})
		code, m, err := r.call(ctx, host, "POST", base+"/api/tables", token, map[string]any{"setup": json.RawMessage(setup)})
		if err != nil || code != 201 {
			if ctx.Err() == nil {
				r.fault(fmt.Errorf("table: %d %v %v", code, m, err))
			}
			return
		}
		id, pin := m["id"].(string), m["pin"].(string)
		g := &game{taps: map[int]*tap{}, have: make([]int, r.phonesPer), over: make(chan struct{})}
		round, cancel := context.WithCancel(ctx)
		var wg sync.WaitGroup
		ready := make(chan struct{}, r.phonesPer)
		for i, name := range names {
			// Every phone but the first is a seat on another instance, so
			// that changes must cross instances.
			b := r.bases[(indexOf(r.bases, base)+i)%len(r.bases)]
			code, m, err := r.call(ctx, devices[i], "POST", b+"/api/tables/"+id+"/join", "", map[string]string{"pin": pin, "role": "player", "player": name})
			if err != nil || code != 200 {
				if ctx.Err() == nil {
					r.fault(fmt.Errorf("join: %d %v %v", code, m, err))
				}
				cancel()
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				r.phone(round, devices[i], b, id, i, name, m["token"].(string), g, ready)
			}()
		}
		for range names {
			select {
			case <-ready:
			case <-round.Done():
			}
		}
		select {
		case <-g.over:
			r.games.Add(1)
		case <-ctx.Done():
		}
		cancel()
		wg.Wait()
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}

// phone is one phone at the table: it follows the event stream, fetches
// each new state and acts whenever its player is to act.
func (r *run) phone(ctx context.Context, d *device, base, id string, me int, name, token string, g *game, ready chan<- struct{}) {
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/tables/"+id+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := d.client.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			r.fault(err)
		}
		return
	}
	// leaving: the phone closes its stream itself (its game is over).
	var leaving atomic.Bool
	defer func() {
		leaving.Store(true)
		res.Body.Close()
	}()
	if res.StatusCode != 200 {
		r.fault(fmt.Errorf("events: %d", res.StatusCode))
		return
	}
	versions := make(chan int, 64)
	go func() {
		defer close(versions)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				n, _ := strconv.Atoi(v)
				versions <- n
			}
		}
		if ctx.Err() == nil && !leaving.Load() {
			r.fault(errors.New("event stream ended"))
		}
	}()
	ready <- struct{}{}
	fetch := func() (map[string]any, bool) {
		code, m, err := r.call(ctx, d, "GET", base+"/api/tables/"+id, token, nil)
		if err != nil || code != 200 {
			if ctx.Err() == nil {
				r.fault(fmt.Errorf("get: %d %v", code, err))
			}
			return nil, false
		}
		return m, true
	}
	m, ok := fetch()
	for ok && ctx.Err() == nil {
		version := int(m["version"].(float64))
		r.seen(g, me, version)
		next := m["next"].(map[string]any)
		if next["over"] == true {
			g.ended.Do(func() { close(g.over) })
			return
		}
		if slices.Contains(toStrings(next["actors"]), name) {
			action := scorertest.TheGameMove(m["state"].(map[string]any), next)
			g.mu.Lock()
			g.taps[version+1] = &tap{at: time.Now()}
			g.mu.Unlock()
			t0 := time.Now()
			code, res, err := r.call(ctx, d, "POST", base+"/api/tables/"+id+"/actions", token, map[string]any{"version": version, "action": json.RawMessage(action)})
			if err != nil || code != 200 {
				if ctx.Err() == nil {
					r.fault(fmt.Errorf("action %s: %d %v %v", action, code, res, err))
				}
				return
			}
			r.mu.Lock()
			r.actions = append(r.actions, time.Since(t0))
			r.mu.Unlock()
			m = res
			continue
		}
		// Wait for the next change, then fetch it.
		for {
			select {
			case v, open := <-versions:
				if !open {
					return
				}
				if v <= version {
					continue
				}
			case <-ctx.Done():
				return
			}
			break
		}
		m, ok = fetch()
	}
}

// seen records that phone me holds version v: every tap up to v that all
// phones now hold is done.
func (r *run) seen(g *game, me, v int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	from := g.have[me]
	if v <= from {
		return
	}
	g.have[me] = v
	now := time.Now()
	for n := from + 1; n <= v; n++ {
		t, ok := g.taps[n]
		if !ok {
			continue
		}
		t.seen++
		if t.seen == len(g.have) {
			r.mu.Lock()
			r.spread = append(r.spread, now.Sub(t.at))
			r.mu.Unlock()
			delete(g.taps, n)
		}
	}
}

func toStrings(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// memory samples the servers' resident memory.
type memory struct {
	stopc chan struct{}
	done  chan []int64
}

func watchMemory(pids []string) *memory {
	m := &memory{stopc: make(chan struct{}), done: make(chan []int64, 1)}
	go func() {
		peaks := make([]int64, len(pids))
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			for i, p := range pids {
				if kb := rss(p); kb > peaks[i] {
					peaks[i] = kb
				}
			}
			select {
			case <-m.stopc:
				m.done <- peaks
				return
			case <-t.C:
			}
		}
	}()
	return m
}

func (m *memory) stop() []int64 { close(m.stopc); return <-m.done }

// loadavg is the machine's load average over the last minute, or "?".
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

// rss is VmHWM (the peak resident set) of a process in KiB.
func rss(pid string) int64 {
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(float64(len(s)-1) * p)
	return s[i]
}

func (r *run) report(w io.Writer, tables, phones int, elapsed time.Duration, peaks []int64, cpu []time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
	fmt.Fprintf(w, "druckreif-load: %d tables × %d phones = %d phones, %d server(s), %.0f s\n", tables, phones, tables*phones, len(r.bases), elapsed.Seconds())
	fmt.Fprintf(w, "actions:              %d (%.0f/s), games finished %d\n", len(r.actions), float64(len(r.actions))/elapsed.Seconds(), r.games.Load())
	fmt.Fprintf(w, "action round trip:    p50 %s  p90 %s  p99 %s  max %s\n", ms(percentile(r.actions, .5)), ms(percentile(r.actions, .9)), ms(percentile(r.actions, .99)), ms(percentile(r.actions, 1)))
	fmt.Fprintf(w, "tap to every phone:   p50 %s  p90 %s  p99 %s  max %s  (%d taps)\n", ms(percentile(r.spread, .5)), ms(percentile(r.spread, .9)), ms(percentile(r.spread, .99)), ms(percentile(r.spread, 1)), len(r.spread))
	fmt.Fprintf(w, "errors:               %d", r.errors.Load())
	if e, ok := r.firstErr.Load().(string); ok {
		fmt.Fprintf(w, " (first: %s)", e)
	}
	fmt.Fprintln(w)
	for i, kb := range peaks {
		if kb > 0 {
			fmt.Fprintf(w, "server %d peak RSS:    %.0f MiB\n", i+1, float64(kb)/1024)
		}
	}
	// CPU time does not depend on how busy the machine is otherwise: per
	// tap, the action and the other phones' fetches.
	var total time.Duration
	for i, d := range cpu {
		if d > 0 {
			fmt.Fprintf(w, "server %d CPU:         %.1f s\n", i+1, d.Seconds())
			total += d
		}
	}
	if total > 0 && len(r.actions) > 0 {
		fmt.Fprintf(w, "server CPU per tap:   %s (all servers)\n", ms(total/time.Duration(len(r.actions))))
	}
}

// cpuTimes are the processes' CPU times so far (user and system).
func cpuTimes(pids []string) []time.Duration {
	out := make([]time.Duration, len(pids))
	for i, p := range pids {
		b, err := os.ReadFile("/proc/" + p + "/stat")
		if err != nil {
			continue
		}
		// After the command's name in parentheses: state, then 10 more,
		// then utime and stime in clock ticks (100 per second on Linux).
		_, rest, _ := strings.Cut(string(b), ") ")
		f := strings.Fields(rest)
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		out[i] = time.Duration(u+st) * 10 * time.Millisecond
	}
	return out
}
