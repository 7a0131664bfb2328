package delimit

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestWrittenGolden scans each line of testdata/written.txt, text in
// several scripts and markups that puts each rule of the package doc to
// work, and compares what it finds, as written (Ref), as a URI and with
// its warnings, with testdata/written.golden, checked by hand (go test
// -run TestWrittenGolden -update rewrites it).
func TestWrittenGolden(t *testing.T) {
	in, err := os.ReadFile("testdata/written.txt")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for line := range strings.Lines(string(in)) {
		if strings.HasPrefix(line, "#") {
			b.WriteString(line)
			continue
		}
		for m := range All([]byte(line), Options{Abbreviated: true, AnyScheme: true}) {
			fmt.Fprintf(&b, "%s\t%s\t%s", m.Style, m.Ref, m.URI)
			for _, w := range m.Warnings {
				b.WriteString("\t" + w)
			}
			b.WriteString("\n")
		}
	}
	const golden = "testdata/written.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("written.txt: line %d of the golden file:\n got %s\nwant %s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("written.txt: got %d lines, golden file has %d", len(gl), len(wl))
	}
}
