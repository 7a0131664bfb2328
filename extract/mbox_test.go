package extract

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
)

// TestMboxReader checks how an mbox is split into messages (RFC 4155,
// mboxo/mboxrd): where a message starts, what "From " lines are
// separators, the unescaping of ">From ", the offsets.
func TestMboxReader(t *testing.T) {
	const from1 = "From a@example.org Thu Aug 22 12:36:23 2002\n"
	const from2 = "From MAILER-DAEMON Fri Jul  8 12:08:34 2011\n"
	tests := []struct {
		name string
		in   string
		want []string // the messages
		offs []int64
	}{
		{"empty", "", nil, nil},
		{"blank lines only", "\n\n", nil, nil},
		{"one", from1 + "Subject: x\n\nbody\n", []string{"Subject: x\n\nbody\n"}, []int64{44}},
		{"two", from1 + "A: 1\n\nb\n\n" + from2 + "A: 2\n\nc\n",
			[]string{"A: 1\n\nb\n\n", "A: 2\n\nc\n"}, []int64{44, 53 + 44}},
		{"no From line at the start", "A: 1\n\nb\n" + from2 + "A: 2\n",
			[]string{"A: 1\n\nb\n", "A: 2\n"}, []int64{0, 8 + 44}},
		{"blank lines before the first From", "\n\n" + from1 + "A: 1\n",
			[]string{"A: 1\n"}, []int64{46}},
		{"first From line without a date", "From someone\nA: 1\n", []string{"A: 1\n"}, []int64{13}},
		// A "From " line that has no date is body text: a writer that
		// did not escape it, or a concatenation of files.
		{"unescaped From in a body", from1 + "A: 1\n\nFrom here on, all is well.\n\nFrom me\n",
			[]string{"A: 1\n\nFrom here on, all is well.\n\nFrom me\n"}, []int64{44}},
		{"separator without a blank line before", from1 + "A: 1\n\nb\n" + from2 + "A: 2\n",
			[]string{"A: 1\n\nb\n", "A: 2\n"}, []int64{44, 52 + 44}},
		{"mboxrd unescaping", from1 + "A: 1\n\n>From x\n>>From y\n> From z\n>Fromage\n",
			[]string{"A: 1\n\nFrom x\n>From y\n> From z\n>Fromage\n"}, []int64{44}},
		{"empty messages are counted", from1 + from2 + from1,
			[]string{"", "", ""}, []int64{44, 88, 132}},
		{"From line last, without line break", from1 + "A: 1\n" + strings.TrimSuffix(from2, "\n"),
			[]string{"A: 1\n", ""}, []int64{44, 92}},
		{"CRLF", strings.ReplaceAll(from1+"A: 1\n\nb\n"+from2+"A: 2\n", "\n", "\r\n"),
			[]string{"A: 1\r\n\r\nb\r\n", "A: 2\r\n"}, []int64{45, 45 + 11 + 45}},
	}
	for _, tt := range tests {
		mr := newMboxReader(strings.NewReader(tt.in))
		var got []string
		var offs []int64
		for mr.next() {
			if mr.index != len(got)+1 {
				t.Errorf("%s: message %d has index %d", tt.name, len(got)+1, mr.index)
			}
			got = append(got, string(mr.msg))
			offs = append(offs, mr.off)
		}
		if mr.err != nil {
			t.Errorf("%s: error %v", tt.name, mr.err)
		}
		if !slices.Equal(got, tt.want) || !slices.Equal(offs, tt.offs) {
			t.Errorf("%s: messages\n got %q at %v\nwant %q at %v", tt.name, got, offs, tt.want, tt.offs)
		}
	}
}

