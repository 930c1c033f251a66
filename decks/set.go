package decks

import (
	"fmt"
	"sort"
	"strings"

	"druckreif/i18n"
)

// Set is several decks combined: the embedded defaults and the user's own.
// Card IDs are unique across a set.
type Set struct {
	Decks []*Deck
}

// Combine joins decks. Two decks of the same game with the same Kennung
// would print the same card IDs, so that is an error.
func Combine(decks ...*Deck) (*Set, Problems) {
	var probs Problems
	seen := map[string]*DeckInfo{}
	s := &Set{}
	for _, d := range decks {
		key := string(d.Info.Game) + "/" + d.Info.Code
		if prev, dup := seen[key]; dup {
			probs.errorf(Location{File: d.Info.Source, Sheet: "Deck", Column: "Kennung"},
				"die Kennung %s hat schon das Deck %s (%s); Kartennummern wären doppelt: bitte eine andere Kennung wählen",
				"code %s is already used by deck %s (%s); card IDs would clash: please choose another code",
				d.Info.Code, prev.Name, prev.Source)
			continue
		}
		seen[key] = d.Info
		s.Decks = append(s.Decks, d)
	}
	s.numberRaab()
	return s, probs
}

// RegionFilter selects cards by region. Only keeps cards without a region
// plus those within Only (when set); Exclude leaves out the cards within
// each of its regions.
type RegionFilter struct {
	Only    string
	Exclude []string
}

// Keep reports whether a card of the given region passes the filter.
func (f RegionFilter) Keep(region string) bool {
	if region != "" && f.Only != "" && !regionWithin(region, f.Only) {
		return false
	}
	for _, x := range f.Exclude {
		if region != "" && regionWithin(region, x) {
			return false
		}
	}
	return true
}

// Filter returns a set with only the cards the filter keeps. Decks left
// without cards are dropped.
func (s *Set) Filter(f RegionFilter) *Set {
	out := &Set{}
	for _, d := range s.Decks {
		nd := &Deck{Info: d.Info}
		nd.Labyrinth = filterCards(d.Labyrinth, func(c *LabyrinthCard) string { return c.Region }, f)
		nd.Dativ = filterCards(d.Dativ, func(c *DativCard) string { return c.Region }, f)
		nd.Genial = filterCards(d.Genial, func(c *GenialCard) string { return c.Region }, f)
		nd.Raab = filterCards(d.Raab, func(c *RaabCard) string { return c.Region }, f)
		if nd.Len() > 0 {
			out.Decks = append(out.Decks, nd)
		}
	}
	out.numberRaab()
	return out
}

func filterCards[C any](cards []C, region func(C) string, f RegionFilter) []C {
	var out []C
	for _, c := range cards {
		if f.Keep(region(c)) {
			out = append(out, c)
		}
	}
	return out
}

// Game returns the decks of one game.
func (s *Set) Game(g Game) []*Deck {
	var out []*Deck
	for _, d := range s.Decks {
		if d.Info.Game == g {
			out = append(out, d)
		}
	}
	return out
}

// Labyrinth returns all labyrinth cards of the set, deck by deck.
func (s *Set) Labyrinth() []*LabyrinthCard {
	var out []*LabyrinthCard
	for _, d := range s.Decks {
		out = append(out, d.Labyrinth...)
	}
	return out
}

// Dativ returns all cards of the Dativ card game.
func (s *Set) Dativ() []*DativCard {
	var out []*DativCard
	for _, d := range s.Decks {
		out = append(out, d.Dativ...)
	}
	return out
}

// Genial returns all Genial daneben cards.
func (s *Set) Genial() []*GenialCard {
	var out []*GenialCard
	for _, d := range s.Decks {
		out = append(out, d.Genial...)
	}
	return out
}

// Raab returns all Raab cards in sorting-aid order: mini-game by mini-game
// in the rulebook's order, then by orange-corner number (Serial), then
// deck by deck and by card number.
func (s *Set) Raab() []*RaabCard {
	var out []*RaabCard
	for _, d := range s.Decks {
		out = append(out, d.Raab...)
	}
	order := map[*MiniGame]int{}
	for i, g := range MiniGames {
		order[g] = i
	}
	// Within a game by orange-corner number once numbered, so that extra
	// cards (234 on) follow their game's rulebook cards.
	sort.SliceStable(out, func(i, j int) bool {
		if a, b := order[out[i].Game], order[out[j].Game]; a != b {
			return a < b
		}
		return out[i].Serial < out[j].Serial
	})
	return out
}

