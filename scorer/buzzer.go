package scorer

import (
	"errors"
	"math"
	"slices"
)

// The buzzer: every player's phone is a buzzer for the host's question,
// and the first press wins fairly. Arrival order alone is not fair — a
// phone on a slow Wi-Fi would lose a press it made first — so each phone's
// clock is synchronised with the server's, presses are ordered by the
// time they were made (in server time), and a round is decided only when
// every phone that could have pressed earlier has had the time to report.
//
// This file is the decision logic, pure: no clock, no store. The service
// (standins.go) keeps rounds and clocks in the store and asks these
// functions what they mean.

// ClockSample is one round trip between a phone and the server, in
// milliseconds: the phone's clock when it sent the request (T0) and when
// the answer came (T3), the server's clock when the request came (T1) and
// when it answered (T2).
type ClockSample struct {
	T0 float64 `json:"t0"`
	T1 float64 `json:"t1"`
	T2 float64 `json:"t2"`
	T3 float64 `json:"t3"`
}

// rtt is the time the sample spent on the wire.
func (c ClockSample) rtt() float64 { return (c.T3 - c.T0) - (c.T2 - c.T1) }

// offset is the server's clock minus the phone's, as this sample sees it.
// Its error is half the difference between the way there and the way back.
func (c ClockSample) offset() float64 { return ((c.T1 - c.T0) + (c.T2 - c.T3)) / 2 }

// PhoneClock is what the server knows about a phone's clock and network.
type PhoneClock struct {
	Offset float64 `json:"offset"` // server time − phone time, ms
	Delay  float64 `json:"delay"`  // one-way delay: half the shortest round trip, ms
	Jitter float64 `json:"jitter"` // how much the round trips vary: the longest minus the shortest, ms
	RTT    float64 `json:"rtt"`    // the shortest round trip, ms
	At     float64 `json:"at"`     // server time of the measurement, ms
}

// MaxClockSamples bounds one synchronisation.
const MaxClockSamples = 64

// ErrClockSamples: the samples do not make a measurement.
var ErrClockSamples = errors.New("clock samples: at least 3 plausible round trips are needed")

