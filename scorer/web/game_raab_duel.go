package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/maps"
	"druckreif/rules"
	"druckreif/rules/raab"
	"druckreif/rules/raab/mini"
	"druckreif/scorer"
)

// A game's duel on the evening's table: the score track, the host's card
// with its tasks and solutions (on the host's phone only), the question,
// the players' chips, guesses, stakes and dice (entered in secret on their
// own phones, or by the host from the printed ones), the buzzer and the
// host's verdicts — each mini-game with its own rules from the duel
// engine (rules/raab/mini).

// duels reads a duel's goal (the engine is pure; no cards needed).
var duels = mini.New(nil).(*mini.Engine)

// actionName is an action's name in brackets in a prompt, for replay
// files, not for the phones: " (bet)".
var actionName = regexp.MustCompile(` \((bet|choose|count|grab|guess|hits|tally|answer)\)`)

var stepText = map[string]i18n.Text{
	raab.StepBet:   {DE: "Einsätze setzen (geheim)", EN: "set the stakes (in secret)"},
	raab.StepChips: {DE: "Chips legen (verdeckt)", EN: "lay the chips (face down)"},
	raab.StepGuess: {DE: "Tipp aufschreiben (geheim)", EN: "write down a guess (in secret)"},
	raab.StepPlace: {DE: "Würfel auf die Landkarte setzen", EN: "place the die on the map"},
}

// duelView is a duel as one phone sees it.
type duelView struct {
	ID      string
	ActURL  string
	Version int64
	Code    string
	Name    string
	Two     bool
	Red     duelPlayer
	Blue    duelPlayer
	Host    string
	Goal    i18n.Text
	Winner  string // "red", "blue" once decided
	Moves   int
	// Judge: this phone enters what happened (the host, the table's phone;
	// with two players both). Solutions: it may see the card's solutions.
	Judge     bool
	Solutions bool
	Mine      string // the viewer's colour in the duel
	Allowed   map[string]bool
	Step      string
	Question  *questionView
	Cards     []cardButton
	Card      *cardView
	Track     trackView
	Hints     []int
	Hint      int
	Grab      string
	Turn      string
	Options   bool // the duel's options may still be set (Suchmaschinen, Wo liegt was?)
	Variant   int
	Maps      []*maps.Map
	MapKey    string
	Map       *mapView
	Items     []itemView // Wer lügt?: the answers read out, to judge one by one
	Term      int        // Buchstabieren: the term being spelled (1-based)
	Speller   string
	Input     string // how a pick is entered: letters, multi, truth, order, number, square, stake
	Letters   []string
	Stakes    []int
	PickType  string // the duel action a pick makes: choose, guess, bet
	Picking   bool   // the viewer may pick now
	MyPick    string // the viewer's pick, as entered (only its own)
	Chosen    []string
	Pending   int
	Revealed  *revealView
	Timer     int    // the sand timer's suggested length, seconds
	Asked     string // two-player rounds: who answers next
	Counting  bool   // two-player counting games
	// Ready: the host's verdicts are offered — a question is asked (or a
	// card in hand), or the game needs none (no cards loaded, the search
	// hits, the two-player counts).
	Ready     bool
	HintPts   int
	TotalHint int
}

type duelPlayer struct {
	Marker   scorer.Marker
	Colour   string // "red", "blue"
	Score    int
	Mistakes int
	Bet      int
	Picked   bool
	Asked    int
}

type questionView struct {
	List     []listItem // hints, translations, shows, Wer lügt?'s answers (the host's)
	Number   int
	Card     string
	Task     int
	Reader   string
	Topic    string
	Text     string
	Options  []optionView
	Unit     string
	Solution string
	Done     bool
	Public   bool // the players' phones show the question's text
}

type optionView struct {
	Letter, Text string
	Correct      bool
}

type revealView struct {
	Red, Blue string
}

type cardButton struct {
	ID     string
	Number int
	Label  string
	Hand   bool
}

type cardView struct {
	ID    string
	Title string
	Tasks []taskView
}

