package raab

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

const classic4 = `{"game":"raab","players":["Mireille","David","Anna","Jonas"],"seed":1,"length":"medium","stefan":"Mireille"}`

// ------------------------------------------------------------ setup

func TestSetupModesAndWildCards(t *testing.T) {
	for _, c := range []struct {
		setup       string
		mode        string
		games, wild int
		team        []string
	}{
		{`{"game":"raab","players":["M","D"],"length":"ratzfatz","stefan":"M"}`, ModeDuo, 5, 0, []string{"D"}},
		{`{"game":"raab","players":["M","D","A"],"length":"ratzfatz","stefan":"M"}`, ModeClassic, 5, 1, []string{"D", "A"}},
		{`{"game":"raab","players":["M","D","A","J"],"length":"Medium","stefan":"D"}`, ModeClassic, 10, 2, []string{"M", "A", "J"}},
		{`{"game":"raab","players":["M","D","A","J","K"],"length":"showtime","stefan":"K"}`, ModeClassic, 15, 3, []string{"M", "D", "A", "J"}},
		{`{"game":"raab","players":["A","B","C","D","E","F"],"length":"showtime","team_stefan":["D","E"]}`, ModeTeams, 15, 0, []string{"A", "B", "C", "F"}},
	} {
		s := start(t, c.setup)
		if s.Mode != c.mode || s.Games != c.games || s.WildCards != c.wild || s.WildCardsTotal != c.wild || !slices.Equal(s.Team, c.team) {
			t.Errorf("%s: mode %s games %d wild %d team %v", c.setup, s.Mode, s.Games, s.WildCards, s.Team)
		}
	}
}

func TestSetupErrors(t *testing.T) {
	for _, c := range []struct{ setup, want string }{
		{`{"game":"raab","players":["M"],"length":"medium","stefan":"M"}`, "at least 2 players"},
		{`{"game":"raab","players":["M","D","A"],"length":"lang","stefan":"M"}`, "\"length\" must be"},
		{`{"game":"raab","players":["M","D","A"],"stefan":"M"}`, "\"length\" must be"},
		{`{"game":"raab","players":["M","D","A"],"length":"medium"}`, "who plays Stefan"},
		{`{"game":"raab","players":["M","D","A"],"length":"medium","stefan":"X"}`, "not one of the players"},
		{`{"game":"raab","players":["M","D","m"],"length":"medium","stefan":"M"}`, "twice"},
		{`{"game":"raab","players":["M","D","A"],"length":"medium","stefan":"M","team_stefan":["D"]}`, "only in the team game"},
		{`{"game":"raab","players":["A","B","C","D","E","F"],"length":"medium","stefan":"A"}`, "instead of \"stefan\""},
		{`{"game":"raab","players":["A","B","C","D","E","F"],"length":"medium","team_stefan":["A"]}`, "at least 2 players"},
		{`{"game":"raab","players":["A","B","C","D","E","F"],"length":"medium","team_stefan":["A","B","C","E"],"host":"D"}`, "at least 2 players"},
		{`{"game":"raab","players":["A","B","C","D","E","F","G"],"length":"medium","team_stefan":["A","B"],"host":"A"}`, "belongs to no team"},
		{`{"game":"raab","players":["M","D","A"],"length":"medium","stefan":"M","spinner":["XX"]}`, "not a game"},
		{`{"game":"raab","players":["M","D","A"],"length":"medium","stefan":"M","spinner":["AK","Autokennzeichen"]}`, "twice"},
		{`{"game":"raab","players":["M","D","A"],"length":"ratzfatz","stefan":"M","spinner":["AK","BK","EN","ZO"]}`, "4 playable games, Ratzfatz needs up to 5"},
		// Showtime may need a 16th game (tie-break).
		{`{"game":"raab","players":["M","D","A"],"length":"showtime","stefan":"M","spinner":["AK","BS","BU","EN","EO","FZ","FS","FP","KR","SC","SQ","SO","ST","SM","TT"]}`, "needs up to 16"},
		// With two players the "3" games do not count.
		{`{"game":"raab","players":["M","D"],"length":"ratzfatz","stefan":"M","spinner":["AK","BK","BZ","EN","ZO"]}`, "without the \"3\" games"},
		{`{"game":"dativ","players":["M","D","A"],"length":"medium","stefan":"M"}`, "not for Schlag den Raab"},
		{`{"game":"raab","players":["M","D","A"],"length":"medium","stefan":"M","wildcards":5}`, "cannot read"},
	} {
		_, err := eng.Start(json.RawMessage(c.setup))
		var re *rules.RuleError
		if !errors.As(err, &re) || re.Rule != "setup" || !strings.Contains(re.Msg.EN, c.want) {
			t.Errorf("%s: want setup error %q, got %v", c.setup, c.want, err)
		}
	}
}

