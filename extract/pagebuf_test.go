package extract

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// bufPage is an HTML page of exactly size bytes whose every link, text,
// rel and alt text names tag, and which has a base element: each Link
// field a page sets comes from its bytes.
func bufPage(tag string, size int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<!DOCTYPE html><html><head><base href=\"https://%s.example/dir/\">\n", tag)
	fmt.Fprintf(&b, "<link rel=\"stylesheet %s\" href=\"%s.css\"><style>p{background:url(%s-bg.png)}</style></head><body>\n", tag, tag, tag)
	for i := 0; b.Len() < size-400; i++ {
		fmt.Fprintf(&b, "<p><a href=\"%s/%d\">anchor %s %d</a> <img src=%s%d.png alt=\"alt %s\">", tag, i, tag, i, tag, i, tag)
		fmt.Fprintf(&b, " see https://%s.example/text/%d or %s@%s.example &amp; more</p>\n", tag, i, tag, tag)
	}
	b.WriteString("</body></html>\n")
	for b.Len() < size {
		b.WriteByte(' ')
	}
	return b.Bytes()[:size]
}

// keptLink is a link kept past its scan and what it said while its scan
// ran, printed into memory of the test's own.
type keptLink struct {
	l    Link
	err  error
	then string
}

func (k keptLink) now() string { return fmt.Sprintf("%#v %v", k.l, k.err) }

// keep scans r through Links with opts, keeping every link and error,
// or the first n when n > 0 (the loop breaks then).
func keep(r io.Reader, opts Options, n int) []keptLink {
	var kept []keptLink
	for l, err := range Links(r, opts) {
		k := keptLink{l: l, err: err}
		k.then = k.now()
		kept = append(kept, k)
		if len(kept) == n {
			break
		}
	}
	return kept
}

// poisonPages has pageBufs overwrite each buffer given back, for the
// test, and empties pageBufs before and after it.
func poisonPages(t *testing.T) {
	drain := func() { pageBufs = bufList{} }
	drain()
	poisonPut = true
	t.Cleanup(func() { poisonPut = false; drain() })
}

