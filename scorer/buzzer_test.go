package scorer

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// net is a phone's network in the simulated Wi-Fi: each message takes a
// one-way delay of base ± jitter (uniform), drawn anew each way.
type net struct{ base, jitter float64 }

// simPhone is a phone whose clock runs off the true time by an offset and
// a drift.
type simPhone struct {
	name          string
	net           net
	offset, drift float64 // ms; parts per million
}

func (p simPhone) local(t float64) float64 { return t*(1+p.drift*1e-6) + p.offset }

func (p simPhone) delay(r *rand.Rand) float64 { return p.net.base + (2*r.Float64()-1)*p.net.jitter }

// sync runs the phone's clock synchronisation from true time t: n round
// trips one after the other, as raab.js makes them. The server's clock is
// the true time.
func (p simPhone) sync(r *rand.Rand, t float64, n int) (PhoneClock, float64) {
	var samples []ClockSample
	for range n {
		s := ClockSample{T0: p.local(t)}
		arrive := t + p.delay(r)
		s.T1, s.T2 = arrive, arrive+0.3
		back := s.T2 + p.delay(r)
		s.T3 = p.local(back)
		samples = append(samples, s)
		t = back + 40
	}
	c, err := SyncClock(samples)
	if err != nil {
		panic(err)
	}
	return c, t
}

// trial plays one buzzer round: each phone's clock is off by up to ten
// minutes and drifts by up to 50 ppm; the phones synchronise; ten seconds
// later each presses at pressAt (true time after the question); each
// press reaches the server after its one-way delay, and the server
// decides as soon as the round's deadline has passed, as the service
// does. It returns the winner.
func trial(r *rand.Rand, nets []net, pressAt []float64) string {
	t := 0.0
	clocks := map[string]PhoneClock{}
	round := BuzzRound{}
	var phones []simPhone
	for i, n := range nets {
		p := simPhone{name: string(rune('A' + i)), net: n, offset: (2*r.Float64() - 1) * 600_000, drift: (2*r.Float64() - 1) * 50}
		var c PhoneClock
		c, t = p.sync(r, t, 10)
		clocks[p.name] = c
		phones = append(phones, p)
		round.Players = append(round.Players, p.name)
	}
	question := t + 10_000
	type arrival struct {
		player     string
		local, got float64
	}
	var arrivals []arrival
	for i, p := range phones {
		press := question + pressAt[i]
		arrivals = append(arrivals, arrival{p.name, p.local(press), press + p.delay(r)})
	}
	slices.SortFunc(arrivals, func(a, b arrival) int { return cmpFloat(a.got, b.got) })
	for _, a := range arrivals {
		if d, ok := round.Deadline(clocks); ok && d <= a.got {
			break // decided before this press came in
		}
		c := clocks[a.player]
		round.Add(a.player, a.local, a.got, &c)
	}
	d, _ := round.Deadline(clocks)
	if !round.Decide(clocks, d) {
		panic("not decided at its deadline")
	}
	return round.Result.Winner
}

// wins counts the trials phone A wins.
func wins(seed uint64, trials int, nets []net, pressAt []float64) int {
	r := rand.New(rand.NewPCG(seed, 14))
	n := 0
	for range trials {
		if trial(r, nets, pressAt) == "A" {
			n++
		}
	}
	return n
}

// The buzzer is fair: a phone whose network adds 80 ms each way (± 10 ms)
// but which pressed 30 ms earlier wins at least 95 % of 200 trials against
// a phone on a quick network; with equal networks the earlier press by
// 10 ms wins at least 95 %. Arrival order alone would hand every one of
// the first trials to the quick phone.
func TestBuzzerFairness(t *testing.T) {
	slow, quick := net{80, 10}, net{5, 3}
	for _, tc := range []struct {
		name    string
		nets    []net
		pressAt []float64
	}{
		{"slow phone pressed 30 ms earlier", []net{slow, quick}, []float64{0, 30}},
		{"equal quick networks, 10 ms earlier", []net{quick, quick}, []float64{0, 10}},
		{"equal slow networks, 10 ms earlier", []net{slow, slow}, []float64{0, 10}},
		{"four phones, the slow one 30 ms first", []net{slow, quick, quick, {20, 5}}, []float64{0, 30, 45, 60}},
	} {
		n := wins(1, 200, tc.nets, tc.pressAt)
		t.Logf("%s: the earlier press wins %d of 200 (%.1f %%)", tc.name, n, float64(n)/2)
		if n < 190 {
			t.Errorf("%s: the earlier press wins only %d of 200", tc.name, n)
		}
	}
	// By arrival alone the slow phone would lose every time.
	r := rand.New(rand.NewPCG(1, 14))
	byArrival := 0
	for range 200 {
		if 0+slow.base+(2*r.Float64()-1)*slow.jitter < 30+quick.base+(2*r.Float64()-1)*quick.jitter {
			byArrival++
		}
	}
	if byArrival != 0 {
		t.Fatalf("the simulated networks are too close: %d", byArrival)
	}
}

