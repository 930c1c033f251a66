package rules

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// counter is a toy game: players add 1–3 to a shared total, never past 10.
type counter struct{}

type counterState struct {
	Total int `json:"total"`
	Turns int `json:"turns"`
}

func (counter) Start(setup json.RawMessage) (counterState, error) { return counterState{}, nil }

func (counter) Apply(s counterState, a Action) (counterState, []Event, error) {
	var p struct {
		N int `json:"n"`
	}
	if err := a.Decode(&p); err != nil {
		return s, nil, err
	}
	if p.N < 1 || p.N > 3 {
		return s, nil, Forbid("step", "nur 1 bis 3", "only 1 to 3")
	}
	if s.Total+p.N > 10 {
		return s, nil, Forbid("limit", "höchstens 10", "at most 10")
	}
	s.Total += p.N
	s.Turns++
	return s, []Event{Eventf("+%d", "+%d", p.N)}, nil
}

func (counter) Next(s counterState) Prompt {
	return Prompt{Allowed: []string{"add"}, Over: s.Total == 10}
}

func add(n int) Action { return NewAction("add", map[string]int{"n": n}) }

func TestReplayUndoAmend(t *testing.T) {
	l := Log{Actions: []Action{add(3), add(3), add(3)}}
	s, ev, err := Replay[counterState](counter{}, l)
	if err != nil || s.Total != 9 || len(ev) != 3 {
		t.Fatalf("replay: %+v %v", s, err)
	}
	s, _, _ = Replay[counterState](counter{}, Undo(l))
	if s.Total != 6 {
		t.Fatalf("undo: %+v", s)
	}
	// Amending the first action to 1 keeps the rest legal.
	l2, err := Amend[counterState](counter{}, l, 0, add(1))
	if err != nil {
		t.Fatal(err)
	}
	if s, _, _ := Replay[counterState](counter{}, l2); s.Total != 7 {
		t.Fatalf("amended: %+v", s)
	}
	// Amending to 3 → total 9, then +3 later would pass 10: the first later
	// action that no longer holds is reported.
	l3 := Log{Actions: []Action{add(1), add(3), add(3), add(3)}}
	_, err = Amend[counterState](counter{}, l3, 0, add(3))
	var se *StepError
	if !errors.As(err, &se) || se.Index != 3 {
		t.Fatalf("want the 4th action reported, got %v", err)
	}
	var re *RuleError
	if !errors.As(err, &re) || re.Rule != "limit" {
		t.Fatalf("want rule limit, got %v", err)
	}
}

func TestRunnerTraces(t *testing.T) {
	var totals []int
	final, prompt, err := Run[counterState](counter{}).Replay(Log{Actions: []Action{add(2), add(3)}}, func(i int, s any, ev []Event) {
		totals = append(totals, s.(counterState).Total)
	})
	if err != nil || !reflect.DeepEqual(totals, []int{2, 5}) || final.(counterState).Total != 5 || prompt.Over {
		t.Fatalf("%v %v %+v", totals, err, prompt)
	}
}

// A runner's single steps reach the state a replay of the same log reaches,
// and a refused step leaves the state it was given.
func TestRunnerSteps(t *testing.T) {
	r := Run[counterState](counter{})
	s, err := r.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2, 3, 3} {
		if s, _, err = r.Apply(s, add(n)); err != nil {
			t.Fatal(err)
		}
	}
	replayed, _, _ := r.Replay(Log{Actions: []Action{add(2), add(3), add(3)}}, nil)
	if !reflect.DeepEqual(s, replayed) {
		t.Fatalf("steps %+v, replay %+v", s, replayed)
	}
	after, ev, err := r.Apply(s, add(3))
	var re *RuleError
	if !errors.As(err, &re) || re.Rule != "limit" || ev != nil || !reflect.DeepEqual(after, s) {
		t.Fatalf("refused step: %+v %v %v", after, ev, err)
	}
	if _, _, err := r.Apply("not a state", add(1)); err == nil {
		t.Fatal("a foreign state type must be an error")
	}
	// Engines without secrets or views: the defaults.
	if v := r.View(s, Viewer{Role: RoleSpectator}); !reflect.DeepEqual(v, s) {
		t.Fatalf("default view changed the state: %+v", v)
	}
	if got := r.Speakers(s, NewAction("add", map[string]any{"player": "Anna", "n": 1})); !reflect.DeepEqual(got, []string{"Anna"}) {
		t.Fatalf("speakers %v", got)
	}
	if _, ok := r.Secret(s, add(1)); ok {
		t.Fatal("no secrets in the toy game")
	}
	if o := r.Outcome(s); o.Remaining != -1 || o.Winners != nil {
		t.Fatalf("default outcome %+v", o)
	}
	if st, ok := r.Scoreboard(s); ok || st.Scores != nil {
		t.Fatalf("the toy game counts no players, yet: %+v", st)
	}
}
