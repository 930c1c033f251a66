package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"druckreif/decks"
	bt "druckreif/internal/browsertest"
)

// evening drives an evening through the API as the table's phone and
// reads its state.
type apiEvening struct {
	t     *testing.T
	e     *env
	table *client
	id    string
	pin   string
	seats map[string]*client
}

func (ev *apiEvening) state() (map[string]any, int) {
	ev.t.Helper()
	m := ev.table.want(200, "GET", "/api/tables/"+ev.id, nil)
	return m["state"].(map[string]any), version(ev.t, m)
}

func (ev *apiEvening) act(line string) {
	ev.t.Helper()
	_, v := ev.state()
	if r := ev.table.act(ev.id, v, line); r.status != 200 {
		ev.t.Fatalf("%s: %d %s", line, r.status, r.body)
	}
}

// pick is a player's secret pick from their own seat: held until the
// other's comes.
func (ev *apiEvening) pick(player, line string) {
	ev.t.Helper()
	_, v := ev.state()
	if r := ev.seats[player].act(ev.id, v, line); r.status != 202 && r.status != 200 {
		ev.t.Fatalf("%s's pick %s: %d %s", player, line, r.status, r.body)
	}
}

func names(v any) []string {
	var out []string
	if list, ok := v.([]any); ok {
		for _, x := range list {
			out = append(out, x.(string))
		}
	}
	return out
}

// toDuel spins code and staffs the game as the rules let: the host (game
// 1), the first candidate the team may send, Stefan keeping his Wild
// Card, the team beginning. It returns the candidate.
func (ev *apiEvening) toDuel(code string) string {
	ev.t.Helper()
	st, _ := ev.state()
	if st["phase"] == "host" {
		ev.act(`{"type":"host","player":"` + names(st["team"])[0] + `"}`)
	}
	ev.act(`{"type":"spin","game":"` + code + `"}`)
	st, _ = ev.state()
	if st["phase"] == "candidate" {
		for _, p := range names(st["team"]) {
			if p != st["host"] && !slices.Contains(names(st["face_down"]), p) {
				ev.act(`{"type":"candidate","player":"` + p + `"}`)
				break
			}
		}
	}
	if st, _ = ev.state(); st["phase"] == "wildcard" {
		ev.act(`{"type":"accept"}`)
	}
	if st, _ = ev.state(); st["phase"] == "begin" {
		ev.act(`{"type":"begin","side":"team"}`)
	}
	st, _ = ev.state()
	cur := st["current"].(map[string]any)
	if st["phase"] != "result" || cur["code"] != code {
		ev.t.Fatalf("not at %s's duel: %v", code, st)
	}
	return cur["candidate"].(string)
}

// done takes the scored question back and reports a winner, so that the
// evening goes on to the next game without playing this one to its end.
func (ev *apiEvening) done(winner string) {
	ev.t.Helper()
	for {
		st, v := ev.state()
		if cur, _ := st["current"].(map[string]any); cur == nil || cur["moves"] == nil {
			break
		}
		ev.table.want(200, "POST", "/api/tables/"+ev.id+"/undo", map[string]any{"version": v})
	}
	ev.act(`{"type":"result","winner":"` + winner + `"}`)
}

func (ev *apiEvening) duel() map[string]any {
	st, _ := ev.state()
	return st["current"].(map[string]any)["duel"].(map[string]any)
}

