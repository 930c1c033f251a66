package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/rules/labyrinth"
	"druckreif/scorer"
)

// Das große Spiel: the board drawn from the board model, every piece on
// its field, the reader's phone with the card, each player's phone with
// its chips and tip cards (entered in secret), or the table's phone
// entering the printed tip cards after they were turned over.
func init() {
	screens["labyrinth"] = screen{view: labyrinthScreen, action: labyrinthAction}
}

// labView is the labyrinth table, ready to draw.
type labView struct {
	Phase    string
	Question int
	Stack    int
	Face     string
	Maze     *mazeDrawing
	Pieces   []pieceMark
	Tiles    []int // fields whose Lingutaurus tile is still in place
	Players  []labPlayer
	Reader   scorer.Marker
	Torero   *scorer.Marker
	// The card on the table, as this phone may see it.
	Card      *labCard
	CardShown bool // the question may be shown (risk: only after the bets)
	IsReader  bool // this phone reads the card (the reader's seat or the table)
	// What this phone may do now.
	CanDraw      bool
	Deal         bool
	CanReveal    bool
	NeedsCorrect bool // the card is unknown: the reader names the answer
	Decks        []string
	Me           *labPlayer
	MyChips      []chipChoice
	WantBet      bool
	WantTip      bool
	Placed       bool // this phone's secret choice is in
	TableEntry   []labPlayer
	Winners      []string
	Over         bool
	Risk         bool
	Ling         bool
}

type labPlayer struct {
	Marker  scorer.Marker
	Where   string
	Pos     int
	Board   []int // chips still on the board
	Used    []int
	Tip     string
	Bet     int
	Acting  bool
	OwesBet bool
	OwesTip bool
	// Placed: the player's tip (or chip) lies face down — entered on
	// their phone and waiting for the others, or already laid.
	Placed bool
}

type labCard struct {
	ID       string
	Kind     string
	Question string
	Answers  [3]string
	Correct  string // empty unless this phone may know it
	Known    bool   // the card is in the loaded decks
	// Hint is the side's reading hint, for the reader's phone: what the
	// printed card tells the reader ("Antworten buchstabieren").
	Hint string
	// Reveal is the answer for the table's phone, shown on a tap only.
	Reveal string
}

type chipChoice struct {
	Value int
	Free  bool
}

