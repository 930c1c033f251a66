package geomap

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
)

// rotatePages sets /Rotate 90 on the given pages (0-based) by appending an
// incremental update to the PDF, as layout does for the viewer
// preferences: layout.Pages makes every page the same portrait size, and
// the landscape maps are drawn turned on it. The rotation makes viewers
// show them upright; printers print them as they are.
func rotatePages(pdf []byte, pages []int) ([]byte, error) {
	if len(pages) == 0 {
		return pdf, nil
	}
	kidsAll := regexp.MustCompile(`/Kids \[([0-9 R]*)\]`).FindAllSubmatch(pdf, -1)
	if len(kidsAll) == 0 {
		return nil, fmt.Errorf("PDF ohne /Kids")
	}
	var kids []int
	for _, m := range regexp.MustCompile(`(\d+) 0 R`).FindAllSubmatch(kidsAll[len(kidsAll)-1][1], -1) {
		n, _ := strconv.Atoi(string(m[1]))
		kids = append(kids, n)
	}
	last := func(re string) ([]byte, error) {
		all := regexp.MustCompile(re).FindAllSubmatch(pdf, -1)
		if len(all) == 0 {
			return nil, fmt.Errorf("PDF ohne %s", re)
		}
		return all[len(all)-1][1], nil
	}
	prev, err := last(`startxref\s+(\d+)`)
	if err != nil {
		return nil, err
	}
	size, err := last(`/Size (\d+)`)
	if err != nil {
		return nil, err
	}
	root, err := last(`/Root (\d+) 0 R`)
	if err != nil {
		return nil, err
	}
	info, _ := last(`/Info (\d+) 0 R`)

	var out bytes.Buffer
	out.Write(pdf)
	if !bytes.HasSuffix(pdf, []byte("\n")) {
		out.WriteByte('\n')
	}
	var xref bytes.Buffer
	xref.WriteString("xref\n")
	for _, p := range pages {
		if p < 0 || p >= len(kids) {
			return nil, fmt.Errorf("Seite %d gibt es nicht (%d Seiten)", p+1, len(kids))
		}
		n := kids[p]
		head := []byte(fmt.Sprintf("\n%d 0 obj\n", n))
		start := bytes.LastIndex(pdf, head)
		if start < 0 {
			return nil, fmt.Errorf("Seitenobjekt %d nicht gefunden", n)
		}
		body := pdf[start+len(head):]
		end := bytes.Index(body, []byte("endobj"))
		if end < 0 {
			return nil, fmt.Errorf("Seitenobjekt %d unlesbar", n)
		}
		dict := bytes.TrimSpace(body[:end])
		if !bytes.HasPrefix(dict, []byte("<<")) || !bytes.HasSuffix(dict, []byte(">>")) ||
			!bytes.Contains(dict, []byte("/Type /Page")) || bytes.Contains(dict, []byte("/Rotate")) {
			return nil, fmt.Errorf("Seitenobjekt %d unerwartet: %q", n, dict)
		}
		fmt.Fprintf(&xref, "%d 1\n%010d 00000 n \n", n, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n%s\n/Rotate 90>>\nendobj\n", n, dict[:len(dict)-2])
	}
	at := out.Len()
	out.Write(xref.Bytes())
	fmt.Fprintf(&out, "trailer\n<<\n/Size %s\n/Root %s 0 R\n", size, root)
	if info != nil {
		fmt.Fprintf(&out, "/Info %s 0 R\n", info)
	}
	fmt.Fprintf(&out, "/Prev %s\n>>\nstartxref\n%d\n%%%%EOF\n", prev, at)
	return out.Bytes(), nil
}