// scored waits until the duel's fields keys differ from before: a
// question was scored.
func (ev *apiEvening) scored(before map[string]any, keys ...string) {
	ev.t.Helper()
	of := func(d map[string]any) string {
		var b strings.Builder
		for _, k := range keys {
			fmt.Fprint(&b, d[k], " ")
		}
		return b.String()
	}
	for try := 0; ; try++ {
		after := ev.duel()
		if of(after) != of(before) {
			return
		}
		if try > 50 {
			ev.t.Fatalf("no question scored: %v", after)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// promptOf is the text the host reads of the card's task.
func promptOf(t *testing.T, id string, task int) string { return taskOf(t, id, task).Prompt() }

// solutionOf is the text a solution of the card's task shows.
func solutionOf(t *testing.T, id string, task int) string { return taskOf(t, id, task).Solution() }

func taskOf(t *testing.T, id string, task int) decks.RaabTask {
	f, _ := defaults(t).Find(decks.ParseRef(id))
	if f == nil || f.Raab == nil {
		t.Fatalf("no card %s", id)
	}
	tasks := f.Raab.Tasks
	if f.Raab.Game.Sided {
		tasks = f.Raab.Side(f.Side == 1)
	}
	return tasks[task-1]
}

// A screen step of a mini-game: score one question on the phones.
type miniStep func(t *testing.T, ev *apiEvening, judge, player context.Context, candidate string)

func press(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(css(sel)) }

// buzzIn: Stefan's phone is first on the buzzer; the judge's verdict
// gives him the point (for Wer lügt?: he found the first lie).
func buzzIn(verdict string) miniStep {
	return func(t *testing.T, ev *apiEvening, judge, player context.Context, candidate string) {
		bt.Do(t, player, waitFor(`(() => { const b = document.querySelector("[data-buzz]"); return b && !b.disabled; })()`), press(`[data-buzz]`))
		bt.Do(t, judge, waitText(`.buzzer-status`, "Stefan ■ war zuerst"), waitFor(`!!document.querySelector(".verdict-blue.first")`))
		bt.Do(t, judge, press(verdict))
	}
}

// chips: the candidate's pick from his own seat, Stefan's on his phone.
func chips(candidatePick string, stefan ...chromedp.Action[chromedp.Void]) miniStep {
	return func(t *testing.T, ev *apiEvening, judge, player context.Context, candidate string) {
		var head struct{ Type string }
		json.Unmarshal([]byte(candidatePick), &head)
		ev.pick(candidate, strings.Replace(candidatePick, `"player":""`, `"player":"`+candidate+`"`, 1))
		bt.Do(t, player, waitText(`.picks`, candidate+" ✓"))
		if strings.Contains(bt.HTML(t, player), "Aufgedeckt") {
			t.Fatal("the candidate's pick is shown before both are in")
		}
		_, v := ev.state()
		bt.Do(t, player, append([]chromedp.Action[chromedp.Void]{settled(v)}, stefan...)...)
	}
}

// judged: the judge enters what happened on his phone.
func judged(steps ...chromedp.Action[chromedp.Void]) miniStep {
	return func(t *testing.T, ev *apiEvening, judge, player context.Context, candidate string) {
		bt.Do(t, judge, steps...)
	}
}

// Every mini-game's screen on an evening's table: the table's phone as
// the host takes a card and asks its first question (its solution on that
// phone only), Stefan's phone shows what the rulebook lets him see —
// buzzer, chips, risk disc, guess, the map — never a solution, and one
// question is scored with the game's own rules. Then the two-player
// variants with rules of their own.
func TestBrowserRaabEveryGame(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	table := e.account("Tisch")
	games := map[string]miniStep{
		"AK": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"BK": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"BS": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"BZ": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"KR": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"LM": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"LS": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"SW": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"WR": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"FZ": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"SQ": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"FS": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"TT": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"TV": buzzIn(`.verdict-blue button[value="blue:1"]`),
		"WL": buzzIn(`.verdict-blue .items button.lie`),
		"EO": chips(`{"type":"choose","player":"","pick":"B"}`, press(`.mypick button[value=A]`)),
		"ST": chips(`{"type":"choose","player":"","pick":false}`, press(`.mypick button[value=true]`)),
		"FP": chips(`{"type":"choose","player":"","pick":["B"]}`, press(`.mypick input[value=A]`), press(`.mypick button.primary`)),
		"SO": chips(`{"type":"choose","player":"","pick":"DCBA"}`, press(`.mypick button.primary`)),
		"EN": chips(`{"type":"guess","player":"","pick":5000}`, chromedp.SendKeys(css(`.mypick input[name=pick]`), "250"), press(`.mypick button.primary`)),
		"SC": chips(`{"type":"guess","player":"","pick":"1"}`, chromedp.SendKeys(css(`.mypick input[name=pick]`), "12,5"), press(`.mypick button.primary`)),
		"WW": chips(`{"type":"guess","player":"","pick":-3000}`, chromedp.SendKeys(css(`.mypick input[name=pick]`), "1900"), press(`.mypick button.primary`)),
		"WO": chips(`{"type":"guess","player":"","pick":"A1"}`, press(`.wo-cell[data-square=E5]`)),
		"ZO": func(t *testing.T, ev *apiEvening, judge, player context.Context, candidate string) {
			chips(`{"type":"bet","player":"","pick":1}`, press(`.mypick button[value="3"]`))(t, ev, judge, player, candidate)
			bt.Do(t, player, waitText(`.mypick-head`, "Chip"))
			chips(`{"type":"choose","player":"","pick":"C"}`, press(`.mypick button[value=B]`))(t, ev, judge, player, candidate)
		},
		"SM": judged(chromedp.SendKeys(css(`input[name=red]`), "1200"), chromedp.SendKeys(css(`input[name=blue]`), "56000"), press(`input[value=hits] ~ button.primary`)),
		"WM": judged(press(`.verdicts button[value="red:0"]`)),
		"BU": judged(press(`input[name=type][value=spell] ~ input[name=correct][value="1"] ~ button`)),
	}
	var codes []string
	for _, g := range decks.MiniGames {
		codes = append(codes, g.Code)
	}
	if len(games) != len(codes) {
		t.Fatalf("%d games on the screens, %d mini-games", len(games), len(codes))
	}
	laptop := bt.Phone(t, browser)
	bt.Do(t, laptop, chromedp.Navigate(e.srv.URL+"/lang?to=de&back=/"))
	// The table's phone logs in with the table's account.
	bt.Do(t, laptop,
		chromedp.SendKeys(css(`form[action="/login"] input[name=name]`), "Tisch"),
		chromedp.SendKeys(css(`form[action="/login"] input[name=password]`), "passwort-Tisch"))
	bt.Navigate(t, laptop, chromedp.Click(css(`form[action="/login"] button`)))
	var stefan context.Context
	var ev *apiEvening
	winner := "team"
	for i, code := range codes {
		// Two Showtime evenings of 14 and 13 games; the results alternate,
		// so that nobody runs away with it.
		if i%14 == 0 {
			id, pin := table.table(`{"game":"raab","players":["Stefan","Anna","Ben","Cem"],"length":"showtime","stefan":"Stefan"}`)
			ev = &apiEvening{t: t, e: e, table: table, id: id, pin: pin, seats: map[string]*client{}}
			for _, p := range []string{"Anna", "Ben", "Cem"} {
				ev.seats[p] = e.seat(id, pin, p)
			}
			stefan = bt.Phone(t, browser)
			bt.Do(t, stefan, chromedp.Navigate(e.srv.URL+"/lang?to=de&back=/j/"+id+"?pin="+pin), chromedp.WaitVisible(css(`button.seat`)))
			bt.Navigate(t, stefan, chromedp.Click(css(`input[value="Stefan"] ~ button.seat`)))
		}
		t.Run(code, func(t *testing.T) {
			ev.t = t
			candidate := ev.toDuel(code)
			_, v := ev.state()
			bt.Do(t, laptop, chromedp.Navigate(e.srv.URL+"/t/"+ev.id), settled(v))
			bt.Do(t, stefan, chromedp.Navigate(e.srv.URL+"/t/"+ev.id), settled(v))
			if code == "WO" {
				bt.Do(t, laptop, press(`.duel-options input[value=D] ~ button`))
				v++
			}
			// The table's phone takes the game's first card and asks task 1.
			bt.Do(t, laptop, settled(v), press(`.card-buttons button`))
			v++
			if code != "BU" {
				bt.Do(t, laptop, settled(v), press(`.card-tasks form button.ask`))
				v++
			}
			bt.Do(t, laptop, settled(v))
			bt.Do(t, stefan, settled(v))
			st, _ := ev.state()
			q := st["current"].(map[string]any)["question"].(map[string]any)
			sol := solutionOf(t, q["card"].(string), 1)
			if !strings.Contains(bt.HTML(t, laptop), strings.SplitN(sol, ":", 2)[0]) {
				t.Errorf("the host's phone does not show the solution %q", sol)
			}
			page, html := bt.Run(t, stefan, chromedp.Text(css(`#board`))), bt.HTML(t, stefan)
			if len(sol) > 3 && strings.Contains(page, sol) {
				t.Fatalf("Stefan's phone shows the solution %q", sol)
			}
			for _, mark := range []string{`class="correct"`, `class="solution"`, "Lösung", ` lie"`, `class="mark"`, "die-grey"} {
				if strings.Contains(html, mark) {
					t.Fatalf("Stefan's phone marks the solution (%s)", mark)
				}
			}
			bt.Shot(t, laptop, "mini-"+code+"-host")
			bt.Shot(t, stefan, "mini-"+code+"-stefan")
			before := ev.duel()
			games[code](t, ev, laptop, stefan, candidate)
			ev.scored(before, "score", "tasks", "term", "task")
			_, v = ev.state()
			bt.Do(t, stefan, settled(v))
			bt.Do(t, laptop, settled(v))
			bt.Shot(t, stefan, "mini-"+code+"-scored")
			ev.done(winner)
		})
		if t.Failed() {
			return
		}
		winner = map[string]string{"team": "stefan", "stefan": "team"}[winner]
	}
}

// The two-player variants with rules of their own, on Mia's and Stefan's
// phones (no host: both enter what happened): the rounds of tasks (the
// reader sees the card's solutions, the one answering does not), the
// hint games' points by hint, Wer lügt?'s marked answers, the counts of
// the sand-timer games, Buchstabieren, and secret guesses and chips.
func TestBrowserRaabForTwo(t *testing.T) {
	browser := bt.Browser(t)
	e := newEnv(t)
	table := e.account("Tisch")
	id, pin := table.table(`{"game":"raab","players":["Mia","Stefan"],"length":"showtime","stefan":"Stefan"}`)
	ev := &apiEvening{t: t, e: e, table: table, id: id, pin: pin, seats: map[string]*client{}}
	phone := func(name string) context.Context {
		p := bt.Phone(t, browser)
		bt.Do(t, p, chromedp.Navigate(e.srv.URL+"/lang?to=de&back=/j/"+id+"?pin="+pin), chromedp.WaitVisible(css(`button.seat`)))
		bt.Navigate(t, p, chromedp.Click(css(`input[value="`+name+`"] ~ button.seat`)))
		return p
	}
	mia, stefan := phone("Mia"), phone("Stefan")
	// Mia's seat belongs to her phone: the test's picks for her go with
	// that phone's seat token.
	miaAPI := e.phone()
	miaAPI.token = bt.Cookie(t, mia, seatPrefix+id)
	ev.seats["Mia"] = miaAPI
	count := judged(chromedp.SendKeys(css(`input[value=count] ~ .pair input[name=red]`), "3"), chromedp.SendKeys(css(`input[value=count] ~ .pair input[name=blue]`), "5"), press(`input[value=count] ~ button.primary`))
	games := []struct {
		code string
		step miniStep
		// asked: Stefan answers the first task, Mia reads it and sees its solution.
		asked bool
	}{
		{"AK", judged(press(`.verdicts button[value="blue:1"]`)), true},
		{"FS", judged(press(`.verdicts button[value="blue:1"]`)), true},
		{"TT", judged(press(`.hints input[value="2"]`), press(`.verdicts button[value="blue:1"]`)), true},
		{"TV", judged(press(`.verdicts button[value="blue:0"]`)), true},
		{"WL", judged(press(`.marks input[name=marked]`), press(`input[value=tally] ~ button.primary`)), true},
		{"WM", judged(chromedp.SetValue(css(`input[name=right]`), "7"), press(`input[value=tally] ~ button.primary`)), true},
		{"BS", count, false},
		{"KR", count, false},
		{"WR", count, false},
		{"BU", judged(press(`input[name=type][value=spell] ~ input[name=correct][value="1"] ~ button`)), false},
		{"EN", chips(`{"type":"guess","player":"","pick":300}`, chromedp.SendKeys(css(`.mypick input[name=pick]`), "280"), press(`.mypick button.primary`)), false},
		{"FZ", chips(`{"type":"choose","player":"","pick":"A"}`, press(`.mypick button[value=B]`)), false},
	}
	winner := "team"
	for _, g := range games {
		t.Run(g.code+"-for-two", func(t *testing.T) {
			ev.t = t
			ev.toDuel(g.code)
			_, v := ev.state()
			for _, p := range []context.Context{mia, stefan} {
				bt.Do(t, p, chromedp.Navigate(e.srv.URL+"/t/"+id), settled(v))
			}
			if g.code != "BS" && g.code != "KR" && g.code != "WR" {
				bt.Do(t, mia, press(`.card-buttons button`))
				v++
				if g.code != "BU" {
					bt.Do(t, mia, settled(v), press(`.card-tasks form button.ask`))
					v++
				}
				bt.Do(t, mia, settled(v))
				bt.Do(t, stefan, settled(v))
				st, _ := ev.state()
				q := st["current"].(map[string]any)["question"].(map[string]any)
				sol := solutionOf(t, q["card"].(string), 1)
				if g.asked {
					if !strings.Contains(bt.HTML(t, mia), sol) {
						t.Errorf("Mia reads the task but does not see its solution %q", sol)
					}
				}
				// Who answers never sees the solution (in Buchstabieren Mia
				// spells first: Stefan listens with the solution).
				answering, who := stefan, "Stefan"
				if g.code == "BU" {
					answering, who = mia, "Mia"
					if !strings.Contains(bt.HTML(t, stefan), sol) {
						t.Errorf("Stefan listens to the spelling but does not see %q", sol)
					}
				}
				if html := bt.HTML(t, answering); strings.Contains(html, `class="solution"`) || len(sol) > 3 && strings.Contains(html, sol) {
					t.Fatalf("%s, who answers, sees the solution %q", who, sol)
				}
			}
			bt.Shot(t, mia, "two-"+g.code+"-mia")
			bt.Shot(t, stefan, "two-"+g.code+"-stefan")
			before := ev.duel()
			g.step(t, ev, mia, stefan, "Mia")
			ev.scored(before, "score", "tasks", "term", "asked", "counted")
			_, v = ev.state()
			bt.Do(t, stefan, settled(v))
			bt.Shot(t, stefan, "two-"+g.code+"-scored")
			ev.done(winner)
		})
		if t.Failed() {
			return
		}
		winner = map[string]string{"team": "stefan", "stefan": "team"}[winner]
	}
}
