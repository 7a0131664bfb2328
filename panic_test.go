package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// panicReader gives its first read and panics on the next, as a bug deep
// in extract would while reading an input.
type panicReader struct {
	r    io.Reader
	read bool
}

func (p *panicReader) Read(b []byte) (int, error) {
	if p.read {
		panic("test: bad input")
	}
	p.read = true
	return p.r.Read(b)
}

// panicOn makes the input whose name ends with suffix panic while it is
// read, for the length of the test.
func panicOn(t *testing.T, suffix string) {
	testHookInput = func(name string, r io.Reader) io.Reader {
		if strings.HasSuffix(name, suffix) {
			return &panicReader{r: r}
		}
		return r
	}
	t.Cleanup(func() { testHookInput = nil })
}

// TestScanPanic checks that a panic while one input is scanned is an
// error of that input (status 2), and that the links of the inputs
// before and after it are printed.
func TestScanPanic(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": "http://a.example/\n", "bad.txt": "http://bad.example/\n", "c.txt": "http://c.example/\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	panicOn(t, "bad.txt")
	for _, format := range []string{"plain", "json", "tsv"} {
		var out, errs bytes.Buffer
		args := []string{"urix", "--format", format, "-r", dir}
		status := run(args, strings.NewReader(""), &out, &errs)
		if status != exitError {
			t.Errorf("%s: status %d, want 2", format, status)
		}
		for _, want := range []string{"http://a.example/", "http://c.example/"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%s: stdout %q lacks %s", format, out.String(), want)
			}
		}
		wantErr := "urix: " + filepath.Join(dir, "bad.txt") + ": internal error: test: bad input, in "
		if !strings.HasPrefix(errs.String(), wantErr) || !strings.Contains(errs.String(), "panicReader") {
			t.Errorf("%s: stderr %q, want %q... naming panicReader", format, errs.String(), wantErr)
		}
	}
}

// TestRewritePanic checks that a panic while one page is rewritten in
// place leaves that page as it was, without a temporary file, and that
// the next page is still rewritten.
func TestRewritePanic(t *testing.T) {
	dir := t.TempDir()
	bad := writePage(t, dir, "bad.html", 0o644)
	good := writePage(t, dir, "good.html", 0o644)
	panicOn(t, "bad.html")
	status, errs := rewriteIn(t, bad, good)
	if status != exitError || !strings.Contains(errs, "rewrite "+bad+": internal error: test: bad input") {
		t.Errorf("status %d, stderr %q; want 2 and an internal error for bad.html", status, errs)
	}
	checkContent(t, bad, pageIn)
	checkContent(t, good, pageOut)
	checkNoTemp(t, dir)
}
