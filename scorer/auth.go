package scorer

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
	"golang.org/x/text/unicode/norm"

	"druckreif/scorer/commonpw"
	"druckreif/scorer/store"
)

// Password hashing with argon2id at OWASP's recommended minimum: 19 MiB of
// memory, two passes, one lane.
const (
	argonMemory  = 19 * 1024 // KiB
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	saltLen      = 16

	MinPassword = 8   // characters
	maxPassword = 256 // characters: beyond this it is not a password but a payload
	maxName     = 40  // characters of an account or player name
)

// hashPassword returns the argon2id hash in the PHC string format.
func (s *Service) hashPassword(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := s.argon([]byte(password), salt, argonMemory, argonTime, argonThreads)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// checkPassword compares in constant time. A hash with other parameters
// (a stronger setting later) is still checked with its own.
func (s *Service) checkPassword(hash, password string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || m > 1<<20 || t > 16 || p == 0 {
		return false
	}
	got := s.argon([]byte(password), salt, m, t, p)
	return subtle.ConstantTimeCompare(got, want) == 1
}

// argon bounds how many hashes run at once: each takes 19 MiB, and a burst
// of logins must not take the server's memory.
func (s *Service) argon(password, salt []byte, m, t uint32, p uint8) []byte {
	s.hashing <- struct{}{}
	defer func() { <-s.hashing }()
	return argon2.IDKey(password, salt, t, m, p, argonKeyLen)
}

// dummyHash is checked when a login names no account, so that the answer
// takes as long as for a wrong password.
var dummyHash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$0rJYkGcsyvF6U7sGmRS+Bh4dl8oPnGDvqjAifz31iDw"

// newToken is 256 random bits, URL-safe.
func newToken() (string, []byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", nil, err
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	return token, tokenHash(token), nil
}

// tokenHash is what the store keeps of a token: a leaked database gives
// nobody a session.
func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// cleanName is a name as stored and shown: NFC, trimmed, inner runs of
// white space as one space, without control characters.
func cleanName(field, name string) (string, error) {
	name = strings.Join(strings.Fields(norm.NFC.String(name)), " ")
	if name == "" {
		return "", fail(http.StatusBadRequest, "name-missing", field, "Der Name fehlt.", "The name is missing.")
	}
	if utf8.RuneCountInString(name) > maxName {
		return "", fail(http.StatusBadRequest, "name-too-long", field, "Der Name ist länger als %d Zeichen.", "The name is longer than %d characters.", maxName)
	}
	for _, r := range name {
		if r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			return "", fail(http.StatusBadRequest, "name-character", field, "Der Name enthält ein Steuerzeichen.", "The name contains a control character.")
		}
	}
	return name, nil
}

// checkNewPassword refuses what a guesser tries first: too short, only
// blanks, one of the 10,000 most common passwords, or the account's name.
func checkNewPassword(field, name, password string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case n < MinPassword:
		return fail(http.StatusBadRequest, "password-short", field, "Das Passwort braucht mindestens %d Zeichen.", "The password needs at least %d characters.", MinPassword)
	case n > maxPassword:
		return fail(http.StatusBadRequest, "password-long", field, "Das Passwort ist länger als %d Zeichen.", "The password is longer than %d characters.", maxPassword)
	case strings.TrimSpace(password) == "":
		return fail(http.StatusBadRequest, "password-blank", field, "Ein Passwort nur aus Leerzeichen ist keins.", "A password of blanks only is none.")
	case commonpw.Common(password) || commonpw.Common(strings.TrimSpace(password)):
		return fail(http.StatusBadRequest, "password-common", field, "Dieses Passwort gehört zu den 10.000 häufigsten und wird zuerst geraten. Bitte ein anderes wählen, z. B. drei Wörter.", "This password is one of the 10,000 most common ones and is guessed first. Please choose another, e.g. three words.")
	case strings.EqualFold(strings.TrimSpace(password), strings.TrimSpace(name)):
		return fail(http.StatusBadRequest, "password-name", field, "Das Passwort darf nicht der Name sein.", "The password must not be the name.")
	}
	return nil
}

// Register creates an account.
func (s *Service) Register(ctx context.Context, name, password string) (store.Account, error) {
	name, err := cleanName("name", name)
	if err != nil {
		return store.Account{}, err
	}
	if err := checkNewPassword("password", name, password); err != nil {
		return store.Account{}, err
	}
	hash, err := s.hashPassword(password)
	if err != nil {
		return store.Account{}, err
	}
	a, err := s.store.CreateAccount(ctx, name, hash, s.now())
	if errors.Is(err, store.ErrExists) {
		return a, fail(http.StatusConflict, "name-taken", "name", "Der Name „%s“ ist schon vergeben.", "The name %q is taken.", name)
	}
	return a, err
}

