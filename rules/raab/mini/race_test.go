package mini

import (
	"fmt"
	"strings"
	"testing"

	"druckreif/decks"
)

const (
	redRight  = `{"type":"buzz","side":"red","correct":true}`
	redWrong  = `{"type":"buzz","side":"red","correct":false}`
	blueRight = `{"type":"buzz","side":"blue","correct":true}`
	blueWrong = `{"type":"buzz","side":"blue","correct":false}`
)

// The buzzer games: a right answer is a point, a wrong or missing one a
// point for the opponent; first to 4 or 5 as each game's section says.
func TestBuzzerRaceTargets(t *testing.T) {
	for code, target := range map[string]int{"AK": 4, "BK": 5, "BS": 5, "BZ": 5, "KR": 4, "SW": 5, "WR": 4} {
		t.Run(code, func(t *testing.T) {
			d := start(t, fmt.Sprintf(`{"game":"raab-mini","minigame":%q}`, code))
			d.do(redRight).score(1, 0).do(redWrong).score(1, 1)
			if code != "BK" {
				d.do(`{"type":"skip"}`).score(1, 1)
			}
			for i := 2; i < target; i++ {
				d.do(redRight)
			}
			d.score(target-1, 1).open()
			d.do(blueWrong).score(target, 1).won("red")
			d.refuse(redRight, "duel-over")
		})
	}
}

// The host may also simply award the point.
func TestPointAction(t *testing.T) {
	d := start(t, `{"minigame":"AK"}`)
	d.do(repeat(3, `{"type":"point","side":"blue"}`)...).score(0, 3).open()
	d.refuse(`{"type":"point"}`, "missing-side")
	d.refuse(`{"type":"point","side":"green"}`, "bad-side")
	d.do(`{"type":"point","side":"blue"}`).won("blue")
}

func TestBlamierenGrab(t *testing.T) {
	d := start(t, `{"minigame":"BK"}`)
	// A right answer leaves nothing to grab.
	d.do(redRight).allowed("buzz", "skip").refuse(`{"type":"grab","side":"blue","correct":true}`, "not-allowed")
	// Wrong: the opponent gets the point and may grab a further one.
	d.do(redWrong).score(1, 1).allowed("buzz", "grab", "skip")
	d.refuse(`{"type":"grab","side":"red","correct":true}`, "not-your-grab")
	d.do(`{"type":"grab","side":"blue","correct":true}`).score(1, 2)
	// Only one grab.
	d.refuse(`{"type":"grab","side":"blue","correct":true}`, "not-allowed")
	// A wrong grab gives the other player the point.
	d.do(blueWrong).score(2, 2).do(`{"type":"grab","correct":false}`).score(2, 3)
	// Not grabbing: the chance lapses with the next question.
	d.do(redWrong).score(2, 4).do(`{"type":"skip"}`).allowed("buzz", "skip")
	// The failure point decides: no grab after the duel is over.
	d.do(redWrong).score(2, 5).won("blue")
	if d.s.Grab != "" {
		t.Fatal("grab left open after the end")
	}
}

func TestBuchstabenZaehlenGuess(t *testing.T) {
	d := start(t, `{"minigame":"BZ"}`)
	// RAAB-STD-BZ-1 task 1 is "Geburtstagsgeschenk": 19 letters.
	d.do(`{"type":"buzz","side":"red","guess":19,"card":"RAAB-STD-BZ-1","task":1}`).score(1, 0)
	d.do(`{"type":"buzz","side":"red","guess":13,"card":"RAAB-STD-BZ-1","task":2}`).score(1, 1)
	d.refuse(`{"type":"buzz","side":"red","guess":19,"card":"RAAB-STD-BZ-1","task":1}`, "task-used")
	d.refuse(`{"type":"buzz","side":"red","guess":12,"answer":12,"card":"RAAB-STD-BZ-1","task":3}`, "answer-mismatch")
	d.do(`{"type":"buzz","side":"blue","guess":12,"answer":12}`).score(1, 2)
	d.refuse(`{"type":"buzz","side":"blue","guess":12}`, "missing-field")
	d.refuse(`{"type":"buzz","side":"blue","guess":12,"answer":12,"correct":false}`, "answer-mismatch")
	d.refuse(`{"type":"buzz","side":"blue","hit":true}`, "field-not-used")
}

