package mini

import (
	"fmt"
	"testing"

	"druckreif/decks"
)

// Entweder – Oder! and Stimmt's?: start on 3, a wrong answer costs 1,
// whoever lands on 0 loses; both on 0 at once: play on until one is right
// and the other wrong.
func TestCreditGames(t *testing.T) {
	for _, c := range []struct {
		code, right, wrong string
	}{{"EO", `"A"`, `"B"`}, {"ST", `true`, `false`}} {
		t.Run(c.code, func(t *testing.T) {
			q := func(red, blue string) string {
				return fmt.Sprintf(`{"type":"choose","red":%s,"blue":%s,"answer":%s}`, red, blue, c.right)
			}
			d := start(t, fmt.Sprintf(`{"minigame":%q}`, c.code)).score(3, 3)
			d.do(q(c.right, c.right)).score(3, 3) // no points for right answers
			d.do(q(c.wrong, c.right)).score(2, 3)
			d.do(q(c.wrong, c.wrong)).score(1, 2) // both wrong: both lose 1
			d.do(q(c.right, c.wrong)).score(1, 1).open()
			d.do(q(c.wrong, c.wrong)).score(0, 0).tie(true).open() // both on 0 at once
			d.do(q(c.wrong, c.wrong)).score(0, 0).open()
			d.do(q(c.right, c.right)).score(0, 0).open()
			d.do(q(c.right, c.wrong)).score(0, 0).won("red")

			d = start(t, fmt.Sprintf(`{"minigame":%q}`, c.code))
			d.do(q(c.wrong, c.right), q(c.wrong, c.right), q(c.wrong, c.right)).score(0, 3).won("blue")
			d.refuse(q(c.wrong, c.right), "duel-over")
		})
	}
}

func TestCreditCards(t *testing.T) {
	// RAAB-STD-EO-1: A, B, B, A.
	d := start(t, `{"minigame":"EO"}`)
	d.do(`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-EO-1","task":1}`).score(3, 2)
	d.do(`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-EO-1","task":2}`).score(2, 2)
	d.refuse(`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-EO-1","task":3,"answer":"A"}`, "answer-mismatch")
	d.refuse(`{"type":"choose","red":"C","blue":"B","card":"RAAB-STD-EO-1","task":3}`, "bad-answer")
	d.refuse(`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-EO-1"}`, "task-missing")
	d.refuse(`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-EO-1","task":9}`, "unknown-task")
	d.refuse(`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-ST-1","task":1}`, "wrong-game")
	d.refuse(`{"type":"choose","red":"A","blue":"B","card":"RAAB-XYZ-EO-1","task":1}`, "unknown-card")
	d.refuse(`{"type":"choose","red":"A","blue":"B","task":1,"answer":"A"}`, "task-without-card")
	// A missing chip is a wrong guess.
	d.do(`{"type":"choose","blue":"B","answer":"B"}`).score(1, 2)

	// Stimmt's? card 1: true, false, false.
	d = start(t, `{"minigame":"ST"}`)
	d.do(`{"type":"choose","red":"ja","blue":"nein","card":"RAAB-STD-ST-1","task":1}`).score(3, 2)
	d.do(`{"type":"choose","red":"stimmt","blue":false,"card":"RAAB-STD-ST-1","task":2}`).score(2, 2)
	d.refuse(`{"type":"choose","red":"vielleicht","blue":false,"answer":true}`, "bad-answer")

	// Without decks a card cannot be read.
	d = startWith(t, nil, `{"minigame":"EO"}`)
	d.refuse(`{"type":"choose","red":"A","blue":"B","card":"RAAB-STD-EO-1","task":1}`, "no-decks")
	d.do(`{"type":"choose","red":"A","blue":"B","answer":"A"}`).score(3, 2)
}

// The rulebook's example: the correct answer is "A", the player guessed
// "B" and "C" and loses 3 points.
func TestFuehrerscheinExample(t *testing.T) {
	q := decks.MultiChoice{Options: []string{"a", "b", "c"}, Correct: []int{0}}
	if n := q.Mistakes([]int{1, 2}); n != 3 {
		t.Fatalf("decks says %d mistakes", n)
	}
	// RAAB-STD-FP-1 task 1: answer A of three.
	d := start(t, `{"minigame":"FP"}`).score(4, 4)
	d.do(`{"type":"choose","red":["B","C"],"blue":"A","card":"RAAB-STD-FP-1","task":1}`).score(1, 4)
	// The same with the facts from the printed card.
	d = start(t, `{"minigame":"FP"}`)
	d.do(`{"type":"choose","red":"B, C","blue":["A"],"answer":"A"}`).score(1, 4)
}