// verify checks name and password with exactly one full argon2id hash,
// whether the account exists or not and however long the password is:
// the answer's timing tells nothing. The attempt was reserved before.
func (s *Service) verify(ctx context.Context, name, password string) (store.Account, bool, error) {
	a, err := s.store.AccountByName(ctx, name)
	hash := dummyHash
	switch {
	case err == nil:
		hash = a.PassHash
	case !errors.Is(err, store.ErrNotFound):
		return a, false, err
	}
	tooLong := utf8.RuneCountInString(password) > maxPassword
	if tooLong {
		// Hashed all the same (cut to the longest password there can be),
		// so a long one costs what a short one does.
		password = string([]rune(password)[:maxPassword])
	}
	ok := s.checkPassword(hash, password) && err == nil && !tooLong
	return a, ok, nil
}

// Login checks name and password and starts a session. The attempt is
// counted before the password is hashed (reserveLogin): parallel guesses
// cannot pass the limit, and an address that never guessed wrong is never
// refused by another's guesses.
func (s *Service) Login(ctx context.Context, name, password, addr string) (token string, a store.Account, err error) {
	res, err := s.reserveLogin(ctx, store.NameKey(strings.Join(strings.Fields(norm.NFC.String(name)), " ")), addr)
	if err != nil {
		return "", a, err
	}
	a, ok, err := s.verify(ctx, name, password)
	if err != nil {
		return "", a, err
	}
	if !ok {
		return "", store.Account{}, fail(http.StatusUnauthorized, "login-wrong", "password", "Name oder Passwort stimmt nicht.", "Wrong name or password.")
	}
	if err := s.refund(ctx, res); err != nil {
		return "", a, err
	}
	token, err = s.startSession(ctx, a, addr)
	return token, a, err
}

// startSession makes a new login of the account; the oldest beyond
// SessionsPerAccount end.
func (s *Service) startSession(ctx context.Context, a store.Account, addr string) (string, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", err
	}
	now := s.now()
	if err := s.store.CreateSession(ctx, store.Session{TokenHash: hash, AccountID: a.ID, Role: roleAccount, Created: now, Expires: now.Add(s.sessionTTL), LastSeen: now, Addr: addr}); err != nil {
		return "", err
	}
	if ss, err := s.store.AccountSessions(ctx, a.ID, now); err == nil && len(ss) > SessionsPerAccount {
		slices.SortFunc(ss, func(x, y store.Session) int { return y.Created.Compare(x.Created) })
		for _, old := range ss[SessionsPerAccount:] {
			s.store.DeleteSession(ctx, old.TokenHash)
		}
	}
	return token, nil
}

// ChangePassword replaces the account's password after checking the old
// one (counted like a login) and ends every other login of the account.
func (s *Service) ChangePassword(ctx context.Context, au Auth, old, new, addr string) error {
	if au.Account == nil {
		return noAuth()
	}
	res, err := s.reserveLogin(ctx, store.NameKey(au.Account.Name), addr)
	if err != nil {
		return err
	}
	if _, ok, err := s.verify(ctx, au.Account.Name, old); err != nil || !ok {
		if err == nil {
			err = fail(http.StatusForbidden, "password-wrong", "old", "Das bisherige Passwort stimmt nicht.", "The current password is wrong.")
		}
		return err
	}
	if err := s.refund(ctx, res); err != nil {
		return err
	}
	if err := checkNewPassword("new", au.Account.Name, new); err != nil {
		return err
	}
	hash, err := s.hashPassword(new)
	if err != nil {
		return err
	}
	if err := s.store.SetPassword(ctx, au.Account.ID, hash); err != nil {
		return err
	}
	return s.store.DeleteAccountSessions(ctx, au.Account.ID, au.Token)
}

// SessionInfo is one of an account's logins, for its list.
type SessionInfo struct {
	Created  time.Time `json:"created"`
	LastSeen time.Time `json:"last_seen"`
	Addr     string    `json:"addr"`
	// Current: the session of the request that asks.
	Current bool `json:"current"`
}

