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
)

// FuzzScan runs the whole scan on arbitrary input of each type: it must not
// panic, must exit 0, 1 or 2, and its plain output must hold no control
// character but the newlines that end records.
func FuzzScan(f *testing.F) {
	for _, name := range []string{"sample.txt", "sample.eml", "sample.html"} {
		b, err := os.ReadFile(filepath.Join(repoRoot, "testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(0))
	}
	f.Add([]byte("<a href=\"http://a/\x1b[31m\">x</a>"), uint8(2))
	types := []string{"auto", "text", "html", "mail", "mbox"}
	f.Fuzz(func(t *testing.T, input []byte, typ uint8) {
		var out, errs bytes.Buffer
		args := []string{"urix", "--keep", "--warnings", "--type", types[int(typ)%len(types)], "-"}
		status := run(args, bytes.NewReader(input), &out, &errs)
		if status < 0 || status > 2 {
			t.Fatalf("%v: status %d", args, status)
		}
		for _, r := range out.String() {
			if r != '\n' && r != '\t' && (r < 0x20 || r == 0x7f || format.Unsafe(r)) {
				t.Fatalf("%v on %q: output holds %U:\n%s", args, input, r, out.String())
			}
		}
		if !utf8.Valid(out.Bytes()) {
			t.Fatalf("%v on %q: output is not UTF-8", args, input)
		}
		// JSON: the same, and each line an object.
		out.Reset()
		args[1] = "--json"
		run(args, bytes.NewReader(input), &out, &errs)
		for _, r := range out.String() {
			if r != '\n' && (r < 0x20 || r == 0x7f || format.Unsafe(r)) {
				t.Fatalf("%v on %q: output holds %U:\n%s", args, input, r, out.String())
			}
		}
		for line := range bytes.Lines(out.Bytes()) {
			if !json.Valid(line) {
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
