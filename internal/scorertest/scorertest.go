// Package scorertest drives a running scorer from outside, as the tests
// of `druckreif serve`, the scorer's benchmarks and the load generator
// (cmd/druckreif-load) do: it starts a server and waits for its address,
// and it plays The Game in assistant mode by the API's prompt.
package scorertest

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"time"
)

// startTimeout is how long Start waits for the server's address.
const startTimeout = 30 * time.Second

// Start starts cmd, a `druckreif serve` on 127.0.0.1, and returns the
// first http:// address it prints on its standard output (the rest of its
// output is read and dropped; its errors go to this process's). A server
// that prints none within 30 seconds is killed.
func Start(cmd *exec.Cmd) (string, error) {
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return "", err
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		url := regexp.MustCompile(`http://127\.0\.0\.1:\d+`)
		for sc.Scan() {
			if u := url.FindString(sc.Text()); u != "" {
				found <- u
				break
			}
		}
		io.Copy(io.Discard, out)
	}()
	select {
	case u := <-found:
		return u, nil
	case <-time.After(startTimeout):
		cmd.Process.Kill()
		return "", errors.New("the server did not start")
	}
}

// TheGameMove is a legal next action for The Game in assistant mode, read
// from the table's state and prompt ("next") as the API answers them:
// cards laid without value (always allowed while the hand holds cards) up
// to the turn's minimum, then the draw or the end of the turn.
func TheGameMove(state, next map[string]any) string {
	allowed := map[string]bool{}
	list, _ := next["allowed"].([]any)
	for _, a := range list {
		if s, ok := a.(string); ok {
			allowed[s] = true
		}
	}
	plays, _ := state["turn_plays"].(float64)
	draw, _ := state["draw_count"].(float64)
	min := 2.0
	if draw == 0 {
		min = 1
	}
	switch {
	case allowed["play"] && plays < min:
		return `{"type":"play","pile":"1A","confirmed":true}`
	case allowed["draw"]:
		return `{"type":"draw"}`
	case allowed["end"]:
		return `{"type":"end"}`
	case allowed["confirm"]:
		return `{"type":"confirm"}`
	case allowed["play"]:
		return `{"type":"play","pile":"1B","confirmed":true}`
	}
	return `{"type":"block"}`
}
