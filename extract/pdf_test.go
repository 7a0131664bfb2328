package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// TestPDFGolden scans testdata/docs/sample.pdf, which LibreOffice made of
// sample.odt (see testdata/docs/README.md): its three URI link
// annotations (the fourth link, to a section, is a GoTo action) and the
// two URIs of its text, checked by hand against pdftotext's text.
func TestPDFGolden(t *testing.T) {
	checkGoldenFile(t, "docs/sample.pdf", Options{})
}

// TestPDFBad checks that a truncated PDF, one that is no PDF and one past
// MaxDocumentSize are each an error for the file that names it.
func TestPDFBad(t *testing.T) {
	good, err := os.ReadFile("testdata/docs/sample.pdf")
	if err != nil {
		t.Fatal(err)
	}
	defer func(n int64) { MaxDocumentSize = n }(MaxDocumentSize)
	MaxDocumentSize = 1 << 20
	for _, tc := range []struct {
		name string
		in   io.Reader
		want string
	}{
		{"truncated.pdf", bytes.NewReader(good[:len(good)/2]), "extract: truncated.pdf: not a readable PDF: "},
		{"garbage.pdf", strings.NewReader("%PDF-1.7\nnot really\n"), "extract: garbage.pdf: not a readable PDF: "},
		{"huge.pdf", io.MultiReader(strings.NewReader("%PDF-1.7\n"), zeros{}), "extract: huge.pdf: document larger than the limit"},
	} {
		var errs []error
		for l, err := range Links(tc.in, Options{Name: tc.name}) {
			if err != nil {
				errs = append(errs, err)
			} else {
				t.Errorf("%s: unexpected link %s", tc.name, l.URI)
			}
		}
		if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), tc.want) {
			t.Errorf("%s: errors %v, want one starting %q", tc.name, errs, tc.want)
		}
		if tc.name == "huge.pdf" && !errors.Is(errs[0], ErrDocumentTooLarge) {
			t.Errorf("%s: %v is not ErrDocumentTooLarge", tc.name, errs[0])
		}
	}
}

// zeros is an endless input of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// pdfSamples are PDFs made by LibreOffice, and by qpdf encrypted with an
// empty user password (see internal/pdfobj/testdata/README.md).
var pdfSamples = []string{
	"testdata/docs/sample.pdf",
	"internal/pdfobj/testdata/plain.pdf",
	"internal/pdfobj/testdata/rc4-40.pdf",
	"internal/pdfobj/testdata/aes-128-objstm.pdf",
	"internal/pdfobj/testdata/aes-256.pdf",
}

// pdfLinks returns the links and errors of the PDF file name, one a line.
func pdfLinks(t *testing.T, name string) string {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	for l, err := range Links(f, Options{Name: name}) {
		if err != nil {
			fmt.Fprintf(&b, "error %v\n", err)
		} else {
			fmt.Fprintf(&b, "%s %s %s %d\n", l.URI, l.Part, l.Context, l.Offset)
		}
	}
	return b.String()
}

// TestPDFWritesNothing scans PDFs in a process of their own with HOME
// read-only, then unset, and checks that they give their links and that
// nothing was created in HOME, the temporary directory or the
// configuration directory: pdfcpu made $HOME/.config/pdfcpu on the first
// PDF of a process (root, as in CI containers, writes to a read-only
// directory), failed every PDF where it could not, and wrote /tmp/pdfcpu
// with HOME unset.
func TestPDFWritesNothing(t *testing.T) {
	if os.Getenv("URIX_PDF_CHILD") != "" {
		for _, name := range pdfSamples {
			fmt.Print(pdfLinks(t, name))
		}
		return
	}
	var want strings.Builder
	for _, name := range pdfSamples {
		want.WriteString(pdfLinks(t, name))
	}
	for _, unset := range []bool{false, true} {
		home, tmp, config := t.TempDir(), t.TempDir(), t.TempDir()
		if err := os.Chmod(home, 0o555); err != nil {
			t.Fatal(err)
		}
		env := []string{"URIX_PDF_CHILD=1", "TMPDIR=" + tmp, "XDG_CONFIG_HOME=" + config}
		if !unset {
			env = append(env, "HOME="+home)
		}
		for _, kv := range os.Environ() {
			if k, _, _ := strings.Cut(kv, "="); k != "HOME" && k != "TMPDIR" && k != "XDG_CONFIG_HOME" {
				env = append(env, kv)
			}
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestPDFWritesNothing$")
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		got, _, _ := strings.Cut(string(out), "PASS\n")
		if err != nil || got != want.String() {
			t.Errorf("HOME unset %t: %v, links\n%s\nwant\n%s", unset, err, out, want.String())
		}
		for _, dir := range []string{home, tmp, config} {
			if ents, _ := os.ReadDir(dir); len(ents) > 0 {
				t.Errorf("HOME unset %t: %s holds %v after the scan, want nothing", unset, dir, ents)
			}
		}
	}
}

// TestPDFParallel scans the sample PDFs in parallel, several times each,
// and checks that each gives what it gives alone: run with -race, it
// checks that scans share no state.
func TestPDFParallel(t *testing.T) {
	want := map[string]string{}
	for _, name := range pdfSamples {
		want[name] = pdfLinks(t, name)
	}
	var wg sync.WaitGroup
	for range 4 {
		for _, name := range pdfSamples {
			wg.Go(func() {
				if got := pdfLinks(t, name); got != want[name] {
					t.Errorf("%s in parallel: %s, want %s", name, got, want[name])
				}
			})
		}
	}
	wg.Wait()
}