type taskView struct {
	N        int
	Prompt   string
	Solution string
	Options  []optionView
	List     []listItem
	Used     bool
	Current  bool
	Key      string
}

type listItem struct {
	N    int
	Text string
	Mark bool // a lie (Wer lügt?), the right answer
	Used bool
}

type itemView struct {
	N    int
	Text string
	Lie  bool
	Used bool
}

type trackView struct {
	Kind   string
	Start  int
	Target int
	Cells  []int
	Red    int
	Blue   int
}

// mapView is Wo liegt was?'s map with the grid to tap and the dice.
type mapView struct {
	Key      string
	Name     string
	Frame    mapFrame
	Cells    []mapCell
	Dice     []dieView
	Tappable bool
}

type dieView struct {
	Colour string // red, blue, grey
	X, Y   float64
	Square string
}

func duelScreen(st raab.State, d mini.State, bd *boardData) *duelView {
	snap := bd.Snap
	c := st.Current
	v := &duelView{ID: snap.ID, ActURL: bd.ActURL, Version: snap.Version, Code: d.Code, Name: d.Name, Two: d.Two, Host: d.Host, Winner: d.Winner, Moves: c.Moves,
		Allowed: map[string]bool{}, Grab: d.Grab}
	p := bd.Snap.Next
	v.Goal = duels.Goal(d)
	todo := duels.ToDo(d)
	todo.DE, todo.EN = actionName.ReplaceAllString(todo.DE, ""), actionName.ReplaceAllString(todo.EN, "")
	if q := c.Question; todo.DE == "" && q != nil && q.Step != raab.StepDone {
		todo = stepText[q.Step]
	}
	if todo.DE != "" {
		v.Goal = i18n.Text{DE: v.Goal.DE + " – " + todo.DE, EN: v.Goal.EN + " – " + todo.EN}
	}
	for _, a := range p.Allowed {
		v.Allowed[a] = true
	}
	v.Red = duelPlayer{Marker: sideMarker("red", c.Candidate), Colour: "red", Score: d.Score[0], Mistakes: d.Mistakes[0], Bet: d.Bets[0], Asked: d.Asked[0]}
	v.Blue = duelPlayer{Marker: sideMarker("blue", c.StefanPlayer), Colour: "blue", Score: d.Score[1], Mistakes: d.Mistakes[1], Bet: d.Bets[1], Asked: d.Asked[1]}
	viewer := snap.Viewer
	if viewer.Role == rules.RolePlayer {
		switch viewer.Player {
		case c.Candidate:
			v.Mine = "red"
		case c.StefanPlayer:
			v.Mine = "blue"
		}
	}
	switch {
	case viewer.Role == rules.RoleTable:
		v.Judge, v.Solutions = true, true
	case st.Mode == raab.ModeDuo:
		v.Judge = v.Mine != ""
	default:
		v.Judge = viewer.Role == rules.RolePlayer && viewer.Player == st.Host
		v.Solutions = v.Judge
	}
	v.Track = track(d)
	v.Options = c.Moves == 0 && c.Question == nil && v.Judge && (d.Code == "SM" || d.Code == "WO")
	v.Variant = d.Variant
	v.Timer = 60
	if d.Code == "SM" {
		v.Timer = 20
	}
	if d.Code == "WO" {
		v.Maps = maps.All
	}
	v.HintPts = mini.HintPoints(d.Code)
	if d.Task.Active {
		v.Hint, v.TotalHint = d.Task.Hint, d.Task.Hints
		v.Turn = d.Task.Turn
	}
	if d.Code == "WM" && !d.Two && !d.Task.Active {
		v.Turn = mini.SideKey(d.Starter())
	}
	if d.Code == "BU" {
		v.Speller, v.Term = d.Speller, d.Term+1
	}
	if d.Two && d.Quota > 0 {
		v.Asked = mini.SideKey(d.NextAsked())
	}
	v.Counting = d.Two && slices.Contains(p.Allowed, "count")
	q := c.Question
	v.Step = ""
	if q != nil {
		v.Step = q.Step
	}
	// Who sees the solutions with two players: whoever reads the task to
	// the other (the round's questioner, Buchstabieren's listener).
	if st.Mode == raab.ModeDuo && v.Mine != "" {
		switch {
		case d.Code == "BU":
			v.Solutions = v.Mine != d.Speller
		case v.Asked != "" && (v.Step == raab.StepHost || v.Step == "" || v.Step == raab.StepDone):
			v.Solutions = v.Mine != v.Asked
		case v.Counting && (d.Code == "KR" || d.Code == "WR"):
			// The task-setter reads the tasks to the solver and judges them.
			solver := 1 - sideIndex(d.First)
			if d.Counted[solver] {
				solver = 1 - solver
			}
			v.Solutions = v.Mine != mini.SideKey(solver)
		}
	}
	set := bd.Cards
	var task decks.RaabTask
	if q != nil && q.Card != "" && set != nil {
		task = cardTask(set, q.Card, q.Task)
	}
	if q != nil && (q.Task != 0 || q.Card == "") {
		// A scored task's solution is everyone's: the table has heard it.
		v.Question = question(q, task, d, v.Solutions || q.Step == raab.StepDone)
		if q.Revealed != nil {
			v.Revealed = &revealView{Red: pickText(q.Revealed.Red), Blue: pickText(q.Revealed.Blue)}
		}
	}
	if v.Judge && set != nil && (v.Solutions || st.Mode == raab.ModeDuo) {
		v.Cards = cardButtons(set, d, q)
		if q != nil && q.Card != "" {
			v.Card = cardPanel(set, q, d, v.Solutions)
		}
	}
	if d.Code == "WL" && task != nil {
		if w, ok := task.(decks.WhoLies); ok {
			for i, ans := range w.Answers {
				key := fmt.Sprintf("%s#%d/%d", cardKey(set, q.Card), q.Task, i+1)
				v.Items = append(v.Items, itemView{N: i + 1, Text: ans, Lie: v.Solutions && w.IsFalse(i), Used: slices.Contains(d.Used, key)})
			}
		}
	}
	// The picks.
	if q != nil {
		switch q.Step {
		case raab.StepChips:
			v.PickType = "choose"
		case raab.StepGuess, raab.StepPlace:
			v.PickType = "guess"
		case raab.StepBet:
			v.PickType = "bet"
		}
	}
	v.Input, v.Letters = pickInput(d, task, v.PickType)
	if v.PickType == "bet" {
		for n := 1; n <= 3; n++ {
			v.Stakes = append(v.Stakes, n)
		}
	}
	if picks := c.Picks; picks != nil {
		v.Red.Picked = slices.Contains(picks.Chosen, "red")
		v.Blue.Picked = slices.Contains(picks.Chosen, "blue")
		if v.Mine == "red" && picks.Red != nil {
			v.MyPick = pickText(picks.Red)
		}
		if v.Mine == "blue" && picks.Blue != nil {
			v.MyPick = pickText(picks.Blue)
		}
	}
	if pd := snap.Pending; pd != nil {
		v.Pending = len(pd.Chosen)
		for _, name := range pd.Chosen {
			if name == c.Candidate {
				v.Red.Picked = true
			}
			if name == c.StefanPlayer {
				v.Blue.Picked = true
			}
		}
		if pd.Mine != nil {
			var pp struct {
				Pick json.RawMessage `json:"pick"`
			}
			if json.Unmarshal(pd.Mine, &pp) == nil {
				v.MyPick = pickText(pp.Pick)
			}
		}
	}
	bd.Choosing = v.PickType != "" && d.Winner == "" && d.Code != "WO"
	if v.PickType != "" && v.Mine != "" && d.Winner == "" {
		placed := (v.Mine == "red" && v.Red.Picked) || (v.Mine == "blue" && v.Blue.Picked)
		v.Picking = !(q.Step == raab.StepPlace && placed)
	}
	if d.Code == "WO" {
		v.Map = woMap(st, d, task, v)
	}
	v.Ready = q != nil || len(v.Cards) == 0 || v.Counting || d.Code == "SM"
	// The hint games: the hint the answer came at.
	if hints := map[string]int{"FS": 5, "TT": 5, "TV": 3}[d.Code]; hints > 0 {
		if n := len(taskInfo(task).List); n > 0 {
			hints = n
		}
		if v.TotalHint > 0 {
			hints = v.TotalHint
		}
		for i := 1; i <= hints; i++ {
			v.Hints = append(v.Hints, i)
		}
		v.Hint = max(v.Hint, 1)
	}
	return v
}

