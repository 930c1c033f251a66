// Package browsertest drives Debian's chromium through chromedp for the
// scorer's end-to-end tests: each phone at the table is a browser context
// of its own (own cookies, own storage) with a phone's screen, 390 × 844.
// Without chromium the tests skip — unless DRUCKREIF_REQUIRE_TOOLS=1 (CI).
// With DRUCKREIF_SCREENSHOTS=DIR every Shot is written there as PNG.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"druckreif/internal/tooltest"
)

// Width and Height are the phone's screen in CSS pixels.
const (
	Width  = 390
	Height = 844
)

// Browser starts a headless chromium for the test and returns its context.
func Browser(t *testing.T) context.Context { return BrowserWith(t) }

// BrowserWith starts chromium with extra options (flags for a fake camera,
// a certificate to trust …).
func BrowserWith(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	tooltest.Need(t, "chromium")
	path, _ := exec.LookPath("chromium")
	dir := t.TempDir()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.UserDataDir(dir),
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(Width, Height),
	)
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // chromium refuses root without it
	}
	opts = append(opts, extra...)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	browser, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	if err := chromedp.Do(browser); err != nil {
		t.Fatalf("chromium does not start: %v", err)
	}
	return browser
}

// Phone opens a new phone: a browser context of its own with a phone's
// screen.
func Phone(t *testing.T, browser context.Context) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(Width, Height, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait)); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// Screen opens a browser context of its own with a laptop's or a wall
// screen's size, 1280 × 800. The first action opens the tab, which lives
// as long as the context it ran in: not under a step's timeout.
func Screen(t *testing.T, browser context.Context) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// Timeout bounds one step of a test: phones on a busy two-core machine are
// slow, but a step that takes this long is broken.
const Timeout = 45 * time.Second

// Do runs steps with the step timeout.
func Do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		html, _ := chromedp.Run(ctx, chromedp.OuterHTML(chromedp.CSS("body")))
		t.Fatalf("%v\npage:\n%.12000s", err, pageText(html))
	}
}

// pageText is a page as a failing test prints it: without the drawings
// (a board's SVG is thousands of coordinates) and blank lines.
func pageText(html string) string {
	html = svgElement.ReplaceAllString(html, "<svg …/>")
	return blankLines.ReplaceAllString(html, "\n")
}

var (
	svgElement = regexp.MustCompile(`(?s)<svg\b.*?</svg>`)
	blankLines = regexp.MustCompile(`\n\s*\n+`)
)

// Run runs one action that returns a value.
func Run[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	v, err := chromedp.Run(c, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// HTML is the page's whole HTML as the phone has it now.
func HTML(t *testing.T, ctx context.Context) string {
	t.Helper()
	return Run(t, ctx, chromedp.OuterHTML(chromedp.CSS("html")))
}

// Shot saves the phone's screen as DIR/name.png (390 × 844) and the whole
// page as DIR/name-full.png, when DRUCKREIF_SCREENSHOTS names a folder.
func Shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("DRUCKREIF_SCREENSHOTS")
	if dir == "" {
		return
	}
	os.MkdirAll(dir, 0o755)
	// A reveal turning its cards over is shot when they lie face up.
	chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`!document.getAnimations().some(a => a.animationName === "turn-over" && a.playState === "running")`, chromedp.WithPollingTimeout(3*time.Second)))
	screen := Run(t, ctx, chromedp.CaptureScreenshot())
	full := Run(t, ctx, chromedp.FullScreenshot(100))
	os.WriteFile(filepath.Join(dir, name+".png"), screen, 0o644)
	os.WriteFile(filepath.Join(dir, name+"-full.png"), full, 0o644)
}

// Navigate runs steps that load a new page (a link, a form without htmx)
// and waits for the page to load.
func Navigate(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	if _, err := chromedp.RunResponse(c, steps...); err != nil {
		t.Fatalf("%v", err)
	}
}

// Cookie is the value of the phone's cookie name for its current page
// (HttpOnly ones too, which the page's scripts cannot read), or "".
func Cookie(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	res := Run(t, ctx, func(ctx context.Context, tg *chromedp.Target) (network.GetCookiesResult, error) {
		return cdp.Call(ctx, tg, network.GetCookies, network.GetCookiesParams{})
	})
	for _, c := range res.Cookies {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// Offline takes the phone off the network (as a phone that lost the
// Wi-Fi: requests fail, open streams break, navigator.onLine is false)
// or back on.
func Offline(t *testing.T, ctx context.Context, off bool) {
	t.Helper()
	Run(t, ctx, func(ctx context.Context, tg *chromedp.Target) (cdp.Empty, error) {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return cdp.Empty{}, err
		}
		rule := &network.Conditions{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}
		if _, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{rule}}); err != nil {
			return cdp.Empty{}, err
		}
		return cdp.Call(ctx, tg, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1})
	})
}