func labyrinthScreen(d *boardData) any {
	st, ok := d.Snap.State.(labyrinth.State)
	if !ok {
		return nil
	}
	v := d.lang()
	mz, err := drawMaze(st.BoardSeed, st.Length)
	if err != nil {
		return nil
	}
	g := &labView{Phase: st.Phase, Question: st.Question, Stack: st.Normal + st.Risk, Face: st.Face, Maze: mz, Deal: st.Deal, Over: st.Phase == labyrinth.PhaseOver, Winners: st.Winners}
	var positions []int
	var colours, glyphs, names []string
	for _, p := range st.Players {
		m := d.marker(p.Name)
		positions = append(positions, p.Pos)
		colours, glyphs, names = append(colours, m.Hex), append(glyphs, m.Glyph), append(names, p.Name)
	}
	g.Pieces = mz.placePieces(positions, func(i int) bool { return st.Players[i].InNiche() }, colours, glyphs, names)
	for _, t := range st.Tiles {
		if !t.Removed {
			g.Tiles = append(g.Tiles, t.Field)
		}
	}
	g.Reader = d.marker(st.Players[st.Reader].Name)
	reader := st.Players[st.Reader].Name
	var cardOnTable *labyrinth.Card
	if st.Phase == labyrinth.PhaseQuestion || (st.Phase == labyrinth.PhaseDraw && st.Card != nil) {
		cardOnTable = st.Card
		g.Risk = st.Card != nil && st.Card.Kind == labyrinth.KindRisk
	}
	if st.Phase == labyrinth.PhaseLingutaurus && st.Ling != nil {
		g.Ling = true
		reader = st.Players[st.Ling.Reader].Name
		g.Reader = d.marker(reader)
		t := d.marker(st.Players[st.Ling.Torero].Name)
		g.Torero = &t
		cardOnTable = st.Ling.Card
	}
	viewer := d.Snap.Viewer
	g.IsReader = viewer.Role == rules.RoleTable || (viewer.Role == rules.RolePlayer && viewer.Player == reader)
	owes := map[string][2]bool{}
	for _, n := range d.Snap.Next.Actors {
		allowed := d.Snap.Next.Allowed
		owes[n] = [2]bool{slices.Contains(allowed, labyrinth.ActBet), slices.Contains(allowed, labyrinth.ActTip)}
	}
	for _, p := range st.Players {
		lp := labPlayer{Marker: d.marker(p.Name), Pos: p.Pos, Board: p.Board, Used: p.Used, Tip: p.Tip, Bet: p.Bet, Acting: d.Acting(p.Name)}
		lp.Where = labWhere(v, p, st.Length)
		lp.Placed = p.Tip == labyrinth.HiddenTip || (d.Snap.Pending != nil && slices.Contains(d.Snap.Pending.Chosen, p.Name))
		if o, ok := owes[p.Name]; ok {
			// Owed only if not placed yet (the prompt's actors lack one or the other).
			lp.OwesBet = o[0] && p.Bet == 0
			lp.OwesTip = o[1] && p.Tip == ""
		}
		g.Players = append(g.Players, lp)
	}
	if cardOnTable != nil {
		g.Card = &labCard{Kind: cardOnTable.Kind, ID: cardOnTable.ID, Correct: cardOnTable.Correct}
		if side := labSide(d.Cards, cardOnTable.ID, st.Face); side != nil {
			g.Card.Known, g.Card.Question, g.Card.Answers = true, side.Question, side.Answers
			if g.IsReader {
				g.Card.Hint = side.ReadingHint
			}
			// The reader's phone (or the table's, passed to the reader)
			// keeps the answer behind a tap: it is the reader's, no one
			// else's, and never shown inline.
			switch {
			case g.Card.Correct != "" && g.IsReader && st.Phase != labyrinth.PhaseDraw:
				g.Card.Reveal = g.Card.Correct
			case g.Card.Correct == "" && viewer.Role == rules.RoleTable && st.Phase != labyrinth.PhaseDraw:
				g.Card.Reveal = side.CorrectLetter()
			}
			if i := strings.Index("ABC", g.Card.Reveal); g.Card.Reveal != "" && i >= 0 {
				g.Card.Reveal += ": " + side.Answers[i]
			}
		}
		if !g.IsReader && st.Phase != labyrinth.PhaseDraw {
			g.Card.Correct = "" // no one else sees the answer before the reveal
		}
		// A risk question is read only after every bet is in.
		g.CardShown = g.IsReader || !(g.Risk && slices.Contains(d.Snap.Next.Allowed, labyrinth.ActBet) && !slices.Contains(d.Snap.Next.Allowed, labyrinth.ActTip))
	}
	allowed := func(t string) bool { return slices.Contains(d.Snap.Next.Allowed, t) }
	mayRead := d.CanAct && g.IsReader
	d.Choosing = allowed(labyrinth.ActPlace)
	g.CanDraw = mayRead && allowed(labyrinth.ActDraw)
	g.CanReveal = mayRead && allowed(labyrinth.ActReveal)
	g.NeedsCorrect = g.CanReveal && (g.Card == nil || !g.Card.Known) && (cardOnTable == nil || cardOnTable.Correct == "")
	for _, dk := range d.Cards.Game(decks.Labyrinth) {
		g.Decks = append(g.Decks, dk.Info.Code)
	}
	if viewer.Role == rules.RolePlayer {
		for i := range g.Players {
			if g.Players[i].Marker.Name == viewer.Player {
				me := g.Players[i]
				g.Me = &me
				// A choice laid face down on this phone can be changed
				// until all are in: the form stays.
				g.WantBet, g.WantTip = me.OwesBet, me.OwesTip
				if p := d.Snap.Pending; p != nil && p.Mine != nil {
					g.Placed = true
				}
				for c := 1; c <= labyrinth.Chips; c++ {
					g.MyChips = append(g.MyChips, chipChoice{Value: c, Free: slices.Contains(me.Board, c)})
				}
			}
		}
	}
	if viewer.Role == rules.RoleTable && (allowed(labyrinth.ActPlace)) {
		for _, p := range g.Players {
			chosen := d.Snap.Pending != nil && slices.Contains(d.Snap.Pending.Chosen, p.Marker.Name)
			if (p.OwesBet || p.OwesTip) && !chosen {
				g.TableEntry = append(g.TableEntry, p)
			}
		}
	}
	return g
}

