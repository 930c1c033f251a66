package raster

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"math"
)

// EncodePNG writes img as a PNG marked as sRGB (perceptual intent) with
// its resolution in the pHYs chunk (none for dpi 0: images for screens), so card printers and image programs
// read the intended size: Go's encoder writes neither chunk, so they are
// put in after the header.
func EncodePNG(w io.Writer, img image.Image, dpi float64) error {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return err
	}
	data := buf.Bytes()
	const headerEnd = 8 + 4 + 4 + 13 + 4 // signature and IHDR chunk
	ppm := uint32(math.Round(dpi / 0.0254))
	phys := make([]byte, 9)
	binary.BigEndian.PutUint32(phys[0:], ppm)
	binary.BigEndian.PutUint32(phys[4:], ppm)
	phys[8] = 1 // unit: metre
	var out bytes.Buffer
	out.Write(data[:headerEnd])
	writeChunk(&out, "sRGB", []byte{0})
	if dpi > 0 {
		writeChunk(&out, "pHYs", phys)
	}
	out.Write(data[headerEnd:])
	_, err := w.Write(out.Bytes())
	return err
}

func writeChunk(w *bytes.Buffer, kind string, body []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(body)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(body)
	w.WriteString(kind)
	w.Write(body)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}
