// Package labyrinth is the rules engine of "Der Dativ ist dem Genitiv sein
// Tod: Das große Spiel": a stack of question cards, tips and bet chips,
// pieces moving through the maze of package board, and the Lingutaurus.
//
// The engine is pure and event-sourced (see package rules). Every decision
// the rulebook leaves open is written down in docs/replay/labyrinth.md and
// tested in this package.
package labyrinth

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"druckreif/board"
	"druckreif/decks"
	"druckreif/rules"
)

// Game is the name of the game in the setup.
const Game = "labyrinth"

const (
	// NichePos is the position of a piece in a niche: behind the fields
	// behind the start.
	NichePos = -(board.Behind + 1)
	// MinPlayers and MaxPlayers: the box holds six colours and the board
	// six niches.
	MinPlayers = 2
	MaxPlayers = board.Niches
	// Chips is the number of bet chips per player, valued 1 … Chips.
	Chips = 5
	// DefaultNormal and DefaultRisk make the stack of 20 question cards.
	DefaultNormal = 17
	DefaultRisk   = 3
	// DefaultBoardSeed is the board the kit prints unless told otherwise.
	DefaultBoardSeed = 1
	// MaxCards bounds the stack of a longer game.
	MaxCards = 500
)

// Phases of a game.
const (
	PhaseDraw        = "draw"        // the reader draws the next question card
	PhaseQuestion    = "question"    // tips and bets for the current question
	PhaseLingutaurus = "lingutaurus" // a Word Torero stands on a Lingutaurus tile
	PhaseOver        = "over"
)

// Action types.
const (
	ActDraw   = "draw"
	ActBet    = "bet"
	ActTip    = "tip"
	ActReveal = "reveal"
	// ActPlace lays tips and bets at once: one player's (a phone's secret
	// choice) or everyone's (turned over together).
	ActPlace = "place"
)

// Card kinds as written in actions and the state.
const (
	KindNormal      = "normal"
	KindRisk        = "risk"
	KindLingutaurus = "lingutaurus"
)

// Setup is the first line of a replay file.
type Setup struct {
	Game    string   `json:"game"`
	Players []string `json:"players"`
	Seed    uint64   `json:"seed"`
	// Reader is the first reader (default: the first player).
	Reader string `json:"reader,omitempty"`
	// Length is the board's length, 0 for board.DefaultLength.
	Length int `json:"length,omitempty"`
	// BoardSeed is the seed of the printed board (default 1, the kit's).
	BoardSeed *uint64 `json:"board_seed,omitempty"`
	// Normal and Risk make up the question stack (default 17 and 3).
	Normal *int `json:"normal,omitempty"`
	Risk   *int `json:"risk,omitempty"`
	// Face is the side played: "grün"/"green" (default) or "gelb"/"yellow".
	Face string `json:"face,omitempty"`
	// Deal deals the question and Lingutaurus stacks from the seed out of
	// the engine's card set; otherwise every draw reports its card.
	Deal bool `json:"deal,omitempty"`
}

// State is a game in progress. Its fields are plain data; Apply never
// changes a state it is given.
type State struct {
	Players   []Player `json:"players"`
	Reader    int      `json:"reader"` // index of the current reader
	Length    int      `json:"length"` // the exit is field Length
	BoardSeed uint64   `json:"board_seed"`
	Tiles     []Tile   `json:"tiles"` // the Lingutaurus fields, ascending
	Face      string   `json:"face"`  // "grün" or "gelb"
	Seed      uint64   `json:"seed"`
	Deal      bool     `json:"deal"`

	// The question stack: its composition and what has been drawn.
	Normal      int `json:"normal"`
	Risk        int `json:"risk"`
	DrawnNormal int `json:"drawn_normal"`
	DrawnRisk   int `json:"drawn_risk"`
	// Question is the number of the current (or last) question card.
	Question int `json:"question"`
	// Stack and LingStack are the undrawn cards' IDs, top first, when the
	// stacks were dealt from the seed. LingShuffles counts reshuffles of
	// the Lingutaurus stack.
	Stack        []string `json:"stack,omitempty"`
	LingStack    []string `json:"ling_stack,omitempty"`
	LingShuffles int      `json:"ling_shuffles,omitempty"`
	// Seen and LingSeen are the card IDs drawn so far: a card cannot be
	// drawn twice (Lingutaurus cards again once all have been used).
	Seen     []string `json:"seen,omitempty"`
	LingSeen []string `json:"ling_seen,omitempty"`

	Phase string `json:"phase"`
	Card  *Card  `json:"card,omitempty"` // the current question card
	// Pending are tiles (indexes into Tiles) whose Word Torero still has
	// to face the Lingutaurus, in order of arrival.
	Pending []int `json:"pending,omitempty"`
	Ling    *Ling `json:"ling,omitempty"` // the Lingutaurus being faced

	Winners []string `json:"winners,omitempty"`
	End     string   `json:"end,omitempty"` // "exit" or "stack"
}