// track is the score track: the pieces' start, the goal, the cells to
// draw.
func track(d mini.State) trackView {
	start, target, kind := mini.Track(d.Code, d.Two)
	t := trackView{Kind: kind, Start: start, Target: target, Red: d.Score[0], Blue: d.Score[1]}
	top := max(target, start, d.Score[0], d.Score[1])
	switch kind {
	case "credit":
		top = max(start, d.Score[0], d.Score[1])
	case "zocken":
		top = max(10, d.Score[0], d.Score[1])
	case "round", "best", "spelling":
		top = max(top, 6)
	}
	for n := 0; n <= top; n++ {
		t.Cells = append(t.Cells, n)
	}
	return t
}

// cardTask is the task a question names (nil: unknown).
func cardTask(set *decks.Set, id string, task int) decks.RaabTask {
	f, _ := set.Find(decks.ParseRef(id))
	if f == nil || f.Raab == nil {
		return nil
	}
	tasks := f.Raab.Tasks
	if f.Raab.Game.Sided {
		tasks = f.Raab.Side(f.Side == 1)
	}
	if task < 1 || task > len(tasks) {
		return nil
	}
	return tasks[task-1]
}

// cardKey is the card (or card side) a question's card ID names, as the
// duel's used keys have it.
func cardKey(set *decks.Set, id string) string {
	if set == nil {
		return id
	}
	f, _ := set.Find(decks.ParseRef(id))
	if f == nil || f.Raab == nil {
		return id
	}
	if f.Raab.Game.Sided {
		return f.Raab.SideID(f.Side == 1)
	}
	return f.Raab.ID
}