// TestMboxReaderLongLines checks lines longer than the read buffer: they
// are kept whole, and a "From " at the start of their continuation is not
// a separator.
func TestMboxReaderLongLines(t *testing.T) {
	long := strings.Repeat("x", 100<<10)
	in := "From a@b Thu Aug 22 12:36:23 2002\nA: 1\n\n" + long + "From b@c Thu Aug 22 12:36:23 2002 " + long + "\n" +
		"From a@b Thu Aug 22 12:36:23 2002\nA: 2\n"
	mr := newMboxReader(strings.NewReader(in))
	var got []int
	for mr.next() {
		got = append(got, len(mr.msg))
	}
	want := []int{6 + len(long) + 34 + len(long) + 1, 5}
	if !slices.Equal(got, want) {
		t.Errorf("message sizes: got %v, want %v", got, want)
	}
}

// TestMboxTooLarge checks that a message over MaxMessageSize is reported
// and skipped, and that the next one is read.
func TestMboxTooLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 32 MiB message")
	}
	var in bytes.Buffer
	in.WriteString("From a@b Thu Aug 22 12:36:23 2002\nA: 1\n\n")
	line := strings.Repeat("y", 1023) + "\n"
	for int64(in.Len()) < MaxMessageSize+4096 {
		in.WriteString(line)
	}
	in.WriteString("From a@b Thu Aug 22 12:36:23 2002\nList-Help: <http://example.org/help>\n\n")
	var links []Link
	var errs []error
	for l, err := range Links(&in, Options{Type: Mbox}) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		links = append(links, l)
	}
	if len(errs) != 1 || !errors.Is(errs[0], ErrMessageTooLarge) {
		t.Fatalf("errors: got %v, want one ErrMessageTooLarge", errs)
	}
	var e *Error
	if errors.As(errs[0], &e); e.Message != 1 || e.Offset != 34 {
		t.Errorf("error at message %d offset %d, want message 1 offset 34", e.Message, e.Offset)
	}
	if len(links) != 1 || links[0].Message != 2 || links[0].URI != "http://example.org/help" {
		t.Errorf("links after the large message: got %+v, want the List-Help of message 2", links)
	}
}

// sharedDir returns ../../shared/<rel> or skips the test when it is absent.
func sharedDir(tb testing.TB, rel string) string {
	tb.Helper()
	dir := filepath.Join("..", "..", "shared", rel)
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("%s not present: %v", dir, err)
	}
	return dir
}

// spamAssassinMbox returns the SpamAssassin corpus written as an mboxrd
// (each message after a "From " line, body lines starting with "From "
// escaped), and the number of messages in it.
func spamAssassinMbox(tb testing.TB) ([]byte, int) {
	tb.Helper()
	dir := sharedDir(tb, "corpora/email/spamassassin")
	files, err := filepath.Glob(filepath.Join(dir, "*", "*"))
	if err != nil {
		tb.Fatal(err)
	}
	slices.Sort(files)
	var mbox bytes.Buffer
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte("From ")) {
			mbox.WriteString("From corpus@localhost Thu Jan  1 00:00:00 1970\n")
		} else {
			i := bytes.IndexByte(b, '\n') + 1
			mbox.Write(b[:i])
			b = b[i:]
		}
		for line := range bytes.Lines(b) {
			if _, ok := unescapeFrom(append([]byte(">"), line...)); ok {
				mbox.WriteByte('>')
			}
			mbox.Write(line)
		}
		if !bytes.HasSuffix(b, []byte("\n")) {
			mbox.WriteByte('\n')
		}
		mbox.WriteByte('\n')
	}
	return mbox.Bytes(), len(files)
}

// TestSpamAssassinCorpus scans the 6,294 messages of the SpamAssassin
// corpus as one mbox: every message must be found, none may end the scan,
// and each one's links and errors must carry its index.
func TestSpamAssassinCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus scan")
	}
	mbox, n := spamAssassinMbox(t)
	if n != 6294 {
		t.Errorf("corpus has %d files, want 6294", n)
	}
	checkMboxCorpus(t, "spamassassin", mbox, n)

	// The files as they are, concatenated: 791 of them have no "From "
	// line, so they continue the message before; the others each start
	// one.
	dir := sharedDir(t, "corpora/email/spamassassin")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	slices.Sort(files)
	var cat bytes.Buffer
	withFrom := 0
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if bytes.HasPrefix(b, []byte("From ")) || cat.Len() == 0 {
			withFrom++
		}
		cat.Write(b)
	}
	checkMboxCorpus(t, "spamassassin concatenated", cat.Bytes(), withFrom)
}

