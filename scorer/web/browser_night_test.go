package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	bt "druckreif/internal/browsertest"
)

// revealText is the reveal as a phone shows it (empty when there is none
// or it is folded on that phone).
func revealText(t *testing.T, p context.Context) string {
	t.Helper()
	return bt.Run(t, p, chromedp.Evaluate[string](`(() => { const r = document.querySelector(".reveal:not(.folded) .reveal-body"); return r ? r.innerText : ""; })()`))
}

// tableShown waits until the phone shows a table that ok accepts, through
// the page loads on the way (a rematch's form and event), and returns it.
func tableShown(t *testing.T, p context.Context, ok func(id string) bool) string {
	t.Helper()
	deadline := time.Now().Add(bt.Timeout)
	for {
		c, cancel := context.WithTimeout(p, 2*time.Second)
		at, err := chromedp.Run(c, chromedp.Evaluate[string](`document.readyState === "complete" && document.getElementById("board") ? document.getElementById("board").dataset.table : ""`))
		cancel()
		if err == nil && ok(at) {
			return at
		}
		if time.Now().After(deadline) {
			t.Fatalf("the phone shows table %q (%v)", at, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// A labyrinth question played as tables really play: Clara on her phone,
// Anna with the printed tip card and chip, entered on the table's phone
// (which Ben, the reader, holds). Clara's choice is never replaced, the
// chip half-entered for Anna survives Clara's tap, and every phone shows
// the same reveal — both choices, the answer, "+3"/"−5" and the rule —
// until the next card; "Weiter" folds it on one phone only.
func TestBrowserMixedRoundAndReveal(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	a := e.account("Tisch")
	id, pin := a.table(`{"game":"labyrinth","players":["Anna","Ben","Clara"],"reader":"Ben","normal":2,"risk":0}`)
	host := hostPhone(t, browser, e, "Tisch", id)
	clara := seatPhones(t, browser, e, id, pin, "Clara")[0]
	phones := []context.Context{host, clara}

	bt.Do(t, host, chromedp.SendKeys(css(`input[name=card]`), "1"), chromedp.Click(css(`.cardform button.primary`)))
	for _, p := range phones {
		bt.Do(t, p, settled(1), waitText(`.lab-card`, "Schild"))
	}
	// The table's phone picks Anna's chip 5 and has not sent it yet …
	bt.Do(t, host, chromedp.SetValue(css(`select[name="chip-Anna"]`), "5"))
	// … when Clara places chip 3 and tip B on her phone.
	bt.Do(t, clara, chromedp.Click(css(`.chip-pick input[value="3"]`)), chromedp.Click(css(`.tip-pick input[value="B"]`)), chromedp.Click(css(`form.secret button`)))
	bt.Do(t, clara, waitText(`#board .round`, "Deine Wahl: B · Chip 3 – geheim, änderbar bis alle gewählt haben"))
	bt.Do(t, host, settledWith(1, 1), waitText(`#board .round`, "1 von 2 haben gewählt"))
	h := bt.HTML(t, host)
	if strings.Contains(h, `name="tip-Clara"`) || strings.Contains(h, `name="chip-Clara"`) {
		t.Fatal("the table's phone offers to enter Clara's choice, which her phone has made")
	}
	if !strings.Contains(h, `name="tip-Anna"`) {
		t.Fatal("the table's phone does not offer Anna's tip")
	}
	if got := bt.Run(t, host, chromedp.Evaluate[string](`document.querySelector('select[name="chip-Anna"]').value`)); got != "5" {
		t.Fatalf("Anna's chip on the table's phone says %q after Clara's tap, want the 5 picked", got)
	}
	bt.Shot(t, host, "70-mixed-table-entry")
	// The table's phone enters Anna's printed tip A with the chip 5.
	bt.Do(t, host, chromedp.SetValue(css(`select[name="tip-Anna"]`), "A"), chromedp.Click(css(`details.card form button.big`)))
	for _, p := range phones {
		bt.Do(t, p, settled(2))
	}
	// Ben turns the tip cards over.
	bt.Do(t, host, chromedp.Click(css(`input[name=type][value=reveal] ~ button`)))
	for _, p := range phones {
		bt.Do(t, p, settled(3), chromedp.WaitVisible(css(`.reveal .reveal-body`)))
		r := revealText(t, p)
		for _, want := range []string{"B: nur nach dem ersten", "Clara", "B · Einsatz 3", "+3", "Einsatz 3, richtig", "Anna", "A · Einsatz 5", "−5", "Einsatz 5, falsch – zurück in eine Nische", "liest vor"} {
			if !strings.Contains(r, want) {
				t.Fatalf("the reveal lacks %q:\n%s", want, r)
			}
		}
	}
	bt.Shot(t, clara, "71-reveal-phone")
	wall := bt.Screen(t, browser)
	bt.Do(t, wall, chromedp.Navigate(e.srv.URL+"/lang?to=en&back=/j/"+id+"?pin="+pin), chromedp.WaitVisible(css(`button.seat`)))
	bt.Navigate(t, wall, chromedp.Click(css(`input[name=role][value=spectator] ~ button`)))
	bt.Do(t, wall, chromedp.WaitVisible(css(`.reveal .reveal-body`)))
	if r := revealText(t, wall); !strings.Contains(r, "bet 3, right") || !strings.Contains(r, "bet 5, wrong – back into a niche") {
		t.Fatalf("the wall screen's reveal in English:\n%s", r)
	}
	bt.Shot(t, wall, "72-reveal-wall-en")

	// "Weiter" on Clara's phone folds it there; the table keeps it.
	bt.Do(t, clara, chromedp.Click(css(`.reveal button[data-fold]`)))
	if revealText(t, clara) != "" {
		t.Fatal("the reveal stays open on Clara's phone after Weiter")
	}
	if revealText(t, host) == "" {
		t.Fatal("Clara's Weiter folded the reveal on the table's phone")
	}
	// The next card ends it on every phone.
	bt.Do(t, host, chromedp.SendKeys(css(`input[name=card]`), "2"), chromedp.Click(css(`.cardform button.primary`)))
	for _, p := range []context.Context{host, clara, wall} {
		bt.Do(t, p, settled(4))
		if n := elements(t, p, ".reveal"); n != 0 {
			t.Fatal("the reveal outlived the next card")
		}
	}
}

// Genial daneben with a player who has no phone: the table's phone is
// handed to Clara, shows only her choice (no solution, nobody's tile),
// hides again after her tap, and her tile goes in beside Ben's from his
// phone; the reveal shows both tiles, the right answer and the points.
func TestBrowserPassThePhone(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	a := e.account("Tisch")
	id, pin := a.table(`{"game":"genial","players":["Anna","Ben","Clara"],"cards":1}`)
	host := hostPhone(t, browser, e, "Tisch", id)
	ben := seatPhones(t, browser, e, id, pin, "Ben")[0]
	bt.Do(t, host, chromedp.SendKeys(css(`input[name=card]`), "1"), chromedp.Click(css(`.cardform button.primary`)))
	for _, p := range []context.Context{host, ben} {
		bt.Do(t, p, settled(1), chromedp.WaitVisible(css(`.gen-card`)))
	}
	bt.Do(t, ben, chromedp.Click(css(`form.tiles button[value=b]`)), waitText(`#board .round`, "Deine Wahl: b – geheim"))
	bt.Do(t, host, settledWith(1, 1), chromedp.WaitVisible(css(`.round .pass a`)))
	bt.Shot(t, host, "73-pass-offer")
	if h := bt.HTML(t, host); strings.Contains(h, "Handy an Ben") {
		t.Fatal("the table offers to pass the phone to Ben, who has chosen on his own")
	}
	bt.Navigate(t, host, chromedp.Click(css(`.round .pass a`)))
	bt.Do(t, host, chromedp.WaitVisible(css(`form.tiles`)))
	bt.Shot(t, host, "74-pass-clara")
	if h := bt.HTML(t, host); strings.Contains(h, "data-solution") || strings.Contains(h, `class="correct"`) || strings.Contains(h, "Deine Wahl: b") {
		t.Fatal("the phone handed to Clara shows the solution or Ben's tile")
	}
	bt.Navigate(t, host, chromedp.Click(css(`form.tiles button[value=a]`)))
	bt.Do(t, host, waitText(`.pass-done`, "Zurück an den Tisch"))
	bt.Shot(t, host, "75-pass-done")
	if h := bt.Run(t, host, chromedp.Text(css(`.pass-done`))); strings.Contains(h, "a)") || strings.Contains(h, "Taíno") {
		t.Fatalf("after Clara's tap the phone still shows her choice: %q", h)
	}
	bt.Navigate(t, host, chromedp.Click(css(`.pass-done a.button`)))
	for _, p := range []context.Context{host, ben} {
		bt.Do(t, p, settled(2), chromedp.WaitVisible(css(`.reveal .reveal-body`)))
		r := revealText(t, p)
		for _, want := range []string{"Taíno", "Ben", "Clara", "+20", "±0"} {
			if !strings.Contains(r, want) {
				t.Fatalf("the reveal lacks %q:\n%s", want, r)
			}
		}
	}
	bt.Shot(t, ben, "76-gen-reveal")
}

// After the end: "Nochmal mit denselben" on the table's phone starts the
// same game with the same players, and the players' phones follow to their
// own seats at once, without a scan. A phone that was off the Wi-Fi for a
// minute meanwhile comes back to its seat and the current state by
// itself, without a reload. The invitation is folded once the game runs.
func TestBrowserRematchAndResume(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	a := e.account("Tisch")
	id, pin := a.table(`{"game":"genial","players":["Anna","Ben","Clara"],"cards":1}`)
	host := hostPhone(t, browser, e, "Tisch", id)
	if open := bt.Run(t, host, chromedp.Evaluate[bool](`document.querySelector("details.share").open`)); !open {
		t.Fatal("the invitation is folded before anyone has joined")
	}
	phones := seatPhones(t, browser, e, id, pin, "Anna", "Ben", "Clara")
	anna, ben, clara := phones[0], phones[1], phones[2]
	ask := func(asker context.Context, card string, v int) {
		t.Helper()
		bt.Do(t, asker, settled(v), chromedp.SendKeys(css(`input[name=card]`), card), chromedp.Click(css(`.cardform button.primary`)))
	}
	ask(anna, "1", 0)
	bt.Do(t, host, settled(1))
	if open := bt.Run(t, host, chromedp.Evaluate[bool](`document.querySelector("details.share").open`)); open {
		t.Fatal("the invitation still fills the table's screen with every seat taken and the game running")
	}
	bt.Shot(t, host, "77-invite-folded")

	// Clara loses the Wi-Fi for a minute; meanwhile the others play on.
	bt.Run(t, clara, chromedp.Evaluate[bool](`window.druckreifNoReload = true`))
	bt.Offline(t, clara, true)
	bt.Do(t, ben, settled(1), chromedp.Click(css(`form.tiles button[value=a]`)))
	time.Sleep(20 * time.Second)
	bt.Do(t, anna, settledWith(1, 1)) // Ben's tile is in; Clara's phone is off
	time.Sleep(40 * time.Second)
	if v := bt.Run(t, clara, chromedp.Evaluate[string](`document.getElementById("board").dataset.pending`)); v != "0" {
		t.Fatalf("an offline phone learned of Ben's tile (pending %s)", v)
	}
	bt.Offline(t, clara, false)
	bt.Do(t, clara, settledWith(1, 1), chromedp.WaitVisible(css(`form.tiles`)))
	if !bt.Run(t, clara, chromedp.Evaluate[bool](`window.druckreifNoReload === true`)) {
		t.Fatal("the phone reloaded to come back")
	}
	bt.Do(t, clara, chromedp.Click(css(`form.tiles button[value=b]`)))
	for _, p := range []context.Context{host, anna, ben, clara} {
		bt.Do(t, p, settled(2))
	}
	ask(ben, "2", 2)
	bt.Do(t, anna, settled(3), chromedp.Click(css(`form.tiles button[value=a]`)))
	bt.Do(t, clara, settledWith(3, 1), chromedp.Click(css(`form.tiles button[value=c]`)))
	ask(clara, "3", 4)
	bt.Do(t, anna, settled(5), chromedp.Click(css(`form.tiles button[value=a]`)))
	bt.Do(t, ben, settledWith(5, 1), chromedp.Click(css(`form.tiles button[value=b]`)))
	for _, p := range []context.Context{host, anna, ben, clara} {
		bt.Do(t, p, settled(6), chromedp.WaitVisible(css(`.result.final`)))
	}
	if elements(t, ben, `form[action$="/rematch"]`) != 0 {
		t.Fatal("a player's phone offers the rematch")
	}
	bt.Shot(t, host, "78-over-rematch")
	// The table's phone goes to the new table by the form's answer (or,
	// whichever comes first, by the rematch event as every phone does).
	bt.Do(t, host, chromedp.Click(css(`form[action$="/rematch"] button`)))
	next := tableShown(t, host, func(at string) bool { return at != "" && at != id })
	for i, p := range []context.Context{anna, ben, clara} {
		name := []string{"Anna", "Ben", "Clara"}[i]
		tableShown(t, p, func(at string) bool { return at == next })
		bt.Do(t, p, settled(0), waitText(`.tablehead`, "Dein Platz"), chromedp.WaitVisible(css(`.tablehead .chip[title="`+name+`"]`)))
	}
	bt.Shot(t, ben, "79-rematch-ben")
	// Everyone sits: the new table's invitation is folded at once.
	bt.Do(t, anna, chromedp.WaitVisible(css(`.cardform`)))
}
