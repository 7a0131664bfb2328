package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/urix/urix/extract"
)

func init() {
	register.Function1x1[string, string](uriOfJSON)
}

// TestMain runs the tests on the runner of --runner, prism by default.
func TestMain(m *testing.M) { ptest.Main(m) }

// uriOfJSON returns the "uri" of a link as JSON.
func uriOfJSON(line string) string {
	var l struct {
		URI string `json:"uri"`
	}
	if err := json.Unmarshal([]byte(line), &l); err != nil {
		return "bad json: " + err.Error()
	}
	return l.URI
}

// scanLinks returns the links extract finds in the files of pattern, as
// urix scan --json prints them (it calls extract.Links the same way).
func scanLinks(t *testing.T, pattern string) []extract.Link {
	t.Helper()
	names, err := filepath.Glob(pattern)
	if err != nil || len(names) == 0 {
		t.Fatalf("%s: no files (%v)", pattern, err)
	}
	var links []extract.Link
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		for l, err := range extract.Links(f, extract.Options{Name: name}) {
			if err == nil {
				links = append(links, l)
			}
		}
		f.Close()
	}
	return links
}

// TestLinks: the links of the WARC and mbox testdata through the pipeline
// are those urix scan --json gives, as many and the same URIs.
func TestLinks(t *testing.T) {
	for _, pattern := range []string{"../testdata/warc/*.warc*", "../testdata/*.mbox", "../testdata/sample.*"} {
		want := scanLinks(t, pattern)
		var uris []string
		for _, l := range want {
			uris = append(uris, l.URI)
		}
		p, s := beam.NewPipelineWithRoot()
		lines, _, err := Extract(s, Config{Input: []string{pattern}, Mode: ModeLinks})
		if err != nil {
			t.Fatal(err)
		}
		passert.Count(s, lines, pattern, len(want))
		passert.EqualsList(s, beam.ParDo(s, uriOfJSON, lines), uris)
		if err := ptest.Run(p); err != nil {
			t.Errorf("%s: %v", pattern, err)
		}
	}
}

// TestSplit: a WARC file split in parts of 2000 bytes (a few records
// each) gives the links urix scan --json gives, offsets and all, once
// each; so does one in a single gzip member, which is not split.
func TestSplit(t *testing.T) {
	lowerFloor(t, 1)
	for _, name := range []string{"site.warc", "site.warc.gz", "whole.warc.gz", "revisit.warc.gz"} {
		path := "../testdata/warc/" + name
		want, _ := cliLines(t, path, path)
		runLinks(t, path, 2000, want)
	}
}

// TestSplitRestriction: uncompressed and one-member-per-record WARC
// files are cut in parts of 2000 bytes at least, each starting at a
// record (a version line after the CRLF CRLF of the one before; a gzip
// member of one), together the whole file; a whole-file gzip and other
// files are not cut.
func TestSplitRestriction(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name  string
		typ   string
		split bool
	}{
		{"site.warc", "", true},
		{"site.warc.gz", "warc", true},
		{"whole.warc.gz", "warc", false},
		{"server.go", "", false},
	} {
		b, err := os.ReadFile("../testdata/warc/" + tt.name)
		if err != nil {
			t.Fatal(err)
		}
		// Without .gz: fileio.ReadableFile{} would decompress it.
		path := filepath.Join(dir, strings.TrimSuffix(tt.name, ".gz"))
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
		f := &extractFn{Type: tt.typ, SplitSize: 2000}
		file := fileio.ReadableFile{Metadata: fileio.FileMetadata{Path: path, Size: int64(len(b))}}
		parts := f.SplitRestriction(file, f.CreateInitialRestriction(file))
		if !tt.split {
			if len(parts) != 1 {
				t.Errorf("%s: %d parts, want 1", tt.name, len(parts))
			}
			continue
		}
		if len(parts) < 4 {
			t.Errorf("%s: %d parts, want 4 or more", tt.name, len(parts))
		}
		at := int64(0)
		for i, p := range parts {
			if p.Start != at || p.End <= p.Start || i < len(parts)-1 && p.End-p.Start < 2000 {
				t.Errorf("%s: part %d is %v after %d", tt.name, i, p, at)
			}
			at = p.End
			if i == 0 {
				continue
			}
			if tt.typ == "" && (!bytes.HasPrefix(b[p.Start:], []byte("WARC/1.0\r\n")) || !bytes.HasSuffix(b[:p.Start], []byte("\r\n\r\n"))) {
				t.Errorf("%s: part %d at %d does not start at a record: %q", tt.name, i, p.Start, b[p.Start-4:p.Start+10])
			}
			if tt.typ == "warc" && !startsWARC(b[p.Start:]) {
				t.Errorf("%s: part %d at %d does not start at a member", tt.name, i, p.Start)
			}
		}
		if at != int64(len(b)) {
			t.Errorf("%s: parts end at %d, want %d", tt.name, at, len(b))
		}
	}
}

