package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urix/urix/internal/testutil"
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

// threeInputs writes a.txt, bad.txt and c.txt, each with a link, to a new
// directory, makes bad.txt panic when it is read, and returns the
// directory.
func threeInputs(t *testing.T) string {
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": "http://a.example/\n", "bad.txt": "http://bad.example/\n", "c.txt": "http://c.example/\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	panicOn(t, "bad.txt")
	return dir
}

// TestScanPanic checks that a panic while one input is scanned is an
// error of that input (status 2), and that the links of the inputs
// before and after it are printed.
func TestScanPanic(t *testing.T) {
	dir := threeInputs(t)
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
		wantErr := "urix: " + filepath.Join(dir, "bad.txt") + ": internal error: test: bad input"
		if !strings.HasPrefix(errs.String(), wantErr) || !strings.Contains(errs.String(), "panicReader") {
			t.Errorf("%s: stderr %q, want %q... naming panicReader", format, errs.String(), wantErr)
		}
	}
}

// TestScanPanicOrder checks that the links found before a panic are
// printed before its message, and those after it after: the output is
// flushed before an error is reported.
func TestScanPanicOrder(t *testing.T) {
	dir := threeInputs(t)
	var both bytes.Buffer
	run([]string{"urix", "-r", dir}, strings.NewReader(""), &both, &both)
	got := both.String()
	a, bad, c := strings.Index(got, "a.example"), strings.Index(got, "internal error"), strings.Index(got, "c.example")
	if a < 0 || bad < a || c < bad {
		t.Errorf("output %q: want the link of a.txt, the error of bad.txt, the link of c.txt, in this order", got)
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
	testutil.CheckFile(t, bad, pageIn)
	testutil.CheckFile(t, good, pageOut)
	testutil.CheckNoTemp(t, dir)
}
