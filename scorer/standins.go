package scorer

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"sync"
	"time"

	"druckreif/rules"
	"druckreif/scorer/store"
)

// The digital stand-ins for what paper cannot be: the buzzer and the sand
// timer, seen on every phone at once. What they share lives in the store
// beside the table's record (scratch values, written with compare-and-
// swap), not in this instance's memory: a second instance on the same
// database reads and decides the same rounds, and hears of every write
// (store.ChangeScratch). In memory are only what this instance itself
// does: the timer that decides a round at its deadline (any instance asked
// about a round past its deadline decides it as well, and the phones ask
// again), the presses it has in hand, and how long it lately took to
// record one.

// arrivals counts the presses in flight per table: received (their time
// taken) but not yet recorded. While one is, no round of that table is
// decided here — a busy server (a slow store) must not decide before a
// press it has in hand, which may well be the first.
type arrivals struct {
	mu sync.Mutex
	n  map[string]int
}

// add changes the count and returns the new one.
func (a *arrivals) add(id string, d int) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.n == nil {
		a.n = map[string]int{}
	}
	a.n[id] += d
	n := a.n[id]
	if n <= 0 {
		delete(a.n, id)
	}
	return n
}

func (a *arrivals) count(id string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.n[id]
}

// pressLag is how long this instance has lately taken from a press's
// arrival until it was recorded (the store's write, its retries): the
// largest of the last 16 presses, at most MaxWindow. A round is decided
// only that much after its deadline, so that a press another instance (or
// a slow store) still has in hand is not passed over.
type pressLag struct {
	mu      sync.Mutex
	samples [16]float64
	next    int
}

func (p *pressLag) observe(ms float64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.samples[p.next] = min(max(ms, 0), MaxWindow)
	p.next = (p.next + 1) % len(p.samples)
}

func (p *pressLag) value() float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Max(p.samples[:])
}

