package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	bt "druckreif/internal/browsertest"
)

// seatPhones opens one phone per name, each joined at the table with the
// PIN through the seat picker, in German.
func seatPhones(t *testing.T, browser context.Context, e *env, id, pin string, names ...string) []context.Context {
	t.Helper()
	var out []context.Context
	for _, n := range names {
		p := bt.Phone(t, browser)
		bt.Do(t, p, chromedp.Navigate(e.srv.URL+"/lang?to=de&back=/j/"+id+"?pin="+pin), chromedp.WaitVisible(css(`button.seat`)))
		bt.Navigate(t, p, chromedp.Click(css(`input[value="`+n+`"] ~ button.seat`)))
		bt.Do(t, p, chromedp.WaitVisible(css(`#board`)))
		out = append(out, p)
	}
	return out
}

// hostPhone is the table's phone of an account already logged in through
// the API: the browser logs in with the form.
func hostPhone(t *testing.T, browser context.Context, e *env, name, id string) context.Context {
	t.Helper()
	p := bt.Phone(t, browser)
	bt.Do(t, p, chromedp.Navigate(e.srv.URL+"/lang?to=de&back=/"),
		chromedp.SendKeys(css(`form[action="/login"] input[name=name]`), name),
		chromedp.SendKeys(css(`form[action="/login"] input[name=password]`), "passwort-"+name))
	bt.Navigate(t, p, chromedp.Click(css(`form[action="/login"] button`)))
	bt.Do(t, p, chromedp.Navigate(e.srv.URL+"/t/"+id), chromedp.WaitVisible(css(`#board`)))
	return p
}

// Das große Spiel with the reader's card on the table's phone and two
// players entering tip and chip on their own phones: nobody sees the
// other's choice before both are in; then the pieces move on the board.
func TestBrowserLabyrinth(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	a := e.account("Tisch")
	id, pin := a.table(`{"game":"labyrinth","players":["Anna","Ben","Cem"],"reader":"Anna","normal":1,"risk":1}`)
	host := hostPhone(t, browser, e, "Tisch", id)
	phones := seatPhones(t, browser, e, id, pin, "Ben", "Cem")
	ben, cem := phones[0], phones[1]
	bt.Shot(t, host, "30-lab-host")

	// The reader's phone (here the table's) takes card 1 by its number.
	bt.Do(t, host, chromedp.SendKeys(css(`input[name=card]`), "1"), chromedp.Click(css(`.cardform button.primary`)))
	for _, p := range []context.Context{host, ben, cem} {
		bt.Do(t, p, settled(1), waitText(`.lab-card`, "Schild"))
	}
	if h := bt.HTML(t, host); strings.Contains(h, `class="correct"`) || !strings.Contains(h, `data-show-solution="lab-solution"`) || !strings.Contains(h, `data-solution="lab-solution" hidden`) {
		t.Fatal("the table's phone (passed to the reader) must keep the answer behind a tap")
	}
	for _, p := range []context.Context{ben, cem} {
		if strings.Contains(bt.HTML(t, p), `class="correct"`) {
			t.Fatal("a player's phone shows the correct answer")
		}
	}
	bt.Shot(t, host, "31-lab-reader-card")
	// Ben: chip 3, tip B, face down.
	bt.Do(t, ben, chromedp.Click(css(`.chip-pick input[value="3"]`)), chromedp.Click(css(`.tip-pick input[value="B"]`)), chromedp.Click(css(`form.secret button`)))
	bt.Do(t, ben, waitText(`#board .round`, "Deine Wahl: B · Chip 3 – geheim, änderbar bis alle gewählt haben"))
	bt.Shot(t, ben, "32-lab-ben-placed")
	bt.Do(t, cem, settledWith(1, 1), waitText(`#board .labplayers`, "hat verdeckt gelegt"))
	bt.Shot(t, cem, "33-lab-cem-choosing")
	for _, p := range []context.Context{cem, host} {
		if h := bt.HTML(t, p); strings.Contains(h, `"tip":"B"`) || strings.Contains(h, `>Tipp B<`) {
			t.Fatal("Ben's tip is in another phone's page")
		}
	}
	// Cem: chip 5, tip A. Both are turned over together.
	bt.Do(t, cem, chromedp.Click(css(`.chip-pick input[value="5"]`)), chromedp.Click(css(`.tip-pick input[value="A"]`)), chromedp.Click(css(`form.secret button`)))
	for _, p := range []context.Context{host, ben, cem} {
		bt.Do(t, p, settled(2))
	}
	// The reader reveals: B is right; Ben moves 3, Cem back 5 (into a niche).
	bt.Do(t, host, chromedp.Click(css(`input[name=type][value=reveal] ~ button`)))
	for _, p := range []context.Context{host, ben, cem} {
		bt.Do(t, p, settled(3), waitText(`.labplayers`, "auf Feld 3"))
	}
	bt.Do(t, ben, waitText(`.labplayers`, "in einer Nische"))
	bt.Shot(t, ben, "34-lab-after-reveal")
	// Next reader: Ben. His phone has the draw form now; he draws the risk
	// card, a card the app does not know.
	bt.Do(t, ben, chromedp.WaitVisible(css(`.cardform`)))
	bt.Shot(t, ben, "35-lab-ben-reads")
	bt.Do(t, ben, chromedp.Click(css(`.lab details.unknown summary`)), chromedp.Click(css(`input[name=kind][value=risk] ~ button`)))
	for _, p := range []context.Context{host, ben, cem} {
		bt.Do(t, p, settled(4), waitText(`.lab-card`, "Risikofrage"))
	}
	// This time the players use the printed chips and tip cards; the
	// table's phone enters them once they are turned over: chips first.
	bt.Do(t, host, chromedp.SetValue(css(`select[name="chip-Anna"]`), "5"), chromedp.SetValue(css(`select[name="chip-Cem"]`), "1"),
		chromedp.Click(css(`input[name=type][value=place] ~ .entry ~ button, details.card form button.big`)))
	for _, p := range []context.Context{host, ben, cem} {
		bt.Do(t, p, settled(5))
	}
	bt.Do(t, host, chromedp.SetValue(css(`select[name="tip-Anna"]`), "A"), chromedp.SetValue(css(`select[name="tip-Cem"]`), "C"),
		chromedp.Click(css(`details.card form button.big`)))
	// Ben names the correct answer printed on his card: A. The stack is
	// used up: the game is over, Anna (+5) has come furthest.
	bt.Do(t, ben, settled(6), chromedp.Click(css(`input[name=correct][value=A]`)), chromedp.Click(css(`input[name=type][value=reveal] ~ fieldset ~ button`)))
	for _, p := range []context.Context{host, ben, cem} {
		bt.Do(t, p, settled(7), waitText(`.result.final`, "Anna"))
	}
	bt.Shot(t, cem, "36-lab-over")
}