// Filmzitate: buzzer, or both lay chips and everyone right scores; tied
// at 5 plays on until one leads. For two there is no buzzer.
func TestFilmzitate(t *testing.T) {
	d := start(t, `{"minigame":"FZ"}`)
	d.do(redRight, blueRight, redRight, blueRight, redRight, blueRight, redRight, blueRight).score(4, 4)
	d.do(`{"type":"choose","red":"B","blue":"B","answer":"B"}`).score(5, 5).tie(true).open()
	d.do(`{"type":"choose","red":"A","blue":"C","card":"RAAB-STD-FZ-1","task":2}`).score(5, 6).won("blue")

	d = start(t, `{"minigame":"FZ","two_player":true}`).allowed("choose")
	d.refuse(redRight, "not-allowed")
	d.do(`{"type":"choose","red":"A","answer":"A"}`).score(1, 0)
	d.refuse(`{"type":"choose","red":"E","answer":"A"}`, "bad-answer")
	d.refuse(`{"type":"choose","red":"A"}`, "missing-answer")
}

// Showquiz: a right chip scores, a wrong chip gives the opponent the
// point; estimating: closer wins, equal: nobody.
func TestShowquiz(t *testing.T) {
	d := start(t, `{"minigame":"SQ"}`)
	d.do(`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-SQ-1","task":2}`).score(2, 0)
	d.do(`{"type":"choose","red":"A","blue":"A","answer":"C"}`).score(3, 1)
	d.do(`{"type":"choose","red":"C","blue":"C","answer":"C"}`).score(4, 2)
	d.do(`{"type":"guess","red":80,"blue":96,"card":"RAAB-STD-SQ-1","task":3}`).score(4, 2)
	d.refuse(`{"type":"guess","red":80,"blue":96,"card":"RAAB-STD-SQ-1","task":1}`, "wrong-kind")
	d.refuse(`{"type":"buzz","side":"red","correct":true,"card":"RAAB-STD-SQ-1","task":2}`, "wrong-kind")
	d.do(`{"type":"buzz","side":"red","correct":true,"card":"RAAB-STD-SQ-1","task":1}`).score(5, 2).won("red")

	// Both reach 5 at once: play on until one leads.
	d = start(t, `{"minigame":"SQ"}`)
	d.do(redRight, redRight, redRight, redRight, blueRight, blueRight, blueRight, blueRight).score(4, 4)
	d.do(`{"type":"choose","red":"A","blue":"A","answer":"B"}`).score(5, 5).tie(true).open()
	d.do(`{"type":"guess","red":10,"blue":10,"answer":12}`).score(5, 5).open()
	d.do(`{"type":"guess","red":10,"blue":11,"answer":12}`).score(5, 6).won("blue")

	start(t, `{"minigame":"SQ","two_player":true}`).allowed("choose", "guess").refuse(redRight, "not-allowed")
}

// Closest guess, above or below; equal distance: no point.
func TestClosestGuess(t *testing.T) {
	d := start(t, `{"minigame":"EN"}`)
	// Berlin – Hamburg: 289 km on RAAB-STD-EN-1.
	d.do(`{"type":"guess","red":300,"blue":270,"card":"RAAB-STD-EN-1","task":1}`).score(1, 0)
	d.do(`{"type":"guess","red":150,"blue":130,"answer":140}`).score(1, 0)
	d.do(`{"type":"guess","red":150,"blue":130,"answer":139}`).score(1, 1)
	d.do(`{"type":"guess","red":150,"answer":141}`).score(2, 1)
	d.do(`{"type":"guess","answer":141}`).score(2, 1)
	d.refuse(`{"type":"guess","red":1,"blue":2,"card":"RAAB-STD-EN-1","task":2,"answer":171}`, "answer-mismatch")
	d.refuse(`{"type":"guess","red":1,"blue":2}`, "missing-answer")
	d.do(`{"type":"guess","red":1,"blue":2,"answer":5}`, `{"type":"guess","red":1,"blue":2,"answer":5}`).score(2, 3).open()
	d.do(`{"type":"guess","red":1,"blue":2,"answer":5}`).score(2, 4).won("blue")

	d = start(t, `{"minigame":"SC"}`)
	// Marathon: 42,195 km.
	d.do(`{"type":"guess","red":42.2,"blue":42.19,"card":"RAAB-STD-SC-1","task":2}`).score(0, 0) // both 0.005 off
	d.do(`{"type":"guess","red":"13,4","blue":13.6,"answer":13.5}`).score(0, 0)
	d.do(`{"type":"guess","red":0.3,"blue":0.1,"answer":0.2}`).score(0, 0) // exact decimals, no rounding error
	d.do(`{"type":"guess","red":0.31,"blue":0.1,"answer":0.2}`).score(0, 1)
}