// The clock synchronisation keeps the round trip that spent the least
// time on the wire: its offset error is half the asymmetry of its path.
func TestSyncClock(t *testing.T) {
	// The phone's clock is 5000 ms behind; the way there takes 30 ms, the
	// way back 10 ms, except in one slow sample.
	mk := func(t0, up, down float64) ClockSample {
		s := ClockSample{T0: t0 - 5000}
		s.T1 = t0 + up
		s.T2 = s.T1 + 1
		s.T3 = s.T2 + down - 5000
		return s
	}
	c, err := SyncClock([]ClockSample{mk(0, 30, 10), mk(100, 130, 90), mk(400, 30, 10), mk(600, 31, 12)})
	if err != nil {
		t.Fatal(err)
	}
	if c.RTT != 40 || c.Delay != 20 || c.Jitter != 180 || c.Offset != 5000+10 {
		t.Fatalf("clock %+v (offset error 10 = half the asymmetry 20)", c)
	}
	if _, err := SyncClock([]ClockSample{mk(0, 1, 1), mk(1, 1, 1)}); err == nil {
		t.Fatal("two samples are not a measurement")
	}
	// Impossible samples (an answer before the question) are left out.
	bad := ClockSample{T0: 10, T1: 5, T2: 4, T3: 1}
	if _, err := SyncClock([]ClockSample{bad, bad, bad, mk(0, 1, 1)}); err == nil {
		t.Fatal("impossible samples counted")
	}
}

// A round: presses counted once each, ordered by when they were made, the
// decision waiting for the slowest phone that has not pressed, and at
// once when all have pressed.
func TestBuzzRound(t *testing.T) {
	clocks := map[string]PhoneClock{
		"Anna": {Offset: 1000, Delay: 80, Jitter: 20},
		"Ben":  {Offset: -50, Delay: 5, Jitter: 3},
		"Cem":  {Offset: 0, Delay: 10, Jitter: 2},
	}
	c := func(p string) *PhoneClock { pc := clocks[p]; return &pc }
	r := BuzzRound{Players: []string{"Anna", "Ben", "Cem"}}
	if _, ok := r.Deadline(clocks); ok || r.Decide(clocks, 1e9) {
		t.Fatal("decided without a press")
	}
	// Ben pressed at server time 10_050 (his clock: 10_100), it arrived at 10_056.
	if !r.Add("Ben", 10_100, 10_056, c("Ben")) || r.Add("Ben", 10_000, 10_060, c("Ben")) || r.Add("Dora", 0, 10_060, nil) {
		t.Fatal("presses: one each, only the round's players")
	}
	d, _ := r.Deadline(clocks)
	if want := 10_050 + 80 + 20 + BuzzMargin; d != want {
		t.Fatalf("deadline %v, want %v (Anna's delay and jitter)", d, want)
	}
	if r.Decide(clocks, d-1) {
		t.Fatal("decided before the deadline")
	}
	// A server that takes 30 ms to record a press waits that much longer.
	if r.DecideAfter(clocks, d+29, 30) {
		t.Fatal("decided before the deadline plus the server's lag")
	}
	// Anna pressed at 10_030 server time (9_030 on her clock); it came at 10_115.
	r.Add("Anna", 9_030, 10_115, c("Anna"))
	if !r.Decide(clocks, d) || r.Result.Winner != "Anna" || r.Result.Lead != 20 || r.Result.Next != "Ben" || len(r.Result.Order) != 2 {
		t.Fatalf("result %+v", r.Result)
	}
	// A press after the decision is locked out; it only tells the host by
	// how much.
	late := BuzzRound{Players: []string{"Ben", "Cem"}}
	late.Add("Ben", 10_100, 10_056, c("Ben"))
	late.Decide(clocks, 20_000)
	if !late.Add("Cem", 10_250, 10_260, c("Cem")) || late.Result.Winner != "Ben" || late.Result.Next != "Cem" || late.Result.Lead != 200 || len(late.Result.Order) != 1 {
		t.Fatalf("late press: %+v", late.Result)
	}
	if late.Add("Cem", 10_300, 10_310, c("Cem")) {
		t.Fatal("a second late press")
	}
	// Everyone pressed: nothing to wait for.
	all := BuzzRound{Players: []string{"Ben", "Cem"}}
	all.Add("Cem", 500, 520, c("Cem"))
	all.Add("Ben", 600, 560, c("Ben"))
	if !all.Decide(clocks, 560) || all.Result.Winner != "Cem" {
		t.Fatalf("all pressed: %+v", all.Result)
	}
	// A press claimed long before it could have been sent is moved to the
	// earliest time its network allows; never after it arrived.
	if at := correct(0, 10_000, c("Ben")); at != 10_000-2*8-2*BuzzMargin {
		t.Fatalf("claimed early: %v", at)
	}
	if at := correct(20_000, 10_000, c("Ben")); at != 10_000 {
		t.Fatalf("claimed late: %v", at)
	}
	// A phone without a measured clock counts by arrival, and is waited for.
	u := BuzzRound{Players: []string{"Ben", "Eve"}}
	u.Add("Ben", 1_000, 956, c("Ben"))
	if d, _ := u.Deadline(clocks); d != 950+UnknownWindow {
		t.Fatalf("deadline for an unmeasured phone %v", d)
	}
}