func TestSetupSpinnerDefaultsAndOrder(t *testing.T) {
	s := start(t, classic4)
	if len(s.Spinner) != 27 || s.Spinner[0] != "AK" || s.Spinner[26] != "ZO" {
		t.Fatalf("default spinner without a set: %v", s.Spinner)
	}
	// Given in any order, the spinner follows the rulebook's order.
	s = start(t, `{"game":"raab","players":["M","D","A"],"length":"ratzfatz","stefan":"M","spinner":["ZO","Autokennzeichen","wr","EN","Blamieren oder Kassieren"]}`)
	if !slices.Equal(s.Spinner, []string{"AK", "BK", "EN", "WR", "ZO"}) {
		t.Fatalf("spinner %v", s.Spinner)
	}
}

// With a card set the spinner has the games with cards in it.
func TestSetupSpinnerFromSet(t *testing.T) {
	info := &decks.DeckInfo{Game: decks.Raab, Name: "Klein", Code: "KL", Version: "1"}
	var cards []*decks.RaabCard
	for i, code := range []string{"ZO", "AK", "EN", "WR", "BK", "AK"} {
		cards = append(cards, &decks.RaabCard{ID: "RAAB-KL-" + code + "-" + string(rune('1'+i)), Deck: info, Game: decks.MiniGameByCode(code), Number: i + 1})
	}
	set, probs := decks.Combine(&decks.Deck{Info: info, Raab: cards})
	if probs.HasErrors() {
		t.Fatal(probs)
	}
	e := New(set)
	s, err := e.Start(json.RawMessage(`{"game":"raab","players":["M","D","A"],"length":"ratzfatz","stefan":"M"}`))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Spinner, []string{"AK", "BK", "EN", "WR", "ZO"}) {
		t.Fatalf("spinner from set: %v", s.Spinner)
	}
	// Too few games in the set for Medium.
	if _, err := e.Start(json.RawMessage(`{"game":"raab","players":["M","D","A"],"length":"medium","stefan":"M"}`)); err == nil {
		t.Fatal("Medium with 5 games on the spinner should be refused")
	}
	// The embedded default deck has cards for all 27 games.
	def, probs := decks.LoadDefault("raab")
	if probs.HasErrors() {
		t.Fatal(probs)
	}
	full, _ := decks.Combine(def)
	s, err = New(full).Start(json.RawMessage(classic4))
	if err != nil || len(s.Spinner) != 27 {
		t.Fatalf("default deck spinner: %v %v", s.Spinner, err)
	}
	// A quiz card's ID names its game: with the set it is looked up, without
	// it the ID is read.
	s = do(t, s, ActHost, `"player":"David"`)
	id := full.Raab()[0].ID // an Autokennzeichen card
	for _, e := range []rules.Engine[State]{New(full), New(nil)} {
		s2, _, err := e.Apply(s, act(ActSpin, `"game":"`+strings.ToLower(id)+`"`))
		if err != nil || s2.Current.Code != "AK" {
			t.Fatalf("spin by card ID %s: %v %+v", id, err, s2.Current)
		}
	}
}

// ------------------------------------------------------------ the table

// The rulebook's table of points needed comes out of the computation.
func TestNeededTable(t *testing.T) {
	for games, want := range map[int]int{5: 8, 10: 28, 15: 61} {
		if got := Needed(games); got != want {
			t.Errorf("Needed(%d) = %d, want %d", games, got, want)
		}
	}
	for _, l := range Lengths {
		s := start(t, `{"game":"raab","players":["M","D","A"],"length":"`+l.Key+`","stefan":"M"}`)
		if s.Needed != Needed(l.Games) {
			t.Errorf("%s: needed %d", l.Key, s.Needed)
		}
	}
}

// A side wins with exactly the table's points, and not a game earlier:
// the team takes the games that add up to 8 / 28 / 61, Stefan the rest.
func TestEndAtTablePoints(t *testing.T) {
	for _, c := range []struct {
		length, winners string
		team, stefan    int
	}{
		{"ratzfatz", "sstst", 8, 7},                       // team: 3+5
		{"medium", "tsssssstt" + "t", 28, 27},             // team: 1+8+9+10
		{"showtime", "ssssssts" + "sssttt" + "t", 61, 59}, // team: 7+12+13+14+15
	} {
		s := start(t, `{"game":"raab","players":["M","D","A"],"length":"`+c.length+`","stefan":"M"}`)
		s = playWinners(t, s, c.winners)
		if s.Phase != PhaseOver || s.Winner != SideTeam || s.Score.Team != c.team || s.Score.Stefan != c.stefan {
			t.Errorf("%s: phase %s winner %s score %+v", c.length, s.Phase, s.Winner, s.Score)
		}
		if len(s.History) != len(c.winners) {
			t.Errorf("%s: %d games played", c.length, len(s.History))
		}
	}
}