// SerialRange returns the first and last serial number of a mini-game's
// cards in the set, for the sorting-aid strips; ok is false without cards.
func (s *Set) SerialRange(g *MiniGame) (first, last int, ok bool) {
	for _, c := range s.Raab() {
		if c.Game != g {
			continue
		}
		if !ok {
			first, ok = c.Serial, true
		}
		last = c.Serial
	}
	return first, last, ok
}

// Ref is what a printed card's QR code says: the card (or side) ID and the
// version of the deck it was printed from.
type Ref struct {
	ID      string
	Version string
}

// QRPayload is the QR code's content: "ID/VERSION". It uses only characters
// of the QR alphanumeric mode (A–Z, 0–9, "-", ".", "/"), which keeps the
// code small.
func QRPayload(id, version string) string {
	if version == "" {
		return id
	}
	return id + "/" + version
}

// ParseRef reads an ID as typed or scanned: "lab-std-3-gr" or
// "LAB-STD-3-GR/1.0".
func ParseRef(s string) Ref {
	s = strings.ToUpper(strings.TrimSpace(s))
	id, version, _ := strings.Cut(s, "/")
	return Ref{ID: id, Version: version}
}

// Found is a card found by ID: exactly one of the card fields is set. Side
// is the side the ID named, -1 when it named the whole card.
type Found struct {
	Labyrinth *LabyrinthCard
	Dativ     *DativCard
	Genial    *GenialCard
	Raab      *RaabCard
	TheGame   *TheGameCard
	Side      int
	Deck      *DeckInfo
}

// Find looks a card up by its ID or a side's ID. A version mismatch is
// reported as a warning text: the card was printed from another version of
// its deck and may differ.
func (s *Set) Find(ref Ref) (*Found, *i18n.Text) {
	f := s.find(ref.ID)
	if f == nil {
		return nil, nil
	}
	if f.Deck != nil && ref.Version != "" && ref.Version != f.Deck.Version {
		t := i18n.Sprintf("die Karte wurde aus Version %s des Decks „%s“ gedruckt, geladen ist Version %s: der Text kann abweichen",
			"the card was printed from version %s of deck %q, version %s is loaded: the text may differ",
			ref.Version, f.Deck.Name, f.Deck.Version)
		return f, &t
	}
	return f, nil
}

func (s *Set) find(id string) *Found {
	if strings.HasPrefix(id, "TG-") {
		for _, c := range TheGameDeck() {
			if c.ID == id {
				return &Found{TheGame: &c, Side: -1}
			}
		}
		return nil
	}
	for _, d := range s.Decks {
		for _, c := range d.Labyrinth {
			if side, ok := matchSides(id, c.ID, c.Sides[0].ID, c.Sides[1].ID); ok {
				return &Found{Labyrinth: c, Side: side, Deck: d.Info}
			}
		}
		for _, c := range d.Dativ {
			if side, ok := matchSides(id, c.ID, c.Sides[0].ID, c.Sides[1].ID); ok {
				return &Found{Dativ: c, Side: side, Deck: d.Info}
			}
		}
		for _, c := range d.Genial {
			if c.ID == id {
				return &Found{Genial: c, Side: -1, Deck: d.Info}
			}
		}
		for _, c := range d.Raab {
			if side, ok := matchSides(id, c.ID, c.SideID(false), c.SideID(true)); ok {
				return &Found{Raab: c, Side: side, Deck: d.Info}
			}
		}
	}
	return nil
}

func matchSides(id, card, side0, side1 string) (int, bool) {
	switch id {
	case card:
		return -1, true
	case side0:
		return 0, true
	case side1:
		return 1, true
	}
	return 0, false
}

// Stats counts a set's cards, for reports.
func (s *Set) Stats() string {
	var parts []string
	for _, d := range s.Decks {
		parts = append(parts, fmt.Sprintf("%s/%s: %d", d.Info.Game, d.Info.Code, d.Len()))
	}
	return strings.Join(parts, ", ")
}
