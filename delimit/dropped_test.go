package delimit

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// dropped is a candidate that started like a URI and was dropped.
type dropped struct {
	at   int64
	rule string
}

// droppedCandidates returns the candidates that a scan of in with opts
// drops, with the rule that drops each: the debugging aid of dropped.go.
func droppedCandidates(in []byte, opts Options) []dropped {
	s := NewScanner(bytes.NewReader(in), opts)
	var ds []dropped
	s.dropped = func(at int64, rule string) { ds = append(ds, dropped{at, rule}) }
	for s.Scan() {
	}
	return ds
}

// TestDroppedRules gives each rule of dropped.go a candidate it drops.
func TestDroppedRules(t *testing.T) {
	for _, c := range []struct{ in, rule string }{
		{"use Net::DNS or http::x more", ruleMarkup},
		{"see ftp:/pub or http:x", ruleNoAuthority},
		{"mailto:x and tel:12", ruleSchemeSyntax},
		{"http:// example.com", ruleNoAuthority},
		{"http://a.example/" + strings.Repeat("x", 300), ruleTooLong},
		{"urn:. more", ruleEmpty},
		{"_http://example.com/a not closed", ruleWordBoundary},
		{"http://a.example:8x/ more", ruleInvalid},
		{"http://-example.com/", ruleSchemeSyntax},
		{"## Info:Configure the server", ruleLabel},
		{"data:Foo info:label", ruleSchemeSyntax},
	} {
		ds := droppedCandidates([]byte(c.in), Options{MaxLength: 200})
		if !slices.ContainsFunc(ds, func(d dropped) bool { return d.rule == c.rule }) {
			t.Errorf("%q: dropped %v, want one by %q", c.in, ds, c.rule)
		}
	}
	if ds := droppedCandidates([]byte("see http://example.com/ and <http://a.example/>"), Options{}); len(ds) != 0 {
		t.Errorf("URIs found are no dropped candidates: %v", ds)
	}
}

// TestDroppedCorpus counts, over the RFC and mail corpora beside the
// repository, the candidates dropped by each rule: none is dropped without
// one. go test -v -run TestDroppedCorpus prints the table.
func TestDroppedCorpus(t *testing.T) {
	counts := map[string]map[string]int{}
	for _, dir := range []string{"../../shared/corpora/rfc", "../../shared/corpora/email"} {
		if _, err := os.Stat(dir); err != nil {
			t.Logf("%s: absent, skipped", dir)
			continue
		}
		c := map[string]int{}
		counts[filepath.Base(dir)] = c
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || testing.Short() && len(c) > 0 && c["files"] >= 20 {
				return err
			}
			in, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			c["files"]++
			for _, d := range droppedCandidates(in, Options{}) {
				if d.rule == "" {
					t.Errorf("%s: offset %d: dropped by no rule", path, d.at)
				}
				c[d.rule]++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(counts) == 0 {
		t.Skip("no corpus beside the repository")
	}
	for _, corpus := range slices.Sorted(maps.Keys(counts)) {
		c := counts[corpus]
		for _, rule := range slices.Sorted(maps.Keys(c)) {
			t.Logf("%-6s %-15s %6d", corpus, rule, c[rule])
		}
	}
}
