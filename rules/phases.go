package rules

import (
	"fmt"
	"strings"

	"druckreif/i18n"
)

// Step is one action type of a game that moves through fixed phases, as
// the quiz rounds do (read or ask, the secret choice, the reveal): the
// phase in which the action is taken and the engine's method that carries
// it out.
type Step[E, S any] struct {
	Type  string
	Phase string
	// Do carries the action out on s, a copy of the state, so that a
	// refused action leaves the state it was given as it was.
	Do func(e E, s *S, a Action) ([]Event, error)
}

// Phases is the table of such a game, for its engine type E and state
// type S: its steps, in the order the game lists them to a player who
// names an action it does not have. Apply dispatches an action to its
// step, refusing an unknown action and one taken out of its phase in the
// same words in every such game. The table names methods (engine.read),
// not bound ones, so that one table serves every engine value and Apply
// builds nothing per action.
type Phases[E, S any] struct {
	// In says where an unknown action does not exist: "im Kartenspiel"
	// / "in the card game".
	In    i18n.Text
	Steps []Step[E, S]
	// Phase is the phase s is in, Clone a deep copy of s, and Next the
	// engine's prompt, which a wrong-phase refusal quotes so the player
	// learns what is due instead.
	Phase func(s S) string
	Clone func(s S) S
	Next  func(e E, s S) Prompt
}

// Apply carries out a, an action of the phase s is in, with engine e: the
// state after it, or s unchanged and the refusal.
func (p *Phases[E, S]) Apply(e E, s S, a Action) (S, []Event, error) {
	var step *Step[E, S]
	for i := range p.Steps {
		if p.Steps[i].Type == a.Type {
			step = &p.Steps[i]
		}
	}
	if step == nil {
		types := make([]string, len(p.Steps))
		for i, st := range p.Steps {
			types[i] = st.Type
		}
		list := strings.Join(types, ", ")
		return s, nil, Reject("unknown-action", i18n.T(fmt.Sprintf("Die Aktion „%s“ gibt es %s nicht (%s).", a.Type, p.In.DE, list),
			fmt.Sprintf("There is no action %q %s (%s).", a.Type, p.In.EN, list)))
	}
	if step.Phase != p.Phase(s) {
		next := p.Next(e, s).Text
		return s, nil, Reject("wrong-phase", i18n.T(fmt.Sprintf("Jetzt ist nicht „%s“ dran. %s", a.Type, next.DE), fmt.Sprintf("It is not time for %q. %s", a.Type, next.EN)))
	}
	n := p.Clone(s)
	ev, err := step.Do(e, &n, a)
	if err != nil {
		return s, nil, err
	}
	return n, ev, nil
}
