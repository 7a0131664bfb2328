package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/format"
)

// bytesRead counts the bytes the test filesystems read, in this process:
// prism runs the workers in it.
var bytesRead atomic.Int64

func init() {
	filesystem.Register("counting", func(context.Context) filesystem.Interface { return rangedFS{} })
	filesystem.Register("norange", func(context.Context) filesystem.Interface { return countingFS{scheme: "norange://"} })
}

// countingFS is a filesystem of local files under a scheme of its own,
// which counts the bytes read from them; it has no ranged reads.
type countingFS struct{ scheme string }

func (c countingFS) Close() error { return nil }

func (c countingFS) List(_ context.Context, glob string) ([]string, error) {
	names, err := filepath.Glob(strings.TrimPrefix(glob, c.scheme))
	for i := range names {
		names[i] = c.scheme + names[i]
	}
	return names, err
}

func (c countingFS) OpenRead(_ context.Context, name string) (io.ReadCloser, error) {
	f, err := os.Open(strings.TrimPrefix(name, c.scheme))
	if err != nil {
		return nil, err
	}
	return countedFile{f}, nil
}

func (c countingFS) OpenWrite(_ context.Context, name string) (io.WriteCloser, error) {
	return os.Create(strings.TrimPrefix(name, c.scheme))
}

