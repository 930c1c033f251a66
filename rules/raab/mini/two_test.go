package mini

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"druckreif/decks"
	"druckreif/rules"
	"druckreif/rules/enginetest"
)

// Games marked "3" need a host: with two players they cannot be chosen.
func TestThreePlayerGamesExcluded(t *testing.T) {
	for _, g := range decks.MiniGames {
		_, err := New(nil).Start(json.RawMessage(fmt.Sprintf(`{"minigame":%q,"two_player":true}`, g.Code)))
		var re *rules.RuleError
		switch {
		case g.ThreePlayers && (!errors.As(err, &re) || re.Rule != "three-players"):
			t.Errorf("%s for two: want three-players, got %v", g.Code, err)
		case !g.ThreePlayers && err != nil:
			t.Errorf("%s for two: %v", g.Code, err)
		}
		if _, err := New(nil).Start(json.RawMessage(fmt.Sprintf(`{"minigame":%q}`, g.Code))); err != nil {
			t.Errorf("%s with host: %v", g.Code, err)
		}
	}
	for _, code := range []string{"BK", "BZ", "LM", "LS", "SW", "ZO"} {
		if Playable(code, true) == nil || Playable(code, false) != nil {
			t.Errorf("%s: Playable wrong", code)
		}
	}
}

func TestSetupErrors(t *testing.T) {
	for bad, rule := range map[string]string{
		`{"minigame":"XX"}`: "unknown-minigame", `{}`: "unknown-minigame", `{"minigame":"AK","first":"green"}`: "bad-setup",
		`{"minigame":"AK","map":"D"}`: "bad-setup", `{"minigame":"WO","map":"Mars"}`: "bad-setup",
		`{"minigame":"AK","players":["a","b","c"]}`: "bad-setup", `{"minigame":"AK","colour":"red"}`: "bad-setup",
		`{"game":"genial","minigame":"AK"}`: "bad-setup", `not json`: "bad-setup",
		`{"minigame":"SM","variant":3}`: "bad-setup", `{"minigame":"ZO","two_player":true}`: "three-players",
	} {
		_, err := New(nil).Start(json.RawMessage(bad))
		var re *rules.RuleError
		if !errors.As(err, &re) || re.Rule != rule {
			t.Errorf("%s: want %s, got %v", bad, rule, err)
		}
	}
	// A game's name works as well as its code.
	s, err := New(nil).Start(json.RawMessage(`{"game":"raab","minigame":"Wer lügt?","first":"blau"}`))
	if err != nil || s.Code != "WL" || s.First != "blue" {
		t.Fatalf("%+v %v", s, err)
	}
}

// Autokennzeichen for two: 6 plates each, right: a point, wrong: the
// reader's point; tied: repeated with 6 new plates each.
func TestAutokennzeichenForTwo(t *testing.T) {
	d := start(t, `{"minigame":"AK","two_player":true}`).allowed("answer")
	d.refuse(redRight, "not-allowed")
	// Red reads first, so blue answers first; the default side alternates.
	d.do(`{"type":"answer","correct":true}`).score(0, 1)
	d.do(`{"type":"answer","correct":true}`).score(1, 1)
	for range 5 {
		d.do(`{"type":"answer","side":"blue","correct":false}`)
	}
	d.score(6, 1).refuse(`{"type":"answer","side":"blue","correct":true}`, "quota-done")
	d.do(repeat(4, `{"type":"answer","side":"red","correct":false}`)...).score(6, 5).open()
	d.do(`{"type":"answer","correct":false}`).score(0, 0).open() // tied 6:6 after 12 plates: back to 0
	if d.s.Round != 2 || d.s.Score != [2]int{} || len(d.s.Earlier) != 1 || d.s.Earlier[0].Score != [2]int{6, 6} {
		t.Fatalf("not repeated: %+v", d.s)
	}
	for range 5 {
		d.do(`{"type":"answer","side":"red","correct":true}`, `{"type":"answer","side":"blue","correct":true}`)
	}
	d.do(`{"type":"answer","side":"red","correct":true}`, `{"type":"answer","side":"blue","correct":false}`).score(7, 5).won("red")
}