func TestWannWarDasYears(t *testing.T) {
	d := start(t, `{"minigame":"WW"}`)
	// Kolumbus 1492: same year for both, no point.
	d.do(`{"type":"guess","red":1500,"blue":1500,"card":"RAAB-STD-WW-1","task":1}`).score(0, 0)
	// There is no year 0: 1 BC is one year before AD 1.
	d.do(`{"type":"guess","red":-1,"blue":3,"answer":1}`).score(1, 0)
	d.do(`{"type":"guess","red":-44,"blue":-40,"answer":-45}`).score(2, 0)
	d.refuse(`{"type":"guess","red":0,"blue":3,"answer":1}`, "bad-year")
	d.refuse(`{"type":"guess","red":1990.5,"blue":3,"answer":1}`, "bad-year")
}

// Wo liegt was?: squares counted not diagonally; a square holds one die.
func TestWoLiegtWas(t *testing.T) {
	d := start(t, `{"minigame":"WO","map":"D"}`)
	// C3: D4 is diagonal (2 squares), C4 is 1 square.
	d.do(`{"type":"guess","red":"D4","blue":"C4","answer":"C3"}`).score(0, 1)
	// D4 and C5 are both 2 squares from C3 (diagonally D4 would be closer).
	d.do(`{"type":"guess","red":"D4","blue":"C5","answer":"C3"}`).score(0, 1)
	d.refuse(`{"type":"guess","red":"C4","blue":"C4","answer":"C3"}`, "square-taken")
	d.refuse(`{"type":"guess","red":"Z9","blue":"C4","answer":"C3"}`, "bad-square")
	// Too slow: out of luck this round.
	d.do(`{"type":"guess","red":"H10","answer":"A1"}`).score(1, 1)
	// Flensburg lies in D1 on the Germany map.
	place := mustTask(t, "RAAB-STD-WO-1", 1).(decks.Place)
	if place.Square.String() != "D1" {
		t.Fatalf("Flensburg in %s", place.Square)
	}
	d.do(`{"type":"guess","red":"D2","blue":"E2","card":"RAAB-STD-WO-1","task":1}`).score(2, 1)
	d.refuse(`{"type":"guess","red":"D2","blue":"E2","card":"RAAB-STD-WO-5","task":1}`, "wrong-map")

	// Without a map in the setup the first card fixes it.
	d = start(t, `{"minigame":"WO"}`)
	d.do(`{"type":"guess","red":"D2","blue":"E2","card":"RAAB-STD-WO-5","task":1}`)
	if d.s.Map != "EU" {
		t.Fatalf("map %q", d.s.Map)
	}
}

func mustTask(t *testing.T, id string, task int) decks.RaabTask {
	t.Helper()
	f, _ := defaultSet(t).Find(decks.ParseRef(id))
	if f == nil || f.Raab == nil {
		t.Fatalf("no card %s", id)
	}
	return f.Raab.Tasks[task-1]
}

