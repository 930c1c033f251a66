package dativ

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"druckreif/rules"
)

// readLog reads a replay file the way `druckreif replay` does: JSON Lines,
// the setup first, blank lines and # comments skipped.
func readLog(t *testing.T, path string) rules.Log {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var l rules.Log
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		raw := append(json.RawMessage(nil), line...)
		if l.Setup == nil {
			l.Setup = raw
			continue
		}
		l.Actions = append(l.Actions, act(string(raw)))
	}
	return l
}

// The documented example game replays to its end with the default decks.
func TestExampleGame(t *testing.T) {
	l := readLog(t, "../../docs/examples/dativ.jsonl")
	e := New(defaultSet(t))
	final, prompt, err := rules.Run(e).Replay(l, func(i int, st any, ev []rules.Event) {
		checkChips(t, st.(State))
	})
	if err != nil {
		t.Fatal(err)
	}
	s := final.(State)
	if !prompt.Over || s.Drawn != 24 || !reflect.DeepEqual(s.Chips, []int{17, 20, 26, 20}) || s.Supply != 17 || s.Pot != 0 || !reflect.DeepEqual(s.Winners, []string{"Aylin"}) {
		t.Fatalf("over %v drawn %d chips %v supply %d pot %d winners %v", prompt.Over, s.Drawn, s.Chips, s.Supply, s.Pot, s.Winners)
	}
	undone, _, err := rules.Replay(e, rules.Undo(l))
	if err != nil {
		t.Fatal(err)
	}
	redone, _, err := e.Apply(undone, l.Actions[len(l.Actions)-1])
	if err != nil || !reflect.DeepEqual(redone, s) {
		t.Fatalf("undo/redo: %v", err)
	}
}
