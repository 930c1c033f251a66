package sqlite

import (
	"sync"
	"time"

	"druckreif/scorer/store"
)

// sessionCache keeps the sessions a server has seen, so that a request
// needs no query to learn who sent it (it was a sixth of the server's CPU
// time per tap). Only a store that holds the database's lock has one: no
// other process can end a session behind its back. A nil cache keeps
// nothing.
type sessionCache struct {
	mu    sync.Mutex
	byKey map[string]store.Session
	swept time.Time
}

// sweepEvery is how often expired sessions are dropped from the cache.
const sweepEvery = time.Minute

func newSessionCache() *sessionCache {
	return &sessionCache{byKey: map[string]store.Session{}}
}

// get returns the session of tokenHash if it is cached and not expired at
// now, by the database's measure (whole milliseconds).
func (c *sessionCache) get(tokenHash []byte, now time.Time) (store.Session, bool) {
	if c == nil {
		return store.Session{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	se, ok := c.byKey[string(tokenHash)]
	if !ok {
		return store.Session{}, false
	}
	if ms(se.Expires) <= ms(now) {
		delete(c.byKey, string(tokenHash))
		return store.Session{}, false
	}
	return se, true
}

// put caches se as the database holds it (times in whole milliseconds);
// now drives the sweep of expired sessions.
func (c *sessionCache) put(se store.Session, now time.Time) {
	if c == nil {
		return
	}
	se.TokenHash = append([]byte(nil), se.TokenHash...)
	se.Created, se.Expires, se.LastSeen = fromMS(ms(se.Created)), fromMS(ms(se.Expires)), fromMS(ms(se.LastSeen))
	c.mu.Lock()
	defer c.mu.Unlock()
	if now.Sub(c.swept) >= sweepEvery {
		for k, old := range c.byKey {
			if ms(old.Expires) <= ms(now) {
				delete(c.byKey, k)
			}
		}
		c.swept = now
	}
	c.byKey[string(se.TokenHash)] = se
}

func (c *sessionCache) delete(tokenHash []byte) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.byKey, string(tokenHash))
}

// touch records a use of the cached session, as TouchSession did in the
// database.
func (c *sessionCache) touch(tokenHash []byte, now time.Time, addr string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if se, ok := c.byKey[string(tokenHash)]; ok {
		se.LastSeen, se.Addr = fromMS(ms(now)), addr
		c.byKey[string(tokenHash)] = se
	}
}

// deleteWhere forgets every cached session gone matches.
func (c *sessionCache) deleteWhere(gone func(store.Session) bool) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, se := range c.byKey {
		if gone(se) {
			delete(c.byKey, k)
		}
	}
}