// publicQuestion: the games whose players choose from what the question
// shows (answers A–D, the items to sort, the statement, the place) see
// its text on their phones; in the buzzer games the host reads aloud, and
// in the song games the title is the secret.
var publicQuestion = map[string]bool{"EO": true, "ST": true, "FP": true, "SO": true, "FZ": true, "SQ": true, "ZO": true, "EN": true, "SC": true, "WW": true, "WO": true, "SM": true, "WM": true}

func question(q *raab.Question, t decks.RaabTask, d mini.State, solutions bool) *questionView {
	qv := &questionView{Number: q.Number, Card: q.Card, Task: q.Task, Reader: q.Reader, Done: q.Step == raab.StepDone}
	info := taskInfo(t)
	qv.Public = publicQuestion[d.Code] && !(d.Code == "FZ" && q.Step == raab.StepBuzz) && !(d.Code == "SQ" && q.Step == raab.StepBuzz)
	if qv.Public || solutions {
		qv.Text, qv.Unit, qv.Topic = info.Prompt, info.Unit, info.Topic
		for _, o := range info.Options {
			if !solutions {
				o.Correct = false
			}
			qv.Options = append(qv.Options, o)
		}
		// Zocken: only the subject area until the stakes are set; Filmzitate
		// without the answers while the buzzer is open.
		if d.Code == "ZO" && q.Step == raab.StepBet && !solutions {
			qv.Text, qv.Options = "", nil
		}
		if d.Code == "FZ" && q.Step == raab.StepBuzz && !solutions {
			qv.Options = nil
		}
	}
	if solutions {
		qv.List = info.List
		qv.Solution = info.Solution
		if q.Answer != nil && t == nil {
			qv.Solution = pickText(q.Answer)
		}
	}
	return qv
}

