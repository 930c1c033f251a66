package decks

import (
	"sort"
	"strings"
)

// Region tags follow BCP 47: the language, the country, and for regional
// language inside Germany the federal state (ISO 3166-2), e.g. de-DE-BY for
// Bavarian. A region filter for de-DE therefore also keeps de-DE-BY cards.
var regionNames = map[string][2]string{
	"de-DE": {"Deutschland", "Germany"},
	"de-AT": {"Österreich", "Austria"},
	"de-CH": {"Schweiz", "Switzerland"},
	"de-LI": {"Liechtenstein", "Liechtenstein"},
	"de-LU": {"Luxemburg", "Luxembourg"},
	"de-IT": {"Südtirol", "South Tyrol"},
	"de-BE": {"Ostbelgien", "East Belgium"},

	"de-DE-BW": {"Baden-Württemberg (Schwäbisch, Badisch)", "Baden-Württemberg (Swabian, Badish)"},
	"de-DE-BY": {"Bayern (Bairisch, Fränkisch)", "Bavaria (Bavarian, Franconian)"},
	"de-DE-BE": {"Berlin (Berlinisch)", "Berlin (Berlin dialect)"},
	"de-DE-BB": {"Brandenburg", "Brandenburg"},
	"de-DE-HB": {"Bremen", "Bremen"},
	"de-DE-HH": {"Hamburg", "Hamburg"},
	"de-DE-HE": {"Hessen (Hessisch)", "Hesse (Hessian)"},
	"de-DE-MV": {"Mecklenburg-Vorpommern (Platt)", "Mecklenburg-Western Pomerania (Low German)"},
	"de-DE-NI": {"Niedersachsen (Platt)", "Lower Saxony (Low German)"},
	"de-DE-NW": {"Nordrhein-Westfalen (Kölsch, Ruhrdeutsch)", "North Rhine-Westphalia (Kölsch, Ruhr German)"},
	"de-DE-RP": {"Rheinland-Pfalz (Pfälzisch)", "Rhineland-Palatinate (Palatine)"},
	"de-DE-SL": {"Saarland (Saarländisch)", "Saarland (Saarland dialect)"},
	"de-DE-SN": {"Sachsen (Sächsisch)", "Saxony (Saxon)"},
	"de-DE-ST": {"Sachsen-Anhalt", "Saxony-Anhalt"},
	"de-DE-SH": {"Schleswig-Holstein (Platt)", "Schleswig-Holstein (Low German)"},
	"de-DE-TH": {"Thüringen (Thüringisch)", "Thuringia (Thuringian)"},
}

// CanonicalRegion returns the region tag as documented ("de-at" →
// "de-AT") and whether it is known.
func CanonicalRegion(s string) (string, bool) {
	for code := range regionNames {
		if strings.EqualFold(code, strings.TrimSpace(s)) {
			return code, true
		}
	}
	return "", false
}

// Regions lists every known region tag, sorted.
func Regions() []string {
	var out []string
	for code := range regionNames {
		out = append(out, code)
	}
	sort.Strings(out)
	return out
}

// RegionName is the region's name in German and English.
func RegionName(code string) (de, en string) {
	n := regionNames[code]
	return n[0], n[1]
}

// regionWithin reports whether a card's region lies inside filter: equal,
// or a subdivision of it (de-DE-BY lies within de-DE).
func regionWithin(card, filter string) bool {
	return card == filter || strings.HasPrefix(card, filter+"-")
}
