package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// TestParallelSameOutput checks that the output, messages and status of
// a scan do not depend on -j: a tree of files with links repeated across
// them (--unique), a binary file, a file with a broken mail part, and a
// broken symbolic link (an error in the walk), under every option that
// decides across inputs.
func TestParallelSameOutput(t *testing.T) {
	dir := t.TempDir()
	tree := map[string]string{}
	for i := range 40 {
		name := fmt.Sprintf("d%d/f%02d.txt", i%3, i)
		var b strings.Builder
		for k := range i % 7 {
			fmt.Fprintf(&b, "see http://h%d.example/%d and https://same.example/\n", k, i%5)
		}
		tree[name] = b.String()
	}
	tree["d1/bin.dat"] = "http://binary.example/\x00"
	tree["d2/m.eml"] = "From: a@b\nContent-Type: multipart/mixed\n\nhttp://mail.example/\n"
	writeTree(t, dir, tree)
	if err := os.Symlink("missing", filepath.Join(dir, "d0", "broken")); err != nil {
		t.Skip(err)
	}
	for _, opts := range [][]string{
		{"-r"}, {"-r", "-u"}, {"-r", "-c"}, {"-r", "-c", "-u"}, {"-r", "-l"}, {"-r", "-l", "-u"},
		{"-r", "-m", "2"}, {"-r", "-m", "1", "-u"}, {"-r", "-q"}, {"-r", "--json", "-n"},
		{"-r", "-L"}, {"-r", "-L", "-q"},
	} {
		var want string
		for _, j := range []string{"1", "2", "4"} {
			args := append([]string{"urix", "-j", j}, opts...)
			args = append(args, dir, filepath.Join(dir, "d1", "f01.txt"), filepath.Join(dir, "missing.txt"))
			var out, errOut bytes.Buffer
			code := run(args, strings.NewReader(""), &out, &errOut)
			got := fmt.Sprintf("status %d\n%s--- stderr\n%s", code, out.String(), errOut.String())
			if j == "1" {
				want = got
			} else if got != want {
				t.Errorf("%q:\n%s\nwant (as -j1)\n%s", args, got, want)
			}
		}
	}
}

// linkFile is a text of n lines with a link each, numbered from tag.
func linkFile(tag string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "line %d see https://%s.example/path/%d?q=%d.\n", i, tag, i, i*7)
	}
	return b.String()
}

// mixedTree writes files of mixed sizes to dir: no link, a few, and far
// more output than a goroutine may keep (keepWindow), a missing file and a
// mail with a broken part between them, and returns their names in order.
func mixedTree(t *testing.T, dir string) []string {
	var names []string
	tree := map[string]string{}
	for i := range 48 {
		n := []int{0, 1, 3, 40, 5000, 2}[i%6] // 5000: some 600 KB kept
		if i%11 == 5 {
			n = 12000
		}
		name := fmt.Sprintf("f%02d.txt", i)
		tree[name] = linkFile(fmt.Sprintf("h%d", i), n)
		names = append(names, filepath.Join(dir, name))
		if i == 20 {
			names = append(names, filepath.Join(dir, "missing.txt"))
		}
		if i == 30 {
			tree["m.eml"] = "From: a@b\nContent-Type: multipart/mixed\n\nhttp://mail.example/\n"
			names = append(names, filepath.Join(dir, "m.eml"))
		}
	}
	writeTree(t, dir, tree)
	return names
}

// TestParallelOrderMixed checks that -j does not change the output of
// many files of mixed sizes, some with more output than the goroutines
// may keep, under the options that decide across inputs.
func TestParallelOrderMixed(t *testing.T) {
	names := mixedTree(t, t.TempDir())
	for _, opts := range [][]string{{}, {"-u"}, {"-c"}, {"-l"}, {"-m", "5000"}, {"--json", "-n"}} {
		var want string
		for _, j := range []string{"1", "2", "8"} {
			args := append(append([]string{"urix", "-j", j}, opts...), names...)
			var out, errOut bytes.Buffer
			code := run(args, strings.NewReader(""), &out, &errOut)
			got := fmt.Sprintf("status %d\n%s--- stderr\n%s", code, out.String(), errOut.String())
			if j == "1" {
				want = got
				if code != 2 || !strings.Contains(got, "missing.txt") {
					t.Fatalf("%q: want status 2 and missing.txt reported:\n%.500s", args, got)
				}
			} else if got != want {
				t.Errorf("%q: output differs from -j1 (%d bytes against %d)", args, len(got), len(want))
			}
		}
	}
}

