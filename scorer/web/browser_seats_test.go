package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	bt "druckreif/internal/browsertest"
)

// Seats belong to phones, on the screens: the seat picker shows Ben's
// seat taken to a second phone; the table's phone sees who holds which
// seat and frees it; then the second phone takes it. The account page
// lists the logins and changes the password.
func TestBrowserSeatsAndAccount(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	base := e.srv.URL
	api := e.phone()
	api.want(201, "POST", "/api/accounts", map[string]string{"name": "Mireille", "password": "ein langes Passwort"})
	api.token = api.want(200, "POST", "/api/login", map[string]string{"name": "Mireille", "password": "ein langes Passwort"})["token"].(string)
	id, pin := api.table(`{"game":"thegame","players":["Anna","Ben"],"starter":"Anna"}`)

	host, ben, other := bt.Phone(t, browser), bt.Phone(t, browser), bt.Phone(t, browser)
	bt.Do(t, host, chromedp.Navigate(base+"/lang?to=de&back=/"))
	bt.Do(t, host,
		chromedp.SendKeys(css(`form[action="/login"] input[name=name]`), "Mireille"),
		chromedp.SendKeys(css(`form[action="/login"] input[name=password]`), "ein langes Passwort"),
	)
	bt.Navigate(t, host, chromedp.Click(css(`form[action="/login"] button`)))
	bt.Do(t, host, chromedp.Navigate(base+"/t/"+id), chromedp.WaitVisible(css(`#board`)))
	if html := bt.HTML(t, host); !strings.Contains(html, "frei (spielt auf Papier") || !strings.Contains(html, pin[:4]+" "+pin[4:]) {
		t.Fatalf("the table's phone does not list the free seats or the PIN:\n%.3000s", html)
	}

	bt.Do(t, ben, chromedp.Navigate(base+"/lang?to=de&back=/j/"+id+"?pin="+pin), chromedp.WaitVisible(css(`button.seat`)))
	bt.Navigate(t, ben, chromedp.Click(css(`input[value="Ben"] ~ button.seat`)))
	bt.Do(t, ben, chromedp.WaitVisible(css(`#board`)))

	bt.Do(t, other, chromedp.Navigate(base+"/lang?to=de&back=/j/"+id+"?pin="+pin), chromedp.WaitVisible(css(`.seats`)))
	html := bt.HTML(t, other)
	if strings.Contains(html, `value="Ben"`) || !strings.Contains(html, "ist schon an einem Handy") {
		t.Fatalf("the second phone is offered Ben's seat:\n%.3000s", html)
	}
	bt.Shot(t, other, "seats-01-taken")

	bt.Do(t, host, chromedp.Navigate(base+"/t/"+id), chromedp.WaitVisible(css(`#board`)))
	bt.Do(t, host, chromedp.Evaluate[chromedp.Void](`document.querySelector("details.share").open = true`))
	bt.Shot(t, host, "seats-02-table")
	bt.Navigate(t, host, chromedp.Click(css(`form[action$="/seats/free"] button`)))
	bt.Do(t, host, chromedp.Evaluate[chromedp.Void](`document.querySelector("details.share").open = true`))
	if html := bt.HTML(t, host); strings.Contains(html, "am Handy, zuletzt") {
		t.Fatalf("Ben's seat is still held after freeing it")
	}
	bt.Do(t, other, chromedp.Reload(), chromedp.WaitVisible(css(`input[value="Ben"] ~ button.seat`)))
	bt.Navigate(t, other, chromedp.Click(css(`input[value="Ben"] ~ button.seat`)))
	bt.Do(t, other, chromedp.WaitVisible(css(`#board`)))

	// The account page: both logins, the password changed.
	bt.Do(t, host, chromedp.Navigate(base+"/account"), chromedp.WaitVisible(css(`.sessions`)))
	if html := bt.HTML(t, host); !strings.Contains(html, "dieses Gerät") || strings.Count(html, `class="row"`) != 2 {
		t.Fatalf("account page:\n%.3000s", html)
	}
	bt.Shot(t, host, "seats-03-account")
	bt.Do(t, host,
		chromedp.SendKeys(css(`form[action="/account/password"] input[name=old]`), "ein langes Passwort"),
		chromedp.SendKeys(css(`form[action="/account/password"] input[name=new]`), "password"),
	)
	bt.Navigate(t, host, chromedp.Click(css(`form[action="/account/password"] button`)))
	if html := bt.HTML(t, host); !strings.Contains(html, "10.000 häufigsten") {
		t.Fatalf("a common password is not refused on the page:\n%.2000s", html)
	}
	bt.Do(t, host,
		chromedp.SendKeys(css(`form[action="/account/password"] input[name=old]`), "ein langes Passwort"),
		chromedp.SendKeys(css(`form[action="/account/password"] input[name=new]`), "Rotkehlchen am Fenster"),
	)
	bt.Navigate(t, host, chromedp.Click(css(`form[action="/account/password"] button`)))
	if html := bt.HTML(t, host); !strings.Contains(html, "alle anderen Anmeldungen sind beendet") {
		t.Fatalf("after changing the password:\n%.2000s", html)
	}
	bt.Shot(t, host, "seats-04-password")
	api.want(401, "GET", "/api/tables", nil)
}