func (c countingFS) Size(_ context.Context, name string) (int64, error) {
	fi, err := os.Stat(strings.TrimPrefix(name, c.scheme))
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// rangedFS is countingFS with ranged reads.
type rangedFS struct{}

func (rangedFS) Close() error { return nil }
func (rangedFS) List(ctx context.Context, glob string) ([]string, error) {
	return countingFS{"counting://"}.List(ctx, glob)
}
func (rangedFS) OpenRead(ctx context.Context, name string) (io.ReadCloser, error) {
	return countingFS{"counting://"}.OpenRead(ctx, name)
}
func (rangedFS) OpenWrite(ctx context.Context, name string) (io.WriteCloser, error) {
	return countingFS{"counting://"}.OpenWrite(ctx, name)
}
func (rangedFS) Size(ctx context.Context, name string) (int64, error) {
	return countingFS{"counting://"}.Size(ctx, name)
}
func (rangedFS) OpenRange(_ context.Context, name string) (RangeReader, error) {
	f, err := os.Open(strings.TrimPrefix(name, "counting://"))
	if err != nil {
		return nil, err
	}
	return countedFile{f}, nil
}

// countedFile counts the bytes read from it, in bytesRead.
type countedFile struct{ f *os.File }

func (c countedFile) Read(p []byte) (int, error) {
	n, err := c.f.Read(p)
	bytesRead.Add(int64(n))
	return n, err
}

func (c countedFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.f.ReadAt(p, off)
	bytesRead.Add(int64(n))
	return n, err
}

func (c countedFile) Close() error { return c.f.Close() }

// lowerFloor lets the test split files in parts of n bytes and more.
func lowerFloor(t *testing.T, n int64) {
	old := minSplitSize
	minSplitSize = n
	t.Cleanup(func() { minSplitSize = old })
}

// warcRec returns a WARC record of type typ, id and target (none if
// ""), with block.
func warcRec(typ, id, target, block string) string {
	h := "WARC/1.1\r\nWARC-Type: " + typ + "\r\nWARC-Record-ID: <urn:uuid:" + id + ">\r\nWARC-Date: 2026-11-29T00:00:00Z\r\n"
	if target != "" {
		h += "WARC-Target-URI: " + target + "\r\n"
	}
	return h + fmt.Sprintf("Content-Length: %d\r\n\r\n", len(block)) + block + "\r\n\r\n"
}

// httpBlock returns an HTTP response of type ctype with body.
func httpBlock(ctype, body string) string {
	return "HTTP/1.1 200 OK\r\nContent-Type: " + ctype + "\r\n\r\n" + body
}

// crawl returns a WARC file of n pages of 2 to 60 KB, a request record
// before each, as records (to gzip one a member) and their offsets.
func crawl(n int) []string {
	rng := rand.New(rand.NewPCG(31, 1))
	recs := []string{warcRec("warcinfo", "info", "", "software: urix test\r\n")}
	for i := range n {
		target := fmt.Sprintf("http://site.example/p%d.html", i)
		recs = append(recs, warcRec("request", fmt.Sprintf("q%d", i), target, "GET /p"+fmt.Sprint(i)+".html HTTP/1.1\r\nHost: site.example\r\n\r\n"))
		var b strings.Builder
		b.WriteString("<html><body>")
		// Text of random words: a page gzips to about half its size.
		for size := 2000 + rng.IntN(58000); b.Len() < size; {
			b.WriteString("<p>")
			for range 300 {
				fmt.Fprintf(&b, "%x ", rng.Uint32()>>rng.IntN(32))
			}
			fmt.Fprintf(&b, "<a href=\"p%d.html\">next</a> <a href=\"http://other.example/%d\">out</a></p>\n", rng.IntN(n), rng.IntN(1000))
		}
		recs = append(recs, warcRec("response", fmt.Sprintf("r%d", i), target, httpBlock("text/html", b.String())))
	}
	return recs
}

// gzipEach returns the records gzipped, one member each.
func gzipEach(recs []string) []byte {
	var out bytes.Buffer
	for _, r := range recs {
		zw := gzip.NewWriter(&out)
		zw.Write([]byte(r))
		zw.Close()
	}
	return out.Bytes()
}

// cliLines returns the links of the file at path as urix scan --json
// writes them (it calls extract.Links so), and the number of errors; the
// file is named name, which the pipeline reads.
func cliLines(t *testing.T, path, name string) ([]string, int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var js format.JSON
	var lines []string
	errs := 0
	opts := extract.Options{Name: name}
	if strings.Contains(name, "://") {
		opts.Base = name
	}
	for l, err := range extract.Links(f, opts) {
		if err != nil {
			errs++
			continue
		}
		b, err := js.Encode(l)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	return lines, errs
}

// counter returns the sum of the counter urix/name over the steps.
func counter(r beam.PipelineResult, name string) int64 {
	var n int64
	for _, c := range r.Metrics().AllMetrics().Counters() {
		if c.Namespace() == "urix" && c.Name() == name {
			n += c.Result()
		}
	}
	return n
}

// runLinks runs the pipeline over input, split at size, checks that it
// writes want and returns its result.
func runLinks(t *testing.T, input string, size int64, want []string) beam.PipelineResult {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	lines, _, err := Extract(s, Config{Input: []string{input}, Mode: ModeLinks, SplitSize: size})
	if err != nil {
		t.Fatal(err)
	}
	passert.EqualsList(s, lines, want)
	r, err := ptest.RunWithMetrics(p)
	if err != nil {
		t.Fatalf("%s at %d: %v", input, size, err)
	}
	return r
}

// TestReadOnce: a crawl of 6 MB, uncompressed and a gzip member per
// record, gives urix's links at every split size, and the bytes read
// from the filesystem are the file's plus a small part: the headers
// walked to plan the parts, the bytes searched for a member at each
// part's start.
func TestReadOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the pipeline 8 times")
	}
	dir := t.TempDir()
	recs := crawl(200)
	plain := filepath.Join(dir, "crawl.warc")
	members := filepath.Join(dir, "crawl.warc.gz")
	os.WriteFile(plain, []byte(strings.Join(recs, "")), 0o666)
	os.WriteFile(members, gzipEach(recs), 0o666)
	for _, path := range []string{plain, members} {
		fi, _ := os.Stat(path)
		want, errs := cliLines(t, path, "counting://"+path)
		if errs != 0 || len(want) < 1000 {
			t.Fatalf("%s: %d links, %d errors", path, len(want), errs)
		}
		for _, size := range []int64{0, 1 << 20, 3 << 19, 3 << 20} {
			bytesRead.Store(0)
			r := runLinks(t, "counting://"+path, size, want)
			ratio := float64(bytesRead.Load()) / float64(fi.Size())
			t.Logf("%s (%d bytes) at split size %d: %d bytes read, %.4f per byte; %d files, %d links", filepath.Base(path), fi.Size(), size, bytesRead.Load(), ratio, counter(r, "files"), counter(r, "links"))
			if ratio < 1 || ratio > 1.02 {
				t.Errorf("%s at split size %d: %.4f bytes read per byte, want 1 to 1.02", path, size, ratio)
			}
		}
	}
}

