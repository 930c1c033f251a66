package web

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	bt "druckreif/internal/browsertest"
)

// css is a CSS selector.
type css = chromedp.CSS

// waitText waits until the element's text contains want.
func waitText(sel, want string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](fmt.Sprintf(`(document.querySelector(%q)||{textContent:""}).textContent.includes(%q)`, sel, want), chromedp.WithPollingTimeout(bt.Timeout))
}

// settled waits until the phone's board shows version v and htmx has
// finished swapping it in (a click on a board still settling would miss).
func settled(v int) chromedp.Action[chromedp.Void] { return settledWith(v, -1) }

// settledWith also waits until the board counts p secret choices made.
func settledWith(v, p int) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](fmt.Sprintf(`(() => { const b = document.getElementById("board"); return b && b.dataset.version == "%d" && (%d < 0 || b.dataset.pending == "%d") && !document.querySelector(".htmx-request, .htmx-settling, .htmx-swapping, .htmx-added"); })()`, v, p, p), chromedp.WithPollingTimeout(bt.Timeout))
}

// The whole The Game flow on two phones, as the rulebook's FAQ has it: log
// in, save players, choose difficulty and start player, play cards with
// the number pad (with and without value), confirm the draw, undo with the
// put-back instruction, report a blockade, confirm the result — the second
// phone following every change live, without reload, and never seeing the
// other's hand cards.
func TestBrowserTheGame(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	host, ben := bt.Phone(t, browser), bt.Phone(t, browser)
	base := e.srv.URL

	// German first (headless chromium asks for English).
	for _, p := range []context.Context{host, ben} {
		bt.Do(t, p, chromedp.Navigate(base+"/lang?to=de&back=/"))
	}
	// Log in: a new account.
	bt.Do(t, host, chromedp.Navigate(base+"/"))
	bt.Shot(t, host, "01-login")
	bt.Do(t, host,
		chromedp.SendKeys(css(`form[action="/register"] input[name=name]`), "Mireille"),
		chromedp.SendKeys(css(`form[action="/register"] input[name=password]`), "geheim123"),
	)
	bt.Navigate(t, host, chromedp.Click(css(`form[action="/register"] button`)))
	bt.Do(t, host, chromedp.WaitVisible(css(`a[href="/new"]`)))
	bt.Shot(t, host, "02-home")

	// Saved players with colour and symbol.
	for _, p := range []struct{ name, colour, symbol string }{{"Anna", "rot", "kreis"}, {"Ben", "blau", "quadrat"}} {
		bt.Do(t, host,
			chromedp.Navigate(base+"/players"),
			chromedp.SendKeys(css(`form[action="/players"] input[name=name]`), p.name),
			chromedp.Click(css(`input[name=color][value="`+p.colour+`"]`)),
			chromedp.Click(css(`input[name=symbol][value="`+p.symbol+`"]`)),
		)
		bt.Navigate(t, host, chromedp.Click(css(`form[action="/players"] button`)))
		bt.Do(t, host, chromedp.WaitVisible(css(`.list .c-`+p.colour)))
	}
	bt.Shot(t, host, "03-players")

	// New table: The Game, Anna and Ben, Profi, Ben starts.
	bt.Do(t, host, chromedp.Navigate(base+"/new"))
	bt.Shot(t, host, "04-new")
	bt.Do(t, host,
		chromedp.Click(css(`input[name=game][value=thegame]`)),
		chromedp.Evaluate[chromedp.Void](`(()=>{const f=document.querySelectorAll('input[name=player]'); f.forEach(i=>i.value=''); f[0].value='Anna'; f[1].value='Ben';})()`),
	)
	bt.Navigate(t, host, chromedp.Click(css(`form[action="/new"] button`)))
	bt.Do(t, host, chromedp.WaitVisible(css(`input[name=level][value=profi]`)))
	bt.Shot(t, host, "05-new-options")
	bt.Do(t, host,
		chromedp.Click(css(`input[name=level][value=normal]`)),
		chromedp.SetValue(css(`select[name=starter]`), "Anna"),
	)
	bt.Navigate(t, host, chromedp.Click(css(`form[action="/new/create"] button.primary`)))
	bt.Do(t, host, chromedp.WaitVisible(css(`#board .piles`)))
	bt.Shot(t, host, "06-table-host")
	page := bt.HTML(t, host)
	join := regexp.MustCompile(`href="(http://[^"]+/j/[a-z0-9]+\?pin=\d{8})"`).FindStringSubmatch(page)
	if join == nil {
		t.Fatalf("no join link on the creator's screen:\n%.2000s", page)
	}
	joinURL := strings.ReplaceAll(join[1], "&amp;", "&")

	// Ben's phone scans the code and takes his seat.
	bt.Do(t, ben, chromedp.Navigate(joinURL), chromedp.WaitVisible(css(`button.seat`)))
	bt.Shot(t, ben, "07-join")
	bt.Navigate(t, ben, chromedp.Click(css(`input[value="Ben"] ~ button.seat`)))
	bt.Do(t, ben, chromedp.WaitVisible(css(`#board .piles`)))
	bt.Shot(t, ben, "08-table-ben")

	// v is the table's version; after every action both phones must show
	// it (the other one live, without reload) before the next step.
	v := 0
	both := func(checks ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		v++
		for _, p := range []context.Context{host, ben} {
			bt.Do(t, p, append([]chromedp.Action[chromedp.Void]{settled(v)}, checks...)...)
		}
	}
	// lay types a card on a phone's number pad and lays it on a pile.
	lay := func(p context.Context, pile, value string) {
		t.Helper()
		bt.Do(t, p, settled(v), chromedp.Click(css(`.pile input[value="`+pile+`"]`)))
		for _, d := range value {
			bt.Do(t, p, chromedp.Click(css(`.pad button[data-digit="`+string(d)+`"]`)))
		}
		bt.Do(t, p, chromedp.Click(css(`#play button.primary`)))
	}
	press := func(p context.Context, typ string) {
		t.Helper()
		bt.Do(t, p, settled(v), chromedp.Click(css(`input[name=type][value=`+typ+`] ~ button`)))
	}

	// Anna's turn, entered on the table's phone: 10 on 1A with the pad.
	// Halfway through typing it, Ben enters his own hand cards on his
	// phone: the host's chosen pile and the "1" typed stay as they were,
	// and Ben's cards stay on his phone.
	bt.Do(t, host, chromedp.Click(css(`.pile input[value="1A"]`)), chromedp.Click(css(`.pad button[data-digit="1"]`)))
	bt.Do(t, ben, chromedp.SendKeys(css(`input[name=cards]`), "57 12"))
	press(ben, "hand")
	both()
	bt.Do(t, ben, waitText(`.myhand`, "57"))
	bt.Shot(t, ben, "10-ben-hand")
	if h := bt.HTML(t, host); strings.Contains(h, `cardchip">57`) || strings.Contains(h, `cardchip">12`) {
		t.Fatal("Ben's hand cards are on the table's phone")
	}
	if typed := bt.Run(t, host, chromedp.Evaluate[string](`document.querySelector("#play input[name=value]").value + "|" + document.querySelector(".pile input[value='1A']").checked`)); typed != "1|true" {
		t.Fatalf("after Ben's entry the host's form says %q, want what was typed and chosen (1|true)", typed)
	}
	bt.Do(t, host, chromedp.Click(css(`.pad button[data-digit="0"]`)), chromedp.Click(css(`#play button.primary`)))
	both(waitText(`#board .piles`, "10"))
	// A card without value: the pile becomes unknown.
	bt.Do(t, host, chromedp.Click(css(`.pile input[value="100A"]`)), chromedp.Click(css(`#play input[name=confirmed]`)), chromedp.Click(css(`#play button.primary`)))
	both(waitText(`#board .piles`, "unbekannt"))
	bt.Shot(t, host, "09-played")
	// Confirm the physical draw: Ben is to play.
	press(host, "draw")
	both(waitText(`#board .turn`, "Ben"))

	// Ben lays 57 and 12 on 100B from his phone and draws.
	lay(ben, "100B", "57")
	both(waitText(`#board .piles`, "57"))
	lay(ben, "100B", "12")
	both(waitText(`#board .piles`, "12"))
	press(ben, "draw")
	both(waitText(`#board .turn`, "Anna"))

	// Ben takes his draw back: both phones show what to put back.
	bt.Do(t, ben, settled(v), chromedp.Click(css(`form.undo button`)))
	both(waitText(`.putback`, "Nachziehstapel"))
	bt.Shot(t, ben, "11-undo")
	press(ben, "draw")
	both(waitText(`#board .turn`, "Anna"))

	// Anna is blocked: report, confirm the result.
	press(host, "block")
	both(waitText(`#board`, "Blockade gemeldet"))
	bt.Shot(t, host, "12-blockade")
	press(host, "confirm")
	both(waitText(`.result.final`, "Karten übrig"))
	bt.Shot(t, host, "13-result")
	bt.Shot(t, ben, "14-result-ben")

	// The result is in the players' history.
	bt.Do(t, host, chromedp.Navigate(base+"/history"), chromedp.WaitVisible(css(`table.stats`)))
	bt.Shot(t, host, "15-history")
	if h := bt.HTML(t, host); !strings.Contains(h, "Anna") || !strings.Contains(h, "Karten übrig") {
		t.Fatalf("history:\n%.2000s", h)
	}
	// English on request.
	bt.Navigate(t, host, chromedp.Click(css(`a.lang`)))
	bt.Do(t, host, waitText(`h1`, "History"))
	bt.Shot(t, host, "16-history-en")
}
