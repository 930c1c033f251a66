package scorer

import "sync"

// Note is what the phones at a table learn live: the table's new version,
// or how many secret choices are in.
type Note struct {
	Table   string `json:"-"`
	Version int64  `json:"version"`
	// Kind is "" for a new version, "secrets" when a choice came in.
	Kind   string `json:"-"`
	Chosen int    `json:"chosen,omitempty"`
	Of     int    `json:"of,omitempty"`
	// ID is the new table of a "rematch".
	ID string `json:"id,omitempty"`
}

// Broker hands notes to the subscribers of a table. A subscriber that does
// not keep up loses older notes, never the newest: each note says
// everything needed (fetch the state of this version).
type Broker struct {
	mu   sync.Mutex
	subs map[string]map[*Subscription]struct{}
}

// Subscription receives a table's notes on C.
type Subscription struct {
	C     chan Note
	table string
	b     *Broker
}

// NewBroker makes an empty broker.
func NewBroker() *Broker { return &Broker{subs: map[string]map[*Subscription]struct{}{}} }

// Subscribe starts receiving the table's notes.
func (b *Broker) Subscribe(table string) *Subscription {
	sub := &Subscription{C: make(chan Note, 8), table: table, b: b}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.subs[table] == nil {
		b.subs[table] = map[*Subscription]struct{}{}
	}
	b.subs[table][sub] = struct{}{}
	return sub
}

// Close stops the subscription.
func (sub *Subscription) Close() {
	b := sub.b
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.subs[sub.table], sub)
	if len(b.subs[sub.table]) == 0 {
		delete(b.subs, sub.table)
	}
}

// Publish sends a note to every subscriber of its table without waiting.
func (b *Broker) Publish(n Note) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for sub := range b.subs[n.Table] {
		for {
			select {
			case sub.C <- n:
			default:
				// Full: drop the oldest note and try again.
				select {
				case <-sub.C:
				default:
				}
				continue
			}
			break
		}
	}
}

// Subscribers counts a table's subscribers.
func (b *Broker) Subscribers(table string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.subs[table])
}

// Tables are the tables that have subscribers.
func (b *Broker) Tables() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]string, 0, len(b.subs))
	for id := range b.subs {
		out = append(out, id)
	}
	return out
}