// TestPhishingCorpus scans Jose Nazario's phishing mbox (415 messages).
func TestPhishingCorpus(t *testing.T) {
	dir := sharedDir(t, "corpora/email/nazario-phishing")
	b, err := os.ReadFile(filepath.Join(dir, "phishing0.mbox"))
	if err != nil {
		t.Fatal(err)
	}
	checkMboxCorpus(t, "phishing0.mbox", b, 415)
}

// checkMboxCorpus checks that mbox splits into n messages, and that
// scanning it yields links and errors of those messages only, in order.
func checkMboxCorpus(t *testing.T, name string, mbox []byte, n int) {
	t.Helper()
	mr := newMboxReader(bytes.NewReader(mbox))
	count := 0
	for mr.next() {
		count++
		if mr.tooBig {
			t.Errorf("%s: message %d too large", name, mr.index)
		}
	}
	if count != n || mr.err != nil {
		t.Errorf("%s: %d messages (error %v), want %d", name, count, mr.err, n)
	}
	last, links, errs := 0, 0, 0
	for l, err := range Links(bytes.NewReader(mbox), Options{Type: Mbox, Name: name}) {
		m := l.Message
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%s: error %v is not an *Error", name, err)
			}
			if errors.Is(err, io.ErrUnexpectedEOF) || e.Message == 0 {
				t.Errorf("%s: %v", name, err)
			}
			m = e.Message
			errs++
		} else {
			links++
		}
		if m < last || m > n {
			t.Fatalf("%s: link or error of message %d after message %d (of %d)", name, m, last, n)
		}
		last = m
	}
	t.Logf("%s: %d messages, %d links, %d errors", name, n, links, errs)
}