// Player is one player's piece, chips and current answer.
type Player struct {
	Name  string `json:"name"`
	Pos   int    `json:"pos"`   // −4 … Length; NichePos in a niche
	Board []int  `json:"board"` // unused bet chips on the board
	Used  []int  `json:"used"`  // used chips, face down in front of the player
	Bet   int    `json:"bet,omitempty"`
	Tip   string `json:"tip,omitempty"`
}

// Tile is a Lingutaurus field.
type Tile struct {
	Field   int    `json:"field"`
	Removed bool   `json:"removed,omitempty"`
	Torero  string `json:"torero,omitempty"` // the Word Torero who reached it
}

// Card is a drawn card: its ID when known, its kind and, when known, the
// correct answer.
type Card struct {
	ID      string `json:"id,omitempty"`
	Kind    string `json:"kind"`
	Correct string `json:"correct,omitempty"`
}

// Ling is a Lingutaurus procedure.
type Ling struct {
	Tile    int   `json:"tile"`    // index into Tiles
	Torero  int   `json:"torero"`  // the Word Torero
	Attempt int   `json:"attempt"` // cards drawn so far for this tile
	Reader  int   `json:"reader"`  // who reads the current card
	Card    *Card `json:"card,omitempty"`
}

// InNiche reports whether the piece stands in a niche.
func (p Player) InNiche() bool { return p.Pos == NichePos }

type engine struct {
	set    *decks.Set
	boards *boardCache
}

// boardCache keeps the boards an engine has built: board.New draws a whole
// maze, and the rules need only its length and Lingutaurus fields. It is
// per engine, not global, and the same key always gives the same board.
type boardCache struct {
	mu sync.Mutex
	m  map[[2]uint64]*board.Board
}

func (c *boardCache) get(seed uint64, length int) (*board.Board, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	key := [2]uint64{seed, uint64(length)}
	if b, ok := c.m[key]; ok {
		return b, nil
	}
	b, err := board.New(seed, length)
	if err != nil {
		return nil, err
	}
	c.m[key] = b
	return b, nil
}

// Version is the version of these rules. It changes whenever a change to
// the engine could give a recorded game another state, so that a stored
// table can tell it was played under other rules.
const Version = "1"

// New returns the engine. The set may be nil: then draws report the kind
// of card and reveals the correct answer, as printed on the card.
func New(set *decks.Set) rules.Engine[State] {
	return &engine{set: set, boards: &boardCache{m: map[[2]uint64]*board.Board{}}}
}

// ---------------------------------------------------------------- setup

