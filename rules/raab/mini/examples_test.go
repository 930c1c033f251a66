package mini

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"druckreif/rules"
)

// readLog reads a replay file as the replay command does: JSON Lines, the
// setup first, "#" lines are comments. "# winner: red" states the result,
// a comment starting "# 3:2" the score at that point (after that many
// actions).
func readLog(t *testing.T, path string) (rules.Log, string, map[int][2]int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var log rules.Log
	winner := ""
	scores := map[int][2]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if w, ok := strings.CutPrefix(l, "# winner:"); ok {
			winner = strings.TrimSpace(w)
		}
		var r, b int
		if n, _ := fmt.Sscanf(l, "# %d:%d", &r, &b); n == 2 {
			scores[len(log.Actions)] = [2]int{r, b}
		}
		if l == "" || l[0] == '#' {
			continue
		}
		if log.Setup == nil {
			log.Setup = json.RawMessage(l)
			continue
		}
		log.Actions = append(log.Actions, line(t, l))
	}
	return log, winner, scores
}

// Every example game replays to its end with the stated winner, with the
// default decks; the runner used by the replay command agrees.
func TestExamples(t *testing.T) {
	files, _ := filepath.Glob("testdata/examples/*.jsonl")
	if len(files) < 36 {
		t.Fatalf("only %d examples", len(files))
	}
	e := New(defaultSet(t))
	codes := map[string]bool{}
	for _, f := range files {
		log, winner, scores := readLog(t, f)
		for n, want := range scores {
			s, _, err := rules.Replay(e, rules.Log{Setup: log.Setup, Actions: log.Actions[:n]})
			if err != nil || s.Score != want {
				t.Fatalf("%s: after %d actions score %v, the comment says %v (%v)", f, n, s.Score, want, err)
			}
		}
		s, events, err := rules.Replay(e, log)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !e.Next(s).Over || Winner(s) != winner || winner == "" {
			t.Fatalf("%s: winner %q, want %q (score %v)", f, Winner(s), winner, s.Score)
		}
		if len(events) < len(log.Actions) {
			t.Fatalf("%s: %d events for %d actions", f, len(events), len(log.Actions))
		}
		final, prompt, err := rules.Run(e).Replay(log, nil)
		if err != nil || !prompt.Over || final.(State).Winner != winner {
			t.Fatalf("%s: runner %v %+v", f, err, prompt)
		}
		codes[s.Code] = true
	}
	for code := range specs {
		if !codes[code] {
			t.Errorf("no example for %s", code)
		}
	}
}
