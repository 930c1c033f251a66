package decks

// Schemas returns the card sheets of a game in the order a template shows
// them. The Game has none: its cards are generated.
func Schemas(g Game) []*SheetSchema {
	switch g {
	case Labyrinth:
		return []*SheetSchema{&labyrinthSheet}
	case Dativ:
		return []*SheetSchema{&dativSheet}
	case Genial:
		return []*SheetSchema{&genialSheet}
	case Raab:
		var out []*SheetSchema
		for _, m := range MiniGames {
			out = append(out, &m.Sheet)
		}
		return out
	}
	return nil
}

// DeckSheetHelp explains the keys of the Deck sheet, for templates and docs.
var DeckSheetHelp = [][2]string{
	{"Spiel", "Das Spiel: labyrinth (Das große Spiel), dativ (Kartenspiel), genial (Genial daneben) oder raab (Schlag den Raab – Das Quiz)."},
	{"Name", "Der Name des Decks; er wird klein neben den QR-Code auf jede Karte gedruckt (höchstens 40 Zeichen, eine Zeile)."},
	{"Kennung", "Kurze Kennung aus A–Z und 0–9, höchstens 8 Zeichen; sie steht in jeder Karten-ID (z. B. LAB-MEIN-12-GR) und muss sich von den Kennungen der anderen Decks desselben Spiels unterscheiden."},
	{"Version", "Version des Decks (A–Z, 0–9, Punkt, Bindestrich, z. B. 1.0); steht im QR-Code, damit die App veraltete Drucke erkennt. Als Text eingeben, damit 1.0 nicht zu 1 wird."},
	{"Region", "Freiwillig: Regionscode für alle Karten ohne eigene Region, z. B. de-AT."},
	{"Sprache", "Freiwillig: Sprachcode, Standard de."},
}