// SyncClock estimates a phone's clock from round trips as NTP does: the
// round trip that spent the least time on the wire is the one least
// disturbed by queues, and the error of its offset is at most half its
// round trip (exactly: half the asymmetry of its path), so its offset is
// kept. The spread of the round trips is the network's jitter.
func SyncClock(samples []ClockSample) (PhoneClock, error) {
	var good []ClockSample
	for _, s := range samples {
		r := s.rtt()
		if s.T2 >= s.T1 && s.T3 >= s.T0 && r >= 0 && r < 10_000 && !math.IsNaN(r) && !math.IsInf(s.offset(), 0) {
			good = append(good, s)
		}
	}
	if len(good) < 3 || len(samples) > MaxClockSamples {
		return PhoneClock{}, ErrClockSamples
	}
	best := slices.MinFunc(good, func(a, b ClockSample) int { return cmpFloat(a.rtt(), b.rtt()) })
	worst := slices.MaxFunc(good, func(a, b ClockSample) int { return cmpFloat(a.rtt(), b.rtt()) })
	return PhoneClock{
		Offset: best.offset(),
		Delay:  best.rtt() / 2,
		Jitter: worst.rtt() - best.rtt(),
		RTT:    best.rtt(),
		At:     best.T2,
	}, nil
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Buzzer timing, in milliseconds.
const (
	// BuzzMargin is added to every window: the server's own time to take
	// a press in (parse, store) and the clocks' error.
	BuzzMargin = 40.0
	// UnknownWindow is the window for a phone whose clock was never
	// measured: a slow Wi-Fi's round trip.
	UnknownWindow = 300.0
	// MaxWindow bounds the wait: a phone slower than this loses its
	// press's fairness, not the game's pace.
	MaxWindow = 1000.0
)

// Press is one buzzer press.
type Press struct {
	Player string `json:"player"`
	// Local is the phone's clock at the press, At the press in server
	// time (Local corrected by the phone's offset), Received when the
	// server got it.
	Local    float64 `json:"local"`
	At       float64 `json:"at"`
	Received float64 `json:"received"`
}

// BuzzRound is one round of the buzzer: the presses made on a version of
// the table, and once decided, the result.
type BuzzRound struct {
	Version int64 `json:"version"` // the table's version the round belongs to
	N       int   `json:"n"`       // the round on this version (the host may open it again)
	// Players are the phones that may press in this round.
	Players []string    `json:"players"`
	Opened  float64     `json:"opened"` // server time the round was opened, ms
	Presses []Press     `json:"presses,omitempty"`
	Result  *BuzzResult `json:"result,omitempty"`
}

// BuzzResult is a decided round: every press in the order made.
type BuzzResult struct {
	Winner string  `json:"winner"`
	Order  []Press `json:"order"`
	// Next is who pressed next, Lead how many milliseconds later (none
	// yet: ""). A press that came after the decision is locked out but
	// still counts here, so the host knows by how much.
	Next    string  `json:"next,omitempty"`
	Lead    float64 `json:"lead"`
	Decided float64 `json:"decided"` // server time, ms
	Late    []Press `json:"late,omitempty"`
}

// correct turns a phone's press time into server time, kept within what
// can be true: not after the press arrived, and not longer before it than
// the phone's network could have held it (a phone's clock that jumped, or
// a phone that claims to have pressed long ago, does not go first).
func correct(local, received float64, c *PhoneClock) float64 {
	if c == nil {
		return received
	}
	at := local + c.Offset
	earliest := received - 2*(c.Delay+c.Jitter) - 2*BuzzMargin
	return math.Min(received, math.Max(at, earliest))
}

// window is how long, after a press made at a time, a phone's press made
// just before it may still be on its way: its one-way delay plus its
// jitter, plus the margin.
func window(c *PhoneClock) float64 {
	if c == nil {
		return UnknownWindow
	}
	return math.Min(MaxWindow, c.Delay+c.Jitter+BuzzMargin)
}

// Add records a press (the player's first in the round counts, later ones
// are ignored) and reports whether it was added.
func (r *BuzzRound) Add(player string, local, received float64, c *PhoneClock) bool {
	has := func(ps []Press) bool {
		return slices.ContainsFunc(ps, func(p Press) bool { return p.Player == player })
	}
	if !slices.Contains(r.Players, player) || has(r.Presses) {
		return false
	}
	p := Press{Player: player, Local: local, At: correct(local, received, c), Received: received}
	if res := r.Result; res != nil {
		// Locked out: too late, but the host learns by how much.
		if has(res.Late) {
			return false
		}
		res.Late = append(res.Late, p)
		if res.Next == "" {
			res.Next, res.Lead = player, p.At-res.Order[0].At
		}
		return true
	}
	r.Presses = append(r.Presses, p)
	return true
}

// first is the press made first (by server time; on equal times the one
// that arrived first).
func (r BuzzRound) ordered() []Press {
	out := slices.Clone(r.Presses)
	slices.SortStableFunc(out, func(a, b Press) int {
		if c := cmpFloat(a.At, b.At); c != 0 {
			return c
		}
		return cmpFloat(a.Received, b.Received)
	})
	return out
}

// Deadline is the server time from which the round can be decided: the
// earliest press known plus the longest time a press made before it by a
// phone that has not pressed could still be on its way. When every phone
// has pressed there is nothing to wait for. ok is false before any press.
func (r BuzzRound) Deadline(clocks map[string]PhoneClock) (at float64, ok bool) {
	if len(r.Presses) == 0 {
		return 0, false
	}
	first := r.ordered()[0]
	wait := 0.0
	all := true
	for _, p := range r.Players {
		if slices.ContainsFunc(r.Presses, func(x Press) bool { return x.Player == p }) {
			continue
		}
		all = false
		var c *PhoneClock
		if pc, ok := clocks[p]; ok {
			c = &pc
		}
		wait = math.Max(wait, window(c))
	}
	if all {
		latest := slices.MaxFunc(r.Presses, func(a, b Press) int { return cmpFloat(a.Received, b.Received) })
		return latest.Received, true
	}
	// Never before the press that set it arrived.
	return math.Max(first.At+wait, first.Received), true
}

// Decide decides the round at server time now if its deadline has passed.
func (r *BuzzRound) Decide(clocks map[string]PhoneClock, now float64) bool {
	return r.DecideAfter(clocks, now, 0)
}

// DecideAfter decides the round at server time now if its deadline has
// passed by lag: the time the server itself takes from a press's arrival
// until it is recorded (a press it has in hand, not yet written, may be
// the first).
func (r *BuzzRound) DecideAfter(clocks map[string]PhoneClock, now, lag float64) bool {
	if r.Result != nil {
		return true
	}
	d, ok := r.Deadline(clocks)
	if !ok || now < d+lag {
		return false
	}
	order := r.ordered()
	res := &BuzzResult{Winner: order[0].Player, Order: order, Decided: now}
	if len(order) > 1 {
		res.Next, res.Lead = order[1].Player, order[1].At-order[0].At
	}
	r.Result = res
	return true
}