// The evening ends the moment a side can no longer be caught, computed
// from what is left: Stefan's 66 after game 11 of Showtime beat the 54
// still to play.
func TestEndEarly(t *testing.T) {
	s := start(t, `{"game":"raab","players":["M","D","A"],"length":"showtime","stefan":"M"}`)
	s = playWinners(t, s, "ssssssssss")
	if s.Phase == PhaseOver {
		t.Fatalf("55:0 after 10 of 15 games is not decided (65 to play)")
	}
	s = playWinners(t, s, "s")
	if s.Phase != PhaseOver || s.Winner != SideStefan || s.Score.Stefan != 66 || len(s.History) != 11 {
		t.Fatalf("want Stefan 66:0 after 11 games, got %s %+v after %d", s.Phase, s.Score, len(s.History))
	}
	reject(t, s, ActSpin, `"game":"AK"`, "game-over")
	if p := eng.Next(s); !p.Over || len(p.Allowed) != 0 {
		t.Fatalf("prompt after the end: %+v", p)
	}
	// Ratzfatz: 10:0 after four games, the fifth (5 points) cannot help.
	s = start(t, `{"game":"raab","players":["M","D","A"],"length":"ratzfatz","stefan":"M"}`)
	s = playWinners(t, s, "ttt")
	if s.Phase == PhaseOver {
		t.Fatal("6:0 after 3 of 5 is not decided (9 to play)")
	}
	s = playWinners(t, s, "t")
	if s.Phase != PhaseOver || s.Score.Team != 10 {
		t.Fatalf("want over at 10:0, got %s %+v", s.Phase, s.Score)
	}
}

// Showtime, 60:60 after 15 games: one more game decides, worth 16.
func TestShowtimeTieBreak(t *testing.T) {
	s := start(t, `{"game":"raab","players":["M","D","A"],"length":"showtime","stefan":"M"}`)
	s = playWinners(t, s, "ssssstsssss"+"tttt") // team: 6+12+13+14+15 = 60
	if s.Phase == PhaseOver || s.Score.Team != 60 || s.Score.Stefan != 60 {
		t.Fatalf("want 60:60 and a tie-break, got %s %+v", s.Phase, s.Score)
	}
	if c := s.Current; !c.TieBreak || c.Number != 16 || c.Points != 16 {
		t.Fatalf("tie-break game: %+v", c)
	}
	s = do(t, s, ActSpin, `"game":"`+firstUnplayed(s)+`"`)
	s = do(t, s, ActCandidate, `"player":"`+s.eligible()[0]+`"`)
	if s.Current.Begins != SideTeam || s.Phase != PhaseResult {
		t.Fatalf("on the tie the team begins the tie-break: %+v", s.Current)
	}
	s = do(t, s, ActResult, `"winner":"stefan"`)
	if s.Phase != PhaseOver || s.Winner != SideStefan || s.Score.Stefan != 76 {
		t.Fatalf("tie-break winner: %s %s %+v", s.Phase, s.Winner, s.Score)
	}
}

// Game n is worth n points to its winner.
func TestGameWorthItsNumber(t *testing.T) {
	s := start(t, classic4)
	s = playWinners(t, s, "tstst")
	for i, g := range s.History {
		if g.Number != i+1 || g.Points != i+1 {
			t.Fatalf("game %d: %+v", i+1, g)
		}
	}
	if s.Score.Team != 1+3+5 || s.Score.Stefan != 2+4 {
		t.Fatalf("score %+v", s.Score)
	}
}

// ------------------------------------------------------------ spinner

func TestSpinnerClockwise(t *testing.T) {
	s := start(t, `{"game":"raab","players":["M","D","A","J"],"length":"ratzfatz","stefan":"M","spinner":["AK","BK","EN","WR","ZO"]}`)
	s = do(t, s, ActHost, `"player":"D"`)
	reject(t, s, ActSpin, `"game":"BS"`, "spin-segment") // Buchstabensalat is not on this spinner
	reject(t, s, ActSpin, `"game":"Quatsch"`, "spin-segment")
	reject(t, s, ActSpin, `"game":""`, "spin-segment")
	s = do(t, s, ActSpin, `"game":"Zocken"`)
	if s.Current.Code != "ZO" || s.Current.Spun != "" {
		t.Fatalf("game 1: %+v", s.Current)
	}
	s = playGame(t, s, SideTeam)
	// Zocken again: past the last segment the spinner wraps to the first.
	s, ev := doEv(t, s, ActSpin, `"game":"ZO"`)
	if s.Current.Code != "AK" || s.Current.Spun != "ZO" || !strings.Contains(ev[0].Text.EN, "already been played") {
		t.Fatalf("game 2: %+v %v", s.Current, ev)
	}
	s = playGame(t, s, SideTeam)
	// Zocken once more: Autokennzeichen is played too, on to Blamieren.
	s = do(t, s, ActSpin, `"game":"ZO"`)
	if s.Current.Code != "BK" {
		t.Fatalf("game 3: %+v", s.Current)
	}
	s = playGame(t, s, SideStefan)
	s = do(t, s, ActSpin, `"game":"Entfernungen"`)
	if s.Current.Code != "EN" || !slices.Equal(s.Played, []string{"ZO", "AK", "BK", "EN"}) {
		t.Fatalf("game 4: %+v %v", s.Current, s.Played)
	}
}

