package scorer

import (
	"context"

	"druckreif/rules"
)

// Reveal is a resolved question as every phone shows it (rules.Reveal),
// with the entry that resolved it.
type Reveal struct {
	rules.Reveal
	// Entry is the seq of the entry that resolved the question: a phone
	// that folded this reveal ("Weiter") knows it by it.
	Entry int64 `json:"entry"`
}

// revealOf is the reveal of entry seq (action a, from before to after),
// or nil.
func revealOf(l *live, seq int64, before, after any, a rules.Action) *Reveal {
	rv, ok := l.runner.Reveal(before, after, a)
	if !ok {
		return nil
	}
	return &Reveal{Reveal: rv, Entry: seq}
}

// Reveals are every reveal of the table's game so far, in order: the
// rounds of its history. Anyone at the table may read them — a reveal
// holds nothing the table has not seen.
func (s *Service) Reveals(ctx context.Context, au Auth, id string) ([]Reveal, error) {
	l, _, err := s.at(ctx, au, id)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	out := []Reveal{}
	if l.runner == nil || l.mismatch != nil {
		return out, nil
	}
	state, err := l.runner.Start(l.table.Setup)
	if err != nil {
		return out, nil
	}
	for _, f := range l.inForce {
		next, _, err := l.runner.Apply(state, f.action)
		if err != nil {
			break
		}
		if r := revealOf(l, f.seq, state, next, f.action); r != nil {
			out = append(out, *r)
		}
		state = next
	}
	return out, nil
}
