package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestParallelPageBuffers checks that the HTML pages of a parallel scan,
// which package extract reads into buffers it passes from page to page,
// each give their own links: pages of a few sizes, many of the same one,
// whose every link, text and rel names the page, scanned with -j1, -j2
// and -j4 (run it with -race). Each record must name its own page, and
// the output must not depend on -j.
func TestParallelPageBuffers(t *testing.T) {
	dir := t.TempDir()
	tree := map[string]string{}
	for i := range 40 {
		tag := fmt.Sprintf("p%02d", i)
		tree[tag+".html"] = htmlPage(tag, []int{20, 20, 300, 20, 2000}[i%5])
	}
	writeTree(t, dir, tree)
	var want string
	for _, j := range []string{"1", "2", "4"} {
		args := []string{"urix", "-j", j, "-r", "--json", "--context", dir}
		var out, errOut bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Fatalf("%q: status %d\n%s", args, code, errOut.String())
		}
		records := 0
		for line := range strings.Lines(out.String()) {
			var r struct{ URI, Ref, File, Text, Rel string }
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%q: %v: %s", args, err, line)
			}
			tag := strings.TrimSuffix(filepath.Base(r.File), ".html")
			for _, v := range []string{r.URI, r.Ref, r.Text, r.Rel} {
				if v != "" && !strings.Contains(v, tag) {
					t.Fatalf("%q: a record of %s names another page: %s", args, r.File, line)
				}
			}
			records++
		}
		if records < 40*20 {
			t.Fatalf("%q: %d records, want at least %d", args, records, 40*20)
		}
		if j == "1" {
			want = out.String()
		} else if out.String() != want {
			t.Errorf("%q: output differs from -j1 (%d bytes against %d)", args, out.Len(), len(want))
		}
	}
}

// htmlPage is an HTML page of n paragraphs whose every link, anchor text
// and rel names tag.
func htmlPage(tag string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<html><head><base href=\"https://%s.example/\"><link rel=\"%s\" href=\"%s.css\"></head><body>\n", tag, tag, tag)
	for i := range n {
		fmt.Fprintf(&b, "<p><a href=\"%s/%d\">%s %d</a> see https://%s.example/t/%d</p>\n", tag, i, tag, i, tag, i)
	}
	b.WriteString("</body></html>\n")
	return b.String()
}