// Fremdsprachen for two: 5 points after the first translation, 4 after the
// second …; a wrong answer takes the task out; 3 tasks each; tied: repeat.
func TestFremdsprachenForTwo(t *testing.T) {
	d := start(t, `{"minigame":"FS","two_player":true,"first":"blue"}`).allowed("answer", "skip")
	d.do(`{"type":"answer","side":"red","correct":true,"hint":1}`).score(5, 0)
	d.do(`{"type":"answer","side":"blue","correct":true,"hint":2,"card":"RAAB-STD-FS-1","task":1}`).score(5, 4)
	d.refuse(`{"type":"answer","side":"red","correct":true}`, "missing-field")
	d.refuse(`{"type":"answer","side":"red","correct":true,"hint":6}`, "hint-range")
	d.do(`{"type":"answer","side":"red","correct":false,"hint":1}`).score(5, 4) // out: nothing
	d.do(`{"type":"answer","side":"blue","correct":true,"hint":5}`).score(5, 5) // last translation: 1 point
	d.do(`{"type":"skip","side":"red"}`).score(5, 5)                            // no answer at all
	d.do(`{"type":"answer","side":"blue","correct":false}`).score(0, 0).open()  // tied 5:5 after 3 each: back to 0
	if d.s.Round != 2 || d.s.Score != [2]int{} || d.s.Quota != 3 {
		t.Fatalf("not repeated: %+v", d.s)
	}
	d.do(`{"type":"answer","side":"red","correct":true,"hint":3}`, `{"type":"skip"}`, `{"type":"skip"}`).score(3, 0)
	d.do(`{"type":"skip"}`, `{"type":"skip"}`, `{"type":"skip"}`).score(3, 0).won("red")
}

// Tipp für Tipp, Wo läuft was?, Wer lügt?, Wer weiß mehr? for two: tied
// after the round, each poses one more task until one leads.
func TestHintGamesForTwo(t *testing.T) {
	d := start(t, `{"minigame":"TT","two_player":true}`)
	d.do(`{"type":"answer","correct":true,"hint":1,"card":"RAAB-STD-TT-1-V","task":1}`).score(0, 5)
	d.do(`{"type":"answer","correct":true,"hint":1,"card":"RAAB-STD-TT-2-H","task":1}`).score(5, 5)
	d.do(repeat(4, `{"type":"skip"}`)...).score(5, 5).tie(true).open()
	if d.s.Quota != 1 || d.s.Round != 2 {
		t.Fatalf("extra task: %+v", d.s)
	}
	d.do(`{"type":"answer","correct":true,"hint":2}`).score(0+5, 5+4).open()
	d.refuse(`{"type":"answer","side":"blue","correct":true,"hint":2}`, "quota-done")
	d.do(`{"type":"answer","correct":true,"hint":3}`).score(8, 9).won("blue")

	d = start(t, `{"minigame":"TV","two_player":true}`)
	d.refuse(`{"type":"answer","correct":true,"hint":4}`, "hint-range")
	d.do(`{"type":"answer","correct":true,"hint":1}`, `{"type":"answer","correct":true,"hint":3}`).score(1, 3)
	d.do(repeat(4, `{"type":"skip"}`)...).score(1, 3).won("blue")
}

func TestWerLuegtForTwo(t *testing.T) {
	d := start(t, `{"minigame":"WL","two_player":true}`).allowed("tally")
	// RAAB-STD-WL-1 task 1: 3, 5 and 7 are false. Blue marks 3, 5 and 4:
	// two hits for blue, one mistake, a point for red.
	d.do(`{"type":"tally","side":"blue","marked":[3,5,4],"card":"RAAB-STD-WL-1","task":1}`).score(1, 2)
	d.refuse(`{"type":"tally","side":"red","marked":[3,3],"card":"RAAB-STD-WL-1","task":2}`, "bad-item")
	d.refuse(`{"type":"tally","side":"red","marked":[3],"right":0,"card":"RAAB-STD-WL-1","task":2}`, "answer-mismatch")
	d.refuse(`{"type":"tally","side":"red","right":5,"wrong":3}`, "too-many-right")
	d.refuse(`{"type":"tally","side":"red","right":5}`, "missing-field")
	d.do(`{"type":"tally","side":"red","right":2,"wrong":0}`).score(3, 2)
	d.do(repeat(4, `{"type":"tally","right":1,"wrong":1}`)...).score(7, 6).won("red")

	// Tied: one more task each.
	d = start(t, `{"minigame":"WL","two_player":true}`)
	d.do(repeat(6, `{"type":"tally","right":2,"wrong":1}`)...).score(9, 9).tie(true)
	d.do(`{"type":"tally","right":3,"wrong":0}`).open().do(`{"type":"tally","right":2,"wrong":0}`).score(11, 12).won("blue")
}