// ------------------------------------------------------------ host

func TestHostRotation(t *testing.T) {
	s := start(t, classic4)
	p := eng.Next(s)
	if !slices.Equal(p.Allowed, []string{ActHost}) || !slices.Equal(p.Actors, []string{"David", "Anna", "Jonas"}) {
		t.Fatalf("game 1 prompt: %+v", p)
	}
	reject(t, s, ActHost, `"player":"Mireille"`, "host-team") // Stefan cannot host
	reject(t, s, ActHost, `"player":"Nobody"`, "unknown-player")
	reject(t, s, ActSpin, `"game":"AK"`, "out-of-turn")
	s = do(t, s, ActHost, `"player":"Jonas"`) // chosen freely
	if s.Host != "Jonas" || s.Current.Host != "Jonas" {
		t.Fatalf("host %q", s.Host)
	}
	reject(t, s, ActHost, `"player":"Anna"`, "out-of-turn")
	s = do(t, s, ActSpin, `"game":"AK"`)
	s = do(t, s, ActCandidate, `"player":"Anna"`)
	s = do(t, s, ActAccept, "")
	s = do(t, s, ActResult, `"winner":"team"`)
	// Whoever just played hosts next; nobody chooses.
	if s.Host != "Anna" || s.Phase != PhaseSpin || s.Current.Host != "Anna" {
		t.Fatalf("after game 1: host %q phase %s", s.Host, s.Phase)
	}
	reject(t, s, ActHost, `"player":"David"`, "host-rotation")
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"Anna"}) {
		t.Fatalf("Anna spins: %+v", p)
	}
}

// ------------------------------------------------------------ Teamplayer

func TestTeamplayerCards(t *testing.T) {
	s := start(t, classic4)
	s = do(t, s, ActHost, `"player":"Anna"`)
	s = do(t, s, ActSpin, `"game":"AK"`)
	reject(t, s, ActCandidate, `"player":"Anna"`, "candidate-host")
	reject(t, s, ActCandidate, `"player":"Mireille"`, "candidate-team")
	s = do(t, s, ActCandidate, `"player":"David"`)
	s = do(t, s, ActAccept, "")
	s = do(t, s, ActResult, `"winner":"stefan"`)
	if !slices.Equal(s.FaceDown, []string{"David"}) {
		t.Fatalf("face down: %v", s.FaceDown)
	}
	// Game 2, host David.
	s = do(t, s, ActSpin, `"game":"BK"`)
	reject(t, s, ActCandidate, `"player":"David"`, "candidate-host")
	s = do(t, s, ActCandidate, `"player":"Anna"`)
	s = do(t, s, ActAccept, "")
	s = do(t, s, ActBegin, `"side":"team"`)
	s = do(t, s, ActResult, `"winner":"stefan"`)
	// Game 3, host Anna: David has played and Jonas has not.
	s = do(t, s, ActSpin, `"game":"BS"`)
	reject(t, s, ActCandidate, `"player":"David"`, "teamplayer")
	if el := s.eligible(); !slices.Equal(el, []string{"Jonas"}) {
		t.Fatalf("eligible %v", el)
	}
	s = do(t, s, ActCandidate, `"player":"Jonas"`)
	s, ev := doEv(t, s, ActBegin, `"side":"stefan"`)
	_ = ev
	s, ev = doEv(t, s, ActResult, `"winner":"team"`)
	// Everybody has played: all cards back to the team side.
	if len(s.FaceDown) != 0 || !strings.Contains(ev[1].Text.EN, "all Teamplayer cards back") {
		t.Fatalf("after a full round: %v %v", s.FaceDown, ev)
	}
	// Game 4, host Jonas: David may play again.
	s = do(t, s, ActSpin, `"game":"BZ"`)
	s = do(t, s, ActCandidate, `"player":"David"`)
	if s.Current.Candidate != "David" {
		t.Fatalf("David plays again: %+v", s.Current)
	}
}

