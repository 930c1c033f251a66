// Package commonpw knows the 10,000 most common passwords, so that the
// scorer refuses them as an account's password: a guesser tries them
// first, and the login limits (docs/scorer.md, "Sicherheit") make
// anything beyond them hopeless.
//
// passwords.txt is the first 10,000 entries (the most frequent) of
// src/passwords.json in the npm package @zxcvbn-ts/language-common 4.1.3
// (MIT, LICENSE.txt here; the list comes from zxcvbn by Dan Wheeler and
// Dropbox), one per line. TestListIsThePackagesFirst10000 holds its hash.
package commonpw

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed passwords.txt
var list string

var set = sync.OnceValue(func() map[string]struct{} {
	m := make(map[string]struct{}, 10000)
	for _, p := range strings.Split(strings.TrimSuffix(list, "\n"), "\n") {
		m[p] = struct{}{}
	}
	return m
})

// Common reports whether pw is one of the 10,000 most common passwords,
// ignoring case (the list is lower case: "Passwort1" is as weak as
// "passwort1").
func Common(pw string) bool {
	_, ok := set()[strings.ToLower(pw)]
	return ok
}

// Size is the number of passwords on the list.
func Size() int { return len(set()) }