// The Dativ card game on three phones: the reader picks card, side and
// variant on her phone (the variants there only, never which are right),
// everyone votes in secret — the reader too — and after the last vote the
// Decoder shows every correct version and the explanation.
func TestBrowserDativ(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	a := e.account("Tisch")
	id, pin := a.table(`{"game":"dativ","players":["Anna","Ben","Cem"],"cards":2}`)
	phones := seatPhones(t, browser, e, id, pin, "Anna", "Ben", "Cem")
	anna, ben, cem := phones[0], phones[1], phones[2]
	bt.Shot(t, anna, "40-dat-reader")
	bt.Do(t, anna, chromedp.SendKeys(css(`input[name=pick]`), "1"), chromedp.Click(css(`.cardform button.big`)), chromedp.WaitVisible(css(`form.pick`)))
	bt.Shot(t, anna, "41-dat-variants")
	if h := bt.HTML(t, anna); strings.Contains(h, "Richtig ist") || strings.Contains(h, "correct") {
		t.Fatal("the reader's phone shows which variant is right before the vote")
	}
	bt.Do(t, anna, chromedp.Click(css(`form.pick input[name=option][value=a]`)), chromedp.Click(css(`form.pick button.primary`)))
	for _, p := range phones {
		bt.Do(t, p, settled(1), chromedp.WaitVisible(css(`form.votes`)))
	}
	bt.Shot(t, ben, "42-dat-vote")
	bt.Do(t, ben, chromedp.Click(css(`form.votes button[value=falsch]`)), waitText(`#board .round`, "Deine Wahl: FALSCH – geheim"))
	bt.Do(t, anna, waitText(`.scores`, "hat abgestimmt"))
	if txt := bt.Run(t, anna, chromedp.Text(css(`.scores`))); strings.Contains(txt, "FALSCH") || strings.Contains(txt, "falsch") {
		t.Fatalf("Ben's vote shows on Anna's phone: %q", txt)
	}
	bt.Do(t, anna, settledWith(1, 1), chromedp.Click(css(`form.votes button[value=richtig]`)))
	bt.Do(t, cem, settledWith(1, 2), chromedp.Click(css(`form.votes button[value=falsch]`)))
	for _, p := range phones {
		bt.Do(t, p, settled(2), waitText(`.decoder`, "Richtig"))
	}
	bt.Shot(t, anna, "43-dat-decoder")
	bt.Shot(t, ben, "44-dat-next-reader")
	// The second and last card: Ben reads one the app does not know, all
	// vote, and he reads the answer through his Decoder.
	bt.Do(t, ben, chromedp.Click(css(`.dat details.unknown summary`)), chromedp.Click(css(`.dat details.unknown form button`)))
	for i, p := range phones {
		bt.Do(t, p, settledWith(3, i), chromedp.Click(css(`form.votes button[value=richtig]`)))
	}
	bt.Do(t, ben, settled(4), chromedp.Click(css(`button[name=right][value=true]`)))
	for _, p := range phones {
		bt.Do(t, p, settled(5), chromedp.WaitVisible(css(`.result.final`)))
	}
	bt.Shot(t, cem, "45-dat-over")
}

