package extract

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMailGolden scans the messages of testdata/mail (see SOURCES.md
// there for their origin and what each golden file must hold) and the
// mailboxes of testdata/mbox.
func TestMailGolden(t *testing.T) {
	for _, dir := range []string{"mail", "mbox"} {
		files, err := filepath.Glob(filepath.Join("testdata", dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, ".golden") || strings.HasSuffix(f, ".md") {
				continue
			}
			typ := Mail
			if dir == "mbox" {
				typ = Mbox
			}
			checkGoldenFile(t, filepath.ToSlash(strings.TrimPrefix(f, "testdata"+string(filepath.Separator))), Options{Type: typ})
		}
	}
}