// labWhere says where a piece stands.
func labWhere(v *view, p labyrinth.Player, length int) string {
	switch {
	case p.InNiche():
		return v.T("in einer Nische", "in a niche")
	case p.Pos == 0:
		return v.T("auf dem Startfeld", "on the start field")
	case p.Pos < 0:
		return fmt.Sprintf(v.T("%d hinter dem Start", "%d behind the start"), -p.Pos)
	case p.Pos == length:
		return v.T("am Ausgang", "at the exit")
	}
	return fmt.Sprintf(v.T("auf Feld %d", "on field %d"), p.Pos)
}

// labSide is the side of a labyrinth card the game plays.
func labSide(set *decks.Set, id, face string) *decks.LabyrinthSide {
	if id == "" || set == nil {
		return nil
	}
	f, _ := set.Find(decks.ParseRef(id))
	if f == nil || f.Labyrinth == nil {
		return nil
	}
	side := f.Side
	if side < 0 {
		side = int(decks.Green)
		if face == decks.Yellow.String() {
			side = int(decks.Yellow)
		}
	}
	return &f.Labyrinth.Sides[side]
}

// labyrinthAction makes the labyrinth's actions from the screen's forms.
func labyrinthAction(r *http.Request, d *boardData) (json.RawMessage, error) {
	f := r.PostFormValue
	a := map[string]any{"type": f("type")}
	switch f("type") {
	case labyrinth.ActDraw:
		switch {
		case strings.TrimSpace(f("card")) != "":
			a["card"] = cardID("LAB", f("deck"), f("card"))
		case f("kind") != "":
			a["kind"] = f("kind")
		}
	case labyrinth.ActPlace:
		if d.Snap.Viewer.Role == rules.RolePlayer {
			a["player"] = d.Snap.Viewer.Player
			if f("tip") != "" {
				a["tip"] = f("tip")
			}
			if f("chip") != "" {
				n, err := formNumber(r, "chip")
				if err != nil {
					return nil, err
				}
				a["chip"] = n
			}
			break
		}
		// The table's phone: every player's tip card and chip as turned over.
		tips, bets := map[string]string{}, map[string]int{}
		for _, p := range d.Snap.Players {
			if t := f("tip-" + p.Name); t != "" {
				tips[p.Name] = t
			}
			if c := f("chip-" + p.Name); c != "" {
				n, err := strconv.Atoi(c)
				if err != nil {
					return nil, &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-number", Field: "chip-" + p.Name, Msg: i18n.Sprintf("„%s“ ist kein Chip.", "%q is not a chip.", c)}
				}
				bets[p.Name] = n
			}
		}
		if len(tips) > 0 {
			a["tips"] = tips
		}
		if len(bets) > 0 {
			a["bets"] = bets
		}
	case labyrinth.ActReveal:
		if f("correct") != "" {
			a["correct"] = f("correct")
		}
	default:
		return nil, unknownAction(f("type"))
	}
	b, _ := json.Marshal(a)
	return b, nil
}

// cardID is the card ID typed or scanned: a whole ID ("LAB-STD-17-GR",
// "lab-std-17", a QR payload with /VERSION) as it is, a bare number
// ("17") as the card of that number in the chosen deck.
func cardID(prefix, deck, typed string) string {
	typed = strings.TrimSpace(typed)
	if _, err := strconv.Atoi(typed); err == nil {
		if deck == "" {
			deck = "STD"
		}
		return fmt.Sprintf("%s-%s-%s", prefix, strings.ToUpper(deck), typed)
	}
	return typed
}
