package raab

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"druckreif/rules"
)

var eng = New(nil)

func start(t *testing.T, setup string) State {
	t.Helper()
	s, err := eng.Start(json.RawMessage(setup))
	if err != nil {
		t.Fatalf("start %s: %v", setup, err)
	}
	return s
}

// act builds an action as the replay file has it: the whole line is the
// data. fields is the rest of the JSON object, e.g. `"player":"Anna"`.
func act(typ, fields string) rules.Action {
	line := fmt.Sprintf(`{"type":%q}`, typ)
	if fields != "" {
		line = fmt.Sprintf(`{"type":%q,%s}`, typ, fields)
	}
	return rules.Action{Type: typ, Data: json.RawMessage(line)}
}

func do(t *testing.T, s State, typ, fields string) State {
	t.Helper()
	next, _, err := eng.Apply(s, act(typ, fields))
	if err != nil {
		t.Fatalf("%s {%s} in phase %s: %v", typ, fields, s.Phase, err)
	}
	return next
}

func doEv(t *testing.T, s State, typ, fields string) (State, []rules.Event) {
	t.Helper()
	next, ev, err := eng.Apply(s, act(typ, fields))
	if err != nil {
		t.Fatalf("%s {%s} in phase %s: %v", typ, fields, s.Phase, err)
	}
	return next, ev
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// reject asserts the action is refused under the named rule and leaves the
// state as it was.
func reject(t *testing.T, s State, typ, fields, rule string) {
	t.Helper()
	before := mustJSON(t, s)
	got, _, err := eng.Apply(s, act(typ, fields))
	var re *rules.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s {%s}: want rule %q, got %v", typ, fields, rule, err)
	}
	if re.Rule != rule {
		t.Fatalf("%s {%s}: want rule %q, got %q (%s)", typ, fields, rule, re.Rule, re.Msg.EN)
	}
	if re.Msg.DE == "" || re.Msg.EN == "" {
		t.Fatalf("%s: reason missing in a language: %+v", rule, re.Msg)
	}
	if mustJSON(t, s) != before || mustJSON(t, got) != before {
		t.Fatalf("%s {%s}: a refused action changed the state", typ, fields)
	}
}

func allowed(t *testing.T, s State, want ...string) {
	t.Helper()
	p := eng.Next(s)
	if !slices.Equal(p.Allowed, want) {
		t.Fatalf("phase %s: allowed %v, want %v (%s)", s.Phase, p.Allowed, want, p.Text.EN)
	}
}

// firstUnplayed is the first game on the spinner that can still be played.
func firstUnplayed(s State) string {
	for _, c := range s.available() {
		if !s.played(c) {
			return c
		}
	}
	return ""
}

// playGame plays the current game to its end with plain choices: the
// first possible host and candidates, no Wild Card, the side behind lets
// the team begin, and winner wins.
func playGame(t *testing.T, s State, winner string) State {
	t.Helper()
	n := s.Number()
	for s.Phase != PhaseOver && s.Number() == n {
		switch s.Phase {
		case PhaseHost:
			side := SideTeam
			if s.Mode == ModeTeams {
				side = hostSide(n)
			}
			s = do(t, s, ActHost, fmt.Sprintf(`"player":%q`, s.members(side)[0]))
		case PhaseSpin:
			s = do(t, s, ActSpin, fmt.Sprintf(`"game":%q`, firstUnplayed(s)))
		case PhaseCandidate:
			if s.Mode == ModeTeams {
				side := SideTeam
				if s.Current.Candidate != "" {
					side = SideStefan
				}
				for _, p := range s.members(side) {
					if p != s.Host {
						s = do(t, s, ActCandidate, fmt.Sprintf(`"player":%q`, p))
						break
					}
				}
				continue
			}
			s = do(t, s, ActCandidate, fmt.Sprintf(`"player":%q`, s.eligible()[0]))
		case PhaseWildCard:
			s = do(t, s, ActAccept, "")
		case PhaseBegin:
			s = do(t, s, ActBegin, `"side":"team"`)
		case PhaseResult:
			s = do(t, s, ActResult, fmt.Sprintf(`"winner":%q`, winner))
		default:
			t.Fatalf("unknown phase %q", s.Phase)
		}
	}
	return s
}

// playWinners plays one game per winner ("s" or "t").
func playWinners(t *testing.T, s State, winners string) State {
	t.Helper()
	for i, w := range winners {
		if s.Phase == PhaseOver {
			t.Fatalf("over after %d of %d games (%+v)", i, len(winners), s.Score)
		}
		side := SideTeam
		if w == 's' {
			side = SideStefan
		}
		s = playGame(t, s, side)
	}
	return s
}

// readLog reads a replay file: the setup line, then one action per line.
func readLog(t testing.TB, lines [][]byte) rules.Log {
	t.Helper()
	var l rules.Log
	for i, line := range lines {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if i == 0 {
			l.Setup = json.RawMessage(line)
			continue
		}
		var head struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(line, &head); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		l.Actions = append(l.Actions, rules.Action{Type: head.Type, Data: json.RawMessage(line)})
	}
	return l
}
