package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	bt "druckreif/internal/browsertest"
)

// elements is the number of elements the selector finds.
func elements(t *testing.T, ctx context.Context, sel string) int {
	t.Helper()
	return bt.Run(t, ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, sel)))
}

// The history as a group looks at it after three evenings, on a phone and
// on the wall, in German and English: the overview, a game with its
// players' records, results over time and head to head, a player, and one
// table's score curve round by round — every line with its player's
// symbol at every point. Then the players page asks before "anna"
// replaces "Anna".
func TestBrowserHistory(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	a, ids, _ := historyEvenings(t, e)
	base := e.srv.URL
	phone, wall := bt.Phone(t, browser), bt.Screen(t, browser)
	for _, p := range []context.Context{phone, wall} {
		bt.Do(t, p, chromedp.Navigate(base+"/lang?to=de&back=/"),
			chromedp.SendKeys(css(`form[action="/login"] input[name=name]`), "Spieleabend"),
			chromedp.SendKeys(css(`form[action="/login"] input[name=password]`), "passwort-Spieleabend"))
		bt.Navigate(t, p, chromedp.Click(css(`form[action="/login"] button`)))
		bt.Do(t, p, chromedp.WaitVisible(css(`a[href="/history"]`)))
	}

	for _, lang := range []string{"de", "en"} {
		for _, p := range []struct {
			ctx  context.Context
			name string
		}{{phone, "phone"}, {wall, "wall"}} {
			shot := func(what string) { bt.Shot(t, p.ctx, "history-"+what+"-"+p.name+"-"+lang) }
			bt.Do(t, p.ctx, chromedp.Navigate(base+"/lang?to="+lang+"&back=/history"), chromedp.WaitVisible(css(`table.stats`)))
			shot("1-overview")
			html := bt.HTML(t, p.ctx)
			evening := map[string]string{"de": "Ein Abend: alle Partien, die an einem Kalendertag zu Ende gingen.", "en": "An evening: every game that ended on one calendar day."}[lang]
			if !strings.Contains(html, evening) || !strings.Contains(html, `href="/api/history.csv"`) || elements(t, p.ctx, `a[href^="/history/tables/"]`) != 7 {
				t.Fatalf("overview (%s):\n%.3000s", lang, html)
			}

			// Genial daneben, played twice on two evenings.
			bt.Navigate(t, p.ctx, chromedp.Click(css(`a[href="/history/games/genial"]`)))
			bt.Do(t, p.ctx, chromedp.WaitVisible(css(`svg.chart`)))
			shot("2-game")
			// Aylin won both: first in the table, ahead of Mireille in 2 of 2.
			first := bt.Run(t, p.ctx, chromedp.Evaluate[string](`document.querySelector("table.stats tbody tr").textContent`))
			cell := bt.Run(t, p.ctx, chromedp.Evaluate[string](`(() => {
				const col = [...document.querySelectorAll("table.h2h thead th")].findIndex(h => h.textContent.includes("Mireille"));
				const row = [...document.querySelectorAll("table.h2h tbody tr")].find(r => r.querySelector("th").textContent.includes("Aylin"));
				return row.children[col].textContent; })()`))
			if !strings.Contains(first, "Aylin") || !strings.Contains(first, "180") || strings.Join(strings.Fields(cell), " ") != map[string]string{"de": "2 von 2", "en": "2 of 2"}[lang] {
				t.Fatalf("genial: first row %q, Aylin against Mireille %q", first, cell)
			}
			// Three players' lines, each with a symbol at both games.
			if n := elements(t, p.ctx, `svg.chart g.series`); n != 3 || elements(t, p.ctx, `svg.chart g.series path[transform]`) != 6 {
				t.Fatalf("genial chart: %d lines", n)
			}

			// A player: Mireille over every game.
			bt.Navigate(t, p.ctx, chromedp.Click(css(`table.stats a[href="/history/players/Mireille"]`)))
			bt.Do(t, p.ctx, chromedp.WaitVisible(css(`section.card`)))
			shot("3-player")
			if n := elements(t, p.ctx, `section.card`); n != 6 {
				t.Fatalf("Mireille played six games, her page shows %d", n)
			}

			// One table: the labyrinth round by round (20 questions and
			// the start), the line of each piece with its symbol.
			bt.Do(t, p.ctx, chromedp.Navigate(base+"/history/tables/"+ids["labyrinth"]), chromedp.WaitVisible(css(`table.by-round`)))
			shot("4-table-labyrinth")
			if rows, marks := elements(t, p.ctx, `table.by-round tbody tr`), elements(t, p.ctx, `svg.chart g.series path[transform]`); rows != 21 || marks != 4*21 {
				t.Fatalf("labyrinth: %d rounds, %d points", rows, marks)
			}
			winner := bt.Run(t, p.ctx, chromedp.Evaluate[string](`document.querySelector("table.ranking tbody tr").textContent`))
			if !strings.Contains(winner, "Mireille") || !strings.Contains(winner, "31") {
				t.Fatalf("labyrinth's first place: %q", winner)
			}
			// Tapping a round shows its reveal again: every player's tip
			// and what it brought.
			bt.Do(t, p.ctx, chromedp.Click(css(`table.by-round a[href="#aufloesung-1-1"]`)), chromedp.WaitVisible(css(`#aufloesung-1-1`)))
			shot("4b-reveal-again")
			if seats := elements(t, p.ctx, `details[open] #aufloesung-1-1 ul.reveal-seats-past > li`); seats != 4 {
				t.Fatalf("the first question's reveal shows %d players", seats)
			}
			bt.Do(t, p.ctx, chromedp.Navigate(base+"/history/tables/"+ids["thegame"]), chromedp.WaitVisible(css(`table.by-round`)))
			shot("5-table-thegame")
			bt.Do(t, p.ctx, chromedp.Navigate(base+"/history/tables/"+ids["raab"]), chromedp.WaitVisible(css(`table.by-round`)))
			shot("6-table-raab")
		}
	}

	// "anna" for "Anna": the players page asks.
	a.want(201, "POST", "/api/players", map[string]string{"name": "Ben", "color": "lila", "symbol": "stern"})
	bt.Do(t, phone, chromedp.Navigate(base+"/lang?to=de&back=/players"),
		chromedp.SendKeys(css(`form[action="/players"] input[name=name]`), "anna"),
		chromedp.Click(css(`input[name=color][value="orange"]`)))
	bt.Navigate(t, phone, chromedp.Click(css(`form[action="/players"] button.primary`)))
	bt.Do(t, phone, waitText(`.confirm`, "Es gibt schon „Anna“ – ersetzen?"))
	bt.Shot(t, phone, "players-1-name-case")
	bt.Navigate(t, phone, chromedp.Click(css(`.confirm button.primary`)))
	bt.Do(t, phone, chromedp.WaitVisible(css(`.list .c-orange`)))
	if html := bt.HTML(t, phone); !strings.Contains(html, "anna") || strings.Contains(html, ">Anna<") {
		t.Fatalf("not replaced:\n%.2000s", html)
	}
	bt.Shot(t, phone, "players-2-replaced")
}
