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
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
	"golang.org/x/text/unicode/norm"

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

// Limits against guessing: ten failures within ten minutes lock the
// account's login (or the address's PIN attempts at a table) for ten
// minutes. The counts live in the store, so every instance sees them.
const (
	failLimit  = 10
	failWindow = 10 * time.Minute
	failLock   = 10 * time.Minute
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

// Register creates an account.
func (s *Service) Register(ctx context.Context, name, password string) (store.Account, error) {
	name, err := cleanName("name", name)
	if err != nil {
		return store.Account{}, err
	}
	n := utf8.RuneCountInString(password)
	if n < MinPassword {
		return store.Account{}, fail(http.StatusBadRequest, "password-short", "password", "Das Passwort braucht mindestens %d Zeichen.", "The password needs at least %d characters.", MinPassword)
	}
	if n > maxPassword {
		return store.Account{}, fail(http.StatusBadRequest, "password-long", "password", "Das Passwort ist länger als %d Zeichen.", "The password is longer than %d characters.", maxPassword)
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

// Login checks name and password and starts a session. Ten failures of an
// account within ten minutes lock its login for ten minutes (429), whether
// or not the account exists.
func (s *Service) Login(ctx context.Context, name, password string) (token string, a store.Account, err error) {
	key := "login:" + strings.ToLower(strings.Join(strings.Fields(norm.NFC.String(name)), " "))
	if locked, err := s.store.Locked(ctx, key, s.now()); err != nil || locked {
		if err == nil {
			err = fail(http.StatusTooManyRequests, "login-locked", "name", "Zu viele Fehlversuche: Anmeldung für 10 Minuten gesperrt.", "Too many failed attempts: login locked for 10 minutes.")
		}
		return "", a, err
	}
	a, err = s.store.AccountByName(ctx, name)
	ok := false
	switch {
	case err == nil:
		ok = utf8.RuneCountInString(password) <= maxPassword && s.checkPassword(a.PassHash, password)
	case errors.Is(err, store.ErrNotFound):
		s.checkPassword(dummyHash, password)
	default:
		return "", a, err
	}
	if !ok {
		locked, err := s.store.Fail(ctx, key, s.now(), failLimit, failWindow, failLock)
		if err != nil {
			return "", a, err
		}
		if locked {
			return "", a, fail(http.StatusTooManyRequests, "login-locked", "name", "Zu viele Fehlversuche: Anmeldung für 10 Minuten gesperrt.", "Too many failed attempts: login locked for 10 minutes.")
		}
		return "", store.Account{}, fail(http.StatusUnauthorized, "login-wrong", "password", "Name oder Passwort stimmt nicht.", "Wrong name or password.")
	}
	token, hash, err := newToken()
	if err != nil {
		return "", a, err
	}
	now := s.now()
	err = s.store.CreateSession(ctx, store.Session{TokenHash: hash, AccountID: a.ID, Role: roleAccount, Created: now, Expires: now.Add(s.sessionTTL)})
	return token, a, err
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
	Seats   []store.Session
}

// Authenticate looks up every token a request carries; unknown or expired
// ones prove nothing.
func (s *Service) Authenticate(ctx context.Context, tokens ...string) (Auth, error) {
	var au Auth
	for _, t := range tokens {
		if t == "" {
			continue
		}
		se, err := s.store.Session(ctx, tokenHash(t), s.now())
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return au, err
		}
		if se.Role == roleAccount {
			if au.Account != nil {
				continue
			}
			a, err := s.account(ctx, se.AccountID)
			if err != nil {
				continue
			}
			au.Account = &a
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

// account is the account with id. Accounts never change once made (no
// rename, no new password, no deletion), so each is read from the store
// once: a request then costs one round trip to the database less.
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