func TestFuehrerschein(t *testing.T) {
	d := start(t, `{"minigame":"FP"}`)
	// Two answers right (A, C): choosing only A is one mistake, nothing is two.
	d.do(`{"type":"choose","red":"A","blue":[],"answer":"A, C"}`).score(3, 2)
	// Only two options: B chosen, A right = 2 mistakes.
	d.do(`{"type":"choose","red":"B","blue":"A","answer":"A","options":2}`).score(1, 2)
	d.refuse(`{"type":"choose","red":"C","blue":"A","answer":"A","options":2}`, "bad-answer")
	d.refuse(`{"type":"choose","red":"A","blue":"A","answer":"A","options":4}`, "bad-options")
	d.refuse(`{"type":"choose","red":"A","blue":"A","answer":[]}`, "bad-answer")
	d.refuse(`{"type":"choose","red":"A","blue":"A"}`, "missing-answer")
	// 0 "or below": the piece cannot go below 0.
	d.do(`{"type":"choose","red":"ABC","blue":"A","answer":"A"}`).score(0, 2).won("blue")

	// Both land on 0 (or below) on the same question: tied; then whoever
	// has more mistakes on one question loses.
	d = start(t, `{"minigame":"FP"}`)
	d.do(`{"type":"choose","red":"BC","blue":"BC","answer":"A"}`).score(1, 1)
	d.do(`{"type":"choose","red":"BC","blue":"B","answer":"A"}`).score(0, 0).tie(true).open()
	d.do(`{"type":"choose","red":"B","blue":"C","answer":"A"}`).score(0, 0).open() // 2:2 mistakes
	d.do(`{"type":"choose","red":"B","blue":"BC","answer":"A"}`).won("red")        // 2:3 mistakes
}

// Zocken: credit 4, stake 1–3; a) 10 or more wins, b) 0 loses, c) after 7
// questions more points win; a tie plays on until one leads.
func TestZocken(t *testing.T) {
	bet := func(r, b int) string { return fmt.Sprintf(`{"type":"bet","red":%d,"blue":%d}`, r, b) }
	d := start(t, `{"minigame":"ZO"}`).score(4, 4).allowed("bet")
	d.refuse(`{"type":"choose","red":"A","blue":"A","answer":"A"}`, "not-allowed")
	d.refuse(bet(0, 1), "bet-range")
	d.refuse(bet(4, 1), "bet-range")
	d.refuse(`{"type":"bet","red":2}`, "missing-field")
	d.do(bet(3, 2)).allowed("choose")
	// RAAB-STD-ZO-1 task 1: B.
	d.do(`{"type":"choose","red":"B","blue":"A","card":"RAAB-STD-ZO-1","task":1}`).score(7, 2)
	d.refuse(bet(1, 3), "bet-credit") // blue has only 2
	d.do(bet(3, 2), `{"type":"choose","red":"A","blue":"A","answer":"A"}`).score(10, 4).won("red")

	// b) 0 loses.
	d = start(t, `{"minigame":"ZO"}`)
	d.do(bet(3, 1), `{"type":"choose","red":"A","blue":"B","answer":"B"}`).score(1, 5)
	d.do(bet(1, 1), `{"type":"choose","red":"A","blue":"B","answer":"B"}`).score(0, 6).won("blue")

	// c) after 7 questions the leader wins; tied: play on until one leads.
	d = start(t, `{"minigame":"ZO"}`)
	for range 3 {
		d.do(bet(1, 1), `{"type":"choose","red":"A","blue":"A","answer":"B"}`)
		d.do(bet(1, 1), `{"type":"choose","red":"B","blue":"B","answer":"B"}`)
	}
	d.score(4, 4).open()
	d.do(bet(2, 1), `{"type":"choose","red":"A","blue":"B","answer":"A"}`).score(6, 3).won("red")

	d = start(t, `{"minigame":"ZO"}`)
	for range 7 {
		d.do(bet(1, 1), `{"type":"choose","red":"A","blue":"A","answer":"A"}`)
	}
	d.score(11, 11).tie(true).open() // a) both reached 10 with the same points
	d.do(bet(3, 3), `{"type":"choose","red":"A","blue":"A","answer":"A"}`).score(14, 14).open()
	d.do(bet(1, 3), `{"type":"choose","red":"A","blue":"A","answer":"B"}`).score(13, 11).won("red")

	// Both fall to 0 at once: tied; they play on from 0, staking 1–3.
	d = start(t, `{"minigame":"ZO"}`)
	d.do(bet(3, 3), `{"type":"choose","red":"A","blue":"A","answer":"B"}`).score(1, 1)
	d.do(bet(1, 1), `{"type":"choose","red":"A","blue":"A","answer":"B"}`).score(0, 0).tie(true).open()
	d.do(bet(3, 2), `{"type":"choose","red":"B","blue":"B","answer":"B"}`).score(3, 2).won("red")
}