// ------------------------------------------------------------ Wild Cards

func TestWildCards(t *testing.T) {
	s := start(t, `{"game":"raab","players":["S","A","B","C","D"],"length":"medium","stefan":"S"}`)
	s = do(t, s, ActHost, `"player":"A"`)
	s = do(t, s, ActSpin, `"game":"AK"`)
	s = do(t, s, ActCandidate, `"player":"B"`)
	allowed(t, s, ActAccept, ActWildCard)
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"S"}) {
		t.Fatalf("Stefan decides: %+v", p)
	}
	reject(t, s, ActWildCard, `"player":"B"`, "wildcard-same")
	reject(t, s, ActWildCard, `"player":"A"`, "candidate-host")
	reject(t, s, ActWildCard, `"player":"S"`, "candidate-team")
	reject(t, s, ActBegin, `"side":"team"`, "out-of-turn")
	s = do(t, s, ActAccept, "")
	s = do(t, s, ActResult, `"winner":"team"`)
	// Game 2, host B.
	s = do(t, s, ActSpin, `"game":"BK"`)
	s = do(t, s, ActCandidate, `"player":"C"`)
	s = do(t, s, ActAccept, "")
	s = do(t, s, ActBegin, `"side":"stefan"`)
	s = do(t, s, ActResult, `"winner":"team"`)
	// Game 3, host C; B has played (card face down), A and D have not.
	s = do(t, s, ActSpin, `"game":"BS"`)
	s = do(t, s, ActCandidate, `"player":"A"`)
	reject(t, s, ActWildCard, `"player":"B"`, "teamplayer") // he too only among face-up cards
	s, ev := doEv(t, s, ActWildCard, `"player":"D"`)
	if c := s.Current; c.Candidate != "D" || c.Chosen != "A" || !c.WildCard || s.WildCards != 1 {
		t.Fatalf("wild card: %+v left %d", c, s.WildCards)
	}
	if !strings.Contains(ev[0].Text.DE, "statt A spielt D") || !strings.Contains(ev[0].Text.EN, "D plays instead of A") {
		t.Fatalf("event %v", ev)
	}
	s = do(t, s, ActBegin, `"side":"stefan"`)
	s = do(t, s, ActResult, `"winner":"stefan"`)
	// D played (and hosts next); A, whom the team had named, is still free.
	if s.Host != "D" || !s.faceUp("A") || s.faceUp("D") {
		t.Fatalf("after the wild card: host %s face down %v", s.Host, s.FaceDown)
	}
	// Game 4, host D: only A is free, so Stefan has nobody else to name
	// and is not asked.
	s = do(t, s, ActSpin, `"game":"BZ"`)
	s = do(t, s, ActCandidate, `"player":"A"`)
	if s.Phase == PhaseWildCard {
		t.Fatal("no other face-up candidate: Stefan must not be asked")
	}
	reject(t, s, ActWildCard, `"player":"B"`, "out-of-turn")
	s = do(t, s, ActResult, `"winner":"team"`) // all have played: cards back
	// Game 5, host A: the last Wild Card.
	s = do(t, s, ActSpin, `"game":"BU"`)
	s = do(t, s, ActCandidate, `"player":"B"`)
	s = do(t, s, ActWildCard, `"player":"C"`)
	if s.WildCards != 0 {
		t.Fatalf("wild cards left %d", s.WildCards)
	}
	s = do(t, s, ActBegin, `"side":"team"`)
	s = do(t, s, ActResult, `"winner":"team"`)
	// Game 6, host C: none left, so Stefan is not asked; each card once.
	s = do(t, s, ActSpin, `"game":"EN"`)
	s = do(t, s, ActCandidate, `"player":"D"`)
	if s.Phase == PhaseWildCard {
		t.Fatal("Stefan has no Wild Card left and must not be asked")
	}
	reject(t, s, ActWildCard, `"player":"B"`, "wildcard-none")
	if n := countWildCards(s.History); n != 2 {
		t.Fatalf("%d Wild Cards used", n)
	}
}

func countWildCards(h []Game) int {
	n := 0
	for _, g := range h {
		if g.WildCard {
			n++
		}
	}
	return n
}

// With two candidates the host is one of them, so Stefan has nobody else to
// name: he is not asked.
func TestWildCardNoAlternative(t *testing.T) {
	s := start(t, `{"game":"raab","players":["S","A","B"],"length":"showtime","stefan":"S"}`)
	s = do(t, s, ActHost, `"player":"A"`)
	s = do(t, s, ActSpin, `"game":"AK"`)
	s = do(t, s, ActCandidate, `"player":"B"`)
	if s.Phase != PhaseResult {
		t.Fatalf("phase %s, want the duel", s.Phase)
	}
	reject(t, s, ActWildCard, `"player":"A"`, "out-of-turn")
	reject(t, s, ActAccept, "", "out-of-turn")
}