// PressArriving is called the moment a press reaches the server, before
// its time is taken; done once it is recorded (or refused). The last press
// in flight to be done decides a round whose deadline passed meanwhile.
func (s *Service) PressArriving(id string) (done func()) {
	s.arriving.add(id, 1)
	var once sync.Once
	return func() {
		once.Do(func() {
			if s.arriving.add(id, -1) > 0 {
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			var r BuzzRound
			if _, err := s.scratch(ctx, id, scratchBuzzer, &r); err == nil && r.Result == nil && len(r.Presses) > 0 {
				s.settleBuzzer(ctx, id, r.Version)
			}
		})
	}
}

// Scratch keys.
const (
	scratchBuzzer = "buzzer"
	scratchTimer  = "timer"
	scratchClock  = "clock/" // + the player
)

// BuzzerView is the buzzer as a phone sees it.
type BuzzerView struct {
	Version int64    `json:"version"` // the table's version the round belongs to
	Round   int      `json:"round"`
	Players []string `json:"players"` // who may press
	// Open: a press counts now (the viewer may press, no result yet).
	Open bool `json:"open"`
	// Pressed: the viewer's press is in; Waiting: a press is in and the
	// round waits for the slower phones.
	Pressed bool        `json:"pressed"`
	Waiting bool        `json:"waiting"`
	Result  *BuzzResult `json:"result,omitempty"`
	Now     float64     `json:"now"` // server time, ms
}

// Timer is the sand timer (or the host's count to five) running on every
// phone.
type Timer struct {
	Kind    string  `json:"kind"`    // "sand" or "count"
	Start   float64 `json:"start"`   // server time, ms
	Seconds float64 `json:"seconds"` // its length
	By      string  `json:"by,omitempty"`
	Stopped bool    `json:"stopped,omitempty"`
}

// TimerView is the timer and the server's time, so that a phone shows the
// same countdown as every other.
type TimerView struct {
	Timer *Timer  `json:"timer,omitempty"`
	Now   float64 `json:"now"`
}

// The timer's bounds.
const (
	DefaultSandTimer = 60
	MaxTimer         = 15 * 60
)

func millis(t time.Time) float64 { return float64(t.UnixMicro()) / 1000 }

// ServerTime is the server's clock in milliseconds, as the phones'
// clock synchronisation reads it. It is the real clock, not the service's
// (Config.Now, which tests stop): the phones measure against it, and a
// buzzer round waits for it.
func (s *Service) ServerTime() float64 { return millis(time.Now()) }

// seat resolves who the request is at the table and the table's version.
func (s *Service) seat(ctx context.Context, au Auth, id string) (rules.Viewer, int64, error) {
	l, v, err := s.at(ctx, au, id)
	if err != nil {
		return v, 0, err
	}
	defer l.mu.Unlock()
	return v, l.version, nil
}

func notPlayer() error {
	return fail(http.StatusForbidden, "player-seat", "", "Das geht nur vom Platz eines Spielers aus.", "This works only from a player's seat.")
}

// scratch reads a scratch value into v; rev is 0 when there is none.
func (s *Service) scratch(ctx context.Context, id, key string, v any) (int64, error) {
	sc, err := s.store.Scratch(ctx, id, key)
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return sc.Rev, json.Unmarshal(sc.Value, v)
}

// update reads a scratch value, changes it with fn and writes it back,
// again from the top when another writer came first. fn reports whether
// there is anything to write.
func update[T any](ctx context.Context, s *Service, id, key string, fn func(v *T) (bool, error)) (T, error) {
	for try := 0; ; try++ {
		var v T
		rev, err := s.scratch(ctx, id, key, &v)
		if err != nil {
			return v, err
		}
		write, err := fn(&v)
		if err != nil || !write {
			return v, err
		}
		b, _ := json.Marshal(v)
		_, err = s.store.PutScratch(ctx, id, key, b, rev)
		if errors.Is(err, store.ErrConflict) && try < 20 {
			continue
		}
		return v, err
	}
}

// SyncClock takes a phone's round trips to the server, estimates its clock
// (SyncClock) and keeps it for the seat's player.
func (s *Service) SyncClock(ctx context.Context, au Auth, id string, samples []ClockSample) (PhoneClock, error) {
	v, _, err := s.seat(ctx, au, id)
	if err != nil {
		return PhoneClock{}, err
	}
	if v.Role != rules.RolePlayer {
		return PhoneClock{}, notPlayer()
	}
	c, err := SyncClock(samples)
	if err != nil {
		return c, fail(http.StatusBadRequest, "clock-samples", "samples", "Die Uhr des Handys ließ sich nicht abgleichen: mindestens 3 plausible Messungen, höchstens %d.", "The phone's clock could not be matched: at least 3 plausible round trips, at most %d.", MaxClockSamples)
	}
	_, err = update(ctx, s, id, scratchClock+v.Player, func(old *PhoneClock) (bool, error) {
		*old = c
		return true, nil
	})
	return c, err
}

// clocks are the measured clocks of the round's players.
func (s *Service) clocks(ctx context.Context, id string, players []string) (map[string]PhoneClock, error) {
	out := map[string]PhoneClock{}
	for _, p := range players {
		var c PhoneClock
		rev, err := s.scratch(ctx, id, scratchClock+p, &c)
		if err != nil {
			return nil, err
		}
		if rev > 0 {
			out[p] = c
		}
	}
	return out, nil
}

// round is the round of the table's version: the stored one, or a new one
// when the table has moved on since.
func round(r BuzzRound, version int64, players []string, now float64) BuzzRound {
	if r.Version == version && r.Players != nil {
		return r
	}
	return BuzzRound{Version: version, Players: slices.Clone(players), Opened: now}
}

func (s *Service) buzzerView(r BuzzRound, v rules.Viewer, now float64) BuzzerView {
	bv := BuzzerView{Version: r.Version, Round: r.N, Players: r.Players, Result: r.Result, Now: now}
	mine := v.Role == rules.RolePlayer && slices.Contains(r.Players, v.Player)
	bv.Pressed = mine && slices.ContainsFunc(r.Presses, func(p Press) bool { return p.Player == v.Player })
	bv.Waiting = r.Result == nil && len(r.Presses) > 0
	bv.Open = mine && r.Result == nil && !bv.Pressed
	return bv
}

// Buzzer is the buzzer of the table's current version; players are the
// phones that may press (the game decides: the duel's two players). A
// round past its deadline is decided now.
func (s *Service) Buzzer(ctx context.Context, au Auth, id string, players []string) (BuzzerView, error) {
	v, version, err := s.seat(ctx, au, id)
	if err != nil {
		return BuzzerView{}, err
	}
	now := s.ServerTime()
	var r BuzzRound
	if _, err := s.scratch(ctx, id, scratchBuzzer, &r); err != nil {
		return BuzzerView{}, err
	}
	r = round(r, version, players, now)
	if r.Result == nil && len(r.Presses) > 0 {
		if r, err = s.settleBuzzer(ctx, id, version); err != nil {
			return BuzzerView{}, err
		}
	}
	return s.buzzerView(r, v, now), nil
}

// Press is a press of the buzzer on the seat's phone: local is the phone's
// clock at the press, received the server's when the request came in
// (ServerTime, taken first thing), version the table's version the phone
// showed. Only
// the players may press, each once a round, and only on the current
// version.
func (s *Service) Press(ctx context.Context, au Auth, id string, version int64, local, received float64, players []string) (BuzzerView, error) {
	v, current, err := s.seat(ctx, au, id)
	if err != nil {
		return BuzzerView{}, err
	}
	if version != current {
		return BuzzerView{}, stale(version, current)
	}
	if v.Role != rules.RolePlayer || !slices.Contains(players, v.Player) {
		return BuzzerView{}, fail(http.StatusForbidden, "not-buzzing", "", "Dieser Platz hat gerade keinen Buzzer.", "This seat has no buzzer now.")
	}
	var clock *PhoneClock
	if cs, err := s.clocks(ctx, id, []string{v.Player}); err != nil {
		return BuzzerView{}, err
	} else if c, ok := cs[v.Player]; ok {
		clock = &c
	}
	var clocks map[string]PhoneClock
	r, err := update(ctx, s, id, scratchBuzzer, func(r *BuzzRound) (bool, error) {
		*r = round(*r, version, players, received)
		if !r.Add(v.Player, local, received, clock) {
			return false, nil
		}
		if clocks == nil {
			var err error
			if clocks, err = s.clocks(ctx, id, r.Players); err != nil {
				return false, err
			}
		}
		// Another press in flight here: the last of them decides.
		if s.arriving.count(id) <= 1 {
			r.DecideAfter(clocks, s.ServerTime(), s.lag.value())
		}
		return true, nil
	})
	if err != nil {
		return BuzzerView{}, err
	}
	s.lag.observe(s.ServerTime() - received)
	if r.Result != nil {
		s.notes.Publish(Note{Table: id, Version: version, Kind: "buzzer"})
	} else if d, ok := r.Deadline(clocks); ok && clocks != nil {
		// Decide the round at its deadline (any instance asked later does
		// too).
		wait := time.Duration((d+s.lag.value()-s.ServerTime())*1000)*time.Microsecond + time.Millisecond
		time.AfterFunc(max(wait, 0), func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			s.settleBuzzer(ctx, id, version)
		})
	}
	return s.buzzerView(r, v, received), nil
}

