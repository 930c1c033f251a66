package mini

// ending is how a mini-game is decided.
type ending int

const (
	race     ending = iota // first to target points; a tie there plays on until one leads
	best                   // ahead after target tasks; a tie plays on task by task
	credit                 // start on credit, whoever falls to 0 loses; a tie is sudden death
	zocken                 // Zocken's three endings
	spelling               // Buchstabieren: more terms, then fewer mistakes, else repeat
)

// onTie is what a two-player round does when it ends tied.
type onTie int

const (
	repeatGame onTie = iota // "the game is repeated": back to 0, a full round again
	extraTask               // "you each pose another task": one more each, scores kept
)

// twoSpec is a two-player variant with its own rules. Games without one
// play by the host rules (minus the buzzer where noted), without a host.
type twoSpec struct {
	actions []string
	quota   int // tasks each side answers per round (0: a counting game)
	hintPts int // hint games: points for a right answer after the first hint (5 or 3)
	tie     onTie
	maxCnt  int // counting game: the most a count can be (0: no limit)
}

// spec is one mini-game's mechanics.
type spec struct {
	end     ending
	target  int // race: points to win; best: tasks to play
	credit  int // credit games: starting credit
	hints   int // hint games (host): hints per task
	actions []string
	two     *twoSpec
	twoActs []string // two-player actions when the rules only drop the buzzer
}

var (
	buzzGame = []string{"buzz", "point", "skip"}
	hintGame = []string{"buzz", "skip"}
)

// specs lists every mini-game by its code (decks.MiniGame.Code).
var specs = map[string]*spec{
	// Autokennzeichen: buzzer, first to 4. For two: 6 plates each, tie repeats.
	"AK": {end: race, target: 4, actions: buzzGame,
		two: &twoSpec{actions: []string{"answer"}, quota: 6, tie: repeatGame}},
	// Blamieren oder Kassieren (3): buzzer with a grab, first to 5.
	"BK": {end: race, target: 5, actions: []string{"buzz", "grab", "skip"}},
	// Buchstabensalat: buzzer, first to 5. For two: both write, more correct wins, tie repeats.
	"BS": {end: race, target: 5, actions: buzzGame,
		two: &twoSpec{actions: []string{"count"}, tie: repeatGame, maxCnt: 10}},
	// Buchstaben zählen (3): only the first to buzz shows the guess, first to 5.
	"BZ": {end: race, target: 5, actions: buzzGame},
	// Buchstabieren: more terms, then fewer mistakes, else repeat; the same for two.
	"BU": {end: spelling, actions: []string{"spell", "pass", "time"}},
	// Entfernungen: closest guess, first to 4.
	"EN": {end: race, target: 4, actions: []string{"guess"}},
	// Entweder – Oder!: credit 3, a wrong answer costs 1.
	"EO": {end: credit, credit: 3, actions: []string{"choose"}},
	// Filmzitate: buzzer, else everyone right scores; first to 5, ties play on. For two: no buzzer.
	"FZ": {end: race, target: 5, actions: []string{"buzz", "point", "choose"}, twoActs: []string{"choose"}},
	// Fremdsprachen: up to 5 translations, ahead after 5 words. For two: 5…1 points by translation, 3 each, tie repeats.
	"FS": {end: best, target: 5, hints: 5, actions: hintGame,
		two: &twoSpec{actions: []string{"answer", "skip"}, quota: 3, hintPts: 5, tie: repeatGame}},
	// Führerscheinprüfung: credit 4, one point per mistake.
	"FP": {end: credit, credit: 4, actions: []string{"choose"}},
	// Kopfrechnen: buzzer, first to 4. For two: tasks solved in one sand timer each, tie repeats.
	"KR": {end: race, target: 4, actions: buzzGame,
		two: &twoSpec{actions: []string{"count"}, tie: repeatGame}},
	// Lieder malen (3): buzzer, ahead after 5 songs.
	"LM": {end: best, target: 5, actions: buzzGame},
	// Lieder summen (3): buzzer, ahead after 5 songs.
	"LS": {end: best, target: 5, actions: buzzGame},
	// Schätzen: closest guess, first to 4.
	"SC": {end: race, target: 4, actions: []string{"guess"}},
	// Showquiz: buzzer, choice and estimating questions, first to 5. For two: no buzzer questions.
	"SQ": {end: race, target: 5, actions: []string{"buzz", "point", "choose", "guess"}, twoActs: []string{"choose", "guess"}},
	// Sortieren: whoever has the order right scores; ahead after 4 tasks.
	"SO": {end: best, target: 4, actions: []string{"choose"}},
	// Sprichwörter (3): buzzer, first to 5.
	"SW": {end: race, target: 5, actions: buzzGame},
	// Stimmt's?: credit 3, a wrong guess costs 1.
	"ST": {end: credit, credit: 3, actions: []string{"choose"}},
	// Suchmaschinen: more (game 1) or fewer but not zero (game 2) hits, first to 4.
	"SM": {end: race, target: 4, actions: []string{"hits"}},
	// Tipp für Tipp: up to 5 hints, first to 4. For two: 5…1 points by hint, 3 each, then one more each.
	"TT": {end: race, target: 4, hints: 5, actions: hintGame,
		two: &twoSpec{actions: []string{"answer", "skip"}, quota: 3, hintPts: 5, tie: extraTask}},
	// Wann war das?: closest year, first to 4.
	"WW": {end: race, target: 4, actions: []string{"guess"}},
	// Wer lügt?: hit or miss per answer, first to 4. For two: hits and mistakes per task, 3 each, then one more each.
	"WL": {end: race, target: 4, actions: []string{"buzz", "point"},
		two: &twoSpec{actions: []string{"tally"}, quota: 3, tie: extraTask}},
	// Wer weiß mehr?: answer in turn, a failure gives the opponent the point, first to 3.
	// For two: right and wrong answers per task, 2 each, then one more each.
	"WM": {end: race, target: 3, actions: []string{"answer", "allnamed"},
		two: &twoSpec{actions: []string{"tally"}, quota: 2, tie: extraTask}},
	// Wo läuft was?: up to 3 shows, first to 4. For two: 3…1 points by show, 3 each, then one more each.
	"TV": {end: race, target: 4, hints: 3, actions: hintGame,
		two: &twoSpec{actions: []string{"answer", "skip"}, quota: 3, hintPts: 3, tie: extraTask}},
	// Wo liegt was?: closest square (not counted diagonally), first to 4.
	"WO": {end: race, target: 4, actions: []string{"guess"}},
	// Wörter rückwärts: buzzer, first to 4. For two: words solved in one sand timer each, tie repeats.
	"WR": {end: race, target: 4, actions: buzzGame,
		two: &twoSpec{actions: []string{"count"}, tie: repeatGame}},
	// Zocken (3): credit 4, stake 1–3 per question.
	"ZO": {end: zocken, actions: []string{"bet", "choose"}},
}

