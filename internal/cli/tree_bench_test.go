package cli

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
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