// Genial daneben on three phones: the questioner sees the asterisk, the
// others lay their tiles in secret, the score moves when the last is in.
func TestBrowserGenial(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	a := e.account("Tisch")
	id, pin := a.table(`{"game":"genial","players":["Anna","Ben","Cem"],"cards":1}`)
	phones := seatPhones(t, browser, e, id, pin, "Anna", "Ben", "Cem")
	anna, ben, cem := phones[0], phones[1], phones[2]
	bt.Do(t, anna, chromedp.SendKeys(css(`input[name=card]`), "1"), chromedp.Click(css(`.cardform button.primary`)))
	for _, p := range phones {
		bt.Do(t, p, settled(1), chromedp.WaitVisible(css(`.gen-card`)))
	}
	bt.Shot(t, anna, "50-gen-questioner")
	bt.Shot(t, ben, "51-gen-tiles")
	if !strings.Contains(bt.HTML(t, anna), `data-show-solution="gen-solution"`) {
		t.Fatal("the questioner cannot show the right answer")
	}
	for _, p := range []context.Context{ben, cem} {
		if h := bt.HTML(t, p); strings.Contains(h, `class="correct"`) || strings.Contains(h, `data-solution`) {
			t.Fatal("an answering phone sees the correct answer")
		}
	}
	bt.Do(t, ben, chromedp.Click(css(`form.tiles button[value=a]`)), waitText(`#board .round`, "Deine Wahl: a – geheim"))
	bt.Do(t, cem, settledWith(1, 1), chromedp.Click(css(`form.tiles button[value=b]`)))
	for _, p := range phones {
		bt.Do(t, p, settled(2), waitText(`.turn`, "Ben"))
	}
	bt.Shot(t, ben, "52-gen-scored")
	// Ben asks card 2 (a): Anna alone is right (20), Ben gets 10 for Cem's
	// miss. Cem asks card 3 (a): Anna alone again; then the game is over.
	ask := func(asker context.Context, card string, v int) {
		bt.Do(t, asker, settled(v), chromedp.SendKeys(css(`input[name=card]`), card), chromedp.Click(css(`.cardform button.primary`)))
	}
	ask(ben, "2", 2)
	bt.Do(t, anna, settled(3), chromedp.Click(css(`form.tiles button[value=a]`)))
	bt.Do(t, cem, settledWith(3, 1), chromedp.Click(css(`form.tiles button[value=c]`)))
	ask(cem, "3", 4)
	bt.Do(t, anna, settled(5), chromedp.Click(css(`form.tiles button[value=a]`)))
	bt.Do(t, ben, settledWith(5, 1), chromedp.Click(css(`form.tiles button[value=b]`)))
	for _, p := range phones {
		bt.Do(t, p, settled(6), waitText(`.result.final`, "Anna"))
	}
	bt.Shot(t, ben, "53-gen-over")
}
