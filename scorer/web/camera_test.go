package web

import (
	"bufio"
	"crypto/tls"
	"image"
	"image/color"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/image/draw"

	"druckreif/decks"
	bt "druckreif/internal/browsertest"
	"druckreif/internal/tooltest"
	"druckreif/kit"
	"druckreif/layout"
	"druckreif/scorer/tlscert"
)

// cardImage renders the printed front of a labyrinth card, as the kit
// prints it (single card per page), to a PNG at 200 dpi.
func cardImage(t *testing.T, id string) string {
	t.Helper()
	tooltest.Need(t, "pdftoppm")
	files, _, err := kit.Build(defaults(t), kit.Options{Games: []decks.Game{decks.Labyrinth}, Cards: []string{id}, Mode: layout.Single, Paper: layout.A4})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var pdf string
	for _, f := range files {
		if filepath.Ext(f.Path) == ".pdf" && strings.Contains(f.Path, "karten") {
			pdf = filepath.Join(dir, "karte.pdf")
			os.WriteFile(pdf, f.Data, 0o644)
			break
		}
	}
	if pdf == "" {
		t.Fatal("the kit printed no card file")
	}
	base := filepath.Join(dir, "karte")
	if out, err := exec.Command("pdftoppm", "-r", "200", "-f", "1", "-l", "1", "-png", "-singlefile", pdf, base).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	return base + ".png"
}

// y4m writes a video of the image, centred on a white 1280 × 720 frame, as
// chromium's fake camera reads it.
func y4m(t *testing.T, pngPath string) string {
	t.Helper()
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	src, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 1280, 720
	frame := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(frame, frame.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	sb := src.Bounds()
	scale := float64(h-40) / float64(sb.Dy())
	dw, dh := int(float64(sb.Dx())*scale), int(float64(sb.Dy())*scale)
	dst := image.Rect((w-dw)/2, (h-dh)/2, (w-dw)/2+dw, (h-dh)/2+dh)
	draw.CatmullRom.Scale(frame, dst, src, sb, draw.Over, nil)
	path := filepath.Join(t.TempDir(), "kamera.y4m")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	bw := bufio.NewWriter(out)
	bw.WriteString("YUV4MPEG2 W1280 H720 F10:1 Ip A1:1 C420jpeg\n")
	yp, up, vp := make([]byte, w*h), make([]byte, w*h/4), make([]byte, w*h/4)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := frame.RGBAAt(x, y)
			yy, cb, cr := color.RGBToYCbCr(c.R, c.G, c.B)
			yp[y*w+x] = yy
			if x%2 == 0 && y%2 == 0 {
				up[(y/2)*(w/2)+x/2], vp[(y/2)*(w/2)+x/2] = cb, cr
			}
		}
	}
	for i := 0; i < 10; i++ {
		bw.WriteString("FRAME\n")
		bw.Write(yp)
		bw.Write(up)
		bw.Write(vp)
	}
	bw.Flush()
	out.Close()
	return path
}

// The printed card's QR code, photographed (plain http) or scanned live
// with the camera (https, the scorer's own certificate), brings the reader
// to that card: the phone shows its question.
func TestBrowserCardByCamera(t *testing.T) {
	png := cardImage(t, "LAB-STD-1")

	// The photo, over plain http.
	browser := bt.Browser(t)
	e := newEnv(t)
	a := e.account("Tisch")
	id, _ := a.table(`{"game":"labyrinth","players":["Anna","Ben"],"reader":"Anna"}`)
	host := hostPhone(t, browser, e, "Tisch", id)
	bt.Do(t, host, chromedp.SetUploadFiles(css(`input[data-scan-photo]`), []string{png}))
	bt.Do(t, host, settled(1), waitText(`.lab-card`, "Schild"))
	bt.Shot(t, host, "60-photo-scanned")

	// Live, through an HTTPS listener with the certificate the scorer makes.
	cert, err := tlscert.Load(t.TempDir(), []string{"127.0.0.1", "localhost"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(e.web.Handler())
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert.TLS}}
	srv.StartTLS()
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close() })
	video := y4m(t, png)
	camera := bt.BrowserWith(t,
		chromedp.Flag("use-fake-ui-for-media-stream", true),
		chromedp.Flag("use-fake-device-for-media-stream", true),
		chromedp.Flag("use-file-for-fake-video-capture", video),
		chromedp.Flag("ignore-certificate-errors-spki-list", cert.SPKIHash()),
	)
	id2, _ := a.table(`{"game":"labyrinth","players":["Anna","Ben"],"reader":"Anna"}`)
	e.srv = srv // the phone talks to the https listener
	phone := hostPhone(t, camera, e, "Tisch", id2)
	bt.Do(t, phone, chromedp.WaitVisible(css(`button[data-scan-live]`)), chromedp.Click(css(`button[data-scan-live]`)))
	bt.Do(t, phone, settled(1), waitText(`.lab-card`, "Schild"))
	bt.Shot(t, phone, "61-live-scanned")
}
