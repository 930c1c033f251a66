package decks

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated part of docs/decks.md")

const (
	docsPath  = "../docs/decks.md"
	docsBegin = "<!-- BEGIN GENERATED SCHEMA (go test ./decks -run TestDocsSchema -update) -->\n"
	docsEnd   = "<!-- END GENERATED SCHEMA -->"
)

// The documented schema must be the schema the code reads.
func TestDocsSchema(t *testing.T) {
	data, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i, j := strings.Index(doc, docsBegin), strings.Index(doc, docsEnd)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the generated-schema markers", docsPath)
	}
	want := doc[:i+len(docsBegin)] + SchemaMarkdown() + doc[j:]
	if want == doc {
		return
	}
	if *update {
		if err := os.WriteFile(docsPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatal("docs/decks.md is out of date: run go test ./decks -run TestDocsSchema -update")
}
