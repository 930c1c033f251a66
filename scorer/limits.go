package scorer

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/netip"
	"slices"
	"time"

	"druckreif/i18n"
	"druckreif/scorer/store"
)

// The limits against guessing and flooding. Each is reserved in the store
// (store.Limit) before the work it guards — the slow password hash, the
// PIN comparison, the new table — so a burst of requests released
// together cannot slip past it, on one instance or several: the count is
// taken first and given back (refund) when the attempt turns out right.
// docs/scorer.md, "Sicherheit", lists every number.

// Window is a sliding-window limit: at most Max events within Per.
type Window struct {
	Max int
	Per time.Duration
}

// Limits are the scorer's rate limits.
type Limits struct {
	// Wrong PINs from one address for one table.
	PINPerAddress Window
	// Wrong PINs for one table from all addresses together.
	PINPerTable Window
	// Seats and spectators joined per table and per address.
	JoinsPerTable, JoinsPerAddress Window
	// Tables an account opens.
	TablesPerAccount Window
	// Wrong logins from one address, whatever the account (a spray of
	// names, and the hashing it costs).
	LoginsPerAddress Window
}

// DefaultLimits are the limits docs/scorer.md names. With eight-digit
// PINs, 30 guesses per table in ten minutes (180 an hour, from all
// addresses together) find one after 10⁸ / 2 / 180 hours on average —
// about 32 years; an evening of five hours gives a guesser a chance of 1
// in 110,000.
var DefaultLimits = Limits{
	PINPerAddress:    Window{Max: 10, Per: 10 * time.Minute},
	PINPerTable:      Window{Max: 30, Per: 10 * time.Minute},
	JoinsPerTable:    Window{Max: 30, Per: time.Minute},
	JoinsPerAddress:  Window{Max: 20, Per: time.Minute},
	TablesPerAccount: Window{Max: 100, Per: time.Hour},
	LoginsPerAddress: Window{Max: 30, Per: 10 * time.Minute},
}

// The login backoff per account: after the fifth wrong password a wait
// that doubles from one second with every further one, up to five
// minutes; it applies only to addresses that have themselves guessed
// wrong for that account, so nobody can lock an owner out.
const (
	loginFree       = 5
	loginFirstWait  = time.Second
	loginLongest    = 5 * time.Minute
	loginMemory     = 24 * time.Hour // how long a wrong attempt is remembered
	loginForgetIdle = time.Hour      // after an hour without wrong attempts the count starts again
)

// SessionsPerAccount is how many logins an account keeps; the oldest goes
// when a new one comes.
const SessionsPerAccount = 20

// windowState is a window's events, Unix milliseconds, oldest first.
type windowState []int64

// take records an event at now unless the window is full, and says how
// long to wait when it is.
func (w Window) take(st store.LimitState, now time.Time) (store.LimitState, time.Duration) {
	var events windowState
	json.Unmarshal(st.Value, &events)
	cut := now.Add(-w.Per).UnixMilli()
	events = slices.DeleteFunc(events, func(at int64) bool { return at <= cut })
	if len(events) >= w.Max {
		wait := time.UnixMilli(events[len(events)-w.Max]).Add(w.Per).Sub(now)
		return w.state(events, now), max(wait, time.Second)
	}
	events = append(events, now.UnixMilli())
	return w.state(events, now), 0
}

// give takes back the event recorded at now.
func (w Window) give(st store.LimitState, now time.Time) store.LimitState {
	var events windowState
	json.Unmarshal(st.Value, &events)
	if i := slices.Index(events, now.UnixMilli()); i >= 0 {
		events = slices.Delete(events, i, i+1)
	}
	return w.state(events, now)
}

func (w Window) state(events windowState, now time.Time) store.LimitState {
	if len(events) == 0 {
		return store.LimitState{}
	}
	b, _ := json.Marshal(events)
	return store.LimitState{Value: b, Expires: time.UnixMilli(events[len(events)-1]).Add(w.Per)}
}

// tooMany is the refusal of an attempt over a limit: 429 with the rule
// too-many-attempts and how long to wait (Retry-After).
func tooMany(field string, wait time.Duration, de, en string) *Error {
	secs := int(math.Ceil(wait.Seconds()))
	w := waitText(secs)
	return &Error{Status: http.StatusTooManyRequests, Rule: "too-many-attempts", Field: field, Msg: i18n.T(de+" "+w.DE, en+" "+w.EN), RetryAfter: secs}
}

func waitText(secs int) i18n.Text {
	switch {
	case secs >= 120:
		return i18n.Sprintf("Bitte %d Minuten warten.", "Please wait %d minutes.", (secs+59)/60)
	case secs > 1:
		return i18n.Sprintf("Bitte %d Sekunden warten.", "Please wait %d seconds.", secs)
	}
	return i18n.T("Bitte eine Sekunde warten.", "Please wait a second.")
}

// addressGroup is the address a limit counts: an IPv4 address as it is,
// an IPv6 address by its /64 network — a single machine on an IPv6
// network can take any address of its /64, so counting addresses there
// would give it endless tries.
func addressGroup(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, _ := ip.Prefix(64)
	return p.String()
}

// Reservation is what a reserved attempt holds until it is known to be
// right (Refund) or wrong (kept).
type Reservation struct {
	keys []string
	at   time.Time
	give func(states []store.LimitState) []store.LimitState
}