// ------------------------------------------------------------ who begins

func TestWhoBegins(t *testing.T) {
	s := start(t, classic4)
	s = do(t, s, ActHost, `"player":"David"`)
	s = do(t, s, ActSpin, `"game":"AK"`)
	s = do(t, s, ActCandidate, `"player":"Anna"`)
	s, ev := doEv(t, s, ActAccept, "")
	// 0:0 — the team begins; nobody decides.
	if s.Current.Begins != SideTeam || s.Current.BeginsChosenBy != "" || s.Phase != PhaseResult {
		t.Fatalf("tie: %+v", s.Current)
	}
	if !strings.Contains(ev[len(ev)-1].Text.EN, "Level (0:0): the team begins") {
		t.Fatalf("events %v", ev)
	}
	reject(t, s, ActBegin, `"side":"stefan"`, "begin-tie")
	s = do(t, s, ActResult, `"winner":"team"`)
	// 1:0 for the team: Stefan is behind and decides.
	s = do(t, s, ActSpin, `"game":"BK"`)
	s = do(t, s, ActCandidate, `"player":"David"`)
	s = do(t, s, ActAccept, "")
	allowed(t, s, ActBegin)
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"Mireille"}) {
		t.Fatalf("Stefan decides: %+v", p)
	}
	reject(t, s, ActResult, `"winner":"team"`, "out-of-turn")
	reject(t, s, ActBegin, `"side":"raab"`, "side")
	s = do(t, s, ActBegin, `"side":"team"`) // he may let the team begin
	if s.Current.Begins != SideTeam || s.Current.BeginsChosenBy != SideStefan {
		t.Fatalf("Stefan's choice: %+v", s.Current)
	}
	s = do(t, s, ActResult, `"winner":"stefan"`)
	// 1:2: the team is behind and decides.
	s = do(t, s, ActSpin, `"game":"BS"`)
	s = do(t, s, ActCandidate, `"player":"Jonas"`)
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"Anna", "Jonas"}) { // David hosts
		t.Fatalf("the team decides: %+v", p)
	}
	s = do(t, s, ActBegin, `"side":"Stefan"`)
	if s.Current.Begins != SideStefan || s.Current.BeginsChosenBy != SideTeam {
		t.Fatalf("team's choice: %+v", s.Current)
	}
}

// ------------------------------------------------------------ result

func TestResultChecks(t *testing.T) {
	s := start(t, classic4)
	s = do(t, s, ActHost, `"player":"David"`)
	s = do(t, s, ActSpin, `"game":"Wer weiß mehr?"`)
	s = do(t, s, ActCandidate, `"player":"Anna"`)
	s = do(t, s, ActAccept, "")
	reject(t, s, ActResult, `"winner":"Anna"`, "side")
	reject(t, s, ActResult, `"winner":"team","game":"AK"`, "result-game")
	reject(t, s, ActResult, `"winner":"team","score":"3:1"`, "payload")
	reject(t, s, ActResult, `"winner":"team","log":5`, "payload")
	s = do(t, s, ActResult, `"winner":"team","game":"WM","log":"mini/wm-1.jsonl"`)
	if h := s.History[0]; h.Winner != SideTeam || h.Log != "mini/wm-1.jsonl" || h.Code != "WM" {
		t.Fatalf("history %+v", h)
	}
}

func TestBadActions(t *testing.T) {
	s := start(t, classic4)
	reject(t, s, "dance", "", "unknown-action")
	reject(t, s, ActHost, `"player":"David","extra":1`, "payload")
	reject(t, s, ActHost, `"player":5`, "payload")
	// The line's type must agree with the action's.
	_, _, err := eng.Apply(s, rules.Action{Type: ActHost, Data: json.RawMessage(`{"type":"spin","player":"David"}`)})
	var re *rules.RuleError
	if !errors.As(err, &re) || re.Rule != "payload" {
		t.Fatalf("type mismatch: %v", err)
	}
	// Actions built with rules.NewAction (no "type" in the data) work too.
	if _, _, err := eng.Apply(s, rules.NewAction(ActHost, map[string]string{"player": "David"})); err != nil {
		t.Fatal(err)
	}
	reject(t, s, ActChoose, `"game":"AK"`, "choose-freely")
	reject(t, s, ActResult, `"winner":"team"`, "out-of-turn")
}

// ------------------------------------------------------------ two players