func TestWerWeissMehrForTwo(t *testing.T) {
	d := start(t, `{"minigame":"WM","two_player":true}`)
	// Only tasks with at least 7 answers: the chess pieces have 6.
	d.refuse(`{"type":"tally","right":3,"wrong":0,"card":"RAAB-STD-WM-1","task":3}`, "too-few-answers")
	d.refuse(`{"type":"tally","right":10,"wrong":0,"card":"RAAB-STD-WM-1","task":1}`, "too-many-right")
	d.do(`{"type":"tally","right":6,"wrong":2,"card":"RAAB-STD-WM-1","task":1}`).score(2, 6)
	d.do(`{"type":"tally","right":5,"wrong":1}`).score(7, 7)
	d.do(`{"type":"tally","right":5,"wrong":1}`).score(8, 12)
	d.do(`{"type":"tally","right":4,"wrong":0}`).score(12, 12).tie(true).open() // 2 tasks each, tied
	d.do(`{"type":"tally","right":1,"wrong":0}`, `{"type":"tally","right":1,"wrong":0}`).score(13, 13).open()
	d.do(`{"type":"tally","right":0,"wrong":1}`, `{"type":"tally","right":0,"wrong":0}`).score(14, 13).won("red")
}

// Counting games for two: Buchstabensalat (both write at once),
// Kopfrechnen and Wörter rückwärts (one sand timer each); tied: repeat.
func TestCountingForTwo(t *testing.T) {
	d := start(t, `{"minigame":"BS","two_player":true}`).allowed("count")
	d.refuse(`{"type":"count","red":11,"blue":3}`, "bad-count")
	d.refuse(`{"type":"count"}`, "missing-field")
	d.do(`{"type":"count","red":7,"blue":7,"card":"RAAB-STD-BS-1"}`).score(0, 0).open()
	if d.s.Round != 2 || d.s.Earlier[0].Score != [2]int{7, 7} {
		t.Fatalf("not repeated: %+v", d.s)
	}
	d.refuse(`{"type":"count","red":7,"blue":6,"card":"RAAB-STD-BS-1"}`, "task-used")
	d.do(`{"type":"count","red":6,"blue":8}`).score(6, 8).won("blue")

	for _, code := range []string{"KR", "WR"} {
		d := start(t, fmt.Sprintf(`{"minigame":%q,"two_player":true}`, code))
		d.do(`{"type":"count","side":"blue","count":12}`).open()
		d.refuse(`{"type":"count","side":"blue","count":3}`, "already-counted")
		d.refuse(`{"type":"count","side":"red","count":-1}`, "bad-count")
		d.refuse(`{"type":"count","side":"red"}`, "missing-field")
		d.refuse(`{"type":"count","side":"red","count":3,"red":3}`, "bad-action")
		d.refuse(`{"type":"count","card":"RAAB-STD-KR-1","side":"red","count":3}`, "field-not-used")
		d.do(`{"type":"count","side":"red","count":12}`).score(0, 0).open() // tied: repeat
		d.do(`{"type":"count","red":9,"blue":8}`).won("red")
	}
}

// Games without their own two-player rules play as with a host.
func TestHostRulesForTwo(t *testing.T) {
	d := start(t, `{"minigame":"EO","two_player":true}`)
	d.do(`{"type":"choose","red":"A","blue":"B","answer":"A"}`).score(3, 2)
	d = start(t, `{"minigame":"EN","two_player":true}`)
	d.do(repeat(4, `{"type":"guess","red":1,"blue":5,"answer":2}`)...).won("red")
}

func TestStrictFields(t *testing.T) {
	d := start(t, `{"minigame":"AK"}`)
	d.refuse(`{"type":"buzz","side":"red","corect":true}`, "bad-action")
	d.refuse(`{"type":"buzz","side":"red"}`, "missing-field")
	d.refuse(`{"type":"buzz","side":"red","correct":true,"hint":2}`, "field-not-used")
	d.refuse(`{"type":"dance"}`, "not-allowed")
	d.refuse(`{"type":"skip","side":"red"}`, "field-not-used")
}

func TestStateJSONRoundTrip(t *testing.T) {
	d := start(t, `{"minigame":"WM","players":["Mireille","Stefan"],"first":"blue"}`)
	d.do(`{"type":"answer","correct":true,"card":"RAAB-STD-WM-1","task":1}`, `{"type":"answer","correct":false}`)
	d.do(`{"type":"answer","correct":true,"total":4}`)
	back := enginetest.RoundTrip(t, d.s)
	// The restored state plays on identically.
	next := line(t, `{"type":"answer","correct":true}`)
	s1, _, err1 := d.e.Apply(d.s, next)
	s2, _, err2 := d.e.Apply(back, next)
	j1, _ := json.Marshal(s1)
	j2, _ := json.Marshal(s2)
	if err1 != nil || err2 != nil || string(j1) != string(j2) {
		t.Fatalf("%v %v\n%s\n%s", err1, err2, j1, j2)
	}
}

