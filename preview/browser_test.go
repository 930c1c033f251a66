package preview

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	bt "druckreif/internal/browsertest"
)

func poll(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(bt.Timeout))
}

func TestPageShowsCardsAndSwapsAnEditedOneWithoutReload(t *testing.T) {
	browser := bt.Browser(t)
	deck, rows := writeDeck(t, t.TempDir(), 30)
	s := start(t, Options{Decks: []string{deck}})
	page := bt.Screen(t, browser)
	bt.Do(t, page, chromedp.Navigate(s.srv.URL+"/"))
	bt.Do(t, page,
		poll(`document.querySelectorAll("article.card").length === 30 && document.getElementById("status").classList.contains("live")`),
		// Every face of the first cards is an image at the card's proportions (69 × 94 mm with bleed).
		poll(`(() => { const i = document.querySelector("#card-LAB-TST-1 img"); return i.complete && i.naturalWidth === 407 && Math.abs(i.width / i.height - 69/94) < 0.01; })()`),
		chromedp.Evaluate[chromedp.Void](`window.notReloaded = true;
			document.getElementById("card-LAB-TST-5").kept = true;
			document.getElementById("card-LAB-TST-20").scrollIntoView();
			window.scrollBy(0, -40); window.before = window.scrollY;
			window.oldSrc = document.querySelector("#card-LAB-TST-20 img").src;`),
	)
	edit(rows, 20, "Welcher Fall folgt auf „dank“? (geändert im Browser-Test)")
	saveCSV(t, filepath.Join(deck, "Karten.csv"), rows)
	bt.Do(t, page,
		poll(`document.querySelector("#card-LAB-TST-20 img").src !== window.oldSrc`),
		poll(`(() => { const i = document.querySelector("#card-LAB-TST-20 img"); return i.complete && i.naturalWidth === 407; })()`),
	)
	ok := bt.Run(t, page, chromedp.Evaluate[bool](`window.notReloaded === true &&
		document.getElementById("card-LAB-TST-5").kept === true &&
		Math.abs(window.scrollY - window.before) < 2 &&
		document.querySelectorAll("article.card").length === 30 &&
		document.querySelector("#card-LAB-TST-20").dataset.text.includes("geändert im browser-test")`))
	if !ok {
		t.Fatalf("the page reloaded, lost its scroll position or replaced other cards:\n%.3000s", bt.HTML(t, page))
	}
	// The filter: by ID, then by text.
	bt.Do(t, page,
		chromedp.SendKeys(`#f-id`, "TST-2"),
		poll(`document.querySelectorAll("article.card:not(.hidden)").length === 11`), // 2, 20–29
	)
}

// TestPageWithAProblemOnALaptopAndAPhone shows a small deck of its own
// questions with an error beside its card and warnings at the top; with
// DRUCKREIF_SCREENSHOTS=DIR it saves the screens.
func TestPageWithAProblemOnALaptopAndAPhone(t *testing.T) {
	browser := bt.Browser(t)
	dir := filepath.Join(t.TempDir(), "deck")
	writeFile(t, filepath.Join(dir, "Deck.csv"), []byte("Spiel,labyrinth\nName,Vereinsabend\nKennung,VER\nVersion,1.0\nSprache,de\n"))
	rows := [][]string{{"Nr", "Seite", "Typ", "Frage", "A", "B", "C", "Richtig", "Vorlesehinweis", "Region", "Wörtlich"},
		{"1", "grün", "normal", "Welches Wort ist richtig geschrieben?", "Rhythmus", "Rythmus", "Rhytmus", "A", "Antworten buchstabieren", "", "ja"},
		{"1", "gelb", "normal", "Welcher Fall folgt in der Standardsprache auf „trotz“?", "der Genitiv", "der Akkusativ", "der Nominativ", "A", "", "", ""},
		{"2", "grün", "normal", "Was ist ein Palindrom?", "ein Wort, das rückwärts gelesen gleich bleibt", "ein altes Hohlmaß", "ein Vers mit sieben Hebungen", "A", "", "", ""},
		{"2", "gelb", "normal", "Wie schreibt man es nach der Rechtschreibreform?", "im Voraus", "im voraus", "in Voraus", "A", "Antworten buchstabieren", "", "ja"},
		{"3", "grün", "normal", "Welches Verb wird stark gebeugt?", "schwimmen", "tanzen", "lachen", "A", "", "", ""},
		{"3", "gelb", "normal", "Was bedeutet „sich verlesen“?", "beim Lesen einen Fehler machen", "sehr viel lesen", "jemandem etwas vorlesen", "A", "", "", ""},
		{"4", "grün", "normal", "Welches Wort ist ein Adjektiv?", "behutsam", "Behutsamkeit", "behüten", "A", "", "", ""},
		{"4", "gelb", "normal", "Wie heißt die Mehrzahl von „der Atlas“?", "die Atlanten oder die Atlasse", "nur die Atlasse", "nur die Atlanten", "A", "", "", ""},
	}
	saveCSV(t, filepath.Join(dir, "Karten.csv"), rows)
	s := start(t, Options{Decks: []string{dir}})
	// Card 3's green side gets an answer key the sheet does not allow.
	rows[5][7] = "D"
	saveCSV(t, filepath.Join(dir, "Karten.csv"), rows)
	// The laptop asks for German, the phone gets the language its browser
	// asks for (headless chromium: English).
	for _, view := range []struct {
		name, query, cell string
		ctx               context.Context
	}{{"laptop-1280x800", "?lang=de", "Karten: Zeile 6: Spalte Richtig", bt.Screen(t, browser)},
		{"telefon-390x844", "", "Karten: row 6: column Richtig", bt.Phone(t, browser)}} {
		bt.Do(t, view.ctx, chromedp.Navigate(s.srv.URL+"/"+view.query))
		bt.Do(t, view.ctx,
			poll(`document.querySelectorAll("article.card").length === 4 && document.getElementById("status").classList.contains("live")`),
			poll(`document.querySelector("#card-LAB-VER-3 .problems li.fehler") !== null && document.querySelector("#loose .stale") !== null`),
			poll(`[...document.querySelectorAll("#card-LAB-VER-1 img, #card-LAB-VER-2 img")].every(i => i.complete && i.naturalWidth > 0)`),
		)
		text := bt.Run(t, view.ctx, chromedp.Evaluate[string](`document.querySelector("#card-LAB-VER-3 .problems").textContent`))
		if !strings.Contains(text, view.cell) {
			t.Errorf("%s: the error beside card 3 reads %q, want its cell %q", view.name, text, view.cell)
		}
		// Nothing wider than the screen.
		if wide := bt.Run(t, view.ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`)); wide {
			t.Errorf("%s: the page is wider than the screen", view.name)
		}
		bt.Do(t, view.ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("card-LAB-VER-3").scrollIntoView({block: "center"})`))
		bt.Shot(t, view.ctx, "preview-"+view.name)
	}
	if d := os.Getenv("DRUCKREIF_SCREENSHOTS"); d != "" {
		t.Log(fmt.Sprintf("screenshots in %s", d))
	}
}
