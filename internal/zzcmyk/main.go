// Throwaway: CMYK PAM (Ghostscript) to sRGB PNG through an ICC profile.
package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"strconv"
	"strings"

	"druckreif/layout/icc"
)

func main() {
	prof, _ := os.ReadFile(os.Args[1])
	p, err := icc.Parse(prof)
	if err != nil {
		panic(err)
	}
	data, _ := os.ReadFile(os.Args[2])
	end := bytes.Index(data, []byte("ENDHDR\n"))
	var w, h int
	for _, line := range strings.Split(string(data[:end]), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "WIDTH" {
			w, _ = strconv.Atoi(f[1])
		}
		if len(f) == 2 && f[0] == "HEIGHT" {
			h, _ = strconv.Atoi(f[1])
		}
	}
	pix := data[end+7:]
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	cache := map[[4]uint8][3]uint8{}
	maxInk := 0
	for i := 0; i < w*h; i++ {
		k := [4]uint8{pix[4*i], pix[4*i+1], pix[4*i+2], pix[4*i+3]}
		if s := int(k[0]) + int(k[1]) + int(k[2]) + int(k[3]); s > maxInk {
			maxInk = s
		}
		rgb, ok := cache[k]
		if !ok {
			rgb = icc.LabToSRGB(p.ToLab([4]float64{float64(k[0]) / 255, float64(k[1]) / 255, float64(k[2]) / 255, float64(k[3]) / 255}, icc.RelativeColorimetric))
			cache[k] = rgb
		}
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = rgb[0], rgb[1], rgb[2], 255
	}
	f, _ := os.Create(os.Args[3])
	png.Encode(f, img)
	f.Close()
	println("max ink", maxInk*100/255, "%")
}
