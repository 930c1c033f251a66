// Package i18n holds the two languages of druckreif's user-facing text.
//
// German is the default; English is available everywhere. Messages are built
// in both languages at once, so that a problem found deep in a parser can be
// shown later in whichever language the user asked for.
package i18n

import (
	"fmt"
	"strings"
)

// Lang is a user-facing language.
type Lang int

const (
	German  Lang = iota // Deutsch, the default
	English             // English
)

// Parse reads a language flag value ("de", "en", "deutsch", "english").
func Parse(s string) (Lang, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "de", "deu", "deutsch", "german":
		return German, nil
	case "en", "eng", "englisch", "english":
		return English, nil
	}
	return German, fmt.Errorf("unbekannte Sprache %q (de oder en) / unknown language %q (de or en)", s, s)
}

func (l Lang) String() string {
	if l == English {
		return "en"
	}
	return "de"
}

// Text is one message in both languages.
type Text struct {
	DE, EN string
}

// Sprintf formats a message in both languages with the same arguments.
func Sprintf(de, en string, args ...any) Text {
	return Text{DE: fmt.Sprintf(de, args...), EN: fmt.Sprintf(en, args...)}
}

// T makes a message from texts that differ between the languages in more
// than their arguments.
func T(de, en string) Text { return Text{DE: de, EN: en} }

// In returns the message in l.
func (t Text) In(l Lang) string {
	if l == English {
		return t.EN
	}
	return t.DE
}

// String returns the German message.
func (t Text) String() string { return t.DE }