// taskDetails is what a task shows: its text, its answers or hints, its
// solution.
type taskDetails struct {
	Prompt, Solution, Unit, Topic string
	Options                       []optionView
	List                          []listItem
}

func letters(n int) []string {
	var out []string
	for i := range n {
		out = append(out, string(rune('A'+i)))
	}
	return out
}

func taskInfo(t decks.RaabTask) taskDetails {
	if t == nil {
		return taskDetails{}
	}
	ti := taskDetails{Prompt: t.Prompt(), Solution: t.Solution()}
	opts := func(texts []string, correct ...int) {
		for i, o := range texts {
			ti.Options = append(ti.Options, optionView{Letter: string(rune('A' + i)), Text: o, Correct: slices.Contains(correct, i)})
		}
	}
	switch x := t.(type) {
	case decks.Choice:
		ti.Topic = x.Topic
		opts(x.Options, x.Correct)
	case decks.MultiChoice:
		opts(x.Options, x.Correct...)
	case decks.ShowQuestion:
		ti.Unit = x.Unit
		if x.Kind == decks.ShowChoice {
			opts(x.Options, x.Correct)
		}
	case decks.Sorting:
		opts(x.Items[:])
		ti.Prompt = x.Task
	case decks.Estimate:
		ti.Unit = x.Unit
	case decks.Distance:
		ti.Unit = "km"
	case decks.When:
		ti.Unit = "Jahreszahl, vor Christus mit Minus"
	case decks.Plate:
		ti.Prompt = fmt.Sprintf("%s (%d)", x.Code, x.Letters())
	case decks.Translation:
		ti.Prompt = ""
		for i, cl := range x.Clues {
			ti.List = append(ti.List, listItem{N: i + 1, Text: cl.String()})
		}
	case decks.Hints:
		ti.Prompt = x.Category
		for i, h := range x.Hints {
			ti.List = append(ti.List, listItem{N: i + 1, Text: h})
		}
	case decks.WhoLies:
		for i, a := range x.Answers {
			ti.List = append(ti.List, listItem{N: i + 1, Text: a, Mark: x.IsFalse(i)})
		}
	case decks.Enumeration:
		ti.Solution = fmt.Sprintf("%d: %s", len(x.Answers), x.Solution())
	case decks.Place:
		ti.Solution = x.Square.String()
	case decks.Scramble:
		ti.Prompt = x.Scrambled + " (" + x.Category + ")"
	}
	return ti
}

// cardButtons are the game's cards, for the host to take one.
func cardButtons(set *decks.Set, d mini.State, q *raab.Question) []cardButton {
	var out []cardButton
	for _, c := range set.Raab() {
		if c.Game.Code != d.Code {
			continue
		}
		if d.Code == "WO" && d.Map != "" && len(c.Tasks) > 0 {
			if p, ok := c.Tasks[0].(decks.Place); ok && p.Map.Key != d.Map {
				continue
			}
		}
		sides := []string{c.ID}
		if c.Game.Sided {
			sides = []string{c.SideID(false), c.SideID(true)}
		}
		for i, id := range sides {
			label := strconv.Itoa(c.Number)
			if c.Game.Sided {
				label += []string{" V", " H"}[i]
			}
			if d.Code == "WO" && len(c.Tasks) > 0 {
				if p, ok := c.Tasks[0].(decks.Place); ok && d.Map == "" {
					label += " " + p.Map.Key
				}
			}
			out = append(out, cardButton{ID: id, Number: c.Number, Label: label, Hand: q != nil && q.Card == id})
		}
	}
	return out
}

