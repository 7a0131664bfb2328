package delimit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpus returns the RFC corpus beside the repository (../../shared from
// here), or the sample in testdata when it is absent.
func corpus(b *testing.B) []byte {
	files, _ := filepath.Glob("../../shared/corpora/rfc/*.txt")
	if len(files) == 0 {
		files = []string{"testdata/rfc1738.txt"}
	}
	var all []byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, data...)
	}
	return all
}

func benchScan(b *testing.B, in []byte, opts Options) {
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		s := NewScanner(bytes.NewReader(in), opts)
		for s.Scan() {
			n++
		}
	}
	if n == 0 && len(in) > 0 && bytes.Contains(in, []byte("://example")) {
		b.Fatal("no matches")
	}
}

// BenchmarkRFCCorpus scans real text; compare its MB/s with
// BenchmarkColonBaseline, a loop that only counts ':' over the same bytes:
// scan with reader, all-in-memory with in-memory.
func BenchmarkRFCCorpus(b *testing.B) {
	in := corpus(b)
	b.Run("scan", func(b *testing.B) { benchScan(b, in, Options{}) })
	b.Run("scan-all-options", func(b *testing.B) { benchScan(b, in, Options{Abbreviated: true, Relative: true}) })
	b.Run("all-in-memory", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			for range All(in, Options{}) {
			}
		}
	})
}

// BenchmarkColonBaseline counts ':' with bytes.IndexByte over the corpus,
// as the speed goal's yardstick: in memory (beside all-in-memory), and
// read through a bytes.Reader in 64 KiB steps (beside scan, which pays
// for that copy too).
func BenchmarkColonBaseline(b *testing.B) {
	in := corpus(b)
	b.Run("in-memory", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			n += countColons(in)
		}
		if n == 0 {
			b.Fatal("no ':'")
		}
	})
	b.Run("reader", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		buf := make([]byte, minWindow)
		n := 0
		for b.Loop() {
			r := bytes.NewReader(in)
			for {
				k, err := r.Read(buf)
				n += countColons(buf[:k])
				if err != nil {
					break
				}
			}
		}
		if n == 0 {
			b.Fatal("no ':'")
		}
	})
}

func countColons(in []byte) int {
	n := 0
	for rest := in; ; {
		i := bytes.IndexByte(rest, ':')
		if i < 0 {
			return n
		}
		n++
		rest = rest[i+1:]
	}
}

// BenchmarkHostile shows linear time: each input at 1 MB and 10 MB, with
// the default options (the colon search alone) and with all; the 10 MB run
// should take about 10 times as long as the 1 MB run. Wall time per byte
// grows with the input's size by itself (a loop that only reads the bytes
// shows it too): the instructions that valgrind --tool=callgrind counts
// for one op are the steadier check.
func BenchmarkHostile(b *testing.B) {
	inputs := []struct{ name, unit string }{
		{"lt", "<"},
		{"paren", "("},
		{"http", "http://"},
		{"a-colon", "a:"},
		{"quote", "\""},
		{"angle-uri", "<http://a.example/"},
		{"mailto", "mailto:"},
		{"xml", "<x:y>"},
		{"hyphen-break", "http://a.example/-\n"},
		{"one-line", "a"},
		{"newline", "\n"},
		{"iri", "http://ü.example/ä"},
		{"square", "http://a.example/["},
		{"brace", "http://a.example/{"},
		{"emphasis", "_http://a.example/b_c"},
		{"apostrophe", "'http://a.example/a'b"},
		{"angle-iri", "<ü"},
		{"quote-iri", "\"http:ü"},
		{"www2", "www2."},
		{"label", "http://a.example/x["},
		{"template", "http://a.example/${"},
		{"comment-break", "// http://a.example/a-\n"},
	}
	options := []struct {
		name string
		opts Options
	}{
		{"default", Options{}},
		{"all", Options{Abbreviated: true, Relative: true, AnyScheme: true}},
	}
	for _, in := range inputs {
		for _, size := range []int{1 << 20, 10 << 20} {
			data := []byte(strings.Repeat(in.unit, size/len(in.unit)))
			for _, o := range options {
				b.Run(in.name+"/"+map[int]string{1 << 20: "1MB", 10 << 20: "10MB"}[size]+"/"+o.name, func(b *testing.B) {
					benchScan(b, data, o.opts)
				})
			}
		}
	}
}
