package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

func init() {
	register.Function1x1[string, string](deadSummary)
}

// deadSummary returns the file, offset, record ID and target of a line
// of the errors' output, and whether it says a WARC record is malformed.
func deadSummary(line string) string {
	var d struct {
		File       string
		Offset     int64
		WARCRecord string `json:"warc_record"`
		WARCTarget string `json:"warc_target"`
		Error      string
	}
	if err := json.Unmarshal([]byte(line), &d); err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%s %d %q %q %v", d.File, d.Offset, d.WARCRecord, d.WARCTarget, strings.Contains(d.Error, "malformed WARC record"))
}

// TestDeadLetter: a WARC file with a broken region and a record with a
// broken HTTP message gives the links urix gives and, on the errors'
// output, a line naming the file and the offset where the region starts,
// and one naming the file, the record's offset, ID and target; the
// counters say so.
func TestDeadLetter(t *testing.T) {
	good := warcRec("response", "a", "http://a.example/", httpBlock("text/html", `<a href="/one">one</a>`))
	junk := "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 12\r\n\r\ncut short"
	next := warcRec("response", "b", "http://b.example/", httpBlock("text/html", `<a href="/two">two</a>`))
	bad := warcRec("response", "c", "http://c.example/", "HTP/1.1 200 OK\r\n\r\n")
	file := good + junk + next + bad
	path := filepath.Join(t.TempDir(), "broken.warc")
	os.WriteFile(path, []byte(file), 0o666)
	want, errs := cliLines(t, path, path)
	if len(want) != 2 || errs != 2 {
		t.Fatalf("urix: %d links, %d errors; want 2, 2", len(want), errs)
	}
	p, s := beam.NewPipelineWithRoot()
	lines, dead, err := Extract(s, Config{Input: []string{path}, Mode: ModeLinks})
	if err != nil {
		t.Fatal(err)
	}
	passert.EqualsList(s, lines, want)
	passert.EqualsList(s, beam.ParDo(s, deadSummary, dead), []string{
		fmt.Sprintf(`%s %d "" "" true`, path, len(good)),
		fmt.Sprintf(`%s %d "<urn:uuid:c>" "http://c.example/" true`, path, len(good+junk+next)),
	})
	res, err := ptest.RunWithMetrics(p)
	if err != nil {
		t.Fatal(err)
	}
	c := counters(res)
	if c["files"] != 1 || c["records"] != 2 || c["links"] != 2 || c["errors"] != 2 {
		t.Errorf("counters %v, want 1 file, 2 records, 2 links, 2 errors", c)
	}
}

// TestWriteFile: the errors' file holds every line once.
func TestWriteFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "errors.jsonl")
	in := []string{`{"a":1}`, `{"b":2}`, `{"c":3}`}
	p, s := beam.NewPipelineWithRoot()
	WriteFile(s, name, beam.CreateList(s, in))
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	slices.Sort(got)
	if !slices.Equal(got, in) {
		t.Errorf("%s holds %q, want %q", name, got, in)
	}
}

// TestNoMatch: a pattern that matches nothing is an error, before the
// pipeline runs.
func TestNoMatch(t *testing.T) {
	dir := t.TempDir()
	for _, pattern := range []string{filepath.Join(dir, "*.warc.gz"), filepath.Join(dir, "none.warc")} {
		_, s := beam.NewPipelineWithRoot()
		if _, _, err := Extract(s, Config{Input: []string{pattern}, Mode: ModeLinks}); err == nil || !strings.Contains(err.Error(), "no file matches") {
			t.Errorf("%s: %v, want no file matches", pattern, err)
		}
	}
}

// TestManifest: a manifest as Common Crawl publishes one (gzip, a path
// a line relative to the bucket) is read after a prefix; its files give
// urix's links, and a path that is not there is one error, the others
// read.
func TestManifest(t *testing.T) {
	dir := t.TempDir()
	data, _ := filepath.Abs("../testdata/warc")
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write([]byte("site.warc.gz\nrevisit.warc.gz\n\nmissing.warc.gz\n"))
	zw.Close()
	manifest := filepath.Join(dir, "warc.paths.gz")
	os.WriteFile(manifest, zb.Bytes(), 0o666)
	paths, err := ReadManifest(context.Background(), manifest, data)
	wantPaths := []string{data + "/site.warc.gz", data + "/revisit.warc.gz", data + "/missing.warc.gz"}
	if err != nil || !slices.Equal(paths, wantPaths) {
		t.Fatalf("ReadManifest = %q, %v; want %q", paths, err, wantPaths)
	}
	empty := filepath.Join(dir, "empty.paths")
	os.WriteFile(empty, []byte("\n\n"), 0o666)
	if _, err := ReadManifest(context.Background(), empty, ""); err == nil {
		t.Errorf("ReadManifest of an empty manifest: no error")
	}
	var want []string
	for _, p := range paths[:2] {
		l, _ := cliLines(t, p, p)
		want = append(want, l...)
	}
	p, s := beam.NewPipelineWithRoot()
	lines, dead, err := Extract(s, Config{Paths: paths, Mode: ModeLinks})
	if err != nil {
		t.Fatal(err)
	}
	passert.EqualsList(s, lines, want)
	passert.Count(s, dead, "errors", 1)
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
}