func (e *engine) Start(raw json.RawMessage) (State, error) {
	var su Setup
	if err := rules.DecodeStrict(raw, &su); err != nil {
		return State{}, rules.Forbid("setup", "Die Spielvorbereitung ist kein gültiges JSON: %v", "the setup is not valid JSON: %v", err)
	}
	if su.Game != "" && su.Game != Game {
		return State{}, rules.Forbid("setup-game", "Die Spielvorbereitung ist für „%s“, nicht für labyrinth.", "the setup is for %q, not labyrinth", su.Game)
	}
	n := len(su.Players)
	if n < MinPlayers || n > MaxPlayers {
		return State{}, rules.Forbid("setup-players", "Das Spiel ist für 2 bis 6 Personen, nicht für %d.", "the game is for 2 to 6 players, not %d", n)
	}
	s := State{Seed: su.Seed, Deal: su.Deal, Phase: PhaseDraw}
	for i, name := range su.Players {
		name = strings.TrimSpace(name)
		if name == "" {
			return State{}, rules.Forbid("setup-players", "Spieler %d hat keinen Namen.", "player %d has no name", i+1)
		}
		for _, p := range s.Players {
			if p.Name == name {
				return State{}, rules.Forbid("setup-players", "Der Name „%s“ kommt zweimal vor.", "the name %q occurs twice", name)
			}
		}
		// Every piece starts in a niche; the first move starts from the
		// start field.
		s.Players = append(s.Players, Player{Name: name, Pos: NichePos, Board: allChips(), Used: []int{}})
	}
	if su.Reader != "" {
		i := s.index(strings.TrimSpace(su.Reader))
		if i < 0 {
			return State{}, rules.Forbid("setup-reader", "Der erste Vorleser „%s“ spielt nicht mit.", "the first reader %q is not a player", su.Reader)
		}
		s.Reader = i
	}
	s.BoardSeed = DefaultBoardSeed
	if su.BoardSeed != nil {
		s.BoardSeed = *su.BoardSeed
	}
	length := su.Length
	if length == 0 {
		length = board.DefaultLength
	}
	b, err := e.boards.get(s.BoardSeed, length)
	if err != nil {
		return State{}, rules.Forbid("setup-length", "Kein Spielplan: %v", "no board: %v", err)
	}
	s.Length = b.Length
	for _, f := range b.Bulls {
		s.Tiles = append(s.Tiles, Tile{Field: f})
	}
	s.Normal, s.Risk = DefaultNormal, DefaultRisk
	if su.Normal != nil {
		s.Normal = *su.Normal
	}
	if su.Risk != nil {
		s.Risk = *su.Risk
	}
	if s.Normal < 0 || s.Risk < 0 || s.Normal+s.Risk < 1 || s.Normal+s.Risk > MaxCards {
		return State{}, rules.Forbid("setup-stack", "Der Fragenstapel braucht 1 bis %d Karten (normal %d, Risiko %d).",
			"the question stack needs 1 to %d cards (normal %d, risk %d)", MaxCards, s.Normal, s.Risk)
	}
	switch strings.ToLower(strings.TrimSpace(su.Face)) {
	case "", "grün", "gruen", "green":
		s.Face = decks.Green.String()
	case "gelb", "yellow":
		s.Face = decks.Yellow.String()
	default:
		return State{}, rules.Forbid("setup-face", "Gespielt wird mit den grünen oder den gelben Seiten, nicht „%s“.", "play the green or the yellow sides, not %q", su.Face)
	}
	if s.Deal {
		if err := e.deal(&s); err != nil {
			return State{}, err
		}
	}
	return s, nil
}

func allChips() []int { return []int{1, 2, 3, 4, 5} }

// deal builds both stacks from the seed: 17 (Normal) normal and 3 (Risk)
// risk cards drawn from their shuffled piles and shuffled together, and the
// shuffled Lingutaurus cards.
func (e *engine) deal(s *State) error {
	if e.set == nil {
		return rules.Forbid("setup-deal", "Zum Austeilen aus dem Seed wird ein Kartensatz gebraucht.", "dealing from the seed needs a card set")
	}
	var normal, risk []string
	for _, c := range e.set.Labyrinth() {
		switch c.Kind {
		case decks.Normal:
			normal = append(normal, c.ID)
		case decks.Risk:
			risk = append(risk, c.ID)
		}
	}
	lings := e.lingIDs()
	if len(normal) < s.Normal || len(risk) < s.Risk || len(lings) == 0 {
		return rules.Forbid("setup-deal", "Der Kartensatz hat %d normale, %d Risiko- und %d Lingutaurus-Karten; gebraucht werden %d, %d und mindestens eine.",
			"the card set has %d normal, %d risk and %d Lingutaurus cards; %d, %d and at least one are needed",
			len(normal), len(risk), len(lings), s.Normal, s.Risk)
	}
	r := rand.New(rand.NewPCG(s.Seed, 0x1ab1))
	r.Shuffle(len(normal), func(i, j int) { normal[i], normal[j] = normal[j], normal[i] })
	r.Shuffle(len(risk), func(i, j int) { risk[i], risk[j] = risk[j], risk[i] })
	stack := append(append([]string{}, normal[:s.Normal]...), risk[:s.Risk]...)
	r.Shuffle(len(stack), func(i, j int) { stack[i], stack[j] = stack[j], stack[i] })
	s.Stack = stack
	s.LingStack = shuffledLings(lings, s.Seed, 0)
	return nil
}

