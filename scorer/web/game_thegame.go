package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"druckreif/i18n"
	"druckreif/rules"
	"druckreif/rules/thegame"
	"druckreif/scorer"
)

// The Game's screen: the assistant as the rulebook's FAQ describes it.
func init() {
	screens["thegame"] = screen{view: theGameScreen, action: theGameAction}
}

func theGameScreen(d *boardData) any {
	st, ok := d.Snap.State.(thegame.State)
	if !ok {
		return nil
	}
	return theGame(st, d.Snap, d.CanAct)
}

// theGameAction makes The Game's actions from the table screen's forms.
func theGameAction(r *http.Request, d *boardData) (json.RawMessage, error) {
	f := r.PostFormValue
	a := map[string]any{"type": f("type")}
	switch f("type") {
	case "play":
		a["pile"] = f("pile")
		if f("pile") == "" {
			return nil, &scorer.Error{Status: http.StatusBadRequest, Rule: "pile-missing", Field: "pile", Msg: i18n.T("Bitte zuerst den Stapel antippen.", "Please tap the pile first.")}
		}
		if strings.TrimSpace(f("value")) == "" {
			if f("confirmed") == "" {
				return nil, &scorer.Error{Status: http.StatusBadRequest, Rule: "value-missing", Field: "value", Msg: i18n.T("Bitte die Zahl der Karte eingeben – oder „ohne Wert“ bestätigen.", "Please enter the card's number – or confirm “without value”.")}
			}
			a["confirmed"] = true
		} else {
			n, err := formNumber(r, "value")
			if err != nil {
				return nil, err
			}
			a["value"] = n
		}
	case "draw":
		n, err := formNumber(r, "count")
		if err != nil {
			return nil, err
		}
		a["count"] = n
	case "confirm":
		n, err := formNumber(r, "remaining")
		if err != nil {
			return nil, err
		}
		a["remaining"] = n
	case "hand":
		var cards []int
		for _, part := range strings.FieldsFunc(f("cards"), func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
			n, err := strconv.Atoi(part)
			if err != nil {
				return nil, &scorer.Error{Status: http.StatusBadRequest, Rule: "bad-number", Field: "cards", Msg: i18n.Sprintf("„%s“ ist keine Zahl.", "%q is not a number.", part)}
			}
			cards = append(cards, n)
		}
		a["player"], a["cards"] = d.Snap.Viewer.Player, cards
	case "end", "block":
	default:
		return nil, unknownAction(f("type"))
	}
	b, _ := json.Marshal(a)
	return b, nil
}

// theGameView is The Game's table, ready to draw.
type theGameView struct {
	Phase          string
	Active         scorer.Marker
	Turn           int
	Laid, Minimum  int
	MinimumReached bool
	Piles          []thegame.Pile
	DrawCount      int
	ToDraw         int
	Hands          []handView
	CanPlay        bool
	CanDraw        bool
	CanEnd         bool
	CanBlock       bool
	Digits         []int
	Blocked        string
	Remaining      int
	InHands        int
	InDraw         int
	Won            bool
	Excellent      bool
	Partial        bool
	// Doubles are the cards entered in two hands, named at the result.
	Doubles []thegame.Double
	MyHand  *thegame.Hand
	Plays   []thegame.Play
}

type handView struct {
	Marker scorer.Marker
	Count  int
}

func theGame(st thegame.State, snap scorer.Snapshot, canAct bool) *theGameView {
	markerOf := func(name string) scorer.Marker {
		for _, m := range snap.Players {
			if m.Name == name {
				return m
			}
		}
		return scorer.Marker{Name: name}
	}
	g := &theGameView{Phase: st.Phase, Turn: st.Turn, Laid: st.TurnPlays, Minimum: st.Minimum(), Piles: st.Piles, DrawCount: st.DrawCount, ToDraw: st.ToDraw(), Digits: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 0}}
	if st.Active >= 0 && st.Active < len(st.Players) {
		g.Active = markerOf(st.Players[st.Active])
	}
	g.MinimumReached = g.Laid >= g.Minimum
	for i, h := range st.Hands {
		g.Hands = append(g.Hands, handView{Marker: markerOf(st.Players[i]), Count: h.Count})
		if snap.Viewer.Role == rules.RolePlayer && st.Players[i] == snap.Viewer.Player {
			hand := h
			g.MyHand = &hand
		}
	}
	allowed := func(t string) bool { return canAct && slices.Contains(snap.Next.Allowed, t) }
	g.CanPlay = allowed("play")
	g.CanDraw = allowed("draw")
	g.CanEnd = allowed("end")
	g.CanBlock = allowed("block")
	if st.Result != nil {
		r := st.Result
		g.Blocked, g.Remaining, g.InHands, g.InDraw, g.Won, g.Excellent, g.Partial = r.Blocked, r.Remaining, r.InHands, r.InDraw, r.Won, r.Excellent, r.Partial
		g.Doubles = r.Doubles
	} else if st.Phase == thegame.PhaseConfirm {
		g.Remaining = st.Remaining()
	}
	n := len(st.Plays)
	g.Plays = slices.Clone(st.Plays[max(0, n-8):])
	slices.Reverse(g.Plays)
	return g
}