// TestWARCCount pins the count urix -c prints for the wget crawl
// (testdata/script/scan_warc.txtar): 23 links, the same through Beam.
func TestWARCCount(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	lines, _, err := Extract(s, Config{Input: []string{"../testdata/warc/site.warc.gz"}, Mode: ModeLinks})
	if err != nil {
		t.Fatal(err)
	}
	passert.Count(s, lines, "site.warc.gz", 23)
	ptest.RunAndValidate(t, p)
}

// TestCounts: the counts per host and per URI.
func TestCounts(t *testing.T) {
	pattern := "../testdata/warc/*.warc*"
	links := scanLinks(t, pattern)
	for _, tt := range []struct {
		mode string
		key  func(extract.Link) string
	}{
		{ModeHosts, func(l extract.Link) string { return hostOf(l.URI) }},
		{ModeURIs, func(l extract.Link) string { return l.URI }},
	} {
		counts := map[string]int{}
		for _, l := range links {
			counts[tt.key(l)]++
		}
		var want []string
		for k, n := range counts {
			want = append(want, formatCount(k, n))
		}
		p, s := beam.NewPipelineWithRoot()
		lines, _, err := Extract(s, Config{Input: []string{pattern}, Mode: tt.mode})
		if err != nil {
			t.Fatal(err)
		}
		passert.EqualsList(s, lines, want)
		if err := ptest.Run(p); err != nil {
			t.Errorf("%s: %v", tt.mode, err)
		}
		if tt.mode == ModeHosts && counts["127.0.0.1"] == 0 {
			t.Errorf("hosts: no 127.0.0.1 in %v", counts)
		}
	}
}

// TestWrite: the shards hold every line once, spread over more than one.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	var in []string
	for i := range 100 {
		in = append(in, fmt.Sprintf("line %d", i))
	}
	p, s := beam.NewPipelineWithRoot()
	Write(s, filepath.Join(dir, "out"), ".txt", 3, false, beam.CreateList(s, in))
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	var got []string
	nonEmpty := 0
	for i := range 3 {
		b, err := os.ReadFile(ShardName(filepath.Join(dir, "out"), ".txt", i, 3))
		if err != nil {
			continue
		}
		nonEmpty++
		got = append(got, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
	}
	slices.Sort(got)
	slices.Sort(in)
	if !slices.Equal(got, in) {
		t.Errorf("shards hold %d lines, want the %d written", len(got), len(in))
	}
	if nonEmpty < 2 {
		t.Errorf("%d shards written, want the lines spread over at least 2", nonEmpty)
	}
	checkFinal(t, filepath.Join(dir, "out"))
}

