package rules

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"druckreif/i18n"
)

// quiz is a toy two-phase round: someone asks, then everyone answers.
type quiz struct{}

type quizState struct {
	Phase   string   `json:"phase"`
	Players []string `json:"players"`
	Answers []string `json:"answers"`
}

func (s quizState) clone() quizState {
	s.Players = append([]string(nil), s.Players...)
	s.Answers = append([]string(nil), s.Answers...)
	return s
}

func quizPhases() *Phases[quiz, quizState] {
	return &Phases[quiz, quizState]{
		In: i18n.T("beim Quiz", "in the quiz"),
		Steps: []Step[quiz, quizState]{
			{Type: "ask", Phase: "ask", Do: func(_ quiz, s *quizState, a Action) ([]Event, error) {
				s.Phase = "answer"
				return []Event{Eventf("gefragt", "asked")}, nil
			}},
			{Type: "answer", Phase: "answer", Do: func(_ quiz, s *quizState, a Action) ([]Event, error) {
				s.Answers[0] = "a" // written before the refusal: must not reach the caller's state
				return nil, Forbid("no", "nein", "no")
			}},
		},
		Phase: func(s quizState) string { return s.Phase },
		Clone: quizState.clone,
		Next: func(_ quiz, s quizState) Prompt {
			return Prompt{Text: i18n.T("Jetzt wird gefragt.", "Someone asks now.")}
		},
	}
}

func ruleOf(t *testing.T, err error) *RuleError {
	t.Helper()
	var re *RuleError
	if !errors.As(err, &re) {
		t.Fatalf("want a rule error, got %v", err)
	}
	return re
}

func TestPhasesRefuseInTheirWords(t *testing.T) {
	p := quizPhases()
	s := quizState{Phase: "ask", Players: []string{"Anna", "Ben"}, Answers: []string{"", ""}}
	_, _, err := p.Apply(quiz{}, s, Action{Type: "dance"})
	re := ruleOf(t, err)
	want := i18n.T("Die Aktion „dance“ gibt es beim Quiz nicht (ask, answer).", `There is no action "dance" in the quiz (ask, answer).`)
	if re.Rule != "unknown-action" || re.Msg != want {
		t.Fatalf("unknown action: %s %+v", re.Rule, re.Msg)
	}
	_, _, err = p.Apply(quiz{}, s, Action{Type: "answer"})
	re = ruleOf(t, err)
	want = i18n.T("Jetzt ist nicht „answer“ dran. Jetzt wird gefragt.", `It is not time for "answer". Someone asks now.`)
	if re.Rule != "wrong-phase" || re.Msg != want {
		t.Fatalf("wrong phase: %s %+v", re.Rule, re.Msg)
	}
}

func TestPhasesApplyOnACopy(t *testing.T) {
	p := quizPhases()
	s := quizState{Phase: "ask", Players: []string{"Anna", "Ben"}, Answers: []string{"", ""}}
	next, ev, err := p.Apply(quiz{}, s, Action{Type: "ask"})
	if err != nil || next.Phase != "answer" || len(ev) != 1 || s.Phase != "ask" {
		t.Fatalf("ask: %v %+v %v, given state now %+v", err, next, ev, s)
	}
	back, _, err := p.Apply(quiz{}, next, Action{Type: "answer"})
	if ruleOf(t, err).Rule != "no" || !reflect.DeepEqual(back, next) || next.Answers[0] != "" {
		t.Fatalf("a refused step changed the state: %+v, returned %+v", next, back)
	}
}

type tipAction struct {
	Type   string            `json:"type,omitempty"`
	Player string            `json:"player,omitempty"`
	Tip    string            `json:"tip,omitempty"`
	Tips   map[string]string `json:"tips,omitempty"`
}

var tips = SecretChoice[tipAction]{
	Type: "tip", Field: "tip", Batch: "tips",
	Fields:     func(p tipAction) (string, string, map[string]string) { return p.Player, p.Tip, p.Tips },
	One:        func(player, tip string) tipAction { return tipAction{Type: "tip", Player: player, Tip: tip} },
	Incomplete: i18n.T("Ein Tipp braucht player und tip.", "A tip needs player and tip."),
	Empty:      i18n.T("Kein Tipp angegeben.", "No tip given."),
}

func tipLine(line string) Action { return Action{Type: "tip", Data: json.RawMessage(line)} }

