package cli

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/urix/urix/internal/testutil"
)

const (
	pageIn  = "<p><a href=\"x/y.html\">y</a>\n"
	pageOut = "<p><a href=\"http://example.org/x/y.html\">y</a>\n"
)

// rewriteIn runs "urix rewrite -i --absolute --base http://example.org/"
// with args in-process and returns its status and standard error.
func rewriteIn(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errs bytes.Buffer
	argv := append([]string{"urix", "rewrite", "-i", "--absolute", "--base", "http://example.org/"}, args...)
	status := run(argv, strings.NewReader(""), &out, &errs)
	if out.Len() > 0 {
		t.Errorf("%v: stdout %q, want nothing", argv, out.String())
	}
	return status, errs.String()
}

// writePage writes pageIn to dir/name with mode and returns its path.
func writePage(t *testing.T, dir, name string, mode os.FileMode) string {
	t.Helper()
	return testutil.WriteFile(t, dir, name, pageIn, mode)
}

// TestInPlaceChanged checks that a file changed by another program while
// rewrite -i reads it is left as that program made it.
func TestInPlaceChanged(t *testing.T) {
	dir := t.TempDir()
	p := writePage(t, dir, "p.html", 0o644)
	const more = "<p>added meanwhile</p>\n"
	testHookInput = func(_ string, r io.Reader) io.Reader {
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
		if err == nil {
			_, err = f.WriteString(more)
			f.Close()
		}
		if err != nil {
			t.Error(err)
		}
		return r
	}
	t.Cleanup(func() { testHookInput = nil })
	status, errs := rewriteIn(t, p)
	if status != exitError || !strings.Contains(errs, "changed while it was rewritten") {
		t.Errorf("status %d, stderr %q; want 2 and \"changed while it was rewritten\"", status, errs)
	}
	testutil.CheckFile(t, p, pageIn+more)
	testutil.CheckNoTemp(t, dir)
}