// cardPanel is the card in the host's hand: every task with its solution
// (solutions only where the phone may see them), the played ones marked.
func cardPanel(set *decks.Set, q *raab.Question, d mini.State, solutions bool) *cardView {
	f, _ := set.Find(decks.ParseRef(q.Card))
	if f == nil || f.Raab == nil {
		return nil
	}
	c := f.Raab
	tasks, key := c.Tasks, c.ID
	if c.Game.Sided {
		tasks, key = c.Side(f.Side == 1), c.SideID(f.Side == 1)
	}
	cv := &cardView{ID: q.Card, Title: fmt.Sprintf("%s · Karte %d", c.Game.Name, c.Number)}
	if c.Game.Sided {
		cv.Title += []string{" · Vorderseite", " · Rückseite"}[max(f.Side, 0)]
	}
	for i, t := range tasks {
		info := taskInfo(t)
		k := fmt.Sprintf("%s#%d", key, i+1)
		tv := taskView{N: i + 1, Prompt: info.Prompt, Options: info.Options, List: info.List, Key: k,
			Used: slices.Contains(d.Used, k) || d.Code == "BU" && i+1 < d.Term+1, Current: q.Task == i+1 || d.Code == "BU" && i == d.Term}
		if solutions {
			tv.Solution = info.Solution
		} else {
			for j := range tv.Options {
				tv.Options[j].Correct = false
			}
			for j := range tv.List {
				tv.List[j].Mark = false
			}
		}
		cv.Tasks = append(cv.Tasks, tv)
	}
	return cv
}

// pickInput is how a pick of the game is entered.
func pickInput(d mini.State, t decks.RaabTask, typ string) (string, []string) {
	switch typ {
	case "bet":
		return "stake", nil
	case "guess":
		if d.Code == "WO" {
			return "square", nil
		}
		return "number", nil
	case "choose":
		switch d.Code {
		case "ST":
			return "truth", nil
		case "FP":
			n := 3
			if m, ok := t.(decks.MultiChoice); ok {
				n = len(m.Options)
			}
			return "multi", letters(n)
		case "SO":
			return "order", letters(4)
		case "EO":
			return "letters", letters(2)
		}
		n := 4
		switch c := t.(type) {
		case decks.Choice:
			n = len(c.Options)
		case decks.ShowQuestion:
			if len(c.Options) > 0 {
				n = len(c.Options)
			}
		}
		return "letters", letters(n)
	}
	return "", nil
}

// pickText shows a pick as entered: "A", "A, C", "stimmt", "300", "C4".
func pickText(raw json.RawMessage) string {
	if raw == nil {
		return ""
	}
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		if b {
			return "✓ stimmt"
		}
		return "✗ stimmt nicht"
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		if len(list) == 0 {
			return "–"
		}
		return strings.Join(list, ", ")
	}
	return string(raw)
}

func woMap(st raab.State, d mini.State, t decks.RaabTask, v *duelView) *mapView {
	key := d.Map
	if key == "" {
		if p, ok := t.(decks.Place); ok {
			key = p.Map.Key
		} else {
			key = maps.Germany.Key
		}
	}
	v.MapKey = key
	m, _ := maps.ByKey(key)
	f := frameOf(m)
	mv := &mapView{Key: m.Key, Name: m.Name, Frame: f, Cells: f.Cells(), Tappable: v.Picking && v.PickType == "guess"}
	c := st.Current
	// Two dice and the solution's can share a square (a die on the
	// solution): each has its place in it.
	shift := map[string][2]float64{"red": {-0.22, -0.18}, "blue": {0.22, -0.18}, "grey": {0, 0.22}}
	die := func(colour string, raw json.RawMessage) {
		sq := pickText(raw)
		if x, y, ok := f.Centre(sq); ok {
			x += shift[colour][0] * f.CellW
			y += shift[colour][1] * f.CellH
			mv.Dice = append(mv.Dice, dieView{Colour: colour, X: x, Y: y, Square: strings.ToUpper(sq)})
		}
	}
	if c.Picks != nil {
		die("red", c.Picks.Red)
		die("blue", c.Picks.Blue)
	} else if q := c.Question; q != nil && q.Revealed != nil {
		die("red", q.Revealed.Red)
		die("blue", q.Revealed.Blue)
	}
	if p, ok := t.(decks.Place); ok && v.Solutions && c.Question != nil && c.Question.Step == raab.StepDone {
		b, _ := json.Marshal(p.Square.String())
		die("grey", b)
	}
	return mv
}