func TestTwoPlayers(t *testing.T) {
	s := start(t, `{"game":"raab","players":["Mireille","David"],"length":"ratzfatz","stefan":"Mireille"}`)
	if s.Mode != ModeDuo || s.WildCards != 0 || s.Phase != PhaseSpin {
		t.Fatalf("duo start: %+v", s)
	}
	// No host; the candidate spins first, then they alternate.
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"David"}) || !slices.Equal(p.Allowed, []string{ActSpin}) {
		t.Fatalf("game 1 prompt: %+v", p)
	}
	reject(t, s, ActHost, `"player":"David"`, "no-host")
	// A "3" game: spin again, nothing else changes.
	before := mustJSON(t, s)
	s2, ev := doEv(t, s, ActSpin, `"game":"BK"`)
	if mustJSON(t, s2) != before || !strings.Contains(ev[0].Text.EN, "spins again") {
		t.Fatalf("3-game: %v", ev)
	}
	s = do(t, s, ActSpin, `"game":"AK"`)
	// The candidate is fixed: no candidate step, no Wild Card.
	if c := s.Current; c.Candidate != "David" || c.StefanPlayer != "Mireille" || s.Phase != PhaseResult {
		t.Fatalf("duo game: %+v %s", c, s.Phase)
	}
	reject(t, s, ActCandidate, `"player":"David"`, "two-players")
	reject(t, s, ActWildCard, `"player":"David"`, "no-wildcards")
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"David", "Mireille"}) {
		t.Fatalf("both report the result: %+v", p)
	}
	s = do(t, s, ActResult, `"winner":"team"`)
	if s.Host != "" || s.Phase != PhaseSpin {
		t.Fatalf("after game 1: host %q phase %s", s.Host, s.Phase)
	}
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"Mireille"}) {
		t.Fatalf("game 2 prompt: %+v", p)
	}
	// Autokennzeichen played: clockwise past Blamieren oder Kassieren (a "3"
	// game) to Buchstabensalat.
	s = do(t, s, ActSpin, `"game":"AK"`)
	if s.Current.Code != "BS" || s.Current.Spinner != "Mireille" {
		t.Fatalf("game 2: %+v", s.Current)
	}
	// Stefan is behind 0:1 and decides who begins.
	allowed(t, s, ActBegin)
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"Mireille"}) {
		t.Fatalf("begin: %+v", p)
	}
	s = do(t, s, ActBegin, `"side":"team"`)
	s = do(t, s, ActResult, `"winner":"stefan"`)
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"David"}) {
		t.Fatalf("game 3 prompt: %+v", p)
	}
	// Game 3: Kopfrechnen. Game 4 lands on it again: clockwise the next two
	// segments, Lieder malen and Lieder summen, are "3" games and skipped.
	s = do(t, s, ActSpin, `"game":"KR"`)
	s = do(t, s, ActBegin, `"side":"team"`)
	s = do(t, s, ActResult, `"winner":"team"`)
	s = do(t, s, ActSpin, `"game":"Kopfrechnen"`)
	if s.Current.Code != "SC" || s.Current.Spun != "KR" {
		t.Fatalf("game 4: %+v", s.Current)
	}
	s = do(t, s, ActBegin, `"side":"stefan"`)  // Stefan is behind 2:4
	s = do(t, s, ActResult, `"winner":"team"`) // 8:2
	if s.Phase != PhaseOver || s.Winner != SideTeam {
		t.Fatalf("8 points win Ratzfatz: %+v", s.Score)
	}
}

// ------------------------------------------------------------ team game

func TestTeamGameAlternatingHost(t *testing.T) {
	s := start(t, `{"game":"raab","players":["A","B","C","D","E","F"],"length":"medium","team_stefan":["D","E","F"]}`)
	if s.Mode != ModeTeams || s.WildCards != 0 || s.Phase != PhaseHost {
		t.Fatalf("team start: %+v", s)
	}
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"A", "B", "C"}) {
		t.Fatalf("game 1: the candidate team names the host: %+v", p)
	}
	reject(t, s, ActHost, `"player":"D"`, "host-team")
	s = do(t, s, ActHost, `"player":"A"`)
	reject(t, s, ActChoose, `"game":"AK"`, "choose-freely")
	s = do(t, s, ActSpin, `"game":"AK"`)
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"B", "C", "D", "E", "F"}) {
		t.Fatalf("both teams name a player: %+v", p)
	}
	reject(t, s, ActCandidate, `"player":"A"`, "candidate-host")
	s = do(t, s, ActCandidate, `"player":"E"`)
	reject(t, s, ActCandidate, `"player":"F"`, "candidate-chosen")
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"B", "C"}) {
		t.Fatalf("the candidate team still names: %+v", p)
	}
	s = do(t, s, ActCandidate, `"player":"B"`)
	if c := s.Current; c.Candidate != "B" || c.StefanPlayer != "E" || s.Phase != PhaseResult {
		t.Fatalf("duel: %+v", c)
	}
	reject(t, s, ActWildCard, `"player":"C"`, "no-wildcards")
	s = do(t, s, ActResult, `"winner":"stefan"`)
	// Game 2: Team Stefan provides the host, freely (not who just played).
	if s.Phase != PhaseHost || s.Host != "" {
		t.Fatalf("game 2: %s %q", s.Phase, s.Host)
	}
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"D", "E", "F"}) {
		t.Fatalf("game 2 host from Team Stefan: %+v", p)
	}
	reject(t, s, ActHost, `"player":"B"`, "host-team")
	s = do(t, s, ActHost, `"player":"E"`)
	s = do(t, s, ActSpin, `"game":"AK"`)       // played: on to BK
	s = do(t, s, ActCandidate, `"player":"B"`) // the same candidate may play again
	s = do(t, s, ActCandidate, `"player":"D"`)
	// The candidate team is behind and decides.
	if p := eng.Next(s); !slices.Equal(p.Actors, []string{"A", "B", "C"}) {
		t.Fatalf("begin: %+v", p)
	}
	s = do(t, s, ActBegin, `"side":"team"`)
	s = do(t, s, ActResult, `"winner":"team"`)
	if s.Phase != PhaseHost || eng.Next(s).Actors[0] != "A" {
		t.Fatalf("game 3 host from the candidate team again")
	}
}