func TestSecretChoiceGiven(t *testing.T) {
	for _, c := range []struct {
		p    tipAction
		want map[string]string
		msg  i18n.Text
	}{
		{p: tipAction{Player: "Anna", Tip: "b"}, want: map[string]string{"Anna": "b"}},
		{p: tipAction{Tips: map[string]string{"Anna": "b", "Ben": "c"}}, want: map[string]string{"Anna": "b", "Ben": "c"}},
		{p: tipAction{Player: "Anna", Tips: map[string]string{"Ben": "c"}}, msg: i18n.T("Entweder player und tip oder tips angeben, nicht beides.", "Give either player and tip or tips, not both.")},
		{p: tipAction{Player: "Anna"}, msg: tips.Incomplete},
		{p: tipAction{}, msg: tips.Incomplete},
		{p: tipAction{Tips: map[string]string{}}, msg: tips.Empty},
	} {
		got, err := tips.Given(c.p)
		if c.msg.DE != "" {
			if re := ruleOf(t, err); re.Rule != "bad-action" || re.Msg != c.msg {
				t.Errorf("%+v: %s %+v, want %+v", c.p, re.Rule, re.Msg, c.msg)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v: %v %v, want %v", c.p, got, err, c.want)
		}
	}
}

func TestSecretChoiceSplitAndCollect(t *testing.T) {
	batch := tipLine(`{"type":"tip","tips":{"Ben":"c","Anna":"b"}}`)
	single := tipLine(`{"type":"tip","player":"Anna","tip":"b"}`)
	if got := tips.Speakers(batch); !reflect.DeepEqual(got, []string{"Anna", "Ben"}) {
		t.Errorf("speakers of a batch: %v", got)
	}
	if got := tips.Speakers(single); !reflect.DeepEqual(got, []string{"Anna"}) {
		t.Errorf("speakers of a single tip: %v", got)
	}
	if p, ok := tips.Secret(single); p != "Anna" || !ok {
		t.Errorf("a single tip is Anna's secret: %q %v", p, ok)
	}
	for _, a := range []Action{batch, tipLine(`{"type":"tip","tip":"b"}`), tipLine(`{"type":"tip","player":"Anna","tip":"b","typo":1}`), {Type: "bet", Data: single.Data}} {
		if p, ok := tips.Secret(a); ok {
			t.Errorf("%s is no single secret tip, but %q's", a.Data, p)
		}
	}
	parts, ok := tips.Split(batch)
	var lines []string
	for _, a := range parts {
		lines = append(lines, a.Type+" "+string(a.Data))
	}
	// The split choices are in the order of the names, each as one phone
	// would post it.
	want := []string{`tip {"type":"tip","player":"Anna","tip":"b"}`, `tip {"type":"tip","player":"Ben","tip":"c"}`}
	if !ok || !reflect.DeepEqual(lines, want) {
		t.Fatalf("split: %v %q", ok, lines)
	}
	for _, a := range []Action{single, tipLine(`{"type":"tip","tips":{}}`), tipLine(`{"type":"tip","player":"Anna","tips":{"Ben":"c"}}`)} {
		if _, ok := tips.Split(a); ok {
			t.Errorf("%s split as a batch", a.Data)
		}
	}
	all, err := tips.Collect(parts)
	if err != nil || all.Type != "tip" || string(all.Data) != `{"tips":{"Anna":"b","Ben":"c"},"type":"tip"}` {
		t.Fatalf("collect: %v %s %s", err, all.Type, all.Data)
	}
}

func TestHideChoices(t *testing.T) {
	players := []string{"Anna", "Ben", "Cem"}
	choices := []string{"b", "", "c"}
	for _, c := range []struct {
		v    Viewer
		want []string
	}{
		{Viewer{Role: RolePlayer, Player: "Anna"}, []string{"b", "", Hidden}},
		{Viewer{Role: RolePlayer, Player: "Ben"}, []string{Hidden, "", Hidden}},
		{Viewer{Role: RoleTable}, []string{Hidden, "", Hidden}},
		{Viewer{Role: RoleSpectator}, []string{Hidden, "", Hidden}},
	} {
		if got := HideChoices(players, choices, c.v); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v sees %v, want %v", c.v, got, c.want)
		}
	}
	if !reflect.DeepEqual(choices, []string{"b", "", "c"}) {
		t.Fatalf("HideChoices changed the state's choices: %v", choices)
	}
}

func TestSeats(t *testing.T) {
	players, err := SeatNames([]string{" Anna ", "Zoé"})
	if err != nil || !reflect.DeepEqual(players, []string{"Anna", "Zoé"}) {
		t.Fatalf("%v %v", players, err)
	}
	if SeatOf(players, " zoé") != 1 || SeatOf(players, "Ben") != -1 {
		t.Fatal("SeatOf ignores case and spaces, and finds only players")
	}
	for names, want := range map[[2]string]i18n.Text{
		{"Anna", " "}:    i18n.T("Spieler 2 hat keinen Namen.", "Player 2 has no name."),
		{"Anna", "ANNA"}: i18n.T("Der Name „ANNA“ kommt doppelt vor.", `The name "ANNA" appears twice.`),
	} {
		_, err := SeatNames(names[:])
		if re := ruleOf(t, err); re.Rule != "player-name" || re.Msg != want {
			t.Errorf("%q: %s %+v", names, re.Rule, re.Msg)
		}
	}
}

func TestFirstSeat(t *testing.T) {
	players := []string{"Anna", "Ben"}
	if i, err := FirstSeat(players, ""); i != 0 || err != nil {
		t.Fatalf("no one named: %d %v", i, err)
	}
	if i, err := FirstSeat(players, "ben "); i != 1 || err != nil {
		t.Fatalf("Ben: %d %v", i, err)
	}
	_, err := FirstSeat(players, "Cem")
	want := i18n.T("„Cem“ spielt nicht mit und kann nicht anfangen.", `"Cem" is not playing and cannot begin.`)
	if re := ruleOf(t, err); re.Rule != "unknown-player" || re.Msg != want {
		t.Fatalf("%s %+v", re.Rule, re.Msg)
	}
}

// A dealt game deals from its seed alone, and always as it did: recorded
// games replay only while the same seed gives the same order.
func TestShuffleDealsFromTheSeed(t *testing.T) {
	ids := []string{"A", "B", "C", "D", "E", "F"}
	Shuffle(7, ids)
	if want := []string{"A", "E", "F", "C", "B", "D"}; !reflect.DeepEqual(ids, want) {
		t.Fatalf("seed 7 deals %v, dealt %v before", ids, want)
	}
}
