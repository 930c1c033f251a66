package kit

import (
	"math"
	"strings"

	"druckreif/board"
	"druckreif/decks"
	"druckreif/layout"
	"druckreif/layout/components"
)

// ParseChips reads a --chips value: round (the default) or square.
func ParseChips(s string) (components.ChipShape, error) {
	shape, ok := components.ParseChipShape(s)
	if !ok {
		return 0, errorf("--chips %q: erlaubt sind round (rund) und square (quadratisch)", "--chips %q: allowed are round and square", s)
	}
	return shape, nil
}

// MaxBackOffset bounds --back-offset: a printer that shifts the back side
// by more is not calibrated but broken.
const MaxBackOffset = 20.0

// CheckNumbers refuses numbers no printer or card can use (NaN, a
// negative gutter, a back offset of a metre): before anything is rendered.
func (o Options) CheckNumbers() error {
	finite := func(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
	if !finite(o.Gutter) || o.Gutter < 0 || o.Gutter > layout.MaxGutter || (o.Gutter > 0 && o.Gutter < 2*layout.Bleed) {
		return errorf("--gutter %g: erlaubt sind 0 (Karten stoßen aneinander) oder %g bis %g mm",
			"--gutter %g: allowed are 0 (cards butted) or %g to %g mm", o.Gutter, 2*layout.Bleed, layout.MaxGutter)
	}
	for _, v := range o.BackOffset {
		if !finite(v) || math.Abs(v) > MaxBackOffset {
			return errorf("--back-offset %g: erlaubt sind −%g bis %g mm", "--back-offset %g: allowed are −%g to %g mm", v, MaxBackOffset, MaxBackOffset)
		}
	}
	if o.BoardLength != 0 && (o.BoardLength < board.MinLength || o.BoardLength > board.MaxLength) {
		return errorf("--board-length %d: erlaubt sind %d bis %d Felder", "--board-length %d: allowed are %d to %d fields", o.BoardLength, board.MinLength, board.MaxLength)
	}
	if o.DecoderStrength != 0 && !o.DecoderStrength.Valid() {
		return errorf("--decoder-strength %d: erlaubt sind 1 bis 5", "--decoder-strength %d: allowed are 1 to 5", o.DecoderStrength)
	}
	return nil
}

// checkCards refuses card IDs (--cards) that name no card of the chosen
// games: a reprint of nothing would replace nothing and say it did.
func (o Options) checkCards(set *decks.Set) error {
	if len(o.Cards) == 0 {
		return nil
	}
	if allBlank(o.Cards) {
		return errorf("--cards: keine Karten-ID angegeben", "--cards: no card ID given")
	}
	want := map[decks.Game]bool{}
	for _, g := range o.Games {
		want[g] = true
	}
	var unknown, elsewhere []string
	for _, id := range o.Cards {
		ref := decks.ParseRef(id)
		if ref.ID == "" {
			continue
		}
		f, _ := set.Find(ref)
		switch {
		case f == nil:
			unknown = append(unknown, strings.TrimSpace(id))
		case len(want) > 0 && !want[foundGame(f)]:
			elsewhere = append(elsewhere, strings.TrimSpace(id))
		}
	}
	if len(unknown) > 0 {
		return errorf("--cards: keine Karte mit der ID %s (die ID steht klein auf der Karte, z. B. LAB-STD-3); nichts gedruckt",
			"--cards: no card with ID %s (the ID is printed small on the card, e.g. LAB-STD-3); nothing printed", strings.Join(unknown, ", "))
	}
	if len(elsewhere) > 0 {
		return errorf("--cards: %s gehört zu keinem der mit --game gewählten Spiele; nichts gedruckt",
			"--cards: %s belongs to none of the games chosen with --game; nothing printed", strings.Join(elsewhere, ", "))
	}
	return nil
}

func allBlank(ids []string) bool {
	for _, id := range ids {
		if strings.TrimSpace(id) != "" {
			return false
		}
	}
	return true
}

func foundGame(f *decks.Found) decks.Game {
	switch {
	case f.Labyrinth != nil:
		return decks.Labyrinth
	case f.Dativ != nil:
		return decks.Dativ
	case f.Genial != nil:
		return decks.Genial
	case f.Raab != nil:
		return decks.Raab
	}
	return decks.TheGame
}