// TestSplitFloor: a split size under 1 MiB is an error; so is one for a
// filesystem without ranged reads, which reads whole files.
func TestSplitFloor(t *testing.T) {
	for _, cfg := range []Config{
		{Input: []string{"x.warc"}, SplitSize: MinSplitSize - 1},
		{Input: []string{"x.warc"}, SplitSize: -1},
		{Input: []string{"gs://bucket/x.warc"}, SplitSize: MinSplitSize},
		{Input: []string{"s3://bucket/x.warc"}, SplitSize: MinSplitSize},
		{Input: []string{"norange:///tmp/x.warc"}, SplitSize: MinSplitSize},
	} {
		cfg.Mode = ModeLinks
		_, s := beam.NewPipelineWithRoot()
		_, _, err := Extract(s, cfg)
		if err == nil {
			t.Errorf("Extract(%+v): no error", cfg)
		} else if strings.Contains(cfg.Input[0], "://") && !errors.Is(err, errNoRange) {
			t.Errorf("Extract(%+v): %v, want errNoRange", cfg, err)
		}
	}
	name := "norange://" + mustAbs(t, "../testdata/warc/site.warc")
	want, _ := cliLines(t, "../testdata/warc/site.warc", name)
	runLinks(t, name, 0, want)
}

// mustAbs returns the absolute path of name.
func mustAbs(t *testing.T, name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// quotingWARC returns a WARC file whose records quote WARC text: a
// crawled WARC file served as text/plain (whole: its records parse, one
// after the other) and a page that shows a record's header; and the
// offsets of its own records.
func quotingWARC() (string, []int64) {
	inner := strings.ReplaceAll(strings.Join(crawl(6), ""), "uuid:", "uuid:inner-")
	doc := "<pre>\nWARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:quoted>\r\nContent-Length: 99999\r\n\r\n" +
		"<a href=\"http://doc.example/\">spec</a></pre>"
	recs := []string{
		warcRec("warcinfo", "info", "", "software: urix test\r\n"),
		warcRec("response", "a", "http://a.example/", httpBlock("text/html", `<a href="/one">one</a>`)),
		warcRec("response", "crawl", "http://a.example/crawl.warc", httpBlock("text/plain", inner)),
		warcRec("response", "doc", "http://a.example/doc.html", httpBlock("text/html", doc)),
		warcRec("response", "b", "http://b.example/", httpBlock("text/html", `<a href="/two">two</a>`)),
	}
	var offsets []int64
	at := 0
	for _, r := range recs {
		offsets = append(offsets, int64(at))
		at += len(r)
	}
	return strings.Join(recs, ""), offsets
}

// TestPhantomRecords: a part starts only at a record of the file, never
// at one quoted in a block, at every split size; through the pipeline,
// its links are urix's (the quoted crawl's URIs are text of the record
// that quotes it, none with an inner record's ID) and no error.
func TestPhantomRecords(t *testing.T) {
	file, offsets := quotingWARC()
	r := strings.NewReader(file)
	for size := int64(100); size < int64(len(file)); size += 97 {
		for i, p := range plan(r, int64(len(file)), size) {
			if !slices.Contains(offsets, p.Start) {
				t.Fatalf("split size %d: part %d starts at %d, not a record of the file (%v)", size, i, p.Start, offsets)
			}
		}
	}
	if testing.Short() {
		return
	}
	lowerFloor(t, 1)
	dir := t.TempDir()
	plain := filepath.Join(dir, "quoting.warc")
	os.WriteFile(plain, []byte(file), 0o666)
	want, errs := cliLines(t, plain, plain)
	if errs != 0 || len(want) < 50 {
		t.Fatalf("urix: %d links, %d errors", len(want), errs)
	}
	for _, l := range want {
		if strings.Contains(l, `"warc_record":"<urn:uuid:inner-`) || strings.Contains(l, `"warc_record":"<urn:uuid:quoted`) {
			t.Fatalf("urix gives a link of a quoted record: %s", l)
		}
	}
	// A first cut in the quoted crawl's first record, in its middle, in
	// the quoted header.
	for _, size := range []int64{offsets[2] + 3000, (offsets[2] + offsets[3]) / 2, offsets[3] + 100} {
		res := runLinks(t, plain, size, want)
		if n := counter(res, "errors"); n != 0 {
			t.Errorf("split size %d: %d errors, want none", size, n)
		}
	}
}
