package layout

import (
	"os"
	"testing"

	"druckreif/layout/icc"
	"druckreif/layout/press"
)

const testProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

func testShopOptions(t testing.TB) ShopOptions {
	t.Helper()
	data, err := os.ReadFile(testProfile)
	if err != nil {
		if os.Getenv("DRUCKREIF_REQUIRE_TOOLS") == "1" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	p, err := icc.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return ShopOptions{Title: "Test", Standard: press.X4, Colours: press.NewProfileColours(p, 3),
		Intent: press.OutputIntent{Identifier: "Custom", Condition: p.Description, Info: p.Description, Profile: data}}
}

func TestShopDump(t *testing.T) {
	o := testShopOptions(t)
	var pages []ShopPage
	for _, c := range testCards(3) {
		f := c.Front
		pages = append(pages, ShopPage{Label: f.ID, W: 63, H: 88, Ground: f.Background, Draw: f.Draw})
	}
	pdf, err := RenderShop(pages, o)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("/tmp/ex/shop.pdf", pdf, 0o644)
}