// TestPageBufNotAliased checks that no link or error Links hands out, nor
// any value Rewrite hands its function, refers to the buffer the page was
// read into, which pageBufs gives to the next page: page A's links, kept,
// say after the scan of page B (of the same size, through the same path,
// in A's buffer, overwritten when given back) what they said while A's
// scan ran. Each way in reads A into a buffer of pageBufs, and the test
// checks that the buffer came back.
func TestPageBufNotAliased(t *testing.T) {
	poisonPages(t)
	const size = 64 << 10
	dir := t.TempDir()
	file := func(tag string) io.Reader {
		path := filepath.Join(dir, tag+".html")
		if err := os.WriteFile(path, bufPage(tag, size), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	every := Options{Type: HTML, TextAround: true, Emails: true}
	tests := []struct {
		name  string
		r     func(tag string) io.Reader
		opts  Options
		first int // break after so many
	}{
		{"bytes", func(tag string) io.Reader { return bytes.NewReader(bufPage(tag, size)) }, every, 0},
		{"plain options", func(tag string) io.Reader { return bytes.NewReader(bufPage(tag, size)) }, Options{Type: HTML}, 0},
		{"file, type sniffed", file, Options{}, 0},
		{"sized bufio", func(tag string) io.Reader {
			return SizedReader(bufio.NewReaderSize(bytes.NewReader(bufPage(tag, size)), 4096), size)
		}, every, 0},
		{"size unknown", func(tag string) io.Reader { return io.MultiReader(bytes.NewReader(bufPage(tag, size))) }, every, 0},
		{"break early", func(tag string) io.Reader { return bytes.NewReader(bufPage(tag, size)) }, every, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := keep(tc.r("aaaa"), tc.opts, tc.first)
			if len(a) < 3 || a[0].err != nil || !strings.Contains(a[0].then, "aaaa") {
				t.Fatalf("page A gave %d links, the first %s", len(a), a[0].then)
			}
			if len(pageBufs.free) == 0 || cap(pageBufs.free[0]) < size {
				t.Fatalf("page A's buffer was not given back: %d kept", len(pageBufs.free))
			}
			b := keep(tc.r("bbbb"), tc.opts, tc.first)
			if len(b) != len(a) {
				t.Errorf("page B gave %d links, A %d", len(b), len(a))
			}
			for i, k := range a {
				if now := k.now(); now != k.then {
					t.Fatalf("link %d of page A, after page B:\n%s\nduring A's scan:\n%s", i, now, k.then)
				}
			}
		})
	}

	t.Run("Rewrite", func(t *testing.T) {
		var seen []keptLink
		var out bytes.Buffer
		err := Rewrite(&out, bytes.NewReader(bufPage("aaaa", size)), Options{}, func(l Link) (string, bool) {
			k := keptLink{l: l}
			k.then = k.now()
			seen = append(seen, k)
			return "x:" + l.URI, true
		})
		if err != nil || len(seen) < 3 || !strings.Contains(out.String(), `href="x:https://aaaa.example/dir/aaaa.css"`) {
			t.Fatalf("Rewrite: %v, %d links, %.200q", err, len(seen), out.String())
		}
		keep(bytes.NewReader(bufPage("bbbb", size)), every, 0)
		for i, k := range seen {
			if now := k.now(); now != k.then {
				t.Fatalf("link %d of the page rewritten, after another page:\n%s\nthen:\n%s", i, now, k.then)
			}
		}
	})
}

// errAfter reads r, then fails with err.
type errAfter struct {
	r   io.Reader
	err error
}

func (e *errAfter) Read(b []byte) (int, error) {
	n, err := e.r.Read(b)
	if err == io.EOF {
		return n, e.err
	}
	return n, err
}

// TestPageBufErrors checks that a page that cannot be read gives its
// buffer back, and that the error says nothing of its bytes.
func TestPageBufErrors(t *testing.T) {
	poisonPages(t)
	broken := errors.New("disk on fire")
	a := keep(&errAfter{bytes.NewReader(bufPage("aaaa", 8<<10)), broken}, Options{Type: HTML}, 0)
	if len(a) != 1 || !errors.Is(a[0].err, broken) {
		t.Fatalf("got %d values, the first %s; want the read error alone", len(a), a[0].then)
	}
	if len(pageBufs.free) != 1 {
		t.Fatalf("%d buffers kept after a read error, want the page's", len(pageBufs.free))
	}
	keep(bytes.NewReader(bufPage("bbbb", 8<<10)), Options{Type: HTML}, 0)
	if now := a[0].now(); now != a[0].then {
		t.Errorf("the read error now says %s, then %s", now, a[0].then)
	}
}

// TestPageBufParallel scans pages of one size on several goroutines at
// once, each page twice (the second time in a buffer another page had),
// and checks each gives its own links: no two scans share a buffer. Run
// it with -race.
func TestPageBufParallel(t *testing.T) {
	poisonPages(t)
	const size = 32 << 10
	want := map[string]string{}
	tags := make([]string, 4*max(2, runtime.GOMAXPROCS(0)))
	for i := range tags {
		tags[i] = fmt.Sprintf("p%03d", i)
		want[tags[i]] = linksOf(t, tags[i], size)
	}
	var wg sync.WaitGroup
	for _, tag := range tags {
		wg.Go(func() {
			for range 2 {
				if got := linksOf(t, tag, size); got != want[tag] {
					t.Errorf("page %s scanned in parallel:\n%.300s\nwant\n%.300s", tag, got, want[tag])
				}
			}
		})
	}
	wg.Wait()
}

// linksOf returns the links of bufPage(tag, size), printed.
func linksOf(t *testing.T, tag string, size int) string {
	var b strings.Builder
	for _, k := range keep(bytes.NewReader(bufPage(tag, size)), Options{Type: HTML, TextAround: true}, 0) {
		b.WriteString(k.then)
		b.WriteByte('\n')
	}
	if !strings.Contains(b.String(), tag+".example/text/3") {
		t.Errorf("page %s: no link of its text: %.300s", tag, b.String())
	}
	return b.String()
}

// TestBufListBounds checks what pageBufs keeps: no buffer over
// maxKeptBuf, at most GOMAXPROCS buffers and maxKeptBufs bytes, the
// largest ones; and that get takes the smallest that fits.
func TestBufListBounds(t *testing.T) {
	var l bufList
	l.put(make([]byte, 0, maxKeptBuf+1))
	if len(l.free) != 0 {
		t.Fatalf("a buffer over maxKeptBuf was kept")
	}
	procs := runtime.GOMAXPROCS(0)
	for i := range procs + 3 {
		l.put(make([]byte, 10, 1000+i))
	}
	if len(l.free) != procs {
		t.Fatalf("%d buffers kept, want GOMAXPROCS = %d", len(l.free), procs)
	}
	for _, b := range l.free {
		if cap(b) < 1003 {
			t.Errorf("kept a buffer of %d bytes, not one of the %d largest", cap(b), procs)
		}
	}
	if b := l.get(1000); len(b) != 0 || cap(b) != 1003 {
		t.Errorf("get(1000): len %d cap %d, want the smallest kept, 1003, empty", len(b), cap(b))
	}
	if b := l.get(1 << 20); cap(b) != 1<<20 {
		t.Errorf("get of a size none kept has: cap %d, want a new buffer of it", cap(b))
	}
	l = bufList{}
	for range 2 * maxKeptBufs / maxKeptBuf {
		l.put(make([]byte, 0, maxKeptBuf))
	}
	if l.bytes > maxKeptBufs {
		t.Errorf("%d bytes kept, over maxKeptBufs", l.bytes)
	}
	sum := 0
	for _, b := range l.free {
		sum += cap(b)
	}
	if sum != l.bytes {
		t.Errorf("bytes %d, the buffers kept have %d", l.bytes, sum)
	}
}

// TestDocBufNotAliased is TestPageBufNotAliased for the other inputs read
// whole into a buffer of pageBufs: Markdown, AsciiDoc, reStructuredText.
func TestDocBufNotAliased(t *testing.T) {
	poisonPages(t)
	const size = 32 << 10
	docs := []struct {
		typ  Type
		line string // with %[1]s for the tag, %[2]d for the line
	}{
		{Markdown, "See [text %[1]s](https://%[1]s.example/md/%[2]d \"title %[1]s\") and <https://%[1]s.example/auto/%[2]d>, [ref %[1]s][r%[2]d].\n\n[r%[2]d]: https://%[1]s.example/ref/%[2]d\n\n"},
		{AsciiDoc, "See https://%[1]s.example/adoc/%[2]d[text %[1]s] and link:%[1]s/%[2]d.html[page %[1]s] or mailto:%[1]s@%[1]s.example[mail].\n\n"},
		{RST, "See `text %[1]s <https://%[1]s.example/rst/%[2]d>`_ and https://%[1]s.example/bare/%[2]d here.\n\n"},
	}
	for _, d := range docs {
		t.Run(fmt.Sprint(d.typ), func(t *testing.T) {
			doc := func(tag string) io.Reader {
				var b bytes.Buffer
				for i := 0; b.Len() < size-200; i++ {
					fmt.Fprintf(&b, d.line, tag, i)
				}
				for b.Len() < size {
					b.WriteByte('\n')
				}
				return bytes.NewReader(b.Bytes()[:size])
			}
			opts := Options{Type: d.typ, TextAround: true, Emails: true}
			a := keep(doc("aaaa"), opts, 0)
			if len(a) < 100 || a[0].err != nil || !strings.Contains(a[0].then, "aaaa") {
				t.Fatalf("document A gave %d links, the first %s", len(a), a[0].then)
			}
			if len(pageBufs.free) == 0 || cap(pageBufs.free[0]) < size {
				t.Fatalf("document A's buffer was not given back: %d kept", len(pageBufs.free))
			}
			keep(doc("bbbb"), opts, 0)
			for i, k := range a {
				if now := k.now(); now != k.then {
					t.Fatalf("link %d of document A, after document B:\n%s\nduring A's scan:\n%s", i, now, k.then)
				}
			}
			b := keep(doc("cccc"), opts, 2)
			keep(doc("dddd"), opts, 0)
			for i, k := range b {
				if now := k.now(); now != k.then {
					t.Fatalf("link %d of a scan broken off, after another:\n%s\nthen:\n%s", i, now, k.then)
				}
			}
		})
	}
}