// BenchmarkMboxSplit splits the SpamAssassin mbox into its messages,
// the part of BenchmarkMbox that is mbox reading alone.
func BenchmarkMboxSplit(b *testing.B) {
	mbox, n := spamAssassinMbox(b)
	b.SetBytes(int64(len(mbox)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		mr := newMboxReader(bytes.NewReader(mbox))
		count := 0
		for mr.next() {
			count++
		}
		if count != n {
			b.Fatalf("%d messages, want %d", count, n)
		}
	}
}

// BenchmarkMbox scans the SpamAssassin corpus written as one mbox file, as
// `urix -c` does: with its options, the file read through a 64 KiB
// bufio.Reader, its type detected, with no more live heap than the scan's
// own (the mbox is not held in memory, which would keep the GC idle). It
// reports, besides the speed, the peak heap of the scan (sampled every
// 1000 links) and the allocations per link. BenchmarkMboxFloor reads the
// same file.
func BenchmarkMbox(b *testing.B) {
	name, size := spamAssassinMboxFile(b)
	b.SetBytes(size)
	b.ReportAllocs()
	// The heap is sampled through runtime/metrics: runtime.ReadMemStats
	// stops the world, and its 80 calls a scan were 2 % of the CPU the
	// benchmark measured, which the command does not spend.
	heap := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/allocs:objects"}, {Name: "/gc/heap/tiny/allocs:objects"}}
	runtime.GC()
	metrics.Read(heap)
	baseline, mallocs := heap[0].Value.Uint64(), heap[1].Value.Uint64()+heap[2].Value.Uint64()
	peak := baseline
	links := 0
	br := bufio.NewReaderSize(nil, 64<<10)
	cpu0 := processCPU()
	for b.Loop() {
		f, err := os.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		br.Reset(f)
		n := 0
		for range Links(SizedReader(br, size), mboxCountOptions(name)) {
			if n++; n%1000 == 0 {
				metrics.Read(heap[:1])
				peak = max(peak, heap[0].Value.Uint64())
			}
		}
		f.Close()
		links += n
	}
	reportCPUSpeed(b, int(size), processCPU()-cpu0)
	metrics.Read(heap)
	b.ReportMetric(float64(peak-baseline)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(heap[1].Value.Uint64()+heap[2].Value.Uint64()-mallocs)/float64(max(links, 1)), "allocs/link")
}

// mboxCountOptions are the options `urix -c` passes for the file name
// (internal/cli's extractOptions, without its flags).
func mboxCountOptions(name string) Options {
	return Options{Name: name, NoEmptyRefs: true, NoText: true, NoPositions: true}
}

// BenchmarkMboxFloor reads the file of BenchmarkMbox as it does and looks
// for each colon with bytes.IndexByte, the first step of finding a URI:
// the floor BenchmarkMbox is measured against.
func BenchmarkMboxFloor(b *testing.B) {
	name, size := spamAssassinMboxFile(b)
	b.SetBytes(size)
	br := bufio.NewReaderSize(nil, 64<<10)
	buf := make([]byte, 64<<10)
	cpu0 := processCPU()
	for b.Loop() {
		f, err := os.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		br.Reset(f)
		colons := 0
		for {
			n, err := br.Read(buf)
			for p := buf[:n]; ; colons++ {
				i := bytes.IndexByte(p, ':')
				if i < 0 {
					break
				}
				p = p[i+1:]
			}
			if err != nil {
				break
			}
		}
		f.Close()
		if colons == 0 {
			b.Fatal("no colon")
		}
	}
	reportCPUSpeed(b, int(size), processCPU()-cpu0)
}

// spamAssassinMboxFile writes spamAssassinMbox to a file of the
// benchmark's and returns its name and size.
func spamAssassinMboxFile(b *testing.B) (string, int64) {
	mbox, _ := spamAssassinMbox(b)
	name := filepath.Join(b.TempDir(), "sa.mbox")
	if err := os.WriteFile(name, mbox, 0o644); err != nil {
		b.Fatal(err)
	}
	return name, int64(len(mbox))
}

// repeatReader reads s n times, without holding more than s.
type repeatReader struct {
	s   string
	n   int
	pos int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, r.s[r.pos:])
	if r.pos += k; r.pos == len(r.s) {
		r.pos, r.n = 0, r.n-1
	}
	return k, nil
}

// TestMboxMemoryFlat checks that the memory an mbox scan holds does not
// grow with the number of messages: the live heap, sampled after a
// collection while the links of n and 8n messages read from a stream are
// found, stays the same within generous bounds.
func TestMboxMemoryFlat(t *testing.T) {
	const msg = "From a@example.org Thu Aug 22 12:36:23 2002\n" +
		"List-Help: <http://lists.example.org/help>\nX-Url: http://x.example.org/\n" +
		"Content-Type: multipart/alternative; boundary=b\n\n--b\n" +
		"Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"caf=E9 http://example.org/text/a=3Db and http://example.org/=\nsplit\n" +
		"--b\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n" +
		"PGEgaHJlZj0iaHR0cDovL2V4YW1wbGUub3JnL2h0bWwiPmxpbms8L2E+Cg==\n--b--\n"
	peaks := map[int]uint64{}
	for _, n := range []int{500, 4000} {
		var before, now runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		links := 0
		for _, err := range Links(&repeatReader{s: msg, n: n}, Options{Type: Mbox}) {
			if err != nil {
				t.Fatal(err)
			}
			if links++; links%1000 == 1 {
				runtime.GC()
				runtime.ReadMemStats(&now)
				peaks[n] = max(peaks[n], now.HeapAlloc-min(now.HeapAlloc, before.HeapAlloc))
			}
		}
		if links != 5*n {
			t.Errorf("%d messages: %d links, want %d", n, links, 5*n)
		}
	}
	if peaks[4000] > 2*peaks[500]+256<<10 {
		t.Errorf("live heap: %d bytes for 500 messages, %d for 4000", peaks[500], peaks[4000])
	}
	t.Logf("live heap: %d bytes for 500 messages, %d for 4000", peaks[500], peaks[4000])
}