// DieSize is a die's side on the map drawing.
func (m *mapView) DieSize() float64 { return min(m.Frame.CellW, m.Frame.CellH) * 0.4 }

func (m *mapView) DieX(d dieView) float64 { return d.X - m.DieSize()/2 }
func (m *mapView) DieY(d dieView) float64 { return d.Y - m.DieSize()/2 }

// ----------------------------------------------------------------- forms

// duelAction makes a duel action (or a question, the duel's options, a
// pick) from the duel screen's forms.
func duelAction(r *http.Request, st raab.State, bd *boardData) (json.RawMessage, error) {
	f := r.PostFormValue
	typ := f("type")
	if st.Phase != raab.PhaseResult || st.Current == nil || st.Current.Duel == nil {
		return nil, badForm("type", "Gerade wird kein Spiel gespielt.", "No game is being played now.")
	}
	c := st.Current
	d := *c.Duel
	q := c.Question
	a := map[string]any{"type": typ}
	// The question's card and task go with every verdict on it.
	withTask := func() {
		if q != nil && q.Card != "" && q.Task != 0 {
			a["card"], a["task"] = q.Card, q.Task
		}
	}
	// One form's buttons say side and verdict together: "red:1", "blue:0",
	// "red:item:3".
	verdict := strings.Split(f("verdict"), ":")
	if len(verdict) >= 2 {
		r.PostForm.Set("side", verdict[0])
		switch {
		case len(verdict) == 3 && verdict[1] == "item":
			r.PostForm.Set("item", verdict[2])
		case typ == "buzz" && d.Code == "WL":
			r.PostForm.Set("hit", verdict[1])
		default:
			r.PostForm.Set("correct", verdict[1])
		}
	}
	side := func() error {
		if v := f("side"); v != "" {
			s, ok := duelColour(v)
			if !ok {
				return badForm("side", "Welche Seite?", "Which side?")
			}
			a["side"] = s
		}
		return nil
	}
	yes := func(name string) bool { return f(name) == "1" || f(name) == "true" }
	number := func(name string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(f(name)))
		if err != nil {
			return 0, badForm(name, "„%s“ ist keine Zahl.", "%q is not a number.", f(name))
		}
		return n, nil
	}
	// optionalNumber sets a[name] when the form has a number there.
	optionalNumber := func(name string) error {
		if strings.TrimSpace(f(name)) == "" {
			return nil
		}
		n, err := number(name)
		if err == nil {
			a[name] = n
		}
		return err
	}
	switch typ {
	case raab.ActAsk:
		if v := f("card"); v != "" {
			a["card"] = v
		}
		if v := f("task"); v != "" {
			n, err := number("task")
			if err != nil {
				return nil, err
			}
			a["task"] = n
		}
		if v := strings.TrimSpace(f("answer")); v != "" {
			a["answer"] = v
		}
		if v := f("step"); v != "" {
			a["step"] = v
		}
	case raab.ActDuel:
		if v := f("variant"); v != "" {
			n, err := number("variant")
			if err != nil {
				return nil, err
			}
			a["variant"] = n
		}
		if v := f("map"); v != "" {
			a["map"] = v
		}
	case "buzz":
		if err := side(); err != nil {
			return nil, err
		}
		switch {
		case f("item") != "":
			n, err := number("item")
			if err != nil {
				return nil, err
			}
			a["item"] = n
		case f("hit") != "":
			a["hit"] = yes("hit")
		default:
			a["correct"] = yes("correct")
		}
		if err := optionalNumber("hint"); err != nil {
			return nil, err
		}
		withTask()
	case "point":
		if err := side(); err != nil {
			return nil, err
		}
		withTask()
	case "skip":
		if err := side(); err != nil {
			return nil, err
		}
		if !(d.Task.Active && d.Task.Key == "") {
			withTask()
		}
	case "grab":
		if err := side(); err != nil {
			return nil, err
		}
		a["correct"] = yes("correct")
	case "choose", "guess", "bet":
		if f("mode") == "pick" {
			if bd.Snap.Viewer.Role != rules.RolePlayer {
				return nil, badForm("mode", "Wählen kann nur der Platz eines Spielers.", "Only a player's seat picks.")
			}
			v, err := readPick(r, "pick", typ, d)
			if err != nil {
				return nil, err
			}
			a["player"], a["pick"] = bd.Snap.Viewer.Player, v
			break
		}
		for _, s := range []string{"red", "blue"} {
			v, err := readPick(r, s, typ, d)
			if err != nil {
				return nil, err
			}
			if v != nil {
				a[s] = v
			}
		}
		if typ != "bet" {
			if ans := strings.TrimSpace(f("answer")); ans != "" {
				a["answer"] = readValue(ans, typ, d)
			} else {
				withTask()
			}
		}
	case "hits", "count":
		for _, s := range []string{"red", "blue"} {
			if err := optionalNumber(s); err != nil {
				return nil, err
			}
		}
	case "answer":
		if err := side(); err != nil {
			return nil, err
		}
		a["correct"] = yes("correct")
		if err := optionalNumber("hint"); err != nil {
			return nil, err
		}
		withTask()
	case "tally":
		if err := side(); err != nil {
			return nil, err
		}
		if marked := r.PostForm["marked"]; f("marking") != "" {
			list := []int{}
			for _, m := range marked {
				n, err := strconv.Atoi(m)
				if err != nil {
					return nil, badForm("marked", "„%s“ ist keine Antwortnummer.", "%q is not an answer number.", m)
				}
				list = append(list, n)
			}
			a["marked"] = list
		} else {
			for _, k := range []string{"right", "wrong"} {
				n, err := number(k)
				if err != nil {
					return nil, err
				}
				a[k] = n
			}
		}
		withTask()
	case "spell":
		a["correct"] = yes("correct")
	case "pass", "time", "allnamed":
	default:
		return nil, badForm("type", "Unbekannte Aktion „%s“.", "Unknown action %q.", typ)
	}
	b, _ := json.Marshal(a)
	return b, nil
}