func TestSuchmaschinen(t *testing.T) {
	d := start(t, `{"minigame":"SM"}`)
	d.do(`{"type":"hits","red":12000,"blue":500}`).score(1, 0)
	d.do(`{"type":"hits","red":700,"blue":700}`).score(1, 0) // same word: again, no point
	d.refuse(`{"type":"hits","red":-1,"blue":3}`, "bad-hits")
	d.refuse(`{"type":"hits","red":1}`, "missing-field")

	d = start(t, `{"minigame":"SM","variant":2}`)
	d.do(`{"type":"hits","red":12000,"blue":500}`).score(0, 1)
	d.do(`{"type":"hits","red":0,"blue":500}`).score(0, 2) // 0 hits do not count
	d.do(`{"type":"hits","red":3,"blue":0}`).score(1, 2)
	d.do(`{"type":"hits","red":0,"blue":0}`).score(1, 2) // both 0: repeated
	for _, bad := range []string{`{"minigame":"SM","variant":3}`, `{"minigame":"AK","variant":2}`} {
		if _, err := New(nil).Start([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// Ahead after N tasks; a task nobody answers counts; ties play on task by
// task.
func TestBestAfterTasks(t *testing.T) {
	for _, code := range []string{"LM", "LS"} {
		d := start(t, fmt.Sprintf(`{"minigame":%q}`, code))
		d.do(redRight, redRight, blueRight, `{"type":"skip"}`).score(2, 1).open()
		d.do(blueRight).score(2, 2).tie(true).open() // 5 songs, tied
		d.do(`{"type":"skip"}`).open()
		d.do(blueWrong).score(3, 2).won("red")
	}
	// Lieder malen after 5 songs with a lead: decided at once.
	d := start(t, `{"minigame":"LM"}`)
	d.do(redRight, redRight, redRight, redRight).score(4, 0).open()
	d.do(redWrong).score(4, 1).won("red")
}

func TestSortieren(t *testing.T) {
	d := start(t, `{"minigame":"SO"}`)
	// RAAB-STD-SO-1: A, C, B, D.
	d.do(`{"type":"choose","red":"A, C, B, D","blue":"ACDB","card":"RAAB-STD-SO-1"}`).score(1, 0)
	d.do(`{"type":"choose","red":["B","D","A","C"],"blue":"BDAC","answer":"BDAC"}`).score(2, 1)
	d.refuse(`{"type":"choose","red":"ABC","blue":"BDAC","answer":"BDAC"}`, "bad-answer")
	d.refuse(`{"type":"choose","red":"AABC","blue":"BDAC","answer":"BDAC"}`, "bad-answer")
	d.refuse(`{"type":"choose","red":"ABCD","blue":"BDAC","card":"RAAB-STD-SO-1"}`, "task-used")
	d.do(`{"type":"choose","red":"ABCD","blue":"ABCD","answer":"DCBA"}`).score(2, 1).open()
	d.do(`{"type":"choose","red":"ABCD","blue":"DCBA","answer":"DCBA"}`).score(2, 2).tie(true).open()
	d.do(`{"type":"choose","red":"ABCD","blue":"ABCD","answer":"ABCD"}`).score(3, 3).open()
	d.do(`{"type":"choose","blue":"ABCD","answer":"ABCD"}`).score(3, 4).won("blue")
}

// Fremdsprachen with a host: a wrong answer gives the opponent the point
// and the next translation follows; ahead after 5 words wins.
func TestFremdsprachenHost(t *testing.T) {
	d := start(t, `{"minigame":"FS"}`)
	d.do(`{"type":"buzz","side":"red","correct":false,"hint":1,"card":"RAAB-STD-FS-1","task":1}`).score(0, 1)
	if !d.s.Task.Active || d.s.Task.Hint != 2 {
		t.Fatalf("task %+v", d.s.Task)
	}
	d.refuse(`{"type":"buzz","side":"blue","correct":true,"hint":1}`, "hint-passed")
	d.refuse(`{"type":"buzz","side":"blue","correct":true,"hint":6}`, "hint-range")
	d.refuse(`{"type":"buzz","side":"blue","correct":true,"card":"RAAB-STD-FS-1","task":2}`, "task-open")
	d.do(`{"type":"buzz","side":"red","correct":false,"hint":3}`).score(0, 2)
	d.do(`{"type":"buzz","side":"blue","correct":true,"hint":4}`).score(0, 3)
	if d.s.Task.Active || d.s.Tasks != 1 {
		t.Fatalf("the right answer takes the word out: %+v", d.s)
	}
	d.refuse(`{"type":"buzz","side":"blue","correct":true,"card":"RAAB-STD-FS-1","task":1}`, "task-used")
	// A wrong answer after the 5th translation ends the word.
	d.do(`{"type":"buzz","side":"red","correct":false,"hint":5}`).score(0, 4)
	if d.s.Task.Active || d.s.Tasks != 2 {
		t.Fatalf("after the last translation the word is over: %+v", d.s)
	}
	// Nobody answers: word 3 without points.
	d.do(`{"type":"skip"}`).score(0, 4).open()
	d.do(redRight, redRight).score(2, 4).won("blue")
	if d.s.Tasks != 5 {
		t.Fatalf("tasks %d", d.s.Tasks)
	}
	// Tied after 5 words: more words until one leads.
	d = start(t, `{"minigame":"FS"}`)
	d.do(redRight, redRight, blueRight, blueRight, `{"type":"skip"}`).tie(true).open()
	d.do(`{"type":"buzz","side":"red","correct":false,"hint":1}`).score(2, 3).open() // the word goes on
	d.do(`{"type":"buzz","side":"blue","correct":false,"hint":2}`).score(3, 3).open()
	d.do(`{"type":"skip"}`).open()
	d.do(blueRight).won("blue")
}

func TestHintRacesHost(t *testing.T) {
	d := start(t, `{"minigame":"TV"}`)
	d.refuse(`{"type":"buzz","side":"red","correct":true,"hint":4}`, "hint-range")
	d.do(`{"type":"buzz","side":"red","correct":false,"hint":3,"card":"RAAB-STD-TV-1","task":1}`).score(0, 1)
	if d.s.Task.Active {
		t.Fatal("after the 3rd show the task is over")
	}
	d.do(blueRight, blueRight).score(0, 3).do(redWrong).won("blue")

	d = start(t, `{"minigame":"TT"}`)
	d.do(`{"type":"buzz","side":"red","correct":false,"card":"RAAB-STD-TT-1-H","task":2}`).score(0, 1)
	d.do(`{"type":"buzz","side":"red","correct":true}`).score(1, 1)
	d.refuse(`{"type":"buzz","side":"red","correct":true,"card":"RAAB-STD-TT-1-H","task":2}`, "task-used")
	d.do(`{"type":"buzz","side":"red","correct":true,"card":"RAAB-STD-TT-1","task":2}`).score(2, 1) // the front is another task
	d.refuse(`{"type":"point","side":"red"}`, "not-allowed")
}

func TestWerLuegtHost(t *testing.T) {
	d := start(t, `{"minigame":"WL"}`)
	// RAAB-STD-WL-1 task 1: answers 3, 5 and 7 are false.
	d.do(`{"type":"buzz","side":"red","item":3,"card":"RAAB-STD-WL-1","task":1}`).score(1, 0)
	d.do(`{"type":"buzz","side":"blue","item":4,"card":"RAAB-STD-WL-1","task":1}`).score(2, 0)
	d.refuse(`{"type":"buzz","side":"blue","item":4,"card":"RAAB-STD-WL-1","task":1}`, "task-used")
	d.refuse(`{"type":"buzz","side":"blue","item":8,"card":"RAAB-STD-WL-1","task":1}`, "bad-item")
	d.refuse(`{"type":"buzz","side":"blue","item":5,"hit":false,"card":"RAAB-STD-WL-1","task":1}`, "answer-mismatch")
	d.refuse(`{"type":"buzz","side":"blue","correct":true}`, "field-not-used")
	d.refuse(`{"type":"buzz","side":"blue"}`, "missing-field")
	d.do(`{"type":"buzz","side":"blue","hit":true}`, `{"type":"buzz","side":"red","hit":false}`).score(2, 2)
	d.do(`{"type":"point","side":"red"}`, `{"type":"buzz","side":"red","hit":true}`).score(4, 2).won("red")
}

func TestWerWeissMehrHost(t *testing.T) {
	d := start(t, `{"minigame":"WM","first":"blue"}`)
	// Question 1: Stefan (blue) begins; the chess question has 6 answers.
	d.refuse(`{"type":"answer","side":"red","correct":true,"card":"RAAB-STD-WM-1","task":3}`, "not-your-turn")
	d.do(`{"type":"answer","side":"blue","correct":true,"card":"RAAB-STD-WM-1","task":3}`)
	d.do(repeat(4, `{"type":"answer","correct":true}`)...).score(0, 0)
	if d.s.Task.Turn != "red" || d.s.Task.Named != 5 {
		t.Fatalf("task %+v", d.s.Task)
	}
	d.do(`{"type":"answer","side":"red","correct":true}`).score(0, 0) // all 6 named: no point
	if d.s.Task.Active || d.s.Tasks != 1 {
		t.Fatalf("question not closed: %+v", d.s)
	}
	// Question 2: now the candidate begins. A wrong or repeated answer: the opponent scores.
	d.refuse(`{"type":"answer","side":"blue","correct":true}`, "not-your-turn")
	d.do(`{"type":"answer","side":"red","correct":true}`, `{"type":"answer","side":"blue","correct":false}`).score(1, 0)
	// Question 3: Stefan begins; the number of answers given with the first answer.
	d.do(`{"type":"answer","side":"blue","correct":true,"total":2}`, `{"type":"answer","side":"red","correct":true}`).score(1, 0)
	// Question 4: the candidate begins; the host says when all are named.
	d.allowed("answer")
	d.do(`{"type":"answer","side":"red","correct":true}`).allowed("answer", "allnamed")
	d.do(`{"type":"allnamed"}`).score(1, 0)
	d.do(`{"type":"answer","side":"blue","correct":false}`).score(2, 0)
	d.do(`{"type":"answer","side":"red","correct":false,"total":5}`).score(2, 1)
	d.refuse(`{"type":"answer","side":"red","correct":true,"total":-1}`, "bad-total")
	d.do(`{"type":"answer","side":"blue","correct":true,"total":1}`).score(2, 1) // 1 answer, named
	d.do(`{"type":"answer","side":"red","correct":false}`).score(2, 2).open()
	d.do(`{"type":"answer","side":"blue","correct":true}`, `{"type":"answer","side":"red","correct":false}`).score(2, 3).won("blue")
}

func TestWerWeissMehrTotal(t *testing.T) {
	d := start(t, `{"minigame":"WM"}`)
	d.do(`{"type":"answer","side":"red","correct":true}`, `{"type":"answer","side":"blue","correct":true}`)
	d.refuse(`{"type":"answer","side":"red","correct":true,"total":2}`, "total-mismatch")
	d.do(`{"type":"answer","side":"red","correct":true,"total":4}`)
	d.refuse(`{"type":"answer","side":"blue","correct":true,"total":5}`, "total-mismatch")
	d.refuse(`{"type":"allnamed"}`, "not-allowed")
	d.do(`{"type":"answer","side":"blue","correct":true}`)
	if d.s.Task.Active {
		t.Fatal("all 4 named")
	}
}

func TestEventsAndPrompts(t *testing.T) {
	d := start(t, `{"minigame":"AK","players":["Mireille","Stefan"],"host":"David"}`)
	d.do(redRight)
	if !strings.Contains(d.events(), "Mireille gets 1 point (1:0)") {
		t.Fatalf("events %q", d.events())
	}
	p := d.e.Next(d.s)
	if len(p.Actors) != 1 || p.Actors[0] != "David" || !strings.Contains(p.Text.DE, "Autokennzeichen") || !strings.Contains(p.Text.EN, "first to 4") {
		t.Fatalf("prompt %+v", p)
	}
	d.do(redRight, redRight, redRight)
	if p := d.e.Next(d.s); !p.Over || !strings.Contains(p.Text.DE, "Mireille gewinnt") {
		t.Fatalf("prompt %+v", p)
	}
}
