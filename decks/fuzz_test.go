package decks

import (
	"testing"
	"testing/fstest"
)

// FuzzDeck feeds arbitrary text as a card sheet of each game: parsing must
// never panic, and a deck that loads has only well-formed cards.
func FuzzDeck(f *testing.F) {
	seeds := []string{
		"Nr,Seite,Typ,Frage,A,B,C,Richtig\n1,grün,normal,F?,a,b,c,A\n1,gelb,normal,G?,a,b,c,B\n",
		"Nr,Seite,Kategorie,Satz,Option 1,Option 2,Richtig,Erklärung\n1,vorne,K,a ___ b,x,y,\"1, 2\",E\n",
		"Karte,Aufgabe,Ergebnis\n1,(2+3)·4,20\n1,1:0,0\n",
		"Karte,Aufgabe,A,B,C,D,Reihenfolge,Wert A\n1,T,a,b,c,d,\"D,C,B,A\",1\n",
		"Karte,Landkarte,Ort,Breite,Länge\n1,Globus,X,-90,180\n",
	}
	for i, s := range seeds {
		f.Add(uint8(i), s)
	}
	type target struct{ game, sheet string }
	targets := []target{{"labyrinth", "Karten"}, {"dativ", "Karten"}, {"raab", "Kopfrechnen"}, {"raab", "Sortieren"},
		{"raab", "Wo liegt was"}, {"genial", "Fragen"}, {"raab", "Wer luegt"}, {"raab", "Buchstabensalat"}}
	f.Fuzz(func(t *testing.T, which uint8, sheet string) {
		tg := targets[int(which)%len(targets)]
		fsys := fstest.MapFS{
			"d/Deck.csv":             &fstest.MapFile{Data: []byte("Spiel," + tg.game + "\nName,F\nKennung,F\nVersion,1\n")},
			"d/" + tg.sheet + ".csv": &fstest.MapFile{Data: []byte(sheet)},
		}
		d, probs := Load(fsys, "d", "d")
		if d == nil {
			if !probs.HasErrors() {
				t.Fatal("no deck and no error")
			}
			return
		}
		for _, c := range d.Labyrinth {
			for _, s := range c.Sides {
				if s.Correct < 0 || s.Correct > 2 || s.Question == "" {
					t.Fatalf("bad side %+v", s)
				}
			}
		}
		for _, c := range d.Dativ {
			for _, s := range c.Sides {
				for _, i := range s.Correct {
					if i >= len(s.Options) {
						t.Fatalf("key beyond options %+v", s)
					}
				}
				_ = s.Solutions()
			}
		}
		for _, c := range d.Raab {
			for _, task := range c.Tasks {
				_ = task.Prompt() + task.Solution()
			}
		}
	})
}