// readPick reads one side's chips, guess or stake from the form (nil when
// the side's field is empty: no chip laid, no guess).
func readPick(r *http.Request, name, typ string, d mini.State) (any, error) {
	f := r.PostFormValue
	if typ == "bet" {
		if strings.TrimSpace(f(name)) == "" {
			return nil, nil
		}
		n, err := strconv.Atoi(strings.TrimSpace(f(name)))
		if err != nil {
			return nil, badForm(name, "Der Einsatz ist 1, 2 oder 3.", "The stake is 1, 2 or 3.")
		}
		return n, nil
	}
	if typ == "choose" {
		switch d.Code {
		case "FP":
			if f(name+"-multi") == "" && len(r.PostForm[name]) == 0 {
				return nil, nil
			}
			list := []string{}
			for _, l := range r.PostForm[name] {
				if l != "" {
					list = append(list, l)
				}
			}
			return list, nil
		case "SO":
			var order strings.Builder
			for i := 1; i <= 4; i++ {
				order.WriteString(f(fmt.Sprintf("%s%d", name, i)))
			}
			if order.Len() == 0 {
				return nil, nil
			}
			return order.String(), nil
		case "ST":
			switch f(name) {
			case "":
				return nil, nil
			case "true", "1":
				return true, nil
			}
			return false, nil
		}
	}
	v := strings.TrimSpace(f(name))
	if v == "" {
		return nil, nil
	}
	return readValue(v, typ, d), nil
}

// readValue is a typed value: a letter or a number as a string (the duel
// reads "13,5" exactly), a square.
func readValue(v, typ string, d mini.State) any {
	if d.Code == "ST" {
		return v == "true" || v == "1" || strings.EqualFold(v, "stimmt") || strings.EqualFold(v, "ja")
	}
	return v
}

// Sides are the duel's colours, red (the candidate) first.
func (v *duelView) Sides() []string { return []string{"red", "blue"} }

func sideIndex(colour string) int {
	side, _ := mini.ParseSide(colour)
	return side
}