// Refund gives the reserved attempt back: it was right.
func (s *Service) refund(ctx context.Context, r *Reservation) error {
	if r == nil {
		return nil
	}
	return s.store.Limit(context.WithoutCancel(ctx), s.now(), r.keys, func(states []store.LimitState) ([]store.LimitState, error) {
		return r.give(states), nil
	})
}

// reserve takes one event in each window at once, or none when any is
// full (the first full one's refusal is returned).
func (s *Service) reserve(ctx context.Context, keys []string, windows []Window, refuse func(wait time.Duration) *Error) (*Reservation, error) {
	now := s.now()
	var wait time.Duration
	err := s.store.Limit(ctx, now, keys, func(states []store.LimitState) ([]store.LimitState, error) {
		out := make([]store.LimitState, len(states))
		for i, w := range windows {
			var d time.Duration
			out[i], d = w.take(states[i], now)
			if d > 0 {
				wait = max(wait, d)
			}
		}
		if wait > 0 {
			return nil, errRefused
		}
		return out, nil
	})
	if err == errRefused {
		return nil, refuse(wait)
	}
	if err != nil {
		return nil, err
	}
	return &Reservation{keys: keys, at: now, give: func(states []store.LimitState) []store.LimitState {
		out := make([]store.LimitState, len(states))
		for i, w := range windows {
			out[i] = w.give(states[i], now)
		}
		return out
	}}, nil
}

var errRefused = fmt.Errorf("limit reached")

// loginState is an account's count of wrong passwords.
type loginState struct {
	Wrong int   `json:"wrong"`
	Until int64 `json:"until"` // Unix ms: before this, addresses that guessed wrong wait
	Last  int64 `json:"last"`  // Unix ms of the last wrong attempt
	Dirty int   `json:"dirty"` // addresses that guessed wrong
	// Seq counts the attempts made (refused ones too): a right password
	// clears the count only when nothing happened since its attempt began.
	Seq int64 `json:"seq"`
}

// loginWait is the backoff after wrong wrong attempts.
func loginWait(wrong int) time.Duration {
	if wrong < loginFree {
		return 0
	}
	d := loginFirstWait << min(wrong-loginFree, 20)
	return min(d, loginLongest)
}

// reserveLogin counts a login attempt as wrong before the password is
// hashed: an address that has guessed wrong for this account waits out
// the account's backoff, one that has not is never refused by it; every
// address is bounded by LoginsPerAddress.
func (s *Service) reserveLogin(ctx context.Context, nameKey, addr string) (*Reservation, error) {
	now := s.now()
	group := addressGroup(addr)
	keys := []string{"login:" + nameKey, "login:" + nameKey + "|" + group, "login-from:" + group}
	var wait time.Duration
	var seq int64
	var marked bool // this attempt is the address's first wrong one for the account
	addrWin := s.limits.LoginsPerAddress
	err := s.store.Limit(ctx, now, keys, func(states []store.LimitState) ([]store.LimitState, error) {
		var acct loginState
		json.Unmarshal(states[0].Value, &acct)
		if acct.Last > 0 && now.Sub(time.UnixMilli(acct.Last)) > loginForgetIdle {
			acct = loginState{Dirty: acct.Dirty, Seq: acct.Seq}
		}
		acct.Seq++
		seq = acct.Seq
		b, _ := json.Marshal(acct)
		out := []store.LimitState{{Value: b, Expires: now.Add(loginMemory)}, states[1], states[2]}
		dirty := len(states[1].Value) > 0
		if dirty && now.UnixMilli() < acct.Until {
			// Refused, but counted as an attempt (Seq).
			wait = time.UnixMilli(acct.Until).Sub(now)
			return out, nil
		}
		from, d := addrWin.take(states[2], now)
		if d > 0 {
			wait = d
			return out, nil
		}
		acct.Wrong++
		acct.Last = now.UnixMilli()
		if w := loginWait(acct.Wrong); w > 0 {
			acct.Until = now.Add(w).UnixMilli()
		}
		if !dirty {
			acct.Dirty++
			marked = true
		}
		b, _ = json.Marshal(acct)
		return []store.LimitState{
			{Value: b, Expires: now.Add(loginMemory)},
			{Value: json.RawMessage(`1`), Expires: now.Add(loginMemory)},
			from,
		}, nil
	})
	if err != nil {
		return nil, err
	}
	if wait > 0 {
		return nil, tooMany("name", wait, "Zu viele Fehlversuche.", "Too many failed attempts.")
	}
	return &Reservation{keys: keys, at: now, give: func(states []store.LimitState) []store.LimitState {
		// The password was right: this attempt does not count. When
		// nothing happened since it began and no other address guessed
		// wrong, the account's count starts again; otherwise (a burst
		// under way) the count and the address's mark stay, so that the
		// right password found in a burst buys the rest no new tries.
		var acct loginState
		json.Unmarshal(states[0].Value, &acct)
		out := []store.LimitState{states[0], states[1], addrWin.give(states[2], now)}
		if acct.Seq == seq && acct.Dirty <= 1 {
			out[0], out[1] = store.LimitState{}, store.LimitState{}
			return out
		}
		acct.Wrong = max(acct.Wrong-1, 0)
		if acct.Seq == seq && marked {
			// The owner, from an address that had not guessed wrong,
			// while others had: the address stays unmarked, so the
			// others' backoff never reaches it.
			acct.Dirty--
			out[1] = store.LimitState{}
		}
		b, _ := json.Marshal(acct)
		out[0] = store.LimitState{Value: b, Expires: states[0].Expires}
		return out
	}}, nil
}
