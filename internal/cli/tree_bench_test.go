package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"
)

// corpusSpamAssassin is the tree of 6,294 messages, one a file, in the
// shared corpora; the benchmarks that use it skip without it.
const corpusSpamAssassin = "/work/shared/corpora/email/spamassassin"

// BenchmarkTree scans the SpamAssassin and HTML trees with -j1 and -j2:
// their ratio is what the second core gives (run on an idle machine).
func BenchmarkTree(b *testing.B) {
	for _, dir := range []string{corpusSpamAssassin, filepath.Join(filepath.Dir(filepath.Dir(corpusSpamAssassin)), "html")} {
		if _, err := os.Stat(dir); err != nil {
			b.Skip("no corpus:", err)
		}
		for _, j := range []int{1, 2} {
			b.Run(filepath.Base(dir)+"/j"+strconv.Itoa(j), func(b *testing.B) {
				if j > runtime.GOMAXPROCS(0) {
					b.Skip("fewer procs than -j")
				}
				for b.Loop() {
					run([]string{"urix", "-j", strconv.Itoa(j), "-r", dir}, nil, io.Discard, io.Discard)
				}
			})
		}
	}
}

// BenchmarkMailTree runs "urix -c" on the SpamAssassin messages two ways,
// as the command meets them: the tree of 6,294 files (-r -j1) and the same
// messages written as one mbox file. The ratio of their times is what a
// file costs beyond its bytes.
func BenchmarkMailTree(b *testing.B) {
	if _, err := os.Stat(corpusSpamAssassin); err != nil {
		b.Skip("no corpus:", err)
	}
	mbox := filepath.Join(b.TempDir(), "sa.mbox")
	size := writeMbox(b, corpusSpamAssassin, mbox)
	for _, c := range []struct{ name, arg, r string }{{"tree", corpusSpamAssassin, "-r"}, {"mbox", mbox, "--no-filename"}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				run([]string{"urix", "-c", "-j1", c.r, c.arg}, nil, io.Discard, io.Discard)
			}
		})
	}
}

// writeMbox writes the files of the tree dir to name as one mbox (mboxrd:
// each file after a "From " line of its own, unless it starts with one,
// and each line that starts with ">*From " escaped with one more ">"),
// and returns the size of the files.
func writeMbox(b *testing.B, dir, name string) int64 {
	files, err := filepath.Glob(filepath.Join(dir, "*", "*"))
	if err != nil {
		b.Fatal(err)
	}
	slices.Sort(files)
	var mbox bytes.Buffer
	var size int64
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		size += int64(len(data))
		if !bytes.HasPrefix(data, []byte("From ")) {
			mbox.WriteString("From corpus@localhost Thu Jan  1 00:00:00 1970\n")
		} else {
			i := bytes.IndexByte(data, '\n') + 1
			mbox.Write(data[:i])
			data = data[i:]
		}
		for line := range bytes.Lines(data) {
			if bytes.HasPrefix(bytes.TrimLeft(line, ">"), []byte("From ")) {
				mbox.WriteByte('>')
			}
			mbox.Write(line)
		}
		if !bytes.HasSuffix(data, []byte("\n")) {
			mbox.WriteByte('\n')
		}
		mbox.WriteByte('\n')
	}
	if err := os.WriteFile(name, mbox.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return size
}
