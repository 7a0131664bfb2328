package extract

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestDetectCorpora detects the type of the corpora of ../shared by
// content alone (the names of the SpamAssassin files have no extension;
// the others are read under a name without one): every message is mail
// (or a one-message mbox when it starts with its "From " line, as most
// SpamAssassin files do; the tricky messages of parser test suites too,
// but for three broken on purpose), every RFC text, every page HTML, the
// phishing mailbox mbox.
func TestDetectCorpora(t *testing.T) {
	shared := filepath.Join("..", "..", "shared", "corpora")
	if _, err := os.Stat(shared); err != nil {
		t.Skip("../shared/corpora is absent")
	}
	sets := []struct {
		glob string
		want Type
		also Type // another right answer, or Auto
		min  int  // files expected, so that an empty glob fails
		all  bool // every file must be detected so; else report the share
	}{
		{"email/spamassassin/*/*", Mail, Mbox, 6000, true},
		{"email/nazario-phishing/*.mbox", Mbox, Auto, 1, true},
		{"email/tricky/enmime/*/*.raw", Mail, Mbox, 80, true},
		{"email/tricky/*/*.eml", Mail, Mbox, 2, true},
		{"email/tricky/*/*/*.eml", Mail, Mbox, 100, true},
		{"rfc/*.txt", Text, Auto, 190, true},
		{"html/*/*.html", HTML, Auto, 440, true},
		{"html/*/*/*.html", HTML, Auto, 250, true},
	}
	// Fixtures of html-proofer that hold no markup at their start (plain
	// words, or a misspelt "<ing" tag): text by content, HTML by name.
	notByContent := map[string]bool{
		"links__folder__relative_image.html": true, "links__hashes__downloads__index.html": true,
		"links__hashes__support__index.html": true, "links__root_link__folder__index.html": true,
		"links__root_link__index.html": true, "opengraph__folder__index.html": true,
		// Broken on purpose: not a message by content, mail by name.
		"bad-header-start.raw": true, "erroneous.raw": true, "019.eml": true,
	}
	head := make([]byte, sniffLen)
	for _, set := range sets {
		files, _ := filepath.Glob(filepath.Join(shared, set.glob))
		if len(files) < set.min {
			t.Errorf("%s: %d files, want at least %d", set.glob, len(files), set.min)
			continue
		}
		var wrong []string
		for _, name := range files {
			f, err := os.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			n, _ := io.ReadFull(f, head)
			f.Close()
			if n == 0 || notByContent[filepath.Base(name)] {
				continue // text, whatever the corpus
			}
			if got := Detect("", head[:n]); got != set.want && got != set.also {
				wrong = append(wrong, filepath.Base(name)+" ("+got.String()+")")
			}
		}
		if len(wrong) > 0 && (set.all || len(wrong)*100 > len(files)) {
			t.Errorf("%s: %d of %d files not detected as %v: %q", set.glob, len(wrong), len(files), set.want, wrong[:min(len(wrong), 10)])
		} else if len(wrong) > 0 {
			t.Logf("%s: %d of %d files not detected as %v: %q", set.glob, len(wrong), len(files), set.want, wrong[:min(len(wrong), 10)])
		}
	}
}