// twoRules is the two-player variant's own rules, or nil when the game is
// played as with a host.
func (s State) twoRules() *twoSpec {
	if !s.Two {
		return nil
	}
	return specs[s.Code].two
}

// allowed lists the action types allowed now.
func (s State) allowed() []string {
	if s.Winner != "" {
		return nil
	}
	sp := specs[s.Code]
	acts := sp.actions
	if s.Two {
		if t := sp.two; t != nil {
			acts = t.actions
		} else if sp.twoActs != nil {
			acts = sp.twoActs
		}
	}
	var out []string
	for _, a := range acts {
		switch {
		case a == "grab" && s.Grab == "":
		case s.Code == "ZO" && a == "bet" && s.Bets != [2]int{}:
		case s.Code == "ZO" && a == "choose" && s.Bets == [2]int{}:
		case a == "allnamed" && !(s.Task.Active && s.Task.Total == 0 && s.Task.Named > 0):
		default:
			out = append(out, a)
		}
	}
	return out
}

// Track is how a duel of the game is kept on the score track: where the
// pieces start, and how it is decided — "race" (first to target points),
// "best" (ahead after target tasks), "credit" (whoever falls to 0 loses),
// "zocken" (10 or more wins, 0 loses, else ahead after 7 questions),
// "spelling" (more terms right, then fewer mistakes), "round" (a
// two-player round: target tasks each, 0 for one count each).
func Track(code string, two bool) (start, target int, kind string) {
	sp := specs[code]
	if sp == nil {
		return 0, 0, ""
	}
	if two && sp.two != nil {
		return 0, sp.two.quota, "round"
	}
	switch sp.end {
	case race:
		return 0, sp.target, "race"
	case best:
		return 0, sp.target, "best"
	case credit:
		return sp.credit, 0, "credit"
	case zocken:
		return 4, 10, "zocken"
	}
	return 0, 10, "spelling"
}

// HintPoints is what a right answer after the first hint is worth in a
// two-player hint game (5 in Fremdsprachen and Tipp für Tipp, 3 in Wo
// läuft was?); 0 in every other game.
func HintPoints(code string) int {
	if sp := specs[code]; sp != nil && sp.two != nil {
		return sp.two.hintPts
	}
	return 0
}

// NextAsked is the side answering next in a two-player round: the players
// alternate, the opponent of the first questioner first.
func (s State) NextAsked() int { return s.nextAsked() }

// Starter is the side that answers first on the next question of Wer
// weiß mehr? with a host: question 1 the side that begins, then in turn.
func (s State) Starter() int {
	if s.Tasks%2 == 1 {
		return other(s.first())
	}
	return s.first()
}
