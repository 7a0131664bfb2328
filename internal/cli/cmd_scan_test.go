package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urix/urix/extract/format"
	"github.com/urix/urix/internal/fuzzlimit"
)

// scanSeeds are the seeds of FuzzScan, one or more of each type, each
// a few lines: the fuzzer minimizes each input that finds new code, in
// runs quadratic in its bytes (see fuzzlimit), and from the 1.5 KB test
// files (testdata/sample.*) that took all of -fuzzminimizetime, so that
// a 10 s run made 8 executions. Each holds what made those worth seeding
// with: links wrapped, in <URL:...>, in angle brackets and quotes, a base,
// srcset, CSS, a MIME multipart with quoted-printable, a control
// character.
var scanSeeds = []struct {
	in  string
	typ uint8 // index in scanTypes
}{
	{"The spec: <URL:https://www.rfc-editor.org/rfc/\n rfc3986.html#appendix-C> or \"http://a.example/b\",\nbare http://[2001:db8::7]/c?d at the end. www.example.org/start\n> quoted http://l.example/2026-\n> November/1.html\n", 0},
	{"<BASE HREF=\"https://d.example/g/v2/i.html\"><style>p { background: url('img/p.png') }</style>\n<a href=\"../x\">x</a> <img srcset=\"a-1x.png 1x, a-2x.png 2x\"> see https://w.example/TR/ here\n", 0},
	{"From: \"N\" <n@example.com>\nList-Unsubscribe: <mailto:u@example.com?subject=u>,\n <https://example.com/u?u=1>\nContent-Type: multipart/alternative; boundary=\"b\"\n\n--b\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: quoted-printable\n\nat https://example.com/n?s=3Dm&m=\n=3Dd\n--b\nContent-Type: text/html\n\n<a href=\"/h\">h</a>\n--b--\n", 0},
	{"<a href=\"http://a/\x1b[31m\">x</a>", 2},
}

// scanTypes are the --type values FuzzScan runs with, by typ.
var scanTypes = []string{"auto", "text", "html", "mail", "mbox"}

// maxFuzzScan bounds the inputs FuzzScan scans, as maxFuzzDoc does in
// extract: the minimizing of a larger one takes all of a worker's time.
const maxFuzzScan = 4 << 10

// FuzzScan runs the whole scan on arbitrary input of each type, with
// plain or JSON output (the top bit of typ: one run of the command a
// call, not two): it must not panic, must exit 0, 1 or 2, and its output
// must hold no control character but the newlines that end records (and
// tabs in plain output), each JSON line an object.
func FuzzScan(f *testing.F) {
	for _, s := range scanSeeds {
		f.Add([]byte(s.in), s.typ)
		f.Add([]byte(s.in), s.typ|0x80)
	}
	fuzzlimit.Minimize()
	f.Fuzz(func(t *testing.T, input []byte, typ uint8) {
		if len(input) > maxFuzzScan {
			return
		}
		var out, errs bytes.Buffer
		outFlag := "--keep"
		if typ&0x80 != 0 {
			outFlag = "--json"
		}
		args := []string{"urix", outFlag, "--warnings", "--type", scanTypes[int(typ&0x7f)%len(scanTypes)], "-"}
		status := run(args, bytes.NewReader(input), &out, &errs)
		if status < 0 || status > 2 {
			t.Fatalf("%v: status %d", args, status)
		}
		for _, r := range out.String() {
			if r != '\n' && (r != '\t' || outFlag == "--json") && (r < 0x20 || r == 0x7f || format.Unsafe(r)) {
				t.Fatalf("%v on %q: output holds %U:\n%s", args, input, r, out.String())
			}
		}
		if !utf8.Valid(out.Bytes()) {
			t.Fatalf("%v on %q: output is not UTF-8", args, input)
		}
		for line := range bytes.Lines(out.Bytes()) {
			if outFlag == "--json" && !json.Valid(line) {
				t.Fatalf("%v on %q: invalid JSON line %q", args, input, line)
			}
		}
	})
}

// TestExitSpamAssassinMbox: the SpamAssassin spam of ../shared as one
// mbox, as issue 28 read it. Two of its messages have a boundary that
// never comes, and every byte of them is read as text: two warnings,
// status 0; --strict makes them errors, status 2, with the same count.
func TestExitSpamAssassinMbox(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(repoRoot, "..", "shared", "corpora", "email", "spamassassin", "spam*", "*"))
	if len(files) < 1000 {
		t.Skip("no SpamAssassin corpus at ../shared/corpora")
	}
	var mbox bytes.Buffer
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte("From ")) {
			mbox.WriteString("From corpus@example.org Thu Sep 26 11:11:54 2002\n")
		}
		mbox.Write(b)
		mbox.WriteString("\n")
	}
	name := filepath.Join(t.TempDir(), "spam.mbox")
	if err := os.WriteFile(name, mbox.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	count := func(strict bool) (int, string, string) {
		args := []string{"urix", "-c", "--no-progress", name}
		if strict {
			args = append(args, "--strict")
		}
		var out, errs bytes.Buffer
		status := run(args, nil, &out, &errs)
		return status, out.String(), errs.String()
	}
	status, n, msgs := count(false)
	lines := strings.Split(strings.TrimSuffix(msgs, "\n"), "\n")
	if status != exitOK || len(lines) != 2 {
		t.Fatalf("status %d, messages %q; want 0 and two warnings", status, msgs)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "urix: warning: ") || !strings.Contains(l, "not found; body read as text") {
			t.Errorf("message %q, want a warning about a boundary not found", l)
		}
	}
	status, strictN, msgs := count(true)
	if status != exitError || strictN != n || strings.Count(msgs, "urix: warning") != 0 {
		t.Errorf("--strict: status %d, count %q (%q without), messages %q; want 2, the same count, errors", status, strictN, n, msgs)
	}
}

// TestScanSeeds checks that the seeds of FuzzScan are small and, but the
// one that is there for its control character, each gives links: inputs
// the fuzzer starts from reach the scanners, and minimizing what it finds
// from them ends in seconds.
func TestScanSeeds(t *testing.T) {
	for i, s := range scanSeeds {
		if len(s.in) > 512 {
			t.Errorf("seed %d: %d bytes, want 512 at most", i, len(s.in))
		}
		var out, errs bytes.Buffer
		run([]string{"urix", "--type", scanTypes[s.typ], "-"}, strings.NewReader(s.in), &out, &errs)
		if n := bytes.Count(out.Bytes(), []byte("\n")); n < 3 && !strings.Contains(s.in, "\x1b") {
			t.Errorf("seed %d: %d links, want 3 or more:\n%s%s", i, n, out.String(), errs.String())
		}
	}
}
