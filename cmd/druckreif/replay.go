package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"druckreif/i18n"
	"druckreif/internal/fileread"
	"druckreif/rules"
)

func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("replay", args, i18n.Sprintf(
		"Aufruf: druckreif replay [OPTIONEN] DATEI\n\nSpielt ein aufgezeichnetes Spiel nach: DATEI ist JSON Lines, die erste Zeile die Einrichtung\n({\"game\": \"labyrinth\", \"players\": [...], ...}), danach eine Aktion je Zeile. Gibt den Endstand\nals JSON aus; eine unerlaubte Aktion endet mit Exit-Code 1 und „DATEI:ZEILE: Grund“.\nFormat und Aktionen: docs/replay.md.",
		"Usage: druckreif replay [OPTIONS] FILE\n\nReplays a recorded game: FILE is JSON Lines, the first line the setup\n({\"game\": \"labyrinth\", \"players\": [...], ...}), then one action per line. Prints the final\nstate as JSON; an illegal action ends with exit code 1 and \"FILE:LINE: reason\".\nFormat and actions: docs/replay.md."), stderr)
	trace := fs.Bool("trace", false, i18n.Sprintf("den Stand nach jeder Zeile ausgeben", "print the state after every line").In(fs.lang))
	var df deckFlags
	df.register(fs)
	file, code, ok := fs.parseFile(args, stderr)
	if !ok {
		return code
	}
	lang := fs.lang
	data, err := fileread.ReadInput(file, stdin, maxReplayBytes)
	if err != nil {
		fmt.Fprintf(stderr, "druckreif replay: %s\n", i18n.OneLine(file+": "+errorIn(err, lang)))
		return 2
	}
	if file == "-" {
		file = "stdin"
	}
	log, lines, err := parseLog(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s:%s\n", i18n.OneLine(file), errorIn(err, lang))
		return 1
	}
	var head struct {
		Game    string `json:"game"`
		Partial bool   `json:"partial"`
	}
	json.Unmarshal(log.Setup, &head)
	if head.Partial {
		// A log the scorer exported before the game's end: the secrets of
		// the players' own phones (The Game's hand cards) are left out.
		var setup map[string]json.RawMessage
		json.Unmarshal(log.Setup, &setup)
		delete(setup, "partial")
		log.Setup, _ = json.Marshal(setup)
		fmt.Fprintln(stderr, i18n.Sprintf(
			"%s: teilweiser Verlauf (vor Spielende vom Punktezähler exportiert): was die Spieler an ihren eigenen Handys geheim eingetragen haben (Handkarten), fehlt; der Spielstand zeigt nur, was das Tisch-Handy wusste.",
			"%s: partial record (exported by the scorer before the game's end): what the players entered in secret on their own phones (hand cards) is left out; the state shows only what the table's phone knew.", i18n.OneLine(file)).In(lang))
	}
	set, code := df.load(fs, stderr)
	if set == nil {
		return code
	}
	runner, err := engineFor(head.Game, set)
	if err != nil {
		fmt.Fprintf(stderr, "%s:%d: %s\n", i18n.OneLine(file), lines[0], i18n.Sprintf("unbekanntes Spiel „%s“ (%s)", "unknown game %q (%s)", head.Game, strings.Join(engineNames(), ", ")).In(lang))
		return 1
	}
	enc := json.NewEncoder(stdout)
	var traceFn func(int, any, []rules.Event)
	if *trace {
		traceFn = func(i int, s any, ev []rules.Event) {
			var texts []string
			for _, e := range ev {
				texts = append(texts, e.Text.In(lang))
			}
			enc.Encode(map[string]any{"line": lines[i+1], "events": texts, "state": s})
		}
	}
	final, prompt, err := runner.Replay(log, traceFn)
	if err != nil {
		line := lines[0]
		var se *rules.StepError
		if errors.As(err, &se) {
			line = lines[se.Index+1]
		}
		fmt.Fprintf(stderr, "%s:%d: %s\n", i18n.OneLine(file), line, i18n.OneLine(reason(err, lang)))
		return 1
	}
	if !*trace {
		result := map[string]any{"state": final, "next": prompt}
		if head.Partial {
			result["partial"] = true
		}
		out, _ := json.MarshalIndent(result, "", "  ")
		fmt.Fprintln(stdout, string(out))
	}
	return 0
}

// reason is an error as a player reads it.
func reason(err error, lang i18n.Lang) string {
	var re *rules.RuleError
	if errors.As(err, &re) {
		return re.Msg.In(lang)
	}
	var se *rules.StepError
	if errors.As(err, &se) {
		return se.Err.Error()
	}
	return err.Error()
}

// Limits of a recorded game: a whole evening is a few hundred lines of a
// few hundred bytes.
const (
	maxReplayBytes = 16 << 20
	maxReplayLine  = 1 << 20
)

// stdin is where "replay -" reads; tests replace it.
var stdin io.Reader = os.Stdin

// lineError is a problem with one line of a recorded game; it formats as
// "LINE: reason" after the file name.
type lineError struct {
	line int
	msg  i18n.Text
}

func (e *lineError) Error() string { return e.In(i18n.German) }

func (e *lineError) In(l i18n.Lang) string { return fmt.Sprintf("%d: %s", e.line, e.msg.In(l)) }

// parseLog reads JSON Lines: the setup, then one action per line. Blank
// lines and lines starting with # are skipped; a byte-order mark at the
// start is allowed. lines[i] is the file line of entry i (0 = setup).
func parseLog(data []byte) (rules.Log, []int, error) {
	var log rules.Log
	var lines []int
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	for n := 1; len(data) > 0; n++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(line) > maxReplayLine {
			return log, nil, &lineError{n, i18n.Sprintf("die Zeile ist zu lang (mehr als %d MiB)", "the line is too long (more than %d MiB)", maxReplayLine>>20)}
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if !json.Valid(line) {
			return log, nil, &lineError{n, i18n.Sprintf("keine gültige JSON-Zeile", "not a valid JSON line")}
		}
		raw := append(json.RawMessage(nil), line...)
		if log.Setup == nil {
			log.Setup = raw
			lines = append(lines, n)
			continue
		}
		var head struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(raw, &head); err != nil || head.Type == "" {
			return log, nil, &lineError{n, i18n.Sprintf("eine Aktion braucht ein Feld \"type\"", "an action needs a field \"type\"")}
		}
		log.Actions = append(log.Actions, rules.Action{Type: head.Type, Data: raw})
		lines = append(lines, n)
	}
	if log.Setup == nil {
		return log, nil, &lineError{1, i18n.Sprintf("die erste Zeile muss die Einrichtung sein ({\"game\": …})", "the first line must be the setup ({\"game\": …})")}
	}
	return log, lines, nil
}