// settleBuzzer decides the version's round if its deadline has passed,
// and tells the phones.
func (s *Service) settleBuzzer(ctx context.Context, id string, version int64) (BuzzRound, error) {
	decided := false
	r, err := update(ctx, s, id, scratchBuzzer, func(r *BuzzRound) (bool, error) {
		if r.Version != version || r.Result != nil || len(r.Presses) == 0 || s.arriving.count(id) > 0 {
			return false, nil
		}
		clocks, err := s.clocks(ctx, id, r.Players)
		if err != nil {
			return false, err
		}
		decided = r.DecideAfter(clocks, s.ServerTime(), s.lag.value())
		return decided, nil
	})
	if err == nil && decided {
		s.notes.Publish(Note{Table: id, Version: version, Kind: "buzzer"})
	}
	return r, err
}

// ResetBuzzer opens the buzzer again on the same question (a false start,
// or the host lets the others try): a new round, the presses forgotten.
// The game's screen decides who may (the host).
func (s *Service) ResetBuzzer(ctx context.Context, au Auth, id string, players []string) (BuzzerView, error) {
	v, version, err := s.seat(ctx, au, id)
	if err != nil {
		return BuzzerView{}, err
	}
	now := s.ServerTime()
	r, err := update(ctx, s, id, scratchBuzzer, func(r *BuzzRound) (bool, error) {
		n := 0
		if r.Version == version {
			n = r.N + 1
		}
		*r = BuzzRound{Version: version, N: n, Players: slices.Clone(players), Opened: now}
		return true, nil
	})
	if err != nil {
		return BuzzerView{}, err
	}
	s.notes.Publish(Note{Table: id, Version: version, Kind: "buzzer"})
	return s.buzzerView(r, v, now), nil
}