func TestTeamGameFullTimeHost(t *testing.T) {
	s := start(t, `{"game":"raab","players":["A","B","C","D","E","F","G"],"length":"ratzfatz","team_stefan":["D","E","F"],"host":"G"}`)
	if s.Host != "G" || s.Phase != PhaseSpin || !slices.Equal(s.Team, []string{"A", "B", "C"}) {
		t.Fatalf("start: %+v", s)
	}
	allowed(t, s, ActSpin, ActChoose)
	reject(t, s, ActHost, `"player":"A"`, "full-time-host")
	s = do(t, s, ActChoose, `"game":"Zocken"`)
	if s.Current.Code != "ZO" || s.Current.Spinner != "G" {
		t.Fatalf("chosen: %+v", s.Current)
	}
	reject(t, s, ActCandidate, `"player":"G"`, "candidate-host")
	s = do(t, s, ActCandidate, `"player":"A"`)
	s = do(t, s, ActCandidate, `"player":"D"`)
	s = do(t, s, ActResult, `"winner":"team"`)
	if s.Host != "G" || s.Phase != PhaseSpin {
		t.Fatalf("host stays: %+v", s)
	}
	reject(t, s, ActChoose, `"game":"ZO"`, "choose-played")
	// The full-time host may still spin; a played game moves clockwise.
	s = do(t, s, ActSpin, `"game":"ZO"`)
	if s.Current.Code != "AK" {
		t.Fatalf("spin: %+v", s.Current)
	}
}

// ------------------------------------------------------------ state

func TestStateJSONRoundTrip(t *testing.T) {
	s := start(t, classic4)
	s = playWinners(t, s, "tst")
	s = do(t, s, ActSpin, `"game":"ZO"`)
	back := enginetest.RoundTrip(t, s)
	// The decoded state plays on like the original.
	a := do(t, s, ActCandidate, `"player":"`+s.eligible()[0]+`"`)
	c := do(t, back, ActCandidate, `"player":"`+s.eligible()[0]+`"`)
	if mustJSON(t, a) != mustJSON(t, c) {
		t.Fatal("decoded state plays differently")
	}
}

// ------------------------------------------------------------ example

// The documented example evening replays to its end.
func TestExampleFile(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/raab.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	l := readLog(t, bytes.Split(data, []byte("\n")))
	final, events, err := rules.Replay(eng, l)
	if err != nil {
		t.Fatalf("example: %v", err)
	}
	p := eng.Next(final)
	if !p.Over || final.Winner != SideTeam || final.Score.Team != 32 || final.Score.Stefan != 13 || len(final.History) != 9 {
		t.Fatalf("example ends %s %+v after %d games; prompt %+v", final.Winner, final.Score, len(final.History), p)
	}
	if final.WildCards != 0 || final.History[1].Code != "ZO" || final.History[2].Spun != "WM" || final.History[2].Code != "TV" || final.History[7].Code != "BK" {
		t.Fatalf("example history: %+v", final.History)
	}
	for _, e := range events {
		if e.Text.DE == "" || e.Text.EN == "" || strings.Contains(e.Text.DE+e.Text.EN, "%!") {
			t.Fatalf("bad event %+v", e)
		}
	}
	// The Runner the replay command uses agrees.
	st, pr, err := rules.Run(eng).Replay(l, nil)
	if err != nil || !pr.Over || mustJSON(t, st) != mustJSON(t, final) {
		t.Fatalf("runner: %v %+v", err, pr)
	}
}