// Sessions are the account's logins, most recently used first.
func (s *Service) Sessions(ctx context.Context, au Auth) ([]SessionInfo, error) {
	if au.Account == nil {
		return nil, noAuth()
	}
	ss, err := s.store.AccountSessions(ctx, au.Account.ID, s.now())
	if err != nil {
		return nil, err
	}
	out := []SessionInfo{}
	for _, se := range ss {
		out = append(out, SessionInfo{Created: se.Created, LastSeen: se.LastSeen, Addr: se.Addr, Current: string(se.TokenHash) == string(au.Token)})
	}
	return out, nil
}

// LogoutEverywhere ends every login of the account, the asking one too.
func (s *Service) LogoutEverywhere(ctx context.Context, au Auth) error {
	if au.Account == nil {
		return noAuth()
	}
	return s.store.DeleteAccountSessions(ctx, au.Account.ID, nil)
}

// DeleteAccount removes the account after checking its password (counted
// like a login): its saved players, history and sessions, and the tables
// it opened, whose phones then find no table.
func (s *Service) DeleteAccount(ctx context.Context, au Auth, password, addr string) error {
	if au.Account == nil {
		return noAuth()
	}
	res, err := s.reserveLogin(ctx, store.NameKey(au.Account.Name), addr)
	if err != nil {
		return err
	}
	if _, ok, err := s.verify(ctx, au.Account.Name, password); err != nil || !ok {
		if err == nil {
			err = fail(http.StatusForbidden, "password-wrong", "password", "Das Passwort stimmt nicht.", "The password is wrong.")
		}
		return err
	}
	if err := s.refund(ctx, res); err != nil {
		return err
	}
	ts, err := s.store.TablesOf(ctx, au.Account.ID, 1<<20)
	if err != nil {
		return err
	}
	if err := s.store.DeleteAccount(ctx, au.Account.ID); err != nil {
		return err
	}
	s.accounts.Delete(au.Account.ID)
	s.mu.Lock()
	for _, t := range ts {
		delete(s.tables, t.ID)
	}
	s.mu.Unlock()
	for _, t := range ts {
		s.notes.Publish(Note{Table: t.ID, Version: -1, Kind: "gone"})
	}
	return nil
}

// Logout ends the session of token.
func (s *Service) Logout(ctx context.Context, token string) error {
	return s.store.DeleteSession(ctx, tokenHash(token))
}

const roleAccount = "account"

// Auth is what a request's tokens prove: an account login, seats at
// tables, or both.
type Auth struct {
	Account *store.Account
	// Token is the hash of the account login's token.
	Token []byte
	Seats []store.Session
}

// touchEvery is how often a session's last use is written down: often
// enough for "last seen" lists, seldom enough that a tap costs no write.
const touchEvery = time.Minute

// Authenticate looks up every token a request carries; unknown or expired
// ones prove nothing. addr is the client's address, kept as where a
// session was last seen.
func (s *Service) Authenticate(ctx context.Context, addr string, tokens ...string) (Auth, error) {
	var au Auth
	now := s.now()
	for _, t := range tokens {
		if t == "" {
			continue
		}
		se, err := s.store.Session(ctx, tokenHash(t), now)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return au, err
		}
		if now.Sub(se.LastSeen) >= touchEvery || (se.Addr != addr && addr != "") {
			// Best effort: a session that cannot be touched still works.
			s.store.TouchSession(ctx, se.TokenHash, now, addr)
			se.LastSeen, se.Addr = now, addr
		}
		if se.Role == roleAccount {
			if au.Account != nil {
				continue
			}
			a, err := s.account(ctx, se.AccountID)
			if err != nil {
				continue
			}
			au.Account, au.Token = &a, se.TokenHash
			continue
		}
		au.Seats = append(au.Seats, se)
	}
	return au, nil
}

// LoggedIn reports whether the request proved an account.
func (a Auth) LoggedIn() bool { return a.Account != nil }

// Any reports whether the request proved anything at all.
func (a Auth) Any() bool { return a.Account != nil || len(a.Seats) > 0 }

// account is the account with id. An account's id and name never change
// (its password may, but logins read that from the store), so each is read
// from the store once: a request then costs one round trip to the
// database less. A deleted account's sessions are gone with it.
func (s *Service) account(ctx context.Context, id int64) (store.Account, error) {
	if a, ok := s.accounts.Load(id); ok {
		return a.(store.Account), nil
	}
	a, err := s.store.Account(ctx, id)
	if err == nil {
		s.accounts.Store(id, a)
	}
	return a, err
}
