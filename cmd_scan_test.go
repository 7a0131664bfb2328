package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzScan runs the whole scan on arbitrary input of each type: it must not
// panic, must exit 0, 1 or 2, and its plain output must hold no control
// character but the newlines that end records.
func FuzzScan(f *testing.F) {
	for _, name := range []string{"sample.txt", "sample.eml", "sample.html"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
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
			if r != '\n' && r != '\t' && (r < 0x20 || r == 0x7f || unsafeRune(r)) {
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
			if r != '\n' && (r < 0x20 || r == 0x7f || unsafeRune(r)) {
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
