// Package i18n holds the two languages of druckreif's user-facing text.
//
// German is the default; English is available everywhere. Messages are built
// in both languages at once, so that a problem found deep in a parser can be
// shown later in whichever language the user asked for.
package i18n

import (
	"fmt"
	"strings"
	"unicode"
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

// OneLine makes text safe to show on one line of a terminal: line breaks,
// tabs and other control characters (also those of the C1 block), the
// bidirectional overrides that reorder what follows and other invisible
// format characters are shown as escapes such as \n or \u202E. File names and cell values come from users and may
// hold any of them; a message must still read as one line.
func OneLine(s string) string {
	clean := true
	for _, r := range s {
		if needsEscape(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case needsEscape(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func needsEscape(r rune) bool {
	switch {
	case r < 0x20, r == 0x7F, r >= 0x80 && r < 0xA0:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return true
	case r == 0x2028, r == 0x2029:
		return true
	case unicode.Is(unicode.Cf, r):
		// Invisible format characters (zero-width space, soft hyphen):
		// shown, so that „grün“ with one inside does not look like „grün“.
		return true
	}
	return false
}

// FromAcceptLanguage is the first of German and English that an HTTP
// Accept-Language header names, in the header's order; German when it
// names neither. The scorer and the preview both answer a browser so.
func FromAcceptLanguage(header string) Lang {
	for _, part := range strings.Split(header, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.Split(part, ";")[0]))
		switch {
		case strings.HasPrefix(tag, "de"):
			return German
		case strings.HasPrefix(tag, "en"):
			return English
		}
	}
	return German
}