// Zocken after 7 questions exactly: ending c.
func TestZockenSevenQuestions(t *testing.T) {
	d := start(t, `{"minigame":"ZO"}`)
	for i := range 7 {
		d.do(`{"type":"bet","red":1,"blue":1}`)
		ans := "A"
		if i%2 == 1 {
			ans = "B"
		}
		d.do(fmt.Sprintf(`{"type":"choose","red":"A","blue":"B","answer":%q}`, ans))
		if i < 6 {
			d.open()
		}
	}
	// red right 4×, blue right 3×: 4+4-3 = 5, 4+3-4 = 3
	d.score(5, 3).won("red")
}

// Buchstabieren: more terms spelled right wins, then fewer mistakes, else
// the game is repeated; a turn ends after 10 terms or with the timer.
func TestBuchstabieren(t *testing.T) {
	right := `{"type":"spell","correct":true}`
	wrong := `{"type":"spell","correct":false}`
	d := start(t, `{"minigame":"BU"}`).allowed("spell", "pass", "time")
	d.refuse(`{"type":"spell","side":"blue","correct":true}`, "not-your-turn")
	d.do(right, right, wrong, `{"type":"pass"}`, right, wrong)
	if d.s.Term != 6 || d.s.Mistakes != [2]int{2, 0} {
		t.Fatalf("state %+v", d.s)
	}
	d.do(`{"type":"time"}`).score(3, 0)
	if d.s.Speller != "blue" {
		t.Fatalf("speller %q", d.s.Speller)
	}
	// Blue: 3 right and 1 mistake over all 10 terms: the 10th ends the turn.
	d.do(right, right, right, wrong)
	d.do(repeat(5, `{"type":"pass","side":"blue"}`)...).open()
	d.do(`{"type":"pass"}`).score(3, 3).won("blue") // fewer mistakes

	// More right wins regardless of mistakes.
	d = start(t, `{"minigame":"BU","first":"blue"}`)
	d.do(right, wrong, wrong, `{"type":"time"}`, wrong, `{"type":"time"}`).score(0, 1).won("blue")

	// Equal: repeated with new terms.
	d = start(t, `{"minigame":"BU","two_player":true}`)
	d.do(right, wrong, `{"type":"time"}`, wrong, right, `{"type":"time"}`).score(0, 0).open()
	if d.s.Round != 2 || len(d.s.Earlier) != 1 || d.s.Earlier[0].Mistakes != [2]int{1, 1} || d.s.Speller != "red" {
		t.Fatalf("repeat %+v", d.s)
	}
	d.do(right, `{"type":"time"}`, `{"type":"time"}`).won("red")
}

func TestBuchstabierenTenTerms(t *testing.T) {
	d := start(t, `{"minigame":"BU"}`)
	d.do(repeat(9, `{"type":"spell","correct":true}`)...)
	if d.s.Speller != "red" {
		t.Fatal("turn ended early")
	}
	d.do(`{"type":"spell","correct":true}`)
	if d.s.Speller != "blue" || d.s.Term != 0 {
		t.Fatalf("the 10th term ends the turn: %+v", d.s)
	}
}
