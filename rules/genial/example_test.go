package genial

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

// The documented example game replays to its end with the default decks:
// Mireille and Aylin tie at 160, Aylin wins the tie-break.
func TestExampleGame(t *testing.T) {
	l := readLog(t, "../../docs/examples/genial.jsonl")
	e := New(defaultSet(t))
	final, prompt, err := rules.Run(e).Replay(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := final.(State)
	if !prompt.Over || s.Winner != "Aylin" || s.TieBreak != 1 || !reflect.DeepEqual(s.Scores, []int{160, 150, 180}) {
		t.Fatalf("over %v winner %s tie-break %d scores %v", prompt.Over, s.Winner, s.TieBreak, s.Scores)
	}
	if s.Asked != 18+2 {
		t.Fatal(s.Asked)
	}
	// Undoing the last action and replaying it gives the same end.
	undone, _, err := rules.Replay(e, rules.Undo(l))
	if err != nil {
		t.Fatal(err)
	}
	redone, _, err := e.Apply(undone, l.Actions[len(l.Actions)-1])
	if err != nil || !reflect.DeepEqual(redone, s) {
		t.Fatalf("undo/redo: %v", err)
	}
}