func (e *engine) lingIDs() []string {
	if e.set == nil {
		return nil
	}
	var ids []string
	for _, c := range e.set.Labyrinth() {
		if c.Kind == decks.Lingutaurus {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// shuffledLings is the Lingutaurus stack after its n-th reshuffle.
func shuffledLings(ids []string, seed uint64, n int) []string {
	out := append([]string(nil), ids...)
	r := rand.New(rand.NewPCG(seed, 0x7a0+uint64(n)))
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// ---------------------------------------------------------------- helpers

func (s *State) index(name string) int {
	for i, p := range s.Players {
		if strings.EqualFold(p.Name, name) {
			return i
		}
	}
	return -1
}

// seatOrder is every player from the reader's left round to the reader:
// the order in which pieces move and ties are broken.
func (s *State) seatOrder() []int {
	n := len(s.Players)
	out := make([]int, 0, n)
	for k := 1; k <= n; k++ {
		out = append(out, (s.Reader+k)%n)
	}
	return out
}

func (s *State) stackSize() int { return s.Normal + s.Risk }
func (s *State) drawn() int     { return s.DrawnNormal + s.DrawnRisk }

// answerers are the players who must tip now: in a question everyone but
// the reader; at the Lingutaurus everyone but the card's reader (with two
// players only the one whose turn it is).
func (s *State) answerers() []int {
	var out []int
	if s.Phase == PhaseLingutaurus && s.Ling != nil {
		if len(s.Players) == 2 {
			return []int{1 - s.Ling.Reader}
		}
		for _, i := range s.seatOrder() {
			if i != s.Ling.Reader {
				out = append(out, i)
			}
		}
		return out
	}
	for _, i := range s.seatOrder() {
		if i != s.Reader {
			out = append(out, i)
		}
	}
	return out
}

func (s State) clone() State {
	c := s
	c.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		p.Board = append([]int{}, p.Board...)
		p.Used = append([]int{}, p.Used...)
		c.Players[i] = p
	}
	c.Tiles = append([]Tile(nil), s.Tiles...)
	// Stack, LingStack, Seen, LingSeen, Pending and Winners are shared:
	// they are only resliced or replaced, never written in place, and
	// grown with grow (which copies).
	if s.Card != nil {
		cc := *s.Card
		c.Card = &cc
	}
	if s.Ling != nil {
		l := *s.Ling
		if l.Card != nil {
			lc := *l.Card
			l.Card = &lc
		}
		c.Ling = &l
	}
	return c
}

// grow appends to a slice that may be shared with another state: it
// always copies.
func grow[T any](xs []T, x ...T) []T { return append(slices.Clip(xs), x...) }

func fields(n int) (de, en string) {
	if n == 1 {
		return "1 Feld", "1 field"
	}
	return fmt.Sprintf("%d Felder", n), fmt.Sprintf("%d fields", n)
}

// where names a position.
func where(pos int) (de, en string) {
	switch {
	case pos == NichePos:
		return "in der Nische", "in a niche"
	case pos == 0:
		return "auf dem Startfeld", "on the start field"
	case pos < 0:
		return fmt.Sprintf("auf Feld %d hinter dem Start", pos), fmt.Sprintf("on field %d behind the start", pos)
	}
	return fmt.Sprintf("auf Feld %d", pos), fmt.Sprintf("on field %d", pos)
}

func normLetter(x string) (string, bool) {
	x = strings.ToUpper(strings.TrimSpace(x))
	if x == "A" || x == "B" || x == "C" {
		return x, true
	}
	return "", false
}