// The rulebook's two-player rule: "Use a new card for each question." A
// two-player Entfernungen duel (no "for two" section of its own) refuses a
// second task from a card already played; with a host the card's tasks are
// played one after another.
func TestNewCardForEachQuestionForTwo(t *testing.T) {
	two := start(t, `{"minigame":"EN","two_player":true}`)
	two.do(`{"type":"guess","red":300,"blue":250,"card":"RAAB-STD-EN-1","task":1}`)
	two.refuse(`{"type":"guess","red":200,"blue":160,"card":"RAAB-STD-EN-1","task":2}`, "new-card")
	two.do(`{"type":"guess","red":200,"blue":160,"card":"RAAB-STD-EN-2","task":1}`)
	// Facts without a card are the players' business.
	two.do(`{"type":"guess","red":200,"blue":160,"answer":170}`)
	start(t, `{"minigame":"EN"}`).do(
		`{"type":"guess","red":300,"blue":250,"card":"RAAB-STD-EN-1","task":1}`,
		`{"type":"guess","red":200,"blue":160,"card":"RAAB-STD-EN-1","task":2}`)

	// Every game without a one-card "for two" rule, whose actions name cards.
	for setup, lines := range map[string][2]string{
		`{"minigame":"EO","two_player":true}`: {`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-EO-1","task":1}`, `{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-EO-1","task":2}`},
		`{"minigame":"ST","two_player":true}`: {`{"type":"choose","red":true,"blue":false,"card":"RAAB-STD-ST-1","task":1}`, `{"type":"choose","red":true,"blue":false,"card":"RAAB-STD-ST-1","task":2}`},
		`{"minigame":"FP","two_player":true}`: {`{"type":"choose","red":"A","blue":"A","card":"RAAB-STD-FP-1","task":1}`, `{"type":"choose","red":"A","blue":"A","card":"RAAB-STD-FP-1","task":2}`},
		`{"minigame":"SC","two_player":true}`: {`{"type":"guess","red":1,"blue":2,"card":"RAAB-STD-SC-1","task":1}`, `{"type":"guess","red":1,"blue":2,"card":"RAAB-STD-SC-1","task":2}`},
		`{"minigame":"WW","two_player":true}`: {`{"type":"guess","red":1900,"blue":1950,"card":"RAAB-STD-WW-1","task":1}`, `{"type":"guess","red":1900,"blue":1950,"card":"RAAB-STD-WW-1","task":2}`},
		`{"minigame":"WO","two_player":true}`: {`{"type":"guess","red":"A1","blue":"B2","card":"RAAB-STD-WO-1","task":1}`, `{"type":"guess","red":"A1","blue":"B2","card":"RAAB-STD-WO-1","task":2}`},
		`{"minigame":"FZ","two_player":true}`: {`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-FZ-1","task":1}`, `{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-FZ-1","task":2}`},
	} {
		d := start(t, setup).do(lines[0])
		if d.s.Winner == "" {
			d.refuse(lines[1], "new-card")
		}
	}
	// The games whose "for two" section plays one card's tasks.
	start(t, `{"minigame":"AK","two_player":true}`).do(
		`{"type":"answer","correct":true,"card":"RAAB-STD-AK-1","task":1}`,
		`{"type":"answer","correct":true,"card":"RAAB-STD-AK-2","task":1}`,
		`{"type":"answer","correct":true,"card":"RAAB-STD-AK-1","task":2}`)
	start(t, `{"minigame":"TV","two_player":true}`).do(
		`{"type":"answer","correct":true,"hint":1,"card":"RAAB-STD-TV-1","task":1}`,
		`{"type":"answer","correct":true,"hint":2,"card":"RAAB-STD-TV-2","task":1}`,
		`{"type":"answer","correct":false,"card":"RAAB-STD-TV-1","task":2}`)
	for _, code := range []string{"AK", "BS", "BU", "FS", "KR", "TT", "WL", "WM", "TV", "WR"} {
		if !OneCardForTwo(code) {
			t.Errorf("%s plays one card's tasks for two", code)
		}
	}
	for _, code := range []string{"EN", "EO", "FP", "FZ", "SC", "SQ", "SO", "ST", "SM", "WW", "WO"} {
		if OneCardForTwo(code) {
			t.Errorf("%s uses a new card for each question for two", code)
		}
	}
}
