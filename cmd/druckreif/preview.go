package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"druckreif/decks"
	"druckreif/i18n"
	"druckreif/preview"
)

func runPreview(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("preview", args, i18n.Sprintf(
		"Aufruf: druckreif preview [OPTIONEN] [DECK …]\n\nZeigt alle Karten der Decks im Browser, Vorder- und Rückseite nebeneinander, mit jedem\nProblem, das check findet, neben seiner Karte. Nach jedem Speichern einer Deck- oder\nStildatei werden die geänderten Karten neu gezeichnet und die Seite aktualisiert sich\nselbst. Decks aus dem Netz (https://…) werden alle --poll neu abgefragt.\nOhne DECK: die eingebauten Standarddecks.",
		"Usage: druckreif preview [OPTIONS] [DECK …]\n\nShows every card of the decks in the browser, front and back side by side, with every\nproblem check finds beside its card. After each save of a deck or style file the\nchanged cards are redrawn and the page updates itself. Decks from the web\n(https://…) are fetched again every --poll. Without DECK: the embedded default decks."), stderr)
	var named, games multiFlag
	fs.Var(pathsFlag{&named, fs.lang}, "deck", deckUsage.In(fs.lang))
	fs.Var(&games, "game", i18n.Sprintf("nur die Karten dieses Spiels zeigen (labyrinth, dativ, thegame, genial, raab); mehrfach möglich", "show only this game's cards (labyrinth, dativ, thegame, genial, raab); repeatable").In(fs.lang))
	region := fs.String("region", "", i18n.Sprintf("nur Karten ohne Region und Karten dieser Region zeigen (z. B. de-AT)", "show only cards without a region and cards of this region (e.g. de-AT)").In(fs.lang))
	addr := fs.String("addr", "127.0.0.1:8090", i18n.Sprintf("Adresse der Seite (nur dieser Rechner; :8090 für das ganze Netz)", "address of the page (this computer only; :8090 for the whole network)").In(fs.lang))
	tpl := fs.path("templates", "", i18n.Sprintf("Ordner mit eigenen Stildateien (Kopien von templates/*.json); wird mit überwacht", "folder with own style files (copies of templates/*.json); watched too"))
	noCache := fs.Bool("no-cache", false, i18n.Sprintf("nach jedem Speichern alle Karten neu zeichnen, nicht nur die geänderten", "redraw every card after each save, not only the changed ones").In(fs.lang))
	poll := fs.Duration("poll", 30*time.Second, i18n.Sprintf("wie oft Decks aus dem Netz neu abgefragt werden", "how often decks from the web are fetched again").In(fs.lang))
	pos, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	lang := fs.lang
	fail := func(code int, err error) int {
		fmt.Fprintln(stderr, "druckreif preview:", errorIn(err, lang))
		return code
	}
	o := preview.Options{Decks: append(named, pos...), Templates: *tpl, NoCache: *noCache}
	for _, g := range games {
		game, ok := decks.ParseGame(g)
		if !ok {
			return fail(2, fmt.Errorf("%s", i18n.Sprintf("unbekanntes Spiel „%s“", "unknown game %q", g).In(lang)))
		}
		o.Games = append(o.Games, game)
	}
	if *region != "" {
		code, ok := decks.CanonicalRegion(*region)
		if !ok {
			return fail(2, fmt.Errorf("%s", i18n.Sprintf("unbekannte Region „%s“ (bekannt: %s)", "unknown region %q (known: %s)", *region, strings.Join(decks.Regions(), ", ")).In(lang)))
		}
		o.Regions.Only = code
	}
	if *poll < time.Second {
		return fail(2, fmt.Errorf("%s", i18n.Sprintf("--poll %v: mindestens 1s", "--poll %v: at least 1s", *poll).In(lang)))
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(1, err)
	}
	defer ln.Close()
	t0 := time.Now()
	p, err := preview.New(o)
	if err != nil {
		return fail(1, err)
	}
	st := p.State()
	var forced *i18n.Lang
	if langGiven(args) {
		forced = &lang
	}
	fmt.Fprintln(stdout, i18n.Sprintf("%d Karten, %d Probleme (%d ms). Vorschau: http://%s/", "%d cards, %d problems (%d ms). Preview: http://%s/",
		len(st.Cards), len(st.Problems), time.Since(t0).Milliseconds(), ln.Addr()).In(lang))
	fmt.Fprintln(stdout, i18n.Sprintf("Beenden mit Strg+C.", "Stop with Ctrl+C.").In(lang))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Handler: preview.NewServer(p, forced), ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	errc := make(chan error, 2)
	go func() { errc <- srv.Serve(ln) }()
	go func() { errc <- p.Watch(ctx, *poll) }()
	select {
	case err := <-errc:
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			return fail(1, err)
		}
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}
	return 0
}

// langGiven reports whether the language was asked for (--lang or
// DRUCKREIF_LANG); otherwise the page follows each browser's choice.
func langGiven(args []string) bool {
	if os.Getenv("DRUCKREIF_LANG") != "" {
		return true
	}
	for _, a := range args {
		if a == "--lang" || a == "-lang" || strings.HasPrefix(a, "--lang=") || strings.HasPrefix(a, "-lang=") {
			return true
		}
	}
	return false
}