// Timer is the table's sand timer.
func (s *Service) Timer(ctx context.Context, au Auth, id string) (TimerView, error) {
	if _, _, err := s.seat(ctx, au, id); err != nil {
		return TimerView{}, err
	}
	var t Timer
	rev, err := s.scratch(ctx, id, scratchTimer, &t)
	if err != nil {
		return TimerView{}, err
	}
	tv := TimerView{Now: s.ServerTime()}
	if rev > 0 {
		tv.Timer = &t
	}
	return tv, nil
}

// StartTimer starts the sand timer (kind "sand", seconds long) or the
// host's count to five (kind "count") on every phone; stop ends it. The
// game's screen decides who may (the host).
func (s *Service) StartTimer(ctx context.Context, au Auth, id, kind string, seconds float64, by string, stop bool) (TimerView, error) {
	_, version, err := s.seat(ctx, au, id)
	if err != nil {
		return TimerView{}, err
	}
	switch kind {
	case "sand":
	case "count":
		seconds = 5
	default:
		return TimerView{}, fail(http.StatusBadRequest, "timer-kind", "kind", "„kind“ ist „sand“ (Sanduhr) oder „count“ (bis fünf zählen).", `"kind" is "sand" (sand timer) or "count" (count to five).`)
	}
	if seconds <= 0 || seconds > MaxTimer {
		return TimerView{}, fail(http.StatusBadRequest, "timer-length", "seconds", "Die Sanduhr läuft 1 bis %d Sekunden.", "The sand timer runs 1 to %d seconds.", MaxTimer)
	}
	now := s.ServerTime()
	t, err := update(ctx, s, id, scratchTimer, func(t *Timer) (bool, error) {
		if stop {
			t.Stopped = true
			return true, nil
		}
		*t = Timer{Kind: kind, Start: now, Seconds: seconds, By: by}
		return true, nil
	})
	if err != nil {
		return TimerView{}, err
	}
	s.notes.Publish(Note{Table: id, Version: version, Kind: "timer"})
	return TimerView{Timer: &t, Now: now}, nil
}

// KeptAnswer is the answer kept under key at the table (Idempotency-Key),
// decoded into a value the web layer understands.
func (s *Service) KeptAnswer(ctx context.Context, id, key string) (json.RawMessage, bool) {
	sc, err := s.store.Scratch(ctx, id, key)
	if err != nil {
		return nil, false
	}
	return sc.Value, true
}

// KeepAnswer keeps an answer under key at the table unless one is kept
// already; then it returns that one and false.
func (s *Service) KeepAnswer(ctx context.Context, id, key string, answer json.RawMessage) (json.RawMessage, bool) {
	if _, err := s.store.PutScratch(context.WithoutCancel(ctx), id, key, answer, 0); errors.Is(err, store.ErrConflict) {
		first, ok := s.KeptAnswer(ctx, id, key)
		return first, !ok
	}
	return nil, true
}