// TestParallelMemoryBound checks that the goroutines of a parallel scan
// keep no more output than keepWindow each while the input before theirs
// is read, however big the output of their inputs: a count of the bytes
// kept, not a measure of memory.
func TestParallelMemoryBound(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for i := range 6 {
		name := filepath.Join(dir, fmt.Sprintf("big%d.txt", i))
		if err := os.WriteFile(name, []byte(linkFile(fmt.Sprint(i), 40000)), 0o666); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	var keptMax, budget int
	testHookParallel = func(p *parallel) { keptMax, budget = p.keptMax, p.budget }
	t.Cleanup(func() { testHookParallel = nil })
	for _, j := range []int{2, 4} {
		var out bytes.Buffer
		args := append([]string{"urix", "-j", fmt.Sprint(j)}, names...)
		if code := run(args, strings.NewReader(""), &out, io.Discard); code != 0 {
			t.Fatalf("%q: status %d", args, code)
		}
		if n := strings.Count(out.String(), "\n"); n != 6*40000 {
			t.Errorf("-j%d: %d links, want %d", j, n, 6*40000)
		}
		// Each file's output is some 2 MB: what is kept at once is
		// bounded by the window, and the window was used.
		if budget != j*keepWindow || keptMax > budget || keptMax < keepWindow {
			t.Errorf("-j%d: kept at most %d bytes, budget %d; want up to %d and some", j, keptMax, budget, j*keepWindow)
		}
	}
}

// TestParallelCountKeepsNothing checks that -c, which prints a count
// alone, keeps no entry of an input's links while an input before it is
// read: its goroutine counts them (fileOut.counted), with no lock taken a
// link and nothing against the budget; -m and --unique count as with -j1.
func TestParallelCountKeepsNothing(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for i := range 6 {
		name := filepath.Join(dir, fmt.Sprintf("f%d.txt", i))
		if err := os.WriteFile(name, []byte(linkFile(fmt.Sprint(i%3), 5000)), 0o666); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	keptMax := -1
	testHookParallel = func(p *parallel) { keptMax = p.keptMax }
	t.Cleanup(func() { testHookParallel = nil })
	for _, opts := range [][]string{{"-c"}, {"-c", "-m", "700"}, {"-c", "--unique"}} {
		var want, got bytes.Buffer
		run(append(append([]string{"urix", "-j1"}, opts...), names...), nil, &want, io.Discard)
		keptMax = -1
		run(append(append([]string{"urix", "-j2"}, opts...), names...), nil, &got, io.Discard)
		if got.String() != want.String() {
			t.Errorf("%q -j2:\n%s\nwant (-j1):\n%s", opts, got.String(), want.String())
		}
		if opts[len(opts)-1] != "--unique" && keptMax != 0 {
			t.Errorf("%q -j2: kept %d bytes at most; want 0", opts, keptMax)
		}
	}
}

// failingWriter fails every write, as a full disk or a closed pipe; it
// tells when it first did.
type failingWriter struct{ failed atomic.Bool }

func (w *failingWriter) Write(b []byte) (int, error) {
	w.failed.Store(true)
	return 0, syscall.EPIPE
}

// TestParallelStopsOnWriteError checks that when the output fails, every
// goroutine of a parallel scan stops reading at once, not at the next link
// nor the end of its input: the first input has links enough to fill the
// output's buffer; each of the others a link, then megabytes without one,
// of which it reads the first block before the output fails (the test
// holds its reads until then), and the bytes read after it are counted.
func TestParallelStopsOnWriteError(t *testing.T) {
	dir := t.TempDir()
	var names []string
	filler := strings.Repeat("a line of text without any link in it at all\n", 50000) // 2.3 MB
	for i := range 8 {
		text := linkFile("first", 3000)
		if i > 0 {
			text = linkFile(fmt.Sprint(i), 1) + filler
		}
		name := filepath.Join(dir, fmt.Sprintf("f%d.txt", i))
		if err := os.WriteFile(name, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	for _, j := range []string{"1", "2", "4"} {
		out := new(failingWriter)
		var after atomic.Int64
		testHookInput = func(name string, r io.Reader) io.Reader {
			reads := 0
			return readerFunc(func(b []byte) (int, error) {
				for reads++; reads > 1 && name != names[0] && !out.failed.Load(); {
					time.Sleep(time.Millisecond)
				}
				n, err := r.Read(b)
				if out.failed.Load() {
					after.Add(int64(n))
				}
				return n, err
			})
		}
		var errOut bytes.Buffer
		args := append([]string{"urix", "-j", j}, names...)
		code := run(args, strings.NewReader(""), out, &errOut)
		testHookInput = nil
		if code != 2 || strings.Count(errOut.String(), "\n") != 1 || !strings.Contains(errOut.String(), "broken pipe") {
			t.Errorf("-j%s: status %d, stderr %q; want 2 and one message", j, code, errOut.String())
		}
		// At most what each had buffered: 64 KiB, and the delimit
		// scanner's window.
		if n, limit := after.Load(), int64(len(names))*128<<10; n > limit {
			t.Errorf("-j%s: read %d bytes after the output failed, want at most %d", j, n, limit)
		}
	}
}

// readerFunc is a function as an io.Reader.
type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(b []byte) (int, error) { return f(b) }

// TestParallelMixedDocuments scans the sample documents of every type
// many times over with -j4 as with -j1, the same output: under -race, it
// checks that the goroutines share nothing unguarded.
func TestParallelMixedDocuments(t *testing.T) {
	var names []string
	for range 4 {
		for _, f := range []string{"sample.txt", "sample.html", "sample.eml", "sample.mbox", "sample.docx", "sample.pdf", "sample.odt", "sample.epub", "saved.html"} {
			names = append(names, filepath.Join(repoRoot, "testdata", f))
		}
	}
	var want string
	for _, j := range []string{"1", "4"} {
		var out, errOut bytes.Buffer
		args := append([]string{"urix", "-j", j, "-n", "--json"}, names...)
		code := run(args, strings.NewReader(""), &out, &errOut)
		got := fmt.Sprintf("status %d\n%s--- stderr\n%s", code, out.String(), errOut.String())
		if j == "1" {
			want = got
			// sample.mbox has a message with a broken header, read
			// on as its body: a warning each time, status 0.
			if code != 0 || strings.Count(got, "\n") < 100 || strings.Count(errOut.String(), "urix: warning: ") != 4 {
				t.Fatalf("-j1: %.1000s", got)
			}
		} else if got != want {
			t.Errorf("-j%s: output differs from -j1", j)
		}
	}
}

// writeTree makes the files of tree (name: content) under the new
// directory dir.
func writeTree(t *testing.T, dir string, tree map[string]string) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, content := range tree {
		fsys[name] = &fstest.MapFile{Data: []byte(content), Mode: 0o644}
	}
	if err := os.CopyFS(dir, fsys); err != nil {
		t.Fatal(err)
	}
}