// TestWriteBundles: with shards 0, every line once, in files of bundles.
func TestWriteBundles(t *testing.T) {
	dir := t.TempDir()
	var in []string
	for i := range 100 {
		in = append(in, fmt.Sprintf("line %d", i))
	}
	p, s := beam.NewPipelineWithRoot()
	Write(s, filepath.Join(dir, "out"), ".txt", 0, false, beam.CreateList(s, in))
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "out-*.txt"))
	var got []string
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
	}
	slices.Sort(got)
	slices.Sort(in)
	if !slices.Equal(got, in) {
		t.Errorf("%d files hold %d lines, want the %d written", len(names), len(got), len(in))
	}
	checkFinal(t, filepath.Join(dir, "out"))
}

// TestFilters: the filters of urix leave the same links out of the
// pipeline's output.
func TestFilters(t *testing.T) {
	name := filepath.Join(t.TempDir(), "links.txt")
	text := "http://a.example/x http://www.a.example/y http://evila.example/\n" +
		"http://xn--bcher-kva.example/b ftp://a.example/f ftp://a.example/g;type=z mailto:me@a.example\n"
	if err := os.WriteFile(name, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		f    Filters
		want []string
	}{
		{Filters{Hosts: []string{"a.example", "bücher.example"}, ExcludeSchemes: []string{"FTP"}},
			[]string{"http://a.example/x", "http://www.a.example/y", "http://xn--bcher-kva.example/b"}},
		{Filters{Match: `^ftp:`, OnlyValid: true}, []string{"ftp://a.example/f"}},
		{Filters{ExcludeMatch: `a\.example`}, nil},
	} {
		p, s := beam.NewPipelineWithRoot()
		lines, _, err := Extract(s, Config{Input: []string{name}, Mode: ModeLinks, Filters: tt.f})
		if err != nil {
			t.Fatal(err)
		}
		passert.EqualsList(s, beam.ParDo(s, uriOfJSON, lines), tt.want)
		if err := ptest.Run(p); err != nil {
			t.Errorf("%+v: %v", tt.f, err)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	for _, cfg := range []Config{{Input: []string{"x"}, Mode: "words"}, {Input: []string{"x"}, Mode: ModeLinks, Type: "pdf2"},
		{Input: []string{"x"}, Mode: ModeLinks, Filters: Filters{Match: "("}},
		{Input: []string{"x"}, Mode: ModeLinks, Filters: Filters{Hosts: []string{"a b"}}}} {
		_, s := beam.NewPipelineWithRoot()
		if _, _, err := Extract(s, cfg); err == nil {
			t.Errorf("Extract(%+v): no error", cfg)
		}
	}
}

// TestJSONAsCLI: the pipeline writes each link byte for byte as urix
// --json does, on a page whose name is not UTF-8 (a 0xff byte: the
// name's bytes in file_bytes) and whose link text starts with U+202E,
// which makes "gnp.exe" show as "exe.png" (escaped as \u202e).
func TestJSONAsCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds urix")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "urix")
	if out, err := exec.Command("go", "build", "-C", "..", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build urix: %v\n%s", err, out)
	}
	name := filepath.Join(dir, "bidi\xff.html")
	page := "<p>see <a href=\"http://example.org/a?b&amp;c\">\u202egnp.exe</a> <a href=\"x\u202e.html\">&lt;next&gt;</a></p>\n"
	if err := os.WriteFile(name, []byte(page), 0o666); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "--json", "--", name).Output()
	if err != nil {
		t.Fatalf("urix --json: %v", err)
	}
	want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(want) != 2 || !strings.Contains(want[0], `"text":"\u202egnp.exe"`) || !strings.Contains(want[0], `"file_bytes":`) || !strings.Contains(want[0], "&c") {
		t.Fatalf("urix --json wrote %q, want two links, the first with text \\u202egnp.exe and file_bytes", out)
	}
	p, s := beam.NewPipelineWithRoot()
	lines, _, err := Extract(s, Config{Input: []string{name}, Mode: ModeLinks})
	if err != nil {
		t.Fatal(err)
	}
	passert.EqualsList(s, lines, want)
	if err := ptest.Run(p); err != nil {
		t.Error(err)
	}
}
